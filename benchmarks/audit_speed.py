#!/usr/bin/env python3
"""What ``axsynth audit`` costs, against a CDP snapshot of the same page and against
axe-core run in Chromium on the same pages, in one run.

For each page (first visits: every page is read, parsed and audited once):

  snapshot   read -> Document -> getFullAXTree JSON (``snapshot --format cdp``'s work)
  audit      ``doc.audit()`` on that same Document afterwards: what an audit adds
  alone      read -> Document -> audit, a fresh Document (``axsynth audit``'s work)
  axe        Chromium 156 already running, one tab: page scripts off, navigate to the
             page's ``file:`` URL (plain CDP, no request interception), scripts on,
             inject axe-core, ``axe.run`` with axsynth's rules

axsynth runs in this process (modules imported beforehand), one core; its CPU time is
``time.process_time``. Chromium's CPU time is that of all its processes (psutil), since
a page's work is spread over the browser, renderer and other processes. Pages/s per core
is pages over CPU seconds on each side; wall-clock pages/s are printed beside it.

    python benchmarks/audit_speed.py [--pages 40] [--json out.json] CORPUS_DIR...

axe-core comes from npm (``npm install --prefix /work/scratch/axe axe-core@4.14.1``,
``--axe DIR`` elsewhere). Without Chromium, Playwright or axe-core it says why and exits 0.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))
sys.path.append(str(ROOT / "tools"))

from axsynth.api import Document  # noqa: E402
from axsynth.audit.catalog import RULE_IDS  # noqa: E402

DEFAULT_AXE = Path("/work/scratch/axe/node_modules/axe-core")


def pick_pages(dirs: list[Path], per_dir: int) -> list[Path]:
    """Every n-th HTML page of each corpus, so the sample spans it (sorted: repeatable)."""
    pages = []
    for directory in dirs:
        found = sorted(p for p in directory.rglob("*") if p.suffix in (".html", ".htm") and p.is_file())
        step = max(1, len(found) // per_dir)
        pages += found[::step][:per_dir]
    return pages


def time_axsynth(path: Path) -> dict[str, float]:
    data = path.read_bytes()
    url = path.as_uri()
    started = time.process_time()
    doc = Document.from_html(data, url)
    doc.write_full_ax_tree(io.StringIO())
    snapshot = time.process_time() - started
    started = time.process_time()
    doc.audit()
    audit = time.process_time() - started
    started_wall, started = time.perf_counter(), time.process_time()
    Document.from_html(path.read_bytes(), url).audit()
    return {
        "snapshot_s": snapshot,
        "audit_s": audit,
        "alone_cpu_s": time.process_time() - started,
        "alone_wall_s": time.perf_counter() - started_wall,
    }


class AxeInChromium:
    """One headless Chromium, one tab, reused for every page (its fastest path)."""

    def __init__(self, axe_dir: Path) -> None:
        import psutil
        from chromium_capture import CHROMIUM_ARGS, VIEWPORT, chromium_path
        from playwright.sync_api import sync_playwright

        self.source = (axe_dir / "axe.js").read_text(encoding="utf-8")
        self.options = {"runOnly": {"type": "rule", "values": list(RULE_IDS)}, "iframes": False}
        self._playwright = sync_playwright().start()
        self.browser = self._playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        self.page = self.browser.new_context(viewport=VIEWPORT).new_page()
        self.cdp = self.page.context.new_cdp_session(self.page)
        self.version = self.browser.version
        self._root = next(p for p in psutil.process_iter(["name", "cmdline"]) if self._is_ours(p))

    def _is_ours(self, process) -> bool:
        """The browser process this run launched (a child of Playwright's driver)."""
        import os

        try:
            parent = process.parent()
            chain = []
            while parent is not None:
                chain.append(parent.pid)
                parent = parent.parent()
            return (
                "chromium" in (process.info["name"] or "")
                and os.getpid() in chain
                and "--type=" not in " ".join(process.info["cmdline"] or [])
            )
        except Exception:  # noqa: BLE001 - a process that ended meanwhile
            return False

    def cpu_seconds(self) -> float:
        total = 0.0
        for process in [self._root, *self._root.children(recursive=True)]:
            try:
                times = process.cpu_times()
                total += times.user + times.system
            except Exception:  # noqa: BLE001 - a renderer that ended meanwhile
                continue
        return total

    def audit(self, path: Path) -> dict[str, float]:
        started_cpu, started = self.cpu_seconds(), time.perf_counter()
        own = time.process_time()
        self.cdp.send("Emulation.setScriptExecutionDisabled", {"value": True})
        self.page.goto(path.as_uri(), wait_until="load", timeout=60_000)
        self.cdp.send("Emulation.setScriptExecutionDisabled", {"value": False})
        self._evaluate(self.source)
        self._evaluate(f"axe.run(document, {json.dumps(self.options)}).then(r => r.violations.length)")
        wall = time.perf_counter() - started
        driver = time.process_time() - own  # this process's share: Playwright's client
        return {"axe_wall_s": wall, "axe_cpu_s": self.cpu_seconds() - started_cpu + driver}

    def _evaluate(self, expression: str):
        answer = self.cdp.send(
            "Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True}
        )
        if "exceptionDetails" in answer:
            raise RuntimeError(str(answer["exceptionDetails"])[:200])
        return answer["result"].get("value")

    def close(self) -> None:
        self.browser.close()
        self._playwright.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("dirs", nargs="+", type=Path)
    parser.add_argument("--pages", type=int, default=40, help="pages per corpus directory")
    parser.add_argument("--axe", type=Path, default=DEFAULT_AXE)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    try:
        chromium = AxeInChromium(args.axe)
    except Exception as exc:  # noqa: BLE001 - no peer here: say why
        print(f"axe-core in Chromium is not available ({type(exc).__name__}: {exc}); nothing measured")
        return 0
    pages = pick_pages(args.dirs, args.pages)
    Document.from_html(pages[0].read_bytes(), pages[0].as_uri()).audit()  # imports and tables, once
    rows = []
    try:
        for number, path in enumerate(pages):
            # Alternate which side goes first, so neither always meets a warmer machine.
            if number % 2:
                row = {**chromium.audit(path), **time_axsynth(path)}
            else:
                row = {**time_axsynth(path), **chromium.audit(path)}
            rows.append({"page": str(path), **{k: round(v, 4) for k, v in row.items()}})
    finally:
        chromium.close()
    summary = summarize(rows, chromium.version)
    print(render(summary))
    if args.json:
        args.json.write_text(json.dumps({"summary": summary, "pages": rows}, indent=1) + "\n", encoding="utf-8")
    return 0


def summarize(rows: list[dict], version: str) -> dict:
    total = {key: sum(row[key] for row in rows) for key in rows[0] if key.endswith("_s")}
    added = [row["audit_s"] / row["snapshot_s"] for row in rows if row["snapshot_s"] > 0]
    return {
        "pages": len(rows),
        "chromium": version,
        "audit_adds_to_snapshot": total["audit_s"] / total["snapshot_s"],
        "audit_adds_to_snapshot_median_page": statistics.median(added),
        "axsynth_pages_per_cpu_s": len(rows) / total["alone_cpu_s"],
        "axe_pages_per_cpu_s": len(rows) / total["axe_cpu_s"],
        "axsynth_pages_per_wall_s": len(rows) / total["alone_wall_s"],
        "axe_pages_per_wall_s": len(rows) / total["axe_wall_s"],
        "totals_s": {key: round(value, 2) for key, value in total.items()},
    }


def render(s: dict) -> str:
    per_core = s["axsynth_pages_per_cpu_s"] / s["axe_pages_per_cpu_s"]
    wall = s["axsynth_pages_per_wall_s"] / s["axe_pages_per_wall_s"]
    return "\n".join(
        [
            f"{s['pages']} pages, axe-core in Chromium {s['chromium']} side by side",
            f"audit adds {100 * s['audit_adds_to_snapshot']:.0f}% to a CDP snapshot of the same page "
            f"(all pages' CPU time; median page {100 * s['audit_adds_to_snapshot_median_page']:.0f}%)",
            f"pages/s per core: axsynth {s['axsynth_pages_per_cpu_s']:.2f}, axe in Chromium "
            f"{s['axe_pages_per_cpu_s']:.2f} -> {per_core:.1f}x",
            f"pages/s wall, one page at a time: axsynth {s['axsynth_pages_per_wall_s']:.2f}, axe in Chromium "
            f"{s['axe_pages_per_wall_s']:.2f} -> {wall:.1f}x",
            f"totals (s): {s['totals_s']}",
        ]
    )


if __name__ == "__main__":
    sys.exit(main())
