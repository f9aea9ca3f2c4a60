"""The cascade, without layout: which declarations apply to each element and its
::before/::after/::marker, then inheritance and the few used-value adjustments
(blockification, display:none subtrees) that decide which boxes exist.

Selectors are matched with cssselect2, whose Matcher buckets them by their
rightmost id/class/tag.  Each tree scope (the document, every shadow root) has its
own author rules, as in a browser; the UA sheet applies everywhere.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from importlib.resources import files
from typing import Any, Iterable, Iterator

import cssselect2
import tinycss2
from cssselect2.compiler import split_whitespace

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
from . import counter_styles, counters, list_items, nesting, presentational, pseudo_elements, sheets
from .properties import (
    CUSTOM,
    INHERITED,
    INITIAL,
    VarReference,
    declarations,
    parse_style_attribute,
    resolve_var_reference,
)
from .selectors import MAX_NESTING, MAX_SHEET_SELECTORS, compile_selector_list
from .selectors import nesting as selector_nesting

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


def _build_matcher(sheets: Iterable[tuple[str, int]]) -> cssselect2.Matcher:
    matcher = cssselect2.Matcher()
    matcher.notes = []  # rules and selectors dropped as too complex, one line each
    for css, origin in sheets:
        added = 0
        for rule in _style_rules(tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True)):
            contents = tinycss2.parse_blocks_contents(rule.content, skip_comments=True, skip_whitespace=True)
            decls = declarations(contents)
            # A ::first-letter rule matters by matching (it splits the text), whatever it sets.
            styles_first_letter = any(item.type == "declaration" for item in contents)
            if not decls and not styles_first_letter:
                continue
            try:
                selectors = pseudo_elements.rule_selectors(rule.prelude, matcher.notes)
            except cssselect2.SelectorError:
                continue  # an invalid selector drops the whole rule
            if added + len(selectors) > MAX_SHEET_SELECTORS:  # Chromium's rule set holds no more of a sheet
                matcher.notes.append(f"a stylesheet's selectors after the {MAX_SHEET_SELECTORS:,}th are dropped")
                break
            added += len(selectors)
            for selector in selectors:
                if decls or selector.pseudo_element == FIRST_LETTER:
                    matcher.add_selector(selector, (origin, decls))
    return matcher


def _host_rules(sheets: Iterable[tuple[str, int]]) -> list[tuple[Any, tuple, list]]:
    """The ``:host`` and ``:host(<selector>)`` selectors of a shadow tree's
    sheets: (compiled argument or None, specificity, declarations)."""
    out = []
    for css, _origin in sheets:
        for rule in _style_rules(tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True)):
            decls = declarations(tinycss2.parse_blocks_contents(rule.content, skip_comments=True, skip_whitespace=True))
            if selector_nesting(rule.prelude) > MAX_NESTING:
                continue  # not serialized (it recurses); the rule is dropped, with a note, by _build_matcher
            for text in tinycss2.serialize(rule.prelude).split(","):
                host = _host_selector(text.strip())
                if decls and host is not None:
                    out.append((*host, decls))
    return out


def _host_selector(text: str) -> tuple[Any, tuple] | None:
    if text == ":host":
        return None, _HOST_SPECIFICITY
    if not (text.startswith(":host(") and text.endswith(")")):
        return None  # :host-context() and compound :host selectors are not supported
    try:
        arg = compile_selector_list(text[6:-1])
    except cssselect2.SelectorError:
        return None
    if len(arg) != 1:
        return None
    spec = tuple(a + b for a, b in zip(_HOST_SPECIFICITY, arg[0].specificity))
    return arg[0], spec


def _style_rules(rules: list) -> Iterable:
    """The flat style rules that apply: nesting desugared, into the group rules that apply."""
    return nesting.style_rules(rules)


_UA_MATCHER: cssselect2.Matcher | None = None

# Author matchers by their sheets' text, most recently used last. A process that
# builds many documents (a test suite, `axsynth batch` over one site) sees the same
# stylesheets again, and parsing them and compiling their selectors is most of the
# per-document style cost. A matcher is never changed once built and depends on
# nothing but the text (media and @supports conditions are fixed), so documents can
# share it. Bounded by the CSS text it was built from, so that a long-running
# process keeps a few sites' sheets, not every page's.
_AUTHOR_MATCHERS: OrderedDict[tuple[tuple[str, int], ...], cssselect2.Matcher] = OrderedDict()
_AUTHOR_MATCHERS_MAX_CHARS = 2_000_000
_author_matchers_chars = 0
# Documents may be built in several threads at once (a server, a user's thread pool):
# the look-up and the bookkeeping are done under a lock, a matcher is built outside it.
_AUTHOR_MATCHERS_LOCK = threading.Lock()


def _author_matcher(sheets: list[tuple[str, int]]) -> cssselect2.Matcher:
    """_build_matcher(sheets), shared by the documents with the same sheets."""
    global _author_matchers_chars
    key = tuple(sheets)
    with _AUTHOR_MATCHERS_LOCK:
        matcher = _AUTHOR_MATCHERS.get(key)
        if matcher is not None:
            _AUTHOR_MATCHERS.move_to_end(key)
            return matcher
    matcher = _build_matcher(sheets)
    size = sum(len(css) for css, _origin in sheets)
    with _AUTHOR_MATCHERS_LOCK:
        if size <= _AUTHOR_MATCHERS_MAX_CHARS and key not in _AUTHOR_MATCHERS:
            _AUTHOR_MATCHERS[key] = matcher
            _author_matchers_chars += size
            while _author_matchers_chars > _AUTHOR_MATCHERS_MAX_CHARS:
                evicted, _ = _AUTHOR_MATCHERS.popitem(last=False)
                _author_matchers_chars -= sum(len(css) for css, _origin in evicted)
    return matcher


def _ua_matcher() -> cssselect2.Matcher:
    global _UA_MATCHER
    if _UA_MATCHER is None:
        _UA_MATCHER = _build_matcher([(files("axsynth.style").joinpath("ua.css").read_text("utf-8"), _UA)])
    return _UA_MATCHER


def _match_host(rules: Iterable, wrapper: cssselect2.ElementWrapper) -> list:
    """Host rules that apply, in the shape of cssselect2 matches."""
    return [
        (spec, order, None, (_HOST, decls))
        for order, (arg, spec, decls) in enumerate(rules)
        if arg is None or arg.test(wrapper)
    ]


# The classes of every element without a class attribute (cssselect2 only reads them).
_NO_CLASSES: frozenset[str] = frozenset()


def _wrap_subtree(top: Element) -> Iterator[cssselect2.ElementWrapper]:
    """ElementWrapper.from_html_root(top).iter_subtree() (the same wrappers, in
    preorder), each pre-filled before its children are wrapped."""
    stack = [cssselect2.ElementWrapper.from_html_root(top)]
    while stack:
        wrapper = stack.pop()
        _prefill(wrapper)
        yield wrapper
        children = []
        previous = None
        for index, child in enumerate(wrapper.etree_children):
            previous = cssselect2.ElementWrapper(child, wrapper, index, previous, in_html_document=True)
            children.append(previous)
        stack += reversed(children)


def _prefill(wrapper: cssselect2.ElementWrapper) -> None:
    """Set the wrapper facts every Matcher.match() reads (and its child list), as
    cssselect2 computes them (an HTML element's tag is its bare local name): its
    cached_property takes a lock on each first read, a large share of matching time."""
    el = wrapper.etree_element
    wrapper.__dict__["etree_children"] = [child for child in el.children if isinstance(child, Element)]
    wrapper.__dict__["id"] = el.attrs.get("id")
    class_attr = el.attrs.get("class")
    wrapper.__dict__["classes"] = set(split_whitespace(class_attr)) if class_attr else _NO_CLASSES
    if el.namespace == HTML_NS:
        wrapper.__dict__["local_name"] = el.local_name
        wrapper.__dict__["namespace_url"] = ""


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
        # Keyed by the elements themselves: an id() key is one more int object per element.
        author_matcher: dict[Element, cssselect2.Matcher] = {}  # element -> its tree scope's rules
        wrappers: dict[Element, cssselect2.ElementWrapper] = {}
        host_rules: dict[int, list] = {}
        for scope, elements in self._scopes():
            sheets = self._author_sheets(elements)
            if isinstance(scope, Document):
                self.counter_styles = counter_styles.collect(sheets)
            matcher = _author_matcher(sheets)
            self._loader.notes += [note for note in matcher.notes if note not in self._loader.notes]
            if isinstance(scope, ShadowRoot):
                host_rules[id(scope.host)] = _host_rules(sheets)
            for el in elements:
                author_matcher[el] = matcher
            for top in scope.children:
                if isinstance(top, Element):
                    for wrapper in _wrap_subtree(top):
                        wrappers[wrapper.etree_element] = wrapper
        ua = _ua_matcher()
        # Cascade results by their inputs: most elements repeat a few combinations.
        # Keys hold ids of rule declarations and styles that outlive this loop.
        memo: dict[tuple, Style | None] = {}
        root_style: Style = dict(INITIAL)
        stack: list[tuple[Node, Style, bool]] = [(c, root_style, True) for c in reversed(self.document.children)]
        while stack:
            node, parent_style, parent_is_flex = stack.pop()
            if not isinstance(node, Element):
                continue
            wrapper = wrappers.get(node)
            matched = []
            if wrapper is not None:
                matched = ua.match(wrapper) + author_matcher[node].match(wrapper)
                if id(node) in host_rules:
                    matched += _match_host(host_rules[id(node)], wrapper)
            rules = tuple([(spec, order, which, origin, id(decls)) for spec, order, which, (origin, decls) in matched])
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
        return memo[key]

    def _cascade(
        self,
        element: Element,
        matched: list,
        pseudo: str | None,
        parent: Style,
        parent_is_flex: bool,
        attribute_hints: tuple = (),
    ) -> Style | None:
        # Presentational hints: author declarations ahead of every author rule (order -1).
        entries = (
            [(_AUTHOR, False, (0, 0, 0), -1, name, value) for name, value in attribute_hints] if pseudo is None else []
        )
        for specificity, order, match_pseudo, (origin, decls) in matched:
            if match_pseudo != pseudo:
                continue
            for name, value, important in decls:
                rank = (_UA_IMPORTANT if origin == _UA else _AUTHOR_IMPORTANT) if important else origin
                entries.append((rank, False, specificity, order, name, value))
        if pseudo is None and "style" in element.attrs:
            # Element-attached declarations (style="") win over every selector of their
            # origin and importance, whatever its specificity (CSS Cascade 5 §6.1).
            for name, value, important in parse_style_attribute(element.attrs["style"]):
                entries.append((_AUTHOR_IMPORTANT if important else _AUTHOR, True, (), 0, name, value))
        entries.sort(key=lambda e: e[:4])
        declared = _with_variables({name: value for *_, name, value in entries}, parent[CUSTOM])
        if pseudo in ("before", "after") and declared.get("content", "normal") in ("normal", "none"):
            return None  # no ::before/::after box without content
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
        return self._shared(style)

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
        return [(css, _AUTHOR) for css in sheets.author_sheets(elements, self._loader)]


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
