"""Author-defined counter styles (CSS Counter Styles 3, ``@counter-style``): the
rules of a document's style sheets, and a counter value in one of them, as a list
marker or ``counter()`` shows it. The predefined styles stay with counters.py.

A style's systems follow the specification's algorithms (cyclic, fixed, symbolic,
alphabetic, numeric, additive, extends); a value out of its range, or a style that
cannot represent it, falls back (to decimal unless ``fallback`` names another).
``speak-as`` changes what a screen reader says, not the marker's text, which is all
the tree shows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Callable, Iterable

import tinycss2

#: Chromium's limit on the length of a counter representation before falling back.
_MAX_LENGTH = 60
_SYSTEMS = frozenset({"cyclic", "numeric", "alphabetic", "symbolic", "additive", "fixed"})


@dataclass(frozen=True)
class CounterStyle:
    system: str = "symbolic"
    first: int = 1  # a fixed system's first symbol value
    extends: str | None = None
    symbols: tuple[str, ...] = ()
    additive: tuple[tuple[int, str], ...] = ()
    prefix: str = ""
    suffix: str = ". "
    negative: tuple[str, str] = ("-", "")
    ranges: tuple[tuple[float, float], ...] | None = None  # None: auto
    pad: tuple[int, str] = (0, "")
    fallback: str = "decimal"
    given: frozenset[str] = field(default_factory=frozenset)  # the descriptors the rule set


# A sheet that may hold an @counter-style rule: the at-keyword, or one spelt with an escape.
_MAY_DEFINE = re.compile(r"@(?:counter-style|[\w-]*\\)", re.IGNORECASE)


def collect(sheets: Iterable[tuple[str, int]]) -> dict[str, CounterStyle]:
    """The ``@counter-style`` rules of style sheets, later rules winning, ``extends``
    resolved (a cycle or an unknown base extends decimal)."""
    rules: dict[str, CounterStyle] = {}
    for css, _origin in sheets:
        if not _MAY_DEFINE.search(css):
            continue  # not tokenized: a large sheet's full parse costs seconds (style/rule_scan.py)
        for rule in tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True):
            if rule.type == "at-rule" and rule.lower_at_keyword == "counter-style" and rule.content is not None:
                name = _name(rule.prelude)
                style = _parse(rule.content)
                if name is not None and style is not None:
                    rules[name] = style
    return {name: _resolve(name, rules, set()) for name in rules}


def represent(value: int, name: str, styles: dict[str, CounterStyle], predefined: Callable[[int, str], str]) -> str:
    """The marker string of ``value``: prefix, representation and suffix of the
    author style ``name`` (``predefined`` formats the other styles)."""
    style = styles[name]
    return style.prefix + _representation(value, style, styles, predefined, 0) + style.suffix


def representation(
    value: int, name: str, styles: dict[str, CounterStyle], predefined: Callable[[int, str], str]
) -> str:
    """What ``counter(x, name)`` shows: the representation alone."""
    return _representation(value, styles[name], styles, predefined, 0)


def _representation(
    value: int, style: CounterStyle, styles: dict[str, CounterStyle], predefined: Callable, depth: int
) -> str:
    text = _generate(abs(value) if _uses_negative(style) else value, style) if _in_range(value, style) else None
    if text is None or len(text) > _MAX_LENGTH:
        fallback = styles.get(style.fallback)
        if fallback is None or depth > 8:
            return predefined(value, style.fallback if style.fallback not in styles else "decimal")
        return _representation(value, fallback, styles, predefined, depth + 1)
    width, pad = style.pad
    negative = value < 0 and _uses_negative(style)
    if len(text) < width:
        text = pad * (width - len(text) - (len(style.negative[0]) + len(style.negative[1]) if negative else 0)) + text
    return style.negative[0] + text + style.negative[1] if negative else text


def _uses_negative(style: CounterStyle) -> bool:
    return style.system in ("symbolic", "alphabetic", "numeric", "additive")


def _in_range(value: int, style: CounterStyle) -> bool:
    ranges = style.ranges
    if ranges is None:  # auto
        if style.system in ("cyclic", "numeric", "fixed"):
            return True
        if style.system in ("alphabetic", "symbolic"):
            return value >= 1
        return value >= 0  # additive
    return any(low <= value <= high for low, high in ranges)


def _generate(value: int, style: CounterStyle) -> str | None:
    symbols = style.symbols
    system = style.system
    if system == "cyclic" and symbols:
        return symbols[(value - 1) % len(symbols)]
    if system == "fixed" and symbols:
        index = value - style.first
        return symbols[index] if 0 <= index < len(symbols) else None
    if system == "symbolic" and symbols and value >= 1:
        count = len(symbols)
        return symbols[(value - 1) % count] * ((value - 1) // count + 1)
    if system == "alphabetic" and len(symbols) >= 2 and value >= 1:
        out = []
        while value:
            value -= 1
            out.append(symbols[value % len(symbols)])
            value //= len(symbols)
        return "".join(reversed(out))
    if system == "numeric" and len(symbols) >= 2:
        if value == 0:
            return symbols[0]
        out = []
        while value:
            out.append(symbols[value % len(symbols)])
            value //= len(symbols)
        return "".join(reversed(out))
    if system == "additive" and style.additive:
        return _additive(value, style.additive)
    return None


def _additive(value: int, weights: tuple[tuple[int, str], ...]) -> str | None:
    if value == 0:
        zero = [symbol for weight, symbol in weights if weight == 0]
        return zero[0] if zero else None
    out = []
    for weight, symbol in weights:
        if weight == 0 or weight > value:
            continue
        count, value = divmod(value, weight)
        out.append(symbol * count)
        if value == 0:
            return "".join(out)
    return None


def _resolve(name: str, rules: dict[str, CounterStyle], seen: set[str]) -> CounterStyle:
    """A rule with ``system: extends`` takes its base's descriptors but those it sets."""
    style = rules[name]
    if style.extends is None:
        return style
    base_name = style.extends
    if base_name in seen or base_name == name or base_name not in rules:
        base = CounterStyle(system="numeric", symbols=tuple("0123456789"))  # decimal
    else:
        base = _resolve(base_name, rules, seen | {name})
    own = {key: getattr(style, key) for key in style.given}
    return replace(base, **own, extends=None, given=base.given | style.given)


