"""CSS counters (CSS Lists 3 §4): the values ``counter()``/``counters()`` read in
generated content. Chromium exposes that text as the pseudo-element's StaticText.

Counters are walked over the flat tree in tree order. A ``counter-reset`` creates a
new counter instance whose scope is the element, its descendants and its following
siblings; a later sibling's reset of the same name replaces it. ``counter-increment``
and ``counter-set`` on a name with no instance in scope create one first.
The ``list-item`` counter also moves without any counter property: lists reset it
and list items step it (see list_items.Numbering.implicit_counter).
::before is the element's first child and ::after its last, for scoping.
Elements with display:none take no part (they generate no box).
"""

from __future__ import annotations

from typing import Callable

from axsynth.html.dom import Document, Element, Node

Cells = tuple  # tuple[list[int], ...]: the nested instances of one counter, innermost last
Scope = dict  # counter name → Cells


def compute(root: Document, children: Callable[[Node], list[Node]], style_of, pseudo_style_of, implicit) -> dict:
    """{(id(element), "before"|"after"): {name: (outermost, ..., innermost value)}}.

    ``implicit(element, style)`` gives the ``list-item`` directive an element applies
    without naming it, as ("reset" | "increment", value), or None."""
    values: dict = {}

    def visit_children(parent: Node, inherited: Scope) -> None:
        level, own = dict(inherited), set()
        for child in children(parent):
            if isinstance(child, Element):
                visit(child, level, own)

    def visit(el: Element, level: Scope, own: set) -> None:
        style = style_of(el)
        if style is None or style["display"] == "none":
            return
        _apply(style, level, own)
        directive = implicit(el, style)
        if directive is not None:
            kind, value = directive
            (_instantiate if kind == "reset" else _increment)("list-item", value, level, own)
        inner, inner_own = dict(level), set()
        _pseudo(el, "before", inner, inner_own)
        for child in children(el):
            if isinstance(child, Element):
                visit(child, inner, inner_own)
        _pseudo(el, "after", inner, inner_own)

    def _pseudo(el: Element, which: str, level: Scope, own: set) -> None:
        style = pseudo_style_of(el, which)
        if style is None or style["display"] == "none":
            return
        _apply(style, level, own)
        values[(id(el), which)] = {name: tuple(c[0] for c in cells) for name, cells in level.items()}

    visit_children(root, {})
    return values


def _apply(style: dict, level: Scope, own: set) -> None:
    for name, value in style["counter-reset"]:
        _instantiate(name, value, level, own)
    for name, value in style["counter-increment"]:
        _increment(name, value, level, own)
    for name, value in style["counter-set"]:
        if name not in level:
            _instantiate(name, 0, level, own)
        level[name][-1][0] = value


def _increment(name: str, value: int, level: Scope, own: set) -> None:
    if name not in level:
        _instantiate(name, 0, level, own)
    level[name][-1][0] += value


def _instantiate(name: str, value: int, level: Scope, own: set) -> None:
    outer = level.get(name, ())
    if name in own:  # an earlier sibling's instance: this one replaces it
        outer = outer[:-1]
    level[name] = outer + ([value],)
    own.add(name)


_ROMAN = [
    (1000, "m"),
    (900, "cm"),
    (500, "d"),
    (400, "cd"),
    (100, "c"),
    (90, "xc"),
    (50, "l"),
    (40, "xl"),
    (10, "x"),
    (9, "ix"),
    (5, "v"),
    (4, "iv"),
    (1, "i"),
]
_BULLETS = {
    "disc": "\u2022",
    "circle": "\u25e6",
    "square": "\u25a0",
    "disclosure-open": "\u25be",
    "disclosure-closed": "\u25b8",
}


def format_counter(number: int, kind: str) -> str:
    """A counter value in a list-style-type ("decimal", "lower-roman", ...)."""
    if kind in _BULLETS:
        return _BULLETS[kind]
    if kind == "none":
        return ""
    if kind in ("lower-roman", "upper-roman"):
        text = roman(number)
        return text.upper() if kind == "upper-roman" else text
    if kind in ("lower-alpha", "lower-latin", "upper-alpha", "upper-latin"):
        text = alpha(number)
        return text.upper() if kind.startswith("upper") else text
    if kind == "decimal-leading-zero":
        return f"{number:02d}" if number >= 0 else f"-{abs(number):02d}"
    return str(number)


def roman(n: int) -> str:
    if n <= 0 or n >= 4000:
        return str(n)
    out = []
    for value, letters in _ROMAN:
        while n >= value:
            out.append(letters)
            n -= value
    return "".join(out)


def alpha(n: int) -> str:
    if n <= 0:
        return str(n)
    out = ""
    while n > 0:
        n, rem = divmod(n - 1, 26)
        out = chr(ord("a") + rem) + out
    return out
