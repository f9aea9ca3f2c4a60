"""The selector engine (axsynth/style/selectors): the same matches as cssselect2, the
reference it replaced, on every feature and every fixture; Chromium's answer where
cssselect2 failed; bounded work on pathological selectors."""

from __future__ import annotations

import sys
from pathlib import Path

import cssselect2
import pytest
import tinycss2

from axsynth.html.dom import Element
from axsynth.html.parse import parse_html
from axsynth.style import cascade, rule_scan
from axsynth.style.selectors import (
    MAX_NESTING,
    MatchContext,
    RuleSet,
    SelectorError,
    SelectorTooComplex,
    compile_selector_list,
    match_scope,
    select,
)
from axsynth.style.selectors import compile as compile_module
from axsynth.style.selectors.ruleset import quick_buckets

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import cssselect2_reference  # noqa: E402
import selector_parity  # noqa: E402

PAGE = """<!DOCTYPE html><html lang="en-GB"><head><meta http-equiv="content-language" content="fr">
<title>t</title></head><body>
<div id="main" class="box big" data-x="a b" title="Hello-World" DIR=rtl>
  <p class="first">one</p><p>two <a href="/x">x</a> <a href="http://e/y" hreflang=en>y</a></p>
  <ul><li>1</li><li class=odd>2</li><li>3</li><li lang=de-AT>4</li><li></li></ul>
  <span></span><span> </span><span><!--c--></span><span><b></b></span>
  <input type=checkbox checked><input type=Radio checked disabled><input><option selected>o</option>
  <optgroup disabled></optgroup><fieldset disabled><input id=f><legend>l</legend></fieldset>
  <svg viewBox="0 0 1 1"><foreignObject><p>in</p></foreignObject><a xlink:href="#q"></a></svg>
</div>
<section><h2>a</h2><h2 class=x>b</h2><p>c</p><h2>d</h2><p class=x>e</p></section>
<area href=x><link href=y><table><tr><td>1<td>2</table>
</body></html>"""

SELECTORS = [
    "*",
    "p",
    "P",
    "svg",
    "foreignObject",
    "foreignobject",
    "|p",
    "*|p",
    "*|*",
    "#main",
    "#f",
    ".box",
    ".box.big",
    ".BOX",
    "div.box#main",
    "[data-x]",
    "[DATA-X]",
    "[data-x='a b']",
    "[data-x~=a]",
    "[data-x~='a b']",
    "[data-x~='']",
    "[title|=hello]",
    "[title|=Hello]",
    "[title|=hello i]",
    "[title^=Hel]",
    "[title^='']",
    "[title$=World]",
    "[title$=world i]",
    "[title*=o-W]",
    "[title*='']",
    "[title=hello-world i]",
    "[title=Hello-World s]",
    "[dir=rtl]",
    "[viewBox]",
    "[viewbox]",
    "[type=radio]",
    "[type=radio i]",
    "div p",
    "div > p",
    "p + p",
    "p ~ span",
    "h2 + p",
    "h2 ~ h2",
    "section > h2 ~ p.x",
    "body * li",
    "div *",
    "ul li:nth-child(2)",
    "li:nth-child(odd)",
    "li:nth-child(2n+1)",
    "li:nth-child(-n+2)",
    "li:nth-last-child(2)",
    "h2:nth-of-type(2)",
    "h2:nth-last-of-type(1)",
    "li:nth-child(1 of .odd)",
    "h2:nth-child(2 of h2)",
    ":nth-child(2 of .x, p)",
    "p:nth-last-child(1 of p)",
    "h2:nth-of-type(2 of .x)",
    "li:first-child",
    "li:last-child",
    "li:only-child",
    "h2:first-of-type",
    "h2:last-of-type",
    "p:only-of-type",
    ":root",
    ":scope",
    "span:empty",
    "li:empty",
    "b:empty",
    ":link",
    ":any-link",
    ":dir(ltr)",
    "p:dir(rtl)",
    ":valid",
    "input:required",
    ":read-only",
    ":default",
    ":modal",
    "select::picker(select)",
    "::scroll-button(*)",
    "div ::checkmark",
    ":enabled",
    ":disabled",
    ":checked",
    ":hover",
    "a:visited",
    ":focus-within",
    "p:not(.first)",
    ":not(p, span)",
    ":not(*)",
    ":not(*, .x)",
    ":not(:hover)",
    ":is(h2, p).x",
    ":where(h2, p).x",
    ":is(div p, section p)",
    ":is()",
    ":is(!, p)",
    ":is(p, !)",
    "div:has(> p.first)",
    "div:has(p)",
    "ul:has(li + li)",
    "ul:has(li ~ li.odd)",
    "h2:has(+ h2)",
    "h2:has(~ p)",
    "section:has(.x, .nothing)",
    ":has(.box li)",
    "li:lang(de)",
    "li:lang(en)",
    "p:lang(en-gb)",
    ":lang('de-at')",
    "li:lang(fr, de)",
    "p::before",
    "p:first-letter",
    "td:nth-child(2)",
    "div#main > ul > li.odd + li",
    "div :is(li, span) ~ input",
    "input:not([type])",
    "html body div ul li",
    "body > div > p > a[href^=http]",
]
INVALID_FOR_BOTH = [
    "",
    "p,",
    "a::before b",
    "a::nope",
    ":nope",
    ":nope()",
    "svg|rect",
    "[ns|x]",
    "a!",
    "#1",
    ".1",
    ":nth-child(x)",
    ":not(!)",
    ":lang(1)",
    ":nth-child(2 of)",
    ":host(p)",
    ":local-link",
    "video:playing",
    ":dir()",
    "::picker(div)",
    "::scroll-button(x)",
]
INVALID_IN_CHROMIUM_ONLY = [":has()", "p:has(:has(a))"]  # cssselect2 accepted them


