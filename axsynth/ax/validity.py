"""The invalid state: aria-invalid, else a listed element's native validity
(AXNodeObject::GetInvalidState)."""

from __future__ import annotations

from ..data.forms import LISTED_ELEMENTS
from ..html import forms, validity
from ..html.forms import Forms
from .object import AXObject


class Validity:
    """The invalid states of a page's objects; ``forms``: the page's form control state."""

    def __init__(self, forms_state: Forms) -> None:
        self.forms = forms_state

    def invalid(self, obj: AXObject) -> str | None:
        """AXNodeObject::GetInvalidState: any aria-invalid value other than
        false is "true"; otherwise a listed element's native validity."""
        value = obj.attr("aria-invalid")
        if value is not None:
            value = value.strip().lower()
            if value in ("spelling", "grammar"):
                # Probed: reported (as "true") on text fields only; elsewhere no state at all.
                return "true" if obj.role == "TextField" else None
            if value not in ("", "false", "undefined"):
                return "true"
            if value != "":
                return "false" if _can_be_invalid(obj) else None
        if not _can_be_invalid(obj):
            return None
        return "true" if self._natively_invalid(obj) else "false"

    def _natively_invalid(self, obj: AXObject) -> bool:
        """Not AXNodeObject::IsValidFormControl: a candidate for constraint validation
        that fails a constraint, but a required text field left empty (it has not been
        edited yet, and "required" is reported already)."""
        el = obj.element
        failed = validity.failures(el, self.forms)
        return bool(failed) and not (failed == [validity.VALUE_MISSING] and forms.is_text_control(el))


def _can_be_invalid(obj: AXObject) -> bool:
    """A listed element, or any element with a set aria-invalid (probed: "" and
    "undefined" give an ARIA text field no invalid state at all)."""
    return obj.tag() in LISTED_ELEMENTS or (obj.attr("aria-invalid") or "").strip().lower() not in ("", "undefined")
