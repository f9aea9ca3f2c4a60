"""Block formatting (CSS 2 §9.4.1, §10.3.3, §10.6.3; LayoutNG's block layout
algorithm): block-level boxes stacked down their containing block, their widths
from the containing block, their margins collapsing (§8.3.1), floats beside them and
clearance below floats, and the height of a block from its content.

Positions are page coordinates from the start: a box's ``x``/``y`` is its border box's
top-left corner. Margin collapsing keeps, while a block container's children are laid
out, the margins that adjoin so far (``Flow.pending``) and the boxes whose top edge
waits for them (a block without top border or padding starts where its first child's
collapsed margin puts it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import box as kinds
from . import intrinsic, sizing
from .box import Box
from .context import Containing, LayoutContext
from .floats import FloatSpace
from .geometry import lu


def collapse(margins: list[float]) -> float:
    """The collapsed margin of adjoining margins: the largest positive plus the most
    negative (CSS 2 §8.3.1)."""
    if not margins:
        return 0.0
    positive = max((m for m in margins if m > 0), default=0.0)
    negative = min((m for m in margins if m < 0), default=0.0)
    return positive + negative


@dataclass
class Flow:
    """The state of a block formatting context's flow inside one block container."""

    y: float  # the border edge the next box's margins are measured from
    pending: list[float] = field(default_factory=list)  # adjoining margins so far
    waiting: list[Box] = field(default_factory=list)  # boxes whose top is where they resolve
    resolved_content: bool = False  # whether the container has had in-flow content
    # Floats met while margins were still adjoining: placed where they resolve
    # (LayoutNG's unpositioned floats), with the context to place them in.
    floats: list[tuple] = field(default_factory=list)
    # Whether the position of the container's formatting context offset is known (no
    # ancestor still waits for its margins): an empty box is then placed at once.
    anchored: bool = True

    def resolve(self) -> float:
        """Ends the adjoining margins: their collapsed size is added, the boxes waiting
        for them get their top edge here, the floats waiting for them are placed."""
        self.y = self.y + collapse(self.pending)
        for waiting in self.waiting:
            waiting.y = self.y
        self.pending = []
        self.waiting = []
        self.resolved_content = True
        self.place_floats()
        return self.y

    def place_floats(self) -> None:
        floats, self.floats = self.floats, []
        for ctx, child, cb, space in floats:
            place_float(ctx, child, cb, self.y, space)

    def tentative(self) -> float:
        """Where content would start if the margins resolved now (floats placed before
        the next in-flow content use it)."""
        return self.y + collapse(self.pending)


# --- block formatting context roots --------------------------------------------------------


def layout_flow_root(ctx: LayoutContext, box: Box, cb_height: float | None) -> None:
    """Lays out a block container that starts a new block formatting context, whose
    border box's x, y, width and frame are set: its children, and its height when auto
    (its content and floats)."""
    floats = FloatSpace()
    content_x, content_y, content_width, _ = box.content_box()
    height = sizing.specified_height(box, cb_height)
    inner = Containing(content_x, content_y, content_width, height)
    flow = Flow(content_y)
    layout_children(ctx, box, inner, flow, floats)
    _marker_line(box, flow)
    if flow.floats:
        flow.y = flow.tentative()
        flow.place_floats()
    content_bottom = flow.tentative() if flow.resolved_content or flow.pending else flow.y
    float_bottom = floats.bottom()
    if float_bottom is not None:
        content_bottom = max(content_bottom, float_bottom)
    finish_height(box, height, content_bottom - content_y, cb_height)
    if box.extra and box.extra.get("stretch"):
        # Quirks mode: the root element fills the viewport (less its margins).
        box.height = max(box.height, ctx.viewport_height - box.margins[0] - box.margins[2])
    _place_positioned(ctx, box)


def _marker_line(box: Box, flow: Flow) -> None:
    """A list item with no line of its own still has its outside marker's line
    (LayoutNG places the marker in a line box of its own)."""
    if flow.resolved_content or not any(c.kind == kinds.MARKER for c in box.children):
        return
    from ..style.layout_styles import used_line_height

    marker = next(c for c in box.children if c.kind == kinds.MARKER)
    flow.resolve()
    flow.y += lu(max(used_line_height(box.style), used_line_height(marker.style)))


