"""The public API: load a document once, then read its accessibility tree."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from .names import Names
from .parse import ParseError, parse_html
from .states import States
from .tree import AXTree

__all__ = ["Document", "ParseError"]


class Document:
    """An HTML document and the accessibility tree Chromium would build for it."""

    def __init__(self, html: str | bytes, url: str | None = None, base_dir: Path | None = None) -> None:
        if isinstance(html, bytes) and not html.strip():
            raise ParseError("input is empty")
        if isinstance(html, str) and not html.strip():
            raise ParseError("input is empty")
        self.url = url or "about:blank"
        self.dom = parse_html(html, self.url)
        self.tree = AXTree(self.dom, base_dir)
        self.tree.base_url = _base_url(self.dom, self.url)
        self.names = Names(self.tree)
        self.states = States(self.tree)
        # A stable stand-in for Chromium's frame token: derived from the URL.
        self.frame_id = hashlib.md5(self.url.encode("utf-8")).hexdigest().upper()

    @classmethod
    def from_html(cls, html: str | bytes, url: str | None = None) -> "Document":
        return cls(html, url)

    @classmethod
    def from_file(cls, path: str | Path, url: str | None = None) -> "Document":
        path = Path(path)
        if path.is_dir():
            raise ParseError(f"{path} is a directory")
        data = path.read_bytes()
        return cls(data, url or path.resolve().as_uri(), base_dir=path.resolve().parent)

    def get_full_ax_tree(self, depth: int | None = None) -> dict[str, Any]:
        """The result of CDP ``Accessibility.getFullAXTree``."""
        from .emit.cdp import CdpSerializer

        return {"nodes": CdpSerializer(self).full_tree(depth)}

    def aria_snapshot(self, scope: str | None = None) -> str:
        """What Playwright's ``page.locator(scope or "body").aria_snapshot()`` returns
        (with JavaScript disabled), except that password values are never printed.

        ``scope`` is a CSS selector that must match exactly one element; a selector
        that matches nothing (or more than one element) raises ``ValueError``."""
        from .emit.aria import aria_snapshot, select_one

        return aria_snapshot(self, select_one(self, scope) if scope else None)


def _base_url(dom, url: str) -> str:
    from urllib.parse import urljoin

    base = next((e for e in dom.iter_elements() if e.local_name == "base" and e.is_html and e.has("href")), None)
    return urljoin(url, base.attrs["href"].strip()) if base is not None else url
