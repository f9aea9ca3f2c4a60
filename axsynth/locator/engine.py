"""Playwright's view of one page for its locators: the elements a query walks,
and each element's role, name, states, text and labels by Playwright's rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from ..data import aria_snapshot as roles_data
from ..html.dom import Document as DomDocument
from ..html.dom import Element, Node, Text
from ..page import Page
from ..playwright.dom import Dom, normalize_whitespace, tag_of
from ..playwright.semantics import Semantics

Root = Element | DomDocument

# The role options Playwright validates, with the roles that support each (roleSelectorEngine).
STATE_ROLES = {
    "checked": roles_data.CHECKED_ROLES,
    "expanded": roles_data.EXPANDED_ROLES,
    "level": roles_data.LEVEL_ROLES,
    "pressed": roles_data.PRESSED_ROLES,
    "selected": roles_data.SELECTED_ROLES,
}
# Elements whose text Playwright's text engine never reads (shouldSkipForTextMatching).
_SKIPPED_FOR_TEXT = frozenset({"SCRIPT", "NOSCRIPT", "STYLE"})


@dataclass(frozen=True)
class ElementText:
    """Playwright's ElementText: the full text, collapsed, and the runs of direct text."""

    full: str
    normalized: str
    immediate: tuple[str, ...]


class LocatorEngine:
    """Playwright's view of one page (its DOM facts and role/name/state rules),
    shared by every locator of a Document."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.dom = Dom(page)
        self.sem = Semantics(self.dom)
        self._texts: dict[int, ElementText] = {}
        self._head = page.document.find_first("head")

    # walking

    def elements_below(self, root: Root, include_root: bool = False) -> Iterator[Element]:
        """``root.querySelectorAll('*')`` piercing open shadow roots (each after its
        host's tree, as Playwright's engines walk them); <template> content is inert."""
        if include_root and isinstance(root, Element):
            yield root
        pending: list[Node] = [root]
        while pending:
            tree = pending.pop(0)
            host_shadow = Dom.open_shadow_root(tree) if isinstance(tree, Element) else None
            if host_shadow is not None:
                pending.append(host_shadow)
            stack = list(reversed(tree.children))
            while stack:
                node = stack.pop()
                if not isinstance(node, Element):
                    continue
                yield node
                shadow = Dom.open_shadow_root(node)
                if shadow is not None:
                    pending.append(shadow)
                if not (node.is_html and node.local_name == "template"):
                    stack.extend(reversed(node.children))

    def contains(self, ancestor: Root, el: Element) -> bool:
        node: Element | None = el
        while node is not None:
            if node is ancestor:
                return True
            node = self.dom.parent_or_host(node)
        return isinstance(ancestor, DomDocument)

    # Playwright's reading of an element

    def role(self, el: Element) -> str | None:
        return self.sem.role(el)

    def name(self, el: Element, include_hidden: bool = False) -> str:
        return normalize_whitespace(self.sem.name(el, include_hidden))

    def hidden(self, el: Element) -> bool:
        return self.dom.hidden_for_aria(el)

    def state(self, el: Element, state: str) -> bool | str | int | None:
        if state == "expanded":
            return self.sem.expanded_state(el)
        return getattr(self.sem, state)(el)

    def text(self, el: Element) -> ElementText:
        """Playwright's elementText (textContent-like, shadow roots included; a submit
        or button input's text is its value)."""
        cached = self._texts.get(id(el))
        if cached is None:
            cached = self._texts[id(el)] = self._compute_text(el)
        return cached

    def _compute_text(self, el: Element) -> ElementText:
        if self.skipped_for_text(el):
            return ElementText("", "", ())
        if tag_of(el) == "INPUT" and self.dom.input_type(el) in ("submit", "button"):
            value = el.attrs.get("value", "")
            return ElementText(value, normalize_whitespace(value), (value,))
        full: list[str] = []
        immediate: list[str] = []
        run = ""
        children = list(el.children)
        shadow = Dom.open_shadow_root(el)
        for child in children:
            if isinstance(child, Text):
                full.append(child.data)
                run += child.data
            elif isinstance(child, Element):
                if run:
                    immediate.append(run)
                run = ""
                full.append(self.text(child).full)
        if run:
            immediate.append(run)
        if shadow is not None:
            full += [
                c.data if isinstance(c, Text) else self.text(c).full
                for c in shadow.children
                if isinstance(c, (Text, Element))
            ]
        text = "".join(full)
        return ElementText(text, normalize_whitespace(text), tuple(immediate))

    def skipped_for_text(self, el: Element) -> bool:
        return tag_of(el) in _SKIPPED_FOR_TEXT or (self._head is not None and self.contains(self._head, el))

    def labels(self, el: Element) -> list[ElementText]:
        """Playwright's getElementLabels: aria-labelledby, else aria-label, else <label>s."""
        if "aria-labelledby" in el.attrs:
            referenced = self.dom.idrefs(el, "aria-labelledby")
            if referenced:
                return [self.text(ref) for ref in referenced]
        aria_label = el.attrs.get("aria-label")
        if aria_label is not None and aria_label.strip():
            return [ElementText(aria_label, normalize_whitespace(aria_label), (aria_label,))]
        labelable = tag_of(el) in ("BUTTON", "METER", "OUTPUT", "PROGRESS", "SELECT", "TEXTAREA") or (
            tag_of(el) == "INPUT" and self.dom.input_type(el) != "hidden"
        )
        return [self.text(label) for label in self.dom.labels(el)] if labelable else []
