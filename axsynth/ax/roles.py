"""Roles: the ARIA role if valid and not overridden, else the native (HTML-AAM)
role as Chromium maps it, including context-dependent and internal roles.

Where is the role of ``<th>`` decided?  ``_table_cell_role`` below.
"""

from __future__ import annotations

from typing import Callable, Optional

from ..data.aria import (
    ARIA_ROLES,
    ASIDE_SCOPES,
    CONTEXT_TRANSPARENT_TAGS,
    DPUB_LIST_ITEM_ROLES,
    HEADER_FOOTER_SCOPES,
    HTML_ROLES,
    INPUT_ROLES,
    MATHML_ROLES,
    NATIVE_LANDMARK_ROLES,
    REQUIRED_CONTEXT_ARIA,
    REQUIRED_CONTEXT_NATIVE,
    TEXT_FIELD_ROLES,
    TEXT_INPUT_TYPES,
    UNDO_PRESENTATION_ATTRS,
)
from ..data.svg import SVG_SHAPES
from ..html import editing, focus, forms
from ..html.dom import HTML_NS, MATHML_NS, SVG_NS, Element, element_by_id, in_svg_text, is_outermost_svg
from ..html.ua_shadow import summary_details
from ..style.borders import SIDES, has_border
from ..style.properties import content_image
from .object import AXObject

# The computed style of an element (the page's Styles.get), for the rules that read another element's.
StyleOf = Optional[Callable[[Element], Optional[dict]]]


def has_author_name(el: Element) -> bool:
    """IsNameFromAuthorAttribute: a non-blank aria-label, an aria-labelledby that
    resolves to at least one element, or any title attribute (even empty)."""
    attrs = el.attrs
    if "title" in attrs or attrs.get("aria-label", "").strip():
        return True
    return any(
        element_by_id(el, idref) is not None
        for attr in ("aria-labelledby", "aria-labeledby")
        for idref in attrs.get(attr, "").split()
    )


def is_non_atomic_text_field(obj: AXObject) -> bool:
    """AXObject::IsNonAtomicTextField: a contenteditable host (even one nested in
    another) or an element with an ARIA text-field role, never <input>/<textarea>."""
    el = obj.element
    return is_aria_text_field(obj) or (
        el is not None and editing.has_contenteditable_attribute(el) and not forms.is_text_control(el)
    )


def is_aria_text_field(obj: AXObject) -> bool:
    """AXObject::IsARIATextField: an ARIA textbox, searchbox or editable combobox
    role on an element that is not itself an <input>/<textarea>."""
    el = obj.element
    if el is None or forms.is_text_control(el):
        return False
    return "role" in el.attrs and obj.role in TEXT_FIELD_ROLES


def is_text_field(obj: AXObject) -> bool:
    """AXObject::IsTextField: an atomic (<input>/<textarea>) or non-atomic one."""
    return forms.is_text_control(obj.element) or is_non_atomic_text_field(obj)


# --- ARIA role ---------------------------------------------------------------


def aria_role(obj: AXObject) -> str | None:
    """DetermineAriaRole: the first recognized token, with Chromium's overrides.
    Returns None when the native role applies."""
    el = obj.element
    if el is None or "role" not in el.attrs:
        return None
    tokens = el.attrs["role"].lower().split()
    role = None
    for token in tokens:
        candidate = ARIA_ROLES.get(token)
        if candidate is None:
            continue
        if candidate in ("Form", "Region") and not has_author_name(el) and "aria-roledescription" not in el.attrs:
            continue  # a nameless form/region falls through to the next token
        if candidate in REQUIRED_CONTEXT_ARIA and not in_required_context(obj, candidate, obj.owned_by):
            continue  # probed: an orphaned item falls through too ("listitem cell" is a cell)
        role = candidate
        break
    if role is None:
        return None  # an orphaned item with no other token is exactly its native element
    if role == "None":
        if el.local_name in ("iframe", "frame") and el.is_html:
            return "IframePresentational"
        if focus.supports_focus(obj.element) or any(a in el.attrs for a in UNDO_PRESENTATION_ATTRS):
            return None
    return role


