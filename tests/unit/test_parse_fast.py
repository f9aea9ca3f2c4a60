"""The fast (turbohtml) parse path builds exactly the html5lib path's DOM, or declines.

Every fixture is parsed both ways and the whole DOM compared: names, namespaces,
attributes in order, text, comments, doctype, shadow roots, node ids, encoding.
Random markup (hypothesis) must give the same DOM or be declined.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("turbohtml")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from axsynth import parse_fast  # noqa: E402
from axsynth.dom import Comment, Document, Element, Node, ShadowRoot, Text  # noqa: E402
from axsynth.parse import parse_html  # noqa: E402

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
ALL_FIXTURES = sorted(FIXTURES.rglob("*.html"))


def dom_outline(document: Document) -> list[tuple]:
    """Everything a DOM holds, in tree order, as comparable tuples ("end" closes a node)."""
    out: list[tuple] = [("document", document.encoding, document.quirks, document.url)]
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


def assert_same_dom_or_declined(source: str | bytes) -> bool:
    """Compare both paths; True when the fast path took the document."""
    accepted = parse_fast.parse_document(source) is not None
    html5lib_dom = dom_outline(parse_html(source, parser="html5lib"))
    auto_dom = dom_outline(parse_html(source, parser="auto"))
    assert auto_dom == html5lib_dom
    return accepted


# --- every fixture --------------------------------------------------------------

@pytest.mark.parametrize("path", ALL_FIXTURES, ids=lambda p: p.relative_to(FIXTURES).as_posix())
def test_fixture_dom_is_identical(path: Path) -> None:
    data = path.read_bytes()
    assert_same_dom_or_declined(data)
    assert_same_dom_or_declined(data.decode("utf-8"))


def test_the_fast_path_is_used() -> None:
    """Guards the decline rules against growing so broad that the fast path is unused."""
    taken = [p for p in ALL_FIXTURES if parse_fast.parse_document(p.read_bytes()) is not None]
    assert len(taken) >= 0.8 * len(ALL_FIXTURES)


# --- random markup: the same DOM, or declined -------------------------------------

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
    st.sampled_from(["x", " ", "\n", "a b", "&amp;", "&#0;", "\r\n", "\x00", "<!--c-->", "<!doctype html>",
                     "<meta charset=latin1>", "<a href=x id=y>", "<td colspan=2>", "<input type=hidden>",
                     "<svg viewBox='0 0 1 1'>", "<math definitionURL=u>", "<?pi x?>", "<template shadowrootmode=open>"]),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(soup_tokens, max_size=30).map("".join))
def test_tag_soup_is_identical_or_declined(source: str) -> None:
    assert_same_dom_or_declined(source)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(soup_tokens, max_size=30).map("".join), st.sampled_from(["utf-8", "windows-1252", "utf-16"]))
def test_encoded_soup_is_identical_or_declined(source: str, encoding: str) -> None:
    data = source.encode(encoding, errors="replace")
    if b"\x00" in data[:4096] and not encoding.startswith("utf-16"):
        return  # refused as binary by both paths
    assert_same_dom_or_declined(data)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_arbitrary_bytes_are_identical_or_declined(data: bytes) -> None:
    if b"\x00" in data[:4096]:
        return  # refused as binary (tested in test_parse.py)
    assert_same_dom_or_declined(data)


def test_property_documents_are_identical_or_declined() -> None:
    """The page-like documents of tests/test_properties.py."""
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
