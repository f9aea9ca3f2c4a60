"""HTML's presentational hints that only layout reads (HTML §15 Rendering; Chromium's
``CollectStyleForPresentationAttribute`` of each element): sizes from width/height,
alignment, cell padding, legacy margins and fonts. Like the tree's hints
(:mod:`.presentational`), they are author declarations ahead of every author rule.
Values are specified values of :mod:`.layout_properties`."""

from __future__ import annotations

import re
from typing import Any

import tinycss2

from ..html.dom import HTML_NS, SVG_NS, Element
from .lengths import Leaf
from .presentational import table_of

_DIMENSION = re.compile(r"[ \t\n\f\r]*(\d+(?:\.\d*)?)(%?)")
_SIZED = frozenset({"img", "object", "embed", "iframe", "video", "canvas", "applet", "marquee", "frame"})
_TEXT_ALIGNED = frozenset({"div", "p", "h1", "h2", "h3", "h4", "h5", "h6", "caption", "legend"})
_CELL_PARTS = frozenset({"td", "th", "tr", "thead", "tbody", "tfoot", "col", "colgroup"})
_ALIGN_KEYWORDS = {
    "left": "-webkit-left",
    "right": "-webkit-right",
    "center": "-webkit-center",
    "middle": "-webkit-center",
    "justify": "justify",
}
_VALIGN = {"top": "top", "middle": "middle", "bottom": "bottom", "baseline": "baseline"}
_IMAGE_VALIGN = {
    "top": "top",
    "middle": "-webkit-baseline-middle",
    "absmiddle": "middle",
    "absbottom": "bottom",
    "bottom": "baseline",
    "baseline": "baseline",
    "texttop": "text-top",
}
# <font size=N>: the legacy sizes 1..7 (HTMLFontElement::CssValueFromFontSizeNumber).
_FONT_SIZES = {1: "x-small", 2: "small", 3: "medium", 4: "large", 5: "x-large", 6: "xx-large", 7: "xxx-large"}


def dimension(value: str | None, allow_zero: bool = True) -> Any:
    """HTML's "rules for parsing dimension values": px or a percentage (None if not one)."""
    if value is None:
        return None
    match = _DIMENSION.match(value)
    if match is None:
        return None
    number = float(match.group(1))
    if not allow_zero and number == 0:
        return None
    return Leaf(number, "%" if match.group(2) else "px")


def _px(value: str | None) -> Leaf | None:
    match = _DIMENSION.match(value or "")
    return Leaf(float(match.group(1)), "px") if match and not match.group(2) else None


def layout_hints(el: Element) -> tuple[tuple[str, Any], ...]:
    """(layout property, specified value) pairs the element's attributes give."""
    if el.namespace == SVG_NS:
        return _svg_presentation(el)
    if el.namespace != HTML_NS:
        return ()
    if not el.attrs:
        return tuple(_cell_padding(el)) if el.local_name in ("td", "th") else ()
    name = el.local_name
    out: list[tuple[str, Any]] = []
    attrs = el.attrs
    if name in _SIZED or (name == "input" and (attrs.get("type") or "").strip().lower() == "image"):
        _sizes(attrs, out, allow_zero=True)
        _spacing(attrs, out)
    elif name == "table":
        _sizes(attrs, out, allow_zero=False)
        if (attrs.get("align") or "").strip().lower() == "center":
            out += [("margin-left", "auto"), ("margin-right", "auto")]
        _spacing(attrs, out)
    elif name in ("td", "th"):
        _sizes(attrs, out, allow_zero=False)
        out += _cell_padding(el)
    elif name in ("col", "colgroup"):
        width = dimension(attrs.get("width"), allow_zero=False)
        if width is not None:
            out.append(("width", width))
    elif name == "hr":
        _hr(attrs, out)
    elif name == "body":
        _body_margins(attrs, out)
    elif name == "font":
        _font(attrs, out)
    elif name == "pre" and "wrap" in attrs:
        pass  # pre[wrap] is white-space, the tree's (ua.css)
    if name in _CELL_PARTS or name in _TEXT_ALIGNED:
        _align(name, attrs, out)
    if name == "img" or name == "input":
        valign = _IMAGE_VALIGN.get((attrs.get("align") or "").strip().lower())
        if valign is not None:
            out.append(("vertical-align", valign))
    if "dir" in attrs:
        direction = attrs["dir"].strip().lower()
        if direction in ("ltr", "rtl"):
            out.append(("direction", direction))
    return tuple(out)


