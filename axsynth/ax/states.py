"""States, properties and values of an unignored object, in the order Chromium's
inspector emits them (FillLiveRegionProperties, FillGlobalStates,
FillWidgetProperties, FillWidgetStates, FillRelationships, FillSparseAttributes).

Each property is returned as (name, AXValue dict) ready for CDP.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..data.aria import (
    LINK_ROLES,
    LIVE_ROLES,
)
from ..data.forms import (
    ARIA_READONLY_ROLES,
    EDITING_LEAF_TAGS,
    LISTED_ELEMENTS,
    SETTABLE_ROLES,
    TEXT_FIELD_INPUT_TYPES,
)
from ..data.svg import HIDDEN_CONTAINERS
from ..html import editing, focus, forms, imgsrc, media, plugins, urls, validity
from ..html.dom import SVG_NS, Element, parse_int
from ..style.media import VIEWPORT_WIDTH, matches_attribute
from . import roles
from .object import AXObject
from .values import RANGE_ROLES, as_float32, range_bounds, range_value, range_value_text, string_value

if TYPE_CHECKING:
    from .names import Names
    from .tree import AXTree

# A property: its name and a plain value (bool, str, int, float, an object for an
# idref, an IdrefList); the CDP emitter gives each its AXValue type.
Prop = tuple[str, Any]
_VIEWPORT = imgsrc.Viewport(VIEWPORT_WIDTH, matches_attribute)
# kMaxStringAttributeLength: Chromium cuts these string attributes (url, keyshortcuts,
# roledescription) when it stores them; names, values and descriptions are kept whole.
MAX_STRING_ATTRIBUTE_LENGTH = 10_000
_MULTISELECTABLE_ROLES = frozenset({"Grid", "ListBox", "TabList", "TreeGrid", "Tree"})
_READONLY_ROLES = frozenset({"Grid", "GridCell", "TextField", "ColumnHeader", "RowHeader", "TreeGrid"})
_REQUIRED_ROLES = frozenset(
    "ComboBoxGrouping ComboBoxMenuButton GridCell ListBox RadioGroup SpinButton TextField "
    "TextFieldWithComboBox Tree ColumnHeader RowHeader TreeGrid".split()
)
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
# The orientation a role has without aria-orientation.
_IMPLICIT_ORIENTATION = {
    "ScrollBar": "vertical",
    "Slider": "horizontal",
    "Splitter": "horizontal",
    "TabList": "horizontal",
    "Toolbar": "horizontal",
    "MenuBar": "horizontal",
    "Menu": "vertical",
    "ListBox": "vertical",
    "Tree": "vertical",
}
_GRID_CELLS = frozenset({"Cell", "GridCell", "ColumnHeader", "RowHeader"})
_COMBOBOXES = frozenset(
    {"TextFieldWithComboBox", "ComboBoxMenuButton", "ComboBoxGrouping"}
)  # ui::IsComboBox, but <select>
# The roles of objects with no element that _text_properties answers for.
_TEXT_ROLES = frozenset({"StaticText", "ListMarker"})
_SELECTABLE = frozenset(
    {"Cell", "GridCell", "ColumnHeader", "RowHeader", "ListBoxOption", "MenuListOption", "Row", "Tab", "TreeItem"}
)


class States:
    def __init__(self, tree: "AXTree", names: "Names") -> None:
        self.tree = tree
        self.names = names  # the document's (memoized) names: some values and relations need one
        # Memos keyed by the objects themselves (not id() ints, one int object per entry).
        self._inherited_editing: dict[AXObject, str | None] = {}  # obj -> _inherited_editable(obj)
        self._focusable: dict[AXObject, bool] = {}  # obj -> is_focusable(obj), asked several times per object
        self._disabling_ancestry: dict[AXObject, bool] = {}  # obj -> it or an ancestor disables descendants
        self._explicit_selection: dict[AXObject, bool] = {}  # container widget -> _has_explicit_selection
        self._autofocus: AXObject | None | bool = False  # not looked for yet
        self.forms = tree.page.forms

    def properties(self, obj: AXObject) -> list[Prop]:
        if obj.element is None and obj.role in _TEXT_ROLES:
            return self._text_properties(obj)
        return self._object_properties(obj)

    def _text_properties(self, obj: AXObject) -> list[Prop]:
        """The properties of a StaticText or ListMarker with no element of its own (a
        DOM text, generated content, a list marker: half the objects of a page), without
        the groups' checks: it has no attribute, cannot take focus, and its role is
        no live region, widget, link or image. Only an editing host above a DOM
        text gives it a state."""
        editable = self._editable(obj)
        return [("editable", editable)] if editable else []

    def _object_properties(self, obj: AXObject) -> list[Prop]:
        # Most objects carry no ARIA attribute: the groups then skip the checks
        # only one could trigger (a dozen attribute reads per object).
        aria = _has_aria_attribute(obj)
        props: list[Prop] = []
        props += self._live_region(obj)
        props += self._global_states(obj)
        props += self._widget_properties(obj)
        props += self._widget_states(obj)
        if aria:
            props += self.tree.relations.relationship_properties(obj)
        props += self._sparse(obj, aria)
        return props

    # --- groups --------------------------------------------------------------

    def _live_region(self, obj: AXObject) -> list[Prop]:
        # Any non-empty aria-live token is passed through (an unknown one still makes a live region).
        live = (obj.attr("aria-live") or "").strip().lower() or LIVE_ROLES.get(obj.role, "")
        if not live or live == "off":
            return []
        atomic = (obj.attr("aria-atomic") or "").strip().lower()
        is_atomic = atomic == "true" if atomic else obj.role in ("Alert", "Status")
        relevant = " ".join((obj.attr("aria-relevant") or "").split()) or "additions text"
        return [("live", live), ("atomic", is_atomic), ("relevant", relevant)]

    def _global_states(self, obj: AXObject) -> list[Prop]:
        props: list[Prop] = []
        if self.is_disabled(obj):
            props.append(("disabled", True))
        invalid = self._invalid(obj)
        if invalid is not None:
            props.append(("invalid", invalid))
        if obj.kind == "document" or (self.is_focusable(obj)):
            props.append(("focusable", True))
        # The page's tab has focus: its main frame's document is focused, a child frame's is not.
        if (obj.kind == "document" and self.tree.page.parent is None) or obj is self._autofocused():
            props.append(("focused", True))
        editable = self._editable(obj)
        if editable:
            props.append(("editable", editable))
        if self._settable(obj):
            props.append(("settable", True))
        return props

    def _widget_properties(self, obj: AXObject) -> list[Prop]:
        props: list[Prop] = []
        role = obj.role
        autocomplete = (obj.attr("aria-autocomplete") or "").strip().lower()
        if autocomplete in ("inline", "list", "both") and (
            forms.is_text_control(obj.element) or roles.is_aria_text_field(obj)
        ):
            props.append(("autocomplete", autocomplete))
        elif obj.tag() == "input" and forms.datalist_of(obj.element) is not None:
            props.append(("autocomplete", "list"))
        popup = self._has_popup(obj)
        if popup:
            props.append(("hasPopup", popup))
        level = _level(obj)
        if level:
            props.append(("level", level))
        if role in _MULTISELECTABLE_ROLES:
            props.append(("multiselectable", self._multiselectable(obj)))
        orientation = self._orientation(obj)
        if orientation:
            props.append(("orientation", orientation))
        if role == "TextField":
            props.append(("multiline", _multiline(obj)))
        if role in _READONLY_ROLES:
            props.append(("readonly", self._readonly(obj)))
        if role in _REQUIRED_ROLES:
            props.append(("required", _required(obj)))
        if self.range_supported(obj):
            low, high = range_bounds(obj)
            if low is not None:
                props.append(("valuemin", as_float32(low)))
            if high is not None:
                props.append(("valuemax", as_float32(high)))
            props.append(("valuetext", range_value_text(obj, self.tree, self.names)))
        return props

    def _widget_states(self, obj: AXObject) -> list[Prop]:
        props: list[Prop] = []
        checked = self._checked(obj)
        if checked is not None:
            props.append(("pressed" if obj.role == "ToggleButton" else "checked", checked))
        expanded = self._expanded(obj)
        if expanded is not None:
            props.append(("expanded", expanded))
        selected = self._selected(obj)
        if selected is not None:
            props.append(("selected", selected))
        if obj.role in ("Dialog", "AlertDialog"):
            # Every dialog carries kModal; a static page cannot call showModal(), so only aria-modal sets it.
            modal = (obj.attr("aria-modal") or "").strip().lower() == "true"
            props.append(("modal", modal))
        return props

    def _sparse(self, obj: AXObject, aria: bool) -> list[Prop]:
        """The sparse attributes; ``aria``: whether obj has any aria-* attribute
        (without one, only the url, accesskey and implicit relations remain)."""
        props: list[Prop] = []
        if aria and (obj.attr("aria-busy") or "").strip().lower() == "true":
            props.append(("busy", True))
        url = self.tree_url(obj)
        if url is not None:
            props.append(("url", url[:MAX_STRING_ATTRIBUTE_LENGTH]))
        shortcuts = _key_shortcuts(obj)
        if shortcuts:
            props.append(("keyshortcuts", shortcuts[:MAX_STRING_ATTRIBUTE_LENGTH]))
        # The raw attribute (whitespace included); a generic cannot take a role description.
        description = obj.attr("aria-roledescription") if aria else None
        if description and obj.role != "GenericContainer":
            props.append(("roledescription", description[:MAX_STRING_ATTRIBUTE_LENGTH]))
        if obj.kind != "element":
            return props
        # An error message is hidden while the object is valid; an object with no
        # invalid state at all (a link, an ARIA checkbox, a generic) shows it (probed).
        error_shown = obj.has_attr("aria-errormessage") and self._invalid(obj) != "false"
        return props + self.tree.relations.sparse_properties(obj, aria, error_shown, self.names)

    # --- individual states ---------------------------------------------------------

    def tree_url(self, obj: AXObject) -> str | None:
        if obj.kind == "document":
            return self.tree.page.url
        if obj.role in LINK_ROLES and obj.has_attr("href"):
            return urls.resolve(self.tree.page.base_url, obj.attr("href"))
        if obj.role in LINK_ROLES and obj.element.namespace == SVG_NS and obj.has_attr("xlink:href"):
            return urls.resolve(self.tree.page.base_url, obj.attr("xlink:href"))  # an SVG <a>'s older href (probed)
        image_input = obj.tag() == "input" and forms.input_type(obj.element) == "image"
        if obj.role == "Image" and obj.tag() == "img":
            src = imgsrc.current_src(obj.element, _VIEWPORT).strip()  # also a <picture>'s <source>
            return urls.resolve(self.tree.page.base_url, src) if src else None
        if image_input and obj.has_attr("src"):
            src = obj.attr("src").strip()
            return urls.resolve(self.tree.page.base_url, src) if src else None
        return None

    def is_disabled(self, obj: AXObject) -> bool:
        """AXObject::Restriction is kRestrictionDisabled."""
        el = obj.element
        if el is None or obj.tag() == "optgroup":  # AXNodeObject::Restriction skips optgroups
            return False
        if self._disables_descendants(obj) or media.is_unplayable(el, obj.has_layout):
            return True  # AXMediaElement::Restriction: unplayable media is disabled
        # A focusable object inherits the state of a disabled ancestor (IsDescendantOfDisabledNode).
        if self.is_focusable(obj) and self._under_disabling_ancestor(obj):
            return True
        select = _owner_select(obj)
        return select is not None and _native_disabled(select)

    def _under_disabling_ancestor(self, obj: AXObject) -> bool:
        """Whether an ancestor disables its focusable descendants: memoized per object,
        since every focusable object asks (a walk to the root each was ~3% of the CPU)."""
        unknown: list[AXObject] = []  # from obj's parent up to the first memoized ancestor
        node, under = obj.parent, False
        while node is not None:
            known = self._disabling_ancestry.get(node)
            if known is not None:
                under = known
                break
            unknown.append(node)
            node = node.parent
        for node in reversed(unknown):
            under = self._disabling_ancestry[node] = under or self._disables_descendants(node)
        return under

    def _disables_descendants(self, obj: AXObject) -> bool:
        """Disabled in a way its focusable descendants inherit: aria-disabled, a disabled
        form control (a button), a plugin element with no content frame. Not
        unplayable media (its controls stay enabled), not a disabled fieldset (no
        disabled object itself)."""
        if obj.element is None:
            return False
        if (obj.attr("aria-disabled") or "").lower() not in ("", "false", "undefined"):
            return True  # IsAriaAttributeTrue: any other value ("mixed", " false ") is true
        if obj.tag() in ("object", "embed"):
            return not plugins.has_content_frame(obj.element, self.tree.page.base_url)
        return _native_disabled(obj)

    def is_focusable(self, obj: AXObject) -> bool:
        if obj not in self._focusable:
            self._focusable[obj] = self._is_focusable(obj)
        return self._focusable[obj]

    def _is_focusable(self, obj: AXObject) -> bool:
        if obj.inert_root is not None or obj.hidden_via_style or not obj.has_layout and obj.kind != "element":
            return False
        if _owner_select(obj) is not None:
            # Options of a rendered select take accessibility focus, even
            # when the select itself is disabled; their own disabled state
            # (or their optgroup's) prevents it.
            return not _native_disabled(obj)
        if obj.kind != "element" or obj.tag() in ("iframe", "frame", "object", "embed"):
            # A frame's focus goes to its document: the frame itself never reports it;
            # nor does a plugin element, with a frame or without (probed, even with a tabindex).
            return False
        if _native_disabled(obj):
            return False
        # No box, no focus: Chromium 156 does not focus display:contents elements, nor
        # anything in an SVG container that is never painted (probed).
        return focus.supports_focus(obj.element) and obj.has_layout and not _in_svg_hidden_container(obj)

    def _autofocused(self) -> AXObject | None:
        """The element the document's autofocus candidates give focus to (the
        first focusable one with an autofocus attribute; no script is needed)."""
        if self._autofocus is False:
            candidates = (o for o in self.tree.objects if o.kind == "element" and o.has_attr("autofocus"))
            self._autofocus = next((o for o in candidates if self.is_focusable(o)), None)
        return self._autofocus

    def _invalid(self, obj: AXObject) -> str | None:
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

    def _editable(self, obj: AXObject) -> str | None:
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

    def _settable(self, obj: AXObject) -> bool:
        return obj.role in SETTABLE_ROLES and self.restriction(obj) is None

    def restriction(self, obj: AXObject) -> str | None:
        """AXNodeObject::Restriction: "disabled", "readonly" or None."""
        if obj.element is None:
            return None
        if self.is_disabled(obj):
            return "disabled"
        el = obj.element
        if (
            el.is_html
            and el.has("readonly")
            and (
                el.local_name == "textarea"
                or el.local_name == "input"
                and forms.input_type(el) in TEXT_FIELD_INPUT_TYPES
            )
        ):
            return "readonly"
        if obj.role in ARIA_READONLY_ROLES:
            value = (el.attrs.get("aria-readonly") or "").strip().lower()
            if not value and obj.role in _GRID_CELLS:
                value = _grid_readonly(obj)
            if value == "true":
                return "readonly"
        return None

    def _has_popup(self, obj: AXObject) -> str | None:
        value = (obj.attr("aria-haspopup") or "").strip().lower()
        if value in ("menu", "listbox", "tree", "grid", "dialog"):
            return value
        if value == "true":  # ARIA: true means a menu
            return "menu"
        # "false" and unknown tokens count as absent: only the role's implicit popup
        # remains (probed: a combobox or <select> with aria-haspopup=false keeps it).
        if obj.role == "ComboBoxSelect":
            return "menu"
        if obj.role in _COMBOBOXES:
            return "listbox"
        return None

    def _multiselectable(self, obj: AXObject) -> bool:
        if (obj.attr("aria-multiselectable") or "").lower() == "true":
            return True
        return obj.tag() == "select" and obj.has_attr("multiple")

    def _orientation(self, obj: AXObject) -> str | None:
        if obj.tag() == "input" and forms.input_type(obj.element) == "range":
            # AXSlider, whatever the role: a native range follows its writing mode, not ARIA.
            horizontal = not obj.style or obj.style["writing-mode"] == "horizontal-tb"
            return "horizontal" if horizontal else "vertical"
        value = (obj.attr("aria-orientation") or "").strip().lower()
        if value in ("horizontal", "vertical") and obj.role in (
            "ScrollBar",
            "Slider",
            "Splitter",
            "TabList",
            "Toolbar",
            "ListBox",
            "Menu",
            "MenuBar",
            "RadioGroup",
            "Tree",
            "TreeGrid",
            "ComboBoxGrouping",
        ):
            return value
        return _IMPLICIT_ORIENTATION.get(obj.role)

    def _readonly(self, obj: AXObject) -> bool:
        return self.restriction(obj) == "readonly"

    def _checked(self, obj: AXObject) -> str | None:
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

    def _expanded(self, obj: AXObject) -> bool | None:
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
        popover = forms.popover_target(obj.element) if obj.element is not None else None
        if popover is not None and not forms.is_inclusive_ancestor(popover, obj.element.parent):
            return False  # a popover is never open in a page no script has run on
        value = (obj.attr("aria-expanded") or "").strip().lower()
        if value in ("true", "false"):
            return value == "true"
        return None

    def _selected(self, obj: AXObject) -> bool | None:
        """AXNodeObject::IsSelected, as far as a page with no focus can show it."""
        if obj.role not in _SELECTABLE:
            return None
        el = obj.element
        # aria-selected overrides everything, even on a disabled item or a native <option>.
        explicit = _aria_selected(el) if el is not None else None
        if explicit is not None:
            return explicit
        if obj.role in ("ListBoxOption", "MenuListOption") and obj.tag() == "option":
            # CanSetSelectedAttribute: a disabled <option> exposes no selected state.
            return None if self.is_disabled(obj) else self.option_selected(obj)
        if obj.role not in _SELECT_FOLLOWS_FOCUS or self._checked(obj) is not None:
            return None
        # Selection follows focus, but an item explicitly selected anywhere in the
        # widget means no implicit selection is conveyed for the others.
        container = next((a for a in obj.iter_ancestors() if a.role in _CONTAINER_WIDGETS), None)
        if container is not None and container.element is not None and self._conveys_selection(container):
            return None
        if container is not None and (container.attr("aria-multiselectable") or "").strip().lower() == "true":
            return None  # IsSelectedFromFocusSupported: never in a multiselectable container
        return False

    def _conveys_selection(self, container: AXObject) -> bool:
        """_has_explicit_selection, once per widget (every item of it asks)."""
        if container not in self._explicit_selection:
            self._explicit_selection[container] = _has_explicit_selection(container)
        return self._explicit_selection[container]

    def option_selected(self, obj: AXObject) -> bool:
        return self.forms.is_selected(obj.node)

    # --- ranges and values ---------------------------------------------------------

    def range_supported(self, obj: AXObject) -> bool:
        if obj.role in RANGE_ROLES:
            return True
        return obj.role == "Splitter" and self.is_focusable(obj)

    def value(self, obj: AXObject) -> float | str | None:
        """The node's value: a range widget's number (a float attribute in Blink),
        else a control's non-empty string value."""
        if self.range_supported(obj):
            value = range_value(obj)
            return None if value is None else as_float32(value)
        return string_value(obj, self.tree, self.names) or None

    def string_value(self, obj: AXObject) -> str:
        return string_value(obj, self.tree, self.names)


