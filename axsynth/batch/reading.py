"""Reading a batch's output back for ``axsynth summarize``: every line that is a batch
line, and a count of those that are not (never a silent stop at the first bad one).

``--resume`` reads differently (``output._complete_lines``): there only a last line cut
by a kill may be dropped, and anything else that is not batch output stops it."""

from __future__ import annotations

import gzip
import json
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Iterator

from .output import OutputError
from .summary import line_problem

GZIP_MAGIC = b"\x1f\x8b"


@dataclass
class Unreadable:
    """Lines skipped because they are not batch output lines: how many, and the first."""

    count: int = 0
    first: str = ""

    def add(self, where: str) -> None:
        self.count += 1
        self.first = self.first or where

    def __str__(self) -> str:
        lines = "line" if self.count == 1 else "lines"
        return f"{self.count:,} unreadable {lines} skipped (the first: {self.first})"


def summary_lines(target: str, unreadable: Unreadable) -> Iterator[dict]:
    """The batch lines of an output file (plain or gzipped: its first bytes decide, and a
    name ending in .gz must hold gzip); the others are counted in ``unreadable``.
    OutputError when the file cannot be read at all."""
    path = Path(target)
    try:
        file: IO[bytes] = open(path, "rb")
    except OSError as exc:
        raise OutputError(f"{target}: {exc.strerror or exc}") from None
    with file:
        magic = file.read(2)
        file.seek(0)
        if magic and magic != GZIP_MAGIC and target.endswith(".gz"):
            raise OutputError(f"{target}: not a gzip file, though its name ends in .gz")
        stream = gzip.GzipFile(fileobj=file, mode="rb") if magic == GZIP_MAGIC else file
        number = 0
        try:
            for raw in stream:
                number += 1
                problem = _problem(raw)
                if problem is None:
                    yield json.loads(raw)
                else:
                    unreadable.add(f"line {number}: {problem}")
        except (EOFError, OSError, zlib.error) as exc:  # a gzip stream cut short or damaged
            unreadable.add(f"after line {number}: the gzip stream is {_damage(exc)}")


def _problem(raw: bytes) -> str | None:
    if not raw.endswith(b"\n"):
        return "cut short (no end of line)"
    try:
        line = json.loads(raw)
    except ValueError:
        return "not JSON"
    if not isinstance(line, dict):
        return "not a JSON object"
    return line_problem(line)


def _damage(exc: BaseException) -> str:
    return "cut short" if isinstance(exc, EOFError) else f"damaged ({exc})"
