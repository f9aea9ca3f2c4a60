"""Rendered text without layout: CSS white-space collapsing across an inline
formatting context, text-transform, and the rules deciding which whitespace-only
text nodes become StaticText (Blink's Text::TextLayoutObjectIsNeeded and
AXObjectCacheImpl's CanIgnoreSpace)."""

from __future__ import annotations

import re
from typing import Callable, Container

from ..html.dom import Node, Text, in_svg_text
from .object import AXObject

_COLLAPSIBLE = re.compile(r"[ \t\n\r\f]+")
_SPACES_TABS = re.compile(r"[ \t]+")
_HTML_SPACE = " \t\n\r\f"
PRESERVES_SPACES = frozenset({"pre", "pre-wrap", "break-spaces"})
PRESERVES_BREAKS = frozenset({"pre", "pre-wrap", "pre-line", "break-spaces"})


def is_whitespace_only(s: str) -> bool:
    return not s.strip(_HTML_SPACE)


def transform(text: str, mode: str) -> str:
    if mode == "uppercase":
        return text.upper()
    if mode == "lowercase":
        return text.lower()
    if mode == "math-auto":
        return italic_math_variant(text) if len(text) == 1 else text
    if mode == "capitalize":
        out, at_word_start = [], True
        for ch in text:
            out.append(ch.upper() if at_word_start and ch.isalpha() else ch)
            at_word_start = not (ch.isalnum() or ch in "'’")
        return "".join(out)
    return text


# ItalicMathVariant (math_transform.cc): the Mathematical Italic letter for a Latin or
# Greek letter; the italic block's offsets from the source characters.
_ITALIC_SPECIAL = {
    0x0131: 0x1D6A4,
    0x0237: 0x1D6A5,
    0x03F4: 0x1D6F3,
    0x2207: 0x1D6FB,
    0x2202: 0x1D715,
    0x03F5: 0x1D716,
    0x03D1: 0x1D717,
    0x03F0: 0x1D718,
    0x03D5: 0x1D719,
    0x03F1: 0x1D71A,
    0x03D6: 0x1D71B,
    0x0068: 0x210E,  # italic small h lives in Letterlike Symbols
}
_ITALIC_RANGES = (  # (first, last, italic of first); U+03A2 is a hole in Greek
    (0x41, 0x5A, 0x1D434),
    (0x61, 0x7A, 0x1D44E),
    (0x391, 0x3A1, 0x1D6E2),
    (0x3A3, 0x3A9, 0x1D6F4),
    (0x3B1, 0x3C9, 0x1D6FC),
)


def italic_math_variant(ch: str) -> str:
    code = ord(ch)
    if code in _ITALIC_SPECIAL:
        return chr(_ITALIC_SPECIAL[code])
    for first, last, italic in _ITALIC_RANGES:
        if first <= code <= last:
            return chr(italic + code - first)
    return ch


def collapse_block(container: AXObject) -> None:
    """Set ``rendered_text`` on every text object of ``container``'s inline content,
    collapsing white space as CSS does (leading space at a line start and trailing
    space at a line end removed, runs folded across element boundaries)."""
    pieces: list[AXObject] = []  # text objects in order, for trailing-space removal
    state = {"space_before": True}

    def end_line() -> None:
        for piece in reversed(pieces):
            if piece.kind in ("line-break", "atomic"):
                break  # the line's last content is not text: nothing to trim
            if piece.rendered_text:
                if piece.rendered_text.endswith(" ") and piece.style["white-space"] not in PRESERVES_SPACES:
                    piece.rendered_text = piece.rendered_text[:-1]
                break
        state["space_before"] = True

    stack = list(reversed(container.children))
    while stack:
        obj = stack.pop()
        if obj.kind == "anonymous" and obj.children:
            end_line()  # an anonymous block (a flex item wrapping pseudo text) has its own lines
        elif obj.kind in ("text", "anonymous"):
            if not obj.has_layout:
                continue
            white_space = obj.style["white-space"] if obj.style else "normal"
            text = transform(obj.text, obj.style["text-transform"] if obj.style else "none")
            if white_space in PRESERVES_SPACES:
                obj.rendered_text = text
                state["space_before"] = text.endswith(("\n",)) or False
            else:
                if white_space == "pre-line":
                    text = re.sub(r"[ \t]*\n[ \t]*", "\n", _SPACES_TABS.sub(" ", text))
                else:
                    text = _COLLAPSIBLE.sub(" ", text)
                if state["space_before"] and text.startswith(" "):
                    text = text[1:]
                    obj.collapsed_away = not text
                obj.rendered_text = text
                if text:
                    state["space_before"] = text.endswith(" ") or text.endswith("\n")
            pieces.append(obj)
        elif obj.tag() == "br" and obj.has_layout:
            end_line()
            marker = _LineBreak()
            pieces.append(marker)
        elif obj.kind == "pseudo" and obj.pseudo_which == "marker":
            pass  # marker text is laid out apart (white-space: pre), keeping its "• " suffix
        elif obj.kind == "pseudo" and obj.has_layout and obj.display == "inline":
            stack.extend(reversed(obj.children))
        elif obj.is_layout_inline() or (not obj.has_layout and obj.display == "contents"):
            stack.extend(reversed(obj.children))
        elif obj.has_layout and obj.display == "ruby-text":
            pass  # an annotation is laid out apart: the base text flows on around it
        elif obj.has_layout and obj.is_atomic_inline():
            state["space_before"] = False
            pieces.append(_Atomic())
        elif obj.has_layout and not obj.is_out_of_flow() and obj.kind != "pseudo":
            end_line()  # a block-level child ends the line
        elif obj.kind == "pseudo" and obj.has_layout and obj.pseudo_which != "marker":
            end_line()
    end_line()


