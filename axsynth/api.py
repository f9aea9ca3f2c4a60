"""The public API: load a document once, then read its accessibility tree."""

from __future__ import annotations

import functools
import gc
import os
import re
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Pattern, TextIO

from .ax.cache import AXCache
from .ax.tree import AXTree
from .emit.agent import AgentSnapshot
from .html.dom import Document as DomDocument
from .html.dom import Element
from .html.parse import ParseError
from .limits import LimitError, bounded
from .locator import Locator, LocatorEngine
from .page import Page, ScopeError, select_scope
from .query import AXNode, QueryError, RoleIndex, describe_query

__all__ = ["AXNode", "Document", "LimitError", "Locator", "ParseError", "QueryError", "ScopeError"]


def _locate_from_root(method_name: str):
    """A Document method that starts a locator chain at the document (same signature
    and docstring as the Locator method)."""
    method = getattr(Locator, method_name)

    @functools.wraps(method)
    def locate(self: "Document", *args: Any, **options: Any) -> Locator:
        return method(self._root_locator, *args, **options)
    return locate


class Document:
    """An HTML document and the accessibility tree Chromium would build for it.

    >>> doc = Document.from_html("<title>Shop</title><button>Buy</button>", url="https://shop.example/")
    >>> doc
    <Document 'https://shop.example/' title='Shop'>
    >>> doc.get_by_role("button", name="Buy").count()
    1
    >>> doc.aria_snapshot()
    '- button "Buy"'
    """

    @bounded("loading")
    def __init__(self, html: str | bytes, url: str | None = None, base_dir: Path | None = None) -> None:
        if not isinstance(html, (str, bytes)):
            hint = " (for a file, use Document.from_file)" if isinstance(html, os.PathLike) else ""
            raise TypeError(f"HTML must be str or bytes, not {type(html).__name__}{hint}")
        if not html.strip():
            raise ParseError("input is empty")
        with _gc_paused():
            self.page = Page(html, url or "about:blank", base_dir)
        self._ax: AXCache | None = None
        self._index: RoleIndex | None = None
        self._locators: LocatorEngine | None = None

    @property
    def ax(self) -> AXCache:
        """Chromium's accessibility tree with its names and states, built on first use
        (an ARIA snapshot, which follows Playwright's rules, never needs it).

        >>> Document.from_html("<button>Go</button>").ax.tree.root.kind
        'document'
        """
        if self._ax is None:
            with _gc_paused():
                self._ax = AXCache(self.page)
        return self._ax

    def __repr__(self) -> str:
        return f"<Document {self.url!r} title={self.title!r}>"

    @property
    def url(self) -> str:
        """The document's URL (``about:blank`` unless given; a file's ``file://`` URI).

        >>> Document.from_html("<p>x</p>", url="https://example.org/").url
        'https://example.org/'
        """
        return self.page.url

    @property
    def title(self) -> str:
        """``document.title``: the first <title>'s text, white space stripped and collapsed.

        >>> Document.from_html("<title>  Shop \\n home </title>").title
        'Shop home'
        """
        title = next((el for el in self.dom.iter_elements() if el.is_html and el.local_name == "title"), None)
        return _collapse_ascii_space(title.text_content()) if title is not None else ""

    @property
    def dom(self) -> DomDocument:
        """The parsed DOM (``axsynth.html.dom.Document``).

        >>> Document.from_html("<p>x</p>").dom.find_first("p")
        <p #5>
        """
        return self.page.document

    @property
    def tree(self) -> AXTree:
        """Chromium's accessibility tree (``axsynth.ax.tree.AXTree``), built on first use.

        >>> Document.from_html("<p>x</p>").tree.root.kind
        'document'
        """
        return self.ax.tree

    @property
    def frame_id(self) -> str:
        """A stable stand-in for Chromium's frame id, derived from the URL.

        >>> len(Document.from_html("<p>x</p>").frame_id)
        32
        """
        return self.page.frame_id

    @property
    def not_loaded(self) -> list[str]:
        """One line for each stylesheet or frame that is not part of the page, and why
        (remote, missing, outside the page's directory...).

        >>> Document.from_html('<link rel=stylesheet href="https://cdn.example/a.css">').not_loaded
        ["stylesheet 'https://cdn.example/a.css' not loaded: remote (axsynth reads no network)"]
        """
        return self.page.not_loaded

    @classmethod
    def from_html(cls, html: str | bytes, url: str | None = None, base_dir: str | Path | None = None) -> "Document":
        """A Document from HTML text, or bytes decoded as a browser decodes them.

        ``url`` resolves links and is reported on the root (default ``about:blank``);
        ``base_dir`` is the directory local ``<link rel=stylesheet>`` files are read
        from (default: none are read).

        >>> Document.from_html("<h1>Hi</h1>").get_by_role("heading").name
        'Hi'
        """
        return cls(html, url, Path(base_dir) if base_dir is not None else None)

    @classmethod
    def from_file(cls, path: str | Path, url: str | None = None) -> "Document":
        """A Document from an HTML file; its local stylesheets are read from its directory.

        ``url`` defaults to the file's ``file://`` URI, as Chromium reports it.

        >>> Document.from_file("examples/checkout.html").title  # doctest: +SKIP
        'Checkout'
        """
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"path must be a str or a path, not {type(path).__name__}")
        path = Path(path)
        if path.is_dir():
            raise ParseError(f"{path} is a directory")
        data = path.read_bytes()
        return cls(data, url or path.resolve().as_uri(), base_dir=path.resolve().parent)

    @bounded("CDP tree")
    def get_full_ax_tree(self, depth: int | None = None, scope: str | None = None) -> dict[str, Any]:
        """The result of CDP ``Accessibility.getFullAXTree``; with ``scope`` (a CSS
        selector that must match exactly one element, else ``ScopeError``), the
        same walk from that element's node only.

        >>> Document.from_html("<button>Go</button>").get_full_ax_tree()["nodes"][0]["role"]["value"]
        'RootWebArea'
        """
        from .emit.cdp import CdpSerializer

        with _gc_paused():
            return {"nodes": CdpSerializer(self.ax).full_tree(depth, self._scope_object(scope))}

    @bounded("CDP tree")
    def write_full_ax_tree(self, fp: TextIO, depth: int | None = None, scope: str | None = None) -> None:
        """Write ``get_full_ax_tree()`` to a text stream as the same text as
        ``json.dumps(..., ensure_ascii=False, indent=1)``, node by node: the
        node dicts of a large page are never all in memory at once.

        >>> import io
        >>> out = io.StringIO()
        >>> Document.from_html("<button>Go</button>").write_full_ax_tree(out)
        >>> out.getvalue().startswith('{\\n "nodes": [')
        True
        """
        from .emit.cdp import CdpSerializer

        with _gc_paused():
            CdpSerializer(self.ax).write_full_tree(fp, depth, self._scope_object(scope))

    def _scope_object(self, scope: str | None):
        from .emit.cdp import scope_object

        return scope_object(self.ax, scope) if scope is not None else None

    # --- the rest of the CDP Accessibility domain -------------------------------

    def get_root_ax_node(self) -> dict[str, Any]:
        """``Accessibility.getRootAXNode``.

        >>> Document.from_html("<p>x</p>").get_root_ax_node()["node"]["role"]["value"]
        'RootWebArea'
        """
        return {"node": self._serializer().node(self.tree.root)}

    def get_child_ax_nodes(self, node_id: str) -> dict[str, Any]:
        """``Accessibility.getChildAXNodes``: the included children of an AX node id.

        >>> doc = Document.from_html("<button>Go</button>")
        >>> [n["role"]["value"] for n in doc.get_child_ax_nodes(doc.get_root_ax_node()["node"]["nodeId"])["nodes"]]
        ['none', 'generic']
        """
        serializer = self._serializer()
        obj = self._object_by_ax_id(serializer, node_id)
        return {"nodes": [serializer.node(c) for c in serializer.block(obj)]}

    def get_partial_ax_tree(self, node: int | Element, fetch_relatives: bool = True) -> dict[str, Any]:
        """``Accessibility.getPartialAXTree`` for a DOM node (backend node id or element):
        the node, its children when unignored, then its ancestors nearest first.

        >>> doc = Document.from_html("<button>Go</button>")
        >>> [n["role"]["value"] for n in doc.get_partial_ax_tree(doc.dom.find_first("button"))["nodes"]]
        ['button', 'StaticText', 'generic', 'none', 'RootWebArea']
        """
        serializer = self._serializer()
        obj = self._object_for_dom(node)
        nodes = [serializer.node(obj)]
        if fetch_relatives:
            if not obj.ignored:
                nodes += [serializer.node(c) for c in serializer.block(obj)]
            nodes += [serializer.node(a) for a in self._included_ancestors(obj)]
        return {"nodes": nodes}

    def get_ax_node_and_ancestors(self, node: int | Element) -> dict[str, Any]:
        """``Accessibility.getAXNodeAndAncestors``.

        >>> doc = Document.from_html("<main><button>Go</button></main>")
        >>> [n["role"]["value"] for n in doc.get_ax_node_and_ancestors(doc.dom.find_first("button"))["nodes"]]
        ['button', 'main', 'none', 'none', 'RootWebArea']
        """
        serializer = self._serializer()
        obj = self._object_for_dom(node)
        return {"nodes": [serializer.node(o) for o in [obj, *self._included_ancestors(obj)]]}

    def query_ax_tree(self, node: int | Element | None = None, accessible_name: str | None = None,
                      role: str | None = None) -> dict[str, Any]:
        """``Accessibility.queryAXTree``: matching nodes below ``node`` (default: the
        document), in tree order, with their real role and a name without sources.

        >>> nodes = Document.from_html("<button>Go</button>").query_ax_tree(role="button")["nodes"]
        >>> [n["name"]["value"] for n in nodes]
        ['Go']
        """
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
        ``exact=False``, or searched when it is a compiled regex.

        >>> Document.from_html("<img src=a.png alt=Cat><p>Cat</p>").find_all_by_role("image")
        [<AXNode image "Cat">]
        """
        return self._role_index().find(role, name, exact=exact, include_hidden=include_hidden, level=level,
                                       checked=checked, expanded=expanded, selected=selected, pressed=pressed)

    def query_by_role(self, role: str, name: str | Pattern[str] | None = None, **options: Any) -> AXNode | None:
        """The one matching node, None if there is none; QueryError if several match.

        >>> Document.from_html("<button>Go</button>").query_by_role("dialog") is None
        True
        """
        found = self.find_all_by_role(role, name, **options)
        if len(found) > 1:
            raise QueryError(self._query_message(role, name, options, found))
        return found[0] if found else None

    # --- Playwright-style locators ----------------------------------------------------

    @property
    def _root_locator(self) -> Locator:
        return Locator(self, self._locator_engine)

    def _locator_engine(self) -> LocatorEngine:
        if self._locators is None:
            self._locators = LocatorEngine(self.page)
        return self._locators

    get_by_role = _locate_from_root("get_by_role")
    get_by_text = _locate_from_root("get_by_text")
    get_by_label = _locate_from_root("get_by_label")
    get_by_placeholder = _locate_from_root("get_by_placeholder")
    get_by_alt_text = _locate_from_root("get_by_alt_text")
    get_by_title = _locate_from_root("get_by_title")
    get_by_test_id = _locate_from_root("get_by_test_id")
    locator = _locate_from_root("locator")

    def ax_node_for(self, element: Element) -> AXNode:
        """The node Chromium's tree has for a DOM element (the CDP view of a locator's element).

        >>> doc = Document.from_html("<img src=a.png alt=Cat>")
        >>> doc.ax_node_for(doc.get_by_role("img").element)
        <AXNode image "Cat">
        """
        node = self._role_index().by_element.get(element.node_id)
        if node is None:
            raise QueryError(f"no accessibility node for {element!r}")
        return node

    def _role_index(self) -> RoleIndex:
        if self._index is None:
            self._index = RoleIndex(self.ax)
        return self._index

    @staticmethod
    def _query_message(role: str, name: Any, options: dict, found: list[AXNode]) -> str:
        wanted = describe_query(role, name, {k: v for k, v in options.items() if k not in ("exact", "include_hidden")})
        return f"found {len(found)} nodes for {wanted}: " + ", ".join(str(n) for n in found[:20])

    def _serializer(self):
        from .emit.cdp import CdpSerializer

        return CdpSerializer(self.ax)

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
        that matches nothing (or more than one element) raises ``ScopeError`` (a ``ValueError``).

        >>> print(Document.from_html("<nav><a href=/>Home</a></nav><p>x</p>").aria_snapshot("nav"))
        - navigation:
          - link "Home":
            - /url: /
        """
        from .emit.aria import aria_snapshot

        with _gc_paused():
            return aria_snapshot(self.page, select_scope(self.page, scope) if scope else None)

    @bounded("agent snapshot")
    def agent_snapshot(self, scope: str | None = None, interactive_only: bool = False, max_depth: int | None = None,
                       max_bytes: int | None = 50_000, with_cdp_size: bool = False) -> AgentSnapshot:
        """The compact ``agent`` outline (``axsynth.emit.agent.AgentSnapshot``: ``.text``,
        ``.refs``, ``.to_json()``).  Raises ``ScopeError`` (``.code``) unless ``scope``
        matches exactly one element of the tree.

        >>> print(Document.from_html("<button>Go</button>").agent_snapshot().text)  # doctest: +ELLIPSIS
        document
          button "Go" [ref=...]
        <BLANKLINE>
        """
        from .emit.agent import agent_snapshot

        return agent_snapshot(self.ax, scope=scope, interactive_only=interactive_only, max_depth=max_depth,
                              max_bytes=max_bytes, with_cdp_size=with_cdp_size)

    @bounded("devtools snapshot")
    def devtools_snapshot(self, snapshot_id: int = 1, scope: str | None = None) -> str:
        """Chrome DevTools MCP ``take_snapshot`` text, from the CDP tree (of the one
        element ``scope`` selects, if given).

        >>> print(Document.from_html("<button>Go</button>").devtools_snapshot())
        uid=1_0 RootWebArea url="about:blank"
          uid=1_1 button "Go"
        <BLANKLINE>
        """
        from .emit.devtools import devtools_snapshot

        return devtools_snapshot(self.get_full_ax_tree(scope=scope)["nodes"], snapshot_id)


def _collapse_ascii_space(text: str) -> str:
    """HTML's "strip and collapse ASCII whitespace"."""
    return " ".join(part for part in re.split("[\t\n\f\r ]+", text) if part)


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