def finish_height(box: Box, specified: float | None, content_height: float, cb_height: float | None) -> None:
    content = specified if specified is not None else max(0.0, content_height)
    content = sizing.clamp_height(box, content, cb_height)
    box.height = lu(content) + sizing.vertical_frame(box)


# --- in-flow children -------------------------------------------------------------------


def layout_children(ctx: LayoutContext, box: Box, cb: Containing, flow: Flow, floats: FloatSpace) -> None:
    """The children of a block container: block-level ones stacked, or lines of inline
    content (a container holds one or the other once anonymous blocks wrap its inline
    runs), with floats and positioned boxes among them."""
    if _has_inline_content(box):
        from .inline.layout import layout_inline_content

        layout_inline_content(ctx, box, cb, flow, floats)
        return
    for child in box.children:
        if child.kind == kinds.TEXT or child.kind == kinds.MARKER:
            continue  # collapsible white space between blocks; markers go with the first line
        if child.out_of_flow:
            ctx.positioned.append((child, cb.x, flow.tentative()))
        elif child.floating:
            if flow.pending or flow.waiting:
                flow.floats.append((ctx, child, cb, floats))
            else:
                place_float(ctx, child, cb, flow.y, floats)
        elif _establishes_context(child):
            _layout_block_level_root(ctx, child, cb, flow, floats)
        else:
            _layout_in_flow_block(ctx, child, cb, flow, floats)


def _has_inline_content(box: Box) -> bool:
    return any(c.inline_level or c.kind == kinds.TEXT for c in box.children) and not any(
        _is_block_level(c) for c in box.children
    )


def _is_block_level(child: Box) -> bool:
    return (
        not child.inline_level
        and not child.out_of_flow
        and not child.floating
        and child.kind
        not in (
            kinds.TEXT,
            kinds.MARKER,
        )
    )


def _establishes_context(child: Box) -> bool:
    return child.establishes_bfc or child.kind != kinds.BLOCK


def _layout_in_flow_block(ctx: LayoutContext, child: Box, cb: Containing, flow: Flow, floats: FloatSpace) -> None:
    """A block container in the parent's formatting context: margins may collapse with
    its parent's and its children's."""
    sizing.frame(child, cb.width)
    margins = sizing.margins(child, cb.width)
    width, left, right = block_width(child, cb, margins)
    top_margin = margins[0] or 0.0
    bottom_margin = margins[2] or 0.0
    child.margins = (top_margin, right, bottom_margin, left)
    child.x = cb.x + left
    child.width = width
    anchored = not flow.waiting
    flow.pending.append(top_margin)
    _clear(child, flow, floats)
    separated_top = child.borders[0] + child.paddings[0] > 0
    if separated_top:
        child.y = flow.resolve()
    else:
        flow.waiting.append(child)
        child.y = flow.tentative()
    height = sizing.specified_height(child, cb.height)
    content_x, _, content_width, _ = child.content_box()
    inner_flow = Flow(
        child.y + child.borders[0] + child.paddings[0] if separated_top else flow.y,
        [] if separated_top else list(flow.pending),
        [] if separated_top else list(flow.waiting),
    )
    if not separated_top:
        inner_flow.floats, flow.floats = flow.floats, []
        inner_flow.anchored = anchored
    inner = Containing(content_x, inner_flow.y, content_width, height)
    layout_children(ctx, child, inner, inner_flow, floats)
    _marker_line(child, inner_flow)
    _finish_in_flow_block(ctx, child, flow, inner_flow, height, cb, bottom_margin, separated_top)
    _place_positioned(ctx, child)