def _has_aria_attribute(obj: AXObject) -> bool:
    el = obj.element
    return el is not None and any(name.startswith("aria-") for name in el.attrs)


def _grid_readonly(cell: AXObject) -> str:
    """A grid cell with no aria-readonly of its own takes its grid's (probed:
    the grid's and treegrid's, not the row's)."""
    grid = next((a for a in cell.iter_ancestors() if a.role in ("Grid", "TreeGrid")), None)
    return (grid.attr("aria-readonly") or "").strip().lower() if grid is not None else ""


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


def _ax_ancestors(obj: AXObject):
    """ParentObject chain: an aria-owned object's parent is its owner."""
    node = obj.owned_by or obj.parent
    while node is not None:
        yield node
        node = node.owned_by or node.parent


def _in_svg_hidden_container(obj: AXObject) -> bool:
    node = obj.element.parent if obj.element is not None and obj.is_svg() else None
    while isinstance(node, Element) and node.namespace == SVG_NS:
        if node.local_name in HIDDEN_CONTAINERS:
            return True
        node = node.parent
    return False


def _native_disabled(obj: AXObject) -> bool:
    return obj.element is not None and forms.is_disabled(obj.element)


def _owner_select(obj: AXObject):
    """The <select> an AX option object belongs to: its nearest select ancestor
    (customizable select lists options below any wrapper, e.g. a <div>)."""
    if obj.tag() != "option":
        return None
    owner = next((a for a in obj.iter_ancestors() if a.tag() in ("select", "datalist")), None)
    return owner if owner is not None and owner.tag() == "select" else None


