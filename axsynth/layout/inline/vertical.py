"""The height of a line box and where its baseline goes (CSS 2 §10.8; LayoutNG's
``InlineLayoutStateStack``): each inline box on the line spans its font's ascent and
descent plus half the leading its line-height leaves (the ascent side floored to
whole pixels, as Chromium does), shifted by its ``vertical-align``; atomic inlines
span their margin box around their baseline; the line box is the smallest that
holds them all, with top- and bottom-aligned boxes fitted last.

In quirks mode an inline box contributes its line-height only when the line has
text in it (the line-height quirk)."""

from __future__ import annotations

import math

from ...style.layout_styles import used_line_height
from ...style.lengths import LengthPercentage
from ..box import Box
from ..context import LayoutContext
from ..geometry import lu
from .items import ATOMIC, BREAK, CLOSE, OPEN, TEXT, Paragraph
from .lines import Line


def leading_metrics(style: dict, fallback_faces: frozenset = frozenset()) -> tuple[float, float]:
    """(ascent, descent) of an inline box's layout bounds: its font's, with half the
    leading of its line-height on each side (ascent side floored: CalculateLeadingSpace).
    With line-height: normal, fallback fonts its text used on the line count too, each
    with its own line gap (InlineBoxState's used fonts)."""
    metrics = style["font"].metrics
    line_height = lu(used_line_height(style))
    leading = line_height - (metrics.ascent + metrics.descent)
    ascent_leading = math.floor(lu(leading / 2))
    descent_leading = leading - ascent_leading
    ascent, descent = metrics.ascent + ascent_leading, metrics.descent + descent_leading
    if fallback_faces and style["line-height"] == "normal":
        size = style["font-size"]
        for face in fallback_faces:
            used = face.metrics(size)
            gap_above = math.floor(used.line_gap / 2)
            ascent = max(ascent, used.ascent + gap_above)
            descent = max(descent, used.descent + used.line_gap - gap_above)
    return ascent, descent


def _atomic_metrics(box: Box) -> tuple[float, float]:
    """(ascent, descent) of an atomic inline's margin box around its baseline."""
    margin_top, _, margin_bottom, _ = box.margins
    height = box.height + margin_top + margin_bottom
    baseline = atomic_baseline(box)
    if baseline is None:
        return height, 0.0
    return margin_top + baseline, height - margin_top - baseline


def atomic_baseline(box: Box) -> float | None:
    """An inline-block's baseline from its border-box top: its last line's, unless it
    has none or clips its overflow (then its bottom margin edge: None); a form
    control's is its text's."""
    if box.kind == "replaced":
        return box.baseline
    if box.tree is None:
        return None
    if box.tree["overflow-x"] != "visible" or box.tree["overflow-y"] != "visible":
        return None
    baseline = _last_baseline(box)
    if baseline is None and box.element is not None and box.element.local_name == "button":
        # LayoutButton synthesizes its baseline from its content box's bottom (probed:
        # an empty 16x6 button sits 3px lower than an empty inline-block).
        return box.height - box.borders[2] - box.paddings[2]
    return baseline - box.y if baseline is not None else None


def _last_baseline(box: Box) -> float | None:
    if box.extra and "last_baseline" in box.extra:
        return box.extra["last_baseline"]
    for child in reversed(box.children):
        if child.out_of_flow or child.floating or child.kind in ("text", "marker") or child.inline_level:
            continue
        found = _last_baseline(child)
        if found is not None:
            return found
    return None


def _shift(style: dict, parent_style: dict, ascent: float, descent: float) -> float | str:
    """A box's baseline offset below its parent's baseline (negative: raised), or
    "top"/"bottom" for boxes aligned with the line box."""
    value = style["vertical-align"]
    if value in ("baseline", "-webkit-baseline-middle"):
        return 0.0
    if value in ("top", "bottom"):
        return value
    parent_metrics = parent_style["font"].metrics
    parent_size = parent_style["font-size"]
    if value == "sub":
        return lu(parent_size / 5 + 1)
    if value == "super":
        return -lu(parent_size / 3 + 1)
    if value == "text-top":
        return ascent - parent_metrics.ascent
    if value == "text-bottom":
        return parent_metrics.descent - descent
    if value == "middle":
        return lu(-parent_metrics.x_height / 2 + (ascent - descent) / 2)
    if isinstance(value, LengthPercentage):
        return -lu(value.resolve(used_line_height(style)))
    return -lu(value)


