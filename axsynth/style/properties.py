"""The CSS properties the accessibility tree depends on: initial values,
inheritance, and one small parser per property (tinycss2 tokens → computed value).

Only what Chromium's tree reads is computed: box generation (display,
content-visibility), visibility, text rendering (white-space, text-transform),
list markers, generated content, and the few layout facts that decide
ignored/included (position, float).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import tinycss2

from . import borders, overflow, paint

#: The one style entry holding every custom property (--name: value) in effect.
CUSTOM = "--*"

INITIAL: dict[str, Any] = {
    "display": "inline",
    "visibility": "visible",
    "content-visibility": "visible",
    "white-space": "normal",
    "text-transform": "none",
    "list-style-type": "disc",
    "list-style-image": "none",
    "list-style-position": "outside",  # an inside marker is an inline box on the first line
    "-webkit-user-modify": "read-only",  # set only by contenteditable (a presentational hint)
    "position": "static",
    "float": "none",
    "content": "normal",
    "cursor": "auto",
    "pointer-events": "auto",
    "-webkit-text-security": "none",
    "writing-mode": "horizontal-tb",
    "quotes": "auto",
    "counter-reset": (),
    "counter-increment": (),
    "counter-set": (),
    "-webkit-box-orient": "horizontal",
    "-webkit-line-clamp": "none",
    "flex-direction": "row",
    "interactivity": "auto",  # CSS Interactivity: inert makes the element and its descendants inert
    "appearance": "auto",  # base-select opts a <select> (and its ::picker(select)) into customizable select
    "order": 0,  # a flex or grid item's place; with reading-flow, its place in the tree too
    "reading-flow": "normal",
    "reading-order": 0,
    # CSS carousels: where a scroll container's ::scroll-marker-group goes and what its
    # markers are: "none", or (before|after, links|tabs).
    "scroll-marker-group": "none",
    CUSTOM: (),  # custom properties: sorted (name, CSS text) pairs, all inherited
}

INITIAL.update(borders.INITIAL)
INITIAL.update(overflow.INITIAL)
INITIAL.update(paint.INITIAL)

INHERITED = (
    frozenset(
        {
            "visibility",
            "white-space",
            "text-transform",
            "list-style-type",
            "list-style-image",
            "list-style-position",
            "-webkit-user-modify",
            "cursor",
            "pointer-events",
            "-webkit-text-security",
            "writing-mode",
            "quotes",
            "interactivity",
            CUSTOM,
        }
    )
    | borders.INHERITED
    | overflow.INHERITED
    | paint.INHERITED
)

_DISPLAY_KEYWORDS = frozenset(
    "none contents inline block inline-block list-item flow-root flex inline-flex grid "
    "inline-grid table inline-table table-row table-cell table-row-group table-header-group "
    "table-footer-group table-column table-column-group table-caption ruby ruby-text "
    "-webkit-box -webkit-inline-box math".split()
)
# Two-value display syntax (CSS Display 3) → the single keyword it equals.
_DISPLAY_PAIRS = {
    ("block", "flow"): "block",
    ("block", "flow-root"): "flow-root",
    ("inline", "flow"): "inline",
    ("inline", "flow-root"): "inline-block",
    ("block", "flex"): "flex",
    ("inline", "flex"): "inline-flex",
    ("block", "grid"): "grid",
    ("inline", "grid"): "inline-grid",
    ("block", "table"): "table",
    ("inline", "table"): "inline-table",
    ("list-item", "block"): "list-item",
    ("block", "list-item"): "list-item",
}


# Boxes layout containment does not apply to, so content-visibility cannot skip their
# contents: non-atomic inlines and internal table boxes other than cells (CSS Containment 3).
_UNCONTAINABLE = frozenset(
    "inline table-row table-row-group table-header-group table-footer-group table-column table-column-group".split()
)


def content_image(style: dict[str, Any], with_alt: bool = False) -> bool:
    """``content: <image> [/ alt]`` on an element (not a pseudo-element): a single image
    replaces the element's contents (a LayoutImage); any other value does nothing.
    ``with_alt``: only one given alternative text."""
    content = style["content"]
    return isinstance(content, tuple) and content[0] == (("image",),) and (not with_alt or content[1] is not None)


def is_decorative_content(style: dict[str, Any]) -> bool:
    """``content: ... / ""``: generated content whose alternative text is empty, laid
    out but left out of the accessibility tree."""
    content = style["content"]
    return (
        isinstance(content, tuple)
        and content[1] is not None
        and all(part[0] == "text" and not part[1] for part in content[1])
    )


def content_visibility_hides(style: dict[str, Any], display: str) -> bool:
    """Whether content-visibility: hidden skips the contents of a box of ``display``."""
    return style["content-visibility"] == "hidden" and display not in _UNCONTAINABLE


def content_visibility_auto(style: dict[str, Any], display: str) -> bool:
    """Whether content-visibility: auto may skip the contents of a box of ``display``
    (it does while the box is away from the viewport)."""
    return style["content-visibility"] == "auto" and display not in _UNCONTAINABLE


def _idents(tokens: list) -> list[str]:
    return [t.lower_value for t in tokens if t.type == "ident"]


def _scroll_marker_group(tokens: list) -> Any:
    """``scroll-marker-group``: none | [before | after] || [links | tabs] (links by default)."""
    idents = _idents(tokens)
    if idents == ["none"]:
        return "none"
    place = [i for i in idents if i in ("before", "after")]
    mode = [i for i in idents if i in ("links", "tabs")]
    if len(place) != 1 or len(mode) > 1 or len(idents) != len(place) + len(mode):
        return None
    return place[0], (mode or ["links"])[0]


def _integer(tokens: list) -> int | None:
    """A single <integer> (order, reading-order); anything else is invalid."""
    values = _components(tokens)
    if len(values) == 1 and values[0].type == "number" and values[0].is_integer:
        return values[0].int_value
    return None


def _keyword(allowed: frozenset[str]) -> Callable[[list], str | None]:
    def parse(tokens: list) -> str | None:
        idents = _idents(tokens)
        return idents[0] if len(idents) == 1 and idents[0] in allowed else None

    return parse


# Legacy prefixed values Chromium parses as their standard ones (css_parsing_utils).
_DISPLAY_ALIASES = {"-webkit-flex": "flex", "-webkit-inline-flex": "inline-flex"}


def parse_display(tokens: list) -> str | None:
    idents = _idents(tokens)
    if len(idents) == 1 and idents[0] in _DISPLAY_ALIASES:
        return _DISPLAY_ALIASES[idents[0]]
    if len(idents) == 1 and idents[0] in _DISPLAY_KEYWORDS:
        return idents[0]
    if len(idents) >= 2:
        return _DISPLAY_PAIRS.get((idents[0], idents[1]))
    return None


def parse_white_space(tokens: list) -> str | None:
    idents = _idents(tokens)
    known = {"normal", "pre", "nowrap", "pre-wrap", "pre-line", "break-spaces"}
    if len(idents) == 1 and idents[0] in known:
        return idents[0]
    # white-space shorthand of CSS Text 4: "<collapse> <wrap>"
    if "preserve" in idents:
        return "pre" if "nowrap" in idents else "pre-wrap"
    if "preserve-breaks" in idents:
        return "pre-line"
    if "collapse" in idents:
        return "nowrap" if "nowrap" in idents else "normal"
    return None


LIST_STYLE_TYPES = frozenset(
    "none disc circle square decimal decimal-leading-zero lower-roman upper-roman lower-alpha "
    "upper-alpha lower-latin upper-latin lower-greek disclosure-open disclosure-closed".split()
)


def parse_list_style_type(tokens: list) -> Any:
    strings = [t.value for t in tokens if t.type == "string"]
    if strings:
        return ("string", strings[0])
    idents = _idents(tokens)
    return idents[0] if len(idents) == 1 else None


# The functions of CSS Images that make an <image> (gradients are drawn, so always "load").
_GRADIENTS = frozenset(
    {
        "linear-gradient",
        "radial-gradient",
        "conic-gradient",
        "repeating-linear-gradient",
        "repeating-radial-gradient",
        "repeating-conic-gradient",
    }
)
_IMAGE_FUNCTIONS = _GRADIENTS | {"url", "image-set", "-webkit-image-set"}
#: The list-style-image of a gradient: an image made without loading anything.
GENERATED_IMAGE = "<generated>"


def parse_list_style_image(tokens: list) -> Any:
    """``list-style-image``: "none", the URL of the image (an image-set's first), or
    GENERATED_IMAGE for a gradient (probed: each is an image marker when it loads)."""
    image = _image(tokens)
    if image is not None:
        return image
    return "none" if _idents(tokens) == ["none"] else None


def _image(tokens: list, strings_are_urls: bool = False) -> str | None:
    for token in tokens:
        if token.type == "url" or (strings_are_urls and token.type == "string"):
            return token.value
        if token.type != "function":
            continue
        if token.lower_name == "url":
            return next((t.value for t in token.arguments if t.type == "string"), None)
        if token.lower_name in ("image-set", "-webkit-image-set"):
            return _image(token.arguments, strings_are_urls=True)
        if token.lower_name in _GRADIENTS:
            return GENERATED_IMAGE
    return None


def _list_style(tokens: list) -> list[tuple[str, Any]] | None:
    """The shorthand sets both longhands that matter here; the image one is reset to
    none unless given."""
    kind = parse_list_style(tokens)
    image = _image(tokens)
    if kind is None and image is None:
        idents = _idents(tokens)
        if not idents or any(i not in ("inside", "outside") for i in idents):
            return None
        kind = "disc"  # `list-style: inside` resets the type too
    position = "inside" if "inside" in _idents(tokens) else "outside"
    return [
        ("list-style-type", kind if kind is not None else "disc"),
        ("list-style-image", image or "none"),
        ("list-style-position", position),
    ]


def parse_list_style(tokens: list) -> Any:
    """The shorthand's list-style-type part."""
    strings = [t.value for t in tokens if t.type == "string"]
    if strings:
        return ("string", strings[0])
    idents = _idents(tokens)
    for ident in idents:
        if ident in LIST_STYLE_TYPES and ident != "none":
            return ident
    if "none" in idents:
        return "none"
    return None


def parse_content(tokens: list) -> Any:
    """``content``: "normal", "none", or (parts, alt_parts) where each part is
    ("text", s) | ("attr", name) | ("open-quote"|"close-quote",) | ("counter", name, style) |
    ("counters", name, style, separator) | ("image",)."""
    tokens = [t for t in tokens if t.type not in ("whitespace", "comment")]
    if len(tokens) == 1 and tokens[0].type == "ident" and tokens[0].lower_value in ("normal", "none"):
        return tokens[0].lower_value
    parts: list[tuple] = []
    alt: list[tuple] | None = None
    current = parts
    for token in tokens:
        if token.type == "literal" and token.value == "/":
            alt = current = []
        elif token.type == "string":
            current.append(("text", token.value))
        elif token.type == "ident" and token.lower_value in ("open-quote", "close-quote"):
            current.append((token.lower_value,))
        elif token.type == "ident" and token.lower_value in ("no-open-quote", "no-close-quote"):
            current.append((token.lower_value,))  # no text, but still a quote box that moves the depth
        elif token.type == "function" and token.lower_name == "attr":
            names = _idents(token.arguments)
            if names:
                current.append(("attr", names[0]))
        elif token.type == "function" and token.lower_name in ("counter", "counters"):
            args = _idents(token.arguments)
            name, kind = (args[0] if args else ""), (args[-1] if len(args) > 1 else "decimal")
            if token.lower_name == "counters":  # counters(name, "sep"[, style]): every nested instance
                sep = next((t.value for t in token.arguments if t.type == "string"), "")
                current.append(("counters", name, kind, sep))
            else:
                current.append(("counter", name, kind))
        elif token.type == "url" or (token.type == "function" and token.lower_name in _IMAGE_FUNCTIONS):
            current.append(("image",))
        else:
            return None  # invalid declaration: ignored, as a browser does
    return (tuple(parts), tuple(alt) if alt is not None else None)


def _counter_list(default: int) -> Callable[[list], Any]:
    """``counter-reset``/``-increment``/``-set``: "none" or ``name [int]`` pairs → ((name, int), ...)."""

    def parse(tokens: list) -> Any:
        tokens = [t for t in tokens if t.type not in ("whitespace", "comment")]
        if len(tokens) == 1 and tokens[0].type == "ident" and tokens[0].lower_value == "none":
            return ()
        pairs: list[tuple[str, int]] = []
        for token in tokens:
            if token.type == "ident":
                pairs.append((token.value, default))
            elif token.type == "number" and token.is_integer and pairs:
                pairs[-1] = (pairs[-1][0], token.int_value)
            else:
                return None
        return tuple(pairs)

    return parse


# writing-mode keywords, with the SVG 1.1 legacy aliases mapped to their CSS value.
_WRITING_MODES = {
    "horizontal-tb": "horizontal-tb",
    "vertical-rl": "vertical-rl",
    "vertical-lr": "vertical-lr",
    "sideways-rl": "sideways-rl",
    "sideways-lr": "sideways-lr",
    "lr": "horizontal-tb",
    "lr-tb": "horizontal-tb",
    "rl": "horizontal-tb",
    "rl-tb": "horizontal-tb",
    "tb": "vertical-lr",
    "tb-rl": "vertical-rl",
}

_FLEX_DIRECTIONS = frozenset({"row", "row-reverse", "column", "column-reverse"})


def _flex_flow(tokens: list) -> list[tuple[str, Any]] | None:
    """``flex-flow``: a direction and a wrap, in either order, each optional."""
    idents = _idents(tokens)
    directions = [i for i in idents if i in _FLEX_DIRECTIONS]
    wraps = [i for i in idents if i in ("nowrap", "wrap", "wrap-reverse")]
    if not idents or len(directions) > 1 or len(wraps) > 1 or len(directions) + len(wraps) != len(_components(tokens)):
        return None
    return [("flex-direction", directions[0] if directions else "row")]


def _components(tokens: list) -> list:
    return [t for t in tokens if t.type not in ("whitespace", "comment")]


def parse_quotes(tokens: list) -> Any:
    """``quotes``: "auto", "none", or a tuple of (open, close) string pairs."""
    tokens = [t for t in tokens if t.type not in ("whitespace", "comment")]
    if len(tokens) == 1 and tokens[0].type == "ident" and tokens[0].lower_value in ("auto", "none"):
        return tokens[0].lower_value
    if not tokens or len(tokens) % 2 or any(t.type != "string" for t in tokens):
        return None
    return tuple((tokens[i].value, tokens[i + 1].value) for i in range(0, len(tokens), 2))


# appearance: its keywords; the compat ones (menulist-button aside) compute to auto for the
# elements that could take them, which is all a tree reads of them.
_APPEARANCES = {
    "none": "none",
    "auto": "auto",
    "base-select": "base-select",
    "menulist-button": "menulist-button",
    **dict.fromkeys(
        "textfield menulist searchfield textarea push-button slider-horizontal checkbox radio "
        "square-button listbox meter progress-bar button".split(),
        "auto",
    ),
}

_POSITIONS = _keyword(frozenset({"static", "relative", "absolute", "fixed", "sticky"}))

PARSERS: dict[str, Callable[[list], Any]] = {
    "display": parse_display,
    "visibility": _keyword(frozenset({"visible", "hidden", "collapse"})),
    "content-visibility": _keyword(frozenset({"visible", "hidden", "auto"})),
    "white-space": parse_white_space,
    "text-transform": _keyword(frozenset({"none", "uppercase", "lowercase", "capitalize", "full-width", "math-auto"})),
    "list-style-type": parse_list_style_type,
    "list-style-image": parse_list_style_image,
    "list-style-position": _keyword(frozenset({"inside", "outside"})),
    "position": lambda tokens: "sticky" if _idents(tokens) == ["-webkit-sticky"] else _POSITIONS(tokens),
    "float": _keyword(frozenset({"none", "left", "right", "inline-start", "inline-end"})),
    "content": parse_content,
    "quotes": parse_quotes,
    "-webkit-box-orient": _keyword(frozenset({"horizontal", "vertical", "inline-axis", "block-axis"})),
    "-webkit-line-clamp": lambda tokens: (
        "none"
        if _idents(tokens) == ["none"]
        else next((t.int_value for t in tokens if t.type == "number" and t.is_integer and t.int_value > 0), None)
    ),
    "cursor": lambda tokens: (_idents(tokens) or [None])[-1],
    "pointer-events": lambda tokens: (_idents(tokens) or [None])[0],
    "-webkit-text-security": _keyword(frozenset({"none", "disc", "circle", "square"})),
    "counter-reset": _counter_list(0),
    "counter-increment": _counter_list(1),
    "counter-set": _counter_list(0),
    "writing-mode": lambda tokens: (
        _WRITING_MODES.get((_idents(tokens) or [""])[0]) if len(_idents(tokens)) == 1 else None
    ),
    "flex-direction": _keyword(_FLEX_DIRECTIONS),
    "interactivity": _keyword(frozenset({"auto", "inert"})),
    "order": lambda tokens: _integer(tokens),
    "reading-order": lambda tokens: _integer(tokens),
    "scroll-marker-group": lambda tokens: _scroll_marker_group(tokens),
    "reading-flow": _keyword(
        frozenset({"normal", "flex-visual", "flex-flow", "grid-rows", "grid-columns", "grid-order", "source-order"})
    ),
    "appearance": lambda tokens: (
        _APPEARANCES.get(_idents(tokens)[0]) if len(_components(tokens)) == 1 and _idents(tokens) else None
    ),
}
PARSERS.update(borders.PARSERS)
PARSERS.update(overflow.PARSERS)
PARSERS.update(paint.PARSERS)
# Shorthands: each expands to the (longhand, value) pairs it sets.
SHORTHANDS: dict[str, Callable[[list], list[tuple[str, Any]] | None]] = {
    "list-style": _list_style,
    "flex-flow": _flex_flow,
    **borders.SHORTHANDS,
    **overflow.SHORTHANDS,
    **paint.SHORTHANDS,
}
_LONGHANDS = {
    "list-style": ("list-style-type", "list-style-image", "list-style-position"),
    "flex-flow": ("flex-direction",),
    "background": ("background-color", "background-image"),
    "border": tuple(f"border-{side}-{part}" for side in borders.SIDES for part in ("style", "width")),
    "border-style": tuple(f"border-{side}-style" for side in borders.SIDES),
    "border-width": tuple(f"border-{side}-width" for side in borders.SIDES),
    **{f"border-{side}": (f"border-{side}-style", f"border-{side}-width") for side in borders.SIDES},
    **overflow.LONGHANDS,
    **paint.LONGHANDS,
}

CSS_WIDE = frozenset({"inherit", "initial", "unset", "revert", "revert-layer"})


def parse_declaration(name: str, tokens: list) -> list[tuple[str, Any]]:
    """(property, computed value or CSS-wide keyword) pairs for a declaration we
    track (a shorthand gives each longhand it sets), else none. A custom property
    gives its text; a value using var() a VarReference, parsed once the variables
    are known (resolve_var_reference)."""
    if name.startswith("--"):
        return [(name, tinycss2.serialize(tokens).strip())]
    if name not in SHORTHANDS and name not in PARSERS:
        return []
    if _uses_var(tokens):
        return [(name, VarReference(tinycss2.serialize(tokens)))]
    idents = _idents(tokens)
    if len(idents) == 1 and idents[0] in CSS_WIDE and all(t.type in ("ident", "whitespace", "comment") for t in tokens):
        return [(longhand, idents[0]) for longhand in _LONGHANDS.get(name, (name,))]
    if name in SHORTHANDS:
        return SHORTHANDS[name](tokens) or []
    value = PARSERS[name](tokens)
    return [(name, value)] if value is not None else []


@dataclass(frozen=True)
class VarReference:
    """A declared value using var(): computed once the element's variables are known."""

    text: str


def resolve_var_reference(name: str, reference: VarReference, variables: dict[str, str]) -> list[tuple[str, Any]]:
    """The (longhand, value) pairs of a var() declaration; a reference that fails makes
    the declaration invalid at computed-value time, i.e. unset."""
    text = substitute_var(reference.text, variables)
    pairs = parse_declaration(name, tinycss2.parse_component_value_list(text)) if text is not None else []
    return pairs or [(longhand, "unset") for longhand in _LONGHANDS.get(name, (name,))]


def _uses_var(tokens: list) -> bool:
    return any(
        t.type == "function"
        and (t.lower_name == "var" or _uses_var(t.arguments))
        or t.type in ("() block", "[] block", "{} block")
        and _uses_var(t.content)
        for t in tokens
    )


def substitute_var(text: str, variables: dict[str, str], depth: int = 0) -> str | None:
    """The value with each var(--name, fallback) replaced (CSS Variables 1 §3);
    None when a reference has neither a value nor a fallback, or cycles."""
    if depth > 16:
        return None
    out = []
    for token in tinycss2.parse_component_value_list(text):
        if token.type != "function":
            out.append(tinycss2.serialize([token]))
            continue
        if token.lower_name != "var":
            inner = substitute_var(tinycss2.serialize(token.arguments), variables, depth + 1)
            if inner is None:
                return None
            out.append(f"{token.name}({inner})")
            continue
        args = token.arguments
        comma = next((i for i, t in enumerate(args) if t.type == "literal" and t.value == ","), None)
        name = tinycss2.serialize(args[:comma] if comma is not None else args).strip()
        if name in variables:
            value = substitute_var(variables[name], variables, depth + 1)
        elif comma is not None:
            value = substitute_var(tinycss2.serialize(args[comma + 1 :]), variables, depth + 1)
        else:
            value = None
        if value is None:
            return None
        out.append(value)
    return "".join(out)


def parse_style_attribute(text: str) -> list[tuple[str, Any, bool]]:
    """Declarations of a ``style=""`` attribute: (property, value, important)."""
    return declarations(tinycss2.parse_blocks_contents(text, skip_comments=True, skip_whitespace=True))


def declarations(nodes: list) -> list[tuple[str, Any, bool]]:
    out = []
    for node in nodes:
        if node.type != "declaration":
            continue
        # Custom property names are case-sensitive.
        name = node.name if node.name.startswith("--") else node.lower_name
        for name, value in parse_declaration(name, node.value):
            out.append((name, value, node.important))
    return out