def _user_modifiable(node: AXObject) -> bool:
    """The inner editor only gets -webkit-user-modify when its host control is
    neither disabled nor readonly (TextControlInnerEditorElement style)."""
    while node is not None and not forms.is_text_control(node.element):
        node = node.parent
    if node is None:
        return True
    return not _native_disabled(node) and not node.element.has("readonly")


# Blink's strict integer: optional whitespace around an optionally signed run of ASCII digits
# (Python's int() would also take "1_0" or "٣").
_STRICT_INTEGER = re.compile(r"\s*([+-]?[0-9]+)\s*", re.ASCII)


def _int_attr(value: str | None) -> int | None:
    match = _STRICT_INTEGER.fullmatch(value) if value is not None else None
    return int(match.group(1)) if match else None


def _key_shortcuts(obj: AXObject) -> str:
    """aria-keyshortcuts, else an accesskey with the platform's modifier (Alt on Linux)."""
    value = obj.attr("aria-keyshortcuts")
    if value:  # even white space: it is reported as written
        return value
    key = obj.attr("accesskey")
    return f"Alt+{key}" if key is not None else ""  # an empty accesskey still gives "Alt+"


def _can_be_invalid(obj: AXObject) -> bool:
    return obj.tag() in LISTED_ELEMENTS or obj.has_attr("aria-invalid")


