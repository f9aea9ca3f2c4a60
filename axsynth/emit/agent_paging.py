"""Paging an agent outline: the ``--max-bytes`` cut, its trailer, and the cursor
that continues a cut outline (refused for another page or other options)."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from ..page import CursorError

_CURSOR = re.compile(r"(?P<line>[0-9]{1,9})-(?P<fingerprint>[0-9a-f]{12})")


@dataclass
class Cut:
    text: str
    shown: int  # lines after the context
    omitted_nodes: int
    omitted_refs: int


_TRAILER_ROOM = 240  # bytes kept free for the trailer


def cut_bytes(
    context: list[tuple[str, str | None]],
    lines: list[tuple[str, str | None]],
    max_bytes: int | None,
    at_least_one: bool,
) -> Cut:
    """The context lines, then as many lines as fit in ``max_bytes`` with room for the
    trailer; ``at_least_one``: a continuation always advances, however small the budget."""
    kept = [line for line, _ in context]
    total = sum(len(line.encode("utf-8")) + 1 for line in kept) + sum(
        len(line.encode("utf-8")) + 1 for line, _ in lines
    )
    if max_bytes is None or total <= max_bytes:
        return Cut("\n".join([*kept, *(line for line, _ in lines)]) + "\n", len(lines), 0, 0)
    budget = max(max_bytes - _TRAILER_ROOM, 0)
    used = sum(len(line.encode("utf-8")) + 1 for line in kept)
    shown = 0
    for line, _ in lines:
        size = len(line.encode("utf-8")) + 1
        if used + size > budget and not (at_least_one and shown == 0):
            break
        used += size
        shown += 1
    rest = lines[shown:]
    body = "\n".join([*kept, *(line for line, _ in lines[:shown])])
    return Cut(body + "\n" if body else "", shown, len(rest), sum(1 for _, r in rest if r))


def trailer(max_bytes: int | None, nodes: int, refs: int, cursor: str) -> str:
    return (
        f"[truncated at --max-bytes {max_bytes}: {nodes} more nodes and {refs} more refs left out;"
        f" continue with --cursor {cursor}, or narrow with --scope or --interactive-only]\n"
    )


def outline_fingerprint(lines: list[tuple[str, str | None]]) -> str:
    """Names the whole outline, so that a cursor issued for another page or other options is refused."""
    digest = hashlib.sha1()
    for line, _ in lines:
        digest.update(line.encode("utf-8") + b"\n")
    return digest.hexdigest()[:12]


def cursor_start(cursor: str, fingerprint: str, line_count: int) -> int:
    match = _CURSOR.fullmatch(cursor.strip())
    if match is None:
        raise CursorError(
            "cursor_invalid", f"{cursor!r} is not a cursor (expected LINE-FINGERPRINT, as a cut outline prints it)"
        )
    start = int(match["line"])
    if match["fingerprint"] != fingerprint or not 0 <= start < line_count:
        raise CursorError(
            "cursor_stale",
            f"cursor {cursor!r} was issued for another version of the page or other options; take a new snapshot",
        )
    return start


def ancestor_lines(lines: list[tuple[str, str | None]], start: int) -> list[tuple[str, str | None]]:
    """The lines that enclose ``lines[start]`` (each less indented than the last), outermost first."""
    if start == 0:
        return []
    context = []
    indent = _indent(lines[start][0])
    for line, ref in reversed(lines[:start]):
        if _indent(line) < indent:
            context.append((line, ref))
            indent = _indent(line)
            if indent == 0:
                break
    return context[::-1]


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))
