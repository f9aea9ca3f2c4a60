"""Assertions for tests of pages' accessibility, usable with any test runner."""

from __future__ import annotations

import sys
from typing import Literal

from .audit import assert_no_violations
from .expect import ExpectError, expect
from .match import AriaSource, as_document, match_aria_snapshot, received_snapshot, template_is_empty
from .update import updates

__all__ = ["ExpectError", "assert_aria_snapshot", "assert_no_violations", "ax_snapshot", "expect"]

SnapshotFormat = Literal["aria", "agent"]


def assert_aria_snapshot(source: AriaSource, template: str, *, scope: str | None = None) -> None:
    """Fail with the template's problems and a diff unless ``template`` matches
    (see :func:`axsynth.match_aria_snapshot` for what ``source`` may be).

    With ``pytest --axsynth-update`` it does not fail: an empty or failing
    template is replaced in the test's source by the snapshot the page has.

    >>> assert_aria_snapshot("<nav><a href=/>Home</a></nav>", '- link "Home"')
    """
    __tracebackhide__ = True  # pytest: report the failure at the caller's line
    if updates.active:  # pytest --axsynth-update: fill in empty templates, replace failing ones
        received = received_snapshot(source, scope)
        if template_is_empty(template) or not match_aria_snapshot(received, template):
            updates.record(sys._getframe(1), received)
        return
    result = match_aria_snapshot(source, template, scope=scope)
    if not result:
        raise AssertionError(result.message)


def ax_snapshot(source: AriaSource, *, scope: str | None = None, format: SnapshotFormat = "aria") -> str:
    """The text to compare with a stored snapshot: the ARIA snapshot (YAML) or,
    with ``format="agent"``, the compact agent outline of a Document or HTML.

    >>> ax_snapshot("<h1>Shop</h1>")
    '- heading "Shop" [level=1]'
    """
    if format == "aria":
        return received_snapshot(source, scope)
    if format == "agent":
        return as_document(source).agent_snapshot(scope=scope).text
    raise ValueError(f"unknown snapshot format {format!r}: use 'aria' or 'agent'")
