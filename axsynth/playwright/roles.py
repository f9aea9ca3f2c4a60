"""Playwright's role of an element (roleUtils' getAriaRole): the explicit ``role``
when valid (unless a presentational role conflicts with global ARIA or focus),
else the implicit role of its tag, which presentational parents pass down.
"""

from __future__ import annotations

from ..data import aria_snapshot as data
from ..html.dom import Element, Node
from .dom import Dom, js_number, js_trim, tag_of


class Roles:
    """Roles of elements, by Playwright's rules (memoized)."""

    def __init__(self, dom: Dom) -> None:
        self.dom = dom
        self._roles: dict[int, str | None] = {}

    def role(self, el: Element) -> str | None:
        if id(el) not in self._roles:
            self._roles[id(el)] = self._compute_role(el)
        return self._roles[id(el)]

    @staticmethod
    def explicit_role(el: Element) -> str | None:
        tokens = (el.attrs.get("role") or "").lower().split(" ")
        return next((t.strip() for t in tokens if t.strip() in data.VALID_ROLES), None)

    def _compute_role(self, el: Element) -> str | None:
        explicit = self.explicit_role(el)
        if explicit is None:
            return self.implicit_role(el)
        if explicit in data.PRESENTATIONAL:
            implicit = self.implicit_role(el)
            if self._conflict_resolution(el, implicit):
                return implicit
        return explicit

    def _conflict_resolution(self, el: Element, role: str | None) -> bool:
        """A presentational role is ignored on an element with global ARIA or focus."""
        return _has_global_aria(el, role) or self.focusable(el)

    def focusable(self, el: Element) -> bool:
        if self.dom.natively_disabled(el):
            return False
        tag = tag_of(el)
        if tag in ("BUTTON", "DETAILS", "SELECT", "TEXTAREA"):
            native = True
        elif tag in ("A", "AREA"):
            native = "href" in el.attrs
        else:
            native = tag == "INPUT" and "hidden" not in el.attrs
        return native or _has_tabindex(el)

    def implicit_role(self, el: Element) -> str | None:
        role = self._tag_role(el)
        if not role:
            return None
        node = el
        while True:  # presentational parents (ul role=none > li) pass their role down
            parent = self.dom.parent_or_host(node)
            allowed = data.PRESENTATION_PARENTS.get(tag_of(node))
            if parent is None or not allowed or tag_of(parent) not in allowed:
                return role
            parent_role = self.explicit_role(parent)
            if parent_role in data.PRESENTATIONAL and not self._conflict_resolution(parent, parent_role):
                return parent_role
            node = parent

    def _tag_role(self, el: Element) -> str | None:
        tag = tag_of(el)
        special = _SPECIAL_TAG_ROLES.get(tag)
        if special is not None:
            return special(self, el)
        return data.TAG_ROLES.get(tag)

    # --- tags whose role depends on more than the tag ------------------------------------

    def _link_role(self, el: Element) -> str | None:
        return "link" if "href" in el.attrs else None

    def _landmark_blocked(self, el: Element) -> bool:
        for node in self.dom.ancestors_crossing_shadow(el):
            role_attr = node.attrs.get("role")
            if role_attr is None and node.is_html and tag_of(node) in data.LANDMARK_BLOCKERS_BY_TAG:
                return True
            if role_attr in data.LANDMARK_BLOCKERS_BY_ROLE:
                return True
        return False

    def _header_role(self, el: Element) -> str | None:
        return None if self._landmark_blocked(el) else "banner"

    def _footer_role(self, el: Element) -> str | None:
        return None if self._landmark_blocked(el) else "contentinfo"

    def _form_role(self, el: Element) -> str | None:
        return "form" if _has_author_name(el) else None

    def _section_role(self, el: Element) -> str | None:
        return "region" if _has_author_name(el) else None

    def _img_role(self, el: Element) -> str:
        if (
            el.attrs.get("alt") == ""
            and not el.attrs.get("title")
            and not _has_global_aria(el, None)
            and not _has_tabindex(el)
        ):
            return "presentation"
        return "img"

    def _input_role(self, el: Element) -> str | None:
        kind = self.dom.input_type(el)
        if kind in data.TEXT_FIELD_TYPES:
            lists = self.dom.idrefs(el, "list")
            if lists and tag_of(lists[0]) == "DATALIST":
                return "combobox"
            return "searchbox" if kind == "search" else "textbox"
        if kind == "hidden":
            return None
        return data.INPUT_TYPE_ROLES.get(kind, "textbox")

    def _select_role(self, el: Element) -> str:
        return "listbox" if self.dom.is_list_box(el) else "combobox"

    def _td_role(self, el: Element) -> str:
        table = self._table_of(el)
        role = self.explicit_role(table) if table is not None else None
        return "gridcell" if role in ("grid", "treegrid") else "cell"

    def _th_role(self, el: Element) -> str | None:
        scope = el.attrs.get("scope")
        if scope in ("col", "colgroup"):
            return "columnheader"
        if scope in ("row", "rowgroup"):
            return "rowheader"
        siblings = [c for c in el.parent.children if isinstance(c, Element)] if el.parent else [el]
        index = siblings.index(el)
        prev = siblings[index - 1] if index > 0 else None
        after = siblings[index + 1] if index + 1 < len(siblings) else None
        if prev is None and after is None:
            return self._lone_th_role(el)
        if _istag_of(after, "TH") and _istag_of(prev, "TH"):
            return "columnheader"
        if _non_empty_data_cell(after) or _non_empty_data_cell(prev):
            return "rowheader"
        return "columnheader"

    def _lone_th_role(self, el: Element) -> str | None:
        """The only cell of its row heads a column, unless its table has one row at most."""
        row = el.parent if isinstance(el.parent, Element) and tag_of(el.parent) == "TR" else None
        if row is not None:
            table = self._table_of(row)
            if table is not None and _table_row_count(table) <= 1:
                return None
        return "columnheader"

    def _table_of(self, el: Element) -> Element | None:
        return next((a for a in self.dom.ancestors_crossing_shadow(el) if tag_of(a) == "TABLE"), None)


