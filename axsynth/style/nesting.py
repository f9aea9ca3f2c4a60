"""CSS Nesting (CSS Nesting Module 1) and the rule walk: a parsed style sheet's rules
desugared into the flat style rules the matcher compiles, in cascade order.

A style rule may hold rules: style rules whose selectors are relative to the parent
(``> a``, ``+ b``, ``.x`` meaning ``& .x``) or use the nesting selector ``&``, and
conditional group rules (``@media``, ``@supports``, ``@layer``, ``@container``,
``@scope``) whose declarations apply to the parent. Each nested rule becomes a flat
rule after its parent:

* ``&`` is ``:is(<parent selector list>)``, so its specificity is the largest of the
  parent's selectors; where ``&`` opens a selector and the parent is one selector it
  is written out instead (``.card .row``, not ``:is(.card) .row``), the same match
  and specificity with a selector the matcher can index;
* declarations after a nested rule, or directly in a nested group rule, form a
  *nested declarations rule* (Chromium's CSSNestedDeclarations): the parent's own
  selector list, with each selector's own specificity, placed where they appear;
* a nested rule with an invalid selector is dropped alone; an invalid parent drops
  its nested rules with it.

``@scope (<start>)`` scopes its rules to descendants of ``<start>`` (``:where()``,
no specificity); ``&`` and ``:scope`` there stand for the scoping root. The scope's
end (``to (<end>)``) is not applied (docs/divergences.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator

import tinycss2
from tinycss2.ast import IdentToken, LiteralToken, QualifiedRule
from tinycss2.serializer import serialize_identifier

from . import media, supports
from .selectors import SelectorError, compile_selector_list

_COMBINATORS = frozenset(">+~")
#: Style rules nested deeper than this are dropped: real sheets nest a few levels, and
#: each level lengthens and nests the selectors the matcher compiles (bounded by
#: selectors.MAX_NESTING).
MAX_NESTING_DEPTH = 32
#: A nested rule whose selectors, written out, pass this length is dropped: each level
#: repeats its parent's list (``:is(...)``), so lists in lists grow exponentially
#: (Chromium points to the parent instead of copying it).
MAX_SELECTOR_CHARS = 10_000
# Conditional group rules whose contents always apply here: no layout, no containers
# to query, and cascade layers are not ordered (docs/divergences.md).
TRANSPARENT = frozenset({"layer", "container"})


@dataclass(frozen=True)
class Nesting:
    """What the selectors of a nested rule are relative to."""

    parent: tuple[str, ...]  # the selector list ``&`` stands for
    implicit: str  # what a selector without ``&`` is a descendant of
    declarations: tuple[str, ...]  # the selector list of a nested declarations rule
    scope: str | None = None  # what ``:scope`` stands for (inside @scope)
    depth: int = 1  # style rules from the top level to here


def style_rules(rules: Iterable, nesting: Nesting | None = None) -> Iterator:
    """The flat style rules of a rule list (a style sheet, or a group rule's contents),
    in cascade order: qualified rules with a selector prelude and only declarations."""
    pending: list = []  # declarations in a nested group rule, waiting for the end of their run
    for rule in rules:
        if rule.type == "declaration":
            pending.append(rule)
            continue
        if pending and nesting is not None:
            yield from nested_declarations_rule(pending, nesting)
        pending = []
        if rule.type == "qualified-rule":
            yield from nested_style_rule(rule, nesting)
        elif rule.type == "at-rule" and rule.content is not None:
            yield from group_rule(rule, nesting)
    if pending and nesting is not None:
        yield from nested_declarations_rule(pending, nesting)


def nested_style_rule(rule, nesting: Nesting | None) -> Iterator:
    """A style rule and, after it, the rules nested in it."""
    if nesting is None and not _may_nest(rule.content) and not _contains_nesting_selector(rule.prelude):
        yield rule  # a plain rule (nearly all): as parsed
        return
    selectors = resolve_selector_list(rule.prelude, nesting)
    if selectors is None or not _valid(selectors) or (nesting is not None and nesting.depth >= MAX_NESTING_DEPTH):
        return
    items = [
        item
        for item in tinycss2.parse_blocks_contents(rule.content, skip_comments=True, skip_whitespace=True)
        if item.type != "error"
    ]
    first_rule = next((i for i, item in enumerate(items) if item.type != "declaration"), len(items))
    if first_rule:
        yield _flat_rule(rule, selectors, items[:first_rule])
    depth = nesting.depth + 1 if nesting is not None else 1
    yield from style_rules(items[first_rule:], Nesting(selectors, _leftmost(selectors), selectors, depth=depth))


def nested_declarations_rule(declarations: list, nesting: Nesting) -> Iterator:
    """Declarations among nested rules: a rule of the parent's own selectors, in place."""
    yield _flat_rule(declarations[0], nesting.declarations, declarations)


def group_rule(rule, nesting: Nesting | None) -> Iterator:
    """@media, @supports, @layer, @container, @scope (at the top level or nested): their
    contents when they apply; other at-rules hold no style rules that apply."""
    keyword = rule.lower_at_keyword
    if keyword == "media" and not media.matches(rule.prelude):
        return
    if keyword == "supports" and not supports.matches(rule.prelude):
        return
    if keyword == "scope":
        nesting = scope_nesting(rule.prelude, nesting)
        if nesting is False:
            return
    elif keyword not in TRANSPARENT and keyword not in ("media", "supports"):
        return
    if nesting is None:
        contents = tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True)
    else:
        contents = tinycss2.parse_blocks_contents(rule.content, skip_comments=True, skip_whitespace=True)
    yield from style_rules(contents, nesting)


