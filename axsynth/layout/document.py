"""Laying out a whole document: the root element's box in the initial containing
block (the viewport), the quirks-mode rule that stretches html and body to fill it,
then the positioned boxes left for the viewport and the relative offsets."""

from __future__ import annotations

from . import sizing
from .block import Flow, _layout_block_level_root
from .box import Box
from .context import Containing, LayoutContext
from .floats import FloatSpace
from .placement import apply_relative_positions
from .positioned import layout_positioned


def layout_document(ctx: LayoutContext, root: Box) -> None:
    root.x = root.y = 0.0
    root.width, root.height = ctx.viewport_width, ctx.viewport_height
    cb = Containing(0.0, 0.0, ctx.viewport_width, ctx.viewport_height)
    flow = Flow(0.0)
    floats = FloatSpace()
    for child in root.children:
        if ctx.quirks:
            _mark_quirks_stretch(child, ctx)
        _layout_block_level_root(ctx, child, cb, flow, floats)
    layout_positioned(ctx, root)
    apply_relative_positions(root)


def _mark_quirks_stretch(html: Box, ctx: LayoutContext) -> None:
    """Quirks mode: an html and a body with height auto are at least as tall as the
    viewport, less their margins (LayoutBox's quirks-mode viewport stretch)."""
    if html.style["height"] != "auto":
        return
    if html.extra is None:
        html.extra = {}
    html.extra["stretch"] = True
    body = next((c for c in html.children if c.element is not None and c.element.local_name == "body"), None)
    if body is not None and body.style["height"] == "auto":
        if body.extra is None:
            body.extra = {}
        body.extra["stretch"] = True


def stretched_height(box: Box, content_height: float, cb: Containing, margins_y: float) -> float:
    """The content height of a quirks-mode html or body: at least the containing
    block's height less margins, borders and paddings."""
    if not box.extra or not box.extra.get("stretch") or cb.height is None:
        return content_height
    return max(content_height, cb.height - margins_y - sizing.vertical_frame(box))