def raw_aria_role(el: Element | None) -> str | None:
    """DetermineRawAriaRole: the first recognized role token, before any override
    (so role=none stays None even where focus or a global attribute undoes it)."""
    if el is None:
        return None
    return next((ARIA_ROLES[t] for t in el.attrs.get("role", "").lower().split() if t in ARIA_ROLES), None)


def in_required_context(obj: AXObject, role: str, owner: AXObject | None = None) -> bool:
    """Whether an option/treeitem/listitem role sits in its required context.
    The aria-owns owner counts only itself; otherwise DOM ancestors are walked,
    passing through presentational ones and role-less div/span/slot/custom
    elements, and stopping at the first other ancestor (even a <b> or <li>)."""
    if owner is not None and _is_context(owner, role):
        return True
    for anc in obj.iter_ancestors():
        if anc.kind != "element":
            return False
        if _is_context(anc, role):
            return True
        raw = raw_aria_role(anc.element)
        if raw != "None" and (raw is not None or not _is_transparent_for_context(anc.element)):
            return False
    return False


def _is_transparent_for_context(el: Element) -> bool:
    return el.is_html and (el.local_name in CONTEXT_TRANSPARENT_TAGS or "-" in el.local_name)


def _is_context(anc: AXObject, role: str) -> bool:
    if anc.kind != "element":
        return False
    return (
        raw_aria_role(anc.element) in REQUIRED_CONTEXT_ARIA[role] or native_role(anc) in REQUIRED_CONTEXT_NATIVE[role]
    )


def button_role(obj: AXObject) -> str:
    """ButtonRoleType: toggle buttons (aria-pressed) and popup buttons (aria-haspopup)."""
    pressed = (obj.attr("aria-pressed") or "").strip().lower()
    if pressed and pressed != "undefined":
        return "ToggleButton"
    popup = (obj.attr("aria-haspopup") or "").strip().lower()
    # Unknown tokens mean false, and a button opening a dialog stays a plain button.
    if popup in ("true", "menu", "listbox", "tree", "grid"):
        return "PopUpButton"
    return "Button"


# --- native role -------------------------------------------------------------


def native_role(obj: AXObject, style_of: StyleOf = None) -> str:
    role = _native_role(obj, style_of)
    if (
        role == "GenericContainer"
        and obj.element is not None
        and obj.element.is_html
        and _grouped_by_attribute(obj.element)
    ):
        return "Group"
    return role


def _grouped_by_attribute(el) -> bool:
    """Probed: draggable (any value, even "false") or autofocus makes a plain element
    a group -- unless it has a role attribute at all, even one that is not a role."""
    return ("draggable" in el.attrs or "autofocus" in el.attrs) and "role" not in el.attrs


def _native_role(obj: AXObject, style_of: StyleOf = None) -> str:
    el = obj.element
    if el is None:
        return "GenericContainer"
    if el.namespace == SVG_NS:
        return _svg_role(el)
    if el.namespace == MATHML_NS:
        return MATHML_ROLES.get(el.local_name, "GenericContainer")
    if el.namespace != HTML_NS:
        return "GenericContainer"
    tag = el.local_name
    if tag == "table":
        return _table(obj, style_of)
    handler = _CONTEXT_ROLES.get(tag)
    if handler is not None:
        return handler(obj)
    role = HTML_ROLES.get(tag)
    if role is not None:
        return role
    # RoleFromLayoutObjectOrNode: content: url() makes a LayoutImage of the element.
    if obj.kind == "element" and obj.style and content_image(obj.style):
        return "Image"
    # RoleFromLayoutObjectOrNode: a display:list-item box is a list item.
    if obj.style and obj.style["display"] == "list-item":
        return "ListItem"
    if obj.style and obj.style["display"] in ("table", "inline-table"):
        return "LayoutTable"
    if obj.style and obj.style["display"] == "table-row":
        return _css_table_row_role(obj)
    if obj.style and obj.style["display"] == "table-cell":
        return _css_table_cell_role(obj)
    return "GenericContainer"


