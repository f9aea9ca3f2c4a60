"""Selectors Level 4 parsing: a selector list's tokens (tinycss2's component values)
into parse trees, each complex selector a list of compounds joined by combinators.

The grammar and the readings are the ones axsynth's cascade has always had (cssselect2
0.10's parser, step for step, so that every page keeps its matches), with the cases
that parser failed on made errors Chromium also makes:

* ``:is()`` and ``:where()`` take a *forgiving* list: an argument that does not parse is
  left out. As cssselect2 reads it, a first argument that does not parse ends the list
  (``:is(!, a)`` matches nothing), a later one is skipped;
* ``:not()`` and ``:has()`` take a plain list: one bad argument makes the whole selector
  invalid (Chromium made ``:has()`` unforgiving, as Selectors 4 now says; cssselect2
  forgave it);
* selectors with a pseudo-element inside a logical combination are left out of it;
* ``:has()`` with nothing in it, or inside another ``:has()``, is invalid (Chromium);
* a namespace prefix is only ever undeclared (no ``@namespace``): ``svg|rect`` is invalid,
  ``*|a`` and ``|a`` are not.

The parser recurses once per nesting level of ``:is()``/``:not()``/``:has()``/
``:nth-child(… of …)``; callers bound the nesting first (``limits.nesting_depth``).
"""

from __future__ import annotations

from typing import Any, Iterator, Sequence

from .. import pseudo_elements

#: CSS Pseudo-Elements 4, CSS GCPM, CSS Scoping: the pseudo-elements a selector may end with
#: (and Chromium's customizable-select and carousel ones: style/pseudo_elements).
SUPPORTED_PSEUDO_ELEMENTS = frozenset(
    (
        "first-line first-letter prefix postfix selection target-text spelling-error grammar-error before "
        "after marker placeholder file-selector-button footnote-call footnote-marker note-call note-marker "
        "note-callback content shadow"
    ).split()
)
#: CSS 2's pseudo-elements, also written with one colon.
LEGACY_PSEUDO_ELEMENTS = frozenset(("before", "after", "first-line", "first-letter"))
_COMBINATORS = (">", "+", "~")
_ATTRIBUTE_OPERATORS = ("=", "~=", "|=", "^=", "$=", "*=")
_ZERO = (0, 0, 0)


class SelectorError(ValueError):
    """A selector that does not parse: the style rule holding it is dropped."""


# --- parse trees -------------------------------------------------------------------------


class ComplexSelector:
    """Compounds joined by combinators, left to right (``combinators[i]`` joins
    ``compounds[i]`` to ``compounds[i + 1]``), and the pseudo-element it ends with."""

    __slots__ = ("compounds", "combinators", "pseudo_element", "specificity")

    def __init__(self, compounds: list[Compound], combinators: list[str], pseudo_element: str | None) -> None:
        self.compounds = compounds
        self.combinators = combinators
        self.pseudo_element = pseudo_element
        a = b = c = 0
        for compound in compounds:
            sa, sb, sc = compound.specificity
            a, b, c = a + sa, b + sb, c + sc
        self.specificity = (a, b, c + 1) if pseudo_element is not None else (a, b, c)

    def __repr__(self) -> str:
        parts = [repr(self.compounds[0])]
        for combinator, compound in zip(self.combinators, self.compounds[1:]):
            parts.append(f"{combinator}{compound!r}")
        return "".join(parts) + (f"::{self.pseudo_element}" if self.pseudo_element else "")


class RelativeSelector:
    """An argument of ``:has()``: a complex selector and the combinator that relates it to the anchor."""

    __slots__ = ("combinator", "selector")

    def __init__(self, combinator: str, selector: ComplexSelector) -> None:
        self.combinator = combinator
        self.selector = selector

    @property
    def pseudo_element(self) -> str | None:
        return self.selector.pseudo_element

    @property
    def specificity(self) -> tuple[int, int, int]:
        return self.selector.specificity


class Compound:
    """Simple selectors that one element matches together (none: ``*``)."""

    __slots__ = ("simple_selectors", "specificity")

    def __init__(self, simple_selectors: list) -> None:
        self.simple_selectors = simple_selectors
        a = b = c = 0
        for simple in simple_selectors:
            sa, sb, sc = simple.specificity
            a, b, c = a + sa, b + sb, c + sc
        self.specificity = (a, b, c)

    def __repr__(self) -> str:
        return "".join(map(repr, self.simple_selectors)) or "*"


