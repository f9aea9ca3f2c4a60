"""SVG content's boxes (SVG 2 §8 coordinate systems, §9 shapes; Blink's LayoutSVG*
objects): inside a laid-out outer <svg>, each rendered element's object bounding box
— a shape's geometry (a path's tight bounds, its curves' extrema included), a
container's union of its children's, text's glyphs — mapped through the transforms
and the viewBox to page coordinates, as DOMSnapshot reports ``AbsoluteBoundingBoxRect``.

Hidden containers (defs, symbol, clipPath, mask, pattern, marker, gradients,
filters) have boxes of their own at the origin; the elements inside them are laid
out in their parent's coordinates but never painted."""

from __future__ import annotations

import math
import re
from typing import Iterator

from ..data.svg import HIDDEN_CONTAINERS
from ..html.dom import SVG_NS, Element
from .geometry import lu_ceil, lu_floor
from .svg_path import path_bounds

Matrix = tuple[float, float, float, float, float, float]  # a b c d e f
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
Rect = tuple[float, float, float, float]

_NO_BOX = frozenset({"title", "desc", "metadata", "style", "script", "view", "set", "animate", "animateMotion"})
_NO_BOX |= frozenset({"animateTransform", "mpath", "discard", "font-face", "cursor"})
_CONTAINERS = frozenset({"g", "a", "switch"})
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m × n (n applied first)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def map_rect(m: Matrix, rect: Rect) -> Rect:
    """A rectangle's bounding box once transformed."""
    x, y, w, h = rect
    corners = [apply(m, x, y), apply(m, x + w, y), apply(m, x, y + h), apply(m, x + w, y + h)]
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def parse_transform(text: str | None) -> Matrix:
    """The transform attribute's list (matrix, translate, scale, rotate, skewX, skewY)."""
    if not text:
        return IDENTITY
    result = IDENTITY
    for name, args in re.findall(r"([a-zA-Z]+)\s*\(([^)]*)\)", text):
        values = [float(v) for v in _NUMBER.findall(args)]
        step = _transform_function(name.lower(), values)
        if step is None:
            return IDENTITY  # an invalid list is ignored whole
        result = multiply(result, step)
    return result


def _transform_function(name: str, v: list[float]) -> Matrix | None:
    if name == "matrix" and len(v) == 6:
        return (v[0], v[1], v[2], v[3], v[4], v[5])
    if name == "translate" and len(v) in (1, 2):
        return (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) == 2 else 0.0)
    if name == "scale" and len(v) in (1, 2):
        return (v[0], 0.0, 0.0, v[1] if len(v) == 2 else v[0], 0.0, 0.0)
    if name == "rotate" and len(v) in (1, 3):
        angle = math.radians(v[0])
        cos, sin = math.cos(angle), math.sin(angle)
        rotation = (cos, sin, -sin, cos, 0.0, 0.0)
        if len(v) == 3:
            return multiply(multiply((1.0, 0.0, 0.0, 1.0, v[1], v[2]), rotation), (1.0, 0.0, 0.0, 1.0, -v[1], -v[2]))
        return rotation
    if name == "skewx" and len(v) == 1:
        return (1.0, 0.0, math.tan(math.radians(v[0])), 1.0, 0.0, 0.0)
    if name == "skewy" and len(v) == 1:
        return (1.0, math.tan(math.radians(v[0])), 0.0, 1.0, 0.0, 0.0)
    return None


def viewport_transform(el: Element, x: float, y: float, width: float, height: float) -> Matrix:
    """The transform from an <svg>'s (or <symbol>'s) user space to its viewport at
    (x, y, width, height): its viewBox fitted by preserveAspectRatio."""
    box = [float(v) for v in _NUMBER.findall(el.attrs.get("viewBox", ""))]
    if len(box) != 4 or box[2] <= 0 or box[3] <= 0 or width <= 0 or height <= 0:
        return (1.0, 0.0, 0.0, 1.0, x, y)  # no viewBox, or an empty viewport: no scaling (probed)
    min_x, min_y, vw, vh = box
    align, _, mode = (el.attrs.get("preserveAspectRatio") or "xMidYMid meet").strip().partition(" ")
    sx, sy = width / vw, height / vh
    if align != "none":
        scale = max(sx, sy) if mode.strip() == "slice" else min(sx, sy)
        sx = sy = scale
    tx = x - min_x * sx
    ty = y - min_y * sy
    if align != "none":
        free_x, free_y = width - vw * sx, height - vh * sy
        tx += {"xMin": 0.0, "xMid": free_x / 2, "xMax": free_x}.get(align[:4], free_x / 2)
        ty += {"YMin": 0.0, "YMid": free_y / 2, "YMax": free_y}.get(align[4:], free_y / 2)
    return (sx, 0.0, 0.0, sy, tx, ty)