@pytest.fixture(scope="module")
def page():
    return parse_html(PAGE, "http://example.test/")


def reference(page, selector: str) -> list[Element]:
    compiled = cssselect2_reference.compile_selector_list(selector)
    wrappers = cssselect2.ElementWrapper.from_html_root(page.document_element).iter_subtree()
    return [w.etree_element for w in wrappers if any(s.test(w) for s in compiled)]


@pytest.mark.parametrize("selector", SELECTORS)
def test_every_feature_matches_as_cssselect2_did(page, selector):
    ours = compile_selector_list(selector)
    expected = cssselect2_reference.compile_selector_list(selector)
    assert [(s.specificity, s.pseudo_element) for s in ours] == [(s.specificity, s.pseudo_element) for s in expected]
    assert list(select([page.document_element], ours)) == reference(page, selector)


@pytest.mark.parametrize("selector", INVALID_FOR_BOTH)
def test_invalid_selectors_are_errors(selector):
    with pytest.raises(SelectorError):
        compile_selector_list(selector)
    with pytest.raises(cssselect2.SelectorError):
        cssselect2_reference.compile_selector_list(selector)


@pytest.mark.parametrize("selector", INVALID_IN_CHROMIUM_ONLY)
def test_has_empty_or_nested_is_invalid_as_in_chromium(selector):
    with pytest.raises(SelectorError):
        compile_selector_list(selector)


def test_has_inside_is_inside_has_is_left_out_of_the_forgiving_list(page):
    assert list(select([page.document_element], compile_selector_list("div:has(:is(:has(p)))"))) == []


def test_where_cssselect2_raised_the_answer_is_chromiums():
    # cssselect2 raised TypeError for :lang() when no ancestor has lang (it reads the root's
    # <meta http-equiv=content-language> with an ElementTree call axsynth's DOM lacks), and
    # NotImplementedError for an attribute in any namespace.
    doc = parse_html(
        "<head><meta http-equiv=Content-Language content=fr></head><p>x</p><svg><a xlink:href=#q></a></svg>", "x:"
    )
    top = [doc.document_element]
    assert [e.local_name for e in select(top, compile_selector_list("p:lang(fr)"))] == ["p"]
    assert list(select(top, compile_selector_list("p:lang(en)"))) == []
    assert [e.local_name for e in select(top, compile_selector_list("[*|href]"))] == ["a"]
    assert [e.local_name for e in select(top, compile_selector_list("[*|href='#q']"))] == ["a"]
    bare = parse_html("<p>x</p>", "x:")
    assert list(select([bare.document_element], compile_selector_list(":lang(en)"))) == []


