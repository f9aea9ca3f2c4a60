"""The fast (turbohtml) parse path: Chromium's DOM, and the html5lib path's on every fixture.

* Every fixture is parsed both ways and the whole DOM compared: names, namespaces,
  attributes in order, text, comments, doctype, shadow roots, node ids, encoding.
* On misnested markup the two parsers may differ (html5lib 1.1 predates some of
  today's rules); data/chromium_tag_soup_doms.json holds such documents with the DOM
  Chromium 156 built for them (a fact captured from Chromium, like a golden): the fast
  path must build that DOM, or decline.
* Random markup (hypothesis) must not crash either path.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("turbohtml")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from axsynth.html import parse_fast  # noqa: E402
from axsynth.html.dom import (  # noqa: E402
    HTML_NS,
    MATHML_NS,
    SVG_NS,
    Comment,
    Document,
    Element,
    Node,
    ShadowRoot,
    Text,
)
from axsynth.html.encoding import decode  # noqa: E402
from axsynth.html.parse import parse_html  # noqa: E402

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
CHROMIUM_DOMS = json.loads((Path(__file__).resolve().parent / "data" / "chromium_tag_soup_doms.json").read_text())[
    "cases"
]
ALL_FIXTURES = sorted(FIXTURES.rglob("*.html"))


def dom_outline(document: Document) -> list[tuple]:
    """Everything a DOM holds, in tree order, as comparable tuples ("end" closes a node)."""
    out: list[tuple] = [("document", document.encoding, document.url)]
    stack: list[Node | None] = [None, *reversed(document.children)]
    parents: list[Node] = [document]
    while stack:
        node = stack.pop()
        if node is None:
            out.append(("end",))
            parents.pop()
            continue
        if isinstance(node, ShadowRoot):
            assert node.host is parents[-1], "broken host link"
        else:
            assert node.parent is parents[-1], "broken parent link"
        out.append(_describe(node))
        parents.append(node)
        stack.append(None)
        stack.extend(reversed(node.children))
        if isinstance(node, Element) and node.shadow_root is not None:
            stack.append(node.shadow_root)  # visited first: right after its host
    return out


def _describe(node: Node) -> tuple:
    if isinstance(node, Element):
        return ("element", node.node_id, node.namespace, node.local_name, tuple(node.attrs.items()))
    if isinstance(node, ShadowRoot):
        return ("shadow-root", node.node_id, node.mode)
    if isinstance(node, Text):
        return ("text", node.node_id, node.data)
    if isinstance(node, Comment):
        return ("comment", node.node_id, node.data)
    raise AssertionError(f"unexpected node {node!r}")


def text_of(source: str | bytes) -> str:
    """The text both parsers get: bytes are decoded first (axsynth.html.encoding)."""
    return decode(source, "about:blank")[0] if isinstance(source, bytes) else source


def assert_same_dom_or_declined(source: str | bytes) -> bool:
    """Compare both paths; True when the fast path took the document."""
    accepted = parse_fast.parse_document(text_of(source)) is not None
    html5lib_dom = dom_outline(parse_html(source, parser="html5lib"))
    auto_dom = dom_outline(parse_html(source, parser="auto"))
    assert auto_dom == html5lib_dom
    return accepted


# --- every fixture --------------------------------------------------------------


@pytest.mark.parametrize("path", ALL_FIXTURES, ids=lambda p: p.relative_to(FIXTURES).as_posix())
def test_fixture_dom_is_identical(path: Path) -> None:
    data = path.read_bytes()
    assert_same_dom_or_declined(data)
    assert_same_dom_or_declined(text_of(data))


def test_the_fast_path_is_used() -> None:
    """Guards the decline rules against growing so broad that the fast path is unused."""
    taken = [p for p in ALL_FIXTURES if parse_fast.parse_document(text_of(p.read_bytes())) is not None]
    assert len(taken) >= 0.9 * len(ALL_FIXTURES)
    assert all(parse_fast.parse_document(text_of(p.read_bytes())) for p in (FIXTURES / "large").glob("*.html"))


def test_formatting_elements_are_html5libs():
    from html5lib.constants import formattingElements

    assert parse_fast.FORMATTING_ELEMENTS == {name for _, name in formattingElements}


@pytest.mark.parametrize(
    "source, fast",
    [
        ("<p><b>a<search-form role=search><i>b</search-form></p>", True),  # a custom element
        ("<p><b>a<search>b</search></b>", False),
        ("<p><b>a<SEARCH/>b", False),
        ("<b>a<search", False),
    ],
)
def test_only_a_search_element_is_declined(source: str, fast: bool):
    assert (parse_fast.parse_document(source) is not None) == fast
    assert assert_same_dom_or_declined(source) == fast


#: IE's conditional comments, as saved news pages begin (14 of 170 real pages took the slow path
#: for the <html> tags inside these comments).
CONDITIONAL_COMMENTS = (
    '<!DOCTYPE html>\n<!--[if lt IE 7]><html class="ie6" lang="en"><![endif]-->\n'
    '<!--[if IE 8]><html class="ie8" lang="en"><![endif]--> <!--->'
    '<!--[if gt IE 8]><!--> <html class="no-js" lang="en"> <!--<![endif]-->\n'
    '<head>\n<meta charset="utf-8"><title>t</title></head>\n<body><p>x</p></body></html>'
)


def test_tags_in_comments_before_the_first_tag_are_not_tags():
    assert assert_same_dom_or_declined(CONDITIONAL_COMMENTS)


@pytest.mark.parametrize(
    "source",
    [
        CONDITIONAL_COMMENTS.replace("<p>x</p>", "<p>x</p><!-- c --><html class=second>"),  # a second real <html>
        "<!--[if IE]><html class=ie><![endif]--><html><script><!--</script><html a> <meta>",  # "<!--" in a script
        "<!-- unclosed <html a><head><html b>",
    ],
)
def test_real_ignored_html_or_head_tags_are_still_declined(source: str):
    assert parse_fast.parse_document(source) is None
    assert_same_dom_or_declined(source)


# --- misnested markup: Chromium's DOM ----------------------------------------------

_NAMESPACE_NAMES = {HTML_NS: "html", SVG_NS: "svg", MATHML_NS: "math"}


def chromium_form(node: Node) -> list:
    """A parsed DOM in the corpus's form (see its "about")."""
    out: list = []
    for child in node.children:
        if isinstance(child, Element):
            attrs = sorted([k, v] for k, v in child.attrs.items())
            out.append([_NAMESPACE_NAMES[child.namespace], child.local_name, attrs, chromium_form(child)])
        elif isinstance(child, Text):
            if out and out[-1][0] == "#text":
                out[-1] = ["#text", out[-1][1] + child.data]
            else:
                out.append(["#text", child.data])
        elif isinstance(node, Document) and child.data == "html":  # the doctype
            out.append(["#doctype"])
        else:
            out.append(["#comment", child.data])
    return out


