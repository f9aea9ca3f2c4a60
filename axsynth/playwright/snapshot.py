"""The ARIA snapshot's tree, as Playwright's injected script builds it
(generateAriaTree): it walks the DOM itself with its own role, name and state
rules (:mod:`~axsynth.playwright.semantics`), then distills the tree
(:mod:`~axsynth.playwright.distill`). ``emit.aria`` and ``emit.ai`` print it.

Two modes: "default" (``locator.aria_snapshot()``) keeps what is visible to
assistive technology; "ai" (``page.aria_snapshot(mode="ai")``, Playwright MCP's)
also keeps what is visible on screen, calls role-less elements "generic", and
gives every visible element that takes pointer events a ref (``e12``; ``f1e3`` in
a child frame), numbered in the order the walk meets them, and kept by the element
for later snapshots of the page (:class:`AriaRefs`).

One deliberate difference: a password field's value is never kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Union

from ..data import aria_snapshot as data
from ..html.dom import Element, Node, Text
from ..page import Page
from .boxes import Boxes
from .distill import distill
from .dom import JS_SPACE, Dom, normalize_whitespace, tag_of
from .semantics import Semantics


def build_snapshot(page: Page, root: Element) -> "AriaNode":
    """The default-mode snapshot tree of ``root``: a "fragment" node holding its nodes."""
    return build_aria_snapshot(page, root).root


def build_aria_snapshot(
    page: Page,
    root: Element,
    mode: str = "default",
    refs: "AriaRefs | None" = None,
    active: Element | None = None,
    max_depth: int | None = None,
) -> "AriaSnapshot":
    """The snapshot of ``root`` in ``mode``, distilled. In the ai mode, ``refs`` numbers
    the nodes (the page's own registry), ``active`` is the focused element when its
    document has focus, and ``max_depth`` is the depth the snapshot will be cut at."""
    snapshot = _Builder(page, mode, refs, active).build(root)
    distill(snapshot, mode, max_depth)
    if refs is not None:
        refs.last_snapshot = snapshot
    return snapshot


@dataclass(eq=False)
class AriaNode:
    role: str
    name: str = ""
    children: list[Union[str, "AriaNode"]] = field(default_factory=list)
    props: dict[str, str] = field(default_factory=dict)
    checked: bool | str = False
    disabled: bool = False
    expanded: bool = False
    invalid: bool | str = False
    level: int = 0
    pressed: bool | str = False
    selected: bool = False
    # The ai mode's additions.
    ref: str | None = None
    active: bool = False
    cursor: str | None = None  # the computed cursor (its box's)
    element: Element | None = field(default=None, repr=False)


@dataclass
class AriaSnapshot:
    """A snapshot tree and, in the ai mode, what its refs name: the element of each
    ref (those distilled away too) and the refs of the elements its name is read from."""

    root: AriaNode
    elements: dict[str, Element] = field(default_factory=dict)
    name_sources: dict[str, list[str]] = field(default_factory=dict)
    iframe_refs: list[str] = field(default_factory=list)

    def name_from_content_refs(self, ref: str) -> list[str]:
        return self.name_sources.get(ref, [])


class AriaRefs:
    """One document's ai-snapshot refs, as its injected script keeps them: a counter
    that only grows (``lastRef``), the ref each element got (kept while its role and
    name stay), and the last snapshot, which ``aria-ref=`` selectors resolve in."""

    def __init__(self, prefix: str = "") -> None:
        self.prefix = prefix  # "f<frame seq>" in a child frame
        self.last = 0
        self._by_element: dict[Element, tuple[str, str, str]] = {}
        self.last_snapshot: AriaSnapshot | None = None

    def ref_for(self, el: Element, role: str, name: str) -> str:
        known = self._by_element.get(el)
        if known is None or known[:2] != (role, name):
            self.last += 1
            known = self._by_element[el] = (role, name, f"{self.prefix}e{self.last}")
        return known[2]

    def describe(self, ref: str) -> tuple[Element, str, str] | None:
        """The element ``ref`` names in the last snapshot, with the role and name it had."""
        el = self.last_snapshot.elements.get(ref) if self.last_snapshot is not None else None
        if el is None:
            return None
        role, name, _ = self._by_element[el]
        return el, role, name


class _Builder:
    """Walks the DOM below a root element into an AriaNode tree (generateAriaTree)."""

    def __init__(
        self,
        page: Page,
        mode: str = "default",
        refs: AriaRefs | None = None,
        active: Element | None = None,
        redact_passwords: bool = True,
    ) -> None:
        self.dom = Dom(page, redact_passwords)
        self.sem = Semantics(self.dom)
        self.boxes = Boxes(self.dom)
        self.ai = mode == "ai"
        self.refs = refs if refs is not None else AriaRefs()
        self.active = active
        self._visited: set[int] = set()
        self._snapshot = AriaSnapshot(AriaNode("fragment"))
        self._sources: dict[int, list[Element]] = {}  # id(node) -> the elements its name is read from
        self._element_refs: dict[Element, str] = {}

    def build(self, root: Element) -> AriaSnapshot:
        self._snapshot.root.element = root
        self._visit(self._snapshot.root, root, True)
        return self._snapshot

    def _visit(self, parent: AriaNode, node: Node, parent_visible: bool) -> None:
        if id(node) in self._visited:
            return
        self._visited.add(id(node))
        if isinstance(node, Text):
            if node.data and parent_visible and not self.dom.text_not_rendered(node) and parent.role != "textbox":
                parent.children.append(node.data)
            return
        if not isinstance(node, Element):
            return
        visible = not self.dom.hidden_for_aria(node)
        if self.ai:
            visible = visible or self.boxes.visible(node)
        elif not visible:
            return
        owned = (
            [
                el
                for el in (
                    self.dom.by_id(self.dom.document, i)
                    for i in re.split(f"[{JS_SPACE}]+", node.attrs.get("aria-owns", ""))
                )
                if el is not None
            ]
            if "aria-owns" in node.attrs
            else []
        )
        aria_node = self._aria_node(node) if visible else None
        if aria_node is not None:
            if (node.attrs.get("aria-hidden") or "").lower() == "true":
                aria_node.props["aria-hidden"] = "true"
            if aria_node.ref is not None:
                self._snapshot.elements[aria_node.ref] = node
                self._element_refs[node] = aria_node.ref
                if aria_node.role == "iframe":
                    self._snapshot.iframe_refs.append(aria_node.ref)
            parent.children.append(aria_node)
        self._process(aria_node or parent, node, owned, visible)
        if aria_node is not None and aria_node.ref is not None:
            refs = (self._element_refs.get(el) for el in self._sources.pop(id(aria_node), ()))
            self._snapshot.name_sources[aria_node.ref] = [r for r in refs if r and r != aria_node.ref]

    def _aria_node(self, el: Element) -> AriaNode | None:
        if tag_of(el) in ("IFRAME", "FRAME"):
            return self._with_ref(AriaNode("iframe"), el, receives_pointer_events=True)
        role = self.sem.role(el) or ("generic" if self.ai else None)
        if not role or role in data.PRESENTATIONAL:
            return None
        if role == "generic" and self._inline_text_only(el):
            return None
        if self.ai:
            name, sources = self.sem.name_and_sources(el)
        else:
            name, sources = self.sem.name(el), []
        node = AriaNode(role, normalize_whitespace(name))
        if sources:
            self._sources[id(node)] = sources
        self._with_ref(node, el, self.dom.receives_pointer_events(el))
        if role in data.CHECKED_ROLES:
            node.checked = self.sem.checked(el)
        if role in data.DISABLED_ROLES:
            node.disabled = self.sem.disabled(el)
        if role in data.EXPANDED_ROLES:
            node.expanded = self.sem.expanded(el)
        if role in data.INVALID_ROLES:
            node.invalid = self.sem.invalid(el)
        if role in data.LEVEL_ROLES:
            node.level = self.sem.level(el)
        if role in data.PRESSED_ROLES:
            node.pressed = self.sem.pressed(el)
        if role in data.SELECTED_ROLES:
            node.selected = self.sem.selected(el)
        if el.is_html and tag_of(el) in ("INPUT", "TEXTAREA"):
            kind = self.dom.input_type(el) if tag_of(el) == "INPUT" else "textarea"
            if kind not in ("checkbox", "radio", "file"):
                node.children = [self.dom.value(el)]
        return node

    def _with_ref(self, node: AriaNode, el: Element, receives_pointer_events: bool) -> AriaNode:
        """computeAriaRef, and what the ai mode prints of the element's box and focus."""
        node.element = el
        if self.ai:
            box = self.boxes.box(el)
            node.cursor = box.cursor
            node.active = el is self.active
            if box.visible and receives_pointer_events:
                node.ref = self.refs.ref_for(el, node.role, node.name)
        return node

    def _inline_text_only(self, el: Element) -> bool:
        """An inline generic whose one child node is text. (Adjacent text nodes count as
        one: the parser appends to the text before a declarative shadow root's
        <template>, which leaves the DOM, so a browser has only one there.)"""
        return self.boxes.box(el).inline and bool(el.children) and all(isinstance(child, Text) for child in el.children)

    def _process(self, node: AriaNode, el: Element, owned: list[Element], visible: bool) -> None:
        block = self.dom.display(el) != "inline" or tag_of(el) == "BR"
        if block:
            node.children.append(" ")
        node.children.append(self.dom.css_content(el, "before") or "")
        for child in self._children(el):
            self._visit(node, child, visible)
        for child in owned:
            self._visit(node, child, visible)
        node.children.append(self.dom.css_content(el, "after") or "")
        if block:
            node.children.append(" ")
        if len(node.children) == 1 and node.children[0] == node.name:
            node.children = []
        if node.role == "link" and "href" in el.attrs:
            node.props["url"] = _truncate_data_url(el.attrs["href"])
        if node.role == "textbox" and "placeholder" in el.attrs and el.attrs["placeholder"] != node.name:
            node.props["placeholder"] = el.attrs["placeholder"]

    def _children(self, el: Element) -> list[Node]:
        if tag_of(el) == "SLOT":
            assigned = self.dom.assigned_nodes(el)
            if assigned:
                return assigned
        children = [c for c in el.children if self.dom.assigned_slot(c) is None]
        shadow = self.dom.open_shadow_root(el)
        return children + list(shadow.children) if shadow is not None else children


def _truncate_data_url(url: str) -> str:
    if not url.startswith("data:") or "," not in url:
        return url
    return url[: url.index(",") + 1] + "\u2026"
