"""``expect(locator)``: Playwright's locator assertions, without a browser.

A Playwright test ports by changing its imports and how the page is opened::

    from axsynth.testing import expect      # instead of playwright.sync_api's

    def test_pay(ax):
        page = ax.file("checkout.html")     # instead of page.goto(...)
        expect(page.get_by_role("button", name="Apply coupon")).to_be_disabled()

Every ``to_*`` has its ``not_to_*``. There is nothing to wait for, so no
assertion retries: each checks the page once. A failure is an
:class:`ExpectError` (an ``AssertionError``) that says what was expected and
what the page has; a read that needs one element and finds several raises the
locator's strictness error instead, never counted as a "not".
"""

from __future__ import annotations

import re
from typing import Callable, Pattern, Sequence

from ..api import Document
from ..locator import Locator
from ..playwright.dom import normalize_whitespace
from .match import match_aria_snapshot

__all__ = ["ExpectError", "LocatorAssertions", "PageAssertions", "expect"]

Expected = str | Pattern[str]


class ExpectError(AssertionError):
    """An ``expect(...)`` assertion that does not hold."""


def expect(subject: Locator | Document) -> "LocatorAssertions | PageAssertions":
    """Assertions about a locator (or a whole page), as Playwright's ``expect``.

    >>> doc = Document.from_html("<title>Orders</title><h1>Orders</h1><button disabled>Refund</button>")
    >>> expect(doc.get_by_role("button", name="Refund")).to_be_disabled()
    >>> expect(doc.get_by_role("heading")).not_to_have_text("Invoices")
    >>> expect(doc).to_have_title("Orders")
    """
    if isinstance(subject, Locator):
        return LocatorAssertions(subject)
    if isinstance(subject, Document):
        return PageAssertions(subject)
    raise TypeError(f"expect() takes a Locator or a Document, got {type(subject).__name__}")


class _Negatable:
    """``not_to_x(...)`` for every ``to_x(...)``: passes exactly when ``to_x`` fails
    with an ExpectError (a strictness error still propagates)."""

    def __getattr__(self, name: str) -> Callable[..., None]:
        if not name.startswith("not_to_"):
            raise AttributeError(name)
        positive = getattr(self, name[len("not_") :])

        def negated(*args: object, **options: object) -> None:
            __tracebackhide__ = True
            try:
                positive(*args, **options)
            except ExpectError:
                return
            self._fail(name, " ".join(map(repr, args)), "the opposite")

        return negated

    def _subject(self) -> str:
        raise NotImplementedError

    def _fail(self, assertion: str, expected: str, received: str) -> None:
        __tracebackhide__ = True
        raise ExpectError(f"{assertion} failed\n  {self._subject()}\n  Expected: {expected}\n  Received: {received}")

    def _check(self, holds: bool, assertion: str, expected: str, received: Callable[[], str]) -> None:
        __tracebackhide__ = True
        if not holds:
            self._fail(assertion, expected, received())


class PageAssertions(_Negatable):
    """The page-level assertions: ``to_have_title`` and ``to_have_url``."""

    def __init__(self, document: Document) -> None:
        self._document = document

    def _subject(self) -> str:
        return f"Page: {self._document.url}"

    def to_have_title(self, title: Expected) -> None:
        r"""``document.title`` is ``title`` (white space collapsed), or matches a regex.

        >>> expect(Document.from_html("<title>Cart (2)</title>")).to_have_title(re.compile(r"Cart \(\d+\)"))
        """
        __tracebackhide__ = True
        actual = self._document.title
        self._check(
            _text_matches(actual, title, False, whole=True), "to_have_title", _shown(title), lambda: repr(actual)
        )

    def to_have_url(self, url: Expected) -> None:
        """The document's URL is ``url``, or matches a regex.

        >>> expect(Document.from_html("<p>x</p>", url="https://shop.example/cart")).to_have_url(re.compile("/cart$"))
        """
        __tracebackhide__ = True
        actual = self._document.url
        self._check(
            _text_matches(actual, url, False, whole=True, normalize=False),
            "to_have_url",
            _shown(url),
            lambda: repr(actual),
        )


