"""The public API: load a document once, then read its accessibility tree."""

from __future__ import annotations

import functools
import gc
import os
import re
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from .ax.cache import AXCache
from .ax.tree import AXTree
from .frames import ChildFrames, Frame
from .html.dom import Document as DomDocument
from .html.dom import Element
from .html.parse import ParseError
from .html.resources import LoadPolicy
from .limits import DEFAULT_MAX_HTML_BYTES, InputTooLarge, LimitError, bounded, read_capped
from .locator import Locator, LocatorEngine
from .page import CursorError, Page, ScopeError, SnapshotOptionError, select_scope
from .query import AccessibilityQueries, AXNode, QueryError, RoleIndex

if TYPE_CHECKING:  # imported where used: a CDP or aria snapshot needs none of them
    from .emit.agent import AgentEmitter, AgentSnapshot
    from .emit.agent_refs import Selectors
    from .emit.diff import SnapshotDiff
    from .screenshot import Chromium, Screenshot

__all__ = [
    "AXNode",
    "CursorError",
    "Document",
    "InputTooLarge",
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


class Document(AccessibilityQueries):
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
        root: str | Path | None = None,
        site_root: str | Path | None = None,
        site_url: str | None = None,
        _file: Path | None = None,
    ) -> None:
        if not isinstance(html, (str, bytes)):
            hint = " (for a file, use Document.from_file)" if isinstance(html, os.PathLike) else ""
            raise TypeError(f"HTML must be str or bytes, not {type(html).__name__}{hint}")
        if not html.strip():
            raise ParseError("input is empty")
        policy = None
        if parent is None:  # a frame's document reads under its top page's policy
            policy = LoadPolicy.for_page(url, base_dir=base_dir, root=root, site_root=site_root, site_url=site_url)
        with _gc_paused():
            self.page = Page(html, url or "about:blank", policy, parent.page if parent is not None else None, _file)
        self._ax: AXCache | None = None
        self._index: RoleIndex | None = None
        self._agent: AgentEmitter | None = None
        # Child frames are read now, so that a Document is the page as it was when loaded.
        self._frame_depth = 0 if parent is None else parent._frame_depth + 1
        self._frames = ChildFrames(self.dom, self.page.loader, self._frame_depth, self._child)
        self.page.frame_pages = self._frames.pages()
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
        (remote, missing, outside the root...).

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
    def from_html(
        cls,
        html: str | bytes,
        url: str | None = None,
        base_dir: str | Path | None = None,
        *,
        root: str | Path | None = None,
        site_root: str | Path | None = None,
        site_url: str | None = None,
    ) -> "Document":
        """A Document from HTML text, or bytes decoded as a browser decodes them.

        ``url`` resolves links and is reported on the root (default ``about:blank``).
        Stylesheets and frames are read from files only when the page has a place:
        ``base_dir``, the directory the page stands in (its ``file:`` URLs are read,
        in any folder); or ``site_root``, the files of the site ``url`` is on (the URLs
        under ``site_url``, default the origin of ``url``, as a static server maps
        them). ``root`` confines every file read to one directory (for untrusted HTML).
        README, "How a page's stylesheets and frames are found".

        >>> Document.from_html("<h1>Hi</h1>").get_by_role("heading").name
        'Hi'
        """
        base = Path(base_dir) if base_dir is not None else None
        return cls(html, url, base, root=root, site_root=site_root, site_url=site_url)

    @classmethod
    def from_file(
        cls,
        path: str | Path,
        url: str | None = None,
        *,
        root: str | Path | None = None,
        site_root: str | Path | None = None,
        site_url: str | None = None,
        max_bytes: int | None = DEFAULT_MAX_HTML_BYTES,
    ) -> "Document":
        """A Document from an HTML file; the stylesheets and frames its URLs name are
        read from files (``root``, ``site_root``, ``site_url``: as in ``from_html``).

        ``url`` defaults to the file's ``file://`` URI, as Chromium reports it; a web
        ``url`` without ``site_root`` reads the files under the page's directory only.
        A file larger than ``max_bytes`` (20 MB by default; None: no limit) raises
        ``InputTooLarge`` (a ``LimitError``) without being read further.

        >>> Document.from_file("examples/checkout.html").title  # doctest: +SKIP
        'Checkout'
        """
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"path must be a str or a path, not {type(path).__name__}")
        path = Path(path)
        if path.is_dir():
            raise ParseError(f"{path} is a directory")
        with open(path, "rb") as stream:
            data = read_capped(stream, max_bytes, str(path))
        file = path.resolve()
        return cls(
            data, url or file.as_uri(), file.parent, root=root, site_root=site_root, site_url=site_url, _file=file
        )

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
            return self.frame(frame_id).get_full_ax_tree(depth, scope)

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
            return aria_snapshot(self.page, select_scope(self.page, scope) if scope is not None else None)

    @bounded("ai snapshot")
    def ai_snapshot(self, scope: str | None = None, depth: int | None = None) -> str:
        """What Playwright's ``page.aria_snapshot(mode="ai", depth=depth)`` returns (with
        JavaScript disabled), child frames included: the snapshot Playwright MCP gives a
        model; with ``scope`` (a CSS selector matching one element), the one of
        ``page.locator(scope).aria_snapshot(mode="ai")``. Password values are never printed.

        Its refs (``e12``, ``f1e3`` in a frame) are Playwright's: numbered in the order
        snapshots of this document meet elements, valid for its latest snapshot
        (``locator("aria-ref=e12")``), not stable across pages (the agent format's are).

        >>> print(Document.from_html("<button>Go</button>").ai_snapshot())
        - button "Go" [ref=e2]
        """
        from .emit.ai import ai_snapshot

        with _gc_paused():
            return ai_snapshot(self.page, select_scope(self.page, scope) if scope is not None else None, depth)

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

    def frames(self) -> list[Frame]:
        """Every child frame, frames inside frames included, in the order of Chromium's
        frame tree (pre-order): each ``<iframe>``/``<frame>`` with its document when
        axsynth loads it (``srcdoc``, or a file the page's policy lets it read, as its
        stylesheets; never the network) or the reason it does not.  A nested frame's id
        is the path of frame ids (``fr87hy-ftejls``), as in the agent format's refs.
        (Recursive, but no deeper than ``axsynth.frames.MAX_FRAME_DEPTH``.)

        >>> doc = Document.from_html('<iframe srcdoc="<p>Hi"></iframe>')
        >>> [(f.frame_id, f.document is not None) for f in doc.frames()]
        [('ftejls', True)]
        """
        return self._frames.all(self._selectors())

    def frame(self, frame_id: str) -> "Document":
        """The document of a loaded child frame (a ``frame_id`` from ``frames()`` or an
        agent outline); ``QueryError`` otherwise.

        >>> Document.from_html('<iframe srcdoc="<p>Hi"></iframe>').frame("ftejls").aria_snapshot()
        '- paragraph: Hi'
        """
        frames = self.frames()
        for frame in frames:
            if frame.frame_id == frame_id:
                if frame.document is None:
                    raise QueryError(f"frame {frame_id} is not loaded: {frame.reason}")
                return frame.document
        known = ", ".join(f.frame_id for f in frames) or "none"
        raise QueryError(f"no frame {frame_id!r} in this page (frames: {known})")

    def _frame_of(self, iframe: Element) -> Frame:
        return self._frames.of(iframe, self._selectors())

    def _child(self, html: str | bytes, url: str, file: Path | None) -> "Document":
        return Document(html, url, parent=self, _file=file)

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
        scope: str | None = None,
        *,
        stable_ids: bool = False,
    ) -> dict[str, Any]:
        """The ``flat`` JSON (``axsynth.emit.flat``) in its consumer's schema:
        ``{"page": {"context": {url, title}, "body": {...}, "iframes": [...]}}``, structural
        containers removed, semantic groups kept, ids ``node_0``, ``node_1``… (the agent
        format's stable refs with ``stable_ids``).  ``include_values`` adds field values,
        never those of password or payment fields; ``filter`` (CSS) keeps only the nodes
        whose element matches (bad syntax: ``ScopeError``); ``scope`` keeps the nodes inside
        the one element it selects, in their groups (``ScopeError`` as in every format).

        >>> Document.from_html("<button>Go</button>").flat_snapshot()["page"]["body"]["children"]
        [{'id': 'node_1', 'tag': 'button', 'role': 'button', 'aria-label': 'Go', 'text': 'Go'}]
        """
        from .emit.flat import FlatOptions, flat_snapshot

        if scope is not None:
            filter = self._flat_scope_filter(scope, filter)
        options = FlatOptions(include_values, max_depth, max_interactive, filter, stable_ids)
        with _gc_paused():
            return flat_snapshot(self.agent_emitter, options)

    def _flat_scope_filter(self, scope: str, filter: str | None) -> str:
        """``scope`` for the flat format, which selects nodes by its CSS ``filter``: the
        scope element and its descendants (and, with a filter, those of them it matches),
        named by the element's unique selector (the one its ids derive from)."""
        from .emit.agent import matching_elements
        from .emit.cdp import scope_object

        element = scope_object(self.ax, scope).element  # exactly one element, in the tree: every format's rule
        unique = self._selectors().selector(element)
        if ">>>" in unique:  # the filter matches the document's elements, not a shadow tree's
            raise ScopeError(
                "scope_not_found", f"the element {scope!r} matches is in a shadow tree: flat cannot scope to it"
            )
        inside = f"{unique}, {unique} *"
        if filter is None:
            return inside
        matching_elements(self.dom, filter, "filter")  # a bad filter is reported as itself
        return f":is({inside}):is({filter})"

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

    def screenshot(
        self,
        path: str | Path | None = None,
        *,
        target: str = "interactive",
        max_annotations: int = 50,
        full_page: bool = False,
        format: str = "png",
        quality: int | None = None,
        timeout: float = 30.0,
        browser: Chromium | None = None,
        chromium: str | None = None,
    ) -> Screenshot:
        """An annotated screenshot (``axsynth.screenshot.Screenshot``: ``.image`` bytes, ``.annotations``,
        ``.to_json()`` the map), written to ``path`` if given. Needs the ``browser`` extra and a
        Chromium (``chromium``: its path; default ``chromium`` on PATH, then Playwright's own);
        ``browser``: an ``axsynth.screenshot.Chromium`` to reuse across pages.

        Chromium draws the page (scripts off, 1280x720, only the page's bytes and the files
        axsynth read) and measures the boxes of ``target`` (``interactive``, ``all_visible`` or a
        CSS selector); axsynth's tree gives each box its role, name, selector, agent ref and
        ai-format ref (``ai_snapshot``'s ``e12``).
        Labels run top to bottom, then left to right, ``max_annotations`` at most; elements
        hidden, zero-sized, off-screen or covered are counted in ``left_out``, not drawn.

        >>> shot = Document.from_html("<button>Go</button>").screenshot()  # doctest: +SKIP
        >>> [(a.label, a.target.role, a.target.name) for a in shot.annotations]  # doctest: +SKIP
        [(1, 'button', 'Go')]
        """
        from .emit.ai_refs import element_refs
        from .screenshot import annotate

        shot = annotate(
            self,
            ai_ref=element_refs(self.page).get,  # each label's ref in the ai format too
            target=target,
            max_annotations=max_annotations,
            full_page=full_page,
            format=format,
            quality=quality,
            timeout=timeout,
            browser=browser,
            chromium=chromium,
        )
        if path is not None:
            shot.save(path)
        return shot

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
