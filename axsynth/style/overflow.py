"""Overflow and block sizes (CSS Overflow 3, CSS Sizing 3), as far as the
accessibility tree reads them: Chromium includes a scroll container whose content
overflows it (AXObject::IsScrollableContainer). Without layout, axsynth knows two
such cases for sure: a box whose height is held at (nearly) zero while its content's
is not, and a box whose last in-flow box is held so (its content sticks out past the
end, unless a bottom padding or margin makes room for it).

Computed values: an overflow keyword per axis; a size is a number of px, "auto"
or "none", a percentage ("50%", resolved only against a parent's px height), or
"unknown" (a function or a unit whose px value needs layout). ``column-count`` says
whether the box is a multi-column container, whose content overflows into columns
(inline axis).
"""

from __future__ import annotations

from typing import Any

from .borders import parse_length

_OVERFLOW = frozenset({"visible", "hidden", "clip", "scroll", "auto", "overlay"})

INITIAL: dict[str, Any] = {
    "overflow-x": "visible",
    "overflow-y": "visible",
    "height": "auto",
    "min-height": "auto",
    "max-height": "none",
    "padding-top": 0.0,
    "padding-bottom": 0.0,
    "margin-bottom": 0.0,
    "column-count": "auto",
    # Inline sizes: read only to tell an empty box (zero width) from one with extent.
    "width": "auto",
    "min-width": "auto",
    "max-width": "none",
    "padding-left": 0.0,
    "padding-right": 0.0,
    # "collapsed" when a transform (or the scale property) scales the box to no area.
    "transform": "none",
    "scale": "none",
    # Whether a box goes below earlier floats (then its parent grows to hold them).
    "clear": "none",
}
INHERITED: frozenset[str] = frozenset()


def _components(tokens: list) -> list:
    return [t for t in tokens if t.type not in ("whitespace", "comment")]


def _overflow_keyword(tokens: list) -> str | None:
    parts = _components(tokens)
    if len(parts) == 1 and parts[0].type == "ident" and parts[0].lower_value in _OVERFLOW:
        return parts[0].lower_value
    return None


def _overflow(tokens: list) -> list[tuple[str, Any]] | None:
    """``overflow``: one value for both axes, or x then y."""
    parts = _components(tokens)
    values = [p.lower_value if p.type == "ident" and p.lower_value in _OVERFLOW else None for p in parts]
    if not 1 <= len(values) <= 2 or None in values:
        return None
    return [("overflow-x", values[0]), ("overflow-y", values[-1])]


def _size(keywords: frozenset[str]):
    def parse(tokens: list) -> Any:
        parts = _components(tokens)
        if len(parts) != 1:
            return None
        token = parts[0]
        if token.type == "ident":
            return token.lower_value if token.lower_value in keywords else "unknown"
        if token.type == "percentage" and token.value == 0:
            return 0.0
        if token.type == "percentage" and token.value > 0:
            return f"{token.value:g}%"  # resolved against the containing block's height
        if token.type == "function":
            return "unknown"  # calc(), min()...
        length = parse_length(token) if token.type != "ident" else None
        if length is not None:
            return length
        return "unknown" if token.type == "dimension" and token.value >= 0 else None

    return parse


def _padding_length(tokens: list) -> Any:
    parts = _components(tokens)
    if len(parts) != 1:
        return None
    return _one_padding(parts[0])


def _one_padding(token) -> Any:
    if token.type == "percentage":
        return 0.0 if token.value == 0 else "unknown"
    if token.type == "ident":
        return None
    length = parse_length(token)
    return length if length is not None else ("unknown" if token.type in ("dimension", "function") else None)


def _padding(tokens: list) -> list[tuple[str, Any]] | None:
    """``padding``: one to four values, top right bottom left."""
    values = [_one_padding(t) for t in _components(tokens)]
    if not 1 <= len(values) <= 4 or None in values:
        return None
    top, right = values[0], values[1] if len(values) > 1 else values[0]
    bottom, left = values[2] if len(values) > 2 else top, values[3] if len(values) > 3 else right
    return [("padding-top", top), ("padding-right", right), ("padding-bottom", bottom), ("padding-left", left)]


def _one_margin(token) -> Any:
    if token.type == "ident":
        return "auto" if token.lower_value == "auto" else None
    if token.type == "percentage":
        return 0.0 if token.value == 0 else "unknown"
    if token.type == "number" and token.value == 0:
        return 0.0
    if token.type == "dimension":  # negative margins are kept as unknown
        length = parse_length(token)
        return length if length is not None else "unknown"
    return "unknown" if token.type == "function" else None


def _margin_length(tokens: list) -> Any:
    parts = _components(tokens)
    return _one_margin(parts[0]) if len(parts) == 1 else None


def _margin_block(tokens: list) -> list[tuple[str, Any]] | None:
    """``margin-block``: start then end, or one value for both (horizontal writing)."""
    values = [_one_margin(t) for t in _components(tokens)]
    if not 1 <= len(values) <= 2 or None in values:
        return None
    return [("margin-bottom", values[-1])]


def _margin_block_end(tokens: list) -> list[tuple[str, Any]] | None:
    """``margin-block-end`` is margin-bottom in horizontal writing."""
    value = _margin_length(tokens)
    return None if value is None else [("margin-bottom", value)]


def _margin(tokens: list) -> list[tuple[str, Any]] | None:
    """``margin``: one to four values, top right bottom left; only the bottom is kept."""
    values = [_one_margin(t) for t in _components(tokens)]
    if not 1 <= len(values) <= 4 or None in values:
        return None
    return [("margin-bottom", values[2] if len(values) > 2 else values[0])]


