"""Absolutely positioned boxes (CSS 2 §10.3.7, §10.6.4; CSS Position 3): laid out
once their containing block (the padding box of the nearest positioned ancestor, the
viewport for the root and for fixed boxes, at scroll 0) has its size, from their
insets, their size and, where both insets of an axis are auto, the static position
the box would have had in flow."""

from __future__ import annotations

from . import sizing
from .box import Box
from .context import Containing, LayoutContext
from .geometry import lu


def layout_positioned(ctx: LayoutContext, container: Box) -> None:
    """Lays out the queued positioned boxes whose containing block is ``container``
    (every remaining one when it is the root)."""
    remaining = []
    mine = []
    for entry in ctx.positioned:
        box = entry[0]
        if container.parent is None or containing_box(box) is container:
            mine.append(entry)
        else:
            remaining.append(entry)
    ctx.positioned = remaining
    for box, static_x, static_y in mine:
        cb = _padding_box(ctx, box, container)
        _layout_one(ctx, box, cb, static_x, static_y)


def containing_box(box: Box) -> Box | None:
    """The box whose padding box contains ``box``: the nearest positioned ancestor
    (None: the viewport)."""
    if box.position == "fixed":
        return None
    parent = box.parent
    while parent is not None:
        if parent.tree is not None and parent.element is not None and parent.position != "static":
            return parent
        if parent.parent is None:
            return parent
        parent = parent.parent
    return None


def _padding_box(ctx: LayoutContext, box: Box, container: Box) -> Containing:
    target = containing_box(box)
    if target is None or target.parent is None:
        return ctx.icb
    if target.kind == "inline" and target.fragments:
        first, last = target.fragments[0], target.fragments[-1]
        left = first[0] + target.borders[3]
        top = first[1] + target.borders[0]
        right = last[0] + last[2] - target.borders[1]
        bottom = last[1] + last[3] - target.borders[2]
        return Containing(left, top, max(0.0, right - left), max(0.0, bottom - top))
    top, right, bottom, left = target.borders
    return Containing(
        target.x + left,
        target.y + top,
        max(0.0, target.width - left - right),
        max(0.0, target.height - top - bottom),
    )


def _inset(box: Box, side: str, basis: float) -> float | None:
    return sizing.length(box.style[side], basis)


def _layout_one(ctx: LayoutContext, box: Box, cb: Containing, static_x: float, static_y: float) -> None:
    from .formatting import layout_independent, shrink_to_fit_width

    sizing.frame(box, cb.width)
    margins = sizing.margins(box, cb.width)
    left, right = _inset(box, "left", cb.width), _inset(box, "right", cb.width)
    top, bottom = _inset(box, "top", cb.height or 0.0), _inset(box, "bottom", cb.height or 0.0)
    frame_x = sizing.horizontal_frame(box)
    width = sizing.specified_width(box, cb.width)
    margin_left, margin_right = margins[3], margins[1]
    if left is None and right is None:
        left = static_x - cb.x
    if width is None and left is not None and right is not None and box.kind != "replaced":
        width = max(0.0, cb.width - left - right - (margin_left or 0.0) - (margin_right or 0.0) - frame_x)
        width = sizing.clamp_width(box, width, cb.width)
        border_width = lu(width) + frame_x
    elif width is None:
        border_width = shrink_to_fit_width(
            ctx, box, cb, [margins[0] or 0.0, margin_right or 0.0, 0.0, margin_left or 0.0]
        )
    else:
        border_width = lu(sizing.clamp_width(box, width, cb.width)) + frame_x
    if left is not None and right is not None and margin_left is None and margin_right is None:
        free = cb.width - left - right - border_width
        margin_left = lu(free / 2) if free > 0 else 0.0
        margin_right = free - margin_left
    margin_left = margin_left or 0.0
    margin_right = margin_right or 0.0
    if left is None:
        left = cb.width - (right or 0.0) - border_width - margin_left - margin_right
    box.width = border_width
    box.x = cb.x + left + margin_left
    margin_top, margin_bottom = margins[0], margins[2]
    if top is None and bottom is None:
        top = static_y - cb.y
    height = sizing.specified_height(box, cb.height)
    frame_y = sizing.vertical_frame(box)
    stretch_height = height is None and top is not None and bottom is not None and cb.height is not None
    box.y = cb.y + (top or 0.0) + (margin_top or 0.0)
    layout_independent(ctx, box, Containing(cb.x, cb.y, cb.width, cb.height))
    if stretch_height:
        fill = cb.height - (top or 0.0) - (bottom or 0.0) - (margin_top or 0.0) - (margin_bottom or 0.0) - frame_y
        box.height = lu(sizing.clamp_height(box, max(0.0, fill), cb.height)) + frame_y
    if top is None:
        y = cb.y + (cb.height or 0.0) - (bottom or 0.0) - (margin_bottom or 0.0) - box.height
        from .placement import shift

        shift(box, 0.0, y - box.y)
    box.margins = (margin_top or 0.0, margin_right, margin_bottom or 0.0, margin_left)
