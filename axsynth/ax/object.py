"""The accessibility object: one per DOM node (or pseudo-element box) that Chromium
would create, with the layout facts the later stages read.

Chromium decides many things from its layout tree.  axsynth has no layout, so
the facts it needs (does a box exist, is it inline, is it an atomic inline, does a
block hold only inline content) are derived from computed ``display`` here, in
one place.
"""

from __future__ import annotations

from typing import Any, Iterator

from ..html.dom import HTML_NS, SVG_NS, Element

# Elements whose box is replaced content: atomic inlines when display is inline.
REPLACED = frozenset(
    "img input select textarea button iframe video audio canvas object embed meter progress svg math".split()
)
BLOCK_FLOW_DISPLAYS = frozenset({"block", "inline-block", "list-item", "flow-root", "table-cell", "table-caption"})
FLEX_OR_GRID = frozenset({"flex", "inline-flex", "grid", "inline-grid", "-webkit-box", "-webkit-inline-box"})
INLINE_LEVEL_DISPLAYS = frozenset(
    {"inline", "inline-block", "inline-flex", "inline-grid", "inline-table", "ruby", "ruby-text", "-webkit-inline-box"}
)
# One (reason, None) pair per ignored-reason name, shared by every object with it.
_PLAIN_REASONS: dict[str, tuple[str, None]] = {}


