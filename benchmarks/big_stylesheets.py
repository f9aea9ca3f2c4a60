#!/usr/bin/env python3
"""Big stylesheets: time against the number of rules and of elements, first visits, builds side
by side and Chromium's fastest path, in one run (issue 29 items 2 and 4).

    python benchmarks/big_stylesheets.py [--rules 5000 10000 20000 50000] [--elements 500 2000 8000]
                                         [--tree LABEL=PATH ...] [--page PATH ...] [--no-chromium]
                                         [--json out.json]

Synthetic pages (written to a temporary directory, ours): a page of E elements (cards, lists,
links, buttons, forms) and a sheet of R rules in the mix of a site's CSS: class and id
selectors, descendant and child chains, attributes, :hover/:not()/:nth-child()/:is(),
::before. Each element's classes are drawn so that a few hundred rules match on any page,
whatever R: the cost should grow with elements x matching rules, not elements x all rules.
Also one page whose sheet is 1 MB (the issue's target: <= 0.5 s), and any saved ``--page``.

Each page is a first visit for every build (its sheet text is new to the worker process),
then one repeat; Chromium loads the same file: URL (benchmarks/cdp_client.py).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cdp_client import Chromium  # noqa: E402
from worker_client import WorkerClient  # noqa: E402

_DECLARATIONS = [
    "color: #333",
    "margin: 0 auto; padding: 4px 8px",
    "display: flex; align-items: center",
    "font-weight: 600",
    "border: 1px solid #ccc",
    "display: none",
    "visibility: hidden",
    'content: "\\2192"',
    "background: url(img/bg.png) no-repeat",
    "position: absolute; top: 0",
]


def rule(i: int, seed: random.Random) -> str:
    """One rule of the mix; ``i`` names it uniquely (so a sheet of R rules has R selectors)."""
    kind = i % 10
    declarations = seed.choice(_DECLARATIONS)
    selector = [
        f".c{i}",
        f".nav .item-{i} > a",
        f"#id{i}",
        f".card-{i}:hover span",
        f"[data-x{i}]",
        f"ul li:nth-child(2n+1) .t{i}",
        f".btn-{i}:not(.disabled)::before",
        f":is(.a{i}, .b{i}) p",
        f"main section .box-{i} h2 + p",
        f"input.f{i}[type=text]:focus",
    ][kind]
    if kind == 6:
        declarations = 'content: "x"'
    return f"{selector} {{ {declarations} }}\n"


def stylesheet(rules: int, seed: random.Random) -> str:
    base = "body { margin: 0 } .card { display: block } li > a { color: blue } .hidden { display: none }\n"
    return base + "".join(rule(i, seed) for i in range(rules))


def body(elements: int, rules: int, seed: random.Random) -> str:
    """``elements`` elements (about) whose classes hit ~300 distinct rules of a sheet of ``rules``."""
    hit = [seed.randrange(rules) for _ in range(300)]
    parts, count = [], 0
    while count < elements:
        i = seed.choice(hit)
        parts.append(
            f'<div class="card card-{i} c{i}"><h2>Title {count}</h2>'
            f'<p class="t{i}">Text <a href="#x{count}">link</a></p>'
            f'<ul class="nav"><li class="item-{i}"><a href="#">One</a></li><li class="b{i}"><p>Two</p></li></ul>'
            f'<button class="btn-{i}">Go</button><input class="f{i}" type=text aria-label="Field {count}"></div>'
        )
        count += 11
    return "".join(parts)


def page(elements: int, rules: int, seed: int) -> str:
    rng = random.Random(seed)
    css = stylesheet(rules, rng)
    return f"<!doctype html><title>{rules} rules</title><style>{css}</style><main>{body(elements, rules, rng)}</main>"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", type=int, nargs="*", default=[5_000, 10_000, 20_000, 50_000])
    parser.add_argument("--elements", type=int, nargs="*", default=[500, 2_000, 8_000])
    parser.add_argument("--tree", action="append", default=[], metavar="LABEL=PATH")
    parser.add_argument("--page", action="append", default=[], type=Path, help="a saved page to add")
    parser.add_argument("--no-chromium", action="store_true")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()

    trees = [WorkerClient(Path(path), label) for label, path in (t.split("=", 1) for t in args.tree)] or [
        WorkerClient(ROOT, "axsynth")
    ]
    chromium = None if args.no_chromium else Chromium()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        cases: list[tuple[str, Path]] = []
        seed = 0
        for rules in args.rules:
            for elements in args.elements:
                seed += 1
                path = Path(tmp) / f"r{rules}-e{elements}.html"
                path.write_text(page(elements, rules, seed))
                cases.append((f"{rules:,} rules x {elements:,} elements", path))
        one_mb = Path(tmp) / "one-mb.html"
        rules = 1
        while len(stylesheet(rules, random.Random(99))) < 1_000_000:
            rules *= 2
        while len(stylesheet(rules, random.Random(99))) > 1_050_000:
            rules = int(rules * 0.97)
        one_mb.write_text(page(2_000, rules, 99))
        cases.append((f"1 MB sheet ({rules:,} rules) x 2,000 elements", one_mb))
        cases += [(str(p.name), p) for p in args.page]
        try:
            for tree in trees:
                tree.ask(op="visit", path=str(ROOT / "examples" / "page.html"), url="file:///warm.html")
            if chromium:
                chromium.load_and_tree((ROOT / "examples" / "page.html").as_uri())
            for name, path in cases:
                row = {"case": name, "html_bytes": path.stat().st_size}
                for tree in trees:
                    first = tree.ask(op="visit", path=str(path), url=path.as_uri())
                    again = tree.ask(op="visit", path=str(path), url=path.as_uri())
                    row[tree.label] = {
                        "first": first["wall"],
                        "first_cpu": first["cpu"],
                        "repeat": again["wall"],
                        "repeat_cpu": again["cpu"],
                    }
                    row[tree.label]["sha1"] = first["sha1"]
                if chromium:
                    wall, _ = chromium.load_and_tree(path.as_uri())
                    row["chromium"] = wall
                rows.append(row)
                line = f"{name:44} {row['html_bytes'] / 1e6:5.2f}MB"
                for tree in trees:
                    r = row[tree.label]
                    line += (
                        f" | {tree.label} first {r['first']:.3f}s ({r['first_cpu']:.3f} cpu) repeat {r['repeat']:.3f}s"
                    )
                if chromium:
                    line += f" | chromium {row['chromium']:.3f}s"
                print(line, flush=True)
        finally:
            for tree in trees:
                tree.close()
            if chromium:
                chromium.close()
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
