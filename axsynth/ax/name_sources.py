"""What a name is made of: the name sources Chromium reports (AXNameFrom with
the attribute, related elements and text each candidate gave), and the text
simplification names go through (SimplifyName)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from ..html.dom import SVG_NS, Element
from .object import AXObject

HTML_SPACE_CHARS = " \t\n\r\f"
LABELLEDBY = ("aria-labelledby", "aria-labeledby")
_HTML_SPACES = re.compile(r"[ \t\n\r\f]+")


@dataclass
class NameSource:
    type: str  # attribute | contents | placeholder | relatedElement | implicit
    attribute: str | None = None
    attribute_value: str | None = None
    text: str | None = None
    superseded: bool = False
    invalid: bool = False
    native_source: str | None = None
    related: list[tuple[AXObject, str]] = field(default_factory=list)


def simplify_name(text: str) -> str:
    """SimplifyName: collapse HTML whitespace, keeping one leading/trailing space
    (so a whitespace-only name such as alt="  " becomes two spaces)."""
    if not text:
        return ""
    simplified = _HTML_SPACES.sub(" ", text).strip(" ")
    if text[0] in " \t\n\r\f":
        simplified = " " + simplified
    if text[-1] in " \t\n\r\f":
        simplified += " "
    return simplified


def simplify_whitespace(text: str) -> str:
    return _HTML_SPACES.sub(" ", text).strip(" ")


def has_one_text_child(el: Element) -> bool:
    return len(el.children) == 1 and not isinstance(el.children[0], Element)


def svg_child_text(el: Element, name: str, simplify: Callable[[str], str] = simplify_whitespace) -> str:
    """The text of an SVG element's first <title> or <desc> child, simplified."""
    child = next((c for c in el if c.local_name == name and c.namespace == SVG_NS), None)
    return simplify(child.text_content()) if child is not None else ""