_UNITLESS = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_SVG_PRESENTATION = ("stroke", "stroke-width", "font-size", "font-family", "font-weight")


def _svg_presentation(el: Element) -> tuple[tuple[str, Any], ...]:
    """SVG presentation attributes layout reads, parsed as their CSS properties."""
    if not el.attrs:
        return ()
    from .layout_properties import parse_declaration

    out: list[tuple[str, Any]] = []
    for attr in _SVG_PRESENTATION:
        if attr in el.attrs:
            value = el.attrs[attr].strip()
            if attr in ("stroke-width", "font-size") and _UNITLESS.fullmatch(value):
                value += "px"  # a presentation attribute's number is in user units
            out += parse_declaration(attr, tinycss2.parse_component_value_list(value))
    return tuple(out)


def _cell_padding(cell: Element) -> list[tuple[str, Any]]:
    """A table's cells are padded by its cellpadding attribute, 1px without one
    (HTMLTableElement::AdditionalCellStyle)."""
    table = table_of(cell)
    if table is None:
        return []
    padding = _px(table.attrs.get("cellpadding"))
    value = padding if padding is not None else Leaf(1.0, "px")
    return [(f"padding-{side}", value) for side in ("top", "right", "bottom", "left")]


def _sizes(attrs: dict, out: list, allow_zero: bool) -> None:
    for prop in ("width", "height"):
        value = dimension(attrs.get(prop), allow_zero)
        if value is not None:
            out.append((prop, value))


def _spacing(attrs: dict, out: list) -> None:
    """hspace/vspace: horizontal and vertical margins."""
    hspace, vspace = dimension(attrs.get("hspace")), dimension(attrs.get("vspace"))
    if hspace is not None:
        out += [("margin-left", hspace), ("margin-right", hspace)]
    if vspace is not None:
        out += [("margin-top", vspace), ("margin-bottom", vspace)]


def _align(name: str, attrs: dict, out: list) -> None:
    align = _ALIGN_KEYWORDS.get((attrs.get("align") or "").strip().lower())
    if align is not None and not (name in _TEXT_ALIGNED and align == "justify" and name == "caption"):
        out.append(("text-align", align))
    if name in _CELL_PARTS:
        valign = _VALIGN.get((attrs.get("valign") or "").strip().lower())
        if valign is not None:
            out.append(("vertical-align", valign))


def _hr(attrs: dict, out: list) -> None:
    width = dimension(attrs.get("width"), allow_zero=False)
    if width is not None:
        out.append(("width", width))
    align = (attrs.get("align") or "").strip().lower()
    if align == "left":
        out += [("margin-left", Leaf(0.0, "px")), ("margin-right", "auto")]
    elif align == "right":
        out += [("margin-left", "auto"), ("margin-right", Leaf(0.0, "px"))]
    size = _px(attrs.get("size"))
    if size is not None and size.value > 1:
        out.append(("height", Leaf(size.value - 2, "px")))


def _body_margins(attrs: dict, out: list) -> None:
    for attr, sides in (
        ("marginwidth", ("left", "right")),
        ("leftmargin", ("left",)),
        ("rightmargin", ("right",)),
        ("marginheight", ("top", "bottom")),
        ("topmargin", ("top",)),
        ("bottommargin", ("bottom",)),
    ):
        value = _px(attrs.get(attr))
        if value is not None:
            out += [(f"margin-{side}", value) for side in sides]


def _font(attrs: dict, out: list) -> None:
    size = (attrs.get("size") or "").strip()
    match = re.match(r"([+-]?)(\d+)", size)
    if match:
        number = int(match.group(2))
        if match.group(1) == "+":
            number += 3
        elif match.group(1) == "-":
            number = 3 - number
        out.append(("font-size", _FONT_SIZES[max(1, min(7, number))]))
    face = attrs.get("face")
    if face and face.strip():
        import tinycss2

        from .layout_properties import parse_font_family

        family = parse_font_family(tinycss2.parse_component_value_list(face))
        if family:
            out.append(("font-family", family))
