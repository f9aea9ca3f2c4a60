"""Computed values of the layout properties, per element and pseudo-element, made on
first request (a page whose layout is never asked for never pays for them).

The cascade is the tree's (:func:`.cascade.cascade_entries` over the rules the tree's
cascade matched, whose payloads carry their layout declarations unparsed), plus
layout's half of the user-agent sheet (``ua_layout.css``, matched here) and HTML's
layout hints (:mod:`.layout_hints`). Computing follows Chromium's style builder:
fonts first (``FontBuilder``: keyword sizes, the monospace size quirk, bolder and
lighter), then every length against the element's font and the viewport.

A computed style is a dict: each layout property's computed value (px as float; a
:class:`~.lengths.LengthPercentage` while a percentage remains; keywords as
strings), plus ``font`` (the :class:`~axsynth.fonts.Font` used) and a few facts the
font builder carries from parent to child (names starting with ``_``).
"""

from __future__ import annotations

import math
from importlib.resources import files
from typing import Any

from ..fonts import FontSpec, font
from ..html.dom import Document, Element, Node, ShadowRoot
from . import layout_properties, lengths
from .cascade import _UA, Styles, cascade_entries
from .layout_declarations import LayoutDeclarations, LayoutVar, parse_style_attribute_layout, resolve_layout_var
from .layout_hints import layout_hints
from .properties import CUSTOM
from .selectors import RuleSet, match_scope

Style = dict[str, Any]

# FontSizeFunctions' keyword tables for a 16px default and a 13px fixed (monospace)
# default, standards mode and quirks mode; index 1 is xx-small … 8 xxx-large.
_KEYWORDS = ("xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large")
_SIZES = {
    (False, False): (9, 10, 13, 16, 18, 24, 32, 48),
    (False, True): (9, 10, 12, 13, 16, 20, 26, 39),
    (True, False): (9, 10, 13, 16, 18, 24, 32, 48),
    (True, True): (9, 9, 10, 13, 16, 20, 26, 40),
}
_MEDIUM = 4
_MONOSPACE = (("monospace", True),)
_FIXED_SCALE = 13 / 16  # the default fixed font size over the default font size
_MAX_FONT_SIZE = 10_000.0  # Chromium's kMaximumAllowedFontSize
_MIN_LOGICAL_FONT_SIZE = 6.0  # Chrome's default minimum logical font size
_BORDER_KEYWORDS = {"thin": 1.0, "medium": 3.0, "thick": 5.0}
_SIDES = ("top", "right", "bottom", "left")
_LENGTHS = tuple(
    [f"margin-{s}" for s in _SIDES]
    + [f"padding-{s}" for s in _SIDES]
    + ["width", "height", "min-width", "min-height", "max-width", "max-height", *_SIDES]
    + ["text-indent", "flex-basis", "row-gap", "column-gap", "column-width"]
)
_CSS_WIDE = frozenset({"inherit", "initial", "unset", "revert", "revert-layer"})
_LAYOUT_UA_ORDER_OFFSET = -(10**9)  # layout's UA rules rank before the tree's, whose order they share

_UA_RULES: RuleSet | None = None


def _layout_declarations(block: Any, origin: Any) -> tuple[Any, Any]:
    import tinycss2

    contents = tinycss2.parse_blocks_contents(block, skip_comments=True, skip_whitespace=True)
    layout = LayoutDeclarations.of(contents)
    payload = (origin, [], layout) if layout is not None else None
    return payload, None


def _ua_rules() -> RuleSet:
    global _UA_RULES
    if _UA_RULES is None:
        from . import rule_scan

        rules = RuleSet(_layout_declarations)
        rules.start_sheet()
        css = files("axsynth.style").joinpath("ua_layout.css").read_text("utf-8")
        for prelude, block in rule_scan.style_rules(css):
            rules.add(prelude, block, _UA)
        _UA_RULES = rules
    return _UA_RULES


def _layout_of(payload: tuple) -> list:
    layout = payload[2]
    return layout.parsed() if layout is not None else []


