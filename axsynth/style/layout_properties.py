"""The properties layout reads that the accessibility tree does not: a table of
initial values and inheritance, and one parser per property giving its *specified*
value (lengths as :mod:`.lengths` expressions, keywords as strings). Computing them
for an element is :mod:`.layout_styles`'s work.

The tree's own properties (display, position, float, overflow, white-space, border
styles, list-style, content, …) stay in :mod:`.properties`; layout reads both.
"""

from __future__ import annotations

from typing import Any, Callable

from . import lengths

AUTO = "auto"
NONE = "none"

# name → (initial specified value, inherited)
PROPERTIES: dict[str, tuple[Any, bool]] = {
    # box model
    **{f"margin-{side}": (lengths.Leaf(0.0, "px"), False) for side in ("top", "right", "bottom", "left")},
    **{f"padding-{side}": (lengths.Leaf(0.0, "px"), False) for side in ("top", "right", "bottom", "left")},
    **{f"border-{side}-width": ("medium", False) for side in ("top", "right", "bottom", "left")},
    "box-sizing": ("content-box", False),
    "width": (AUTO, False),
    "height": (AUTO, False),
    "min-width": (AUTO, False),
    "min-height": (AUTO, False),
    "max-width": (NONE, False),
    "max-height": (NONE, False),
    "aspect-ratio": (AUTO, False),
    # positioning
    "top": (AUTO, False),
    "right": (AUTO, False),
    "bottom": (AUTO, False),
    "left": (AUTO, False),
    # fonts and text
    "font-family": ((("serif", True),), True),  # the standard font: Times New Roman
    "font-size": ("medium", True),
    "font-weight": ("normal", True),
    "font-style": ("normal", True),
    "line-height": ("normal", True),
    "font-kerning": ("auto", True),
    "font-variant-ligatures": ("normal", True),
    "text-rendering": ("auto", True),
    "letter-spacing": ("normal", True),
    "word-spacing": ("normal", True),
    "text-indent": (lengths.Leaf(0.0, "px"), True),
    "text-align": ("start", True),
    "text-align-last": ("auto", True),
    "vertical-align": ("baseline", False),
    "word-break": ("normal", True),
    "overflow-wrap": ("normal", True),
    "line-break": ("auto", True),
    "hyphens": ("manual", True),
    "tab-size": (8.0, True),
    "direction": ("ltr", True),
    # flex
    "flex-grow": (0.0, False),
    "flex-shrink": (1.0, False),
    "flex-basis": (AUTO, False),
    "flex-wrap": ("nowrap", False),
    "justify-content": ("normal", False),
    "align-items": ("normal", False),
    "align-self": (AUTO, False),
    "align-content": ("normal", False),
    "justify-items": ("legacy", False),
    "justify-self": (AUTO, False),
    "row-gap": ("normal", False),
    "column-gap": ("normal", False),
    # grid (tracks and placement are kept as their tokens: the grid algorithm parses them)
    "grid-template-columns": (NONE, False),
    "grid-template-rows": (NONE, False),
    "grid-template-areas": (NONE, False),
    "grid-auto-columns": (AUTO, False),
    "grid-auto-rows": (AUTO, False),
    "grid-auto-flow": ("row", False),
    "grid-row-start": (AUTO, False),
    "grid-row-end": (AUTO, False),
    "grid-column-start": (AUTO, False),
    "grid-column-end": (AUTO, False),
    # tables
    "table-layout": (AUTO, False),
    "border-collapse": ("separate", True),
    "caption-side": ("top", True),
    # multi-column
    "column-width": (AUTO, False),
    # stacking: which box is on top where they overlap (hit testing)
    "z-index": (AUTO, False),
    # SVG strokes widen a shape's box (its stroke bounding box)
    "stroke": ("none", True),
    "stroke-width": (lengths.Leaf(1.0, "px"), True),
    # containment and zoom
    "contain": (NONE, False),
    "zoom": (1.0, False),
    "transform-origin": ("50% 50%", False),
}
INHERITED = frozenset(name for name, (_, inherited) in PROPERTIES.items() if inherited)
_SIDES = ("top", "right", "bottom", "left")


