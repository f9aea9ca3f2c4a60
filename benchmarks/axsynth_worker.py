"""One axsynth build, timed in its own process for benchmarks/real_pages.py.

Run with PYTHONPATH pointing at the checkout to measure; reads one JSON request per line on
stdin and answers one JSON line on stdout, so that two builds (say main and a branch) are
measured page by page, alternating, in the same run and under the same load.

Requests:
  {"op": "info"}                                         -> where axsynth was imported from
  {"op": "cdp", "path": P, "url": U, "repeat": N}        -> read -> Document -> CDP JSON text:
        best wall and CPU seconds of N, the text's sha1 and AX node count
  {"op": "heap", "path": P, "url": U}                    -> tracemalloc peak of the streamed path
  {"op": "small", "paths": [P...], "rounds": N}          -> documents per second, one warm process
  {"op": "visit", "path": P, "url": U}                   -> one read -> Document (linked sheets from the
        file's folder) -> CDP JSON text: wall and CPU seconds, the text's sha1 and AX node count
  {"op": "small_tree", "paths": [P...], "rounds": N}     -> Document.from_html -> get_full_ax_tree(), each
        round's wall and CPU seconds (the first round meets every page for the first time)
"""

from __future__ import annotations

import hashlib
import io
import json
import sys
import time
import tracemalloc
from pathlib import Path

import axsynth
from axsynth.api import Document


class _Discard(io.TextIOBase):
    """A sink that keeps nothing: the heap figure is axsynth's own."""

    def write(self, text: str) -> int:
        return len(text)


def cdp_text(path: str, url: str) -> str:
    out = io.StringIO()
    Document.from_html(Path(path).read_bytes(), url=url).write_full_ax_tree(out)
    return out.getvalue()


def time_cdp(path: str, url: str, repeat: int) -> dict:
    wall = cpu = float("inf")
    text = ""
    for _ in range(max(1, repeat)):
        t, c = time.perf_counter(), time.process_time()
        text = cdp_text(path, url)
        cpu = min(cpu, time.process_time() - c)
        wall = min(wall, time.perf_counter() - t)
    return {
        "wall": wall,
        "cpu": cpu,
        "sha1": hashlib.sha1(text.encode()).hexdigest(),
        "ax_nodes": text.count('"nodeId"'),
    }


def visit(path: str, url: str) -> dict:
    """One visit of a page, timed from reading its file to the CDP JSON text."""
    t, c = time.perf_counter(), time.process_time()
    file = Path(path)
    out = io.StringIO()
    Document.from_html(file.read_bytes(), url=url, base_dir=file.parent).write_full_ax_tree(out)
    cpu, wall = time.process_time() - c, time.perf_counter() - t
    text = out.getvalue()
    return {
        "wall": wall,
        "cpu": cpu,
        "sha1": hashlib.sha1(text.encode()).hexdigest(),
        "ax_nodes": text.count('"nodeId"'),
    }


def small_tree(paths: list[str], rounds: int) -> dict:
    """Small documents through the dict API (``get_full_ax_tree``), round by round."""
    sources = [(Path(p).read_bytes(), Path(p).as_uri()) for p in paths]
    walls, cpus, nodes = [], [], 0
    for _ in range(max(1, rounds)):
        t, c = time.perf_counter(), time.process_time()
        nodes = 0
        for data, url in sources:
            nodes += len(Document.from_html(data, url=url).get_full_ax_tree()["nodes"])
        cpus.append(time.process_time() - c)
        walls.append(time.perf_counter() - t)
    return {"docs": len(sources), "ax_nodes": nodes, "walls": walls, "cpus": cpus}


def peak_heap(path: str, url: str) -> dict:
    data = Path(path).read_bytes()
    tracemalloc.start()
    try:
        Document.from_html(data, url=url).write_full_ax_tree(_Discard())
        return {"peak": tracemalloc.get_traced_memory()[1]}
    finally:
        tracemalloc.stop()


def small_pages(paths: list[str], rounds: int) -> dict:
    sources = [(Path(p).read_bytes(), Path(p).as_uri()) for p in paths]
    best_wall = best_cpu = float("inf")
    for _ in range(max(1, rounds)):
        t, c = time.perf_counter(), time.process_time()
        for data, url in sources:
            Document.from_html(data, url=url).write_full_ax_tree(_Discard())
        best_cpu = min(best_cpu, time.process_time() - c)
        best_wall = min(best_wall, time.perf_counter() - t)
    return {"docs": len(sources), "wall": best_wall, "cpu": best_cpu}


def answer(request: dict) -> dict:
    op = request["op"]
    if op == "info":
        return {"file": axsynth.__file__, "compiled": axsynth.COMPILED}
    if op == "cdp":
        return time_cdp(request["path"], request["url"], request["repeat"])
    if op == "heap":
        return peak_heap(request["path"], request["url"])
    if op == "small":
        return small_pages(request["paths"], request["rounds"])
    if op == "visit":
        return visit(request["path"], request["url"])
    if op == "small_tree":
        return small_tree(request["paths"], request["rounds"])
    raise ValueError(f"unknown op {op!r}")


def main() -> None:
    for line in sys.stdin:
        try:
            reply = answer(json.loads(line))
        except Exception as exc:  # noqa: BLE001 - reported to the caller, which goes on
            reply = {"error": f"{type(exc).__name__}: {exc}"}
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
