"""The values of <input> elements: HTML's value sanitization algorithm for each
type (as Blink's InputType subclasses and StepRange do it), the number, date
and color microsyntaxes it uses, and the numbers and tests of their constraints (read by html.validity).

One copy, read by both engines: Chromium's accessibility tree exposes these
values, and Playwright's script reads the same ``input.value``.
"""

from __future__ import annotations

import math
import re
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

import tinycss2.color4

# "A valid floating-point number": optional '-', digits and/or '.digits', optional
# exponent (Blink rejects a leading '+' and a trailing '.'); ASCII digits only
# (Python's \d would also take e.g. Arabic-Indic ones).
_FLOAT_RE = re.compile(r"-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?", re.ASCII)
_DOUBLE_MAX = Decimal("1.7976931348623157e308")  # numbers must be finite doubles

RANGE_DEFAULT_MIN = Decimal(0)
RANGE_DEFAULT_MAX = Decimal(100)
RANGE_DEFAULT_STEP = Decimal(1)
_HTML_SPACE = " \t\n\f\r"
_STRIP_NEWLINES = str.maketrans("", "", "\r\n")
_TEXT_TYPES = frozenset({"text", "search", "tel", "password"})
_DEFAULT_MODE_TYPES = frozenset({"button", "submit", "reset", "image", "hidden"})


def parse_number(text: str | None) -> Decimal | None:
    """HTML's rules for parsing a valid floating-point number, as a Decimal (Blink's
    ParseToDecimalForNumberType); None for anything else or beyond a double's range."""
    if text is None or not _FLOAT_RE.fullmatch(text):
        return None
    try:
        value = Decimal(text)
    except InvalidOperation:
        return None
    return value if value.is_finite() and abs(value) <= _DOUBLE_MAX else None


def serialize(value: Decimal) -> str:
    """Decimal::ToString for the magnitudes forms use: no exponent, no trailing zeros."""
    text = format(value.normalize(), "f")
    return "0" if text == "-0" else text


def sanitized_value(kind: str, attrs: dict[str, str]) -> str:
    """``input.value`` of an input of this type, from its attributes (before any
    user edit): the value attribute through the type's sanitization algorithm."""
    value = attrs.get("value")
    if kind in ("checkbox", "radio"):
        return "on" if value is None else value  # the "default/on" value mode
    if kind in _DEFAULT_MODE_TYPES:
        return value or ""
    if kind == "file":
        return ""
    value = value or ""
    if kind in _TEXT_TYPES:
        return value.translate(_STRIP_NEWLINES)
    if kind == "email":
        value = value.translate(_STRIP_NEWLINES)
        if "multiple" in attrs:
            return ",".join(part.strip(_HTML_SPACE) for part in value.split(","))
        return value.strip(_HTML_SPACE)
    if kind == "url":
        return value.translate(_STRIP_NEWLINES).strip(_HTML_SPACE)
    if kind == "number":
        return value if parse_number(value) is not None else ""
    if kind == "range":
        return serialize(range_number(attrs))
    if kind == "color":
        return color_value(value)
    if kind in DATE_TIME_TYPES:
        return date_time_value(kind, value)
    return value


# --- range ----------------------------------------------------------------------


def range_number(attrs: dict[str, str]) -> Decimal:
    """RangeInputType::SanitizeValue: the value (default: the middle of the range)
    clamped to [min, max] and put on the step grid."""
    low = parse_number(attrs.get("min"))
    low = RANGE_DEFAULT_MIN if low is None else low
    high = parse_number(attrs.get("max"))
    high = RANGE_DEFAULT_MAX if high is None else max(high, low)
    value = parse_number(attrs.get("value"))
    if value is None:
        value = low + (high - low) / 2
    return _clamp_to_step(value, low, high, _step_base(attrs), _range_step(attrs.get("step")))


def _step_base(attrs: dict[str, str]) -> Decimal:
    """The step base: min if it parses, else the value attribute if it parses, else 0
    (so ``max=1 step=0.1 value=0.35`` keeps 0.35: it is its own base)."""
    for name in ("min", "value"):
        base = parse_number(attrs.get(name))
        if base is not None:
            return base
    return Decimal(0)


def _range_step(text: str | None) -> Decimal | None:
    if text is not None and text.strip().lower() == "any":
        return None
    step = parse_number(text)
    return step if step is not None and step > 0 else RANGE_DEFAULT_STEP


