"""An optional fast path for :mod:`axsynth.parse`: turbohtml's C tree builder.

turbohtml (``pip install 'axsynth[fast]'``) runs the current WHATWG tree-construction
algorithm in C, including customizable ``<select>``, and drives a builder object with
one call per node, so the DOM is built without html5lib's pure-Python tokenizer
(about 10× faster on tests/fixtures/large, conversion to :mod:`axsynth.dom` included).

It must build exactly the DOM the html5lib path builds, so it *declines* (returns
``None``, and the caller uses html5lib) wherever the two may differ. html5lib 1.1
predates some of today's parsing rules (Chromium follows today's, like turbohtml),
and the html5lib path has rules of its own. Some of that shows in the markup (a cheap
search of the text), the rest only in the tree turbohtml built (a check of the few
elements concerned). tests/unit/test_parse_fast.py holds the two paths to the same
DOM on every fixture and on random markup.
"""

from __future__ import annotations

import re
from typing import Iterable

from html5lib._inputstream import ContentAttrParser, EncodingBytes, HTMLBinaryInputStream, lookupEncoding
from html5lib.constants import formattingElements, specialElements

from .dom import HTML_NS, MATHML_NS, SVG_NS, Comment, Document, Element, Node, Text

try:
    from turbohtml.treebuild import parse_into
except ImportError:  # the extra is not installed: the html5lib path only
    parse_into = None

#: Markup the two parsers treat differently. html5lib 1.1 predates today's rules for
#: <template> (table content in templates), <search>, <dialog> (closes a <p>, does
#: not reopen formatting elements), <frameset> text, ruby
#: (rb/rp/rt/rtc) and ``</br>`` in SVG/MathML, and still knows <isindex> and
#: <command>; turbohtml also attaches declarative shadow roots (inside
#: <template>), fills <selectedcontent> itself and reports ``<?x ...>`` as a
#: processing instruction; html5lib handles NUL differently state by state. Matched
#: as prefixes of tag names, so a longer name (``<rbx>``) also declines: a needless
#: fall-back, never a wrong DOM.
_DIFFERING_MARKUP = re.compile(
    r"<(?:/?(?:template|search|dialog|frameset|isindex|command|selectedcontent|r[bpt])|/br|\?)|\x00",
    re.I,
)
#: What may follow ``</body>`` without reaching rules where html5lib 1.1 and turbohtml
#: differ (content after the body, a second <html> tag).
_END_OF_BODY = re.compile(r"</body", re.I)
_CLEAN_END = re.compile(r"</body\s*>(?:\s|<!--(?:(?!-->).)*-->|</html\s*>)*", re.I | re.S)
#: A second <head> tag (ignored by both) changes where html5lib puts the next whitespace.
_HEAD_TAG = re.compile(r"<head[\s/>]", re.I)
#: html5lib 1.1 reads a <textarea>'s text by the "in body" rules, so misnested
#: formatting (``<b>`` closed early) is reopened inside it. Empty ones are safe.
_TEXTAREA = re.compile(r"<textarea\b", re.I)
_EMPTY_TEXTAREA = re.compile(r"<textarea\b[^>]*></textarea\s*>", re.I)

#: Today's "special" elements that html5lib 1.1 does not count as special (the void
#: keygen, source and track never matter; template and search decline above).
#: Special elements stop the stack walks of ``</x>``, ``<li>``/``<dd>``/``<dt>`` and the
#: adoption agency (misnested ``</b>``), so the two parsers differ when such a walk
#: reaches one of these while html5lib would walk on to something below it.
_NEWLY_SPECIAL_HTML = frozenset(("main", "summary", "figcaption", "hgroup"))
_NEWLY_SPECIAL_FOREIGN = frozenset(
    [(MATHML_NS, name) for name in ("mi", "mo", "mn", "ms", "mtext", "annotation-xml")]
    + [(SVG_NS, "title"), (SVG_NS, "desc")]
)
#: Elements a walk may pass in html5lib without consequence: their end tags close
#: them directly (no walk), and a ``<li>`` walk passes address/div/p in both parsers.
_WALKED_THROUGH = _NEWLY_SPECIAL_HTML | {"dialog", "address", "div", "p"}
#: Special elements whose end tag html5lib still handles by the "any other end tag"
#: walk, so they are a walk's target rather than where it stops.
_WALK_TARGETS = frozenset(
    "caption colgroup frameset head noembed noframes noscript plaintext select table tbody td textarea "
    "tfoot th thead tr xmp".split()
)
_FORMATTING = frozenset(name for _, name in formattingElements)
_LIST_ITEMS = frozenset(("li", "dd", "dt"))  # closed by a <li>/<dd>/<dt> walk
_FOREIGN = frozenset((SVG_NS, MATHML_NS))
_HTML_WHITESPACE = " \t\n\f\r"
_FOREIGN_NAMES = r"(title|desc|mi|mo|mn|ms|mtext|annotation-xml)(?=[\s/>])"
_FOREIGN_START_TAG = re.compile("<" + _FOREIGN_NAMES, re.I)
#: Such an element holding text only (the usual ``<title>Icon</title>`` of an SVG)
#: is open while no tag is read, so no walk can reach it.
_FOREIGN_TEXT_ONLY = re.compile("<" + _FOREIGN_NAMES + r"[^>]*>[^<]*</\1\s*>", re.I)
#: Elements the post-parse checks look at, by local name.
_CHECKED = _NEWLY_SPECIAL_HTML | _FORMATTING | {name for _, name in _NEWLY_SPECIAL_FOREIGN} | {
    "meta", "p", "table", "pre", "listing"}
