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


def element_rects(boxes: dict[Element, list[Box]], hoisted: dict[Element, list[Box]]) -> dict[Element, Rect]:
    """The reported rectangle of every element that has a box. An inline split around
    blocks reports its parts that hold something and the blocks (LayoutNG lays such a
    block out on a line of the inline: a block-in-inline)."""
    rects: dict[Element, Rect] = {}
    for element, element_boxes in boxes.items():
        if element_boxes[0].kind != kinds.INLINE:
            rect: Rect | None = _union(_box_rect(b) for b in element_boxes)
        else:
            blocks = hoisted.get(element, ())
            rect = _union([_inline_rect(b) for b in element_boxes] + [_box_rect(b) for b in blocks])
            if rect is None or rect[2] <= 0 or rect[3] <= 0:
                # Nothing with area: where the inline box starts (its first fragment), or,
                # split around a block, on the block's line with it (block-in-inline).
                first = element_boxes[0]
                if blocks:
                    rect = (blocks[0].x, blocks[0].y, 0.0, 0.0)
                else:
                    rect = _inline_rect(first) or (first.x, first.y, 0.0, 0.0)
        if rect is not None:
            rects[element] = rect
    return rects


def _box_rect(box: Box) -> Rect:
    return (box.x, box.y, box.width, box.height)


def _inline_rect(box: Box) -> Rect | None:
    """An inline box: its own fragments, else (a culled inline) its content's; None
    when it holds nothing on any line."""
    if box.fragments:
        return _union(tuple(f) for f in box.fragments)
    parts: list[Rect | None] = []
    for child in box.children:
        if child.kind == kinds.TEXT:
            parts += [tuple(f) for f in child.fragments or ()]  # type: ignore[misc]
        elif child.kind == kinds.INLINE:
            parts.append(_inline_rect(child))
        elif child.inline_level or child.kind == kinds.BREAK:
            parts.append(_box_rect(child))
    return _union(parts)


def _union(rects: Iterable[Rect | None]) -> Rect | None:
    """The rectangles' union as Blink's PhysicalRect::Unite makes it: empty ones (no
    width or no height) add nothing, unless all are empty (then the first)."""
    left = top = float("inf")
    right = bottom = float("-inf")
    first: Rect | None = None
    for rect in rects:
        if rect is None:
            continue
        if first is None:
            first = rect
        if rect[2] <= 0 or rect[3] <= 0:
            continue
        left = min(left, rect[0])
        top = min(top, rect[1])
        right = max(right, rect[0] + rect[2])
        bottom = max(bottom, rect[1] + rect[3])
    if right == float("-inf"):
        return first
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
