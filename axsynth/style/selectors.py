"""Compiling CSS selectors safely: the one place where axsynth turns selector text into
match functions, for the cascade's rules, ``--scope``, locators' ``css`` and the MCP tools.

cssselect2 compiles a selector into Python source and ``eval``s it.  That source
nests a level of parentheses per compound and per ``:is()``/``:not()``, so a long or
deeply nested selector (``a a … a b`` with 67 compounds, ``:is(`` ×300) makes CPython's
parser give up (``SyntaxError: too many nested parentheses``), and a longer one exhausts
the recursion of cssselect2's parser or compiler.  Its generated code also tries every
way a chain of descendant combinators can map onto the ancestors, which is exponential
in the chain's length on a deep page.  Chromium, probed (156): it matches such
selectors (5,000 compounds, 5,000 nested ``:is()``/``:not()``; its renderer crashes near
10,000 nesting levels), and drops a complex selector of a style rule that starts at or
after the rule's 8,192nd simple selector (``RuleData::kSelectorIndexBits``; querySelector
has no such limit).

So here:

* a selector that cssselect2 compiles fast and safely goes to it unchanged;
* a long chain, a ``~`` combinator, deep nesting, or a selector whose generated code
  fails is matched by :class:`_Chain` and plain closures over cssselect2's parse
  tree: the same answers, each (compound, element) pair tried at most once per test;
* a selector nested deeper than :data:`MAX_NESTING` is :class:`SelectorTooComplex`
  (a ``SelectorError``): a style rule is dropped with a note, a scope is refused;
* ``:has()`` with no argument, or inside another ``:has()``, is invalid, as in Chromium.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator

import cssselect2
import tinycss2
from cssselect2 import parser
from cssselect2.compiler import CompiledSelector

from . import pseudo_classes

# cssselect2 matches the form-state pseudo-classes (:valid, :dir()...) as Chromium does,
# wherever a selector is compiled (the cascade, --scope, locators).
pseudo_classes.install()

SelectorError = cssselect2.SelectorError
Test = Callable[[cssselect2.ElementWrapper], bool]

#: Functional pseudo-classes (and brackets) nested deeper than this are not compiled:
#: cssselect2's parser needs ~10 Python frames a level.  Chromium matches 5,000 levels
#: and crashes at 10,000; nothing real comes near 100.
MAX_NESTING = 1000
#: Compounds in a selector list (its combinators and white space, counted before parsing):
#: Chromium matches a chain of 5,000 and crashes on 20,000.
MAX_COMPOUNDS = 10_000
#: RuleData::kSelectorIndexBits: a style rule's complex selector that starts at this
#: simple-selector index or later is not added to Chromium's rule set.
MAX_RULE_SELECTOR_INDEX = 1 << 13
#: RuleData::kPositionBits: a stylesheet's selectors after this many are not added.
MAX_SHEET_SELECTORS = 1 << 18

# Beyond these, cssselect2's generated code is risky (parser limits, exponential
# backtracking over ancestors): the selector is interpreted instead.
_FAST_NESTING = 30
_FAST_COMPOUNDS = 8
# Python frames one nesting level costs while parsing or matching, with margin.
_FRAMES_PER_LEVEL = 12


class SelectorTooComplex(SelectorError):
    """A selector axsynth does not compile (nested deeper than MAX_NESTING levels)."""


def compile_selector_list(selector: str | Iterable[Any]) -> list[CompiledSelector]:
    """``cssselect2.compile_selector_list``, made safe: every selector of the list,
    compiled; ``SelectorError`` (``SelectorTooComplex`` included) when it is invalid
    or nested deeper than MAX_NESTING.

    >>> [s.specificity for s in compile_selector_list("a " * 100 + "b, #x")]
    [(0, 0, 101), (1, 0, 0)]
    """
    if isinstance(selector, str):  # comments go, as a browser's tokenizer drops them (a > /**/ b is a > b)
        selector = tinycss2.parse_component_value_list(selector, skip_comments=True)
    return [compiled for _, compiled in _parsed_list(list(selector))]


def rule_selectors(prelude: list[Any], notes: list[str]) -> list[CompiledSelector]:
    """The compiled selectors of a style rule's prelude that Chromium adds to its rule set:
    those that start before the rule's MAX_RULE_SELECTOR_INDEX-th simple selector.  A
    rule nested too deeply, or whose later selectors are left out, adds a line to
    ``notes``; an invalid one raises ``SelectorError`` (the rule is dropped, silently,
    as in a browser)."""
    try:
        parsed = _parsed_list(prelude)
    except SelectorTooComplex as exc:
        notes.append(f"style rule {_excerpt(prelude)} dropped: its selector {exc}")
        raise
    kept, index = [], 0
    for selector, compiled in parsed:
        if index >= MAX_RULE_SELECTOR_INDEX:
            notes.append(
                f"style rule {_excerpt(prelude)}: the selectors after its {MAX_RULE_SELECTOR_INDEX:,}th simple"
                " selector are dropped, as Chromium drops them"
            )
            break
        kept.append(compiled)
        index += simple_selector_count(selector)
    return kept


def _parsed_list(tokens: list[Any]) -> list[tuple[parser.Selector, CompiledSelector]]:
    depth = nesting(tokens)
    if depth > MAX_NESTING:
        raise SelectorTooComplex(f"nests {depth:,} levels deep (axsynth compiles up to {MAX_NESTING:,})")
    complex_selectors = [(part, _split_compounds(part)) for part in _split_list(tokens)]
    compounds = sum(len(pieces) for _, pieces in complex_selectors)
    if compounds > MAX_COMPOUNDS:
        raise SelectorTooComplex(f"has {compounds:,} compounds (axsynth compiles up to {MAX_COMPOUNDS:,})")
    with recursion_headroom(depth * _FRAMES_PER_LEVEL + compounds * 4):
        try:
            parsed = [_parse_complex(part, pieces) for part, pieces in complex_selectors]
            return [(selector, _compile(selector, depth)) for selector in parsed]
        except NotImplementedError:  # cssselect2: an attribute in any namespace, [*|name]
            raise SelectorError("unsupported selector") from None


def _split_list(tokens: list[Any]) -> list[list[Any]]:
    """A selector list's tokens, split at its top-level commas."""
    parts: list[list[Any]] = [[]]
    for token in tokens:
        if token == ",":
            parts.append([])
        else:
            parts[-1].append(token)
    return parts


