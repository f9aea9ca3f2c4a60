"""Inline formatting (CSS 2 §9.4.2, §10.8; LayoutNG's inline layout algorithm): the
lines of a block container's inline content, stacked from the top of its content
box, each as wide as the floats beside it allow; on each line the boxes aligned on
the baseline (``vertical-align``), the line as tall as what it holds, its content
aligned by ``text-align``; then every inline box's fragments and every atomic
inline's position.
"""

from __future__ import annotations

from ...style.layout_styles import used_line_height
from ...style.lengths import LengthPercentage
from .. import box as kinds
from .. import sizing
from ..box import Box
from ..context import Containing, LayoutContext
from ..geometry import lu
from . import breaking, items
from .items import ATOMIC, BREAK, CLOSE, FLOAT, OPEN, POSITIONED, TEXT, Paragraph
from .lines import Line, Measure, next_line, skip_leading_spaces
from .vertical import align_line

_ALIGN = {
    "start": "left",
    "left": "left",
    "-webkit-left": "left",
    "end": "right",
    "right": "right",
    "-webkit-right": "right",
    "center": "center",
    "-webkit-center": "center",
    "-internal-center": "center",
    "justify": "justify",
}


def layout_inline_content(ctx: LayoutContext, container: Box, cb: Containing, flow, floats) -> None:
    """Lays out the lines of ``container`` from the flow's position; updates the flow."""
    paragraph = items.collect(container)
    has_marker = any(child.kind == kinds.MARKER for child in container.children)
    if not _has_line_content(paragraph) and not has_marker:
        _out_of_flow_only(ctx, paragraph, cb, flow, floats)
        return
    _size_atomics(ctx, paragraph, cb)
    items.shape(paragraph)
    frames = _inline_frames(paragraph, cb.width)
    measure = Measure(paragraph, frames)
    styles = _char_styles(paragraph, container)
    opportunities = breaking.opportunities(paragraph, styles)
    emergency = [s["overflow-wrap"] in ("break-word", "anywhere") or s["word-break"] == "break-word" for s in styles]
    top = flow.resolve()
    lines = _break_lines(ctx, container, paragraph, measure, cb, top, floats, opportunities, emergency)
    y = lines[-1].top + lines[-1].height
    _place_horizontally(container, paragraph, lines, measure, frames, ctx.quirks)
    _record_baselines(container, lines)
    flow.y = y
    flow.pending = []
    flow.resolved_content = True


def _has_line_content(paragraph: Paragraph) -> bool:
    """Whether any line box has something in it: text that does not collapse away, an
    atomic inline, a forced break, an inline box with edges (CSS 2 §9.4.2)."""
    if any(not c for c in paragraph.collapsible):
        return True
    return any(item.kind == OPEN and _has_frame(item.box) for item in paragraph.items)


def _has_frame(box: Box) -> bool:
    style = box.style
    return any((style[f"padding-{side}"] or 0) != 0 or style[f"border-{side}-width"] != 0 for side in ("left", "right"))


def _out_of_flow_only(ctx: LayoutContext, paragraph: Paragraph, cb: Containing, flow, floats) -> None:
    """Inline content with no line box: its floats and positioned boxes still go
    where the content would be."""
    from ..block import place_float

    for item in paragraph.items:
        if item.kind == FLOAT:
            place_float(ctx, item.box, cb, flow.tentative(), floats)
        elif item.kind == POSITIONED:
            ctx.positioned.append((item.box, cb.x, flow.tentative()))
        elif item.kind in (OPEN, CLOSE, TEXT):
            # An empty inline: no line, no size; it sits where the content would start
            # once the margins around it resolve.
            box = item.box
            box.fragments = box.fragments or []
            box.x, box.y, box.width, box.height = cb.x, flow.tentative(), 0.0, 0.0
            if not flow.anchored and box not in flow.waiting:
                flow.waiting.append(box)


