"""HTML → DOM, as a browser with scripting off parses it.

html5lib implements the WHATWG parsing algorithm, including the encoding sniffing
(BOM, transport hint, ``<meta charset>`` prescan, windows-1252 fallback).  It is
driven with a tree builder that makes :mod:`axsynth.dom` nodes directly, then
declarative shadow roots (``<template shadowrootmode>``) are attached, which
html5lib predates.  A ``<select>``'s content follows today's rules, which html5lib
also predates (:mod:`axsynth.select_parsing`).  Nothing is ever fetched.

When turbohtml is installed, :mod:`axsynth.parse_fast` builds the same DOM in C
for the documents it is proven to build identically; ``AXSYNTH_PARSER=html5lib``
(or ``parser="html5lib"``) forces the html5lib path, e.g. to rule it out when
debugging.
"""

from __future__ import annotations

import os

from . import parse_fast
from .dom import HTML_NS, Document, Element, Node, ShadowRoot
from .encoding import decode
from .forms import clone_selected_content
from .ua_shadow import attach_ua_shadow_roots


class ParseError(ValueError):
    """The input cannot be read as an HTML document (empty, or binary).

    >>> from axsynth import Document, ParseError
    >>> try:
    ...     Document.from_html("   ")
    ... except ParseError as error:
    ...     print(error)
    input is empty
    """


#: Chromium's HTMLConstructionSite attaches nodes deeper than this to the parent of
#: the current node, so DOM depth is bounded (kMaximumHTMLParserDOMTreeDepth).
MAX_DOM_DEPTH = 512


def parse_html(source: str | bytes, url: str = "about:blank", *, parser: str | None = None) -> Document:
    """Parse an HTML document; bytes are decoded as a browser would.

    ``parser``: "html5lib" forces the html5lib path; "auto" (the default, unless
    the AXSYNTH_PARSER environment variable says otherwise) uses the fast one when
    it is installed and the document is safe for it. Both build the same DOM."""
    if not isinstance(source, (str, bytes)):
        hint = " (for a file, use Document.from_file)" if isinstance(source, os.PathLike) else ""
        raise TypeError(f"HTML must be str or bytes, not {type(source).__name__}{hint}")
    if isinstance(source, bytes) and b"\x00" in source[:4096] and not _has_utf16_bom(source):
        raise ParseError("input looks binary (NUL bytes), not HTML")
    parser = parser or os.environ.get("AXSYNTH_PARSER", "auto")
    if parser not in ("auto", "html5lib"):
        raise ValueError(f"unknown parser {parser!r}: 'auto' or 'html5lib'")
    encoding = None
    if isinstance(source, bytes):
        source, encoding = decode(source, url)
    document = parse_fast.parse_document(source) if parser == "auto" else None
    if document is None:
        # Imported here: html5lib (and the HTTP and XML modules it loads) costs ~25 ms, which a
        # document the fast parser takes never needs.
        from .parse_html5lib import parse_with_html5lib

        document = parse_with_html5lib(source)
    if encoding is not None:
        document.encoding = encoding
    document.url = url
    _attach_declarative_shadow_roots(document)
    attach_ua_shadow_roots(document)
    clone_selected_content(document)
    assign_node_ids(document)
    return document


def _has_utf16_bom(data: bytes) -> bool:
    return data[:2] in (b"\xff\xfe", b"\xfe\xff")


def _attach_declarative_shadow_roots(document: Document) -> None:
    """``<template shadowrootmode>`` becomes its parent's shadow root (first one wins).

    The list is taken before any move, in document order, so templates nested in a
    moved template are still visited, with their (now shadow-tree) parent as host.
    """
    for template in [e for e in document.iter_elements() if e.local_name == "template" and e.is_html]:
        mode = template.attrs.get("shadowrootmode", "").lower()
        host = template.parent
        if mode not in ("open", "closed") or not isinstance(host, Element) or not _can_host_shadow(host):
            continue  # the template stays an inert <template>
        if host.shadow_root is not None:
            continue
        root = ShadowRoot(host, mode, template.attrs.get("shadowrootreferencetarget"))
        root.children = template.children
        for child in root.children:
            child.parent = root
        template.children = []
        host.children.remove(template)
        template.parent = None
        host.shadow_root = root


_SHADOW_HOSTS = frozenset(
    "article aside blockquote body div footer h1 h2 h3 h4 h5 h6 header main nav p section span".split()
)


def _can_host_shadow(el: Element) -> bool:
    """attachShadow()'s valid hosts: some HTML elements and autonomous custom elements."""
    if el.namespace != HTML_NS:
        return False
    name = el.local_name
    return name in _SHADOW_HOSTS or ("-" in name and "a" <= name[:1] <= "z")


def assign_node_ids(document: Document) -> None:
    """Number nodes in tree order, shadow roots right after their host."""
    counter = 0
    stack: list[Node] = [document]
    while stack:
        node = stack.pop()
        counter += 1
        node.node_id = counter
        stack.extend(reversed(node.children))
        if isinstance(node, Element) and node.shadow_root is not None:
            stack.append(node.shadow_root)
