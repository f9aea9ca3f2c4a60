"""The text snapshot Chrome DevTools MCP's ``take_snapshot`` prints.

Built only from the CDP ``Accessibility.getFullAXTree`` node list, in two steps
that mirror the tools involved:

1. Puppeteer's ``page.accessibility.snapshot()`` (``interestingOnly: true``):
   link the CDP nodes by ``childIds``, keep the "interesting" ones (landmarks,
   focusable / live / modal nodes, controls, named leaves), flatten the rest, and
   serialize each kept node into a small dict of typed properties.
2. chrome-devtools-mcp's snapshot formatter: assign ``uid=<snapshot>_<n>`` in
   pre-order and print ``uid=… role "name" attr…`` lines, 2 spaces per level,
   attributes in sorted key order; ``false`` booleans are dropped except that
   ``disabled``/``expanded``/``selected`` (``focused``) also print their
   ``disableable``/``expandable``/``selectable`` (``focusable``) capability.

This is an independent re-implementation of the documented behaviour, not a copy.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable

# Roles whose children are presentational: always leaves.
_LEAF_ROLES = frozenset(
    {"doc-cover", "graphics-symbol", "img", "image", "Meter", "scrollbar", "slider", "separator", "progressbar"}
)
_TEXT_ROLES = frozenset({"LineBreak", "text", "InlineTextBox", "StaticText"})
_CONTROL_ROLES = frozenset(
    {
        "button",
        "checkbox",
        "ColorWell",
        "combobox",
        "DisclosureTriangle",
        "listbox",
        "menu",
        "menubar",
        "menuitem",
        "menuitemcheckbox",
        "menuitemradio",
        "radio",
        "scrollbar",
        "searchbox",
        "slider",
        "spinbutton",
        "switch",
        "tab",
        "textbox",
        "tree",
        "treeitem",
    }
)
_LANDMARK_ROLES = frozenset(
    {"banner", "complementary", "contentinfo", "form", "main", "navigation", "region", "search"}
)
# Serialized property groups (Puppeteer's SerializedAXNode).
_STRING_PROPS = ("name", "value", "description", "keyshortcuts", "roledescription", "valuetext", "url")
_BOOL_PROPS = (
    "disabled",
    "expanded",
    "focused",
    "modal",
    "multiline",
    "multiselectable",
    "readonly",
    "required",
    "selected",
    "busy",
    "atomic",
)
_TRISTATE_PROPS = ("checked", "pressed")
_NUMBER_PROPS = ("level", "valuemax", "valuemin")
_TOKEN_PROPS = ("autocomplete", "haspopup", "invalid", "orientation", "live", "relevant", "errormessage", "details")
# JavaScript's \s (Python's differs: it has \x1c-\x1f, lacks \ufeff).
_WHITE_SPACE = re.compile("[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+")
# Keys of a serialized node that the formatter does not print as attributes.
_NOT_PRINTED = frozenset({"role", "name", "children", "backendNodeId", "loaderId"})
# The formatter: a boolean key also announces its capability.
_CAPABILITY = {"disabled": "disableable", "expanded": "expandable", "focused": "focusable", "selected": "selectable"}


class _Node:
    __slots__ = (
        "payload",
        "children",
        "role",
        "name",
        "description",
        "ignored",
        "focusable",
        "editable",
        "richly_editable",
        "hidden",
        "busy",
        "live",
        "modal",
        "has_errormessage",
        "has_details",
        "roledescription",
        "_focusable_child",
    )

    def __init__(self, payload: dict[str, Any]) -> None:
        self.payload = payload
        self.children: list[_Node] = []
        self.role = (payload.get("role") or {}).get("value", "Unknown")
        self.name = (payload.get("name") or {}).get("value", "") or ""
        self.description = (payload.get("description") or {}).get("value")
        self.ignored = bool(payload.get("ignored"))
        self.focusable = self.editable = self.richly_editable = self.hidden = self.busy = self.modal = False
        self.has_errormessage = self.has_details = False
        self.live = self.roledescription = None
        for prop in payload.get("properties") or ():
            name, value = prop["name"], prop["value"].get("value")
            if name == "editable":
                self.editable = True
                self.richly_editable = value == "richtext"
            elif name == "focusable":
                self.focusable = bool(value)
            elif name == "hidden":
                self.hidden = bool(value)
            elif name == "busy":
                self.busy = bool(value)
            elif name == "live":
                self.live = value
            elif name == "modal":
                self.modal = bool(value)
            elif name == "roledescription":
                self.roledescription = value
            elif name == "errormessage":
                self.has_errormessage = True
            elif name == "details":
                self.has_details = True
        self._focusable_child: bool | None = None

    def has_focusable_child(self) -> bool:
        if self._focusable_child is None:
            # Iterative post-order so deep trees cannot overflow the stack.
            stack: list[tuple[_Node, bool]] = [(self, False)]
            while stack:
                node, done = stack.pop()
                if node._focusable_child is not None:
                    continue
                if done:
                    node._focusable_child = any(c.focusable or c._focusable_child for c in node.children)
                else:
                    stack.append((node, True))
                    stack.extend((c, False) for c in node.children if c._focusable_child is None)
        return bool(self._focusable_child)

    def is_plain_text_field(self) -> bool:
        if self.richly_editable:
            return False
        return self.editable or self.role in ("textbox", "searchbox")

    def is_leaf(self) -> bool:
        if not self.children:
            return True
        if self.is_plain_text_field() or self.role in _TEXT_ROLES or self.role in _LEAF_ROLES:
            return True
        if self.has_focusable_child():
            return False
        return self.role == "heading" and bool(self.name)

    def is_control(self) -> bool:
        return self.role in _CONTROL_ROLES

    def is_interesting(self, inside_control: bool) -> bool:
        if self.role == "Ignored" or self.hidden or self.ignored:
            return False
        if self.role in _LANDMARK_ROLES:
            return True
        if (
            self.focusable
            or self.richly_editable
            or self.busy
            or (self.live and self.live != "off")
            or self.modal
            or self.has_errormessage
            or self.has_details
            or self.roledescription
        ):
            return True
        if self.is_control():
            return True
        if inside_control:
            return False
        return self.is_leaf() and bool(self.name or self.description)

    def serialize(self) -> dict[str, Any]:
        props: dict[str, Any] = {}
        for prop in self.payload.get("properties") or ():
            props[prop["name"].lower()] = prop["value"].get("value")
        for key in ("name", "value", "description"):
            if self.payload.get(key):
                props[key] = self.payload[key].get("value")
        out: dict[str, Any] = {"role": self.role, "backendNodeId": self.payload.get("backendDOMNodeId")}
        for key in _STRING_PROPS:
            if key in props:
                out[key] = props[key]
        for key in _BOOL_PROPS:
            if key == "focused" and self.role == "RootWebArea":
                continue
            if key in props:
                out[key] = bool(props[key])
        for key in _TRISTATE_PROPS:
            if key in props:
                out[key] = "mixed" if props[key] == "mixed" else props[key] == "true"
        for key in _NUMBER_PROPS:
            if key in props:
                out[key] = props[key]
        for key in _TOKEN_PROPS:
            value = props.get(key)
            if value and value != "false":
                out[key] = value
        return out


def _build(nodes: list[dict[str, Any]]) -> _Node | None:
    by_id = {n["nodeId"]: _Node(n) for n in nodes}
    for node in by_id.values():
        node.children = [by_id[c] for c in node.payload.get("childIds") or () if c in by_id]
    return next(iter(by_id.values()), None)


def _interesting(root: _Node, frames: dict[int, dict[str, Any]]) -> set[int]:
    keep: set[int] = set()
    stack = [(root, False)]
    while stack:
        node, inside = stack.pop()
        if node.is_interesting(inside) or id(node) in frames:
            keep.add(id(node))
        if node.is_leaf():
            continue
        inside = inside or node.is_control()
        stack.extend((c, inside) for c in reversed(node.children))
    return keep


def snapshot_tree(
    nodes: list[dict[str, Any]], frame_snapshot: Callable[[int], dict[str, Any] | None] | None = None
) -> dict[str, Any] | None:
    """Puppeteer's ``accessibility.snapshot({includeIframes})``: nested dicts with
    ``children``.  ``frame_snapshot(backendDOMNodeId)`` gives the snapshot of the frame
    an ``Iframe`` node shows (or None); Puppeteer appends it as the node's last child
    and keeps the node even when it would not be interesting."""
    root = _build(nodes)
    if root is None:
        return None
    frames: dict[int, dict[str, Any]] = {}
    if frame_snapshot is not None:
        for node in _preorder(root):
            backend_id = node.payload.get("backendDOMNodeId")
            if node.role == "Iframe" and backend_id is not None:
                child = frame_snapshot(backend_id)
                if child is not None:
                    frames[id(node)] = child
    keep = _interesting(root, frames)
    # Post-order, iteratively: each node returns its serialized self, or its
    # children's results spliced in when it is not kept.
    results: dict[int, list[dict[str, Any]]] = {}
    stack: list[tuple[_Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        if not done:
            stack.append((node, True))
            stack.extend((c, False) for c in reversed(node.children))
            continue
        children = [s for c in node.children for s in results.pop(id(c), [])]
        if id(node) in frames:
            children.append(frames[id(node)])
        if id(node) not in keep:
            results[id(node)] = children
            continue
        serialized = node.serialize()
        if children:
            serialized["children"] = children
        results[id(node)] = [serialized]
    top = results.get(id(root), [])
    return top[0] if top else None


def _preorder(root: _Node):
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children))


def _js_value(value: Any) -> str:
    """A property value as JavaScript's template literal would print it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if value != value:
            return "NaN"
        if value.is_integer() and abs(value) < 1e21:
            return str(int(value))
        return repr(value)
    if isinstance(value, (dict, list)):
        return json.dumps(value)
    return str(value)


