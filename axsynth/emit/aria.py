"""The ARIA snapshot: what Playwright's ``locator.aria_snapshot()`` prints.

Playwright does not read the browser's accessibility tree for this: its
injected script walks the DOM itself, with its own role, name and state rules
(see :mod:`axsynth.emit.aria_semantics`), then merges text runs and prints the
result as YAML.  Here:

* :class:`_Builder` walks the DOM into :class:`AriaNode` trees;
* :func:`_normalize` merges text runs and drops empty generic nodes;
* :func:`render_yaml` prints the tree.

One deliberate difference: a password field's value is never printed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Union

from ..data import aria_snapshot as data
from ..html.dom import Element, Node, Text
from ..page import Page
from ..playwright.semantics import (
    JS_SPACE,
    Dom,
    Semantics,
    js_number,
    normalize_whitespace,
    tag_of,
)

# --- the snapshot tree ------------------------------------------------------------------------


@dataclass
class AriaNode:
    role: str
    name: str = ""
    children: list[Union[str, "AriaNode"]] = field(default_factory=list)
    props: dict[str, str] = field(default_factory=dict)
    checked: bool | str = False
    disabled: bool = False
    expanded: bool = False
    invalid: bool | str = False
    level: int = 0
    pressed: bool | str = False
    selected: bool = False


class _Builder:
    """Walks the DOM below a root element into an AriaNode tree (generateAriaTree)."""

    def __init__(self, page: Page, redact_passwords: bool = True) -> None:
        self.dom = Dom(page, redact_passwords)
        self.sem = Semantics(self.dom)
        self._visited: set[int] = set()

    def build(self, root: Element) -> AriaNode:
        fragment = AriaNode("fragment")
        self._visit(fragment, root)
        _normalize(fragment)
        return fragment

    def _visit(self, parent: AriaNode, node: Node) -> None:
        if id(node) in self._visited:
            return
        self._visited.add(id(node))
        if isinstance(node, Text):
            if node.data and not self.dom.text_not_rendered(node) and parent.role != "textbox":
                parent.children.append(node.data)
            return
        if not isinstance(node, Element) or self.dom.hidden_for_aria(node):
            return
        owned = [el for el in (self.dom.by_id(self.dom.document, i)
                               for i in re.split(f"[{JS_SPACE}]+", node.attrs.get("aria-owns", "")))
                 if el is not None] if "aria-owns" in node.attrs else []
        aria_node = self._aria_node(node)
        if aria_node is not None:
            parent.children.append(aria_node)
        self._process(aria_node or parent, node, owned)

    def _aria_node(self, el: Element) -> AriaNode | None:
        if tag_of(el) in ("IFRAME", "FRAME"):
            return AriaNode("iframe")
        role = self.sem.role(el)
        if not role or role in data.PRESENTATIONAL:
            return None
        if role == "generic" and self._inline_text_only(el):
            return None
        node = AriaNode(role, normalize_whitespace(self.sem.name(el)))
        if role in data.CHECKED_ROLES:
            node.checked = self.sem.checked(el)
        if role in data.DISABLED_ROLES:
            node.disabled = self.sem.disabled(el)
        if role in data.EXPANDED_ROLES:
            node.expanded = self.sem.expanded(el)
        if role in data.INVALID_ROLES:
            node.invalid = self.sem.invalid(el)
        if role in data.LEVEL_ROLES:
            node.level = self.sem.level(el)
        if role in data.PRESSED_ROLES:
            node.pressed = self.sem.pressed(el)
        if role in data.SELECTED_ROLES:
            node.selected = self.sem.selected(el)
        if el.is_html and tag_of(el) in ("INPUT", "TEXTAREA"):
            kind = self.dom.input_type(el) if tag_of(el) == "INPUT" else "textarea"
            if kind not in ("checkbox", "radio", "file"):
                node.children = [self.dom.value(el)]
        return node

    def _inline_text_only(self, el: Element) -> bool:
        style = self.dom.style(el)
        inline = style is not None and style["display"] == "inline" and self.dom.style_visible(el)
        return inline and len(el.children) == 1 and isinstance(el.children[0], Text)

    def _process(self, node: AriaNode, el: Element, owned: list[Element]) -> None:
        block = self.dom.display(el) != "inline" or tag_of(el) == "BR"
        if block:
            node.children.append(" ")
        node.children.append(self.dom.css_content(el, "before") or "")
        for child in self._children(el):
            self._visit(node, child)
        for child in owned:
            self._visit(node, child)
        node.children.append(self.dom.css_content(el, "after") or "")
        if block:
            node.children.append(" ")
        if len(node.children) == 1 and node.children[0] == node.name:
            node.children = []
        if node.role == "link" and "href" in el.attrs:
            node.props["url"] = _truncate_data_url(el.attrs["href"])
        if node.role == "textbox" and "placeholder" in el.attrs and el.attrs["placeholder"] != node.name:
            node.props["placeholder"] = el.attrs["placeholder"]

    def _children(self, el: Element) -> list[Node]:
        if tag_of(el) == "SLOT":
            assigned = self.dom.assigned_nodes(el)
            if assigned:
                return assigned
        children = [c for c in el.children if self.dom.assigned_slot(c) is None]
        shadow = self.dom.open_shadow_root(el)
        return children + list(shadow.children) if shadow is not None else children


def _truncate_data_url(url: str) -> str:
    if not url.startswith("data:") or "," not in url:
        return url
    return url[: url.index(",") + 1] + "\u2026"


def _normalize(node: AriaNode) -> None:
    """Merge adjacent text into one normalized string and drop childless, nameless
    generic nodes (Playwright's mergeStringChildren and unwrapSingleChildGenerics)."""
    kept: list[str | AriaNode] = []
    for child in node.children:
        if isinstance(child, AriaNode):
            _normalize(child)
            if child.role == "generic" and not child.name and not child.children:
                continue
        kept.append(child)
    node.children = _merge_text(kept)
    if len(node.children) == 1 and node.children[0] == node.name:
        node.children = []


def _merge_text(children: list[str | AriaNode]) -> list[str | AriaNode]:
    out: list[str | AriaNode] = []
    run: list[str] = []
    for child in children + [None]:
        if isinstance(child, str):
            run.append(child)
            continue
        text = normalize_whitespace("".join(run))
        if text:
            out.append(text)
        run = []
        if child is not None:
            out.append(child)
    return out


# --- YAML ---------------------------------------------------------------------------------------

_YAML_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_YAML_VALUE_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _yaml_needs_quotes(text: str) -> bool:
    return (
        not text
        or text[0] in JS_SPACE or text[-1] in JS_SPACE
        or bool(_YAML_CONTROL.search(text))
        or text.startswith("-")
        or bool(re.search(f"[\n:](?:[{JS_SPACE}]|$)", text))
        or bool(re.search(f"[{JS_SPACE}]#", text))
        or "\n" in text or "\r" in text
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
    return '"' + re.sub("[\\\\\"\x00-\x1f\x7f-\x9f]", _escape_char, text) + '"'


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
        (node.checked == "mixed", "[checked=mixed]"), (node.checked is True, "[checked]"),
        (node.disabled, "[disabled]"), (node.expanded, "[expanded]"),
        (node.invalid in ("grammar", "spelling"), f"[invalid={node.invalid}]"), (node.invalid is True, "[invalid]"),
        (bool(node.level), f"[level={node.level}]"),
        (node.pressed == "mixed", "[pressed=mixed]"), (node.pressed is True, "[pressed]"),
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
    return render_yaml(_Builder(page).build(root))


def select_one(page: Page, selector: str) -> Element:
    """The single element a CSS selector matches, piercing open shadow roots, as
    ``page.locator(selector)`` resolves it (strict: exactly one match)."""
    import cssselect2

    try:
        compiled = cssselect2.compile_selector_list(selector)
    except cssselect2.SelectorError as exc:
        detail = exc.args[-1] if exc.args and isinstance(exc.args[-1], str) else "cannot parse"
        raise ValueError(f"invalid selector {selector!r}: {detail}") from None
    matches = []
    roots: list[Node] = [page.document]
    while roots:
        root = roots.pop(0)
        for top in (c for c in root.children if isinstance(c, Element)):
            for wrapper in cssselect2.ElementWrapper.from_html_root(top).iter_subtree():
                el = wrapper.etree_element
                if any(sel.test(wrapper) for sel in compiled):
                    matches.append(el)
                if Dom.open_shadow_root(el) is not None:
                    roots.append(el.shadow_root)
    if not matches:
        raise ValueError(f"no element matches selector {selector!r}")
    if len(matches) > 1:
        raise ValueError(f"selector {selector!r} matches {len(matches)} elements; it must match exactly one")
    return matches[0]
