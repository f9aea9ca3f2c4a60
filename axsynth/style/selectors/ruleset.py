"""A rule set made for the cascade (Blink's RuleSet): style rules filed under what
their rightmost compound requires — an id, a class, a type, an attribute name, else
every element — so an element is only tested against the rules that can match it,
and those are parsed and compiled only when their bucket first meets an element (most
of a site's CSS never matches a given page).

Adding a rule costs a look at its selector text: a plain selector (ASCII, no escape,
comment or namespace; nearly all of them) is filed by a quick scan of its last compound
(:func:`quick_buckets`); any other is parsed at once. Its declarations are parsed when
one of its selectors first matches (Blink's lazy property parsing).

A rule set is shared by every document with the same sheets, and by threads: it only
ever grows lazily, under a lock.
"""

from __future__ import annotations

import re
import threading
from typing import Any, Callable, Iterable

import tinycss2

from ...html.dom import Element
from .. import pseudo_elements
from .bloom import AncestorFilter
from .compile import CompiledSelector, element_keys, preferred_bucket
from .limits import (
    FRAMES_PER_LEVEL,
    MAX_COMPOUNDS,
    MAX_NESTING,
    MAX_RULE_SELECTOR_INDEX,
    MAX_SHEET_SELECTORS,
    SHALLOW,
    nesting_depth,
    recursion_headroom,
)
from .match import MatchContext, split_whitespace
from .parse import ComplexSelector, SelectorError, parse_selector_list

FIRST_LETTER = "first-letter"
Bucket = tuple[str, str] | None
#: What a rule's block gives its matches: (payload for its selectors, payload for its
#: ::first-letter selectors), either None when those add nothing.
PayloadOf = Callable[[Any, Any], tuple[Any, Any]]


class SelectorTooComplex(SelectorError):
    """A selector axsynth does not compile (deeper or longer than the limits)."""


# --- compiling a rule's selectors, within the limits ------------------------------------------


def compile_selector_list(selector: str | list) -> list[CompiledSelector]:
    """A selector list (text or tinycss2 tokens), every selector compiled; SelectorError
    when one is invalid, SelectorTooComplex beyond the limits."""
    if isinstance(selector, str):  # comments go, as a browser's tokenizer drops them (a > /**/ b is a > b)
        selector = tinycss2.parse_component_value_list(selector, skip_comments=True)
    return [compiled for _, compiled in _compiled_list(selector)]


def _compiled_list(tokens: list) -> list[tuple[ComplexSelector, CompiledSelector]]:
    depth = nesting_depth(tokens)
    if depth > MAX_NESTING:
        raise SelectorTooComplex(f"nests {depth:,} levels deep (axsynth compiles up to {MAX_NESTING:,})")
    if depth <= SHALLOW:
        return _parse_and_compile(tokens)
    with recursion_headroom(depth * FRAMES_PER_LEVEL):
        compiled = _parse_and_compile(tokens)
    for _, selector in compiled:
        selector.matches = _with_headroom(selector.matches, depth * FRAMES_PER_LEVEL)
    return compiled


def _parse_and_compile(tokens: list) -> list[tuple[ComplexSelector, CompiledSelector]]:
    parsed = list(parse_selector_list(tokens))
    compounds = sum(len(selector.compounds) for selector in parsed)
    if compounds > MAX_COMPOUNDS:
        raise SelectorTooComplex(f"has {compounds:,} compounds (axsynth compiles up to {MAX_COMPOUNDS:,})")
    return [(selector, compiled) for selector in parsed for compiled in _compiled_each(selector)]


def _compiled_each(selector: ComplexSelector) -> list[CompiledSelector]:
    """The selector compiled, once for each pseudo-element it styles (``::scroll-button(*)``: four)."""
    if selector.pseudo_element != pseudo_elements.ALL_SCROLL_BUTTONS:
        return [CompiledSelector(selector)]
    out = []
    for name in pseudo_elements.each_styled(selector.pseudo_element):
        compiled = CompiledSelector(selector)
        compiled.pseudo_element = name
        out.append(compiled)
    return out


def _with_headroom(matches: Callable, frames: int) -> Callable:
    def deep_matches(el: Element, ctx: MatchContext) -> bool:
        with recursion_headroom(frames):
            return matches(el, ctx)

    return deep_matches