class SvgBoxes:
    """The boxes of one outer <svg>'s content. ``rendered(el)`` says whether an element
    has a layout object (its computed display is not none); ``text_width(el, text)``
    measures text with the element's font; ``font_size(el)`` its computed font size."""

    def __init__(self, rendered, text_width, font_size, by_id, stroke_width, font_metrics) -> None:
        self._rendered = rendered
        self._text_width = text_width
        self._font_size = font_size
        self._font_metrics = font_metrics
        self._stroke_width = stroke_width
        self._by_id = by_id
        self.rects: dict[Element, Rect] = {}

    def lay_out(self, svg: Element, content: Rect) -> None:
        x, y, width, height = content
        self._viewport = (width, height)
        matrix = viewport_transform(svg, x, y, width, height)
        for child in _element_children(svg):
            self._element(child, matrix, hidden=False)

    def _element(self, el: Element, parent: Matrix, hidden: bool) -> Rect | None:
        """Records the element's box (page coordinates); returns its bounding box in its
        parent's user space, or None when it has none to unite."""
        if el.namespace != SVG_NS or el.local_name in _NO_BOX or not self._rendered(el):
            return None
        name = el.local_name
        local = parse_transform(el.attrs.get("transform")) if name != "symbol" else IDENTITY
        matrix = multiply(parent, local)
        if name in HIDDEN_CONTAINERS:
            self.rects[el] = (0.0, 0.0, 0.0, 0.0)
            for child in _element_children(el):
                self._element(child, matrix, hidden=True)
            return None
        bounds = self._bounds(el, matrix, hidden)
        if bounds is None:
            # Nothing drawn: an empty box at the user space's origin; in a hidden
            # container, at the page's origin (probed).
            origin = apply(matrix, 0.0, 0.0) if not hidden else (0.0, 0.0)
            self.rects[el] = _snap((origin[0], origin[1], 0.0, 0.0))
            return None
        self.rects[el] = _snap(map_rect(matrix, bounds))
        return map_rect(local, bounds)

    def _bounds(self, el: Element, matrix: Matrix, hidden: bool) -> Rect | None:
        """The element's object bounding box in its own user space."""
        name = el.local_name
        if name in _CONTAINERS:
            return _unite(self._element(child, matrix, hidden) for child in _element_children(el))
        if name == "svg":
            return self._nested_svg(el, matrix, hidden)
        if name == "use":
            return self._use(el, matrix)
        if name in ("text", "tspan", "textPath"):
            return self._text(el, matrix, hidden)
        return _inflate(self._shape(el), self._stroke_width(el) / 2)

    def _nested_svg(self, el: Element, matrix: Matrix, hidden: bool) -> Rect | None:
        x, y = self._length(el, "x", 0), self._length(el, "y", 1)
        width = self._length(el, "width", 0, "100%")
        height = self._length(el, "height", 1, "100%")
        inner = multiply(matrix, viewport_transform(el, x, y, width, height))
        children = [self._element(child, inner, hidden) for child in _element_children(el)]
        del children
        return (x, y, width, height) if width > 0 and height > 0 else None

    def _use(self, el: Element, matrix: Matrix) -> Rect | None:
        reference = (el.attrs.get("href") or el.attrs.get("xlink:href") or "").strip()
        target = self._by_id(el, reference[1:]) if reference.startswith("#") else None
        if target is None or target is el:
            return None
        x, y = self._length(el, "x", 0), self._length(el, "y", 1)
        if target.local_name == "symbol":
            width = self._length(el, "width", 0, "100%")
            height = self._length(el, "height", 1, "100%")
            inner = viewport_transform(target, x, y, width, height)
            bounds = _unite(self._instance(child, inner) for child in _element_children(target))
        else:
            bounds = self._instance(target, (1.0, 0.0, 0.0, 1.0, x, y))
        return bounds

    def _instance(self, el: Element, matrix: Matrix) -> Rect | None:
        """A referenced element's box in the <use>'s space (its own boxes are not this one's)."""
        if el.namespace != SVG_NS or el.local_name in _NO_BOX:
            return None
        local = multiply(matrix, parse_transform(el.attrs.get("transform")))
        name = el.local_name
        if name in _CONTAINERS or name == "symbol":
            bounds = _unite(self._instance(child, IDENTITY) for child in _element_children(el))
        elif name in ("text", "tspan"):
            bounds = self._text_bounds(el)
        else:
            bounds = self._shape(el)
        return map_rect(local, bounds) if bounds is not None else None

    def _text(self, el: Element, matrix: Matrix, hidden: bool) -> Rect | None:
        for child in _element_children(el):
            self._element(child, matrix, hidden)
        return self._text_bounds(el)

    def _text_bounds(self, el: Element) -> Rect | None:
        text = " ".join(el.text_content().split())
        if not text:
            return None
        x, y = self._length(el, "x", 0), self._length(el, "y", 1)
        width = self._text_width(el, text)
        metrics = self._font_metrics(el)
        ascent, descent = metrics.ascent, metrics.descent
        anchor = _attribute_or_style(el, "text-anchor")
        if anchor == "middle":
            x -= width / 2
        elif anchor == "end":
            x -= width
        return (x, y - ascent, width, ascent + descent)

    def _shape(self, el: Element) -> Rect | None:
        name = el.local_name
        if name in ("rect", "image", "foreignObject"):
            x, y = self._length(el, "x", 0), self._length(el, "y", 1)
            width, height = self._length(el, "width", 0), self._length(el, "height", 1)
            return (x, y, width, height) if width > 0 and height > 0 else None
        if name in ("circle", "ellipse"):
            cx, cy = self._length(el, "cx", 0), self._length(el, "cy", 1)
            rx = self._length(el, "r" if name == "circle" else "rx", 2)
            ry = rx if name == "circle" else (self._length(el, "ry", 2) or rx)
            return (cx - rx, cy - ry, 2 * rx, 2 * ry) if rx > 0 and ry > 0 else None
        if name == "line":
            x1, y1 = self._length(el, "x1", 0), self._length(el, "y1", 1)
            x2, y2 = self._length(el, "x2", 0), self._length(el, "y2", 1)
            return (min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
        if name in ("polyline", "polygon"):
            numbers = [float(n) for n in _NUMBER.findall(el.attrs.get("points") or "")]
            points = list(zip(numbers[::2], numbers[1::2]))
            if not points:
                return None
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        if name == "path":
            return path_bounds(el.attrs.get("d") or "")
        return None

    def _length(self, el: Element, attr: str, axis: int, default: str = "0") -> float:
        """An SVG length attribute in user units (px, or a percentage of the viewport)."""
        text = (el.attrs.get(attr) or default).strip().lower()
        match = _NUMBER.match(text)
        if match is None:
            return 0.0
        value = float(match.group())
        unit = text[match.end() :].strip()
        if unit == "%":
            width, height = self._viewport
            basis = width if axis == 0 else height if axis == 1 else math.hypot(width, height) / math.sqrt(2)
            return value * basis / 100
        if unit == "em":
            return value * self._font_size(el)
        return value * {"pt": 4 / 3, "pc": 16.0, "in": 96.0, "cm": 96 / 2.54, "mm": 96 / 25.4}.get(unit, 1.0)


def _inflate(rect: Rect | None, by: float) -> Rect | None:
    """A shape's stroke bounding box: its geometry widened by half the stroke."""
    if rect is None or by <= 0:
        return rect
    x, y, width, height = rect
    return x - by, y - by, width + 2 * by, height + 2 * by


def _attribute_or_style(el: Element, name: str) -> str:
    return (el.attrs.get(name) or "").strip().lower()


def _element_children(el: Element) -> Iterator[Element]:
    return (child for child in el.children if isinstance(child, Element))


def _unite(rects) -> Rect | None:
    found = [r for r in rects if r is not None]
    if not found:
        return None
    left = min(r[0] for r in found)
    top = min(r[1] for r in found)
    right = max(r[0] + r[2] for r in found)
    bottom = max(r[1] + r[3] for r in found)
    return left, top, right - left, bottom - top


def _snap(rect: Rect) -> Rect:
    """An enclosing rectangle in LayoutUnits."""
    x, y, width, height = rect
    left, top = lu_floor(x), lu_floor(y)
    return left, top, lu_ceil(x + width) - left, lu_ceil(y + height) - top
