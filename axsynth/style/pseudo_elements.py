"""The pseudo-elements of Chromium 156 that cssselect2 did not know: customizable select
(``::picker(select)``, ``::checkmark``, ``::picker-icon``) and CSS carousels
(``::scroll-marker``, ``::scroll-marker-group``, ``::scroll-button()``).

cssselect2 rejected them, which dropped whole rules such as ``select, ::picker(select)
{ appearance: base-select }``. The selector engine (``style/selectors``) reads them here:
a compiled selector carries the name below as its ``pseudo_element`` (what the cascade
styles), with a pseudo-element's specificity (0, 0, 1); ``::scroll-button(*)`` styles
all four buttons (one compiled selector each).
"""

from __future__ import annotations

import tinycss2

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
ALL_SCROLL_BUTTONS = "scroll-button(*)"
_LOGICAL = {"up": "block-start", "left": "inline-start", "right": "inline-end", "down": "block-end"}


def functional_name(name: str, arguments: list) -> str | None:
    """The name a compiled selector carries for ``::name(arguments)`` (``name`` in lower
    case), or None when Chromium does not accept it."""
    accepted = FUNCTIONAL.get(name)
    argument = tinycss2.serialize(arguments).strip().lower()
    if accepted is None or argument not in accepted:
        return None
    if name == "picker":
        return "picker"
    # A physical direction names its logical button (horizontal, left-to-right text).
    return f"scroll-button({_LOGICAL.get(argument, argument)})"


def each_styled(name: str | None) -> tuple[str | None, ...]:
    """The pseudo-elements a selector ending in ``name`` styles: all four buttons for
    ``::scroll-button(*)``, else itself."""
    return SCROLL_BUTTONS if name == ALL_SCROLL_BUTTONS else (name,)
