#!/usr/bin/env python3
"""axsynth against real Chromium on the large fixtures, in one run.

For every tests/fixtures/large/*.html it times:

  axsynth          read the file -> Document -> getFullAXTree -> JSON text (in process,
                   modules already imported; best of --repeat)
  axsynth process  ``python -m axsynth snapshot FILE --format cdp`` as a new process
                   (interpreter start and imports included; best of --repeat)
  chromium warm    browser already running, tab open: navigate + Accessibility.getFullAXTree
                   (best of --repeat)
  chromium cold    launch Chromium + new context/tab + navigate + getFullAXTree + close
                   (best of --cold-repeat)
  aria             Playwright's page.locator("body").aria_snapshot() after navigation
                   (warm) against axsynth's read -> aria_snapshot() (best of --repeat)

and prints the ratios (axsynth / Chromium; < 1 means axsynth is faster) with their
medians, plus axsynth's peak Python heap (tracemalloc, separate run) over the HTML size.

Chromium is driven exactly as tools/gen_goldens.py captures goldens: Debian's
/usr/bin/chromium through Playwright's ``executable_path``, the same flags and
viewport, JavaScript disabled, pages served from http://axsynth.test/ by request
routing.  Without Chromium or the Playwright package it prints why and exits 0.

    python benchmarks/vs_chromium.py [--repeat 3] [--cold-repeat 1] [--json out.json] [FILTER]

The machine may be shared with other work: every figure is a best-of-N wall time,
and the CPU time of the axsynth runs is reported next to it.
"""

from __future__ import annotations

import argparse
import compileall
import importlib.metadata
import importlib.util
import io
import json
import shutil
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import TextIO

ROOT = Path(__file__).resolve().parent.parent
# Last, so an installed axsynth (e.g. the compiled build on PYTHONPATH) is the one measured.
sys.path.append(str(ROOT))

import axsynth  # noqa: E402
from axsynth.api import Document  # noqa: E402
from axsynth.conformance import FIXTURE_ORIGIN  # noqa: E402

LARGE = ROOT / "tests" / "fixtures" / "large"


def _load_gen_goldens():
    spec = importlib.util.spec_from_file_location("gen_goldens", ROOT / "tools" / "gen_goldens.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _chromium(path: str | None = None) -> str | None:
    path = path or shutil.which("chromium") or "/usr/bin/chromium"
    return path if Path(path).exists() else None


def _best(fn, n: int) -> tuple[float, object]:
    best, out = float("inf"), None
    for _ in range(max(1, n)):
        t = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t)
    return best, out


class _Discard(io.TextIOBase):
    """A text sink that keeps nothing: the heap figure is axsynth's own."""

    def write(self, text: str) -> int:
        return len(text)


def axsynth_cdp(path: Path, url: str, out: TextIO | None = None) -> str:
    """read -> Document -> CDP JSON text, streamed as the CLI does (the text is
    returned unless another stream is given)."""
    doc = Document.from_html(path.read_bytes(), url=url)
    stream = io.StringIO() if out is None else out
    doc.write_full_ax_tree(stream)
    return stream.getvalue() if out is None else ""


def axsynth_aria(path: Path, url: str) -> str:
    return Document.from_html(path.read_bytes(), url=url).aria_snapshot()


def axsynth_cpu(path: Path, url: str, n: int) -> float:
    best = float("inf")
    for _ in range(max(1, n)):
        c = time.process_time()
        axsynth_cdp(path, url)
        best = min(best, time.process_time() - c)
    return best


def axsynth_peak_heap(path: Path, url: str) -> int:
    tracemalloc.start()
    try:
        axsynth_cdp(path, url, _Discard())
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def compile_bytecode() -> None:
    """Write axsynth's .pyc files first, as a pip install does: under
    PYTHONDONTWRITEBYTECODE every new process would otherwise recompile the package."""
    compileall.compile_dir(ROOT / "axsynth", quiet=1)


