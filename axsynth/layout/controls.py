"""Form controls' natural content sizes, from their font as Chromium sizes them
(LayoutTextControl and the themes' fixed sizes): text fields by their size
attribute in average character widths, text areas by cols and rows, check boxes
and radio buttons 13×13, range sliders 129×16 (probed in Chromium 156)."""

from __future__ import annotations

import math

from ..html.dom import Element, parse_int
from .box import Box

_FIXED = {
    "checkbox": (13.0, 13.0),
    "radio": (13.0, 13.0),
    "range": (129.0, 16.0),
    "color": (44.0, 23.0),
}
_TEXT_TYPES = frozenset({"text", "search", "email", "url", "tel", "password", "number", ""})
_SCROLLBAR = 16.0  # a text area's width keeps room for its scrollbar (probed, scrollbars hidden)


def control_size(box: Box) -> tuple[float, float]:
    """(content width, content height) of an input, text area or select."""
    el = box.element
    assert el is not None
    name = el.local_name
    font = box.style["font"]
    line = font.metrics.line_spacing
    if name == "textarea":
        cols = _positive(el, "cols", 20)
        rows = _positive(el, "rows", 2)
        return cols * _average_char_width(box) + _SCROLLBAR, rows * line
    if name == "select":
        return _select_size(box, el, line)
    kind = (el.attrs.get("type") or "").strip().lower()
    if kind in _FIXED:
        return _FIXED[kind]
    if kind in ("submit", "reset", "button", "image", "file"):
        return _button_size(box, el, kind, line)
    size = _positive(el, "size", 20)
    average = _average_char_width(box)
    return size * average + _max_char_extra(box, average), line


def _positive(el: Element, attr: str, default: int) -> int:
    value = parse_int(el.attrs.get(attr, ""))
    return value if value is not None and value > 0 else default


def _average_char_width(box: Box) -> float:
    font = box.style["font"]
    face = font.primary
    average = _os2_average(face) * font.size / face.upem
    return float(round(average))


def _max_char_extra(box: Box, average: float) -> float:
    """LayoutTextControlSingleLine adds the widest glyph's excess over the average."""
    font = box.style["font"]
    face = font.primary
    widest = round(_max_advance(face) * font.size / face.upem)
    return max(0.0, widest - average)


def _os2_average(face) -> float:
    import struct

    table = bytes(face.hb_face.reference_table("OS/2").data)
    return float(struct.unpack(">h", table[2:4])[0]) if len(table) >= 4 else face.upem / 2


def _max_advance(face) -> float:
    import struct

    table = bytes(face.hb_face.reference_table("hhea").data)
    return float(struct.unpack(">H", table[10:12])[0]) if len(table) >= 12 else face.upem


def _button_size(box: Box, el: Element, kind: str, line: float) -> tuple[float, float]:
    label = el.attrs.get("value")
    if label is None:
        label = {"submit": "Submit", "reset": "Reset", "file": "Choose File"}.get(kind, "")
    width = box.style["font"].advances(label).width() if label else 0.0
    return math.ceil(width * 64) / 64, line


def _select_size(box: Box, el: Element, line: float) -> tuple[float, float]:
    font = box.style["font"]
    labels = [
        (option.attrs.get("label") or "".join(t.data for t in option.children if hasattr(t, "data"))).strip()
        for option in el.iter_elements()
        if option.local_name == "option"
    ]
    widest = max((font.advances(label).width() for label in labels), default=0.0)
    multiple = "multiple" in el.attrs or _positive(el, "size", 1) > 1
    if multiple:
        rows = _positive(el, "size", 4)
        return math.ceil(widest * 64) / 64 + 4.0, rows * (line + 1)
    return math.ceil(widest * 64) / 64 + 23.0, line + 2.0


_NO_TEXT_BASELINE = frozenset({"checkbox", "radio", "range", "color", "image"})


def control_baseline(box: Box, content_height: float) -> float | None:
    """A form control's baseline from its border-box top: the baseline of the text it
    shows, its one line centered in its content box (None: its bottom margin edge)."""
    el = box.element
    assert el is not None
    if el.local_name == "input" and (el.attrs.get("type") or "").strip().lower() in _NO_TEXT_BASELINE:
        return None
    metrics = box.style["font"].metrics
    top = box.borders[0] + box.paddings[0]
    if el.local_name == "textarea":
        return top + metrics.ascent
    free = content_height - metrics.line_spacing
    return top + math.floor(free / 2) + metrics.ascent