class _LineBreak:
    kind = "line-break"
    rendered_text = ""


class _Atomic:
    """An atomic inline (inline-block, img, control): text before it is not at a line end."""

    kind = "atomic"
    rendered_text = ""


def layout_text_needed(text_obj: AXObject, prev: AXObject | None, parent: AXObject) -> bool:
    """Text::TextLayoutObjectIsNeeded for a whitespace-only text node."""
    white_space = text_obj.style["white-space"] if text_obj.style else "normal"
    if parent.display in (
        "table",
        "inline-table",
        "table-row",
        "table-row-group",
        "table-header-group",
        "table-footer-group",
        "flex",
        "inline-flex",
        "grid",
        "inline-grid",
        "-webkit-box",
        "-webkit-inline-box",
    ) or _is_svg_graphics_box(parent):
        return (
            prev is not None
            and prev.kind == "text"
            and (white_space in PRESERVES_BREAKS or prev.text[-1:] not in _HTML_SPACE)
        )
    if white_space in PRESERVES_BREAKS:
        return True
    if prev is None:
        return parent.is_layout_inline()
    if prev.kind == "text":
        return prev.text[-1:] not in _HTML_SPACE
    if prev.tag() == "br":
        return False
    return prev.is_layout_inline() or prev.is_atomic_inline() or (prev.kind == "pseudo" and prev.display == "inline")


def _content_edge_is_space(content, after: bool) -> bool:
    """Whether the first (``after``) or last string of a ``content`` list starts
    (ends) with white space; an image or counter there is no space."""
    parts = content[0] if isinstance(content, tuple) else ()
    edge = parts[0] if after and parts else parts[-1] if parts else None
    if edge is None or edge[0] != "text" or not edge[1]:
        return False
    return (edge[1][0] if after else edge[1][-1]) in " \n\t"


def _is_svg_graphics_box(obj: AXObject) -> bool:
    """An SVG root, container or shape (CanHaveWhitespaceChildren: no white space
    children). SVG text content, <foreignObject> and what they hold lay text out
    like HTML inline content."""
    el = obj.element
    if el is None or not obj.is_svg():
        return False
    return el.local_name not in ("text", "foreignObject") and not in_svg_text(el)


