"""kHierarchicalLevel: a heading's level, else a tree item's, list item's,
comment's or row's depth (AXObject::HeadingLevel, HierarchicalLevel)."""

from __future__ import annotations

import re

from ..html.dom import parse_int
from .object import AXObject

# Blink's strict integer: optional whitespace around an optionally signed run of ASCII digits
# (Python's int() would also take "1_0" or "٣").
_STRICT_INTEGER = re.compile(r"\s*([+-]?[0-9]+)\s*", re.ASCII)


def _int_attr(value: str | None) -> int | None:
    match = _STRICT_INTEGER.fullmatch(value) if value is not None else None
    return int(match.group(1)) if match else None


def hierarchical_level(obj: AXObject) -> int:
    """kHierarchicalLevel: HeadingLevel for headings, else HierarchicalLevel."""
    if obj.role == "Heading":
        return _heading_level(obj)
    if obj.role not in ("TreeItem", "ListItem", "Comment", "Row"):
        return 0
    level = _int_attr(obj.attr("aria-level"))
    if level is not None and level >= 1:
        return level
    if obj.role == "ListItem":
        return _list_level(obj)
    if obj.role == "Comment":
        return 1 + sum(1 for a in _ax_ancestors(obj) if a.role == "Comment")
    if obj.role == "TreeItem":
        # Tree depth is the number of groups between the item and its tree.
        level = 1
        for a in _ax_ancestors(obj):
            if a.role == "Tree":
                break
            level += a.role == "Group"
        return level
    return 0


def _heading_level(obj: AXObject) -> int:
    raw = obj.attr("aria-level")
    if raw is not None:
        level = parse_int(raw) or 0  # "3.7" reads as 3; junk reads as 0
        if level < 1:
            return 1
        if level <= 9:
            return level
    tag = obj.tag()
    return int(tag[1]) if tag in ("h1", "h2", "h3", "h4", "h5", "h6") else 2


def _list_level(obj: AXObject) -> int:
    return sum(1 for a in obj.iter_ancestors() if a.role == "List") or 1


def _ax_ancestors(obj: AXObject):
    """ParentObject chain: an aria-owned object's parent is its owner."""
    node = obj.owned_by or obj.parent
    while node is not None:
        yield node
        node = node.owned_by or node.parent