class TypeSelector:
    __slots__ = ("name", "lower_name")
    specificity = (0, 0, 1)

    def __init__(self, name: str, lower_name: str) -> None:
        self.name = name
        self.lower_name = lower_name

    def __repr__(self) -> str:
        return self.name


class NamespaceSelector:
    """``ns|`` before a type: ``""`` for ``|x`` (no namespace)."""

    __slots__ = ("namespace",)
    specificity = _ZERO

    def __init__(self, namespace: str) -> None:
        self.namespace = namespace

    def __repr__(self) -> str:
        return f"{{{self.namespace}}}|"


class IdSelector:
    __slots__ = ("ident",)
    specificity = (1, 0, 0)

    def __init__(self, ident: str) -> None:
        self.ident = ident

    def __repr__(self) -> str:
        return f"#{self.ident}"


class ClassSelector:
    __slots__ = ("class_name",)
    specificity = (0, 1, 0)

    def __init__(self, class_name: str) -> None:
        self.class_name = class_name

    def __repr__(self) -> str:
        return f".{self.class_name}"


class AttributeSelector:
    """``[name]``, ``[name op value flag]``. ``namespace`` is ``""`` for a name without
    prefix (or ``|name``), None for ``*|name`` (any namespace); ``case_sensitive`` is
    None without a flag, False for ``i``, True for ``s``."""

    __slots__ = ("namespace", "name", "lower_name", "operator", "value", "case_sensitive")
    specificity = (0, 1, 0)

    def __init__(
        self,
        namespace: str | None,
        name: str,
        lower_name: str,
        operator: str | None,
        value: str | None,
        case_sensitive: bool | None,
    ) -> None:
        self.namespace = namespace
        self.name = name
        self.lower_name = lower_name
        self.operator = operator
        self.value = value
        self.case_sensitive = case_sensitive

    def __repr__(self) -> str:
        flag = "" if self.case_sensitive is None else (" s" if self.case_sensitive else " i")
        return f"[{self.name}{self.operator or ''}{'' if self.value is None else repr(self.value)}{flag}]"


class PseudoClass:
    __slots__ = ("name",)
    specificity = (0, 1, 0)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f":{self.name}"


class FunctionalPseudoClass:
    """``:lang()``, ``:nth-child()``… with their argument tokens, read when compiled."""

    __slots__ = ("name", "arguments")
    specificity = (0, 1, 0)

    def __init__(self, name: str, arguments: list) -> None:
        self.name = name
        self.arguments = arguments

    def __repr__(self) -> str:
        return f":{self.name}(…)"


class LogicalCombination:
    """``:is()``, ``:where()``, ``:not()`` (complex selectors) or ``:has()`` (relative ones)."""

    __slots__ = ("name", "selectors")

    def __init__(self, name: str, selectors: list) -> None:
        self.name = name
        self.selectors = selectors

    @property
    def specificity(self) -> tuple[int, int, int]:
        if self.name == "where" or not self.selectors:
            return _ZERO
        return max(selector.specificity for selector in self.selectors)

    def __repr__(self) -> str:
        return f":{self.name}({', '.join(map(repr, self.selectors))})"


# --- token stream ------------------------------------------------------------------------


class TokenStream:
    __slots__ = ("tokens", "position")

    def __init__(self, tokens: Sequence[Any]) -> None:
        self.tokens = tokens
        self.position = 0

    def next(self) -> Any:
        position = self.position
        if position < len(self.tokens):
            self.position = position + 1
            return self.tokens[position]
        return None

    def peek(self) -> Any:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def skip(self, types: tuple[str, ...]) -> bool:
        start = self.position
        tokens = self.tokens
        while self.position < len(tokens) and tokens[self.position].type in types:
            self.position += 1
        return self.position > start

    def skip_whitespace(self) -> bool:
        return self.skip(("whitespace",))

    def skip_comments(self) -> bool:
        return self.skip(("comment",))


def _is(token: Any, literal: str) -> bool:
    return token is not None and token.type == "literal" and token.value == literal


# --- the grammar -------------------------------------------------------------------------