class LayoutStyles:
    """The computed layout styles of one document at one viewport."""

    def __init__(self, styles: Styles, quirks: bool, viewport: tuple[float, float]) -> None:
        self.styles = styles
        self.quirks = quirks
        self.viewport = viewport
        self._computed: dict[Element, Style] = {}
        self._pseudo: dict[tuple[Element, str], Style | None] = {}
        self._ua_matched: dict[Element, list] | None = None
        self._root_font_size: float | None = None
        self._memo: dict[tuple, Style] = {}
        self._initial = self._initial_style()
        # The non-inherited properties' initial values for an element (border widths are
        # medium until a border style makes them count).
        self._defaults = {**self._initial, **{f"border-{side}-width": 3.0 for side in _SIDES}}

    # --- access ----------------------------------------------------------------------

    def of(self, element: Element) -> Style:
        """The computed layout style of an element of the flat tree."""
        style = self._computed.get(element)
        if style is None:
            parent = _flat_parent(self.styles, element)
            parent_style = self.of(parent) if parent is not None else self._initial
            style = self.compute(element, parent_style)
        return style

    def compute(self, element: Element, parent: Style) -> Style:
        """The style of ``element`` whose flat-tree parent has the style ``parent``
        (the box tree builder walks top-down and passes it)."""
        style = self._computed.get(element)
        if style is None:
            style = self._computed[element] = self._style_for(element, None, parent)
        return style

    def pseudo(self, element: Element, which: str) -> Style | None:
        """The layout style of ``element``'s ::before, ::after, ::marker… (None when the
        tree's cascade gives it none: no box)."""
        key = (element, which)
        if key not in self._pseudo:
            exists = self.styles.pseudo(element, which) is not None
            self._pseudo[key] = self._style_for(element, which, self.of(element)) if exists else None
        return self._pseudo[key]

    def anonymous(self, parent: Style) -> Style:
        """The style of an anonymous box: the parent's inherited values, the initial
        values of the others."""
        key = ("anonymous", id(parent))
        style = self._memo.get(key)
        if style is None:
            style = {
                name: parent[name] if inherited else self._initial[name]
                for name, (_initial, inherited) in layout_properties.PROPERTIES.items()
            }
            for name in ("_font_specified", "_font_keyword", "_font_absolute", "font", "font-size", "line-height"):
                style[name] = parent[name]
            style["_memo_key"] = parent
            self._memo[key] = style
        return style

    @property
    def initial(self) -> Style:
        """The style the root element inherits from (the initial values)."""
        return self._initial

    # --- the cascade -----------------------------------------------------------------

    def _matched(self, element: Element) -> list:
        if self._ua_matched is None:
            self._ua_matched = {}
            rules = _ua_rules()
            for scope in _scopes(self.styles.document):
                tops = [top for top in scope.children if isinstance(top, Element)]
                match_scope(tops, (rules,), self._ua_matched)
        ua = [
            (spec, order + _LAYOUT_UA_ORDER_OFFSET, which, payload)
            for spec, order, which, payload in self._ua_matched.get(element, ())
        ]
        return ua + self.styles.matched.get(element, [])

    def _declared(self, element: Element, pseudo: str | None, variables: dict) -> dict[str, Any]:
        hints = layout_hints(element) if pseudo is None else ()
        entries = cascade_entries(
            element, self._matched(element), pseudo, hints, _layout_of, parse_style_attribute_layout
        )
        declared: dict[str, Any] = {}
        for entry in entries:
            name, value = entry[4], entry[5]
            if isinstance(value, LayoutVar):
                value = resolve_layout_var(name, value, variables)
            declared[name] = value
        return declared

    def _style_for(self, element: Element, pseudo: str | None, parent: Style) -> Style:
        tree_style = self.styles.pseudo(element, pseudo) if pseudo else self.styles.get(element)
        variables = dict(tree_style[CUSTOM]) if tree_style is not None else {}
        declared = self._declared(element, pseudo, variables)
        key = (id(parent), tuple(sorted((k, _key(v)) for k, v in declared.items())), _borders_key(tree_style))
        style = self._memo.get(key)
        if style is None:
            is_root = pseudo is None and isinstance(element.parent, Document)
            style = self._memo[key] = self._computed_style(declared, parent, tree_style, is_root)
            style["_memo_key"] = key  # keeps the parent alive, so its id stays unique
        return style

    # --- computing ---------------------------------------------------------------------

    def _initial_style(self) -> Style:
        style: Style = {}
        units = lengths.Units(viewport_width=self.viewport[0], viewport_height=self.viewport[1])
        for name, (initial, _inherited) in layout_properties.PROPERTIES.items():
            style[name] = _compute_value(name, initial, units)
        style.update(self._font_facts(16.0, _MEDIUM, False, (("serif", True),), 400.0, "normal"))
        style["line-height"] = "normal"
        for side in _SIDES:
            style[f"border-{side}-width"] = 0.0  # the initial border-style is none
        return style

    def _computed_style(self, declared: dict, parent: Style, tree_style: Any, is_root: bool) -> Style:
        style: Style = {}
        for name, (_initial, inherited) in layout_properties.PROPERTIES.items():
            style[name] = parent[name] if inherited else self._defaults[name]
        for name in ("_font_specified", "_font_keyword", "_font_absolute", "font", "font-size"):
            style[name] = parent[name]
        style.update(self._fonts(declared, parent))
        font_size = style["font-size"]
        if is_root:
            self._root_font_size = font_size
        metrics = style["font"].metrics
        line_height = self._line_height(declared.get("line-height"), parent, font_size)
        style["line-height"] = line_height
        units = lengths.Units(
            em=font_size,
            rem=self._root_font_size if self._root_font_size is not None and not is_root else font_size,
            ex=metrics.x_height,
            ch=metrics.zero_width,
            cap=metrics.cap_height,
            lh=used_line_height(style),
            rlh=used_line_height(style),
            viewport_width=self.viewport[0],
            viewport_height=self.viewport[1],
        )
        for name, value in declared.items():
            if name in _FONT_PROPERTIES or name == "line-height" or name not in layout_properties.PROPERTIES:
                continue
            initial, inherited = layout_properties.PROPERTIES[name]
            if value in _CSS_WIDE:
                if value == "inherit" or (value != "initial" and inherited):
                    style[name] = parent[name]
                    continue
                value = initial
            style[name] = _compute_value(name, value, units)
        self._border_widths(style, tree_style)
        return style

    def _fonts(self, declared: dict, parent: Style) -> Style:
        family = _wide(declared.get("font-family"), parent["font-family"], (("serif", True),))
        weight = _weight(_wide(declared.get("font-weight"), parent["font-weight"], "normal"), parent["font-weight"])
        italic = _wide(declared.get("font-style"), parent["font-style"], "normal")
        specified, keyword, absolute = parent["_font_specified"], parent["_font_keyword"], parent["_font_absolute"]
        is_mono = family == _MONOSPACE
        size = declared.get("font-size")
        if size in _CSS_WIDE and size not in ("inherit", "unset"):
            size = "medium"
        if size is not None and size not in ("inherit", "unset"):
            specified, keyword, absolute = self._font_size(size, parent, is_mono)
        if not absolute and is_mono != (parent["font-family"] == _MONOSPACE):
            # FontBuilder::CheckForGenericFamilyChange: a size not set in px follows the
            # switch between the default and the fixed (monospace) font size.
            if keyword:
                specified = float(_SIZES[(self.quirks, is_mono)][keyword - 1])
            else:
                specified = specified * _FIXED_SCALE if is_mono else specified / _FIXED_SCALE
        return self._font_facts(specified, keyword, absolute, family, weight, italic)

    def _font_facts(
        self, specified: float, keyword: int, absolute: bool, family: tuple, weight: float, style: str
    ) -> Style:
        computed = min(specified, _MAX_FONT_SIZE)
        if 0 < computed < _MIN_LOGICAL_FONT_SIZE and not absolute:
            computed = _MIN_LOGICAL_FONT_SIZE
        spec = FontSpec(family, weight, style in ("italic", "oblique"), computed)
        return {
            "font-family": family,
            "font-weight": weight,
            "font-style": style,
            "font-size": computed,
            "font": font(spec),
            "_font_specified": specified,
            "_font_keyword": keyword,
            "_font_absolute": absolute,
        }

    def _font_size(self, value: Any, parent: Style, is_mono: bool) -> tuple[float, int, bool]:
        """(specified size, keyword index or 0, is absolute) of a declared font-size."""
        parent_size = parent["_font_specified"]
        if isinstance(value, str):
            if value in _KEYWORDS:
                index = _KEYWORDS.index(value) + 1
                return float(_SIZES[(self.quirks, is_mono)][index - 1]), index, False
            factor = 1.2 if value == "larger" else 1 / 1.2
            return parent_size * factor, 0, parent["_font_absolute"]
        relative = _is_font_relative(value)
        units = lengths.Units(
            em=parent_size,
            rem=self._root_font_size or 16.0,
            ex=parent["font"].metrics.x_height,
            ch=parent["font"].metrics.zero_width,
            viewport_width=self.viewport[0],
            viewport_height=self.viewport[1],
        )
        size = lengths.resolve(lengths.compute(value, units), parent_size)
        absolute = parent["_font_absolute"] if relative else True
        return max(size, 0.0), 0, absolute

    def _line_height(self, value: Any, parent: Style, font_size: float) -> Any:
        if value is None or value in ("inherit", "unset"):
            inherited = parent["line-height"]
            return inherited
        if value in _CSS_WIDE or value == "normal":
            return "normal"
        if isinstance(value, tuple) and value[0] == "number":
            return value
        units = lengths.Units(em=font_size, viewport_width=self.viewport[0], viewport_height=self.viewport[1])
        return lengths.resolve(lengths.compute(value, units), font_size)

    @staticmethod
    def _border_widths(style: Style, tree_style: Any) -> None:
        """A border's width computes to 0 when its style is none or hidden; else to whole
        px at or above 1 (Chromium snaps border widths to device pixels)."""
        for side in _SIDES:
            name = f"border-{side}-width"
            border_style = tree_style.get(f"border-{side}-style", "none") if tree_style is not None else "none"
            if border_style in ("none", "hidden"):
                style[name] = 0.0
                continue
            width = style[name]
            style[name] = float(math.floor(width)) if width >= 1 else (1.0 if width > 0 else 0.0)


