"""Which element of a document has focus when no script has run: the first
element with an ``autofocus`` attribute that can take focus (HTML's "flush
autofocus candidates"; Chromium runs it without scripting), else none (then
``document.activeElement`` is the body)."""

from __future__ import annotations

from ..html import focus
from ..html.dom import Element
from .dom import Dom


def autofocused(dom: Dom) -> Element | None:
    """The document's autofocused element, if any. A candidate must be able to take
    focus: rendered with a box of its own, not disabled, not inert."""
    for el in dom.document.iter_elements():
        if "autofocus" in el.attrs and _can_take_focus(dom, el):
            return el
    return None


def _can_take_focus(dom: Dom, el: Element) -> bool:
    if not focus.supports_focus(el) or dom.natively_disabled(el):
        return False
    if not dom.is_rendered(el) or dom.display(el) == "contents":
        return False
    return not any("inert" in node.attrs for node in dom.ancestors_crossing_shadow(el))
