"""Running rules as axe-core runs them, and its result shape.

For each rule: the elements its selector matches in the flattened tree (those hidden
from screen readers left out when the rule says so), those its ``matches`` function
keeps, and on each its ``any``/``all``/``none`` checks; then each check's ``after``
function over the page; then each node's outcome (an ``any`` check that passes, no
``all`` check failing, no ``none`` check passing), its messages and impact. The
result is axe-core's: ``violations``, ``incomplete``, ``passes`` and ``inapplicable``,
each a list of rules with their nodes (``target``, ``html``, ``failureSummary``...).
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from ..html.serialize import outer_html
from .catalog import RuleInfo, check_functions, check_messages, check_options, rules
from .checks import AFTER, EVALUATE, CheckResult, load
from .context import AuditPage
from .matches import CANDIDATES, MATCHES
from .target import Targets
from .vtree import VNode

IMPACTS = ("minor", "moderate", "serious", "critical")
GROUPS = ("inapplicable", "passes", "incomplete", "violations")  # axe's priority order
_FALLBACK_MESSAGE = "axe couldn't tell the reason. Time to break out the element inspector!"
_SUMMARY = {"any": "Fix any of the following:", "none": "Fix all of the following:"}
_HTML_MAX = 300
_ATTR_LIMIT = 20


class AuditError(ValueError):
    """The audit cannot run as asked: an unknown rule id or tag."""


def select_rules(rule_ids: Iterable[str] | None = None, tags: Iterable[str] | None = None) -> list[RuleInfo]:
    """The rules to run, in axe's order: those named, else those with one of the tags,
    else every rule axsynth implements."""
    catalogue = rules()
    if rule_ids:
        wanted = list(dict.fromkeys(rule_ids))
        unknown = [rule_id for rule_id in wanted if rule_id not in catalogue]
        if unknown:
            raise AuditError(f"unknown rule {unknown[0]!r}: axsynth implements {', '.join(catalogue)}")
        chosen = [rule for rule in catalogue.values() if rule.id in wanted]
    else:
        chosen = list(catalogue.values())
    if tags:
        tags = set(tags)
        known = {tag for rule in catalogue.values() for tag in rule.tags}
        if not tags & known:
            raise AuditError(f"no rule has the tag {sorted(tags)[0]!r} (tags: wcag2a, wcag2aa, best-practice...)")
        chosen = [rule for rule in chosen if tags & set(rule.tags)]
    return chosen


def run(ctx: AuditPage, chosen: list[RuleInfo], passes: bool = True) -> dict[str, list[dict[str, Any]]]:
    """The four result groups for ``chosen`` rules on the page. Without ``passes`` the
    passing nodes are not described (a rule with passing nodes still appears in ``passes``,
    without them)."""
    load()
    out: dict[str, list] = {group: [] for group in GROUPS}
    describer = _Describer(ctx)
    for rule in chosen:
        nodes, quick_passes = _outcomes(ctx, rule, passes)
        if not nodes and not quick_passes:
            out["inapplicable"].append(_rule_entry(rule, None, []))
            continue
        by_group: dict[str, list] = {"passes": [], "incomplete": [], "violations": []}
        for node, checks, group, impact in nodes:
            by_group[group].append((node, checks, impact))
        impact = _worst([i for _, _, i in by_group["violations"]]) or _worst([i for _, _, i in by_group["incomplete"]])
        for group in ("passes", "incomplete", "violations"):
            if by_group[group] or (group == "passes" and quick_passes):
                with_nodes = group != "passes" or passes
                described = [describer.node(rule, *item, group) for item in by_group[group]] if with_nodes else []
                out[group].append(_rule_entry(rule, impact, described))
    return out


class _Plan:
    """A rule's checks, looked up once: (kind, check id, evaluate function, options)."""

    # after functions that never change a passing result (so passing nodes need not be kept)
    KEEP_PASSES = frozenset({"region-after"})

    def __init__(self, rule: RuleInfo) -> None:
        self.checks = [
            (kind, ref.id, EVALUATE[check_functions(ref.id)[0]], _options(ref.id, ref.options))
            for kind in ("any", "all", "none")
            for ref in getattr(rule, kind)
        ]
        afters = {check_functions(ref.id)[1] for ref in (*rule.any, *rule.all, *rule.none)} - {None}
        self.afters_keep_passes = afters <= self.KEEP_PASSES