def _parts(tokens: list) -> list:
    return [t for t in tokens if t.type not in ("whitespace", "comment")]


def _single(tokens: list) -> Any:
    parts = _parts(tokens)
    return parts[0] if len(parts) == 1 else None


def _keyword(*allowed: str) -> Callable[[list], str | None]:
    words = frozenset(allowed)

    def parse(tokens: list) -> str | None:
        token = _single(tokens)
        if token is not None and token.type == "ident" and token.lower_value in words:
            return token.lower_value
        return None

    return parse


def _length(*keywords: str, negative: bool = True) -> Callable[[list], Any]:
    """A <length-percentage> or one of the keywords; ``negative``: whether a negative
    plain value is allowed (a negative calc() is clamped at used-value time instead)."""
    words = frozenset(keywords)

    def parse(tokens: list) -> Any:
        token = _single(tokens)
        if token is None:
            return None
        if token.type == "ident":
            return token.lower_value if token.lower_value in words else None
        expr = lengths.parse(token)
        if expr is None or (not negative and isinstance(expr, lengths.Leaf) and expr.value < 0):
            return None
        return expr

    return parse


def _number(negative: bool = False) -> Callable[[list], float | None]:
    def parse(tokens: list) -> float | None:
        token = _single(tokens)
        value = lengths.parse_number(token) if token is not None else None
        return value if value is not None and (negative or value >= 0) else None

    return parse


_SIZE_KEYWORDS = ("min-content", "max-content", "fit-content", "-webkit-fill-available", "stretch")
_FONT_SIZE_KEYWORDS = ("xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large")
_GENERICS = frozenset(
    "serif sans-serif monospace cursive fantasy system-ui ui-serif ui-sans-serif ui-monospace "
    "ui-rounded math emoji fangsong -webkit-body".split()
)


def parse_font_family(tokens: list) -> tuple[tuple[str, bool], ...] | None:
    """((name, is_generic), ...): quoted names and runs of identifiers; an unquoted
    generic keyword alone is the generic family."""
    families: list[tuple[str, bool]] = []
    words: list[str] = []
    quoted: str | None = None

    def finish() -> bool:
        nonlocal quoted
        if quoted is not None:
            if words:
                return False
            families.append((quoted, False))
            quoted = None
            return True
        if not words:
            return False
        if len(words) == 1 and words[0].lower() in _GENERICS:
            families.append((words[0].lower(), True))
        else:
            families.append((" ".join(words), False))
        words.clear()
        return True

    for token in tokens:
        if token.type in ("whitespace", "comment"):
            continue
        if token.type == "literal" and token.value == ",":
            if not finish():
                return None
        elif token.type == "string" and not words and quoted is None:
            quoted = token.value
        elif token.type == "ident" and quoted is None:
            words.append(token.value)
        else:
            return None
    if not finish():
        return None
    return tuple(families)


def _font_size(tokens: list) -> Any:
    token = _single(tokens)
    if token is None:
        return None
    if token.type == "ident":
        word = token.lower_value
        return word if word in _FONT_SIZE_KEYWORDS or word in ("smaller", "larger") else None
    expr = lengths.parse(token)
    if expr is None or isinstance(expr, lengths.Leaf) and expr.value < 0:
        return None
    return expr


def _font_weight(tokens: list) -> Any:
    token = _single(tokens)
    if token is None:
        return None
    if token.type == "ident" and token.lower_value in ("normal", "bold", "bolder", "lighter"):
        return token.lower_value
    value = lengths.parse_number(token)
    return value if value is not None and 1 <= value <= 1000 else None


def _font_style(tokens: list) -> str | None:
    parts = _parts(tokens)
    if parts and parts[0].type == "ident" and parts[0].lower_value in ("normal", "italic", "oblique"):
        return parts[0].lower_value
    return None


