"""cssselect2 as axsynth's cascade used it before its own selector engine: the reference
the engine is held to (tools/selector_parity.py, tests/unit/test_selectors.py).

It carries the extensions the cascade gave cssselect2 before the engine replaced it, so
that the reference answers what main's cssselect2 path answered:

* the pseudo-classes of ``axsynth.style.pseudo_classes`` (form states, ``:dir()``, the
  names Chromium rejects or never matches), wired into cssselect2's compiler;
* the pseudo-elements of ``axsynth.style.pseudo_elements`` (``::picker(select)``,
  ``::scroll-button()``...), split off before cssselect2 parses the rest.
"""

from __future__ import annotations

import cssselect2
import tinycss2
from cssselect2 import compiler, parser

from axsynth.style import pseudo_classes, pseudo_elements
from axsynth.style.selectors import SelectorError

_COMPILE_NODE = compiler._compile_node
# The compiled test's source: cssselect2 evaluates it with no names of ours in scope.
_CALL = "__import__('axsynth.style.pseudo_classes', None, None, ('match',)).match(el.etree_element, {!r}, {!r})"


def _compile_node(selector) -> str:
    """cssselect2's _compile_node, with axsynth's pseudo-classes."""
    found = None
    if isinstance(selector, parser.PseudoClassSelector):
        found = pseudo_classes.kind(selector.name)
        if found == pseudo_classes.STATE:
            return _CALL.format(selector.name, None)
    elif isinstance(selector, parser.FunctionalPseudoClassSelector):
        found = pseudo_classes.kind(selector.name, functional=True)
        if found == pseudo_classes.STATE:
            try:
                return _CALL.format(selector.name, pseudo_classes.dir_argument(selector.arguments))
            except SelectorError as error:
                raise cssselect2.SelectorError(str(error)) from None
    if found == pseudo_classes.NEVER:
        return "0"
    if found == pseudo_classes.REJECTED:
        raise cssselect2.SelectorError("Unknown pseudo-class", selector.name)
    return _COMPILE_NODE(selector)


compiler._compile_node = _compile_node


def compile_selector_list(selector: str | list) -> list:
    """``cssselect2.compile_selector_list`` with axsynth's pseudo-elements."""
    # Comments go, as a browser's tokenizer drops them (a > /**/ b is a > b).
    tokens = (
        tinycss2.parse_component_value_list(selector, skip_comments=True) if isinstance(selector, str) else selector
    )
    compiled = []
    for part in _split_commas(tokens):
        head, name = _split_pseudo_element(part)
        if name is None:
            compiled += cssselect2.compile_selector_list(part)
            continue
        for each in pseudo_elements.each_styled(name):
            for one in cssselect2.compile_selector_list(head):
                if one.pseudo_element is not None:
                    raise cssselect2.SelectorError(None, "a pseudo-element after another is not supported")
                one.pseudo_element = each
                a, b, c = one.specificity
                one.specificity = (a, b, c + 1)
                compiled.append(one)
    return compiled


def _split_commas(tokens: list) -> list[list]:
    parts: list[list] = [[]]
    for token in tokens:
        if token.type == "literal" and token.value == ",":
            parts.append([])
        else:
            parts[-1].append(token)
    return parts


def _split_pseudo_element(part: list) -> tuple[list, str | None]:
    """(the selector before the pseudo-element, its name), or (part, None) when the
    selector ends in none of axsynth.style.pseudo_elements."""
    tokens = list(part)
    while tokens and tokens[-1].type in ("whitespace", "comment"):
        tokens.pop()
    if len(tokens) < 3 or not all(t.type == "literal" and t.value == ":" for t in tokens[-3:-1]):
        return part, None
    last = tokens[-1]
    if last.type == "ident" and last.lower_value in pseudo_elements.PLAIN:
        name = last.lower_value
    elif last.type == "function" and last.lower_name in pseudo_elements.FUNCTIONAL:
        name = pseudo_elements.functional_name(last.lower_name, last.arguments)
        if name is None:
            raise cssselect2.SelectorError(last, f"::{last.lower_name}() is not supported")
    else:
        return part, None
    head = tokens[:-3]
    if not head or head[-1].type == "whitespace":
        head = head + [tinycss2.ast.LiteralToken(0, 0, "*")]  # "::checkmark" alone, or "li ::checkmark"
    return head, name
