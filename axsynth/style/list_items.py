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

from dataclasses import dataclass, field
from typing import Callable

from axsynth.html.dom import Document, Element, Node, parse_int

LIST_OWNERS = frozenset({"ol", "ul", "menu"})
# CountersAttachmentContext::ElementGeneratesListItemCounter: the elements that
# reset or step the CSS ``list-item`` counter without any counter property.
_IMPLICIT_COUNTER_ELEMENTS = LIST_OWNERS | {"li", "dir"}


@dataclass
class Numbering:
    ordinals: dict[int, int] = field(default_factory=dict)  # id(list item) → its ordinal
    reversed_items: set[int] = field(default_factory=set)  # id(item) of items in a reversed <ol>

    def implicit_counter(self, el: Element, style: dict) -> tuple[str, int] | None:
        """The ``list-item`` counter directive Blink applies to ``el`` when its style
        names none (CountersAttachmentContext::MaybeCreateListItemCounter):
        ("reset", n) or ("increment", n), or None."""
        if not el.is_html or el.local_name not in _IMPLICIT_COUNTER_ELEMENTS:
            return None
        if any(
            name == "list-item"
            for prop in ("counter-reset", "counter-increment", "counter-set")
            for name, _ in style[prop]
        ):
            return None
        if id(el) in self.ordinals:
            # One step. Blink reads the item's explicit value (the value attribute)
            # before parsing it on attach, so a value attribute never resets this counter.
            return ("increment", -1 if id(el) in self.reversed_items else 1)
        if el.local_name == "li":
            return None
        # The list's items have no boxes yet when Blink counts them here, so a
        # reversed <ol> without start counts down from 0.
        return ("reset", _value_before_first(el, 0))


def compute(root: Document, children: Callable[[Node], list[Node]], style_of) -> Numbering:
    """Every list item's ordinal, and which items count down."""
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
    numbering = Numbering()
    for list_node, items in lists.values():
        _number(list_node, items, style_of, numbering)
    return numbering


def _is_list_owner(el: Element) -> bool:
    # Blink also treats style containment as a list boundary; axsynth does not model `contain`.
    return el.is_html and el.local_name in LIST_OWNERS


def _number(list_node: Node, items: list[Element], style_of, numbering: Numbering) -> None:
    reversed_ = _is_reversed_ol(list_node)
    step = -1 if reversed_ else 1
    value = _value_before_first(list_node, len(items))
    for item in items:
        value = _item_value(item, style_of(item), value, step)
        numbering.ordinals[id(item)] = value
        if reversed_:
            numbering.reversed_items.add(id(item))


def _is_reversed_ol(node: Node) -> bool:
    return isinstance(node, Element) and node.is_html and node.local_name == "ol" and node.has("reversed")


def _value_before_first(list_node: Node, item_count: int) -> int:
    """An <ol> counts from ``start`` (default 1, or the item count when reversed),
    every other list from 1: the value one step before its first item."""
    if not (isinstance(list_node, Element) and list_node.is_html and list_node.local_name == "ol"):
        return 0
    reversed_ = list_node.has("reversed")
    start = parse_int(list_node.attrs["start"]) if "start" in list_node.attrs else None
    if start is None:
        start = item_count if reversed_ else 1
    return start + (1 if reversed_ else -1)


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
