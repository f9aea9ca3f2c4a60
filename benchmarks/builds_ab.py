"""Two axsynth builds (say main's compiled build and a branch's), CPU time, same run.

    AXSYNTH_COMPILE=1 pip install --no-deps --target /tmp/before /path/to/main-checkout
    AXSYNTH_COMPILE=1 pip install --no-deps --target /tmp/after .
    python benchmarks/builds_ab.py before=/tmp/before after=/tmp/after \\
        tests/fixtures/large/large-data-table.html --processes 5

Each build runs in fresh processes, taking turns (before, after, before, ...), each
process reading the pages given (files, or @FILE listing one path a line) → ``Document``
→ ``write_full_ax_tree`` into a sink that keeps nothing, ``--rounds`` times after one
warm-up page; prints each build's best CPU seconds (``time.process_time``) and the ratios.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


class _Discard(io.TextIOBase):
    def write(self, text: str) -> int:
        return len(text)


def _worker(paths: list[str], rounds: int) -> None:
    """In a build's own process: the best CPU seconds of ``rounds`` passes over the pages."""
    import axsynth
    from axsynth.api import Document

    sources = [(Path(p).read_bytes(), Path(p).resolve().as_uri()) for p in paths]

    def one_pass(pages: list[tuple[bytes, str]]) -> float:
        start = time.process_time()
        for data, url in pages:
            Document.from_html(data, url=url).write_full_ax_tree(_Discard())
        return time.process_time() - start

    one_pass(sources[:1])
    best = min(one_pass(sources) for _ in range(rounds))
    print(json.dumps({"cpu": best, "compiled": axsynth.COMPILED, "file": axsynth.__file__}))


def _pages(args: list[str]) -> list[str]:
    paths = []
    for arg in args:
        paths += Path(arg[1:]).read_text().splitlines() if arg.startswith("@") else [arg]
    return [str(Path(p).resolve()) for p in paths if p]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("builds", help="NAME=DIR,NAME=DIR: where each build's axsynth package lies")
    parser.add_argument("pages", nargs="+", help="HTML files, or @FILE listing them")
    parser.add_argument("--processes", type=int, default=5, help="fresh processes per build (best of)")
    parser.add_argument("--rounds", type=int, default=1, help="passes over the pages per process (best of)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(args.pages, args.rounds)
        return
    builds = dict(item.split("=", 1) for item in args.builds.split(","))
    pages = _pages(args.pages)
    best = dict.fromkeys(builds, float("inf"))
    for turn in range(args.processes):
        for name, directory in builds.items():
            # cwd: not a checkout, whose axsynth/ would shadow PYTHONPATH's.
            result = subprocess.run([sys.executable, __file__, "-", *pages, "--worker", "--rounds", str(args.rounds)],
                                    env=dict(os.environ, PYTHONPATH=directory), cwd=tempfile.gettempdir(), check=True,
                                    capture_output=True, text=True)
            reply = json.loads(result.stdout)
            best[name] = min(best[name], reply["cpu"])
            if turn == 0:
                print(f"{name}: {reply['file']} (compiled: {reply['compiled']})")
    print(f"{len(pages)} pages, CPU s, best of {args.processes} processes x {args.rounds} rounds:")
    for name, seconds in best.items():
        print(f"  {name:>10} {seconds:.3f}")
    names = list(builds)
    for other in names[1:]:
        print(f"  {other}/{names[0]} = x{best[other] / best[names[0]]:.3f}")


if __name__ == "__main__":
    main()