def _ignorable_next_to(obj: AXObject, after: bool, depth: int, neighbours: "_SpaceNeighbours") -> bool:
    if not obj.has_layout:
        return True  # no layout object: checked before the recursion limit, as in Blink
    if depth > 3:
        return False
    if obj.tag() == "br":
        return not after or not obj.has_attr("role")
    if obj.kind in ("text", "anonymous"):
        if not obj.text:
            return False
        if is_whitespace_only(obj.text):
            return True
        collapsed = obj.rendered_text  # FirstCharacterAfterWhitespaceCollapsing / Last…
        if not collapsed:
            return True
        return (collapsed[0] if after else collapsed[-1]) in " \n\t"
    if (
        depth > 0
        and obj.kind == "element"
        and not obj.is_inline_level()
        and not obj.is_out_of_flow()
        and obj.parent is not None
        and obj.parent.is_layout_inline()
    ):
        # Reached through an inline's children: an in-flow block there is wrapped in an
        # anonymous block, which is what Blink finds (the node itself is not).
        return True
    if obj.tag() in ("img", "video", "audio") or (obj.tag() == "input" and (obj.attr("type") or "").lower() == "image"):
        return False  # a LayoutImage (LayoutMedia is one): spaces next to it are kept
    if obj.tag() == "canvas":
        # Its fallback content has no boxes, yet its edge text decides as an inline's
        # would (probed): raw text, white space or not.
        nodes = obj.node.children
        edge = nodes[0 if after else -1] if nodes else None
        if not isinstance(edge, Text):
            return edge is None
        return (edge.data[0] if after else edge.data[-1]) in " \n\t"
    if obj.kind == "pseudo":
        if obj.display != "inline":
            return True
    elif not obj.is_layout_inline():
        return True
    if obj.role in ("Cell", "ColumnHeader", "RowHeader", "GridCell") and obj.has_attr("role"):
        return True
    kids = [c for c in obj.children if c.has_layout or c.display == "contents"]
    if kids:
        return _ignorable_next_to(kids[0] if after else kids[-1], after, depth + 1, neighbours)
    if obj.kind == "pseudo":
        # Content with alt text has no child objects, but is laid out all the same:
        # its first (last) item decides. content: "" still makes an (empty) LayoutText,
        # not ignorable (probed).
        return _content_edge_is_space(obj.style["content"], after)
    if obj.kind == "element":
        # An empty inline: its DOM neighbour in the same direction decides.
        beyond = neighbours._sibling(obj.node, 1 if after else -1)
        return beyond is None or neighbours._ignorable_next_to(beyond, after, depth + 1)
    return True


def finish_text(
    root: AXObject,
    objects: list[AXObject],
    object_of: Callable[[Node], AXObject | None],
    canvas_fallback: Container[AXObject] = frozenset(),  # not set[...]: Cython would demand an exact set
) -> list[AXObject]:
    """Drop whitespace that gets no layout text or is not needed, and set every
    text's rendered text; returns the objects left, in tree order.
    ``object_of``: the object of a DOM node, if it has one. ``canvas_fallback``:
    a canvas and the elements of its fallback content, where white space that gets
    no layout text is kept as it is (probed: the DOM text, not laid out)."""
    # 1. Whitespace with no layout text (Text::TextLayoutObjectIsNeeded) is gone.
    for obj in objects:
        if obj.kind in ("text", "anonymous") or not obj.children:
            continue
        unlaid = [
            child
            for i, child in enumerate(obj.children)
            if _collapsible_space(child) and not layout_text_needed(child, _prev_in_flow(obj.children, i), obj)
        ]
        for child in unlaid:
            child.has_layout = False  # it gets no layout text: a neighbour finds nothing there
        if unlaid and obj not in canvas_fallback:
            dropped = {id(child) for child in unlaid}
            obj.children = [child for child in obj.children if id(child) not in dropped]
    # 2. White space collapses across each block's inline content.
    for obj in _preorder(root):
        # A block with no children has no inline content to collapse (most leaves).
        if (
            obj.children
            and obj.kind != "text"
            and (obj.has_layout or obj.kind == "document")
            and not obj.is_layout_inline()
        ):
            collapse_block(obj)
    # 3. A rendered space the accessibility tree does not need (CanIgnoreSpace) leaves it:
    #    its neighbours are read after collapsing.
    #    Every space is judged against the whole layout tree before any leaves
    #    (probed: two spaces that each see the other as a neighbour both go).
    spaces = _SpaceNeighbours(object_of)
    unneeded = {
        id(child)
        for obj in objects
        if obj.kind not in ("text", "anonymous")
        for child in obj.children
        if _collapsible_space(child)
        and child.style
        and child.style["white-space"] not in PRESERVES_BREAKS
        and not spaces.needed(child)
    }
    for obj in objects:
        if unneeded and any(id(child) in unneeded for child in obj.children):
            obj.children = [child for child in obj.children if id(child) not in unneeded]
    objects = list(_preorder(root))
    for obj in objects:
        if obj.kind == "text" and not obj.has_layout:
            obj.rendered_text = obj.text
        if obj.kind in ("text", "anonymous") and obj.has_layout and not obj.rendered_text and obj.text:
            obj.rendered_text = " " if is_whitespace_only(obj.text) else obj.rendered_text
    return objects