def _size_atomics(ctx: LayoutContext, paragraph: Paragraph, cb: Containing) -> None:
    """Atomic inlines are laid out first (at the origin; moved once their line is
    placed): their margin box's width is their advance on the line."""
    from ..formatting import layout_independent, shrink_to_fit_width

    for item in paragraph.items:
        if item.kind != ATOMIC:
            continue
        box = item.box
        sizing.frame(box, cb.width)
        margins = [m or 0.0 for m in sizing.margins(box, cb.width)]
        box.margins = tuple(margins)  # type: ignore[assignment]
        box.width = shrink_to_fit_width(ctx, box, cb, margins)
        box.x = box.y = 0.0
        layout_independent(ctx, box, Containing(0.0, 0.0, cb.width, cb.height))


def _inline_frames(paragraph: Paragraph, cb_width: float) -> dict[int, float]:
    """The room an inline box takes where it opens (left margin, border and padding)
    and where it closes (right ones), by item index."""
    frames: dict[int, float] = {}
    for index, item in enumerate(paragraph.items):
        if item.kind not in (OPEN, CLOSE):
            continue
        box = item.box
        if item.kind == OPEN:
            sizing.frame(box, cb_width)
            margins = sizing.margins(box, cb_width)
            box.margins = tuple(m or 0.0 for m in margins)  # type: ignore[assignment]
            frames[index] = box.margins[3] + box.borders[3] + box.paddings[3]
        else:
            frames[index] = box.margins[1] + box.borders[1] + box.paddings[1]
    return frames


def _char_styles(paragraph: Paragraph, container: Box) -> list[dict]:
    styles = []
    for owner in paragraph.owner:
        item = paragraph.items[owner]
        styles.append(item.box.style if item.kind == TEXT else (item.box.parent or container).style)
    return styles


def _break_lines(
    ctx: LayoutContext,
    container: Box,
    paragraph: Paragraph,
    measure: Measure,
    cb: Containing,
    top: float,
    floats,
    opportunities: list[bool],
    emergency: list[bool],
) -> list[Line]:
    from ..block import place_float

    # Atomic inlines take their margin box's width.
    for item in paragraph.items:
        if item.kind == ATOMIC:
            box = item.box
            width = box.width + box.margins[1] + box.margins[3]
            paragraph.advances[item.start] = round(width * 65536)
    measure.__init__(paragraph, _frames_again(paragraph))  # advances changed
    indent = _text_indent(container, cb.width)
    strut = used_line_height(container.style)
    lines: list[Line] = []
    start = skip_leading_spaces(paragraph, 0)
    y = top
    floats_done: set[int] = set()
    length = len(paragraph.text)
    if length == 0:  # only a list marker (and empty inline boxes): one line for it
        _place_floats_at(ctx, paragraph, 0, y, cb, floats, floats_done, place_float)
        left, right = floats.band(y, strut, cb.x, cb.x + cb.width)
        line = Line(0, 0, 0, 0.0, left=left, available=right - left, top=y)
        align_line(ctx, container, paragraph, line)
        return [line]
    while True:
        _place_floats_at(ctx, paragraph, start, y, cb, floats, floats_done, place_float)
        while True:
            left, right = floats.band(y, strut, cb.x, cb.x + cb.width)
            first_indent = indent if not lines else 0.0
            available = right - left - first_indent
            line = next_line(paragraph, measure, start, available, opportunities, emergency)
            # A float met inside the line goes beside it now when it fits there, and
            # the line is broken again in the room it leaves.
            if not _place_float_inside(ctx, paragraph, measure, line, y, available, cb, floats, floats_done):
                break
        line.left = left + first_indent
        line.available = available
        line.top = y
        align_line(ctx, container, paragraph, line)
        lines.append(line)
        y += line.height
        start = skip_leading_spaces(paragraph, line.end) if not line.forced else line.end
        if start >= length:
            break
    _place_floats_at(ctx, paragraph, length, y, cb, floats, floats_done, place_float)
    return lines


def _place_float_inside(
    ctx, paragraph: Paragraph, measure: Measure, line: Line, y: float, available: float, cb, floats, done: set
) -> bool:
    """Places the first float met inside ``line`` at the line's top when the content
    before it and the float fit the line (LayoutNG's line breaker); False when none does."""
    from ..block import float_margin_width, place_float

    for index, item in enumerate(paragraph.items):
        if item.kind != FLOAT or index in done or not line.start < item.start < line.end:
            continue
        before = measure.width(line.start, item.start)
        if before + float_margin_width(ctx, item.box, cb) > available + 1e-9:
            return False
        place_float(ctx, item.box, cb, y, floats)
        done.add(index)
        return True
    return False


