"""The JSON Lines output: one complete line per page, plain or gzipped, resumable.

A line is written whole or not at all: when a write fails (disk full, a file size
limit), the file is cut back to the end of the previous line.  Gzipped output is
flushed to a sync point after each line, so that the lines of a killed batch can be
read back.  ``--resume`` reads the complete lines already written, drops a partial
last line, and appends.
"""

from __future__ import annotations

import gzip
import json
import os
import sys
import zlib
from collections import Counter
from pathlib import Path

from . import BatchError
from .sources import line_key


class OutputError(BatchError):
    """The output cannot be written (a one-line message)."""


class JsonlWriter:
    def __init__(self, target: str, resume: bool = False) -> None:
        self.target = target
        self.lines_before: list[dict] = []  # what --resume found already written
        self._gzip: gzip.GzipFile | None = None
        self._failed = False  # a write failed: the gzip stream is not ended over lost bytes
        if target == "-":
            if resume:
                raise OutputError("--resume needs an output file, not standard output")
            self._fd = sys.stdout.fileno()
            return
        path = Path(target)
        if not path.parent.is_dir():
            raise OutputError(f"{target}: no such directory {str(path.parent)!r}")
        if resume and path.exists():
            self.lines_before = _recover(path)
        try:
            if target.endswith(".gz"):
                self._raw = open(path, "ab" if resume else "wb")
                self._gzip = gzip.GzipFile(fileobj=self._raw, mode="wb")  # appended: one more gzip member
            else:
                self._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | (0 if resume else os.O_TRUNC), 0o666)
        except OSError as exc:
            raise OutputError(f"{target}: {exc.strerror or exc}") from None

    def done_keys(self) -> Counter:
        """How many lines each page key already has (a page given twice has two)."""
        return Counter(line_key(line) for line in self.lines_before)

    def write(self, line: dict) -> None:
        data = (json.dumps(line, ensure_ascii=False) + "\n").encode("utf-8")
        try:
            if self._gzip is not None:
                self._write_gzip(data)
            else:
                self._write_plain(data)
        except OSError as exc:
            self._failed = True
            raise OutputError(f"{self.target}: {exc.strerror or exc} (the file ends with the last complete line; "
                              "rerun with --resume to go on)") from None

    def _write_plain(self, data: bytes) -> None:
        start = os.lseek(self._fd, 0, os.SEEK_END) if self.target != "-" else None
        view = memoryview(data)
        try:
            while view:
                view = view[os.write(self._fd, view):]
        except OSError:
            if start is not None:
                _truncate(self._fd, start)
            raise

    def _write_gzip(self, data: bytes) -> None:
        start = self._raw.tell()
        try:
            self._gzip.write(data)
            self._gzip.flush(zlib.Z_SYNC_FLUSH)
        except OSError:
            _truncate(self._raw.fileno(), start)
            raise

    def close(self) -> None:
        try:
            if self._gzip is not None:
                if not self._failed:
                    self._gzip.close()
                self._raw.close()
            elif self.target != "-":
                os.close(self._fd)
        except OSError as exc:
            raise OutputError(f"{self.target}: {exc.strerror or exc}") from None


def read_lines(target: str) -> list[dict]:
    """The complete lines of an output file (plain or gzipped, even one cut short)."""
    return _complete_lines(_read_bytes(Path(target)))[0]


def _recover(path: Path) -> list[dict]:
    """The complete lines of an output file, which is rewritten to hold just them."""
    data = _read_bytes(path)
    lines, end = _complete_lines(data)
    if path.suffix == ".gz":
        if end < len(data) or not _gzip_complete(path):  # rewrite as one clean member to append to
            tmp = path.with_name(path.name + ".tmp")
            with gzip.open(tmp, "wb") as out:
                out.write(data[:end])
            tmp.replace(path)
    elif end < len(data):
        with open(path, "r+b") as file:
            file.truncate(end)
    return lines


def _read_bytes(path: Path) -> bytes:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise OutputError(f"{path}: {exc.strerror or exc}") from None
    return _gunzip_prefix(raw) if path.suffix == ".gz" else raw


def _gunzip_prefix(raw: bytes) -> bytes:
    """Everything a (possibly cut, possibly multi-member) gzip stream decompresses to,
    up to the first damage."""
    out = []
    piece = 1 << 16  # decompressed in pieces: what precedes a damaged byte is kept
    while raw:
        decompressor = zlib.decompressobj(wbits=31)
        for start in range(0, len(raw), piece):
            try:
                out.append(decompressor.decompress(raw[start:start + piece]))
            except zlib.error:
                return b"".join(out)
            if decompressor.eof:
                raw = decompressor.unused_data + raw[start + piece:]
                break
        else:
            break  # the stream ends inside a member
    return b"".join(out)


def _gzip_complete(path: Path) -> bool:
    try:
        with gzip.open(path, "rb") as file:
            while file.read(1 << 20):
                pass
        return True
    except (OSError, EOFError, zlib.error):
        return False


def _complete_lines(data: bytes) -> tuple[list[dict], int]:
    """The lines that end with a newline and parse, and the byte offset after the last of them."""
    lines: list[dict] = []
    end = 0
    while (newline := data.find(b"\n", end)) >= 0:
        try:
            line = json.loads(data[end:newline])
        except ValueError:
            break
        if not isinstance(line, dict) or "source" not in line:
            raise OutputError("the output file holds lines that are not axsynth batch output; not resuming into it")
        lines.append(line)
        end = newline + 1
    return lines, end


def _truncate(fd: int, size: int) -> None:
    try:
        os.ftruncate(fd, size)
    except OSError:  # not a regular file (/dev/full): nothing was kept anyway
        pass
