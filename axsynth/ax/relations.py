"""Relations between objects, in one place (Blink's AXRelationCache): IDREF
attributes resolved to objects, a label and its control, the targets of
labelling and describing relations, and aria-owns."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..data.aria import REQUIRED_CONTEXT_ARIA
from ..html import forms
from ..html.dom import Element, element_by_id
from . import roles
from .object import AXObject

if TYPE_CHECKING:
    from .tree import AXTree

_NO_OWNED_CHILDREN_TAGS = frozenset({"br", "iframe", "frame", "fencedframe"})
_UNOWNABLE_TAGS = frozenset({"area", "option", "optgroup"})
_LABELLING_ATTRIBUTES = ("aria-labelledby", "aria-labeledby", "aria-describedby")


class Relations:
    """The relations of one tree's objects."""

    def __init__(self, tree: "AXTree") -> None:
        self.by_element = tree.by_element
        self.forms = tree.page.forms
        self._owned: dict[AXObject, list[AXObject]] = {}
        self._label_targets = self._collect_label_targets(tree.objects)

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
            target = self.by_element.get(el) if el is not None else None
            if target is not None and (repeats or target not in out):
                out.append(target)
        return out

    def object_for_element(self, el: Element | None) -> AXObject | None:
        return self.by_element.get(el) if el is not None else None

    def is_label_or_description_target(self, obj: AXObject) -> bool:
        """A <label>, or the target of aria-labelledby/aria-describedby."""
        return obj.tag() == "label" or obj in self._label_targets

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


def _valid_owner(obj: AXObject) -> bool:
    """AXRelationCache::IsValidOwner: text fields, frames, <br>, images and
    aria-hidden objects cannot take aria-owns children."""
    if obj.tag() in _NO_OWNED_CHILDREN_TAGS or obj.role == "Image" or obj.aria_hidden_root is not None:
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