def _name(prelude: list) -> str | None:
    idents = [t for t in prelude if t.type not in ("whitespace", "comment")]
    if len(idents) != 1 or idents[0].type != "ident":
        return None
    name = idents[0].value
    return None if name.lower() in ("none", "decimal", "disc") else name


def _parse(content: list) -> CounterStyle | None:
    values: dict[str, object] = {}
    for decl in tinycss2.parse_blocks_contents(content, skip_comments=True, skip_whitespace=True):
        if decl.type != "declaration":
            continue
        parts = [t for t in decl.value if t.type not in ("whitespace", "comment")]
        parsed = _DESCRIPTORS.get(decl.lower_name, lambda _parts: None)(parts)
        if parsed is not None:
            values.update(parsed)
    system = values.get("system", "symbolic")
    if values.get("extends") is None and system not in _SYSTEMS:
        return None
    given = frozenset(k for k in values if k not in ("system", "first", "extends"))
    return CounterStyle(**values, given=given)


def _symbol(token) -> str | None:
    return token.value if token.type in ("string", "ident") else None


def _system(parts: list) -> dict | None:
    idents = [p.lower_value for p in parts if p.type == "ident"]
    if not idents:
        return None
    if idents[0] == "extends" and len(parts) == 2 and parts[1].type == "ident":
        return {"system": "extends", "extends": parts[1].value}
    if idents[0] == "fixed":
        first = next((p.int_value for p in parts if p.type == "number" and p.is_integer), 1)
        return {"system": "fixed", "first": first}
    return {"system": idents[0]} if len(parts) == 1 and idents[0] in _SYSTEMS else None


def _symbols(parts: list) -> dict | None:
    symbols = [_symbol(p) for p in parts]
    return {"symbols": tuple(symbols)} if symbols and None not in symbols else None


def _additive_symbols(parts: list) -> dict | None:
    weights: list[tuple[int, str]] = []
    pending: int | None = None
    for part in parts:
        if part.type == "literal" and part.value == ",":
            continue
        if part.type == "number" and part.is_integer and part.int_value >= 0:
            pending = part.int_value
        elif _symbol(part) is not None and pending is not None:
            weights.append((pending, _symbol(part)))
            pending = None
        else:
            return None
    return {"additive": tuple(weights)} if weights else None


def _one_symbol(key: str) -> Callable[[list], dict | None]:
    def parse(parts: list) -> dict | None:
        return {key: _symbol(parts[0])} if len(parts) == 1 and _symbol(parts[0]) is not None else None

    return parse


def _negative(parts: list) -> dict | None:
    symbols = [_symbol(p) for p in parts]
    if not 1 <= len(symbols) <= 2 or None in symbols:
        return None
    return {"negative": (symbols[0], symbols[1] if len(symbols) == 2 else "")}


def _range(parts: list) -> dict | None:
    """``range``: auto, or comma-separated pairs of integers (``infinite`` unbounded)."""
    if len(parts) == 1 and parts[0].type == "ident" and parts[0].lower_value == "auto":
        return {"ranges": None}
    bounds = [_bound(p, low=i % 2 == 0) for i, p in enumerate(t for t in parts if t.type != "literal")]
    if not bounds or len(bounds) % 2 or None in bounds:
        return None
    return {"ranges": tuple(zip(bounds[::2], bounds[1::2]))}


def _bound(token, low: bool) -> float | None:
    if token.type == "ident" and token.lower_value == "infinite":
        return float("-inf") if low else float("inf")
    return token.int_value if token.type == "number" and token.is_integer else None


def _pad(parts: list) -> dict | None:
    width = next((p.int_value for p in parts if p.type == "number" and p.is_integer and p.int_value >= 0), None)
    symbol = next((_symbol(p) for p in parts if _symbol(p) is not None), None)
    return {"pad": (width, symbol)} if len(parts) == 2 and width is not None and symbol is not None else None


def _fallback(parts: list) -> dict | None:
    return {"fallback": parts[0].value} if len(parts) == 1 and parts[0].type == "ident" else None


_DESCRIPTORS: dict[str, Callable[[list], dict | None]] = {
    "system": _system,
    "symbols": _symbols,
    "additive-symbols": _additive_symbols,
    "prefix": _one_symbol("prefix"),
    "suffix": _one_symbol("suffix"),
    "negative": _negative,
    "range": _range,
    "pad": _pad,
    "fallback": _fallback,
}
