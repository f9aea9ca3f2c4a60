"""Text paint (CSS Color 4, CSS Fonts 4, CSS Text Decoration 3, CSS Masking 1), as far
as a colour-contrast audit reads them: the text colour, opacity, text shadows, the font
size and weight that decide whether text counts as large, and what hides text on
screen while it stays in the page (clipping, an offset or indent far off-screen).

Computed values: a colour as borders.parse_color gives it (an (r, g, b, alpha) tuple of
0..1 floats, "transparent"; ``currentcolor`` on ``color`` means inherit); opacity a number
0..1; text-shadow "none" or "shadow". Font size and weight depend on the parent's
computed value, which a declaration alone cannot give: they are kept as declared and
resolved by walking up the ancestors (``font_size_px``, ``font_weight``); ``None``
means "not declared here" (inherit). clip is "auto" or four px offsets (None for auto);
clip-path "none" or (shape, its first number); left, top and text-indent a number of
px, or "auto"/"other" when not a plain length.
"""

from __future__ import annotations

from typing import Any, Callable

from .borders import parse_color

#: canvastext: the initial colour of text.
BLACK = (0.0, 0.0, 0.0, 1.0)

INITIAL: dict[str, Any] = {
    "color": BLACK,
    "opacity": 1.0,
    "text-shadow": "none",
    "font-size": None,
    "font-weight": None,
    "clip": "auto",
    "clip-path": "none",
    "left": "auto",
    "top": "auto",
    "text-indent": 0.0,
}
INHERITED = frozenset({"color", "text-shadow", "text-indent"})

# Chromium's font sizes for the absolute-size keywords at the default 16px medium
# (FontSizeFunctions' table), and the factor of smaller/larger.
_ABSOLUTE_SIZES = {
    "xx-small": 9.0,
    "x-small": 10.0,
    "small": 13.0,
    "medium": 16.0,
    "large": 18.0,
    "x-large": 24.0,
    "xx-large": 32.0,
    "xxx-large": 48.0,
}
_RELATIVE_SIZES = {"smaller": 1 / 1.2, "larger": 1.2}
_LENGTH_PX = {"px": 1.0, "pt": 4 / 3, "pc": 16.0, "in": 96.0, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6}
_WEIGHTS = {"normal": 400, "bold": 700}


def _components(tokens: list) -> list:
    return [t for t in tokens if t.type not in ("whitespace", "comment")]


def _single(tokens: list):
    parts = _components(tokens)
    return parts[0] if len(parts) == 1 else None


def _color(tokens: list) -> Any:
    token = _single(tokens)
    if token is None:
        return None
    value = parse_color(token)
    if value == "currentcolor":
        return "inherit"  # color: currentcolor is the parent's colour
    return value if isinstance(value, (tuple, str)) else None


def _opacity(tokens: list) -> float | None:
    token = _single(tokens)
    if token is None:
        return None
    if token.type == "number":
        return min(max(token.value, 0.0), 1.0)
    if token.type == "percentage":
        return min(max(token.value / 100, 0.0), 1.0)
    return None


def _text_shadow(tokens: list) -> str | None:
    parts = _components(tokens)
    if len(parts) == 1 and parts[0].type == "ident" and parts[0].lower_value == "none":
        return "none"
    return "shadow" if parts else None


def _font_size(tokens: list) -> Any:
    """("px", n), ("em", factor) for em, % and smaller/larger, ("rem", factor); None
    for what needs layout (calc(), viewport units)."""
    token = _single(tokens)
    if token is None:
        return None
    if token.type == "ident":
        if token.lower_value in _ABSOLUTE_SIZES:
            return ("px", _ABSOLUTE_SIZES[token.lower_value])
        if token.lower_value in _RELATIVE_SIZES:
            return ("em", _RELATIVE_SIZES[token.lower_value])
        return None
    if token.type == "percentage" and token.value >= 0:
        return ("em", token.value / 100)
    if token.type == "number" and token.value == 0:
        return ("px", 0.0)
    if token.type == "dimension" and token.value >= 0:
        unit = token.lower_unit
        if unit in _LENGTH_PX:
            return ("px", token.value * _LENGTH_PX[unit])
        if unit in ("em", "rem"):
            return (unit, token.value)
        if unit in ("ex", "ch"):
            return ("em", token.value / 2)
    return None


