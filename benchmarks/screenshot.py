#!/usr/bin/env python3
"""Annotated screenshots on real saved pages: are the maps right, and what do they cost?

For each page of a sample (every k-th page of the real-web corpora, see docs/realweb.md):

* **correctness**: ``Document.from_file(page).screenshot(max_annotations=100)``, then, in a
  second browser that shares nothing with the first but the pages' bytes (the same request
  answers), each label's selector is resolved with a query of its own: exactly one element,
  whose box matches the map's within 1 px; Chromium's own accessibility node of that element
  (CDP ``Accessibility.getPartialAXTree``) has the role and name axsynth's tree gives it; and the
  map's role and name are the agent snapshot's for its ref.
* **time**, in the same run, browser already started, each page a first visit in a fresh
  context: a plain Playwright screenshot (the peer's fastest path: the page's ``file:`` URL,
  no interception, scripts off) against the whole annotated screenshot (the page read by
  axsynth, its tree, the page loaded through interception, measured, labelled, captured).
  Each page is timed twice, once in each order, and the two runs summed. With ``--cold N``, N pages are also
  timed as a command would run them: browser launch and close included on both sides.

    python benchmarks/screenshot.py [--pages 50] [--cold 10] [--json OUT] [CORPUS_DIR...]

Without Playwright or Chromium it prints why and exits 0.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))

from axsynth import Document  # noqa: E402
from axsynth.screenshot import Chromium, ScreenshotError, unavailable_reason  # noqa: E402
from axsynth.screenshot.browser import VIEWPORT, _named_or_on_path, launch_args  # noqa: E402
from axsynth.screenshot.resources import Resources  # noqa: E402
from tests.unit.screenshot_checks import RESOLVE  # noqa: E402

CACHE = Path.home() / ".cache" / "axsynth-realweb"
CORPORA = [CACHE / "pages" / "postlight" / "fixtures", CACHE / "pages" / "trafilatura" / "tests"]


def sample(corpora: list[Path], count: int) -> list[Path]:
    pages = sorted(p for c in corpora for p in c.rglob("*") if p.suffix.lower() in (".html", ".htm"))
    step = max(len(pages) // count, 1)
    return pages[::step][:count]


def check_page(page: Path, chromium: Chromium, browser) -> dict:
    """The annotated screenshot of one page, each label checked in a second browser."""
    doc = Document.from_file(page)
    shot = doc.screenshot(browser=chromium, max_annotations=100)
    agent_refs = doc.agent_snapshot(max_bytes=None).refs
    context = browser.new_context(java_script_enabled=False, viewport=VIEWPORT, device_scale_factor=1)
    try:
        served = Resources.of(doc)
        tab = context.new_page()
        served.install(context, tab)
        tab.goto(served.url, wait_until="load", timeout=60_000)
        cdp = context.new_cdp_session(tab)
        out = dict.fromkeys(("labels", "unique", "box", "chromium_role", "chromium_name", "agent", "in_frames"), 0)
        out["misses"] = []
        for annotation in shot.annotations:
            data = annotation.to_json()
            out["labels"] += 1
            found = tab.evaluate(RESOLVE, [data["selector"], data.get("frames", [])])
            unique = found is not None and len(found) == 1
            out["unique"] += unique
            b = data["bounds"]
            edges = (b["x"], b["y"], b["x"] + b["width"], b["y"] + b["height"])
            box_ok = unique and all(abs(found[0][k] - e) <= 1 for k, e in zip(("x", "y", "right", "bottom"), edges))
            out["box"] += box_ok
            ref = agent_refs.get(data["ref"]) if data["ref"] else None
            out["agent"] += ref is not None and (ref.role, ref.name) == (data["role"], data["name"])
            role_ok = name_ok = False
            if data.get("frames"):  # Chromium's node of an element in a frame is not compared
                out["in_frames"] += 1
                role_ok = name_ok = True
            elif unique:
                node = chromium_node(cdp, data["selector"])
                ours = doc.get_partial_ax_tree(annotation.target.element, fetch_relatives=False)["nodes"][0]
                if node is not None:
                    role_ok = node.get("role", {}).get("value") == ours["role"]["value"]
                    name_ok = node.get("name", {}).get("value", "") == ours.get("name", {}).get("value", "")
                out["chromium_role"] += role_ok
                out["chromium_name"] += name_ok
            if not (box_ok and role_ok and name_ok):
                out["misses"].append({"label": data, "found": found, "role_ok": role_ok, "name_ok": name_ok})
        out["left_out"] = shot.left_out
        return out
    finally:
        context.close()


def chromium_node(cdp, selector: str) -> dict | None:
    """Chromium's accessibility node for the element the selector names (top frame)."""
    expression = (
        f"(() => {{ let f = [document]; for (const p of {json.dumps(selector)}.split(' >>> ')) "
        "f = f.flatMap((x) => Array.from((x.shadowRoot || x).querySelectorAll(p))); return f[0]; })()"
    )
    result = cdp.send("Runtime.evaluate", {"expression": expression})["result"]
    if "objectId" not in result:
        return None
    backend = cdp.send("DOM.describeNode", {"objectId": result["objectId"]})["node"]["backendNodeId"]
    nodes = cdp.send("Accessibility.getPartialAXTree", {"backendNodeId": backend, "fetchRelatives": False})["nodes"]
    return nodes[0] if nodes else None


