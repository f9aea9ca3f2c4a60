"""The editable state: a text control's inner editor is plain text; a
contenteditable host makes its content rich or plain text (Blink's editing
HasEditableLevel, as the inspector's FillGlobalStates reports it)."""

from __future__ import annotations

from ..data.forms import EDITING_LEAF_TAGS
from ..html import editing, forms
from .object import AXObject
from .restriction import native_disabled


class Editability:
    """The editable states of a tree's objects."""

    def __init__(self) -> None:
        # obj -> _inherited_editable(obj), keyed by the objects themselves.
        self._inherited_editing: dict[AXObject, str | None] = {}

    def editable(self, obj: AXObject) -> str | None:
        if forms.is_text_control(obj.element):
            return "plaintext"
        if obj.kind in ("pseudo", "anonymous", "anonymous-box") or obj.role == "MenuListPopup":
            # editing's HasEditableLevel: a pseudo-element is never editable; nor is an
            # object with no DOM node of its own (a select's MenuListPopup).
            return None
        level = self._inherited_editable(obj)
        if level is None or obj.element is None or not obj.element.is_html:
            return level
        if obj.tag() == "meter":
            return None  # probed: a meter is never editable, its host's state aside
        if level == "richtext" and obj.tag() in EDITING_LEAF_TAGS:
            return "plaintext"  # probed: rich editing does not reach into these elements
        return level

    def _inherited_editable(self, obj: AXObject) -> str | None:
        """The editing level set by the nearest inner editor or contenteditable
        state at or above ``obj``.  Remembered for every object on the way up:
        siblings share their ancestors' walk, which is otherwise repeated per node."""
        memo = self._inherited_editing
        walked = []
        level = None
        node = obj
        while node is not None:
            if node in memo:
                level = memo[node]
                break
            walked.append(node)
            if node.kind == "inner-editor":
                level = "plaintext" if _user_modifiable(node.parent) else None
                break
            if (
                node.in_ua_shadow
                and node.kind not in ("ua-slot", "ua-nested-slot")
                and not (node.parent is not None and node.parent.in_ua_shadow)
            ):
                break  # a UA shadow root's content (not its slotted children) is not editable
            el = node.element
            state = editing.contenteditable_state(el) if el is not None else None
            if state is not None:
                level = {"true": "richtext", "plaintext-only": "plaintext"}.get(state)
                break
            node = node.parent
        for walked_node in walked:
            memo[walked_node] = level
        return level


def _user_modifiable(node: AXObject) -> bool:
    """The inner editor only gets -webkit-user-modify when its host control is
    neither disabled nor readonly (TextControlInnerEditorElement style)."""
    while node is not None and not forms.is_text_control(node.element):
        node = node.parent
    if node is None:
        return True
    return not native_disabled(node) and not node.element.has("readonly")
