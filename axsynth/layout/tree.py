"""The layout tree, built from the flat DOM tree and its computed styles: which
elements get a box and what kind (Blink's ``LayoutObject::CreateObject`` and the
``LayoutTreeBuilder``), generated content, list markers, and the anonymous boxes
CSS 2 §9.2.1.1 requires (an inline run beside blocks is wrapped in an anonymous
block; text directly in a flex or grid container becomes an anonymous item).

This module is layout's only reader of the DOM: every algorithm reads boxes.
"""

from __future__ import annotations

from typing import Any

from ..html import plugins
from ..html.dom import HTML_NS, SVG_NS, Element, Node, Text, is_outermost_svg
from ..style.generated_text import content_segments, marker_text
from . import box as kinds
from .box import Box

_REPLACED = frozenset("iframe video embed frame textarea select meter progress".split())
_NO_INPUT_BOX = frozenset({"hidden"})
_INLINE_LEVEL = frozenset(
    {"inline", "inline-block", "inline-flex", "inline-grid", "inline-table", "-webkit-inline-box"}
)
_FLEX = frozenset({"flex", "inline-flex", "-webkit-box", "-webkit-inline-box"})
_GRID = frozenset({"grid", "inline-grid"})
_TABLE = frozenset({"table", "inline-table"})
_TABLE_PARTS = frozenset(
    "table-row table-row-group table-header-group table-footer-group table-column table-column-group table-cell".split()
)
# Elements whose children are not rendered (their content is their own, or absent).
_LEAF_CONTENT = frozenset("img input textarea select iframe frame video audio embed meter progress".split())