def _line_height(tokens: list) -> Any:
    token = _single(tokens)
    if token is None:
        return None
    if token.type == "ident":
        return "normal" if token.lower_value == "normal" else None
    number = lengths.parse_number(token)
    if number is not None:
        return ("number", number) if number >= 0 else None
    expr = lengths.parse(token)
    return expr if expr is not None and not (isinstance(expr, lengths.Leaf) and expr.value < 0) else None


def _spacing(tokens: list) -> Any:
    token = _single(tokens)
    if token is not None and token.type == "ident" and token.lower_value == "normal":
        return "normal"
    return lengths.parse(token) if token is not None else None


def _vertical_align(tokens: list) -> Any:
    keywords = ("baseline", "sub", "super", "text-top", "text-bottom", "middle", "top", "bottom")
    return _length(*keywords)(tokens)


def _text_align(tokens: list) -> str | None:
    words = ("left", "right", "center", "justify", "start", "end", "match-parent", "-webkit-center", "-webkit-left")
    value = _keyword(*words, "-webkit-right", "-webkit-auto")(tokens)
    return {"-webkit-auto": "start"}.get(value, value) if value is not None else None


def _tokens(tokens: list) -> Any:
    """Kept as the declared tokens (minus white space at the ends) for the layout
    algorithm that reads them (grid templates, placement)."""
    parts = list(tokens)
    while parts and parts[0].type in ("whitespace", "comment"):
        parts.pop(0)
    while parts and parts[-1].type in ("whitespace", "comment"):
        parts.pop()
    if len(parts) == 1 and parts[0].type == "ident" and parts[0].lower_value in ("none", "auto"):
        return parts[0].lower_value
    return tuple(parts) if parts else None


def _border_width(tokens: list) -> Any:
    token = _single(tokens)
    if token is None:
        return None
    if token.type == "ident":
        return token.lower_value if token.lower_value in ("thin", "medium", "thick") else None
    expr = lengths.parse(token)
    if expr is None or lengths.uses_percent(expr) or isinstance(expr, lengths.Leaf) and expr.value < 0:
        return None
    return expr


def _aspect_ratio(tokens: list) -> Any:
    parts = _parts(tokens)
    auto = any(t.type == "ident" and t.lower_value == "auto" for t in parts)
    numbers = [t for t in parts if not (t.type == "ident" and t.lower_value == "auto")]
    if not numbers:
        return AUTO if auto else None
    if len(numbers) == 1 and numbers[0].type == "number" and numbers[0].value >= 0:
        return ("auto-ratio" if auto else "ratio", float(numbers[0].value), 1.0)
    if (
        len(numbers) == 3
        and numbers[0].type == "number"
        and numbers[1].type == "literal"
        and numbers[1].value == "/"
        and numbers[2].type == "number"
    ):
        return ("auto-ratio" if auto else "ratio", float(numbers[0].value), float(numbers[2].value))
    return None


def _z_index(tokens: list) -> Any:
    token = _single(tokens)
    if token is None:
        return None
    if token.type == "ident" and token.lower_value == "auto":
        return AUTO
    return int(token.value) if token.type == "number" and token.is_integer else None


def _stroke(tokens: list) -> str | None:
    """Only whether a stroke is painted matters here: "none" or "paint"."""
    parts = _parts(tokens)
    if not parts:
        return None
    return "none" if len(parts) == 1 and parts[0].type == "ident" and parts[0].lower_value == "none" else "paint"


def _zoom(tokens: list) -> Any:
    token = _single(tokens)
    if token is None:
        return None
    if token.type == "ident" and token.lower_value == "normal":
        return 1.0
    if token.type == "percentage" and token.value >= 0:
        return token.value / 100 or 1.0
    value = lengths.parse_number(token)
    return (value or 1.0) if value is not None and value >= 0 else None


def _contain(tokens: list) -> Any:
    words = {t.lower_value for t in _parts(tokens) if t.type == "ident"}
    if len(words) != len(_parts(tokens)):
        return None
    return frozenset(words) if words - {"none"} else NONE


