#!/usr/bin/env python3
"""One selector against a whole page, as --scope, filters, locators' css= and the MCP tools ask:
axsynth's selector engine against cssselect2 (its reference, tools/cssselect2_reference.py),
each compiling the selector anew, then matching every element of the page. CPU seconds.

    python benchmarks/query_selectors.py [PAGE_OR_DIR ...] [--sample 20]

The pages default to a sample of the saved real pages (~/.cache/axsynth-realweb/pages).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import cssselect2  # noqa: E402
import cssselect2_reference  # noqa: E402
from worker_client import sample  # noqa: E402

from axsynth.html.parse import parse_html  # noqa: E402
from axsynth.style.selectors import compile_selector_list, select  # noqa: E402

SELECTORS = [
    "main",
    "#content",
    "form button[type=submit]",
    "nav ul > li:first-child a",
    "article p:not(.note)",
    "div:has(> h2) .title",
    "input:invalid, select:required",
    ":is(header, footer) a[href^='http']",
    "body > div div div div span",
    "li:nth-child(2n+1 of .item)",
]
CORPORA = Path.home() / ".cache" / "axsynth-realweb" / "pages"


def engine(top, selector: str) -> int:
    return sum(1 for _ in select([top], compile_selector_list(selector)))


def reference(top, selector: str) -> int:
    compiled = cssselect2_reference.compile_selector_list(selector)
    wrappers = cssselect2.ElementWrapper.from_html_root(top).iter_subtree()
    return sum(1 for w in wrappers if any(s.test(w) for s in compiled))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pages", nargs="*", type=Path)
    parser.add_argument("--sample", type=int, default=20)
    args = parser.parse_args()
    paths: list[Path] = []
    for item in args.pages or [CORPORA / "postlight", CORPORA / "trafilatura", CORPORA / "appui"]:
        found = [p for p in item.rglob("*.htm*") if p.is_file()] if item.is_dir() else [item]
        paths += sample(found, args.sample)
    totals = {"engine": 0.0, "cssselect2": 0.0}
    elements = 0
    for path in paths:
        top = parse_html(path.read_bytes(), path.as_uri()).document_element
        elements += sum(1 for _ in top.iter())
        for selector in SELECTORS:
            counts = []
            for name, run in (("engine", engine), ("cssselect2", reference)):
                start = time.process_time()
                counts.append(run(top, selector))
                totals[name] += time.process_time() - start
            assert counts[0] == counts[1], (path, selector, counts)
    queries = len(paths) * len(SELECTORS)
    print(
        f"{len(paths)} pages, {elements:,} elements, {queries} queries (each compiled anew, matched on every element)"
    )
    for name, seconds in totals.items():
        print(f"  {name:10} {seconds:7.3f} s CPU, {seconds / queries * 1000:6.2f} ms a query")
    print(f"  engine / cssselect2: {totals['engine'] / totals['cssselect2']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
