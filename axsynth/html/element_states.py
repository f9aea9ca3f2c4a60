"""The element states selectors match, as HTML defines them (HTML §4.16.3 Pseudo-classes):
checkedness, default-ness, validity, range, read-only-ness, placeholder, openness,
directionality, definedness. Each function answers for one element of a page that no
script and no user has touched (so nothing is focused, hovered, autofilled, shown modal
or as an open popover), with Blink's answer where it differs from the standard's text
(probed in Chromium 156: each note below).

One home, read by every selector engine (style.pseudo_classes wires them into
cssselect2) and by whatever else asks the same question.
"""

from __future__ import annotations

import re
import unicodedata

from ..data.forms import REQUIRED_INPUT_TYPES
from . import validity, values
from .dom import HTML_NS, SVG_NS, Comment, Element, Node, ShadowRoot
from .editing import is_editable
from .forms import (
    Forms,
    ascii_lower,
    button_type,
    form_owner,
    in_archive,
    in_disabled_fieldset,
    input_type,
    is_disabled,
    is_html,
    option_disabled,
    owner_select,
)

# Elements that can be disabled, so that :enabled/:disabled apply (HTML: button, input,
# select, textarea, optgroup, option, fieldset; form-associated custom elements need script).
_ENABLEABLE = frozenset({"button", "input", "select", "textarea", "optgroup", "option", "fieldset"})
# Probed: :optional matches every input (hidden and buttons too), select, textarea and
# button that is not required; :required only those the attribute applies to.
_REQUIRABLE = frozenset({"input", "select", "textarea", "button"})
# Inputs whose value the user types, mutable unless readonly or disabled (:read-write).
_TEXT_ENTRY_INPUT_TYPES = frozenset(
    "text search url tel email password date month week time datetime-local number".split()
)
# Inputs that show a placeholder (InputType::SupportsPlaceholder).
_PLACEHOLDER_INPUT_TYPES = frozenset("text search url tel email password number".split())
_SUBMIT_INPUT_TYPES = frozenset({"submit", "image"})
# Elements auto directionality looks past (and their descendants).
_AUTO_DIRECTION_SKIPPED = frozenset({"bdi", "script", "style", "textarea", "template"})
# A valid custom element name: a lowercase ASCII letter first, a hyphen somewhere, none of
# the reserved hyphenated names of SVG and MathML (PotentialCustomElementName, simplified
# to ASCII and the characters Blink accepts beyond it).
_CUSTOM_ELEMENT_NAME = re.compile(r"[a-z][a-z0-9._\u00b7\u00c0-\U000effff-]*-[a-z0-9._\u00b7\u00c0-\U000effff-]*")
_RESERVED_CUSTOM_NAMES = frozenset(
    "annotation-xml color-profile font-face font-face-src font-face-uri font-face-format font-face-name "
    "missing-glyph".split()
)


def _input(el: Element) -> str | None:
    """The input's type if ``el`` is an HTML <input>, else None."""
    return input_type(el) if el.local_name == "input" and el.namespace == HTML_NS else None


# --- checkedness and default-ness ---------------------------------------------------------


def is_checked(el: Element) -> bool:
    """:checked: a checkbox or radio whose checkedness is true (a later checked radio of
    the group unchecks it), an option whose selectedness is true (the first option of a
    drop-down with none marked selected)."""
    kind = _input(el)
    if kind in ("checkbox", "radio"):
        return Forms.of(el).is_checked(el)
    return is_html(el, "option") and Forms.of(el).is_selected(el)


def is_default(el: Element) -> bool:
    """:default: its form's default button (its first submit button in tree order, even
    a disabled one), a checkbox or radio with the checked attribute, an option with the
    selected attribute."""
    kind = _input(el)
    if kind in ("checkbox", "radio"):
        return "checked" in el.attrs
    if is_html(el, "option"):
        return "selected" in el.attrs
    if not _is_submit_button(el):
        return False
    form = form_owner(el)
    return form is not None and Forms.of(el).default_button(form) is el


def _is_submit_button(el: Element) -> bool:
    return _input(el) in _SUBMIT_INPUT_TYPES or (is_html(el, "button") and button_type(el) == "submit")


