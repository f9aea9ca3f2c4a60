"""Checks on focus: positive tabindex, focusable content hidden by aria-hidden, and
interactive content nested in controls whose children are presentational."""

from __future__ import annotations

from ..context import parse_tabindex
from ..roles import role, role_info
from . import evaluate

_DISABLEABLE = ("button", "fieldset", "input", "select", "textarea")


@evaluate("tabindex-evaluate")
def tabindex(ctx, node, options, result):
    value = parse_tabindex(node.attr("tabindex"))
    return value is None or value <= 0


def tabbable_elements(ctx, node) -> list:
    """axe's getTabbableElements: the node and its descendants that are focusable and
    not taken out of the tab order by a negative tabindex."""
    found = []
    for candidate in (node, *node.elements()):
        value = parse_tabindex(candidate.attr("tabindex"))
        focusable = ctx.is_focusable(candidate)
        if (focusable and value >= 0) if value is not None else focusable:
            found.append(candidate)
    return found


@evaluate("focusable-modal-open-evaluate")
def focusable_modal_open(ctx, node, options, result):
    tabbable = tabbable_elements(ctx, node)
    if tabbable and ctx.is_modal_open():
        result.relate(tabbable)
        return None
    return True


def _focusable_hidden(ctx, node, result, disableable: bool):
    """focusable-disabled (``disableable``: the controls a disabled attribute could take
    out) and focusable-not-tabbable (the other elements): tabbable content under
    aria-hidden fails. axe excuses an element whose ``onfocus`` property holds a handler
    (it may move focus away), but a page loaded with scripts off, as axsynth reads it,
    has none: Chromium makes no listener of a handler attribute parsed while scripting is
    disabled. A zero size with pointer-events: none also excuses it in axe; that is layout."""
    tabbable = tabbable_elements(ctx, node)
    related = [n for n in tabbable if (n.name in _DISABLEABLE) == disableable]
    result.relate(related)
    if not related or ctx.is_modal_open():
        return True
    return False


@evaluate("focusable-disabled-evaluate")
def focusable_disabled(ctx, node, options, result):
    return _focusable_hidden(ctx, node, result, disableable=True)


@evaluate("focusable-not-tabbable-evaluate")
def focusable_not_tabbable(ctx, node, options, result):
    return _focusable_hidden(ctx, node, result, disableable=False)


@evaluate("no-focusable-content-evaluate")
def no_focusable_content(ctx, node, options, result):
    found = _focusable_descendants(ctx, node)
    if not found:
        return True
    unreliable = [n for n in found if (parse_tabindex(n.attr("tabindex")) or 0) < 0]
    if unreliable:
        result.data = {"messageKey": "notHidden"}
        result.relate(unreliable)
    else:
        result.relate(found)
    return False


def _focusable_descendants(ctx, node) -> list:
    found = []
    for child in node.children:
        if child.el is None:
            continue
        if role_info(role(ctx, child)).get("type") == "widget" and ctx.is_focusable(child):
            found.append(child)
        else:
            found += _focusable_descendants(ctx, child)
    return found
