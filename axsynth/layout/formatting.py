"""Which algorithm lays out a box's contents, and the widths boxes take when their
formatting context does not stretch them (shrink-to-fit, CSS 2 §10.3.5; replaced
sizes §10.3.2). Each formatting context is its own module; this is where they meet."""

from __future__ import annotations

from . import box as kinds
from . import intrinsic, replaced, sizing
from .block import layout_flow_root
from .box import Box
from .context import Containing, LayoutContext
from .geometry import lu


def layout_independent(ctx: LayoutContext, box: Box, cb: Containing) -> None:
    """Lays out the contents of a box that starts its own formatting context, whose
    border box's position, width and frame are already set; sets its height."""
    if box.kind == kinds.REPLACED:
        replaced.layout(ctx, box, cb)
        return
    algorithm = ctx.algorithms.get(box.kind)
    if algorithm is not None:
        algorithm(ctx, box, cb)
        return
    layout_flow_root(ctx, box, cb.height)


def preferred_width(ctx: LayoutContext, box: Box, cb: Containing, margins: list) -> float | None:
    """The content-box width a block-level formatting context root asks for: a
    replaced box's used width, a table's shrink-to-fit width, or its 'width'; None
    when it fills the containing block."""
    if box.kind == kinds.REPLACED:
        return replaced.used_width(box, cb)
    if box.kind == kinds.TABLE and box.style["width"] == "auto":
        return shrink_to_fit_width(ctx, box, cb, [m or 0.0 for m in margins]) - sizing.horizontal_frame(box)
    width = sizing.specified_width(box, cb.width)
    return sizing.clamp_width(box, width, cb.width) if width is not None else None


def shrink_to_fit_width(ctx: LayoutContext, box: Box, cb: Containing, margins: list[float]) -> float:
    """The border-box width of a float, an inline-block or an absolutely positioned box
    with width auto: min(max(min-content, available), max-content) (CSS 2 §10.3.5)."""
    frame = sizing.horizontal_frame(box)
    if box.kind == kinds.REPLACED:
        return lu(replaced.used_width(box, cb)) + frame
    specified = sizing.specified_width(box, cb.width)
    if specified is None and not sizing.is_keyword_size(box.style["width"]):
        minimum, maximum = intrinsic.content_sizes(box)
        available = cb.width - margins[1] - margins[3] - frame
        specified = min(max(minimum, available), maximum)
    elif specified is None:
        minimum, maximum = intrinsic.content_sizes(box)
        keyword = box.style["width"]
        available = cb.width - margins[1] - margins[3] - frame
        specified = {"min-content": minimum, "max-content": maximum}.get(keyword, min(max(minimum, available), maximum))
        if keyword in ("-webkit-fill-available", "stretch"):
            specified = max(0.0, available)
    return lu(sizing.clamp_width(box, specified, cb.width)) + frame