def _transform_origin(tokens: list) -> Any:
    parts = _tokens(tokens)
    return parts if parts not in (None, "none", "auto") else None


PARSERS: dict[str, Callable[[list], Any]] = {
    **{f"margin-{side}": _length("auto") for side in _SIDES},
    **{f"padding-{side}": _length(negative=False) for side in _SIDES},
    **{f"border-{side}-width": _border_width for side in _SIDES},
    "box-sizing": _keyword("content-box", "border-box"),
    "width": _length("auto", *_SIZE_KEYWORDS, negative=False),
    "height": _length("auto", *_SIZE_KEYWORDS, negative=False),
    "min-width": _length("auto", *_SIZE_KEYWORDS, negative=False),
    "min-height": _length("auto", *_SIZE_KEYWORDS, negative=False),
    "max-width": _length("none", *_SIZE_KEYWORDS, negative=False),
    "max-height": _length("none", *_SIZE_KEYWORDS, negative=False),
    "aspect-ratio": _aspect_ratio,
    **{side: _length("auto") for side in _SIDES},
    "font-family": parse_font_family,
    "font-size": _font_size,
    "font-weight": _font_weight,
    "font-style": _font_style,
    "line-height": _line_height,
    "font-kerning": _keyword("auto", "normal", "none"),
    "font-variant-ligatures": lambda tokens: _tokens(tokens),
    "text-rendering": _keyword("auto", "optimizespeed", "optimizelegibility", "geometricprecision"),
    "letter-spacing": _spacing,
    "word-spacing": _spacing,
    "text-indent": _length(),
    "text-align": _text_align,
    "text-align-last": _keyword("auto", "start", "end", "left", "right", "center", "justify"),
    "vertical-align": _vertical_align,
    "word-break": _keyword("normal", "break-all", "keep-all", "break-word", "auto-phrase"),
    "overflow-wrap": _keyword("normal", "break-word", "anywhere"),
    "word-wrap": _keyword("normal", "break-word", "anywhere"),
    "line-break": _keyword("auto", "loose", "normal", "strict", "anywhere"),
    "hyphens": _keyword("none", "manual", "auto"),
    "tab-size": lambda tokens: _number()(tokens) if _single(tokens) is not None else None,
    "direction": _keyword("ltr", "rtl"),
    "flex-grow": _number(),
    "flex-shrink": _number(),
    "flex-basis": _length("auto", "content", *_SIZE_KEYWORDS, negative=False),
    "flex-wrap": _keyword("nowrap", "wrap", "wrap-reverse"),
    "justify-content": lambda tokens: _tokens(tokens),
    "align-items": lambda tokens: _tokens(tokens),
    "align-self": lambda tokens: _tokens(tokens),
    "align-content": lambda tokens: _tokens(tokens),
    "justify-items": lambda tokens: _tokens(tokens),
    "justify-self": lambda tokens: _tokens(tokens),
    "row-gap": _length("normal", negative=False),
    "column-gap": _length("normal", negative=False),
    "grid-template-columns": _tokens,
    "grid-template-rows": _tokens,
    "grid-template-areas": _tokens,
    "grid-auto-columns": _tokens,
    "grid-auto-rows": _tokens,
    "grid-auto-flow": _tokens,
    "grid-row-start": _tokens,
    "grid-row-end": _tokens,
    "grid-column-start": _tokens,
    "grid-column-end": _tokens,
    "table-layout": _keyword("auto", "fixed"),
    "border-collapse": _keyword("separate", "collapse"),
    "caption-side": _keyword("top", "bottom"),
    "column-width": _length("auto", negative=False),
    "contain": _contain,
    "stroke": lambda tokens: _stroke(tokens),
    "z-index": lambda tokens: _z_index(tokens),
    "stroke-width": _length(negative=False),
    "zoom": _zoom,
    "transform-origin": _transform_origin,
}
# word-wrap is the legacy name of overflow-wrap.
ALIASES = {"word-wrap": "overflow-wrap", "-webkit-box-sizing": "box-sizing", "grid-gap": "gap"}


