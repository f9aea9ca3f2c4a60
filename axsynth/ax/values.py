"""Values, as Blink's AXNodeObject reports them: a range widget's value and bounds
(ValueForRange, MinValueForRange, MaxValueForRange), read by the states and by
names (an embedded slider names its ancestor by its value), and a control's
string value (GetValueForControl)."""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING

from ..html import forms, values
from . import roles
from .inner_text import inner_text
from .name_sources import simplify_whitespace
from .object import AXObject
from .whitespace import transform

if TYPE_CHECKING:
    from .names import Names
    from .tree import AXTree

RANGE_ROLES = frozenset({"Meter", "ProgressIndicator", "ScrollBar", "Slider", "SpinButton"})


def range_bounds(obj: AXObject) -> tuple[float | None, float | None]:
    """MinValueForRange / MaxValueForRange: ARIA bounds, else the native element's."""
    el = obj.element
    low = _float(obj.attr("aria-valuemin"))
    high = _float(obj.attr("aria-valuemax"))
    tag = obj.tag()
    if tag == "input" and forms.input_type(el) in ("range", "number"):
        kind = forms.input_type(el)
        native_low = _float(el.attrs.get("min"))
        native_high = _float(el.attrs.get("max"))
        if kind == "range":
            native_low = 0.0 if native_low is None else native_low
            native_high = 100.0 if native_high is None else native_high
            if native_high < native_low:
                native_high = native_low
        low = low if low is not None else native_low
        high = high if high is not None else native_high
        return (low if low is not None else 0.0), (high if high is not None else 0.0)
    if tag == "meter":
        native_low = _float(el.attrs.get("min")) or 0.0
        native_high = _float(el.attrs.get("max"))
        native_high = 1.0 if native_high is None else native_high
        if native_high < native_low:
            native_high = native_low
        return (low if low is not None else native_low), (high if high is not None else native_high)
    if tag == "progress":
        native_high = _float(el.attrs.get("max"))
        if native_high is None or native_high <= 0:
            native_high = 1.0
        return (low if low is not None else 0.0), (high if high is not None else native_high)
    if obj.role == "SpinButton":
        # An ARIA spinbutton has no implicit range: missing bounds are 0.
        return (low or 0.0), (high or 0.0)
    full_range = obj.role in ("Slider", "ScrollBar", "ProgressIndicator", "Splitter", "Meter")
    if low is None:
        low = 0.0 if full_range else None
    if high is None:
        high = 100.0 if full_range else None
    return low, high


def range_value(obj: AXObject) -> float | None:
    """ValueForRange: aria-valuenow clamped to the range (also where it names an
    ancestor), else the native element's value, else the role's default."""
    el = obj.element
    now = _float(obj.attr("aria-valuenow"))
    tag = obj.tag()
    if tag == "progress":
        if now is not None:
            return now
        if not el.has("value"):
            return None  # indeterminate
        value = values.parse_number(el.attrs.get("value"))
        value = 0.0 if value is None else float(value)  # an unparseable value is 0
        high = _float(el.attrs.get("max"))
        high = 1.0 if high is None or high <= 0 else high
        return min(max(value, 0.0), high)
    low, high = range_bounds(obj)
    if obj.role == "SpinButton" and obj.in_ua_shadow and now == 0:
        return now  # an empty date/time field: 0, below its minimum (a set one is clamped: a year before min's)
    if obj.role == "SpinButton" and tag != "input":
        # Only explicit ARIA bounds clamp a spinbutton's value.
        low, high = _float(obj.attr("aria-valuemin")), _float(obj.attr("aria-valuemax"))
    if now is not None:
        if low is not None and now < low:
            return low
        if high is not None and now > high:
            return high
        return now
    if tag == "input" and forms.input_type(el) == "number":
        value = values.parse_number(el.attrs.get("value"))
        return None if value is None else float(value)
    if tag == "input" and forms.input_type(el) == "range":
        return float(values.range_number(el.attrs))
    if tag == "meter":
        low = _float(el.attrs.get("min")) or 0.0
        high = _float(el.attrs.get("max"))
        high = 1.0 if high is None else max(high, low)
        value = _float(el.attrs.get("value")) or 0.0
        return min(max(value, low), high)
    role = obj.role
    if role in ("Slider", "ScrollBar"):
        if low is not None and high is not None:
            return (low + high) / 2
        return 50.0
    if role == "Splitter":
        return 50.0
    if role == "Meter":
        return low if low is not None else 0.0
    if role == "SpinButton":
        return 0.0
    return None


def _float(text: str | None) -> float | None:
    if text is None:
        return None
    try:
        value = float(text.strip())
    except ValueError:
        return None
    return value if value == value and value not in (float("inf"), float("-inf")) else None


def as_float32(value: float) -> float:
    """Range values are float attributes in Blink: what a float keeps of ``value``."""
    return struct.unpack("f", struct.pack("f", value))[0]


def range_value_text(obj: AXObject, tree: "AXTree", names: "Names") -> str:
    """StringAttribute::kValue of a range widget: only native inputs have one
    (a numeric input's sanitized number, a text field's sanitized value, as
    GetValueForControl reads it); aria-valuetext is not used."""
    el = obj.element
    kind = forms.input_type(el) if obj.tag() == "input" else None
    if kind in ("range", "number"):
        return values.sanitized_value(kind, el.attrs)
    if forms.is_text_control(el):
        return string_value(obj, tree, names)
    return ""


def string_value(obj: AXObject, tree: "AXTree", names: "Names") -> str:
    """AXNodeObject::GetValueForControl: the value a control shows as text."""
    el = obj.element
    if el is None:
        return ""
    tag = obj.tag()
    if tag == "select":
        if not forms.uses_menu_list(el):
            return ""  # probed: a drop-down shows its selection whatever its ARIA role
        slot = next((c for c in obj.children if c.kind == "ua-select-button" and c.children), None)
        if slot is not None:
            # A base-select shows the author's button instead: its contents are the value
            # (their text alternative, so an <img>'s alt counts, not the button's name; probed).
            return names.value_from_contents(slot.children[0])
        for option in (o for o in obj.iter_descendants() if o.tag() == "option"):
            if tree.page.forms.is_selected(option.node):
                label = option.attr("aria-label")
                if label is not None:
                    return label
                # DisplayLabel collapses HTML spaces only: a no-break space stays (probed).
                shown = option.attr("label") or simplify_whitespace(option.node.text_content())
                # The shown text is laid out in the select's own box: its text-transform applies.
                return transform(shown, obj.style["text-transform"]) if obj.style else shown
        return ""
    if tag == "textarea":
        return forms.textarea_value(el)
    if tag == "input":
        kind = forms.input_type(el)
        if kind in ("button", "checkbox", "image", "radio", "reset", "submit", "hidden"):
            return ""
        if kind == "file":
            return "No file chosen"  # the UA button's label
        value = values.sanitized_value(kind, el.attrs)
        return "•" * len(value) if kind == "password" else value
    if roles.is_non_atomic_text_field(obj):
        return inner_text(tree, el)  # SlowGetValueForControlIncludingContentEditable
    if obj.role == "ComboBoxMenuButton":
        # GetValueForControl: an ARIA menu-button combobox's value is its contents.
        return names.value_from_contents(obj)
    return ""
