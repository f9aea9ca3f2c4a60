"""axsynth's selector engine, made for the cascade: one home for every CSS selector
axsynth matches (style rules, ``--scope``, locators' ``css=``, the MCP tools).

* :mod:`.parse` — selector text (tinycss2 tokens) into parse trees;
* :mod:`.compile` — parse trees into matchers: data and small closures, no generated code;
* :mod:`.match` — right-to-left matching over the DOM, Blink's early ends;
* :mod:`.bloom` — the ancestor filter that rejects descendant selectors before matching;
* :mod:`.ruleset` — rules filed by their rightmost id, class, type or attribute, compiled
  when their bucket first meets an element;
* :mod:`.limits` — how deep and long a selector may be.

cssselect2 stays the reference: tests/unit/test_selectors.py and tools/selector_parity.py
hold the matches identical on every fixture and every saved real page.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from ...html.dom import Element
from .compile import CompiledSelector
from .limits import MAX_COMPOUNDS, MAX_NESTING, MAX_RULE_SELECTOR_INDEX, MAX_SHEET_SELECTORS
from .match import MatchContext
from .parse import SelectorError
from .ruleset import (
    RuleSet,
    SelectorTooComplex,
    compile_selector_list,
    match_scope,
    rule_selectors,
)

__all__ = [
    "MAX_COMPOUNDS",
    "MAX_NESTING",
    "MAX_RULE_SELECTOR_INDEX",
    "MAX_SHEET_SELECTORS",
    "CompiledSelector",
    "MatchContext",
    "RuleSet",
    "SelectorError",
    "SelectorTooComplex",
    "compile_selector_list",
    "match_scope",
    "rule_selectors",
    "select",
]


def select(tops: Iterable[Element], selectors: list[CompiledSelector]) -> Iterator[Element]:
    """The elements below ``tops`` (a tree scope's top-level elements, each included),
    in tree order, that match any of ``selectors``."""
    ctx = MatchContext()
    tests = [selector.matches for selector in selectors if not selector.never_matches]
    stack = list(reversed(list(tops)))
    while stack:
        el = stack.pop()
        if any(test(el, ctx) for test in tests):
            yield el
        stack.extend(reversed(ctx.children(el)))
