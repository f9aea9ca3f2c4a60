"""The tree axe-core walks: its "flattened tree" of the document, from ``<html>`` down.

axe builds one virtual node per element and text node: an open shadow root's children
stand in for its host's children, a ``<slot>`` is replaced by the nodes assigned to it
(or its own children when none are), and comments are left out. Closed and user-agent
shadow roots are invisible to a page script, so there the light DOM children stay.
Each node keeps its position in that tree (``index``, axe's ``nodeIndex``) and its
shadow tree (``shadow_id``), which ordering and ``getSelector`` read.
"""

from __future__ import annotations

from typing import Callable, Iterator

from ..html.dom import HTML_NS, Element, Node, ShadowRoot, Text

TEXT = "#text"
_NO_STYLE: dict = {}

#: Input types a browser knows (others are "text"), as axe's props.type reads them.
VALID_INPUT_TYPES = frozenset(
    "button checkbox color date datetime-local email file hidden image month number password radio "
    "range reset search submit tel text time url week".split()
)


class VNode:
    """An element or text node of axe's flattened tree."""

    __slots__ = ("node", "el", "parent", "children", "name", "index", "shadow_id", "memo", "style")

    def __init__(self, node: Node, parent: "VNode | None", shadow_id: str | None, index: int) -> None:
        self.node = node
        self.el: Element | None = node if isinstance(node, Element) else None
        self.parent = parent
        self.children: list[VNode] = []
        # nodeName lower-cased, as axe reads it in an HTML document ("#text" for text)
        self.name = node.local_name.lower() if self.el is not None else TEXT
        self.index = index
        self.shadow_id = shadow_id
        self.memo: dict[str, object] = {}
        self.style: dict = _NO_STYLE  # the computed style (set by VTree)

    def __repr__(self) -> str:
        return f"<VNode {self.name} #{self.index}>"

    @property
    def is_element(self) -> bool:
        return self.el is not None

    @property
    def text(self) -> str:
        """A text node's data ('' for an element)."""
        return self.node.data if self.el is None else ""

    def attr(self, name: str) -> str | None:
        """getAttribute: the value, or None when absent."""
        return self.el.attrs.get(name) if self.el is not None else None

    def has_attr(self, name: str) -> bool:
        return self.el is not None and name in self.el.attrs

    @property
    def attr_names(self) -> list[str]:
        return list(self.el.attrs) if self.el is not None else []

    @property
    def is_html(self) -> bool:
        return self.el is not None and self.el.namespace == HTML_NS

    @property
    def input_type(self) -> str | None:
        """axe's props.type of an <input>: its type attribute lower-cased, "text" when
        absent or unknown; None for other elements."""
        if self.name != "input":
            return None
        declared = (self.attr("type") or "").lower()
        return declared if declared in VALID_INPUT_TYPES else "text"

    def ancestors(self) -> Iterator["VNode"]:
        node = self.parent
        while node is not None:
            yield node
            node = node.parent

    def closest(self, test: Callable[["VNode"], bool]) -> "VNode | None":
        """The node itself or its nearest ancestor that passes ``test``."""
        node: VNode | None = self
        while node is not None:
            if test(node):
                return node
            node = node.parent
        return None

    def descendants(self) -> Iterator["VNode"]:
        """Every node below this one, in tree order."""
        stack = list(reversed(self.children))
        while stack:
            node = stack.pop()
            yield node
            if node.children:
                stack.extend(reversed(node.children))

    def elements(self) -> Iterator["VNode"]:
        return (node for node in self.descendants() if node.el is not None)


class VTree:
    """axe's flattened tree of a document: ``root`` is ``<html>``; ``nodes`` lists every
    node in tree order; ``of(element)`` finds an element's node."""

    def __init__(self, document_element: Element, style_of: Callable[[Element], dict | None]) -> None:
        self._style_of = style_of
        self.nodes: list[VNode] = []
        self._by_element: dict[int, VNode] = {}
        self._shadow_count = 0
        #: the elements with a text child that is not all white space, in tree order
        self.text_parents: list[VNode] = []
        self.root = self._build(document_element)
        self.has_shadow_root = self._shadow_count > 0
        #: the element nodes, in tree order
        self.elements: list[VNode] = [node for node in self.nodes if node.el is not None]

    def of(self, element: Element | None) -> VNode | None:
        return self._by_element.get(id(element)) if element is not None else None

    def _build(self, top: Element) -> VNode:
        root = self._make(top, None, None)
        # (node to fill, its children's DOM nodes reversed, their shadow id), depth first in tree order
        stack: list[tuple[VNode, list[Node], str | None]] = [(root, self._child_nodes(top)[::-1], None)]
        while stack:
            parent, pending, shadow_id = stack[-1]
            if not pending:
                stack.pop()
                continue
            child = pending.pop()
            if isinstance(child, Text):
                parent.children.append(self._make(child, parent, shadow_id))
                if not self.text_parents or self.text_parents[-1] is not parent:
                    if child.data and not child.data.isspace():
                        self.text_parents.append(parent)
            elif isinstance(child, Element):
                if child.local_name == "slot" and child.namespace == HTML_NS and shadow_id is not None:
                    pending += reversed(_slotted(child))  # the slot itself is no node of axe's tree
                    continue
                vnode = self._make(child, parent, shadow_id)
                parent.children.append(vnode)
                inner = shadow_id
                if _open_shadow_root(child) is not None:
                    self._shadow_count += 1
                    inner = f"shadow{self._shadow_count}"
                stack.append((vnode, self._child_nodes(child)[::-1], inner))
        return root

    def _make(self, node: Node, parent: VNode | None, shadow_id: str | None) -> VNode:
        vnode = VNode(node, parent, shadow_id, len(self.nodes))
        self.nodes.append(vnode)
        if isinstance(node, Element):
            self._by_element[id(node)] = vnode
            vnode.style = self._style_of(node) or _NO_STYLE
        return vnode

    @staticmethod
    def _child_nodes(el: Element) -> list[Node]:
        if el.local_name == "template" and el.namespace == HTML_NS:
            return []  # its contents are a separate fragment, not its child nodes
        root = _open_shadow_root(el)
        return list(root.children if root is not None else el.children)


def _open_shadow_root(el: Element) -> ShadowRoot | None:
    root = el.shadow_root
    return root if root is not None and root.mode == "open" else None


def _slotted(slot: Element) -> list[Node]:
    """The nodes a slot shows: those assigned to it by name, else its own children."""
    root = slot.tree_root
    host = root.host if isinstance(root, ShadowRoot) else None
    if host is None:
        return list(slot.children)
    name = slot.attrs.get("name", "")
    first_slot = next(
        (el for el in root.iter_elements() if el.local_name == "slot" and el.attrs.get("name", "") == name), None
    )
    if first_slot is not slot:
        return list(slot.children)
    assigned = [
        child
        for child in host.children
        if (isinstance(child, Element) and child.attrs.get("slot", "") == name)
        or (isinstance(child, Text) and not name)
    ]
    return assigned or list(slot.children)
