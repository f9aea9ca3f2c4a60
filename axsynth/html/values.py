"""Sanitized values and validity of <input> elements (the HTML value
sanitization algorithm as Blink's InputType subclasses and StepRange do it)."""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from ..data.css_colors import NAMED_COLORS

# "A valid floating-point number": optional '-', digits and/or '.digits',
# optional exponent. Blink rejects a leading '+' and a trailing '.'.
# HTML "valid floating-point number": ASCII digits only (Python's \d would also take e.g. Arabic-Indic ones).
_FLOAT_RE = re.compile(r"-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?", re.ASCII)

RANGE_DEFAULT_MIN = Decimal(0)
RANGE_DEFAULT_MAX = Decimal(100)
RANGE_DEFAULT_STEP = Decimal(1)


def parse_number(text: str | None) -> Decimal | None:
    if text is None or not _FLOAT_RE.fullmatch(text):
        return None
    try:
        value = Decimal(text)
    except InvalidOperation:
        return None
    return value if value.is_finite() else None


def serialize(value: Decimal) -> str:
    """Decimal::ToString for the magnitudes forms use: no exponent, no
    trailing zeros."""
    text = format(value.normalize(), "f")
    return "0" if text == "-0" else text


def number_input_value(attrs: dict) -> str:
    """NumberInputType::SanitizeValue keeps a valid number string as written."""
    value = attrs.get("value", "")
    return value if parse_number(value) is not None else ""


def range_input_number(attrs: dict) -> Decimal:
    low = parse_number(attrs.get("min"))
    low = RANGE_DEFAULT_MIN if low is None else low
    high = parse_number(attrs.get("max"))
    high = RANGE_DEFAULT_MAX if high is None else max(high, low)
    value = parse_number(attrs.get("value"))
    if value is None:
        value = low + (high - low) / 2
    return _clamp_to_step(value, low, high, _range_step(attrs.get("step")))


def range_input_value(attrs: dict) -> str:
    return serialize(range_input_number(attrs))


def _range_step(text: str | None) -> Decimal | None:
    if text is not None and text.strip().lower() == "any":
        return None
    step = parse_number(text)
    return step if step is not None and step > 0 else RANGE_DEFAULT_STEP


def _clamp_to_step(value: Decimal, low: Decimal, high: Decimal, step: Decimal | None) -> Decimal:
    """StepRange::ClampValue: clamp, then round to the step grid based at min."""
    value = max(low, min(value, high))
    if step is None:
        return value
    rounded = ((value - low) / step).quantize(Decimal(1), rounding=ROUND_HALF_UP) * step + low
    if rounded > high:
        return rounded - step
    if rounded < low:
        return rounded + step
    return rounded


# --- validity (ValidityState without valueMissing) ---------------------------

# The HTML spec's "valid e-mail address" production, as Blink's EmailInputType uses.
_EMAIL_RE = re.compile(
    r"[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
    r"(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*"
)
_URL_RE = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*:\S*")
_PATTERN_TYPES = frozenset({"text", "search", "url", "tel", "email", "password"})
_STRIP_NEWLINES = str.maketrans("", "", "\r\n")
_HTML_SPACE = " \t\n\f\r"


def text_input_value(kind: str, attrs: dict) -> str:
    """The sanitized value of a text-like input (TextFieldInputType et al.)."""
    value = attrs.get("value", "").translate(_STRIP_NEWLINES)
    if kind == "email":
        if "multiple" in attrs:
            return ",".join(part.strip(_HTML_SPACE) for part in value.split(","))
        return value.strip(_HTML_SPACE)
    if kind == "url":
        return value.strip(_HTML_SPACE)
    return value


def has_validity_error(kind: str, attrs: dict) -> bool:
    """A failed constraint other than valueMissing. Blink's accessibility code
    does not report a control as invalid only because a required value is
    missing; tooLong/tooShort need a user edit, so they never apply here."""
    if kind == "number":
        return _number_error(attrs)
    if kind not in _PATTERN_TYPES:
        return False
    value = text_input_value(kind, attrs)
    if not value:
        return False
    values = value.split(",") if kind == "email" and "multiple" in attrs else [value]
    if kind == "email" and not all(_EMAIL_RE.fullmatch(v) for v in values):
        return True
    if kind == "url" and not _URL_RE.fullmatch(value):
        return True
    return any(_pattern_mismatch(attrs.get("pattern"), v) for v in values)


def _pattern_mismatch(pattern: str | None, value: str) -> bool:
    if pattern is None:
        return False
    try:
        return re.fullmatch(f"(?:{pattern})", value) is None
    except re.error:
        return False  # an invalid pattern is ignored


def _number_error(attrs: dict) -> bool:
    value = parse_number(number_input_value(attrs))
    if value is None:
        return False
    low = parse_number(attrs.get("min"))
    high = parse_number(attrs.get("max"))
    if low is not None and value < low or high is not None and value > high:
        return True
    step_text = attrs.get("step")
    if step_text is not None and step_text.strip().lower() == "any":
        return False
    step = parse_number(step_text)
    step = step if step is not None and step > 0 else RANGE_DEFAULT_STEP
    # The step base is min, else the value attribute (the default value).
    base = low if low is not None else parse_number(attrs.get("value"))
    return base is not None and (value - base) % step != 0


_HEX_COLOR_RE = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")


def color_input_value(attrs: dict) -> str:
    """ColorInputType::SanitizeValue: a CSS color serialized as lowercase
    #rrggbb; anything unparseable becomes black. (Only hex and named colors
    are understood here.)"""
    value = attrs.get("value", "").strip(_HTML_SPACE).lower()
    if _HEX_COLOR_RE.fullmatch(value):
        return value if len(value) == 7 else "#" + "".join(c * 2 for c in value[1:])
    return NAMED_COLORS.get(value, "#000000")