def time_page(page: Path, chromium: Chromium, plain_browser, annotated_first: bool) -> tuple[float, float]:
    """(plain, annotated) seconds for one page, each a first visit in a fresh context."""

    def plain() -> float:
        start = time.perf_counter()
        context = plain_browser.new_context(java_script_enabled=False, viewport=VIEWPORT, device_scale_factor=1)
        tab = context.new_page()
        tab.goto(page.resolve().as_uri(), wait_until="load", timeout=60_000)
        tab.screenshot()
        context.close()
        return time.perf_counter() - start

    def annotated() -> float:
        start = time.perf_counter()
        Document.from_file(page).screenshot(browser=chromium)
        return time.perf_counter() - start

    if annotated_first:
        a = annotated()
        return plain(), a
    p = plain()
    return p, annotated()


def time_cold(page: Path, executable: str) -> tuple[float, float]:
    """(plain, annotated) seconds as one command each: Playwright's driver started, the
    browser launched, the page shot, all closed. Each side runs in a thread of its own, as
    axsynth's browser does."""

    def plain() -> None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=executable, args=launch_args())
            tab = browser.new_page(java_script_enabled=False, viewport=VIEWPORT)
            tab.goto(page.resolve().as_uri(), wait_until="load", timeout=60_000)
            tab.screenshot()
            browser.close()

    def annotated() -> None:
        with Chromium(executable) as chromium:
            Document.from_file(page).screenshot(browser=chromium)

    times = []
    for side in (plain, annotated):
        start = time.perf_counter()
        worker = threading.Thread(target=side)
        worker.start()
        worker.join()
        times.append(time.perf_counter() - start)
    return times[0], times[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpora", nargs="*", type=Path, default=CORPORA)
    parser.add_argument("--pages", type=int, default=50)
    parser.add_argument("--cold", type=int, default=10, help="pages also timed with the browser launch")
    parser.add_argument("--json", type=Path, help="write every figure and every miss here")
    args = parser.parse_args()
    reason = unavailable_reason()
    if reason is not None:
        print(f"skipped: {reason}")
        return 0
    from playwright.sync_api import sync_playwright

    pages = sample([c for c in args.corpora if c.is_dir()], args.pages)
    totals = dict.fromkeys(("labels", "unique", "box", "chromium_role", "chromium_name", "agent", "in_frames"), 0)
    left_out: dict[str, int] = {}
    report: dict = {"pages": [], "failures": []}
    times: list[tuple[float, float]] = []
    load = [os.getloadavg()[0]]
    chromium = Chromium()
    chromium.wait_ready()
    with sync_playwright() as playwright:
        executable = _named_or_on_path(None) or playwright.chromium.executable_path
        plain_browser = playwright.chromium.launch(executable_path=executable, args=launch_args())
        checker = playwright.chromium.launch(executable_path=executable, args=launch_args())
        for n, page in enumerate(pages):
            try:
                found = check_page(page, chromium, checker)
                # Twice, each order once: each run a first visit (a fresh context), the noise halved.
                runs = [
                    time_page(page, chromium, plain_browser, annotated_first=first) for first in (n % 2 == 0, n % 2)
                ]
                times.append((sum(p for p, _ in runs), sum(a for _, a in runs)))
            except (ScreenshotError, OSError, ValueError) as exc:
                report["failures"].append({"page": str(page), "error": str(exc)})
                print(f"{page.name}: {exc}", file=sys.stderr)
                continue
            for key in totals:
                totals[key] += found[key]
            for key, value in found["left_out"].items():
                left_out[key] = left_out.get(key, 0) + value
            report["pages"].append({"page": str(page), **found, "plain_s": times[-1][0], "annotated_s": times[-1][1]})
            print(f"{page.name}: {found['labels']} labels, {found['box']} boxes exact, times {times[-1]}", flush=True)
        plain_browser.close()
        checker.close()
    chromium.close()
    cold = [time_cold(page, executable) for page in pages[: args.cold]]

    load.append(os.getloadavg()[0])
    labels = totals["labels"] or 1
    compared = (totals["labels"] - totals["in_frames"]) or 1
    ratios = [a / p for p, a in times]
    print(f"\nload average (1 min) at the start and the end: {load[0]:.1f}, {load[1]:.1f} on {os.cpu_count()} CPUs")
    print(f"pages: {len(report['pages'])} (failed: {len(report['failures'])}), labels: {totals['labels']}")
    for key, what in (
        ("unique", "selector resolves to exactly one element"),
        ("box", "... whose box matches the map within 1 px"),
        ("chromium_role", "role equals Chromium's own node's (CDP role value; labels in frames not compared)"),
        ("chromium_name", "name equals Chromium's own node's (CDP name value)"),
        ("agent", "role and name equal the agent snapshot's for its ref"),
    ):
        print(f"  {totals[key] / (compared if key.startswith('chromium') else labels):7.2%}  {what}")
    print(f"  in frames: {totals['in_frames']}; left out: {left_out}")
    print(
        f"time, warm browser: annotated / plain screenshot: median {statistics.median(ratios):.2f}x, "
        f"total {sum(a for _, a in times) / sum(p for p, _ in times):.2f}x "
        f"(plain median {statistics.median(p for p, _ in times) * 1000:.0f} ms, "
        f"annotated median {statistics.median(a for _, a in times) * 1000:.0f} ms)"
    )
    if cold:
        cold_ratios = [a / p for p, a in cold]
        print(
            f"time, launch included ({len(cold)} pages): median {statistics.median(cold_ratios):.2f}x, "
            f"total {sum(a for _, a in cold) / sum(p for p, _ in cold):.2f}x"
        )
    if args.json:
        report |= {"totals": totals, "left_out": left_out, "times": times, "cold": cold, "load": load}
        args.json.write_text(json.dumps(report, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
