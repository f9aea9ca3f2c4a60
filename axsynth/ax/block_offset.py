"""How far down the page a box starts, estimated without layout, for the one rule
that needs it: ``content-visibility: auto`` skips the contents of a box away from
the viewport. Chromium observes each such box against the viewport grown by 150%
of its height (DisplayLockDocumentState's intersection observer; probed: with the
1280×720 viewport of the captures, a box starting 1,800px down or more keeps its
contents skipped when the tree is read), and a skipped box takes no height.

Without layout the offset is an estimate: lines of text at a typical body font
(16px, 18px lines, 7px per character over the whole viewport width), explicit
heights and the default size of embedded content, summed down the block flow.
Every guess errs low (bottom margins only, ems of 16px, flex rows, grid items and
table cells side by side, unknown images empty, narrow columns taken as wide), so a box is taken as
far down only when its content surely puts it there (docs/divergences.md).
"""

from __future__ import annotations

from math import ceil

from ..style import media, overflow
from .object import AXObject

# Where the observed area ends: the viewport's bottom plus 150% of its height.
OBSERVED_BOTTOM = media.VIEWPORT_HEIGHT * 2.5
_LINE_HEIGHT = 18.0
_CHARS_PER_LINE = media.VIEWPORT_WIDTH // 7
# The default object size of embedded content (CSS 2 §10.6.2: 150px tall).
_EMBEDDED_HEIGHT = 150.0
_EMBEDDED = frozenset({"iframe", "video", "canvas", "embed", "object"})
_SIDE_BY_SIDE = frozenset({"grid", "inline-grid", "table-row"})
_OUT_OF_FLOW = frozenset({"absolute", "fixed"})


class BlockOffsets:
    """Estimated heights, memoized per object (only the subtrees before a box with
    content-visibility: auto are ever measured)."""

    def __init__(self) -> None:
        self._heights: dict[int, float] = {}

    def starts_below_observed_area(self, obj: AXObject) -> bool:
        return self.top(obj) >= OBSERVED_BOTTOM

    def top(self, obj: AXObject) -> float:
        """The sum, up the ancestors, of the boxes that come before in block flow.
        A fixed or absolutely positioned ancestor is placed by its offsets, not by
        the flow: the sum stops there."""
        offset = 0.0
        node = obj
        while node.parent is not None:
            if node.style and node.style["position"] in _OUT_OF_FLOW:
                break
            parent = node.parent
            if not _side_by_side(parent):
                siblings = parent.children
                offset += self._stacked_height(siblings[: _index(siblings, node)], to_next=True)
            offset += _padding_top(parent)
            node = parent
        return offset

    def height(self, obj: AXObject) -> float:
        key = id(obj)
        if key not in self._heights:
            self._heights[key] = self._measure(obj)
        return self._heights[key]

    def _measure(self, obj: AXObject) -> float:
        if not obj.has_layout or obj.kind == "text" or obj.is_inline_level() and obj.kind != "element":
            return 0.0
        style = obj.style
        if not style or style["position"] in _OUT_OF_FLOW or style["float"] != "none" or obj.is_layout_inline():
            return 0.0
        if obj.kind == "pseudo" and obj.pseudo_which == "marker":
            return 0.0
        if isinstance(style["height"], float):
            return overflow.definite_block_size(style)
        content = self._content_height(obj)
        held = overflow.held_block_size(style)
        if held is not None and not overflow.shows_overflow(style):
            content = min(content, held)
        return max(content + _padding(style), overflow.definite_block_size(style))

    def _content_height(self, obj: AXObject) -> float:
        if obj.is_replaced():
            return _replaced_height(obj)
        if obj.style["content-visibility"] == "hidden" or not obj.children:
            return 0.0
        if _side_by_side(obj):
            return max(self.height(c) for c in obj.children)
        return self._stacked_height(obj.children)

    def _stacked_height(self, boxes: list[AXObject], to_next: bool = False) -> float:
        """Block-level boxes one below the other, runs of inline content between
        them filling lines. A box's bottom margin counts towards the next box (the
        gap is at least that); the last one's may collapse into its parent's, so it
        counts only ``to_next`` a following box; an empty box's margins collapse
        through it, so it adds none."""
        total = 0.0
        run: list[AXObject] = []
        margin = 0.0
        for box in boxes:
            if _in_line(box):
                run.append(box)
                continue
            lines = _lines_height(run)
            height = self.height(box)
            total += (margin if lines or height else 0.0) + lines + height
            margin = _margin_bottom(box) if height else max(margin, _margin_bottom(box))
            run = []
        lines = _lines_height(run)
        return total + lines + (margin if to_next or lines else 0.0)