def _collapsible_space(obj: AXObject) -> bool:
    return obj.kind == "text" and obj.has_layout and is_whitespace_only(obj.text)


class _SpaceNeighbours:
    """AXObjectCacheImpl::CanIgnoreSpace: a whitespace text is kept only when what
    comes before and after it in the DOM is content a space separates, read after
    white-space collapsing. A DOM neighbour with no layout object (a comment, a
    script, a display:none element) makes the space ignorable."""

    def __init__(self, object_of: Callable[[Node], AXObject | None]) -> None:
        self.object_of = object_of
        self._index: dict[Node, dict[Node, int]] = {}  # parent -> child -> position

    def needed(self, text: AXObject) -> bool:
        node = text.node
        # Collapsed away at the start of a line, a space is kept only for what precedes
        # it on that line (probed): nothing before its block counts.
        prev, next_ = self._sibling(node, -1, within_line=text.collapsed_away), self._sibling(node, 1)
        if prev is None or next_ is None:
            return False
        if isinstance(next_, Text) and self._leaves_block(node, next_):
            return False  # probed: text after the space's block does not keep it (an inline element does)
        return not (self._ignorable_next_to(prev, after=False) or self._ignorable_next_to(next_, after=True))

    def _sibling(self, node: Node, step: int, within_line: bool = False) -> Node | AXObject | None:
        """NodeTraversal::PreviousAbsoluteSibling (step -1) / NextSkippingChildren (+1),
        with an ancestor's ::marker or ::before (backwards) / ::after box met on the
        way out of it;
        ``within_line``: None rather than leave a block-level ancestor."""
        while node.parent is not None:
            parent = node.parent
            index = self._index.get(parent)
            if index is None:
                index = self._index[parent] = {child: i for i, child in enumerate(parent.children)}
            position = index.get(node)
            if position is None:
                return None  # not a DOM child (a node only the tree has)
            if 0 <= position + step < len(parent.children):
                return parent.children[position + step]
            box = self.object_of(parent)
            pseudo = (
                None
                if box is None
                else _generated_box(box, "after")
                if step > 0
                else (_generated_box(box, "before") or _generated_box(box, "marker"))
            )
            if pseudo is not None:
                return pseudo  # the layout tree puts ::marker, then ::before first and ::after last (probed)
            if within_line and box is not None and not box.is_layout_inline():
                return None
            node = parent
        return None

    def _leaves_block(self, node: Node, beyond: Node) -> bool:
        """Whether a block-level ancestor of ``node`` does not contain ``beyond``."""
        parent = node.parent
        while parent is not None and not _contains(parent, beyond):
            box = self.object_of(parent)
            if box is not None and not box.is_layout_inline():
                return True
            parent = parent.parent
        return False

    def _ignorable_next_to(self, node: Node | AXObject, after: bool, depth: int = 0) -> bool:
        """CanIgnoreSpaceNextTo: the neighbour's layout object ends (or starts) with
        white space, is a block, or does not exist."""
        obj = node if isinstance(node, AXObject) else self.object_of(node)
        if obj is None:
            return True
        return _ignorable_next_to(obj, after, depth, self)


def _generated_box(owner: AXObject, which: str) -> AXObject | None:
    for child in owner.children:
        if child.kind == "pseudo" and child.pseudo_which == which and child.has_layout:
            return child
    return None


def _contains(ancestor: Node, node: Node) -> bool:
    while node is not None:
        if node is ancestor:
            return True
        node = node.parent
    return False


def _prev_in_flow(siblings: list[AXObject], index: int) -> AXObject | None:
    for position in range(index - 1, -1, -1):  # no slice: a wide parent asks for every space
        sib = siblings[position]
        if sib.kind == "pseudo" and sib.pseudo_which == "marker":
            continue
        if sib.has_layout and not (sib.kind == "element" and sib.is_out_of_flow()):
            if sib.kind == "element" and sib.display == "contents":
                continue
            return sib
    return None


def _preorder(root: AXObject):
    stack = [root]
    while stack:
        obj = stack.pop()
        yield obj
        stack.extend(reversed(obj.children))
