"""A path's tight bounding box (SVG 2 §9.3 path data; Skia's computeTightBounds, which
Blink's shapes measure with): every segment's end points plus the extrema of its
curves — cubic and quadratic Béziers where their derivative is zero, elliptical arcs
at the angles their sweep crosses. Parsing follows the path grammar: drawing stops at
the first error."""

from __future__ import annotations

import math
import re

_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_PATH_NUMBER = re.compile(r"[\s,]*(" + _NUMBER + ")")
_PATH_FLAG = re.compile(r"[\s,]*([01])")
_PATH_COMMAND = re.compile(r"[\s,]*([MmLlHhVvCcSsQqTtAaZz])")
_ARGS = dict(m="nn", l="nn", h="n", v="n", c="nnnnnn", s="nnnn", q="nnnn", t="nn", a="nnnffnn")
_MAX_SEGMENTS = 200_000  # a path's bound: its data may be huge


def path_bounds(d: str) -> tuple[float, float, float, float] | None:
    """(x, y, width, height) of a path's geometry, None for no drawing."""
    bounds = _Bounds()
    x = y = start_x = start_y = 0.0
    control: tuple[float, float] | None = None  # the last control point, for S and T
    previous = ""
    position, command = 0, ""
    for _ in range(_MAX_SEGMENTS):
        if position >= len(d):
            break
        match = _PATH_COMMAND.match(d, position)
        if match is not None:
            command, position = match.group(1), match.end()
            if command in "Zz":
                x, y = start_x, start_y
                previous, control = command, None
                continue
        elif not command or command in "Zz":
            break
        args, position = _arguments(d, position, command)
        if args is None:
            break
        relative = command.islower()
        kind = command.upper()
        if kind == "M":
            x, y = _point(args, 0, relative, x, y)
            start_x, start_y = x, y
            bounds.add(x, y)
            command = "l" if relative else "L"
        elif kind in "LHV":
            if kind == "H":
                x = args[0] + (x if relative else 0.0)
            elif kind == "V":
                y = args[0] + (y if relative else 0.0)
            else:
                x, y = _point(args, 0, relative, x, y)
            bounds.add(x, y)
        elif kind in "CS":
            if kind == "C":
                x1, y1 = _point(args, 0, relative, x, y)
                x2, y2 = _point(args, 2, relative, x, y)
                ex, ey = _point(args, 4, relative, x, y)
            else:
                x1, y1 = _reflect(control, x, y) if previous.upper() in "CS" else (x, y)
                x2, y2 = _point(args, 0, relative, x, y)
                ex, ey = _point(args, 2, relative, x, y)
            bounds.cubic(x, y, x1, y1, x2, y2, ex, ey)
            control, x, y = (x2, y2), ex, ey
        elif kind in "QT":
            if kind == "Q":
                x1, y1 = _point(args, 0, relative, x, y)
                ex, ey = _point(args, 2, relative, x, y)
            else:
                x1, y1 = _reflect(control, x, y) if previous.upper() in "QT" else (x, y)
                ex, ey = _point(args, 0, relative, x, y)
            bounds.quadratic(x, y, x1, y1, ex, ey)
            control, x, y = (x1, y1), ex, ey
        else:  # A
            ex, ey = _point(args, 5, relative, x, y)
            bounds.arc(x, y, args[0], args[1], args[2], bool(args[3]), bool(args[4]), ex, ey)
            x, y = ex, ey
        if kind not in "CSQT":
            control = None
        previous = kind
    return bounds.rect()


def _arguments(d: str, position: int, command: str) -> tuple[list[float] | None, int]:
    args = []
    for kind in _ARGS[command.lower()]:
        found = (_PATH_FLAG if kind == "f" else _PATH_NUMBER).match(d, position)
        if found is None:
            return None, position
        args.append(float(found.group(1)))
        position = found.end()
    return args, position


def _point(args: list[float], index: int, relative: bool, x: float, y: float) -> tuple[float, float]:
    px, py = args[index], args[index + 1]
    return (px + x, py + y) if relative else (px, py)


def _reflect(control: tuple[float, float] | None, x: float, y: float) -> tuple[float, float]:
    if control is None:
        return x, y
    return 2 * x - control[0], 2 * y - control[1]