def _clamp_to_step(value: Decimal, low: Decimal, high: Decimal, base: Decimal, step: Decimal | None) -> Decimal:
    """StepRange::ClampValue: clamp, then round half up to the step grid from the base;
    a grid point outside the range steps back inside (or the clamped value stays)."""
    value = max(low, min(value, high))
    if step is None:
        return value
    rounded = ((value - base) / step).quantize(Decimal(1), rounding=ROUND_HALF_UP) * step + base
    if rounded > high:
        rounded -= step
    elif rounded < low:
        rounded += step
    return rounded if low <= rounded <= high else value


# --- color ----------------------------------------------------------------------


def color_value(value: str) -> str:
    """ColorInputType::SanitizeValue: any CSS color, alpha dropped, serialized as
    lowercase #rrggbb; anything else (or a color that needs a context, such as
    currentcolor) becomes black."""
    color = tinycss2.color4.parse_color(value.strip(_HTML_SPACE))
    rgb = _to_srgb(color) if isinstance(color, tinycss2.color4.Color) else None
    if rgb is None:
        return "#000000"
    return "#" + "".join("%02x" % int(min(max(c, 0.0), 1.0) * 255 + 0.5) for c in rgb)


# CSS Color 4 §10: XYZ-D50 → XYZ-D65 (Bradford), XYZ-D65 → linear sRGB.
_D50_TO_D65 = (
    (0.955473421488075, -0.02309845494876471, 0.06325924320057072),
    (-0.0283697093338637, 1.0099953980813041, 0.021041441191917323),
    (0.012314014864481998, -0.020507649298898964, 1.330365926242124),
)
_XYZ_D65_TO_LINEAR_SRGB = (
    (3.2409699419045226, -1.537383177570094, -0.4986107602930034),
    (-0.9692436362808796, 1.8759675015077202, 0.04155505740717559),
    (0.05563007969699366, -0.20397695888897652, 1.0569715142428786),
)


def _to_srgb(color: tinycss2.color4.Color) -> tuple[float, float, float] | None:
    space = color.space
    if space in ("srgb", "hsl", "hwb"):
        return tuple(color.to("srgb").coordinates)
    if space == "srgb-linear":
        return tuple(_gamma(c) for c in color.coordinates)
    if space in ("lab", "lch", "xyz-d50"):
        xyz = _multiply(_D50_TO_D65, color.to("xyz-d50").coordinates)
    elif space in ("oklab", "oklch", "xyz-d65", "xyz"):
        xyz = color.to("xyz-d65").coordinates
    else:
        return None  # display-p3, a98-rgb, prophoto-rgb, rec2020: not converted (docs/divergences.md)
    return tuple(_gamma(c) for c in _multiply(_XYZ_D65_TO_LINEAR_SRGB, xyz))


def _multiply(matrix, vector) -> tuple[float, float, float]:
    return tuple(sum(m * (v or 0.0) for m, v in zip(row, vector)) for row in matrix)


def _gamma(linear: float) -> float:
    """The sRGB transfer function (CSS Color 4 §10.2)."""
    magnitude = abs(linear)
    encoded = 1.055 * magnitude ** (1 / 2.4) - 0.055 if magnitude > 0.0031308 else 12.92 * magnitude
    return math.copysign(encoded, linear)


# --- dates and times ------------------------------------------------------------

DATE_TIME_TYPES = frozenset({"date", "month", "week", "time", "datetime-local"})
_D = "[0-9]"
_TIME = f"(?P<hour>{_D}{{2}}):(?P<minute>{_D}{{2}})(?::(?P<second>{_D}{{2}})(?:\\.(?P<fraction>{_D}{{1,3}}))?)?"
_DATE = f"(?P<year>{_D}{{4,}})-(?P<month>{_D}{{2}})-(?P<day>{_D}{{2}})"
_DATE_TIME_PATTERNS = {
    "date": re.compile(_DATE),
    "month": re.compile(f"(?P<year>{_D}{{4,}})-(?P<month>{_D}{{2}})"),
    "week": re.compile(f"(?P<year>{_D}{{4,}})-W(?P<week>{_D}{{2}})"),
    "time": re.compile(_TIME),
    "datetime-local": re.compile(_DATE + "[T ]" + _TIME),
}
# DateComponents' limits: the latest date a JavaScript Date can hold.
_MAX_DATE = (275760, 9, 13)
_MAX_WEEK = (275760, 37)