def _split_compounds(tokens: list[Any]) -> list[tuple[list[Any], str | None]]:
    """A complex selector's tokens as (compound's tokens, combinator before it), left to
    right; the first combinator is None.  White space separates compounds, a comment alone
    does not (``a/**/b`` is one invalid compound, as cssselect2 and browsers read it)."""
    pieces: list[tuple[list[Any], str | None]] = [([], None)]
    pending: str | None = None  # the combinator seen since the last compound
    for token in tokens:
        if token.type == "whitespace":
            pending = pending or (" " if pieces[-1][0] else None)
            continue
        if token in (">", "+", "~"):
            if not pieces[-1][0] or pending not in (None, " "):
                raise SelectorError(token, f"unexpected combinator {token.value!r}")
            pending = token.value
            continue
        if pending is not None:
            pieces.append(([], pending))
            pending = None
        pieces[-1][0].append(token)
    if not pieces[-1][0] or pending not in (None, " "):
        raise SelectorError(None, "expected a compound selector, got EOF")
    return pieces


def _parse_complex(tokens: list[Any], pieces: list[tuple[list[Any], str | None]]) -> parser.Selector:
    """One complex selector's parse tree: cssselect2 parses a short one whole; a long one
    compound by compound (its own parser recomputes the specificity of the whole chain at
    each compound: quadratic), joined here."""
    if len(pieces) <= _FAST_COMPOUNDS:
        return _one(parser.parse(tokens))
    tree, pseudo_element = None, None
    for compound, combinator in pieces:
        if pseudo_element is not None:
            raise SelectorError(None, f"a pseudo-element (::{pseudo_element}) must end the selector")
        part = _one(parser.parse(compound))
        tree = part.parsed_tree if tree is None else parser.CombinedSelector(tree, combinator, part.parsed_tree)
        pseudo_element = part.pseudo_element
    return parser.Selector(tree, pseudo_element)


def _one(selectors: Iterable[parser.Selector]) -> parser.Selector:
    """The selector a comma-free token list holds."""
    (selector,) = selectors
    return selector


def nesting(tokens: Iterable[Any]) -> int:
    """How deeply blocks and functions nest in a token list (iteratively: the list may be
    nested deeper than Python recurses)."""
    deepest = 0
    stack = [(iter(tokens), 0)]
    while stack:
        items, depth = stack.pop()
        deepest = max(deepest, depth)
        for token in items:
            inner = getattr(token, "arguments", None) if token.type == "function" else getattr(token, "content", None)
            if isinstance(inner, list) and inner:
                stack.append((items, depth))
                stack.append((iter(inner), depth + 1))
                break
    return deepest


