"""Element boxes as Playwright's ai snapshot reads them (``computeBox``): whether an
element is visible, whether its box is inline, and its computed ``cursor``.

"Visible" is ``checkVisibility()``, ``visibility: visible`` and a bounding client
rect with a non-zero width *and* height. axsynth lays nothing out, so the rect is
estimated: an element has extent when the CSS box model surely gives it some
(explicit sizes, padding and borders, replaced content, text, children with
extent) and none when it surely does not (``width: 0``, an empty block, a block
whose children are all floated or positioned, a zero-area SVG shape). What the
estimate knows and misses is listed in docs/divergences.md ("ai snapshot").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..data.svg import HIDDEN_CONTAINERS
from ..html import imgsrc, plugins
from ..html.dom import SVG_NS, Element, Text, in_svg_text, is_outermost_svg
from ..html.editing import is_editable_root
from ..style.media import VIEWPORT_WIDTH, matches_attribute
from ..style.overflow import is_percent
from ..style.properties import content_visibility_hides
from .dom import Dom, tag_of


@dataclass(frozen=True, slots=True)
class Box:
    visible: bool
    inline: bool
    cursor: str | None = None


_NO_STYLE = Box(visible=True, inline=False)
_VIEWPORT = imgsrc.Viewport(VIEWPORT_WIDTH, matches_attribute)

# Replaced and widget elements: they have an intrinsic size of their own (probed in
# Chromium 156: a button, a select, an input, a checkbox, an iframe, a 300x150 svg...).
# A canvas is not one: with scripting off it renders
# its fallback content (probed: an empty 10x10 canvas has no box).
_INTRINSIC = frozenset("INPUT BUTTON SELECT TEXTAREA METER PROGRESS IFRAME FRAME EMBED VIDEO AUDIO".split())
# Elements whose width and height attributes are presentational hints for their size.
_SIZED_BY_ATTRIBUTES = frozenset({"IMG", "IFRAME", "EMBED", "VIDEO", "OBJECT", "INPUT", "SVG"})
# Boxes as wide as their content (shrink-to-fit), not as their containing block.
_SHRINK_TO_FIT = frozenset({"inline-block", "inline-flex", "inline-grid", "inline-table", "table"})
# Rows, row groups and columns span the cells they hold (probed: a <col> has a rect).
_TABLE_PARTS = frozenset(
    {"table-row", "table-row-group", "table-header-group", "table-footer-group", "table-column", "table-column-group"}
)
_FLEX = frozenset({"flex", "inline-flex", "-webkit-box", "-webkit-inline-box"})
_GRID = frozenset({"grid", "inline-grid"})
_ATOMIC_INLINE = frozenset({"inline-block", "inline-flex", "inline-grid", "inline-table", "-webkit-inline-box"})
_PREFORMATTED = frozenset({"pre", "pre-wrap", "break-spaces", "pre-line"})
# Characters without width: zero-width spaces and joiners, the soft hyphen, bidi marks and controls.
_ZERO_WIDTH = (
    "\u200b\u200c\u200d\u2060\ufeff\u00ad\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


class Boxes:
    """``computeBox`` for the elements of one snapshot (memoized)."""

    def __init__(self, dom: Dom) -> None:
        self.dom = dom
        self._boxes: dict[Element, Box] = {}
        self._extents: dict[Element, tuple[bool, bool]] = {}
        self._inner_widths: dict[Element, float | None] = {}
        self._collapses: dict[Element, bool] = {}
        self._spaces: dict[Text, bool] = {}  # white-space-only text: whether it renders as a space

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

    def extent(self, el: Element) -> tuple[bool, bool]:
        """Whether the border box has (width, height), as far as CSS alone tells."""
        found = self._extents.get(el)
        if found is None:
            # A flex item's height can depend on its siblings': while one is measured,
            # asking for it again (through its container) answers "no extent".
            self._extents[el] = (False, False)
            found = self._extents[el] = self._compute_extent(el)
        return found

    def _compute_extent(self, el: Element) -> tuple[bool, bool]:
        style = self.dom.style(el)
        if style is None or not self.dom.is_rendered(el) or self._collapsed(el):
            return False, False
        display = self.dom.display(el)
        if display == "contents":
            return False, False
        if el.namespace == SVG_NS and not (el.local_name == "svg" and is_outermost_svg(el)):
            return _svg_extent(self, el)
        tag = tag_of(el) if el.is_html or el.local_name == "svg" else ""
        intrinsic = self._intrinsic(el, tag)
        if intrinsic is None and display == "inline":
            return self._inline_extent(el, style)
        width, height = _explicit(style, "width"), _explicit(style, "height")
        if is_percent(style["height"]) and height and not _edges(style, ("top", "bottom")):
            if not self._definite_height(self.dom.flat_parent(el)) and style["position"] not in ("absolute", "fixed"):
                height = None  # a percentage of an auto height is auto (CSS 2 §10.5)
        if is_percent(style["width"]) and width and not _edges(style, ("left", "right")):
            parent = self.dom.flat_parent(el)
            if parent is not None and style["position"] not in ("absolute", "fixed") and self.inner_width(parent) == 0:
                width = False  # a percentage of a known zero width (a carousel track of width 0)
        if style["position"] == "absolute" and any(_resolves(style[axis]) for axis in ("width", "height")):
            width, height = self._percent_of_containing_block(el, style, width, height)
        if tag in _SIZED_BY_ATTRIBUTES:
            width = _attribute_size(el, "width", width)
            height = _attribute_size(el, "height", height)
        if tag == "IMG" and not self._image_loads(el) and None in (width, height):
            # A broken image given one size only keeps its icon or alt text size, or none (probed).
            return intrinsic, intrinsic
        if intrinsic is not None:
            return _axis(width, lambda: intrinsic), _axis(height, lambda: intrinsic)
        if content_visibility_hides(style, display) and display != "table-cell":
            # Size containment: skipped contents give the box no size (probed).
            return _axis(width, lambda: not self._shrinks_to_fit(el, style, display)), bool(height)
        return (
            _axis(width, lambda: self._block_width(el, style, display)),
            _axis(height, lambda: self._block_height(el, display)),
        )

    def _percent_of_containing_block(
        self, el: Element, style: dict, width: bool | None, height: bool | None
    ) -> tuple[bool | None, bool | None]:
        """A positioned box sized in percentages of a containing block without extent
        has none either (an invisible checkbox stretched over a zero-width switch)."""
        block = next((a for a in self.dom.ancestors_crossing_shadow(el) if a is not el and self._positioned(a)), None)
        if block is None:
            return width, height
        block_width, block_height = self.extent(block)
        if _resolves(style["width"]) and not block_width and not _edges(style, ("left", "right")):
            width = False
        if _resolves(style["height"]) and not block_height and not _edges(style, ("top", "bottom")):
            height = False
        return width, height

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
                self._shrinks_to_fit(block, block_style, block_style["display"]) or tag_of(block) == "BUTTON"
            ):
                return True
            # As wide as the rest of the content makes the block (measuring it asks for
            # this svg again, which answers "no extent" meanwhile).
            return self._content_with_width(block)
        return True

    def _definite_height(self, el: Element | None) -> bool:
        """Whether a box's height is known without its content (a percentage of it resolves)."""
        if el is None or el.local_name == "html":
            return True  # the initial containing block: the viewport
        style = self.dom.style(el)
        if style is None:
            return False
        if isinstance(style["height"], float) or style["height"] == "unknown":
            return True
        if is_percent(style["height"]):
            return style["position"] in ("absolute", "fixed") or self._definite_height(self.dom.flat_parent(el))
        # A positioned box is usually stretched by its insets (top and bottom), which make
        # its height definite (not read: taken as so).
        return style["position"] in ("absolute", "fixed")

    def _positioned(self, el: Element) -> bool:
        style = self.dom.style(el)
        return style is not None and style["position"] != "static"

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

    def _intrinsic(self, el: Element, tag: str) -> bool | None:
        """A replaced or widget element's own size (None: not one; its content decides)."""
        if tag == "INPUT" and self.dom.input_type(el) == "image":
            # A broken image button shows its alt text (HTMLInputElement::AltText: alt, else
            # title, else value, else "Submit"), else nothing but the size it is given (probed).
            alt = next((el.attrs[a] for a in ("alt", "title", "value") if a in el.attrs), "Submit")
            return bool(alt.strip()) or (el.attrs.get("src") or "").startswith("data:")
        if tag == "SVG":
            return self._svg_root_size(el)
        if tag in _INTRINSIC:
            return True
        if tag == "OPTION":
            return True  # a row of its list box, empty or not (a drop-down's options are not rendered)
        if tag == "IMG":
            # A broken image shows its alt text, or a 16x16 icon when it has a src and no
            # alt; else nothing (probed: alt="", or only a srcset), unless given both sizes.
            if self._image_loads(el):
                return True
            alt = el.attrs.get("alt")
            return bool(alt) if alt is not None else bool((el.attrs.get("src") or "").strip())
        if tag == "OBJECT" and (
            plugins.has_content_frame(el, self.dom.base_url) or plugins.needs_unsupported_plugin(el, self.dom.base_url)
        ):
            return True  # a frame, or the plugin placeholder; else the fallback content shows
        return None

    def _inline_extent(self, el: Element, style: dict) -> tuple[bool, bool]:
        """An inline box has a rect when it holds something with width on its lines,
        or horizontal padding or borders (then a line's height too: probed)."""
        if _sum_positive(style, ("padding-left", "padding-right")) or _border_positive(style, ("left", "right")):
            return True, True
        has = self._content_with_width(el, in_flow_only=True)
        return has, has

    def _content_with_width(self, el: Element, in_flow_only: bool = False) -> bool:
        """Whether the box holds something wide: text, or a child with extent (an inline
        box's lines hold no float or positioned box: probed, <noscript> around a floated
        image has an empty rect)."""
        if self._pseudo_content(el):
            return True
        for child in self._layout_children(el):
            if isinstance(child, Text):
                if self._text_has_glyphs(child, child.parent if isinstance(child.parent, Element) else el):
                    return True
            elif isinstance(child, Element):
                child_style = self.dom.style(child)
                if child_style is not None and child_style["position"] in ("absolute", "fixed"):
                    continue  # sized apart from the box (and maybe by it): never measured here
                if self.dom.display(child) == "contents":
                    if self._content_with_width(child, in_flow_only):
                        return True
                elif all(self.extent(child)) or (self._atomic_inline(child) and self.extent(child)[0]):
                    # (An atomic inline's width counts alone: the line gives the height.
                    # Probed: a picture around an 800x0 image is 800x17.)
                    if not (in_flow_only and _out_of_flow(child_style)):
                        return True
                elif not in_flow_only and self._plain_inline(child) and self._content_with_width(child):
                    return True  # a float inside an inline child is the block's
        return False

    def _layout_children(self, el: Element):
        """The flat-tree children, with the slots of user-agent shadow trees (which have
        no style of their own) replaced by what they hold."""
        for child in self.dom.flat.children(el):
            if isinstance(child, Element) and child.local_name == "slot" and self.dom.style(child) is None:
                yield from self._layout_children(child)
            else:
                yield child

    def _block_width(self, el: Element, style: dict, display: str) -> bool:
        """A block in flow is as wide as its containing block (taken as wide); a
        shrink-to-fit box (float, positioned, inline-level, flex item) as its content."""
        if display == "table-cell":
            return True  # cells have 1px padding
        if display in _TABLE_PARTS or display in ("table", "inline-table"):
            return self._has_cells(el)
        if self._grid_item(el):
            return True  # as wide as its track (taken as sized)
        if self._shrinks_to_fit(el, style, display):
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
        elif style is not None and style["width"] == "auto" and not self._shrinks_to_fit(el, style, style["display"]):
            parent = self.dom.flat_parent(el)
            outer = self.inner_width(parent) if parent is not None else None
            if outer is not None:
                sides = [style[f"padding-{side}"] for side in ("left", "right")]
                sides += [_border_width(style, side) for side in ("left", "right")]
                width = None if any(isinstance(v, str) for v in sides) else max(0.0, outer - sum(sides))
        if width is not None and isinstance(style["max-width"], float):
            width = min(width, style["max-width"])
        self._inner_widths[el] = width
        return width

    def _has_cells(self, el: Element) -> bool:
        """Tables, row groups and rows are as large as the cells they hold (each 2x2 at
        least); columns as their table's."""
        if self.dom.display(el) in ("table-column", "table-column-group"):
            el = self.dom.closest(el, "TABLE") or el
        return any(self.dom.display(c) == "table-cell" and self.dom.is_rendered(c) for c in el.iter_elements())

    def _shrinks_to_fit(self, el: Element, style: dict, display: str) -> bool:
        return (
            display in _SHRINK_TO_FIT
            or style["float"] != "none"
            or style["position"] in ("absolute", "fixed")
            or self._flex_row_item(el)
        )

    def _block_height(self, el: Element, display: str) -> bool:
        if display == "table-cell" or tag_of(el) == "DETAILS" or is_editable_root(el):
            # 1px padding; the summary's line (a default "Details" one without a <summary>);
            # the caret's line in an empty editing host (probed).
            return True
        if display in _TABLE_PARTS or display in ("table", "inline-table"):
            return self._has_cells(el)
        style = self.dom.style(el)
        if display == "list-item" and (style["list-style-type"] != "none" or style["list-style-image"] != "none"):
            return True  # the marker's line (probed: an empty <li> is 18px tall)
        if (self._flex_row_item(el) or self._grid_item(el)) and self._has_flow_content(self.dom.flat_parent(el), True):
            return True  # stretched to the line's (row's) height
        contains_floats = _new_formatting_context(style, display) or self._flex_or_grid_item(el)
        return self._has_flow_content(el, contains_floats)

    @staticmethod
    def _image_loads(img: Element) -> bool:
        """Images do not load (no network) but data: URLs, when chosen over a srcset."""
        return imgsrc.current_src(img, _VIEWPORT).strip().lower().startswith("data:")

    def _atomic_inline(self, el: Element) -> bool:
        display = self.dom.display(el)
        return display in _ATOMIC_INLINE or (display == "inline" and not self._plain_inline(el))

    def _plain_inline(self, el: Element) -> bool:
        """An inline box of HTML content (not a replaced element, not SVG)."""
        return el.is_html and self.dom.display(el) == "inline" and self._intrinsic(el, tag_of(el)) is None

    def _flex_or_grid_item(self, el: Element) -> bool:
        """Flex and grid items are formatting context roots (they hold their floats)."""
        parent = self.dom.flat_parent(el)
        style = self.dom.style(parent) if parent is not None else None
        return style is not None and (style["display"] in _GRID or style["display"] in _FLEX)

    def _grid_item(self, el: Element) -> bool:
        parent = self.dom.flat_parent(el)
        style = self.dom.style(parent) if parent is not None else None
        return style is not None and style["display"] in _GRID

    def _flex_row_item(self, el: Element) -> bool:
        parent = self.dom.flat_parent(el)
        if parent is None:
            return False
        parent_style = self.dom.style(parent)
        return (
            parent_style is not None
            and parent_style["display"] in _FLEX
            and not parent_style["flex-direction"].startswith("column")
        )

    def _has_flow_content(self, el: Element | None, contains_floats: bool) -> bool:
        """Whether something in flow gives the box height: text, a line break, an inline
        with extent, a block child with height (floats only in a new formatting
        context; positioned children never)."""
        if el is None:
            return False
        if self._pseudo_content(el):
            return True
        floats = False  # a float with height came before: a clearing box below it makes it count
        for child in self._layout_children(el):
            if isinstance(child, Text):
                if self._text_has_glyphs(child, child.parent if isinstance(child.parent, Element) else el):
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
            if child.is_html and tag_of(child) == "BR":
                return True  # a line of its own
            display = self.dom.display(child)
            if self._atomic_inline(child):
                # An atomic inline puts a line box in the block, whatever its own size (a
                # broken image with alt="" is 0x0 and its line 18px tall: probed).
                return True
            if display == "inline":
                # Its content is on the block's lines (and a float inside, the block's).
                if all(self.extent(child)) or self._has_flow_content(child, contains_floats):
                    return True
            elif self.extent(child)[1]:
                return True
        return floats and self._clearfix(el)

    def _clearfix(self, el: Element) -> bool:
        """A block ::after that clears (the clearfix): the box then holds its floats."""
        style = self.dom.styles.pseudo(el, "after")
        return (
            style is not None
            and isinstance(style["content"], tuple)
            and style["clear"] != "none"
            and style["display"] not in ("none", "inline")
        )

    def _text_has_glyphs(self, text: Text, parent: Element) -> bool:
        """Text that takes room: not zero-width characters alone (a link of one word
        joiner has an empty rect: probed), and not collapsible white space unless it
        renders as a space (after content on its line: probed, " " between words)."""
        if not text.data.strip(_ZERO_WIDTH):
            return False
        style = self.dom.style(parent)
        if style is not None and style["white-space"] in _PREFORMATTED:
            return self.dom.is_rendered(parent)
        if self.dom.text_visible(text):
            return True
        return self.dom.is_rendered(parent) and self._space_renders(text, parent)

    def _space_renders(self, text: Text, parent: Element) -> bool:
        """Whether collapsible white space renders as one space: content comes before it
        and after it on its line (white space at a line's start or end goes; more white
        space after it collapses into it). Probed: a picture holding a 0x0 image and a
        space before more of the line is 4px wide; an icon button's trailing space is none."""
        if text not in self._spaces:
            block = parent
            while self.dom.display(block) in ("inline", "contents") and self.dom.flat_parent(block) is not None:
                block = self.dom.flat_parent(block)
            self._collect_spaces(block, [False, []])
        return self._spaces.get(text, False)

    def _collect_spaces(self, el: Element, line: list) -> None:
        """Walk a block's lines in order; ``line`` is [content so far on the line, the
        white space waiting for content after it]. Each white-space-only text is noted
        as rendering or not."""
        for child in self._layout_children(el):
            if isinstance(child, Text):
                data = child.data.strip(_ZERO_WIDTH)
                if not data.strip(" \t\n\r\f"):
                    self._spaces[child] = False
                    if data and line[0]:
                        line[1].append(child)  # renders if content follows
                        line[0] = False
                elif data:
                    self._content_follows(line, data[-1] not in " \t\n\r\f")
            elif isinstance(child, Element):
                style = self.dom.style(child)
                if style is None or not self.dom.is_rendered(child) or _out_of_flow(style):
                    continue
                display = self.dom.display(child)
                if child.is_html and tag_of(child) == "BR":
                    line[:] = [False, []]
                elif display == "contents" or (display == "inline" and self._plain_inline(child)):
                    self._collect_spaces(child, line)
                elif display == "inline" or display in _ATOMIC_INLINE:
                    self._content_follows(line, True)  # an atomic inline, of any size
                else:
                    self._collect_spaces(child, [False, []])  # a block: lines of its own
                    line[:] = [False, []]

    def _content_follows(self, line: list, ends_with_content: bool) -> None:
        for waiting in line[1]:
            self._spaces[waiting] = True
        line[:] = [ends_with_content, []]

    def _pseudo_content(self, el: Element) -> bool:
        """A ::before or ::after with extent: text that renders (not a lone collapsed
        space: probed), an image, or a size of its own."""
        for which in ("before", "after"):
            style = self.dom.styles.pseudo(el, which)
            if style is None or style["display"] == "none" or not isinstance(style["content"], tuple):
                continue
            if style["position"] in ("absolute", "fixed"):
                continue  # out of flow: no part of the element's box
            parts, _alt = style["content"]
            # A lone space renders between inline content only (probed: not in a block box).
            spaces_render = style["display"] == "inline" and self.dom.display(el) == "inline"
            if any(part[0] != "text" or part[1].strip(" \t\n\r\f") or (spaces_render and part[1]) for part in parts):
                return True
            if _explicit(style, "width") and _explicit(style, "height"):
                return True
        return False


