"""A small DOM: the tree every later stage reads.

Nodes carry exactly what the accessibility pipeline needs: parent/child links,
element names and attributes, text, shadow roots, and a stable ``node_id``
(the DOM node id Chromium reports as ``backendDOMNodeId``).  Elements also speak
the ElementTree dialect (``tag``, ``attrib``, ``get``, iteration over element
children), so that cssselect2, the reference axsynth's selector engine is tested
against, can match selectors against them without a copy.
"""

from __future__ import annotations

import re
import sys
from typing import Iterator

HTML_NS = "http://www.w3.org/1999/xhtml"
SVG_NS = "http://www.w3.org/2000/svg"
MATHML_NS = "http://www.w3.org/1998/Math/MathML"


# HTML's rules for parsing integers: ASCII whitespace, an optional sign, ASCII digits
# (str.isdigit or Python's \d would also take "³" or "٣"; browsers do not), trailing garbage ignored.
_HTML_INTEGER = re.compile(r"[ \t\n\f\r]*([+-]?[0-9]+)")


def parse_int(value: str) -> int | None:
    """HTML's rules for parsing integers (None when there is no number)."""
    match = _HTML_INTEGER.match(value)
    return int(match.group(1)) if match else None


class Node:
    __slots__ = ("parent", "children", "node_id")

    def __init__(self) -> None:
        self.parent: Node | None = None
        self.children: list[Node] = []
        self.node_id = 0

    def iter_elements(self) -> Iterator["Element"]:
        """Element descendants in tree order (not entering shadow roots); no recursion."""
        stack = list(reversed(self.children))
        while stack:
            node = stack.pop()
            if isinstance(node, Element):
                yield node
                stack.extend(reversed(node.children))

    def text_content(self) -> str:
        parts = []
        stack = list(reversed(self.children))
        while stack:
            node = stack.pop()
            if isinstance(node, Text):
                parts.append(node.data)
            elif isinstance(node, Element):
                stack.extend(reversed(node.children))
        return "".join(parts)

    @property
    def tree_root(self) -> "Node":
        node = self
        while node.parent is not None:
            node = node.parent
        return node


class _Leaf(Node):
    """A node that never has children: all share the empty tuple (a page has
    thousands of text nodes, and an empty list each adds up)."""

    __slots__ = ()

    def __init__(self) -> None:
        self.parent = None
        self.children = ()
        self.node_id = 0


class Text(_Leaf):
    __slots__ = ("data",)

    def __init__(self, data: str) -> None:
        super().__init__()
        self.data = data


class Comment(_Leaf):
    __slots__ = ("data",)

    def __init__(self, data: str) -> None:
        super().__init__()
        self.data = data


class DocumentType(Comment):
    """A doctype: no part of the tree, kept as an inert comment holding its name, with
    the identifiers that decide the document's quirks mode (html.quirks)."""

    __slots__ = ("public_id", "system_id")

    def __init__(self, name: str, public_id: str | None = None, system_id: str | None = None) -> None:
        super().__init__(name)
        self.public_id = public_id
        self.system_id = system_id


class Element(Node):
    __slots__ = ("local_name", "namespace", "attrs", "shadow_root", "__weakref__")

    def __init__(self, local_name: str, namespace: str = HTML_NS, attrs: dict[str, str] | None = None):
        super().__init__()
        # Interned: the parser makes a new string for every tag, mostly repeating a few names.
        self.local_name = sys.intern(local_name)
        self.namespace = namespace
        self.attrs: dict[str, str] = attrs or {}
        self.shadow_root: ShadowRoot | None = None

    def __repr__(self) -> str:
        return f"<{self.local_name} #{self.node_id}>"

    @property
    def is_html(self) -> bool:
        return self.namespace == HTML_NS

    def has(self, name: str) -> bool:
        return name in self.attrs

    # ElementTree dialect, for cssselect2 (the selector engine's reference in the tests).
    @property
    def tag(self) -> str:
        return self.local_name if self.namespace == HTML_NS else "{%s}%s" % (self.namespace, self.local_name)

    @property
    def attrib(self) -> dict[str, str]:
        return self.attrs

    def get(self, name: str, default: str | None = None) -> str | None:
        return self.attrs.get(name, default)

    @property
    def text(self) -> str | None:
        first = self.children[0] if self.children else None
        return first.data if isinstance(first, Text) else None

    def __iter__(self) -> Iterator["Element"]:
        return (c for c in self.children if isinstance(c, Element))

    def iter(self) -> Iterator["Element"]:
        yield self
        yield from self.iter_elements()


class ShadowRoot(Node):
    __slots__ = ("host", "mode", "id_map", "reference_target")
    local_name = "#shadow-root"
    namespace = ""
    attrs: dict[str, str] = {}

    def __init__(self, host: Element, mode: str, reference_target: str | None = None) -> None:
        super().__init__()
        self.host = host
        self.mode = mode
        self.id_map: dict[str, Element] | None = None
        # ShadowRoot.referenceTarget (a declarative root's shadowrootreferencetarget): the
        # id of the element that IDREFs naming the host reach instead.
        self.reference_target = reference_target


