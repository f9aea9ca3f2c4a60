"""Sanitized values of numeric inputs (HTML value sanitization algorithm as
implemented by Blink's NumberInputType/RangeInputType and StepRange)."""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

# "A valid floating-point number": optional '-', digits and/or '.digits',
# optional exponent. Blink rejects a leading '+' and a trailing '.'.
_FLOAT_RE = re.compile(r"-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?")

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