class TreeBuilder:
    """Builds the box tree of one document. ``styles``: the tree's computed styles
    (axsynth.style.cascade.Styles); ``layout_styles``: layout's (LayoutStyles)."""

    def __init__(self, styles: Any, layout_styles: Any, base_url: str) -> None:
        self.styles = styles
        self.layout_styles = layout_styles
        self.base_url = base_url
        self.flat = styles.flat
        #: Every element's boxes (an inline split around a block has several).
        self.boxes: dict[Element, list[Box]] = {}
        #: The blocks split out of each inline element (its box encloses them too).
        self.hoisted: dict[Element, list[Box]] = {}
        self._quote_depth = 0

    def build(self) -> Box:
        """The root box (the initial containing block), holding the root element's box."""
        root = Box(None, None, self.layout_styles.initial, kinds.BLOCK, "block")
        root.establishes_bfc = True
        for child in self.styles.document.children:
            if isinstance(child, Element):
                self._add_element(root, child, self.layout_styles.initial)
        return root

    # --- elements ----------------------------------------------------------------------

    def _add_element(self, parent: Box, el: Element, parent_style: dict) -> None:
        tree = self.styles.get(el)
        if tree is None:
            return
        display = tree["display"]
        if display == "none":
            return
        style = self.layout_styles.compute(el, parent_style)
        if display == "contents":
            self._add_children(parent, el, style)
            return
        box = self._box_for(el, tree, style, display)
        if box is None:
            return
        self.boxes[el] = [box]
        parent.append(box)
        if box.kind in (kinds.REPLACED, kinds.BREAK):
            return
        if tree.get("content-visibility") == "hidden":
            return  # size-contained and skipped: its contents have no layout
        self._add_pseudo(box, el, "marker", style) if display == "list-item" else None
        self._add_pseudo(box, el, "before", style)
        self._add_children(box, el, style)
        self._add_pseudo(box, el, "after", style)
        if box.kind in (kinds.BLOCK, kinds.FLEX, kinds.GRID):
            self._wrap_inline_runs(box)

    def _box_for(self, el: Element, tree: dict, style: dict, display: str) -> Box | None:
        if el.namespace == HTML_NS and (el.local_name == "img" or _is_image_input(el)):
            return self._image(el, tree, style, display)
        kind = self._kind(el, display)
        if kind is None:
            return None
        box = Box(el, tree, style, kind, display)
        _classify(box)
        return box

    def _image(self, el: Element, tree: dict, style: dict, display: str) -> Box:
        """An <img>. Its image never loads here (no file is read for it yet), so Chromium's
        fallback applies (HTMLImageFallbackHelper): with both sizes set and no alt text
        (or in quirks mode) it stays a replaced box of that size; otherwise it is a block
        container (an inline-block when inline: its layout object is a LayoutBlockFlow)
        holding a floated 16×16 broken-image icon and its alternative text, or nothing
        when it represents nothing."""
        if _treated_as_replaced(el, style, self.layout_styles.quirks):
            box = Box(el, tree, style, kinds.REPLACED, display)
            _classify(box)
            return box
        if display == "inline":  # AdjustHostStyle: an inline fallback sizes to its content
            style = {**style, "width": "auto", "height": "auto", "aspect-ratio": "auto"}
        box = Box(el, tree, style, kinds.BLOCK, "inline-block" if display == "inline" else display)
        _classify(box)
        alt = _alt_text(el)
        src = bool((el.attrs.get("src") or "").strip())
        if (src and alt == "") or (not src and not alt):
            return box  # represents nothing: an empty box
        icon_tree = {**_anonymous_tree(tree), "float": "left", "display": "block"}
        icon_style = {**self.layout_styles.anonymous(style), "width": 16.0, "height": 16.0}
        icon = Box(None, icon_tree, icon_style, kinds.BLOCK, "block")
        _classify(icon)
        box.append(icon)
        if alt:
            text = Box(None, tree, style, kinds.TEXT, "inline")
            text.text = alt
            text.inline_level = True
            box.append(text)
        return box

    def _kind(self, el: Element, display: str) -> str | None:
        if el.namespace == SVG_NS:
            return kinds.REPLACED if is_outermost_svg(el) else None
        if el.namespace != HTML_NS:
            return _kind_of_display(display)
        name = el.local_name
        if name == "br":
            return kinds.BREAK
        if name == "input":
            return None if (el.attrs.get("type") or "").strip().lower() in _NO_INPUT_BOX else kinds.REPLACED
        if name in _REPLACED or (name == "audio" and "controls" in el.attrs):
            return kinds.REPLACED
        if name in ("object", "embed"):
            return self._plugin_kind(el, display)
        return _kind_of_display(display)

    def _plugin_kind(self, el: Element, display: str) -> str | None:
        """An <object>/<embed>: a 300×150 box when it shows a frame or the "not
        supported" placeholder of a plugin Chromium lacks; an <object> otherwise renders
        its fallback content, an <embed> with nothing to load has no box (probed)."""
        shows_box = plugins.has_content_frame(el, self.base_url) or plugins.needs_unsupported_plugin(el, self.base_url)
        if el.local_name == "embed":
            return kinds.REPLACED if shows_box or (el.attrs.get("src") or "").strip() else None
        if shows_box or not _has_fallback_content(el):
            return kinds.REPLACED
        return _kind_of_display(display)

    def _add_children(self, box: Box, el: Element, style: dict) -> None:
        if el.namespace == HTML_NS and el.local_name in _LEAF_CONTENT:
            return
        for child in self.flat.children(el):
            if isinstance(child, Element):
                self._add_element(box, child, style)
            elif isinstance(child, Text) and child.data:
                text = Box(None, box.tree, style, kinds.TEXT, "inline")
                text.text = child.data
                text.inline_level = True
                box.append(text)

    # --- anonymous boxes ---------------------------------------------------------------

    def _wrap_inline_runs(self, box: Box) -> None:
        """CSS 2 §9.2.1.1: a block container whose children mix block-level and
        inline-level boxes wraps each run of inline-level ones in an anonymous block
        (a run of collapsible white space alone disappears); an inline that holds a
        block is split around it. Text in a flex or grid container is an anonymous
        block item (flex and grid items are blockified already)."""
        children = box.children
        item_container = box.kind in (kinds.FLEX, kinds.GRID)
        if not item_container:
            children = self._split_inlines(box, children)
        if not item_container and not any(_is_block_level(c) for c in children):
            box.children = children
            return
        wrapped: list[Box] = []
        run: list[Box] = []
        for child in children + [None]:  # type: ignore[list-item]
            if child is not None and not _is_block_level(child):
                run.append(child)
                continue
            if run:
                if any(_has_inline_content(c) for c in run):
                    anonymous = Box(
                        None, _anonymous_tree(box.tree), self.layout_styles.anonymous(box.style), kinds.BLOCK, "block"
                    )
                    for member in run:
                        anonymous.append(member)
                    wrapped.append(anonymous)
                else:
                    wrapped += [c for c in run if c.kind != kinds.TEXT]
                run = []
            if child is not None:
                wrapped.append(child)
        box.children = []
        for child in wrapped:
            box.append(child)

    def _split_inlines(self, container: Box, children: list[Box]) -> list[Box]:
        """An inline box holding a block-level box is split around it (its parts are
        its boxes, and the block goes between them)."""
        out: list[Box] = []
        for child in children:
            if child.kind == kinds.INLINE and _holds_block(child):
                out += self._split(child)
            else:
                out.append(child)
        return out

    def _split(self, inline: Box) -> list[Box]:
        pieces: list[Box] = []
        current = self._continuation(inline)
        for child in inline.children:
            if child.kind == kinds.INLINE and _holds_block(child):
                parts = self._split(child)
            else:
                parts = [child]
            for part in parts:
                if _is_block_level(part):
                    pieces.append(current)
                    pieces.append(part)
                    if inline.element is not None:
                        self.hoisted.setdefault(inline.element, []).append(part)
                    current = self._continuation(inline)
                else:
                    current.append(part)
        pieces.append(current)
        return pieces

    def _continuation(self, inline: Box) -> Box:
        part = Box(inline.element, inline.tree, inline.style, kinds.INLINE, inline.display, inline.pseudo)
        part.inline_level = True
        if inline.element is not None:
            known = self.boxes.setdefault(inline.element, [])
            if inline in known:
                known.remove(inline)
            known.append(part)
        return part

    # --- generated content -------------------------------------------------------------

    def _add_pseudo(self, box: Box, el: Element, which: str, parent_style: dict) -> None:
        tree = self.styles.pseudo(el, which)
        if tree is None or tree["display"] == "none":
            return
        style = self.layout_styles.pseudo(el, which)
        if style is None:
            return
        if which == "marker":
            text = marker_text(el, tree, self.styles.list_ordinal(el), self.styles.counter_styles)
            if not text:
                return
            inside = box.tree["list-style-position"] == "inside"
            pseudo = Box(None, tree, style, kinds.INLINE if inside else kinds.MARKER, "inline", pseudo=which)
        else:
            content = tree["content"]
            if not isinstance(content, tuple):
                return
            counters = self.styles.counters(el, which)
            segments, self._quote_depth = content_segments(
                el, content[0], tree, self._quote_depth, counters, self.styles.counter_styles
            )
            text = "".join(t for _, t in segments)
            kind = _kind_of_display(tree["display"]) or kinds.INLINE
            pseudo = Box(None, tree, style, kind, tree["display"], pseudo=which)
            _classify(pseudo)
        pseudo.inline_level = (
            pseudo.kind != kinds.MARKER and tree["display"] in _INLINE_LEVEL or pseudo.kind == kinds.INLINE
        )
        if text:
            run = Box(None, tree, style, kinds.TEXT, "inline")
            run.text = text
            run.inline_level = True
            pseudo.append(run)
        box.append(pseudo)


