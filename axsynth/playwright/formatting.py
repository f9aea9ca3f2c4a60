"""What kind of box CSS makes of an element, for :mod:`~axsynth.playwright.boxes`:
shrink-to-fit or as wide as its containing block, a flex or grid item, a table
part, a formatting context root that holds its floats, a definite height; and the
children its layout sees.
"""

from __future__ import annotations

from typing import Iterator

from ..html.dom import Element, Node
from ..style.overflow import is_percent
from .dom import Dom

# Boxes as wide as their content (shrink-to-fit), not as their containing block.
_SHRINK_TO_FIT = frozenset({"inline-block", "inline-flex", "inline-grid", "inline-table", "table"})
# Rows, row groups and columns span the cells they hold (probed: a <col> has a rect).
_TABLE_PARTS = frozenset(
    {"table-row", "table-row-group", "table-header-group", "table-footer-group", "table-column", "table-column-group"}
)
_FLEX = frozenset({"flex", "inline-flex", "-webkit-box", "-webkit-inline-box"})
_GRID = frozenset({"grid", "inline-grid"})
ATOMIC_INLINE = frozenset({"inline-block", "inline-flex", "inline-grid", "inline-table", "-webkit-inline-box"})


def layout_children(dom: Dom, el: Element) -> Iterator[Node]:
    """The flat-tree children, with the slots of user-agent shadow trees (which have
    no style of their own) replaced by what they hold."""
    for child in dom.flat.children(el):
        if isinstance(child, Element) and child.local_name == "slot" and dom.style(child) is None:
            yield from layout_children(dom, child)
        else:
            yield child


def out_of_flow(style: dict | None) -> bool:
    return style is not None and (style["float"] != "none" or style["position"] in ("absolute", "fixed"))


def positioned(dom: Dom, el: Element) -> bool:
    style = dom.style(el)
    return style is not None and style["position"] != "static"


def shrinks_to_fit(dom: Dom, el: Element, style: dict, display: str) -> bool:
    return (
        display in _SHRINK_TO_FIT
        or style["float"] != "none"
        or style["position"] in ("absolute", "fixed")
        or flex_row_item(dom, el)
    )


def table_box(display: str) -> bool:
    """A table, or a part of one that spans its cells."""
    return display in _TABLE_PARTS or display in ("table", "inline-table")


def has_cells(dom: Dom, el: Element) -> bool:
    """Tables, row groups and rows are as large as the cells they hold (each 2x2 at
    least); columns as their table's."""
    if dom.display(el) in ("table-column", "table-column-group"):
        el = dom.closest(el, "TABLE") or el
    return any(dom.display(c) == "table-cell" and dom.is_rendered(c) for c in el.iter_elements())


def _parent_display(dom: Dom, el: Element) -> str | None:
    parent = dom.flat_parent(el)
    style = dom.style(parent) if parent is not None else None
    return style["display"] if style is not None else None


def flex_or_grid_item(dom: Dom, el: Element) -> bool:
    """Flex and grid items are formatting context roots (they hold their floats)."""
    display = _parent_display(dom, el)
    return display is not None and (display in _GRID or display in _FLEX)


def grid_item(dom: Dom, el: Element) -> bool:
    display = _parent_display(dom, el)
    return display is not None and display in _GRID


def flex_row_item(dom: Dom, el: Element) -> bool:
    parent = dom.flat_parent(el)
    if parent is None:
        return False
    parent_style = dom.style(parent)
    return (
        parent_style is not None
        and parent_style["display"] in _FLEX
        and not parent_style["flex-direction"].startswith("column")
    )


def new_formatting_context(style: dict, display: str) -> bool:
    """A block formatting context root contains its floats (they give it height)."""
    return (
        display not in ("block", "list-item")
        or style["float"] != "none"
        or style["position"] in ("absolute", "fixed")
        or style["overflow-x"] not in ("visible", "clip")
        or style["overflow-y"] not in ("visible", "clip")
    )


def clearfix(dom: Dom, el: Element) -> bool:
    """A block ::after that clears (the clearfix): the box then holds its floats."""
    style = dom.styles.pseudo(el, "after")
    return (
        style is not None
        and isinstance(style["content"], tuple)
        and style["clear"] != "none"
        and style["display"] not in ("none", "inline")
    )


def definite_height(dom: Dom, el: Element | None) -> bool:
    """Whether a box's height is known without its content (a percentage of it resolves)."""
    if el is None or el.local_name == "html":
        return True  # the initial containing block: the viewport
    style = dom.style(el)
    if style is None:
        return False
    if isinstance(style["height"], float) or style["height"] == "unknown":
        return True
    if is_percent(style["height"]):
        return style["position"] in ("absolute", "fixed") or definite_height(dom, dom.flat_parent(el))
    # A positioned box is usually stretched by its insets (top and bottom), which make
    # its height definite (not read: taken as so).
    return style["position"] in ("absolute", "fixed")
