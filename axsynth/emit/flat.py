"""The ``flat`` format: the flattened JSON of its consumer's spec (``SerializedDom``).

The agent framework that reads this format specified it (its DOM tool's design,
"SerializedDom (LLM Output Format)" and "Appendix A: Example Serialized DOM")::

    {"page": {"context": {"url": …, "title": …},
              "body": {"id": "node_0", "tag": "body", "children": [...]},
              "iframes": [{"hostId": …, "url": …, "title": …, "body": {…}}]}}

It is read from the accessibility tree (what is rendered, roles, names, states)
and flattened by one rule per kind of element:

* a **control** (what the agent format gives a ref: widget roles, focusable,
  click handlers, own ``cursor:pointer``) is a node with its role, name
  (``aria-label``), text and form facts; controls nested in it are its children;
* a **semantic group** (forms, dialogs, named fieldsets, radio groups, menus,
  tab lists, toolbars, trees, tables and their rows) is a node with its children;
* an element that **holds text** of its own (a paragraph, a heading, a list item, a
  cell, a label: not an inline wrapper such as ``<b>`` or ``<span>``) is a node with
  that text, the controls inside the text being its children; a named image or a
  frame is a node too;
* every other element, landmarks and wrappers included, is a **structural
  container**: removed, its children hoisted into the nearest node above.  Text
  directly in a group or the body (no element of its own) is a ``#text`` node.

A node carries ``id``, ``tag`` and only what is not default: ``role`` for controls
and for roles an attribute gave (a tag's own role is implied by the tag),
``aria-label`` for controls and where the name is not the text, ``text`` (cut at
500 characters, names at 250), ``href`` as written, ``placeholder``, ``inputType``,
``disabled``, ``checked``, ``required``, ``expanded``, ``selected``, ``pressed``,
``level`` (not from the tag), ``value`` (only with ``include_values``, never for a
password or payment field).  ids are ``node_0``, ``node_1``… in document order;
``stable_ids`` gives the agent format's refs instead (a hash of the element's
selector: they survive unrelated edits).  A loaded frame's content is in
``page.iframes``, first level only, as the spec says.

Where things are comes from the layout (``axsynth.layout``, the page's viewport, at
scroll 0), as the spec's checkVisibility reads ``getBoundingClientRect``: a node
whose element's box has no area is left out (FR4.2; what it holds is hoisted, as a
structural container's is), one whose box is outside the viewport carries
``offscreen: true`` (FR4.3), and with ``include_bounding_boxes`` every node with an
element carries ``boundingBox`` ({x, y, width, height}, rounded as Math.round does).

Where axsynth differs from the spec's example: content is not dropped by guessing
its worth (the example leaves out a footer's copyright line); open shadow trees'
content is in the body where the page renders it (the spec's ``shadowDoms`` would
split a slotted widget in two).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Iterator

from ..ax.object import AXObject
from ..html import forms
from ..html.dom import Element
from .agent import LEAF_ROLES, AgentEmitter, ScopeError, matching_elements, placeholder_of
from .agent_refs import Selectors

TEXT_LIMIT = 500
NAME_LIMIT = 250

# Kept with their children (roles as the agent format displays them).
GROUP_ROLES = frozenset(
    {
        "form",
        "search",
        "dialog",
        "alertdialog",
        "radiogroup",
        "menu",
        "menubar",
        "tablist",
        "toolbar",
        "tree",
        "table",
        "grid",
        "treegrid",
        "row",
    }
)
# Inline wrappers whose text belongs to the element around them.
PHRASING_ROLES = frozenset(
    {
        "generic",
        "none",
        "presentation",
        "strong",
        "emphasis",
        "mark",
        "code",
        "subscript",
        "superscript",
        "time",
        "Abbr",
        "deletion",
        "insertion",
        "Ruby",
        "RubyAnnotation",
    }
)
# Elements that are a node without text of their own, when named.
NAMED_LEAF_ROLES = frozenset({"img", "image", "math", "MathMLMath", "meter", "Meter", "progressbar", "video", "audio"})
FRAME_ROLES = frozenset({"Iframe", "IframePresentational"})


@dataclass
class FlatOptions:
    include_values: bool = False
    max_depth: int | None = None  # groups nested deeper than this are hoisted (body = depth 0)
    max_interactive: int | None = None  # controls after this many are left out (counted)
    filter: str | None = None  # CSS: only nodes whose element matches (and the groups around them)
    stable_ids: bool = False  # the agent format's refs and selector hashes instead of node_N
    include_bounding_boxes: bool = False  # each node's boundingBox (its consumer's includeBoundingBoxes)


@dataclass
class _Node:
    kind: str  # control, group, content, text
    obj: AXObject | None
    text: str = ""
    children: list["_Node"] = field(default_factory=list)
    frame: dict[str, Any] | None = None  # a loaded frame's entry for page.iframes


class _Text:
    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


_BREAK = object()  # a block boundary: text on either side is not one run


class FlatEmitter:
    def __init__(self, agent: AgentEmitter, options: FlatOptions, prefix: str = "") -> None:
        self.agent = agent
        self.options = options
        self.prefix = prefix  # a child frame's ids: its frame id (stable ids)
        self.counter = 0
        self.interactive = 0
        self.left_out = 0
        self.iframes: list[dict[str, Any]] = []
        self._filter: set[int] | None = None  # ids of the elements the filter matches
        self._layout = agent.ax.page.layout  # where the nodes are
        if options.filter:
            self._filter = {id(el) for el in matching_elements(agent.ax.page.document, options.filter, "filter")}

    def snapshot(self) -> dict[str, Any]:
        self._frames: list[tuple[str, dict[str, Any]]] = []
        page: dict[str, Any] = {"context": self._context(), "body": self.body(enter_frames=True)}
        for host_id, frame in self._frames:  # numbered after the whole body
            self._enter(host_id, frame)
        if self.iframes:
            page["iframes"] = self.iframes
        if self.left_out:
            page["truncated"] = {"interactiveLeftOut": self.left_out}
        return {"page": page}

    def body(self, enter_frames: bool) -> dict[str, Any]:
        self._enter_frames = enter_frames
        root = self.agent.ax.tree.root
        parts = self._build(root)
        body_el = self.agent.ax.page.document.find_first("body")
        children = self._kept(self._group_children(parts), depth=1)
        out: dict[str, Any] = {"id": self._id(None, body_el), "tag": body_el.local_name if body_el else "body"}
        if children:
            out["children"] = [self._render(c) for c in children]
        return out

    def _context(self) -> dict[str, str]:
        ax = self.agent.ax
        return {"url": ax.page.url, "title": " ".join(ax.names.name(ax.tree.root).split())}

    # -- building: post-order over included objects ---------------------------------------

    def _build(self, root: AXObject) -> list[Any]:
        results: dict[int, list[Any]] = {}
        stack: list[tuple[AXObject, bool]] = [(root, False)]
        while stack:
            obj, done = stack.pop()
            if not done:
                stack.append((obj, True))
                stack.extend((c, False) for c in reversed(obj.tree_children))
                continue
            parts: list[Any] = []
            for child in obj.tree_children:
                parts.extend(results.pop(id(child), ()))
            results[id(obj)] = parts if obj is root else self._transform(obj, parts)
        return results[id(root)]

    def _transform(self, obj: AXObject, parts: list[Any]) -> list[Any]:
        agent = self.agent
        control = agent.ref_of(obj) is not None
        block = obj.kind in ("element", "pseudo") and not obj.is_inline_level()
        if (obj.ignored or obj.in_ua_shadow) and not control or obj.tag() in ("html", "body"):
            return _bounded(parts, block)  # the body is the root node already
        role = agent.cdp_role(obj)
        if role in ("StaticText", "InlineTextBox"):
            return [_Text(agent.ax.names.name(obj))]
        if role == "LineBreak":
            return [_BREAK]
        if role == "ListMarker":
            return []
        if control:
            texts, nested = _fold(parts)
            node = _Node("control", obj, "" if role in LEAF_ROLES else _join(texts), nested)
            if role in FRAME_ROLES:  # a frame with a ref is a control, and still holds its document
                self._attach_frame(node)
            return [node] if not block else [_BREAK, node, _BREAK]
        display = agent.display_role(obj)
        if display in GROUP_ROLES or (display == "group" and agent.name_of(obj)) or obj.tag() == "form":
            return [_BREAK, _Node("group", obj, children=self._group_children(parts)), _BREAK]
        if role in FRAME_ROLES:
            return _bounded([self._attach_frame(_Node("content", obj))], block)
        if role in NAMED_LEAF_ROLES:
            return _bounded([_Node("content", obj)] if agent.name_of(obj) else [], block)
        if obj.kind == "element" and not (obj.is_inline_level() and role in PHRASING_ROLES):
            held = self._held_text(obj, parts)
            if held is not None:
                return held
        return _bounded(parts, block)

    def _held_text(self, obj: AXObject, parts: list[Any]) -> list[Any] | None:
        """The element's own flow of text (its text runs and the inline controls in
        them) as one node, what its nested blocks made hoisted after it; None when it
        holds no text of its own."""
        own = any(isinstance(p, _Text) and p.text.strip() for p in parts)
        if not own and not (self.agent.display_role(obj) == "heading" and any(isinstance(p, _Node) for p in parts)):
            return None  # a heading made of a link is still a heading; a list item made of one is not
        texts: list[Any] = []
        inline: list[_Node] = []
        hoisted: list[Any] = []
        for part in parts:
            if isinstance(part, _Text) or part is _BREAK:
                texts.append(part)
            elif part.kind == "control" and part.obj is not None and part.obj.is_inline_level():
                texts.append(_Text(part.text))
                inline.append(part)
            else:
                hoisted.append(part)
        node = _Node("content", obj, _join(texts), inline)
        return [_BREAK, node, *hoisted, _BREAK]

    def _group_children(self, parts: list[Any]) -> list[_Node]:
        """A group's children: its nodes, and its loose text runs as ``#text`` nodes."""
        out: list[_Node] = []
        run: list[Any] = []
        for part in [*parts, _BREAK]:
            if isinstance(part, _Node) or part is _BREAK:
                text = _join(run)
                run.clear()
                if text:
                    out.append(_Node("text", None, text))
                if isinstance(part, _Node):
                    out.append(part)
            else:
                run.append(part)
        return out

    def _attach_frame(self, node: _Node) -> _Node:
        """The frame node with its loaded document, to be entered (first level only)."""
        obj = node.obj
        frame = self.agent.frames(obj.element) if self.agent.frames is not None and obj.element is not None else None
        child = frame.agent_emitter if frame is not None and self._enter_frames else None
        if child is not None:
            node.frame = {"emitter": child, "frame_id": frame.frame_id}
        return node

    # -- pruning: depth, filter, the interactive cap (pre-order, document order) ---------------

    def _kept(self, nodes: list[_Node], depth: int) -> list[_Node]:
        out: list[_Node] = []
        stack = list(reversed(nodes))
        while stack:
            node = stack.pop()
            if node.kind == "group" and self.options.max_depth is not None and depth > self.options.max_depth:
                stack.extend(reversed(node.children))
                continue
            if self._zero_size(node):  # FR4.2: left out, what it holds hoisted
                stack.extend(reversed(node.children))
                continue
            if node.kind == "control":
                if self.options.max_interactive is not None and self.interactive >= self.options.max_interactive:
                    self.left_out += 1 + sum(1 for n in _walk(node.children) if n.kind == "control")
                    continue
                self.interactive += 1
            node.children = self._kept(node.children, depth + 1)
            if self._filter is not None and not node.children and not self._matches(node):
                continue
            out.append(node)
        return out

    def _rect(self, node: _Node) -> tuple[float, float, float, float] | None:
        obj = node.obj
        el = obj.element if obj is not None else None
        return self._layout.rect(el) if el is not None else None

    def _zero_size(self, node: _Node) -> bool:
        """A node whose element's box has no width or no height (or no box at all)."""
        if node.obj is None or node.obj.element is None:
            return False
        rect = self._rect(node)
        return rect is None or rect[2] <= 0 or rect[3] <= 0

    def _matches(self, node: _Node) -> bool:
        obj = node.obj
        return obj is not None and obj.element is not None and id(obj.element) in (self._filter or ())

    # -- output ----------------------------------------------------------------------------------

    def _render(self, node: _Node) -> dict[str, Any]:
        obj = node.obj
        if obj is None:
            return {"id": self._id(None, None), "tag": "#text", "text": _cut(node.text, TEXT_LIMIT)}
        out: dict[str, Any] = {"id": self._id(obj, obj.element), "tag": _tag(obj)}
        agent = self.agent
        control = node.kind == "control"
        role = agent.display_role(obj)
        if control or (obj.attr("role") and role not in ("generic", "none", "presentation")):
            out["role"] = role
        name = agent.name_of(obj)
        if agent.is_secret(obj) and name and name == agent.ax.states.string_value(obj):
            name = ""  # a field named by its own value (a password shown as its name)
        if name and (control or name != node.text):
            out["aria-label"] = _cut(name, NAME_LIMIT)
        if node.text:
            out["text"] = _cut(node.text, TEXT_LIMIT)
        out.update(self._facts(obj, control))
        out.update(self._geometry(node))
        children = [self._render(c) for c in node.children]
        if children:
            out["children"] = children
        if node.frame is not None:
            self._frames.append((out["id"], node.frame))
        return out

    def _geometry(self, node: _Node) -> dict[str, Any]:
        """``offscreen`` (only when true) and, when asked for, ``boundingBox``."""
        rect = self._rect(node)
        if rect is None:
            return {}
        x, y, width, height = rect
        out: dict[str, Any] = {}
        viewport_width, viewport_height = self._layout.viewport
        if not (y < viewport_height and y + height > 0 and x < viewport_width and x + width > 0):
            out["offscreen"] = True
        if self.options.include_bounding_boxes:
            out["boundingBox"] = {
                "x": _js_round(x),
                "y": _js_round(y),
                "width": _js_round(width),
                "height": _js_round(height),
            }
        return out

    def _facts(self, obj: AXObject, control: bool) -> dict[str, Any]:
        el = obj.element
        props = self.agent.properties(obj)
        out: dict[str, Any] = {}
        if el is not None and el.is_html and el.local_name in ("a", "area") and el.attrs.get("href") is not None:
            out["href"] = el.attrs["href"].strip()
        placeholder = placeholder_of(obj)
        if placeholder:
            out["placeholder"] = placeholder
        if el is not None and el.is_html and el.local_name == "input":
            out["inputType"] = forms.input_type(el)
        if props.get("disabled"):
            out["disabled"] = True
        if props.get("checked") in ("true", "mixed"):
            out["checked"] = True if props["checked"] == "true" else "mixed"
        if props.get("required"):
            out["required"] = True
        if "expanded" in props:
            out["expanded"] = bool(props["expanded"])
        if props.get("selected"):
            out["selected"] = True
        if props.get("pressed") in ("true", "mixed"):
            out["pressed"] = True if props["pressed"] == "true" else "mixed"
        if "level" in props and obj.attr("aria-level") is not None:
            out["level"] = props["level"]
        if self.options.include_values and control and not self.agent.is_secret(obj):
            value = self.agent.ax.states.value(obj)
            if value is not None and value != "":
                out["value"] = value
        return out

    def _enter(self, host_id: str, frame: dict[str, Any]) -> None:
        """A loaded frame's flattened body in page.iframes (first level only), ids
        continuing this page's numbering."""
        prefix = f"{frame['frame_id']}-" if self.options.stable_ids else ""
        inner = FlatEmitter(frame["emitter"], self.options, prefix)
        inner.counter = self.counter
        inner.interactive = self.interactive
        body = inner.body(enter_frames=False)
        self.counter, self.interactive = inner.counter, inner.interactive
        self.left_out += inner.left_out
        self.iframes.append({"hostId": host_id, **inner._context(), "body": body})

    def _id(self, obj: AXObject | None, el: Element | None) -> str:
        if not self.options.stable_ids:
            self.counter += 1
            return f"node_{self.counter - 1}"
        ref = self.agent.ref_of(obj) if obj is not None else None
        if ref is not None:
            return self.prefix + ref.ref
        if el is None:
            self.counter += 1
            return f"{self.prefix}t{self.counter}"  # a loose text run: no element to hash
        pseudo = f"::{obj.pseudo_which}" if obj is not None and obj.kind == "pseudo" else ""
        return self.prefix + "n" + Selectors.ref_for(self.agent.selectors.selector(el) + pseudo)[1:]