def _axis(explicit: bool | None, from_content) -> bool:
    """An axis's extent: what the box's own sizing says, else what its content gives."""
    return explicit if explicit is not None else bool(from_content())


# Per axis: its padding properties, border sides, and sizing properties.
_AXES = {
    "width": (("padding-left", "padding-right"), ("left", "right"), "min-width", "max-width"),
    "height": (("padding-top", "padding-bottom"), ("top", "bottom"), "min-height", "max-height"),
}


def _resolves(size: Any) -> bool:
    """A size that resolves to something (taken as non-zero): a percentage, or one that needs layout."""
    return size == "unknown" or is_percent(size)


def _explicit(style: dict, axis: str) -> bool | None:
    """What the box's own sizing says of its extent on one axis: True (some), False
    (none: a zero size without padding or borders), None (its content decides)."""
    padding, sides, minimum_key, maximum_key = _AXES[axis]
    if _sum_positive(style, padding) or _border_positive(style, sides):
        return True
    minimum = style[minimum_key]
    if _resolves(minimum) or (minimum.__class__ is float and minimum > 0):
        return True
    if style[maximum_key] == 0.0:
        return False
    size = style[axis]
    if size.__class__ is float:
        return size > 0
    return True if _resolves(size) else None


def _out_of_flow(style: dict | None) -> bool:
    return style is not None and (style["float"] != "none" or style["position"] in ("absolute", "fixed"))


