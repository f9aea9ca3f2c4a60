#!/usr/bin/env python3
"""Throughput of ``axsynth batch``: worker scaling, against a shell loop of ``snapshot``,
and the Dask LocalCluster against the local pool — all measured in the same run.

Corpora (copied into a temporary directory, so every page is a distinct file):
  large  the 11 pages of tests/fixtures/large/, repeated to >= --pages pages (default 209)
  small  the first --small fixtures of tests/fixtures/*.html (default 200; a few KB each)

Runs (each a subprocess ``python -m axsynth``; wall time, and the CPU seconds of the
run and all its children from ``RUSAGE_CHILDREN``):
  batch --jobs 1 / --jobs 2 / --dask local (2 workers) over the large corpus
  a shell loop of ``axsynth snapshot`` vs ``batch --jobs 1`` / ``--jobs 2`` over the small corpus

The machine may be shared: wall-clock ratios move with the load of others, CPU seconds
much less, so both are printed.

    python benchmarks/batch.py                    # all runs (~5 min on 2 cores)
    python benchmarks/batch.py --format aria --pages 220 --no-dask
    python benchmarks/batch.py --only-dask --dask-pairs 2 --pages 110   # pool, Dask, pool, Dask
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"


def timed(command: list[str], shell: bool = False) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system, children included) of a command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run(
        command if not shell else " ".join(command),
        shell=shell,
        check=False,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def corpus(folder: Path, sources: list[Path], pages: int) -> int:
    folder.mkdir()
    for i in range(pages):
        source = sources[i % len(sources)]
        shutil.copy(source, folder / f"{i:04}-{source.name}")
    return pages


def report(label: str, pages: int, wall: float, cpu: float, peer: tuple[str, float, float] | None = None) -> tuple:
    line = (
        f"{label:38} {pages:4} pages {wall:7.1f} s {pages / wall:7.2f} pages/s  CPU {cpu:7.1f} s "
        f"({cpu / pages * 1000:6.0f} ms/page)"
    )
    if peer is not None:
        line += f"  x{(pages / wall) / (pages / peer[1]):.2f} wall, x{peer[2] / cpu:.2f} CPU vs {peer[0]}"
    print(line, flush=True)
    return label, wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--format", default="cdp")
    parser.add_argument("--pages", type=int, default=209)
    parser.add_argument("--small", type=int, default=200)
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--only-dask", action="store_true", help="only the Dask and local-pool pairs")
    parser.add_argument(
        "--dask-pairs",
        type=int,
        default=1,
        help="(local pool, Dask) pairs run back to back, for a fairer A/B on a loaded machine",
    )
    args = parser.parse_args()
    axsynth = [sys.executable, "-m", "axsynth"]
    with tempfile.TemporaryDirectory() as tmp:
        large, small, out = Path(tmp) / "large", Path(tmp) / "small", str(Path(tmp) / "out.jsonl")
        n_large = corpus(large, sorted((FIXTURES / "large").glob("*.html")), args.pages)
        small_sources = sorted(FIXTURES.glob("*.html"))[: args.small]
        n_small = corpus(small, small_sources, len(small_sources))
        print(
            f"--format {args.format}; {os.cpu_count()} cores; large: {n_large} pages, "
            f"small: {n_small} pages (mean {sum(p.stat().st_size for p in small_sources) / n_small / 1024:.1f} KB)"
        )

        def batch(folder: Path, *extra: str) -> list[str]:
            return [*axsynth, "batch", str(folder), "--format", args.format, "-o", out, *extra]

        if not args.only_dask:
            one = report("large: batch --jobs 1", n_large, *timed(batch(large, "--jobs", "1")))
            two = report("large: batch --jobs 2", n_large, *timed(batch(large, "--jobs", "2")), peer=one)
        if not args.no_dask:
            for pair in range(args.dask_pairs):
                if args.only_dask or pair:
                    two = report("large: batch --jobs 2", n_large, *timed(batch(large, "--jobs", "2")))
                report(
                    "large: batch --dask local (2 workers)",
                    n_large,
                    *timed(batch(large, "--dask", "local", "--jobs", "2")),
                    peer=two,
                )
        if args.only_dask:
            return
        loop = (
            f'for f in {small}/*.html; do {sys.executable} -m axsynth snapshot "$f" --format {args.format} '
            "> /dev/null; done"
        )
        shell = report("small: snapshot in a shell loop", n_small, *timed([loop], shell=True))
        report("small: batch --jobs 1", n_small, *timed(batch(small, "--jobs", "1")), peer=shell)
        report("small: batch --jobs 2", n_small, *timed(batch(small, "--jobs", "2")), peer=shell)


if __name__ == "__main__":
    main()