def is_indeterminate(el: Element) -> bool:
    """:indeterminate: a radio whose group has no checked radio, a <progress> without a
    value attribute (a checkbox is indeterminate only by script)."""
    if _input(el) == "radio":
        forms = Forms.of(el)
        return not any(forms.is_checked(radio) for radio in forms.radio_group(el))
    return is_html(el, "progress") and "value" not in el.attrs


# --- enabled, required, read-only -----------------------------------------------------------


def is_disableable(el: Element) -> bool:
    """An element :enabled and :disabled apply to."""
    return el.local_name in _ENABLEABLE and el.namespace == HTML_NS


def is_actually_disabled(el: Element) -> bool:
    """:disabled: a form control disabled by its attribute or a disabled fieldset around
    it (not in that fieldset's first legend), an option by its own or its optgroup's, an
    optgroup by its own, a fieldset by its own or an outer disabled fieldset's."""
    tag = el.local_name
    if tag == "optgroup":
        return "disabled" in el.attrs
    if tag == "option":
        select = owner_select(el)  # probed: the options of a disabled select are :disabled
        return option_disabled(el) or (select is not None and is_disabled(select))
    if tag == "fieldset":
        return "disabled" in el.attrs or in_disabled_fieldset(el) or in_archive(el)
    return is_disabled(el)


def is_required(el: Element) -> bool:
    """:required: a select or textarea with the required attribute, an input whose type
    the attribute applies to."""
    if "required" not in el.attrs or el.namespace != HTML_NS:
        return False
    kind = _input(el)
    return kind in REQUIRED_INPUT_TYPES if kind is not None else el.local_name in ("select", "textarea")


def is_optional(el: Element) -> bool:
    """:optional: an input, select, textarea or button that is not :required (probed)."""
    return el.local_name in _REQUIRABLE and el.namespace == HTML_NS and not is_required(el)


def is_read_write(el: Element) -> bool:
    """:read-write: a text-entry input or a textarea that is neither readonly nor
    disabled, or an element the user could edit (contenteditable)."""
    if el.namespace != HTML_NS:
        return False
    kind = _input(el)
    if kind is not None or el.local_name == "textarea":
        if kind is not None and kind not in _TEXT_ENTRY_INPUT_TYPES:
            return False
        return "readonly" not in el.attrs and not is_disabled(el)
    return is_editable(el)


def is_read_only(el: Element) -> bool:
    """:read-only: an HTML element that is not :read-write (probed: SVG and MathML
    elements are neither)."""
    return el.namespace == HTML_NS and not is_read_write(el)


def is_placeholder_shown(el: Element) -> bool:
    """:placeholder-shown: a text input or textarea with a placeholder attribute (even an
    empty one, probed) and an empty value."""
    kind = _input(el)
    if "placeholder" not in el.attrs:
        return False
    if kind is not None:
        return kind in _PLACEHOLDER_INPUT_TYPES and not values.sanitized_value(kind, el.attrs)
    return is_html(el, "textarea") and not el.text_content()


# --- validity and range ------------------------------------------------------------------------


def is_valid(el: Element) -> bool:
    """:valid: a candidate for constraint validation that satisfies its constraints, a
    form or fieldset with no :invalid element in it."""
    return _validity(el) is False


def is_invalid(el: Element) -> bool:
    """:invalid: a candidate for constraint validation that fails a constraint, a form
    that owns one, a fieldset that holds one."""
    return _validity(el) is True


def _validity(el: Element) -> bool | None:
    """Whether the element counts as invalid; None when neither :valid nor :invalid apply."""
    if el.namespace != HTML_NS:
        return None
    forms = Forms.of(el)
    if el.local_name == "form":
        return any(validity.failures(control, forms) for control in forms.listed_elements(el))
    if el.local_name == "fieldset":
        return any(validity.failures(control, forms) for control in el.iter_elements())
    if not validity.is_candidate(el):
        return None
    return bool(validity.failures(el, forms))


def is_in_range(el: Element) -> bool:
    """:in-range: a steppable input that is a candidate for constraint validation, with an
    empty value, or with a minimum or maximum and a value within them (probed: a number
    with a value and no limits is neither :in-range nor :out-of-range)."""
    return _range_state(el) == "in"


def is_out_of_range(el: Element) -> bool:
    """:out-of-range: a steppable candidate input with a minimum or maximum its value is outside."""
    return _range_state(el) == "out"