def _sum_positive(style: dict, keys: tuple[str, ...]) -> bool:
    for key in keys:
        value = style[key]
        if _resolves(value) or (value.__class__ is float and value > 0):
            return True
    return False


def _edges(style: dict, sides: tuple[str, str]) -> bool:
    """Padding or borders on these sides."""
    return _sum_positive(style, tuple(f"padding-{side}" for side in sides)) or _border_positive(style, sides)


_BORDER_KEYS = {side: (f"border-{side}-style", f"border-{side}-width") for side in ("top", "right", "bottom", "left")}


def _border_width(style: dict, side: str) -> float:
    style_key, width_key = _BORDER_KEYS[side]
    return 0.0 if style[style_key] in ("none", "hidden") else style[width_key]


def _border_positive(style: dict, sides: tuple[str, ...]) -> bool:
    return _border_width(style, sides[0]) > 0 or _border_width(style, sides[1]) > 0


def _attribute_size(el: Element, attr: str, css: bool | None) -> bool | None:
    """A width/height attribute (a presentational hint: CSS wins when it says something)."""
    if css is not None or attr not in el.attrs:
        return css
    match = _NUMBER.match(el.attrs[attr].strip())
    if match is None:
        return None
    return float(match.group()) > 0


def _new_formatting_context(style: dict, display: str) -> bool:
    """A block formatting context root contains its floats (they give it height)."""
    return (
        display not in ("block", "list-item")
        or style["float"] != "none"
        or style["position"] in ("absolute", "fixed")
        or style["overflow-x"] not in ("visible", "clip")
        or style["overflow-y"] not in ("visible", "clip")
    )


