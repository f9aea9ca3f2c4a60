"""Hit testing: which element is on top at a point of the page (``elementFromPoint``),
from the laid-out boxes and the painting order of CSS 2 Appendix E, flattened into one
stacking context: negative z-index boxes first, then blocks in flow, floats, inline
content, positioned boxes with z-index auto or 0, positive z-index last, each group in
tree order. Boxes that take no pointer events or are not visible are passed through.
What it does not model (stacking contexts nested inside others, clipping by overflow,
transforms' effect on the order) is listed in docs/layout.md."""

from __future__ import annotations

from typing import Any, Iterator

from ..html.dom import Element
from . import box as kinds
from .box import Box

Rect = tuple[float, float, float, float]


class HitTester:
    """The paint-ordered list of element boxes of one layout."""

    def __init__(self, root: Box) -> None:
        entries: list[tuple[tuple[int, int, int], Element, list[Rect]]] = []
        for order, box in enumerate(_walk(root)):
            if box.element is None or box.tree is None:
                continue
            rects = _rects(box)
            if rects:
                entries.append((_paint_key(box, order), box.element, rects))
        entries.sort(key=lambda entry: entry[0])
        self._entries = entries
        self._hittable = {id(element): _takes_pointer_events(tree) for element, tree in _trees(root)}

    def element_from_point(self, x: float, y: float) -> Element | None:
        """The topmost element whose box holds the point (and takes pointer events)."""
        for _key, element, rects in reversed(self._entries):
            if not self._hittable.get(id(element), True):
                continue
            if any(left <= x < left + width and top <= y < top + height for left, top, width, height in rects):
                return element
        return None


def _walk(root: Box) -> Iterator[Box]:
    stack = [root]
    while stack:
        box = stack.pop()
        yield box
        stack.extend(reversed(box.children))


def _trees(root: Box) -> Iterator[tuple[Element, Any]]:
    for box in _walk(root):
        if box.element is not None and box.tree is not None:
            yield box.element, box.tree


def _rects(box: Box) -> list[Rect]:
    if box.kind == kinds.INLINE:
        return [tuple(f) for f in box.fragments or () if f[2] > 0 and f[3] > 0]  # type: ignore[misc]
    if box.width > 0 and box.height > 0:
        return [(box.x, box.y, box.width, box.height)]
    return []


def _paint_key(box: Box, order: int) -> tuple[int, int, int]:
    """(layer, z-index, tree order): Appendix E's steps, in one stacking context."""
    z_index = box.style.get("z-index", "auto") if box.style is not None else "auto"
    positioned = box.position != "static"
    if positioned and isinstance(z_index, int) and z_index != 0:
        return (0 if z_index < 0 else 5, z_index, order)
    if positioned:
        return (4, 0, order)
    if box.floating:
        return (2, 0, order)
    if box.inline_level or box.kind in (kinds.INLINE, kinds.TEXT):
        return (3, 0, order)
    return (1, 0, order)


def _takes_pointer_events(tree: Any) -> bool:
    return tree.get("pointer-events", "auto") != "none" and tree.get("visibility", "visible") == "visible"
