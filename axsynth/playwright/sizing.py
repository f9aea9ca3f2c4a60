"""What a box's own CSS sizing says of its extent on one axis, read from its
computed style alone (:mod:`~axsynth.playwright.boxes` measures its content only
when this says nothing): sizes, min/max sizes, padding and borders.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from ..style.overflow import is_percent

Extent = tuple[bool, bool]  # whether a box has (width, height)

# A CSS or SVG number, as the start of a length ("12px", "1e2").
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")

# Per axis: its padding properties, border sides, and sizing properties.
_AXES = {
    "width": (("padding-left", "padding-right"), ("left", "right"), "min-width", "max-width"),
    "height": (("padding-top", "padding-bottom"), ("top", "bottom"), "min-height", "max-height"),
}
_BORDER_KEYS = {side: (f"border-{side}-style", f"border-{side}-width") for side in ("top", "right", "bottom", "left")}


def axis_extent(explicit: bool | None, from_content: Callable[[], Any]) -> bool:
    """An axis's extent: what the box's own sizing says, else what its content gives
    (asked lazily: measuring the content is the costly part)."""
    return explicit if explicit is not None else bool(from_content())


def resolves(size: Any) -> bool:
    """A size that resolves to something (taken as non-zero): a percentage, or one that needs layout."""
    return size == "unknown" or is_percent(size)


def explicit(style: dict, axis: str) -> bool | None:
    """What the box's own sizing says of its extent on one axis: True (some), False
    (none: a zero size without padding or borders), None (its content decides)."""
    padding, sides, minimum_key, maximum_key = _AXES[axis]
    if sum_positive(style, padding) or border_positive(style, sides):
        return True
    minimum = style[minimum_key]
    if resolves(minimum) or (minimum.__class__ is float and minimum > 0):
        return True
    if style[maximum_key] == 0.0:
        return False
    size = style[axis]
    if size.__class__ is float:
        return size > 0
    return True if resolves(size) else None


def sum_positive(style: dict, keys: tuple[str, ...]) -> bool:
    """Whether any of these lengths is positive (or resolves: taken as positive)."""
    for key in keys:
        value = style[key]
        if resolves(value) or (value.__class__ is float and value > 0):
            return True
    return False


def edges(style: dict, sides: tuple[str, str]) -> bool:
    """Padding or borders on these sides."""
    return sum_positive(style, tuple(f"padding-{side}" for side in sides)) or border_positive(style, sides)


def border_width(style: dict, side: str) -> float:
    """A border's used width: none when its style draws none."""
    style_key, width_key = _BORDER_KEYS[side]
    return 0.0 if style[style_key] in ("none", "hidden") else style[width_key]


def border_positive(style: dict, sides: tuple[str, ...]) -> bool:
    return border_width(style, sides[0]) > 0 or border_width(style, sides[1]) > 0