# --- SVG -------------------------------------------------------------------------------


def _svg_extent(boxes: Boxes, el: Element, instance: bool = False) -> tuple[bool, bool]:
    """The bounding box of an SVG element inside an <svg>: a shape's geometry, a
    container's children, text's glyphs. A <use> measures its instance of the
    referenced element, wherever that is (a hidden <symbol> too)."""
    name = el.local_name
    if not instance and _in_hidden_container(el):
        return False, False  # laid out, never painted: no box (probed)
    if name in ("text", "tspan", "textPath") or (name == "a" and in_svg_text(el)):
        has = bool(el.text_content().strip())
        return has, has
    if name in ("g", "a", "switch", "symbol", "svg"):
        found = [
            _svg_extent(boxes, c, True) if instance else boxes.extent(c) for c in el.children if isinstance(c, Element)
        ]
        return any(w for w, _ in found), any(h for _, h in found)
    if name == "use":
        target = boxes.dom.by_id(el, (el.attrs.get("href") or el.attrs.get("xlink:href") or "").lstrip("#"))
        return _svg_extent(boxes, target, True) if target is not None and target is not el else (False, False)
    points = _shape_points(el)
    if not points:
        return False, False
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return max(xs) > min(xs), max(ys) > min(ys)


def _in_hidden_container(el: Element) -> bool:
    node = el
    while isinstance(node, Element) and node.namespace == SVG_NS:
        if node.local_name in HIDDEN_CONTAINERS:
            return True
        node = node.parent
    return False


