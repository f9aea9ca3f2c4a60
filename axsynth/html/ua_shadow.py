"""User-agent shadow trees that live in the DOM (rather than being synthesized as
AX objects), so styles, slots and the flat tree treat them like any shadow tree.

``<details>`` (HTMLDetailsElement::DidAddUserAgentShadowRoot): a summary slot whose
fallback content is a default ``<summary>Details</summary>``, then a content slot
that is ``display:block`` and, while the element is closed, ``content-visibility:
hidden`` (so its contents are display-locked and get no AX objects).
"""

from __future__ import annotations

from .dom import Document, Element, ShadowRoot, Text

UA_DETAILS_MODE = "ua-details"
DEFAULT_SUMMARY_LABEL = "Details"  # IDS_DETAILS_WITHOUT_SUMMARY_LABEL (en-US)


def attach_ua_shadow_roots(document: Document) -> None:
    for el in list(document.iter_elements()):
        if el.is_html and el.local_name == "details" and el.shadow_root is None:
            el.shadow_root = _details_shadow(el)


def _details_shadow(details: Element) -> ShadowRoot:
    root = ShadowRoot(details, UA_DETAILS_MODE)
    summary_slot = _append(root, Element("slot", attrs={"id": "details-summary"}))
    # The marker selector (details > summary) does not reach it: styled inline.
    marker = "disclosure-open" if details.has("open") else "disclosure-closed"
    summary_style = f"display: list-item; list-style-type: {marker}"
    default_summary = _append(summary_slot, Element("summary", attrs={"style": summary_style}))
    _append(default_summary, Text(DEFAULT_SUMMARY_LABEL))
    style = "display: block" if details.has("open") else "display: block; content-visibility: hidden"
    _append(root, Element("slot", attrs={"id": "details-content", "style": style}))
    return root


def _append(parent, child):
    child.parent = parent
    parent.children.append(child)
    return child


def is_ua_details_root(node) -> bool:
    return isinstance(node, ShadowRoot) and node.mode == UA_DETAILS_MODE


def summary_details(el: Element) -> Element | None:
    """The <details> a <summary> sits in, through the flat tree: every light child of
    a details is slotted into its UA shadow, and the default summary lives there."""
    parent = el.parent
    if isinstance(parent, Element) and parent.is_html and parent.local_name == "details":
        return parent
    if isinstance(parent, Element) and parent.local_name == "slot" and is_ua_details_root(parent.parent):
        return parent.parent.host
    return None


def is_main_summary(el: Element) -> bool:
    """HTMLSummaryElement::IsMainSummary: the first <summary> child, else the default one."""
    details = summary_details(el)
    if details is None:
        return False
    first = next((c for c in details if c.local_name == "summary" and c.is_html), None)
    return first is el or (first is None and details is not el.parent)
