"""Moving laid-out boxes: a subtree laid out at one place and then put at another
(atomic inlines and floats are laid out before their position is known), and the
offsets applied after layout (relative and sticky positioning, CSS 2 §9.4.3)."""

from __future__ import annotations

from ..style.lengths import LengthPercentage
from .box import Box
from .geometry import lu


def shift(box: Box, dx: float, dy: float) -> None:
    """Moves a box and everything laid out inside it."""
    if not dx and not dy:
        return
    stack = [box]
    while stack:
        current = stack.pop()
        current.x += dx
        current.y += dy
        if current.fragments:
            for fragment in current.fragments:
                fragment[0] += dx
                fragment[1] += dy
        if current.extra:
            for key in ("first_baseline", "last_baseline"):
                if key in current.extra:
                    current.extra[key] += dy
        stack.extend(current.children)


def relative_offset(box: Box, cb_width: float, cb_height: float | None) -> tuple[float, float]:
    """The offset of a relatively positioned box: left wins over right, top over bottom."""
    style = box.style
    left = _offset(style["left"], cb_width)
    right = _offset(style["right"], cb_width)
    top = _offset(style["top"], cb_height)
    bottom = _offset(style["bottom"], cb_height)
    dx = left if left is not None else (-right if right is not None else 0.0)
    dy = top if top is not None else (-bottom if bottom is not None else 0.0)
    return dx, dy


def _offset(value, basis: float | None) -> float | None:
    if value.__class__ is float:
        return lu(value)
    if isinstance(value, LengthPercentage):
        return lu(value.resolve(basis)) if basis is not None else None
    return None


def apply_relative_positions(root: Box) -> None:
    """Shifts every relatively positioned box (and its subtree) by its offsets, against
    its containing block's size, after the whole tree is laid out."""
    stack = [root]
    while stack:
        box = stack.pop()
        if box.tree is not None and box.element is not None and box.position == "relative":
            cb = _containing_block_size(box)
            dx, dy = relative_offset(box, *cb)
            shift(box, dx, dy)
        stack.extend(box.children)


def _containing_block_size(box: Box) -> tuple[float, float | None]:
    parent = box.parent
    while parent is not None and parent.kind in ("inline", "text"):
        parent = parent.parent
    if parent is None:
        return 0.0, None
    _x, _y, width, height = parent.content_box()
    explicit_height = parent.style["height"] if parent.style is not None else "auto"
    return width, height if explicit_height != "auto" else None