def simple_selector_count(selector: ComplexSelector) -> int:
    """The entries a complex selector takes in Blink's flat selector array: one per simple
    selector of each compound (a nested list counts one), one per pseudo-element."""
    count = 1 if selector.pseudo_element else 0
    for compound in selector.compounds:
        count += max(1, len(compound.simple_selectors))
    return count


def rule_selectors(prelude: list, notes: list[str]) -> list[CompiledSelector]:
    """The compiled selectors of a style rule's prelude that Chromium adds to its rule set:
    those that start before the rule's MAX_RULE_SELECTOR_INDEX-th simple selector. A rule
    too complex to compile, or whose later selectors are left out, adds a line to
    ``notes``; an invalid one raises SelectorError (the rule is dropped, silently, as in a
    browser)."""
    try:
        parsed = _compiled_list(prelude)
    except SelectorTooComplex as exc:
        notes.append(f"style rule {_excerpt(prelude)} dropped: its selector {exc}")
        raise
    kept, index, previous = [], 0, None
    for selector, compiled in parsed:
        if selector is previous:  # another pseudo-element of the same selector
            kept.append(compiled)
            continue
        previous = selector
        if index >= MAX_RULE_SELECTOR_INDEX:
            notes.append(
                f"style rule {_excerpt(prelude)}: the selectors after its {MAX_RULE_SELECTOR_INDEX:,}th simple"
                " selector are dropped, as Chromium drops them"
            )
            break
        kept.append(compiled)
        index += simple_selector_count(selector)
    return kept


def _excerpt(tokens: list) -> str:
    """The start of a rule's selector, for a note (serialized without recursion)."""
    text, stack = "", [(iter(tokens), "")]
    while stack and len(text) <= 60:
        items, closer = stack[-1]
        token = next(items, None)
        if token is None:
            stack.pop()
            text += closer
        elif token.type == "function":
            text += token.name + "("
            stack.append((iter(token.arguments), ")"))
        elif token.type in ("() block", "[] block", "{} block"):
            text += token.type[0]
            stack.append((iter(token.content), token.type[1]))
        else:
            text += tinycss2.serialize([token])
    text = " ".join(text.split())
    return repr(text if len(text) <= 60 and not stack else text[:57] + "...")


# --- filing a selector without parsing it ------------------------------------------------------

# What the quick scan leaves to the parser: escapes, comments, namespaces, nesting, CDO,
# characters that make the selector invalid anyway, anything not ASCII, and a selector
# compiled as several (::scroll-button(*): its rule is filed by its compiled selectors).
_NEEDS_PARSER = re.compile(r"[^\x20-\x7e\n\t]|[\\/|&<{};@!%`]|::scroll-button\(", re.IGNORECASE)
_IDENT = re.compile(r"-?[A-Za-z_][A-Za-z0-9_-]*|--[A-Za-z0-9_-]*")
_QUICK_MAX_CHARS = 2000


def quick_buckets(text: str) -> list[Bucket] | None:
    """The bucket of each selector of a plain selector list (as :func:`bucket_of` files
    the parsed selector, when the list is valid), or None: the list needs the parser.

    Only the subject compound is read: the text after the last combinator outside
    brackets, parentheses and strings; there the type, ids, classes and attribute names
    outside parentheses."""
    if len(text) > _QUICK_MAX_CHARS or _NEEDS_PARSER.search(text):
        return None
    buckets: list[Bucket] = []
    depth = 0
    compound_start = 0
    pending_combinator = False
    position, end = 0, len(text)
    while position < end:
        c = text[position]
        if c in "\"'":
            close = text.find(c, position + 1)
            newline = text.find("\n", position + 1)
            if close == -1 or (newline != -1 and newline < close):
                return None
            position = close + 1
            continue
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
            if depth < 0:
                return None
        elif depth == 0:
            if c == ",":
                bucket = _quick_bucket(text[compound_start:position])
                if bucket is False:
                    return None
                buckets.append(bucket)
                compound_start = position + 1
                pending_combinator = False
            elif c in " \n\t>+~":
                pending_combinator = True
            elif pending_combinator:
                compound_start = position
                pending_combinator = False
        position += 1
    if depth != 0:
        return None
    bucket = _quick_bucket(text[compound_start:])
    if bucket is False:
        return None
    buckets.append(bucket)
    return buckets


