"""Element boxes as Playwright's ai snapshot reads them (``computeBox``): whether an
element is visible, whether its box is inline, and its computed ``cursor``.

"Visible" is ``checkVisibility()``, ``visibility: visible`` and a bounding client
rect with a non-zero width *and* height. axsynth lays nothing out, so the rect is
estimated: an element has extent when the CSS box model surely gives it some
(explicit sizes, padding and borders, replaced content, text, children with
extent) and none when it surely does not (``width: 0``, an empty block, a block
whose children are all floated or positioned, a zero-area SVG shape). What the
estimate knows and misses is listed in docs/divergences.md ("ai snapshot").

This module is the walk over the boxes; what it reads: a box's own sizing
(:mod:`.sizing`), the kind of box (:mod:`.formatting`), replaced elements' sizes
(:mod:`.intrinsic`), what takes room on a line (:mod:`.line_content`), SVG
geometry (:mod:`.svg_boxes`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..html.dom import SVG_NS, Element, Text, is_outermost_svg
from ..html.editing import is_editable_root
from ..style.overflow import is_percent
from ..style.properties import content_visibility_hides
from .dom import Dom, tag_of
from .formatting import (
    ATOMIC_INLINE,
    clearfix,
    definite_height,
    flex_or_grid_item,
    flex_row_item,
    grid_item,
    has_cells,
    layout_children,
    new_formatting_context,
    out_of_flow,
    positioned,
    shrinks_to_fit,
    table_box,
)
from .intrinsic import attribute_sizes, image_loads, lays_out_early, replaced_size
from .line_content import LineContent
from .sizing import Extent, axis_extent, border_positive, border_width, edges, explicit, resolves, sum_positive
from .svg_boxes import svg_extent


@dataclass(frozen=True, slots=True)
class Box:
    visible: bool
    inline: bool
    cursor: str | None = None


_NO_STYLE = Box(visible=True, inline=False)


class Boxes:
    """``computeBox`` for the elements of one snapshot (memoized)."""

    def __init__(self, dom: Dom) -> None:
        self.dom = dom
        self._lines = LineContent(dom, self._plain_inline)
        self._boxes: dict[Element, Box] = {}
        self._extents: dict[Element, Extent] = {}
        self._inner_widths: dict[Element, float | None] = {}
        self._collapses: dict[Element, bool] = {}
        self._early_layout: bool | None = None

    def box(self, el: Element) -> Box:
        box = self._boxes.get(el)
        if box is None:
            box = self._boxes[el] = self._compute_box(el)
        return box

    def visible(self, el: Element) -> bool:
        """Playwright's isElementVisible."""
        return self.box(el).visible

    def _compute_box(self, el: Element) -> Box:
        style = self.dom.style(el)
        if style is None:
            return _NO_STYLE if self.dom.is_rendered(el) else Box(False, False)
        cursor = style["cursor"]
        if style["display"] == "contents":
            # No box of its own: the first visible child decides (an element, or text inline).
            # A slot's own children are its fallback, not rendered once nodes are assigned.
            fallback_hidden = el.local_name == "slot" and bool(self.dom.assigned_nodes(el))
            for child in () if fallback_hidden else el.children:
                if isinstance(child, Element) and self.visible(child):
                    return Box(True, False, cursor)
                if isinstance(child, Text) and self.dom.text_visible(child):
                    return Box(True, True, cursor)
            return Box(False, False, cursor)
        if not self.dom.style_visible(el):
            return Box(False, False, cursor)
        return Box(all(self.extent(el)), style["display"] == "inline", cursor)

    # --- the bounding rect, estimated -----------------------------------------------

    def extent(self, el: Element) -> Extent:
        """Whether the border box has (width, height), as far as CSS alone tells."""
        import os

        if os.environ.get("AXSYNTH_LAYOUT_VISIBILITY"):
            rect = self.dom.page.layout.rect(el)
            return (rect[2] > 0, rect[3] > 0) if rect is not None else (False, False)
        found = self._extents.get(el)
        if found is None:
            # A flex item's height can depend on its siblings': while one is measured,
            # asking for it again (through its container) answers "no extent".
            self._extents[el] = (False, False)
            found = self._extents[el] = self._compute_extent(el)
        return found

    def _compute_extent(self, el: Element) -> Extent:
        style = self.dom.style(el)
        if style is None or not self.dom.is_rendered(el) or self._collapsed(el):
            return False, False
        display = self.dom.display(el)
        if display == "contents":
            return False, False
        if el.namespace == SVG_NS and not (el.local_name == "svg" and is_outermost_svg(el)):
            return svg_extent(self.dom, el, self.extent)
        tag = tag_of(el) if el.is_html or el.local_name == "svg" else ""
        intrinsic = self._intrinsic(el, tag)
        if intrinsic is None and display == "inline":
            return self._inline_extent(el, style)
        width, height = attribute_sizes(el, tag, *self._own_sizes(el, style))
        if tag == "IMG" and not image_loads(el) and None in (width, height):
            # A broken image given one size only keeps its icon or alt text size, or none (probed).
            return intrinsic, intrinsic
        if intrinsic is not None:
            return axis_extent(width, lambda: intrinsic), axis_extent(height, lambda: intrinsic)
        if content_visibility_hides(style, display) and display != "table-cell":
            # Size containment: skipped contents give the box no size (probed).
            return axis_extent(width, lambda: not shrinks_to_fit(self.dom, el, style, display)), bool(height)
        return (
            axis_extent(width, lambda: self._block_width(el, style, display)),
            axis_extent(height, lambda: self._block_height(el, display)),
        )

    def _own_sizes(self, el: Element, style: dict) -> tuple[bool | None, bool | None]:
        """What the box's CSS sizing says of (width, height), percentages resolved
        against the containing block where that tells (None: the content decides)."""
        width, height = explicit(style, "width"), explicit(style, "height")
        in_flow = style["position"] not in ("absolute", "fixed")
        if is_percent(style["height"]) and height and not edges(style, ("top", "bottom")):
            if not definite_height(self.dom, self.dom.flat_parent(el)) and in_flow:
                height = None  # a percentage of an auto height is auto (CSS 2 §10.5)
        if is_percent(style["width"]) and width and not edges(style, ("left", "right")):
            parent = self.dom.flat_parent(el)
            if parent is not None and in_flow and self.inner_width(parent) == 0:
                width = False  # a percentage of a known zero width (a carousel track of width 0)
        if style["position"] == "absolute" and any(resolves(style[axis]) for axis in ("width", "height")):
            width, height = self._percent_of_containing_block(el, style, width, height)
        return width, height

    def _percent_of_containing_block(
        self, el: Element, style: dict, width: bool | None, height: bool | None
    ) -> tuple[bool | None, bool | None]:
        """A positioned box sized in percentages of a containing block without extent
        has none either (an invisible checkbox stretched over a zero-width switch)."""
        ancestors = self.dom.ancestors_crossing_shadow(el)
        block = next((a for a in ancestors if a is not el and positioned(self.dom, a)), None)
        if block is None:
            return width, height
        block_width, block_height = self.extent(block)
        if resolves(style["width"]) and not block_width and not edges(style, ("left", "right")):
            width = False
        if resolves(style["height"]) and not block_height and not edges(style, ("top", "bottom")):
            height = False
        return width, height

    def _collapsed(self, el: Element) -> bool:
        """Scaled to nothing by its own transform or an ancestor's (the rect is transformed)."""
        found = self._collapses.get(el)
        if found is None:
            style = self.dom.style(el)
            parent = self.dom.flat_parent(el)
            found = (style is not None and "collapsed" in (style["transform"], style["scale"])) or (
                parent is not None and self._collapsed(parent)
            )
            self._collapses[el] = found
        return found

    # --- replaced elements ------------------------------------------------------------

    def _intrinsic(self, el: Element, tag: str) -> bool | None:
        """A replaced or widget element's own size (None: not one; its content decides)."""
        return self._svg_root_size(el) if tag == "SVG" else replaced_size(self.dom, el, tag)

    def _svg_root_size(self, el: Element) -> bool:
        """An <svg> is 300x150 unless sized; one with a viewBox but no size fills its
        containing block's width, which has none when it shrinks to its content (an
        icon in a button: probed)."""
        style = self.dom.style(el)
        sized = "width" in el.attrs or "height" in el.attrs or style["width"] != "auto" or style["height"] != "auto"
        if sized or "viewBox" not in el.attrs:
            return True
        for block in self.dom.ancestors_crossing_shadow(el):
            if block is el or self.dom.display(block) in ("inline", "contents"):
                continue
            if self.inner_width(block) == 0:
                return False  # a zero-width container (a sprite's width:0 wrapper)
            block_style = self.dom.style(block)
            if block_style is None or not (
                shrinks_to_fit(self.dom, block, block_style, block_style["display"]) or tag_of(block) == "BUTTON"
            ):
                return True
            # As wide as the rest of the content makes the block (measuring it asks for
            # this svg again, which answers "no extent" meanwhile).
            return self._content_with_width(block)
        return True

    def _atomic_inline(self, el: Element) -> bool:
        display = self.dom.display(el)
        return display in ATOMIC_INLINE or (display == "inline" and not self._plain_inline(el))

    def _plain_inline(self, el: Element) -> bool:
        """An inline box of HTML content (not a replaced element, not SVG)."""
        return el.is_html and self.dom.display(el) == "inline" and self._intrinsic(el, tag_of(el)) is None

    # --- widths -------------------------------------------------------------------------

    def _inline_extent(self, el: Element, style: dict) -> Extent:
        """An inline box has a rect when it holds something with width on its lines,
        or horizontal padding or borders (then a line's height too: probed)."""
        if border_positive(style, ("left", "right")):
            return True, True
        has = self._content_with_width(el, in_flow_only=True)
        if sum_positive(style, ("padding-left", "padding-right")):
            return True, has or not self._late_padded(el) or self._line_has_content(self._block_of(el), el)
        return has, has

    def _late_padded(self, el: Element) -> bool:
        """An inline padded by a linked sheet only, on a page Chromium laid out before
        that sheet arrived: on a line of its own it stays an empty line, its width
        without a height (probed: an empty <code> in a <pre>, 26x0, the <pre> 0 tall)."""
        return el in self.dom.styles.late_padding and self._laid_out_early()

    def _laid_out_early(self) -> bool:
        """Whether the page has a control that makes Chromium lay it out before its
        linked sheets arrive."""
        if self._early_layout is None:
            self._early_layout = any(lays_out_early(el) for el in self.dom.document.iter_elements())
        return self._early_layout

    def _block_of(self, el: Element) -> Element:
        """The block whose lines an inline box is on."""
        block = el
        while self.dom.display(block) in ("inline", "contents") and self.dom.flat_parent(block) is not None:
            block = self.dom.flat_parent(block)
        return block

    def _line_has_content(self, box: Element, skip: Element) -> bool:
        """Whether a block's lines hold something that gives a line its height, besides
        ``skip``: text, a line break, an atomic inline, an inline with borders or padding
        that was there from the start."""
        if self._lines.pseudo_content(box):
            return True
        for child in layout_children(self.dom, box):
            if isinstance(child, Text):
                if self._lines.text_has_glyphs(child, child.parent if isinstance(child.parent, Element) else box):
                    return True
                continue
            style = self.dom.style(child) if isinstance(child, Element) and child is not skip else None
            if style is None or not self.dom.is_rendered(child) or out_of_flow(style):
                continue
            display = self.dom.display(child)
            if display == "contents" or (self._plain_inline(child) and tag_of(child) != "BR"):
                edged = border_positive(style, ("left", "right")) or (
                    sum_positive(style, ("padding-left", "padding-right")) and not self._late_padded(child)
                )
                if edged or self._line_has_content(child, skip):
                    return True
            elif display == "inline" or display in ATOMIC_INLINE:
                return True  # a line break, an atomic inline
        return False

    def _content_with_width(self, el: Element, in_flow_only: bool = False) -> bool:
        """Whether the box holds something wide: text, or a child with extent (an inline
        box's lines hold no float or positioned box: probed, <noscript> around a floated
        image has an empty rect)."""
        if self._lines.pseudo_content(el):
            return True
        for child in layout_children(self.dom, el):
            if isinstance(child, Text):
                if self._lines.text_has_glyphs(child, child.parent if isinstance(child.parent, Element) else el):
                    return True
            elif isinstance(child, Element) and self._child_with_width(child, in_flow_only):
                return True
        return False

    def _child_with_width(self, child: Element, in_flow_only: bool) -> bool:
        """Whether one child element puts something wide in the box."""
        child_style = self.dom.style(child)
        if child_style is not None and child_style["position"] in ("absolute", "fixed"):
            return False  # sized apart from the box (and maybe by it): never measured here
        if self.dom.display(child) == "contents":
            return self._content_with_width(child, in_flow_only)
        if all(self.extent(child)) or (self._atomic_inline(child) and self.extent(child)[0]):
            # (An atomic inline's width counts alone: the line gives the height.
            # Probed: a picture around an 800x0 image is 800x17.)
            return not (in_flow_only and out_of_flow(child_style))
        # A float inside an inline child is the block's.
        return not in_flow_only and self._plain_inline(child) and self._content_with_width(child)

    def _block_width(self, el: Element, style: dict, display: str) -> bool:
        """A block in flow is as wide as its containing block (taken as wide); a
        shrink-to-fit box (float, positioned, inline-level, flex item) as its content."""
        if display == "table-cell":
            return True  # cells have 1px padding
        if table_box(display):
            # Content that is no table part goes in an anonymous cell (a display:table <legend>).
            return has_cells(self.dom, el) or self._content_with_width(el)
        if grid_item(self.dom, el):
            return True  # as wide as its track (taken as sized)
        if shrinks_to_fit(self.dom, el, style, display):
            return self._content_with_width(el)
        inner = self.inner_width(el)
        return inner is None or inner > 0

    def inner_width(self, el: Element) -> float | None:
        """The content width of a block in flow when its containing blocks fix it (a
        1px "visually hidden" box: a list's 40px padding leaves its items none);
        None when it takes layout to know (taken as wide)."""
        if el in self._inner_widths:
            return self._inner_widths[el]
        self._inner_widths[el] = None
        style = self.dom.style(el)
        width = None
        if style is not None and isinstance(style["width"], float):
            width = style["width"]
        elif (
            style is not None and style["width"] == "auto" and not shrinks_to_fit(self.dom, el, style, style["display"])
        ):
            parent = self.dom.flat_parent(el)
            outer = self.inner_width(parent) if parent is not None else None
            if outer is not None:
                sides = [style[f"padding-{side}"] for side in ("left", "right")]
                sides += [border_width(style, side) for side in ("left", "right")]
                width = None if any(isinstance(v, str) for v in sides) else max(0.0, outer - sum(sides))
        if width is not None and isinstance(style["max-width"], float):
            width = min(width, style["max-width"])
        self._inner_widths[el] = width
        return width

    # --- heights ------------------------------------------------------------------------

    def _block_height(self, el: Element, display: str) -> bool:
        if display == "table-cell" or tag_of(el) == "DETAILS" or is_editable_root(el):
            # 1px padding; the summary's line (a default "Details" one without a <summary>);
            # the caret's line in an empty editing host (probed).
            return True
        if table_box(display):
            return has_cells(self.dom, el) or self._has_flow_content(el, True)
        style = self.dom.style(el)
        marker = style["list-style-type"] != "none" or style["list-style-image"] != "none"
        inside = style["list-style-position"] == "inside"
        if display == "list-item" and marker and (inside or not self._starts_with_block_in_inline(el)):
            return True  # the marker's line (probed: an empty <li> is 18px tall)
        stretched = flex_row_item(self.dom, el) or grid_item(self.dom, el)
        if stretched and self._has_flow_content(self.dom.flat_parent(el), True):
            return True  # stretched to the line's (row's) height
        contains_floats = new_formatting_context(style, display) or flex_or_grid_item(self.dom, el)
        return self._has_flow_content(el, contains_floats)

    def _starts_with_block_in_inline(self, el: Element) -> bool:
        """Whether a block's first in-flow content is an inline box holding a block: the
        marker then sits on that block's line, which has no height of its own (probed:
        ``<li><span><div></div></span></li>`` is 0 tall, ``<li><div></div></li>`` 18)."""
        for child in layout_children(self.dom, el):
            if isinstance(child, Text):
                if self._lines.text_has_glyphs(child, el):
                    return False
                continue
            style = self.dom.style(child) if isinstance(child, Element) else None
            if style is None or not self.dom.is_rendered(child) or out_of_flow(style):
                continue
            if not self._plain_inline(child) or tag_of(child) == "BR":
                return False
            return any(
                isinstance(inner, Element)
                and self.dom.display(inner) not in ("inline", "contents", "none")
                and not self._atomic_inline(inner)
                and not out_of_flow(self.dom.style(inner))
                for inner in layout_children(self.dom, child)
            ) or self._starts_with_block_in_inline(child)
        return False

    def _has_flow_content(self, el: Element | None, contains_floats: bool) -> bool:
        """Whether something in flow gives the box height: text, a line break, an inline
        with extent, a block child with height (floats only in a new formatting
        context; positioned children never)."""
        if el is None:
            return False
        if self._lines.pseudo_content(el):
            return True
        floats = False  # a float with height came before: a clearing box below it makes it count
        for child in layout_children(self.dom, el):
            if isinstance(child, Text):
                if self._lines.text_has_glyphs(child, child.parent if isinstance(child.parent, Element) else el):
                    return True
                continue
            if not isinstance(child, Element):
                continue
            style = self.dom.style(child)
            if style is None or not self.dom.is_rendered(child) or style["position"] in ("absolute", "fixed"):
                continue
            if style["display"] == "contents":
                if self._has_flow_content(child, contains_floats):
                    return True
                continue
            if style["float"] != "none" and not contains_floats:
                floats = floats or self.extent(child)[1]
                continue
            if floats and style["clear"] != "none" and self.dom.display(child) != "inline":
                return True  # cleared below the floats (a clearfix <div>)
            if self._in_flow_child_height(child, contains_floats):
                return True
            if self._holds_outside_floats(child):
                # Its floats are this block's formatting context's (or an ancestor's).
                if contains_floats:
                    return True
                floats = True
        return floats and clearfix(self.dom, el)

    def _holds_outside_floats(self, el: Element) -> bool:
        """Whether a block that is no formatting context root holds floats with height:
        they belong to an enclosing context, which grows to hold them, and a clearing
        box after the block comes below them (probed: a clearfix around a wrapper of
        floated columns is as tall as they are, the wrapper 0)."""
        style = self.dom.style(el)
        display = self.dom.display(el)
        if display in ("block", "list-item") and (
            new_formatting_context(style, display) or flex_or_grid_item(self.dom, el)
        ):
            return False
        if display not in ("block", "list-item", "contents") and not self._plain_inline(el):
            return False
        for child in layout_children(self.dom, el):
            child_style = self.dom.style(child) if isinstance(child, Element) else None
            if (
                child_style is None
                or not self.dom.is_rendered(child)
                or child_style["position"] in ("absolute", "fixed")
            ):
                continue
            if child_style["float"] != "none":
                if self.extent(child)[1]:
                    return True
            elif self._holds_outside_floats(child):
                return True
        return False

    def _in_flow_child_height(self, child: Element, contains_floats: bool) -> bool:
        """Whether an in-flow child gives its block height."""
        if child.is_html and tag_of(child) == "BR":
            return True  # a line of its own
        if self._atomic_inline(child):
            # An atomic inline puts a line box in the block, whatever its own size (a
            # broken image with alt="" is 0x0 and its line 18px tall: probed).
            return True
        if self.dom.display(child) == "inline":
            # Its content is on the block's lines (and a float inside, the block's).
            return all(self.extent(child)) or self._has_flow_content(child, contains_floats)
        return self.extent(child)[1]