def parse_selector_list(
    tokens: Sequence[Any], forgiving: bool = False, relative: bool = False, in_has: bool = False
) -> Iterator[ComplexSelector | RelativeSelector]:
    """``<selector-list>`` (``<forgiving-selector-list>``, ``<relative-selector-list>``):
    the complex selectors between its top-level commas."""
    stream = TokenStream(tokens)
    try:
        yield parse_complex_selector(stream, relative, in_has)
    except SelectorError:
        if forgiving:
            return
        raise
    while True:
        token = stream.next()
        if token is None:
            return
        if _is(token, ","):
            try:
                yield parse_complex_selector(stream, relative, in_has)
            except SelectorError:
                if not forgiving:
                    raise
        elif not forgiving:
            raise SelectorError(f"unexpected {token.type} token")


def parse_complex_selector(
    stream: TokenStream, relative: bool = False, in_has: bool = False
) -> ComplexSelector | RelativeSelector:
    """``<complex-selector>`` (``<relative-selector>`` in ``:has()``)."""
    stream.skip(("comment", "whitespace"))
    leading = " "
    if relative:
        token = stream.peek()
        if token is not None and token.type == "literal" and token.value in _COMBINATORS:
            leading = token.value
            stream.next()
        stream.skip(("comment", "whitespace"))
    compound, pseudo_element = parse_compound_selector(stream, in_has)
    compounds, combinators = [compound], []
    while True:
        whitespace = stream.skip_whitespace()
        while stream.skip_comments():
            whitespace = stream.skip_whitespace() or whitespace
        if pseudo_element is not None:
            break
        token = stream.peek()
        if token is None or _is(token, ","):
            break
        if token.type == "literal" and token.value in _COMBINATORS:
            combinators.append(token.value)
            stream.next()
        elif whitespace:
            combinators.append(" ")
        else:
            break
        compound, pseudo_element = parse_compound_selector(stream, in_has)
        compounds.append(compound)
    selector = ComplexSelector(compounds, combinators, pseudo_element)
    return RelativeSelector(leading, selector) if relative else selector


def parse_compound_selector(stream: TokenStream, in_has: bool) -> tuple[Compound, str | None]:
    """``<compound-selector>``, and the pseudo-element that ends it (if any)."""
    type_selectors = parse_type_selector(stream)
    simple_selectors = type_selectors if type_selectors is not None else []
    pseudo_element = None
    while True:
        simple, pseudo_element = parse_subclass_selector(stream, in_has)
        if pseudo_element is not None or simple is None:
            break
        simple_selectors.append(simple)
    if simple_selectors or type_selectors is not None or pseudo_element is not None:
        return Compound(simple_selectors), pseudo_element
    token = stream.peek()
    raise SelectorError(f"expected a compound selector, got {token.type if token is not None else 'EOF'}")


def parse_type_selector(stream: TokenStream) -> list | None:
    """``<type-selector>`` (``*`` gives an empty list), None when there is none."""
    stream.skip_whitespace()
    qualified = parse_qualified_name(stream, is_attribute=False)
    if qualified is None:
        return None
    namespace, name = qualified
    simple: list = []
    if name is not None:
        simple.append(TypeSelector(*name))
    if namespace is not None:
        simple.append(NamespaceSelector(namespace))
    return simple


def parse_qualified_name(stream: TokenStream, is_attribute: bool) -> tuple[str | None, tuple[str, str] | None] | None:
    """``<wq-name>`` / ``<ns-prefix>? [<ident> | *]``: (namespace, (name, lower name)).
    The namespace is None for any (``*|``, or no prefix on a type), ``""`` for none; no
    prefix is declared, so a named one is an error."""
    token = stream.peek()
    if token is None:
        return None
    if token.type == "ident":
        stream.next()
        if not _is(stream.peek(), "|"):
            return ("" if is_attribute else None), (token.value, token.lower_value)
        stream.next()
        raise SelectorError(f"undefined namespace prefix: {token.value}")
    if _is(token, "*"):
        stream.next()
        if not _is(stream.peek(), "|"):
            if is_attribute:
                raise SelectorError("expected a local name, got *")
            return None, None
        stream.next()
        namespace = None
    elif _is(token, "|"):
        stream.next()
        namespace = ""
    else:
        return None
    token = stream.next()
    if token is not None and token.type == "ident":
        return namespace, (token.value, token.lower_value)
    if _is(token, "*") and not is_attribute:
        return namespace, None
    raise SelectorError(f"expected a local name, got {token.type if token is not None else 'EOF'}")