def _length(el: Element, attr: str) -> float:
    match = _NUMBER.match((el.attrs.get(attr) or "").strip())
    return float(match.group()) if match else 0.0


def _shape_points(el: Element) -> list[tuple[float, float]]:
    """Points whose bounding box is the shape's (control points of curves included)."""
    name = el.local_name
    if name in ("rect", "image", "foreignObject"):
        x, y, w, h = (_length(el, a) for a in ("x", "y", "width", "height"))
        return [(x, y), (x + w, y + h)] if w > 0 and h > 0 else []
    if name in ("circle", "ellipse"):
        rx = _length(el, "r" if name == "circle" else "rx")
        ry = rx if name == "circle" else _length(el, "ry") or rx
        return [(-rx, -ry), (rx, ry)] if rx > 0 and ry > 0 else []
    if name == "line":
        return [(_length(el, "x1"), _length(el, "y1")), (_length(el, "x2"), _length(el, "y2"))]
    if name in ("polyline", "polygon"):
        numbers = [float(n) for n in _NUMBER.findall(el.attrs.get("points") or "")]
        return list(zip(numbers[::2], numbers[1::2]))
    if name == "path":
        return _path_points(el.attrs.get("d") or "")
    return []


_PATH_NUMBER = re.compile(r"\s*,?\s*(" + _NUMBER.pattern + ")")
_PATH_FLAG = re.compile(r"\s*,?\s*([01])")
_PATH_COMMAND = re.compile(r"\s*([MmLlHhVvCcSsQqTtAaZz])")
# Each command's arguments: n a number, f an arc flag.
_PATH_ARGS = dict(m="nn", l="nn", h="n", v="n", c="nnnnnn", s="nnnn", q="nnnn", t="nn", a="nnnffnn")