class _Bounds:
    def __init__(self) -> None:
        self.left = self.top = math.inf
        self.right = self.bottom = -math.inf

    def add(self, x: float, y: float) -> None:
        self.left, self.right = min(self.left, x), max(self.right, x)
        self.top, self.bottom = min(self.top, y), max(self.bottom, y)

    def cubic(self, x0, y0, x1, y1, x2, y2, x3, y3) -> None:  # noqa: ANN001 — coordinates
        self.add(x3, y3)
        for t in _cubic_extrema(x0, x1, x2, x3) + _cubic_extrema(y0, y1, y2, y3):
            mt = 1 - t
            self.add(
                mt**3 * x0 + 3 * mt * mt * t * x1 + 3 * mt * t * t * x2 + t**3 * x3,
                mt**3 * y0 + 3 * mt * mt * t * y1 + 3 * mt * t * t * y2 + t**3 * y3,
            )

    def quadratic(self, x0, y0, x1, y1, x2, y2) -> None:  # noqa: ANN001 — coordinates
        self.add(x2, y2)
        for t in _quadratic_extremum(x0, x1, x2) + _quadratic_extremum(y0, y1, y2):
            mt = 1 - t
            self.add(mt * mt * x0 + 2 * mt * t * x1 + t * t * x2, mt * mt * y0 + 2 * mt * t * y1 + t * t * y2)

    def arc(self, x1, y1, rx, ry, angle, large, sweep, x2, y2) -> None:  # noqa: ANN001 — arc parameters
        """An elliptical arc: its ends, and its points at the axis-aligned extreme angles
        it sweeps through (SVG 2 §B.2.4, center parameterization)."""
        self.add(x2, y2)
        rx, ry = abs(rx), abs(ry)
        if rx == 0 or ry == 0 or (x1 == x2 and y1 == y2):
            return
        phi = math.radians(angle % 360)
        cos, sin = math.cos(phi), math.sin(phi)
        dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
        px, py = cos * dx + sin * dy, -sin * dx + cos * dy
        scale = px * px / (rx * rx) + py * py / (ry * ry)
        if scale > 1:
            rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
        numerator = rx * rx * ry * ry - rx * rx * py * py - ry * ry * px * px
        denominator = rx * rx * py * py + ry * ry * px * px
        factor = math.sqrt(max(0.0, numerator / denominator)) if denominator else 0.0
        if large == sweep:
            factor = -factor
        cxp, cyp = factor * rx * py / ry, -factor * ry * px / rx
        cx = cos * cxp - sin * cyp + (x1 + x2) / 2
        cy = sin * cxp + cos * cyp + (y1 + y2) / 2
        start = math.atan2((py - cyp) / ry, (px - cxp) / rx)
        end = math.atan2((-py - cyp) / ry, (-px - cxp) / rx)
        span = end - start
        if sweep and span < 0:
            span += 2 * math.pi
        elif not sweep and span > 0:
            span -= 2 * math.pi
        # Angles where x or y is extreme on the rotated ellipse.
        candidates = [math.atan2(-ry * sin, rx * cos), math.atan2(ry * cos, rx * sin)]
        for base in candidates:
            for theta in (base, base + math.pi):
                if _within_sweep(theta, start, span):
                    ex, ey = rx * math.cos(theta), ry * math.sin(theta)
                    self.add(cx + cos * ex - sin * ey, cy + sin * ex + cos * ey)

    def rect(self) -> tuple[float, float, float, float] | None:
        if self.left == math.inf:
            return None
        return self.left, self.top, self.right - self.left, self.bottom - self.top


def _within_sweep(theta: float, start: float, span: float) -> bool:
    delta = (theta - start) % (2 * math.pi)
    if span >= 0:
        return delta <= span
    return delta == 0 or delta >= 2 * math.pi + span


def _cubic_extrema(p0: float, p1: float, p2: float, p3: float) -> list[float]:
    a = -p0 + 3 * p1 - 3 * p2 + p3
    b = 2 * (p0 - 2 * p1 + p2)
    c = p1 - p0
    if abs(a) < 1e-12:
        return [-c / b] if abs(b) > 1e-12 and 0 < -c / b < 1 else []
    disc = b * b - 4 * a * c
    if disc < 0:
        return []
    root = math.sqrt(disc)
    return [t for t in ((-b + root) / (2 * a), (-b - root) / (2 * a)) if 0 < t < 1]


def _quadratic_extremum(p0: float, p1: float, p2: float) -> list[float]:
    denominator = p0 - 2 * p1 + p2
    if abs(denominator) < 1e-12:
        return []
    t = (p0 - p1) / denominator
    return [t] if 0 < t < 1 else []
