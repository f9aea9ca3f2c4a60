"""What layout reports: each element's box as DevTools' ``DOMSnapshot.captureSnapshot``
lists it (its ``layout.bounds``): the border box of a block, replaced or atomic box;
for an inline box the union of its fragments on every line (and of what it
contains, when it has no fragment of its own); page coordinates at scroll 0."""

from __future__ import annotations

from typing import Iterable

from ..html.dom import Element, ShadowRoot
from . import box as kinds
from .box import Box

Rect = tuple[float, float, float, float]


def element_rects(boxes: dict[Element, list[Box]]) -> dict[Element, Rect]:
    """The reported rectangle of every element that has a box."""
    rects: dict[Element, Rect] = {}
    for element, element_boxes in boxes.items():
        rect = _union(_rect(b) for b in element_boxes)
        if rect is not None:
            rects[element] = rect
    return rects


def _rect(box: Box) -> Rect | None:
    if box.kind == kinds.INLINE:
        return _inline_rect(box)
    return (box.x, box.y, box.width, box.height)


def _inline_rect(box: Box) -> Rect | None:
    """An inline box: its own fragments, else (a culled inline) its content's."""
    if box.fragments:
        return _union(tuple(f) for f in box.fragments)
    parts: list[Rect] = []
    for child in box.children:
        if child.kind == kinds.TEXT and child.fragments:
            parts += [tuple(f) for f in child.fragments]  # type: ignore[misc]
        elif child.kind == kinds.INLINE:
            inner = _inline_rect(child)
            if inner is not None:
                parts.append(inner)
        elif child.inline_level or child.kind == kinds.BREAK:
            parts.append((child.x, child.y, child.width, child.height))
    if parts:
        return _union(parts)
    return (box.x, box.y, 0.0, 0.0)


def _union(rects: Iterable[Rect | None]) -> Rect | None:
    left = top = float("inf")
    right = bottom = float("-inf")
    found = False
    for rect in rects:
        if rect is None:
            continue
        found = True
        left = min(left, rect[0])
        top = min(top, rect[1])
        right = max(right, rect[0] + rect[2])
        bottom = max(bottom, rect[1] + rect[3])
    if not found:
        return None
    return (left, top, right - left, bottom - top)


def in_ua_shadow(element: Element) -> bool:
    node = element.parent
    while node is not None:
        if isinstance(node, ShadowRoot):
            if node.mode.startswith("ua"):
                return True
            node = node.host
        node = node.parent if node is not None else None
    return False


def number(value: float) -> float | int:
    """A JSON number as DevTools prints it: integers without a fraction."""
    return int(value) if value == int(value) else value
