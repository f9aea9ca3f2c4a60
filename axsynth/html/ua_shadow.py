"""User-agent shadow trees that live in the DOM (rather than being synthesized as
AX objects), so styles, slots and the flat tree treat them like any shadow tree.

``<details>`` (HTMLDetailsElement::DidAddUserAgentShadowRoot): a summary slot whose
fallback content is a default ``<summary>Details</summary>``, then a content slot
that is ``display:block`` and, while the element is closed, ``content-visibility:
hidden`` (so its contents are display-locked and get no AX objects).

SVG ``<use>`` (SVGUseElement::BuildShadowTree): a clone of the element its href
names, in the same document; nested uses in the clone are instantiated too. A
reference cycle instantiates nothing, and a document's clones are capped so that
uses of uses cannot multiply without bound.
"""

from __future__ import annotations

from .dom import SVG_NS, Document, Element, Node, ShadowRoot, Text, element_by_id

UA_DETAILS_MODE = "ua-details"
UA_USE_MODE = "ua-use"
DEFAULT_SUMMARY_LABEL = "Details"  # IDS_DETAILS_WITHOUT_SUMMARY_LABEL (en-US)
MAX_USE_CLONED_NODES = 100_000  # per document: beyond it, further uses stay empty


def attach_ua_shadow_roots(document: Document) -> None:
    for el in list(document.iter_elements()):
        if el.is_html and el.local_name == "details" and el.shadow_root is None:
            el.shadow_root = _details_shadow(el)
    _UseInstances(document).attach()


def is_use_instance_root(node: Node) -> bool:
    """The shadow root holding a <use> element's instance."""
    return isinstance(node, ShadowRoot) and node.mode == UA_USE_MODE


class _UseInstances:
    def __init__(self, document: Document) -> None:
        self.document = document
        self.budget = MAX_USE_CLONED_NODES

    def attach(self) -> None:
        scopes: list[Node] = [self.document]
        while scopes:
            scope = scopes.pop()
            for el in list(scope.iter_elements()):
                if el.shadow_root is not None and el.shadow_root.mode in ("open", "closed"):
                    scopes.append(el.shadow_root)
                elif _is_use(el) and el.shadow_root is None:
                    self._instantiate(el, el, ())

    def _instantiate(self, use: Element, scope_of: Node, chain: tuple[int, ...]) -> None:
        """Give ``use`` a shadow tree cloning its target, looked up in the tree scope
        of ``scope_of`` (the original element, for a use inside a clone)."""
        target = _use_target(use, scope_of)
        if target is None or id(target) in chain or _is_inclusive_ancestor(target, scope_of):
            return  # a missing or circular reference: no instance
        pairs: list[tuple[Element, Element]] = []  # (clone, original) of nested uses
        clone = self._clone(target, pairs)
        if clone is None:
            return
        root = ShadowRoot(use, UA_USE_MODE)
        clone.parent = root
        root.children.append(clone)
        use.shadow_root = root
        for nested, original in pairs:
            self._instantiate(nested, original, chain + (id(target),))

    def _clone(self, original: Node, pairs: list) -> Node | None:
        stack: list[tuple[Node, Node | None]] = [(original, None)]
        top = None
        while stack:
            node, parent = stack.pop()
            if self.budget <= 0:
                return None
            self.budget -= 1
            if isinstance(node, Element):
                copy: Node = Element(node.local_name, node.namespace, dict(node.attrs))
                if _is_use(node):
                    pairs.append((copy, node))
                stack.extend((child, copy) for child in reversed(node.children))
            elif isinstance(node, Text):
                copy = Text(node.data)
            else:
                continue  # comments and the rest are not cloned into the instance
            if parent is None:
                top = copy
            else:
                copy.parent = parent
                parent.children.append(copy)
        return top


def _is_use(el: Element) -> bool:
    return el.namespace == SVG_NS and el.local_name == "use"


def _use_target(use: Element, scope_of: Node) -> Element | None:
    """The element a use's href (else xlink:href) names by a same-document fragment."""
    href = use.attrs.get("href", use.attrs.get("xlink:href", "")).strip()
    if not href.startswith("#") or len(href) < 2:
        return None  # another document's element is never fetched
    return element_by_id(scope_of, href[1:])


def _is_inclusive_ancestor(ancestor: Node, node: Node | None) -> bool:
    while node is not None:
        if node is ancestor:
            return True
        node = node.host if isinstance(node, ShadowRoot) else node.parent
    return False


def _details_shadow(details: Element) -> ShadowRoot:
    root = ShadowRoot(details, UA_DETAILS_MODE)
    summary_slot = _append(root, Element("slot", attrs={"id": "details-summary"}))
    # The marker selector (details > summary) does not reach it: styled inline.
    marker = "disclosure-open" if details.has("open") else "disclosure-closed"
    summary_style = f"display: list-item; list-style-type: {marker}"
    default_summary = _append(summary_slot, Element("summary", attrs={"style": summary_style}))
    _append(default_summary, Text(DEFAULT_SUMMARY_LABEL))
    style = "display: block" if details.has("open") else "display: block; content-visibility: hidden"
    _append(root, Element("slot", attrs={"id": "details-content", "style": style}))
    return root


def _append(parent, child):
    child.parent = parent
    parent.children.append(child)
    return child


def is_ua_details_root(node) -> bool:
    return isinstance(node, ShadowRoot) and node.mode == UA_DETAILS_MODE


def details_content_is_empty(details: Element) -> bool:
    """Whether nothing is slotted into a <details>' content slot: no child but its
    first <summary> (and comments). Chromium leaves such a slot out of the tree."""
    summary = next((c for c in details.children if isinstance(c, Element) and c.local_name == "summary"), None)
    return not any(isinstance(c, (Element, Text)) and c is not summary for c in details.children)


def summary_details(el: Element) -> Element | None:
    """The <details> a <summary> sits in, through the flat tree: every light child of
    a details is slotted into its UA shadow, and the default summary lives there."""
    parent = el.parent
    if isinstance(parent, Element) and parent.is_html and parent.local_name == "details":
        return parent
    if isinstance(parent, Element) and parent.local_name == "slot" and is_ua_details_root(parent.parent):
        return parent.parent.host
    return None


def is_main_summary(el: Element) -> bool:
    """HTMLSummaryElement::IsMainSummary: the first <summary> child, else the default one."""
    details = summary_details(el)
    if details is None:
        return False
    first = next((c for c in details if c.local_name == "summary" and c.is_html), None)
    return first is el or (first is None and details is not el.parent)
