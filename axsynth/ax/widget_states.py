"""The widget states of FillWidgetStates: checked (or pressed), expanded,
selected; what a page no script has run on can show of them."""

from __future__ import annotations

from ..html import forms
from ..html.forms import Forms
from .carousel import is_carousel_pseudo, is_selected_marker
from .object import AXObject
from .restriction import Restriction

_CHECKABLE = frozenset(
    {
        "CheckBox",
        "Switch",
        "RadioButton",
        "MenuItemCheckBox",
        "MenuItemRadio",
        "ToggleButton",
        "TreeItem",
        "ListBoxOption",
    }
)
# ui::IsSelectRequiredOrImplicit: roles whose selection follows focus.
_SELECT_FOLLOWS_FOCUS = frozenset({"ListBoxOption", "MenuListOption", "Tab", "TreeItem"})
# ui::IsContainerWithSelectableChildren / AXObject::ContainerWidget.
_CONTAINER_WIDGETS = frozenset(
    "ComboBoxGrouping ComboBoxMenuButton Grid ListBox MenuBar Menu RadioGroup TabList Toolbar Tree TreeGrid".split()
)
# AXObject::SupportsARIAExpanded.
_EXPANDABLE = frozenset(
    "Application Button CheckBox ColumnHeader ComboBoxGrouping ComboBoxMenuButton ComboBoxSelect "
    "DisclosureTriangle DisclosureTriangleGrouped GridCell Link PopUpButton MenuItem MenuItemCheckBox "
    "MenuItemRadio Row RowHeader Switch Tab TextFieldWithComboBox ToggleButton TreeItem ListItem".split()
)
_SELECTABLE = frozenset(
    {"Cell", "GridCell", "ColumnHeader", "RowHeader", "ListBoxOption", "MenuListOption", "Row", "Tab", "TreeItem"}
)


class WidgetStates:
    """The checked, expanded and selected states of a page's objects."""

    def __init__(self, forms_state: Forms, restriction: Restriction) -> None:
        self.forms = forms_state
        self.restriction = restriction
        self._explicit_selection: dict[AXObject, bool] = {}  # container widget -> _has_explicit_selection

    def checked(self, obj: AXObject) -> str | None:
        role = obj.role
        if role not in _CHECKABLE:
            return None
        el = obj.element
        if el is None:
            return None
        if role == "ToggleButton":
            value = (el.attrs.get("aria-pressed") or "").strip().lower()
            if value == "mixed":
                return "mixed"
            return "false" if value in ("false", "", "undefined") else "true"  # unknown tokens count as true
        if obj.tag() == "input" and forms.input_type(el) in ("checkbox", "radio"):
            return "true" if self.forms.is_checked(el) else "false"
        value = (el.attrs.get("aria-checked") or "").strip().lower()
        if value in ("", "undefined"):
            return (
                "false" if role in ("CheckBox", "Switch", "RadioButton", "MenuItemCheckBox", "MenuItemRadio") else None
            )
        if value == "mixed":  # switches and radios cannot be half-checked
            return "mixed" if role in ("CheckBox", "MenuItemCheckBox", "TreeItem") else "false"
        return "false" if value == "false" else "true"  # unknown tokens count as true

    def expanded(self, obj: AXObject) -> bool | None:
        if (
            obj.tag() == "summary"
            and obj.role in _EXPANDABLE
            or obj.role in ("DisclosureTriangle", "DisclosureTriangleGrouped")
        ):
            # AXNodeObject::IsExpanded asks a summary's <details> first, whatever the
            # summary's role; only a summary whose DOM parent is the <details> (not the
            # default summary).
            details = obj.node.parent
            return details.has("open") if details is not None and details.local_name == "details" else None
        if obj.role == "ComboBoxSelect":
            return False
        if obj.role not in _EXPANDABLE:
            return None  # SupportsARIAExpanded: other roles ignore aria-expanded
        el = obj.element
        popover = (forms.popover_target(el) or forms.popover_command_target(el)) if el is not None else None
        if popover is not None and not forms.is_inclusive_ancestor(popover, el.parent):
            return False  # a popover is never open in a page no script has run on
        value = (obj.attr("aria-expanded") or "").strip().lower()
        if value in ("true", "false"):
            return value == "true"
        return None

    def selected(self, obj: AXObject) -> bool | None:
        """AXNodeObject::IsSelected, as far as a page with no focus can show it."""
        if obj.role not in _SELECTABLE:
            return None
        if is_carousel_pseudo(obj):
            return is_selected_marker(obj)
        el = obj.element
        # aria-selected overrides everything, even on a disabled item or a native <option>.
        explicit = _aria_selected(el) if el is not None else None
        if explicit is not None:
            return explicit
        if obj.role in ("ListBoxOption", "MenuListOption") and obj.tag() == "option":
            # CanSetSelectedAttribute: a disabled <option> exposes no selected state.
            return None if self.restriction.is_disabled(obj) else self.option_selected(obj)
        if obj.role not in _SELECT_FOLLOWS_FOCUS or self.checked(obj) is not None:
            return None
        # Selection follows focus, but an item explicitly selected anywhere in the
        # widget means no implicit selection is conveyed for the others.
        container = next((a for a in obj.iter_ancestors() if a.role in _CONTAINER_WIDGETS), None)
        if container is not None and container.element is not None and self._conveys_selection(container):
            return None
        if container is not None and (container.attr("aria-multiselectable") or "").strip().lower() == "true":
            return None  # IsSelectedFromFocusSupported: never in a multiselectable container
        return self._is_focused_active_descendant(obj)

    def _is_focused_active_descendant(self, obj: AXObject) -> bool:
        """IsSelectedFromFocus: the active descendant of the focused element (the only
        focus a static page has: an autofocused one) is selected from focus."""
        focused = self.restriction.autofocused()
        if focused is None or not focused.has_attr("aria-activedescendant"):
            return False
        return obj in self.restriction.tree.relations.object_for_idref(focused, "aria-activedescendant")

    def _conveys_selection(self, container: AXObject) -> bool:
        """_has_explicit_selection, once per widget (every item of it asks)."""
        if container not in self._explicit_selection:
            self._explicit_selection[container] = _has_explicit_selection(container)
        return self._explicit_selection[container]

    def option_selected(self, obj: AXObject) -> bool:
        return self.forms.is_selected(obj.node)

    # --- ranges and values ---------------------------------------------------------


def _aria_selected(el) -> bool | None:
    """aria-selected as a boolean: absent, empty or "undefined" is no value; any
    token but "false" is true (probed: aria-selected=foo is selected)."""
    value = (el.attrs.get("aria-selected") or "").strip().lower()
    if value in ("", "undefined"):
        return None
    return value != "false"


def _has_explicit_selection(container: AXObject) -> bool:
    """Whether the widget conveys selection itself: some element in it is
    aria-selected=true, or one of its items carries aria-selected at all (probed:
    one option with aria-selected="false" or "" leaves the others with no state)."""
    if any((e.attrs.get("aria-selected") or "").strip().lower() == "true" for e in container.element.iter_elements()):
        return True
    return any(
        o.role in _SELECT_FOLLOWS_FOCUS and o.element is not None and _marks_selection(o)
        for o in container.iter_descendants()
    )


def _marks_selection(item: AXObject) -> bool:
    """aria-selected on any item; on a tab, aria-expanded too (probed: tabs used as
    accordion headers, one of them aria-expanded, convey no selection)."""
    return item.element.has("aria-selected") or item.role == "Tab" and item.element.has("aria-expanded")
