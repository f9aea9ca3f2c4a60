"""What takes room on a line without a box of its own, for
:mod:`~axsynth.playwright.boxes`: text with glyphs, collapsible white space that
renders as a space between content, and ``::before``/``::after`` content.
"""

from __future__ import annotations

from typing import Callable

from ..html.dom import Element, Text
from .dom import Dom, tag_of
from .formatting import ATOMIC_INLINE, layout_children, out_of_flow
from .sizing import explicit

_PREFORMATTED = frozenset({"pre", "pre-wrap", "break-spaces", "pre-line"})
# Characters without width: zero-width spaces and joiners, the soft hyphen, bidi marks and controls.
_ZERO_WIDTH = (
    "\u200b\u200c\u200d\u2060\ufeff\u00ad\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
_SPACES = " \t\n\r\f"


class LineContent:
    """Text and generated content on the lines of one snapshot's boxes (memoized).
    ``plain_inline`` tells an inline box of HTML content, whose lines are its block's,
    from an atomic inline (the box walk knows which elements are replaced)."""

    def __init__(self, dom: Dom, plain_inline: Callable[[Element], bool]) -> None:
        self.dom = dom
        self._plain_inline = plain_inline
        self._spaces: dict[Text, bool] = {}  # white-space-only text: whether it renders as a space

    def text_has_glyphs(self, text: Text, parent: Element) -> bool:
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

    def pseudo_content(self, el: Element) -> bool:
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
            if any(part[0] != "text" or part[1].strip(_SPACES) or (spaces_render and part[1]) for part in parts):
                return True
            if explicit(style, "width") and explicit(style, "height"):
                return True
        return False

    def _space_renders(self, text: Text, parent: Element) -> bool:
        """Whether collapsible white space renders as one space: content comes before it
        and after it on its line (white space at a line's start or end goes; more white
        space after it collapses into it). Probed: a picture holding a 0x0 image and a
        space before more of the line is 4px wide; an icon button's trailing space is none."""
        if text not in self._spaces:
            # Lines belong to the block: its white space is decided all at once.
            block = parent
            while self.dom.display(block) in ("inline", "contents") and self.dom.flat_parent(block) is not None:
                block = self.dom.flat_parent(block)
            self._collect_spaces(block, [False, []])
        return self._spaces.get(text, False)

    def _collect_spaces(self, el: Element, line: list) -> None:
        """Walk a block's lines in order; ``line`` is [content so far on the line, the
        white space waiting for content after it]. Each white-space-only text is noted
        as rendering or not."""
        for child in layout_children(self.dom, el):
            if isinstance(child, Text):
                data = child.data.strip(_ZERO_WIDTH)
                if not data.strip(_SPACES):
                    self._spaces[child] = False
                    if data and line[0]:
                        line[1].append(child)  # renders if content follows
                        line[0] = False
                elif data:
                    self._content_follows(line, data[-1] not in _SPACES)
            elif isinstance(child, Element):
                self._collect_element_spaces(child, line)

    def _collect_element_spaces(self, child: Element, line: list) -> None:
        style = self.dom.style(child)
        if style is None or not self.dom.is_rendered(child) or out_of_flow(style):
            return
        display = self.dom.display(child)
        if child.is_html and tag_of(child) == "BR":
            line[:] = [False, []]
        elif display == "contents" or (display == "inline" and self._plain_inline(child)):
            self._collect_spaces(child, line)
        elif display == "inline" or display in ATOMIC_INLINE:
            self._content_follows(line, True)  # an atomic inline, of any size
        else:
            self._collect_spaces(child, [False, []])  # a block: lines of its own
            line[:] = [False, []]

    def _content_follows(self, line: list, ends_with_content: bool) -> None:
        """Content on the line: the white space waiting before it renders."""
        for waiting in line[1]:
            self._spaces[waiting] = True
        line[:] = [ends_with_content, []]