def _attributes(node: dict[str, Any], uid: str) -> list[str]:
    parts = [f"uid={uid}"]
    role = node.get("role")
    if role and role != "StaticText":  # a text node is its quoted text alone
        parts.append("ignored" if role == "none" else role)
    if node.get("name"):
        parts.append(f'"{node["name"]}"')
    option = role == "option"
    for key in sorted(node):
        if key in _NOT_PRINTED:
            continue
        value = node[key]
        if isinstance(value, bool):
            if key in _CAPABILITY and not (option and key == "selected"):
                parts.append(_CAPABILITY[key])  # an option's selectability goes without saying
            if value:
                parts.append(key)
        elif option and key == "value" and value == node.get("name"):
            continue  # the tool's stand-in value of an option: its text again
        elif isinstance(value, (str, int, float)):
            parts.append(f'{key}="{_js_value(value)}"')
    return parts


def _repeats_name(node: dict[str, Any]) -> bool:
    """Children that are only text spelling the node's name (white space aside) are
    not printed (the formatter's hasRedundantTextChildren); they keep their uids."""
    children = node.get("children", ())
    if not node.get("name") or not children:
        return False
    if any(c.get("role") != "StaticText" or c.get("children") for c in children):
        return False
    text = "".join(c.get("name") or "" for c in children)
    return _WHITE_SPACE.sub("", text) == _WHITE_SPACE.sub("", node["name"])