def _frames_again(paragraph: Paragraph) -> dict[int, float]:
    frames: dict[int, float] = {}
    for index, item in enumerate(paragraph.items):
        if item.kind == OPEN:
            box = item.box
            frames[index] = box.margins[3] + box.borders[3] + box.paddings[3]
        elif item.kind == CLOSE:
            box = item.box
            frames[index] = box.margins[1] + box.borders[1] + box.paddings[1]
    return frames


def _place_floats_at(ctx, paragraph: Paragraph, position: int, y: float, cb, floats, done: set, place_float) -> None:
    """Floats and positioned boxes met before ``position`` are placed at the line top."""
    for index, item in enumerate(paragraph.items):
        if index in done or item.start > position:
            continue
        if item.kind == FLOAT:
            place_float(ctx, item.box, cb, y, floats)
            done.add(index)
        elif item.kind == POSITIONED:
            ctx.positioned.append((item.box, cb.x, y))
            done.add(index)


def _text_indent(container: Box, cb_width: float) -> float:
    value = container.style["text-indent"]
    if isinstance(value, LengthPercentage):
        return lu(value.resolve(cb_width))
    return lu(value)


def _resolve_align(container: Box) -> str:
    box: Box | None = container
    while box is not None:
        value = box.style["text-align"]
        if value != "match-parent":
            return value
        box = box.parent
    return "start"


def _place_horizontally(
    container: Box, paragraph: Paragraph, lines: list[Line], measure: Measure, frames: dict[int, float], quirks: bool
) -> None:
    """Positions along each line: alignment offset, then every character, inline box
    edge and atomic inline in order; records the fragments."""
    align = _ALIGN.get(_resolve_align(container), "left")
    last_align = container.style["text-align-last"]
    text = paragraph.text
    for number, line in enumerate(lines):
        free = line.available - line.width
        line_align = align
        is_last = number == len(lines) - 1 or line.forced
        if align == "justify" and is_last:
            line_align = "left" if last_align in ("auto", "start", "left") else _ALIGN.get(last_align, "left")
        offset = 0.0
        if free > 0:
            if line_align == "center":
                offset = lu(free / 2)
            elif line_align == "right":
                offset = free
        x = line.left + offset
        justify_extra = 0.0
        if line_align == "justify" and free > 0:
            spaces = sum(1 for i in range(line.start, line.content_end) if text[i] == " ")
            justify_extra = free / spaces if spaces else 0.0
        _walk_line(container, paragraph, line, x, frames, justify_extra, measure, quirks)


def _walk_line(
    container: Box,
    paragraph: Paragraph,
    line: Line,
    x: float,
    frames,
    justify_extra: float,
    measure: Measure,
    quirks: bool,
) -> None:
    """Walks one line left to right: inline box edges where they open and close,
    every character's advance (spaces hanging at the end take none); records each
    inline box's and text's fragment and places atomic inlines and breaks."""
    text = paragraph.text
    items_ = paragraph.items
    events = paragraph.boundary_items()
    open_boxes = {index: x for index in _open_at(paragraph, line.start)}
    opened_here: set[int] = set()
    text_extent: dict[int, list[float]] = {}
    at_end = line.end == len(text)
    position = line.start
    while position <= line.end:
        for index in events.get(position, ()):
            item = items_[index]
            if item.kind == OPEN and (position < line.end or at_end):
                open_boxes[index] = x + item.box.margins[3]
                opened_here.add(index)
                x += frames.get(index, 0.0)
            elif item.kind == CLOSE:
                opener = _opener(paragraph, index)
                if opener in open_boxes and (position > line.start or opener in opened_here):
                    end_x = x + item.box.borders[1] + item.box.paddings[1]
                    _add_fragment(item.box, open_boxes.pop(opener), end_x, line)
                    x += frames.get(index, 0.0)
        if position >= line.end:
            break
        owner_index = paragraph.owner[position]
        owner = items_[owner_index]
        takes_room = position < line.content_end
        if owner.kind == TEXT:
            # A text item's part on the line advances by its snapped width at once.
            end = min(measure.segment_end(position), line.content_end) if takes_room else position + 1
            width = measure.advance(position, end) / 65536 if takes_room else 0.0
            if justify_extra and takes_room:
                width += justify_extra * sum(1 for i in range(position, end) if text[i] == " ")
            if takes_room:
                extent = text_extent.setdefault(owner_index, [x, x])
                extent[1] = x + width
            x += width
            position = end
            continue
        advance = paragraph.advances[position] / 65536 if takes_room else 0.0
        if owner.kind == ATOMIC:
            _place_atomic(owner.box, x, line)
        elif owner.kind == BREAK:
            direct_text = any(items_[i].box.parent is owner.box.parent for i in text_extent)
            _place_break(owner.box, x, line, quirks and bool(text_extent) and not direct_text)
        x += advance
        position += 1
    for opener, start_x in open_boxes.items():
        _add_fragment(items_[opener].box, start_x, x, line)
    for owner_index, (start_x, end_x) in text_extent.items():
        _add_text_fragment(items_[owner_index].box, start_x, end_x, line)