def _level(obj: AXObject) -> int:
    """kHierarchicalLevel: HeadingLevel for headings, else HierarchicalLevel."""
    if obj.role == "Heading":
        return _heading_level(obj)
    if obj.role not in ("TreeItem", "ListItem", "Comment", "Row"):
        return 0
    level = _int_attr(obj.attr("aria-level"))
    if level is not None and level >= 1:
        return level
    if obj.role == "ListItem":
        return _list_level(obj)
    if obj.role == "Comment":
        return 1 + sum(1 for a in _ax_ancestors(obj) if a.role == "Comment")
    if obj.role == "TreeItem":
        # Tree depth is the number of groups between the item and its tree.
        level = 1
        for a in _ax_ancestors(obj):
            if a.role == "Tree":
                break
            level += a.role == "Group"
        return level
    return 0


def _heading_level(obj: AXObject) -> int:
    raw = obj.attr("aria-level")
    if raw is not None:
        level = parse_int(raw) or 0  # "3.7" reads as 3; junk reads as 0
        if level < 1:
            return 1
        if level <= 9:
            return level
    tag = obj.tag()
    return int(tag[1]) if tag in ("h1", "h2", "h3", "h4", "h5", "h6") else 2


def _list_level(obj: AXObject) -> int:
    return sum(1 for a in obj.iter_ancestors() if a.role == "List") or 1


def _multiline(obj: AXObject) -> bool:
    """AXObject::IsMultiline: never an <input>; else a set aria-multiline decides,
    else <textarea> and contenteditable hosts are multiline."""
    if obj.tag() == "input":
        return False
    value = (obj.attr("aria-multiline") or "").strip().lower()
    if value:
        return value == "true"
    el = obj.element
    return obj.tag() == "textarea" or (el is not None and editing.has_contenteditable_attribute(el))


def _required(obj: AXObject) -> bool:
    if obj.tag() in ("input", "select", "textarea") and obj.has_attr("required"):
        return True
    return (obj.attr("aria-required") or "").strip().lower() == "true"