def _finish_in_flow_block(
    ctx: LayoutContext,
    child: Box,
    flow: Flow,
    inner: Flow,
    height: float | None,
    cb: Containing,
    bottom_margin: float,
    separated_top: bool,
) -> None:
    collapsed_through = not separated_top and not inner.resolved_content
    min_height = sizing.clamp_height(child, 0.0, cb.height)
    if collapsed_through and (height or 0.0) == 0 and min_height == 0 and sizing.vertical_frame(child) == 0:
        # An empty block: its top and bottom margins collapse together, with the
        # parent's margins around it (CSS 2 §8.3.1); it is placed after the margins
        # above it, or, while its formatting context's offset still waits (its
        # ancestors' top margins are adjoining), where they finally resolve.
        flow.pending = inner.pending + [bottom_margin]
        flow.waiting = [b for b in inner.waiting if b is not child] if not inner.anchored else []
        flow.floats = inner.floats
        child.y = flow.y + collapse(inner.pending)
        child.height = 0.0
        if not inner.anchored:
            flow.waiting.append(child)
        return
    if not separated_top and not inner.resolved_content:
        inner.resolve()  # a non-empty box that starts with no content: its margins end here
    inner.place_floats()
    if not separated_top:
        flow.pending, flow.waiting = [], []
        flow.resolved_content = True
    content_top = child.y + child.borders[0] + child.paddings[0]
    separated_bottom = child.borders[2] + child.paddings[2] > 0 or height is not None
    if separated_bottom:
        content_bottom = inner.tentative()
        inner_pending: list[float] = []
    else:
        content_bottom = inner.y
        inner_pending = inner.pending
    finish_height(child, height, content_bottom - content_top, cb.height)
    if child.extra and child.extra.get("stretch"):
        _stretch_body(ctx, child, inner_pending + [bottom_margin])
    if not separated_bottom and child.height > sizing.vertical_frame(child) + (content_bottom - content_top):
        inner_pending = []  # min-height made the box taller: the last margin stays inside
    flow.y = child.y + child.height
    flow.pending = inner_pending + [bottom_margin]
    flow.waiting = []
    flow.resolved_content = True


def _stretch_body(ctx: LayoutContext, body: Box, bottom_margins: list[float]) -> None:
    """Quirks mode: the body fills the root element's content box, less its own top
    margin and the margins collapsing at its bottom (probed: 720 - 8 - 16 = 696)."""
    html = body.parent
    if html is None:
        return
    available = ctx.viewport_height - html.margins[0] - html.margins[2] - sizing.vertical_frame(html)
    body.height = max(body.height, lu(available - body.margins[0] - collapse(bottom_margins)))


def _clear(child: Box, flow: Flow, floats: FloatSpace) -> None:
    """Clearance (CSS 2 §9.5.2): a box that clears floats starts below them, and the
    margins above it stop collapsing with its own."""
    clear = child.tree["clear"] if child.tree is not None else "none"
    if clear == "none":
        return
    edge = floats.clearance_edge(clear)
    if edge is None:
        return
    hypothetical = flow.tentative()
    if hypothetical >= edge:
        return
    margin_top = flow.pending[-1] if flow.pending else 0.0
    flow.pending = flow.pending[:-1]
    flow.resolve()
    flow.y = max(flow.y, edge - margin_top)
    flow.pending = [margin_top]


def block_width(child: Box, cb: Containing, margins: list[float | None]) -> tuple[float, float, float]:
    """(border-box width, left margin, right margin) of a block-level box in normal flow
    (CSS 2 §10.3.3, with min-width/max-width §10.4)."""
    frame = sizing.horizontal_frame(child)
    specified = sizing.specified_width(child, cb.width)
    if specified is None and child.kind == kinds.TABLE or sizing.is_keyword_size(child.style["width"]):
        specified = _keyword_width(child, cb, margins)
    if specified is not None:
        specified = sizing.clamp_width(child, specified, cb.width)
    width, left, right = _solve_widths(specified, frame, margins[3], margins[1], cb.width, child)
    if specified is None:
        clamped = sizing.clamp_width(child, width - frame, cb.width) + frame
        if clamped != width:
            width, left, right = _solve_widths(clamped - frame, frame, margins[3], margins[1], cb.width, child)
    return width, left, right


def _keyword_width(child: Box, cb: Containing, margins: list[float | None]) -> float:
    """The content width of fit-content / min-content / max-content (and a table's
    auto width, which shrinks to fit)."""
    keyword = child.style["width"]
    available = cb.width - (margins[3] or 0.0) - (margins[1] or 0.0) - sizing.horizontal_frame(child)
    if keyword in ("-webkit-fill-available", "stretch"):
        return max(0.0, available)
    minimum, maximum = intrinsic.content_sizes(child)
    if keyword == "min-content":
        return minimum
    if keyword == "max-content":
        return maximum
    return max(minimum, min(maximum, available))


