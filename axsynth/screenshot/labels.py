"""How the labels look and where they go: numbered badges and box outlines drawn as one
SVG over the page (``overlay.js``).

Each box is outlined 2 px inside its edges in the label's colour, with a 1 px white line
just outside, so it shows on light and dark pages alike; the badge is the same colour
with white digits (every colour has a contrast of at least 4.5:1 with white, WCAG AA for
text). A badge goes just above its box's top-left corner when that place is free, else
to the first free place of a few around the box, else where it overlaps least: badges
never cover each other while there is room.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Badge colours, taken in turn (neighbouring labels differ); white text on each is >= 4.5:1.
PALETTE = ("#B3261E", "#1A56DB", "#0B7A35", "#7B1FA2", "#A14600", "#00697A", "#C2185B", "#37474F")
BADGE_HEIGHT = 18
DIGIT_WIDTH = 8  # the digits are fitted to this advance (textLength), whatever the font
BADGE_PADDING = 4
FONT_SIZE = 13


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    def overlap(self, other: "Rect") -> float:
        """The area the two rectangles share."""
        w = min(self.right, other.right) - max(self.x, other.x)
        h = min(self.bottom, other.bottom) - max(self.y, other.y)
        return w * h if w > 0 and h > 0 else 0.0


def reading_order(boxes: list[Rect]) -> list[int]:
    """The indexes of ``boxes`` in reading order: top to bottom, then left to right, where
    boxes on one line (each one's middle within the other's height, as a label, a field
    and a button in a row) go left to right even when their tops differ by a few pixels."""
    pending = sorted(range(len(boxes)), key=lambda i: (boxes[i].y, boxes[i].x, i))
    out: list[int] = []
    while pending:
        anchor = boxes[pending[0]]
        line, rest = [], []
        for n, i in enumerate(pending):
            if boxes[i].y >= anchor.bottom:  # nothing from here on can share the anchor's line
                rest += pending[n:]
                break
            (line if _one_line(anchor, boxes[i]) else rest).append(i)
        out += sorted(line, key=lambda i: (boxes[i].x, boxes[i].y, i))
        pending = rest
    return out


def _one_line(a: Rect, b: Rect) -> bool:
    return a.y <= b.y + b.height / 2 <= a.bottom and b.y <= a.y + a.height / 2 <= b.bottom


def colour(label: int) -> str:
    return PALETTE[(label - 1) % len(PALETTE)]


def place_badges(boxes: list[Rect], width: int, height: int) -> list[Rect]:
    """A badge for each box (label i + 1 for boxes[i]), inside the image, greedily in label order."""
    placed: list[Rect] = []
    for label, box in enumerate(boxes, 1):
        size = (len(str(label)) * DIGIT_WIDTH + 2 * BADGE_PADDING, BADGE_HEIGHT)
        candidates = [_inside(spot, size, width, height) for spot in _spots(box, *size)]
        placed.append(min(candidates, key=lambda spot: sum(spot.overlap(other) for other in placed)))
    return placed


def _spots(box: Rect, w: float, h: float) -> list[tuple[float, float]]:
    """Where a w x h badge may go, in order of preference: above the top-left corner, inside
    it, above the top-right corner, inside it, below, left, right, inside the bottom-left;
    then, in a crowd, one and two badges further out above, below, left and right."""
    spots = [
        (box.x, box.y - h),
        (box.x, box.y),
        (box.right - w, box.y - h),
        (box.right - w, box.y),
        (box.x, box.bottom),
        (box.x - w, box.y),
        (box.right, box.y),
        (box.x, box.bottom - h),
    ]
    for k in (1, 2):
        spots += [(box.x, box.y - (k + 1) * h), (box.x, box.bottom + k * h)]
        spots += [(box.x - (k + 1) * w, box.y), (box.right + k * w, box.y)]
    return spots


def _inside(spot: tuple[float, float], size: tuple[float, float], width: int, height: int) -> Rect:
    w, h = size
    return Rect(min(max(spot[0], 0), max(width - w, 0)), min(max(spot[1], 0), max(height - h, 0)), w, h)


def overlay_svg(boxes: list[Rect], badges: list[Rect], width: int, height: int) -> str:
    """The SVG of every outline, then every badge (badges are never hidden by an outline)."""
    if not boxes:
        return ""
    halos, outlines, labels = [], [], []
    for label, (box, badge) in enumerate(zip(boxes, badges), 1):
        fill = colour(label)
        halos.append(_rect(box.x - 0.5, box.y - 0.5, box.width + 1, box.height + 1, 'stroke="#fff" stroke-width="1"'))
        inner_w, inner_h = max(box.width - 2, 0), max(box.height - 2, 0)
        outlines.append(_rect(box.x + 1, box.y + 1, inner_w, inner_h, f'stroke="{fill}" stroke-width="2"'))
        digits = len(str(label))
        labels.append(
            f'<rect x="{badge.x:g}" y="{badge.y:g}" width="{badge.width:g}" height="{badge.height:g}" rx="2" '
            f'fill="{fill}" stroke="#fff" stroke-width="1"/>'
            f'<text x="{badge.x + badge.width / 2:g}" y="{badge.y + badge.height / 2:g}" '
            f'textLength="{digits * DIGIT_WIDTH}" lengthAdjust="spacingAndGlyphs">{label}</text>'
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        'style="position:absolute;left:0;top:0;overflow:visible">'
        '<g fill="none" shape-rendering="crispEdges">' + "".join(halos) + "".join(outlines) + "</g>"
        f'<g font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="{FONT_SIZE}" font-weight="bold" '
        'fill="#fff" text-anchor="middle" dominant-baseline="central">' + "".join(labels) + "</g></svg>"
    )


def _rect(x: float, y: float, w: float, h: float, paint: str) -> str:
    return f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" {paint}/>'
