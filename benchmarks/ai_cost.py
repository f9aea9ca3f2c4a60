#!/usr/bin/env python3
"""What the ai format costs over an aria snapshot of the same page, CPU time only.

    python benchmarks/ai_cost.py [--pages DIR --sample N] [--seed S]

For each page (the large fixtures, then a sample of saved real pages), two fresh
Documents are loaded (not timed: parsing and styles are shared by both formats);
one gives ``aria_snapshot()`` and the other ``ai_snapshot()``, each timed once on
its first visit (no warm caches, no best-of-N). Reported: the total of each, and
the ai format's extra time as a share of the aria snapshot's (issue 27's budget:
at most 20%). Both formats are Playwright's own walk of the DOM; the ai mode adds
box estimates, name sources, refs and the distiller.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from axsynth import Document  # noqa: E402


def cpu(fn) -> float:
    gc.collect()
    started = time.process_time()
    fn()
    return time.process_time() - started


def measure(path: Path) -> tuple[float, float]:
    data = path.read_bytes()
    url = f"https://{path.stem}.test/"
    aria = cpu(Document.from_html(data, url=url).aria_snapshot)
    ai = cpu(Document.from_html(data, url=url).ai_snapshot)
    return aria, ai


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=Path, help="a folder of saved pages (e.g. ~/.cache/axsynth-realweb/pages)")
    parser.add_argument("--sample", type=int, default=30)
    parser.add_argument("--seed", type=int, default=27)
    args = parser.parse_args()
    pages = sorted((ROOT / "tests" / "fixtures" / "large").glob("*.html"))
    if args.pages:
        found = sorted(p for p in args.pages.rglob("*") if p.suffix in (".html", ".htm") and p.is_file())
        pages += random.Random(args.seed).sample(found, min(args.sample, len(found)))
    total_aria = total_ai = 0.0
    print(f"{'page':44} {'aria ms':>9} {'ai ms':>9} {'extra':>7}")
    for page in pages:
        aria, ai = measure(page)
        total_aria += aria
        total_ai += ai
        print(f"{page.name[:44]:44} {aria * 1000:9.1f} {ai * 1000:9.1f} {100 * (ai - aria) / aria:6.1f}%")
    print(
        f"{'total (' + str(len(pages)) + ' pages)':44} {total_aria * 1000:9.1f} {total_ai * 1000:9.1f}"
        f" {100 * (total_ai - total_aria) / total_aria:6.1f}%"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
