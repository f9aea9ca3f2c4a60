"""An optional fast path for :mod:`axsynth.html.parse`: turbohtml's C tree builder.

turbohtml (a dependency wherever a wheel for it exists) runs the current WHATWG tree-construction
algorithm in C, including customizable ``<select>``, and drives a builder object with
one call per node, so the DOM is built without html5lib's pure-Python tokenizer
(about 10× faster on tests/fixtures/large, conversion to :mod:`axsynth.dom` included).

axsynth's target is Chromium's DOM. Where turbohtml and html5lib 1.1 build different
trees from misnested markup, Chromium 156 agrees with turbohtml in most cases measured
(html5lib 1.1 predates several of today's rules: see docs/divergences.md), so the fast
path is taken whenever it is at least as right. It *declines* (returns ``None``, and
the caller uses html5lib) only for the few reasons listed below: what the html5lib
path does itself after parsing, and where Chromium sides with html5lib (bytes are
decoded before either parser runs: html/encoding.py). tests/unit/test_parse_fast.py holds the
fast path to Chromium's DOM on a
corpus of such documents captured from Chromium, and to the html5lib path's DOM on
every fixture.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import re
import sys
from typing import Any, Callable

from .dom import HTML_NS, Comment, Document, DocumentType, Element, Text


def _core_alone() -> Any:
    """turbohtml's C core (``turbohtml._html``), loaded without the package's ``__init__``.

    That ``__init__`` imports turbohtml's extractors, renderers, minifiers and query engine
    (~20 ms of CPU, the largest import of a new ``axsynth snapshot`` process, whose median
    real page costs ~140 ms in all) for nothing the tree builder uses. The core is
    registered under its own name, so a later ``import turbohtml`` reuses it. None when
    turbohtml is not installed or the core is not where turbohtml 1.15 keeps it."""
    try:
        spec = importlib.util.find_spec("turbohtml")
    except (ImportError, ValueError):
        return None
    for location in (spec.submodule_search_locations or []) if spec is not None else []:
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            path = os.path.join(location, "_html" + suffix)
            if os.path.isfile(path):
                core_spec = importlib.util.spec_from_file_location("turbohtml._html", path)
                core = importlib.util.module_from_spec(core_spec)
                sys.modules["turbohtml._html"] = core
                try:
                    core_spec.loader.exec_module(core)
                except Exception:
                    del sys.modules["turbohtml._html"]
                    return None
                return core
    return None


def _tree_builder() -> Callable | None:
    """``turbohtml.treebuild.parse_into`` (a typed wrapper of the core's ``_parse_into``), or
    None when turbohtml is not installed: the html5lib path only."""
    core = _core_alone() if "turbohtml" not in sys.modules else None
    if core is not None and hasattr(core, "_parse_into"):
        return core._parse_into
    try:
        from turbohtml.treebuild import parse_into
    except ImportError:
        return None
    return parse_into


parse_into = _tree_builder()

#: Markup the fast path declines, each for its reason:
#: * ``shadowrootmode``: turbohtml attaches declarative shadow roots itself, the
#:   html5lib path attaches them after parsing (axsynth.parse), with its own rules;
#: * ``<selectedcontent``: turbohtml fills it with the selected option's clone, the
#:   html5lib path leaves that to axsynth.ua_shadow;
#: * ``<search``: turbohtml counts it as a "special" element (today's spec), Chromium
#:   156 does not (misnested formatting around it: Chromium agrees with html5lib);
#: * NUL: turbohtml reopens misnested formatting elements for a NUL in body text
#:   before dropping it, Chromium 156 (and html5lib) do not;
#: * an ignored ``<html>`` or ``<head>`` tag (a second one, or one after ``</head>``
#:   or ``<body>``): turbohtml then puts the whitespace, comment or ``<meta>`` that
#:   follows in the body, Chromium 156 (and html5lib) keep them in <html> or <head>
#:   (``_ignored_html_or_head_tag``).
#: A substring test: a needless fall-back at worst, never a wrong DOM. ``<search`` counts only
#: where its tag name ends (white space, ``/``, ``>`` or the end): ``<search-form>`` is a
#: custom element, common on real pages, which both parsers treat alike.
_DECLINED_MARKUP = re.compile(r"shadowrootmode|<selectedcontent|<search(?![^\t\n\f\r />])|\x00", re.I)
_HTML_OR_HEAD_TAG = re.compile(r"<(html|head)[\s/>]", re.I)
#: What may come before the first tag of a document: white space, the doctype and comments
#: (IE's conditional comments hold ``<html>`` tags: ``<!--[if IE 8]><html class=ie8><![endif]-->``).
#: The tokenizer is in its data state there, so a comment ends at the first ``-->`` or
#: ``--!>`` (``<!-->`` and ``<!--->`` are whole comments); an unclosed one ends the match early.
_PROLOGUE = re.compile(r"(?:[\t\n\f\r ]+|<!--(?:>|->|.*?--!?>)|<!doctype[^>]*>)*", re.I | re.S)
_HEAD_CLOSED = re.compile(r"</head|<body", re.I)
#: The HTML spec's formatting elements (html5lib's ``constants.formattingElements``, spelled
#: out so that this module does not import html5lib; tests/unit/test_parse_fast.py compares).
FORMATTING_ELEMENTS = frozenset("a b big code em font i nobr s small strike strong tt u".split())
#: A <pre> or <listing> start tag followed by a newline (which both parsers drop).
_PRE_NEWLINE = re.compile(r"<(?:pre|listing)\b[^>]*>\r?\n", re.I)


class _Declined(Exception):
    """The document holds something only the html5lib path builds right."""


def parse_document(source: str) -> Document | None:
    """The DOM of ``source`` (before shadow roots and node ids), or None when
    turbohtml is not installed or the document is declined."""
    if parse_into is None:
        return None
    if _DECLINED_MARKUP.search(source) or _ignored_html_or_head_tag(source):
        return None
    builder = _Builder()
    try:
        document = parse_into(source, builder)
    except _Declined:
        return None
    if builder.pres and _PRE_NEWLINE.search(source) and any(map(_reopened_before_newline, builder.pres)):
        return None
    return document


def _ignored_html_or_head_tag(source: str) -> bool:
    """Whether an ``<html>`` or ``<head>`` start tag is a second one, or comes after
    the head was closed (by ``</head>`` or ``<body>``), where the parser ignores it.
    Text matching a tag counts as one (a needless fall-back at worst), except in the
    comments before the first tag, which cannot be anything else."""
    start = _PROLOGUE.match(source).end()
    closed = _HEAD_CLOSED.search(source, start)
    head_closed_at = closed.start() if closed else len(source)
    seen = set()
    for tag in _HTML_OR_HEAD_TAG.finditer(source, start):
        name = tag.group(1).lower()
        if name in seen or tag.start() > head_closed_at:
            return True
        seen.add(name)
    return False


def _reopened_before_newline(pre: Element) -> bool:
    """Whether turbohtml may have reopened misnested formatting elements for the
    newline right after ``<pre>``/``<listing>``: it reconstructs them before dropping
    that newline, Chromium (and html5lib) drop it first, so a block after it does not
    get an empty ``<b>`` ahead of it. Shows as a formatting element first in the pre."""
    first = pre.children[0] if pre.children else None
    return isinstance(first, Element) and first.namespace == HTML_NS and first.local_name in FORMATTING_ELEMENTS


class _Builder:
    """turbohtml's ``TreeBuilder`` protocol, building axsynth.dom nodes.

    As in the html5lib path, a doctype becomes an inert comment holding its name."""

    __slots__ = ("pres",)

    def __init__(self) -> None:
        self.pres: list[Element] = []  # <pre> and <listing>, for the newline check

    def create_document(self) -> Document:
        return Document()

    def create_doctype(self, name: str, public_id: str | None, system_id: str | None) -> Comment:
        return DocumentType(name or "", public_id, system_id)

    def create_element(self, name: str, namespace: str, attrs: tuple[tuple[str, str | None], ...]) -> Element:
        # A valueless attribute comes as None; html5lib gives "".
        element = Element(name, namespace, {k: "" if v is None else v for k, v in attrs} if attrs else None)
        if name == "pre" or name == "listing":
            self.pres.append(element)
        return element

    def create_text(self, data: str) -> Text:
        return Text(data)

    def create_comment(self, data: str) -> Comment:
        return Comment(data)

    def create_pi(self, target: str, data: str) -> Comment:
        raise _Declined  # html5lib reads it as a bogus comment; its text is not recoverable here

    def append(self, parent, child) -> None:
        child.parent = parent
        parent.children.append(child)
