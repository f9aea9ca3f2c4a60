"""Editing state: which elements the user could edit (contenteditable), as Blink's
HTMLElement::contentEditableNormalized and editing's IsEditable / IsRootEditableElement
answer it."""

from __future__ import annotations

from .dom import Element


def contenteditable_state(el: Element) -> str | None:
    """HTMLElement::contentEditableNormalized: "true", "plaintext-only" or "false";
    None when the attribute is absent or invalid (the element inherits)."""
    value = el.attrs.get("contenteditable")
    if value is None or not el.is_html:  # the attribute test first: it is almost always absent
        return None
    value = value.strip().lower()
    if value in ("", "true"):
        return "true"
    return value if value in ("plaintext-only", "false") else None


def has_contenteditable_attribute(el: Element) -> bool:
    """AXNodeObject::HasContentEditableAttributeSet: contenteditable is true or
    plaintext-only on the element itself (nested hosts included)."""
    # The attribute test inline: it is almost always absent, and every object asks.
    return "contenteditable" in el.attrs and contenteditable_state(el) in ("true", "plaintext-only")


def is_editable(el: Element | None) -> bool:
    """IsEditable: the nearest contenteditable ancestor (or self) makes the node editable."""
    node = el
    while isinstance(node, Element):
        # The attribute test inline: a link asks for every ancestor up to the root.
        state = contenteditable_state(node) if "contenteditable" in node.attrs else None
        if state is not None:
            return state != "false"
        node = node.parent
    return False


def is_editable_root(el: Element) -> bool:
    """IsRootEditableElement: an editing host whose parent is not editable."""
    return has_contenteditable_attribute(el) and not is_editable(el.parent)
