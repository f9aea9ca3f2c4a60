"""Matching compiled selectors against axsynth's DOM, right to left, as Blink's
SelectorChecker does.

A complex selector is tried from its subject (the rightmost compound) leftwards. A
combinator that failed tells how far the search may go on (Blink's MatchStatus): a
compound that found no ancestor to match fails *completely* (no other ancestor of the
subject can help), one that found no previous sibling fails *all siblings*. The walk
is iterative, so a chain of thousands of compounds needs no recursion, and the early
ends keep it linear in the chain and the tree's depth where plain backtracking is
exponential.

Elements are read in their tree scope (the document, or one shadow tree), as
cssselect2's wrappers read them: a scope's top-level elements have no parent and no
siblings (each is a root).
"""

from __future__ import annotations

import re
from typing import Any, Callable

from ...html.dom import HTML_NS, Element

# http://dev.w3.org/csswg/selectors/#whitespace
split_whitespace = re.compile("[^ \t\r\n\f]+").findall

MATCHES, FAILS_LOCALLY, FAILS_ALL_SIBLINGS, FAILS_COMPLETELY = range(4)
DESCENDANT, CHILD, ADJACENT, SIBLING = " ", ">", "+", "~"
_EMPTY: frozenset[str] = frozenset()


class MatchContext:
    """What selectors ask of a tree scope's elements, each computed once: class sets,
    element siblings and positions, languages, ``:has()`` results. One per matching
    run (the elements must not change meanwhile)."""

    __slots__ = ("_classes", "_siblings", "_index", "memo")

    def __init__(self) -> None:
        self._classes: dict[Element, Any] = {}
        self._siblings: dict[Element, list[Element]] = {}
        self._index: dict[Element, int] = {}
        #: Per-selector results by element (``:has()``, ``:lang()``), keyed by the test.
        self.memo: dict[Any, dict[Element, Any]] = {}

    def classes(self, el: Element) -> Any:
        classes = self._classes.get(el)
        if classes is None:
            value = el.attrs.get("class")
            classes = self._classes[el] = set(split_whitespace(value)) if value else _EMPTY
        return classes

    def set_classes(self, el: Element, classes: Any) -> None:
        self._classes[el] = classes

    @staticmethod
    def parent(el: Element) -> Element | None:
        """The parent element in the tree scope (None for a top-level element)."""
        parent = el.parent
        return parent if isinstance(parent, Element) else None

    def siblings(self, el: Element) -> list[Element]:
        """The element children of ``el``'s parent (``[el]`` for a top-level element)."""
        parent = el.parent
        if not isinstance(parent, Element):
            return [el]
        siblings = self._siblings.get(parent)
        if siblings is None:
            siblings = self.children(parent)
        return siblings

    def children(self, el: Element) -> list[Element]:
        children = self._siblings.get(el)
        if children is None:
            children = self._siblings[el] = [child for child in el.children if isinstance(child, Element)]
            index = self._index
            for position, child in enumerate(children):
                index[child] = position
        return children

    def index(self, el: Element) -> int:
        """``el``'s position among its element siblings, from 0."""
        if not isinstance(el.parent, Element):
            return 0
        position = self._index.get(el)
        if position is None:
            self.children(el.parent)
            position = self._index[el]
        return position

    def previous(self, el: Element) -> Element | None:
        position = self.index(el)
        return self.siblings(el)[position - 1] if position else None

    def next(self, el: Element) -> Element | None:
        siblings = self.siblings(el)
        position = self.index(el) + 1
        return siblings[position] if position < len(siblings) else None


Test = Callable[[Element, MatchContext], bool]


def namespace_url(el: Element) -> str:
    """The namespace a selector sees: none for HTML elements in an HTML document (as
    cssselect2 reads an HTML tree: ``|p`` matches a ``<p>``)."""
    return "" if el.namespace == HTML_NS else el.namespace


def match_relations(compounds: tuple, combinators: tuple, el: Element, ctx: MatchContext) -> bool:
    """Whether the compounds left of the subject match, ``el`` having matched the subject
    (``compounds[0]``; ``combinators[i]`` joins ``compounds[i]`` to ``compounds[i + 1]``,
    its left). Blink's MatchSelector/MatchForRelation as a loop over a stack of frames,
    each an element being tried as ``compounds[i + 1]`` for combinator ``i``."""
    last = len(compounds) - 1
    frames: list[list] = []
    i, current = 0, el
    while True:
        # Extend the match from ``current`` (matching compounds[i]) to compounds[i + 1].
        if i == last:
            return True
        combinator = combinators[i]
        if combinator is DESCENDANT or combinator is CHILD:
            parent = current.parent
            candidate = parent if isinstance(parent, Element) else None
            status = FAILS_COMPLETELY
        else:
            candidate = ctx.previous(current)
            status = FAILS_ALL_SIBLINGS
        if candidate is not None:
            frames.append([i, candidate])
            if compounds[i + 1].matches(candidate, ctx):
                i, current = i + 1, candidate
                continue
            status = FAILS_LOCALLY
        # Unwind: each frame's combinator decides whether to try its next candidate.
        while True:
            if not frames:
                return False
            frame = frames[-1]
            fi, candidate = frame
            combinator = combinators[fi]
            if combinator is DESCENDANT:
                if status == FAILS_COMPLETELY:
                    frames.pop()
                    continue
                parent = candidate.parent
                if not isinstance(parent, Element):
                    frames.pop()
                    status = FAILS_COMPLETELY
                    continue
                candidate = parent
            elif combinator is SIBLING:
                if status != FAILS_LOCALLY:
                    frames.pop()
                    continue
                candidate = ctx.previous(candidate)
                if candidate is None:
                    frames.pop()
                    status = FAILS_ALL_SIBLINGS
                    continue
            else:  # child, adjacent: one candidate only, its status goes up as it is
                frames.pop()
                continue
            frame[1] = candidate
            if compounds[fi + 1].matches(candidate, ctx):
                i, current = fi + 1, candidate
                break
            status = FAILS_LOCALLY