def _font_weight(tokens: list) -> Any:
    token = _single(tokens)
    if token is None:
        return None
    if token.type == "ident":
        value = token.lower_value
        return _WEIGHTS.get(value, value if value in ("bolder", "lighter") else None)
    if token.type == "number" and 1 <= token.value <= 1000:
        return token.value
    return None


def _font(tokens: list) -> list[tuple[str, Any]] | None:
    """``font``: the weight among the keywords before the size, and the size; a font
    shorthand without a size (a system font) sets neither here."""
    weight: Any = 400
    for token in _components(tokens):
        if token.type in ("dimension", "percentage") or (
            token.type == "ident" and token.lower_value in _ABSOLUTE_SIZES
        ):
            size = _font_size([token])
            return [("font-size", size), ("font-weight", weight)] if size is not None else None
        found = _font_weight([token])
        if found is not None:
            weight = found
    return None


def _length(token) -> float | None:
    if token.type == "number" and token.value == 0:
        return 0.0
    if token.type == "dimension" and token.lower_unit in _LENGTH_PX:
        return token.value * _LENGTH_PX[token.lower_unit]
    return None


def _offset(tokens: list) -> Any:
    """left/top/text-indent: px, "auto", or "other" (a percentage, calc()...)."""
    token = _single(tokens)
    if token is None:
        return None
    if token.type == "ident" and token.lower_value == "auto":
        return "auto"
    found = _length(token)
    return found if found is not None else "other"


def _clip(tokens: list) -> Any:
    token = _single(tokens)
    if token is None:
        return None
    if token.type == "ident" and token.lower_value == "auto":
        return "auto"
    if token.type != "function" or token.lower_name != "rect":
        return None
    parts = [t for t in _components(token.arguments) if not (t.type == "literal" and t.value == ",")]
    if len(parts) != 4:
        return None
    return tuple(None if t.type == "ident" and t.lower_value == "auto" else _length(t) for t in parts)


def _clip_path(tokens: list) -> Any:
    parts = _components(tokens)
    if len(parts) == 1 and parts[0].type == "ident" and parts[0].lower_value == "none":
        return "none"
    shape = next((t for t in parts if t.type == "function"), None)
    if shape is None:
        return "other" if parts else None
    first = next((t for t in _components(shape.arguments) if t.type in ("number", "percentage", "dimension")), None)
    return (shape.lower_name, first.value if first is not None else None)


PARSERS: dict[str, Callable[[list], Any]] = {
    "color": _color,
    "opacity": _opacity,
    "text-shadow": _text_shadow,
    "font-size": _font_size,
    "font-weight": _font_weight,
    "clip": _clip,
    "clip-path": _clip_path,
    "left": _offset,
    "top": _offset,
    "text-indent": _offset,
}
SHORTHANDS = {"font": _font}
LONGHANDS = {"font": ("font-size", "font-weight")}


def font_size_px(style_of: Callable[[Any], dict | None], chain: list) -> float:
    """The computed font size of the first element of ``chain`` (the element and its
    ancestors, nearest first), from the declared sizes up the chain; 16px at the root."""
    factor = 1.0
    for element in chain:
        style = style_of(element) or {}
        declared = style.get("font-size")
        if declared is None or declared == "inherit":
            continue
        kind, value = declared
        if kind == "px":
            return value * factor
        if kind == "rem":
            return value * factor * _root_size(style_of, chain[-1])
        factor *= value
    return 16.0 * factor


def _root_size(style_of, root) -> float:
    declared = (style_of(root) or {}).get("font-size")
    if declared is None or declared == "inherit" or declared[0] == "rem":
        return 16.0
    return declared[1] if declared[0] == "px" else 16.0 * declared[1]


def font_weight(style_of: Callable[[Any], dict | None], chain: list) -> float:
    """The computed font weight of the first element of ``chain`` (bolder and lighter
    as CSS Fonts 4's table gives them)."""
    relative: list[str] = []
    weight = 400.0
    for element in chain:
        declared = (style_of(element) or {}).get("font-weight")
        if declared is None or declared == "inherit":
            continue
        if declared in ("bolder", "lighter"):
            relative.append(declared)
            continue
        weight = float(declared)
        break
    for step in reversed(relative):
        weight = _bolder(weight) if step == "bolder" else _lighter(weight)
    return weight


def _bolder(weight: float) -> float:
    return 400.0 if weight < 350 else 700.0 if weight < 550 else 900.0 if weight < 900 else weight


def _lighter(weight: float) -> float:
    return weight if weight < 100 else 100.0 if weight < 550 else 400.0 if weight < 750 else 700.0
