"""Selectors ending in a pseudo-element cssselect2 does not know: Chromium 156's
customizable select (``::picker(select)``, ``::checkmark``, ``::picker-icon``) and
CSS carousels (``::scroll-marker``, ``::scroll-marker-group``, ``::scroll-button()``).

cssselect2 parses a fixed set of pseudo-elements (before, after, marker...) and
rejects any other, which dropped whole rules such as ``select, ::picker(select) {
appearance: base-select }``. Here the pseudo-element at the end of a compound
selector is split off, the rest compiled by cssselect2, and the compiled selector
carries the pseudo-element's name as cssselect2's own pseudo-elements do
(``pseudo_element``, which the cascade matches against), with its specificity
(0, 0, 1) added.
"""

from __future__ import annotations

import cssselect2
import tinycss2

from . import selectors

#: Pseudo-elements by the name a compiled selector carries: plain ones, then the
#: functional ones with the arguments they accept (``::picker(select)``).
PLAIN = frozenset({"checkmark", "picker-icon", "scroll-marker", "scroll-marker-group"})
FUNCTIONAL = {
    "picker": frozenset({"select"}),
    "scroll-button": frozenset(
        {"*", "up", "down", "left", "right", "block-start", "block-end", "inline-start", "inline-end"}
    ),
}


# The four ::scroll-button()s, in the order a scroll container's buttons come in.
SCROLL_BUTTONS = tuple(f"scroll-button({d})" for d in ("block-start", "inline-start", "inline-end", "block-end"))
_LOGICAL = {"up": "block-start", "left": "inline-start", "right": "inline-end", "down": "block-end"}


def rule_selectors(prelude: list, notes: list[str]) -> list:
    """A style rule's compiled selectors (``selectors.rule_selectors``: its limits and
    notes), with the pseudo-elements above; raises cssselect2.SelectorError for an
    invalid selector (which drops the rule)."""
    if all(_split_pseudo_element(part)[1] is None for part in _split_commas(prelude)):
        return selectors.rule_selectors(prelude, notes)
    return compile_selector_list(prelude)


def compile_selector_list(prelude: list) -> list:
    """``selectors.compile_selector_list`` (safe for any length), with the
    pseudo-elements above; raises cssselect2.SelectorError for an invalid selector."""
    compiled = []
    for part in _split_commas(prelude):
        head, name = _split_pseudo_element(part)
        if name is None:
            compiled += selectors.compile_selector_list(part)
            continue
        # ::scroll-button(*) styles all four buttons: one compiled copy for each.
        for each in SCROLL_BUTTONS if name == "scroll-button(*)" else (name,):
            for selector in selectors.compile_selector_list(head):
                if selector.pseudo_element is not None:
                    raise cssselect2.SelectorError(None, "a pseudo-element after another is not supported")
                selector.pseudo_element = each
                a, b, c = selector.specificity
                selector.specificity = (a, b, c + 1)
                compiled.append(selector)
    return compiled


def _split_commas(prelude: list) -> list[list]:
    parts: list[list] = [[]]
    for token in prelude:
        if token.type == "literal" and token.value == ",":
            parts.append([])
        else:
            parts[-1].append(token)
    return parts


def _split_pseudo_element(part: list) -> tuple[list, str | None]:
    """(the selector before the pseudo-element, its name), or (part, None) when the
    selector ends in no pseudo-element of this module."""
    tokens = list(part)
    while tokens and tokens[-1].type in ("whitespace", "comment"):
        tokens.pop()
    if len(tokens) < 3 or not all(t.type == "literal" and t.value == ":" for t in tokens[-3:-1]):
        return part, None
    last = tokens[-1]
    if last.type == "ident" and last.lower_value in PLAIN:
        name = last.lower_value
    elif last.type == "function" and last.lower_name in FUNCTIONAL:
        argument = tinycss2.serialize(last.arguments).strip().lower()
        if argument not in FUNCTIONAL[last.lower_name]:
            raise cssselect2.SelectorError(last, f"::{last.lower_name}({argument}) is not supported")
        if last.lower_name == "picker":
            name = "picker"
        else:  # a physical direction names its logical button (horizontal, left-to-right text)
            name = f"scroll-button({_LOGICAL.get(argument, argument)})"
    else:
        return part, None
    head = tokens[:-3]
    if not head or head[-1].type == "whitespace":
        # "::checkmark" alone, or "li ::marker": the universal selector is implied.
        head = head + [tinycss2.ast.LiteralToken(0, 0, "*")]
    return head, name