_PLANS: dict[str, _Plan] = {}


def _plan(rule: RuleInfo) -> _Plan:
    plan = _PLANS.get(rule.id)
    if plan is None:
        plan = _PLANS[rule.id] = _Plan(rule)
    return plan


def _outcomes(ctx: AuditPage, rule: RuleInfo, passes: bool) -> tuple[list[tuple], int]:
    """Each node's checks, group and impact; and how many nodes passed on the quick path
    (without ``passes``: a passing node is told apart without running every check)."""
    if rule.selector == "*" and rule.matches in CANDIDATES:
        nodes = CANDIDATES[rule.matches](ctx)
    else:
        nodes = ctx.index.select(rule.selector)
    if rule.exclude_hidden:
        nodes = [node for node in nodes if ctx.is_visible_to_sr(node)]
    if rule.matches is not None:
        keep = MATCHES[rule.matches]
        nodes = [node for node in nodes if keep(ctx, node)]
    plan = _plan(rule)
    quick = not passes and plan.afters_keep_passes
    scratch = CheckResult("", ctx.tree.root)
    scratch.brief = True
    quick_passes = 0
    evaluated: list[tuple[VNode, dict[str, list[CheckResult]]]] = []
    for node in nodes:
        if quick and _passes(ctx, node, plan, scratch):
            quick_passes += 1
            continue
        checks: dict[str, list[CheckResult]] = {"any": [], "all": [], "none": []}
        for kind, check_id, evaluate, options in plan.checks:
            checks[kind].append(_run_check(ctx, check_id, evaluate, options, node))
        evaluated.append((node, checks))
    if rule.review_on_fail:
        for _, checks in evaluated:
            _review_instead_of_fail(rule, checks)
    _after(ctx, rule, [checks for _, checks in evaluated])
    kept = []
    for node, checks in evaluated:
        checks = {kind: [c for c in found if not c.filtered] for kind, found in checks.items()}
        if any(checks.values()):
            kept.append((node, checks))
    if rule.page_level and kept:
        merged = {kind: [c for _, checks in kept for c in checks[kind]] for kind in ("any", "all", "none")}
        kept = [(kept[0][0], merged)]
    return [(node, checks, *_aggregate(rule, checks)) for node, checks in kept], quick_passes


def _passes(ctx: AuditPage, node: VNode, plan: _Plan, scratch: CheckResult) -> bool:
    """Whether the node passes: an ``any`` check true (the first one found ends the search),
    every ``all`` check true, every ``none`` check false. (``scratch`` takes what the checks
    attach, and is thrown away.)"""
    scratch.node = node
    found_any = None
    try:
        for kind, _, evaluate, options in plan.checks:
            if kind == "any":
                if found_any:
                    continue
                found_any = evaluate(ctx, node, options, scratch) is True
            elif kind == "all":
                if evaluate(ctx, node, options, scratch) is not True:
                    return False
            elif evaluate(ctx, node, options, scratch) is not False:
                return False
    except RecursionError:
        return False
    return found_any is not False


def _run_check(ctx: AuditPage, check_id: str, evaluate, options: Any, node: VNode) -> CheckResult:
    result = CheckResult(check_id, node)
    try:
        result.result = evaluate(ctx, node, options, result)
    except RecursionError:  # references nested beyond any real page (aria-owns chains): cannot tell
        result.result = None
    return result


def _options(check_id: str, options: Any) -> Any:
    found = options if options is not None else check_options(check_id)
    return found if found is not None else {}


