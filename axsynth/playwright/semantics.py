"""Playwright's element semantics (roleUtils), for the ARIA snapshot and the
locators: roles (:mod:`.roles`), accessible names (:mod:`.names`) and states by
Playwright's own rules, which differ from Chromium's accessibility tree in many
details. The DOM facts they read come from :class:`~axsynth.playwright.dom.Dom`.
"""

from __future__ import annotations

import math

from ..data import aria_snapshot as data
from ..html.dom import Element
from .dom import Dom, js_number, tag_of
from .names import Names
from .roles import Roles


class Semantics:
    """Role, accessible name and states of elements, by Playwright's rules."""

    def __init__(self, dom: Dom) -> None:
        self.dom = dom
        self.roles = Roles(dom)
        self.names = Names(dom, self.roles)

    def role(self, el: Element) -> str | None:
        return self.roles.role(el)

    def name(self, el: Element, include_hidden: bool = False) -> str:
        return self.names.name(el, include_hidden)

    def name_and_sources(self, el: Element) -> tuple[str, list[Element]]:
        return self.names.name_and_sources(el)

    # states (the locators read them by name: ``getattr(sem, state)``)

    def checked(self, el: Element) -> bool | str:
        if tag_of(el) == "INPUT" and self.dom.input_type(el) in ("checkbox", "radio"):
            return self.dom.checked(el)
        if (self.role(el) or "") in data.CHECKED_ROLES:
            value = (el.attrs.get("aria-checked") or "").lower()
            return True if value == "true" else "mixed" if value == "mixed" else False
        return False

    def disabled(self, el: Element) -> bool:
        if self.dom.natively_disabled(el):
            return True
        if (self.role(el) or "") not in data.DISABLED_ROLES:
            return False
        for node in self.dom.ancestors_crossing_shadow(el):
            value = (node.attrs.get("aria-disabled") or "").lower()
            if value in ("true", "false"):
                return value == "true"
        return False

    def expanded(self, el: Element) -> bool:
        return self.expanded_state(el) is True

    def expanded_state(self, el: Element) -> bool | None:
        """getAriaExpanded: None when the element says nothing (so ``expanded=False``
        in a role query does not match an element without aria-expanded)."""
        if tag_of(el) == "DETAILS":
            return "open" in el.attrs
        if (self.role(el) or "") not in data.EXPANDED_ROLES or "aria-expanded" not in el.attrs:
            return None
        return el.attrs["aria-expanded"].lower() == "true"

    @staticmethod
    def invalid(el: Element) -> bool | str:
        value = (el.attrs.get("aria-invalid") or "").lower()
        if not value.strip() or value == "false":
            return False
        return value if value in ("grammar", "spelling") else True

    def level(self, el: Element) -> int:
        native = data.HEADING_LEVELS.get(tag_of(el))
        if native:
            return native
        if (self.role(el) or "") in data.LEVEL_ROLES and "aria-level" in el.attrs:
            value = js_number(el.attrs["aria-level"])
            if value is not None and math.isfinite(value) and value == int(value) and value >= 1:
                return int(value)
        return 0

    def pressed(self, el: Element) -> bool | str:
        if (self.role(el) or "") in data.PRESSED_ROLES:
            value = (el.attrs.get("aria-pressed") or "").lower()
            if value == "true":
                return True
            if value == "mixed":
                return "mixed"
        return False

    def selected(self, el: Element) -> bool:
        if tag_of(el) == "OPTION":
            return self.dom.option_selected(el)
        return (self.role(el) or "") in data.SELECTED_ROLES and (el.attrs.get("aria-selected") or "").lower() == "true"
