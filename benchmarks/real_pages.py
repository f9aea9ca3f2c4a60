#!/usr/bin/env python3
"""axsynth builds against Chromium on a directory of saved real pages, in one run.

    python benchmarks/real_pages.py DIR [--tree main=/path/to/main-checkout] [--tree new=.]
                                        [--sample 40] [--repeat 3] [--json out.json]

DIR holds saved pages (*.html); they are read in place, never copied. Each ``--tree
LABEL=PATH`` is an axsynth checkout measured in its own worker process
(benchmarks/axsynth_worker.py with PYTHONPATH=PATH); the trees take turns page by page,
so "before" and "after" see the same load. Per page:

  read -> CDP JSON   read the file -> Document -> write_full_ax_tree, warm process,
                     best of --repeat, wall and CPU (time.process_time)
  new process        ``python -m axsynth snapshot FILE --format cdp`` (interpreter start and
                     imports included), best of --repeat, wall and CPU (the child's rusage)
  heap               tracemalloc peak of the streamed path over the HTML size (one run)
  Chromium warm      browser and tab open: goto + Accessibility.getFullAXTree (best of --repeat)
  Chromium cold      launch + context + tab + goto + getFullAXTree + close (one run)

and the sha1 of each tree's CDP text (the trees must agree, page by page). Then, per tree:
``import axsynth`` (best of 10 new processes, against ``python -c pass``), small pages
(tests/fixtures/*.html of this checkout, documents/s in one warm process) and the 34k-node
data table (tests/fixtures/large/large-data-table.html). Chromium is driven as
tools/realweb.py captures its goldens: JavaScript off, only the page's own bytes served.
The machine may be shared: every figure is a best-of-N, and CPU seconds are given with wall.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools")]

from chromium_capture import CHROMIUM_ARGS, VIEWPORT, _serve, chromium_path  # noqa: E402
from realweb import page_resolver, page_url  # noqa: E402
from worker_client import WorkerClient, sample  # noqa: E402

SMALL_PAGES = sorted((ROOT / "tests" / "fixtures").glob("*.html"))
DATA_TABLE = ROOT / "tests" / "fixtures" / "large" / "large-data-table.html"


class Tree(WorkerClient):
    """One axsynth checkout, with its warm worker process."""

    def __init__(self, label: str, path: Path) -> None:
        self.path = path.resolve()
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(self.path / "axsynth")], check=True)
        super().__init__(self.path, label)

    def new_process(self, path: Path, url: str, repeat: int) -> tuple[float, float]:
        """Best wall and CPU seconds of a new ``axsynth snapshot`` process (cwd outside any checkout)."""
        wall = cpu = float("inf")
        for _ in range(max(1, repeat)):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "axsynth", "snapshot", str(path), "--format", "cdp", "--url", url, "--quiet"],
                env=self.env,
                cwd=tempfile.gettempdir(),
                check=True,
                stdout=subprocess.DEVNULL,
            )
            wall = min(wall, time.perf_counter() - t)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = min(cpu, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        return wall, cpu

    def import_time(self, statement: str = "import axsynth", n: int = 10) -> tuple[float, float]:
        code = (
            f"import time;t=time.perf_counter();c=time.process_time();{statement};"
            "print(time.perf_counter()-t,time.process_time()-c)"
        )
        runs = [
            tuple(
                map(
                    float,
                    subprocess.run(
                        [sys.executable, "-c", code],
                        env=self.env,
                        cwd=tempfile.gettempdir(),
                        capture_output=True,
                        text=True,
                        check=True,
                    ).stdout.split(),
                )
            )
            for _ in range(n)
        ]
        return min(r[0] for r in runs), min(r[1] for r in runs)


def python_start(n: int = 10) -> tuple[float, float]:
    runs = []
    for _ in range(n):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        runs.append((time.perf_counter() - t, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime))
    return min(r[0] for r in runs), min(r[1] for r in runs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pages", type=Path, help="directory of saved pages (*.html)")
    parser.add_argument(
        "--tree",
        action="append",
        default=[],
        metavar="LABEL=PATH",
        help="an axsynth checkout to measure (repeatable; default: this one)",
    )
    parser.add_argument("--sample", type=int, help="measure this many pages, spread over the sizes")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-chromium", action="store_true", help="axsynth trees only")
    parser.add_argument("--json", type=Path, help="write every figure here")
    args = parser.parse_args()

    pages = sample([p for p in args.pages.glob("*.html") if p.is_file()], args.sample)
    if not pages:
        print(f"real_pages: no *.html in {args.pages}")
        return 1
    trees = [Tree(label, Path(path)) for label, path in (spec.split("=", 1) for spec in args.tree)] or [
        Tree("this", ROOT)
    ]
    for tree in trees:
        print(f"{tree.label}: {tree.ask(op='info')}", flush=True)
    report: dict = {"pages": [], "trees": {}}

    chromium = None if args.no_chromium else _Chromium()
    try:
        if chromium:
            print(f"Chromium {chromium.version}; {len(pages)} pages; best of {args.repeat} (cold: 1)", flush=True)
        for path in pages:
            url = page_url(args.pages.name, path.name)
            row: dict = {"page": path.name, "html_bytes": path.stat().st_size}
            for tree in trees:
                cdp = tree.ask(op="cdp", path=str(path), url=url, repeat=args.repeat)
                proc_wall, proc_cpu = tree.new_process(path, url, args.repeat)
                heap = tree.ask(op="heap", path=str(path), url=url)["peak"]
                row[tree.label] = {
                    **cdp,
                    "process_wall": proc_wall,
                    "process_cpu": proc_cpu,
                    "heap_over_html": heap / row["html_bytes"],
                }
            if chromium:
                row["chromium_warm"], row["chromium_ax_nodes"] = chromium.warm(url, path.read_bytes(), args.repeat)
                row["chromium_cold"] = chromium.cold(url, path.read_bytes())
            row["same_output"] = len({row[t.label]["sha1"] for t in trees}) == 1
            report["pages"].append(row)
            print(_page_line(row, trees), flush=True)
    finally:
        if chromium:
            chromium.close()

    report["python_start"] = python_start()
    for tree in trees:
        small = tree.ask(op="small", paths=[str(p) for p in SMALL_PAGES], rounds=3)
        table = tree.ask(op="cdp", path=str(DATA_TABLE), url=DATA_TABLE.as_uri(), repeat=3)
        report["trees"][tree.label] = {"import": tree.import_time(), "small": small, "data_table": table}
    for tree in trees:
        tree.close()
    _summary(report, trees)
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n")
    return 0


def _page_line(row: dict, trees: list[Tree]) -> str:
    parts = [f"{row['page'][:34]:34} {row['html_bytes'] / 1024:6.0f}KB"]
    for tree in trees:
        r = row[tree.label]
        parts.append(
            f"{tree.label}: {r['wall']:.2f}s cpu {r['cpu']:.2f} proc {r['process_wall']:.2f}/{r['process_cpu']:.2f} "
            f"heap {r['heap_over_html']:.0f}x"
        )
    if "chromium_warm" in row:
        parts.append(f"chromium warm {row['chromium_warm']:.2f} cold {row['chromium_cold']:.2f}")
    if not row["same_output"]:
        parts.append("OUTPUTS DIFFER")
    return " | ".join(parts)


def _summary(report: dict, trees: list[Tree]) -> None:
    rows = report["pages"]
    with_chromium = [r for r in rows if "chromium_warm" in r]
    start_wall, start_cpu = report["python_start"]
    print(
        f"\n{len(rows)} pages; outputs identical across trees on {sum(r['same_output'] for r in rows)}; "
        f"python -c pass: {start_wall * 1000:.0f} ms wall, {start_cpu * 1000:.0f} ms CPU"
    )
    for tree in trees:
        label = tree.label
        summary = {
            "median_x_warm_wall": _median(with_chromium, lambda r: r[label]["wall"] / r["chromium_warm"]),
            "median_x_warm_cpu": _median(with_chromium, lambda r: r[label]["cpu"] / r["chromium_warm"]),
            "median_process_x_cold_wall": _median(
                with_chromium, lambda r: r[label]["process_wall"] / r["chromium_cold"]
            ),
            "median_process_x_cold_cpu": _median(with_chromium, lambda r: r[label]["process_cpu"] / r["chromium_cold"]),
            "median_heap_over_html": _median(rows, lambda r: r[label]["heap_over_html"]),
            "max_heap_over_html": max(r[label]["heap_over_html"] for r in rows),
            "total_cpu": sum(r[label]["cpu"] for r in rows),
        }
        report["trees"][label]["summary"] = summary
        t = report["trees"][label]
        small, table = t["small"], t["data_table"]
        print(
            f"{label}: read->CDP / warm Chromium median {summary['median_x_warm_wall']:.2f}x wall "
            f"({summary['median_x_warm_cpu']:.2f}x with axsynth CPU); new process / cold Chromium "
            f"{summary['median_process_x_cold_wall']:.2f}x wall ({summary['median_process_x_cold_cpu']:.2f}x CPU); "
            f"heap/HTML median {summary['median_heap_over_html']:.0f}x max {summary['max_heap_over_html']:.0f}x; "
            f"CPU over all pages {summary['total_cpu']:.1f}s"
        )
        print(
            f"{label}: import axsynth {t['import'][0] * 1000:.1f} ms wall / {t['import'][1] * 1000:.1f} ms CPU; "
            f"small pages {small['docs'] / small['wall']:.0f} docs/s wall, {small['docs'] / small['cpu']:.0f}"
            f" docs/s CPU; "
            f"data table {table['wall']:.2f}s wall / {table['cpu']:.2f}s CPU"
        )


def _median(rows: list[dict], value) -> float:
    return statistics.median(value(r) for r in rows) if rows else float("nan")


class _Chromium:
    """Chromium 156 as the goldens are captured: one warm tab, and cold launches."""

    def __init__(self) -> None:
        from playwright.sync_api import sync_playwright

        self._pw = sync_playwright().start()
        self._launch = dict(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
        self._browser = self._pw.chromium.launch(**self._launch)
        self.version = self._browser.version

    def _tree(self, browser, url: str, body: bytes) -> dict:
        context = browser.new_context(java_script_enabled=False, viewport=VIEWPORT)
        try:
            page = context.new_page()
            page.route("**/*", lambda route: _serve(route, url, page_resolver(url, body)))
            page.goto(url, wait_until="load", timeout=120_000)
            return context.new_cdp_session(page).send("Accessibility.getFullAXTree")
        finally:
            context.close()

    def warm(self, url: str, body: bytes, repeat: int) -> tuple[float, int]:
        """Best of ``repeat`` goto + getFullAXTree in an open tab (its first load untimed)."""
        context = self._browser.new_context(java_script_enabled=False, viewport=VIEWPORT)
        try:
            page = context.new_page()
            page.route("**/*", lambda route: _serve(route, url, page_resolver(url, body)))
            cdp = context.new_cdp_session(page)
            page.goto(url, wait_until="load", timeout=120_000)
            best, nodes = float("inf"), 0
            for _ in range(max(1, repeat)):
                t = time.perf_counter()
                page.goto(url, wait_until="load", timeout=120_000)
                nodes = len(cdp.send("Accessibility.getFullAXTree")["nodes"])
                best = min(best, time.perf_counter() - t)
            return best, nodes
        finally:
            context.close()

    def cold(self, url: str, body: bytes) -> float:
        t = time.perf_counter()
        browser = self._pw.chromium.launch(**self._launch)
        try:
            self._tree(browser, url, body)
        finally:
            browser.close()
        return time.perf_counter() - t

    def close(self) -> None:
        self._browser.close()
        self._pw.stop()


if __name__ == "__main__":
    sys.exit(main())