def _path_points(d: str) -> list[tuple[float, float]]:
    """The end and control points of a path's segments (arcs by their ends and radii),
    read as SVG's path grammar reads them (arc flags are single digits: "01.5" is 0, 1, .5)."""
    points: list[tuple[float, float]] = []
    x = y = 0.0
    pos, command = 0, ""
    while pos < len(d):
        match = _PATH_COMMAND.match(d, pos)
        if match is not None:
            command, pos = match.group(1), match.end()
            if command in "Zz":
                continue
        elif not command or command in "Zz":
            break  # junk: SVG stops drawing at the first error
        args = []
        for kind in _PATH_ARGS[command.lower()]:
            found = (_PATH_FLAG if kind == "f" else _PATH_NUMBER).match(d, pos)
            if found is None:
                return points
            args.append(float(found.group(1)))
            pos = found.end()
        relative = command.islower()
        if command in "Hh":
            x = args[0] + (x if relative else 0)
        elif command in "Vv":
            y = args[0] + (y if relative else 0)
        else:
            pairs = [args[-2:]] if command in "Aa" else list(zip(args[::2], args[1::2]))
            ends = [(px + x, py + y) if relative else (px, py) for px, py in pairs]
            if command in "Aa" and args[0] and args[1]:  # the arc bulges up to its radii
                points += [(x - abs(args[0]), y - abs(args[1])), (x + abs(args[0]), y + abs(args[1]))]
            points += ends
            x, y = ends[-1]
        points.append((x, y))
        if command in "Mm":
            command = "l" if relative else "L"
    return points
