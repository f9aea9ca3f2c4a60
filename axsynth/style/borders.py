"""Backgrounds and borders (CSS Backgrounds 3), as far as the accessibility tree
reads them: Chromium's data-table heuristic (AXNodeObject::IsDataTable) compares
cells' background colours with their table's and counts bordered cells. The audit's
colour contrast reads whether a background image or gradient lies under text.

Computed values: a colour is an (r, g, b, alpha) tuple, "transparent", or
"currentcolor"; a background image "none", "gradient" or "image"; a border width is
a number of px; a border style a keyword. Each shorthand expands to the longhands it sets.
"""

from __future__ import annotations

from typing import Any

import tinycss2.color4

SIDES = ("top", "right", "bottom", "left")
_STYLES = frozenset({"none", "hidden", "dotted", "dashed", "solid", "double", "groove", "ridge", "inset", "outset"})
_WIDTH_KEYWORDS = {"thin": 1.0, "medium": 3.0, "thick": 5.0}
# Absolute lengths in px; font-relative ones at the 16px default font size.
_UNITS = {
    "px": 1.0,
    "pt": 4 / 3,
    "pc": 16.0,
    "in": 96.0,
    "cm": 96 / 2.54,
    "mm": 96 / 25.4,
    "q": 96 / 101.6,
    "em": 16.0,
    "rem": 16.0,
    "ex": 8.0,
    "ch": 8.0,
}

INITIAL: dict[str, Any] = {
    "background-color": "transparent",
    "background-image": "none",
    **{f"border-{side}-style": "none" for side in SIDES},
    **{f"border-{side}-width": 3.0 for side in SIDES},
    "border-spacing": (0.0, 0.0),
    "empty-cells": "show",
}
INHERITED = frozenset({"border-spacing", "empty-cells"})


def _components(tokens: list) -> list:
    return [t for t in tokens if t.type not in ("whitespace", "comment")]


def parse_color(token) -> Any:
    """A colour component; the marker ``_INVALID`` when the token is no colour."""
    if token.type == "ident" and token.lower_value == "currentcolor":
        return "currentcolor"
    color = tinycss2.color4.parse_color(token)
    if not isinstance(color, tinycss2.color4.Color):
        return _INVALID
    rgba = (
        tuple(round(c, 4) for c in color.to("srgb").coordinates) + (color.alpha,)
        if color.space in ("srgb", "hsl", "hwb")
        else (color.space, *color.coordinates, color.alpha)
    )
    return "transparent" if color.alpha == 0 else rgba


def parse_length(token) -> float | None:
    """A non-negative length in px (unitless 0 allowed), or a width keyword."""
    if token.type == "ident":
        return _WIDTH_KEYWORDS.get(token.lower_value)
    if token.type == "number" and token.value == 0:
        return 0.0
    if token.type == "dimension" and token.value >= 0 and token.lower_unit in _UNITS:
        return token.value * _UNITS[token.lower_unit]
    return None


_INVALID = object()


def _background_color(tokens: list) -> Any:
    parts = _components(tokens)
    return None if len(parts) != 1 else _valid(parse_color(parts[0]))


def _valid(value: Any) -> Any:
    return None if value is _INVALID else value


def _background(tokens: list) -> list[tuple[str, Any]] | None:
    """``background``: the final layer's colour (after the last comma), and whether any
    layer has an image."""
    layers = [[]]
    for token in _components(tokens):
        if token.type == "literal" and token.value == ",":
            layers.append([])
        else:
            layers[-1].append(token)
    colors = [
        c for c in (parse_color(t) for t in layers[-1] if t.type in ("ident", "hash", "function")) if c is not _INVALID
    ]
    return [
        ("background-color", colors[-1] if colors else "transparent"),
        ("background-image", _background_image([t for layer in layers for t in layer])),
    ]


_GRADIENTS = frozenset(
    f"{prefix}{repeat}{kind}-gradient"
    for prefix in ("", "-webkit-", "-moz-")
    for repeat in ("", "repeating-")
    for kind in ("linear", "radial", "conic")
) | {"-webkit-gradient"}
_IMAGES = frozenset({"image-set", "-webkit-image-set", "cross-fade", "-webkit-cross-fade", "image", "element", "paint"})


