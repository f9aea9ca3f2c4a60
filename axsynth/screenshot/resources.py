"""What the browser is served when it draws a page: the page's own bytes, and the
stylesheets and frame documents axsynth itself read for it, answered by request
interception. Every other request (images, fonts, scripts, anything remote) is
aborted, so the picture is of the page axsynth analysed, and nothing leaves the machine.

The page is loaded at the document's own URL (its ``file:`` URI, or the ``--url`` given),
so relative references resolve in the browser as they do in axsynth.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable
from urllib.parse import unquote, urlsplit

from ..html.dom import Document as DomDocument
from ..html.dom import Element
from ..html.urls import resolve
from ..page import Page, document_base_url

#: The URL a page without one (HTML given as a string) is loaded at.
PLACEHOLDER_URL = "file:///axsynth-page.html"


@dataclass
class Resources:
    """The answers to the browser's requests for one page (and its frames)."""

    url: str  # where the browser loads the page
    page: tuple[bytes, str]  # its body and content type
    stylesheets: dict[str, bytes] = field(default_factory=dict)  # by request key (_key)
    frames: dict[str, tuple[bytes, str]] = field(default_factory=dict)  # child frame documents, by request key
    _main_served: bool = False

    @classmethod
    def of(cls, page: Page, frames: Iterable[Any]) -> "Resources":
        """The resources of ``page``; ``frames`` are its child frames (``Document.frames()``:
        each with the ``.document`` axsynth loaded, or None)."""
        url = page.url
        if urlsplit(url).scheme not in ("file", "http", "https"):
            directory = _stylesheet_directory(page)
            url = directory.resolve().as_uri() + "/axsynth-page.html" if directory is not None else PLACEHOLDER_URL
        found = cls(url, _body(page.source))
        found._add_stylesheets(page, url)
        for frame in frames:
            child = frame.document
            if child is not None and urlsplit(child.url).scheme == "file":
                found.frames[_key(child.url)] = _body(child.page.source)
                found._add_stylesheets(child.page, child.url)
        return found

    def answer(self, url: str, kind: str) -> tuple[bytes, str] | None:
        """The body and content type for a request of ``kind`` (Playwright's resource type)
        below the main document, or None: not served."""
        key = _key(url)
        if kind == "stylesheet" and key in self.stylesheets:
            return self.stylesheets[key], "text/css"
        if kind == "document":
            return self.frames.get(key)
        return None

    def route(self, route: Any) -> None:
        """Playwright's route handler (runs in the browser's worker thread)."""
        request = route.request
        if _is_main_navigation(request):
            if self._main_served:  # a <meta http-equiv=refresh>: a 204 cancels it, the page stays
                route.fulfill(status=204, body=b"")
            else:
                self._main_served = True
                body, mime = self.page
                route.fulfill(status=200, body=body, headers={"content-type": mime})
            return
        found = self.answer(request.url, request.resource_type)
        if found is None:
            route.abort()
        else:
            route.fulfill(status=200, body=found[0], headers={"content-type": found[1]})

    def _add_stylesheets(self, page: Page, url: str) -> None:
        base = document_base_url(page.document, url)
        for href, file in _stylesheets_read(page):
            absolute = resolve(base, href)
            if absolute is not None:
                try:
                    self.stylesheets[_key(absolute)] = file.read_bytes()
                except OSError:  # gone since axsynth read it: the browser does without, as it would
                    pass


def _stylesheets_read(page: Page) -> Iterable[tuple[str, Path]]:
    """(href, file) of each ``<link rel=stylesheet>`` whose file axsynth's loading policy reads.

    With :func:`_stylesheet_directory`, the one place that knows how axsynth finds
    stylesheets: the browser is given exactly these."""
    for element in _elements(page.document):
        if (
            element.is_html
            and element.local_name == "link"
            and "stylesheet" in element.attrs.get("rel", "").lower().split()
        ):
            href = element.attrs.get("href", "")
            file, _ = page.styles._stylesheet_path(href)
            if file is not None:
                yield href, file


def _elements(document: DomDocument) -> Iterable[Element]:
    """Every element, shadow trees included."""
    stack: list[Any] = [document]
    while stack:
        for element in stack.pop().iter_elements():
            yield element
            if element.shadow_root is not None:
                stack.append(element.shadow_root)


def _stylesheet_directory(page: Page) -> Path | None:
    """The directory relative stylesheet references are read from (HTML given with a base_dir)."""
    return page.styles._base_dir


def _body(source: str | bytes) -> tuple[bytes, str]:
    if isinstance(source, str):
        return source.encode("utf-8", "surrogatepass"), "text/html; charset=utf-8"
    return source, "text/html"  # no charset: the browser sniffs the bytes, as axsynth does


def _key(url: str) -> str:
    """A request URL as compared here: no fragment; a file: URL by its decoded path."""
    url = url.split("#", 1)[0]
    parts = urlsplit(url)
    return "file:" + os.path.realpath(unquote(parts.path)) if parts.scheme == "file" else url


def _is_main_navigation(request: Any) -> bool:
    try:
        return request.is_navigation_request() and request.frame.parent_frame is None
    except Exception:  # a request without a frame (a service worker's) navigates nothing
        return False
