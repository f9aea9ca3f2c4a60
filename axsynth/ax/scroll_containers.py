"""Which scroll containers overflow: AXObject::IsScrollableContainer includes a
scroll container whose content overflows it. Without layout axsynth knows the cases
its sizes settle: a box held at (nearly) zero height around content, a box whose
last in-flow box is held so (docs/divergences.md), and a box of a fixed height whose
in-flow children's fixed heights add up past it (content_overflow, which CSS
carousels read too)."""

from __future__ import annotations

from ..style import overflow
from .object import AXObject
from .whitespace import is_whitespace_only


def is_overflowing_scroll_container(obj: AXObject) -> bool:
    """AXObject::IsScrollableContainer: a scroll container with scrollable overflow.
    Without layout only some cases are certain: a box held at (nearly) zero height (a
    collapsed accordion, an ad slot, a visually hidden block) around content taller
    than that (docs/divergences.md), and a box of a fixed height whose children's
    fixed heights overflow it (a carousel's slides)."""
    style = obj.style
    if not style or not obj.has_layout or obj.tag() in ("html", "body") or obj.kind != "element":
        return False
    if obj.is_layout_inline() or style["display"].startswith("table") or style["display"] == "contents":
        return False
    if not overflow.is_scroll_container(style):
        return False
    held = overflow.held_block_size(style)
    if held is not None and held <= _MAX_HELD_HEIGHT and any(_taller_than(child, held) for child in obj.children):
        return True
    if any(content_overflow(obj)):
        return True
    return held is None and _grows_with_content(style) and _content_sticks_out_at_end(obj)


def content_overflow(obj: AXObject) -> tuple[bool, bool]:
    """Whether the content of a box of a fixed height overflows it (vertically, and
    in the inline axis), as far as its in-flow children's fixed heights say: in block
    flow they stack past its height, or, in a multi-column box, past its columns'
    height; in a row flex container they sit side by side, so one must be taller
    than it (probed). A column flex container shrinks its items to fit (flex-shrink
    1): it is not known to overflow. Grid tracks are not modelled: a grid stacks its
    items as its implicit single column would."""
    style = obj.style
    height = overflow.resolved_height(style, None) if style else None
    if height is None or style["padding-top"] != 0 or style["padding-bottom"] != 0:
        return False, False
    flex_row = obj.display in _FLEX and style["flex-direction"] in ("row", "row-reverse")
    if obj.display not in _STACKS_CHILDREN and not flex_row:
        return False, False
    stacked = 0.0
    tallest = 0.0
    more = False  # some child of unknown height that holds text: taller than zero
    for child in obj.children:
        if child.kind != "element" or not child.has_layout or _out_of_flow(child) or child.is_inline_level():
            continue
        known = overflow.resolved_height(child.style, height) if child.style else None
        if known is not None:
            stacked += known
            tallest = max(tallest, known)
        else:
            more = more or _taller_than(child, 0.0)
    if flex_row:
        return tallest > height, False
    capacity = height * style["column-count"] if isinstance(style["column-count"], int) else height
    overflows = stacked > capacity or more and stacked >= capacity
    return (False, overflows) if isinstance(style["column-count"], int) else (overflows, False)


def _grows_with_content(style: dict) -> bool:
    """A box as tall as its content, with no bottom padding, so content sticking out
    of its last box sticks out of it too."""
    return style["height"] == "auto" and style["max-height"] == "none" and style["padding-bottom"] == 0


def _content_sticks_out_at_end(obj: AXObject) -> bool:
    """The last in-flow box of ``obj``, followed down through boxes as tall as their
    content, is held at (nearly) zero height around taller content that it does not
    clip: that content overflows ``obj``'s end (probed: a collapsed accordion panel
    with max-height: 0 inside an overflow: hidden wrapper). Block flow stacks its
    last box at its end; a flex or grid container is followed only through a single
    item."""
    last = _last_in_flow_box(obj)
    if last is None or last.kind != "element" or not last.style or last.display not in _HEIGHT_APPLIES:
        return False
    style = last.style
    if not overflow.shows_overflow(style) or not overflow.ends_at_content_end(style):
        return False
    held = overflow.held_block_size(style)
    if held is not None:
        return held <= _MAX_HELD_HEIGHT and any(_taller_than(child, held) for child in last.children)
    return _grows_with_content(style) and _content_sticks_out_at_end(last)


_BLOCK_FLOW = frozenset({"block", "list-item", "flow-root"})
_FLEX = frozenset({"flex", "inline-flex"})
# Block containers, whose in-flow block children stack in the block axis, and grids
# (as one implicit column would).
_STACKS_CHILDREN = _BLOCK_FLOW | {"inline-block", "grid", "inline-grid"}
# Block-level boxes whose height and max-height apply (not tables, not inlines).
_HEIGHT_APPLIES = _BLOCK_FLOW | {"flex", "grid", "-webkit-box"}


def _last_in_flow_box(obj: AXObject) -> AXObject | None:
    """The box laid out last in the block axis: in block flow the last child that
    takes room (not out of flow, not collapsible white space, not an empty inline);
    in a flex or grid container its only item."""
    boxes = [c for c in obj.children if c.has_layout and not _out_of_flow(c) and not _takes_no_room(c)]
    if obj.display in _BLOCK_FLOW:
        return boxes[-1] if boxes else None
    return boxes[0] if len(boxes) == 1 and obj.display in _HEIGHT_APPLIES else None


def _out_of_flow(obj: AXObject) -> bool:
    return bool(obj.style) and obj.style["position"] in ("absolute", "fixed")


def _takes_no_room(obj: AXObject) -> bool:
    if obj.kind == "text":
        return is_whitespace_only(obj.text)
    return obj.is_layout_inline() and all(_takes_no_room(child) for child in obj.children if child.has_layout)


# A line of text is taller than this at any font size a page shows text in.
_MAX_HELD_HEIGHT = 1.0


def _taller_than(obj: AXObject, height: float) -> bool:
    """In-flow content (floats too) definitely taller than ``height``: text, or a box
    whose own sizes say so; a box held small by its own overflow clipping adds only
    its own height."""
    if not obj.has_layout or _out_of_flow(obj):
        return False
    if obj.kind == "text":
        return not is_whitespace_only(obj.text)
    if obj.kind != "element" or not obj.style:
        return False
    style = obj.style
    if overflow.definite_block_size(style) > height:
        return True
    if overflow.held_block_size(style) is not None and overflow.is_scroll_container(style):
        return False
    return any(_taller_than(child, height) for child in obj.children)
