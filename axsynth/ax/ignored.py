"""Which objects are ignored, with Chromium's ignoredReasons, and which ignored
ones stay in the tree: AXObject::ComputeIsIgnored (hidden, inert, aria-hidden),
AXNodeObject::ShouldIncludeBasedOnSemantics (an include/ignore/default decision,
as Chromium's AXObjectInclusion) with the layout fallbacks after it, and
AXObject::ComputeIsIgnoredButIncludedInTree."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from ..data.aria import (
    ALWAYS_INCLUDED_ROLES,
    CELL_LIKE,
    CLICKABLE_ROLES,
    CONTROL_ROLES,
    IMAGE_ROLES,
    ROW_LIKE,
    STRUCTURE_ROLES,
    TABLE_LIKE,
)
from ..html import editing, focus, forms
from ..html.dom import HTML_NS, SVG_NS, Element, Node, ShadowRoot, is_outermost_svg
from ..html.ua_shadow import details_content_is_empty, is_ua_details_root
from ..style.properties import is_decorative_content
from . import roles
from .carousel import is_carousel_pseudo, owns_carousel_pseudos
from .names import supports_name_from_contents
from .object import AXObject
from .scroll_containers import is_overflowing_scroll_container
from .whitespace import is_whitespace_only

if TYPE_CHECKING:
    from .tree import AXTree


class Inclusion(Enum):
    """AXObjectInclusion: what the semantic rules decide for an object."""

    INCLUDE = "include"
    IGNORE = "ignore"
    DEFAULT = "default"  # the layout fallbacks decide


class IgnoredRules:
    """Decides ``ignored``, ``reasons``, ``used_for_label`` and ``included`` for the
    objects of one tree."""

    def __init__(self, tree: "AXTree") -> None:
        self.relations = tree.relations
        self.flat = tree.page.flat
        self.styles = tree.page.styles
        self._shadow_memo: dict[Node, bool] = {}
        self._in_bare_picker: set[AXObject] = set()  # objects inside a closed picker that is no MenuListPopup
        self._in_select_button: set[AXObject] = set()  # a base-select's rendered button and its subtree

    def apply(self, objects: list[AXObject]) -> None:
        for obj in self._owners_first(objects):
            self._compute_ignored(obj)
            obj.used_for_label = self._used_for_label(obj)
        for obj in objects:
            obj.included = not obj.ignored or self._ignored_but_included(obj)

    def _owners_first(self, objects: list[AXObject]) -> list[AXObject]:
        """Document order, but an aria-owned subtree right after its owner's children:
        every object comes after the parent whose state it inherits."""
        if not any(obj.owned_by is not None for obj in objects):
            return objects
        order: list[AXObject] = []
        stack = [obj for obj in reversed(objects) if obj.parent is None]
        while stack:
            obj = stack.pop()
            order.append(obj)
            children = [c for c in obj.children if c.owned_by is None] + self.relations.owned_children(obj)
            stack.extend(reversed(children))
        return order

    def _compute_ignored(self, obj: AXObject) -> None:
        parent = obj.parent
        if obj.kind == "document":
            return
        # Inherited hidden/inert state: aria-hidden from the parent in the
        # accessibility tree (an owned element's is its owner: probed, moving an
        # element out of an aria-hidden subtree exposes it), inertness from the flat tree.
        el = obj.element
        if parent is not None:
            obj.aria_hidden_root = (obj.owned_by or parent).aria_hidden_root
            obj.inert_root = parent.inert_root
            if parent.kind == "ua-select-button" or parent in self._in_select_button:
                self._in_select_button.add(obj)
        if roles.hides_subtree(obj):
            # The nearest aria-hidden element is the root Chromium reports: one inside
            # a hidden subtree is an ariaHiddenElement itself.
            obj.aria_hidden_root = obj
        if obj.inert_root is None and el is not None and (el.has("inert") and el.is_html or _inert_style(obj)):
            obj.inert_root = obj
        if obj.aria_hidden_root is not None:
            if obj.aria_hidden_root is obj:
                obj.add_reason("ariaHiddenElement")
            else:
                obj.add_reason("ariaHiddenSubtree", obj.aria_hidden_root)
            obj.ignored = True
            return
        if obj.kind in _GENERATED_KINDS and _in_decorative_pseudo(obj):
            obj.ignored = True  # `content: ... / ""`: left out of the tree
            return
        if obj.inert_root is not None:
            # Chromium 156 reports inertElement for the whole inert subtree
            # (inertness comes from the inherited `interactivity` style), not
            # the older inertSubtree with a related root.
            obj.add_reason("inertElement")
            obj.ignored = True
            return
        if not obj.hidden_via_style and self._in_menu_list_popup(obj):
            obj.ignored = False
            return
        if self._in_closed_picker(obj) and obj.tag() != "option":
            obj.add_reason("notRendered")
            obj.ignored = True
            return
        if obj.hidden_via_style:
            # Probed: the picker or options slot of a hidden select says notRendered.
            obj.add_reason("notVisible" if obj.has_layout and not _is_select_slot(obj) else "notRendered")
            obj.ignored = True
            return
        obj.ignored = self._ignored_by_semantics(obj)

    def _in_closed_picker(self, obj: AXObject) -> bool:
        """Content of the closed picker of a drop-down <select> under another ARIA role
        (no AXMenuList keeps it): nothing there is laid out; only options are exposed
        (probed: an <optgroup> is notRendered, its options included). Parents come
        first, so the parent's answer is known."""
        parent = obj.parent
        if parent is None or not (parent in self._in_bare_picker or _is_bare_picker(parent)):
            return False
        self._in_bare_picker.add(obj)
        return not obj.has_layout and obj.kind in ("element", "text")

    def _used_for_label(self, obj: AXObject) -> bool:
        """AXObject::ComputeIsUsedForLabelOrDescription (needs the ignored state)."""
        if obj.kind == "document":
            return False
        if obj.element is not None:
            if self.relations.is_label_or_description_target(obj):
                return True
            if (not obj.ignored or self._can_set_focus(obj)) and supports_name_from_contents(obj, False):
                return True  # visible (or focusable) contents that name their container
        if obj.role == "Group":
            return False
        parent = obj.parent
        if parent is None or not parent.used_for_label:
            return False
        if not _hidden(obj) or _hidden(parent):
            return True
        if not obj.has_layout and not obj.hidden_via_style:
            return True  # probed: aria-hidden content of a closed base-select option still names it
        # Hidden below a visible part of a label: only a relation (or <label>) exposes it.
        while parent is not None and parent.used_for_label:
            if self.relations.is_label_or_description_target(parent):
                return True
            parent = parent.parent
        return False

    @staticmethod
    def _can_set_focus(obj: AXObject) -> bool:
        return (
            focus.supports_focus(obj.element)
            and not forms.has_disabled_attribute(obj.element)
            and obj.inert_root is None
            and obj.has_layout
            and not obj.hidden_via_style
        )

    @staticmethod
    def _in_menu_list_popup(obj: AXObject) -> bool:
        """The popup and all of its content but the UA slots: a closed picker lays
        nothing out, yet its content is exposed (ComputeIsIgnored keeps the
        structure of a collapsed <select> for what would be ignored as hidden)."""
        if obj.role == "MenuListPopup" or obj.kind == "ua-picker":
            return True  # a base-select picker may be a dialog
        if obj.has_layout or obj.kind in ("ua-slot", "ua-nested-slot"):
            return False  # nothing in a closed picker is laid out: no ancestor walk needed
        if obj.kind == "element" and obj.display == "contents":
            # ShouldIgnoreForHiddenOrInert never takes a display:contents element for
            # unrendered, so that rule does not reach it: the semantic rules decide.
            return False
        return any(a.role == "MenuListPopup" or a.kind == "ua-picker" for a in obj.iter_ancestors())

    def _ignored_by_semantics(self, obj: AXObject) -> bool:
        """ShouldIncludeBasedOnSemantics, then the layout fallbacks of ComputeIsIgnored."""
        if obj.tag() == "wbr":
            obj.add_reason("notRendered")  # probed: no layout object, whatever its ARIA attributes
            return True
        decision = self._semantic_decision(obj)
        if decision is not Inclusion.DEFAULT:
            return decision is Inclusion.IGNORE
        if obj.kind in ("inner-editor", "ua-media-box"):
            return False
        if _is_bare_picker(obj):
            obj.add_reason("notRendered")
            return True
        if obj.kind in ("ua-slot", "ua-nested-slot", "ua-select-button"):
            obj.add_reason("uninteresting")  # the options slot, a base-select's button slot
            return True
        if obj.kind in ("ua-internal", "ua-placeholder"):
            return True  # text-control internals: ignored with no reason
        if obj.role == "ListBoxOption" and obj.tag() == "option":
            return False  # an option of a listbox select is always exposed
        if obj.kind in ("ua-box", "ua-block"):
            # Meter internals are unignored unless empty; other UA blocks
            # are plain uninteresting blocks.
            if obj.kind == "ua-box" and obj.children:
                return False
            obj.add_reason("uninteresting")
            return True
        if not obj.has_layout:
            if obj.kind == "text":
                if obj.parent is not None and obj.parent.is_svg():
                    obj.add_reason("notRendered")  # text SVG does not draw (not in a <text>)
                    return True
                return False
            no_box = (
                obj.tag() == "wbr"
                or obj.element is not None
                and obj.element.namespace == SVG_NS
                and obj.element.local_name == "stop"
            )
            obj.add_reason("notRendered" if no_box else "uninteresting")
            return True
        if obj.tag() in ("iframe", "frame", "object", "embed"):
            return False
        if obj.tag() == "br":
            return False
        if obj.kind in ("text", "anonymous"):
            marker = obj.parent if obj.parent is not None and obj.parent.kind == "pseudo" else None
            if (
                marker is not None
                and marker.pseudo_which == "marker"
                and (marker.role == "ListMarker" or self._summary_marker(marker))
            ):
                obj.add_reason("presentationalRole")
                return True
            if obj.role == "StaticText" and (label := _text_owner(obj)) is not None and label.used_for_label:
                for anc in obj.iter_ancestors():
                    if not anc.ignored:
                        break
                    if anc.role == "LabelText":
                        obj.add_reason("presentationalRole")
                        return True
            return False
        if obj.kind == "pseudo" and obj.pseudo_which == "marker":
            if self._summary_marker(obj):
                obj.add_reason("presentationalRole")
                return True
            return False
        if obj.kind != "pseudo" and obj.style and obj.style["position"] != "static":
            return False
        if obj.kind == "pseudo" and obj.display not in _PSEUDO_TABLE_WRAPPERS:
            return False  # Chromium shows every non-inline ::before/::after as a generic, even empty
        if obj.is_block_flow() and obj.children_inline():
            return False
        obj.add_reason("uninteresting")
        return True

    @staticmethod
    def _summary_marker(marker: AXObject) -> bool:
        """A summary's marker that Chromium leaves out: one on the summary's own
        line.  Once the summary has a block-level child, the inside marker sits in
        an anonymous block of its own and is exposed as a ListMarker."""
        summary = marker.parent
        return summary is not None and summary.tag() == "summary" and not summary.has_block_child()

    def _semantic_decision(self, obj: AXObject) -> Inclusion:
        """ShouldIncludeBasedOnSemantics."""
        role = obj.role
        if role == "None":
            obj.add_reason("presentationalRole")
            return Inclusion.IGNORE
        if obj.kind in ("anonymous", "pseudo"):
            # A pseudo-element with CSS alt text is itself the Image/StaticText; a
            # carousel's scroll buttons, marker group and markers are controls.
            return (
                Inclusion.INCLUDE
                if role == "Image" or (obj.kind == "pseudo" and role == "StaticText") or is_carousel_pseudo(obj)
                else Inclusion.DEFAULT
            )
        if role == "RubyAnnotation" or (
            obj.kind == "text" and obj.parent is not None and obj.parent.role == "RubyAnnotation"
        ):
            return Inclusion.IGNORE
        el = obj.element
        if el is None:
            return Inclusion.DEFAULT
        if obj.kind in ("ua-internal", "ua-placeholder", "ua-slot", "ua-nested-slot", "inner-editor"):
            return Inclusion.DEFAULT
        if el.namespace == SVG_NS:
            if el.local_name == "svg" and is_outermost_svg(el) and obj.has_layout and any(True for _ in el):
                return Inclusion.INCLUDE
            if any(c.local_name in ("title", "desc") for c in el):
                return Inclusion.INCLUDE
        if role in TABLE_LIKE or role in ROW_LIKE or role in CELL_LIKE or obj.tag() in ("thead", "tfoot"):
            return Inclusion.INCLUDE
        tag = obj.tag()
        if tag == "html":
            obj.add_reason("uninteresting")
            return Inclusion.IGNORE
        if tag != "body" and focus.supports_focus(obj.element) and not forms.has_disabled_attribute(obj.element):
            return Inclusion.INCLUDE
        if role == "Link":
            return Inclusion.INCLUDE
        if self._is_clickable(obj):
            return Inclusion.INCLUDE
        if role == "Heading":
            return Inclusion.INCLUDE
        if tag in ("header", "footer"):
            return Inclusion.INCLUDE
        if _is_form_control(el) or role in CONTROL_ROLES:
            return Inclusion.INCLUDE
        if tag == "optgroup":
            return Inclusion.INCLUDE
        # RawAriaRole: a nameless region/form token is dropped like an unknown one.
        if roles.aria_role(obj) is not None:
            return Inclusion.INCLUDE
        if editing.has_contenteditable_attribute(el):
            return Inclusion.INCLUDE  # AXNodeObject::IsEditableRoot: any contenteditable host, nested ones too
        if tag == "legend":
            return Inclusion.INCLUDE
        if roles.internal_role(obj) in ALWAYS_INCLUDED_ROLES:
            return Inclusion.INCLUDE
        if tag == "hgroup":
            return Inclusion.INCLUDE
        if tag == "canvas" and obj.children:
            return Inclusion.INCLUDE  # a canvas with fallback content exposes it
        if any(a.startswith("aria-") for a in el.attrs) or el.attrs.get("title", ""):
            return Inclusion.INCLUDE
        if role == "Image" and el.namespace == HTML_NS:
            if el.attrs.get("alt") == "":
                obj.add_reason("emptyAlt")
                return Inclusion.IGNORE
            return Inclusion.INCLUDE
        if (
            el.namespace == HTML_NS
            and not obj.in_ua_shadow
            and not self._in_shadow_tree(el)
            and ((tag == "a" and el.has("name")) or ("id" in el.attrs and tag not in ("label", "optgroup")))
        ):
            return Inclusion.INCLUDE
        if (
            role not in ("SvgRoot", "Canvas", "EmbeddedObject", "PluginObject")
            and obj.is_atomic_inline()
            and isinstance(el.parent, Element)
            and sum(1 for _ in el.parent) > 1
        ):
            return Inclusion.INCLUDE
        if tag == "span":
            obj.add_reason("uninteresting")
            return Inclusion.IGNORE
        if is_overflowing_scroll_container(obj):
            return Inclusion.INCLUDE
        if tag == "label":
            control = self.relations.label_control(obj)
            if control is not None and self._redundant_label(obj, control):
                obj.add_reason("labelFor", control)
                return Inclusion.IGNORE
            return Inclusion.INCLUDE
        return Inclusion.DEFAULT

    def _in_shadow_tree(self, el: Element) -> bool:
        """Whether ``el`` lives in a shadow tree (memoized along the ancestor chain,
        so deep documents do not cost depth × size)."""
        memo = self._shadow_memo
        chain: list[Node] = []
        node: Node | None = el
        while node is not None and not isinstance(node, ShadowRoot) and node not in memo:
            chain.append(node)
            node = node.parent
        result = isinstance(node, ShadowRoot) or (node is not None and memo[node])
        for item in chain:
            memo[item] = result
        return result

    def _is_clickable(self, obj: AXObject) -> bool:
        """AXObject::IsClickable. Event handler attributes (onclick...) do not count:
        with scripting off they register no listener."""
        el = obj.element
        if el is None or forms.has_disabled_attribute(obj.element):
            return False
        if editing.has_contenteditable_attribute(el):
            return True
        return roles.native_role(obj) in CLICKABLE_ROLES and obj.tag() not in (
            "input",
            "select",
            "textarea",
            "button",
            "a",
            "summary",
            "option",
            "area",
        )

    def _redundant_label(self, label: AXObject, control: AXObject) -> bool:
        el = control.element
        if el.local_name != "input" or forms.input_type(el) not in ("checkbox", "radio"):
            return False
        if not control.has_layout or control.hidden_via_style:
            return False
        if el.has("aria-labelledby") or el.has("aria-label"):
            return False
        kids = list(label.element)
        return not kids or (len(kids) == 1 and kids[0] is el)

    def _ignored_but_included(self, obj: AXObject) -> bool:
        if obj.kind in _GENERATED_KINDS and _in_decorative_pseudo(obj):
            return False
        if obj in self._in_select_button:
            # Probed: a base-select's button keeps its whole (inert) subtree, hidden
            # parts too, but white space.
            return obj.kind != "text" or not is_whitespace_only(obj.text)
        el = obj.element
        if obj.owned_by is not None or (el is not None and el.has("aria-owns")):
            return True
        if obj.in_ua_shadow and _ua_host(obj).tag() in ("video", "audio"):
            return True  # media controls stay in the tree, even hidden
        if obj.in_ua_shadow and obj.parent.in_ua_shadow and obj.hidden_via_style:
            # Hidden (display:none or visibility:hidden), a UA shadow tree keeps
            # only its shadow-root child: the deeper internals are neither
            # visible line-breaking boxes nor shadow-root children -- unless
            # they feed a label or description (a hidden select's option slot), and
            # never a search/number field's inner editor (probed, rule 7 below).
            return obj.used_for_label and not _inner_field_internal(obj)
        if obj.kind in ("anonymous", "anonymous-box"):
            # Node-less content is kept unless hidden (hidden content stays
            # only where it may name something).
            return obj.aria_hidden_root is None and (not obj.hidden_via_style or obj.used_for_label)
        if obj.kind in ("ua-box", "ua-block"):
            return True
        if obj.kind == "element" and not obj.in_ua_shadow and obj.parent.in_ua_shadow:
            return True  # slotted into a UA shadow tree: its flat-tree parent is not its DOM parent
        if obj.kind in ("ua-internal", "ua-placeholder", "ua-slot", "ua-select-button", "inner-editor"):
            if _inner_field_internal(obj):
                return False  # rule 7: search/number internals stay out
            return True  # a shadow-root child, or a visible block
        if obj.tag() == "label":
            return True
        node = obj.node
        dom_parent = _dom_parent(obj) if node is not None and obj.kind in ("element", "text") else None
        if is_ua_details_root(dom_parent) and el.attrs.get("id") == "details-content":
            return not details_content_is_empty(dom_parent.host)  # probed: an empty content slot is left out
        if obj.kind in ("element", "text") and (
            dom_parent is None or isinstance(dom_parent, ShadowRoot) or self.flat.slot_of(node) is not None
        ):
            return True
        if obj.kind in ("element", "text") and isinstance(dom_parent, Element) and dom_parent.is_html:
            if dom_parent.local_name == "label" and obj.tag() != "span":
                return True
            if dom_parent.local_name in ("map", "rt"):
                return True
        if obj.kind == "pseudo":
            return True
        if any(c.kind == "pseudo" for c in obj.children) or obj.has_clearfix_box or obj.has_out_of_flow_empty_box:
            return True  # an element with ::before/::after, even an empty box left out of the tree (probed)
        if obj.kind == "element" and self.styles.has_pseudo(obj.node) and owns_carousel_pseudos(obj):
            return True
        if obj.used_for_label and obj.kind != "text" or (obj.kind == "text" and obj.used_for_label):
            if not obj.has_layout:
                # Datalists and their options are left out; Chromium 156 keeps
                # the options of a hidden <select> (seen in its output).
                return not (obj.tag() == "datalist" or obj.tag() == "option" and _in_datalist(obj))
            if obj.hidden_via_style:
                return True
            if obj.aria_hidden_root is not None:
                return True
        if obj.kind == "text":
            return False
        tag = obj.tag()
        if tag == "html" or obj.role in ("Video", "Audio", "Menu"):
            return True
        if (
            self._is_line_breaking(obj)
            and obj.is_visible_box()
            and obj.aria_hidden_root is None
            and obj.inert_root is None
        ):
            return True
        if tag in ("rt", "table", "tbody", "tr", "td", "th"):
            return True
        if el is not None and el.namespace == SVG_NS and el.local_name == "foreignObject":
            return True  # probed: a presentational foreignObject (a block in SVG) stays in the tree
        if el is not None and el.has("lang"):
            return True
        if el is not None and el.has("draggable") and obj.children and not _hidden(obj) and obj.role != "None":
            return True  # probed: any draggable value (even "false") keeps a shown container, unless role=none
        return False

    @staticmethod
    def _is_line_breaking(obj: AXObject) -> bool:
        """AXNodeObject::IsLineBreakingObject: a block box, a <br>, or else (the
        AXObject fallback) an element whose role is structural, e.g. an inline
        <address> (Group); images and SVG elements excepted."""
        if obj.role == "None" or obj.kind not in ("element",):
            return False
        if obj.is_svg_content():
            return False  # a shape or container, never a block box, whatever its display
        if obj.has_layout and not obj.is_layout_inline() and not obj.is_atomic_inline() or obj.tag() == "br":
            return True
        return obj.role in STRUCTURE_ROLES and obj.role not in IMAGE_ROLES and obj.element.namespace != SVG_NS