def test_matches_as_cssselect2_did_on_every_fixture():
    """The cascade's matches, element by element, against the cascade before the engine
    (tools/selector_parity.py runs the same over the saved real pages)."""
    totals = {"elements": 0, "different": 0, "examples": []}
    for path in sorted((ROOT / "tests" / "fixtures").glob("*.html")):
        counts = selector_parity.compare_page(path.read_bytes(), path.as_uri(), path.parent)
        totals["elements"] += counts["elements"]
        totals["different"] += counts["different"]
        totals["examples"] += [(path.name, e) for e in counts["examples"]]
        assert counts["reference_failed"] == 0, path.name
    assert totals["elements"] > 10_000
    assert totals["different"] == 0, totals["examples"][:3]


def test_quick_filing_agrees_with_the_parser():
    """A selector filed from its text alone goes in the bucket its parse tree would."""
    sheets = [(ROOT / "axsynth" / "style" / "ua.css").read_text()]
    for path in sorted((ROOT / "tests" / "fixtures").glob("*.html")):
        doc = parse_html(path.read_bytes(), path.as_uri())
        sheets += [el.text_content() for el in doc.iter_elements() if el.local_name == "style"]
    checked = 0
    for css in sheets:
        for prelude, _block in rule_scan.style_rules(css):
            buckets = quick_buckets(prelude) if isinstance(prelude, str) else None
            if buckets is None:
                continue
            try:
                compiled = compile_selector_list(prelude)
            except SelectorError:
                continue
            assert buckets == [s.bucket for s in compiled], prelude
            checked += len(buckets)
    assert checked > 500
    assert quick_buckets("a:not(.x) > li.item[data-y='a,b']:hover, #id .z::before") == [
        ("class", "item"),
        ("class", "z"),
    ]
    assert quick_buckets(".md\\:flex") is None  # escapes: the parser files it


# --- pathological selectors: bounded work, measured in compound tests (not time) ------------


@pytest.fixture
def counted(monkeypatch):
    calls = [0]
    original = compile_module.CompoundMatcher.matches

    def matches(self, el, ctx):
        calls[0] += 1
        return original(self, el, ctx)

    monkeypatch.setattr(compile_module.CompoundMatcher, "matches", matches)
    return calls


def _deep(depth: int, leaf: str = "<b></b>") -> Element:
    return parse_html("<div>" * depth + leaf + "</div>" * depth, "x:").document_element


def test_a_10000_compound_chain_is_linear_on_a_deep_page(counted):
    top = _deep(500)
    chain = compile_selector_list("div " * 9_999 + "b")
    assert list(select([top], chain)) == []  # 9,999 div ancestors needed, 500 there
    assert counted[0] < 5 * 600  # each element tested about once per compound it can be, not 2^depth
    counted[0] = 0
    short = compile_selector_list("div " * 400 + "b")
    assert [e.local_name for e in select([top], short)] == ["b"]
    assert counted[0] < 5 * 600


def test_nested_functional_pseudo_classes_up_to_the_limit():
    depth = MAX_NESTING - 1
    top = parse_html("<p class=x>a</p>", "x:").document_element
    selector = ":is(" * depth + ".x" + ")" * depth
    assert [e.local_name for e in select([top], compile_selector_list(selector))] == ["p"]
    negated = ":not(" * 2 * 400 + ".x" + ")" * 2 * 400
    assert [e.local_name for e in select([top], compile_selector_list(negated))] == ["p"]
    with pytest.raises(SelectorTooComplex):
        compile_selector_list(":is(" * (MAX_NESTING + 1) + ".x" + ")" * (MAX_NESTING + 1))


def test_nth_child_of_chains_and_has_are_linear_in_the_siblings(page, counted):
    nested = "li:nth-child(2n+1 of :nth-child(odd of :nth-child(-n+4 of li)))"
    assert list(select([page.document_element], compile_selector_list(nested))) == reference(page, nested)
    top = parse_html("<ul>" + "<li class=a>x</li>" * 2_000 + "</ul>", "x:").document_element
    selector = "li" + ":nth-child(2n+1 of " * 20 + ".a" + ")" * 20
    counted[0] = 0
    found = list(select([top], compile_selector_list(selector)))
    assert len(found) == 1  # each level keeps every other one: 1,000, 500... 1
    assert counted[0] < 30 * 2_100  # each level counts the sibling list once, not once per element
    counted[0] = 0
    assert len(list(select([top], compile_selector_list("ul:has(li ~ li.a), li:has(~ .a)")))) == 2_000
    assert counted[0] < 10 * 2_100