@pytest.mark.parametrize("case", CHROMIUM_DOMS, ids=lambda c: c["category"])
def test_misnested_markup_gives_chromiums_dom_or_is_declined(case: dict) -> None:
    document = parse_fast.parse_document(case["html"])
    if document is not None:
        assert chromium_form(document) == case["chromium_dom"]


def test_most_misnested_markup_takes_the_fast_path() -> None:
    taken = [c for c in CHROMIUM_DOMS if parse_fast.parse_document(c["html"]) is not None]
    assert len(taken) >= 0.75 * len(CHROMIUM_DOMS)


# --- random markup: no crash --------------------------------------------------------

#: Tags whose parsing rules differ most between parsers and parser generations.
SOUP_TAGS = (
    "a b i em nobr u font p div span li ul ol dd dt dl table tbody tr td th caption colgroup col form input "
    "select option optgroup hr button main summary details figcaption figure hgroup dialog section address "
    "svg math mi mtext title desc foreignObject annotation-xml textarea pre listing br img image plaintext "
    "noscript script style xmp iframe noembed frameset frame body html head meta search template ruby rt rp "
    "selectedcontent isindex keygen my-el"
).split()

soup_tokens = st.one_of(
    st.sampled_from(SOUP_TAGS).map(lambda t: f"<{t}>"),
    st.sampled_from(SOUP_TAGS).map(lambda t: f"</{t}>"),
    st.sampled_from(
        [
            "x",
            " ",
            "\n",
            "a b",
            "&amp;",
            "&#0;",
            "\r\n",
            "\x00",
            "<!--c-->",
            "<!doctype html>",
            "<meta charset=latin1>",
            "<a href=x id=y>",
            "<td colspan=2>",
            "<input type=hidden>",
            "<svg viewBox='0 0 1 1'>",
            "<math definitionURL=u>",
            "<?pi x?>",
            "<template shadowrootmode=open>",
        ]
    ),
)


def parse_both_ways(source: str | bytes) -> None:
    for parser in ("auto", "html5lib"):
        dom_outline(parse_html(source, parser=parser))  # also checks the parent links


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(soup_tokens, max_size=30).map("".join))
def test_tag_soup_parses(source: str) -> None:
    parse_both_ways(source)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(soup_tokens, max_size=30).map("".join), st.sampled_from(["utf-8", "windows-1252", "utf-16"]))
def test_encoded_soup_parses_with_the_html5lib_encoding(source: str, encoding: str) -> None:
    data = source.encode(encoding, errors="replace")
    if b"\x00" in data[:4096] and not encoding.startswith("utf-16"):
        return  # refused as binary by both paths
    assert parse_html(data, parser="auto").encoding == parse_html(data, parser="html5lib").encoding


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_arbitrary_bytes_parse(data: bytes) -> None:
    if b"\x00" in data[:4096]:
        return  # refused as binary (tested in test_parse.py)
    parse_both_ways(data)


def test_property_documents_are_identical() -> None:
    """The page-like documents of tests/test_properties.py (well-formed: no misnesting)."""
    from test_properties import documents

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(documents())
    def check(source: str) -> None:
        assert_same_dom_or_declined(source)

    check()


def test_html5lib_can_be_forced(monkeypatch) -> None:
    calls = []
    monkeypatch.setattr(parse_fast, "parse_document", lambda source: calls.append(source))
    monkeypatch.setenv("AXSYNTH_PARSER", "html5lib")
    parse_html("<p>x")
    assert calls == []
    monkeypatch.delenv("AXSYNTH_PARSER")
    parse_html("<p>x")
    assert calls == ["<p>x"]
    with pytest.raises(ValueError):
        parse_html("<p>x", parser="lxml")
