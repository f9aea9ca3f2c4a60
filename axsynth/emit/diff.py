"""A structural diff of two outlines (agent or aria): only what changed, placed by
its ancestors.

Both formats are indented trees of one node a line.  Siblings are aligned by a
key: an agent line's ref when it has one (refs survive unrelated edits, so an
element whose state changed is *changed*, not removed and added), else its role
and name; an aria line's role and name.  Matched nodes whose lines differ are
*changed*; unmatched ones are *removed* or *added* with their subtrees.  A ref
removed in one place and added in another is marked *moved* on both lines.

The text printed is one breadcrumb line (``@ document "T" > main > form "F"``)
before each group of changes under the same parent, then ``- `` / ``+ `` lines for
removed / added nodes (a changed node prints its old and new line); the lines of an
added or removed subtree keep their nesting.  Unchanged nodes are never printed."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Any, Literal

_REF = re.compile(r"\[ref=((?:f[0-9a-z]+-)*e[0-9a-z]+)\]")
# role, then a quoted name (agent) or the aria key up to its attributes / colon
_AGENT_HEAD = re.compile(r'\S+(?: "(?:[^"\\]|\\.)*")?')
_ARIA_HEAD = re.compile(r'- (?:[^"\[:]|"(?:[^"\\]|\\.)*")*')

_CRUMB_LIMIT = 50

Format = Literal["agent", "aria"]


@dataclass
class _Node:
    line: str  # without its indentation
    key: str  # the ref, else role and name
    loose_key: str  # the line without its ref
    ref: str | None
    children: list["_Node"] = field(default_factory=list)
    signature: str = ""  # names the whole subtree: equal signatures, identical subtrees


@dataclass
class Change:
    """One changed node: ``op`` is added, removed or changed; ``path`` its ancestors' lines."""

    op: Literal["added", "removed", "changed"]
    line: str  # the new line (the old one for a removal)
    path: list[str]
    ref: str | None = None
    old_line: str | None = None  # a changed node's line before
    moved: bool = False  # a ref removed here and added elsewhere, or the reverse

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"op": self.op, "line": self.line, "path": self.path}
        if self.ref:
            out["ref"] = self.ref
        if self.old_line is not None:
            out["oldLine"] = self.old_line
        if self.moved:
            out["moved"] = True
        return out


@dataclass
class SnapshotDiff:
    format: Format
    changes: list[Change]
    text: str  # the printed diff; empty when nothing changed

    @property
    def unchanged(self) -> bool:
        return not self.changes

    def to_json(self) -> dict[str, Any]:
        counts = {op: sum(1 for c in self.changes if c.op == op) for op in ("added", "removed", "changed")}
        return {"format": self.format, **counts, "changes": [c.to_json() for c in self.changes], "text": self.text}


def diff_outlines(old: str, new: str, fmt: Format) -> SnapshotDiff:
    """The diff of two outline texts of the same format (``agent`` or ``aria``)."""
    printer = _Printer()
    _diff_children(_parse(old, fmt), _parse(new, fmt), [], printer)
    _mark_moves(printer.changes)
    return SnapshotDiff(fmt, printer.changes, printer.render(fmt))


def _parse(text: str, fmt: Format) -> list[_Node]:
    """The top-level nodes of an outline, children nested by indentation."""
    roots: list[_Node] = []
    stack: list[tuple[int, _Node]] = []
    for raw in text.splitlines():
        if not raw.strip() or (fmt == "agent" and raw.startswith("[truncated at")):
            continue
        indent = len(raw) - len(raw.lstrip(" "))
        line = raw.strip()
        ref = _REF.search(line) if fmt == "agent" else None
        if ref:
            key = "ref " + ref.group(1)
        else:
            head = (_AGENT_HEAD if fmt == "agent" else _ARIA_HEAD).match(line)
            key = (head.group() if head else line).rstrip(": ")
        node = _Node(line, key, _REF.sub("", line), ref.group(1) if ref else None)
        while stack and stack[-1][0] >= indent:
            stack.pop()
        (stack[-1][1].children if stack else roots).append(node)
        stack.append((indent, node))
    _sign(roots)
    return roots


def _sign(roots: list[_Node]) -> None:
    """Set every node's subtree signature, children before parents (iteratively: outlines can be deep)."""
    order: list[_Node] = []
    stack = list(roots)
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(node.children)
    for node in reversed(order):
        digest = hashlib.sha1(node.line.encode("utf-8"))
        for child in node.children:
            digest.update(b"\0" + child.signature.encode("ascii"))
        node.signature = digest.hexdigest()


