"""Why a locator is not exactly one element: the strict-mode violation that lists
every candidate, and the near misses of a role query that found nothing."""

from __future__ import annotations

from typing import Iterable

from ..data import aria_snapshot as roles_data
from ..html.dom import Element, start_tag
from ..playwright.dom import tag_of
from .engine import STATE_ROLES, LocatorEngine, Root
from .steps import RoleQuery

_MAX_LISTED = 20


def describe(engine: LocatorEngine, el: Element, states: Iterable[str] = ()) -> str:
    """``button "Refund" [disabled]  <button class="refund">``: what a test writer
    needs to tell candidates apart."""
    role = engine.role(el)
    head = f'{role} "{engine.name(el)}"' if role else f"{tag_of(el).lower()} (no role)"
    marks = []
    for state in states:
        if role is None or (state in STATE_ROLES and role not in STATE_ROLES[state]):
            continue
        value = engine.state(el, state)
        marks.append(state if value is True else f"{state}={_js_value(value)}")
    if engine.hidden(el):
        marks.append("hidden")
    return head + "".join(f" [{m}]" for m in marks) + f"  {start_tag(el)}"


def strict_mode_violation(engine: LocatorEngine, selector: str, found: list[Element], states: Iterable[str]) -> str:
    """Several elements where one was needed: each candidate, numbered."""
    lines = [f"strict mode violation: {selector} resolved to {len(found)} elements:"]
    lines += [f"  {i}) {describe(engine, el, states)}" for i, el in enumerate(found[:_MAX_LISTED], 1)]
    if len(found) > _MAX_LISTED:
        lines.append(f"  ... and {len(found) - _MAX_LISTED} more")
    lines.append("  narrow it with name=..., .filter(...), a chained locator, or pick one with .nth(i)")
    return "\n".join(lines)


def near_misses(engine: LocatorEngine, query: RoleQuery, scopes: list[Root]) -> str:
    """A role query found nothing in ``scopes``: the elements of that role it searched, with their states."""
    role, states, include_hidden = query
    searched = {
        id(el): el for scope in scopes for el in engine.elements_below(scope) if include_hidden or not engine.hidden(el)
    }.values()
    same_role = [el for el in searched if engine.role(el) == role]
    if not same_role:
        present = sorted({r for el in searched if (r := engine.role(el)) and r not in roles_data.PRESENTATIONAL})
        return f"; no element has role {role!r} there (roles present: {', '.join(present) or 'none'})"
    lines = [f"; elements with role {role!r}:"]
    lines += [f"  {describe(engine, el, states)}" for el in same_role[:_MAX_LISTED]]
    if len(same_role) > _MAX_LISTED:
        lines.append(f"  ... and {len(same_role) - _MAX_LISTED} more")
    return "\n".join(lines)


def _js_value(value: object) -> str:
    return "true" if value is True else "false" if value is False or value is None else str(value)
