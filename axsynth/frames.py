"""Child frames: the document of each ``<iframe>``/``<frame>``, read when its parent is
(a Document is the page as it was when loaded), and the frame ids that name them.

A frame's document comes from ``srcdoc``, ``about:blank``, a ``data:`` URL or a file the
page's loader may read (``axsynth.html.resources``: the same policy as stylesheets,
so both agree on roots and notes), or that the page's source serves (an MHTML part,
an archive record, HTTP: ``axsynth.sources``); never from the network otherwise, never a file of an
enclosing frame (a cycle), never deeper than MAX_FRAME_DEPTH.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from .html.dom import Document as DomDocument
from .html.dom import Element
from .html.encoding import decode_document
from .html.parse import ParseError
from .html.resources import Loader, NotLoaded
from .limits import LimitError

if TYPE_CHECKING:
    from .emit.agent import AgentEmitter
    from .emit.agent_refs import Selectors

MAX_FRAME_DEPTH = 4  # frames in frames in …: deeper ones are not loaded

#: Makes a child frame's document: (html, url, the file it was read from, or its URL in
#: the page's source, or None).
MakeDocument = Callable[[str | bytes, str, "Path | str | None"], Any]


@dataclass
class Frame:
    """A child frame: its ``<iframe>``/``<frame>``, its id (``f`` + a hash of the
    element's selector, stable like the agent refs), and its document (an
    ``axsynth.Document``), or why axsynth did not load one (a network URL, a file
    outside the root, …)."""

    frame_id: str
    element: Element
    document: Any
    reason: str = ""

    @property
    def agent_emitter(self) -> AgentEmitter | None:
        return self.document.agent_emitter if self.document is not None else None


class ChildFrames:
    """The child frames of one document: loaded at once, named on first use."""

    def __init__(self, dom: DomDocument, loader: Loader, depth: int, make: MakeDocument) -> None:
        self._loaded = {
            id(el): (el, *load_frame(el, loader, depth, make))
            for el in dom.iter_elements()
            if el.is_html and el.local_name in ("iframe", "frame")
        }
        self._named: dict[int, Frame] = {}  # id(iframe element) -> its Frame

    def pages(self) -> dict[Element, Any]:
        """Each frame element's loaded Page (None when not loaded): what the ai format
        stitches in, as Playwright's snapshot of a page holds its frames'."""
        return {el: doc.page if doc is not None else None for el, doc, _ in self._loaded.values()}

    def of(self, iframe: Element, selectors: Selectors) -> Frame:
        """The Frame of one of the document's ``<iframe>``/``<frame>`` elements."""
        frame = self._named.get(id(iframe))
        if frame is None:
            _, document, reason = self._loaded[id(iframe)]
            frame_id = "f" + selectors.ref_for(selectors.selector(iframe))[1:]
            frame = self._named[id(iframe)] = Frame(frame_id, iframe, document, reason)
        return frame

    def all(self, selectors: Selectors) -> list[Frame]:
        """Every frame, frames inside frames included, in the order of Chromium's frame
        tree (pre-order); a nested frame's id is the path of frame ids (``fr87hy-ftejls``)."""
        out: list[Frame] = []
        for element, _, _ in self._loaded.values():
            frame = self.of(element, selectors)
            out.append(frame)
            if frame.document is not None:
                out += [
                    replace(inner, frame_id=f"{frame.frame_id}-{inner.frame_id}") for inner in frame.document.frames()
                ]
        return out


def load_frame(iframe: Element, loader: Loader, depth: int, make: MakeDocument) -> tuple[Any, str]:
    """The document of a frame element, or None and why it is not loaded."""
    if depth >= MAX_FRAME_DEPTH:
        return None, f"nested deeper than {MAX_FRAME_DEPTH} frames"
    if "srcdoc" in iframe.attrs:
        return _child(make, iframe.attrs["srcdoc"], "about:srcdoc", None)
    src = iframe.attrs.get("src", "").strip()
    if not src or src.lower() == "about:blank":  # an empty document, as browsers show
        return _child(make, "", "about:blank", None)
    try:
        document = loader.frame(loader.url_of(src))
    except NotLoaded as reason:
        return None, str(reason)
    identity = document.identity if document.file is not None or loader.policy.resolver is not None else None
    return _child(make, decode_document(document.body, document.charset), document.url, identity)


def _child(make: MakeDocument, html: str | bytes, url: str, file: Path | str | None) -> tuple[Any, str]:
    try:
        return make(html if html.strip() else "<html></html>", url, file), ""
    except (ParseError, LimitError) as exc:
        return None, str(exc)
