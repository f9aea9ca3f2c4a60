"""CSS ``reading-flow`` and ``reading-order``: a flex or grid container that sets
a reading flow gives its items a reading order, and Chromium's tree follows it
(AXNodeObject's children in reading-flow order): the children of the container,
and those of any ``display: contents`` element or slot between it and its items,
are sorted by the first item each holds. Out-of-flow items (absolute, fixed) come
after the others, in tree order. The ARIA snapshot (Playwright) keeps DOM order.
"""

from __future__ import annotations

from .object import AXObject

# reading-flow values by the containers they apply to.
_FLEX_FLOWS = frozenset({"flex-visual", "flex-flow"})
_GRID_FLOWS = frozenset({"grid-order", "grid-rows", "grid-columns"})
_FLEX = frozenset({"flex", "inline-flex"})
_GRID = frozenset({"grid", "inline-grid"})


def apply_reading_flow(objects: list[AXObject]) -> None:
    """Reorder the children of every reading-flow container (in place)."""
    for obj in objects:
        style = obj.style
        if obj.kind == "element" and obj.has_layout and style and style["reading-flow"] != "normal":
            if _applies(style["reading-flow"], obj.display):
                ranks = _item_ranks(obj, style)
                _sort_children(obj, ranks)


def _applies(flow: str, display: str) -> bool:
    return flow in _FLEX_FLOWS and display in _FLEX or flow in _GRID_FLOWS and display in _GRID


def _item_ranks(container: AXObject, style: dict) -> dict[AXObject, int]:
    """Each item's place in the reading flow: in-flow items by reading-order, then
    order (order-modified document order), reversed when flex-visual reads a
    reversed row or column; out-of-flow items after them, in tree order.
    Divergence: grid-rows and grid-columns would read the grid's placement (rows,
    then columns); with no grid layout here they read as grid-order does."""
    items = list(container.layout_children())
    in_flow = [item for item in items if item.kind == "text" or not item.is_out_of_flow()]
    out_of_flow = [item for item in items if item.kind != "text" and item.is_out_of_flow()]
    in_flow.sort(key=_order_key)  # stable: document order breaks ties
    if style["reading-flow"] == "flex-visual" and style["flex-direction"].endswith("-reverse"):
        in_flow.reverse()
    return {item: rank for rank, item in enumerate(in_flow + out_of_flow)}


def _order_key(item: AXObject) -> tuple[int, int]:
    style = item.style if item.kind != "text" else None
    if not style:
        return 0, 0  # text is an anonymous item: initial reading-order and order
    return style["reading-order"], style["order"]


def _sort_children(parent: AXObject, ranks: dict[AXObject, int]) -> int | None:
    """Sort ``parent``'s children by the first reading-flow item each holds, going
    into display:contents children; returns the first rank ``parent`` holds."""
    keyed = []
    last = -1
    for index, child in enumerate(parent.children):
        rank = ranks.get(child)
        if rank is None and not child.has_layout and child.display == "contents":
            rank = _sort_children(child, ranks)
        # A child that holds no item keeps its place after the sibling before it.
        rank = last if rank is None else rank
        last = rank
        keyed.append((rank, index, child))
    keyed.sort(key=lambda entry: (entry[0], entry[1]))
    parent.children = [child for _, _, child in keyed]
    return min((rank for rank, _, _ in keyed if rank >= 0), default=None)
