"""Intrinsic sizes of inline content (CSS Sizing 3 §5.1): the max-content size is its
longest line when only forced breaks end lines; the min-content size its widest
piece between soft wrap opportunities (atomic inlines at their own contributions)."""

from __future__ import annotations

from .. import sizing
from ..box import Box
from . import breaking, items
from .items import ATOMIC, CLOSE, FLOAT, OPEN, TEXT
from .lines import Measure, content_end


def inline_content_sizes(container: Box) -> tuple[float, float]:
    from ..intrinsic import contribution

    paragraph = items.collect(container)
    if not paragraph.text and not any(i.kind in (OPEN, FLOAT) for i in paragraph.items):
        return 0.0, 0.0
    items.shape(paragraph)
    minimums: dict[int, float] = {}
    floats: dict[int, float] = {}  # max-content contribution of the floats before a position
    float_minimum = 0.0
    for item in paragraph.items:
        if item.kind == ATOMIC:
            low, high = contribution(item.box)
            paragraph.advances[item.start] = round(high * 65536)
            minimums[item.start] = low
        elif item.kind == FLOAT:
            # A float sits beside the line it is met on (its max-content joins that line's).
            low, high = contribution(item.box)
            floats[item.start] = floats.get(item.start, 0.0) + high
            float_minimum = max(float_minimum, low)
    frames = {}
    for index, item in enumerate(paragraph.items):
        if item.kind in (OPEN, CLOSE):
            box = item.box
            sizing.frame(box, 0.0)
            margins = [m or 0.0 for m in sizing.margins(box, 0.0)]
            side = 3 if item.kind == OPEN else 1
            frames[index] = margins[side] + box.borders[side] + box.paddings[side]
    measure = Measure(paragraph, frames)
    styles = [
        paragraph.items[o].box.style if paragraph.items[o].kind == TEXT else container.style for o in paragraph.owner
    ]
    opportunities = breaking.opportunities(paragraph, styles)
    anywhere = [s["overflow-wrap"] == "anywhere" or s["line-break"] == "anywhere" for s in styles]
    text = paragraph.text
    length = len(text)
    maximum = minimum = 0.0
    line_start = segment_start = 0
    for index in range(1, length + 1):
        forced = text[index - 1] == "\n"
        if forced or index == length or opportunities[index] or anywhere[index - 1]:
            end = content_end(paragraph, segment_start, index)
            piece = measure.width(segment_start, end)
            if end - segment_start == 1 and segment_start in minimums:
                piece = minimums[segment_start]
            minimum = max(minimum, piece)
            segment_start = index
            while segment_start < length and paragraph.collapsible[segment_start]:
                segment_start += 1
        if forced or index == length:
            beside = sum(
                width
                for position, width in floats.items()
                if line_start <= position < index or position == index == length
            )
            maximum = max(maximum, measure.width(line_start, content_end(paragraph, line_start, index)) + beside)
            line_start = index
            while line_start < length and paragraph.collapsible[line_start]:
                line_start += 1
    if length == 0:  # floats alone (and empty inline boxes): side by side
        maximum = sum(floats.values())
    minimum = max(minimum, float_minimum)
    return minimum, max(maximum, minimum)