def _quick_bucket(compound: str) -> Bucket | bool:
    """The bucket of a subject compound's text (False: not plain enough to tell)."""
    compound = compound.strip(" \n\t")
    if not compound:
        return False
    ident = class_name = type_name = attribute = None
    position, end = 0, len(compound)
    match = _IDENT.match(compound)
    if match:
        type_name = match.group().lower()
        position = match.end()
    elif compound.startswith("*"):
        position = 1
    while position < end:
        c = compound[position]
        if c in "#.":
            match = _IDENT.match(compound, position + 1)
            if not match:
                return False
            if c == "#":
                ident = ident or match.group()
            else:
                class_name = match.group()
            position = match.end()
        elif c == "[":
            close = _closing(compound, position, "[", "]")
            if close < 0:
                return False
            inner = compound[position + 1 : close].lstrip(" \n\t")
            match = _IDENT.match(inner)
            if not match:
                return False
            attribute = attribute or match.group().lower()
            position = close + 1
        elif c == ":":
            position += 2 if compound.startswith("::", position) else 1
            match = _IDENT.match(compound, position)
            if not match:
                return False
            position = match.end()
            if compound.startswith("(", position):
                close = _closing(compound, position, "(", ")")
                if close < 0:
                    return False
                position = close + 1
        else:
            return False
    return preferred_bucket(ident, class_name, type_name, attribute)


def _closing(text: str, position: int, opener: str, closer: str) -> int:
    """The index of the bracket closing the one at ``position`` (strings skipped), -1 if none."""
    depth = 0
    while position < len(text):
        c = text[position]
        if c in "\"'":
            position = text.find(c, position + 1)
            if position < 0:
                return -1
        elif c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
            if depth == 0:
                return position if c == closer else -1
        position += 1
    return -1


# --- the rule set ------------------------------------------------------------------------------------


class StyleRule:
    """A style rule as added: its prelude and block (text, or tinycss2 tokens), and what
    is made of them on demand."""

    __slots__ = ("prelude", "block", "origin", "selectors", "payloads")

    def __init__(self, prelude: Any, block: Any, origin: Any) -> None:
        self.prelude = prelude
        self.block = block
        self.origin = origin
        self.selectors: list[CompiledSelector] | None = None  # compiled on demand ([]: invalid)
        self.payloads: tuple[Any, Any] | None = None


_UNIVERSAL = "*"


