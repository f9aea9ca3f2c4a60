"""``pytest --axsynth-update``: write received ARIA snapshots into the test source.

As Playwright's ``--update-snapshots`` does for ``toMatchAriaSnapshot('')``: an
``assert_aria_snapshot(doc, "")`` call, or one whose template does not match,
has its template literal replaced by the snapshot the page has, indented to
sit under the call. The rewrites are collected while the tests run and applied
when the session ends, bottom-up in each file, so line numbers stay valid.
"""

from __future__ import annotations

import ast
import inspect
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

__all__ = ["SnapshotUpdates", "updates"]


@dataclass(frozen=True)
class _Rewrite:
    path: Path
    line: int  # where the call starts, 1-based
    column: int
    received: str


class SnapshotUpdates:
    """The rewrites asked for in this session (only when update mode is on)."""

    def __init__(self) -> None:
        self.active = False
        self._pending: dict[tuple[Path, int, int], _Rewrite] = {}

    def record(self, caller: FrameType, received: str) -> None:
        """Remember to put ``received`` in place of the template of the call running in ``caller``."""
        position = inspect.getframeinfo(caller).positions
        if position is None or position.lineno is None or position.col_offset is None:
            raise RuntimeError("--axsynth-update cannot locate the assert_aria_snapshot call in the source")
        path = Path(caller.f_code.co_filename)
        key = (path, position.lineno, position.col_offset)
        self._pending[key] = _Rewrite(path, position.lineno, position.col_offset, received)

    def apply(self) -> list[str]:
        """Rewrite the files; one line per file saying how many templates changed."""
        by_file: dict[Path, list[_Rewrite]] = {}
        for rewrite in self._pending.values():
            by_file.setdefault(rewrite.path, []).append(rewrite)
        self._pending.clear()
        return [_rewrite_file(path, rewrites) for path, rewrites in sorted(by_file.items())]


def _rewrite_file(path: Path, rewrites: list[_Rewrite]) -> str:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines(keepends=True)
    calls = {(node.lineno, node.col_offset): node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call)}
    edits, skipped = [], []
    for rewrite in sorted(rewrites, key=lambda r: r.line):
        call = calls.get((rewrite.line, rewrite.column))
        template = _template_argument(call) if call is not None else None
        literal = _literal(rewrite.received, _indentation(lines[rewrite.line - 1]))
        if template is None or literal is None:
            skipped.append(str(rewrite.line))
        else:
            edits.append((template, literal))
    # Bottom-up, so that an edit never moves the position of one still to do.
    for node, text in sorted(edits, key=lambda e: (e[0].lineno, e[0].col_offset), reverse=True):
        lines = _replace(lines, node, text)
    if edits:
        path.write_text("".join(lines), encoding="utf-8")
    report = f"{path}: {len(edits)} ARIA template{'s' if len(edits) != 1 else ''} updated"
    if skipped:
        report += (
            f"; not the call{'s' if len(skipped) > 1 else ''} at line {', '.join(skipped)} "
            "(the template must be a string literal, and the snapshot fit in a raw one)"
        )
    return report


def _template_argument(call: ast.Call) -> ast.Constant | None:
    node = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "template"), None)
    return node if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _indentation(line: str) -> str:
    return line[: len(line) - len(line.lstrip(" \t"))]


def _literal(received: str, indent: str) -> str | None:
    """A raw triple-quoted literal holding ``received``: one line per snapshot line,
    four spaces deeper than the call, the closing quotes under the call (None when
    the snapshot cannot be written so)."""
    quotes = '"""' if '"""' not in received else "'''"
    if quotes in received or received.endswith("\\"):
        return None
    body = "".join(f"{indent}    {line}\n" if line else "\n" for line in received.splitlines())
    return f"r{quotes}\n{body}{indent}{quotes}"


def _replace(lines: list[str], node: ast.Constant, text: str) -> list[str]:
    """``lines`` with the source of ``node`` replaced by ``text`` (AST columns count UTF-8 bytes)."""
    first, last = node.lineno - 1, node.end_lineno - 1
    head = lines[first].encode("utf-8")[: node.col_offset].decode("utf-8")
    tail = lines[last].encode("utf-8")[node.end_col_offset :].decode("utf-8")
    return lines[:first] + [head + text + tail] + lines[last + 1 :]


updates = SnapshotUpdates()
