"""The public API: load a document once, then read its accessibility tree."""

from __future__ import annotations

import functools
import gc
import os
import re
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Pattern, TextIO
from urllib.parse import unquote, urlsplit

from .ax.cache import AXCache
from .ax.tree import AXTree
from .html.dom import Document as DomDocument
from .html.dom import Element
from .html.parse import ParseError
from .limits import LimitError, bounded
from .locator import Locator, LocatorEngine
from .page import CursorError, Page, ScopeError, SnapshotOptionError, select_scope
from .query import AXNode, QueryError, RoleIndex, describe_query

if TYPE_CHECKING:  # imported where used: a CDP or aria snapshot needs none of them
    from .emit.agent import AgentEmitter, AgentSnapshot
    from .emit.agent_refs import Selectors
    from .emit.diff import SnapshotDiff

__all__ = [
    "AXNode",
    "CursorError",
    "Document",
    "LimitError",
    "Locator",
    "ParseError",
    "QueryError",
    "ScopeError",
    "SnapshotOptionError",
]


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
    def __init__(
        self,
        html: str | bytes,
        url: str | None = None,
        base_dir: Path | None = None,
        parent: "Document | None" = None,
        *,
        _file: Path | None = None,
    ) -> None:
        if not isinstance(html, (str, bytes)):
            hint = " (for a file, use Document.from_file)" if isinstance(html, os.PathLike) else ""
            raise TypeError(f"HTML must be str or bytes, not {type(html).__name__}{hint}")
        if not html.strip():
            raise ParseError("input is empty")
        with _gc_paused():
            self.page = Page(html, url or "about:blank", base_dir, parent.page if parent is not None else None)
        self._ax: AXCache | None = None
        self._index: RoleIndex | None = None
        self._agent: AgentEmitter | None = None
        self._base_dir = base_dir
        # Child frames are read now, so that a Document is the page as it was when loaded.
        # A frame's files must lie under the top page's directory and not repeat an enclosing one.
        self._frame_depth = 0 if parent is None else parent._frame_depth + 1
        self._frame_root = base_dir if parent is None else parent._frame_root
        self._frame_files = (frozenset() if parent is None else parent._frame_files) | ({_file} if _file else set())
        self._frame_documents = {
            id(el): (el, *self._load_frame(el))
            for el in self.dom.iter_elements()
            if el.is_html and el.local_name in ("iframe", "frame")
        }
        self._frames: dict[int, Frame] = {}  # id(iframe element) -> its Frame, once named
        self._selector_index: Selectors | None = None
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
        frames = [
            f"frame {frame.element.attrs.get('src') or 'srcdoc'!r} not loaded: {frame.reason}"
            for frame in self.frames()
            if frame.document is None and frame.reason
        ]
        return self.page.not_loaded + frames

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
        return cls(data, url or path.resolve().as_uri(), base_dir=path.resolve().parent, _file=path.resolve())

    @bounded("CDP tree")
    def get_full_ax_tree(
        self, depth: int | None = None, scope: str | None = None, frame_id: str | None = None
    ) -> dict[str, Any]:
        """The result of CDP ``Accessibility.getFullAXTree``; with ``scope`` (a CSS
        selector that must match exactly one element, else ``ScopeError``), the
        same walk from that element's node only; with ``frame_id`` (from
        ``frames()``), that child frame's tree, as CDP's per-frame call returns it.

        >>> Document.from_html("<button>Go</button>").get_full_ax_tree()["nodes"][0]["role"]["value"]
        'RootWebArea'
        """
        from .emit.cdp import CdpSerializer

        if frame_id is not None:
            return self.frame(frame_id).get_full_ax_tree(depth)

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

    def query_ax_tree(
        self, node: int | Element | None = None, accessible_name: str | None = None, role: str | None = None
    ) -> dict[str, Any]:
        """``Accessibility.queryAXTree``: matching nodes below ``node`` (default: the
        document), in tree order, with their real role and a name without sources.

        >>> nodes = Document.from_html("<button>Go</button>").query_ax_tree(role="button")["nodes"]
        >>> [n["name"]["value"] for n in nodes]
        ['Go']
        """
        from .emit.cdp import role_value

        serializer = self._serializer()
        start = self.tree.root if node is None else self._object_for_dom(node)
        matches = []
        stack = [start]
        while stack:
            obj = stack.pop()
            stack.extend(reversed(obj.tree_children))
            if obj.kind in ("anonymous", "anonymous-box"):
                continue
            # Tested before the node is made: its name value is the object's name.
            if role is not None and role_value(obj, real=True) != role:
                continue
            if accessible_name is not None and self.ax.names.name(obj) != accessible_name:
                continue
            matches.append(serializer.node(obj, force_name_and_role=True))
        return {"nodes": matches}

    # --- testing-library style queries ---------------------------------------------

    def find_all_by_role(
        self,
        role: str,
        name: str | Pattern[str] | None = None,
        *,
        exact: bool = True,
        level: int | None = None,
        checked: bool | str | None = None,
        expanded: bool | None = None,
        selected: bool | None = None,
        pressed: bool | str | None = None,
        include_hidden: bool = False,
    ) -> list[AXNode]:
        """Every node with this CDP role (and name/states), in tree order.
        ``name`` is compared exactly, or as a case-insensitive substring with
        ``exact=False``, or searched when it is a compiled regex.

        >>> Document.from_html("<img src=a.png alt=Cat><p>Cat</p>").find_all_by_role("image")
        [<AXNode image "Cat">]
        """
        return self._role_index().find(
            role,
            name,
            exact=exact,
            include_hidden=include_hidden,
            level=level,
            checked=checked,
            expanded=expanded,
            selected=selected,
            pressed=pressed,
        )

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
        node = self._role_index().node_for(element.node_id)
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
    def agent_snapshot(
        self,
        scope: str | None = None,
        interactive_only: bool = False,
        max_depth: int | None = None,
        max_bytes: int | None = 50_000,
        with_cdp_size: bool = False,
        cursor: str | None = None,
        all_items: bool = False,
    ) -> AgentSnapshot:
        """The compact ``agent`` outline (``axsynth.emit.agent.AgentSnapshot``: ``.text``,
        ``.refs``, ``.next_cursor``, ``.to_json()``).  ``cursor`` (a cut outline's
        ``next_cursor``) continues it.  Raises ``ScopeError`` (``.code``) when ``scope``
        does not match exactly one element of the tree, ``CursorError`` when
        the cursor is malformed or belongs to another page or other options.  ``all_items``:
        long lists and tables keep every item (by default those without refs are counted).

        >>> print(Document.from_html("<button>Go</button>").agent_snapshot().text)
        document
          button "Go" [ref=ejp31o]
        <BLANKLINE>
        """
        return self.agent_emitter.snapshot(
            scope=scope,
            interactive_only=interactive_only,
            max_depth=max_depth,
            max_bytes=max_bytes,
            with_cdp_size=with_cdp_size,
            cursor=cursor,
            all_items=all_items,
        )

    @property
    def agent_emitter(self) -> AgentEmitter:
        """The agent format's emitter for this document: its refs and outlines, built once.

        >>> Document.from_html("<button>Go</button>").agent_emitter.ref("ejp31o").role
        'button'
        """
        from .emit.agent import AgentEmitter

        if self._agent is None:
            with _gc_paused():
                self._agent = AgentEmitter(self.ax, self._frame_of, self._selectors())
        return self._agent

    def _selectors(self) -> Selectors:
        """The unique selectors of the page's elements (refs and frame ids derive from
        them): made from the DOM alone, so naming a frame builds no accessibility tree."""
        from .emit.agent_refs import Selectors

        if self._selector_index is None:
            self._selector_index = Selectors(self.dom)
        return self._selector_index

    # --- child frames --------------------------------------------------------------

    def frames(self) -> list["Frame"]:
        """Every child frame, frames inside frames included, in the order of Chromium's
        frame tree (pre-order): each ``<iframe>``/``<frame>`` with its document when
        axsynth loads it (``srcdoc``, or a local file under the page's directory; never
        the network) or the reason it does not.  A nested frame's id is the path of
        frame ids (``fr87hy-ftejls``), as in the agent format's refs.  (Recursive, but
        no deeper than MAX_FRAME_DEPTH.)

        >>> doc = Document.from_html('<iframe srcdoc="<p>Hi"></iframe>')
        >>> [(f.frame_id, f.document is not None) for f in doc.frames()]
        [('ftejls', True)]
        """
        out: list[Frame] = []
        for element in self.dom.iter_elements():
            if element.is_html and element.local_name in ("iframe", "frame"):
                frame = self._frame_of(element)
                out.append(frame)
                if frame.document is not None:
                    out += [
                        replace(inner, frame_id=f"{frame.frame_id}-{inner.frame_id}")
                        for inner in frame.document.frames()
                    ]
        return out

    def frame(self, frame_id: str) -> "Document":
        """The document of a loaded child frame (a ``frame_id`` from ``frames()`` or an
        agent outline); ``QueryError`` otherwise.

        >>> Document.from_html('<iframe srcdoc="<p>Hi"></iframe>').frame("ftejls").aria_snapshot()
        '- paragraph: Hi'
        """
        for frame in self.frames():
            if frame.frame_id == frame_id:
                if frame.document is None:
                    raise QueryError(f"frame {frame_id} is not loaded: {frame.reason}")
                return frame.document
        known = ", ".join(f.frame_id for f in self.frames()) or "none"
        raise QueryError(f"no frame {frame_id!r} in this page (frames: {known})")

    def _frame_of(self, iframe: Element) -> "Frame":
        frame = self._frames.get(id(iframe))
        if frame is None:
            _, document, reason = self._frame_documents[id(iframe)]
            selectors = self._selectors()
            frame_id = "f" + selectors.ref_for(selectors.selector(iframe))[1:]
            frame = self._frames[id(iframe)] = Frame(frame_id, iframe, document, reason)
        return frame

    def _load_frame(self, iframe: Element) -> "tuple[Document | None, str]":
        """The document of an iframe, or None and why it is not loaded."""
        if self._frame_depth >= MAX_FRAME_DEPTH:
            return None, f"nested deeper than {MAX_FRAME_DEPTH} frames"
        if "srcdoc" in iframe.attrs:
            return self._child(iframe.attrs["srcdoc"], "about:srcdoc", self._base_dir, None)
        src = iframe.attrs.get("src", "").strip()
        if not src or src.lower() == "about:blank":  # an empty document, as browsers show
            return self._child("", "about:blank", None, None)
        file, reason = self._local_file(src)
        if file is None:
            return None, reason
        try:
            if file.stat().st_size > MAX_FRAME_BYTES:
                return None, f"{src} is over {MAX_FRAME_BYTES:,} bytes"
            html = file.read_bytes()
        except OSError as exc:
            return None, f"{src}: {exc.strerror or exc}"
        return self._child(html, file.as_uri(), file.parent, file)

    def _local_file(self, src: str) -> tuple[Path | None, str]:
        """The file a ``src`` names next to the page, or None and why it is not followed."""
        parts = urlsplit(src)
        if (parts.scheme and parts.scheme != "file") or src.startswith("//"):
            return None, f"{src} is not a local file (not followed)"
        if self._base_dir is None or self._frame_root is None:
            return None, "the page was not read from a file"
        path = unquote(parts.path)
        if parts.scheme != "file" and path.startswith("/"):  # the origin's root, not the page's directory
            return None, f"{src} is outside the page's directory (not followed)"
        candidate = Path(path) if parts.scheme == "file" else self._base_dir / path
        try:
            file = candidate.resolve(strict=True)
        except (OSError, RuntimeError):
            return None, f"{src}: no such file"
        if not file.is_relative_to(self._frame_root.resolve()):
            return None, f"{src} is outside the page's directory (not followed)"
        if file in self._frame_files or not file.is_file():
            return None, f"{src} is {'the page itself or an enclosing frame' if file.is_file() else 'not a file'}"
        return file, ""

    def _child(
        self, html: str | bytes, url: str, base_dir: Path | None, file: Path | None
    ) -> "tuple[Document | None, str]":
        try:
            return Document(html if html.strip() else "<html></html>", url, base_dir, parent=self, _file=file), ""
        except (ParseError, LimitError) as exc:
            return None, str(exc)

    @bounded("audit")
    def audit(self, rules: Any = None, tags: Any = None, *, passes: bool = False) -> dict[str, Any]:
        """axe-core's rules run on this document, in axe-core's result shape (``violations``,
        ``incomplete``, ``inapplicable``; ``passes`` with its nodes when asked): see
        ``axsynth.audit.audit``. ``rules`` are axe rule ids, ``tags`` such as wcag2a.

        >>> [rule["id"] for rule in Document.from_html("<img src=a.png>").audit(rules=["image-alt"])["violations"]]
        ['image-alt']
        """
        from .audit import audit

        with _gc_paused():
            return audit(self.page, rules, tags, passes=passes)

    @bounded("flat snapshot")
    def flat_snapshot(
        self,
        include_values: bool = False,
        max_depth: int | None = None,
        max_interactive: int | None = None,
        filter: str | None = None,
    ) -> dict[str, Any]:
        """The ``flat`` JSON (``axsynth.emit.flat``): url, title, a body of semantic groups
        and hoisted nodes with stable ids, iframes and shadow hosts.  ``include_values``
        adds field values, never those of password or payment fields; ``filter`` (CSS)
        keeps only the nodes whose element matches (bad syntax: ``ScopeError``).

        >>> sorted(Document.from_html("<button>Go</button>").flat_snapshot())
        ['body', 'iframes', 'shadowDoms', 'stats', 'title', 'url']
        """
        from .emit.flat import FlatOptions, flat_snapshot

        options = FlatOptions(include_values, max_depth, max_interactive, filter)
        with _gc_paused():
            return flat_snapshot(self.agent_emitter, options)

    def diff(self, other: "Document", format: str = "agent", scope: str | None = None) -> SnapshotDiff:
        """What changed from this document to ``other``: an ``axsynth.emit.diff.SnapshotDiff``
        (``.text``, ``.changes``, ``.to_json()``) of their uncut ``agent`` outlines (nodes
        matched by ref) or ``aria`` snapshots.  Two unrelated pages give a full replacement.

        >>> before = Document.from_html("<button>Go</button>")
        >>> after = Document.from_html("<button>Go</button><button>Stop</button>")
        >>> [change.op for change in before.diff(after, "aria").changes]
        ['added']
        """
        from .emit.diff import diff_outlines

        if format not in ("agent", "aria"):
            raise ValueError(f"diff format must be agent or aria, not {format!r}")
        return diff_outlines(self.outline_text(format, scope), other.outline_text(format, scope), format)

    def outline_text(self, format: str, scope: str | None = None) -> str:
        """The whole ``agent`` outline (never cut) or the ``aria`` snapshot: what ``diff`` compares.

        >>> Document.from_html("<button>Go</button>").outline_text("aria")
        '- button "Go"'
        """
        if format == "aria":
            return self.aria_snapshot(scope)
        return self.agent_snapshot(scope=scope, max_bytes=None).text

    @bounded("devtools snapshot")
    def devtools_snapshot(self, snapshot_id: int = 1, scope: str | None = None) -> str:
        """Chrome DevTools MCP ``take_snapshot`` text, from the CDP tree (of the one
        element ``scope`` selects, if given), loaded child frames included under their
        iframes (the MCP asks Puppeteer for ``includeIframes``).

        >>> print(Document.from_html("<button>Go</button>").devtools_snapshot())
        uid=1_0 RootWebArea url="about:blank"
          uid=1_1 button "Go"
        <BLANKLINE>
        """
        from .emit.devtools import format_snapshot

        return format_snapshot(self._devtools_tree(scope), snapshot_id)

    def _devtools_tree(self, scope: str | None = None) -> dict[str, Any] | None:
        """Puppeteer's snapshot of this document, its frames' snapshots included."""
        from .emit.devtools import snapshot_tree

        iframes = {
            el.node_id: el for el in self.dom.iter_elements() if el.is_html and el.local_name in ("iframe", "frame")
        }

        def frame_snapshot(backend_id: int) -> dict[str, Any] | None:
            iframe = iframes.get(backend_id)
            child = self._frame_of(iframe).document if iframe is not None else None
            return child._devtools_tree() if child is not None else None

        return snapshot_tree(self.get_full_ax_tree(scope=scope)["nodes"], frame_snapshot)


MAX_FRAME_DEPTH = 4  # frames in frames in …: deeper ones are not loaded
MAX_FRAME_BYTES = 20_000_000


@dataclass
class Frame:
    """A child frame: its ``<iframe>``/``<frame>``, its id (``f`` + a hash of the
    element's selector, stable like the agent refs), and its document, or why axsynth
    did not load one (a network URL, a file outside the page's directory, …)."""

    frame_id: str
    element: Element
    document: Document | None
    reason: str = ""

    @property
    def agent_emitter(self) -> AgentEmitter | None:
        return self.document.agent_emitter if self.document is not None else None


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
