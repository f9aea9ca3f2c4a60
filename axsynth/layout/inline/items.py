"""The inline items of an inline formatting context (LayoutNG's ``InlineItemsBuilder``):
its text, with white space processed as CSS Text 3 §4.1.1 says across element
boundaries, one object-replacement character for each atomic inline, and the
inline boxes that open and close around them. Text is then shaped run by run,
each character getting its advance, letter- and word-spacing included.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...fonts import FIXED_ONE
from .. import box as kinds
from ..box import Box

TEXT, OPEN, CLOSE, ATOMIC, FLOAT, POSITIONED, BREAK, BLOCK = (
    "text",
    "open",
    "close",
    "atomic",
    "float",
    "positioned",
    "break",
    "block",
)
OBJECT = "\ufffc"
_COLLAPSIBLE = frozenset({"normal", "nowrap", "pre-line"})
_PRESERVES_NEWLINES = frozenset({"pre", "pre-wrap", "pre-line", "break-spaces"})
_WRAPS = frozenset({"normal", "pre-wrap", "pre-line", "break-spaces"})
_SPACE_SEPARATORS = frozenset(" \u00a0\u1361\U00010100\U00010101\U0001039f\U0001091f")


@dataclass(slots=True)
class Item:
    kind: str
    box: Box
    start: int = 0  # the item's range in the paragraph text
    end: int = 0


@dataclass
class Paragraph:
    """An inline formatting context's items and text, shaped."""

    items: list[Item] = field(default_factory=list)
    text: str = ""
    advances: list[int] = field(default_factory=list)  # 16.16 per character
    # Per character: the item it belongs to, whether white space there collapses away
    # at a line edge, whether text may wrap there.
    owner: list[int] = field(default_factory=list)
    # Per character of text set in a fallback font: that face (line-height: normal
    # makes room for it), else None.
    fallback: list = field(default_factory=list)
    collapsible: list[bool] = field(default_factory=list)
    wraps: list[bool] = field(default_factory=list)

    _boundaries: dict[int, list[int]] | None = None

    def width(self, start: int, end: int) -> float:
        return sum(self.advances[start:end]) / FIXED_ONE

    def boundary_items(self) -> dict[int, list[int]]:
        """The indexes of the OPEN and CLOSE items at each boundary, in order."""
        if self._boundaries is None:
            self._boundaries = {}
            for index, item in enumerate(self.items):
                if item.kind in (OPEN, CLOSE):
                    self._boundaries.setdefault(item.start, []).append(index)
        return self._boundaries


def collect(container: Box) -> Paragraph:
    """The items of a block container's inline content, in order, with their text."""
    paragraph = Paragraph()
    pieces: list[str] = []
    state = {"after_space": True, "length": 0}

    def add_text(box: Box, text: str) -> None:
        processed, collapsible = _process_white_space(text, box.tree, state)
        if not processed:
            return
        start = state["length"]
        item = Item(TEXT, box, start, start + len(processed))
        index = len(paragraph.items)
        paragraph.items.append(item)
        pieces.append(processed)
        paragraph.owner += [index] * len(processed)
        paragraph.collapsible += collapsible
        wraps = box.tree["white-space"] in _WRAPS
        paragraph.wraps += [wraps] * len(processed)
        state["length"] += len(processed)

    def add_object(kind: str, box: Box, char: str = OBJECT) -> None:
        start = state["length"]
        paragraph.items.append(Item(kind, box, start, start + 1))
        pieces.append(char)
        paragraph.owner.append(len(paragraph.items) - 1)
        paragraph.collapsible.append(False)
        paragraph.wraps.append(True)
        state["length"] += 1
        state["after_space"] = char == "\n"

    def walk(parent: Box) -> None:
        for child in parent.children:
            if child.kind == kinds.TEXT:
                add_text(child, child.text)
            elif child.out_of_flow:
                paragraph.items.append(Item(POSITIONED, child, state["length"], state["length"]))
            elif child.floating:
                paragraph.items.append(Item(FLOAT, child, state["length"], state["length"]))
            elif child.kind == kinds.BREAK:
                add_object(BREAK, child, "\n")
            elif child.kind == kinds.MARKER:
                continue
            elif child.kind == kinds.INLINE:
                paragraph.items.append(Item(OPEN, child, state["length"], state["length"]))
                walk(child)
                paragraph.items.append(Item(CLOSE, child, state["length"], state["length"]))
            elif child.inline_level:
                add_object(ATOMIC, child)
            else:
                add_object(BLOCK, child, "\n")

    walk(container)
    paragraph.text = "".join(pieces)
    return paragraph


