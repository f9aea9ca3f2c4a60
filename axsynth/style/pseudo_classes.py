"""Pseudo-classes as Chromium 156's selector parser accepts them and its matcher answers
them on a page that no script and no user has touched, for any selector engine.

Each element state has one home, html.element_states (named after HTML's definitions);
this module is the CSS side: which names are valid, which match nothing on such a page,
which Chromium rejects (a rule naming one is dropped whole), and how an argument is read.

* ``match(element, name, argument)`` answers a pseudo-class this module knows;
* ``kind(name)`` says whether a name is a STATE, NEVER (valid, matches nothing),
  REJECTED (invalid in Chromium) or None (left to the engine: structural ones, ``:is()``...);
* ``install()`` teaches cssselect2 (the cascade's engine, --scope, locators): its compiler
  turns each pseudo-class into Python source, so the names here compile to a call of
  ``match``; anything else is compiled by cssselect2 as before. Chromium accepts the names
  cssselect2 rejected (``:valid``, ``:dir()``...), so rules using them are no longer
  dropped, and the names cssselect2 approximated (``:checked`` by the attribute alone,
  ``:root`` on a shadow tree's top elements) now answer as Chromium does.
"""

from __future__ import annotations

from typing import Callable

import cssselect2
from cssselect2 import compiler, parser

from ..html import element_states as states
from ..html.dom import Document, Element

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
        raise cssselect2.SelectorError("Invalid arguments for :dir()")
    return tokens[0].lower_value


# --- cssselect2 -------------------------------------------------------------------------

_CSSSELECT2_COMPILE_NODE = compiler._compile_node
# The compiled test's source: cssselect2 evaluates it with no names of ours in scope.
_CALL = "__import__('axsynth.style.pseudo_classes', None, None, ('match',)).match(el.etree_element, {!r}, {!r})"


def _compile_node(selector) -> str:
    """cssselect2's _compile_node, with the pseudo-classes of this module."""
    if isinstance(selector, parser.PseudoClassSelector):
        found = kind(selector.name)
        if found == STATE:
            return _CALL.format(selector.name, None)
    elif isinstance(selector, parser.FunctionalPseudoClassSelector):
        found = kind(selector.name, functional=True)
        if found == STATE:
            return _CALL.format(selector.name, dir_argument(selector.arguments))
    else:
        found = None
    if found == NEVER:
        return "0"
    if found == REJECTED:
        raise cssselect2.SelectorError("Unknown pseudo-class", selector.name)
    return _CSSSELECT2_COMPILE_NODE(selector)


def install() -> None:
    """Make cssselect2's compiler use these pseudo-classes (idempotent)."""
    compiler._compile_node = _compile_node


install()
