"""Compiling parsed selectors into matchers: plain objects and small closures, never
generated source (cssselect2 ``eval``s Python text, which nests a level of parentheses
per compound and fails on deep selectors).

Each compound becomes a :class:`CompoundMatcher`: its type, id and classes as data, read
first, and its other simple selectors as tests. A complex selector also gets what the
rule set indexes it by (:func:`bucket_of`) and the ids, classes, types and attribute
names its ancestors must have (:func:`ancestor_keys`, Blink's
CollectDescendantSelectorIdentifierHashes), which the ancestor filter checks before any
matching. What each simple selector means is cssselect2 0.10's reading, so the
cascade's matches are the ones it has always had; where cssselect2 failed with an
internal error (``:lang()`` at the root, ``[*|name]``) it is Chromium's.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from tinycss2.nth import parse_nth
from webencodings import ascii_lower

from ...html.dom import Element
from .. import pseudo_classes
from .match import (
    ADJACENT,
    CHILD,
    DESCENDANT,
    SIBLING,
    MatchContext,
    Test,
    match_relations,
    namespace_url,
    split_whitespace,
)
from .parse import (
    AttributeSelector,
    ClassSelector,
    ComplexSelector,
    Compound,
    FunctionalPseudoClass,
    IdSelector,
    LogicalCombination,
    NamespaceSelector,
    PseudoClass,
    RelativeSelector,
    SelectorError,
    TypeSelector,
    parse_selector_list,
)

_COMBINATOR = {" ": DESCENDANT, ">": CHILD, "+": ADJACENT, "~": SIBLING}
# :host outside a shadow tree's own :host rules (style/cascade matches those): nothing.
_NEVER = frozenset(("host",))
# Ancestor keys: a class is itself; the others are marked so they cannot pass for one.
ID_KEY, TYPE_KEY, ATTRIBUTE_KEY = "#", "<", "["


class CompoundMatcher:
    """One compound: the type, id and classes it requires (None, None, () when it does
    not), then its other tests; ``never`` when one of them can never hold."""

    __slots__ = ("type_name", "ident", "classes", "tests", "never")

    def __init__(self, compound: Compound) -> None:
        self.type_name: str | None = None
        self.ident: str | None = None
        classes: list[str] = []
        tests: list[Test] = []
        self.never = False
        for simple in compound.simple_selectors:
            if isinstance(simple, TypeSelector):
                self.type_name = simple.lower_name  # an HTML document: the name in lower case
            elif isinstance(simple, IdSelector) and self.ident is None:
                self.ident = simple.ident
            elif isinstance(simple, ClassSelector):
                classes.append(simple.class_name)
            else:
                test = simple_test(simple)
                if test is None:
                    self.never = True
                else:
                    tests.append(test)
        self.classes = tuple(classes)
        self.tests = tuple(tests)

    def matches(self, el: Element, ctx: MatchContext) -> bool:
        if self.never:
            return False
        if self.type_name is not None and el.local_name != self.type_name:
            return False
        if self.ident is not None and el.attrs.get("id") != self.ident:
            return False
        if self.classes:
            have = ctx.classes(el)
            for name in self.classes:
                if name not in have:
                    return False
        for test in self.tests:
            if not test(el, ctx):
                return False
        return True


class CompiledSelector:
    """A complex selector ready to match: ``matches(el, ctx)``, its specificity and
    pseudo-element, the bucket a rule set files it under and its ancestor keys."""

    __slots__ = (
        "compounds",
        "combinators",
        "specificity",
        "pseudo_element",
        "never_matches",
        "bucket",
        "ancestor_keys",
        "ancestor_any_keys",
        "matches",
    )

    def __init__(self, selector: ComplexSelector) -> None:
        # Right to left: the subject first, as matching goes.
        self.compounds = tuple(CompoundMatcher(compound) for compound in reversed(selector.compounds))
        self.combinators = tuple(_COMBINATOR[combinator] for combinator in reversed(selector.combinators))
        self.specificity = selector.specificity
        self.pseudo_element = selector.pseudo_element
        self.never_matches = any(compound.never for compound in self.compounds)
        self.bucket = bucket_of(selector.compounds[-1])
        keys = ancestor_keys(selector)
        self.ancestor_keys = frozenset(keys) if keys else None
        self.ancestor_any_keys = tuple(ancestor_any_keys(selector)) or None
        if self.never_matches:
            self.matches = _never
        elif len(self.compounds) == 1:
            self.matches = self.compounds[0].matches
        else:
            self.matches = self._matches_chain

    def _matches_chain(self, el: Element, ctx: MatchContext) -> bool:
        return self.compounds[0].matches(el, ctx) and match_relations(self.compounds, self.combinators, el, ctx)

    def test(self, el: Element, ctx: MatchContext | None = None) -> bool:
        """Whether ``el`` matches (a context of its own when none is given)."""
        return self.matches(el, ctx if ctx is not None else MatchContext())


def _never(el: Element, ctx: MatchContext) -> bool:
    return False


def compile_complex(selector: ComplexSelector) -> CompiledSelector:
    return CompiledSelector(selector)


def bucket_of(subject: Compound) -> tuple[str, str] | None:
    """What the subject compound requires that a rule set can look up by: an id, a class,
    a type, an attribute name (in that order of preference); None: every element."""
    ident = class_name = type_name = attribute = None
    for simple in subject.simple_selectors:
        if isinstance(simple, IdSelector):
            ident = ident or simple.ident
        elif isinstance(simple, ClassSelector):
            class_name = simple.class_name
        elif isinstance(simple, TypeSelector):
            type_name = simple.lower_name
        elif isinstance(simple, AttributeSelector) and simple.namespace == "":  # every operator needs the attribute
            attribute = attribute or simple.lower_name
    return preferred_bucket(ident, class_name, type_name, attribute)


def preferred_bucket(
    ident: str | None, class_name: str | None, type_name: str | None, attribute: str | None
) -> tuple[str, str] | None:
    """The bucket a compound is filed under: its id, else a class, a type, an attribute
    (the rarest key first, as Blink's RuleSet files a rule)."""
    if ident is not None:
        return ("id", ident)
    if class_name is not None:
        return ("class", class_name)
    if type_name is not None:
        return ("type", type_name)
    if attribute is not None:
        return ("attribute", attribute)
    return None


def ancestor_keys(selector: ComplexSelector) -> list[str]:
    """The ids, classes, types and attribute names some ancestor of every matching
    element has: those of the compounds reached through descendant or child
    combinators (a compound reached through a sibling combinator is a sibling, not an
    ancestor; the ones left of it are ancestors again)."""
    keys: list[str] = []
    for compound in _ancestor_compounds(selector):
        keys += _keys_of(compound)
    return keys


def ancestor_any_keys(selector: ComplexSelector) -> list[frozenset[str]]:
    """For each ``:is()``/``:where()`` of an ancestor compound whose every argument names
    an id, class, type or attribute of its subject: those keys, one of which some
    ancestor has (``:is(.a, .b) p``: an ancestor with class a or b). Blink's filter reads
    no list; real sheets have few of these, but each such rule walks every ancestor."""
    groups = []
    for compound in _ancestor_compounds(selector):
        for simple in compound.simple_selectors:
            if isinstance(simple, LogicalCombination) and simple.name in ("is", "where") and simple.selectors:
                alternatives = [_keys_of(alternative.compounds[-1]) for alternative in simple.selectors]
                if all(alternatives):
                    groups.append(frozenset(keys[0] for keys in alternatives))
    return groups


def _ancestor_compounds(selector: ComplexSelector) -> Iterator[Compound]:
    for compound, combinator in zip(selector.compounds, selector.combinators):
        if combinator in (" ", ">"):
            yield compound


def _keys_of(compound: Compound) -> list[str]:
    keys = []
    for simple in compound.simple_selectors:
        if isinstance(simple, IdSelector):
            keys.append(ID_KEY + simple.ident)
        elif isinstance(simple, ClassSelector):
            keys.append(simple.class_name)
        elif isinstance(simple, TypeSelector):
            keys.append(TYPE_KEY + simple.lower_name)
        elif isinstance(simple, AttributeSelector) and simple.namespace == "":
            keys.append(ATTRIBUTE_KEY + simple.lower_name)
    return keys


def element_keys(el: Element, classes: Iterable[str]) -> list[str]:
    """The keys ``el`` gives its descendants' ancestor filter (as ancestor_keys spells them)."""
    keys = [TYPE_KEY + el.local_name, *classes]
    for name in el.attrs:
        keys.append(ATTRIBUTE_KEY + name)
    ident = el.attrs.get("id")
    if ident is not None:
        keys.append(ID_KEY + ident)
    return keys


# --- simple selectors ----------------------------------------------------------------------


def simple_test(simple: Any) -> Test | None:
    """The test for one simple selector other than a type, the first id or a class; None
    when it never matches."""
    if isinstance(simple, IdSelector):
        ident = simple.ident
        return lambda el, ctx: el.attrs.get("id") == ident
    if isinstance(simple, NamespaceSelector):
        namespace = simple.namespace
        return lambda el, ctx: namespace_url(el) == namespace
    if isinstance(simple, AttributeSelector):
        return attribute_test(simple)
    if isinstance(simple, PseudoClass):
        return pseudo_class_test(simple.name)
    if isinstance(simple, LogicalCombination):
        return logical_test(simple)
    if isinstance(simple, FunctionalPseudoClass):
        if simple.name == "lang":
            return lang_test(simple.arguments)
        found = pseudo_classes.kind(simple.name, functional=True)
        if found == pseudo_classes.STATE:  # :dir()
            name, argument = simple.name, pseudo_classes.dir_argument(simple.arguments)
            return lambda el, ctx: pseudo_classes.match(el, name, argument)
        if found == pseudo_classes.NEVER:
            return None
        return nth_test(simple.name, simple.arguments)
    raise TypeError(simple)


def attribute_test(simple: AttributeSelector) -> Test | None:
    """``[name]`` and its operators. Names are matched in lower case (an HTML document);
    values exactly, or lower-cased on both sides with the ``i`` flag."""
    name = simple.lower_name
    any_namespace = simple.namespace is None
    operator = simple.operator
    if operator is None:
        if any_namespace:
            return lambda el, ctx: bool(_values_in_any_namespace(el, name))
        return lambda el, ctx: name in el.attrs
    value = simple.value
    insensitive = simple.case_sensitive is False
    if insensitive:
        value = value.lower()
    if operator == "=":

        def holds(actual: str) -> bool:
            return actual == value

    elif operator == "~=":
        if len(value.split()) != 1 or value.strip() != value:
            return None

        def holds(actual: str) -> bool:
            return value in split_whitespace(actual)

    elif operator == "|=":
        prefix = value + "-"

        def holds(actual: str) -> bool:
            return actual == value or actual.startswith(prefix)

    elif operator in ("^=", "$=", "*="):
        if not value:
            return None
        if operator == "^=":

            def holds(actual: str) -> bool:
                return actual.startswith(value)

        elif operator == "$=":

            def holds(actual: str) -> bool:
                return actual.endswith(value)

        else:

            def holds(actual: str) -> bool:
                return value in actual

    else:
        raise SelectorError(f"unknown attribute operator {operator}")
    if any_namespace:
        if insensitive:
            return lambda el, ctx: any(holds(v.lower()) for v in _values_in_any_namespace(el, name))
        return lambda el, ctx: any(holds(v) for v in _values_in_any_namespace(el, name))
    if insensitive:

        def test(el: Element, ctx: MatchContext) -> bool:
            actual = el.attrs.get(name)
            return actual is not None and holds(actual.lower())

    else:

        def test(el: Element, ctx: MatchContext) -> bool:
            actual = el.attrs.get(name)
            return actual is not None and holds(actual)

    return test


_FOREIGN_PREFIXES = ("xlink:", "xml:", "xmlns:")


def _values_in_any_namespace(el: Element, name: str) -> list[str]:
    """``[*|name]``: the attribute without a namespace, and on a foreign element the
    xlink:/xml:/xmlns: ones the parser keeps under their qualified names."""
    attrs = el.attrs
    values = [attrs[name]] if name in attrs else []
    if not el.is_html:
        values += [attrs[prefix + name] for prefix in _FOREIGN_PREFIXES if prefix + name in attrs]
    return values


def pseudo_class_test(name: str) -> Test | None:
    """A pseudo-class without arguments: an element state (style/pseudo_classes, whose
    answers live in html/element_states), a structural one, or None when it never
    matches on an untouched page; SelectorError for a name Chromium rejects."""
    found = pseudo_classes.kind(name)
    if found == pseudo_classes.STATE:
        state = pseudo_classes.STATES[name]
        return lambda el, ctx: state(el)
    if found == pseudo_classes.NEVER or name in _NEVER:
        return None
    test = _STRUCTURAL.get(name) if found is None else None
    if test is None:
        raise SelectorError(f"unknown pseudo-class :{name}")
    return test


def is_first_child(el: Element, ctx: MatchContext) -> bool:
    return ctx.index(el) == 0


def is_last_child(el: Element, ctx: MatchContext) -> bool:
    return ctx.index(el) + 1 == len(ctx.siblings(el))


def is_only_child(el: Element, ctx: MatchContext) -> bool:
    return len(ctx.siblings(el)) == 1


def is_first_of_type(el: Element, ctx: MatchContext) -> bool:
    return sibling_counts(el, ctx, True, ())[0] == 0


def is_last_of_type(el: Element, ctx: MatchContext) -> bool:
    return sibling_counts(el, ctx, True, ())[1] == 0


def is_only_of_type(el: Element, ctx: MatchContext) -> bool:
    before, after, _ = sibling_counts(el, ctx, True, ())
    return before == after == 0


def sibling_counts(el: Element, ctx: MatchContext, of_type: bool, tests: tuple) -> tuple[int, int, bool]:
    """How many of ``el``'s siblings before it and after it count (of its type with
    ``of_type``; matching every test of ``tests``), and whether ``el`` itself does:
    Blink's NthIndexCache, each sibling list counted once per run, not once per element
    (and a chain of ``:nth-child(… of :nth-child(… of …))`` once per level)."""
    memo = ctx.memo.setdefault(("nth", of_type, tests), {})
    known = memo.get(el)
    if known is not None:
        return known
    totals: dict = {}
    rows = []
    for sibling in ctx.siblings(el):
        group = (sibling.local_name, sibling.namespace) if of_type else None
        before = totals.get(group, 0)
        counts = all(test(sibling, ctx) for test in tests)
        rows.append((sibling, group, before, counts))
        if counts:
            totals[group] = before + 1
    for sibling, group, before, counts in rows:
        memo[sibling] = (before, totals.get(group, 0) - before - counts, counts)
    return memo[el]


_STRUCTURAL: dict[str, Test] = {
    "first-child": is_first_child,
    "last-child": is_last_child,
    "only-child": is_only_child,
    "first-of-type": is_first_of_type,
    "last-of-type": is_last_of_type,
    "only-of-type": is_only_of_type,
}


# --- logical combinations --------------------------------------------------------------------


def logical_test(simple: LogicalCombination) -> Test | None:
    """``:is()``/``:where()`` (any of), ``:not()`` (none of), ``:has()`` (any relative)."""
    if simple.name == "has":
        return has_test(simple.selectors)
    compiled = [CompiledSelector(selector) for selector in simple.selectors]
    if simple.name == "not":
        # cssselect2 leaves out of :not() a selector that matches every element (``*``),
        # so :not(*, .a) is :not(.a).
        compiled = [s for s in compiled if not _matches_everything(s)]
        if not compiled:
            return None
        tests = [s.matches for s in compiled if not s.never_matches]
        return lambda el, ctx: not any(test(el, ctx) for test in tests)
    tests = [s.matches for s in compiled if not s.never_matches]
    if not tests:
        return None
    if len(tests) == 1:
        return tests[0]
    return lambda el, ctx: any(test(el, ctx) for test in tests)


def _matches_everything(selector: CompiledSelector) -> bool:
    (compound,) = selector.compounds if len(selector.compounds) == 1 else (None,)
    return (
        compound is not None
        and compound.type_name is None
        and compound.ident is None
        and not (compound.classes or compound.tests or compound.never)
    )


def has_test(selectors: list[RelativeSelector]) -> Test | None:
    """``:has()``. As cssselect2 reads it, each argument is matched as a whole selector
    against the anchor's descendants (children, next sibling, next siblings), its left
    part free to match above the anchor. A result does not depend on the anchor, so each
    element's is computed once per run and shared by all anchors (the test is linear in
    the tree, where testing every descendant of every anchor is quadratic)."""
    tests = []
    for relative in selectors:
        compiled = CompiledSelector(relative.selector)
        if compiled.never_matches:
            continue
        tests.append((relative.combinator, compiled.matches))
    if not tests:
        return None

    def test(el: Element, ctx: MatchContext) -> bool:
        for combinator, matches in tests:
            if combinator == " " and _has_descendant(el, ctx, matches):
                return True
            if combinator == ">" and any(matches(child, ctx) for child in ctx.children(el)):
                return True
            if combinator == "+":
                following = ctx.next(el)
                if following is not None and matches(following, ctx):
                    return True
            if combinator == "~" and _has_following_sibling(el, ctx, matches):
                return True
        return False

    return test


def _has_descendant(el: Element, ctx: MatchContext, matches: Test) -> bool:
    """Whether a descendant of ``el`` matches: each element's answer (it or one of its
    descendants) computed once, bottom up, without recursion."""
    memo = ctx.memo.setdefault((matches, " "), {})
    known = memo.get(el)
    if known is not None:
        return known
    # Post-order over the elements below ``el`` whose answer is not known yet.
    stack: list[tuple[Element, bool]] = [(el, False)]
    while stack:
        node, children_done = stack.pop()
        if node in memo:
            continue
        children = ctx.children(node)
        if children_done:
            memo[node] = any(matches(child, ctx) or memo[child] for child in children)
            continue
        stack.append((node, True))
        stack.extend((child, False) for child in children if child not in memo)
    return memo[el]


def _has_following_sibling(el: Element, ctx: MatchContext, matches: Test) -> bool:
    """Whether a later sibling of ``el`` matches: the answers of a whole sibling list in one pass, from its end."""
    memo = ctx.memo.setdefault((matches, "~"), {})
    known = memo.get(el)
    if known is None:
        found = False
        for sibling in reversed(ctx.siblings(el)):
            memo[sibling] = found
            found = found or matches(sibling, ctx)
        known = memo[el]
    return known


# --- functional pseudo-classes -------------------------------------------------------------------


def lang_test(arguments: list) -> Test:
    """``:lang(a, "b")``: the element's language (its or its nearest ancestor's ``lang``,
    the document's ``<meta http-equiv=content-language>`` at the top) is one of them or
    starts with one and a hyphen (ASCII case-insensitive)."""
    langs = []
    tokens = [token for token in arguments if token.type not in ("whitespace", "comment")]
    while tokens:
        token = tokens.pop(0)
        if token.type == "ident":
            langs.append(token.lower_value)
        elif token.type == "string":
            langs.append(ascii_lower(token.value))
        else:
            raise SelectorError("invalid arguments for :lang()")
        if tokens:
            token = tokens.pop(0)
            if token.type != "ident" and not (token.type == "literal" and token.value == ","):
                raise SelectorError("invalid arguments for :lang()")

    def test(el: Element, ctx: MatchContext) -> bool:
        lang = language(el, ctx)
        return any(lang == wanted or lang.startswith(wanted + "-") for wanted in langs)

    return test


def language(el: Element, ctx: MatchContext) -> str:
    """The element's language in lower case ("" when unknown), memoized per run."""
    memo = ctx.memo.setdefault("lang", {})
    chain = []
    node: Element | None = el
    lang = ""
    while node is not None:
        known = memo.get(node)
        if known is not None:
            lang = known
            break
        chain.append(node)
        value = node.attrs.get("lang")
        if value is not None:
            lang = ascii_lower(value)
            break
        parent = node.parent
        if not isinstance(parent, Element):
            lang = _content_language(node)
            break
        node = parent
    for visited in chain:
        memo[visited] = lang
    return lang


def _content_language(root: Element) -> str:
    """The last ``<meta http-equiv=content-language>`` below the top element, when it names one language."""
    language = None
    for meta in root.iter():
        if meta.local_name == "meta" and meta.is_html:
            if ascii_lower(meta.attrs.get("http-equiv", "")) == "content-language":
                content = meta.attrs.get("content")
                parts = split_whitespace(content) if content is not None and "," not in content else []
                language = parts[0] if len(parts) == 1 else None
    return ascii_lower(language) if language is not None else ""


def nth_test(name: str, arguments: list) -> Test:
    """``:nth-child(An+B [of S])`` and its kin: the element is the (An+B)th, counting its
    siblings before it (after it for ``-last-``; of its type for ``-of-type``; matching S
    for ``of S``, which the element must match too: every selector of S, as cssselect2
    reads the list)."""
    nth: list = []
    of: list = []
    current = nth
    for token in arguments:
        if token.type == "ident" and token.value == "of" and current is nth:
            current = of
            continue
        current.append(token)
    selectors = [CompiledSelector(s) for s in parse_selector_list(of)] if of else []
    if current is of and not of:
        raise SelectorError(f"invalid arguments for :{name}()")
    if name not in ("nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type"):
        raise SelectorError(f"unknown pseudo-class :{name}()")
    parsed = parse_nth(nth)
    if parsed is None:
        raise SelectorError(f"invalid arguments for :{name}()")
    a, b = parsed
    offset = b - 1  # the number of qualifying siblings before the element: a*n + offset, n >= 0
    last = "last" in name
    of_type = name.endswith("of-type")
    tests = tuple(s.matches for s in selectors)

    def test(el: Element, ctx: MatchContext) -> bool:
        if tests or of_type:
            before, after, qualifies = sibling_counts(el, ctx, of_type, tests)
            if not qualifies:
                return False
            count = after if last else before
        else:
            position = ctx.index(el)
            count = len(ctx.siblings(el)) - position - 1 if last else position
        if a == 0:
            return count == offset
        steps, remainder = divmod(count - offset, a)
        return remainder == 0 and steps >= 0

    return test


def compile_selector_list(tokens: list) -> list[CompiledSelector]:
    """Every complex selector of a (non-forgiving) list, compiled."""
    return [CompiledSelector(selector) for selector in parse_selector_list(tokens)]
