#!/usr/bin/env python3
"""How axsynth's cost grows with document size.

Builds synthetic but realistic documents (sections with headings, paragraphs with
links and inline markup, lists, forms with labels, data tables, a stylesheet) of
about 1k, 10k, 100k and 1M DOM nodes and reports, for each, the time and memory of
every stage:

  parse   HTML -> DOM (html5lib tree builder, shadow roots, node ids)
  style   the cascade (axsynth.style.cascade.Styles)
  tree    the AX tree (axsynth.ax.cache.AXCache: the tree, Names/States setup)
  emit    Document.write_full_ax_tree() into a counting sink: the CDP JSON text,
          streamed node by node exactly as `--format cdp` writes it

Every stage is timed in wall seconds and in process CPU seconds: on a shared
machine the CPU time is the steadier figure, so the size-to-size ratios are
printed for both.

Each size runs in its own subprocess so that peak RSS (``ru_maxrss``) belongs to
that size alone.  Times come from a run without tracemalloc (it slows Python
down 2-3x); ``--tracemalloc`` adds a second run per size that reports the Python
heap peak of every stage (tracemalloc.reset_peak between stages).

    python benchmarks/scale.py                      # 1k 10k 100k 1M
    python benchmarks/scale.py --sizes 1000 10000   # some sizes only
    python benchmarks/scale.py --repeat 3           # best of 3 (for small sizes)
    python benchmarks/scale.py --json out.json

The machine may be shared: use --repeat and read the times as best-of-N.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Last, so an installed axsynth (e.g. the compiled build on PYTHONPATH) is the one measured.
sys.path.append(str(ROOT))

STAGES = ("parse", "style", "tree", "emit")
DEFAULT_SIZES = (1_000, 10_000, 100_000, 1_000_000)

_CSS = """
body { margin: 0; font-family: sans-serif }
.hidden, [hidden] { display: none }
nav ul { list-style: none }
.card { display: inline-block; padding: 4px }
.card > h3 { font-weight: bold }
table.data td.num { text-align: right }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden }
.badge::before { content: "\\2022 " }
form .row { display: flex }
a.more::after { content: " \\2192" }
@media (max-width: 600px) { .wide { display: none } }
"""


def _block(i: int) -> str:
    """One section, ~150 DOM nodes (elements, text and whitespace text)."""
    return f"""<section id="s{i}" aria-labelledby="h{i}">
