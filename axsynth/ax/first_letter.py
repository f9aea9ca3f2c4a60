"""Where a ``::first-letter`` lands, without layout (Blink's FirstLetterPseudoElement).

Accessibility only sees a ::first-letter whose text comes from generated content
(AXObjectCacheImpl::IsRelevantPseudoElement: its layout parent must be a ::before,
::after or ::marker box); a first letter taken from a DOM text node stays inside
that node's StaticText. So the tree asks: which text holds the block's first
letter, and how long is the letter?
"""

from __future__ import annotations

import unicodedata
from typing import Callable

from .object import FLEX_OR_GRID, AXObject
from .whitespace import is_whitespace_only

_PUNCTUATION = frozenset({"Ps", "Pe", "Pi", "Pf", "Po"})  # CSS 2.1 §5.12.2
_SPACES = " \t\n\r\f\u00a0"


def _cluster_end(text: str, i: int) -> int:
    """The end of the grapheme cluster at ``i`` (a code point and its combining marks)."""
    i += 1
    while i < len(text) and unicodedata.category(text[i]).startswith("M"):
        i += 1
    return i


def _is_punctuation(ch: str) -> bool:
    return unicodedata.category(ch) in _PUNCTUATION


def first_letter_length(text: str) -> int:
    """Leading spaces and punctuation, one letter, trailing punctuation; 0 when the
    text has no letter before its end or a space (FirstLetterLength)."""
    i = 0
    while i < len(text) and text[i] in _SPACES:
        i += 1
    while i < len(text) and _is_punctuation(text[i]):
        i = _cluster_end(text, i)
    if i == len(text) or text[i] in _SPACES:
        return 0
    i = _cluster_end(text, i)
    while i < len(text) and _is_punctuation(text[i]):
        i = _cluster_end(text, i)
    return i


def behaves_like_block_container(obj: AXObject) -> bool:
    """Can carry a ::first-letter: a block container that may have generated children."""
    return obj.is_block_flow() and not obj.is_replaced()


def first_letter_text(host: AXObject, has_own: Callable[[AXObject], bool]) -> tuple[AXObject, int] | None:
    """The text object holding ``host``'s first letter and the letter's length
    (FirstLetterTextLayoutObject over the layout children of ``host``).
    ``has_own(obj)``: a ::first-letter rule styles ``obj``."""
    levels = [(list(host.layout_children()), 0)]  # (siblings, index) from host down
    while levels:
        siblings, i = levels[-1]
        if i >= len(siblings):
            return None
        obj, last = siblings[i], i == len(siblings) - 1
        step = _visit(obj, last, has_own)
        if isinstance(step, tuple):
            return step
        if step == "stop":
            return None
        if step == "descend":
            levels.append((list(obj.layout_children()), 0))
            continue
        if step == "empty" and last:
            levels.pop()  # an empty inline ends its box: go on after its parent
            if not levels:
                return None
            siblings, i = levels[-1]
        levels[-1] = (siblings, i + 1)
    return None


def _visit(obj: AXObject, last: bool, has_own: Callable[[AXObject], bool]):
    """One step of the walk: the answer, "next", "empty", "descend" or "stop"."""
    if obj.is_generated_image():
        return "stop"  # an atomic inline ends the search
    if obj.kind in ("text", "anonymous") and not obj.children:
        length = first_letter_length(obj.text)
        if length:
            return obj, length
        if last and not is_whitespace_only(obj.text) and _inline_box(obj.parent):
            return obj, len(obj.text)  # inline content made only of punctuation: styled whole
        return "next"
    if obj.kind == "pseudo" and obj.pseudo_which == "marker":
        return "next"
    if obj.is_out_of_flow() or obj.display in FLEX_OR_GRID:
        return "next"
    if obj.is_atomic_inline() or obj.is_replaced() or obj.tag() == "br":
        return "stop"
    if obj.kind == "pseudo" and not obj.children:
        return "stop"  # CSS alt text: its text is not walked
    if not obj.is_inline_level() and has_own(obj):
        return "stop"  # a nested block with its own ::first-letter takes it
    return "descend" if obj.children else "empty"


def _inline_box(obj: AXObject | None) -> bool:
    return obj is not None and (obj.kind == "pseudo" and obj.display == "inline" or obj.is_layout_inline())