def _place_break(box: Box, x: float, line: Line, empty: bool) -> None:
    """A <br>'s box: its text fragment (no width, its font's height at the baseline);
    ``empty``: a quirks-mode line with text, but none of the <br>'s parent box's own
    before it: the <br> has no height there (the line-height quirk; probed)."""
    metrics = box.style["font"].metrics
    baseline = line.box_baselines.get(id(box.parent), line.baseline)
    if empty:
        box.x, box.y, box.width, box.height = x, baseline, 0.0, 0.0
    else:
        box.x, box.y, box.width, box.height = x, baseline - metrics.ascent, 0.0, metrics.ascent + metrics.descent


def _open_at(paragraph: Paragraph, position: int) -> list[int]:
    """The inline boxes (their OPEN items) still open where a line starts."""
    stack: list[int] = []
    for index, item in enumerate(paragraph.items):
        if item.start > position or (item.kind == OPEN and item.start == position):
            break
        if item.kind == OPEN:
            stack.append(index)
        elif item.kind == CLOSE and stack:
            stack.pop()
    return stack


def _opener(paragraph: Paragraph, close_index: int) -> int:
    depth = 0
    for index in range(close_index - 1, -1, -1):
        item = paragraph.items[index]
        if item.kind == CLOSE:
            depth += 1
        elif item.kind == OPEN:
            if depth == 0:
                return index
            depth -= 1
    return -1


def _add_fragment(box: Box, start_x: float, end_x: float, line: Line) -> None:
    """An inline box's border box on one line: as tall as its font's ascent and
    descent plus its vertical padding and borders, around its baseline."""
    metrics = box.style["font"].metrics
    baseline = line.box_baselines.get(id(box), line.baseline)
    top = baseline - metrics.ascent - box.paddings[0] - box.borders[0]
    height = metrics.ascent + metrics.descent + box.paddings[0] + box.paddings[2] + box.borders[0] + box.borders[2]
    if box.fragments is None:
        box.fragments = []
    box.fragments.append([start_x, top, end_x - start_x, height])


def _add_text_fragment(box: Box, start_x: float, end_x: float, line: Line) -> None:
    metrics = box.style["font"].metrics
    parent = box.parent
    baseline = line.box_baselines.get(id(parent), line.baseline)
    if box.fragments is None:
        box.fragments = []
    box.fragments.append([start_x, baseline - metrics.ascent, end_x - start_x, metrics.ascent + metrics.descent])


def _place_atomic(box: Box, x: float, line: Line) -> None:
    from ..placement import shift

    top = line.atomic_tops.get(id(box), line.top)
    shift(box, x + box.margins[3] - box.x, top + box.margins[0] - box.y)


def _record_baselines(container: Box, lines: list[Line]) -> None:
    if container.extra is None:
        container.extra = {}
    container.extra["first_baseline"] = lines[0].baseline
    container.extra["last_baseline"] = lines[-1].baseline
