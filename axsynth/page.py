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

from .html.dom import Document, FlatTree
from .html.forms import Forms
from .html.parse import parse_html
from .html.urls import join
from .style.cascade import Styles


class Page:
    """A parsed, styled document.

    ``base_dir`` is where local ``<link rel=stylesheet>`` files are read from (the
    file's directory); without it no file is read.  ``parent`` is the page of the
    frame that embeds this one (None: the main frame)."""

    def __init__(self, html: str | bytes, url: str, base_dir: Path | None = None, parent: "Page | None" = None) -> None:
        self.url = url
        self.parent = parent
        self.document: Document = parse_html(html, url)
        self.flat = FlatTree()
        self.styles = Styles(self.document, self.flat, base_dir)
        # An about:srcdoc document without <base> takes its parent's base URL (HTML's fallback base URL).
        fallback = parent.base_url if parent is not None and url == "about:srcdoc" else url
        self.base_url = document_base_url(self.document, url, fallback)
        self.forms = Forms(self.document)
        # A stable stand-in for Chromium's frame token: derived from the URL.
        self.frame_id = hashlib.md5(url.encode("utf-8")).hexdigest().upper()


def document_base_url(document: Document, url: str, fallback: str | None = None) -> str:
    """The document base URL: the first ``<base href>``, resolved against the fallback
    base URL (the document's URL unless told otherwise), else that fallback."""
    fallback = url if fallback is None else fallback
    base = next((e for e in document.iter_elements() if e.local_name == "base" and e.is_html and e.has("href")), None)
    if base is None:
        return fallback
    href = base.attrs["href"].strip()
    try:
        return join(fallback, href)
    except ValueError:
        return href  # invalid (say "http://[bad/"): relative URLs then resolve to none
