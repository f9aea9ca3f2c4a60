"""The ARIA snapshot's text: what Playwright's ``locator.aria_snapshot()`` prints,
the tree :mod:`~axsynth.playwright.snapshot` builds, as Playwright's YAML.

Printing goes as Playwright's does, in two steps: the tree becomes plain nodes
(renderAriaTreeAsJSON: the flags to print, a lone text child as ``text``, the cut
at a depth, which ref prints its pointer cursor), then lines of YAML
(renderAriaSnapshotAsYaml). The ai format (:mod:`axsynth.emit.ai`) stitches its
frames' nodes in between."""

from __future__ import annotations

import json
import re
from typing import Any

from ..data import aria_snapshot as data
from ..html.dom import Element
from ..page import Page
from ..playwright.dom import JS_SPACE, js_number
from ..playwright.snapshot import AriaNode, build_snapshot

#: A printable node (Playwright's AriaNodeJSON): role, name, flags, ref, url... text or children.
JsonNode = dict[str, Any]

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


# --- the tree as plain nodes ----------------------------------------------------------------


def to_json(
    root: AriaNode, depth_limit: int | None = None, render_active: bool = False
) -> tuple[list[JsonNode | str], dict[str, int]]:
    """The nodes to print (the root's children if it is a fragment) and the depth of
    each iframe that has a ref (renderAriaTreeAsJSON). Below ``depth_limit`` nothing
    prints but a lone text; a pointer cursor prints on the outermost ref that has one."""
    iframe_depths: dict[str, int] = {}
    depth_limit = depth_limit or None  # 0 cuts nothing

    def visit(node: AriaNode, depth: int, render_cursor: bool) -> JsonNode:
        if node.role == "iframe" and node.ref is not None:
            iframe_depths[node.ref] = depth
        out: JsonNode = {"role": node.role}
        if node.name:
            out["name"] = node.name
        for flag in ("checked", "pressed"):
            if getattr(node, flag) in ("mixed", True):
                out[flag] = getattr(node, flag)
        for flag in ("disabled", "expanded", "selected"):
            if getattr(node, flag) is True:
                out[flag] = True
        if node.active and render_active:
            out["active"] = True
        if node.invalid:
            out["invalid"] = node.invalid
        if node.level:
            out["level"] = node.level
        pointer = False
        if node.ref is not None:
            out["ref"] = node.ref
            pointer = render_cursor and node.cursor == "pointer"
            if pointer:
                out["cursor"] = "pointer"
        for prop in ("url", "placeholder"):
            if prop in node.props:
                out[prop] = node.props[prop]
        if "aria-hidden" in node.props:
            out["ariaHidden"] = True
        if len(node.children) == 1 and isinstance(node.children[0], str):
            out["text"] = node.children[0]
        elif node.children and depth != depth_limit:
            out["children"] = [
                c if isinstance(c, str) else visit(c, depth + 1, render_cursor and not pointer) for c in node.children
            ]
        return out

    top = root.children if root.role == "fragment" else [root]
    nodes = [{"role": "text", "text": n} if isinstance(n, str) else visit(n, 0, True) for n in top]
    return nodes, iframe_depths


# --- YAML ---------------------------------------------------------------------------------------


def _key(node: JsonNode) -> str:
    key = node["role"]
    name = node.get("name")
    if name and _utf16_length(name) <= 900:
        key += " " + json.dumps(name, ensure_ascii=False)
    invalid = node.get("invalid")
    level = node.get("level")
    flags = [
        (node.get("checked") == "mixed", "[checked=mixed]"),
        (node.get("checked") is True, "[checked]"),
        ("disabled" in node, "[disabled]"),
        ("expanded" in node, "[expanded]"),
        ("active" in node, "[active]"),
        (invalid in ("grammar", "spelling"), f"[invalid={invalid}]"),
        (invalid is True, "[invalid]"),
        (bool(level), f"[level={level}]"),
        (node.get("pressed") == "mixed", "[pressed=mixed]"),
        (node.get("pressed") is True, "[pressed]"),
        ("selected" in node, "[selected]"),
        ("ariaHidden" in node, "[aria-hidden]"),
        ("ref" in node, f"[ref={node.get('ref')}]"),
        ("cursor" in node, "[cursor=pointer]"),
    ]
    return " ".join([key] + [text for on, text in flags if on])


def render_yaml(nodes: list[JsonNode | str]) -> str:
    """Playwright's YAML of printable nodes (renderAriaSnapshotAsYaml)."""
    lines: list[str] = []
    for node in nodes:
        _render(node, 0, lines)
    return "\n".join(lines)


def _render(node: JsonNode | str, depth: int, lines: list[str]) -> None:
    indent = "  " * depth
    if isinstance(node, str) or node["role"] == "text":
        lines.append(f"{indent}- text: {yaml_value(node if isinstance(node, str) else node['text'])}")
        return
    key = f"{indent}- {yaml_key(_key(node))}"
    props = [(prop, node[prop]) for prop in ("url", "placeholder") if prop in node]
    text = node.get("text")
    children = node.get("children")
    if text is None and not props and not children:
        lines.append(key)
    elif text is not None and not props:
        lines.append(f"{key}: {yaml_value(text)}")
    else:
        lines.append(key + ":")
        for prop, value in props:
            lines.append(f"{indent}  - /{prop}: {yaml_value(value)}")
        if text is not None:
            lines.append(f"{indent}  - text: {yaml_value(text)}")
        for child in children or ():
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
        text = page.aria_snapshots[root] = render_yaml(to_json(build_snapshot(page, root))[0])
    return text