_CELLS = frozenset(("td", "th", "caption"))


class _Declined(Exception):
    """The document holds something only the html5lib path builds right."""


def parse_document(source: str | bytes) -> Document | None:
    """The DOM of ``source`` (before shadow roots and node ids), or None when
    turbohtml is not installed or the document is not safe for it."""
    if parse_into is None:
        return None
    encoding = None
    if isinstance(source, bytes):
        source, encoding, tentative = _decode(source)
    if _DIFFERING_MARKUP.search(source) or not _markup_checks_pass(source):
        return None
    builder = _Builder()
    try:
        document = parse_into(source, builder)
    except _Declined:
        return None
    checked = builder.checked
    if _parsers_may_differ(source, checked):
        return None
    if encoding is not None:
        if tentative and _meta_changes_encoding(checked.get("meta", ()), encoding):
            return None
        document.encoding = encoding
    return document


def _parsers_may_differ(source: str, checked: dict[str, list[Element]]) -> bool:
    """What the tree shows of html5lib 1.1's older rules (see the constants)."""
    if "foreign-special" in checked and not _foreign_special_text_only(source):
        return True
    return (
        any(map(_walk_may_differ, checked.get("newly-special", ())))
        or any(map(_closed_foreign_content, checked.get("p", ())))
        or any(map(_fostered_content, checked.get("table", ())))
        or any(map(_closed_select, checked.get("table", ())))
        or any(map(_kept_leading_newline, checked.get("pre", ())))
        or any(map(_kept_leading_newline, checked.get("listing", ())))
        or any(map(_reopened_for_whitespace, checked.get("formatting", ())))
    )


def _markup_checks_pass(source: str) -> bool:
    """The empty-textarea, single-<head> and clean-end checks of the constants."""
    if len(_TEXTAREA.findall(source)) != len(_EMPTY_TEXTAREA.findall(source)):
        return False
    if len(_HEAD_TAG.findall(source)) > 1:
        return False
    end = _END_OF_BODY.search(source)
    return end is None or _CLEAN_END.match(source, end.start()).end() == len(source)


def _foreign_special_text_only(source: str) -> bool:
    return len(_FOREIGN_START_TAG.findall(source)) == len(_FOREIGN_TEXT_ONLY.findall(source))


def _walk_may_differ(element: Element) -> bool:
    """Whether a walk could stop at this newly special HTML element in turbohtml and
    go on below it in html5lib: unless the first element below it that matters is one
    html5lib stops at too (not a list item, which a ``<li>`` walk closes, nor an
    element whose own end tag walks), and the adoption agency did not take it as
    its furthest block."""
    if _adopted_as_furthest_block(element):
        return True
    parent = element.parent
    while isinstance(parent, Element) and parent.namespace == HTML_NS and parent.local_name in _WALKED_THROUGH:
        parent = parent.parent
    if not isinstance(parent, Element):
        return False  # the document: nothing below
    return (
        (parent.namespace, parent.local_name) not in specialElements
        or parent.local_name in _LIST_ITEMS
        or parent.local_name in _WALK_TARGETS
    )


def _adopted_as_furthest_block(element: Element) -> bool:
    """The adoption agency moves its furthest block to just after the formatting
    element and gives it a clone of that element as first child (holding its old
    children): so the stack below it may have changed since it was inserted."""
    first = element.children[0] if element.children else None
    if not (isinstance(first, Element) and first.namespace == HTML_NS and first.local_name in _FORMATTING):
        return False
    previous = _previous_sibling(element)
    return isinstance(previous, Element) and previous.local_name == first.local_name


def _closed_foreign_content(p: Element) -> bool:
    """Whether this ``<p>`` may come from a ``</p>`` that closed SVG/MathML content:
    today it is inserted after the foreign element, html5lib 1.1 puts it inside."""
    if p.children or p.attrs or p.namespace != HTML_NS:
        return False
    previous = _previous_sibling(p)
    return isinstance(previous, Element) and previous.namespace in _FOREIGN