def scope_nesting(prelude: list, nesting: Nesting | None) -> Nesting | None | bool:
    """What the rules of ``@scope (<start>) [to (<end>)]`` are relative to: descendants of
    the scoping root (``<start>``, itself relative to an enclosing style rule); None
    when there is no root to name (a top-level ``@scope`` without ``<start>`` scopes to
    its <style>'s parent: applied unscoped), False when the prelude is invalid."""
    significant = [t for t in prelude if t.type not in ("whitespace", "comment")]
    if significant and significant[0].type == "() block":
        start = resolve_selector_list(significant[0].content, nesting)
        if start is None or not _valid(start):
            return False
    elif nesting is not None:
        start = nesting.parent
    else:
        return None
    root = ", ".join(start)
    depth = nesting.depth if nesting is not None else 0
    return Nesting((f":is({root})",), f":where({root})", (f":where({root})",), f":is({root})", depth)


def resolve_selector_list(prelude: list, nesting: Nesting | None) -> tuple[str, ...] | None:
    """Each complex selector of a rule's prelude as an absolute selector: relative ones
    (no ``&``, or opening with a combinator) made descendants of what the rule nests in,
    ``&`` replaced by the parent list (at the top level it stands for ``:scope``)."""
    out = []
    for selector in _split_commas(prelude):
        if not selector:
            return None
        relative = selector[0].type == "literal" and selector[0].value in _COMBINATORS
        if nesting is not None and (relative or not _contains_nesting_selector(selector, nesting.scope is not None)):
            out.append(f"{nesting.implicit} {_serialize(selector, nesting, leftmost=False)}")
        else:
            out.append(_serialize(selector, nesting, leftmost=True))
        if sum(map(len, out)) > MAX_SELECTOR_CHARS:
            return None
    return tuple(out)


