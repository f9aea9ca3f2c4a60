"""The ARIA snapshot's tree, as Playwright's injected script builds it
(generateAriaTree): it walks the DOM itself with its own role, name and state
rules (:mod:`~axsynth.playwright.semantics`), then merges text runs and drops
empty generic nodes. ``emit.aria`` prints the result as YAML.

One deliberate difference: a password field's value is never kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Union

from ..data import aria_snapshot as data
from ..html.dom import Element, Node, Text
from ..page import Page
from .dom import JS_SPACE, Dom, normalize_whitespace, tag_of
from .semantics import Semantics


def build_snapshot(page: Page, root: Element) -> "AriaNode":
    """The snapshot tree of ``root``: a "fragment" node holding its nodes."""
    return _Builder(page).build(root)


@dataclass
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


class _Builder:
    """Walks the DOM below a root element into an AriaNode tree (generateAriaTree)."""

    def __init__(self, page: Page, redact_passwords: bool = True) -> None:
        self.dom = Dom(page, redact_passwords)
        self.sem = Semantics(self.dom)
        self._visited: set[int] = set()

    def build(self, root: Element) -> AriaNode:
        fragment = AriaNode("fragment")
        self._visit(fragment, root)
        _normalize(fragment)
        return fragment

    def _visit(self, parent: AriaNode, node: Node) -> None:
        if id(node) in self._visited:
            return
        self._visited.add(id(node))
        if isinstance(node, Text):
            if node.data and not self.dom.text_not_rendered(node) and parent.role != "textbox":
                parent.children.append(node.data)
            return
        if not isinstance(node, Element) or self.dom.hidden_for_aria(node):
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
        aria_node = self._aria_node(node)
        if aria_node is not None:
            parent.children.append(aria_node)
        self._process(aria_node or parent, node, owned)

    def _aria_node(self, el: Element) -> AriaNode | None:
        if tag_of(el) in ("IFRAME", "FRAME"):
            return AriaNode("iframe")
        role = self.sem.role(el)
        if not role or role in data.PRESENTATIONAL:
            return None
        if role == "generic" and self._inline_text_only(el):
            return None
        node = AriaNode(role, normalize_whitespace(self.sem.name(el)))
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

    def _inline_text_only(self, el: Element) -> bool:
        style = self.dom.style(el)
        inline = style is not None and style["display"] == "inline" and self.dom.style_visible(el)
        return inline and len(el.children) == 1 and isinstance(el.children[0], Text)

    def _process(self, node: AriaNode, el: Element, owned: list[Element]) -> None:
        block = self.dom.display(el) != "inline" or tag_of(el) == "BR"
        if block:
            node.children.append(" ")
        node.children.append(self.dom.css_content(el, "before") or "")
        for child in self._children(el):
            self._visit(node, child)
        for child in owned:
            self._visit(node, child)
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


def _normalize(node: AriaNode) -> None:
    """Merge adjacent text into one normalized string and drop childless, nameless
    generic nodes (Playwright's mergeStringChildren and unwrapSingleChildGenerics)."""
    kept: list[str | AriaNode] = []
    for child in node.children:
        if isinstance(child, AriaNode):
            _normalize(child)
            if child.role == "generic" and not child.name and not child.children:
                continue
        kept.append(child)
    node.children = _merge_text(kept)
    if len(node.children) == 1 and node.children[0] == node.name:
        node.children = []


def _merge_text(children: list[str | AriaNode]) -> list[str | AriaNode]:
    out: list[str | AriaNode] = []
    run: list[str] = []
    for child in children + [None]:
        if isinstance(child, str):
            run.append(child)
            continue
        text = normalize_whitespace("".join(run))
        if text:
            out.append(text)
        run = []
        if child is not None:
            out.append(child)
    return out