def _process_white_space(text: str, tree: dict, state: dict) -> tuple[str, list[bool]]:
    """CSS Text 3 §4.1.1, phase I, for one text node, given whether the text before it
    ended with a collapsible space: (the text, which characters may collapse at a line
    edge). Text transforms apply here too (they precede shaping)."""
    white_space = tree["white-space"]
    text = _transform(text, tree["text-transform"])
    if white_space not in _COLLAPSIBLE:
        state["after_space"] = text.endswith((" ", "\n", "\t"))
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        return text, [False] * len(text)
    keeps_newlines = white_space == "pre-line"
    out: list[str] = []
    after_space = state["after_space"]
    pending_newline = False
    for char in text.replace("\r\n", "\n").replace("\r", "\n"):
        if char == "\n" and keeps_newlines:
            while out and out[-1] == " ":
                out.pop()
            out.append("\n")
            after_space = True
            pending_newline = True
            continue
        if char in " \t\n\f":
            if after_space:
                continue
            out.append(" ")
            after_space = True
            continue
        out.append(char)
        after_space = False
        pending_newline = False
    del pending_newline
    state["after_space"] = after_space
    processed = "".join(out)
    return processed, [c == " " for c in processed]


def _transform(text: str, transform: str) -> str:
    if transform == "uppercase":
        return text.upper()
    if transform == "lowercase":
        return text.lower()
    if transform == "capitalize":
        return _capitalize(text)
    return text


def _capitalize(text: str) -> str:
    out = []
    previous_letter = False
    for char in text:
        out.append(char.upper() if not previous_letter and char.isalpha() else char)
        previous_letter = char.isalnum() or char in "'\u2019"
    return "".join(out)


def shape(paragraph: Paragraph) -> None:
    """Each character's advance: text shaped in runs of one font (across elements),
    letter-spacing after every character, word-spacing on word separators; objects
    and forced breaks take no width here."""
    runs: list[list] = []  # [start, end, style]: contiguous text in one font
    for item in paragraph.items:
        if item.kind != TEXT:
            continue
        style = item.box.style
        if runs and runs[-1][1] == item.start and _font_key(runs[-1][2]) == _font_key(style):
            runs[-1][1] = item.end
        else:
            runs.append([item.start, item.end, style])
    advances = [0] * len(paragraph.text)
    paragraph.fallback = [None] * len(paragraph.text)
    for start, end, style in runs:
        _shape_run(paragraph.text, start, end, style, advances, paragraph.fallback)
    for item in paragraph.items:
        if item.kind == TEXT:
            _spacing(paragraph.text, item, advances)
    paragraph.advances = advances


def _font_key(style: dict) -> tuple:
    return (style["font"], _features(style))


def _features(style: dict) -> tuple:
    features = []
    if style["font-kerning"] == "none" or style["text-rendering"] == "optimizespeed":
        features.append(("kern", False))
    ligatures = style["font-variant-ligatures"]
    if style["letter-spacing"] or ligatures == "none" or style["text-rendering"] == "optimizespeed":
        features += [("liga", False), ("clig", False)]
    return tuple(features)


def _shape_run(text: str, start: int, end: int, style: dict, advances: list[int], fallback: list) -> None:
    segment = text[start:end]
    font = style["font"]
    shaped = font.advances(segment, dict(_features(style)) or None)
    advances[start:end] = shaped.advances
    for run_start, run_end, face in shaped.runs:
        if face is not font.primary:
            fallback[start + run_start : start + run_end] = [face] * (run_end - run_start)


def _spacing(text: str, item: Item, advances: list[int]) -> None:
    style = item.box.style
    letter = round(style["letter-spacing"] * FIXED_ONE)
    word = round(style["word-spacing"] * FIXED_ONE)
    if not letter and not word:
        return
    for index in range(item.start, item.end):
        char = text[index]
        if letter and char != "\n":
            advances[index] += letter
        if word and char in _SPACE_SEPARATORS:
            advances[index] += word


def preserves_newlines(white_space: str) -> bool:
    return white_space in _PRESERVES_NEWLINES