def _diff_children(old: list[_Node], new: list[_Node], path: list[str], printer: "_Printer") -> None:
    """Pre-order over the aligned trees (iteratively: outlines can be deep)."""
    stack = [(iter(_align(old, new, 0)), path)]
    while stack:
        pairs, where = stack[-1]
        pair = next(pairs, None)
        if pair is None:
            stack.pop()
            continue
        before, after = pair
        if after is None:
            printer.add_subtree("removed", before, where)
        elif before is None:
            printer.add_subtree("added", after, where)
        elif before.signature != after.signature:
            if before.line != after.line:
                printer.add(Change("changed", after.line, where, after.ref, before.line))
            stack.append((iter(_align(before.children, after.children, 0)), [*where, after.line]))


# Siblings are aligned by successively looser keys: whole identical subtrees first
# (so that one inserted paragraph does not shift the pairing of its look-alike
# siblings), then the node's key (its ref, else role and name), then the line
# without its ref (an element whose ref changed is the same node, changed).
_ALIGNMENT_KEYS = (lambda n: n.signature, lambda n: n.key, lambda n: n.loose_key)


def _align(old: list[_Node], new: list[_Node], level: int) -> list[tuple[_Node | None, _Node | None]]:
    """Pairs (before, after) in order; None on one side for a removed or added node."""
    if level == len(_ALIGNMENT_KEYS) or not old or not new:
        return [(n, None) for n in old] + [(None, n) for n in new]
    key = _ALIGNMENT_KEYS[level]
    matcher = SequenceMatcher(None, [key(n) for n in old], [key(n) for n in new], autojunk=False)
    pairs: list[tuple[_Node | None, _Node | None]] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            pairs.extend(zip(old[i1:i2], new[j1:j2]))
        else:
            pairs.extend(_align(old[i1:i2], new[j1:j2], level + 1))
    return pairs


def _mark_moves(changes: list[Change]) -> None:
    removed = {c.ref for c in changes if c.op == "removed" and c.ref}
    added = {c.ref for c in changes if c.op == "added" and c.ref}
    for change in changes:
        if change.ref in removed & added and change.op != "changed":
            change.moved = True


class _Printer:
    """Collects changes and prints them, each ancestor line once before the first change below it."""

    def __init__(self) -> None:
        self.changes: list[Change] = []
        self._context: list[int] = []  # how many of each change's ancestors are context (not changed themselves)

    def add(self, change: Change) -> None:
        self.changes.append(change)
        self._context.append(len(change.path))

    def add_subtree(self, op: Literal["added", "removed"], node: _Node, path: list[str]) -> None:
        stack = [(node, path)]
        while stack:
            current, where = stack.pop()
            self.changes.append(Change(op, current.line, where, current.ref))
            self._context.append(len(path))
            stack.extend((c, [*where, current.line]) for c in reversed(current.children))

    def render(self, fmt: Format) -> str:
        lines: list[str] = []
        printed: list[str] | None = None  # the context whose breadcrumb was printed last
        for change, context_len in zip(self.changes, self._context):
            context = change.path[:context_len]
            if context != printed and context:
                lines.append("@ " + " > ".join(_crumb(line, fmt) for line in context))
            printed = context
            indent = "  " * (len(change.path) - context_len)  # nesting inside an added / removed subtree
            if change.op == "changed":
                lines.append("- " + indent + (change.old_line or ""))
                lines.append("+ " + indent + change.line)
            else:
                note = " (moved)" if change.moved else ""
                lines.append(("+ " if change.op == "added" else "- ") + indent + change.line + note)
        return "\n".join(lines) + "\n" if lines else ""


def _crumb(line: str, fmt: Format) -> str:
    """An ancestor in a breadcrumb: its role and name (cut), and its ref."""
    head = (_AGENT_HEAD if fmt == "agent" else _ARIA_HEAD).match(line)
    text = (head.group() if head else line).rstrip(": ")
    text = text[2:] if fmt == "aria" else text
    if len(text) > _CRUMB_LIMIT:
        text = text[:_CRUMB_LIMIT].rstrip() + ('…"' if text.endswith('"') else "…")
    ref = _REF.search(line) if fmt == "agent" else None
    return text + (f" [ref={ref.group(1)}]" if ref else "")
