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

from .html.dom import Document, Element, FlatTree, Node, start_tag
from .html.forms import Forms
from .html.parse import parse_html
from .html.urls import join
from .style.cascade import Styles


class Page:
    """A parsed, styled document.

    ``base_dir`` is where local ``<link rel=stylesheet>`` files are read from (the
    file's directory); without it no file is read."""

    def __init__(self, html: str | bytes, url: str, base_dir: Path | None = None) -> None:
        self.url = url
        self.document: Document = parse_html(html, url)
        self.flat = FlatTree()
        self.styles = Styles(self.document, self.flat, base_dir)
        self.base_url = document_base_url(self.document, url)
        self.forms = Forms(self.document)
        # A stable stand-in for Chromium's frame token: derived from the URL.
        self.frame_id = hashlib.md5(url.encode("utf-8")).hexdigest().upper()

    @property
    def not_loaded(self) -> list[str]:
        """One line for each stylesheet or frame whose content is not part of the page, and why."""
        frames = [f"frame {el.attrs.get('src') or 'srcdoc'!r} not loaded: a frame's document is not read "
                  "(the frame is an empty iframe node)"
                  for el in self.document.iter_elements()
                  if el.is_html and el.local_name in ("iframe", "frame")
                  and ((el.attrs.get("src") or "").strip() not in ("", "about:blank") or "srcdoc" in el.attrs)]
        return self.styles.not_loaded + frames


def document_base_url(document: Document, url: str) -> str:
    """The document base URL: the first ``<base href>``, resolved against the URL."""
    base = next((e for e in document.iter_elements() if e.local_name == "base" and e.is_html and e.has("href")), None)
    if base is None:
        return url
    href = base.attrs["href"].strip()
    try:
        return join(url, href)
    except ValueError:
        return href  # invalid (say "http://[bad/"): relative URLs then resolve to none


class ScopeError(ValueError):
    """A scope selector that does not select exactly one element (``code`` is
    machine-readable: scope_invalid, scope_not_found or scope_ambiguous).

    >>> from axsynth import Document, ScopeError
    >>> try:
    ...     Document.from_html("<p>a</p><p>b</p>").aria_snapshot("p")
    ... except ScopeError as error:
    ...     print(error.code)
    scope_ambiguous
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def select_all(page: Page, selector: str) -> list[Element]:
    """Every element a CSS selector matches, piercing open shadow roots (each
    shadow tree after the tree of its host); ScopeError for an invalid selector."""
    import cssselect2

    try:
        compiled = cssselect2.compile_selector_list(selector)
    except cssselect2.SelectorError as exc:
        detail = exc.args[-1] if exc.args and isinstance(exc.args[-1], str) else "cannot parse"
        raise ScopeError("scope_invalid", f"invalid selector {selector!r}: {detail}") from None
    matches = []
    roots: list[Node] = [page.document]
    while roots:
        root = roots.pop(0)
        for top in (c for c in root.children if isinstance(c, Element)):
            for wrapper in cssselect2.ElementWrapper.from_html_root(top).iter_subtree():
                el = wrapper.etree_element
                if any(sel.test(wrapper) for sel in compiled):
                    matches.append(el)
                if el.shadow_root is not None and el.shadow_root.mode == "open":
                    roots.append(el.shadow_root)
    return matches


def select_scope(page: Page, selector: str) -> Element:
    """The one element a scope selector matches (the rule of every ``scope``, as
    ``page.locator(selector)`` is strict); ScopeError listing the matches otherwise."""
    matches = select_all(page, selector)
    if not matches:
        raise ScopeError("scope_not_found", f"no element matches selector {selector!r}")
    if len(matches) > 1:
        listed = ", ".join(start_tag(el) for el in matches[:10]) + (", ..." if len(matches) > 10 else "")
        raise ScopeError("scope_ambiguous", f"selector {selector!r} matches {len(matches)} elements, "
                                            f"it must match exactly one: {listed}")
    return matches[0]