class LocatorAssertions(_Negatable):
    """The ``to_*`` assertions of one locator (and, through ``not_to_*``, their negations)."""

    def __init__(self, locator: Locator) -> None:
        self._locator = locator

    def _subject(self) -> str:
        return f"Locator: {self._locator.selector}"

    # --- counts and states ---------------------------------------------------------------------

    def to_have_count(self, count: int) -> None:
        """Exactly ``count`` elements match."""
        __tracebackhide__ = True
        found = self._locator.count()
        self._check(found == count, "to_have_count", str(count), lambda: str(found))

    def to_be_attached(self) -> None:
        """Exactly one element matches (Playwright's strictness: several is a failure too)."""
        __tracebackhide__ = True
        found = self._locator.count()
        self._check(found == 1, "to_be_attached", "1 element", lambda: f"{found} elements")

    def to_be_visible(self) -> None:
        """The one element matched is visible (no layout: ``display``/``visibility`` decide)."""
        __tracebackhide__ = True
        self._check(self._locator.is_visible(), "to_be_visible", "visible", lambda: self._presence())

    def to_be_hidden(self) -> None:
        """Nothing matches, or the one element matched is hidden."""
        __tracebackhide__ = True
        self._check(self._locator.is_hidden(), "to_be_hidden", "hidden or absent", lambda: "visible")

    def to_be_checked(self, checked: bool = True) -> None:
        """The checkbox, radio or aria-checked element is checked (or not, with ``checked=False``)."""
        __tracebackhide__ = True
        state = self._locator.is_checked()
        self._check(
            state == checked,
            "to_be_checked",
            "checked" if checked else "unchecked",
            lambda: "checked" if state else "unchecked",
        )

    def to_be_disabled(self) -> None:
        """Disabled natively or by aria-disabled."""
        __tracebackhide__ = True
        self._check(self._locator.is_disabled(), "to_be_disabled", "disabled", lambda: "enabled")

    def to_be_enabled(self, enabled: bool = True) -> None:
        """Not disabled (or disabled, with ``enabled=False``)."""
        __tracebackhide__ = True
        state = self._locator.is_enabled()
        self._check(
            state == enabled,
            "to_be_enabled",
            "enabled" if enabled else "disabled",
            lambda: "enabled" if state else "disabled",
        )

    # --- text, names, attributes ------------------------------------------------------------------

    def to_have_text(self, expected: Expected | Sequence[Expected], *, ignore_case: bool = False) -> None:
        """The element's text (white space collapsed) is ``expected``, or matches a regex;
        a list checks each matched element in turn."""
        __tracebackhide__ = True
        self._texts("to_have_text", expected, ignore_case, whole=True)

    def to_contain_text(self, expected: Expected | Sequence[Expected], *, ignore_case: bool = False) -> None:
        """The element's text contains ``expected`` (or a regex finds it)."""
        __tracebackhide__ = True
        self._texts("to_contain_text", expected, ignore_case, whole=False)

    def to_have_accessible_name(self, name: Expected, *, ignore_case: bool = False) -> None:
        """The accessible name (by Playwright's rules) is ``name``, or matches a regex."""
        __tracebackhide__ = True
        actual = self._locator.name
        self._check(
            _text_matches(actual, name, ignore_case, whole=True),
            "to_have_accessible_name",
            _shown(name),
            lambda: repr(actual),
        )

    def to_have_role(self, role: str) -> None:
        """The ARIA role (by Playwright's rules) is ``role``."""
        __tracebackhide__ = True
        actual = self._locator.role
        self._check(actual == role, "to_have_role", repr(role), lambda: repr(actual))

    def to_have_attribute(self, name: str, value: Expected) -> None:
        """The attribute exists and is ``value`` (or matches a regex)."""
        __tracebackhide__ = True
        actual = self._locator.get_attribute(name)
        holds = actual is not None and _text_matches(actual, value, False, whole=True, normalize=False)
        self._check(
            holds,
            "to_have_attribute",
            f"{name}={_shown(value)}",
            lambda: f"{name}={actual!r}" if actual is not None else f"no {name} attribute",
        )

    def to_match_aria_snapshot(self, template: str) -> None:
        """The element's ARIA snapshot matches a ``toMatchAriaSnapshot`` template."""
        __tracebackhide__ = True
        result = match_aria_snapshot(self._locator.aria_snapshot(), template)
        if not result:
            raise ExpectError(f"to_match_aria_snapshot failed\n  Locator: {self._locator.selector}\n{result.message}")

    # --- helpers ---------------------------------------------------------------------------------

    def _texts(self, assertion: str, expected: Expected | Sequence[Expected], ignore_case: bool, whole: bool) -> None:
        __tracebackhide__ = True
        if isinstance(expected, (str, re.Pattern)):
            actual = [self._locator.element_text()]
            wanted: list[Expected] = [expected]
        else:
            actual = [item.element_text() for item in self._locator.all()]
            wanted = list(expected)
        holds = len(actual) == len(wanted) and all(
            _text_matches(a, w, ignore_case, whole) for a, w in zip(actual, wanted)
        )
        shown = [repr(normalize_whitespace(a)) for a in actual]
        self._check(holds, assertion, ", ".join(_shown(w) for w in wanted), lambda: ", ".join(shown) or "nothing")

    def _presence(self) -> str:
        return "hidden" if self._locator.count() else "no element"


def _text_matches(actual: str, expected: Expected, ignore_case: bool, whole: bool, normalize: bool = True) -> bool:
    if isinstance(expected, re.Pattern):
        return expected.search(actual) is not None
    if normalize:
        actual, expected = normalize_whitespace(actual), normalize_whitespace(expected)
    if ignore_case:
        actual, expected = actual.lower(), expected.lower()
    return actual == expected if whole else expected in actual


def _shown(expected: Expected) -> str:
    return f"/{expected.pattern}/" if isinstance(expected, re.Pattern) else repr(expected)