def _box(prefix: str, suffix: str = "") -> Callable[[list], list | None]:
    """margin/padding/border-width/inset: one to four values, top right bottom left."""
    names = [f"{prefix}{side}{suffix}" for side in _SIDES]

    def parse(tokens: list) -> list | None:
        groups = _space_separated(tokens)
        if not 1 <= len(groups) <= 4:
            return None
        values = [PARSERS[names[0]](group) for group in groups]
        if any(v is None for v in values):
            return None
        top = values[0]
        right = values[1] if len(values) > 1 else top
        bottom = values[2] if len(values) > 2 else top
        left = values[3] if len(values) > 3 else right
        return list(zip(names, (top, right, bottom, left)))

    return parse


def _space_separated(tokens: list) -> list[list]:
    return [[t] for t in _parts(tokens)]


def _font(tokens: list) -> list | None:
    """font: [style || variant || weight || stretch]? size [/ line-height]? family."""
    parts = _parts(tokens)
    style, weight, line_height = "normal", "normal", "normal"
    index = 0
    while index < len(parts):
        token = parts[index]
        if token.type == "ident" and token.lower_value in ("italic", "oblique"):
            style = token.lower_value
        elif token.type == "ident" and token.lower_value in ("bold", "bolder", "lighter"):
            weight = token.lower_value
        elif token.type == "number" and 1 <= token.value <= 1000:
            weight = float(token.value)
        elif token.type == "ident" and token.lower_value in (
            "normal",
            "small-caps",
            "condensed",
            "expanded",
            "semi-condensed",
            "semi-expanded",
            "ultra-condensed",
            "extra-condensed",
            "extra-expanded",
            "ultra-expanded",
        ):
            pass
        else:
            break
        index += 1
    if index >= len(parts):
        return None
    size = _font_size([parts[index]])
    if size is None:
        return None
    index += 1
    if index < len(parts) and parts[index].type == "literal" and parts[index].value == "/":
        if index + 1 >= len(parts):
            return None
        line_height = _line_height([parts[index + 1]])
        if line_height is None:
            return None
        index += 2
    rest = tokens[tokens.index(parts[index]) :] if index < len(parts) else []
    family = parse_font_family(rest)
    if family is None:
        return None
    return [
        ("font-style", style),
        ("font-weight", weight),
        ("font-size", size),
        ("line-height", line_height),
        ("font-family", family),
    ]


def _flex(tokens: list) -> list | None:
    """flex: none | [grow shrink? || basis]."""
    parts = _parts(tokens)
    if len(parts) == 1 and parts[0].type == "ident":
        word = parts[0].lower_value
        if word == "none":
            return [("flex-grow", 0.0), ("flex-shrink", 0.0), ("flex-basis", AUTO)]
        if word == "auto":
            return [("flex-grow", 1.0), ("flex-shrink", 1.0), ("flex-basis", AUTO)]
    numbers: list[float] = []
    basis: Any = None
    for token in parts:
        number = lengths.parse_number(token)
        if number is not None and number >= 0 and len(numbers) < 2 and not (basis is not None and numbers):
            numbers.append(number)
            continue
        if basis is not None:
            return None
        basis = PARSERS["flex-basis"]([token])
        if basis is None:
            return None
    if not numbers and basis is None:
        return None
    grow = numbers[0] if numbers else 1.0
    shrink = numbers[1] if len(numbers) > 1 else 1.0
    return [
        ("flex-grow", grow),
        ("flex-shrink", shrink),
        ("flex-basis", basis if basis is not None else lengths.Leaf(0.0, "%")),
    ]


def _gap(tokens: list) -> list | None:
    groups = _space_separated(tokens)
    if not 1 <= len(groups) <= 2:
        return None
    values = [PARSERS["row-gap"](g) for g in groups]
    if any(v is None for v in values):
        return None
    return [("row-gap", values[0]), ("column-gap", values[-1])]


