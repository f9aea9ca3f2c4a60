"""Line breaking (LayoutNG's ``LineBreaker``): the paragraph's text cut greedily at its
soft wrap opportunities into lines that fit the space floats leave, collapsible
spaces removed at line edges, inline boxes' start and end edges taking room where
they open and close, and an emergency break inside a word where ``overflow-wrap``
allows one."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import accumulate

from ...fonts import FIXED_ONE
from .breaking import grapheme_breaks
from .items import ATOMIC, BLOCK, BREAK, CLOSE, OPEN, Paragraph


@dataclass
class Line:
    start: int  # first character (after collapsed spaces)
    end: int  # one past the last character, forced break included
    content_end: int  # one past the last character that takes room (trailing spaces excluded)
    width: float  # used inline size of the content
    left: float = 0.0  # the line's left edge (after floats and the indent)
    available: float = 0.0
    top: float = 0.0
    height: float = 0.0
    baseline: float = 0.0
    items: list[int] = field(default_factory=list)
    forced: bool = False  # ended by a forced break
    block: bool = False  # a block-in-inline line
    # Set by vertical alignment: the baseline of each inline box not on the line's
    # baseline (by id), and the margin-box top of each atomic inline.
    box_baselines: dict[int, float] = field(default_factory=dict)
    atomic_tops: dict[int, float] = field(default_factory=dict)


_CEIL_STEP = 1024  # 1/64 px in 16.16 fixed point


def _snap(fixed: int) -> int:
    """A text item's width as LayoutNG keeps it: ceiled to a LayoutUnit (16.16 units)."""
    return -((-fixed) // _CEIL_STEP) * _CEIL_STEP


class Measure:
    """Widths of ranges of the paragraph as LayoutNG adds them up: each item's part
    (a run of one text item, an atomic inline) snapped up to a LayoutUnit, plus the
    inline boxes' start and end edges where they open and close."""

    def __init__(self, paragraph: Paragraph, frames: dict[int, float]) -> None:
        self.paragraph = paragraph
        length = len(paragraph.text)
        opens = [0] * (length + 1)
        closes = [0] * (length + 1)
        for index, item in enumerate(paragraph.items):
            if item.kind == OPEN:
                opens[item.start] += round(frames.get(index, 0.0) * FIXED_ONE)
            elif item.kind == CLOSE:
                closes[item.start] += round(frames.get(index, 0.0) * FIXED_ONE)
        self._advance = [0, *accumulate(paragraph.advances)]
        self._opens = [0, *accumulate(opens)]
        self._closes = [0, *accumulate(closes)]
        # Segments: maximal runs of characters of one item.
        owner = paragraph.owner
        self._segment_of = [0] * length
        starts: list[int] = []
        for index in range(length):
            if index == 0 or owner[index] != owner[index - 1]:
                starts.append(index)
            self._segment_of[index] = len(starts) - 1
        self._starts = starts
        self._ends = starts[1:] + [length]
        full = [_snap(self._advance[e] - self._advance[s]) for s, e in zip(self._starts, self._ends)]
        self._full = [0, *accumulate(full)]

    def advance(self, start: int, end: int) -> int:
        """The snapped advance (16.16) of characters [start, end)."""
        if end <= start:
            return 0
        first, last = self._segment_of[start], self._segment_of[end - 1]
        if first == last:
            return _snap(self._advance[end] - self._advance[start])
        head = _snap(self._advance[self._ends[first]] - self._advance[start])
        tail = _snap(self._advance[end] - self._advance[self._starts[last]])
        return head + (self._full[last] - self._full[first + 1]) + tail

    def width(self, start: int, end: int) -> float:
        """Characters [start, end), the inline starts at boundaries start..end-1 and
        the inline ends at boundaries start+1..end."""
        if end <= start:
            return (self._opens[start + 1] - self._opens[start]) / FIXED_ONE if end == start else 0.0
        opens = self._opens[end] - self._opens[start]
        closes = self._closes[end + 1] - self._closes[start + 1]
        return (self.advance(start, end) + opens + closes) / FIXED_ONE

    def segment_end(self, index: int) -> int:
        return self._ends[self._segment_of[index]]


def content_end(paragraph: Paragraph, start: int, end: int) -> int:
    """The end of a line's content once its trailing collapsible spaces hang."""
    text = paragraph.text
    while end > start and (paragraph.collapsible[end - 1] or text[end - 1] == "\n"):
        end -= 1
    return end


def skip_leading_spaces(paragraph: Paragraph, start: int) -> int:
    while start < len(paragraph.text) and paragraph.collapsible[start]:
        start += 1
    return start


def next_line(
    paragraph: Paragraph,
    measure: Measure,
    start: int,
    available: float,
    opportunities: list[bool],
    emergency: list[bool],
) -> Line:
    """The longest line from ``start`` that fits ``available`` (at least one
    unbreakable run when none fits)."""
    text = paragraph.text
    length = len(text)
    best: int | None = None
    index = start + 1
    while index <= length:
        char = text[index - 1]
        forced = char == "\n"
        if forced or index == length or opportunities[index]:
            end = content_end(paragraph, start, index)
            if measure.width(start, end) <= available + 1e-9 or best is None and end == start:
                best = index
                if forced:
                    break
            else:
                break
        index += 1
    if best is None:
        best = _overflowing_end(paragraph, measure, start, available, opportunities, emergency)
    end = content_end(paragraph, start, best)
    return Line(start, best, end, measure.width(start, end), forced=text[best - 1] == "\n" if best > start else False)


def _overflowing_end(
    paragraph: Paragraph,
    measure: Measure,
    start: int,
    available: float,
    opportunities: list[bool],
    emergency: list[bool],
) -> int:
    """Where a line ends when its first unbreakable run does not fit: inside the run
    when overflow-wrap allows it (at the last grapheme that fits, one at least), else
    at the run's end."""
    text = paragraph.text
    length = len(text)
    run_end = start + 1
    while run_end < length and not opportunities[run_end] and text[run_end - 1] != "\n":
        run_end += 1
    if emergency[start]:
        fitting = None
        for position in grapheme_breaks(text, start, run_end):
            if measure.width(start, position) <= available + 1e-9:
                fitting = position
            else:
                break
        if fitting is not None:
            return fitting
        first = grapheme_breaks(text, start, run_end)
        return first[0] if first else run_end
    return run_end


def breaks_object(kind: str) -> bool:
    return kind in (BREAK, BLOCK)


def is_object(kind: str) -> bool:
    return kind in (ATOMIC, BREAK, BLOCK)