class AXObject:
    """An accessibility object.  ``kind`` is one of: document, element, text,
    pseudo (a ::before/::after/::marker box), anonymous (text inside a pseudo)."""

    __slots__ = (
        "kind",
        "node",
        "style",
        "parent",
        "children",
        "role",
        "ignored",
        "reasons",
        "included",
        "text",
        "has_layout",
        "aria_hidden_root",
        "inert_root",
        "hidden_via_style",
        "owned_by",
        "tree_children",
        "node_id",
        "used_for_label",
        "pseudo_which",
        "host",
        "rendered_text",
        "in_ua_shadow",
        "element",
        "_tag",
        "has_clearfix_box",
        "has_out_of_flow_empty_box",
        "collapsed_away",
        "is_counter_text",
    )

    def __init__(self, kind: str, node: Any, style: dict | None, parent: "AXObject | None") -> None:
        # kind and node never change after this: element and tag(), the hottest
        # facts of the whole pipeline (millions of reads on a large page), are
        # derived from them once.
        self.kind = kind
        self.node = node  # dom Node, or the owning Element for pseudo boxes
        self.element: Element | None = node if kind == "element" and isinstance(node, Element) else None
        self._tag = node.local_name if self.element is not None and node.namespace == HTML_NS else ""
        self.style = style
        self.parent = parent
        # Containers most objects leave empty share the empty tuple (a page has
        # tens of thousands of objects): a text object never has children.
        self.children: list[AXObject] | tuple[()] = () if kind == "text" else []  # every child object, included or not
        # Included children (ChildrenIncludingIgnored), fixed once the tree is assembled.
        self.tree_children: tuple[AXObject, ...] = ()
        self.role = "Unknown"
        self.ignored = False
        self.reasons: tuple[tuple[str, AXObject | None], ...] = ()  # see add_reason
        self.included = True
        self.text = ""  # text of text/anonymous objects (collapsed, transformed)
        self.has_layout = False
        self.aria_hidden_root: AXObject | None = None
        self.inert_root: AXObject | None = None
        self.hidden_via_style = False
        self.owned_by: AXObject | None = None
        self.node_id: int | None = None
        self.used_for_label = False
        self.pseudo_which = ""
        self.host: Element | None = None  # for UA-shadow objects: the element they belong to
        self.rendered_text = ""
        self.in_ua_shadow = False
        # A block-level ::before/::after holding only white space: left out of the
        # tree (see generated.py), but its box still makes the children block-level.
        self.has_clearfix_box = False
        # The same out of flow (floated or absolutely positioned): no child in the
        # tree either, but a child box, so the children still count as inline.
        self.has_out_of_flow_empty_box = False
        # White space that collapsed into nothing at a line start or after a space
        # (not a line-end space, which LayoutNG keeps, hanging).
        self.collapsed_away = False
        # The text of a CSS counter (a LayoutCounter): shown, but no part of names.
        self.is_counter_text = False

    def __repr__(self) -> str:
        label = self.node.local_name if isinstance(self.node, Element) else self.kind
        return f"<AX {self.role} {label} #{self.node_id}>"

    def add_reason(self, name: str, related: "AXObject | None" = None) -> None:
        """Record why this object is ignored (as CDP's ignoredReasons lists it).
        A tuple (most ignored objects have one reason), of shared pairs when
        there is no related object."""
        pair = (name, related) if related is not None else _PLAIN_REASONS.setdefault(name, (name, None))
        self.reasons += (pair,)

    # --- DOM facts (``element``: the node when this is an element object) ------

    def attr(self, name: str) -> str | None:
        el = self.element
        return el.attrs.get(name) if el is not None else None

    def has_attr(self, name: str) -> bool:
        el = self.element
        return el is not None and name in el.attrs

    def tag(self) -> str:
        """The local name of an HTML element, else ""."""
        return self._tag

    def is_svg(self) -> bool:
        el = self.element
        return el is not None and el.namespace == SVG_NS

    # --- layout facts (derived from computed style) ---------------------------

    @property
    def display(self) -> str:
        return self.style["display"] if self.style else "inline"

    def is_replaced(self) -> bool:
        el = self.element
        if el is None:
            return False
        if el.namespace == SVG_NS:
            return (
                el.local_name == "svg"
                and not isinstance(el.parent, Element)
                or (el.local_name == "svg" and getattr(el.parent, "namespace", HTML_NS) != SVG_NS)
            )
        return el.namespace == HTML_NS and el.local_name in REPLACED

    def is_svg_content(self) -> bool:
        """An element an SVG root lays out (LayoutSVGShape, LayoutSVGContainer,
        LayoutSVGInline...): not a CSS box, so its display (block, inline-block) makes
        no block or atomic inline of it. Excluded: the root <svg>, and <text> and
        <foreignObject>, which Blink lays out as block flows (LayoutSVGBlock)."""
        el = self.element
        return (
            el is not None
            and el.namespace == SVG_NS
            and el.local_name not in ("text", "foreignObject")
            and not self.is_replaced()
        )

    def is_layout_inline(self) -> bool:
        """A LayoutInline: a non-replaced box with display:inline."""
        if not self.has_layout or self.kind == "text":
            return False
        return self.display in ("inline", "ruby") and not self.is_replaced() and self.tag() != "br"

    def is_atomic_inline(self) -> bool:
        if not self.has_layout or self.kind in ("text", "anonymous") or self.is_svg_content():
            return False
        display = self.display
        if display in ("inline-block", "inline-flex", "inline-grid", "inline-table", "-webkit-inline-box"):
            return True
        return display == "inline" and self.is_replaced()

    def is_inline_level(self) -> bool:
        if self.kind in ("text", "anonymous"):
            return True
        return self.display in INLINE_LEVEL_DISPLAYS or self.tag() == "br"

    def is_block_flow(self) -> bool:
        if not self.has_layout or self.kind in ("text", "anonymous") or self.is_svg_content():
            return False
        if self.tag() in ("button", "select", "input", "textarea", "fieldset"):
            return False  # flex boxes / form-control boxes in Blink
        return self.display in BLOCK_FLOW_DISPLAYS

    def is_generated_image(self) -> bool:
        """The node-less image box of a ``content: url()``."""
        return self.kind == "anonymous" and self.role == "Image"

    def is_out_of_flow(self) -> bool:
        style = self.style
        if not style or self.is_svg() and not self.is_replaced():
            return False  # nothing an SVG root lays out floats (nor is positioned: the cascade)
        return style["float"] != "none" or style["position"] in ("absolute", "fixed")

    def layout_children(self) -> Iterator["AXObject"]:
        """Children that have boxes, with display:contents flattened away."""
        stack = list(reversed(self.children))
        while stack:
            child = stack.pop()
            if child.kind in ("text", "anonymous"):
                if child.has_layout:
                    yield child
            elif child.has_layout:
                yield child
            elif child.display == "contents" and not child.hidden_via_style_subtree():
                stack.extend(reversed(child.children))

    def hidden_via_style_subtree(self) -> bool:
        return bool(self.style) and self.style["display"] == "none"

    def children_inline(self) -> bool:
        """LayoutBlockFlow::ChildrenInline() && FirstChild(): some child box, and no
        block-level one in flow (floats and absolutely positioned boxes alone sit in
        an inline formatting context)."""
        if self.has_clearfix_box:
            return False
        has_child = self.has_out_of_flow_empty_box
        for child in self.layout_children():
            if child.kind == "pseudo" and child.pseudo_which == "marker":
                continue
            has_child = True
            if (child.kind == "text" or not child.is_out_of_flow()) and not child.is_inline_level():
                return False
        return has_child

    def has_block_child(self) -> bool:
        """Some in-flow child is block-level, so inline content gets wrapped in anonymous blocks."""
        return any(not child.is_inline_level() for child in self.in_flow_content())

    def in_flow_content(self) -> Iterator["AXObject"]:
        for child in self.layout_children():
            if child.kind != "text" and child.is_out_of_flow():
                continue
            if child.kind == "pseudo" and child.pseudo_which == "marker":
                continue
            yield child

    def is_visible_box(self) -> bool:
        return self.has_layout and not self.hidden_via_style

    def iter_descendants(self, included_only: bool = False) -> Iterator["AXObject"]:
        """Descendants in tree order: all created objects, or only those in the tree."""
        stack = list(reversed(self.tree_children if included_only else self.children))
        while stack:
            child = stack.pop()
            yield child
            stack.extend(reversed(child.tree_children if included_only else child.children))

    def unignored_children(self) -> list["AXObject"]:
        """AXObject::UnignoredChildren: included children, ignored ones replaced by
        their own unignored children."""
        out = []
        stack = list(reversed(self.tree_children))
        while stack:
            child = stack.pop()
            if child.ignored:
                stack.extend(reversed(child.tree_children))
            else:
                out.append(child)
        return out

    def iter_ancestors(self) -> Iterator["AXObject"]:
        node = self.parent
        while node is not None:
            yield node
            node = node.parent


def boxes(display: str, parent_box: bool, own_box: bool = True) -> tuple[bool, bool]:
    """(whether an element gets a box, whether its children can): display:contents
    makes no box of its own yet leaves its children theirs."""
    has_box = own_box and parent_box and display not in ("none", "contents")
    return has_box, has_box or (display == "contents" and parent_box)
