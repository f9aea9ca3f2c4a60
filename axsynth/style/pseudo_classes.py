"""Pseudo-classes as Chromium 156's selector parser accepts them and its matcher answers
them on a page that no script and no user has touched, for any selector engine.

Each element state has one home, html.element_states (named after HTML's definitions);
this module is the CSS side: which names are valid, which match nothing on such a page,
which Chromium rejects (a rule naming one is dropped whole), and how an argument is read.

* ``match(element, name, argument)`` answers a pseudo-class this module knows;
* ``kind(name)`` says whether a name is a STATE, NEVER (valid, matches nothing),
  REJECTED (invalid in Chromium) or None (left to the engine: structural ones, ``:is()``...);
* the selector engine (``style/selectors``: the cascade, --scope, locators) compiles each
  name here to its predicate. Chromium accepts the names cssselect2 rejected (``:valid``,
  ``:dir()``...), so rules using them are no longer dropped, and the names cssselect2
  approximated (``:checked`` by the attribute alone, ``:root`` on a shadow tree's top
  elements) answer as Chromium does.
"""

from __future__ import annotations

from typing import Callable

from ..html import element_states as states
from ..html.dom import Document, Element
from .selectors.parse import SelectorError

STATE, NEVER, REJECTED = "state", "never", "rejected"

#: The element states, by pseudo-class name.
STATES: dict[str, Callable[[Element], bool]] = {
    "checked": states.is_checked,
    "default": states.is_default,
    "indeterminate": states.is_indeterminate,
    "enabled": lambda el: states.is_disableable(el) and not states.is_actually_disabled(el),
    "disabled": lambda el: states.is_disableable(el) and states.is_actually_disabled(el),
    "required": states.is_required,
    "optional": states.is_optional,
    "read-write": states.is_read_write,
    "read-only": states.is_read_only,
    "placeholder-shown": states.is_placeholder_shown,
    "valid": states.is_valid,
    "invalid": states.is_invalid,
    "in-range": states.is_in_range,
    "out-of-range": states.is_out_of_range,
    "open": states.is_open,
    "defined": states.is_defined,
    "link": states.is_link,
    "any-link": states.is_link,
    "-webkit-any-link": states.is_link,
    "empty": states.is_empty,
    # The document element only (cssselect2 took any element without a parent wrapper,
    # so the top elements of every shadow tree); in a stylesheet :scope is :root.
    "root": lambda el: isinstance(el.parent, Document),
    "scope": lambda el: isinstance(el.parent, Document),
}
#: Valid names that match nothing here: user interaction, script-driven states
#: (a modal dialog, an open popover, fullscreen), history and time.
NEVER_NAMES = frozenset(
    "modal popover-open fullscreen -webkit-full-screen picture-in-picture xr-overlay autofill -webkit-autofill "
    "user-valid user-invalid visited hover active focus focus-visible focus-within target target-current "
    "current past future active-view-transition -webkit-drag".split()
)
NEVER_FUNCTIONS = frozenset({"state", "active-view-transition-type", "current"})
#: Names cssselect2 accepts that Chromium 156 rejects (probed with CSS.supports).
REJECTED_NAMES = frozenset(
    "playing paused seeking buffering stalled muted volume-locked target-within local-link".split()
)
_DIRECTIONS = frozenset({"ltr", "rtl"})


def kind(name: str, functional: bool = False) -> str | None:
    """STATE, NEVER, REJECTED, or None for a pseudo-class this module leaves to the engine."""
    if functional:
        if name == "dir":
            return STATE
        return NEVER if name in NEVER_FUNCTIONS else None
    if name in STATES:
        return STATE
    if name in NEVER_NAMES:
        return NEVER
    return REJECTED if name in REJECTED_NAMES else None


def match(element: Element, name: str, argument: str | None = None) -> bool:
    """Whether ``element`` matches ``:name`` (or ``:name(argument)``, for ``:dir()``)."""
    if argument is not None:
        return name == "dir" and argument in _DIRECTIONS and states.directionality(element) == argument
    test = STATES.get(name)
    return test is not None and test(element)


def dir_argument(arguments: list) -> str:
    """The direction ``:dir()`` names: one identifier (any: Chromium accepts ``:dir(foo)``,
    which matches nothing), lowercased; SelectorError otherwise."""
    tokens = [t for t in arguments if t.type not in ("whitespace", "comment")]
    if len(tokens) != 1 or tokens[0].type != "ident":
        raise SelectorError("invalid arguments for :dir()")
    return tokens[0].lower_value
