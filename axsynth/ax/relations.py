"""Relations between objects, in one place (Blink's AXRelationCache): IDREF
attributes resolved to objects, a label and its control, the targets of
labelling and describing relations, and aria-owns."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from ..data.aria import (
    ACTION_TARGET_ROLES,
    COMBOBOX_CONTAINER_ROLES,
    NAME_PROHIBITED,
    REQUIRED_CONTEXT_ARIA,
    TEXT_FIELD_ROLES,
)
from ..html import forms
from ..html.dom import Element, element_by_id, resolve_reference_target
from . import roles
from .object import AXObject

if TYPE_CHECKING:
    from .names import Names
    from .tree import AXTree

_NO_OWNED_CHILDREN_TAGS = frozenset({"br", "iframe", "frame", "fencedframe"})
_UNOWNABLE_TAGS = frozenset({"area", "option", "optgroup"})
_LABELLING_ATTRIBUTES = ("aria-labelledby", "aria-labeledby", "aria-describedby")


@dataclass(frozen=True)
class IdrefList:
    """A relation as a property exposes it: the attribute's text and its targets."""

    attribute_value: str
    targets: tuple[AXObject, ...]


class Relations:
    """The relations of one tree's objects."""

    def __init__(self, tree: "AXTree") -> None:
        self.tree = tree
        self.by_element = tree.by_element
        self.forms = tree.page.forms
        self._owned: dict[AXObject, list[AXObject]] = {}
        self._label_targets = self._collect_label_targets(tree.objects)
        self._label_target_ids = self._collect_label_target_ids(tree.objects)

    # --- IDREFs -------------------------------------------------------------------

    def objects_for_idrefs(self, obj: AXObject, attr: str, repeats: bool = False) -> list[AXObject]:
        """The objects an IDREF list attribute names, in its order, in the tree scope
        of ``obj``; with ``repeats``, an id named twice gives its object twice (a name
        joins the text of a repeated id once per occurrence: "dup dup")."""
        value = obj.attr(attr)
        if not value:
            return []
        out = []
        for idref in value.split():
            el = element_by_id(obj.node, idref)
            if attr != "aria-owns":  # probed: aria-owns names the host itself
                el = resolve_reference_target(el)
            target = self.by_element.get(el) if el is not None else None
            if target is not None and (repeats or target not in out):
                out.append(target)
        return out

    def object_for_idref(self, obj: AXObject, attr: str) -> list[AXObject]:
        """The object a single-IDREF attribute names, as a list of zero or one: the
        whole value is the id, white space and all (probed: " a " and "a a" name none)."""
        value = obj.attr(attr)
        el = resolve_reference_target(element_by_id(obj.node, value)) if value else None
        target = self.by_element.get(el) if el is not None else None
        return [target] if target is not None else []

    def object_for_element(self, el: Element | None) -> AXObject | None:
        return self.by_element.get(el) if el is not None else None

    def is_label_or_description_target(self, obj: AXObject) -> bool:
        """A <label>, or the target of aria-labelledby/aria-describedby. Chromium's
        relation cache remembers the referenced ids, not elements: every element
        with such an id counts, a duplicate the reference does not resolve to too."""
        if obj.tag() == "label" or obj in self._label_targets:
            return True
        el = obj.element
        return el is not None and el.attrs.get("id", "") in self._label_target_ids

    def _collect_label_targets(self, objects: list[AXObject]) -> set[AXObject]:
        targets: set[AXObject] = set()
        for obj in objects:
            el = obj.element
            if el is None:
                continue
            for attr in _LABELLING_ATTRIBUTES:
                if attr in el.attrs:
                    targets.update(self.objects_for_idrefs(obj, attr))
        return targets

    @staticmethod
    def _collect_label_target_ids(objects: list[AXObject]) -> set[str]:
        ids: set[str] = set()
        for obj in objects:
            el = obj.element
            if el is not None:
                for attr in _LABELLING_ATTRIBUTES:
                    ids.update(el.attrs.get(attr, "").split())
        return ids

    # --- labels -------------------------------------------------------------------

    def label_control(self, label: AXObject) -> AXObject | None:
        """HTMLLabelElement::control's object."""
        return self.object_for_element(forms.labeled_control(label.element))

    def labels_of(self, control: AXObject) -> list[AXObject]:
        """The objects of element.labels: every label whose control this is, in tree order."""
        el = control.element
        labels = self.forms.labels(el) if el is not None else ()
        return [self.by_element[label] for label in labels if label in self.by_element]

    # --- aria-owns ----------------------------------------------------------------

    def apply_aria_owns(self, objects: list[AXObject]) -> None:
        """AXRelationCache::UpdateAriaOwns: each valid owned element moves under its
        owner (``owned_by``), after the owner's own children."""
        for obj in objects:
            if obj.kind != "element" or not obj.has_attr("aria-owns") or not _valid_owner(obj):
                continue
            owned = []
            for target in self.objects_for_idrefs(obj, "aria-owns"):
                # First owner in tree order wins; Chromium's order is a hash set's (docs/divergences.md).
                if target.owned_by is not None or not _valid_owned(target) or _owns_cycle(obj, target):
                    continue
                target.owned_by = obj
                if roles.raw_aria_role(target.element) in REQUIRED_CONTEXT_ARIA:
                    target.role = roles.compute_role(target)  # the owner may be its context
                owned.append(target)
            if owned:
                self._owned[obj] = owned

    def owned_children(self, owner: AXObject) -> list[AXObject]:
        return self._owned.get(owner, [])

    # --- relations as properties --------------------------------------------------

    def relationship_properties(self, obj: AXObject) -> list[tuple[str, IdrefList]]:
        """FillRelationships: aria-describedby and aria-owns, as properties."""
        props: list[tuple[str, IdrefList]] = []
        # Probed: a property lists a repeated id once per occurrence, like labelledby.
        targets = self.objects_for_idrefs(obj, "aria-describedby", repeats=True) if obj.kind == "element" else []
        if targets:
            props.append(("describedby", _idref_list(obj, "aria-describedby", targets)))
        # Every unignored target, whether or not the relation is valid (AriaOwnsElements).
        owns = (
            [t for t in self.objects_for_idrefs(obj, "aria-owns", repeats=True) if not t.ignored]
            if obj.kind == "element"
            else []
        )
        if owns:
            props.append(("owns", _idref_list(obj, "aria-owns", owns)))
        return props

    def sparse_properties(
        self, obj: AXObject, aria: bool, error_shown: bool, names: "Names", is_disabled: Callable[[AXObject], bool]
    ) -> list[tuple[str, Any]]:
        """The relations among the sparse attributes: actions, the active descendant,
        then errormessage (``error_shown``: only while invalid), controls, details and
        flowto; ``aria``: whether obj has any aria-* attribute (without one, only
        implicit relations remain)."""
        props: list[tuple[str, Any]] = []
        actions = self._actions(obj, is_disabled, names) if aria else []
        if actions:
            props.append(("actions", _idref_list(obj, "aria-actions", actions)))
        active = (aria and self.object_for_idref(obj, "aria-activedescendant")) or self._listbox_active_option(obj)
        if active and (not active[0].ignored or _only_presentational(active[0])):
            props.append(("activedescendant", active[0]))
        if not aria:
            controls = self._combobox_popup(obj, names)  # the one relation that needs no attribute
            return props + [("controls", _idref_list(obj, "aria-controls", controls))] if controls else props
        for name in ("errormessage", "controls", "details", "flowto"):
            if name == "errormessage" and not error_shown:
                continue
            targets = [t for t in self.objects_for_idrefs(obj, "aria-" + name, repeats=True) if not t.ignored]
            if name == "controls" and not targets:
                targets = self._combobox_popup(obj, names)
            if targets:
                props.append((name, _idref_list(obj, "aria-" + name, targets)))
        return props

    def _actions(self, obj: AXObject, is_disabled: Callable[[AXObject], bool], names: "Names") -> list[AXObject]:
        """aria-actions (kActionsIds): the named elements that a user can act on
        natively -- shown, enabled, with a natively clickable role and a name; an
        ARIA widget is no action (probed). A role that prohibits naming (generic,
        paragraph) carries no actions."""
        if obj.role in NAME_PROHIBITED:
            return []
        return [
            t
            for t in self.objects_for_idrefs(obj, "aria-actions")
            if not t.ignored
            and roles.native_role(t) in ACTION_TARGET_ROLES
            and not is_disabled(t)
            and names.name(t).strip()
        ]

    def _combobox_popup(self, obj: AXObject, names: "Names") -> list[AXObject]:
        """GetControlsListboxForTextfieldCombobox: a text field combobox with no
        aria-controls controls the popup its (invalid) aria-owns names, the next
        sibling inside a combobox grouping, or, with an active descendant, an
        unnamed ARIA popup right after it."""
        if obj.role not in TEXT_FIELD_ROLES or obj.ignored:
            return []
        owned = self.objects_for_idrefs(obj, "aria-owns")
        candidate = owned[0] if owned else None
        if (
            candidate is None
            and obj.role == "TextField"
            and obj.parent is not None
            and obj.parent.role == "ComboBoxGrouping"
        ):
            candidate = self.tree.unignored_next_sibling(obj)
        if candidate is None and obj.role == "TextFieldWithComboBox":
            if not self.object_for_idref(obj, "aria-activedescendant"):
                return []
            candidate = self.tree.unignored_next_sibling(obj)
            if (
                candidate is None
                or candidate.tag() == "select"
                or roles.aria_role(candidate) not in COMBOBOX_CONTAINER_ROLES
            ):
                return []
            if names.name(candidate):
                return []  # a named listbox is a separate widget
        return [candidate] if candidate is not None and candidate.role in COMBOBOX_CONTAINER_ROLES else []

    def selected_option_of(self, select: AXObject) -> AXObject | None:
        """The object of a select's (last) selected option."""
        chosen = self.forms.selected_options(select.element)
        return self.by_element.get(chosen[-1]) if chosen else None

    def _listbox_active_option(self, obj: AXObject) -> list[AXObject]:
        """A listbox <select> reports its first selected option as the
        active descendant (AXListBox::ActiveDescendant); a drop-down is no
        AXListBox, whatever its ARIA role (probed)."""
        if obj.tag() != "select" or obj.role != "ListBox" or forms.uses_menu_list(obj.element):
            return []
        options = (o for o in obj.iter_descendants() if o.tag() == "option")
        return next(([o] for o in options if self.forms.is_selected(o.node)), [])