def _svg_role(el: Element) -> str:
    """AXNodeObject's SVG branch (roles per the SVG-AAM)."""
    name = el.local_name
    if name == "svg":
        # Only the outermost <svg> is laid out as an SVG root; a nested one (also the
        # instance of an <svg> a <use> names) is a viewport container, a group.
        # Serialized as Image when it ends up with no unignored children (final_role).
        return "SvgRoot" if is_outermost_svg(el) else "Group"
    if name == "a":
        # A non-link <a> acts like a <g> unless inside <text>, where it is inline.
        if el.has("href") or el.has("xlink:href"):
            return "Link"
        return "GenericContainer" if in_svg_text(el) else "Group"
    if name == "g":
        return "Group"
    if name in ("text", "tspan"):
        return "GenericContainer"
    if name == "symbol":
        return "Group"  # as a <use> instance: the only way a symbol renders
    if name == "use":
        return "GraphicsObject"
    if name == "foreignObject":
        # Probed: a group only when named, described or focusable; else presentational.
        exposed = "title" in el.attrs or any(a in el.attrs for a in UNDO_PRESENTATION_ATTRS)
        return "Group" if exposed or focus.supports_focus(el) else "None"
    if name in SVG_SHAPES or name in ("title", "desc", "defs"):
        return "GraphicsSymbol"
    return "GenericContainer"


def _link(obj: AXObject) -> str:
    return "Link" if obj.has_attr("href") else "GenericContainer"


def internal_role(obj: AXObject) -> str:
    """The role Chromium keeps internally (role_) before the serialization fixups
    of ComputeFinalRoleForSerialization: a native <aside> stays Complementary and
    a native <section> stays Section whatever they are finally exposed as."""
    el = obj.element
    if el is not None and el.is_html and el.local_name in NATIVE_LANDMARK_ROLES and aria_role(obj) is None:
        return NATIVE_LANDMARK_ROLES[el.local_name]
    return obj.role


def _in_landmark_scope(obj: AXObject, scope_roles: frozenset[str]) -> bool:
    """IsDescendantOfLandmarkDisallowedElement: an ancestor's internal role (ARIA
    or native) is one of ``scope_roles``."""
    # Chromium skips ignored ancestors; roles come before ignoring here (docs/divergences.md).
    return any(internal_role(anc) in scope_roles for anc in obj.iter_ancestors())


def _header(obj: AXObject) -> str:
    return "SectionHeader" if _in_landmark_scope(obj, HEADER_FOOTER_SCOPES) else "Header"


def _footer(obj: AXObject) -> str:
    return "SectionFooter" if _in_landmark_scope(obj, HEADER_FOOTER_SCOPES) else "Footer"


def _aside(obj: AXObject) -> str:
    """An <aside> scoped to a sectioning role and not named by the author is
    serialized as generic (its internal role stays Complementary)."""
    if has_author_name(obj.element) or not _in_landmark_scope(obj, ASIDE_SCOPES):
        return "Complementary"
    return "GenericContainer"


def _section(obj: AXObject) -> str:
    return "Region" if has_author_name(obj.element) else "SectionWithoutName"


def _form(obj: AXObject) -> str:
    return "Form"


def _img(obj: AXObject) -> str:
    return "Image"


def _input(obj: AXObject) -> str:
    el = obj.element
    kind = forms.input_type(el)
    # <input type=checkbox switch> stays a checkbox: Chromium 156 does not map the attribute.
    if kind in TEXT_INPUT_TYPES | {"number"} and forms.datalist_of(el) is not None:
        return "TextFieldWithComboBox"
    if kind in ("button", "submit", "reset", "image"):
        return button_role(obj)
    return INPUT_ROLES.get(kind, "TextField")


def _select(obj: AXObject) -> str:
    return "ComboBoxSelect" if forms.uses_menu_list(obj.element) else "ListBox"


def _option(obj: AXObject) -> str:
    for anc in obj.iter_ancestors():
        el = anc.element
        if el is not None and el.is_html and el.local_name == "select":
            return "MenuListOption" if forms.uses_menu_list(el) else "ListBoxOption"
        if el is not None and el.is_html and el.local_name == "datalist":
            return "ListBoxOption"
    return "ListBoxOption"


