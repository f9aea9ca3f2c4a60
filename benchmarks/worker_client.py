"""The driving side of benchmarks/axsynth_worker.py, shared by the benchmarks that compare builds.

A ``WorkerClient`` runs one worker with ``PYTHONPATH`` set to the build measured and sends it
one JSON request per line; ``sample`` picks pages spread evenly over the sizes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

WORKER = Path(__file__).resolve().parent / "axsynth_worker.py"


class WorkerClient:
    """benchmarks/axsynth_worker.py importing axsynth from ``build`` (a checkout or an install)."""

    def __init__(self, build: Path, label: str = "") -> None:
        self.label = label or str(build)
        self.env = {**os.environ, "PYTHONPATH": str(build)}
        self.process = subprocess.Popen(
            [sys.executable, str(WORKER)], env=self.env, text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )

    def ask(self, **request) -> dict:
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        reply = json.loads(self.process.stdout.readline())
        if "error" in reply:
            raise RuntimeError(f"{self.label}: {reply['error']}")
        return reply

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def sample(pages: list[Path], n: int | None) -> list[Path]:
    """``n`` pages spread evenly over the size range (all of them without ``n``)."""
    by_size = sorted(pages, key=lambda p: p.stat().st_size)
    if not n or n >= len(by_size):
        return by_size
    return [by_size[round(i * (len(by_size) - 1) / (n - 1))] for i in range(n)]
