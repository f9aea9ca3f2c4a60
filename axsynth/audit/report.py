"""Readers for an audit's result: a text report, and SARIF 2.1.0 for code-scanning CI.

Both read axe-core's result shape (``violations``, ``incomplete``...), so they render
axe-core's own results as well as axsynth's.
"""

from __future__ import annotations

import hashlib
import re
from typing import TYPE_CHECKING, Any, Callable, Iterable

from ..version import __version__

if TYPE_CHECKING:
    from ..page import Page

_IMPACT_ORDER = {"critical": 0, "serious": 1, "moderate": 2, "minor": 3, None: 4}
# SARIF levels: what blocks a merge (error) and what only informs (warning, note).
_SARIF_LEVEL = {"critical": "error", "serious": "error", "moderate": "warning", "minor": "note"}
_SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"


def count_nodes(result: dict[str, Any], group: str) -> int:
    return sum(len(rule["nodes"]) for rule in result.get(group, []))


def render_text(result: dict[str, Any], source: str | None = None, incomplete: bool = True) -> str:
    """The violations (worst impact first), each node with its target, source and what to
    fix; then what needs a person's review; then one line of counts."""
    out = [f"{source or result.get('url', '')}"]
    for group, title in (("violations", "violation"), ("incomplete", "to review")):
        if group == "incomplete" and not incomplete:
            continue
        for rule in sorted(result.get(group, []), key=lambda r: (_IMPACT_ORDER.get(r.get("impact"), 4), r["id"])):
            nodes = rule["nodes"]
            out.append(
                f"\n{title} {rule['id']} ({rule.get('impact') or 'no impact'}, {len(nodes)} "
                f"{'element' if len(nodes) == 1 else 'elements'}): {rule['help']}"
            )
            out.append(f"  {rule['helpUrl']}")
            for node in nodes:
                out.append(f"  - {target_text(node['target'])}")
                out.append(f"    {_one_line(node.get('html', ''))}")
                for line in (node.get("failureSummary") or "").splitlines():
                    out.append(f"    {line}" if line.strip() else "")
    violations, review = count_nodes(result, "violations"), count_nodes(result, "incomplete")
    rules = len(result.get("violations", []))
    out.append(
        f"\n{violations} {'violation' if violations == 1 else 'violations'} of {rules} "
        f"{'rule' if rules == 1 else 'rules'}, {review} to review, "
        f"{len(result.get('passes', []))} rules passed, {len(result.get('inapplicable', []))} inapplicable"
    )
    return "\n".join(out) + "\n"


def target_text(target: list) -> str:
    """A target as one selector (a shadow DOM path joined with " >>> ")."""
    return " >>> ".join(part if isinstance(part, str) else " >>> ".join(part) for part in target)


def _one_line(text: str, limit: int = 200) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


LineOf = Callable[[list], "int | None"]


def sarif(pages: Iterable[tuple[str, dict[str, Any], LineOf]], include_incomplete: bool = False) -> dict[str, Any]:
    """A SARIF 2.1.0 log of the violations of several pages: ``pages`` are (artifact URI,
    result, line of a target) triples. Each violation node is a result located in its page
    (the artifact, at the line of the element's start tag, 1 when unknown) and element (a
    logical location named by its target); critical and serious impacts are errors,
    moderate warnings, minor notes."""
    rules: dict[str, dict[str, Any]] = {}
    results = []
    for uri, result, line_of in pages:
        groups = ("violations", "incomplete") if include_incomplete else ("violations",)
        for group in groups:
            for rule in result.get(group, []):
                rules.setdefault(rule["id"], _sarif_rule(rule))
                for node in rule["nodes"]:
                    results.append(_sarif_result(uri, rule, node, group, line_of(node["target"]) or 1))
    ordered = sorted(rules)
    for entry in results:
        entry["ruleIndex"] = ordered.index(entry["ruleId"])
    return {
        "$schema": _SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "axsynth",
                        "version": __version__,
                        "informationUri": "https://github.com/axsynth/axsynth",
                        "rules": [rules[rule_id] for rule_id in ordered],
                    }
                },
                "results": results,
            }
        ],
    }


def _sarif_rule(rule: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": rule["id"],
        "name": rule["id"],
        "shortDescription": {"text": rule["help"]},
        "fullDescription": {"text": rule["description"]},
        "helpUri": rule["helpUrl"],
        "help": {"text": f"{rule['help']} ({rule['helpUrl']})"},
        "defaultConfiguration": {"level": _SARIF_LEVEL.get(rule.get("impact"), "warning")},
        "properties": {"tags": list(rule.get("tags", []))},
    }


def _sarif_result(uri: str, rule: dict[str, Any], node: dict[str, Any], group: str, line: int) -> dict[str, Any]:
    target = target_text(node["target"])
    summary = " ".join((node.get("failureSummary") or "").split())
    level = _SARIF_LEVEL.get(node.get("impact") or rule.get("impact"), "warning") if group == "violations" else "note"
    fingerprint = hashlib.sha256(f"{rule['id']}\0{uri}\0{target}".encode()).hexdigest()[:32]
    return {
        "ruleId": rule["id"],
        "level": level,
        "kind": "fail" if group == "violations" else "review",
        "message": {"text": f"{rule['help']}: {target}. {summary}".strip()},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": uri},
                    "region": {"startLine": line, "snippet": {"text": node.get("html", "")}},
                },
                "logicalLocations": [{"fullyQualifiedName": target, "kind": "element"}],
            }
        ],
        "partialFingerprints": {"axsynthTarget/v1": fingerprint},
    }


def source_lines(page: "Page", source: str) -> LineOf:
    """The line of an element's start tag in the page's source text, found from the target:
    the n-th element of its name in the document is taken to start at the n-th ``<name``
    of the text (elements the parser makes up, such as an implied <tbody>, have none:
    then None)."""
    from ..page import ScopeError, select_all

    starts: dict[str, list[int]] = {}
    order: dict[str, list] = {}

    def line_of(target: list) -> int | None:
        if len(target) != 1 or not isinstance(target[0], str):
            return None
        try:
            found = select_all(page, target[0])
        except ScopeError:
            return None
        if len(found) != 1:
            return None
        element = found[0]
        name = element.local_name.lower()
        if name not in starts:
            starts[name] = [m.start() for m in re.finditer(rf"<{re.escape(name)}(?=[\s/>])", source, re.IGNORECASE)]
            order[name] = [el for el in page.document.iter_elements() if el.local_name.lower() == name]
        position = next((i for i, el in enumerate(order[name]) if el is element), None)
        if position is None or position >= len(starts[name]) or len(starts[name]) != len(order[name]):
            return None
        return source.count("\n", 0, starts[name][position]) + 1

    return line_of
