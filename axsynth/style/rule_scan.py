"""A style sheet's style rules, found by scanning its text (CSS Syntax 3's "consume a
stylesheet's contents", without tokenizing what it skips).

The cascade needs every rule's selector list, but the declarations of only the rules
that match; most of a site's CSS matches nothing on a given page. Tokenizing all of it
(tinycss2, in Python) is most of what a large sheet costs, so here a rule's extent is
found by a regular expression that stops only where the structure may change — braces,
brackets, parentheses, strings, comments, escapes, ``url(`` — and the rule's prelude and
block are handed on as text, tokenized later if at all (Blink's lazy parsing does the
same for declaration blocks). ``@media`` and ``@supports`` preludes are tokenized and
evaluated here; the contents of the group rules that apply are scanned the same way. A
rule that may nest rules (a block holding ``{`` or ``@``, a prelude holding ``&``) and
``@scope`` are tokenized and desugared by ``style/nesting`` (its one home).

The extents are tinycss2's exactly (the same comments, strings, bad strings and bad
URLs, unmatched closing brackets, CDO/CDC at the top level); a sheet whose identifiers
use escapes where a tokenizer would have to decode them to know the structure (an
escaped ``url``, an escape before ``(``) is handed to tinycss2 whole instead
(:func:`exact_style_rules`), as is every at-rule whose rules this scan does not walk.
tests/unit/test_rule_scan.py holds the two paths equal on every fixture, real sheets
and edge cases.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Iterator

import tinycss2
from webencodings import ascii_lower

from . import media, nesting, supports

# Where the structure may change: block and function brackets, strings, escapes,
# comments, url( (an unquoted URL may hold brackets).
_STRUCTURE = re.compile(r"""[{}()\[\];"'\\]|/\*|url\(""", re.IGNORECASE)
_CLOSER = {"{": "}", "(": ")", "[": "]"}
_WHITESPACE = " \n\t"
# An escape in an identifier that ends at '(' (a function's name, or url's): the scan
# would have to decode it to know whether it opens a URL.
# An at-keyword with an escape in its name: the same.
_ESCAPE = r"\\(?:[0-9A-Fa-f]{1,6}[ \t\n]?|[^\n0-9A-Fa-f])"
_NEEDS_TOKENIZER = re.compile(rf"{_ESCAPE}(?:[A-Za-z0-9_\-\x80-\U0010ffff]|{_ESCAPE})*\(|@[A-Za-z0-9_\-]*\\")
_NAME_CHARS = re.compile(r"[A-Za-z0-9_\-\x80-\U0010ffff]+")
_STRINGS = {quote: re.compile(rf"[^{quote}\\\n]+|\\[0-9A-Fa-f]{{1,6}}[ \t\n]?|\\\n|\\[^\n]") for quote in "\"'"}
_HEX_ESCAPE = re.compile(r"[0-9A-Fa-f]{1,6}[ \t\n]?")
# The characters of an unquoted URL that need no look: all but ')', white space, escapes,
# and what makes it a bad URL (quotes, '(' and non-printables; CSS Syntax 3 §4.3.6).
_URL_CHARS = re.compile("[^)\\\\ \\n\\t\"'(\\x00-\\x08\\x0b\\x0e-\\x1f\\x7f]+")

# Group rules whose contents apply: @media and @supports when their condition holds;
# @layer and @container always (nesting._TRANSPARENT). @scope goes to style/nesting.
_ALWAYS_APPLY = nesting.TRANSPARENT


def preprocess(css: str) -> str:
    """CSS Syntax 3 §3.3: the input stream as the tokenizer sees it."""
    return css.replace("\0", "\ufffd").replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n")


def style_rules(css: str) -> Iterator[tuple[Any, Any]]:
    """The style rules that apply in a sheet, in order: (prelude, block), each the rule's
    text (or, for a sheet handed to tinycss2 whole, its tokens)."""
    css = preprocess(css)
    if _NEEDS_TOKENIZER.search(css):
        yield from exact_style_rules(tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True))
        return
    yield from _scan_rules(css, 0, len(css), top_level=True)