<h2 id="h{i}">Section {i}: results and notes</h2>
<p>Paragraph {i} with a <a href="/page/{i}">link to page {i}</a>, some <em>emphasis</em>,
<strong>strong text</strong> and a <a class="more" href="#s{i}">more</a> link.</p>
<p class="hidden">Hidden paragraph {i}</p>
<ul class="links">
<li><a href="/a/{i}">First item {i}</a></li>
<li><a href="/b/{i}">Second item</a> <span class="badge">new</span></li>
<li>Third item with <code>code {i}</code></li>
<li><button type="button" aria-pressed="false">Toggle {i}</button></li>
</ul>
<form action="/submit/{i}" class="wide">
<div class="row"><label for="n{i}">Name</label> <input id="n{i}" name="n" required></div>
<div class="row"><label><input type="checkbox" name="c{i}" checked> Subscribe</label></div>
<div class="row"><select name="o{i}"><option>One</option><option selected>Two</option></select></div>
<div class="row"><textarea name="t{i}" placeholder="Comment"></textarea>
<button>Send {i}</button></div>
</form>
<table class="data">
<caption>Table {i}</caption>
<thead><tr><th scope="col">Item</th><th scope="col">Qty</th><th scope="col">Price</th></tr></thead>
<tbody>
<tr><td>Apples</td><td class="num">{i % 7}</td><td class="num">1.20</td></tr>
<tr><td>Pears</td><td class="num">{i % 5}</td><td class="num">0.80</td></tr>
<tr><td><a href="/x/{i}">Plums</a></td><td class="num">3</td><td class="num">2.10</td></tr>
</tbody>
</table>
<div class="card"><h3>Card {i}</h3><img src="/img/{i}.png" alt="Picture {i}">
<p>Caption <span class="sr-only">for card {i}</span></p></div>
</section>
"""


def make_document(target_nodes: int) -> str:
    """A page of about ``target_nodes`` DOM nodes."""
    per_block = 150  # measured: see count_nodes; close enough for sizing
    blocks = max(1, round(target_nodes / per_block))
    body = "".join(_block(i) for i in range(blocks))
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Scale test</title>'
        f'<style>{_CSS}</style></head>\n<body>\n<header><nav><ul><li><a href="/">Home</a></li>'
        '<li><a href="/about">About</a></li></ul></nav></header>\n<main>\n'
        f"{body}</main>\n<footer><p>Footer</p></footer>\n</body></html>\n"
    )


def count_nodes(document) -> int:
    from axsynth.html.dom import Element

    count, stack = 0, [document]
    while stack:
        node = stack.pop()
        count += 1
        stack.extend(node.children)
        if isinstance(node, Element) and node.shadow_root is not None:
            stack.append(node.shadow_root)
    return count


def _rss_mb() -> float:
    """Peak RSS of this process so far, in MiB (ru_maxrss is KiB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _current_rss_mb() -> float:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        return _rss_mb()


class _CountingSink(io.TextIOBase):
    """Counts the CDP text instead of keeping it: memory stays axsynth's own."""

    def __init__(self) -> None:
        self.chars = 0
        self.nodes = 0

    def write(self, text: str) -> int:
        self.chars += len(text)
        self.nodes += text.count('"nodeId"')
        return len(text)


class _Clock:
    """Wall and CPU seconds since the last lap."""

    def __init__(self) -> None:
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def lap(self) -> tuple[float, float]:
        wall, cpu = time.perf_counter(), time.process_time()
        spent = (wall - self.wall, cpu - self.cpu)
        self.wall, self.cpu = wall, cpu
        return spent


def run_stages(html: bytes, trace: bool = False) -> dict:
    """Run the pipeline once and return per-stage seconds (and memory)."""
    import axsynth.api as api
    import axsynth.page as page_mod

    if trace:
        import tracemalloc

        tracemalloc.start()
    spent = {"parse": [0.0, 0.0], "style": [0.0, 0.0]}
    peaks = {}
    orig_parse, orig_styles = page_mod.parse_html, page_mod.Styles

    def timed(stage, fn):
        def run(*a, **k):
            if trace:
                tracemalloc.reset_peak()
            clock = _Clock()
            out = fn(*a, **k)
            wall, cpu = clock.lap()
            spent[stage][0] += wall
            spent[stage][1] += cpu
            if trace:
                peaks[stage] = tracemalloc.get_traced_memory()[1]
                tracemalloc.reset_peak()
            return out

        return run

    page_mod.parse_html, page_mod.Styles = timed("parse", orig_parse), timed("style", orig_styles)
    try:
        rss0 = _current_rss_mb()
        clock = _Clock()
        doc = api.Document(html, "http://axsynth.test/scale.html")
        doc.ax  # Chromium's tree is built on first use: here, so "tree" times it
        build_wall, build_cpu = clock.lap()
        if trace:
            peaks["tree"] = tracemalloc.get_traced_memory()[1]
            tracemalloc.reset_peak()
        rss_doc = _rss_mb()
        sink = _CountingSink()
        doc.write_full_ax_tree(sink)
        emit_wall, emit_cpu = clock.lap()
        if trace:
            peaks["emit"] = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
    finally:
        page_mod.parse_html, page_mod.Styles = orig_parse, orig_styles
    times = {
        "parse": spent["parse"][0],
        "style": spent["style"][0],
        "tree": build_wall - spent["parse"][0] - spent["style"][0],
        "emit": emit_wall,
    }
    cpu_times = {
        "parse": spent["parse"][1],
        "style": spent["style"][1],
        "tree": build_cpu - spent["parse"][1] - spent["style"][1],
        "emit": emit_cpu,
    }
    result = {
        "times": times,
        "cpu_times": cpu_times,
        "total": build_wall + emit_wall,
        "cpu": build_cpu + emit_cpu,  # process CPU time: less disturbed than wall time by other load
        "nodes": count_nodes(doc.dom),
        "ax_nodes": sink.nodes,
        "json_chars": sink.chars,
        "rss_before_mb": rss0,
        "peak_rss_after_document_mb": rss_doc,
        "peak_rss_mb": _rss_mb(),
    }
    if trace:
        result["tracemalloc_peak_mb"] = {s: peaks[s] / 2**20 for s in STAGES}
    return result


def one_size(size: int, repeat: int, trace: bool) -> dict:
    html = make_document(size).encode("utf-8")
    best = None
    for _ in range(repeat):
        r = run_stages(html)
        if best is None or r["total"] < best["total"]:
            best = r
    best["html_bytes"] = len(html)
    best["target"] = size
    best["peak_rss_over_html"] = (best["peak_rss_mb"] - best["rss_before_mb"]) * 2**20 / len(html)
    if trace:
        best["tracemalloc_peak_mb"] = run_stages(html, trace=True)["tracemalloc_peak_mb"]
    return best


def _fmt_size(n: int) -> str:
    return (
        f"{n // 1_000_000}M"
        if n >= 1_000_000 and n % 1_000_000 == 0
        else (f"{n // 1000}k" if n >= 1000 and n % 1000 == 0 else str(n))
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES))
    parser.add_argument("--repeat", type=int, default=1, help="runs per size; the fastest is kept")
    parser.add_argument("--tracemalloc", action="store_true", help="also report per-stage Python heap peaks")
    parser.add_argument("--json", type=Path, help="write the results here")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)  # child mode
    args = parser.parse_args()

    if args.one is not None:
        print(json.dumps(one_size(args.one, args.repeat, args.tracemalloc)))
        return 0

    results = []
    header = (
        f"{'size':>5} {'nodes':>8} {'html MB':>8} "
        + " ".join(f"{s + ' s':>8}" for s in STAGES)
        + f" {'total s':>8} {'cpu s':>7} {'us/node':>8} {'peakRSS MB':>10} {'RSS/html':>8}"
    )
    import axsynth

    print(f"axsynth {'compiled' if axsynth.COMPILED else 'pure Python'}, Python {sys.version.split()[0]}")
    print(header)
    for size in args.sizes:
        cmd = [sys.executable, __file__, "--one", str(size), "--repeat", str(args.repeat)]
        if args.tracemalloc:
            cmd.append("--tracemalloc")
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            print(f"{_fmt_size(size):>5} failed: {proc.stderr.strip().splitlines()[-1:]}")
            continue
        r = json.loads(proc.stdout)
        results.append(r)
        t = r["times"]
        print(
            f"{_fmt_size(size):>5} {r['nodes']:>8} {r['html_bytes'] / 2**20:>8.2f} "
            + " ".join(f"{t[s]:>8.2f}" for s in STAGES)
            + f" {r['total']:>8.2f} {r['cpu']:>7.2f} {r['total'] / r['nodes'] * 1e6:>8.1f} {r['peak_rss_mb']:>10.0f}"
            + f" {r['peak_rss_over_html']:>7.1f}x",
            flush=True,
        )
        print("      cpu s: " + ", ".join(f"{s} {r['cpu_times'][s]:.2f}" for s in STAGES), flush=True)
        if args.tracemalloc:
            print(
                "      tracemalloc peak MB: " + ", ".join(f"{s} {r['tracemalloc_peak_mb'][s]:.0f}" for s in STAGES),
                flush=True,
            )
    by_target = {r["target"]: r for r in results}
    for small, big in zip(args.sizes, args.sizes[1:]):
        if small in by_target and big in by_target:
            a, b = by_target[small], by_target[big]
            print(
                f"{_fmt_size(small)}->{_fmt_size(big)}: nodes x{b['nodes'] / a['nodes']:.1f}, "
                f"time x{b['total'] / a['total']:.2f} (cpu x{b['cpu'] / a['cpu']:.2f}), per-stage "
                + ", ".join(f"{s} x{b['times'][s] / a['times'][s]:.2f}" for s in STAGES)
                + "; per-stage cpu "
                + ", ".join(f"{s} x{b['cpu_times'][s] / a['cpu_times'][s]:.2f}" for s in STAGES)
            )
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
