"""The fields of a date/time input's DateTimeEditElement (en-US): which
spin buttons and literals it shows, their values, ranges and display text.

Parsing follows the HTML date/time microsyntaxes; an invalid value shows
placeholders, like an empty one.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..data.forms import DATE_TIME_FIELDS, DATE_TIME_LAYOUTS, MONTH_NAMES
from .values import parse_date_time

# Fields whose range narrows when min and max agree on every larger unit.
_LARGER = {"month": ("year",), "day": ("year", "month"), "week": ("year",)}


@dataclass
class Field:
    label: str  # aria-label
    text: str  # displayed value or placeholder
    value: int  # aria-valuenow (0 when empty)
    low: int
    high: int


def _shown_fields(kind: str, value: str | None) -> dict[str, int]:
    """The fields the edit shows for a value: none unless it is a valid one."""
    fields = parse_date_time(kind, value)
    fields.pop("millisecond", None)  # the edit shows no millisecond field here
    return fields


def layout(kind: str, value: str | None, step: str | None, lo: str | None, hi: str | None) -> list:
    """The edit's parts: Field objects and literal strings."""
    parts = _shown_fields(kind, value)
    low, high = _shown_fields(kind, lo), _shown_fields(kind, hi)
    out: list = []
    for item in DATE_TIME_LAYOUTS[kind]:
        if item not in DATE_TIME_FIELDS:
            out.append(item)
        elif item == "second":
            if _shows_seconds(parts, step):
                out.extend([":", _field(item, parts, low, high)])
        else:
            out.append(_field(item, parts, low, high))
    return out


def _shows_seconds(parts: dict[str, int], step: str | None) -> bool:
    """Seconds appear when the step is not whole minutes or the value has seconds."""
    try:
        step_seconds = float(step) if step else 60.0
    except ValueError:
        step_seconds = 60.0
    return step_seconds <= 0 or step_seconds % 60 != 0 or bool(parts.get("second"))


def _field(name: str, parts: dict[str, int], low: dict[str, int], high: dict[str, int]) -> Field:
    label, placeholder, lo, hi = DATE_TIME_FIELDS[name]
    unit = {"month-name": "month", "year-dashes": "year"}.get(name, name)
    if unit == "year":
        lo, hi = low.get("year", lo), high.get("year", hi)
    elif unit in _LARGER and low and high and all(low[u] == high[u] for u in _LARGER[unit]):
        lo, hi = low[unit], high[unit]
    # Hour/minute ranges are not narrowed (Chromium does for some min/max;
    # see docs/divergences.md).
    value = _unit_value(unit, parts)
    return Field(label, _display(name, value, parts) if parts else placeholder, value, lo, hi)


def _unit_value(unit: str, parts: dict[str, int]) -> int:
    if not parts:
        return 0
    if unit == "hour":
        return parts["hour"] % 12 or 12
    if unit == "ampm":
        return 2 if parts["hour"] >= 12 else 1
    return parts.get(unit, 0)


def _display(name: str, value: int, parts: dict[str, int]) -> str:
    if name == "month-name":
        return MONTH_NAMES[value - 1] if 1 <= value <= 12 else "---------"
    if name == "ampm":
        return "PM" if value == 2 else "AM"
    if name in ("year", "year-dashes"):
        return str(value).zfill(4)
    return str(value).zfill(2)