def _range_state(el: Element) -> str | None:
    kind = _input(el)
    if kind not in validity.STEPPABLE_INPUT_TYPES or not validity.is_candidate(el):
        return None
    number = values.step_number(kind, values.sanitized_value(kind, el.attrs))
    if number is None:
        return "in"
    if values.range_limits(kind, el.attrs) == (None, None):
        return None
    failed = validity.failures(el, Forms.of(el))
    return "out" if validity.RANGE_UNDERFLOW in failed or validity.RANGE_OVERFLOW in failed else "in"


# --- open, defined, links, empty ---------------------------------------------------------------


def is_open(el: Element) -> bool:
    """:open: a <details> or <dialog> with the open attribute (a select's or input's
    picker opens only on a user's action)."""
    return el.local_name in ("details", "dialog") and el.namespace == HTML_NS and "open" in el.attrs


def is_defined(el: Element) -> bool:
    """:defined: not an HTML element that waits for a custom element definition (one
    with a valid custom element name, or created with an ``is`` attribute): no script
    defines one."""
    if el.namespace != HTML_NS:
        return True
    name = el.local_name
    is_custom = name not in _RESERVED_CUSTOM_NAMES and _CUSTOM_ELEMENT_NAME.fullmatch(name) is not None
    return not is_custom and "is" not in el.attrs


def is_link(el: Element) -> bool:
    """:link and :any-link (nothing is :visited in a fresh profile): an <a> or <area>
    with an href attribute (probed: not <link>), an SVG <a> with href or xlink:href."""
    if el.namespace == SVG_NS:
        return el.local_name == "a" and ("href" in el.attrs or "xlink:href" in el.attrs)
    return el.local_name in ("a", "area") and el.namespace == HTML_NS and "href" in el.attrs


def is_empty(el: Element) -> bool:
    """:empty: no children but comments (a <template>'s contents are no children of it)."""
    return is_html(el, "template") or all(isinstance(child, Comment) for child in el.children)


# --- directionality ---------------------------------------------------------------------------


def directionality(el: Element) -> str:
    """HTML's directionality, "ltr" or "rtl": a dir attribute's ltr/rtl; auto
    directionality for dir=auto (and a <bdi> without a valid dir); else the parent's
    (the host's, at the top of a shadow tree), "ltr" at the root; a telephone input
    without a valid dir is always ltr."""
    node: Node | None = el
    while isinstance(node, Element):
        state = _dir_state(node)
        if state in ("ltr", "rtl"):
            return state
        if state == "auto":
            return _auto_directionality(node)
        if node is el and _input(node) == "tel":
            return "ltr"
        node = node.parent
        if isinstance(node, ShadowRoot):
            node = node.host
    return "ltr"


def _dir_state(el: Element) -> str | None:
    """The dir attribute's state (ltr, rtl, auto; a <bdi> is auto without one), or None."""
    if el.namespace != HTML_NS:
        return None
    value = el.attrs.get("dir")
    state = ascii_lower(value) if value is not None else None  # an enumerated attribute: not trimmed
    if state in ("ltr", "rtl", "auto"):
        return state
    return "auto" if el.local_name == "bdi" else None


def _auto_directionality(el: Element) -> str:
    """The direction of the first strong character: of the value for an input or a
    textarea, else of the element's text, past the descendants that have a direction of
    their own (a valid dir, a bdi) or hold no rendered text (script, style, textarea);
    "ltr" when there is none (probed: not the parent's)."""
    kind = _input(el)
    if kind not in (None, "checkbox", "radio", "image") or el.local_name == "textarea":
        # Probed: the value of any input but a checkbox, radio or image button.
        text = el.text_content() if kind is None else values.sanitized_value(kind, el.attrs)
        return _strong_direction(text) or "ltr"
    stack = list(reversed(el.children))
    while stack:
        node = stack.pop()
        if isinstance(node, Element):
            skipped = node.namespace == HTML_NS and (
                node.local_name in _AUTO_DIRECTION_SKIPPED or _dir_state(node) is not None
            )
            if not skipped:
                stack += reversed(node.children)
        elif not isinstance(node, Comment):
            direction = _strong_direction(node.data)
            if direction is not None:
                return direction
    return "ltr"


def _strong_direction(text: str) -> str | None:
    """The direction of the first strongly directional character (bidi class L, R or AL)."""
    for char in text:
        kind = unicodedata.bidirectional(char)
        if kind == "L":
            return "ltr"
        if kind in ("R", "AL"):
            return "rtl"
    return None
