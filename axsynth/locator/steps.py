"""The steps of a locator chain: each maps the current elements (or the document)
to the next ones, as one of Playwright's selector parts does."""

from __future__ import annotations

from typing import Callable, Iterable, Iterator, NamedTuple

from ..html.dom import Element
from ..page import ScopeError, select_all
from ..playwright.dom import Dom
from ..query import QueryError
from .engine import LocatorEngine, Root
from .matching import TextQuery, name_matches, text_matcher, value_matcher

_test_id_attribute = "data-testid"


def set_test_id_attribute(name: str) -> None:
    """Which attribute ``get_by_test_id`` reads (default ``data-testid``), as
    Playwright's ``selectors.set_test_id_attribute``.

    >>> set_test_id_attribute("data-pw")  # doctest: +SKIP
    """
    global _test_id_attribute
    if not isinstance(name, str) or not name:
        raise ValueError("the test id attribute must be a non-empty attribute name")
    _test_id_attribute = name


Step = Callable[[LocatorEngine, list[Root]], list[Element]]


class RoleQuery(NamedTuple):
    """What a get_by_role step asked, to explain a miss."""

    role: str
    states: tuple[str, ...]
    include_hidden: bool


class Part(NamedTuple):
    step: Step
    description: str
    role_query: RoleQuery | None


def _each_root(find: Callable[[LocatorEngine, Root], Iterable[Element]]) -> Step:
    """A step that queries below every current element, keeping first-seen order."""

    def step(engine: LocatorEngine, roots: list[Root]) -> list[Element]:
        found: dict[int, Element] = {}
        for root in roots:
            for el in find(engine, root):
                found.setdefault(id(el), el)
        return list(found.values())

    return step


def role_step(role: str, name: TextQuery | None, exact: bool, include_hidden: bool, states: dict[str, object]) -> Step:
    def find(engine: LocatorEngine, root: Root) -> Iterator[Element]:
        for el in engine.elements_below(root):
            if engine.role(el) != role or (not include_hidden and engine.hidden(el)):
                continue
            if any(engine.state(el, state) != want for state, want in states.items()):
                continue
            if name is None or name_matches(engine.name(el, include_hidden), name, exact):
                yield el

    return _each_root(find)


def text_step(wanted: TextQuery, exact: bool) -> Step:
    """Playwright's text engine: the elements whose own text matches and none of
    whose child elements does (the smallest element holding the text)."""
    matcher, kind = text_matcher(wanted, exact)

    def find(engine: LocatorEngine, root: Root) -> Iterator[Element]:
        last_miss: Element | None = None
        for el in engine.elements_below(root, include_root=True):
            if kind == "lax" and last_miss is not None and engine.contains(last_miss, el):
                continue  # a substring absent from an element is absent from its descendants
            if engine.skipped_for_text(el) or not matcher(engine.text(el)):
                last_miss = el
                continue
            children = [c for c in el.children if isinstance(c, Element)]
            shadow = Dom.open_shadow_root(el)
            if shadow is not None:
                children += [c for c in shadow.children if isinstance(c, Element)]
            if not any(matcher(engine.text(c)) for c in children):
                yield el

    return _each_root(find)


def label_step(wanted: TextQuery, exact: bool) -> Step:
    matcher, _ = text_matcher(wanted, exact)

    def find(engine: LocatorEngine, root: Root) -> Iterator[Element]:
        return (el for el in engine.elements_below(root) if any(matcher(t) for t in engine.labels(el)))

    return _each_root(find)


def attribute_step(attribute: str | Callable[[], str], wanted: TextQuery, exact: bool) -> Step:
    matcher = value_matcher(wanted, exact)

    def find(engine: LocatorEngine, root: Root) -> Iterator[Element]:
        name = attribute() if callable(attribute) else attribute
        return (el for el in engine.elements_below(root) if name in el.attrs and matcher(el.attrs[name]))

    return _each_root(find)


def css_step(selector: str) -> Step:
    def step(engine: LocatorEngine, roots: list[Root]) -> list[Element]:
        try:
            matches = select_all(engine.page, selector)
        except ScopeError as exc:
            raise QueryError(exc.message) from None
        return [el for el in matches if any(root is not el and engine.contains(root, el) for root in roots)]

    return step


def test_id_step(test_id: TextQuery) -> Step:
    """get_by_test_id: the attribute is read when the locator resolves, so a later
    set_test_id_attribute applies to locators made before it (as in Playwright)."""
    return attribute_step(lambda: _test_id_attribute, test_id, exact=True)


def nth_step(index: int) -> Step:
    def step(engine: LocatorEngine, roots: list[Root]) -> list[Element]:
        elements = [r for r in roots if isinstance(r, Element)]
        try:
            return [elements[index]]
        except IndexError:
            return []

    return step


def filter_step(keep: Callable[[LocatorEngine, Element], bool]) -> Step:
    def step(engine: LocatorEngine, roots: list[Root]) -> list[Element]:
        return [r for r in roots if isinstance(r, Element) and keep(engine, r)]

    return step