def _after(ctx: AuditPage, rule: RuleInfo, results: list[dict[str, list[CheckResult]]]) -> None:
    for ref in (*rule.any, *rule.all, *rule.none):
        name = check_functions(ref.id)[1]
        if not name:
            continue
        found = [c for checks in results for kind in ("any", "all", "none") for c in checks[kind] if c.id == ref.id]
        kept_results = AFTER[name](ctx, found, _options(ref.id, ref.options))
        if rule.review_on_fail:
            kinds = {kind: {r.id for r in getattr(rule, kind)} for kind in ("any", "all", "none")}
            _review_instead_of_fail(
                rule, {kind: [c for c in kept_results if c.id in ids] for kind, ids in kinds.items()}
            )
        kept = {id(c) for c in kept_results}
        for check in found:
            check.filtered = check.filtered or id(check) not in kept


def _review_instead_of_fail(rule: RuleInfo, checks: dict[str, list[CheckResult]]) -> None:
    """reviewOnFail: a failing check says "cannot tell" instead."""
    for kind, found in checks.items():
        for check in found:
            if check.result is (True if kind == "none" else False):
                check.result = None


def _aggregate(rule: RuleInfo, checks: dict[str, list[CheckResult]]) -> tuple[str, str | None]:
    """axe's aggregateChecks: the node's group and impact. Priorities: 1 pass, 2 can't tell,
    3 fail; the worst ``all``/``none`` result, the best ``any`` result, decide."""
    priority = {True: 1, None: 2, False: 3}
    for kind, found in checks.items():
        for check in found:
            value = priority.get(check.result, 2)
            if kind == "none" and value != 2:
                value = 4 - value
            check.priority = value
    worst_all = max((c.priority for c in checks["all"]), default=0)
    worst_none = max((c.priority for c in checks["none"]), default=0)
    best_any = min((c.priority for c in checks["any"]), default=4) % 4
    node_priority = max(worst_all, worst_none, best_any)
    level = {"all": worst_all, "none": worst_none, "any": best_any}
    for kind in ("any", "all", "none"):
        checks[kind] = [c for c in checks[kind] if c.priority == node_priority and c.priority == level[kind]]
    group = GROUPS[node_priority]
    return group, (rule.impact if node_priority >= 2 else None)


def _worst(impacts: list[str | None]) -> str | None:
    known = [IMPACTS.index(i) for i in impacts if i in IMPACTS]
    return IMPACTS[max(known)] if known else None


def _rule_entry(rule: RuleInfo, impact: str | None, nodes: list[dict]) -> dict[str, Any]:
    return {
        "id": rule.id,
        "impact": impact,
        "tags": list(rule.tags),
        "description": rule.description,
        "help": rule.help,
        "helpUrl": rule.help_url,
        "nodes": nodes,
    }


class _Describer:
    """Node entries of the result: their checks with messages, html and target."""

    def __init__(self, ctx: AuditPage) -> None:
        self.ctx = ctx
        self._targets: Targets | None = None

    def node(self, rule: RuleInfo, node: VNode, checks: dict[str, list[CheckResult]], impact, group: str) -> dict:
        entry = {
            kind: [self._check(rule, check, should_pass=kind != "none") for check in checks[kind]]
            for kind in ("any", "all", "none")
        }
        entry.update(impact=impact, html=self.html(node), target=self.target(node))
        if group != "passes":
            entry["failureSummary"] = failure_summary(entry)
        return entry

    def _check(self, rule: RuleInfo, check: CheckResult, should_pass: bool) -> dict:
        messages = check_messages(check.id)
        if check.result is None and not rule.review_on_fail:
            message = None
            if isinstance(messages.get("incomplete"), dict) and not isinstance(check.data, list):
                message = _incomplete_reason(check.data, messages["incomplete"])
            if not message:
                message = messages.get("incomplete")
        else:
            message = messages.get("pass") if check.result is should_pass else messages.get("fail")
        return {
            "id": check.id,
            "data": check.data,
            "relatedNodes": [{"html": self.html(n), "target": self.target(n)} for n in check.related],
            "impact": rule.impact,
            "message": process_message(message, check.data),
        }

    def html(self, node: VNode) -> str:
        """axe's element source: the outer HTML, or only the start tag (attribute names and
        values cut to 20 characters, then attributes dropped) when it is over 300 characters."""
        if node.el is None:
            return node.text[:_HTML_MAX] + ("..." if len(node.text) > _HTML_MAX else "")
        text, cut = outer_html(node.el, _HTML_MAX)
        if not cut and len(text) <= _HTML_MAX:
            return text
        return _start_tag(node, _HTML_MAX, _ATTR_LIMIT)

    def target(self, node: VNode) -> list:
        if self._targets is None:
            self._targets = Targets(self.ctx)
        return self._targets.target(node)