def _only_presentational(obj: AXObject) -> bool:
    """Ignored for its role alone (probed: role=none is still an active descendant;
    a hidden or uninteresting target is not)."""
    return bool(obj.reasons) and all(reason == "presentationalRole" for reason, _ in obj.reasons)


def _idref_list(obj: AXObject, attr: str, targets: list[AXObject]) -> IdrefList:
    # A synthesized relation has no attribute value.
    return IdrefList(obj.attr(attr) or "", tuple(targets))


def _valid_owner(obj: AXObject) -> bool:
    """AXRelationCache::IsValidOwner: text fields, frames, <br>, images and
    aria-hidden objects cannot take aria-owns children."""
    if obj.tag() in _NO_OWNED_CHILDREN_TAGS or obj.role == "Image" or roles.in_aria_hidden_subtree(obj):
        return False
    return not roles.is_text_field(obj)


def _valid_owned(target: AXObject) -> bool:
    """AXRelationCache::IsValidOwnedChild: a rendered element that is not an
    <area>/<option>/<optgroup> and not itself aria-hidden."""
    if target.kind != "element" or not target.has_layout or target.tag() in _UNOWNABLE_TAGS:
        return False
    return (target.attr("aria-hidden") or "").strip().lower() != "true"


def _owns_cycle(owner: AXObject, target: AXObject) -> bool:
    """AXRelationCache's ContainsCycle: the target is the owner, a DOM ancestor of it,
    or an ancestor through aria-owns (an owned object's parent is its owner)."""
    if _is_ancestor(target, owner):
        return True
    ancestor: AXObject | None = owner
    while ancestor is not None:
        if ancestor is target:
            return True
        ancestor = ancestor.owned_by or ancestor.parent
    return False


def _is_ancestor(candidate: AXObject, obj: AXObject) -> bool:
    return any(a is candidate for a in obj.iter_ancestors())
