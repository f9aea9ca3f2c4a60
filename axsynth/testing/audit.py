"""``assert_no_violations``: a test fails when a page breaks axe-core's rules, in the spirit
of jest-axe's ``toHaveNoViolations`` and axe-playwright's ``checkA11y``, without a browser."""

from __future__ import annotations

from typing import Any, Iterable

from .match import AriaSource, as_document


def assert_no_violations(
    source: AriaSource,
    rules: Iterable[str] | None = None,
    tags: Iterable[str] | None = None,
    *,
    exclude: Iterable[str] = (),
) -> dict[str, Any]:
    """Fail, listing each rule and each failing element (its selector, source and what to
    fix), when the page (a Document, HTML text, or a path) breaks one of axe-core's rules;
    return the audit's result otherwise. ``rules`` or ``tags`` (wcag2a, wcag2aa,
    best-practice...) choose the rules, ``exclude`` leaves some out.

    >>> assert_no_violations('<html lang="en"><title>T</title><main><h1>Hi</h1></main></html>')["violations"]
    []
    """
    from ..audit.report import count_nodes, render_text

    __tracebackhide__ = True  # pytest: report the failure at the caller's line
    doc = as_document(source)
    result = doc.audit(rules, tags)
    skipped = set(exclude)
    if skipped:
        result = {**result, "violations": [rule for rule in result["violations"] if rule["id"] not in skipped]}
    if result["violations"]:
        count = count_nodes(result, "violations")
        report = render_text({**result, "incomplete": []}, doc.url, incomplete=False)
        raise AssertionError(
            f"{count} accessibility {'violation' if count == 1 else 'violations'} (axe-core rules):\n{report}"
        )
    return result