def parse_date_time(kind: str, value: str | None) -> dict[str, int]:
    """The fields of a valid date/month/week/time/datetime-local string (year,
    month, day, week, hour, minute, second, millisecond), or {} if it is not one."""
    match = _DATE_TIME_PATTERNS[kind].fullmatch(value or "")
    if match is None:
        return {}
    fields = {k: int(v) for k, v in match.groupdict().items() if v is not None and k != "fraction"}
    if match.groupdict().get("fraction") is not None:
        fields["millisecond"] = int(match.group("fraction").ljust(3, "0"))
    return fields if _in_range(kind, fields) else {}


def _in_range(kind: str, f: dict[str, int]) -> bool:
    if "hour" in f and not (f["hour"] <= 23 and f["minute"] <= 59 and f.get("second", 0) <= 59):
        return False
    if "year" not in f:
        return True
    if f["year"] < 1:
        return False
    if kind == "week":
        return 1 <= f["week"] <= _weeks_in_year(f["year"]) and (f["year"], f["week"]) <= _MAX_WEEK
    if not 1 <= f["month"] <= 12:
        return False
    if "day" in f and not 1 <= f["day"] <= _days_in_month(f["year"], f["month"]):
        return False
    latest = (f["year"], f["month"], f.get("day", 1)) <= _MAX_DATE
    if kind == "datetime-local" and (f["year"], f["month"], f["day"]) == _MAX_DATE:
        return f["hour"] == f["minute"] == f.get("second", 0) == f.get("millisecond", 0) == 0
    return latest


def _days_in_month(year: int, month: int) -> int:
    if month == 2:
        return 29 if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0) else 28
    return 30 if month in (4, 6, 9, 11) else 31


def _weeks_in_year(year: int) -> int:
    """ISO 8601: a year has 53 weeks when it starts on a Thursday, or on a
    Wednesday in a leap year (any year, not only those Python's date handles)."""
    jan1 = _weekday(year, 1, 1)  # 0 = Monday
    leap = _days_in_month(year, 2) == 29
    return 53 if jan1 == 3 or (leap and jan1 == 2) else 52


