"""The page: one loaded document and what both engines read from it.

``Page`` is the shared context of the pipeline: the DOM (``html``), its flat
tree, the computed styles (``style``), the document URL and base URL, and the
forms facts that need the whole document (labels, selectedness, radio groups). The
Chromium engine (``ax``) and the Playwright engine (``playwright``) each read a
Page and never each other, so an ARIA snapshot does not build Chromium's tree.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import TYPE_CHECKING

from .html.dom import Document, Element, FlatTree, Node, start_tag
from .html.forms import Forms
from .html.parse import parse_html
from .html.resources import Loader, LoadPolicy, document_base_url
from .style import media
from .style.cascade import Styles

if TYPE_CHECKING:
    from .layout import Layout

#: The viewport pages are laid out at unless told otherwise: Playwright's headless
#: Chromium's, and the goldens' (scrollbars hidden).
DEFAULT_VIEWPORT = (1280, 720)


_MAX_VIEWPORT = 100_000


def check_viewport(viewport: object) -> tuple[int, int]:
    """A viewport as (width, height) CSS px, each 1 to 100,000; ValueError otherwise."""
    if (
        not isinstance(viewport, (tuple, list))
        or len(viewport) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in viewport)
        or not all(1 <= v <= _MAX_VIEWPORT for v in viewport)
    ):
        raise ValueError(f"a viewport is (width, height) in CSS px, each 1 to {_MAX_VIEWPORT:,}: not {viewport!r}")
    return (viewport[0], viewport[1])


class Page:
    """A parsed, styled document.

    ``policy`` says where its stylesheets (and its frames' documents) may be read from
    (``axsynth.html.resources``; default: a frame's parent's, else nothing is read);
    ``file`` is the file it was read from (or its URL in the source it came from: an
    MHTML, an archive, HTTP).  ``parent`` is the page of the frame that
    embeds this one (None: the main frame)."""

    def __init__(
        self,
        html: str | bytes,
        url: str,
        policy: LoadPolicy | None = None,
        parent: "Page | None" = None,
        file: Path | str | None = None,
        viewport: tuple[int, int] | None = None,
    ) -> None:
        self.url = url
        # A frame's document is evaluated at its parent's viewport (a divergence:
        # Chromium's is the frame's own size).
        self.viewport = viewport or (parent.viewport if parent is not None else DEFAULT_VIEWPORT)
        self.parent = parent
        self.source = html  # what the page was parsed from: a browser that draws it is served the same
        self.document: Document = parse_html(html, url)
        self.flat = FlatTree()
        if policy is None:
            policy = parent.loader.policy if parent is not None else LoadPolicy()
        # Chromium shows an opened archive sandboxed: its form controls all disabled.
        self.document.archived = policy.archive_view
        self.loader = Loader.for_document(policy, self.document, url, parent.loader if parent else None, file)
        with media.viewport(*self.viewport):
            self.styles = Styles(self.document, self.flat, self.loader)
        self._layout: Layout | None = None
        # An about:srcdoc document without <base> takes its parent's base URL (HTML's fallback base URL).
        fallback = parent.base_url if parent is not None and url == "about:srcdoc" else url
        if policy.archive_view and parent is None and policy.location:  # an opened MHTML: where it was saved from
            fallback = policy.location
        self.base_url = document_base_url(self.document, url, fallback)
        self.forms = Forms.of(self.document)
        #: ARIA snapshot texts by their root element, made once each (axsynth.emit.aria).
        self.aria_snapshots: dict[Element, str] = {}
        #: The page loaded in each <iframe>/<frame> element (None: not loaded), set by the
        #: Document that loads them.
        self.frame_pages: dict[Element, Page | None] = {}
        #: The ai format's refs and frames (axsynth.emit.ai.AiSession), made on first use.
        self.ai_session = None
        # A stable stand-in for Chromium's frame token: derived from the URL.
        self.frame_id = hashlib.md5(url.encode("utf-8")).hexdigest().upper()

    @property
    def layout(self) -> "Layout":
        """Where every box is (axsynth.layout), laid out on first use."""
        if self._layout is None:
            from .layout import Layout

            self._layout = Layout(self.styles, self.viewport, self.base_url)
        return self._layout

    @property
    def not_loaded(self) -> list[str]:
        """One line for each stylesheet that is not part of the page, and why."""
        return list(self.loader.notes)


class SnapshotOptionError(ValueError):
    """An option of a snapshot cannot be honoured (``code`` is machine-readable): a
    ``ScopeError`` or a ``CursorError``.

    >>> from axsynth import Document, SnapshotOptionError
    >>> try:
    ...     Document.from_html("<p>a</p>").agent_snapshot(cursor="x")
    ... except SnapshotOptionError as error:
    ...     print(error.code)
    cursor_invalid
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class ScopeError(SnapshotOptionError):
    """A scope selector that does not select exactly one element (``code`` is
    machine-readable: scope_invalid, scope_not_found or scope_ambiguous).

    >>> from axsynth import Document, ScopeError
    >>> try:
    ...     Document.from_html("<p>a</p><p>b</p>").aria_snapshot("p")
    ... except ScopeError as error:
    ...     print(error.code)
    scope_ambiguous
    """


class CursorError(SnapshotOptionError):
    """``--cursor`` is malformed, or was issued for another page or other options.

    >>> from axsynth import CursorError, Document
    >>> try:
    ...     Document.from_html("<p>a</p>").agent_snapshot(cursor="1-000000000000")
    ... except CursorError as error:
    ...     print(error.code)
    cursor_stale
    """


def compile_scope(selector: str, option: str = "scope") -> list:
    """The compiled selectors of a ``scope`` (or ``filter``…) option; ScopeError with the
    code ``<option>_invalid`` when it is empty, invalid or too complex to compile."""
    from .style.selectors import SelectorError, compile_selector_list

    if not isinstance(selector, str):
        raise ScopeError(f"{option}_invalid", f"a selector is a string, not {type(selector).__name__}")
    if not selector.strip():
        raise ScopeError(
            f"{option}_invalid", f"an empty selector matches nothing (leave {option} out for the whole page)"
        )
    try:
        return compile_selector_list(selector)
    except SelectorError as exc:
        detail = exc.args[-1] if exc.args and isinstance(exc.args[-1], str) else "cannot parse"
        raise ScopeError(f"{option}_invalid", f"invalid selector {_shown(selector)}: {detail}") from None


def _shown(selector: str) -> str:
    """A selector as an error message quotes it: at most 80 characters."""
    return repr(selector if len(selector) <= 80 else selector[:77] + "...")


def select_all(page: Page, selector: str) -> list[Element]:
    """Every element a CSS selector matches, piercing open shadow roots (each
    shadow tree after the tree of its host); ScopeError for an invalid selector."""
    from .style.selectors import MatchContext

    # p::before selects no element
    tests = [s.matches for s in compile_scope(selector) if s.pseudo_element is None and not s.never_matches]
    matches = []
    roots: list[Node] = [page.document]
    while roots:
        root = roots.pop(0)
        ctx = MatchContext()  # one per tree scope: its top-level elements are its roots
        for el in root.iter_elements():
            if any(test(el, ctx) for test in tests):
                matches.append(el)
            if el.shadow_root is not None and el.shadow_root.mode == "open":
                roots.append(el.shadow_root)
    return matches


def select_scope(page: Page, selector: str) -> Element:
    """The one element a scope selector matches (the rule of every ``scope``, as
    ``page.locator(selector)`` is strict); ScopeError listing the matches otherwise."""
    matches = select_all(page, selector)
    if not matches:
        raise ScopeError("scope_not_found", f"no element matches selector {_shown(selector)}")
    if len(matches) > 1:
        listed = ", ".join(start_tag(el) for el in matches[:10]) + (", ..." if len(matches) > 10 else "")
        raise ScopeError(
            "scope_ambiguous",
            f"selector {_shown(selector)} matches {len(matches)} elements, it must match exactly one: {listed}",
        )
    return matches[0]
