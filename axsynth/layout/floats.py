"""Floats and the space they leave (CSS 2 §9.5; LayoutNG's exclusion space): each
block formatting context keeps the margin boxes of its floats, in page coordinates;
line boxes shorten beside them, new floats stack against them, clearance and block
formatting context roots move below them."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Exclusion:
    side: str  # "left" or "right"
    left: float
    right: float
    top: float
    bottom: float


@dataclass(slots=True)
class FloatSpace:
    """The floats placed so far in one block formatting context."""

    exclusions: list[Exclusion] = field(default_factory=list)
    # A new float may not be placed above an earlier one (CSS 2 §9.5.1 rule 5).
    last_float_top: float = float("-inf")

    def add(self, side: str, left: float, right: float, top: float, bottom: float) -> None:
        self.exclusions.append(Exclusion(side, left, right, top, bottom))
        self.last_float_top = max(self.last_float_top, top)

    def band(self, top: float, height: float, left: float, right: float) -> tuple[float, float]:
        """The part of [left, right] that floats leave free over [top, top + height)
        (a zero height: at the line ``top``)."""
        bottom = top + height
        for exclusion in self.exclusions:
            if height <= 0:
                overlaps = exclusion.top <= top < exclusion.bottom
            else:
                overlaps = exclusion.top < bottom and exclusion.bottom > top
            if not overlaps:
                continue
            if exclusion.side == "left":
                left = max(left, exclusion.right)
            else:
                right = min(right, exclusion.left)
        return left, right

    def next_edge_below(self, top: float) -> float | None:
        """The nearest bottom edge of a float below ``top`` (where the band changes)."""
        edges = [e.bottom for e in self.exclusions if e.bottom > top]
        return min(edges) if edges else None

    def clearance_edge(self, clear: str) -> float | None:
        """The bottom of the floats a ``clear`` value clears (None: none to clear)."""
        sides = {"left": ("left",), "right": ("right",), "both": ("left", "right")}.get(clear, ())
        bottoms = [e.bottom for e in self.exclusions if e.side in sides]
        return max(bottoms) if bottoms else None

    def bottom(self) -> float | None:
        """The lowest float bottom (a formatting context root's height encloses its floats)."""
        return max((e.bottom for e in self.exclusions), default=None)

    def place(
        self, side: str, width: float, height: float, top: float, left: float, right: float
    ) -> tuple[float, float]:
        """Where a float's margin box of this size goes, at or below ``top``, within
        [left, right]: (x, y) of its margin box."""
        top = max(top, self.last_float_top)
        while True:
            free_left, free_right = self.band(top, max(height, 0.0), left, right)
            if free_right - free_left >= width or (free_left == left and free_right == right):
                x = free_left if side == "left" else free_right - width
                return x, top
            below = self.next_edge_below(top)
            if below is None:
                x = free_left if side == "left" else free_right - width
                return x, top
            top = below