def _start_tag(node: VNode, max_length: int, attr_limit: int) -> str:
    name = node.el.local_name if not node.is_html else node.name
    attrs = list(node.el.attrs.items())
    if 2 + len(name) + sum(len(k) + len(v) + 4 for k, v in attrs) > max_length:
        attrs = [(_truncate(k, attr_limit), _truncate(v, attr_limit)) for k, v in attrs]
    source, end = f"<{name}", ">"
    for key, value in attrs:
        piece = f' {key}="{value}"'
        if len(source) + len(piece) > max_length - len(" ...>"):
            end = " ...>"
            continue
        source += piece
    return source + end


def _truncate(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def failure_summary(entry: dict) -> str:
    """axe's helpers.failureSummary: the failed ``none`` and ``all`` checks first, then ``any``."""
    parts = []
    for kind, checks in (("none", entry["none"] + entry["all"]), ("any", entry["any"])):
        if checks:
            lines = "".join("\n  " + (c["message"] or "").replace("\n", "\n  ") for c in checks)
            parts.append(_SUMMARY[kind] + lines)
    return "\n\n".join(parts)


def _incomplete_reason(data: Any, messages: dict) -> str | None:
    if isinstance(data, dict) and data.get("missingData"):
        missing = data["missingData"]
        if isinstance(missing, list) and missing and isinstance(missing[0], dict):
            found = messages.get(missing[0].get("reason"))
            if found:
                return found
        if isinstance(missing, str):
            return messages.get(missing)
        return messages.get("default") or _FALLBACK_MESSAGE
    if isinstance(data, dict) and data.get("messageKey"):
        return messages.get(data["messageKey"])
    return messages.get("default") or _FALLBACK_MESSAGE


def process_message(message: Any, data: Any) -> str | None:
    """axe's processMessage: pick the message for the data, fill in ``${data.x}``."""
    if not message:
        return None
    if isinstance(data, list):
        values = {"values": ", ".join(_js_string(v) for v in data)}
        if (
            isinstance(message, dict)
            and isinstance(message.get("singular"), str)
            and isinstance(message.get("plural"), str)
        ):
            return _substitute(message["singular"] if len(data) == 1 else message["plural"], values)
        return _substitute(message, values) if isinstance(message, str) else None
    if isinstance(message, str):
        return _substitute(message, data)
    if isinstance(data, str):
        return _substitute(message.get(data), data) if message.get(data) else None
    text = message.get("default") or _FALLBACK_MESSAGE
    if isinstance(data, dict) and data.get("messageKey") and message.get(data["messageKey"]):
        text = message[data["messageKey"]]
    return process_message(text, data)


def _substitute(text: str, data: Any) -> str:
    if isinstance(data, str):
        return re.sub(r"\$\{\s?data\s?\}", lambda _: data, text)
    if isinstance(data, dict):
        for key, value in data.items():
            text = re.sub(r"\$\{\s?data\." + re.escape(key) + r"\s?\}", lambda _, v=value: _js_string(v), text)
    return text


def _js_string(value: Any) -> str:
    """String(value) as JavaScript writes it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value == int(value) else repr(value)
    if isinstance(value, list):
        return ",".join("" if v is None else _js_string(v) for v in value)
    return str(value)
