"""Replaced boxes (CSS 2 §10.3.2, §10.6.2; CSS Images 3 §5.3): frames, media, SVG
roots and form controls, whose content is not laid out here but whose natural size
Chromium knows (300×150 for frames and media, a form control's size from its font),
and the used width and height their sizing properties give them."""

from __future__ import annotations

import math

from ..html.dom import SVG_NS, Element
from ..style.lengths import LengthPercentage
from . import sizing
from .box import Box
from .context import Containing, LayoutContext
from .geometry import lu

_DEFAULT = (300.0, 150.0)


def natural_size(box: Box) -> tuple[float | None, float | None, float | None]:
    """(width, height, aspect ratio) of the content; None where there is none."""
    el = box.element
    if el is None:
        return 0.0, 0.0, None
    if el.namespace == SVG_NS:
        return _svg_size(el)
    name = el.local_name
    if name in ("iframe", "video", "embed", "frame", "object"):
        # The default object size, with no natural aspect ratio (a video before its
        # metadata loads, a frame): a stretched width leaves the height at 150 (probed).
        return _DEFAULT[0], _DEFAULT[1], None
    if name == "audio":
        return 300.0, 54.0, None
    if name in ("input", "textarea", "select"):
        from .controls import control_size

        width, height = control_size(box)
        return width, height, None
    if name in ("meter", "progress"):
        return 0.0, 0.0, None
    return 0.0, 0.0, None


def _svg_size(el: Element) -> tuple[float | None, float | None, float | None]:
    """An outer <svg>'s natural size: its width/height attributes (presentation
    attributes mapped to CSS; percentages give none), its viewBox's ratio."""
    ratio = None
    view_box = el.attrs.get("viewBox", "").replace(",", " ").split()
    if len(view_box) == 4:
        try:
            w, h = float(view_box[2]), float(view_box[3])
            if w > 0 and h > 0:
                ratio = w / h
        except ValueError:
            pass
    width = _svg_length(el.attrs.get("width"))
    height = _svg_length(el.attrs.get("height"))
    if width is None and height is None and ratio is None:
        return _DEFAULT[0], _DEFAULT[1], None
    return width, height, ratio


def _svg_length(value: str | None) -> float | None:
    if value is None:
        return None
    text = value.strip().lower().removesuffix("px")
    try:
        number = float(text)
    except ValueError:
        return None
    return number if number >= 0 and math.isfinite(number) else None


def used_width(box: Box, cb: Containing) -> float:
    """The content width of a replaced box (CSS 2 §10.3.2)."""
    width, _height = used_size(box, cb)
    return width


def used_size(box: Box, cb: Containing) -> tuple[float, float]:
    specified_w = sizing.specified_width(box, cb.width)
    specified_h = sizing.specified_height(box, cb.height)
    natural_w, natural_h, ratio = natural_size(box)
    style_ratio = box.style["aspect-ratio"]
    if isinstance(style_ratio, tuple) and style_ratio[2] > 0 and (style_ratio[0] == "ratio" or ratio is None):
        ratio = style_ratio[1] / style_ratio[2]
    width, height = specified_w, specified_h
    if width is None and height is None:
        width = natural_w if natural_w is not None else (_DEFAULT[0] if ratio is None else None)
        height = natural_h if natural_h is not None else None
        if width is None and height is not None and ratio:
            width = height * ratio
        if height is None and width is not None:
            height = width / ratio if ratio else _DEFAULT[1]
        if width is None:
            width = cb.width
            height = width / ratio if ratio else _DEFAULT[1]
    elif width is None:
        width = height * ratio if ratio else (natural_w if natural_w is not None else _DEFAULT[0])
    elif height is None:
        height = width / ratio if ratio else (natural_h if natural_h is not None else _DEFAULT[1])
    width = sizing.clamp_width(box, width, cb.width)
    height = sizing.clamp_height(box, height, cb.height)
    return lu(width), lu(height)


def layout(ctx: LayoutContext, box: Box, cb: Containing) -> None:
    """Sets a replaced box's height (its width is set by its formatting context)."""
    _width, height = used_size(box, cb)
    box.height = height + sizing.vertical_frame(box)
    box.baseline = None  # a replaced box's baseline is its bottom margin edge
    if box.element is not None and box.element.local_name in ("input", "select", "textarea"):
        from .controls import control_baseline

        box.baseline = control_baseline(box, height)


def is_percent(value: object) -> bool:
    return isinstance(value, LengthPercentage)
