"""States, properties and values of an unignored object, in the order Chromium's
inspector emits them (FillLiveRegionProperties, FillGlobalStates,
FillWidgetProperties, FillWidgetStates, FillRelationships, FillSparseAttributes).

Each property is returned as (name, AXValue dict) ready for CDP.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..data.aria import LINK_ROLES, LIVE_ROLES
from ..data.forms import SETTABLE_ROLES
from ..html import editing, forms, imgsrc, urls
from ..style.media import VIEWPORT_WIDTH, matches_attribute
from . import carousel, roles
from .carousel import is_carousel_pseudo
from .editable import Editability
from .levels import hierarchical_level
from .object import AXObject
from .relations import IdrefList
from .restriction import Restriction
from .validity import Validity
from .values import RANGE_ROLES, as_float32, range_bounds, range_value, range_value_text, string_value
from .widget_states import WidgetStates

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
_COMBOBOXES = frozenset(
    {"TextFieldWithComboBox", "ComboBoxMenuButton", "ComboBoxGrouping"}
)  # ui::IsComboBox, but <select>
# The roles of objects with no element that _text_properties answers for.
_TEXT_ROLES = frozenset({"StaticText", "ListMarker"})


class States:
    def __init__(self, tree: "AXTree", names: "Names") -> None:
        self.tree = tree
        self.names = names  # the document's (memoized) names: some values and relations need one
        self.restriction = Restriction(tree)
        self.validity = Validity(tree.page.forms)
        self.editability = Editability()
        self.widget_states = WidgetStates(tree.page.forms, self.restriction)

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
        editable = self.editability.editable(obj)
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
        # Any non-empty aria-live value is passed through as written (probed: "X",
        # " polite ", "OFF" all make a live region); only "off" makes none.
        raw = obj.attr("aria-live") or ""
        live = raw if raw.strip() else LIVE_ROLES.get(obj.role, "")
        if not live or live == "off":
            return []
        atomic = (obj.attr("aria-atomic") or "").strip().lower()
        is_atomic = atomic == "true" if atomic else obj.role in ("Alert", "Status")
        relevant = " ".join((obj.attr("aria-relevant") or "").split()) or "additions text"
        return [("live", live), ("atomic", is_atomic), ("relevant", relevant)]

    def _global_states(self, obj: AXObject) -> list[Prop]:
        props: list[Prop] = []
        if self.restriction.is_disabled(obj):
            props.append(("disabled", True))
        invalid = self.validity.invalid(obj)
        if invalid is not None:
            props.append(("invalid", invalid))
        if obj.kind == "document" or (self.restriction.is_focusable(obj)):
            props.append(("focusable", True))
        # The page's tab has focus: its main frame's document is focused, a child frame's is not.
        if (obj.kind == "document" and self.tree.page.parent is None) or obj is self.restriction.autofocused():
            props.append(("focused", True))
        editable = self.editability.editable(obj)
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
        level = hierarchical_level(obj)
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
        checked = self.widget_states.checked(obj)
        if checked is not None:
            props.append(("pressed" if obj.role == "ToggleButton" else "checked", checked))
        expanded = self.widget_states.expanded(obj)
        if expanded is not None:
            props.append(("expanded", expanded))
        selected = self.widget_states.selected(obj)
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
        if aria and (obj.attr("aria-busy") or "").strip().lower() not in ("", "false", "undefined"):
            props.append(("busy", True))  # IsAriaAttributeTrue: any other value is true (probed)
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
        if obj.role == "MenuListPopup" and obj.parent is not None and obj.parent is self.restriction.autofocused():
            # AXMenuListPopup::ActiveDescendant: the focused select's selected option.
            active = self.tree.relations.selected_option_of(obj.parent)
            return props + [("activedescendant", active)] if active is not None else props
        if is_carousel_pseudo(obj):
            return props + self._carousel_relations(obj)
        if obj.kind != "element":
            return props
        # An error message is hidden while the object is valid; an object with no
        # invalid state at all (a link, an ARIA checkbox, a generic) shows it (probed).
        error_shown = obj.has_attr("aria-errormessage") and self.validity.invalid(obj) != "false"
        relations = self.tree.relations
        return props + relations.sparse_properties(obj, aria, error_shown, self.names, self.restriction.is_disabled)

    def _carousel_relations(self, obj: AXObject) -> list[Prop]:
        """A scroll button or marker group controls its scroll container; a scroll
        marker's details are its item (relations with no attribute value)."""
        by_element = self.tree.by_element
        scroller = carousel.controlled(obj, by_element)
        if scroller is not None:
            return [("controls", IdrefList("", (scroller,)))]
        item = carousel.marker_item(obj, by_element)
        return [("details", IdrefList("", (item,)))] if item is not None else []

    # --- individual states ---------------------------------------------------------

    def tree_url(self, obj: AXObject) -> str | None:
        if obj.kind == "document":
            return self.tree.page.url
        if obj.role in LINK_ROLES and obj.has_attr("href"):
            return urls.resolve(self.tree.page.base_url, obj.attr("href"))
        if obj.role in LINK_ROLES and obj.is_svg() and obj.has_attr("xlink:href"):
            return urls.resolve(self.tree.page.base_url, obj.attr("xlink:href"))  # an SVG <a>'s older href (probed)
        image_input = obj.tag() == "input" and forms.input_type(obj.element) == "image"
        if obj.role == "Image" and obj.tag() == "img":
            src = imgsrc.current_src(obj.element, _VIEWPORT).strip()  # also a <picture>'s <source>
            return urls.resolve(self.tree.page.base_url, src) if src else None
        if image_input and obj.has_attr("src"):
            src = obj.attr("src").strip()
            return urls.resolve(self.tree.page.base_url, src) if src else None
        return None

    def _settable(self, obj: AXObject) -> bool:
        return obj.role in SETTABLE_ROLES and self.restriction.of(obj) is None

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
        return self.restriction.of(obj) == "readonly"

    def range_supported(self, obj: AXObject) -> bool:
        if obj.role in RANGE_ROLES:
            return True
        return obj.role == "Splitter" and self.restriction.is_focusable(obj)

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


def _key_shortcuts(obj: AXObject) -> str:
    """aria-keyshortcuts, else an accesskey with the platform's modifier (Alt on Linux)."""
    value = obj.attr("aria-keyshortcuts")
    if value:  # even white space: it is reported as written
        return value
    key = obj.attr("accesskey")
    return f"Alt+{key}" if key is not None else ""  # an empty accesskey still gives "Alt+"


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
