#!/usr/bin/env python3
"""Two axsynth builds, A/B in one run, CPU time only (no Chromium).

    python benchmarks/ab_checkouts.py --tree main=/path/to/main-checkout --tree new=. \\
        [--pages ~/.cache/axsynth-realweb/pages/postlight --sample 30] [--passes 3]

A tree is a checkout or an installed build (``AXSYNTH_COMPILE=1 pip install --no-deps
--target DIR ...``, or a wheel unpacked into DIR): whatever directory its ``axsynth``
package is imported from.

Each pass starts a fresh benchmarks/axsynth_worker.py per checkout (so that nothing a
process memoizes across documents, such as parsed stylesheets, is warm from an earlier
pass) and has them take turns: the small pages (tests/fixtures/*.html of this checkout,
the same files for both: the first round, every memo cold, and the best of 3 rounds),
the 34k-node data table, then each sampled real page once (read in place, never
copied). Per measure, the best pass. The CDP text of each page must be the same
for both trees.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from worker_client import WorkerClient, sample

ROOT = Path(__file__).resolve().parent.parent


def one_pass(trees: dict[str, Path], small: list[str], table: Path, pages: list[Path]) -> dict[str, dict]:
    workers = {label: WorkerClient(path, label) for label, path in trees.items()}
    out: dict[str, dict] = {label: {"pages": {}} for label in trees}
    try:
        for label, worker in workers.items():
            out[label]["small_first"] = worker.ask(op="small", paths=small, rounds=1)["cpu"]
        for label, worker in workers.items():
            out[label]["small_best"] = worker.ask(op="small", paths=small, rounds=3)["cpu"]
        for label, worker in workers.items():
            out[label]["table"] = worker.ask(op="cdp", path=str(table), url=table.as_uri(), repeat=1)["cpu"]
        for page in pages:
            for label, worker in workers.items():
                reply = worker.ask(op="cdp", path=str(page), url=f"https://{page.stem}/", repeat=1)
                out[label]["pages"][page.name] = (reply["cpu"], reply["sha1"])
    finally:
        for worker in workers.values():
            worker.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tree", action="append", required=True, help="LABEL=PATH (two of them)")
    parser.add_argument("--pages", type=Path, default=Path.home() / ".cache/axsynth-realweb/pages/postlight")
    parser.add_argument("--sample", type=int, default=30)
    parser.add_argument("--passes", type=int, default=3)
    args = parser.parse_args()
    trees = {label: Path(path).resolve() for label, path in (t.split("=", 1) for t in args.tree)}
    small = [str(p) for p in sorted((ROOT / "tests" / "fixtures").glob("*.html"))]
    table = ROOT / "tests" / "fixtures" / "large" / "large-data-table.html"
    pages = sample([p for p in args.pages.glob("*.html") if p.is_file()], args.sample) if args.pages.is_dir() else []
    passes = [one_pass(trees, small, table, pages) for _ in range(args.passes)]
    best = {
        label: {key: min(p[label][key] for p in passes) for key in ("small_first", "small_best", "table")}
        for label in trees
    }
    for label in trees:
        per_page = {name: min(p[label]["pages"][name][0] for p in passes) for name in passes[0][label]["pages"]}
        best[label]["page_median"] = statistics.median(per_page.values()) if per_page else float("nan")
        best[label]["page_total"] = sum(per_page.values())
        best[label]["per_page"] = per_page
    labels = list(trees)
    same = all(
        len({p[label]["pages"][name][1] for label in labels}) == 1 for p in passes for name in p[labels[0]]["pages"]
    )
    print(f"{len(small)} small pages, {len(pages)} real pages, best of {args.passes} passes, CPU s")
    for label in labels:
        b = best[label]
        print(
            f"{label:>6}: small {len(small) / b['small_first']:.0f} docs/s first round, "
            f"{len(small) / b['small_best']:.0f} best of 3; data table {b['table']:.3f} s; "
            f"real pages median {b['page_median']:.4f} s, total {b['page_total']:.3f} s"
        )
    if len(labels) == 2 and pages:
        a, b = (best[label]["per_page"] for label in labels)
        ratios = [b[name] / a[name] for name in a]
        print(f"per-page ratio {labels[1]}/{labels[0]}: median {statistics.median(ratios):.3f}")
    print("CDP text identical on every page:", same)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