def _side_by_side(obj: AXObject) -> bool:
    """A container that lays its children out across rather than down (taken as
    one row: grid and table rows; flex rows; a horizontal -webkit-box)."""
    display = obj.display
    if display in ("flex", "inline-flex"):
        return obj.style["flex-direction"] in ("row", "row-reverse")
    if display in ("-webkit-box", "-webkit-inline-box"):
        return obj.style["-webkit-box-orient"] in ("horizontal", "inline-axis")
    return display in _SIDE_BY_SIDE


def _index(siblings: list[AXObject], child: AXObject) -> int:
    for i in range(len(siblings) - 1, -1, -1):
        if siblings[i] is child:
            return i
    return 0


def _in_line(obj: AXObject) -> bool:
    """Laid out in a line box: text and inline-level boxes (not floats or
    out-of-flow boxes, which take no room in the flow)."""
    if not obj.has_layout:
        return False
    if obj.kind == "text":
        return True
    if obj.style and (obj.style["position"] in _OUT_OF_FLOW or obj.style["float"] != "none"):
        return False
    return obj.is_inline_level()


def _lines_height(run: list[AXObject]) -> float:
    """The lines a run of inline content fills: its text at the typical width,
    split at each <br>; an image taller than the line raises one line."""
    segments = [0]
    tallest = 0.0
    for item in run:
        _measure_inline(item, segments)
        if item.kind == "element" and item.is_replaced():
            tallest = max(tallest, _replaced_height(item))
    lines = sum(ceil(chars / _CHARS_PER_LINE) for chars in segments if chars)
    return lines * _LINE_HEIGHT + max(0.0, tallest - _LINE_HEIGHT if lines else tallest)


def _measure_inline(obj: AXObject, segments: list[int]) -> None:
    if not obj.has_layout:
        return
    if obj.kind == "text" or obj.kind == "anonymous" and obj.text:
        segments[-1] += len(" ".join(obj.text.split()))
    elif obj.tag() == "br":
        segments.append(0)
    elif obj.kind in ("element", "pseudo", "anonymous", "anonymous-box") and not obj.is_replaced():
        for child in obj.children:
            _measure_inline(child, segments)


def _replaced_height(obj: AXObject) -> float:
    """An explicit height (CSS, else the height attribute), else the default size
    of embedded content; an image of unknown size is taken as empty."""
    style = obj.style
    if style and isinstance(style["height"], float):
        return style["height"]
    el = obj.element
    value = (el.attrs.get("height") or "").strip() if el is not None else ""
    if value.isdigit():
        return float(value)
    return _EMBEDDED_HEIGHT if obj.tag() in _EMBEDDED else 0.0


def _margin_bottom(obj: AXObject) -> float:
    value = obj.style["margin-bottom"] if obj.style else 0.0
    return value if isinstance(value, float) else 0.0


def _padding(style: dict) -> float:
    return sum(v for v in (style["padding-top"], style["padding-bottom"]) if isinstance(v, float))


def _padding_top(obj: AXObject) -> float:
    value = obj.style["padding-top"] if obj.style else 0.0
    return value if isinstance(value, float) else 0.0
