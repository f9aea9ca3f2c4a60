"""HTML constraint validation for a freshly parsed page (no user edits, no script).

Chromium reports a form control's invalid state from its validity
(ListedElement::IsValidElement) unless aria-invalid says otherwise; an unedited
text field's valueMissing is not reported. Only the
flags a static document can raise are modelled: valueMissing, typeMismatch,
patternMismatch, rangeUnderflow/Overflow and stepMismatch. tooLong/tooShort
and badInput need user edits.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from . import roles
from .dom import Element

#: ListedElement: elements that carry a validity state (custom elements need script).
LISTED = frozenset({"button", "fieldset", "input", "object", "output", "select", "textarea"})
_BARRED_INPUT_TYPES = frozenset({"hidden", "button", "reset", "submit", "image"})
_TEXT_LIKE = frozenset({"text", "search", "tel", "url", "email", "password"})
_DATE_LIKE = frozenset({"date", "month", "week", "time", "datetime-local"})
# The HTML spec's "valid e-mail address" production.
_EMAIL = re.compile(
    r"[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
    r"(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*"
)
_URL_SCHEME = re.compile(r"[a-zA-Z][a-zA-Z0-9+.\-]*:")
_SPECIAL_SCHEMES = frozenset({"http", "https", "ftp", "ws", "wss", "file"})
_DATE_PATTERNS = {
    "date": re.compile(r"\d{4,}-\d{2}-\d{2}"),
    "month": re.compile(r"\d{4,}-\d{2}"),
    "week": re.compile(r"\d{4,}-W\d{2}"),
    "time": re.compile(r"\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?"),
    "datetime-local": re.compile(r"\d{4,}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?"),
}


def is_invalid(el: Element) -> bool:
    """True if ``el`` is a candidate for constraint validation and suffers from an error."""
    if not _is_candidate(el):
        return False
    tag = el.local_name
    if tag == "select":
        return _select_value_missing(el)
    if tag != "input":  # textarea: only valueMissing applies, and see _input_invalid
        return False
    return _input_invalid(el, roles.input_type(el))


def _is_candidate(el: Element) -> bool:
    if not el.is_html or el.local_name not in ("input", "select", "textarea"):
        return False
    if el.local_name == "input" and roles.input_type(el) in _BARRED_INPUT_TYPES:
        return False
    if el.has("readonly") and el.local_name in ("input", "textarea"):
        return False
    return not _disabled(el) and not _inside(el, "datalist")


def _input_invalid(el: Element, kind: str) -> bool:
    if kind == "checkbox":
        return el.has("required") and not el.has("checked")
    if kind == "radio":
        return _radio_group_missing(el)
    if kind == "file":
        return el.has("required")
    if kind in ("range", "color"):
        return False  # always sanitized to a valid, non-empty value
    value = _sanitized_value(el, kind)
    if not value:
        # A text field's valueMissing is not reported before the user edits it
        # (IsValidFormControl); other controls report it straight away.
        return el.has("required") and kind not in _TEXT_LIKE | {"number"}
    return (
        _type_mismatch(el, kind, value)
        or _pattern_mismatch(el, kind, value)
        or _range_mismatch(el, kind, value)
        or _step_mismatch(el, kind, value)
    )


def _sanitized_value(el: Element, kind: str) -> str:
    value = el.attrs.get("value", "")
    if kind in _TEXT_LIKE:
        value = value.replace("\n", "").replace("\r", "")
        return value.strip(" \t\n\f\r") if kind in ("url", "email") else value
    if kind == "number":
        return value if _decimal(value) is not None else ""
    if kind in _DATE_PATTERNS:
        return value if _DATE_PATTERNS[kind].fullmatch(value) else ""
    return value


def _type_mismatch(el: Element, kind: str, value: str) -> bool:
    if kind == "email":
        parts = value.split(",") if el.has("multiple") else [value]
        return not all(_EMAIL.fullmatch(p.strip(" \t\n\f\r")) for p in parts)
    if kind == "url":
        match = _URL_SCHEME.match(value)
        if match is None:
            return True
        scheme, rest = match.group(0)[:-1].lower(), value[match.end():]
        return scheme in _SPECIAL_SCHEMES and not rest.lstrip("/").split("/")[0] and scheme != "file"
    return False


def _pattern_mismatch(el: Element, kind: str, value: str) -> bool:
    pattern = el.attrs.get("pattern")
    if pattern is None or kind not in _TEXT_LIKE:
        return False
    try:
        regex = re.compile(f"(?:{pattern})")
    except re.error:
        return False  # an invalid pattern is ignored
    values = value.split(",") if kind == "email" and el.has("multiple") else [value]
    return not all(regex.fullmatch(v) for v in values)


def _range_mismatch(el: Element, kind: str, value: str) -> bool:
    if kind == "number":
        number, low, high = _decimal(value), _decimal(el.attrs.get("min")), _decimal(el.attrs.get("max"))
        return (low is not None and number < low) or (high is not None and number > high)
    if kind in _DATE_PATTERNS and kind != "time":
        # Well-formed values of one type compare like their zero-padded strings.
        low, high = el.attrs.get("min"), el.attrs.get("max")
        low = low if low and _DATE_PATTERNS[kind].fullmatch(low) else None
        high = high if high and _DATE_PATTERNS[kind].fullmatch(high) else None
        return (low is not None and value < low) or (high is not None and value > high)
    return False


def _step_mismatch(el: Element, kind: str, value: str) -> bool:
    if kind != "number":
        return False
    step_text = (el.attrs.get("step") or "").strip().lower()
    if step_text == "any":
        return False
    step = _decimal(step_text)
    step = step if step is not None and step > 0 else Decimal(1)
    base = _decimal(el.attrs.get("min"))
    if base is None:
        base = _decimal(el.attrs.get("value")) or Decimal(0)
    return (_decimal(value) - base) % step != 0


def _radio_group_missing(el: Element) -> bool:
    name = el.attrs.get("name")
    if not name:
        return el.has("required") and not el.has("checked")
    group = [r for r in _radio_scope(el).iter_elements()
             if r.local_name == "input" and roles.input_type(r) == "radio" and r.attrs.get("name") == name
             and _form_of(r) is _form_of(el)]
    return any(r.has("required") for r in group) and not any(r.has("checked") for r in group)


def _select_value_missing(el: Element) -> bool:
    if not el.has("required"):
        return False
    options = [o for o in el.iter_elements() if o.local_name == "option"]
    selected = [o for o in options if o.has("selected")]
    if el.has("multiple"):
        return not selected
    if not roles.uses_menu_list(el):
        return not selected
    chosen = selected[-1] if selected else next((o for o in options if not _option_disabled(o)), None)
    if chosen is None:
        return True
    placeholder = options[0] if options and options[0].parent is el and options[0].attrs.get("value", _text(options[0])) == "" else None
    return chosen is placeholder


def _option_disabled(option: Element) -> bool:
    parent = option.parent
    return option.has("disabled") or (isinstance(parent, Element) and parent.local_name == "optgroup" and parent.has("disabled"))


def _text(option: Element) -> str:
    return " ".join(option.text_content().split())


def _disabled(el: Element) -> bool:
    if el.has("disabled"):
        return True
    child, node = el, el.parent
    while isinstance(node, Element):
        if node.local_name == "fieldset" and node.has("disabled"):
            legend = next((c for c in node if isinstance(c, Element) and c.local_name == "legend"), None)
            if legend is None or child is not legend:
                return True
        child, node = node, node.parent
    return False


def _inside(el: Element, tag: str) -> bool:
    node = el.parent
    while isinstance(node, Element):
        if node.local_name == tag:
            return True
        node = node.parent
    return False


def _form_of(el: Element) -> Element | None:
    node = el.parent
    while isinstance(node, Element):
        if node.local_name == "form":
            return node
        node = node.parent
    return None


def _radio_scope(el: Element):
    form = _form_of(el)
    if form is not None:
        return form
    node = el
    while node.parent is not None:
        node = node.parent
    return node


def _decimal(text: str | None) -> Decimal | None:
    if text is None:
        return None
    text = text.strip()
    if not re.fullmatch(r"-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?", text):
        return None
    try:
        return Decimal(text)
    except InvalidOperation:
        return None