def _pair(first: str, second: str) -> Callable[[list], list | None]:
    """A two-longhand shorthand whose values the layout algorithm parses: split at '/'."""

    def parse(tokens: list) -> list | None:
        slash = next((i for i, t in enumerate(tokens) if t.type == "literal" and t.value == "/"), None)
        start = _tokens(tokens[:slash] if slash is not None else tokens)
        end = _tokens(tokens[slash + 1 :]) if slash is not None else None
        if start is None:
            return None
        if end is None:
            # A custom identifier repeats on both sides; anything else leaves the end auto.
            single = start if isinstance(start, tuple) and len(start) == 1 and start[0].type == "ident" else None
            end = single if single is not None else AUTO
        return [(first, start), (second, end)]

    return parse


def _place(first: str, second: str) -> Callable[[list], list | None]:
    def parse(tokens: list) -> list | None:
        groups = _space_separated(tokens)
        if not 1 <= len(groups) <= 2:
            return None
        return [(first, _tokens(groups[0])), (second, _tokens(groups[-1]))]

    return parse


SHORTHANDS: dict[str, Callable[[list], list | None]] = {
    "margin": _box("margin-"),
    "padding": _box("padding-"),
    "border-width": _box("border-", "-width"),
    "inset": _box(""),
    "font": _font,
    "flex": _flex,
    "gap": _gap,
    "grid-row": _pair("grid-row-start", "grid-row-end"),
    "grid-column": _pair("grid-column-start", "grid-column-end"),
    "place-items": _place("align-items", "justify-items"),
    "place-self": _place("align-self", "justify-self"),
    "place-content": _place("align-content", "justify-content"),
}

# Shorthands that set border widths along with the styles the tree reads (properties.py).
_BORDER_SIDES = {"border": _SIDES, **{f"border-{side}": (side,) for side in _SIDES}}


def _border_shorthand_widths(name: str, tokens: list) -> list | None:
    """The widths a border / border-<side> shorthand sets (medium when it sets none)."""
    width: Any = "medium"
    for token in _parts(tokens):
        parsed = _border_width([token])
        if parsed is not None:
            width = parsed
    return [(f"border-{side}-width", width) for side in _BORDER_SIDES[name]]


def longhands_of(name: str) -> tuple[str, ...]:
    """The longhands a property name sets (itself for a longhand)."""
    if name in PROPERTIES:
        return (name,)
    if name in ("margin", "padding"):
        return tuple(f"{name}-{side}" for side in _SIDES)
    if name == "border-width" or name in _BORDER_SIDES:
        return tuple(f"border-{side}-width" for side in _BORDER_SIDES.get(name, _SIDES))
    if name == "inset":
        return _SIDES
    return {
        "font": ("font-style", "font-weight", "font-size", "line-height", "font-family"),
        "flex": ("flex-grow", "flex-shrink", "flex-basis"),
        "gap": ("row-gap", "column-gap"),
        "grid-row": ("grid-row-start", "grid-row-end"),
        "grid-column": ("grid-column-start", "grid-column-end"),
        "place-items": ("align-items", "justify-items"),
        "place-self": ("align-self", "justify-self"),
        "place-content": ("align-content", "justify-content"),
    }.get(name, ())


def parse_declaration(name: str, tokens: list) -> list[tuple[str, Any]]:
    """(longhand, specified value) pairs a declaration sets, for the layout properties."""
    name = ALIASES.get(name, name)
    if name in PARSERS:
        value = PARSERS[name](tokens)
        return [(name, value)] if value is not None else []
    if name in SHORTHANDS:
        return SHORTHANDS[name](tokens) or []
    if name in _BORDER_SIDES:
        return _border_shorthand_widths(name, tokens) or []
    return []


def is_layout_property(name: str) -> bool:
    name = ALIASES.get(name, name)
    return name in PARSERS or name in SHORTHANDS or name in _BORDER_SIDES
