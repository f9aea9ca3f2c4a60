"""CSS carousels (CSS Overflow 5), as Chromium 156 exposes them: a scroll
container's ``::scroll-button()``s are buttons placed before it (block-start,
inline-start, inline-end, block-end) that control it, disabled when it cannot
scroll their way; its ``::scroll-marker-group`` is a navigation of links (or, in
``tabs`` mode, a tablist of tabs) placed before or after it, one leaf per
``::scroll-marker`` of the items inside it, each with the item as its details. In
tabs mode the first item is the selected tab's tabpanel and the other items are
inert, as Blink makes them.

Names: CSS alternative text, else the content's text, else (buttons) the default
"Scroll left"... (``carousel_name``). With no layout, the scroll position is the
start, and which way the container overflows comes from the sizes its style sets
(scroll_containers.content_overflow).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..data.aria import SCROLL_BUTTON_NAMES
from ..html.dom import Element
from ..style import overflow
from ..style.generated_text import content_string
from ..style.pseudo_elements import SCROLL_BUTTONS
from . import roles
from .object import AXObject
from .scroll_containers import content_overflow

if TYPE_CHECKING:
    from .build import TreeBuilder

SCROLL_MARKER = "scroll-marker"
SCROLL_MARKER_GROUP = "scroll-marker-group"


class Carousels:
    """Adds the carousel pseudo-elements once the tree is built."""

    def __init__(self, builder: "TreeBuilder") -> None:
        self.builder = builder
        self.styles = builder.styles

    def add(self, objects: list[AXObject]) -> None:
        for scroller in list(objects):
            if scroller.kind == "element" and scroller.has_layout and scroller.parent is not None and scroller.style:
                if self.styles.has_pseudo(scroller.node):
                    self._add_buttons(scroller)  # probed: a box that cannot scroll gets them too, disabled
                group = scroller.style["scroll-marker-group"]
                if group != "none" and overflow.is_scroll_container(scroller.style):
                    self._add_marker_group(scroller, *group)

    def _add_buttons(self, scroller: AXObject) -> None:
        parent = scroller.parent
        for which in SCROLL_BUTTONS:
            style = self.styles.pseudo(scroller.node, which)
            if style is None or not isinstance(style["content"], tuple) or style["display"] == "none":
                continue
            button = self._pseudo(scroller, which, "Button")
            if button is None:
                continue
            _move(button, parent, parent.children.index(scroller))

    def _add_marker_group(self, scroller: AXObject, place: str, mode: str) -> None:
        parent = scroller.parent
        group = AXObject("pseudo", scroller.node, scroller.style, parent)
        group.pseudo_which = SCROLL_MARKER_GROUP
        group.role = "TabList" if mode == "tabs" else "Navigation"
        group.has_layout = True
        group.node_id = self.builder.new_id()
        self.builder.objects.append(group)
        if place == "before":
            first_button = parent.children.index(scroller)
            while first_button and _is_scroll_button(parent.children[first_button - 1], scroller):
                first_button -= 1
            parent.children.insert(first_button, group)
        else:
            parent.children.insert(parent.children.index(scroller) + 1, group)
        for item in self._marked_items(scroller):
            marker = self._pseudo(item, SCROLL_MARKER, "Tab" if mode == "tabs" else "Link")
            if marker is None:
                continue
            # A marker is a leaf: its content only names it.
            marker.children = []
            _move(marker, group, len(group.children))
            if mode == "tabs":
                _tabs_mode_item(item, first=len(group.children) == 1)

    def _marked_items(self, scroller: AXObject) -> list[AXObject]:
        """The elements inside ``scroller`` (not inside a nested scroll container)
        whose ::scroll-marker has content, in tree order."""
        found = []
        stack = list(reversed(scroller.children))
        while stack:
            obj = stack.pop()
            if obj.kind != "element":
                continue
            style = self.styles.pseudo(obj.node, SCROLL_MARKER)
            if style is not None and isinstance(style["content"], tuple) and style["display"] != "none":
                found.append(obj)
            if not (obj.style and overflow.is_scroll_container(obj.style)):
                stack.extend(reversed(obj.children))
        return found

    def _pseudo(self, owner: AXObject, which: str, role: str) -> AXObject | None:
        """The pseudo-element object, made as generated content is (its text, its
        CSS alt text), then given its carousel role."""
        count = len(owner.children)
        self.builder.generated.add_pseudo(owner, which, True)
        if len(owner.children) == count:
            return None
        pseudo = owner.children[-1]
        content = pseudo.style["content"]
        pseudo.role = role
        for text in pseudo.iter_descendants():
            text.rendered_text = text.text  # made after white space collapsed: set as is
        if content[1] is None:
            # The text it shows names it when nothing else does.
            pseudo.text = content_string(owner.node, pseudo.style)
        return pseudo


def _move(obj: AXObject, parent: AXObject, index: int) -> None:
    obj.parent.children.remove(obj)
    obj.parent = parent
    parent.children.insert(index, obj)


def _is_scroll_button(obj: AXObject, scroller: AXObject) -> bool:
    return obj.kind == "pseudo" and obj.node is scroller.node and obj.pseudo_which.startswith("scroll-button(")


def _tabs_mode_item(item: AXObject, first: bool) -> None:
    """In tabs mode a marker's item that is a plain generic is a tabpanel (probed: a
    <section> stays itself); but the selected one, each is inert
    (ScrollMarkerPseudoElement::SetSelected)."""
    if roles.internal_role(item) == "GenericContainer" and roles.aria_role(item) is None:
        item.role = "TabPanel"
    if not first:
        item.style = dict(item.style, interactivity="inert")


def is_carousel_pseudo(obj: AXObject) -> bool:
    return obj.kind == "pseudo" and obj.pseudo_which.startswith("scroll-")


def owns_carousel_pseudos(obj: AXObject) -> bool:
    """A box whose scroll buttons or marker group sit beside it (as ::before would
    inside it, they keep it in the tree)."""
    parent = obj.parent
    return parent is not None and any(is_carousel_pseudo(s) and s.node is obj.node for s in parent.children)


def carousel_name(obj: AXObject) -> str:
    """The name of a scroll button or marker whose contents give none: the text its
    content shows, else a button's default ("Scroll left")."""
    if obj.text or obj.pseudo_which == SCROLL_MARKER:
        return obj.text
    return SCROLL_BUTTON_NAMES.get(obj.pseudo_which, "")