# Displays of a ::before/::after that is ignored: inline, or a table box whose
# content sits in anonymous table parts (the cell holding it is the generic).
_PSEUDO_TABLE_WRAPPERS = frozenset(
    {
        "inline",
        "table",
        "inline-table",
        "table-row-group",
        "table-header-group",
        "table-footer-group",
        "table-row",
    }
)


_GENERATED_KINDS = frozenset({"pseudo", "anonymous", "anonymous-box"})


def _in_decorative_pseudo(obj: AXObject) -> bool:
    """In a pseudo-element whose content has empty alternative text."""
    node: AXObject | None = obj
    while node is not None and node.kind in ("anonymous", "anonymous-box"):
        node = node.parent
    return node is not None and node.kind == "pseudo" and bool(node.style) and is_decorative_content(node.style)


def _inert_style(obj: AXObject) -> bool:
    """CSS Interactivity's ``interactivity: inert`` (the UA sheet's for a customizable
    select's button; an author's anywhere): inert like the inert attribute."""
    return bool(obj.style) and obj.style["interactivity"] == "inert"


def _hidden(obj: AXObject) -> bool:
    """IsHiddenViaStyle() || IsAriaHidden()."""
    return obj.hidden_via_style or obj.aria_hidden_root is not None


def _is_form_control(el: Element) -> bool:
    return el.is_html and el.local_name in ("input", "button", "select", "textarea", "fieldset", "output")