def _weekday(year: int, month: int, day: int) -> int:
    """Day of the week, 0 = Monday (Sakamoto's method)."""
    offsets = (0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4)
    y = year - (month < 3)
    sunday_based = (y + y // 4 - y // 100 + y // 400 + offsets[month - 1] + day) % 7
    return (sunday_based + 6) % 7


def date_time_value(kind: str, value: str) -> str:
    """A date/time input's sanitized value: "" unless valid; a datetime-local is
    normalized (T separator, the shortest time form)."""
    fields = parse_date_time(kind, value)
    if not fields:
        return ""
    if kind != "datetime-local":
        return value
    date, _, _ = value.replace(" ", "T").partition("T")
    time = "%02d:%02d" % (fields["hour"], fields["minute"])
    if fields.get("second") or fields.get("millisecond"):
        time += ":%02d" % fields.get("second", 0)
    if fields.get("millisecond"):
        time += ("." + "%03d" % fields["millisecond"]).rstrip("0")
    return f"{date}T{time}"


# --- constraints (the numbers and tests html.validity reads) -------------------

# The HTML spec's "valid e-mail address" production, as Blink's EmailInputType uses.
_EMAIL_RE = re.compile(
    r"[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
    r"(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*"
)
_URL_RE = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*:\S*")
_HOSTED_SCHEMES = frozenset({"http", "https", "ws", "wss", "ftp"})
# The default step of each steppable type, in the units of step_number (seconds for times).
_DEFAULT_STEPS = {"time": Decimal(60), "datetime-local": Decimal(60)}
_DAYS_BEFORE_MONTH = (0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334)


def type_mismatch(kind: str, attrs: dict[str, str], value: str) -> bool:
    """typeMismatch of a non-empty sanitized value: not a valid e-mail address (each one,
    for multiple), or not an absolute URL."""
    if kind == "email":
        return not all(_EMAIL_RE.fullmatch(v) for v in _email_values(attrs, value))
    return kind == "url" and not _is_valid_url(value)


def pattern_mismatch(kind: str, attrs: dict[str, str], value: str) -> bool:
    """patternMismatch of a non-empty value: the pattern attribute (a valid regular
    expression) does not match all of it (each e-mail address, for multiple)."""
    pattern = attrs.get("pattern")
    if pattern is None:
        return False
    try:
        compiled = re.compile(f"(?:{pattern})")
    except re.error:
        return False  # an invalid pattern is ignored
    targets = _email_values(attrs, value) if kind == "email" else [value]
    return any(compiled.fullmatch(v) is None for v in targets)


def _email_values(attrs: dict[str, str], value: str) -> list[str]:
    return value.split(",") if "multiple" in attrs else [value]


def _is_valid_url(value: str) -> bool:
    """URLInputType's KURL(value).IsValid(): an absolute URL, and one with a host when
    its scheme is special (http:, https:, ws:, wss:, ftp:; "http://" is invalid)."""
    if not _URL_RE.fullmatch(value):
        return False
    scheme, rest = value.split(":", 1)
    if scheme.lower() not in _HOSTED_SCHEMES:
        return True
    authority = re.split(r"[/\\?#]", rest.lstrip("/\\"), maxsplit=1)[0]
    host = authority.rsplit("@", 1)[-1].split(":", 1)[0]
    return bool(host)


def step_number(kind: str, text: str | None) -> Decimal | None:
    """A steppable type's value as the number its min, max and step compare with
    (HTML's "convert a string to a number"), in step units: the number itself; days
    since 1970-01-01 for date; months since 1970-01 for month; weeks since the Monday
    1969-12-29 for week (the week type's default step base); seconds since midnight for
    time, since 1970-01-01T00:00 for datetime-local. None if the text is no such value."""
    if kind in ("number", "range"):
        return parse_number(text)
    f = parse_date_time(kind, text) if kind in DATE_TIME_TYPES else {}
    if not f:
        return None
    if kind == "month":
        return Decimal((f["year"] - 1970) * 12 + f["month"] - 1)
    if kind == "week":
        monday = _days_since_epoch(f["year"], 1, 4) - _weekday(f["year"], 1, 4) + 7 * (f["week"] - 1)
        return Decimal(monday + 3) / 7
    seconds = Decimal(f.get("hour", 0) * 3600 + f.get("minute", 0) * 60 + f.get("second", 0))
    seconds += Decimal(f.get("millisecond", 0)) / 1000
    if kind == "time":
        return seconds
    days = Decimal(_days_since_epoch(f["year"], f["month"], f["day"]))
    return days if kind == "date" else days * 86400 + seconds


def _days_since_epoch(year: int, month: int, day: int) -> int:
    """Days from 1970-01-01 (proleptic Gregorian, any year DateComponents accepts)."""
    y = year - 1
    days = y * 365 + y // 4 - y // 100 + y // 400 + _DAYS_BEFORE_MONTH[month - 1] + day - 1
    if month > 2 and _days_in_month(year, 2) == 29:
        days += 1
    return days - 719162  # days from 0001-01-01 to 1970-01-01


def range_limits(kind: str, attrs: dict[str, str]) -> tuple[Decimal | None, Decimal | None]:
    """The minimum and maximum (None: no such limit): the attributes that parse; a
    range input has 0 and 100 by default, and its maximum is never below its minimum."""
    low = step_number(kind, attrs.get("min"))
    high = step_number(kind, attrs.get("max"))
    if kind == "range":
        low = RANGE_DEFAULT_MIN if low is None else low
        high = RANGE_DEFAULT_MAX if high is None else max(high, low)
    return low, high


def step_mismatch(kind: str, attrs: dict[str, str], number: Decimal) -> bool:
    """stepMismatch: the value is off the step grid that starts at the step base
    (min, else the value attribute, else 0); none for step=any."""
    step_text = attrs.get("step")
    if step_text is not None and step_text.strip().lower() == "any":
        return False
    step = parse_number(step_text)
    if step is None or step <= 0:
        step = _DEFAULT_STEPS.get(kind, RANGE_DEFAULT_STEP)
    elif kind == "month" or kind == "week" or kind == "date":
        step = step.to_integral_value(rounding=ROUND_HALF_UP) or RANGE_DEFAULT_STEP
    base = next(
        (n for n in (step_number(kind, attrs.get(name)) for name in ("min", "value")) if n is not None), Decimal(0)
    )
    return (number - base) % step != 0
