"""axe-core's selector matching, over its flattened tree.

axe matches rule selectors with its own engine (``axe.utils.matches``), not the
browser's: element names are compared lower-cased, attribute values exactly (also
``type``, which a browser compares case-insensitively), ancestors are walked in the
flattened tree, and only ``:not()`` and ``:is()`` are known pseudo-classes. Selectors
are parsed by cssselect2's parser and compiled here into predicates over ``VNode``.

``compile_selector`` also says where matches can be found — the element names or
attribute names every alternative requires — so that a rule whose selector is
``button`` looks at buttons only (``Index``).
"""

from __future__ import annotations

import heapq
import re
from dataclasses import dataclass
from functools import cache
from typing import Callable, Iterable, Iterator

from cssselect2 import parser

from .vtree import VNode

Test = Callable[[VNode], bool]


@dataclass(frozen=True)
class Selector:
    """A compiled selector: ``test`` a node; ``keys`` are ("tag", name) or ("attr", name)
    buckets holding every possible match, or None when any element may match."""

    text: str
    test: Test
    keys: tuple[tuple[str, str], ...] | None


# axe's own selector parser takes unquoted values CSS would not ([aria-level=1]).
_BELOW_TAG = re.compile(r"([a-z][a-z0-9]*) \*")
_UNQUOTED_VALUE = re.compile(r"""\[([^\]=~|^$*"']+)([~|^$*]?=)([^\]"']+)\]""")


@cache
def compile_selector(text: str) -> Selector:
    quoted = _UNQUOTED_VALUE.sub(lambda m: f'[{m.group(1)}{m.group(2)}"{m.group(3).strip()}"]', text)
    alternatives = [parsed.parsed_tree for parsed in parser.parse(quoted)]
    tests = [_compile(tree) for tree in alternatives]
    keys: list[tuple[str, str]] = []
    for tree in alternatives:
        found = _keys(tree.right if isinstance(tree, parser.CombinedSelector) else tree)
        if found is None:
            return Selector(text, _any(tests), None)
        keys += found
    return Selector(text, _any(tests), tuple(dict.fromkeys(keys)))


def matches(node: VNode, text: str) -> bool:
    return node.el is not None and compile_selector(text).test(node)


def _any(tests: list[Test]) -> Test:
    if len(tests) == 1:
        return tests[0]
    if len(tests) == 2:
        first, second = tests
        return lambda node: first(node) or second(node)
    return lambda node: any(test(node) for test in tests)


def _all(tests: list[Test]) -> Test:
    """An element that passes every test (closures chained: this runs for every element)."""
    if not tests:
        return lambda node: node.el is not None
    if len(tests) == 1:
        (only,) = tests
        return lambda node: node.el is not None and only(node)
    if len(tests) == 2:
        first, second = tests
        return lambda node: node.el is not None and first(node) and second(node)
    return lambda node: node.el is not None and all(test(node) for test in tests)


def _compile(tree) -> Test:
    if isinstance(tree, parser.CombinedSelector):
        return _combined(_compile(tree.left), tree.combinator, _compile(tree.right))
    if isinstance(tree, parser.CompoundSelector):
        return _all([_simple(simple) for simple in tree.simple_selectors])
    raise ValueError(f"unsupported selector {tree!r}")


def _combined(left: Test, combinator: str, right: Test) -> Test:
    if combinator == ">":
        return lambda node: right(node) and node.parent is not None and left(node.parent)
    if combinator == " ":
        return lambda node: right(node) and any(left(ancestor) for ancestor in node.ancestors())
    raise ValueError(f"unsupported combinator {combinator!r}")


def _simple(simple) -> Test:
    if isinstance(simple, parser.LocalNameSelector):
        name = simple.lower_local_name
        return lambda node: node.name == name
    if isinstance(simple, parser.AttributeSelector):
        return _attribute(simple.name.replace("\\", ""), simple.operator, simple.value)
    if isinstance(simple, parser.IDSelector):
        ident = simple.ident
        return lambda node: node.attr("id") == ident
    if isinstance(simple, parser.ClassSelector):
        name = simple.class_name
        return lambda node: name in (node.attr("class") or "").split()
    if isinstance(simple, parser.NegationSelector):
        inner = _any([_compile(s.parsed_tree) for s in simple.selector_list])
        return lambda node: not inner(node)
    if isinstance(simple, parser.MatchesAnySelector):
        return _any([_compile(s.parsed_tree) for s in simple.selector_list])
    raise ValueError(f"unsupported selector {simple!r}")


