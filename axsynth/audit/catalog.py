"""axe-core's rule catalogue, as data: each rule's id, selector, tags, impact, checks and
texts, each check's messages and options, and the ARIA/HTML standards tables.

The tables are vendored from axe-core (``tools/axe_data.py`` writes the two JSON files);
axsynth's own code decides each check. ``RULE_IDS`` are the rules axsynth implements, in
axe-core's order (the order of its results).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

#: The rules axsynth implements (axe-core's ids), in axe-core's order.
RULE_IDS = (
    "aria-allowed-attr",
    "aria-command-name",
    "aria-dialog-name",
    "aria-hidden-body",
    "aria-hidden-focus",
    "aria-input-field-name",
    "aria-meter-name",
    "aria-progressbar-name",
    "aria-required-attr",
    "aria-required-children",
    "aria-required-parent",
    "aria-roles",
    "aria-toggle-field-name",
    "aria-tooltip-name",
    "aria-valid-attr-value",
    "aria-valid-attr",
    "button-name",
    "bypass",
    "color-contrast",
    "definition-list",
    "dlitem",
    "document-title",
    "duplicate-id-aria",
    "empty-heading",
    "empty-table-header",
    "frame-title",
    "heading-order",
    "html-has-lang",
    "html-lang-valid",
    "image-alt",
    "input-button-name",
    "input-image-alt",
    "label",
    "landmark-one-main",
    "landmark-unique",
    "link-name",
    "list",
    "listitem",
    "meta-refresh",
    "meta-viewport",
    "nested-interactive",
    "object-alt",
    "page-has-heading-one",
    "presentation-role-conflict",
    "region",
    "role-img-alt",
    "select-name",
    "svg-img-alt",
    "tabindex",
    "td-headers-attr",
    "th-has-data-cells",
    "valid-lang",
)


@dataclass(frozen=True)
class CheckRef:
    """A check as a rule lists it: its id and the options this rule gives it."""

    id: str
    options: Any = None


@dataclass(frozen=True)
class RuleInfo:
    id: str
    selector: str
    exclude_hidden: bool
    page_level: bool
    review_on_fail: bool  # a failure is only "incomplete": a person must judge it
    matches: str | None
    impact: str
    tags: tuple[str, ...]
    any: tuple[CheckRef, ...]
    all: tuple[CheckRef, ...]
    none: tuple[CheckRef, ...]
    description: str
    help: str

    @property
    def help_url(self) -> str:
        return f"https://dequeuniversity.com/rules/axe/{minor_version()}/{self.id}?application=axeAPI"


@cache
def _catalog() -> dict[str, Any]:
    return json.loads(files(__package__).joinpath("axe_catalog.json").read_text(encoding="utf-8"))


@cache
def standards() -> dict[str, Any]:
    """axe-core's ``ariaAttrs``, ``ariaRoles`` and ``htmlElms`` tables."""
    return json.loads(files(__package__).joinpath("axe_standards.json").read_text(encoding="utf-8"))


def axe_version() -> str:
    """The axe-core release whose rules axsynth follows."""
    return _catalog()["version"]


def minor_version() -> str:
    return ".".join(axe_version().split(".")[:2])


@cache
def rules() -> dict[str, RuleInfo]:
    """Every implemented rule's facts, by id, in axe-core's order."""
    by_id = {rule["id"]: rule for rule in _catalog()["rules"]}
    return {rule_id: _rule_info(by_id[rule_id]) for rule_id in RULE_IDS}


def _rule_info(rule: dict[str, Any]) -> RuleInfo:
    def refs(kind: str) -> tuple[CheckRef, ...]:
        return tuple(CheckRef(ref["id"], ref.get("options")) for ref in rule[kind])

    return RuleInfo(
        id=rule["id"],
        selector=rule["selector"],
        exclude_hidden=rule["excludeHidden"],
        page_level=rule["pageLevel"],
        review_on_fail=rule["reviewOnFail"],
        matches=rule["matches"],
        impact=rule["impact"],
        tags=tuple(rule["tags"]),
        any=refs("any"),
        all=refs("all"),
        none=refs("none"),
        description=rule["description"],
        help=rule["help"],
    )


def check_messages(check_id: str) -> dict[str, Any]:
    """A check's ``pass``/``fail``/``incomplete`` messages (strings, or objects keyed by a
    message key, or singular/plural pairs)."""
    return _catalog()["checks"][check_id].get("messages", {})


def check_functions(check_id: str) -> tuple[str, str | None]:
    """The names of a check's evaluate and after functions."""
    check = _catalog()["checks"][check_id]
    return check["evaluate"], check.get("after")


def check_options(check_id: str) -> Any:
    """A check's default options (a rule's CheckRef may override them)."""
    return _catalog()["checks"][check_id].get("options")