_FONT_PROPERTIES = frozenset({"font-family", "font-weight", "font-style", "font-size"})


def used_line_height(style: Style) -> float:
    """The line-height in px of a computed style ('normal': the primary font's line spacing)."""
    value = style["line-height"]
    if value == "normal":
        return style["font"].metrics.line_spacing
    if isinstance(value, tuple):
        return value[1] * style["font-size"]
    return value


def _compute_value(name: str, value: Any, units: lengths.Units) -> Any:
    if isinstance(value, (lengths.Leaf, lengths.Op)):
        computed = lengths.compute(value, units)
        if name.startswith("padding") or name in ("width", "height") or name.startswith(("min-", "max-")):
            if computed.__class__ is float and computed < 0:
                return 0.0
        return computed
    if name.startswith("border-") and name.endswith("-width") and isinstance(value, str):
        return _BORDER_KEYWORDS.get(value, 3.0)
    if name in ("letter-spacing", "word-spacing") and value == "normal":
        return 0.0
    return value


def _wide(value: Any, inherited: Any, initial: Any) -> Any:
    """A declared inherited value, with CSS-wide keywords and absence resolved."""
    if value is None or value in ("inherit", "unset"):
        return inherited
    if value in _CSS_WIDE:
        return initial
    return value


def _weight(value: Any, parent: float) -> float:
    if value == "normal":
        return 400.0
    if value == "bold":
        return 700.0
    if value == "bolder":
        return 400.0 if parent < 350 else 700.0 if parent < 550 else 900.0 if parent < 900 else parent
    if value == "lighter":
        return parent if parent < 100 else 100.0 if parent < 550 else 400.0 if parent < 750 else 700.0
    return float(value)


def _is_font_relative(expr: Any) -> bool:
    if isinstance(expr, lengths.Leaf):
        return expr.unit in ("em", "ex", "ch", "%", "cap", "ic", "lh")
    return any(_is_font_relative(arg) for arg in expr.args)


def _key(value: Any) -> Any:
    """A hashable stand-in for a specified value (token tuples by identity)."""
    try:
        hash(value)
        return value
    except TypeError:
        return id(value)


def _borders_key(tree_style: Any) -> tuple:
    if tree_style is None:
        return ()
    return tuple(tree_style.get(f"border-{side}-style") for side in _SIDES)


def _flat_parent(styles: Styles, node: Node) -> Element | None:
    """The element a node inherits from in the flat tree."""
    slot = styles.flat.slot_of(node)
    if slot is not None:
        return slot
    parent = node.parent
    if isinstance(parent, ShadowRoot):
        return parent.host
    return parent if isinstance(parent, Element) else None


def _scopes(document: Document) -> list:
    scopes: list = []
    stack: list = [document]
    while stack:
        scope = stack.pop()
        scopes.append(scope)
        stack += [el.shadow_root for el in scope.iter_elements() if el.shadow_root is not None]
    return scopes
