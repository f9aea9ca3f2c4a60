"""Intrinsic sizes (CSS Sizing 3 §5): a box's min-content and max-content inline
sizes, what shrink-to-fit widths (floats, inline-blocks, absolutely positioned boxes,
table cells, flex items) are made of. Inline content measures its lines without
breaking (max) and its longest unbreakable run (min); block content takes the
largest of its children's contributions."""

from __future__ import annotations

from typing import Callable

from . import box as kinds
from . import sizing
from .box import Box
from .context import Containing
from .geometry import lu

#: Sizes of other formatting contexts (flex, grid, table), registered by their modules:
#: box kind → function(box) -> (min, max) content-box widths.
CONTENT_SIZES: dict[str, Callable[[Box], tuple[float, float]]] = {}


def content_sizes(box: Box) -> tuple[float, float]:
    """(min-content, max-content) widths of a box's content box."""
    cached = box.extra.get("content_sizes") if box.extra else None
    if cached is not None:
        return cached
    if box.kind == kinds.REPLACED:
        from .replaced import used_width

        width = used_width(box, Containing(0.0, 0.0, 0.0, None))
        sizes = (width, width)
    elif box.kind in CONTENT_SIZES:
        sizes = CONTENT_SIZES[box.kind](box)
    else:
        sizes = _block_container_sizes(box)
    if box.extra is None:
        box.extra = {}
    box.extra["content_sizes"] = sizes
    return sizes


def contribution(child: Box, cb_width: float | None = None) -> tuple[float, float]:
    """A box's min- and max-content contributions: its margin box, its 'width' taken
    when definite (CSS Sizing 3 §5.2)."""
    if child.borders == (0.0, 0.0, 0.0, 0.0) and child.paddings == (0.0, 0.0, 0.0, 0.0):
        sizing.frame(child, cb_width or 0.0)
    margins = sizing.margins(child, cb_width or 0.0)
    outer = (margins[1] or 0.0) + (margins[3] or 0.0) + sizing.horizontal_frame(child)
    specified = sizing.specified_width(child, cb_width)
    if specified is not None and child.kind != kinds.REPLACED:
        size = sizing.clamp_width(child, specified, cb_width)
        return lu(size) + outer, lu(size) + outer
    minimum, maximum = content_sizes(child)
    minimum = sizing.clamp_width(child, minimum, cb_width)
    maximum = sizing.clamp_width(child, maximum, cb_width)
    return lu(minimum) + outer, lu(maximum) + outer


def _block_container_sizes(box: Box) -> tuple[float, float]:
    if any(c.inline_level or c.kind == kinds.TEXT for c in box.children) and not any(
        not c.inline_level and not c.out_of_flow and not c.floating and c.kind not in (kinds.TEXT, kinds.MARKER)
        for c in box.children
    ):
        from .inline.measure import inline_content_sizes

        return inline_content_sizes(box)
    minimum = maximum = 0.0
    float_line = 0.0
    for child in box.children:
        if child.out_of_flow or child.kind in (kinds.TEXT, kinds.MARKER):
            continue
        low, high = contribution(child)
        minimum = max(minimum, low)
        if child.floating:
            float_line += high  # floats side by side on one line
            maximum = max(maximum, float_line)
            continue
        float_line = 0.0
        maximum = max(maximum, high)
    return minimum, maximum
