"""The cascade, without layout: which declarations apply to each element and its
::before/::after/::marker, then inheritance and the few used-value adjustments
(blockification, display:none subtrees) that decide which boxes exist.

Selectors are matched by axsynth's selector engine (``style/selectors``): rules filed
by their rightmost id, class, type or attribute, compiled when first needed, descendant
selectors rejected by an ancestor filter. Sheets are scanned for their rules without
tokenizing them (``style/rule_scan``); a rule's declarations are parsed when it first
matches. Each tree scope (the document, every shadow root) has its own author rules, as
in a browser; the UA sheet applies everywhere.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from importlib.resources import files
from typing import Any, Iterable

import tinycss2

from ..html.dom import (
    HTML_NS,
    MATHML_NS,
    SVG_NS,
    Document,
    Element,
    FlatTree,
    Node,
    ShadowRoot,
    is_outermost_svg,
)
from ..html.resources import Loader, LoadPolicy
from . import counter_styles, counters, list_items, media, presentational, rule_scan, sheets
from .layout_declarations import LayoutDeclarations
from .properties import (
    CUSTOM,
    INHERITED,
    INITIAL,
    VarReference,
    declarations,
    parse_style_attribute,
    resolve_var_reference,
)
from .selectors import MAX_NESTING, MatchContext, RuleSet, SelectorError, compile_selector_list, match_scope
from .selectors.limits import nesting_depth

Style = dict[str, Any]
# Styled only when a rule targets it: it makes no box of its own (the tree splits the text).
FIRST_LETTER = "first-letter"

# Origin/importance ranks, lowest first (CSS Cascade 4 §6.1).
_UA, _AUTHOR, _AUTHOR_IMPORTANT, _UA_IMPORTANT = range(4)
# A shadow tree's :host rules style its host, but lose to the host's own
# tree scope (CSS Scoping §3.3: the outer context wins for normal rules).
_DEFAULTING = frozenset({"unset", "revert", "revert-layer"})
_NOT_INHERITED_INITIAL = {name: value for name, value in INITIAL.items() if name not in INHERITED}
_INHERITED_IN_ORDER = tuple(name for name in INITIAL if name in INHERITED)
_HOST = 0.5
# A linked sheet's rules rank as the author's; the origin tells them apart because
# they arrive after the parser (see Styles.late_padding).
_AUTHOR_LINKED = 1.25
_INLINE_PADDING = ("padding-left", "padding-right")
_HOST_SPECIFICITY = (0, 1, 0)

# display:contents on these computes to display:none (CSS Display 3 §2.8).
_CONTENTS_IS_NONE = frozenset(
    "img input select textarea iframe video audio canvas object embed meter progress br wbr frame frameset".split()
)
_BLOCKIFY = {
    "inline": "block",
    "inline-block": "block",
    "inline-flex": "flex",
    "inline-grid": "grid",
    "inline-table": "table",
    "table-row": "block",
    "table-cell": "block",
    "table-row-group": "block",
    "table-header-group": "block",
    "table-footer-group": "block",
    "table-caption": "block",
    "table-column": "block",
    "table-column-group": "block",
    "ruby": "block",
    "ruby-text": "block",
    "-webkit-inline-box": "-webkit-box",
}


def _build_rule_set(sheets: Iterable[tuple[str, int]]) -> RuleSet:
    rule_set = RuleSet(_declarations)
    for css, origin in sheets:
        rule_set.start_sheet()
        for prelude, block in rule_scan.style_rules(css):
            rule_set.add(prelude, block, origin)
    return rule_set


# origin: a float (the host's 0.5, a linked sheet's 1.25); annotated int, the compiled build
# would take it as a C integer and truncate them.
def _declarations(block: str | list, origin: float) -> tuple[Any, Any]:
    """A rule's payload for its matches, parsed when one of its selectors first matches:
    (origin, declarations) for every selector when it declares something; a rule with
    no declaration axsynth reads still matters as a ::first-letter target (it splits the
    text), whatever it sets."""
    contents = tinycss2.parse_blocks_contents(block, skip_comments=True, skip_whitespace=True)
    decls = declarations(contents)
    layout = LayoutDeclarations.of(contents)
    payload = (origin, decls, layout)
    matters = bool(decls) or layout is not None
    styles_first_letter = any(item.type == "declaration" for item in contents)
    return (payload if matters else None), (payload if matters or styles_first_letter else None)


def _host_rules(sheets: Iterable[tuple[str, int]]) -> list[tuple[Any, tuple, list]]:
    """The ``:host`` and ``:host(<selector>)`` selectors of a shadow tree's
    sheets: (compiled argument or None, specificity, declarations, layout declarations)."""
    out = []
    for css, _origin in sheets:
        for prelude, block in rule_scan.style_rules(css):
            if isinstance(prelude, str):
                if "host" not in prelude.lower() and "\\" not in prelude:
                    continue  # no :host here (an escape could spell one)
                prelude = tinycss2.parse_component_value_list(prelude, skip_comments=True)
            if nesting_depth(prelude) > MAX_NESTING:
                continue  # not serialized (it recurses); the rule set drops the rule with a note
            contents = tinycss2.parse_blocks_contents(block, skip_comments=True, skip_whitespace=True)
            decls = declarations(contents)
            layout = LayoutDeclarations.of(contents)
            for text in tinycss2.serialize(prelude).split(","):
                host = _host_selector(text.strip())
                if (decls or layout is not None) and host is not None:
                    out.append((*host, decls, layout))
    return out


def _host_selector(text: str) -> tuple[Any, tuple] | None:
    if text == ":host":
        return None, _HOST_SPECIFICITY
    if not (text.startswith(":host(") and text.endswith(")")):
        return None  # :host-context() and compound :host selectors are not supported
    try:
        arg = compile_selector_list(text[6:-1])
    except SelectorError:
        return None
    if len(arg) != 1:
        return None
    spec = tuple(a + b for a, b in zip(_HOST_SPECIFICITY, arg[0].specificity))
    return arg[0], spec


_UA_RULES: RuleSet | None = None

# Author rule sets by their sheets' text, most recently used last. A process that
# builds many documents (a test suite, `axsynth batch` over one site) sees the same
# stylesheets again, and parsing them and compiling their selectors is most of the
# per-document style cost. A matcher is never changed once built and depends on
# nothing but the text (media and @supports conditions are fixed), so documents can
# share it. Bounded by the CSS text it was built from, so that a long-running
# process keeps a few sites' sheets, not every page's.
_AUTHOR_MATCHERS: OrderedDict[tuple[tuple[str, int], ...], RuleSet] = OrderedDict()
_AUTHOR_MATCHERS_MAX_CHARS = 2_000_000
_author_matchers_chars = 0
# Documents may be built in several threads at once (a server, a user's thread pool):
# the look-up and the bookkeeping are done under a lock, a matcher is built outside it.
_AUTHOR_MATCHERS_LOCK = threading.Lock()


def _author_rules(sheets: list[tuple[str, int]]) -> RuleSet:
    """_build_rule_set(sheets), shared by the documents with the same sheets."""
    global _author_matchers_chars
    key = (*sheets, media.current_viewport())  # media queries were evaluated for this viewport
    with _AUTHOR_MATCHERS_LOCK:
        matcher = _AUTHOR_MATCHERS.get(key)
        if matcher is not None:
            _AUTHOR_MATCHERS.move_to_end(key)
            return matcher
    matcher = _build_rule_set(sheets)
    size = sum(len(css) for css, _origin in sheets)
    with _AUTHOR_MATCHERS_LOCK:
        if size <= _AUTHOR_MATCHERS_MAX_CHARS and key not in _AUTHOR_MATCHERS:
            _AUTHOR_MATCHERS[key] = matcher
            _author_matchers_chars += size
            while _author_matchers_chars > _AUTHOR_MATCHERS_MAX_CHARS:
                evicted, _ = _AUTHOR_MATCHERS.popitem(last=False)
                _author_matchers_chars -= sum(len(css) for css, _origin in evicted[:-1])
    return matcher


def _ua_rules() -> RuleSet:
    global _UA_RULES
    if _UA_RULES is None:
        _UA_RULES = _build_rule_set([(files("axsynth.style").joinpath("ua.css").read_text("utf-8"), _UA)])
    return _UA_RULES


def _match_host(rules: Iterable, host: Element) -> list:
    """Host rules that apply, in the shape of rule set matches."""
    ctx = MatchContext()
    return [
        (spec, order, None, (_HOST, decls, layout))
        for order, (arg, spec, decls, layout) in enumerate(rules)
        if arg is None or arg.matches(host, ctx)
    ]


class Styles:
    """Computed styles of every element in the flat tree, and of its pseudo-elements."""

    def __init__(self, document: Document, flat: FlatTree, loader: Loader | None = None) -> None:
        self.document = document
        self.flat = flat
        # Reads the linked sheets (none without a policy) and notes the ones it does not.
        self._loader = loader if loader is not None else Loader(LoadPolicy(), "about:blank")
        self._styles: dict[Element, Style] = {}  # not id() keys: one int object less per element
        # Pseudo-element styles by element, then by which: most elements have none, and
        # the tree builder asks for four of them per element.
        self._pseudo: dict[Element, dict[str, Style]] = {}
        self._counters: dict | None = None
        self._distinct: dict[tuple, Style] = {}
        self._numbering: list_items.Numbering | None = None
        self.counter_styles: dict[str, counter_styles.CounterStyle] = {}  # the document's @counter-style rules
        # Elements whose inline-axis padding a linked sheet sets (Chromium lays out some
        # pages before such sheets arrive, and an empty inline's line keeps that layout).
        self.late_padding: set[Element] = set()
        # The rules each element matched (what the layout cascade reads again: the
        # properties layout needs are cascaded only when layout runs).
        self.matched: dict[Element, list] = {}
        self._compute()

    def of(self, element: Element) -> Style:
        return self._styles[element]

    def get(self, element: Element) -> Style | None:
        return self._styles.get(element)

    def pseudo(self, element: Element, which: str) -> Style | None:
        styles = self._pseudo.get(element)
        return styles.get(which) if styles is not None else None

    def has_pseudo(self, element: Element) -> bool:
        """Whether any pseudo-element of ``element`` has a style."""
        return element in self._pseudo

    def counters(self, element: Element, which: str) -> dict[str, tuple[int, ...]]:
        """The counter values a ::before/::after of ``element`` sees (for ``counter()``)."""
        if self._counters is None:
            self._counters = counters.compute(
                self.document, self.flat.children, self.get, self.pseudo, self._list_numbering().implicit_counter
            )
        return self._counters.get((id(element), which), {})

    def list_ordinal(self, element: Element) -> int:
        """The number a display:list-item element's ::marker counts with."""
        return self._list_numbering().ordinals.get(id(element), 1)

    def _list_numbering(self) -> list_items.Numbering:
        if self._numbering is None:
            self._numbering = list_items.compute(self.document, self.flat.children, self.get)
        return self._numbering

    # --- computation -------------------------------------------------------

    def _compute(self) -> None:
        # The rules each element matches, in its tree scope: keyed by the elements themselves
        # (an id() key is one more int object per element).
        matched_rules: dict[Element, list] = {}
        host_rules: dict[int, list] = {}
        ua = _ua_rules()
        for scope, elements in self._scopes():
            sheets = self._author_sheets(elements)
            if isinstance(scope, Document):
                self.counter_styles = counter_styles.collect(sheets)
            author = _author_rules(sheets)
            if isinstance(scope, ShadowRoot):
                host_rules[id(scope.host)] = _host_rules(sheets)
            tops = [top for top in scope.children if isinstance(top, Element)]
            match_scope(tops, (ua, author), matched_rules)
            self._loader.notes += [note for note in author.notes if note not in self._loader.notes]
        # Cascade results by their inputs: most elements repeat a few combinations.
        # Keys hold ids of rule declarations and styles that outlive this loop.
        memo: dict[tuple, Style | None] = {}
        root_style: Style = dict(INITIAL)
        stack: list[tuple[Node, Style, bool]] = [(c, root_style, True) for c in reversed(self.document.children)]
        while stack:
            node, parent_style, parent_is_flex = stack.pop()
            if not isinstance(node, Element):
                continue
            matched = matched_rules.get(node, [])
            if id(node) in host_rules:
                matched = matched + _match_host(host_rules[id(node)], node)
            self.matched[node] = matched
            rules = tuple([(spec, order, which, payload[0], id(payload)) for spec, order, which, payload in matched])
            style = self._cascade_once(memo, rules, node, matched, None, parent_style, parent_is_flex)
            self._styles[node] = style
            # Probed: Chromium 156 does not blockify the children of a -webkit-box.
            is_flex = style["display"] in ("flex", "inline-flex", "grid", "inline-grid")
            # StyleAdjuster: a math box (a MathML element laid out as math) blockifies its children too.
            is_flex = is_flex or (
                node.namespace == MATHML_NS and style["display"] in ("inline", "inline-block", "block")
            )
            targeted = {entry[2] for entry in matched}  # the pseudo-elements (and None) rules target
            for which in self._pseudos_to_style(style, targeted):
                # ::before/::after are the element's first/last children: flex/grid items too.
                pseudo_style = self._cascade_once(
                    memo, rules, node, matched, which, style, is_flex and which != "marker"
                )
                if pseudo_style is not None:
                    self._pseudo.setdefault(node, {})[which] = pseudo_style
            if FIRST_LETTER in targeted:
                self._pseudo.setdefault(node, {})[FIRST_LETTER] = self._cascade_once(
                    memo, rules, node, matched, FIRST_LETTER, style, False
                )
            stack += [(child, style, is_flex) for child in reversed(self.flat.children(node))]

    def _cascade_once(
        self,
        memo: dict,
        rules: tuple,
        element: Element,
        matched: list,
        pseudo: str | None,
        parent: Style,
        parent_is_flex: bool,
    ) -> Style | None:
        """_cascade, reused for an element with the same inputs: the matched rules,
        pseudo-element, parent style, inline style and what _adjust_display reads."""
        attribute_hints = presentational.hints(element)
        key = (
            rules,
            pseudo,
            id(parent),
            parent_is_flex,
            element.attrs.get("style"),
            element.local_name,
            element.namespace,
            isinstance(element.parent, Document),
            attribute_hints,
        )
        if key not in memo:
            memo[key] = self._cascade(element, matched, pseudo, parent, parent_is_flex, attribute_hints)
        style, late_padding = memo[key]
        if late_padding and pseudo is None:
            self.late_padding.add(element)
        return style

    def _cascade(
        self,
        element: Element,
        matched: list,
        pseudo: str | None,
        parent: Style,
        parent_is_flex: bool,
        attribute_hints: tuple = (),
    ) -> tuple[Style | None, bool]:
        """The computed style, and whether a linked sheet set its inline-axis padding."""
        entries = cascade_entries(element, matched, pseudo, attribute_hints, _tree_declarations, parse_style_attribute)
        declared_by = {entry[4]: entry for entry in entries}
        late_padding = any(declared_by[name][6] for name in _INLINE_PADDING if name in declared_by)
        declared = _with_variables({name: entry[5] for name, entry in declared_by.items()}, parent[CUSTOM])
        if pseudo in ("before", "after") and declared.get("content", "normal") in ("normal", "none"):
            return None, False  # no ::before/::after box without content
        style: Style = dict(_NOT_INHERITED_INITIAL)
        for name in _INHERITED_IN_ORDER:
            style[name] = parent[name]
        for name, value in declared.items():
            if name not in INITIAL:
                continue
            if value == "inherit" or (value in _DEFAULTING and name in INHERITED):
                style[name] = parent[name]
            elif value == "initial" or value in _DEFAULTING:
                style[name] = INITIAL[name]
            else:
                style[name] = value
        self._adjust_display(element, style, parent, parent_is_flex, pseudo)
        if pseudo is None and element.namespace == SVG_NS and not is_outermost_svg(element):
            # AdjustStyleForSvgElement: only the root <svg> of a fragment honours position.
            style["position"] = "static"
        _adjust_for_editing(style)
        return self._shared(style), late_padding

    def _shared(self, style: Style) -> Style:
        """One dict per distinct computed style: most elements share one with many
        others, and styles are never changed once computed."""
        return self._distinct.setdefault(tuple(style.values()), style)

    @staticmethod
    def _pseudos_to_style(style: Style, targeted: set[str | None]) -> list[str]:
        """::before/::after exist only where a rule gives them content (a box needs
        it); ::marker only on list items. Others are not worth a cascade."""
        pseudos = [which for which in ("before", "after") if which in targeted]
        if style["display"] == "list-item":
            pseudos.append("marker")
        # ::picker(select), for whether it opts into appearance: base-select too, and
        # a carousel's ::scroll-button()s, ::scroll-marker-group and ::scroll-marker.
        pseudos += [which for which in targeted if which is not None and which.startswith(("picker", "scroll-"))]
        return pseudos

    @staticmethod
    def _adjust_display(
        element: Element, style: Style, parent: Style, parent_is_flex: bool, pseudo: str | None
    ) -> None:
        display = style["display"]
        if (
            pseudo is None
            and display == "contents"
            and element.local_name in _CONTENTS_IS_NONE
            and element.namespace == HTML_NS
        ):
            display = "none"
        if pseudo == FIRST_LETTER:
            display = "inline"  # StyleAdjuster: a ::first-letter box is inline unless floated
        if (
            display in ("-webkit-box", "-webkit-inline-box")
            and style["-webkit-box-orient"] in ("vertical", "block-axis")
            and style["-webkit-line-clamp"] != "none"
        ):
            # IsDeprecatedWebkitBoxWithVerticalLineClamp: laid out as a block flow, not a flexbox.
            display = "flow-root" if display == "-webkit-box" else "inline-block"
        if (
            display != "none"
            and display != "contents"
            and (
                parent_is_flex
                or style["float"] != "none"
                or style["position"] in ("absolute", "fixed")
                or (pseudo is None and element.parent is not None and isinstance(element.parent, Document))
            )
        ):
            display = _BLOCKIFY.get(display, display)
        if pseudo is None and element.namespace == SVG_NS and element.local_name in ("text", "foreignObject"):
            # StyleAdjuster: SVG text layout expects a block-level <text>/<foreignObject>.
            display = _BLOCKIFY.get(display, display)
        style["display"] = display

    def _scopes(self) -> list[tuple[Document | ShadowRoot, list[Element]]]:
        """Every tree scope (the document, each shadow root) with its elements in
        tree order: one walk serves the scope's sheets, index and shadow roots."""
        scopes = []
        stack: list[Document | ShadowRoot] = [self.document]
        while stack:
            scope = stack.pop()
            elements = list(scope.iter_elements())
            scopes.append((scope, elements))
            stack += [el.shadow_root for el in elements if el.shadow_root is not None]
        return scopes

    def _author_sheets(self, elements: list[Element]) -> list[tuple[str, int]]:
        return [
            (css, _AUTHOR_LINKED if linked else _AUTHOR) for css, linked in sheets.author_sheets(elements, self._loader)
        ]