def simple_selector_count(selector: parser.Selector) -> int:
    """The entries a complex selector takes in Blink's flat selector array: one per simple
    selector of each compound (a nested ``:is()`` list counts one), one per pseudo-element."""
    count = 1 if selector.pseudo_element else 0
    for compound, _ in _compounds(selector.parsed_tree):
        count += max(1, len(compound.simple_selectors))
    return count


@contextmanager
def recursion_headroom(frames: int) -> Iterator[None]:
    """Room for ``frames`` more Python frames than are in use now (restored after)."""
    old = sys.getrecursionlimit()
    needed = _frames_in_use() + frames + 200
    if needed > old:
        sys.setrecursionlimit(needed)
    try:
        yield
    finally:
        if needed > old:
            sys.setrecursionlimit(old)


def _frames_in_use() -> int:
    frame, count = sys._getframe(), 0
    while frame is not None:
        frame, count = frame.f_back, count + 1
    return count


# --- compiling ----------------------------------------------------------------------------


def _compile(selector: parser.Selector, depth: int) -> CompiledSelector:
    _check_has(selector.parsed_tree)
    compounds = _compounds(selector.parsed_tree)
    if depth <= _FAST_NESTING and len(compounds) <= _FAST_COMPOUNDS and all(c != "~" for _, c in compounds):
        try:
            return CompiledSelector(selector)
        except (SyntaxError, RecursionError, MemoryError):
            pass  # the generated source is beyond CPython's parser: interpreted below
    return _interpreted(selector, depth)


def _interpreted(selector: parser.Selector, depth: int) -> CompiledSelector:
    """A CompiledSelector whose test walks the parse tree instead of generated code.
    Its bucket keys (id, class, tag…) come from cssselect2 compiling only the simple
    selectors of the subject compound that it buckets by."""
    subject = _compounds(selector.parsed_tree)[0][0]
    keys = [s for s in subject.simple_selectors if isinstance(s, _BUCKETED)]
    compiled = CompiledSelector(parser.Selector(parser.CompoundSelector(keys)))
    test = _test(selector.parsed_tree)
    if depth > _FAST_NESTING:
        test = _with_headroom(test, depth * _FRAMES_PER_LEVEL)
    compiled.test = test
    compiled.never_matches = False
    compiled.specificity = selector.specificity
    compiled.pseudo_element = selector.pseudo_element
    return compiled


_LISTS = (parser.NegationSelector, parser.MatchesAnySelector, parser.SpecificityAdjustmentSelector)
_BUCKETED = (parser.IDSelector, parser.ClassSelector, parser.LocalNameSelector, parser.NamespaceSelector)


def _with_headroom(test: Test, frames: int) -> Test:
    def deep_test(element: cssselect2.ElementWrapper) -> bool:
        with recursion_headroom(frames):
            return test(element)

    return deep_test


def _compounds(tree: Any) -> list[tuple[Any, str | None]]:
    """A complex selector as (compound, combinator to the next one on its left), subject
    first; the last combinator is None.  (cssselect2 nests the chain to the left.)"""
    out = []
    while isinstance(tree, parser.CombinedSelector):
        out.append((tree.right, tree.combinator))
        tree = tree.left
    out.append((tree, None))
    return out


def _check_has(tree: Any, inside_has: bool = False) -> None:
    """Chromium: ``:has()`` takes a non-empty list, and never appears inside another ``:has()``."""
    for compound, _ in _compounds(tree):
        for simple in compound.simple_selectors:
            if isinstance(simple, parser.RelationalSelector):
                if inside_has:
                    raise SelectorError(":has() is not allowed inside :has()")
                if not simple.selector_list:
                    raise SelectorError(":has() needs a selector")
                for relative in simple.selector_list:
                    _check_has(relative.selector.parsed_tree, True)
            elif isinstance(simple, _LISTS):
                for inner in simple.selector_list:
                    _check_has(inner.parsed_tree, inside_has)


def _test(tree: Any) -> Test:
    """A match function for a complex selector's parse tree."""
    compounds = _compounds(tree)
    tests = [_compound_test(compound) for compound, _ in compounds]
    if len(tests) == 1:
        return tests[0]
    return _Chain(tests, [combinator for _, combinator in compounds[:-1]])