# What an anonymous block box does not inherit from its parent's non-inherited properties.
_ANONYMOUS_RESET = {
    "display": "block",
    "position": "static",
    "float": "none",
    "clear": "none",
    "overflow-x": "visible",
    "overflow-y": "visible",
    "content-visibility": "visible",
    **{f"border-{side}-style": "none" for side in ("top", "right", "bottom", "left")},
}


def _anonymous_tree(parent: dict) -> dict:
    return {**parent, **_ANONYMOUS_RESET}


def _is_block_level(child: Box) -> bool:
    return (
        not child.inline_level
        and not child.out_of_flow
        and not child.floating
        and child.kind not in (kinds.TEXT, kinds.MARKER)
    )


def _has_inline_content(child: Box) -> bool:
    """Whether a member of an inline run makes a line box: not only collapsible white
    space, floats or positioned boxes."""
    if child.kind == kinds.TEXT:
        collapses = child.tree is None or child.tree["white-space"] in ("normal", "nowrap", "pre-line")
        return not (collapses and not child.text.strip(" \t\n\r\f"))
    return child.inline_level or child.kind == kinds.BREAK


def _holds_block(inline: Box) -> bool:
    return any(_is_block_level(c) or (c.kind == kinds.INLINE and _holds_block(c)) for c in inline.children)


