"""Used values of the box model (CSS 2 §8, §10; CSS Box Sizing 3): margins, borders
and paddings against the containing block, and a box's width and height from its
sizing properties, as LayoutUnits. Every formatting context reads these."""

from __future__ import annotations

from typing import Any

from ..style.lengths import LengthPercentage
from .box import Box
from .geometry import lu

SIDES = ("top", "right", "bottom", "left")
_CONTENT_KEYWORDS = frozenset({"min-content", "max-content", "fit-content", "-webkit-fill-available", "stretch"})


def length(value: Any, basis: float | None) -> float | None:
    """A computed length-percentage as a LayoutUnit; None for 'auto'/'none'/keywords or
    a percentage against an indefinite basis."""
    if value.__class__ is float:
        return lu(value)
    if isinstance(value, LengthPercentage):
        if basis is None:
            return None
        return lu(value.resolve(basis))
    return None


def borders(box: Box) -> tuple[float, float, float, float]:
    style = box.style
    return tuple(lu(style[f"border-{side}-width"]) for side in SIDES)  # type: ignore[return-value]


def paddings(box: Box, cb_width: float) -> tuple[float, float, float, float]:
    """Paddings; percentages (even vertical ones) refer to the containing block's width."""
    style = box.style
    return tuple(max(0.0, length(style[f"padding-{side}"], cb_width) or 0.0) for side in SIDES)  # type: ignore


def margins(box: Box, cb_width: float) -> list[float | None]:
    """Margins, None for auto; percentages refer to the containing block's width."""
    style = box.style
    return [
        None if style[f"margin-{side}"] == "auto" else (length(style[f"margin-{side}"], cb_width) or 0.0)
        for side in SIDES
    ]


def frame(box: Box, cb_width: float) -> None:
    """Sets a box's used borders and paddings (margins are set by its formatting context)."""
    box.borders = borders(box)
    box.paddings = paddings(box, cb_width)


def horizontal_frame(box: Box) -> float:
    """Borders and paddings of the inline axis."""
    return box.borders[1] + box.borders[3] + box.paddings[1] + box.paddings[3]


def vertical_frame(box: Box) -> float:
    return box.borders[0] + box.borders[2] + box.paddings[0] + box.paddings[2]


def is_border_box(box: Box) -> bool:
    return box.style["box-sizing"] == "border-box"


def specified_width(box: Box, cb_width: float | None) -> float | None:
    """The content-box width the 'width' property asks for (None: auto or a keyword)."""
    width = length(box.style["width"], cb_width)
    if width is None:
        return None
    if is_border_box(box):
        width -= horizontal_frame(box)
    return max(0.0, width)


def specified_height(box: Box, cb_height: float | None) -> float | None:
    height = length(box.style["height"], cb_height)
    if height is None:
        return None
    if is_border_box(box):
        height -= vertical_frame(box)
    return max(0.0, height)


def clamp_width(box: Box, width: float, cb_width: float | None) -> float:
    """A content-box width within min-width and max-width (min wins)."""
    return _clamp(box, width, "width", cb_width, horizontal_frame(box))


def clamp_height(box: Box, height: float, cb_height: float | None) -> float:
    return _clamp(box, height, "height", cb_height, vertical_frame(box))


def _clamp(box: Box, size: float, axis: str, basis: float | None, frame_size: float) -> float:
    style = box.style
    maximum = length(style[f"max-{axis}"], basis)
    minimum = length(style[f"min-{axis}"], basis)
    border_box = is_border_box(box)
    if maximum is not None:
        size = min(size, max(0.0, maximum - frame_size) if border_box else maximum)
    if minimum is not None:
        size = max(size, max(0.0, minimum - frame_size) if border_box else minimum)
    return max(0.0, size)


def is_keyword_size(value: Any) -> bool:
    return isinstance(value, str) and value in _CONTENT_KEYWORDS
