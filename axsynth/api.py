"""The public API: load a document once, then read its accessibility tree."""

from __future__ import annotations

import gc
import hashlib
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Pattern, TextIO

from .html.dom import Element
from .emit.agent import AgentSnapshot, ScopeError
from .limits import LimitError, bounded
from .ax.names import Names
from .html.parse import ParseError, parse_html
from .query import AXNode, QueryError, RoleIndex, describe_query
from .ax.states import States
from .ax.tree import AXTree

__all__ = ["AXNode", "Document", "LimitError", "ParseError", "QueryError", "ScopeError"]


class Document:
    """An HTML document and the accessibility tree Chromium would build for it."""

    @bounded("loading")
    def __init__(self, html: str | bytes, url: str | None = None, base_dir: Path | None = None) -> None:
        if isinstance(html, (str, bytes)) and not html.strip():
            raise ParseError("input is empty")
        self.url = url or "about:blank"
        with _gc_paused():
            self.dom = parse_html(html, self.url)
            self.tree = AXTree(self.dom, base_dir)
            self.tree.base_url = _base_url(self.dom, self.url)
        self.names = Names(self.tree)
        self.states = States(self.tree, self.names)
        # A stable stand-in for Chromium's frame token: derived from the URL.
        self.frame_id = hashlib.md5(self.url.encode("utf-8")).hexdigest().upper()
        self._index: RoleIndex | None = None

    @classmethod
    def from_html(cls, html: str | bytes, url: str | None = None) -> "Document":
        return cls(html, url)

    @classmethod
    def from_file(cls, path: str | Path, url: str | None = None) -> "Document":
        path = Path(path)
        if path.is_dir():
            raise ParseError(f"{path} is a directory")
        data = path.read_bytes()
        return cls(data, url or path.resolve().as_uri(), base_dir=path.resolve().parent)

    @bounded("CDP tree")
    def get_full_ax_tree(self, depth: int | None = None) -> dict[str, Any]:
        """The result of CDP ``Accessibility.getFullAXTree``."""
        from .emit.cdp import CdpSerializer

        with _gc_paused():
            return {"nodes": CdpSerializer(self).full_tree(depth)}

    @bounded("CDP tree")
    def write_full_ax_tree(self, fp: TextIO, depth: int | None = None) -> None:
        """Write ``get_full_ax_tree()`` to a text stream as the same text as
        ``json.dumps(..., ensure_ascii=False, indent=1)``, node by node: the
        node dicts of a large page are never all in memory at once."""
        from .emit.cdp import CdpSerializer

        with _gc_paused():
            CdpSerializer(self).write_full_tree(fp, depth)

    # --- the rest of the CDP Accessibility domain -------------------------------

    def get_root_ax_node(self) -> dict[str, Any]:
        """``Accessibility.getRootAXNode``."""
        return {"node": self._serializer().node(self.tree.root)}

    def get_child_ax_nodes(self, node_id: str) -> dict[str, Any]:
        """``Accessibility.getChildAXNodes``: the included children of an AX node id."""
        serializer = self._serializer()
        obj = self._object_by_ax_id(serializer, node_id)
        return {"nodes": [serializer.node(c) for c in serializer.block(obj)]}

    def get_partial_ax_tree(self, node: int | Element, fetch_relatives: bool = True) -> dict[str, Any]:
        """``Accessibility.getPartialAXTree`` for a DOM node (backend node id or element):
        the node, its children when unignored, then its ancestors nearest first."""
        serializer = self._serializer()
        obj = self._object_for_dom(node)
        nodes = [serializer.node(obj)]
        if fetch_relatives:
            if not obj.ignored:
                nodes += [serializer.node(c) for c in serializer.block(obj)]
            nodes += [serializer.node(a) for a in self._included_ancestors(obj)]
        return {"nodes": nodes}

    def get_ax_node_and_ancestors(self, node: int | Element) -> dict[str, Any]:
        """``Accessibility.getAXNodeAndAncestors``."""
        serializer = self._serializer()
        obj = self._object_for_dom(node)
        return {"nodes": [serializer.node(o) for o in [obj, *self._included_ancestors(obj)]]}

    def query_ax_tree(self, node: int | Element | None = None, accessible_name: str | None = None,
                      role: str | None = None) -> dict[str, Any]:
        """``Accessibility.queryAXTree``: matching nodes below ``node`` (default: the
        document), in tree order, with their real role and a name without sources."""
        serializer = self._serializer()
        start = self.tree.root if node is None else self._object_for_dom(node)
        matches = []
        stack = [start]
        while stack:
            obj = stack.pop()
            stack.extend(reversed(obj.tree_children))
            if obj.kind in ("anonymous", "anonymous-box"):
                continue
            cdp = serializer.node(obj, force_name_and_role=True)
            if role is not None and cdp["role"]["value"] != role:
                continue
            if accessible_name is not None and cdp["name"]["value"] != accessible_name:
                continue
            matches.append(cdp)
        return {"nodes": matches}

    # --- testing-library style queries ---------------------------------------------

    def find_all_by_role(self, role: str, name: str | Pattern[str] | None = None, *, exact: bool = True,
                         level: int | None = None, checked: bool | str | None = None,
                         expanded: bool | None = None, selected: bool | None = None,
                         pressed: bool | str | None = None, include_hidden: bool = False) -> list[AXNode]:
        """Every node with this CDP role (and name/states), in tree order.
        ``name`` is compared exactly, or as a case-insensitive substring with
        ``exact=False``, or searched when it is a compiled regex."""
        return self._role_index().find(role, name, exact=exact, include_hidden=include_hidden, level=level,
                                       checked=checked, expanded=expanded, selected=selected, pressed=pressed)

    def query_by_role(self, role: str, name: str | Pattern[str] | None = None, **options: Any) -> AXNode | None:
        """The one matching node, None if there is none; QueryError if several match."""
        found = self.find_all_by_role(role, name, **options)
        if len(found) > 1:
            raise QueryError(self._query_message(f"found {len(found)}", role, name, options, found))
        return found[0] if found else None

    def get_by_role(self, role: str, name: str | Pattern[str] | None = None, **options: Any) -> AXNode:
        """The one matching node; QueryError (listing what exists) otherwise."""
        found = self.find_all_by_role(role, name, **options)
        if len(found) != 1:
            raise QueryError(self._query_message(f"found {len(found)}", role, name, options, found))
        return found[0]

    def _role_index(self) -> RoleIndex:
        if self._index is None:
            self._index = RoleIndex(self)
        return self._index

    def _query_message(self, count: str, role: str, name: Any, options: dict, found: list[AXNode]) -> str:
        wanted = describe_query(role, name, {k: v for k, v in options.items() if k not in ("exact", "include_hidden")})
        if found:
            return f"{count} nodes for {wanted}: " + ", ".join(str(n) for n in found[:20])
        return f"{count} nodes for {wanted}; {self._role_index().describe(role)}"

    def _serializer(self):
        from .emit.cdp import CdpSerializer

        return CdpSerializer(self)

    def _object_for_dom(self, node: int | Element):
        node_id = node if isinstance(node, int) else node.node_id
        for obj in self.tree.objects:
            if obj.node_id == node_id and obj.kind not in ("anonymous", "anonymous-box"):
                return obj if obj.included else self._included_ancestor_or_self(obj)
        raise QueryError(f"no accessibility node for DOM node {node_id}")

    def _object_by_ax_id(self, serializer, ax_id: str):
        for obj in self.tree.objects:
            if obj.included and serializer.node_id(obj) == str(ax_id):
                return obj
        raise QueryError(f"no accessibility node with id {ax_id!r}")

    def _included_ancestor_or_self(self, obj):
        return obj if obj.included else self.tree.included_parent(obj)

    def _included_ancestors(self, obj) -> list:
        out = []
        parent = self.tree.included_parent(obj)
        while parent is not None:
            out.append(parent)
            parent = self.tree.included_parent(parent)
        return out

    @bounded("aria snapshot")
    def aria_snapshot(self, scope: str | None = None) -> str:
        """What Playwright's ``page.locator(scope or "body").aria_snapshot()`` returns
        (with JavaScript disabled), except that password values are never printed.

        ``scope`` is a CSS selector that must match exactly one element; a selector
        that matches nothing (or more than one element) raises ``ValueError``."""
        from .emit.aria import aria_snapshot, select_one

        with _gc_paused():
            return aria_snapshot(self, select_one(self, scope) if scope else None)

    @bounded("agent snapshot")
    def agent_snapshot(self, scope: str | None = None, interactive_only: bool = False, max_depth: int | None = None,
                       max_bytes: int | None = 50_000, with_cdp_size: bool = False) -> AgentSnapshot:
        """The compact ``agent`` outline (``axsynth.emit.agent.AgentSnapshot``: ``.text``,
        ``.refs``, ``.to_json()``).  Raises ``ScopeError`` (``.code``) when
        ``scope`` is not a valid selector or matches nothing in the tree."""
        from .emit.agent import agent_snapshot

        return agent_snapshot(self, scope=scope, interactive_only=interactive_only, max_depth=max_depth,
                              max_bytes=max_bytes, with_cdp_size=with_cdp_size)

    @bounded("devtools snapshot")
    def devtools_snapshot(self, snapshot_id: int = 1) -> str:
        """Chrome DevTools MCP ``take_snapshot`` text, from the CDP tree."""
        from .emit.devtools import devtools_snapshot

        return devtools_snapshot(self.get_full_ax_tree()["nodes"], snapshot_id)


@contextmanager
def _gc_paused():
    """Pause the cyclic garbage collector while a document is built or serialized.

    These stages allocate millions of long-lived objects (DOM, styles, AX objects,
    CDP dicts) and almost no cyclic garbage, so the collector's full (generation 2)
    passes only re-walk live objects: about an eighth of the CPU time on large pages.
    Reference counting still frees temporaries; the previous state is restored."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _base_url(dom, url: str) -> str:
    from urllib.parse import urljoin

    base = next((e for e in dom.iter_elements() if e.local_name == "base" and e.is_html and e.has("href")), None)
    if base is None:
        return url
    href = base.attrs["href"].strip()
    try:
        return urljoin(url, href)
    except ValueError:
        return href  # invalid (say "http://[bad/"): relative URLs then resolve to none
