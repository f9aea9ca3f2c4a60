"""Generated content: the boxes of ::before, ::after and ::marker, their text,
quotes, counters and images, and the ::first-letter box Chromium exposes (Blink's
PseudoElement / LayoutQuote / LayoutCounter objects, as AXObjectCacheImpl
creates objects for them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..style.cascade import FIRST_LETTER
from ..style.generated_text import content_segments, content_text, marker_image_loads, marker_text
from ..style.properties import is_decorative_content
from . import first_letter, roles
from .object import FLEX_OR_GRID, INLINE_LEVEL_DISPLAYS, AXObject
from .whitespace import PRESERVES_SPACES, is_whitespace_only

if TYPE_CHECKING:
    from .build import TreeBuilder


class GeneratedContent:
    """Adds pseudo-element objects while the tree is built."""

    def __init__(self, builder: "TreeBuilder") -> None:
        self.builder = builder
        self.styles = builder.styles
        self._quote_depth = 0  # open-quote nesting, in layout (document) order

    def has_first_letter_style(self, obj: AXObject) -> bool:
        return obj.kind == "element" and self.styles.pseudo(obj.node, FIRST_LETTER) is not None

    def add_first_letter(self, host: AXObject) -> AXObject | None:
        """A ::first-letter box, when the block's first letter is generated content:
        the only case accessibility exposes one (IsRelevantPseudoElement). It takes
        the letter out of that text, which keeps the rest. Returns a DOM text whose
        first letter is floated out of it (its StaticText still holds the letter)."""
        if not (
            host.has_layout and self.has_first_letter_style(host) and first_letter.behaves_like_block_container(host)
        ):
            return None
        found = first_letter.first_letter_text(host, self.has_first_letter_style)
        if found is None:
            return None
        text, length = found
        letter_style = self.styles.pseudo(host.node, FIRST_LETTER)
        if text.kind != "anonymous":
            return text if letter_style["float"] != "none" else None
        holder = text.parent
        letter_box = AXObject("pseudo", host.node, letter_style, holder)
        letter_box.pseudo_which = FIRST_LETTER
        letter_box.role = "GenericContainer"
        letter_box.has_layout = True
        letter_box.hidden_via_style = text.hidden_via_style
        letter_box.node_id = self.builder.new_id()
        holder.children.insert(holder.children.index(text), letter_box)
        self.builder.objects.append(letter_box)
        self._anonymous(letter_box, letter_box.style, "StaticText").text = text.text[:length]
        text.text = text.text[length:]
        if not text.text:
            holder.children.remove(text)
            self.builder.objects.remove(text)
        return None

    def add_pseudo(self, owner: AXObject, which: str, has_box: bool) -> None:
        style = self.styles.pseudo(owner.node, which)
        if style is None or not has_box or style["display"] == "none":
            return
        el = owner.node
        if which == "marker":
            if owner.display != "list-item" or (
                style["list-style-type"] == "none"
                and style["content"] in ("normal", "none")
                and not marker_image_loads(style)
            ):
                return
        if which != "marker" and not isinstance(style["content"], tuple):
            return  # content: normal/none generates no box
        parts, alt = style["content"] if isinstance(style["content"], tuple) else ((), None)
        if is_decorative_content(style):
            alt = None  # laid out as it is, and left out of the tree (ignored.py)
        images = any(p[0] == "image" for p in parts)
        counter_values = self.styles.counters(el, which) if which != "marker" else {}
        custom = self.styles.counter_styles
        segments, quote_depth = content_segments(el, parts, style, self._quote_depth, counter_values, custom)
        text = (
            "".join(t for _, t in segments)
            if which != "marker"
            else marker_text(owner.node, style, self.styles.list_ordinal(el), self.styles.counter_styles)
        )
        owner_inline = owner.is_layout_inline() or owner.is_atomic_inline()
        block_level = style["display"] not in INLINE_LEVEL_DISPLAYS
        if (
            which in ("before", "after")  # a carousel's pseudo-elements are boxes of their own, not inside it
            and block_level
            and not owner_inline
            and is_whitespace_only(text)
            and alt is None
            and not images
        ):
            # The "clearfix" hack: a block pseudo holding only whitespace.
            if style["float"] == "none" and style["position"] in ("static", "relative", "sticky"):
                owner.has_clearfix_box = True
            else:
                owner.has_out_of_flow_empty_box = True
            return
        pseudo = AXObject("pseudo", el, style, owner)
        pseudo.pseudo_which = which
        pseudo.has_layout = True
        pseudo.hidden_via_style = owner.hidden_via_style or style["visibility"] != "visible"
        pseudo.node_id = self.builder.new_id()
        owner.children.append(pseudo)
        self.builder.objects.append(pseudo)
        if which == "marker" and alt is None:
            image = not isinstance(style["content"], tuple) and marker_image_loads(style)
            if image:
                text = " "  # probed: an image marker's text is its suffix, and an image inside
            pseudo.role = roles.marker_role(owner)
            pseudo.text = text
            pseudo.rendered_text = text
            inner = AXObject("anonymous", None, style, pseudo)
            inner.has_layout = True
            inner.hidden_via_style = pseudo.hidden_via_style
            if image:
                inner.role = "Image"
            else:
                inner.text = inner.rendered_text = text
                inner.role = "StaticText"
            pseudo.children.append(inner)
            self.builder.objects.append(inner)
            return
        if alt is not None:
            pseudo.text = content_text(el, alt, counter_values, custom)  # alt text reads counters too (probed)
            # One image is an image with that name; any other list is text (probed).
            pseudo.role = "Image" if parts == (("image",),) else "StaticText"
            return
        pseudo.role = "GenericContainer"
        self._quote_depth = quote_depth
        holder = pseudo
        if pseudo.display in FLEX_OR_GRID and any(t for _, t in segments):
            # A flex/grid pseudo wraps its text in an anonymous flex item block.
            holder = self._anonymous(pseudo, pseudo.style, "GenericContainer")
        for wrapper in _ANONYMOUS_TABLE_PARTS.get(pseudo.display, ()):
            # A table part's content sits in the anonymous table boxes it lacks
            # (CSS 2 §17.2.1): ignored sections and rows, and a cell, shown as a generic.
            kind = "anonymous" if wrapper == "table-cell" else "anonymous-box"
            holder = self._anonymous(
                holder, dict(style, display=wrapper, position="static", float="none"), "GenericContainer", kind
            )
        for kind, segment in segments:
            parent = holder
            if kind == "image":
                self._anonymous(holder, style, "Image")
                continue
            if kind == "quote":
                # Each quote is a LayoutQuote: a node-less inline box (ignored,
                # but kept like all node-less objects) holding its text.
                box_style = dict(style, display="inline", position="static", float="none")
                parent = self._anonymous(holder, box_style, "GenericContainer", "anonymous-box")
            if segment:
                text = self._anonymous(parent, style, "StaticText")
                text.text = segment
                text.is_counter_text = kind == "counter"

    def _anonymous(self, parent: AXObject, style: dict, role: str, kind: str = "anonymous") -> AXObject:
        """A node-less layout object inside a pseudo element."""
        obj = AXObject(kind, None, style, parent)
        obj.has_layout = True
        obj.hidden_via_style = parent.hidden_via_style
        obj.role = role
        parent.children.append(obj)
        self.builder.objects.append(obj)
        return obj


# The anonymous table boxes a ::before/::after of each table display wraps its content in.
_ANONYMOUS_TABLE_PARTS = {
    "table": ("table-row-group", "table-row", "table-cell"),
    "inline-table": ("table-row-group", "table-row", "table-cell"),
    "table-row-group": ("table-row", "table-cell"),
    "table-header-group": ("table-row", "table-cell"),
    "table-footer-group": ("table-row", "table-cell"),
    "table-row": ("table-cell",),
}


def drop_space_after_floated_letter(text: AXObject) -> None:
    """The rest of the text starts a line beside the floated letter, so a space
    right after the letter collapses away; the StaticText joins the two."""
    rendered = text.rendered_text
    length = first_letter.first_letter_length(rendered)
    if length and rendered[length : length + 1] == " " and text.style["white-space"] not in PRESERVES_SPACES:
        text.rendered_text = rendered[:length] + rendered[length + 1 :]
