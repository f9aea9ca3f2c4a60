"""Why a locator is not exactly one element: the strict-mode violation that lists
every candidate, and the near misses of a role query that found nothing."""

from __future__ import annotations

from typing import Iterable

from ..data import aria_snapshot as roles_data
from ..html.dom import Element, Text
from ..playwright.dom import tag_of
from .engine import STATE_ROLES, LocatorEngine, Root
from .steps import RoleQuery

_MAX_LISTED = 20
# Playwright's injected script: elements previewed without a closing tag, attributes shown bare when empty.
_AUTO_CLOSING_TAGS = frozenset(
    {"AREA", "BASE", "BR", "COL", "COMMAND", "EMBED", "HR", "IMG", "INPUT", "KEYGEN", "LINK", "MENUITEM", "META"}
    | {"PARAM", "SOURCE", "TRACK", "WBR"}
)
_BOOLEAN_ATTRIBUTES = frozenset({"checked", "selected", "disabled", "readonly", "multiple"})


def describe(engine: LocatorEngine, el: Element, states: Iterable[str] = ()) -> str:
    """``button "Refund" [disabled]  <button disabled class="refund">Refund</button>``:
    what a test writer needs to tell candidates apart (the element as Playwright previews it)."""
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
    return head + "".join(f" [{m}]" for m in marks) + f"  {preview_node(el)}"


def preview_node(el: Element) -> str:
    """The element as Playwright's strict-mode errors show it (injectedScript's
    previewNode): every attribute but ``style``, shortest first, an empty boolean one
    bare; the text when the element holds at most five nodes, all text; else ``…``.

    >>> from axsynth.html.parse import parse_html
    >>> print(preview_node(parse_html("<button disabled class=refund>Refund</button>").find_first("button")))
    <button disabled class="refund">Refund</button>
    """
    attrs = [
        f" {name}" if not value and name in _BOOLEAN_ATTRIBUTES else f' {name}="{value}"'
        for name, value in el.attrs.items()
        if name != "style"
    ]
    attr_text = _trim("".join(sorted(attrs, key=_js_length)), 500)
    tag = el.local_name.lower()
    if el.is_html and el.local_name.upper() in _AUTO_CLOSING_TAGS:
        return _one_line(f"<{tag}{attr_text}/>")
    children = el.children
    if len(children) <= 5 and all(isinstance(c, Text) for c in children):
        text = el.text_content()
    else:
        text = "\u2026" if children else ""
    return _one_line(f"<{tag}{attr_text}>{_trim(text, 50)}</{tag}>")


def _js_length(text: str) -> int:
    """A JavaScript string's length: UTF-16 code units."""
    return len(text.encode("utf-16-le")) // 2


def _trim(text: str, cap: int) -> str:
    """Playwright's trimStringWithEllipsis: the cap counts UTF-16 units to decide, code points to cut."""
    if _js_length(text) <= cap or len(text) <= cap:
        return text
    return text[: cap - 1] + "\u2026"


def _one_line(text: str) -> str:
    return text.replace("\n", "\u21b5").replace("\t", "\u21c6")


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
