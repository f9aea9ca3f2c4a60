"""The accessibility tree of one page: its objects (built by ``build``), their
relations, which are ignored and which stay in the tree (``ignored``), the
children each included object exposes, and the navigation names, states and
emitters use (AXObject's parent and sibling accessors)."""

from __future__ import annotations

from ..page import Page
from . import roles
from .build import TreeBuilder
from .ignored import IgnoredRules
from .object import AXObject
from .relations import Relations


class AXTree:
    """Builds and holds the accessibility tree of one page."""

    def __init__(self, page: Page) -> None:
        self.page = page
        builder = TreeBuilder(page)
        self.root = builder.build()
        self.objects: list[AXObject] = builder.objects  # every object, in tree order
        self.by_element = builder.by_element
        self.by_text = builder.by_text
        self.relations = Relations(self)
        self.relations.apply_aria_owns(self.objects)
        IgnoredRules(self).apply(self.objects)
        self._assemble()
        for obj in self.objects:
            obj.role = roles.final_role(obj, self.unignored_parent)

    def _assemble(self) -> None:
        """tree_children: included children, non-included ones spliced in; owned children last."""
        # Non-included objects get them too: a name computed from one (an
        # aria-labelledby target) reads its included descendants.
        for obj in self.objects:
            out: list[AXObject] = []
            stack = list(reversed(obj.children))
            while stack:
                child = stack.pop()
                if child.owned_by is not None:
                    continue  # placed after its owner's natural children
                if child.included:
                    out.append(child)
                else:
                    stack.extend(reversed(child.children))
            out.extend(self.relations.owned_children(obj))
            obj.tree_children = tuple(out)

    # --- navigation ----------------------------------------------------------------

    def included_parent(self, obj: AXObject) -> AXObject | None:
        """The nearest included ancestor (an owned object's parent is its owner)."""
        if obj.owned_by is not None:
            return obj.owned_by
        parent = obj.parent
        while parent is not None and not parent.included:
            parent = parent.owned_by or parent.parent
        return parent

    def unignored_parent(self, obj: AXObject) -> AXObject | None:
        """AXObject::ParentObjectUnignored."""
        parent = self.included_parent(obj)
        while parent is not None and parent.ignored:
            parent = self.included_parent(parent)
        return parent

    def unignored_next_sibling(self, obj: AXObject) -> AXObject | None:
        """AXObject::UnignoredNextSibling: the next object among the unignored
        children of obj's unignored parent."""
        parent = self.unignored_parent(obj)
        siblings = parent.unignored_children() if parent is not None else []
        index = next((i for i, s in enumerate(siblings) if s is obj), None)
        return siblings[index + 1] if index is not None and index + 1 < len(siblings) else None
