"""Document's output formats (aria, ai, agent, flat, devtools, diffs, audits, screenshots): each
method hands the page to its format's module in ``emit/`` (or ``screenshot/``), so that
``Document`` stays a thin facade. ``Formats`` is one of Document's bases."""

from __future__ import annotations

import gc
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

from .limits import bounded
from .page import Page, ScopeError, select_scope

if TYPE_CHECKING:  # imported where used: a CDP or aria snapshot needs none of them
    from .ax.cache import AXCache
    from .emit.agent import AgentEmitter, AgentSnapshot
    from .emit.diff import SnapshotDiff
    from .screenshot import Chromium, Screenshot


class Formats:
    """The formats of a document (a base of ``axsynth.Document``, which holds the page)."""

    page: Page
    ax: AXCache
    agent_emitter: AgentEmitter

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

        with gc_paused():
            return aria_snapshot(self.page, select_scope(self.page, scope) if scope is not None else None)

    @bounded("layout")
    def boxes(self, scope: str | None = None) -> list[dict[str, Any]]:
        """Every element's layout box, in document order, as Chromium's
        ``DOMSnapshot.captureSnapshot`` reports its bounds: dicts with
        ``backendDOMNodeId``, ``x``, ``y``, ``width`` and ``height`` (CSS px, page
        coordinates at scroll 0). Elements without a box (``display: none``…) are left
        out. ``scope``: the boxes of one element's subtree (a CSS selector matching it).

        >>> Document.from_html("<!doctype html><body style='margin:0'><div>x</div>").boxes()[2]
        {'backendDOMNodeId': 6, 'x': 0, 'y': 0, 'width': 1280, 'height': 18}
        """
        layout = self.page.layout
        boxes = layout.boxes()
        if scope is None:
            return boxes
        root = select_scope(self.page, scope)
        inside = {el.node_id for el in root.iter_elements()} | {root.node_id}
        return [box for box in boxes if box["backendDOMNodeId"] in inside]

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

        with gc_paused():
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
        include_bounding_boxes: bool = False,
    ) -> dict[str, Any]:
        """The ``flat`` JSON (``axsynth.emit.flat``) in its consumer's schema:
        ``{"page": {"context": {url, title}, "body": {...}, "iframes": [...]}}``, structural
        containers removed, semantic groups kept, ids ``node_0``, ``node_1``… (the agent
        format's stable refs with ``stable_ids``).  ``include_values`` adds field values,
        never those of password or payment fields; ``filter`` (CSS) keeps only the nodes
        whose element matches (bad syntax: ``ScopeError``); ``scope`` keeps the nodes inside
        the one element it selects, in their groups (``ScopeError`` as in every format).
        Nodes whose box has no area are left out, those outside the viewport carry
        ``offscreen: true``; ``include_bounding_boxes`` adds each node's ``boundingBox``.

        >>> Document.from_html("<button>Go</button>").flat_snapshot()["page"]["body"]["children"]
        [{'id': 'node_1', 'tag': 'button', 'role': 'button', 'aria-label': 'Go', 'text': 'Go'}]
        """
        from .emit.flat import FlatOptions, flat_snapshot

        if scope is not None:
            filter = self._flat_scope_filter(scope, filter)
        options = FlatOptions(include_values, max_depth, max_interactive, filter, stable_ids, include_bounding_boxes)
        with gc_paused():
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

    def diff(self, other: "Formats", format: str = "agent", scope: str | None = None) -> SnapshotDiff:
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

    @bounded("audit")
    def audit(self, rules: Any = None, tags: Any = None, *, passes: bool = False) -> dict[str, Any]:
        """axe-core's rules run on this document, in axe-core's result shape (``violations``,
        ``incomplete``, ``inapplicable``; ``passes`` with its nodes when asked): see
        ``axsynth.audit.audit``. ``rules`` are axe rule ids, ``tags`` such as wcag2a.

        >>> [rule["id"] for rule in Document.from_html("<img src=a.png>").audit(rules=["image-alt"])["violations"]]
        ['image-alt']
        """
        from .audit import audit

        with gc_paused():
            return audit(self.page, rules, tags, passes=passes)

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

    @bounded("annotation map")
    def annotation_map(
        self, *, target: str = "interactive", max_annotations: int = 50, full_page: bool = False
    ) -> Screenshot:
        """The annotated screenshot's map without a browser (no picture): the same labels,
        selectors, roles, names and refs as ``screenshot()``'s, each box from axsynth's
        layout (``boxes()``) instead of Chromium's; hidden, zero-sized, off-screen and
        covered elements are counted in ``left_out`` as the browser's map counts them.

        >>> [(a.label, a.target.name) for a in Document.from_html("<button>Go</button>").annotation_map().annotations]
        [(1, 'Go')]
        """
        from .emit.ai_refs import element_refs
        from .screenshot.layout_map import annotation_map

        return annotation_map(
            self,
            target=target,
            max_annotations=max_annotations,
            full_page=full_page,
            ai_ref=element_refs(self.page).get,
        )

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


@contextmanager
def gc_paused() -> Iterator[None]:
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