def _compound_test(compound: parser.CompoundSelector) -> Test:
    tests = [_simple_test(simple) for simple in compound.simple_selectors]
    if not tests:
        return _always
    if len(tests) == 1:
        return tests[0]
    return lambda element: all(test(element) for test in tests)


def _simple_test(simple: Any) -> Test:
    if isinstance(simple, (parser.MatchesAnySelector, parser.SpecificityAdjustmentSelector)):
        tests = [_test(inner.parsed_tree) for inner in simple.selector_list]
        if len(tests) == 1:
            return tests[0]  # :is(X) matches what X matches
        return lambda element: any(test(element) for test in tests)
    if isinstance(simple, parser.NegationSelector):
        tests = [_test(inner.parsed_tree) for inner in simple.selector_list]
        return lambda element: not any(test(element) for test in tests)
    if isinstance(simple, parser.RelationalSelector):
        relatives = [(r.combinator, _test(r.selector.parsed_tree)) for r in simple.selector_list]
        return lambda element: any(
            any(test(other) for other in _relatives(combinator, element)) for combinator, test in relatives
        )
    # Any other simple selector compiles to a short expression (:nth-child(An+B of S) nests S's).
    try:
        return CompiledSelector(parser.Selector(parser.CompoundSelector([simple]))).test
    except (SyntaxError, RecursionError, MemoryError):
        raise SelectorTooComplex(f"has a :{simple.name}() argument too long to compile") from None


def _always(element: cssselect2.ElementWrapper) -> bool:
    return True


def _relatives(combinator: str, element: cssselect2.ElementWrapper) -> Iterator[cssselect2.ElementWrapper]:
    """The elements a ``:has()`` argument is tested on (as cssselect2 chooses them)."""
    if combinator == " ":
        yield from list(element.iter_subtree())[1:]
    elif combinator == ">":
        yield from element.iter_children()
    elif combinator == "+":
        yield from list(element.iter_next_siblings())[:1]
    else:
        yield from element.iter_next_siblings()


class _Chain:
    """A chain of compounds joined by combinators, matched right to left by a depth-first
    search that remembers the (compound, element) pairs that cannot complete the chain,
    so each is tried once, and that gives up early where Blink's SelectorChecker does:
    once compound i found no match among all the ancestors of an element, no ancestor
    of that element can be compound i either ("fails completely").  A long chain on a
    deep page then costs about compounds + depth tests, where naive backtracking costs
    the number of ways to map one onto the other."""

    __slots__ = ("tests", "combinators")

    def __init__(self, tests: list[Test], combinators: list[str]) -> None:
        self.tests = tests  # the subject's compound first
        self.combinators = combinators  # combinators[i] joins tests[i] to tests[i + 1], on its left

    def __call__(self, element: cssselect2.ElementWrapper) -> bool:
        tests, combinators = self.tests, self.combinators
        if not tests[0](element):
            return False
        last = len(tests) - 1
        failed: set[tuple[int, int]] = set()
        # Each frame: the compound index its element matched, the element, the candidates left for the next one.
        frames = [(0, element, _candidates(combinators[0], element))]
        while frames:
            index, owner, candidates = frames[-1]
            for candidate in candidates:
                key = (index + 1, id(candidate.etree_element))
                if key in failed:
                    continue
                if tests[index + 1](candidate):
                    if index + 1 == last:
                        return True
                    frames.append((index + 1, candidate, _candidates(combinators[index + 1], candidate)))
                    break
                failed.add(key)
            else:
                frames.pop()
                failed.add((index, id(owner.etree_element)))
                if combinators[index] == " ":
                    # Every ancestor of owner failed as compound index + 1, so none can be compound
                    # index: the frames below, whose candidates left are owner's ancestors, are done.
                    while frames and combinators[frames[-1][0]] in (" ", ">"):
                        below, below_owner, _ = frames.pop()
                        failed.add((below, id(below_owner.etree_element)))
        return False


def _candidates(combinator: str, element: cssselect2.ElementWrapper) -> Iterator[cssselect2.ElementWrapper]:
    """The elements a combinator relates ``element`` to, nearest first (iteratively:
    cssselect2's ``ancestors`` and ``previous_siblings`` recurse)."""
    step = "parent" if combinator in (" ", ">") else "previous"
    other = getattr(element, step)
    while other is not None:
        yield other
        if combinator in (">", "+"):
            return
        other = getattr(other, step)


def _excerpt(tokens: list[Any]) -> str:
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