def _is_image_input(el: Element) -> bool:
    return el.local_name == "input" and (el.attrs.get("type") or "").strip().lower() == "image"


def _alt_text(el: Element) -> str | None:
    """HTMLImageElement::AltText (alt, else title); an image button's falls back to its
    value, then "Submit" (HTMLInputElement::AltText)."""
    alt = el.attrs.get("alt", el.attrs.get("title"))
    if alt is None and el.local_name == "input":
        alt = el.attrs.get("value") or "Submit"
    return alt


def _has_fallback_content(el: Element) -> bool:
    """HTMLObjectElement::HasFallbackContent: a child other than <param> and white space."""
    for child in el.children:
        if isinstance(child, Text):
            if child.data.strip(" \t\n\r\f"):
                return True
        elif isinstance(child, Element) and not (child.is_html and child.local_name == "param"):
            return True
    return False


def _treated_as_replaced(el: Element, style: dict, quirks: bool) -> bool:
    """TreatImageAsReplaced: the image has both dimensions (or one and an aspect ratio),
    and no alt attribute text or the document is in quirks mode."""
    width, height = style["width"], style["height"]
    if quirks and (width == "auto") != (height == "auto"):
        return True  # quirks mode mirrors the one dimension given
    sized = width != "auto" and height != "auto"
    from_ratio = style["aspect-ratio"] != "auto" and (width != "auto" or height != "auto")
    return (sized or from_ratio) and (quirks or not el.attrs.get("alt"))


def _kind_of_display(display: str) -> str | None:
    if display == "inline" or display in ("ruby", "ruby-text"):
        return kinds.INLINE
    if display in _FLEX:
        return kinds.FLEX
    if display in _GRID:
        return kinds.GRID
    if display in _TABLE:
        return kinds.TABLE
    if display in _TABLE_PARTS:
        return kinds.TABLE_PART
    return kinds.BLOCK


def _classify(box: Box) -> None:
    """Whether the box is inline-level, floating, out of flow, and whether it starts a
    block formatting context (CSS 2 §9.4.1, CSS Display 3 §2.1)."""
    tree = box.tree
    position = tree["position"]
    box.out_of_flow = position in ("absolute", "fixed")
    box.floating = not box.out_of_flow and tree["float"] != "none"
    box.inline_level = (
        not box.out_of_flow
        and not box.floating
        and (box.display in _INLINE_LEVEL or (box.kind == kinds.REPLACED and box.display == "inline"))
    )
    box.establishes_bfc = (
        box.out_of_flow
        or box.floating
        or box.display in ("inline-block", "flow-root", "table-cell", "table-caption", "list-item-flow-root")
        or box.kind in (kinds.FLEX, kinds.GRID, kinds.TABLE, kinds.REPLACED)
        or tree["overflow-x"] not in ("visible", "clip")
        or tree["overflow-y"] not in ("visible", "clip")
        or tree.get("content-visibility") in ("auto", "hidden")
        or box.style["contain"] not in ("none",)
        and bool({"layout", "paint", "strict", "content"} & set(box.style["contain"]))
    )


def is_text(node: Node) -> bool:
    return isinstance(node, Text)