def format_snapshot(root: dict[str, Any] | None, snapshot_id: int = 1) -> str:
    """The ``take_snapshot`` text: ``uid=<snapshot>_<n> role "name" attrs`` lines, uids
    numbered over the whole tree in pre-order, printed or not.

    The tool gives one uid per ``loaderId_backendNodeId`` (its map from DOM nodes to
    uids): nodes with no DOM node (text that CSS generates) all map to
    ``<loader>_undefined``, so within a document they share the first one's uid, and
    only a new uid advances the count."""
    if root is None:
        return ""
    lines: list[str] = []
    uids: dict[tuple[int, Any], str] = {}
    stack: list[tuple[dict[str, Any], int, bool, int]] = [(root, 0, True, id(root))]
    while stack:
        node, depth, printed, document = stack.pop()
        if node.get("role") == "RootWebArea":
            document = id(node)  # a frame's document: another loader
        key = (document, node.get("backendNodeId"))
        uid = uids.get(key)
        if uid is None:
            uid = uids[key] = f"{snapshot_id}_{len(uids)}"
        if node.get("role") == "option" and node.get("name"):
            node = {**node, "value": str(node["name"])}  # the tool's stand-in for an option's value
        if printed:
            lines.append("  " * depth + " ".join(_attributes(node, uid)))
        shown = printed and not _repeats_name(node)
        stack.extend((c, depth + 1, shown, document) for c in reversed(node.get("children", ())))
    return "\n".join(lines) + "\n"


def devtools_snapshot(
    nodes: list[dict[str, Any]],
    snapshot_id: int = 1,
    frame_snapshot: Callable[[int], dict[str, Any] | None] | None = None,
) -> str:
    return format_snapshot(snapshot_tree(nodes, frame_snapshot), snapshot_id)
