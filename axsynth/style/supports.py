"""@supports conditions (CSS Conditional 3 §6, Conditional 4 ``selector()``), evaluated
as Chromium would for what axsynth can know: a declaration of a property axsynth models
is supported when it parses (the parsers follow Chromium's grammar for those
properties); a custom property always is; a property with a vendor prefix other than
``-webkit-`` never is (Chromium implements none); any other property is taken as
supported. ``font-tech()``/``font-format()`` are taken as supported; anything else that
is not a condition (general-enclosed) is false."""

from __future__ import annotations

import tinycss2

from .properties import PARSERS, SHORTHANDS, parse_declaration

_FOREIGN_PREFIXES = ("-moz-", "-ms-", "-o-")


def matches(prelude: list) -> bool:
    """The prelude of an @supports rule."""
    return _supports_condition(_significant(prelude))


def _significant(tokens: list) -> list:
    return [t for t in tokens if t.type not in ("whitespace", "comment")]


def _supports_condition(tokens: list) -> bool:
    """not <in-parens> | <in-parens> [and <in-parens>]* | <in-parens> [or <in-parens>]*"""
    if not tokens:
        return False
    if _is_keyword(tokens[0], "not"):
        return len(tokens) == 2 and not _supports_in_parens(tokens[1])
    results = [_supports_in_parens(tokens[0])]
    operators = set()
    for index in range(1, len(tokens), 2):
        operator = tokens[index]
        if index + 1 >= len(tokens) or not (_is_keyword(operator, "and") or _is_keyword(operator, "or")):
            return False  # not a condition: the whole rule is invalid
        operators.add(operator.lower_value)
        results.append(_supports_in_parens(tokens[index + 1]))
    if len(operators) > 1:
        return False  # and/or mixed without parentheses is invalid
    return any(results) if operators == {"or"} else all(results)


def _supports_in_parens(token) -> bool:
    if token.type == "() block":
        inner = _significant(token.content)
        if len(inner) >= 2 and inner[0].type == "ident" and inner[1].type == "literal" and inner[1].value == ":":
            colon = token.content.index(inner[1])
            return _declaration_supported(inner[0].lower_value, token.content[colon + 1 :])
        return _supports_condition(inner)
    if token.type == "function" and token.lower_name == "selector":
        return _selector_supported(token.arguments)
    if token.type == "function" and token.lower_name in ("font-tech", "font-format"):
        return True  # probed: Chromium answers these font capability tests (color-COLRv1: yes)
    return False


def _declaration_supported(name: str, value: list) -> bool:
    value = _without_important(value)
    if not _significant(value):
        return False
    if name.startswith("--"):
        return True
    if name.startswith(_FOREIGN_PREFIXES):
        return False
    if name in PARSERS or name in SHORTHANDS:
        return bool(parse_declaration(name, value))
    return True


def _without_important(value: list) -> list:
    significant = _significant(value)
    if (
        len(significant) >= 2
        and significant[-2].type == "literal"
        and significant[-2].value == "!"
        and _is_keyword(significant[-1], "important")
    ):
        cut = value.index(significant[-2])
        return value[:cut]
    return value


def _selector_supported(arguments: list) -> bool:
    """Chromium supports the standard selectors (more than the matcher here does:
    ``:has()``); a pseudo-class or -element with another engine's prefix it does not."""
    return not any(prefix in tinycss2.serialize(arguments).lower() for prefix in (":-moz-", ":-ms-", ":-o-"))


def _is_keyword(token, keyword: str) -> bool:
    return token.type == "ident" and token.lower_value == keyword
