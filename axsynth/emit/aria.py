"""The ARIA snapshot's text: what Playwright's ``locator.aria_snapshot()`` prints,
the tree :mod:`~axsynth.playwright.snapshot` builds, as Playwright's YAML."""

from __future__ import annotations

import json
import re

from ..data import aria_snapshot as data
from ..html.dom import Element
from ..page import Page
from ..playwright.dom import JS_SPACE, js_number
from ..playwright.snapshot import AriaNode, build_snapshot

# --- YAML ---------------------------------------------------------------------------------------

_YAML_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_YAML_VALUE_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _yaml_needs_quotes(text: str) -> bool:
    return (
        not text
        or text[0] in JS_SPACE
        or text[-1] in JS_SPACE
        or bool(_YAML_CONTROL.search(text))
        or text.startswith("-")
        or bool(re.search(f"[\n:](?:[{JS_SPACE}]|$)", text))
        or bool(re.search(f"[{JS_SPACE}]#", text))
        or "\n" in text
        or "\r" in text
        or text[0] in "&*],?!>|@\"'#%["
        or any(c in text for c in "{}`")
        or js_number(text) is not None
        or text.lower() in data.YAML_RESERVED_WORDS
        or bool(re.fullmatch(r"[-+]?\.(inf|nan)", text, re.IGNORECASE))
    )


def yaml_key(text: str) -> str:
    return "'" + text.replace("'", "''") + "'" if _yaml_needs_quotes(text) else text


def yaml_value(text: str) -> str:
    if not _yaml_needs_quotes(text):
        return text
    return '"' + re.sub('[\\\\"\x00-\x1f\x7f-\x9f]', _escape_char, text) + '"'


def _escape_char(match: re.Match) -> str:
    char = match.group()
    return _YAML_VALUE_ESCAPES.get(char) or "\\x%02x" % ord(char)


def _utf16_length(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _key(node: AriaNode) -> str:
    key = node.role
    if node.name and _utf16_length(node.name) <= 900:
        key += " " + json.dumps(node.name, ensure_ascii=False)
    flags = [
        (node.checked == "mixed", "[checked=mixed]"),
        (node.checked is True, "[checked]"),
        (node.disabled, "[disabled]"),
        (node.expanded, "[expanded]"),
        (node.invalid in ("grammar", "spelling"), f"[invalid={node.invalid}]"),
        (node.invalid is True, "[invalid]"),
        (bool(node.level), f"[level={node.level}]"),
        (node.pressed == "mixed", "[pressed=mixed]"),
        (node.pressed is True, "[pressed]"),
        (node.selected, "[selected]"),
    ]
    return " ".join([key] + [text for on, text in flags if on])


def render_yaml(fragment: AriaNode) -> str:
    lines: list[str] = []
    for child in fragment.children:
        _render(child, 0, lines)
    return "\n".join(lines)


def _render(node: str | AriaNode, depth: int, lines: list[str]) -> None:
    indent = "  " * depth
    if isinstance(node, str):
        lines.append(f"{indent}- text: {yaml_value(node)}")
        return
    key = f"{indent}- {yaml_key(_key(node))}"
    text = node.children[0] if len(node.children) == 1 and isinstance(node.children[0], str) else None
    if not node.props and not node.children:
        lines.append(key)
    elif not node.props and text is not None:
        lines.append(f"{key}: {yaml_value(text)}")
    else:
        lines.append(key + ":")
        for prop, value in node.props.items():
            lines.append(f"{indent}  - /{prop}: {yaml_value(value)}")
        for child in node.children:
            _render(child, depth + 1, lines)


# --- entry points ---------------------------------------------------------------------------------


def aria_snapshot(page: Page, root: Element | None = None) -> str:
    """The YAML ``locator.aria_snapshot()`` returns for ``root`` (default: <body>)."""
    if root is None:
        root = page.document.find_first("body")
        if root is None:
            return ""
    # A page never changes once loaded: the same subtree always gives the same text, so a
    # test asking again (or a locator's snapshot of an element already shown) costs nothing.
    text = page.aria_snapshots.get(root)
    if text is None:
        text = page.aria_snapshots[root] = render_yaml(build_snapshot(page, root))
    return text