def group_rule_applies(keyword: str, prelude: list) -> bool:
    """Whether a group rule's contents apply (``keyword`` in lower case, ``prelude`` tokens)."""
    if keyword == "media":
        return media.matches(prelude)
    if keyword == "supports":
        return supports.matches(prelude)
    return keyword in _ALWAYS_APPLY


def exact_style_rules(rules: Iterable) -> Iterator[tuple[Any, Any]]:
    """The flat style rules of tinycss2's parse of a rule list (style/nesting: nesting
    desugared, into the group rules that apply): (prelude tokens, block tokens)."""
    for rule in nesting.style_rules(rules):
        yield rule.prelude, rule.content


def _exact_rule(text: str) -> Iterator[tuple[Any, Any]]:
    """The flat style rules of one rule's text, tokenized (nesting, @scope)."""
    rule = tinycss2.parse_one_rule(text, skip_comments=True)
    if rule.type != "error":
        yield from exact_style_rules([rule])


def _scan_rules(css: str, position: int, end: int, top_level: bool) -> Iterator[tuple[str, str]]:
    """consume a stylesheet's contents (``top_level``) or a block's rule list, over css[position:end]."""
    while True:
        position = _skip_between_rules(css, position, end, top_level)
        if position >= end:
            return
        at_keyword = _at_keyword(css, position, end)
        if at_keyword is not None:
            name, prelude_start = at_keyword
            prelude_end, block_end = _rule_extent(css, prelude_start, end, at_rule=True)
            if block_end is not None and ascii_lower(name) == "scope":
                yield from _exact_rule(css[position : block_end + 1])
            elif block_end is not None and group_rule_applies(
                ascii_lower(name),
                tinycss2.parse_component_value_list(css[prelude_start:prelude_end], skip_comments=True),
            ):
                yield from _scan_rules(css, prelude_end + 1, block_end, top_level=False)
            position = (block_end if block_end is not None else prelude_end) + 1
            continue
        prelude_end, block_end = _rule_extent(css, position, end, at_rule=False)
        if block_end is None:
            return  # a qualified rule cut by the end of the input: a parse error, no rule
        block = css[prelude_end + 1 : block_end]
        if "{" in block or "@" in block or "&" in css[position:prelude_end]:
            yield from _exact_rule(css[position : block_end + 1])  # it may nest rules (a string may hold these too)
        else:
            yield css[position:prelude_end], block
        position = block_end + 1


def _skip_between_rules(css: str, position: int, end: int, top_level: bool) -> int:
    """Past white space and comments (and, at the top level, CDO/CDC) before a rule."""
    while position < end:
        c = css[position]
        if c in _WHITESPACE:
            position += 1
        elif css.startswith("/*", position):
            close = css.find("*/", position + 2, end)
            position = end if close < 0 else close + 2
        elif top_level and css.startswith("<!--", position):
            position += 4
        elif top_level and css.startswith("-->", position):
            position += 3
        else:
            break
    return position


def _at_keyword(css: str, position: int, end: int) -> tuple[str, int] | None:
    """An at-keyword token at ``position``: its name and where its prelude starts."""
    if css[position] != "@" or position + 1 >= end:
        return None
    start = position + 1
    c = css[start]
    ident_start = c.isascii() and (c.isalpha() or c == "_") or not c.isascii()
    if c == "-" and start + 1 < end:
        following = css[start + 1]
        ident_start = following == "-" or following == "_" or following.isalpha() or not following.isascii()
    if not ident_start:
        return None
    match = _NAME_CHARS.match(css, start, end)
    return (match.group(), match.end()) if match else None


