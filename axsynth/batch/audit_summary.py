"""The audits of a batch (``axsynth batch --audit``), summarized as the WebAIM Million
reports its survey: the share of pages with detected failures, failures per page, the
most common failures, and failures by WCAG conformance level."""

from __future__ import annotations

import html
from collections import Counter
from typing import Any

#: A rule's WCAG level from its tags (axe-core tags each rule with the levels it tests).
_LEVELS = (
    ("A", ("wcag2a", "wcag21a", "wcag22a")),
    ("AA", ("wcag2aa", "wcag21aa", "wcag22aa")),
    ("AAA", ("wcag2aaa", "wcag21aaa", "wcag22aaa")),
    ("best practice", ("best-practice",)),
)


def level_of(tags: list[str] | tuple[str, ...]) -> str:
    return next((level for level, names in _LEVELS if any(tag in names for tag in tags)), "other")


class AuditTally:
    """Counts over the ``audit`` entries of batch lines, read once."""

    def __init__(self) -> None:
        self.pages = 0
        self.failing = 0
        self.nodes = 0
        self.review_pages = 0
        self.rule_pages: Counter[str] = Counter()
        self.rule_nodes: Counter[str] = Counter()
        self.level_pages: Counter[str] = Counter()
        self.axe: set[str] = set()

    def add(self, audit: Any) -> None:
        if not isinstance(audit, dict) or not isinstance(audit.get("violations"), dict):
            return
        from ..audit.catalog import rules

        catalogue = rules()
        violations: dict[str, int] = audit["violations"]
        self.pages += 1
        self.axe.add(str(audit.get("axe")))
        self.failing += bool(violations)
        self.review_pages += bool(audit.get("incomplete"))
        self.nodes += sum(violations.values())
        self.rule_pages.update(violations.keys())
        self.rule_nodes.update(violations)
        levels = {level_of(catalogue[rule].tags) if rule in catalogue else "other" for rule in violations}
        self.level_pages.update(levels)

    def result(self) -> dict[str, Any] | None:
        if not self.pages:
            return None
        from ..audit.catalog import rules

        catalogue = rules()

        def info(rule: str) -> dict[str, Any]:
            found = catalogue.get(rule)
            return {
                "help": found.help if found else rule,
                "impact": found.impact if found else None,
                "level": level_of(found.tags) if found else "other",
            }

        return {
            "axe": sorted(self.axe),
            "pages": self.pages,
            "pages_with_violations": self.failing,
            "share_with_violations": _share(self.failing, self.pages),
            "violations_per_page": round(self.nodes / self.pages, 2),
            "pages_to_review": self.review_pages,
            "rules": {
                rule: {
                    **info(rule),
                    "pages": pages,
                    "share": _share(pages, self.pages),
                    "nodes": self.rule_nodes[rule],
                }
                for rule, pages in sorted(self.rule_pages.items(), key=lambda item: (-item[1], item[0]))
            },
            "levels": {
                level: {"pages": self.level_pages[level], "share": _share(self.level_pages[level], self.pages)}
                for level, _ in _LEVELS
            },
        }


def _share(count: int, total: int) -> float:
    return round(count / total, 4) if total else 0.0


def render_text(audit: dict[str, Any], top: int = 15) -> list[str]:
    out = [
        "",
        f"audit (axe-core {', '.join(audit['axe'])} rules): {audit['pages']:,} pages, "
        f"{100 * audit['share_with_violations']:.1f}% with detected failures, "
        f"{audit['violations_per_page']:.1f} failures per page on average",
        "  by level: "
        + ", ".join(
            f"{level} {100 * value['share']:.1f}%" for level, value in audit["levels"].items() if value["pages"]
        ),
        "  most common failures (share of pages, elements):",
    ]
    rules = list(audit["rules"].items())[:top]
    width = max((len(rule) for rule, _ in rules), default=0)
    for rule, value in rules:
        out.append(
            f"    {rule:<{width}}  {100 * value['share']:5.1f}%  {value['nodes']:>8,}  "
            f"{value['help']} ({value['level']})"
        )
    return out


def render_html(audit: dict[str, Any], chart) -> str:
    """The audit's section of the HTML summary (``chart`` draws one bar chart)."""
    rows = [
        (f"{rule} — {value['help']}", value["share"], f"{100 * value['share']:.0f}% ({value['pages']:,})")
        for rule, value in list(audit["rules"].items())[:20]
    ]
    levels = [
        (level, value["share"], f"{100 * value['share']:.0f}% ({value['pages']:,})")
        for level, value in audit["levels"].items()
    ]
    headline = (
        f"<p>{audit['pages']:,} pages audited with axe-core {html.escape(', '.join(audit['axe']))}'s rules: "
        f"<strong>{100 * audit['share_with_violations']:.1f}%</strong> with detected failures, "
        f"<strong>{audit['violations_per_page']:.1f}</strong> failures per page on average.</p>"
    )
    return (
        "<h2>Audit</h2>"
        + headline
        + chart("Share of pages failing each rule", rows)
        + chart("Share of pages with failures, by WCAG level", levels)
    )