def _button(obj: AXObject) -> str:
    return button_role(obj)


def _li(obj: AXObject) -> str:
    return "None" if should_ignore_list_item(obj) else "ListItem"


def is_aria_hidden(el) -> bool:
    """aria-hidden as Chromium reads it: any token but "false" and "undefined"."""
    value = el.attrs.get("aria-hidden")
    return value is not None and value.strip().lower() not in ("", "false", "undefined")


def hides_subtree(obj: AXObject) -> bool:
    """Whether obj's aria-hidden hides it and what it holds (on <html>, <body> and
    <option> it does not)."""
    return obj.element is not None and obj.tag() not in ("html", "body", "option") and is_aria_hidden(obj.element)


def in_aria_hidden_subtree(obj: AXObject) -> bool:
    """Whether obj or an ancestor hides it, before the ignored rules have run."""
    return hides_subtree(obj) or any(hides_subtree(a) for a in obj.iter_ancestors())


def marker_role(item: AXObject) -> str:
    """A ::marker is a ListMarker, unless its list item's list lost its list role."""
    return "None" if should_ignore_list_item(item) else "ListMarker"


def should_ignore_list_item(obj: AXObject) -> bool:
    """ShouldIgnoreListItem: the <ul>/<ol>/<menu> parent lost its list role, so its
    items (and their markers, whatever the item's own role) are presentational."""
    parent = _dom_list_parent(obj)
    if parent is None or not parent.has_attr("role"):
        return False
    # The authored role counts, before conflict resolution: <ul role=presentation
    # aria-label=…> is exposed as a list, yet its items stay presentational.
    tokens = [t for t in parent.attr("role").lower().split() if t in ARIA_ROLES]
    return not tokens or tokens[0] not in ("list", "directory")


def _dom_list_parent(obj: AXObject) -> AXObject | None:
    for anc in obj.iter_ancestors():
        if anc.tag() in ("ul", "ol", "menu", "dir"):
            return anc
        if anc.display != "contents":
            return None
    return None


def _summary(obj: AXObject) -> str:
    el = obj.element
    details = summary_details(el)
    if details is not None:
        return "DisclosureTriangleGrouped" if details.attrs.get("name") else "DisclosureTriangle"
    return "GenericContainer"


def _th_td(obj: AXObject) -> str:
    return _table_cell_role(obj)


def _tr(obj: AXObject) -> str:
    table = table_ancestor(obj)
    if table is None or table.role not in ("Table", "Grid", "TreeGrid", "LayoutTable"):
        return "GenericContainer"
    return "LayoutTableRow" if table.role == "LayoutTable" else "Row"


def _row_group(obj: AXObject) -> str:
    table = table_ancestor(obj)
    if table is None or table.role not in ("Table", "Grid", "TreeGrid"):
        return "GenericContainer"
    return "RowGroup"


def _table(obj: AXObject, style_of: StyleOf) -> str:
    """A <table> is a data table (Table) or one used for layout (LayoutTable)."""
    return "Table" if is_data_table(obj, style_of) else "LayoutTable"


_TABLE_ROLES = frozenset({"Table", "Grid", "TreeGrid", "LayoutTable"})


def table_ancestor(obj: AXObject) -> AXObject | None:
    """GetDOMTableAXAncestor: the nearest ancestor, skipping generic/group/rowgroup wrappers."""
    for anc in obj.iter_ancestors():
        if anc.role in ("Table", "Grid", "TreeGrid", "LayoutTable") or anc.tag() == "table":
            return anc
        if anc.role not in ("GenericContainer", "Group", "RowGroup", "Row", "LayoutTableRow", "None", "Unknown"):
            return None
    return None


