"""The ``flat`` format: the flattened JSON that LLM tool builders feed to models.

It is the agent outline (:mod:`axsynth.emit.agent`) as data: the same collapsing,
refs and states, but structural containers (lists, list items, rows, cells,
unnamed groups) are removed too and their children hoisted into the nearest
semantic group that stays: landmarks, forms, dialogs, named groups, tables,
menus and other widget containers, articles.  Each node carries a stable ``id``
(the agent ref for interactive elements, else a hash of the element's selector,
so it survives unrelated edits too), ``tag``, ``role``, ``name``, and only the
facts that are not default.  Values are printed only when asked for, and never
those of password or payment fields.  A loaded child frame's content is under its
iframe node; every iframe is also listed with whether it was loaded and why not;
shadow trees' content is in the body (the flat tree), their hosts listed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..ax.object import AXObject
from ..html import forms
from ..html.dom import Element, Node
from .agent import AgentEmitter, OutlineItem, ScopeError, TextRun, matching_elements, placeholder_of
from .agent_refs import Selectors

# Semantic groups: kept, with their children.  Everything else that is not a
# control or content (heading, image, …) is a structural container: hoisted.
GROUP_ROLES = frozenset(
    {
        "banner",
        "navigation",
        "main",
        "complementary",
        "contentinfo",
        "search",
        "region",
        "form",
        "dialog",
        "alertdialog",
        "table",
        "grid",
        "treegrid",
        "menu",
        "menubar",
        "tablist",
        "toolbar",
        "listbox",
        "radiogroup",
        "tree",
        "article",
        "tabpanel",
        "alert",
        "status",
        "log",
        "figure",
        "iframe",
    }
)
CONTENT_ROLES = frozenset(
    {
        "heading",
        "img",
        "math",
        "meter",
        "progressbar",
        "separator",
        "video",
        "audio",
        "embed",
        "object",
        "code",
        "blockquote",
        "caption",
    }
)


@dataclass
class FlatOptions:
    include_values: bool = False
    max_depth: int | None = None  # groups nested deeper than this are hoisted (body = depth 0)
    max_interactive: int | None = None  # interactive nodes after this many are left out (counted)
    filter: str | None = None  # CSS: only nodes whose element matches (and the groups around them)


class FlatEmitter:
    def __init__(self, agent: AgentEmitter, options: FlatOptions) -> None:
        self.agent = agent
        self.options = options
        self.selectors: Selectors = agent.selectors
        self.interactive = 0
        self.left_out = 0
        self.count = 0
        self._filter: set[int] | None = None  # ids of the elements the filter matches
        if options.filter:
            self._filter = {id(el) for el in matching_elements(agent.ax.page.document, options.filter, "filter")}

    def snapshot(self) -> dict[str, Any]:
        ax = self.agent.ax
        root = self.agent.build(ax.tree.root, summarize=False)
        body = self._children(root.children, depth=0)
        out: dict[str, Any] = {
            "url": ax.page.url,
            "title": root.name if root.role == "document" else "",
            "body": body,
            "iframes": self._iframes(),
            "shadowDoms": self._shadow_hosts(),
            "stats": {"nodes": self.count, "interactive": self.interactive},
        }
        if self.left_out:
            out["stats"]["interactiveLeftOut"] = self.left_out
        return out

    # -- the body --------------------------------------------------------------------

    def _children(self, parts: list[Any], depth: int) -> list[dict[str, Any]]:
        """Nodes for these outline parts; hoisted containers splice their children in.
        Iterative over the hoisted levels, recursive over kept groups (whose depth is
        bounded by ``max_depth`` or the page's semantic nesting, not its markup)."""
        out: list[dict[str, Any]] = []
        stack = list(reversed(parts))
        while stack:
            part = stack.pop()
            if isinstance(part, TextRun):
                if self._filter is None:
                    out.append({"text": part.text})
                continue
            if not isinstance(part, OutlineItem):
                continue
            node = self._node(part, depth)
            if node is None:
                stack.extend(reversed(part.children))
            elif node:
                out.append(node)
        return out

    def _node(self, item: OutlineItem, depth: int) -> dict[str, Any] | None:
        """The node for an item; None: hoist its children; {}: left out."""
        obj = item.obj
        is_group = item.role in GROUP_ROLES or (item.role == "group" and bool(item.name))
        if item.ref is None and not is_group and item.role not in CONTENT_ROLES:
            if item.name and not item.children and self._filter is None:
                item.children = [TextRun(item.name)]  # a list item's text, say: hoisted as text
            return None
        if is_group and item.ref is None and self.options.max_depth is not None and depth >= self.options.max_depth:
            return None
        if item.ref is not None:
            if self.options.max_interactive is not None and self.interactive >= self.options.max_interactive:
                self.left_out += _refs_within(item)
                return {}
        children = self._children(item.children, depth + 1)
        if not is_group:  # a control's or a heading's text is its name already; nested controls stay
            children = [c for c in children if "text" not in c]
        if self._filter is not None and not children and not self._matches(obj):
            return {}
        if item.ref is not None:
            self.interactive += 1
        self.count += 1
        return self._fields(item, children)

    def _fields(self, item: OutlineItem, children: list[dict[str, Any]]) -> dict[str, Any]:
        obj = item.obj
        el = obj.element if obj is not None else None
        node: dict[str, Any] = {"id": item.ref or self._id(obj), "tag": _tag(obj), "role": item.role}
        if item.name:
            node["name"] = item.name
        props = self.agent.properties(obj) if obj is not None else {}
        if el is not None:
            if "url" in props and el.local_name in ("a", "area"):
                node["href"] = props["url"]
            placeholder = placeholder_of(obj)
            if placeholder:
                node["placeholder"] = placeholder
            if el.is_html and el.local_name == "input":
                node["inputType"] = forms.input_type(el)
        if props.get("disabled"):
            node["disabled"] = True
        if props.get("checked") in ("true", "mixed"):
            node["checked"] = True if props["checked"] == "true" else "mixed"
        if props.get("pressed") in ("true", "mixed"):
            node["pressed"] = True if props["pressed"] == "true" else "mixed"
        if props.get("required"):
            node["required"] = True
        if "expanded" in props:
            node["expanded"] = bool(props["expanded"])
        if props.get("selected"):
            node["selected"] = True
        if "level" in props and item.role == "heading":
            node["level"] = props["level"]
        if self.options.include_values and obj is not None and item.ref is not None and not self.agent.is_secret(obj):
            value = self.agent.ax.states.value(obj)
            if value is not None and value != "":
                node["value"] = value
        if children:
            node["children"] = children
        return node

    def _id(self, obj: AXObject | Element) -> str:
        """``n`` + a hash of the element's selector (``::before`` etc. appended for a pseudo-element's box)."""
        if isinstance(obj, Element):
            return "n" + Selectors.ref_for(self.selectors.selector(obj))[1:]
        pseudo = f"::{obj.pseudo_which}" if obj.kind == "pseudo" else ""
        owner = obj.node if isinstance(obj.node, Element) else None
        selector = self.selectors.selector(owner) if owner is not None else obj.kind
        return "n" + Selectors.ref_for(selector + pseudo)[1:]

    def _matches(self, obj: AXObject | None) -> bool:
        return (
            obj is not None and obj.element is not None and self._filter is not None and id(obj.element) in self._filter
        )

    # -- frames and shadow hosts -----------------------------------------------------------

    def _iframes(self) -> list[dict[str, Any]]:
        out = []
        for el in _all_elements(self.agent.ax.page.document):
            if el.is_html and el.local_name in ("iframe", "frame"):
                entry: dict[str, Any] = {"id": self._id(el), "tag": el.local_name}
                if el.attrs.get("title"):
                    entry["name"] = el.attrs["title"]
                if "srcdoc" in el.attrs:
                    entry["srcdoc"] = True
                elif el.attrs.get("src"):
                    entry["src"] = el.attrs["src"]
                frame = self.agent.frames(el) if self.agent.frames is not None else None
                entry["loaded"] = frame is not None and frame.agent_emitter is not None
                if frame is not None:
                    entry["frameId"] = frame.frame_id
                    if frame.reason:
                        entry["reason"] = frame.reason
                out.append(entry)
        return out

    def _shadow_hosts(self) -> list[dict[str, Any]]:
        return [
            {"id": self._id(el), "tag": el.local_name, "mode": el.shadow_root.mode}
            for el in _all_elements(self.agent.ax.page.document)
            if el.shadow_root is not None and el.shadow_root.mode in ("open", "closed")
        ]


def _tag(obj: AXObject) -> str:
    if obj.kind == "pseudo":
        return f"::{obj.pseudo_which}"
    return obj.node.local_name if isinstance(obj.node, Element) else obj.kind


def _refs_within(item: OutlineItem) -> int:
    count = 0
    stack: list[Any] = [item]
    while stack:
        part = stack.pop()
        if isinstance(part, OutlineItem):
            count += part.ref is not None
            stack.extend(part.children)
    return count


def _all_elements(root: Node):
    """Every element, entering author shadow roots (iteratively)."""
    stack = list(reversed(root.children))
    while stack:
        node = stack.pop()
        if isinstance(node, Element):
            yield node
            if node.shadow_root is not None and node.shadow_root.mode in ("open", "closed"):
                stack.extend(reversed(node.shadow_root.children))
            stack.extend(reversed(node.children))


def flat_snapshot(agent: AgentEmitter, options: FlatOptions | None = None) -> dict[str, Any]:
    """The flattened JSON of a page.  Raises ``ScopeError`` (``filter_invalid``) for a bad filter."""
    return FlatEmitter(agent, options or FlatOptions()).snapshot()


__all__ = ["FlatOptions", "ScopeError", "flat_snapshot"]
