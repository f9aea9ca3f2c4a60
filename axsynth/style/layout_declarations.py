"""A rule's declarations of layout properties, parsed only when layout first asks.

The tree's cascade parses what the accessibility tree reads when a rule first
matches; a rule's layout declarations ride along unparsed in its payload and cost
nothing unless a layout is computed (a cdp or aria snapshot never asks)."""

from __future__ import annotations

from typing import Any

import tinycss2

from . import layout_properties


class LayoutDeclarations:
    """The layout declarations of one declaration list: (name, specified value or
    CSS-wide keyword or VarReference, important)."""

    __slots__ = ("_nodes", "_parsed")

    def __init__(self, nodes: list) -> None:
        self._nodes = nodes
        self._parsed: list[tuple[str, Any, bool]] | None = None

    @classmethod
    def of(cls, contents: list) -> "LayoutDeclarations | None":
        """The layout declarations among parsed block contents (None when there are none)."""
        nodes = [
            node
            for node in contents
            if node.type == "declaration" and layout_properties.is_layout_property(node.lower_name)
        ]
        return cls(nodes) if nodes else None

    def parsed(self) -> list[tuple[str, Any, bool]]:
        if self._parsed is None:
            self._parsed = [
                (name, value, node.important)
                for node in self._nodes
                for name, value in parse_layout_declaration(node.lower_name, node.value)
            ]
            self._nodes = []
        return self._parsed


class LayoutVar:
    """A declaration using var(): its property (a shorthand, maybe) and text, parsed
    once the element's variables are known (:func:`resolve_layout_var`)."""

    __slots__ = ("name", "text")

    def __init__(self, name: str, text: str) -> None:
        self.name = name
        self.text = text


def resolve_layout_var(longhand: str, reference: LayoutVar, variables: dict[str, str]) -> Any:
    """The longhand's specified value once var() is substituted; "unset" when the
    declaration is invalid at computed-value time (CSS Variables 1 §3.1)."""
    from .properties import substitute_var

    text = substitute_var(reference.text, variables)
    if text is None:
        return "unset"
    pairs = dict(parse_layout_declaration(reference.name, tinycss2.parse_component_value_list(text)))
    value = pairs.get(longhand, "unset")
    return "unset" if isinstance(value, LayoutVar) else value


_CSS_WIDE = frozenset({"inherit", "initial", "unset", "revert", "revert-layer"})


def parse_layout_declaration(name: str, tokens: list) -> list[tuple[str, Any]]:
    """(longhand, value) pairs: a specified value, a CSS-wide keyword, or a
    VarReference to parse once the element's variables are known."""
    from .properties import _uses_var  # properties imports this module's caller: imported late

    if _uses_var(tokens):
        reference = LayoutVar(name, tinycss2.serialize(tokens))
        return [(longhand, reference) for longhand in _longhands(name)]
    parts = [t for t in tokens if t.type not in ("whitespace", "comment")]
    if len(parts) == 1 and parts[0].type == "ident" and parts[0].lower_value in _CSS_WIDE:
        return [(longhand, parts[0].lower_value) for longhand in _longhands(name)]
    return layout_properties.parse_declaration(name, tokens)


def _longhands(name: str) -> tuple[str, ...]:
    return layout_properties.longhands_of(layout_properties.ALIASES.get(name, name))


def parse_style_attribute_layout(text: str) -> list[tuple[str, Any, bool]]:
    """The layout declarations of a ``style=""`` attribute."""
    contents = tinycss2.parse_blocks_contents(text, skip_comments=True, skip_whitespace=True)
    declarations = LayoutDeclarations.of(contents)
    return declarations.parsed() if declarations is not None else []