def _attribute(name: str, operator: str | None, value: str | None) -> Test:
    """axe's attribute tests: exact, case-sensitive comparisons of getAttribute's value."""
    if operator is None:
        return lambda node: node.has_attr(name)
    value = value or ""
    if operator in ("^=", "$=", "*=") and not value:
        return lambda node: False
    compare: Callable[[str], bool] = {
        "=": lambda found: found == value,
        "^=": lambda found: found.startswith(value),
        "$=": lambda found: found.endswith(value),
        "*=": lambda found: value in found,
        "~=": lambda found: value in found.split(),
        "|=": lambda found: found == value or found.startswith(value + "-"),
    }[operator]

    def test(node: VNode) -> bool:
        found = node.attr(name)
        return found is not None and compare(found)

    return test


def _keys(compound) -> list[tuple[str, str]] | None:
    """The buckets a compound selector's matches are all in, or None."""
    if not isinstance(compound, parser.CompoundSelector):
        return None
    for simple in compound.simple_selectors:
        if isinstance(simple, parser.LocalNameSelector):
            return [("tag", simple.lower_local_name)]
    for simple in compound.simple_selectors:
        if isinstance(simple, parser.AttributeSelector):
            return [("attr", simple.name.replace("\\", ""))]
    for simple in compound.simple_selectors:
        if isinstance(simple, parser.MatchesAnySelector):
            found: list[tuple[str, str]] = []
            for alternative in simple.selector_list:
                keys = _keys(alternative.parsed_tree)
                if keys is None:
                    break
                found += keys
            else:
                return found
    return None


class Index:
    """The elements of a tree by name and by attribute, each list in tree order."""

    def __init__(self, elements: Iterable[VNode]) -> None:
        self.elements = list(elements)
        self._selected: dict[str, list[VNode]] = {}
        self._aria: list[VNode] | None = None
        self._by_tag: dict[str, list[VNode]] = {}
        self._by_attr: dict[str, list[VNode]] = {}
        for node in self.elements:
            self._by_tag.setdefault(node.name, []).append(node)
            for name in node.el.attrs:
                self._by_attr.setdefault(name, []).append(node)

    def select(self, text: str) -> list[VNode]:
        """Every element matching ``text``, in tree order."""
        if text in self._selected:
            return self._selected[text]
        below = _BELOW_TAG.fullmatch(text)
        if below:  # "body *": the elements below each body
            found = [n for top in self.by_name(below.group(1)) for n in top.elements()]
            found = sorted(set(found), key=lambda n: n.index) if len(self.by_name(below.group(1))) > 1 else found
        else:
            selector = compile_selector(text)
            found = [node for node in self._candidates(selector.keys) if selector.test(node)]
        self._selected[text] = found
        return found

    def with_attribute(self, name: str) -> list[VNode]:
        return self._by_attr.get(name, [])

    def with_aria_attribute(self) -> list[VNode]:
        """The elements with an aria-* attribute, in tree order."""
        if self._aria is None:
            self._aria = [node for node in self.elements if any(name.startswith("aria-") for name in node.el.attrs)]
        return self._aria

    def by_name(self, name: str) -> list[VNode]:
        return self._by_tag.get(name, [])

    def _candidates(self, keys: tuple[tuple[str, str], ...] | None) -> Iterable[VNode]:
        if keys is None:
            return self.elements
        lists = [(self._by_tag if kind == "tag" else self._by_attr).get(name, []) for kind, name in keys]
        if len(lists) == 1:
            return lists[0]
        return _unique(heapq.merge(*lists, key=lambda node: node.index))


def _unique(nodes: Iterator[VNode]) -> Iterator[VNode]:
    last = None
    for node in nodes:
        if node is not last:
            yield node
        last = node