_SPECIAL_TAG_ROLES = {
    "A": Roles._link_role,
    "AREA": Roles._link_role,
    "HEADER": Roles._header_role,
    "FOOTER": Roles._footer_role,
    "FORM": Roles._form_role,
    "SECTION": Roles._section_role,
    "IMG": Roles._img_role,
    "INPUT": Roles._input_role,
    "SELECT": Roles._select_role,
    "TD": Roles._td_role,
    "TH": Roles._th_role,
}


def _has_global_aria(el: Element, role: str | None) -> bool:
    return any(
        attr in el.attrs and (role or "") not in prohibited for attr, prohibited in data.GLOBAL_ARIA_ATTRIBUTES.items()
    )


def _has_tabindex(el: Element) -> bool:
    value = el.attrs.get("tabindex")
    return value is not None and js_number(value) is not None


def _has_author_name(el: Element) -> bool:
    return "aria-label" in el.attrs or "aria-labelledby" in el.attrs


def _istag_of(node: Node | None, tag: str) -> bool:
    return isinstance(node, Element) and tag_of(node) == tag


def _non_empty_data_cell(el: Element | None) -> bool:
    if not _istag_of(el, "TD"):
        return False
    return bool(js_trim(el.text_content())) or any(isinstance(c, Element) for c in el.children)


def _table_row_count(table: Element) -> int:
    count = 0
    for child in table.children:
        if _istag_of(child, "TR"):
            count += 1
        elif isinstance(child, Element) and tag_of(child) in ("THEAD", "TBODY", "TFOOT"):
            count += sum(1 for c in child.children if _istag_of(c, "TR"))
    return count