class Document(Node):
    __slots__ = ("url", "encoding", "id_map", "forms", "archived")

    def __init__(self, url: str = "about:blank") -> None:
        super().__init__()
        self.url = url
        self.encoding = "utf-8"
        #: Loaded as Chromium opens a web archive (MHTML): every form control is disabled
        #: (HTMLFormControlElement::IsDisabledFormControl asks the fetcher for its archive).
        self.archived = False
        self.id_map: dict[str, Element] | None = None
        self.forms: object = None  # the document's html.forms.Forms, made on first use (Forms.of)

    @property
    def document_element(self) -> Element | None:
        return next((c for c in self.children if isinstance(c, Element)), None)

    def find_first(self, local_name: str) -> Element | None:
        return next((e for e in self.iter_elements() if e.local_name == local_name and e.is_html), None)


def start_tag(el: Element) -> str:
    """A short start tag that tells elements apart in a message: ``<button id="pay" class="x">``."""
    shown = [f'{attr}="{el.attrs[attr][:30]}"' for attr in ("id", "class", "name", "type", "href") if attr in el.attrs]
    return "<" + " ".join([el.local_name, *shown]) + ">"


def element_by_id(scope_of: Node, idref: str) -> Element | None:
    """getElementById in the tree scope (document or shadow root) of ``scope_of``;
    each scope's index is built once, on first use, and kept on its root."""
    if not idref:
        return None
    root = scope_of.tree_root
    ids = getattr(root, "id_map", None)
    if ids is None:
        ids = {}
        for el in root.iter_elements():
            ids.setdefault(el.attrs.get("id", ""), el)
        if isinstance(root, (Document, ShadowRoot)):
            root.id_map = ids
    return ids.get(idref)


def resolve_reference_target(el: Element | None) -> Element | None:
    """The element an IDREF naming ``el`` reaches: a shadow host whose shadow root has
    a reference target forwards to that element of its shadow tree, which may forward
    again (Element::GetShadowReferenceTarget); a missing target resolves to nothing.
    Each step enters a shadow tree, so the walk ends."""
    while el is not None and el.shadow_root is not None and el.shadow_root.reference_target is not None:
        el = element_by_id(el.shadow_root, el.shadow_root.reference_target)
    return el


class FlatTree:
    """The composed ("flat") tree: shadow roots replace their host's children, and
    slots hold the light-DOM nodes assigned to them (their own children when none)."""

    def __init__(self) -> None:
        self._assigned: dict[int, list[Node]] = {}  # id(slot) -> assigned nodes
        self._slot_of: dict[int, Element] = {}  # id(light child) -> its slot

    def _assign(self, host: Element) -> None:
        root = host.shadow_root
        slots: dict[str, Element] = {}
        for el in root.iter_elements():
            if el.local_name == "slot" and el.is_html:
                slots.setdefault(el.attrs.get("name", ""), el)
                self._assigned.setdefault(id(el), [])
        if root.mode == "ua-details":
            self._assign_details(host, slots)
            return
        for child in host.children:
            if isinstance(child, Element):
                name = child.attrs.get("slot", "")
            elif isinstance(child, Text):
                name = ""
            else:
                continue
            slot = slots.get(name)
            if slot is not None:
                self._assigned[id(slot)].append(child)
                self._slot_of[id(child)] = slot

    def _assign_details(self, host: Element, slots: dict[str, Element]) -> None:
        """HTMLDetailsElement's manual slotting: the first <summary> child goes to the
        summary slot, every other element or text child to the content slot."""
        summary_slot, content_slot = (el for el in host.shadow_root.children if isinstance(el, Element))
        main = next((c for c in host if c.is_html and c.local_name == "summary"), None)
        for child in host.children:
            if not isinstance(child, (Element, Text)):
                continue
            slot = summary_slot if child is main else content_slot
            self._assigned[id(slot)].append(child)
            self._slot_of[id(child)] = slot

    def children(self, node: Node) -> list[Node]:
        if isinstance(node, Element):
            if node.shadow_root is not None:
                if id(node.shadow_root) not in self._assigned:
                    self._assigned[id(node.shadow_root)] = []
                    self._assign(node)
                return node.shadow_root.children
            if node.local_name == "slot" and isinstance(node.tree_root, ShadowRoot):
                assigned = self._assigned.get(id(node))
                if assigned is None:  # the host was not visited yet: visit it
                    self.children(node.tree_root.host)
                    assigned = self._assigned.get(id(node), [])
                return assigned or node.children
        return node.children

    def slot_of(self, node: Node) -> Element | None:
        return self._slot_of.get(id(node))


def is_outermost_svg(el: Element) -> bool:
    """SVGSVGElement::IsOutermostSVGSVGElement: its parent (the host, in a <use>
    instance) is no SVG element, or is a <foreignObject>."""
    parent = el.parent
    if isinstance(parent, ShadowRoot):
        parent = parent.host
    if not isinstance(parent, Element) or parent.namespace != SVG_NS:
        return True
    return parent.local_name == "foreignObject"


def in_svg_text(el: Element) -> bool:
    """Whether an SVG element sits inside an SVG <text> (where text is laid out)."""
    node = el.parent
    while isinstance(node, Element) and node.namespace == SVG_NS:
        if node.local_name == "text":
            return True
        node = node.parent
    return False