def axsynth_process(path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "axsynth", "snapshot", str(path), "--format", "cdp"],
        cwd=ROOT,
        check=True,
        stdout=subprocess.DEVNULL,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("filter", nargs="?", default="", help="only pages whose name contains this")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cold-repeat", type=int, default=1)
    parser.add_argument("--json", type=Path, help="write the per-page figures here")
    parser.add_argument("--chromium", help="the browser executable (default: chromium on PATH, /usr/bin/chromium)")
    args = parser.parse_args()

    chromium = _chromium(args.chromium)
    if chromium is None:
        print("vs_chromium: skipped: Chromium not found (apt-get install chromium)")
        return 0
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("vs_chromium: skipped: the playwright package is missing (pip install -e '.[goldens]')")
        return 0
    gg = _load_gen_goldens()
    pages = sorted(p for p in LARGE.glob("*.html") if args.filter in p.name)
    if not pages:
        print("vs_chromium: no pages")
        return 0

    rows = []
    try:
        pw_cm = sync_playwright()
        pw = pw_cm.__enter__()
    except Exception as exc:  # noqa: BLE001 - e.g. Playwright's driver cannot start
        print(f"vs_chromium: skipped: Playwright cannot start ({exc})")
        return 0
    try:
        launch = dict(executable_path=chromium, args=gg.CHROMIUM_ARGS, headless=True)
        try:
            browser = pw.chromium.launch(**launch)
        except Exception as exc:  # noqa: BLE001
            print(f"vs_chromium: skipped: Chromium does not launch ({exc.__class__.__name__}: {str(exc)[:200]})")
            return 0
        versions = {
            "chromium": browser.version,
            "playwright": importlib.metadata.version("playwright"),
            "axsynth build": "compiled" if axsynth.COMPILED else "pure Python",
        }
        context = browser.new_context(java_script_enabled=False, viewport=gg.VIEWPORT)
        page = context.new_page()
        page.route("**/*", gg.serve_fixture)
        cdp = context.new_cdp_session(page)

        def warm_tree(url):
            page.goto(url, wait_until="load", timeout=60_000)
            return cdp.send("Accessibility.getFullAXTree")

        def warm_aria(url):
            page.goto(url, wait_until="load", timeout=60_000)
            return page.locator("body").aria_snapshot(timeout=60_000)

        def cold_tree(url):
            b = pw.chromium.launch(**launch)
            try:
                ctx = b.new_context(java_script_enabled=False, viewport=gg.VIEWPORT)
                p = ctx.new_page()
                p.route("**/*", gg.serve_fixture)
                p.goto(url, wait_until="load", timeout=60_000)
                return ctx.new_cdp_session(p).send("Accessibility.getFullAXTree")
            finally:
                b.close()

        print(
            f"Chromium {versions['chromium']}, Playwright {versions['playwright']}, "
            f"Python {sys.version.split()[0]}, axsynth {versions['axsynth build']}; best of {args.repeat}"
            f" (cold: {args.cold_repeat})"
        )
        head = (
            f"{'page':22} {'KB':>5} {'DOM':>6} {'AX':>6} {'ax s':>6} {'ax cpu':>6} {'proc s':>6} "
            f"{'warm s':>6} {'cold s':>6} {'x warm':>6} {'x cold':>6} {'procxC':>6} "
            f"{'ax aria':>7} {'pw aria':>7} {'x aria':>6} {'heap/html':>9}"
        )
        print(head)
        compile_bytecode()
        for path in pages:
            url = FIXTURE_ORIGIN + path.relative_to(ROOT / "tests" / "fixtures").as_posix()
            ax_s, out = _best(lambda: axsynth_cdp(path, url), args.repeat)
            ax_cpu = axsynth_cpu(path, url, args.repeat)
            proc_s, _ = _best(lambda: axsynth_process(path), args.repeat)
            warm_aria(url)  # first navigation of this page: not timed
            warm_s, tree = _best(lambda: warm_tree(url), args.repeat)
            cold_s, _ = _best(lambda: cold_tree(url), args.cold_repeat)
            ax_aria_s, _ = _best(lambda: axsynth_aria(path, url), args.repeat)
            pw_aria_s, _ = _best(lambda: warm_aria(url), args.repeat)
            heap = axsynth_peak_heap(path, url)
            doc = Document.from_html(path.read_bytes(), url=url)
            from axsynth.ax.build import _all_nodes

            row = {
                "page": path.name,
                "html_bytes": path.stat().st_size,
                "dom_nodes": sum(1 for _ in _all_nodes(doc.dom)),
                "ax_nodes": out.count('"nodeId"'),
                "chromium_ax_nodes": len(tree["nodes"]),
                "axsynth_s": ax_s,
                "axsynth_cpu_s": ax_cpu,
                "axsynth_process_s": proc_s,
                "chromium_warm_s": warm_s,
                "chromium_cold_s": cold_s,
                "axsynth_aria_s": ax_aria_s,
                "playwright_aria_s": pw_aria_s,
                "peak_heap_bytes": heap,
            }
            row["x_warm"] = ax_s / warm_s
            row["x_cold"] = ax_s / cold_s
            row["x_process_cold"] = proc_s / cold_s
            row["x_aria"] = ax_aria_s / pw_aria_s
            row["heap_over_html"] = heap / row["html_bytes"]
            rows.append(row)
            print(
                f"{path.stem.removeprefix('large-'):22} {row['html_bytes'] / 1024:>5.0f} {row['dom_nodes']:>6} "
                f"{row['ax_nodes']:>6} {ax_s:>6.2f} {ax_cpu:>6.2f} {proc_s:>6.2f} {warm_s:>6.2f} {cold_s:>6.2f} "
                f"{row['x_warm']:>6.2f} {row['x_cold']:>6.2f} {row['x_process_cold']:>6.2f} "
                f"{ax_aria_s:>7.2f} {pw_aria_s:>7.2f} {row['x_aria']:>6.2f} {row['heap_over_html']:>8.0f}x",
                flush=True,
            )
        browser.close()
    finally:
        pw_cm.__exit__(None, None, None)

    def med(key):
        return statistics.median(r[key] for r in rows)

    print(
        f"median ratio axsynth/chromium: warm {med('x_warm'):.2f}x (goal <= 0.25), "
        f"cold {med('x_cold'):.2f}x (goal <= 0.2); new-process axsynth/cold {med('x_process_cold'):.2f}x; "
        f"aria axsynth/playwright {med('x_aria'):.2f}x"
    )
    print(
        f"median peak heap / HTML size: {med('heap_over_html'):.0f}x (goal <= 20x); "
        f"max {max(r['heap_over_html'] for r in rows):.0f}x"
    )
    biggest = max(rows, key=lambda r: r["dom_nodes"])
    print(
        f"largest page: {biggest['page']} ({biggest['dom_nodes']} DOM nodes): axsynth {biggest['axsynth_s']:.2f}s "
        f"(goal < 1 s for 35k nodes), Chromium warm {biggest['chromium_warm_s']:.2f}s"
    )
    if args.json:
        args.json.write_text(json.dumps({"versions": versions, "pages": rows}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
