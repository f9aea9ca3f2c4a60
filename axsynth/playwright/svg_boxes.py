"""The bounding box of SVG content inside an <svg>, for
:mod:`~axsynth.playwright.boxes`: a shape's geometry (read from its attributes, a
path's from its data), a container's children, text's glyphs; nothing inside a
container that is never painted.
"""

from __future__ import annotations

import re
from typing import Callable

from ..data.svg import HIDDEN_CONTAINERS
from ..html.dom import SVG_NS, Element, in_svg_text
from .dom import Dom
from .sizing import NUMBER, Extent


def svg_extent(dom: Dom, el: Element, extent: Callable[[Element], Extent], instance: bool = False) -> Extent:
    """The extent of an SVG element; ``extent`` measures (and memoizes) its children.
    A <use> measures its instance of the referenced element, wherever that is (a
    hidden <symbol> too): ``instance`` is set inside one."""
    name = el.local_name
    if not instance and _in_hidden_container(el):
        return False, False  # laid out, never painted: no box (probed)
    if name in ("text", "tspan", "textPath") or (name == "a" and in_svg_text(el)):
        has = bool(el.text_content().strip())
        return has, has
    if name in ("g", "a", "switch", "symbol", "svg"):
        found = [
            svg_extent(dom, c, extent, True) if instance else extent(c) for c in el.children if isinstance(c, Element)
        ]
        width, height = any(w for w, _ in found), any(h for _, h in found)
        if not (width and height):
            # Lines each without area can span one together (probed: a burger icon's
            # <g> of three horizontal lines is 21x17).
            union = _children_box(dom, el)
            if union is not None:
                width, height = width or union[2] > union[0], height or union[3] > union[1]
        return width, height
    if name == "use":
        target = dom.by_id(el, (el.attrs.get("href") or el.attrs.get("xlink:href") or "").lstrip("#"))
        return svg_extent(dom, target, extent, True) if target is not None and target is not el else (False, False)
    points = _shape_points(el)
    if not points:
        return False, False
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return max(xs) > min(xs), max(ys) > min(ys)


def _children_box(dom: Dom, el: Element) -> tuple[float, float, float, float] | None:
    """The union of a container's children's geometry boxes, zero-area ones included
    (children moved by a transform, text and nested viewports are left out)."""
    boxes = []
    for child in el.children:
        if not isinstance(child, Element) or "transform" in child.attrs or not dom.is_rendered(child):
            continue
        if child.local_name in ("g", "a", "switch"):
            box = _children_box(dom, child)
        else:
            points = _shape_points(child)
            xs, ys = [x for x, _ in points], [y for _, y in points]
            box = (min(xs), min(ys), max(xs), max(ys)) if points else None
        if box is not None:
            boxes.append(box)
    if not boxes:
        return None
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def _in_hidden_container(el: Element) -> bool:
    node = el
    while isinstance(node, Element) and node.namespace == SVG_NS:
        if node.local_name in HIDDEN_CONTAINERS:
            return True
        node = node.parent
    return False


def _length(el: Element, attr: str) -> float:
    match = NUMBER.match((el.attrs.get(attr) or "").strip())
    return float(match.group()) if match else 0.0


def _shape_points(el: Element) -> list[tuple[float, float]]:
    """Points whose bounding box is the shape's (control points of curves included)."""
    name = el.local_name
    if name in ("rect", "image", "foreignObject"):
        x, y, w, h = (_length(el, a) for a in ("x", "y", "width", "height"))
        return [(x, y), (x + w, y + h)] if w > 0 and h > 0 else []
    if name in ("circle", "ellipse"):
        rx = _length(el, "r" if name == "circle" else "rx")
        ry = rx if name == "circle" else _length(el, "ry") or rx
        return [(-rx, -ry), (rx, ry)] if rx > 0 and ry > 0 else []
    if name == "line":
        return [(_length(el, "x1"), _length(el, "y1")), (_length(el, "x2"), _length(el, "y2"))]
    if name in ("polyline", "polygon"):
        numbers = [float(n) for n in NUMBER.findall(el.attrs.get("points") or "")]
        return list(zip(numbers[::2], numbers[1::2]))
    if name == "path":
        return _path_points(el.attrs.get("d") or "")
    return []


_PATH_NUMBER = re.compile(r"\s*,?\s*(" + NUMBER.pattern + ")")
_PATH_FLAG = re.compile(r"\s*,?\s*([01])")
_PATH_COMMAND = re.compile(r"\s*([MmLlHhVvCcSsQqTtAaZz])")
# Each command's arguments: n a number, f an arc flag.
_PATH_ARGS = dict(m="nn", l="nn", h="n", v="n", c="nnnnnn", s="nnnn", q="nnnn", t="nn", a="nnnffnn")


def _path_points(d: str) -> list[tuple[float, float]]:
    """The end and control points of a path's segments (arcs by their ends and radii),
    read as SVG's path grammar reads them."""
    points: list[tuple[float, float]] = []
    x = y = 0.0
    pos, command = 0, ""
    while pos < len(d):
        match = _PATH_COMMAND.match(d, pos)
        if match is not None:
            command, pos = match.group(1), match.end()
            if command in "Zz":
                continue
        elif not command or command in "Zz":
            break  # junk: SVG stops drawing at the first error
        args, pos = _path_args(d, pos, command)
        if args is None:
            return points  # a truncated segment: drawn up to the previous one
        x, y = _segment_points(points, command, args, x, y)
        points.append((x, y))
        if command in "Mm":
            command = "l" if command.islower() else "L"  # more pairs after a moveto are linetos
    return points


def _path_args(d: str, pos: int, command: str) -> tuple[list[float] | None, int]:
    """A segment's arguments from ``pos`` (arc flags are single digits: "01.5" is 0, 1, .5)."""
    args = []
    for kind in _PATH_ARGS[command.lower()]:
        found = (_PATH_FLAG if kind == "f" else _PATH_NUMBER).match(d, pos)
        if found is None:
            return None, pos
        args.append(float(found.group(1)))
        pos = found.end()
    return args, pos


def _segment_points(points: list, command: str, args: list[float], x: float, y: float) -> tuple[float, float]:
    """Adds a segment's end and control points to ``points``; returns the new current point."""
    relative = command.islower()
    if command in "Hh":
        return args[0] + (x if relative else 0), y
    if command in "Vv":
        return x, args[0] + (y if relative else 0)
    pairs = [args[-2:]] if command in "Aa" else list(zip(args[::2], args[1::2]))
    ends = [(px + x, py + y) if relative else (px, py) for px, py in pairs]
    if command in "Aa" and args[0] and args[1]:  # the arc bulges up to its radii
        points += [(x - abs(args[0]), y - abs(args[1])), (x + abs(args[0]), y + abs(args[1]))]
    points += ends
    return ends[-1]
