"""The ``ai`` format: what Playwright's ``page.aria_snapshot(mode="ai")`` returns, the
snapshot Playwright MCP gives a model (Playwright 1.65, Chromium 156, scripts off).

It is the ARIA snapshot in its "ai" mode (:mod:`axsynth.playwright.snapshot`):
visible elements too, role-less ones as ``generic``, a ref on every visible element
that takes pointer events, ``[active]`` on the focused element, ``[cursor=pointer]``
on the outermost ref under a pointer cursor, distilled by
:mod:`axsynth.playwright.distill`. Each child frame is snapshotted on its own (refs
``f<seq>e<n>``, frames numbered as Playwright attaches them: the top page's frames
in order, then theirs) and its nodes replace its iframe's children.

Refs are Playwright's: numbered per document in the order snapshots meet elements,
an element keeping its ref while its role and name stay. They name elements only
in the latest snapshot (``aria-ref=e12`` resolves there) and are not stable across
pages or versions; the ``agent`` format's refs are.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..html.dom import Element
from ..page import Page
from ..playwright.dom import Dom
from ..playwright.focus import autofocused
from ..playwright.snapshot import AriaRefs, build_aria_snapshot
from .aria import JsonNode, render_yaml, to_json


@dataclass(eq=False)
class _Frame:
    page: Page | None  # None: a frame axsynth did not load
    seq: int  # Playwright's frame sequence number (0: the main frame)
    parent: "_Frame | None" = None
    iframe: Element | None = None  # its element in the parent's document
    refs: AriaRefs = field(init=False)
    active: Element | None = None  # document.activeElement, when the document has focus

    def __post_init__(self) -> None:
        self.refs = AriaRefs(f"f{self.seq}" if self.seq else "")


class AiSession:
    """The ai snapshots of one page and its frames: their refs (which persist from one
    snapshot to the next, as in a browser tab) and which element has focus."""

    def __init__(self, page: Page) -> None:
        self._frames = _number_frames(_Frame(page, 0))
        self._by_iframe = {id(f.iframe): f for f in self._frames if f.iframe is not None}
        _place_focus(self._frames)

    def snapshot(self, root: Element | None = None, depth: int | None = None, page: Page | None = None) -> str:
        """The YAML of ``root`` (default: the body or frameset) of the main page or of
        one of its frames' ``page``, cut at ``depth``."""
        frame = self.frame_of(page) if page is not None else self._frames[0]
        if frame is None:
            raise ValueError("the page is not one of this session's frames")
        root = root if root is not None else _body_or_frameset(frame.page)
        if root is None:
            return ""
        return render_yaml(self._json(frame, root, depth))

    def frame_of(self, page: Page) -> "_Frame | None":
        return next((f for f in self._frames if f.page is page), None)

    def frame(self, seq: int) -> "_Frame | None":
        return self._frames[seq] if 0 <= seq < len(self._frames) else None

    def _json(self, frame: _Frame, root: Element, depth: int | None) -> list[JsonNode | str]:
        """ariaSnapshotJSONForFrame: the frame's nodes, its child frames' merged in."""
        snapshot = build_aria_snapshot(frame.page, root, "ai", frame.refs, frame.active, depth)
        nodes, iframe_depths = to_json(snapshot.root, depth, render_active=True)
        for ref in snapshot.iframe_refs:
            if ref not in iframe_depths:
                continue  # below the depth cut
            child = self._by_iframe.get(id(snapshot.elements[ref]))
            child_root = _body_or_frameset(child.page) if child is not None and child.page is not None else None
            if child_root is None:
                continue
            child_depth = depth - iframe_depths[ref] - 1 if depth else None
            child_nodes = self._json(child, child_root, child_depth)
            if child_nodes:
                _merge_frame(nodes, ref, child_nodes)
        return nodes


def session(page: Page) -> AiSession:
    """The session of the page's main frame (a frame's refs are ``f<seq>e<n>`` there),
    made on first use and kept on that page: refs persist from one snapshot to the next."""
    top = page
    while top.parent is not None:
        top = top.parent
    if top.ai_session is None:
        top.ai_session = AiSession(top)
    return top.ai_session


def ai_snapshot(page: Page, root: Element | None = None, depth: int | None = None) -> str:
    """``page.aria_snapshot(mode="ai", depth=depth)``, or ``locator.aria_snapshot(...)``
    of ``root`` (of a frame's page: the frame's snapshot, its refs numbered as the main
    page numbers that frame's)."""
    return session(page).snapshot(root, depth, page)


# --- frames -------------------------------------------------------------------------------


def _number_frames(top: _Frame) -> list[_Frame]:
    """Every frame, index = Playwright's frame sequence number. Frames are attached as
    documents parse: the main document's in tree order, then each of those documents'
    (probed: the main page's three iframes are f1-f3, the nested ones f4 and f5). A
    frame axsynth did not load still takes its number; nothing below it exists."""
    frames = [top]
    level = [top]
    while level:
        below = []
        for parent in level:
            for el in parent.page.document.iter_elements():
                if not (el.is_html and el.local_name in ("iframe", "frame")):
                    continue
                page = parent.page.frame_pages.get(el)
                frame = _Frame(page, len(frames), parent, el)
                frames.append(frame)
                if page is not None:
                    below.append(frame)
        level = below
    return frames


def _place_focus(frames: list[_Frame]) -> None:
    """Where focus is on a freshly loaded tab: the first autofocus candidate of the main
    document, else of the first frame that has one (probed), else nowhere (the main
    body is then the active element). Each document on the way down has focus and its
    iframe leading to the focused one as active element."""
    target: tuple[_Frame, Element] | None = None
    for frame in frames:
        if frame.page is None:
            continue
        found = autofocused(Dom(frame.page))
        if found is not None:
            target = (frame, found)
            break
    if target is None:
        frames[0].active = _document_body(frames[0].page)
        return
    frame, element = target
    while frame is not None:
        frame.active = element
        element, frame = frame.iframe, frame.parent


def _document_body(page: Page) -> Element | None:
    """``document.body``: the html element's first body or frameset child."""
    html = page.document.document_element
    if html is None:
        return None
    return next(
        (c for c in html.children if isinstance(c, Element) and c.is_html and c.local_name in ("body", "frameset")),
        None,
    )


def _body_or_frameset(page: Page) -> Element | None:
    """The first element ``body,frameset`` selects: the root of a page's snapshot."""
    return next(
        (el for el in page.document.iter_elements() if el.is_html and el.local_name in ("body", "frameset")), None
    )


def _merge_frame(nodes: list[JsonNode | str], ref: str, child_nodes: list[JsonNode | str]) -> None:
    """The iframe node with ``ref`` takes the child frame's nodes as its children."""
    stack = list(nodes)
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            continue
        if node["role"] == "iframe" and "ref" in node:
            if node["ref"] == ref:
                node.pop("text", None)
                node["children"] = child_nodes
                return
            continue
        stack.extend(node.get("children", ()))