def _fostered_content(table: Element) -> bool:
    """Whether content may have been moved out of this table (foster parenting puts
    it just before the table): html5lib 1.1 handles several such cases by older rules
    (a list item closing another, whitespace in a moved <pre>, reopened formatting).
    Whitespace alone is never moved (it stays in the table), so nothing was when the
    table follows whitespace; anything else right before it declines."""
    if table.namespace != HTML_NS or table.parent is None:
        return False
    previous = _previous_sibling(table)
    if isinstance(previous, Text):
        return bool(previous.data.strip(_HTML_WHITESPACE))
    return isinstance(previous, Element)


def _closed_select(table: Element) -> bool:
    """Whether a ``<table>`` may have closed the <select> right before it (in a table
    cell turbohtml closes it, the select rules of the html5lib path do not)."""
    if table.parent is None:
        return False
    previous = _previous_sibling(table)
    return isinstance(previous, Element) and previous.local_name == "select"


def _previous_sibling(node: Element) -> Node | None:
    siblings = node.parent.children
    index = siblings.index(node)
    return siblings[index - 1] if index else None


def _kept_leading_newline(pre: Element) -> bool:
    """Whether a newline starts this <pre>/<listing>'s text: the one right after the
    start tag is dropped by both parsers, but html5lib also drops it after a tag that
    was ignored (``<pre></x>\\n``), where today's rule keeps it (and may reopen
    formatting elements around it first)."""
    node = pre.children[0] if pre.children else None
    while isinstance(node, Element) and node.namespace == HTML_NS and node.local_name in _FORMATTING:
        node = node.children[0] if node.children else None
    return isinstance(node, Text) and node.data.startswith("\n")


def _reopened_for_whitespace(element: Element) -> bool:
    """Whether this formatting element may be one reopened (reconstructed) for
    whitespace in a table cell or caption, or after </body>: today's rules reopen
    misnested formatting there, html5lib 1.1 does not (for whitespace only)."""
    first = element.children[0] if element.children else None
    if not (isinstance(first, Text) and not first.data.strip(_HTML_WHITESPACE)):
        return False
    if len(element.children) == 1 and element.parent.children[-1] is element:
        return True  # after </body>: whitespace is all that can follow
    node = element.parent
    while isinstance(node, Element):
        if node.local_name in _CELLS:
            return True
        node = node.parent
    return False


def _decode(source: bytes) -> tuple[str, str, bool]:
    """The text, encoding name and tentativeness html5lib's own sniffing gives
    (BOM, ``<meta>`` prescan of the first 1024 bytes, windows-1252 fallback)."""
    stream = HTMLBinaryInputStream(source)
    codec, certainty = stream.charEncoding
    return stream.dataStream.read(), codec.name, certainty == "tentative"


def _meta_changes_encoding(metas: Iterable[Element], encoding: str) -> bool:
    """Whether a ``<meta>`` would make html5lib re-decode the document.

    While the encoding is tentative, html5lib's in-head rules change it to the first
    ``<meta>`` charset that names a known encoding other than UTF-16, and parse
    again. Declining when *any* meta names a different one is simpler and safe.
    """
    for meta in metas:
        requested = lookupEncoding(_meta_charset(meta.attrs))
        if requested is not None and not requested.name.startswith("utf-16") and requested.name != encoding:
            return True
    return False


def _meta_charset(attrs: dict[str, str]) -> str | bytes | None:
    """The charset a ``<meta>`` asks for, read as html5lib's ``startTagMeta`` does."""
    if "charset" in attrs:
        return attrs["charset"]
    if "content" in attrs and attrs.get("http-equiv", "").lower() == "content-type":
        return ContentAttrParser(EncodingBytes(attrs["content"].encode("utf-8"))).parse()
    return None


def _check_key(name: str, namespace: str) -> str:
    if namespace == HTML_NS and name in _NEWLY_SPECIAL_HTML:
        return "newly-special"
    if namespace == HTML_NS and name in _FORMATTING:
        return "formatting"
    if (namespace, name) in _NEWLY_SPECIAL_FOREIGN:
        return "foreign-special"
    return name


class _Builder:
    """turbohtml's ``TreeBuilder`` protocol, building axsynth.dom nodes.

    As in the html5lib path, a doctype becomes an inert comment holding its name."""

    __slots__ = ("checked",)

    def __init__(self) -> None:
        self.checked: dict[str, list[Element]] = {}  # the elements parse_document checks

    def create_document(self) -> Document:
        return Document()

    def create_doctype(self, name: str, public_id: str | None, system_id: str | None) -> Comment:
        return Comment(name or "")

    def create_element(self, name: str, namespace: str, attrs: tuple[tuple[str, str | None], ...]) -> Element:
        # A valueless attribute comes as None; html5lib gives "".
        element = Element(name, namespace, {k: "" if v is None else v for k, v in attrs} if attrs else None)
        if name in _CHECKED:  # fast exit: most elements need no check
            self.checked.setdefault(_check_key(name, namespace), []).append(element)
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