def _serialize(tokens: list, nesting: Nesting | None, leftmost: bool) -> str:
    """Tokens as selector text with ``&`` (and ``:scope`` in @scope) replaced."""
    parts = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        if _is_delim(token, "&") and following is not None and (following.type == "ident" or _is_delim(following, "*")):
            parts += [following.serialize(), _nesting_selector(nesting, opens=False)]  # "&div": the type goes first
            index += 2
            continue
        if _is_delim(token, "&"):
            parts.append(_nesting_selector(nesting, opens=leftmost and index == 0))
        elif _is_delim(token, ":") and following is not None and following.type == "ident" and nesting is not None:
            if following.lower_value == "scope" and nesting.scope is not None:
                parts.append(nesting.scope)
                index += 2
                continue
            parts.append(":")
        elif token.type == "function":
            parts.append(f"{serialize_identifier(token.name)}({_serialize(token.arguments, nesting, False)})")
        else:
            parts.append(token.serialize())
        index += 1
    return "".join(parts).strip()


def _is_delim(token, value: str) -> bool:
    return token is not None and token.type == "literal" and token.value == value


def _nesting_selector(nesting: Nesting | None, opens: bool) -> str:
    if nesting is None:
        return ":scope"  # the nesting selector outside any rule
    if opens and len(nesting.parent) == 1:
        return nesting.parent[0]
    return f":is({', '.join(nesting.parent)})"


def _leftmost(selectors: tuple[str, ...]) -> str:
    """``&`` opening a selector: the parent written out when it is one selector."""
    return selectors[0] if len(selectors) == 1 else f":is({', '.join(selectors)})"


def _contains_nesting_selector(tokens: list, or_scope: bool = False) -> bool:
    """Whether a selector holds ``&`` (in @scope, or ``:scope``), at any depth: then it
    is not made relative to the parent."""
    return any(
        _is_delim(token, "&")
        or (or_scope and _is_delim(token, ":") and index + 1 < len(tokens) and _is_ident(tokens[index + 1], "scope"))
        or (token.type == "function" and _contains_nesting_selector(token.arguments, or_scope))
        for index, token in enumerate(tokens)
    )


def _is_ident(token, value: str) -> bool:
    return token.type == "ident" and token.lower_value == value


def _split_commas(tokens: list) -> list[list]:
    parts: list[list] = [[]]
    for token in tokens:
        if token.type == "literal" and token.value == ",":
            parts.append([])
        elif token.type != "comment":
            parts[-1].append(token)
    return [_strip(part) for part in parts]


def _strip(tokens: list) -> list:
    start, end = 0, len(tokens)
    while start < end and tokens[start].type == "whitespace":
        start += 1
    while end > start and tokens[end - 1].type == "whitespace":
        end -= 1
    return tokens[start:end]


def _may_nest(content: list | None) -> bool:
    """Whether a rule's block may hold rules (a {} block or an at-rule at its top level)."""
    return content is not None and any(t.type in ("{} block", "at-keyword") for t in content)


_VALIDITY: dict[tuple[str, ...], bool] = {}


def _valid(selectors: tuple[str, ...]) -> bool:
    """Whether a parent's selector list compiles (its nested rules depend on it)."""
    if selectors not in _VALIDITY:
        try:
            compile_selector_list(", ".join(selectors))  # the engine the cascade compiles with
            _VALIDITY[selectors] = True
        except SelectorError:  # SelectorTooComplex too: beyond axsynth's limits
            _VALIDITY[selectors] = False
        if len(_VALIDITY) > 10_000:
            _VALIDITY.clear()
    return _VALIDITY[selectors]


def _flat_rule(at, selectors: tuple[str, ...], declarations: list) -> QualifiedRule:
    """A style rule of these selectors and declarations, as the parser would have made it."""
    line, column = at.source_line, at.source_column
    content: list = []
    for declaration in declarations:
        content += [IdentToken(line, column, declaration.name), LiteralToken(line, column, ":"), *declaration.value]
        if declaration.important:
            content += [LiteralToken(line, column, "!"), IdentToken(line, column, "important")]
        content.append(LiteralToken(line, column, ";"))
    prelude = tinycss2.parse_component_value_list(", ".join(selectors))
    return QualifiedRule(line, column, prelude, content)
