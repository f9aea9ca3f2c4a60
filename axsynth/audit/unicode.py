"""axe-core's character classes (emoji, symbols outside the basic plane, punctuation),
as its text checks apply them (``hasUnicode``, ``removeUnicode``).

The classes are axe's own regular expressions (vendored as data), written for
JavaScript strings, where a character outside the basic multilingual plane is two
UTF-16 code units. They are applied here to text rewritten the same way, so each
expression means what it means in axe.
"""

from __future__ import annotations

import re
from functools import cache

from .catalog import standards


@cache
def _pattern(name: str) -> re.Pattern[str]:
    return re.compile(standards()["unicode"][name])


_ASTRAL = re.compile("[\U00010000-\U0010ffff]")


def _utf16(text: str) -> str:
    """The text with each astral character as its surrogate pair (JavaScript's view)."""
    if text.isascii() or not _ASTRAL.search(text):
        return text
    out = []
    for char in text:
        code = ord(char)
        if code < 0x10000:
            out.append(char)
        else:
            code -= 0x10000
            out.append(chr(0xD800 + (code >> 10)) + chr(0xDC00 + (code & 0x3FF)))
    return "".join(out)


def _from_utf16(text: str) -> str:
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


_NON_BMP = ("nonBmp", "supplementaryPrivateUse", "categoryFormat")


def has_unicode(text: str, emoji: bool = False, non_bmp: bool = False, punctuations: bool = False) -> bool:
    if text.isascii() and not punctuations and not emoji:
        return False  # the other classes hold no ASCII character
    text = _utf16(text)
    names = (
        (["emoji"] if emoji else []) + (list(_NON_BMP) if non_bmp else []) + (["punctuation"] if punctuations else [])
    )
    return any(_pattern(name).search(text) for name in names)


def remove_unicode(text: str, emoji: bool = False, non_bmp: bool = False, punctuations: bool = False) -> str:
    if text.isascii() and not punctuations:
        return text
    text = _utf16(text)
    if emoji:
        text = _pattern("emoji").sub("", text)
    if non_bmp:
        for name in (*_NON_BMP, "variationSelector"):
            text = _pattern(name).sub("", text)
    if punctuations:
        text = _pattern("punctuation").sub("", text)
    return _from_utf16(text)