def _in_datalist(obj: AXObject) -> bool:
    return any(a.tag() == "datalist" for a in obj.iter_ancestors())


def _ua_host(obj: AXObject) -> AXObject | None:
    """The element whose synthesized UA shadow tree holds obj."""
    host = obj.parent
    while host is not None and host.in_ua_shadow:
        host = host.parent
    return host


def _shadow_host_type(obj: AXObject) -> str | None:
    """The input type of the <input> whose UA shadow tree holds obj."""
    host = _ua_host(obj)
    if host is None or host.tag() != "input":
        return None
    return forms.input_type(host.node)


def _dom_parent(obj: AXObject) -> Node | None:
    """The object's DOM parent. UA-shadow nodes built here are not linked into the
    DOM: one below another such element is its child, the first a shadow-root child."""
    if obj.in_ua_shadow and obj.parent is not None and obj.parent.in_ua_shadow:
        return obj.parent.node
    return obj.node.parent


def _text_owner(text: AXObject) -> AXObject | None:
    """The element whose text this is: its parent, or for the text of a ::before /
    ::after, that pseudo-element's owner (probed: a label's generated text is as
    presentational as its own text; a span's inside the label is not)."""
    parent = text.parent
    if parent is not None and parent.kind == "pseudo" and parent.pseudo_which in ("before", "after"):
        return parent.parent
    return parent


def _is_select_slot(obj: AXObject) -> bool:
    """A select's picker (drop-down) or options slot (list box)."""
    return obj.kind == "ua-slot" and obj.parent is not None and obj.parent.tag() == "select"


def _is_bare_picker(obj: AXObject) -> bool:
    """The closed picker popover of a drop-down <select> that is no AXMenuList
    (ua_shadow gives it no box): a node without a box, not a MenuListPopup."""
    return _is_select_slot(obj) and not obj.has_layout


def _inner_field_internal(obj: AXObject) -> bool:
    """An object inside the inner container of a search or number field."""
    return (
        obj.parent is not None and obj.parent.kind == "ua-internal" and _shadow_host_type(obj) in ("search", "number")
    )
