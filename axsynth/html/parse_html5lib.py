"""The html5lib path of :mod:`axsynth.html.parse`: html5lib's WHATWG parser, driven with a
tree builder that makes :mod:`axsynth.html.dom` nodes directly. Imported only when a
document needs it (the fast parser is missing or declines the document)."""

from __future__ import annotations

from html5lib.treebuilders import base as html5lib_base

from .dom import HTML_NS, Comment, Document, DocumentType, Element, Node, Text
from .parse import MAX_DOM_DEPTH
from .select_parsing import SCOPE_MARKERS, HTMLParser


def parse_with_html5lib(source: str) -> Document:
    parser = HTMLParser(tree=_TreeBuilder, namespaceHTMLElements=True)
    return parser.parse(source, scripting=False)


class _Html5libNode:
    """The html5lib tree-builder protocol, over axsynth.dom nodes."""

    @property
    def childNodes(self) -> list[Node]:
        return self.children

    @property
    def name(self) -> str:
        return self.local_name

    @property
    def nameTuple(self) -> tuple[str, str]:
        return (self.namespace, self.local_name)  # html5lib asks this for every stack entry

    @property
    def attributes(self) -> dict[str, str]:
        return self.attrs

    @attributes.setter
    def attributes(self, attrs: dict) -> None:
        # Foreign attributes come as (prefix, name, namespace) tuples.
        self.attrs = {(f"{k[0]}:{k[1]}" if k[0] else k[1]) if isinstance(k, tuple) else k: v for k, v in attrs.items()}

    def appendChild(self, node: Node) -> None:
        if isinstance(node, Text) and self.children and isinstance(self.children[-1], Text):
            self.children[-1].data += node.data
            return
        node.parent = self
        self.children.append(node)

    def insertText(self, data: str, insertBefore: Node | None = None) -> None:
        if insertBefore is None:
            self.appendChild(_Text(data))
            return
        index = self.children.index(insertBefore)
        previous = self.children[index - 1] if index else None
        if isinstance(previous, Text):
            previous.data += data
        else:
            self.insertBefore(_Text(data), insertBefore)

    def insertBefore(self, node: Node, refNode: Node) -> None:
        node.parent = self
        self.children.insert(self.children.index(refNode), node)

    def removeChild(self, node: Node) -> None:
        self.children.remove(node)
        node.parent = None

    def reparentChildren(self, newParent: "_Html5libNode") -> None:
        for child in self.children:
            newParent.appendChild(child)
        self.children = []

    def hasContent(self) -> bool:
        return bool(self.children)


class _Element(_Html5libNode, Element):
    __slots__ = ()

    def __init__(self, name: str, namespace: str | None = None) -> None:
        Element.__init__(self, name, namespace or HTML_NS)

    def cloneNode(self) -> "_Element":
        clone = _Element(self.local_name, self.namespace)
        clone.attrs = dict(self.attrs)
        return clone


class _Text(_Html5libNode, Text):
    __slots__ = ()


class _Comment(_Html5libNode, Comment):
    __slots__ = ()


class _Document(_Html5libNode, Document):
    __slots__ = ()


class _Doctype(_Html5libNode, DocumentType):
    """Doctypes play no part in the tree; kept as an inert node."""

    __slots__ = ()

    def __init__(self, name: str, publicId: str | None, systemId: str | None) -> None:
        DocumentType.__init__(self, name or "", publicId, systemId)


class _OpenElements(list):
    """The stack of open elements, counting names so that "is X in scope?" is
    answered at once when no X is open at all (html5lib scans the whole stack,
    which is quadratic on deeply nested input)."""

    def __init__(self) -> None:
        super().__init__()
        self.counts: dict[tuple[str, str], int] = {}

    def _add(self, node) -> None:
        self.counts[node.nameTuple] = self.counts.get(node.nameTuple, 0) + 1

    def _drop(self, node) -> None:
        self.counts[node.nameTuple] -= 1

    def append(self, node) -> None:
        self._add(node)
        super().append(node)

    def insert(self, index, node) -> None:
        self._add(node)
        super().insert(index, node)

    def pop(self, index=-1):
        node = super().pop(index)
        self._drop(node)
        return node

    def remove(self, node) -> None:
        super().remove(node)
        self._drop(node)

    def __setitem__(self, index, node) -> None:
        if isinstance(index, slice):
            raise NotImplementedError("slice assignment on the open-elements stack")
        self._drop(self[index])
        self._add(node)
        super().__setitem__(index, node)

    def __delitem__(self, index) -> None:
        removed = self[index] if isinstance(index, slice) else [self[index]]
        for node in removed:
            self._drop(node)
        super().__delitem__(index)


class _TreeBuilder(html5lib_base.TreeBuilder):
    documentClass = _Document
    elementClass = _Element
    commentClass = _Comment
    doctypeClass = _Doctype
    fragmentClass = _Document

    def reset(self) -> None:
        super().reset()
        self.openElements = _OpenElements()

    def elementInScope(self, target, variant=None) -> bool:
        """html5lib's scope test, over the scope markers of today's HTML
        (select bounds the default, list-item and button scopes)."""
        if isinstance(target, str):
            if not self.openElements.counts.get((HTML_NS, target)):
                return False
            target = (HTML_NS, target)
        markers, invert = SCOPE_MARKERS[variant]
        for node in reversed(self.openElements):
            if node is target or node.nameTuple == target:
                return True
            if invert ^ (node.nameTuple in markers):
                return False
        return False

    def insertElementNormal(self, token):
        if len(self.openElements) < MAX_DOM_DEPTH:
            return super().insertElementNormal(token)
        element = self.createElement(token)
        self._deep_parent().appendChild(element)
        self.openElements.append(element)
        return element

    def insertText(self, data, parent=None) -> None:
        if parent is None and len(self.openElements) >= MAX_DOM_DEPTH and not self.insertFromTable:
            self._deep_parent().insertText(data)
            return
        super().insertText(data, parent)

    def _deep_parent(self) -> Node:
        """Where Chromium attaches a node once the stack is deeper than the limit."""
        parent = self.openElements[-1]
        return parent.parent if len(self.openElements) > MAX_DOM_DEPTH and parent.parent is not None else parent

    def testSerializer(self, node: Node) -> str:  # required by the base class
        raise NotImplementedError