class RuleSet:
    """Style rules by bucket; :meth:`match` gives an element's matching selectors as
    (specificity, order, pseudo-element, payload), sorted, as cssselect2's Matcher does."""

    def __init__(self, payload_of: PayloadOf) -> None:
        self._payload_of = payload_of
        self._tables: dict[str, dict[Any, Any]] = {"id": {}, "class": {}, "type": {}, "attribute": {}}
        self._universal: dict[Any, Any] = {_UNIVERSAL: []}
        self._order = 0
        self._sheet_selectors = 0
        self._lock = threading.Lock()
        #: One line per rule or selector dropped as too complex (Styles.not_loaded shows them).
        self.notes: list[str] = []

    def start_sheet(self) -> None:
        """The rules added next are a new sheet's (MAX_SHEET_SELECTORS counts per sheet)."""
        self._sheet_selectors = 0

    def add(self, prelude: str | list, block: Any, origin: Any) -> None:
        """A style rule: its selector list (text or tokens), its block and its origin,
        handed to ``payload_of`` when one of its selectors first matches."""
        if self._sheet_selectors >= MAX_SHEET_SELECTORS:
            return
        rule = StyleRule(prelude, block, origin)
        buckets = quick_buckets(prelude) if isinstance(prelude, str) else None
        if buckets is None:
            self._compile_rule(rule)
            buckets = [selector.bucket for selector in rule.selectors]
        if self._sheet_selectors + len(buckets) > MAX_SHEET_SELECTORS:
            self.notes.append(f"a stylesheet's selectors after the {MAX_SHEET_SELECTORS:,}th are dropped")
            self._sheet_selectors = MAX_SHEET_SELECTORS
            return
        self._sheet_selectors += len(buckets)
        for index, bucket in enumerate(buckets):
            self._order += 1
            table, key = (self._universal, _UNIVERSAL) if bucket is None else (self._tables[bucket[0]], bucket[1])
            table.setdefault(key, []).append((rule, index, self._order))

    def _compile_rule(self, rule: StyleRule) -> None:
        prelude = rule.prelude
        tokens = (
            tinycss2.parse_component_value_list(prelude, skip_comments=True) if isinstance(prelude, str) else prelude
        )
        try:
            rule.selectors = rule_selectors(tokens, self.notes)
        except SelectorError:
            rule.selectors = []

    def _compile_bucket(self, table: dict, key: Any) -> tuple:
        """A bucket's entries, compiled the first time it meets an element."""
        with self._lock:
            bucket = table[key]
            if bucket.__class__ is tuple:
                return bucket  # compiled by another thread meanwhile
            entries = []
            for rule, index, order in bucket:
                if rule.selectors is None:
                    self._compile_rule(rule)
                if index >= len(rule.selectors):
                    continue  # invalid (or beyond the rule's selector limit)
                selector = rule.selectors[index]
                if selector.never_matches:
                    continue
                entries.append(
                    (
                        selector.ancestor_keys,
                        selector.ancestor_any_keys,
                        selector.matches,
                        selector.specificity,
                        order,
                        selector.pseudo_element,
                        rule,
                    )
                )
            compiled = table[key] = tuple(entries)
            return compiled

    def _collect(self, table: dict, key: Any, el: Element, ctx: MatchContext, ancestors: Any, out: list) -> None:
        bucket = table.get(key)
        if bucket is None:
            return
        if bucket.__class__ is list:
            bucket = self._compile_bucket(table, key)
        for keys, any_keys, matches, specificity, order, pseudo, rule in bucket:
            if ancestors is not None:
                if keys is not None and not ancestors >= keys:
                    continue
                if any_keys is not None and any(ancestors.isdisjoint(group) for group in any_keys):
                    continue
            if not matches(el, ctx):
                continue
            payloads = rule.payloads
            if payloads is None:
                payloads = rule.payloads = self._payload_of(rule.block, rule.origin)
            payload = payloads[1] if pseudo == FIRST_LETTER else payloads[0]
            if payload is not None:
                out.append((specificity, order, pseudo, payload))

    def match(self, el: Element, ctx: MatchContext, ancestors: Any = None) -> list[tuple]:
        """The selectors ``el`` matches: (specificity, order, pseudo-element, payload), in
        cascade order. ``ancestors``: the ancestor filter's keys (None: no filter)."""
        out: list[tuple] = []
        tables = self._tables
        attrs = el.attrs
        ident = attrs.get("id")
        if ident is not None:
            self._collect(tables["id"], ident, el, ctx, ancestors, out)
        by_class = tables["class"]
        if by_class:
            for name in ctx.classes(el):
                if name in by_class:
                    self._collect(by_class, name, el, ctx, ancestors, out)
        self._collect(tables["type"], el.local_name, el, ctx, ancestors, out)
        by_attribute = tables["attribute"]
        if by_attribute:
            for name in attrs:
                if name in by_attribute:
                    self._collect(by_attribute, name, el, ctx, ancestors, out)
        self._collect(self._universal, _UNIVERSAL, el, ctx, ancestors, out)
        out.sort()
        return out


def match_scope(tops: Iterable[Element], rule_sets: tuple[RuleSet, ...], out: dict[Element, list]) -> MatchContext:
    """Match every element of a tree scope (below its top-level elements ``tops``, in tree
    order) against the rule sets, with the ancestor filter kept as the walk goes:
    ``out[el]`` is the concatenation of each rule set's matches."""
    ctx = MatchContext()
    ancestor_filter = AncestorFilter()
    ancestors = ancestor_filter.keys
    classes_of = ctx.set_classes
    stack: list[Any] = list(reversed(list(tops)))
    while stack:
        el = stack.pop()
        if el.__class__ is list:  # leaving an element: its keys
            ancestor_filter.pop(el)
            continue
        value = el.attrs.get("class")
        classes = set(split_whitespace(value)) if value else frozenset()
        classes_of(el, classes)
        if len(rule_sets) == 2:
            first, second = rule_sets
            out[el] = first.match(el, ctx, ancestors) + second.match(el, ctx, ancestors)
        else:
            out[el] = [entry for rule_set in rule_sets for entry in rule_set.match(el, ctx, ancestors)]
        children = ctx.children(el)
        if children:
            keys = element_keys(el, classes)
            ancestor_filter.push(keys)
            stack.append(keys)
            stack.extend(reversed(children))
    return ctx
