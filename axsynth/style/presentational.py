"""HTML's presentational hints: attributes the rendering maps to CSS (HTML
§15 Rendering; Chromium's CollectStyleForPresentationAttribute). The cascade
treats them as author declarations placed before every author rule, with zero
specificity. Only the hints the accessibility tree reads are mapped: the
background colours and borders of tables, which Chromium's data-table heuristic
compares, align=left/right floats (a float changes what is included), and
contenteditable's -webkit-user-modify (plain-text editing keeps white space)."""

from __future__ import annotations

from typing import Any

import tinycss2
import tinycss2.color4

from ..html.dom import SVG_NS, Element, parse_int
from ..html.editing import contenteditable_state
from .borders import SIDES

_BGCOLOR_ELEMENTS = frozenset({"body", "table", "thead", "tbody", "tfoot", "tr", "td", "th"})
_HEX = frozenset("0123456789abcdefABCDEF")


def hints(el: Element) -> tuple[tuple[str, Any], ...]:
    """(property, computed value) pairs the element's attributes give."""
    name = el.local_name
    if el.namespace == SVG_NS:
        return _svg_presentation(el)
    if not el.is_html or not el.attrs and name not in ("td", "th"):
        return ()
    out: list[tuple[str, Any]] = []
    if name in _BGCOLOR_ELEMENTS and "bgcolor" in el.attrs:
        color = legacy_color(el.attrs["bgcolor"])
        if color is not None:
            out.append(("background-color", color))
    if name == "table":
        width = table_border(el)
        if width:
            out += _borders(float(width), "outset")
        spacing = parse_int(el.attrs.get("cellspacing", ""))
        if spacing is not None and spacing >= 0:
            out.append(("border-spacing", (float(spacing), float(spacing))))
    if _floats_by_align(el):
        out.append(("float", el.attrs["align"].strip().lower()))
    if name in ("td", "th"):
        table = table_of(el)
        if table is not None and table_border(table):
            out += _borders(1.0, "inset")  # a bordered table's cells: HTMLTableElement::AdditionalCellStyle
    editing = contenteditable_state(el)
    if editing is not None:
        out.append(("-webkit-user-modify", _USER_MODIFY[editing]))
    return tuple(out)


# SVG presentation attributes the tree depends on (SVGElement::CollectStyleForPresentationAttribute):
# each is its CSS property, parsed as CSS.
_SVG_PRESENTATION = ("display", "visibility", "pointer-events", "transform")


def _svg_presentation(el: Element) -> tuple[tuple[str, Any], ...]:
    from .properties import PARSERS  # its parsers; properties never imports this module

    out = []
    for attr in _SVG_PRESENTATION:
        if attr in el.attrs:
            value = PARSERS[attr](tinycss2.parse_component_value_list(el.attrs[attr]))
            if value is not None:
                out.append((attr, value))
    return tuple(out)


# HTMLElement::CollectStyleForPresentationAttribute: contenteditable as -webkit-user-modify.
_USER_MODIFY = {"true": "read-write", "plaintext-only": "read-write-plaintext-only", "false": "read-only"}


# Elements whose align=left/right is a float (HTML §15.3.10 tables, §15.4.3 embedded content).
_FLOAT_ALIGN_ELEMENTS = frozenset({"img", "object", "embed", "iframe", "table"})


def _floats_by_align(el: Element) -> bool:
    value = el.attrs.get("align")
    if value is None or value.strip().lower() not in ("left", "right"):
        return False
    name = el.local_name
    return name in _FLOAT_ALIGN_ELEMENTS or name == "input" and (el.attrs.get("type") or "").strip().lower() == "image"


def table_border(table: Element) -> int | None:
    """The border attribute's width: a non-negative integer, 1 when it does not parse."""
    value = table.attrs.get("border")
    if value is None:
        return None
    width = parse_int(value)
    return 1 if width is None or width < 0 else width


def _borders(width: float, style: str) -> list[tuple[str, Any]]:
    return [pair for side in SIDES for pair in ((f"border-{side}-width", width), (f"border-{side}-style", style))]


def table_of(cell: Element) -> Element | None:
    """The table a cell's row belongs to (tr, possibly in a row group)."""
    node = cell.parent
    for _ in range(3):
        if not isinstance(node, Element):
            return None
        if node.is_html and node.local_name == "table":
            return node
        node = node.parent
    return None


def legacy_color(value: str) -> Any:
    """HTML's rules for parsing a legacy colour value (bgcolor="..."): CSS keywords
    and #rgb, else hex digits salvaged from any string ("chucknorris" is a red)."""
    value = value.strip(" \t\n\f\r")
    if not value or value.lower() == "transparent":
        return None
    named = tinycss2.color4.parse_color(value)
    if isinstance(named, tinycss2.color4.Color) and (
        value.isalpha() or (len(value) == 4 and value[0] == "#" and all(c in _HEX for c in value[1:]))
    ):
        return tuple(round(c, 4) for c in named.to("srgb").coordinates) + (1.0,)
    digits = "".join("00" if ord(c) > 0xFFFF else c for c in value)[:128].removeprefix("#")
    digits = "".join(c if c in _HEX else "0" for c in digits)
    while not digits or len(digits) % 3:
        digits += "0"
    size = len(digits) // 3
    parts = [digits[i * size : (i + 1) * size] for i in range(3)]
    if size > 8:
        parts = [p[size - 8 :] for p in parts]
        size = 8
    while size > 2 and all(p[0] == "0" for p in parts):
        parts = [p[1:] for p in parts]
        size -= 1
    parts = [p[:2] for p in parts]
    return tuple(round(int(p, 16) / 255, 4) for p in parts) + (1.0,)
