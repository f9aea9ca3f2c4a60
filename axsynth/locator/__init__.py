"""Locators with Playwright's semantics, without a browser.

``doc.get_by_role("button", name="Refund")`` finds what Playwright's
``page.get_by_role`` finds: roles, names and states come from the one engine that
reproduces Playwright's rules (:mod:`axsynth.playwright.semantics`, the engine of
the ARIA snapshot), not from Chromium's accessibility tree.  A locator is lazy and
chainable; it is resolved when asked (``count()``, ``all()``, ``element``...), and
the reads that need a single element are strict: they fail listing every
candidate with its role, name and the states the query asked about.

The matching rules follow Playwright's injected script: a string name or text is
a case-insensitive substring after white space is collapsed, ``exact=True`` asks
for the whole string (case-sensitive, still white-space-normalized), a compiled
regex is searched.  ``get_by_role`` skips elements hidden from the accessibility
tree unless ``include_hidden=True``; like Playwright, the other ``get_by_*``
locators and ``locator(css)`` also find hidden elements.
"""

from .engine import LocatorEngine
from .locator import Locator
from .steps import set_test_id_attribute

__all__ = ["Locator", "LocatorEngine", "set_test_id_attribute"]
