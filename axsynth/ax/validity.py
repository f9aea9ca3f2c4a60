"""The invalid state: aria-invalid, else a listed element's native validity
(AXNodeObject::GetInvalidState)."""

from __future__ import annotations

from ..data.forms import LISTED_ELEMENTS, READONLY_IGNORED_INPUT_TYPES, TEXT_FIELD_INPUT_TYPES, VALUELESS_INPUT_TYPES
from ..html import forms, values
from ..html.forms import Forms
from .name_sources import simplify_whitespace
from .object import AXObject
from .restriction import native_disabled


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
        el = obj.element
        tag = obj.tag()
        if tag not in ("input", "select") or native_disabled(obj):
            return False  # barred from constraint validation, or always valid
        if tag == "select":
            return self._select_value_missing(obj)
        kind = forms.input_type(el)
        if el.has("readonly") and kind not in READONLY_IGNORED_INPUT_TYPES:
            return False
        if values.has_validity_error(kind, el.attrs):
            return True
        # A required text field left empty is not reported: it has not been
        # edited yet. Other controls report valueMissing.
        return el.has("required") and kind not in TEXT_FIELD_INPUT_TYPES and self._input_value_missing(el, kind)

    def _input_value_missing(self, el, kind: str) -> bool:
        if kind == "checkbox":
            return not el.has("checked")
        if kind == "radio":
            return not any(r.has("checked") for r in self.forms.radio_group(el))
        if kind == "file":
            return True
        if kind in VALUELESS_INPUT_TYPES:
            return False
        return not values.sanitized_value(kind, el.attrs)  # probed: value="gamma" on a time input is missing

    def _select_value_missing(self, obj: AXObject) -> bool:
        """HTMLSelectElement::ValueMissing: nothing selected, or the
        placeholder label option (first option, empty value) is selected."""
        select = obj.element
        if not select.has("required"):
            return False
        options = forms.option_list(select)
        selected = self.forms.selected_options(select)
        if not selected:
            return True
        if select.has("multiple") or not forms.uses_menu_list(select):
            return False
        first = options[0]
        return (
            selected[-1] is first
            and first.parent is select
            and first.attrs.get("value", simplify_whitespace(first.text_content())) == ""
        )


def _can_be_invalid(obj: AXObject) -> bool:
    """A listed element, or any element with a set aria-invalid (probed: "" and
    "undefined" give an ARIA text field no invalid state at all)."""
    return obj.tag() in LISTED_ELEMENTS or (obj.attr("aria-invalid") or "").strip().lower() not in ("", "undefined")