def _tree_declarations(payload: tuple) -> list:
    return payload[1]


def cascade_entries(
    element: Element,
    matched: list,
    pseudo: str | None,
    hints: tuple,
    declarations_of: Any,
    style_attribute: Any,
) -> list[tuple]:
    """The declarations that apply to an element (or one of its pseudo-elements), in
    cascade order, lowest first: (rank, is style attribute, specificity, order, name,
    value, from a linked sheet). ``declarations_of(payload)`` gives a matched rule's
    (name, value, important) declarations, ``style_attribute(text)`` those of a style
    attribute: the tree's properties and layout's are cascaded alike."""
    # Presentational hints: author declarations ahead of every author rule (order -1).
    entries = [(_AUTHOR, False, (0, 0, 0), -1, name, value, False) for name, value in hints] if pseudo is None else []
    for specificity, order, match_pseudo, payload in matched:
        if match_pseudo != pseudo:
            continue
        origin = payload[0]
        linked = origin == _AUTHOR_LINKED
        for name, value, important in declarations_of(payload):
            if important:
                rank = _UA_IMPORTANT if origin == _UA else _AUTHOR_IMPORTANT
            else:
                rank = _AUTHOR if linked else origin
            entries.append((rank, False, specificity, order, name, value, linked))
    if pseudo is None and "style" in element.attrs:
        # Element-attached declarations (style="") win over every selector of their
        # origin and importance, whatever its specificity (CSS Cascade 5 §6.1).
        for name, value, important in style_attribute(element.attrs["style"]):
            entries.append((_AUTHOR_IMPORTANT if important else _AUTHOR, True, (), 0, name, value, False))
    entries.sort(key=lambda e: e[:4])
    return entries


def _with_variables(declared: dict[str, Any], inherited: tuple) -> dict[str, Any]:
    """The declarations with custom properties gathered into CUSTOM (inherited ones
    included) and var() references computed against them (CSS Variables 1)."""
    custom = {name: value for name, value in declared.items() if name.startswith("--")}
    if not custom and not any(isinstance(value, VarReference) for value in declared.values()):
        return declared
    variables = dict(inherited)
    variables.update(custom)
    out: dict[str, Any] = {CUSTOM: tuple(sorted(variables.items()))} if custom else {}
    for name, value in declared.items():
        if name.startswith("--"):
            continue
        if isinstance(value, VarReference):
            out.update(resolve_var_reference(name, value, variables))
        else:
            out[name] = value
    return out


# StyleAdjuster::AdjustStyleForEditing: collapsing white space is harmful in plain-text editing.
_PLAINTEXT_WHITE_SPACE = {"normal": "pre-wrap", "nowrap": "pre", "pre-line": "pre-wrap"}


def _adjust_for_editing(style: Style) -> None:
    if style["-webkit-user-modify"] == "read-write-plaintext-only":
        style["white-space"] = _PLAINTEXT_WHITE_SPACE.get(style["white-space"], style["white-space"])
