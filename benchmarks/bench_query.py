"""How long a role+name query takes once a document's tree is built.

    python3 benchmarks/bench_query.py [--products N] [--repeat R]

Builds a generated product listing of about 5,000 accessibility nodes, then
times ``Document.query_by_role`` (and ``find_all_by_role`` with a regex) against
a peer measured in the same run: a plain linear scan of the CDP node list
(``get_full_ax_tree()["nodes"]``), which is what a test without the index would
do.  The budget is 1 ms a query; the script exits 1 when a query exceeds it.
This is a benchmark, not a unit test: timings depend on the machine.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from axsynth import Document  # noqa: E402

BUDGET_SECONDS = 0.001


def listing_html(products: int) -> str:
    cards = "".join(
        f"<article aria-label='Product {i}'><h2>Product {i}</h2>"
        f"<p>Hand-made item number {i}, <b>${i % 97}.99</b></p>"
        f"<a href='/p/{i}'>Details for product {i}</a>"
        f"<label><input type='checkbox'> Compare {i}</label>"
        f"<button>Add product {i} to cart</button></article>"
        for i in range(products)
    )
    return f"<!DOCTYPE html><html><head><title>Shop</title></head><body><main>{cards}</main></body></html>"


def per_call(function: Callable[[], object], repeat: int) -> float:
    function()  # warm up
    start = time.perf_counter()
    for _ in range(repeat):
        function()
    return (time.perf_counter() - start) / repeat


def linear_scan(nodes: list[dict], role: str, name: str) -> list[dict]:
    return [
        n for n in nodes if not n["ignored"] and n["role"]["value"] == role and n.get("name", {}).get("value") == name
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--products", type=int, default=385, help="product cards (385 give about 5,000 nodes)")
    parser.add_argument("--repeat", type=int, default=2000, help="queries timed per case")
    args = parser.parse_args()

    start = time.perf_counter()
    doc = Document.from_html(listing_html(args.products), "https://shop.example/")
    nodes = doc.get_full_ax_tree()["nodes"]
    doc.find_all_by_role("main")  # builds the role index
    print(f"document: {len(nodes)} AX nodes, tree + index built in {time.perf_counter() - start:.2f} s")

    middle = args.products // 2
    cases = [
        ("button", f"Add product {middle} to cart"),
        ("link", f"Details for product {middle}"),
        ("checkbox", f"Compare {middle}"),
        ("StaticText", f"Product {middle}"),
    ]
    over_budget = False
    print(f"{'query':<48} {'index':>10} {'linear scan':>12} {'ratio':>8}")
    for role, name in cases:
        indexed = per_call(lambda role=role, name=name: doc.query_by_role(role, name), args.repeat)
        scanned = per_call(lambda role=role, name=name: linear_scan(nodes, role, name), max(args.repeat // 10, 20))
        over_budget |= indexed > BUDGET_SECONDS
        print(
            f"query_by_role({role!r}, {name!r})"[:48].ljust(48),
            f"{indexed * 1e6:8.1f} µs {scanned * 1e6:9.1f} µs {scanned / indexed:7.0f}x",
        )
    pattern = re.compile(rf"^Add product {middle} ")
    regex_time = per_call(lambda: doc.find_all_by_role("button", pattern), args.repeat // 10)
    over_budget |= regex_time > BUDGET_SECONDS
    print(f"find_all_by_role('button', /{pattern.pattern}/)".ljust(48), f"{regex_time * 1e6:8.1f} µs  (scans the role)")
    print("within the 1 ms budget" if not over_budget else "OVER the 1 ms budget")
    return 1 if over_budget else 0


if __name__ == "__main__":
    sys.exit(main())
