"""Resource bounds that keep hostile or broken pages from crashing the engine.

The parser caps DOM depth at 512 (as Chromium does), but a few stages still walk
the tree recursively (the aria emitter, Playwright's name computation), and an
``aria-owns`` chain can nest the accessibility tree deeper than the DOM.  Public
entry points therefore run with enough recursion headroom for any DOM the parser
can build, and report a :class:`LimitError` (never a ``RecursionError``
traceback) for the rare document that is deeper still.
"""

from __future__ import annotations

import functools
import sys
from typing import BinaryIO, Callable, TypeVar

#: Python frames allowed while an entry point runs: room for the 512-level DOM
#: cap times the frames a level costs in the deepest recursive walk, with margin.
#: (CPython 3.11+ runs Python-to-Python calls without growing the C stack.)
RECURSION_LIMIT = 20_000

#: The largest page read unless told otherwise: ``Document.from_file(max_bytes=)``,
#: ``axsynth snapshot --max-input-bytes``, ``axsynth mcp --max-html-bytes``; batch pages too.
#: Pages this large take about a minute (batch's default timeout); Chromium has no such limit.
DEFAULT_MAX_HTML_BYTES = 20_000_000

F = TypeVar("F", bound=Callable)


class LimitError(ValueError):
    """The document exceeds a bound of the engine (e.g. it nests too deeply).

    >>> from axsynth import Document, LimitError
    >>> chain = "".join(f"<div id=d{i} aria-owns=d{i + 1}>t</div>" for i in range(5_000))
    >>> try:  # doctest: +SKIP
    ...     Document.from_html(chain).aria_snapshot()
    ... except LimitError as error:
    ...     print(error)
    aria snapshot: the document nests too deeply (e.g. a long aria-owns chain)
    """


def bounded(what: str) -> Callable[[F], F]:
    """Run the decorated entry point with recursion headroom; too deep → LimitError."""

    def decorate(fn: F) -> F:
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            old = sys.getrecursionlimit()
            if old < RECURSION_LIMIT:
                sys.setrecursionlimit(RECURSION_LIMIT)
            try:
                return fn(*args, **kwargs)
            except RecursionError:
                raise LimitError(f"{what}: the document nests too deeply (e.g. a long aria-owns chain)") from None
            finally:
                if sys.getrecursionlimit() == RECURSION_LIMIT and old < RECURSION_LIMIT:
                    sys.setrecursionlimit(old)

        return wrapper  # type: ignore[return-value]

    return decorate


class InputTooLarge(LimitError):
    """A page larger than the limit on a page's size (``limit`` bytes).

    >>> import io
    >>> read_capped(io.BytesIO(b"<p>" * 10), 8, "page.html")
    Traceback (most recent call last):
    ...
    axsynth.limits.InputTooLarge: page.html: the page is larger than 8 bytes, the limit on a page's size
    """

    def __init__(self, source: str, limit: int) -> None:
        super().__init__(f"{source}: the page is larger than {limit:,} bytes, the limit on a page's size")
        self.limit = limit


def read_capped(stream: BinaryIO, limit: int | None, source: str) -> bytes:
    """All of ``stream``, or InputTooLarge as soon as it holds more than ``limit`` bytes
    (None or 0: no limit), without reading further (``/dev/zero`` never ends)."""
    if not limit:
        return stream.read()
    chunks, size = [], 0
    while size <= limit:  # in chunks: read(limit + 1) would allocate the whole limit at once
        chunk = stream.read(min(_CHUNK, limit + 1 - size))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
    raise InputTooLarge(source, limit)


_CHUNK = 1 << 20
