"""The agent format's intermediate tree and its text: outline items and text runs
(what :class:`~axsynth.emit.agent.AgentEmitter` builds from the accessibility
tree), how text runs merge and repeated text drops, how long lists are
summarized, and how the tree prints as indented lines, each with its ref."""

from __future__ import annotations

from typing import Any

from ..ax.object import AXObject
from ..data.agent_roles import CONTEXT_ROLES, ITEM_ROLES

TEXT_LIMIT = 100
LIST_LIMIT = 12  # more items than this: summarize
LIST_HEAD = 5  # items always shown at the top of a summarized list/table
REDACTED = "[REDACTED]"


class OutlineItem:
    __slots__ = ("role", "name", "ref", "states", "children", "obj", "has_ref", "omitted")

    def __init__(self, role: str, name: str, ref: str | None, states: list[str], obj: AXObject | None) -> None:
        self.role = role
        self.name = name
        self.ref = ref
        self.states = states
        self.children: list[OutlineItem] = []
        self.obj = obj
        self.has_ref = ref is not None  # this item or a descendant carries a ref
        self.omitted = ""  # summary line for items left out of a long list/table


class TextRun:
    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


BREAK = object()  # a block boundary between text runs


def cut_text(text: str, limit: int = TEXT_LIMIT) -> str:
    return text if len(text) <= limit else text[:limit].rstrip() + "…"


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def finish_children(parts: list[Any], parent_name: str) -> list[Any]:
    """Merge text runs (block boundaries split them), then drop text that repeats
    the parent's name or an adjacent node's name."""
    merged: list[Any] = []
    run: list[str] = []

    def flush() -> None:
        text = " ".join("".join(run).split())
        run.clear()
        if text:
            merged.append(TextRun(text))

    for part in parts:
        if isinstance(part, TextRun):
            run.append(part.text)
        elif part is BREAK:
            flush()
        else:
            flush()
            merged.append(part)
    flush()
    texts = [m.text for m in merged if isinstance(m, TextRun)]
    if parent_name and texts:
        if " ".join(texts) in parent_name:
            merged = [m for m in merged if not isinstance(m, TextRun)]
        else:
            merged = [m for m in merged if not (isinstance(m, TextRun) and m.text == parent_name)]
    out = []
    for i, m in enumerate(merged):
        if isinstance(m, TextRun):
            neighbours = [merged[j] for j in (i - 1, i + 1) if 0 <= j < len(merged)]
            if any(
                isinstance(n, OutlineItem) and n.name and (m.text == n.name or m.text.rstrip(":*").strip() == n.name)
                for n in neighbours
            ):
                continue
        out.append(m)
    return out


def summarize(item: OutlineItem) -> None:
    """A long list or table keeps its first items and every item holding a ref;
    the rest is replaced by one count line."""
    kids = item.children
    items = [k for k in kids if isinstance(k, OutlineItem) and k.role in ITEM_ROLES]
    if len(items) <= LIST_LIMIT:
        return
    head = set(map(id, items[:LIST_HEAD]))
    dropped = [k for k in items if id(k) not in head and not k.has_ref]
    if len(dropped) < 2:
        return
    gone = set(map(id, dropped))
    item.children = [k for k in kids if id(k) not in gone]
    role = items[0].role
    item.omitted = f"… {len(dropped)} more {role}s without refs (of {len(items)}; --all-items lists them)"


def keep_interactive(children: list[Any]) -> list[Any]:
    out: list[Any] = []
    for child in children:
        if not isinstance(child, OutlineItem) or not child.has_ref:
            continue
        child.children = keep_interactive(child.children)
        child.omitted = ""
        if child.ref is not None or child.role in CONTEXT_ROLES or (child.role == "group" and child.name):
            out.append(child)
        else:
            out.extend(child.children)
    return out


def item_line(item: OutlineItem) -> str:
    parts = [item.role]
    if item.name:
        parts.append(quote(cut_text(item.name)) if item.name != REDACTED else REDACTED)
    if item.ref:
        parts.append(f"[ref={item.ref}]")
    parts.extend(item.states)
    return " ".join(parts)


def render_outline(root: OutlineItem, depth: int, max_depth: int | None, lines: list[tuple[str, str | None]]) -> None:
    stack: list[tuple[Any, int, bool]] = [(root, depth, True)]
    while stack:
        node, level, shown = stack.pop()
        if isinstance(node, str):  # a summary line
            lines.append(("  " * level + node, None))
            continue
        if isinstance(node, TextRun):
            if shown:
                lines.append(("  " * level + f"text {quote(cut_text(node.text))}", None))
            continue
        if shown:
            lines.append(("  " * level + item_line(node), node.ref))
            child_level, child_shown = level + 1, max_depth is None or level + 1 <= max_depth
        else:
            # Below --max-depth: only refs surface, at the depth of the cut.
            if node.ref is not None:
                lines.append(("  " * level + item_line(node), node.ref))
            child_level, child_shown = level, False
        if not child_shown and not node.has_ref:
            continue
        follow: list[tuple[Any, int, bool]] = []
        for child in node.children:
            if child_shown or (isinstance(child, OutlineItem) and child.has_ref):
                follow.append((child, child_level, child_shown))
        if node.omitted and child_shown:
            follow.append((node.omitted, child_level, True))
        stack.extend(reversed(follow))