def _solve_widths(
    width: float | None, frame: float, left: float | None, right: float | None, available: float, child: Box
) -> tuple[float, float, float]:
    if width is None:
        used_left = left or 0.0
        used_right = right or 0.0
        return max(0.0, lu(available - used_left - used_right)), used_left, used_right
    border_box = lu(width) + frame
    free = available - border_box - (left or 0.0) - (right or 0.0)
    if left is None and right is None:
        half = lu(free / 2)
        return border_box, max(0.0, half) if free > 0 else 0.0, free - max(0.0, half) if free > 0 else free
    if left is None:
        return border_box, free, right or 0.0
    if right is None:
        return border_box, left, free
    align = _legacy_align(child)
    if align == "center" and free > 0:
        half = lu(free / 2)
        return border_box, left + half, right + free - half
    if align == "right" and free > 0:
        return border_box, left + free, right
    return border_box, left, right + free  # over-constrained: the end margin gives way (ltr)


def _legacy_align(child: Box) -> str | None:
    """A parent's text-align -webkit-center/-webkit-right aligns its block children
    (<center>, align=center): LayoutBox::ComputeMarginsForDirection."""
    parent = child.parent
    while parent is not None and parent.is_anonymous:
        parent = parent.parent
    if parent is None:
        return None
    align = parent.style["text-align"]
    return {"-webkit-center": "center", "-webkit-right": "right"}.get(align)


def _layout_block_level_root(ctx: LayoutContext, child: Box, cb: Containing, flow: Flow, floats: FloatSpace) -> None:
    """A block-level box that starts its own formatting context (flow-root, overflow
    other than visible, a replaced box, a flex/grid/table box): its margins do not
    collapse with its children's, and its border box avoids the floats beside it."""
    sizing.frame(child, cb.width)
    margins = sizing.margins(child, cb.width)
    flow.pending.append(margins[0] or 0.0)
    _clear(child, flow, floats)
    top = flow.resolve()
    from .formatting import layout_independent, preferred_width

    specified = preferred_width(ctx, child, cb, margins)
    if specified is None:
        band_left, band_right = floats.band(top, 0.0, cb.x, cb.x + cb.width)
        band = Containing(band_left, top, band_right - band_left, cb.height)
        width, left, right = block_width(child, band, margins)
        child.x = band_left + left
    else:
        width, left, right = _solve_widths(
            specified, sizing.horizontal_frame(child), margins[3], margins[1], cb.width, child
        )
        child.x = cb.x + left
    child.margins = (margins[0] or 0.0, right, margins[2] or 0.0, left)
    child.width = width
    child.y = top
    layout_independent(ctx, child, cb)
    flow.y = child.y + child.height
    flow.pending = [margins[2] or 0.0]
    flow.waiting = []


def float_margin_width(ctx: LayoutContext, child: Box, cb: Containing) -> float:
    """The width a float's margin box will take."""
    from .formatting import shrink_to_fit_width

    sizing.frame(child, cb.width)
    margins = [m or 0.0 for m in sizing.margins(child, cb.width)]
    return shrink_to_fit_width(ctx, child, cb, margins) + margins[1] + margins[3]


def place_float(ctx: LayoutContext, child: Box, cb: Containing, top: float, floats: FloatSpace) -> None:
    """A float: shrink-to-fit width, laid out as a formatting context root, then put as
    far left or right as it goes at or below ``top`` (CSS 2 §9.5.1)."""
    from .formatting import layout_independent, shrink_to_fit_width

    sizing.frame(child, cb.width)
    margins = [m or 0.0 for m in sizing.margins(child, cb.width)]
    child.margins = tuple(margins)  # type: ignore[assignment]
    clear = child.tree["clear"]
    if clear != "none":
        edge = floats.clearance_edge(clear)
        if edge is not None:
            top = max(top, edge)
    child.width = shrink_to_fit_width(ctx, child, cb, margins)
    child.x, child.y = 0.0, 0.0
    layout_independent(ctx, child, cb)
    margin_width = child.width + margins[1] + margins[3]
    margin_height = child.height + margins[0] + margins[2]
    side = "right" if child.tree["float"] in ("right", "inline-end") else "left"
    x, y = floats.place(side, margin_width, margin_height, top, cb.x, cb.x + cb.width)
    from .placement import shift

    shift(child, x + margins[3] - child.x, y + margins[0] - child.y)
    floats.add(side, x, x + margin_width, y, y + margin_height)


def _place_positioned(ctx: LayoutContext, container: Box) -> None:
    """Absolutely positioned descendants whose containing block is ``container`` are laid
    out once its size is known."""
    if container.position == "static" and container.parent is not None:
        return
    from .positioned import layout_positioned

    layout_positioned(ctx, container)
