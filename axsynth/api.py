"""The public API: load a document once, then read its accessibility tree."""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from .ax.cache import AXCache
from .ax.tree import AXTree
from .formats import Formats, gc_paused
from .frames import ChildFrames, Frame
from .html.dom import Document as DomDocument
from .html.dom import Element
from .html.parse import ParseError
from .html.resources import LoadPolicy
from .limits import DEFAULT_MAX_HTML_BYTES, InputTooLarge, LimitError, bounded
from .locator import Locator, LocatorEngine
from .page import CursorError, Page, ScopeError, SnapshotOptionError, check_viewport
from .query import AccessibilityQueries, AXNode, QueryError, RoleIndex

if TYPE_CHECKING:  # imported where used: a CDP or aria snapshot needs none of them
    from .emit.agent import AgentEmitter
    from .emit.agent_refs import Selectors
    from .sources import Loaded

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


class Document(AccessibilityQueries, Formats):
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
        viewport: tuple[int, int] | None = None,
        _file: Path | str | None = None,
        _policy: LoadPolicy | None = None,
    ) -> None:
        if not isinstance(html, (str, bytes)):
            hint = " (for a file, use Document.from_file)" if isinstance(html, os.PathLike) else ""
            raise TypeError(f"HTML must be str or bytes, not {type(html).__name__}{hint}")
        if not html.strip():
            raise ParseError("input is empty")
        policy = _policy
        if parent is None and policy is None:  # a frame's document reads under its top page's policy
            policy = LoadPolicy.for_page(url, base_dir=base_dir, root=root, site_root=site_root, site_url=site_url)
        with gc_paused():
            self.page = Page(
                html,
                url or "about:blank",
                policy,
                parent.page if parent is not None else None,
                _file,
                viewport=check_viewport(viewport) if viewport is not None else None,
            )
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
            with gc_paused():
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
        viewport: tuple[int, int] | None = None,
    ) -> "Document":
        """A Document from HTML text, or bytes decoded as a browser decodes them.

        ``url`` resolves links and is reported on the root (default ``about:blank``).
        Stylesheets and frames are read from files only when the page has a place:
        ``base_dir``, the directory the page stands in (its ``file:`` URLs are read,
        in any folder); or ``site_root``, the files of the site ``url`` is on (the URLs
        under ``site_url``, default the origin of ``url``, as a static server maps
        them). ``root`` confines every file read to one directory (for untrusted HTML).
        README, "How a page's stylesheets and frames are found". ``viewport``: the
        (width, height) in CSS px the page is laid out at and its media queries see
        (default 1280×720, Playwright's headless Chromium's).

        >>> Document.from_html("<h1>Hi</h1>").get_by_role("heading").name
        'Hi'
        """
        base = Path(base_dir) if base_dir is not None else None
        return cls(html, url, base, root=root, site_root=site_root, site_url=site_url, viewport=viewport)

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
        viewport: tuple[int, int] | None = None,
    ) -> "Document":
        """A Document from an HTML file; the stylesheets and frames its URLs name are
        read from files (``root``, ``site_root``, ``site_url``: as in ``from_html``).
        An MHTML (``.mhtml``, ``.mht``, or any ``multipart/related`` MIME file: Chrome's
        "Webpage, Single File") is read as the page that was saved, its stylesheets and
        frames from its own parts (``from_archive(path, archive_view=True)``: as
        Chromium shows the opened archive).

        ``url`` defaults to the file's ``file://`` URI, as Chromium reports it; a web
        ``url`` without ``site_root`` reads the files under the page's directory only.
        A file larger than ``max_bytes`` (20 MB by default; None: no limit) raises
        ``InputTooLarge`` (a ``LimitError``) without being read further.

        >>> Document.from_file("examples/checkout.html").title  # doctest: +SKIP
        'Checkout'
        """
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"path must be a str or a path, not {type(path).__name__}")
        from .sources import kind_of, mhtml_limit, read_file
        from .sources.mhtml import looks_like_mhtml

        path = Path(path)
        if kind_of(path) in ("warc", "wacz"):
            from .sources import SourceError

            raise SourceError(f"{path}: a web archive: read its pages with Document.from_archive(path, url)")
        mhtml = kind_of(path) == "mhtml"
        data = read_file(path, mhtml_limit(max_bytes) if mhtml else max_bytes)
        if mhtml or looks_like_mhtml(data[:4096]):
            from .sources.mhtml import load_mhtml

            return cls.from_source(load_mhtml(data, str(path), max_bytes=max_bytes), viewport=viewport)
        file = path.resolve()
        return cls(
            data,
            url or file.as_uri(),
            file.parent,
            root=root,
            site_root=site_root,
            site_url=site_url,
            viewport=viewport,
            _file=file,
        )

    @classmethod
    def from_archive(
        cls,
        path: str | Path,
        url: str | None = None,
        *,
        archive_view: bool = False,
        max_bytes: int | None = DEFAULT_MAX_HTML_BYTES,
        viewport: tuple[int, int] | None = None,
    ) -> "Document":
        """The page at ``url`` in a web archive: a WARC (``.warc``, ``.warc.gz``), a WACZ or
        an MHTML. Its stylesheets, ``@import``s and frames are read from the same archive
        (the capture closest in time, revisits resolved, redirects followed), never from
        the network. ``url`` may be left out when the archive holds one page (an MHTML
        always does). ``archive_view`` shows an MHTML as Chromium shows it opened
        (sandboxed: every form control disabled). ``SourceError`` says why a page cannot
        be had (not in the archive, several pages and no ``url``, a damaged archive).

        >>> Document.from_archive("crawl.warc.gz", "https://shop.example/").title  # doctest: +SKIP
        'Shop'
        """
        from .sources import SourceError, kind_of, load

        if kind_of(path) in ("file", "mhtml"):
            if url is not None:
                raise SourceError(f"{path}: url applies to a WARC or WACZ archive (an MHTML holds one page)")
            from .sources import mhtml_limit, read_file
            from .sources.mhtml import load_mhtml

            data = read_file(Path(path), mhtml_limit(max_bytes))
            loaded = load_mhtml(data, str(path), archive_view=archive_view, max_bytes=max_bytes)
            return cls.from_source(loaded, viewport=viewport)
        return cls.from_source(load(path, page=url, max_bytes=max_bytes), viewport=viewport)

    @classmethod
    def from_url(
        cls, url: str, *, max_bytes: int | None = DEFAULT_MAX_HTML_BYTES, viewport: tuple[int, int] | None = None
    ) -> "Document":
        """The page at an ``http(s)://`` URL, fetched with its stylesheets, ``@import``s and
        frames (in parallel, through a cache shared by the process; timeouts, size caps
        and redirects as README says). Its URL is the final one, after redirects, as
        Chromium's document URL is. ``SourceError`` says why a page cannot be had.

        >>> Document.from_url("http://localhost:8000/").title  # doctest: +SKIP
        'My site'
        """
        from .sources import load

        return cls.from_source(load(url, network=True, max_bytes=max_bytes), viewport=viewport)

    @classmethod
    def open(
        cls,
        target: str | Path,
        *,
        page: str | None = None,
        url: str | None = None,
        archive_view: bool = False,
        network: bool = True,
        max_bytes: int | None = DEFAULT_MAX_HTML_BYTES,
        root: str | Path | None = None,
        site_root: str | Path | None = None,
        site_url: str | None = None,
        viewport: tuple[int, int] | None = None,
    ) -> "Document":
        """A page by the name a user gives it, as every command reads its input: an
        ``http(s)://`` URL (``network=False`` refuses it), a WARC or WACZ (``page``: the
        URL of the page in it), an MHTML (``archive_view``), or an HTML file (``url``,
        ``root``, ``site_root``, ``site_url``: as in ``from_file``).
        README, "Where a page comes from".

        >>> Document.open("https://shop.example/").title  # doctest: +SKIP
        'Shop'
        """
        from .sources import SourceError, kind_of, load

        kind = kind_of(target)
        if kind == "file" and archive_view:  # an MHTML by its content, not its name
            kind = "mhtml"
        if kind == "file":
            if page is not None:
                raise SourceError(f"{target}: a page URL applies to a web archive (.warc, .warc.gz, .wacz) only")
            return cls.from_file(
                target, url, root=root, site_root=site_root, site_url=site_url, max_bytes=max_bytes, viewport=viewport
            )
        if url is not None or site_root is not None:
            raise SourceError(f"{target}: the document URL and the site root apply to an HTML file only")
        if kind == "mhtml":
            return cls.from_archive(target, archive_view=archive_view, max_bytes=max_bytes, viewport=viewport)
        if archive_view:
            raise SourceError(f"{target}: the archive view applies to an MHTML only")
        return cls.from_source(load(target, page=page, network=network, max_bytes=max_bytes), viewport=viewport)

    @classmethod
    def from_source(cls, loaded: Loaded, *, viewport: tuple[int, int] | None = None) -> "Document":
        """The Document of a page a source gave (``axsynth.sources.load``): its bytes
        decoded by their Content-Type, its URL, its loading policy.

        >>> from axsynth.sources import load
        >>> Document.from_source(load("saved/page.mhtml")).url  # doctest: +SKIP
        'https://shop.example/'
        """
        return cls(loaded.html, loaded.url, _policy=loaded.policy, _file=loaded.identity, viewport=viewport)

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

        with gc_paused():
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

        with gc_paused():
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

    @property
    def agent_emitter(self) -> AgentEmitter:
        """The agent format's emitter for this document: its refs and outlines, built once.

        >>> Document.from_html("<button>Go</button>").agent_emitter.ref("ejp31o").role
        'button'
        """
        from .emit.agent import AgentEmitter

        if self._agent is None:
            with gc_paused():
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


def _collapse_ascii_space(text: str) -> str:
    """HTML's "strip and collapse ASCII whitespace"."""
    return " ".join(part for part in re.split("[\t\n\f\r ]+", text) if part)