def test_has_on_every_element_of_a_deep_page_is_linear(counted):
    top = _deep(500, "<i class=leaf></i>")
    found = list(select([top], compile_selector_list("div:has(.leaf)")))
    assert len(found) == 500
    assert counted[0] < 4 * 600


def test_100000_rules_compile_only_what_an_element_meets():
    css = "".join(f".c{i} .d{i} > span.e{i}:hover, #i{i} {{ display: block }}\n" for i in range(50_000))
    css += "".join(f"div.k{i} {{ display: none }}\n" for i in range(50_000))
    rules = cascade._build_rule_set([(css, 1)])
    doc = parse_html("<div class='k7 x'><span class=e3>s</span></div><p id=i9>p</p>", "x:")
    out: dict = {}
    match_scope([doc.document_element], (rules,), out)
    by_name = {el.local_name: entries for el, entries in out.items()}
    assert [entry[1] for entry in by_name["div"]] == [100_000 + 8]  # div.k7: the rule's order
    assert [entry[0] for entry in by_name["p"]] == [(1, 0, 0)]  # #i9
    compiled = sum(1 for table in rules._tables.values() for bucket in table.values() if isinstance(bucket, tuple))
    assert compiled <= 5  # the buckets #i9, .k7/.x, span... met an element; 100,000 others wait


def test_a_too_complex_rule_is_dropped_with_a_note():
    rules = cascade._build_rule_set(
        [(":is(" * 1_200 + "p" + ")" * 1_200 + " { display: none } p { display: block }", 1)]
    )
    assert len(rules.notes) == 1 and "1,200 levels" in rules.notes[0]
    doc = parse_html("<p>x</p>", "x:")
    out: dict = {}
    match_scope([doc.document_element], (rules,), out)
    assert [entry[3][1][0][:2] for entry in out[doc.document_element.children[1].children[0]]] == [("display", "block")]


def test_rule_sets_answer_in_cascade_order():
    rules = RuleSet(lambda block, origin: ((origin, block), None))
    for prelude in ("p", "#x", ".a", "*", "p.a", "[id]"):
        rules.add(prelude, prelude, 0)
    doc = parse_html("<p id=x class=a>t</p>", "x:")
    p = doc.document_element.children[1].children[0]
    got = [(spec, order) for spec, order, _pseudo, _payload in rules.match(p, MatchContext())]
    assert got == [((0, 0, 0), 4), ((0, 0, 1), 1), ((0, 1, 0), 3), ((0, 1, 0), 6), ((0, 1, 1), 5), ((1, 0, 0), 2)]


def test_comments_are_dropped_as_a_tokenizer_drops_them():
    doc = parse_html("<div><b></b></div>", "x:")
    assert [e.local_name for e in select([doc.document_element], compile_selector_list("div > /**/ b"))] == ["b"]
    with pytest.raises(SelectorError):
        compile_selector_list(tinycss2.parse_component_value_list("div/**/b", skip_comments=True))


def test_the_ancestor_filter_reads_is_and_where_lists():
    [selector] = compile_selector_list(":is(.a, #b, nav > ul) :where(div.c, [d]) p")
    assert selector.ancestor_any_keys == (frozenset({"a", "#b", "<ul"}), frozenset({"<div", "[d"}))
    [unfiltered] = compile_selector_list(":is(.a, :not(.b)) p")  # an argument with no key: no group
    assert unfiltered.ancestor_any_keys is None
    sheet = ":is(.a, #b) p {red} :where(.c, [d]) > p {blue}"
    doc = parse_html(
        "<div class=a><p>1</p></div><div id=b><p>2</p></div><div class=c><p>3</p></div>"
        "<div d><p>4</p></div><div class=x><p>5</p></div>",
        "x:",
    )
    rules = RuleSet(lambda block, origin: ((origin, block), None))
    for prelude, block in rule_scan.style_rules(sheet):
        rules.add(prelude, block, 0)
    out: dict = {}
    match_scope([doc.document_element], (rules,), out)
    found = [[m[3][1].strip() for m in out[p]] for p in doc.iter_elements() if p.local_name == "p"]
    assert found == [["red"], ["red"], ["blue"], ["blue"], []]