def is_data_table(obj: AXObject, style_of: StyleOf = None) -> bool:
    """AXNodeObject::IsDataTable: markup that only data tables have, else enough
    cells with borders, or with backgrounds unlike the table's, or zebra rows.
    Cells' sizes need layout: every rendered cell counts as a valid one."""
    table = obj.element
    if not obj.has_layout or "role" in table.attrs or editing.is_editable(table):
        return True
    if table.attrs.get("summary") or table.attrs.get("rules"):
        return True
    kids = [c for c in table if c.is_html]
    if any(c.local_name in ("thead", "tfoot", "caption", "col", "colgroup") for c in kids):
        return True
    rows = list(_table_rows(table))
    if len(rows) >= 20:
        return True
    if not rows or len(rows) == 1 and len(_cells(rows[0])) == 1:
        return False
    return _styled_like_data(obj, rows, style_of or (lambda el: None))


def _styled_like_data(obj: AXObject, rows: list[Element], style_of: Callable) -> bool:
    """IsDataTable's cell survey: half the cells bordered (fully or on one side), or
    with backgrounds unlike the table's where cells are spaced, or zebra rows."""
    table_style = obj.style
    spaced = all(table_style["border-spacing"])
    valid = bordered = background_differs = 0
    sides = dict.fromkeys(SIDES, 0)
    row_colors: list = []
    for index, row in enumerate(rows):
        for cell in _cells(row):
            if cell.local_name == "th" or any(cell.attrs.get(a) for a in ("headers", "abbr", "axis", "scope")):
                return True
            style = style_of(cell)
            if style is None or style["display"] != "table-cell":
                continue
            valid += 1
            if style["empty-cells"] == "hide":
                return True
            edges = {side: has_border(style, side) for side in SIDES}
            if edges["top"] and edges["bottom"] or edges["left"] and edges["right"]:
                bordered += 1
            for side, on in edges.items():
                sides[side] += on
            color = style["background-color"]
            if spaced and color != table_style["background-color"] and color != "transparent":
                background_differs += 1
            if bordered >= 10 or background_differs >= 10:
                return True
            if index < 5 and index == len(row_colors) and style_of(row) is not None:
                row_colors.append(style_of(row)["background-color"])
    if valid <= 1:
        return False
    needed = valid // 2
    if bordered >= needed or max(sides.values()) >= needed or background_differs >= needed:
        return True
    return len(row_colors) > 2 and all((color == row_colors[0]) == (k % 2 == 0) for k, color in enumerate(row_colors))


def _cells(row: Element) -> list[Element]:
    return [c for c in row if c.is_html and c.local_name in ("td", "th")]


def _table_rows(table: Element):
    for child in table:
        if not child.is_html:
            continue
        if child.local_name == "tr":
            yield child
        elif child.local_name in ("tbody", "thead", "tfoot"):
            yield from (r for r in child if r.is_html and r.local_name == "tr")


def _css_table_row_role(obj: AXObject) -> str:
    """A display:table-row box is a row only inside something exposed as a table."""
    table = table_ancestor(obj)
    return "LayoutTableRow" if table is not None and table.role in _TABLE_ROLES else "GenericContainer"


def _css_table_cell_role(obj: AXObject) -> str:
    """DetermineTableCellRole: a display:table-cell box is a cell only when its
    parent box is exposed as a row (a <li> or a stray row box is not)."""
    parent = next((a for a in obj.iter_ancestors() if a.display != "contents"), None)
    return "LayoutTableCell" if parent is not None and parent.role in ("LayoutTableRow", "Row") else "GenericContainer"


def _table_cell_role(obj: AXObject) -> str:
    """td → cell/gridcell; th → columnheader/rowheader (scope, then sibling heuristics)."""
    table = table_ancestor(obj)
    if table is None or table.role not in ("Table", "Grid", "TreeGrid", "LayoutTable"):
        return "GenericContainer"
    if table.role == "LayoutTable":
        return "LayoutTableCell"
    el = obj.element
    if el.local_name != "th":
        return "GridCell" if table.role in ("Grid", "TreeGrid") else "Cell"
    scope = el.attrs.get("scope", "").strip().lower()
    if scope in ("row", "rowgroup"):
        return "RowHeader"
    if scope in ("col", "colgroup"):
        return "ColumnHeader"
    return _header_from_siblings(el)