def has_alt_text(obj: AXObject) -> bool:
    return (
        is_carousel_pseudo(obj)
        and bool(obj.style)
        and isinstance(obj.style["content"], tuple)
        and (obj.style["content"][1] is not None)
    )


def controlled(obj: AXObject, by_element: dict[Element, AXObject]) -> AXObject | None:
    """The scroll container a scroll button or marker group controls."""
    if obj.pseudo_which.startswith("scroll-button(") or obj.pseudo_which == SCROLL_MARKER_GROUP:
        return by_element.get(obj.node)
    return None


def marker_item(obj: AXObject, by_element: dict[Element, AXObject]) -> AXObject | None:
    """The item a scroll marker scrolls to (its details)."""
    return by_element.get(obj.node) if obj.pseudo_which == SCROLL_MARKER else None


def button_disabled(obj: AXObject, by_element: dict[Element, AXObject]) -> bool:
    """A scroll button that cannot scroll its way: at the start, the block-start and
    inline-start ones never can; the others when the content overflows their way."""
    scroller = by_element.get(obj.node)
    if scroller is None or obj.pseudo_which.endswith("-start)"):
        return True
    vertical, horizontal = content_overflow(scroller)
    return not (horizontal if "inline" in obj.pseudo_which else vertical)


def is_selected_marker(obj: AXObject) -> bool | None:
    """A tab marker is selected when first in its group (the scroll position is the start)."""
    if obj.pseudo_which != SCROLL_MARKER or obj.role != "Tab" or obj.parent is None:
        return None
    return obj.parent.children[0] is obj
