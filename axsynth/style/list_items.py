"""List item ordinals: the number a decimal (or alpha, roman...) ::marker shows.

Follows Blink's ListItemOrdinal: an item is any element that generates a
display:list-item box. Its list is the nearest flat-tree ancestor <ol>, <ul> or
<menu> (else its parent). Items are numbered in tree order within their list;
nested lists keep their own numbering. An item's value is, in order of priority:
its ``counter-set: list-item N``, its ``value`` attribute (<li> only), or the
previous item's value plus the step (``counter-increment: list-item N`` if set,
else +1, or -1 in a reversed <ol>). The first item starts from the <ol>'s
``start`` (default 1, or the item count when reversed), 0 for other lists.
"""

from __future__ import annotations

from typing import Callable

from axsynth.dom import Document, Element, Node, parse_int

LIST_OWNERS = frozenset({"ol", "ul", "menu"})


def compute(root: Document, children: Callable[[Node], list[Node]], style_of) -> dict[int, int]:
    """{id(list item element): its ordinal}."""
    lists: dict[int, tuple[Node, list[Element]]] = {}

    def visit(node: Node, owner: Element | None) -> None:
        for child in children(node):
            if not isinstance(child, Element):
                continue
            style = style_of(child)
            if style is None or style["display"] == "none":
                continue  # no box: neither an item nor holding any
            if style["display"] == "list-item":
                enclosing = owner if owner is not None else node
                lists.setdefault(id(enclosing), (enclosing, []))[1].append(child)
            visit(child, child if _is_list_owner(child) else owner)

    visit(root, None)
    ordinals: dict[int, int] = {}
    for list_node, items in lists.values():
        _number(list_node, items, style_of, ordinals)
    return ordinals


def _is_list_owner(el: Element) -> bool:
    # Blink also treats style containment as a list boundary; axsynth does not model `contain`.
    return el.is_html and el.local_name in LIST_OWNERS


def _number(list_node: Node, items: list[Element], style_of, ordinals: dict[int, int]) -> None:
    is_ol = isinstance(list_node, Element) and list_node.is_html and list_node.local_name == "ol"
    reversed_ = is_ol and list_node.has("reversed")
    step = -1 if reversed_ else 1
    value = 0
    if is_ol:
        start = parse_int(list_node.attrs["start"]) if "start" in list_node.attrs else None
        if start is None:
            start = len(items) if reversed_ else 1
        value = start - step
    for item in items:
        value = _item_value(item, style_of(item), value, step)
        ordinals[id(item)] = value


def _item_value(item: Element, style: dict, previous: int, step: int) -> int:
    sets = [n for name, n in style["counter-set"] if name == "list-item"]
    if sets:
        return sets[-1]
    increments = [n for name, n in style["counter-increment"] if name == "list-item"]
    if increments:
        step = sum(increments)
    if item.is_html and item.local_name == "li" and "value" in item.attrs:
        explicit = parse_int(item.attrs["value"])
        if explicit is not None:
            return explicit
    return previous + step
