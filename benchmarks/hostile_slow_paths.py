#!/usr/bin/env python3
"""The slow paths of issue 26, timed: deep pages (aria against cdp, the peer measured in
the same run) and hostile stylesheets.

    python benchmarks/hostile_slow_paths.py [--tree LABEL=CHECKOUT]... [--case NAME]... [--timeout S]

Each measure runs in a fresh process (first visit: nothing memoized, no warm caches) on
the checkout given (default: this one), and reports CPU seconds of loading the page
(parse, style) and of writing the format.  A case over --timeout is reported as such.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def deep_divs() -> str:
    """200,000 nested <div>s (2.2 MB): the parser caps the nesting at 512 levels, so the
    rest are siblings at the bottom (issue 26: aria 74 s, cdp 8.7 s)."""
    return "<div>" * 200_000 + "</div>" * 200_000


def deep_text() -> str:
    """The same with a word in each <div>: 200,000 text nodes on the deep path."""
    return "<div>x " * 200_000 + "</div>" * 200_000


def deep_widgets() -> str:
    """510 levels of list, item, named button, repeated 40 times: names computed from deep content."""
    level = "<ul><li><button aria-label=b>t</button>"
    return ("<div>" + level * 170 + "</li></ul>" * 170 + "</div>") * 40


def descendant_rules() -> str:
    """2,000 rules of 20 descendant compounds over a 400-deep page (issue 26: over 120 s)."""
    rules = "\n".join(" ".join(f".c{(r + j) % 11}" for j in range(20)) + " {color: red}" for r in range(2_000))
    body = "".join(f"<div class=c{depth % 10}>" for depth in range(400)) + "x" + "</div>" * 400
    return f"<style>{rules}</style>{body}"


def many_rules() -> str:
    """100,000 rules (issue 26: 28 s)."""
    rules = "\n".join(f".r{i} > p, #x{i} {{color: red}}" for i in range(100_000))
    return f"<style>{rules}</style>" + "<div class=r5><p>x</p></div>" * 200


CASES = {
    "deep-divs": (deep_divs, ("cdp", "aria")),
    "deep-text": (deep_text, ("cdp", "aria")),
    "deep-widgets": (deep_widgets, ("cdp", "aria")),
    "descendant-rules": (descendant_rules, ("load",)),
    "many-rules": (many_rules, ("load",)),
}

CHILD = """
import json, sys, time
sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
from axsynth import Document
path, fmt = sys.argv[1], sys.argv[2]
t0 = time.process_time()
try:
    doc = Document.from_file(path, max_bytes=None)
except TypeError:  # a checkout from before the cap
    doc = Document.from_file(path)
t1 = time.process_time()
if fmt == "cdp":
    import io
    doc.write_full_ax_tree(io.StringIO())
elif fmt == "aria":
    doc.aria_snapshot()
t2 = time.process_time()
print(json.dumps({"load": t1 - t0, "format": t2 - t1}))
"""


def measure(tree: Path, page: Path, fmt: str, timeout: float) -> dict | None:
    try:
        result = subprocess.run(
            [sys.executable, "-c", CHILD, str(page), fmt],
            capture_output=True,
            text=True,
            timeout=timeout,
            env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
            cwd=tree,
        )
    except subprocess.TimeoutExpired:
        return None
    if result.returncode:
        raise SystemExit(f"{tree} {page.name} {fmt}: {result.stderr.strip().splitlines()[-1]}")
    return json.loads(result.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", action="append", metavar="LABEL=DIR", help="a checkout to time (repeatable)")
    parser.add_argument("--case", action="append", choices=sorted(CASES), help="only these cases")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds a measure may take (default 300)")
    args = parser.parse_args()
    trees = dict(spec.split("=", 1) for spec in args.tree or [f"this={ROOT}"])
    with tempfile.TemporaryDirectory() as scratch:
        for name in args.case or CASES:
            make, formats = CASES[name]
            page = Path(scratch) / f"{name}.html"
            page.write_text(make())
            print(f"{name} ({page.stat().st_size / 1e6:.1f} MB)")
            for label, tree in trees.items():
                times = {fmt: measure(Path(tree).resolve(), page, fmt, args.timeout) for fmt in formats}
                cells = []
                for fmt, got in times.items():
                    if got is None:
                        cells.append(f"{fmt}: over {args.timeout:.0f} s")
                    elif fmt == "load":
                        cells.append(f"load {got['load']:.1f} s")
                    else:
                        cells.append(f"{fmt} {got['load'] + got['format']:.1f} s (format {got['format']:.1f} s)")
                if all(times.get(fmt) for fmt in ("cdp", "aria")):
                    total = {fmt: times[fmt]["load"] + times[fmt]["format"] for fmt in ("cdp", "aria")}
                    cells.append(f"aria/cdp {total['aria'] / total['cdp']:.2f}")
                print(f"  {label:>8}: " + ", ".join(cells), flush=True)


if __name__ == "__main__":
    main()
