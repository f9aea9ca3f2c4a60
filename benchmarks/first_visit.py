#!/usr/bin/env python3
"""axsynth against Chromium's fastest path to the same tree, first visits and repeats, in one run.

    python benchmarks/first_visit.py [CORPUS_DIR ...] [--sample 40] [--repeats 3]
                                     [--tree LABEL=PATH ...] [--json out.json] [--no-chromium]

Chromium (the peer) gets its fastest path: one warm browser started by hand with the goldens'
flags and a fresh profile, one warm tab (scripts off, 1280x720, as captures set it up), and
per page ``Page.navigate`` to the file's ``file:`` URL, its load event, and
``Accessibility.getFullAXTree`` over a plain DevTools websocket (benchmarks/cdp_client.py:
no Playwright, no request interception). The clock stops when the tree's last byte arrives.
Chromium's CPU is that of all its processes (browser, renderer, GPU, network), from /proc
(10 ms ticks: per page coarse, summed over a run exact enough).

axsynth: each ``--tree LABEL=PATH`` (a checkout, or a directory an installed build is
unpacked in; default this checkout) in its own warm worker (benchmarks/axsynth_worker.py),
timing one visit: read the file, ``Document.from_html`` (linked sheets from its folder),
CDP JSON text. Wall and CPU (``time.process_time``).

Every page is measured as a **first visit** — neither side has met the page before (no
rule set compiled from its sheets, unless an earlier page had the same sheets; Chromium's
caches hold nothing of it) — and then ``--repeats`` times more (**repeats**, the median of
them), both sides taking turns page by page so they see the same load. Both workers and
the browser are warmed first on pages outside the corpora (the repository's fixtures).

Reported per corpus and overall: the ratio axsynth / Chromium per page (wall; CPU against
Chromium's CPU), its median, 90th percentile and worst page, and the totals. Then the
small-page rate: tests/fixtures/*.html through ``Document.from_html(...).get_full_ax_tree()``,
documents per second in the first round (every page new) and the best of three.
The corpora default to the saved real pages of ~/.cache/axsynth-realweb/pages (postlight,
trafilatura, appui; docs/realweb.md); third-party pages are read in place, never copied.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cdp_client import Chromium  # noqa: E402
from worker_client import WorkerClient, sample  # noqa: E402

CORPORA = Path.home() / ".cache" / "axsynth-realweb" / "pages"
DEFAULT_CORPORA = [CORPORA / "postlight", CORPORA / "trafilatura", CORPORA / "appui"]
FIXTURES = sorted((ROOT / "tests" / "fixtures").glob("*.html"))
WARM_UP = [ROOT / "examples" / "page.html", *FIXTURES[:: max(1, len(FIXTURES) // 12)]]


def corpus_pages(directory: Path, count: int | None) -> list[Path]:
    pages = [p for p in directory.rglob("*") if p.suffix in (".html", ".htm") and p.is_file()]
    return sample(pages, count)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpora", nargs="*", type=Path, help="directories of saved pages")
    parser.add_argument("--sample", type=int, default=40, help="pages per corpus, spread over sizes (0: all)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--tree", action="append", default=[], metavar="LABEL=PATH")
    parser.add_argument("--no-chromium", action="store_true")
    parser.add_argument("--small-rounds", type=int, default=3)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()

    corpora = [c for c in (args.corpora or DEFAULT_CORPORA) if c.is_dir()]
    pages = [(corpus.name, page) for corpus in corpora for page in corpus_pages(corpus, args.sample or None)]
    if not pages:
        print("first_visit: no pages (give corpus directories)")
        return 1
    trees = [WorkerClient(Path(path), label) for label, path in (t.split("=", 1) for t in args.tree)] or [
        WorkerClient(ROOT, "axsynth")
    ]
    chromium = None if args.no_chromium else Chromium()
    report: dict = {"chromium": chromium.version if chromium else None, "trees": {}, "pages": []}
    try:
        for tree in trees:
            report["trees"][tree.label] = {"info": tree.ask(op="info")}
            print(f"{tree.label}: {report['trees'][tree.label]['info']}", flush=True)
        _warm_up(trees, chromium)
        print(
            f"{chromium.version if chromium else 'no Chromium'}; {len(pages)} pages; {args.repeats} repeats", flush=True
        )
        for corpus, path in pages:
            row = _measure(corpus, path, trees, chromium, args.repeats)
            report["pages"].append(row)
            print(_line(row, trees), flush=True)
        for tree in trees:
            small = tree.ask(op="small_tree", paths=[str(p) for p in FIXTURES], rounds=args.small_rounds)
            report["trees"][tree.label]["small"] = small
    finally:
        for tree in trees:
            tree.close()
        if chromium:
            chromium.close()
    _summary(report, trees)
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n")
    return 0


def _warm_up(trees: list[WorkerClient], chromium: Chromium | None) -> None:
    for _ in range(2):
        for path in WARM_UP:
            for tree in trees:
                tree.ask(op="visit", path=str(path), url=path.as_uri())
            if chromium:
                chromium.load_and_tree(path.as_uri())


def _measure(corpus: str, path: Path, trees: list[WorkerClient], chromium: Chromium | None, repeats: int) -> dict:
    url = path.resolve().as_uri()
    row: dict = {"corpus": corpus, "page": str(path.relative_to(CORPORA) if CORPORA in path.parents else path)}
    row["html_bytes"] = path.stat().st_size
    visits: dict[str, list] = {tree.label: [] for tree in trees}
    browser: list[dict] = []
    for _ in range(1 + repeats):
        for tree in trees:
            visits[tree.label].append(tree.ask(op="visit", path=str(path), url=url))
        if chromium:
            cpu = chromium.cpu_seconds()
            wall, reply = chromium.load_and_tree(url)
            browser.append({"wall": wall, "cpu": chromium.cpu_seconds() - cpu, "reply": reply})
    for tree in trees:
        first, *again = visits[tree.label]
        row[tree.label] = {
            "first": {key: first[key] for key in ("wall", "cpu")},
            "repeat": {key: statistics.median(v[key] for v in again) for key in ("wall", "cpu")} if again else None,
            "ax_nodes": first["ax_nodes"],
            "sha1": first["sha1"],
            "same_every_visit": len({v["sha1"] for v in visits[tree.label]}) == 1,
        }
    if browser:
        first, *again = browser
        row["chromium"] = {
            "first": {key: first[key] for key in ("wall", "cpu")},
            "repeat": {key: statistics.median(b[key] for b in again) for key in ("wall", "cpu")} if again else None,
            "ax_nodes": len(json.loads(first["reply"])["result"]["nodes"]),
        }
    return row


def _line(row: dict, trees: list[WorkerClient]) -> str:
    parts = [f"{row['page'][-44:]:44} {row['html_bytes'] / 1024:6.0f}KB"]
    for tree in trees:
        r = row[tree.label]
        parts.append(f"{tree.label} {r['first']['wall']:.3f}s/{r['first']['cpu']:.3f}cpu {r['ax_nodes']} nodes")
    if "chromium" in row:
        c = row["chromium"]
        parts.append(f"chromium {c['first']['wall']:.3f}s/{c['first']['cpu']:.2f}cpu {c['ax_nodes']} nodes")
        parts.append(" ".join(f"{t.label} {row[t.label]['first']['wall'] / c['first']['wall']:.2f}x" for t in trees))
    return " | ".join(parts)


def _ratios(rows: list[dict], label: str, visit: str, measure: str) -> list[tuple[float, str]]:
    out = []
    for row in rows:
        mine, peer = row[label].get(visit), row.get("chromium", {}).get(visit)
        if mine and peer and peer[measure] > 0:
            out.append((mine[measure] / peer[measure], row["page"]))
    return out


def _distribution(ratios: list[tuple[float, str]]) -> dict:
    if not ratios:
        return {}
    values = sorted(r for r, _ in ratios)
    worst = max(ratios)
    return {
        "pages": len(values),
        "median": statistics.median(values),
        "p90": values[min(len(values) - 1, int(0.9 * len(values)))],
        "max": worst[0],
        "worst_page": worst[1],
        "slower_than_chromium": sum(1 for v in values if v > 1),
    }


def _summary(report: dict, trees: list[WorkerClient]) -> None:
    rows = report["pages"]
    groups = {"all": rows}
    for corpus in dict.fromkeys(r["corpus"] for r in rows):
        groups[corpus] = [r for r in rows if r["corpus"] == corpus]
    print()
    for tree in trees:
        label = tree.label
        summary: dict = {}
        for name, group in groups.items():
            entry = {}
            for visit in ("first", "repeat"):
                entry[visit] = {
                    "wall": _distribution(_ratios(group, label, visit, "wall")),
                    "cpu_vs_chromium_cpu": _distribution(_ratios(group, label, visit, "cpu")),
                    "axsynth_wall_total": sum(r[label][visit]["wall"] for r in group if r[label][visit]),
                    "axsynth_cpu_total": sum(r[label][visit]["cpu"] for r in group if r[label][visit]),
                    "axsynth_wall_median": statistics.median(r[label][visit]["wall"] for r in group if r[label][visit]),
                    "chromium_wall_total": sum(r["chromium"][visit]["wall"] for r in group if "chromium" in r),
                    "chromium_cpu_total": sum(r["chromium"][visit]["cpu"] for r in group if "chromium" in r),
                }
                if any("chromium" in r for r in group):
                    entry[visit]["chromium_wall_median"] = statistics.median(
                        r["chromium"][visit]["wall"] for r in group if "chromium" in r
                    )
            summary[name] = entry
            for visit in ("first", "repeat"):
                e = entry[visit]
                w, c = e["wall"], e["cpu_vs_chromium_cpu"]
                if w:
                    print(
                        f"{label} {name:12} {visit:6}: x Chromium wall median {w['median']:.2f}, p90 {w['p90']:.2f}, "
                        f"worst {w['max']:.2f} ({w['worst_page']}), "
                        f"slower on {w['slower_than_chromium']}/{w['pages']}; "
                        f"CPU/CPU median {c.get('median', float('nan')):.2f}; totals axsynth "
                        f"{e['axsynth_wall_total']:.1f}s wall {e['axsynth_cpu_total']:.1f}s CPU, Chromium "
                        f"{e['chromium_wall_total']:.1f}s wall {e['chromium_cpu_total']:.1f}s CPU"
                    )
                else:
                    print(
                        f"{label} {name:12} {visit:6}: axsynth median {e['axsynth_wall_median'] * 1000:.1f} ms wall, "
                        f"totals {e['axsynth_wall_total']:.1f}s wall {e['axsynth_cpu_total']:.1f}s CPU"
                    )
        small = report["trees"][label].get("small")
        if small:
            docs = small["docs"]
            summary["small_pages"] = {
                "docs": docs,
                "mean_ax_nodes": small["ax_nodes"] / docs,
                "first_round_docs_per_s_wall": docs / small["walls"][0],
                "first_round_docs_per_s_cpu": docs / small["cpus"][0],
                "best_docs_per_s_wall": docs / min(small["walls"]),
                "best_docs_per_s_cpu": docs / min(small["cpus"]),
            }
            s = summary["small_pages"]
            print(
                f"{label} small pages ({docs}, {s['mean_ax_nodes']:.0f} AX nodes on average) through get_full_ax_tree: "
                f"first round {s['first_round_docs_per_s_wall']:.0f} docs/s wall "
                f"({s['first_round_docs_per_s_cpu']:.0f} CPU), "
                f"best of {len(small['walls'])} {s['best_docs_per_s_wall']:.0f} ({s['best_docs_per_s_cpu']:.0f} CPU)"
            )
        report["trees"][label]["summary"] = summary
    differing = [r["page"] for r in rows if len({r[t.label]["sha1"] for t in trees}) > 1]
    unstable = [r["page"] for r in rows for t in trees if not r[t.label]["same_every_visit"]]
    print(f"outputs differ between trees on {len(differing)} pages; differ between visits on {len(unstable)}")
    report["differing"], report["unstable"] = differing, unstable


if __name__ == "__main__":
    sys.exit(main())
