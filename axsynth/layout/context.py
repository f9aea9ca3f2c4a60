"""What one layout run shares: the viewport, the document's mode, the positioned boxes
waiting for their containing block, and the dispatch to each formatting context."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .box import Box


@dataclass(slots=True)
class Containing:
    """A containing block: its content box's left edge, top edge, width and height
    (None when indefinite, for percentage heights)."""

    x: float
    y: float
    width: float
    height: float | None


@dataclass
class LayoutContext:
    viewport_width: float
    viewport_height: float
    quirks: bool
    # Absolutely positioned boxes met in flow, with their static position, laid out once
    # their containing block's size is known.
    positioned: list[tuple[Box, float, float]] = field(default_factory=list)
    # Formatting contexts by box kind (filled by layout.formatting, to keep imports one-way).
    algorithms: dict[str, Callable] = field(default_factory=dict)
    # Size of intrinsic computations so far (bounds the work on pathological pages).
    intrinsic_cache: dict = field(default_factory=dict)

    @property
    def icb(self) -> Containing:
        """The initial containing block: the viewport."""
        return Containing(0.0, 0.0, self.viewport_width, self.viewport_height)
