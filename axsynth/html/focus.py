"""Which elements can take focus (Element::SupportsFocus), for a page no script
has run on: focusable by tabindex, by being a link, control or media element,
or by being an editing host."""

from __future__ import annotations

from . import forms
from .dom import HTML_NS, SVG_NS, Element, parse_int
from .editing import is_editable, is_editable_root
from .ua_shadow import is_main_summary


def supports_focus(el: Element | None) -> bool:
    """Element::SupportsFocus for the cases a static page can have."""
    if el is None:
        return False
    if "tabindex" in el.attrs and parse_int(el.attrs["tabindex"]) is not None:
        return True
    if el.namespace == SVG_NS:
        return el.local_name == "a" and ("href" in el.attrs or "xlink:href" in el.attrs)
    tag = el.local_name if el.namespace == HTML_NS else ""
    if tag in ("a", "area"):
        # HTMLAnchorElement::SupportsFocus: an editable link is focusable only via tabindex.
        return "href" in el.attrs and not is_editable(el)
    if tag in ("button", "select", "textarea", "input") and forms.in_archive(el):
        return False  # HTMLFormControlElement::SupportsFocus: not while IsDisabledFormControl (an opened archive)
    if tag in ("button", "select", "textarea", "dialog"):
        return True
    if tag == "input":
        return forms.input_type(el) != "hidden"
    if tag == "summary":
        return is_main_summary(el)
    if tag in ("iframe", "frame") or tag == "option":
        return False
    if tag in ("video", "audio"):
        # HTMLMediaElement::SupportsFocus: focusable while it shows controls, which
        # it always does without scripting (ShouldShowControls; see data/media_controls.py).
        return True
    return is_editable_root(el)