def align_line(ctx: LayoutContext, container: Box, paragraph: Paragraph, line: Line) -> None:
    """Sets the line's height and baseline, and where boxes off the baseline go."""
    items_ = paragraph.items
    has_text = any(
        items_[paragraph.owner[i]].kind in (TEXT, BREAK) and not paragraph.collapsible[i]
        for i in range(line.start, line.end)
    )
    fallbacks = _fallback_faces(paragraph, line, container)
    root_ascent, root_descent = leading_metrics(container.style, fallbacks.get(id(container), frozenset()))
    counts = not ctx.quirks or has_text
    top = -root_ascent if counts else math.inf
    bottom = root_descent if counts else -math.inf
    offsets: dict[int, float] = {id(container): 0.0}
    stack: list[Box] = [container]
    for index in _continued(paragraph, line):
        stack.append(items_[index].box)
    for box in stack[1:]:
        offsets[id(box)] = offsets[id(_parent_of(box, container))] + _numeric(
            _shift(box.style, _parent_of(box, container).style, *leading_metrics(box.style))
        )
    aligned_edges: list[tuple[Box, str, float, float, bool]] = []
    for position in range(line.start, line.end + 1):
        for index, item in _items_at(paragraph, position, line):
            box = item.box
            if item.kind == OPEN:
                parent = stack[-1]
                ascent, descent = leading_metrics(box.style, fallbacks.get(id(box), frozenset()))
                shift = _shift(box.style, parent.style, ascent, descent)
                if isinstance(shift, str):
                    aligned_edges.append((box, shift, ascent, descent, False))
                    offsets[id(box)] = offsets[id(parent)]
                else:
                    offsets[id(box)] = offsets[id(parent)] + shift
                    if not ctx.quirks or has_text or _has_vertical_frame(box):
                        top = min(top, offsets[id(box)] - ascent)
                        bottom = max(bottom, offsets[id(box)] + descent)
                stack.append(box)
            elif item.kind == CLOSE and len(stack) > 1 and stack[-1] is box:
                stack.pop()
        if position >= line.end:
            break
        item = items_[paragraph.owner[position]]
        if item.kind == ATOMIC:
            box = item.box
            parent = stack[-1]
            ascent, descent = _atomic_metrics(box)
            shift = _shift(box.style, parent.style, ascent, descent)
            if isinstance(shift, str):
                aligned_edges.append((box, shift, ascent, descent, True))
                continue
            offset = offsets[id(parent)] + shift
            offsets[id(box)] = offset
            top = min(top, offset - ascent)
            bottom = max(bottom, offset + descent)
    if top == math.inf:
        top, bottom = 0.0, 0.0
    for box, edge, ascent, descent, _atomic in aligned_edges:
        height = ascent + descent
        if bottom - top < height:
            if edge == "top":
                bottom = top + height
            else:
                top = bottom - height
    line.height = lu(bottom - top)
    line.baseline = line.top - top
    for box, edge, ascent, descent, atomic in aligned_edges:
        baseline = line.top + ascent if edge == "top" else line.top + line.height - descent
        offsets[id(box)] = baseline - line.baseline
    for key, offset in offsets.items():
        if offset:
            line.box_baselines[key] = line.baseline + offset
    for position in range(line.start, line.end):
        item = items_[paragraph.owner[position]]
        if item.kind == ATOMIC:
            box = item.box
            ascent, _ = _atomic_metrics(box)
            line.atomic_tops[id(box)] = line.baseline + offsets.get(id(box), 0.0) - ascent


def _fallback_faces(paragraph: Paragraph, line: Line, container: Box) -> dict[int, frozenset]:
    """The fallback faces each inline box's own text uses on the line (by box id)."""
    found: dict[int, set] = {}
    fallback = paragraph.fallback
    for position in range(line.start, min(line.content_end, len(fallback))):
        face = fallback[position]
        if face is None:
            continue
        item = paragraph.items[paragraph.owner[position]]
        holder = item.box.parent if item.box.parent is not None else container
        found.setdefault(id(holder), set()).add(face)
    return {key: frozenset(faces) for key, faces in found.items()}


def _numeric(shift: float | str) -> float:
    return shift if isinstance(shift, float) else 0.0


def _parent_of(box: Box, container: Box) -> Box:
    parent = box.parent
    return parent if parent is not None else container


def _has_vertical_frame(box: Box) -> bool:
    return any(box.borders) or any(box.paddings)


def _continued(paragraph: Paragraph, line: Line) -> list[int]:
    from .layout import _open_at

    return _open_at(paragraph, line.start)


def _items_at(paragraph: Paragraph, position: int, line: Line):
    """The OPEN/CLOSE items at a boundary that belong to this line."""
    for index in paragraph.boundary_items().get(position, ()):
        item = paragraph.items[index]
        if item.kind == OPEN and position == line.end and position != len(paragraph.text):
            continue
        yield index, item