def _rule_extent(css: str, position: int, end: int, at_rule: bool) -> tuple[int, int | None]:
    """Where a rule's prelude ends (at its block's '{', an at-rule's ';', or the end) and
    where its block ends (the matching '}', or the end of the input; None: no block)."""
    stack: list[str] = []
    while True:
        match = _STRUCTURE.search(css, position, end)
        if match is None:
            return end, None
        c = match.group()
        start = match.start()
        position = match.end()
        if c == "{":
            if not stack:
                return start, _block_end(css, position, end)
            stack.append("}")
        elif c in "([":
            stack.append(_CLOSER[c])
        elif c in ")]}":
            if stack and stack[-1] == c:
                stack.pop()
        elif c == ";":
            if at_rule and not stack:
                return start, None
        else:
            position = _skip_token(css, c, start, position, end)


def _block_end(css: str, position: int, end: int) -> int:
    """The index of the '}' closing a block whose contents start at ``position`` (the end of the input if none)."""
    stack = ["}"]
    while True:
        match = _STRUCTURE.search(css, position, end)
        if match is None:
            return end
        c = match.group()
        position = match.end()
        if c in "{([":
            stack.append(_CLOSER[c])
        elif c in ")]}":
            if stack[-1] == c:
                stack.pop()
                if not stack:
                    return match.start()
        elif c != ";":
            position = _skip_token(css, c, match.start(), position, end)


def _skip_token(css: str, found: str, start: int, position: int, end: int) -> int:
    """Past a string, comment, escape or URL token found at ``start`` (``position`` is just past ``found``)."""
    if found in "\"'":
        return _string_end(css, found, position, end)
    if found == "\\":
        return position + 1 if position < end and css[position] != "\n" else position
    if found == "/*":
        close = css.find("*/", position, end)
        return end if close < 0 else close + 2
    # url( — a URL token unless a name character, '#' or '@' precedes it (a longer name) or a
    # quote follows (a function whose argument is a string).
    if start > 0 and (css[start - 1] in "#@" or _NAME_CHARS.match(css[start - 1])):
        return position - 1  # the '(' is scanned as a bracket
    after = position
    while after < end and css[after] in _WHITESPACE:
        after += 1
    if after < end and css[after] in "\"'":
        return position - 1
    return _url_end(css, position, end)


def _string_end(css: str, quote: str, position: int, end: int) -> int:
    """Past a string token: its closing quote, or just before the newline that makes it a bad string."""
    pattern = _STRINGS[quote]
    while position < end:
        c = css[position]
        if c == quote:
            return position + 1
        if c == "\n":
            return position
        match = pattern.match(css, position, end)
        if match is None:  # a backslash at the end of the input
            return end
        position = match.end()
    return end


def _url_end(css: str, position: int, end: int) -> int:
    """Past an unquoted URL token (or a bad URL's remnants), ``position`` just after ``url(``."""
    while position < end and css[position] in _WHITESPACE:
        position += 1
    while position < end:
        run = _URL_CHARS.match(css, position, end)
        if run is not None:  # a data: URL may be megabytes long: its plain characters in one step
            position = run.end()
            continue
        c = css[position]
        if c == ")":
            return position + 1
        if c in _WHITESPACE:
            while position < end and css[position] in _WHITESPACE:
                position += 1
            if position >= end or css[position] == ")":
                return min(position + 1, end)
            break  # white space inside: a bad URL
        if c == "\\":
            if css.startswith("\\\n", position):
                position += 1  # not an escape: tinycss2 takes the backslash as it is
                continue
            hex_escape = _HEX_ESCAPE.match(css, position + 1, end)
            position = hex_escape.end() if hex_escape else position + 2
            continue
        position += 1  # a quote, '(' or a non-printable character: a bad URL
        break
    else:
        return end
    # The remnants of a bad URL: up to the next ')' (a '\\)' does not count).
    while position < end:
        close = css.find(")", position, end)
        if close < 0:
            return end
        escaped = css.rfind("\\)", position, close + 1)
        if escaped != close - 1:
            return close + 1
        position = close + 1
    return end
