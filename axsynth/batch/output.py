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
import stat
import sys
import zlib
from collections import Counter
from pathlib import Path
from typing import Iterator

from . import BatchError
from .sources import line_key


class OutputError(BatchError):
    """The output cannot be written (a one-line message)."""


class JsonlWriter:
    def __init__(self, target: str, resume: bool = False) -> None:
        self.target = target
        self.done: Counter = Counter()  # --resume: how many lines each page key already has
        self.errors_before = 0  # --resume: how many of them are error lines
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
            _check_resumable(path)
            self.done, self.errors_before = _recover(path)
        try:
            if target.endswith(".gz"):
                self._raw = open(path, "ab" if resume else "wb")
                self._gzip = gzip.GzipFile(fileobj=self._raw, mode="wb")  # appended: one more gzip member
            else:
                self._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | (0 if resume else os.O_TRUNC), 0o666)
        except OSError as exc:
            raise OutputError(f"{target}: {exc.strerror or exc}") from None

    def write(self, line: dict) -> None:
        data = (json.dumps(line, ensure_ascii=False) + "\n").encode("utf-8")
        try:
            if self._gzip is not None:
                self._write_gzip(data)
            else:
                self._write_plain(data)
        except OSError as exc:
            self._failed = True
            raise OutputError(
                f"{self.target}: {exc.strerror or exc} (the file ends with the last complete line; "
                "rerun with --resume to go on)"
            ) from None

    def _write_plain(self, data: bytes) -> None:
        start = os.lseek(self._fd, 0, os.SEEK_END) if self.target != "-" else None
        view = memoryview(data)
        try:
            while view:
                view = view[os.write(self._fd, view) :]
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


def read_lines(target: str) -> Iterator[dict]:
    """The complete lines of an output file (plain or gzipped, even one cut short), one at a time."""
    for line, _ in _complete_lines(Path(target)):
        yield line


_FILE_KINDS = (
    (stat.S_ISDIR, "directory"),
    (stat.S_ISCHR, "character device"),
    (stat.S_ISBLK, "block device"),
    (stat.S_ISFIFO, "FIFO"),
    (stat.S_ISSOCK, "socket"),
)


def _check_resumable(path: Path) -> None:
    """--resume reads the output back and may cut it: it must be a regular file (a device
    such as /dev/zero never ends; a FIFO cannot be read back)."""
    mode = path.stat().st_mode  # through symbolic links, as the output is written
    if not stat.S_ISREG(mode):
        kind = next((kind for test, kind in _FILE_KINDS if test(mode)), "special file")
        raise OutputError(f"{path}: --resume needs a regular file to read back, and this is a {kind}")


def _recover(path: Path) -> tuple[Counter, int]:
    """Keep only the complete lines of an output file: their page keys, and how many are errors."""
    done: Counter = Counter()
    errors = end = 0
    lines = _complete_lines(path)
    if path.suffix == ".gz":  # rewritten as one clean gzip member to append to
        real = path.resolve()  # the file a symbolic link names is rewritten, and the link kept
        tmp = real.with_name(real.name + ".resume-tmp")
        try:
            with gzip.open(tmp, "wb") as out:
                for line, raw in lines:
                    out.write(raw)
                    done[line_key(line)] += 1
                    errors += not line.get("ok")
            os.chmod(tmp, stat.S_IMODE(real.stat().st_mode))  # its permissions too
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        tmp.replace(real)
        return done, errors
    for line, raw in lines:
        done[line_key(line)] += 1
        errors += not line.get("ok")
        end += len(raw)
    with open(path, "r+b") as file:
        file.truncate(end)  # a line cut by a kill goes: it is done again
    return done, errors


_NOT_RESUMED = "not resumed: that would cut the file there"
_LINE_START = b'{"source": '  # every batch line starts so (Page.identity)


def _complete_lines(path: Path) -> Iterator[tuple[dict, bytes]]:
    """Each line (parsed, and its bytes) up to a last line cut short by a kill, or a gzip
    stream cut short.  OutputError for anything else that is not batch output: a resume
    would cut the file there, so it is refused (a file that is not gzip named .gz, a line
    that is not a batch line, a bad line followed by others)."""
    try:
        file = open(path, "rb")
    except OSError as exc:
        raise OutputError(f"{path}: {exc.strerror or exc}") from None
    with file:
        if path.suffix == ".gz":
            if file.read(2) not in (b"", b"\x1f\x8b"):
                raise OutputError(f"{path}: not a gzip file, though its name ends in .gz")
            file.seek(0)
            file = gzip.GzipFile(fileobj=file, mode="rb")
        cut: bytes | None = None  # a line that does not parse: only the last line may be one
        number = 0
        try:
            for raw in file:
                number += 1
                if cut is not None:
                    raise OutputError(f"{path}: line {number - 1} is not axsynth batch output ({_NOT_RESUMED})")
                line = _parsed(raw)
                if line is None:
                    if not _cut_batch_line(raw):
                        raise OutputError(f"{path}: line {number} is not axsynth batch output ({_NOT_RESUMED})")
                    cut = raw
                    continue
                if not isinstance(line, dict) or "source" not in line:
                    raise OutputError(f"{path}: line {number} is not axsynth batch output ({_NOT_RESUMED})")
                yield line, raw
        except (EOFError, OSError, zlib.error):  # a gzip stream cut short or damaged: the lines before it stand
            return


def _parsed(raw: bytes) -> object | None:
    if not raw.endswith(b"\n"):
        return None
    try:
        return json.loads(raw)
    except ValueError:
        return None


def _cut_batch_line(raw: bytes) -> bool:
    """Whether a line that does not parse is the start of a batch line (cut by a kill), not something else."""
    return not raw.endswith(b"\n") and (raw.startswith(_LINE_START) or _LINE_START.startswith(raw))


def _truncate(fd: int, size: int) -> None:
    try:
        os.ftruncate(fd, size)
    except OSError:  # not a regular file (/dev/full): nothing was kept anyway
        pass