_CLEARS = frozenset({"none", "left", "right", "both", "inline-start", "inline-end"})
_SCALES = {"scale": (0, 1), "scalex": (0,), "scaley": (0,), "scale3d": (0, 1), "matrix": (0, 3)}


def _transform(tokens: list) -> str | None:
    """``transform``: "collapsed" if a scale() (or a matrix) takes an axis to zero
    (scale(0) hides a popup: its rect and its content's are empty), else "other"."""
    parts = _components(tokens)
    if len(parts) == 1 and parts[0].type == "ident":
        return "none" if parts[0].lower_value == "none" else None
    for part in parts:
        if part.type != "function":
            return None
        args = [a.value for a in part.arguments if a.type in ("number", "percentage")]
        factors = _SCALES.get(part.lower_name, ())
        if part.lower_name == "matrix" and len(args) == 6 and args[0] * args[3] - args[1] * args[2] == 0:
            return "collapsed"
        if part.lower_name != "matrix" and any(i < len(args) and args[i] == 0 for i in factors):
            return "collapsed"
    return "other"


def _scale(tokens: list) -> str | None:
    """``scale``: one to three factors (or none)."""
    parts = _components(tokens)
    if len(parts) == 1 and parts[0].type == "ident" and parts[0].lower_value == "none":
        return "none"
    values = [p.value for p in parts if p.type in ("number", "percentage")]
    if not values or len(values) != len(parts):
        return None
    return "collapsed" if 0 in values[:2] else "other"


def _column_count(tokens: list) -> Any:
    parts = _components(tokens)
    if len(parts) == 1 and parts[0].type == "ident" and parts[0].lower_value == "auto":
        return "auto"
    if len(parts) == 1 and parts[0].type == "number" and parts[0].is_integer and parts[0].int_value > 0:
        return parts[0].int_value
    return None


def _columns(tokens: list) -> list[tuple[str, Any]] | None:
    """``columns``: a count and/or a width, in any order; only the count is kept."""
    parts = _components(tokens)
    counts = [p.int_value for p in parts if p.type == "number" and p.is_integer and p.int_value > 0]
    if not 1 <= len(parts) <= 2 or len(counts) > 1:
        return None
    return [("column-count", counts[0] if counts else "auto")]


def is_percent(size: Any) -> bool:
    """Whether a computed size is a percentage ("50%")."""
    return isinstance(size, str) and size.endswith("%")


PARSERS = {
    "overflow-x": _overflow_keyword,
    "overflow-y": _overflow_keyword,
    "height": _size(frozenset({"auto"})),
    "min-height": _size(frozenset({"auto"})),
    "max-height": _size(frozenset({"none"})),
    "padding-top": _padding_length,
    "padding-bottom": _padding_length,
    "margin-bottom": _margin_length,
    "column-count": _column_count,
    "width": _size(frozenset({"auto"})),
    "min-width": _size(frozenset({"auto"})),
    "max-width": _size(frozenset({"none"})),
    "padding-left": _padding_length,
    "padding-right": _padding_length,
    "transform": _transform,
    "scale": _scale,
    "clear": lambda tokens: next(
        (t.lower_value for t in _components(tokens) if t.type == "ident" and t.lower_value in _CLEARS), None
    ),
}
SHORTHANDS = {
    "overflow": _overflow,
    "padding": _padding,
    "margin": _margin,
    "margin-block": _margin_block,
    "margin-block-end": _margin_block_end,
    "columns": _columns,
}
LONGHANDS = {
    "overflow": ("overflow-x", "overflow-y"),
    "padding": ("padding-top", "padding-right", "padding-bottom", "padding-left"),
    "margin": ("margin-bottom",),
    "margin-block": ("margin-bottom",),
    "margin-block-end": ("margin-bottom",),
    "columns": ("column-count",),
}


def is_scroll_container(style: dict) -> bool:
    """Overflow other than visible or clip on either axis (the other then computes
    to auto or hidden too)."""
    return style["overflow-x"] not in ("visible", "clip") or style["overflow-y"] not in ("visible", "clip")


def shows_overflow(style: dict) -> bool:
    """Content that overflows the box is painted and adds to its ancestors' overflow."""
    return style["overflow-x"] == "visible" and style["overflow-y"] == "visible"


def ends_at_content_end(style: dict) -> bool:
    """No bottom padding or margin that content overflowing at the end could fill.
    (Borders are not read: a border is thinner than the line of text that overflows.)"""
    # A block's auto margins in the block axis are zero.
    return style["padding-bottom"] == 0 and style["margin-bottom"] in (0.0, "auto")


def held_block_size(style: dict) -> float | None:
    """The content height in px that height or max-height holds the box to, when
    known and not raised by a min-height or vertical padding; else None."""
    sizes = [v for v in (style["height"], style["max-height"]) if isinstance(v, float)]
    if (
        not sizes
        or style["min-height"] not in ("auto", 0.0)
        or style["padding-top"] != 0
        or style["padding-bottom"] != 0
    ):
        return None
    return min(sizes)


def definite_block_size(style: dict) -> float:
    """The height in px the box has at least, whatever its content: its height or
    min-height plus its vertical padding, as far as they are known."""
    known = [
        style[p] if isinstance(style[p], float) else 0.0
        for p in ("height", "min-height", "padding-top", "padding-bottom")
    ]
    return max(known[0], known[1]) + known[2] + known[3]


def resolved_height(style: dict, parent_height: float | None) -> float | None:
    """The px height a box has for sure: its own px height, or a percentage of a
    parent whose px height is known."""
    height = style["height"]
    if isinstance(height, float):
        return height
    if isinstance(height, str) and height.endswith("%") and parent_height is not None:
        return parent_height * float(height[:-1]) / 100
    return None
