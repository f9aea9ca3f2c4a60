"""Constraint validation (HTML §4.10.20.2): which form controls are candidates for
constraint validation, and which constraints each one fails, for a page that no
script and no user has touched (so no custom validity, no dirty value: tooLong and
tooShort, which need a user edit, never apply).

One home, read by both engines: the cascade's ``:valid``/``:invalid``
(html.element_states) and Chromium's accessibility ``invalid`` state, which reports
the same failures but a missing value in a text field not yet edited.
"""

from __future__ import annotations

import re

from ..data.forms import REQUIRED_INPUT_TYPES
from . import values
from .dom import Element
from .forms import Forms, button_type, html_ancestor, input_type, is_disabled, option_list, uses_menu_list

_HTML_SPACES = re.compile("[ \t\n\f\r]+")
# Failures, named after ValidityState's attributes.
VALUE_MISSING = "valueMissing"
TYPE_MISMATCH = "typeMismatch"
PATTERN_MISMATCH = "patternMismatch"
RANGE_UNDERFLOW = "rangeUnderflow"
RANGE_OVERFLOW = "rangeOverflow"
STEP_MISMATCH = "stepMismatch"

# Inputs barred from constraint validation by their type (HTML: hidden, reset and button;
# probed: an image button too).
_BARRED_INPUT_TYPES = frozenset({"hidden", "reset", "button", "image"})
_PATTERN_TYPES = frozenset({"text", "search", "url", "tel", "email", "password"})
# Types with a numeric value and min/max/step (InputType::IsSteppable): number, range and dates.
STEPPABLE_INPUT_TYPES = frozenset({"number", "range", "date", "month", "week", "time", "datetime-local"})


def is_candidate(el: Element) -> bool:
    """A candidate for constraint validation (``willValidate``): a submittable element
    (input, select, textarea, a submit button) not barred by its type, by being
    disabled or readonly, or by a <datalist> ancestor."""
    if not el.is_html:
        return False
    tag = el.local_name
    if tag == "input":
        kind = input_type(el)
        # Probed: readonly bars every type, also those it does not apply to (a checkbox).
        if kind in _BARRED_INPUT_TYPES or "readonly" in el.attrs:
            return False
    elif tag == "textarea":
        if "readonly" in el.attrs:
            return False
    elif tag == "button":
        if button_type(el) != "submit":
            return False
    elif tag != "select":
        return False
    return not is_disabled(el) and html_ancestor(el, "datalist") is None


def failures(el: Element, forms: Forms) -> list[str]:
    """The constraints a candidate element fails, by ValidityState name ([] when it
    satisfies its constraints, or is no candidate)."""
    if not is_candidate(el):
        return []
    tag = el.local_name
    if tag == "select":
        return [VALUE_MISSING] if select_value_missing(el, forms) else []
    if tag == "textarea":
        return [VALUE_MISSING] if "required" in el.attrs and not el.text_content() else []
    if tag != "input":
        return []
    kind = input_type(el)
    out = [VALUE_MISSING] if input_value_missing(el, kind, forms) else []
    value = values.sanitized_value(kind, el.attrs)
    if kind in _PATTERN_TYPES and value:
        out += _text_failures(kind, el.attrs, value)
    elif kind in STEPPABLE_INPUT_TYPES and value:
        out += _range_failures(kind, el.attrs, value)
    return out


def input_value_missing(el: Element, kind: str, forms: Forms) -> bool:
    """valueMissing of a required input: an unchecked checkbox, no file chosen, an empty
    value; every radio of a named group with a required radio and none checked (probed:
    a radio without a name never misses its value)."""
    if kind == "radio":
        if not el.attrs.get("name"):
            return False
        group = forms.radio_group(el)
        return any("required" in r.attrs for r in group) and not any(forms.is_checked(r) for r in group)
    if "required" not in el.attrs or kind not in REQUIRED_INPUT_TYPES:
        return False
    if kind == "checkbox":
        return not forms.is_checked(el)
    if kind == "file":
        return True
    return not values.sanitized_value(kind, el.attrs)


def select_value_missing(select: Element, forms: Forms) -> bool:
    """HTMLSelectElement::ValueMissing: a required select with no option selected, or
    a drop-down whose selected option is its placeholder label option (the first
    option, a child of the select, with an empty value)."""
    if "required" not in select.attrs:
        return False
    selected = forms.selected_options(select)
    if not selected:
        return True
    if "multiple" in select.attrs or not uses_menu_list(select):
        return False
    first = option_list(select)[0]
    return selected[-1] is first and first.parent is select and option_value(first) == ""


def option_value(option: Element) -> str:
    """``option.value``: the value attribute, else its text with white space stripped
    and collapsed."""
    value = option.attrs.get("value")
    return value if value is not None else _HTML_SPACES.sub(" ", option.text_content()).strip(" ")


def _text_failures(kind: str, attrs: dict[str, str], value: str) -> list[str]:
    out = []
    if values.type_mismatch(kind, attrs, value):
        out.append(TYPE_MISMATCH)
    if values.pattern_mismatch(kind, attrs, value):
        out.append(PATTERN_MISMATCH)
    return out


def _range_failures(kind: str, attrs: dict[str, str], value: str) -> list[str]:
    number = values.step_number(kind, value)
    if number is None:
        return []
    out = []
    low, high = values.range_limits(kind, attrs)
    if kind == "time" and low is not None and high is not None and low > high:
        # A reversed range (a night shift, 22:00 to 02:00): out of it only in the gap between.
        if high < number < low:
            out += [RANGE_UNDERFLOW, RANGE_OVERFLOW]
    else:
        if low is not None and number < low:
            out.append(RANGE_UNDERFLOW)
        if high is not None and number > high:
            out.append(RANGE_OVERFLOW)
    if values.step_mismatch(kind, attrs, number):
        out.append(STEP_MISMATCH)
    return out