def _header_from_siblings(th: Element) -> str:
    row = th.parent
    if not isinstance(row, Element):
        return "ColumnHeader"
    cells = [c for c in row if c.is_html and c.local_name in ("td", "th")]
    index = cells.index(th)
    if len(cells) == 1:
        return "ColumnHeader"
    before, after = cells[index - 1] if index else None, cells[index + 1] if index + 1 < len(cells) else None
    if before is not None and after is not None and before.local_name == "th" and after.local_name == "th":
        return "ColumnHeader"
    # IsNonEmptyNonHeaderCell: a <td> with any child node (an input counts, text or not).
    if any(c is not None and c.local_name == "td" and c.children for c in (before, after)):
        return "RowHeader"
    edges = [cells[0], cells[-1]] + ([cells[1], cells[-2]] if len(cells) > 2 else [])
    if any(c.local_name == "td" and c.children for c in edges if c is not th):
        return "RowHeader"
    return "ColumnHeader"


_CONTEXT_ROLES = {
    "a": _link,
    "area": _link,
    "aside": _aside,
    "header": _header,
    "footer": _footer,
    "section": _section,
    "form": _form,
    "img": _img,
    "input": _input,
    "select": _select,
    "option": _option,
    "button": _button,
    "li": _li,
    "summary": _summary,
    "th": _th_td,
    "td": _th_td,
    "tr": _tr,
    "thead": _row_group,
    "tbody": _row_group,
    "tfoot": _row_group,
    "table": _table,
}


# --- the computed role -------------------------------------------------------


def compute_role(obj: AXObject, style_of: StyleOf = None) -> str:
    """The role Chromium serializes for an element object (before ignoring)."""
    aria = aria_role(obj)
    el = obj.element
    if aria is not None:
        if aria == "Button":
            return button_role(obj)
        if aria == "ComboBoxGrouping":
            return _aria_combobox(obj)
        if aria == "Cell":
            table = table_ancestor(obj)
            if table is not None and table.role in ("Grid", "TreeGrid"):
                return "GridCell"
        if aria in ("Section", "Region") and not has_author_name(el):
            return "SectionWithoutName"
        if aria == "Image" and el.namespace == HTML_NS and el.local_name == "img":
            return "Image"
        return aria
    return native_role(obj, style_of)


def _aria_combobox(obj: AXObject) -> str:
    el = obj.element
    if el.is_html and el.local_name == "select":
        return native_role(obj)
    if forms.is_text_control(el):
        return "TextFieldWithComboBox"  # a contenteditable host is not one: it falls to the menu button
    # ShouldUseComboboxMenuButtonRole: a focusable (or button) combobox is a menu
    # button; otherwise it only groups its textbox and popup (ARIA 1.1 pattern).
    return "ComboBoxMenuButton" if focus.supports_focus(obj.element) else "ComboBoxGrouping"


# --- the role serialized ---------------------------------------------------------


def final_role(obj: AXObject, unignored_parent: Callable[[AXObject], AXObject | None]) -> str:
    """AXObject::ComputeFinalRoleForSerialization, once the tree is assembled: an
    included <svg> root with no unignored children is exposed as an image (svg-aam
    issue 12); a list item of a list in DPub endnotes/bibliography is an
    endnote/biblioentry."""
    if obj.role == "SvgRoot" and obj.included and not obj.unignored_children():
        return "Image"
    if obj.role == "ListItem" and obj.included and not obj.ignored:
        return _dpub_list_item_role(obj, unignored_parent)
    return obj.role


def _dpub_list_item_role(item: AXObject, unignored_parent: Callable[[AXObject], AXObject | None]) -> str:
    """The deprecated doc-endnote/doc-biblioentry roles live on as the items of
    a list directly in doc-endnotes/doc-bibliography (not of nested lists)."""
    ancestor = unignored_parent(item)
    if ancestor is None or ancestor.role != "List":
        return item.role
    while (ancestor := unignored_parent(ancestor)) is not None and ancestor.role != "List":
        if ancestor.role in DPUB_LIST_ITEM_ROLES:
            return DPUB_LIST_ITEM_ROLES[ancestor.role]
    return item.role