def parse_subclass_selector(stream: TokenStream, in_has: bool) -> tuple[Any, str | None]:
    """One ``<subclass-selector>`` or pseudo-class, or the pseudo-element that ends the
    compound: (simple selector, None), (None, pseudo-element) or (None, None) at its end."""
    token = stream.peek()
    if token is None:
        return None, None
    if token.type == "hash" and token.is_identifier:
        stream.next()
        return IdSelector(token.value), None
    if _is(token, "."):
        stream.next()
        name = stream.next()
        if name is None or name.type != "ident":
            raise SelectorError("expected a class name")
        return ClassSelector(name.value), None
    if token.type == "[] block":
        stream.next()
        return parse_attribute_selector(TokenStream(token.content)), None
    if not _is(token, ":"):
        return None, None
    stream.next()
    token = stream.next()
    if _is(token, ":"):
        token = stream.next()
        if token is not None and token.type == "function":
            name = pseudo_elements.functional_name(token.lower_name, token.arguments)
            if name is None:
                raise SelectorError(f"unsupported pseudo-element ::{token.lower_name}()")
            return None, name
        if token is None or token.type != "ident":
            raise SelectorError("expected a pseudo-element name")
        if token.lower_value not in SUPPORTED_PSEUDO_ELEMENTS and token.lower_value not in pseudo_elements.PLAIN:
            raise SelectorError(f"unsupported pseudo-element ::{token.lower_value}")
        return None, token.lower_value
    if token is not None and token.type == "ident":
        if token.lower_value in LEGACY_PSEUDO_ELEMENTS:
            return None, token.lower_value
        return PseudoClass(token.lower_value), None
    if token is not None and token.type == "function":
        name = token.lower_name
        if name in ("is", "where", "not", "has"):
            return parse_logical_combination(name, token.arguments, in_has), None
        return FunctionalPseudoClass(name, token.arguments), None
    raise SelectorError(f"unexpected {token.type if token is not None else 'EOF'} after ':'")


def parse_logical_combination(name: str, arguments: list, in_has: bool) -> LogicalCombination:
    """``:is()``/``:where()`` (forgiving), ``:not()`` and ``:has()``; selectors with a
    pseudo-element are left out."""
    if name == "has" and in_has:
        raise SelectorError(":has() inside :has() is invalid")
    selectors = [
        selector
        for selector in parse_selector_list(
            arguments, forgiving=name in ("is", "where"), relative=name == "has", in_has=in_has or name == "has"
        )
        if selector.pseudo_element is None
    ]
    if name == "has" and not selectors:
        raise SelectorError(":has() needs a selector")
    return LogicalCombination(name, selectors)


def parse_attribute_selector(stream: TokenStream) -> AttributeSelector:
    """``[ <wq-name> ]`` or ``[ <wq-name> <attr-matcher> [<string> | <ident>] <attr-modifier>? ]``.
    Tokens after the modifier are not read (as cssselect2 reads them)."""
    stream.skip_whitespace()
    qualified = parse_qualified_name(stream, is_attribute=True)
    if qualified is None:
        raise SelectorError("expected an attribute name")
    namespace, (name, lower_name) = qualified  # type: ignore[misc]
    stream.skip_whitespace()
    token = stream.peek()
    operator = value = None
    if token is not None:
        if token.type != "literal" or token.value not in _ATTRIBUTE_OPERATORS:
            raise SelectorError("expected an attribute selector operator")
        operator = token.value
        stream.next()
        stream.skip_whitespace()
        token = stream.next()
        if token is None or token.type not in ("ident", "string"):
            raise SelectorError("expected an attribute value")
        value = token.value
    stream.skip_whitespace()
    token = stream.next()
    case_sensitive = None
    if token is not None:
        flag = token.value.lower() if token.type == "ident" else None
        if flag == "i":
            case_sensitive = False
        elif flag == "s":
            case_sensitive = True
        else:
            raise SelectorError("expected ] after the attribute selector")
    return AttributeSelector(namespace, name, lower_name, operator, value, case_sensitive)
