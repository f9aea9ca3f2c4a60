"""Whether an object is disabled, read-only or focusable: Blink's
AXNodeObject::Restriction (kRestrictionDisabled, kRestrictionReadOnly) and
CanSetFocusAttribute, with the document's autofocus candidate."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..data.forms import ARIA_READONLY_ROLES, TEXT_FIELD_INPUT_TYPES
from ..data.svg import HIDDEN_CONTAINERS
from ..html import focus, forms, media, plugins
from ..html.dom import SVG_NS, Element
from ..style import customizable_select
from . import carousel
from .carousel import is_carousel_pseudo
from .object import AXObject

if TYPE_CHECKING:
    from .tree import AXTree

_GRID_CELLS = frozenset({"Cell", "GridCell", "ColumnHeader", "RowHeader"})


class Restriction:
    """The disabled, read-only and focusable states of a tree's objects, memoized."""

    def __init__(self, tree: "AXTree") -> None:
        self.tree = tree
        # Memos keyed by the objects themselves (not id() ints, one int object per entry).
        self._focusable: dict[AXObject, bool] = {}  # obj -> is_focusable(obj), asked several times per object
        self._disabling_ancestry: dict[AXObject, bool] = {}  # obj -> it or an ancestor disables descendants
        self._autofocus: AXObject | None | bool = False  # not looked for yet

    def is_disabled(self, obj: AXObject) -> bool:
        """AXObject::Restriction is kRestrictionDisabled."""
        if obj.kind == "pseudo" and obj.role == "Button" and is_carousel_pseudo(obj):
            return carousel.button_disabled(obj, self.tree.by_element)
        el = obj.element
        if el is None or obj.tag() == "optgroup":  # AXNodeObject::Restriction skips optgroups
            return False
        if self._disables_descendants(obj) or media.is_unplayable(el, obj.has_layout):
            return True  # AXMediaElement::Restriction: unplayable media is disabled
        # A focusable object inherits the state of a disabled ancestor (IsDescendantOfDisabledNode),
        # unless it says aria-disabled=false itself (probed).
        explicitly_enabled = (obj.attr("aria-disabled") or "").strip().lower() == "false"
        if self.is_focusable(obj) and not explicitly_enabled and self._under_disabling_ancestor(obj):
            return True
        select = owner_select(obj)
        return select is not None and native_disabled(select)

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
        return native_disabled(obj)

    def is_focusable(self, obj: AXObject) -> bool:
        if obj not in self._focusable:
            self._focusable[obj] = self._is_focusable(obj)
        return self._focusable[obj]

    def _is_focusable(self, obj: AXObject) -> bool:
        if obj.inert_root is not None or obj.hidden_via_style or not obj.has_layout and obj.kind != "element":
            return False
        if is_carousel_pseudo(obj):
            # Scroll markers are tab stops; a scroll button while it can scroll.
            return obj.role in ("Link", "Tab") or obj.role == "Button" and not self.is_disabled(obj)
        if owner_select(obj) is not None or obj.tag() == "option" and obj.has_layout:
            # Options of a rendered select take accessibility focus, even
            # when the select itself is disabled; their own disabled state
            # (or their optgroup's) prevents it. So does a rendered option outside
            # any select (probed).
            return not native_disabled(obj)
        if obj.kind != "element" or obj.tag() in ("iframe", "frame", "object", "embed"):
            # A frame's focus goes to its document: the frame itself never reports it;
            # nor does a plugin element, with a frame or without (probed, even with a tabindex).
            return False
        if native_disabled(obj):
            return False
        if obj.tag() == "select" and customizable_select.is_base_in_page(self.tree.page.styles, obj.element):
            return obj.has_attr("tabindex")  # probed: an in-page base-select list box leaves focus to its options
        # No box, no focus: Chromium 156 does not focus display:contents elements, nor
        # anything in an SVG container that is never painted (probed).
        return focus.supports_focus(obj.element) and obj.has_layout and not _in_svg_hidden_container(obj)

    def autofocused(self) -> AXObject | None:
        """The element the document's autofocus candidates give focus to (the
        first focusable one with an autofocus attribute; no script is needed)."""
        if self._autofocus is False:
            candidates = (o for o in self.tree.objects if o.kind == "element" and o.has_attr("autofocus"))
            self._autofocus = next((o for o in candidates if self.is_focusable(o)), None)
        return self._autofocus

    def of(self, obj: AXObject) -> str | None:
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


def _grid_readonly(cell: AXObject) -> str:
    """A grid cell with no aria-readonly of its own takes its grid's (probed:
    the grid's and treegrid's, not the row's)."""
    grid = next((a for a in cell.iter_ancestors() if a.role in ("Grid", "TreeGrid")), None)
    return (grid.attr("aria-readonly") or "").strip().lower() if grid is not None else ""


def _in_svg_hidden_container(obj: AXObject) -> bool:
    node = obj.element.parent if obj.element is not None and obj.is_svg() else None
    while isinstance(node, Element) and node.namespace == SVG_NS:
        if node.local_name in HIDDEN_CONTAINERS:
            return True
        node = node.parent
    return False


def native_disabled(obj: AXObject) -> bool:
    return obj.element is not None and forms.is_disabled(obj.element)


def owner_select(obj: AXObject):
    """The <select> an AX option object belongs to: its nearest select ancestor
    (customizable select lists options below any wrapper, e.g. a <div>)."""
    if obj.tag() != "option":
        return None
    owner = next((a for a in obj.iter_ancestors() if a.tag() in ("select", "datalist")), None)
    return owner if owner is not None and owner.tag() == "select" else None
