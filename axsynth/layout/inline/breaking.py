"""Soft wrap opportunities (CSS Text 3 §5; the rules of UAX #14 Chromium's ICU line
breaker applies, in the subset Western and CJK text needs): after spaces, after
hyphens and dashes, around ideographs, after a zero-width space, around atomic
inlines; none next to a no-break space or a word joiner, none before closing
punctuation or after opening punctuation. ``word-break`` and ``line-break:
anywhere`` add opportunities between letters; ``white-space`` without wrapping
removes them."""

from __future__ import annotations

import unicodedata

from .items import OBJECT, Paragraph

_NO_BREAK = frozenset("\u00a0\u202f\u2007\u2060\ufeff\u034f")  # GL and WJ classes
_BREAK_AFTER = frozenset("-\u2010\u2012\u2013\u058a\u00ad\u1806\u2027\u0f0b")  # HY, BA
_DASH_BOTH = frozenset("\u2014")  # B2: break before and after (not between two)
_CLOSING = frozenset(")]}\u3001\u3002\uff09\uff3d\uff5d\u300d\u300f\u3011\u3015\uff0c\uff0e\uff1a\uff1b\u30fc!?,.:;%")
_OPENING = frozenset("([{\u300c\u300e\u3010\u3014\uff08\uff3b\uff5b\u201c\u2018$")
_SPACES = frozenset(" \t")


def _is_ideographic(char: str) -> bool:
    code = ord(char)
    return (
        0x2E80 <= code <= 0x9FFF
        or 0xAC00 <= code <= 0xD7AF
        or 0xF900 <= code <= 0xFAFF
        or 0xFF00 <= code <= 0xFFEF
        or 0x20000 <= code <= 0x3FFFD
    ) and char not in _CLOSING


def opportunities(paragraph: Paragraph, styles: list[dict]) -> list[bool]:
    """``result[i]``: text may wrap before character i (for 0 < i < len). ``styles``:
    the computed style of each character's text (word-break, line-break)."""
    text = paragraph.text
    length = len(text)
    result = [False] * (length + 1)
    for index in range(1, length):
        before, after = text[index - 1], text[index]
        if not paragraph.wraps[index - 1] and not (before == "\n"):
            continue
        if before == "\n":
            continue  # the forced break ends the line there already
        result[index] = _pair_breaks(before, after, styles[index])
    return result


def _pair_breaks(before: str, after: str, style: dict) -> bool:
    if after in _SPACES or after == "\n":
        return False  # spaces hang at the end of the line; a break goes after them
    if before in _NO_BREAK or after in _NO_BREAK:
        return False
    if before in _SPACES:
        return True
    if before == "\u200b":
        return True
    if before == OBJECT or after == OBJECT:
        return True
    word_break = style["word-break"]
    if style["line-break"] == "anywhere":
        return True
    if after in _CLOSING or before in _OPENING:
        return False
    if before in _BREAK_AFTER:
        return not after.isdigit() and not _is_combining(after)
    if before in _DASH_BOTH or after in _DASH_BOTH:
        return before != after
    if _is_ideographic(before) or _is_ideographic(after):
        return word_break != "keep-all" or not (_is_ideographic(before) and _is_ideographic(after))
    if word_break == "break-all" and before.isalnum() and after.isalnum():
        return not _is_combining(after)
    return False


def _is_combining(char: str) -> bool:
    return unicodedata.category(char) in ("Mn", "Mc", "Me")


def grapheme_breaks(text: str, start: int, end: int) -> list[int]:
    """Positions between grapheme clusters in [start, end] (an emergency break for
    overflow-wrap may go at any of them)."""
    positions = []
    for index in range(start + 1, end):
        if not _is_combining(text[index]) and not ("\udc00" <= text[index] <= "\udfff"):
            positions.append(index)
    return positions