def _js_round(value: float) -> int:
    """Math.round: half up."""
    return math.floor(value + 0.5)


def _bounded(parts: list[Any], block: bool) -> list[Any]:
    return [_BREAK, *parts, _BREAK] if block else parts


def _fold(parts: list[Any]) -> tuple[list[Any], list[_Node]]:
    """A control's text (its runs and what content inside it holds) and the controls
    and groups nested in it."""
    texts: list[Any] = []
    nested: list[_Node] = []
    stack = list(reversed(parts))
    while stack:
        part = stack.pop()
        if isinstance(part, _Node) and part.kind in ("content", "text"):
            texts.extend([_BREAK, _Text(part.text), _BREAK])
            stack.extend(reversed(part.children))
        elif isinstance(part, _Node):
            nested.append(part)
        else:
            texts.append(part)
    return texts, nested


def _join(parts: list[Any]) -> str:
    """Text runs joined as the page reads them: runs of one flow concatenated, block
    boundaries a space, white space collapsed."""
    return " ".join("".join(p.text if isinstance(p, _Text) else " " for p in parts).split())


def _walk(nodes: list[_Node]) -> Iterator[_Node]:
    stack = list(nodes)
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.children)


def _tag(obj: AXObject) -> str:
    if obj.kind == "pseudo":
        return f"::{obj.pseudo_which}"
    return obj.node.local_name if isinstance(obj.node, Element) else obj.kind


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def flat_snapshot(agent: AgentEmitter, options: FlatOptions | None = None) -> dict[str, Any]:
    """The flattened JSON of a page.  Raises ``ScopeError`` (``filter_invalid``) for a bad filter."""
    return FlatEmitter(agent, options or FlatOptions()).snapshot()


__all__ = ["FlatOptions", "ScopeError", "flat_snapshot"]
