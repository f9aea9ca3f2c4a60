"""Element.innerText without layout: the HTML "rendered text collection steps" as
Blink's ElementInnerTextCollector runs them, over axsynth's layout facts (which
objects have boxes, computed display and visibility, and the white-space
collapsed text `text.collapse_block` leaves on each text object).

It is the value of a contenteditable host or ARIA text field
(AXNodeObject::SlowGetValueForControlIncludingContentEditable).

The walk is over DOM children, as Blink's is: shadow trees and pseudo-elements
(list markers, ::before/::after) contribute nothing.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..html.dom import HTML_NS, Element, Node, Text
from .object import AXObject

if TYPE_CHECKING:
    from .tree import AXTree

_HTML_SPACES = re.compile(r"[ \t\n\r\f]+")
_TABLE_SECTIONS = frozenset({"table-row-group", "table-header-group", "table-footer-group"})


def inner_text(tree: "AXTree", el: Element) -> str:
    """Element::innerText of ``el``: its textContent when it is not being rendered."""
    obj = tree.by_element.get(el)
    if obj is None or (not obj.has_layout and obj.display != "contents"):
        return el.text_content()
    collector = _Collector(tree)
    if _is_html(el, "select"):
        collector.select(el)
    elif _is_html(el, "option"):
        collector.option(el)
    else:
        collector.children(el)
    return "".join(collector.parts)


class _Collector:
    def __init__(self, tree: "AXTree") -> None:
        self.tree = tree
        self.parts: list[str] = []
        self.pending_breaks = 0  # a run of required line break counts, folded to its maximum

    # --- results: strings, and required line break counts between them ------------

    def emit(self, text: str) -> None:
        if text:
            self.parts.append("\n" * self.pending_breaks + text)
            self.pending_breaks = 0

    def required_line_breaks(self, count: int) -> None:
        if self.parts:  # runs at the start (and, never flushed, at the end) are dropped
            self.pending_breaks = max(self.pending_breaks, count)

    # --- the collection steps -------------------------------------------------

    def children(self, node: Node) -> None:
        for child in node.children:
            self.node(child)

    def node(self, node: Node) -> None:
        if isinstance(node, Text):
            self.text(node)
            return
        obj = self.tree.by_element.get(node) if isinstance(node, Element) else None
        if obj is None:
            return  # comments, and elements that get no object: unrendered content
        if not _visible(obj) or not obj.has_layout:
            self.children(node)  # visible descendants / display:contents children still count
        elif _is_html(node, "select"):
            self.select(node)
        elif _is_html(node, "option"):
            self.option(node)
        elif _is_html(node, "br"):
            self.emit("\n")
        elif obj.display == "table-cell":
            self.children(node)
            if obj.parent is not None and _after(obj.parent, obj):
                self.emit("\t")
        elif obj.display == "table-row":
            self.children(node)
            if _has_later_row(obj):
                self.emit("\n")
        elif _is_html(node, "p"):
            self.wrapped(node, 2)
        elif _is_block_level(obj):
            self.wrapped(node, 1)
        else:
            self.children(node)

    def wrapped(self, node: Node, count: int) -> None:
        self.required_line_breaks(count)
        self.children(node)
        self.required_line_breaks(count)

    def text(self, node: Text) -> None:
        obj = self.tree.by_text.get(node)
        if obj is not None and obj.has_layout and _visible(obj):
            self.emit(obj.rendered_text)

    def select(self, select: Element) -> None:
        """A <select> shows only its options (and optgroups' options), one per line."""
        for child in select.children:
            if _is_html(child, "option"):
                self.option(child)
            elif _is_html(child, "optgroup"):
                self.required_line_breaks(1)
                for option in child.children:
                    if _is_html(option, "option"):
                        self.option(option)
                self.required_line_breaks(1)

    def option(self, option: Element) -> None:
        self.required_line_breaks(1)
        self.emit(_HTML_SPACES.sub(" ", option.text_content()).strip(" "))  # HTMLOptionElement::text
        self.required_line_breaks(1)


def _is_html(node: Node, name: str) -> bool:
    return isinstance(node, Element) and node.local_name == name and node.namespace == HTML_NS


def _visible(obj: AXObject) -> bool:
    return not obj.style or obj.style["visibility"] == "visible"


def _is_block_level(obj: AXObject) -> bool:
    """The used display is block-level: floats and absolutely positioned boxes
    count, atomic inlines and table sections do not."""
    if obj.display in _TABLE_SECTIONS:
        return False
    return obj.is_out_of_flow() or not obj.is_inline_level()


def _has_later_row(row: AXObject) -> bool:
    """Another table-row box follows in the table: in this section or a later one."""
    section = row.parent
    if section is None:
        return False
    later = _after(section, row)
    if any(o.display == "table-row" for o in later):
        return True
    if section.display not in _TABLE_SECTIONS or section.parent is None:
        return False
    return any(
        o.display in _TABLE_SECTIONS and any(r.display == "table-row" for r in o.layout_children())
        for o in _after(section.parent, section)
    )


def _after(parent: AXObject, child: AXObject) -> list[AXObject]:
    siblings = list(parent.layout_children())
    return siblings[siblings.index(child) + 1 :] if child in siblings else []
