"""Playwright's element semantics (roleUtils), for the ARIA snapshot: roles,
accessible names and states by Playwright's own rules, which differ from
Chromium's accessibility tree in many details. The DOM facts they read come
from :class:`~axsynth.playwright.dom.Dom`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Iterator

from ..data import aria_snapshot as data
from ..html.dom import SVG_NS, Element, Node, Text
from .dom import Dom, flat_string, js_number, js_trim, tag_of

# --- roles, names and states ---------------------------------------------------------------


@dataclass(frozen=True)
class _NameContext:
    """Where the text alternative computation stands (Playwright's options)."""

    visited: set = field(default_factory=set, compare=False)
    target: str | None = "self"  # "self", "descendant" or None
    labelledby: tuple[Element, bool] | None = None  # (element, hidden)
    label: tuple[Element, bool] | None = None
    native: tuple[Element, bool] | None = None
    include_hidden: bool = False  # getByRole's includeHidden: hidden content counts too
    # The elements whose text makes the name (Playwright's collectElements), when asked.
    sources: list | None = field(default=None, compare=False)

    def in_hidden_reference(self) -> bool:
        return any(ref is not None and ref[1] for ref in (self.labelledby, self.label, self.native))

    def reads_hidden(self) -> bool:
        return self.include_hidden or self.in_hidden_reference()

    def embedded(self) -> bool:
        return bool(self.labelledby or self.label or self.native)

    def source(self, el: Element, text: str) -> str:
        """``text``, which ``el`` gives the name (a compositeString)."""
        if text and self.sources is not None:
            self.sources.append(el)
        return text

    def mark(self) -> int:
        return len(self.sources) if self.sources is not None else 0

    def discard(self, mark: int) -> None:
        """Forget the sources of a part of the name that was dropped."""
        if self.sources is not None:
            del self.sources[mark:]


class Semantics:
    """Role, accessible name and states of elements, by Playwright's rules."""

    def __init__(self, dom: Dom) -> None:
        self.dom = dom
        self._roles: dict[int, str | None] = {}

    # roles

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
        return self._has_global_aria(el, role) or self.focusable(el)

    @staticmethod
    def _has_global_aria(el: Element, role: str | None) -> bool:
        return any(
            attr in el.attrs and (role or "") not in prohibited
            for attr, prohibited in data.GLOBAL_ARIA_ATTRIBUTES.items()
        )

    @staticmethod
    def _has_tabindex(el: Element) -> bool:
        value = el.attrs.get("tabindex")
        return value is not None and js_number(value) is not None

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
        return native or self._has_tabindex(el)

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

    @staticmethod
    def _has_author_name(el: Element) -> bool:
        return "aria-label" in el.attrs or "aria-labelledby" in el.attrs

    def _form_role(self, el: Element) -> str | None:
        return "form" if self._has_author_name(el) else None

    def _section_role(self, el: Element) -> str | None:
        return "region" if self._has_author_name(el) else None

    def _img_role(self, el: Element) -> str:
        if (
            el.attrs.get("alt") == ""
            and not el.attrs.get("title")
            and not self._has_global_aria(el, None)
            and not self._has_tabindex(el)
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
        table = next((a for a in self.dom.ancestors_crossing_shadow(el) if tag_of(a) == "TABLE"), None)
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
            row = el.parent if isinstance(el.parent, Element) and tag_of(el.parent) == "TR" else None
            if row is not None:
                table = next((a for a in self.dom.ancestors_crossing_shadow(row) if tag_of(a) == "TABLE"), None)
                if table is not None and _table_row_count(table) <= 1:
                    return None
            return "columnheader"
        if _istag_of(after, "TH") and _istag_of(prev, "TH"):
            return "columnheader"
        if _non_empty_data_cell(after) or _non_empty_data_cell(prev):
            return "rowheader"
        return "columnheader"

    # accessible names

    def name(self, el: Element, include_hidden: bool = False) -> str:
        if (self.role(el) or "") in data.NAMING_PROHIBITED:
            return ""
        return flat_string(self._text_alternative(el, _NameContext(include_hidden=include_hidden)))

    def name_and_sources(self, el: Element) -> tuple[str, list[Element]]:
        """The name and the elements whose text or attributes make it, in the order
        they were read (getElementAccessibleName with collectElements)."""
        if (self.role(el) or "") in data.NAMING_PROHIBITED:
            return "", []
        sources: list[Element] = []
        text = flat_string(self._text_alternative(el, _NameContext(sources=sources)))
        return text, list(dict.fromkeys(sources))

    def _text_alternative(self, el: Element, ctx: _NameContext) -> str:
        if el in ctx.visited:
            return ""
        if tag_of(el) in data.IGNORED_TAGS or (not ctx.reads_hidden() and self.dom.hidden_for_aria(el)):
            ctx.visited.add(el)
            return ""
        # Probed: Playwright reads the misspelt aria-labeledby when aria-labelledby is absent.
        labelledby = (
            self.dom.idrefs(el, "aria-labelledby" if "aria-labelledby" in el.attrs else "aria-labeledby", repeats=True)
            or None
        )
        if ctx.labelledby is None and labelledby:
            mark = ctx.mark()
            text = " ".join(
                self._text_alternative(
                    ref,
                    replace(ctx, labelledby=(ref, self.dom.hidden_for_aria(ref)), target=None, label=None, native=None),
                )
                for ref in labelledby
            )
            if text:
                return text
            ctx.discard(mark)
        role = self.role(el) or ""
        if ctx.embedded() or ctx.target == "descendant":
            if not (labelledby and el in labelledby):
                value = self._embedded_control_text(el, role, ctx)
                if value is not None:
                    return value
        aria_label = el.attrs.get("aria-label") or ""
        if js_trim(aria_label):
            ctx.visited.add(el)
            return ctx.source(el, aria_label)
        if role not in data.PRESENTATIONAL:
            native = self._native_text_alternative(el, ctx, labelledby is not None)
            if native is not None:
                return native
        return self._text_from_content_or_title(el, role, ctx)

    def _embedded_control_text(self, el: Element, role: str, ctx: _NameContext) -> str | None:
        """A control inside a name being computed contributes its value."""
        tag = tag_of(el)
        if role in ("textbox", "searchbox"):
            ctx.visited.add(el)
            return ctx.source(el, self.dom.value(el) if tag in ("INPUT", "TEXTAREA") else el.text_content())
        if role in ("combobox", "listbox"):
            ctx.visited.add(el)
            options = self._selected_options(el, role)
            if not options and tag == "INPUT":
                return ctx.source(el, self.dom.value(el))
            child = replace(ctx, target="descendant" if ctx.target == "self" else ctx.target)
            return " ".join(self._text_alternative(o, child) for o in options)
        if role in data.RANGE_ROLES:
            ctx.visited.add(el)
            for attr in ("aria-valuetext", "aria-valuenow", "value"):
                if attr in el.attrs:
                    return ctx.source(el, el.attrs[attr])
            return ""
        if role == "menu":
            ctx.visited.add(el)
            return ""
        return None

    def _selected_options(self, el: Element, role: str) -> list[Element]:
        if tag_of(el) == "SELECT":
            options = self.dom.selected_options(el)
            if not options:
                options = self.dom.select_options(el)[:1]
            return options
        listbox: Element | None = el
        if role == "combobox":
            listbox = next((e for e in self._owned_descendants(el) if self.role(e) == "listbox"), None)
        if listbox is None:
            return []
        return [
            e
            for e in self._owned_descendants(listbox)
            if (e.attrs.get("aria-selected") or "").lower() == "true" and self.role(e) == "option"
        ]

    def _owned_descendants(self, el: Element) -> list[Element]:
        out = list(el.iter_elements())
        for owned in self.dom.idrefs(el, "aria-owns"):
            out.append(owned)
            out.extend(owned.iter_elements())
        return out

    def _native_text_alternative(self, el: Element, ctx: _NameContext, has_labelledby: bool) -> str | None:
        tag = tag_of(el)
        kind = self.dom.input_type(el) if tag == "INPUT" else ""
        if tag == "INPUT" and kind in ("button", "submit", "reset"):
            ctx.visited.add(el)
            value = el.attrs.get("value") or ""
            if js_trim(value):
                return ctx.source(el, value)
            return ctx.source(el, {"submit": "Submit", "reset": "Reset"}.get(kind, el.attrs.get("title") or ""))
        if tag == "INPUT" and kind in ("file", "image"):
            ctx.visited.add(el)
            labels = self.dom.labels(el)
            if labels and not ctx.labelledby:
                return self._name_from_labels(labels, ctx)
            if kind == "file":
                return ctx.source(el, "Choose File")
            for attr in ("alt", "title"):
                if js_trim(el.attrs.get(attr) or ""):
                    return ctx.source(el, el.attrs[attr])
            return ctx.source(el, "Submit")
        if not has_labelledby and tag in ("BUTTON", "OUTPUT"):
            ctx.visited.add(el)
            labels = self.dom.labels(el)
            if labels:
                return self._name_from_labels(labels, ctx)
            if tag == "OUTPUT":
                return ctx.source(el, el.attrs.get("title") or "")
        if not has_labelledby and tag in ("TEXTAREA", "SELECT", "INPUT", "METER", "PROGRESS"):
            ctx.visited.add(el)
            labels = self.dom.labels(el)
            if labels:
                return self._name_from_labels(labels, ctx)
            use_placeholder = (tag == "INPUT" and kind in data.PLACEHOLDER_TYPES) or tag == "TEXTAREA"
            title = el.attrs.get("title") or ""
            if not use_placeholder or title:
                return ctx.source(el, title)
            return ctx.source(el, el.attrs.get("placeholder") or "")
        caption_tag = {"FIELDSET": "LEGEND", "FIGURE": "FIGCAPTION"}.get(tag)
        if caption_tag and not has_labelledby:
            ctx.visited.add(el)
            caption = _first_child(el, caption_tag)
            if caption is not None:
                return self._native_child_text(caption, ctx)
            return ctx.source(el, el.attrs.get("title") or "")
        if tag in ("IMG", "AREA"):
            ctx.visited.add(el)
            alt = el.attrs.get("alt") or ""
            return ctx.source(el, alt if js_trim(alt) else el.attrs.get("title") or "")
        if tag == "TABLE":
            ctx.visited.add(el)
            caption = _first_child(el, "CAPTION")
            if caption is not None:
                return self._native_child_text(caption, ctx)
            if el.attrs.get("summary"):
                return ctx.source(el, el.attrs["summary"])
        if tag == "SVG" or _in_svg(el):
            ctx.visited.add(el)
            title = next(
                (c for c in el.children if isinstance(c, Element) and tag_of(c) == "TITLE" and _in_svg(c)), None
            )
            if title is not None:
                child = replace(ctx, target=_descend(ctx.target), labelledby=(title, self.dom.hidden_for_aria(title)))
                return self._text_alternative(title, child)
        if _in_svg(el) and tag == "A" and js_trim(el.attrs.get("xlink:title") or ""):
            ctx.visited.add(el)
            return ctx.source(el, el.attrs["xlink:title"])
        return None

    def _native_child_text(self, child_el: Element, ctx: _NameContext) -> str:
        child = replace(ctx, target=_descend(ctx.target), native=(child_el, self.dom.hidden_for_aria(child_el)))
        return self._text_alternative(child_el, child)

    def _name_from_labels(self, labels: list[Element], ctx: _NameContext) -> str:
        texts = []
        for label in labels:
            mark = ctx.mark()
            text = self._text_alternative(
                label,
                replace(ctx, label=(label, self.dom.hidden_for_aria(label)), native=None, labelledby=None, target=None),
            )
            if text:
                texts.append(text)
            else:
                ctx.discard(mark)  # an empty label names nothing
        return " ".join(texts)

    def _text_from_content_or_title(self, el: Element, role: str, ctx: _NameContext) -> str:
        tag = tag_of(el)
        from_content = (
            role in data.NAME_FROM_CONTENT
            or (ctx.target == "descendant" and role in data.NAME_FROM_CONTENT_INSIDE)
            or (tag == "SUMMARY" and role not in data.PRESENTATIONAL)
            or ctx.embedded()
        )
        if from_content:
            ctx.visited.add(el)
            mark = ctx.mark()
            text = self._content_text(el, replace(ctx, target=_descend(ctx.target)))
            if js_trim(text) if ctx.target == "self" else text:
                if js_trim(text):
                    ctx.source(el, text)
                return text
            ctx.discard(mark)
        if role not in data.PRESENTATIONAL or tag in ("IFRAME", "FRAME"):
            ctx.visited.add(el)
            title = el.attrs.get("title") or ""
            if js_trim(title):
                return ctx.source(el, title)
        ctx.visited.add(el)
        return ""

    def _content_text(self, el: Element, ctx: _NameContext) -> str:
        """Text of an element's content: pseudo-elements, children, slots, owned elements."""
        skip_unrendered = not ctx.reads_hidden()
        tokens = [self.dom.css_content(el, "before") or ""]
        own = self.dom.css_content(el)
        if own is not None:
            tokens.append(own)
        else:
            for node, skip_slotted in self._content_nodes(el):
                if skip_slotted and self.dom.assigned_slot(node) is not None:
                    continue
                if isinstance(node, Element):
                    token = self._text_alternative(node, ctx)
                    if self.dom.display(node) != "inline" or tag_of(node) == "BR":
                        token = f" {token} "
                    tokens.append(token)
                elif isinstance(node, Text):
                    if not (skip_unrendered and self.dom.text_not_rendered(node)):
                        tokens.append(node.data)
        tokens.append(self.dom.css_content(el, "after") or "")
        return "".join(tokens)

    def _content_nodes(self, el: Element) -> Iterator[tuple[Node, bool]]:
        if tag_of(el) == "SLOT":
            assigned = self.dom.assigned_nodes(el)
            if assigned:
                yield from ((n, False) for n in assigned)
                return
        yield from ((n, True) for n in el.children)
        shadow = self.dom.open_shadow_root(el)
        if shadow is not None:
            yield from ((n, True) for n in shadow.children)
        yield from ((n, True) for n in self.dom.idrefs(el, "aria-owns"))

    # states

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


_SPECIAL_TAG_ROLES = {
    "A": Semantics._link_role,
    "AREA": Semantics._link_role,
    "HEADER": Semantics._header_role,
    "FOOTER": Semantics._footer_role,
    "FORM": Semantics._form_role,
    "SECTION": Semantics._section_role,
    "IMG": Semantics._img_role,
    "INPUT": Semantics._input_role,
    "SELECT": Semantics._select_role,
    "TD": Semantics._td_role,
    "TH": Semantics._th_role,
}


def _descend(target: str | None) -> str | None:
    return "descendant" if target == "self" else target


def _first_child(el: Element, tag: str) -> Element | None:
    return next((c for c in el.children if isinstance(c, Element) and tag_of(c) == tag), None)


def _in_svg(el: Element) -> bool:
    """``element.ownerSVGElement`` is set: an SVG element inside an <svg>."""
    if el.namespace != SVG_NS:
        return False
    parent = el.parent
    while isinstance(parent, Element):
        if parent.namespace == el.namespace and parent.local_name == "svg":
            return True
        parent = parent.parent
    return False


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
