"""Accessibility audits with axe-core's rules, without a browser.

``audit(page)`` runs axe-core's rules (its ids, selectors, checks, messages and
impacts: ``catalog.py``) over a parsed page and returns axe-core's result shape, so
reporters written for axe read it:

>>> from axsynth import Document
>>> result = Document.from_html("<html lang=en><title>T</title><main><button></button></main>").audit()
>>> [(rule["id"], rule["nodes"][0]["target"]) for rule in result["violations"]]
[('button-name', ['button'])]

The pipeline: ``vtree`` (axe's flattened tree) and ``context`` (the page's facts as axe
reads them) → ``roles``/``text``/``tables`` (axe's ARIA roles, accessible text, tables)
→ ``checks`` and ``matches`` (one named function per axe check and rule filter) →
``engine`` (rules, outcomes, result shape) → ``report`` (text and SARIF).
"""

from __future__ import annotations

from typing import Any, Iterable

from ..page import Page
from ..version import __version__
from .catalog import RULE_IDS, axe_version
from .context import AuditPage
from .engine import AuditError, run, select_rules

__all__ = ["RULE_IDS", "AuditError", "audit"]


def audit(
    page: Page,
    rules: Iterable[str] | None = None,
    tags: Iterable[str] | None = None,
    *,
    passes: bool = False,
) -> dict[str, Any]:
    """axe-core's result for the page: ``violations``, ``incomplete``, ``inapplicable`` and,
    with ``passes``, the passing nodes (else ``passes`` lists the rules without nodes).
    ``rules`` (ids) or ``tags`` (wcag2a, wcag2aa, best-practice, ...) choose the rules;
    ``AuditError`` for an unknown one."""
    chosen = select_rules(rules, tags)
    groups = run(AuditPage(page), chosen, passes=passes)
    return {
        "testEngine": {"name": "axsynth", "version": __version__, "axeVersion": axe_version()},
        "testRunner": {"name": "axsynth"},
        "testEnvironment": {"userAgent": f"axsynth/{__version__}", "windowWidth": 1280, "windowHeight": 720},
        "url": page.url,
        "toolOptions": {
            "runOnly": {"type": "rule", "values": [rule.id for rule in chosen]},
            "resultTypes": None if passes else ["violations", "incomplete", "inapplicable"],
        },
        "inapplicable": groups["inapplicable"],
        "passes": groups["passes"],
        "incomplete": groups["incomplete"],
        "violations": groups["violations"],
    }
