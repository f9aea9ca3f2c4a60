"""What the browser is served when it draws a page: the page's own bytes, and the
stylesheets and frame documents axsynth itself read for it, answered by request
interception. Nothing else loads (images, fonts, scripts, anything remote), so the picture
is of the page axsynth analysed, and nothing leaves the machine.

Only documents and stylesheets are intercepted (CDP ``Fetch``, filtered by resource type in
the browser: no other request reaches Python, so a page of hundreds of images loads as fast
as in a plain visit); a stylesheet is answered with what axsynth's loading policy reads for
its URL (html/resources.py: the same root and limits), or refused. The others fail in the browser itself: a web
page may not load ``file:`` URLs, and every http(s) request goes to a proxy that refuses it
at once (``browser.launch_args``). So a page read from a file is loaded at an http URL of
the same path (``LOCAL_ORIGIN`` + path), where relative references resolve as they do next
to the file. A navigation of the page away (``<meta http-equiv=refresh>``) is answered
with 204: it is cancelled and the page stays.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, field
from typing import Any, Protocol
from urllib.parse import urlsplit

from ..emit.agent import AgentEmitter
from ..html.resources import MAX_STYLESHEET_BYTES, LoadPolicy, NotLoaded
from ..html.urls import resolve
from ..page import Page, document_base_url

#: Where a page read from a file (or given as text) is loaded in the browser.
LOCAL_ORIGIN = "http://axsynth.invalid"
PLACEHOLDER_PATH = "/axsynth-page.html"


class Annotatable(Protocol):
    """What a screenshot reads of a document (``axsynth.Document``)."""

    page: Page

    @property
    def agent_emitter(self) -> AgentEmitter: ...

    @property
    def title(self) -> str: ...

    def frames(self) -> list[Any]: ...


@dataclass
class Resources:
    """The answers to the browser's requests for one page and its frames, by URL."""

    url: str  # where the browser loads the page
    page: tuple[bytes, str]  # its body and content type
    policy: LoadPolicy  # what axsynth reads, and so what the browser is served
    frames: dict[str, tuple[bytes, str]] = field(default_factory=dict)  # child frame documents
    _main_served: bool = False

    @classmethod
    def of(cls, document: Annotatable) -> "Resources":
        """The resources of ``document`` and of the child frames axsynth loaded for it."""
        found = cls(_browser_url(document.page), _body(document.page), document.page.loader.policy)
        found._add(document, found.url)
        return found

    def answer(self, url: str, kind: str) -> tuple[bytes, str] | None:
        """The body and content type for a request of ``kind`` (CDP's resource type) below
        the main document, or None: not served."""
        url = url.split("#", 1)[0]
        if kind == "Stylesheet":  # what axsynth's loading policy reads for that URL (same root, same limits)
            local = "file://" + url[len(LOCAL_ORIGIN) :] if url.startswith(LOCAL_ORIGIN + "/") else url
            try:
                return self.policy.read(local, MAX_STYLESHEET_BYTES), "text/css"
            except NotLoaded:
                return None
        if kind == "Document":
            return self.frames.get(url)
        return None

    def install(self, context: Any, page: Any) -> None:
        """Intercept ``page``'s documents and the stylesheets served, before it navigates."""
        cdp = context.new_cdp_session(page)
        main_frame = cdp.send("Page.getFrameTree")["frameTree"]["frame"]["id"]
        cdp.on("Fetch.requestPaused", lambda event: self.serve(cdp, event, main_frame))
        patterns = [{"urlPattern": "*", "resourceType": kind} for kind in ("Document", "Stylesheet")]
        cdp.send("Fetch.enable", {"patterns": patterns})

    def serve(self, cdp: Any, event: dict[str, Any], main_frame: str) -> None:
        """Answer one intercepted request (runs in the browser's worker thread)."""
        request_id, url, kind = event["requestId"], event["request"]["url"], event["resourceType"]
        if kind == "Document" and event.get("frameId") == main_frame:
            if self._main_served or url.split("#", 1)[0] != self.url:  # navigating away: cancelled
                cdp.send("Fetch.fulfillRequest", {"requestId": request_id, "responseCode": 204, "body": ""})
                return
            self._main_served = True
            found: tuple[bytes, str] | None = self.page
        else:
            found = self.answer(url, kind)
        if found is None:
            cdp.send("Fetch.failRequest", {"requestId": request_id, "errorReason": "BlockedByClient"})
            return
        body, mime = found
        cdp.send(
            "Fetch.fulfillRequest",
            {
                "requestId": request_id,
                "responseCode": 200,
                "responseHeaders": [{"name": "Content-Type", "value": mime}],
                "body": base64.b64encode(body).decode("ascii"),
            },
        )

    def _add(self, document: Annotatable, url: str, base: str | None = None) -> None:
        """The child frame documents axsynth loaded for ``document`` (loaded at ``url``), frames' frames too."""
        base = document_base_url(document.page.document, url, base)
        for frame in document.frames():
            child = frame.document
            if "-" in frame.frame_id or child is None:  # a frame's frame (its own document adds it), or not loaded
                continue
            if "srcdoc" in frame.element.attrs:  # no request: its base URL is its parent's
                self._add(child, "about:srcdoc", base)
                continue
            src = resolve(base, frame.element.attrs.get("src", "").strip())
            if src is not None and not src.startswith("about:"):
                self.frames[src.split("#", 1)[0]] = _body(child.page)
                self._add(child, src)


def _browser_url(page: Page) -> str:
    """Where the browser loads the page: its own http(s) URL; for a file, the same path
    at LOCAL_ORIGIN; for text, the directory its stylesheets are read from (or /)."""
    parts = urlsplit(page.url)
    if parts.scheme in ("http", "https"):
        return page.url.split("#", 1)[0]
    if parts.scheme == "file":
        return LOCAL_ORIGIN + parts.path
    location = page.loader.policy.location  # the directory given for text (file:///dir/), or None
    return LOCAL_ORIGIN + (location[7:].rstrip("/") if location else "") + PLACEHOLDER_PATH


def _body(page: Page) -> tuple[bytes, str]:
    """The page's bytes, labelled with the encoding axsynth decoded them with: the browser
    then decodes them alike (a byte order mark still wins, in both). Without the label it
    would guess on its own, and unlike for a file: page, never guess UTF-8."""
    if isinstance(page.source, str):
        return page.source.encode("utf-8", "surrogatepass"), "text/html; charset=utf-8"
    return page.source, f"text/html; charset={page.document.encoding or 'windows-1252'}"