def _background_image(tokens: list) -> str:
    """ "gradient" when a layer is a gradient, else "image" when one is an image, else "none"."""
    kinds = set()
    for token in _components(tokens):
        if token.type == "url":
            kinds.add("image")
        elif token.type == "function" and token.lower_name in _GRADIENTS:
            kinds.add("gradient")
        elif token.type == "function" and token.lower_name in _IMAGES:
            kinds.add("image")
    return "gradient" if "gradient" in kinds else "image" if "image" in kinds else "none"


def _side(tokens: list) -> tuple[Any, Any] | None:
    """``border`` / ``border-<side>``: (style, width), unset parts at their initial values."""
    style, width = "none", 3.0
    for token in _components(tokens):
        if token.type == "ident" and token.lower_value in _STYLES:
            style = token.lower_value
        elif parse_length(token) is not None:
            width = parse_length(token)
        elif parse_color(token) is _INVALID:
            return None
    return style, width


def _border(tokens: list) -> list[tuple[str, Any]] | None:
    parsed = _side(tokens)
    if parsed is None:
        return None
    return [(f"border-{side}-{part}", value) for side in SIDES for part, value in zip(("style", "width"), parsed)]


def _border_side(side: str):
    def expand(tokens: list) -> list[tuple[str, Any]] | None:
        parsed = _side(tokens)
        return None if parsed is None else [(f"border-{side}-style", parsed[0]), (f"border-{side}-width", parsed[1])]

    return expand


def _four(part: str, parse_one):
    """``border-style`` / ``border-width``: one to four values, top right bottom left."""

    def expand(tokens: list) -> list[tuple[str, Any]] | None:
        values = [parse_one(t) for t in _components(tokens)]
        if not 1 <= len(values) <= 4 or any(v is None for v in values):
            return None
        return [(f"border-{side}-{part}", value) for side, value in zip(SIDES, _four_sides(values))]

    return expand


def _four_sides(values: list) -> list:
    """The CSS rule for 1-4 values: missing right copies top, bottom top, left right."""
    top = values[0]
    right = values[1] if len(values) > 1 else top
    bottom = values[2] if len(values) > 2 else top
    left = values[3] if len(values) > 3 else right
    return [top, right, bottom, left]


def _style_keyword(token) -> str | None:
    return token.lower_value if token.type == "ident" and token.lower_value in _STYLES else None


def _longhand(parse_one):
    def parse(tokens: list) -> Any:
        parts = _components(tokens)
        return parse_one(parts[0]) if len(parts) == 1 else None

    return parse


def _border_spacing(tokens: list) -> Any:
    values = [parse_length(t) if t.type != "ident" else None for t in _components(tokens)]
    if not 1 <= len(values) <= 2 or any(v is None for v in values):
        return None
    return (values[0], values[-1])


def _empty_cells(tokens: list) -> Any:
    parts = _components(tokens)
    return (
        parts[0].lower_value
        if len(parts) == 1 and parts[0].type == "ident" and parts[0].lower_value in ("show", "hide")
        else None
    )


PARSERS = {
    "background-color": _background_color,
    "background-image": _background_image,
    **{f"border-{side}-style": _longhand(_style_keyword) for side in SIDES},
    **{f"border-{side}-width": _longhand(parse_length) for side in SIDES},
    "border-spacing": _border_spacing,
    "empty-cells": _empty_cells,
}
SHORTHANDS = {
    "background": _background,
    "border": _border,
    **{f"border-{side}": _border_side(side) for side in SIDES},
    "border-style": _four("style", _style_keyword),
    "border-width": _four("width", parse_length),
}


def has_border(style: dict, side: str) -> bool:
    """A used border on this side: a visible style and a width."""
    return style[f"border-{side}-style"] not in ("none", "hidden") and style[f"border-{side}-width"] > 0
