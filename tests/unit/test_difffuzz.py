"""The differential fuzzer's pure parts: generator, serializer, minimizer, signatures,
dedupe and promotion text (tools/difffuzz.py; its run against Chromium is not a test)."""

import json
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import difffuzz  # noqa: E402
import realweb  # noqa: E402

from axsynth import Document  # noqa: E402
from axsynth.html.dom import Element, Text  # noqa: E402

El, Doc, Rule = difffuzz.El, difffuzz.Doc, difffuzz.Rule
URL = "http://difffuzz.test/0.html"
_IDREFS = (
    "aria-labelledby",
    "aria-describedby",
    "aria-owns",
    "aria-controls",
    "aria-activedescendant",
    "aria-details",
    "aria-errormessage",
    "for",
)


def page_of(doc: Doc) -> str:
    return difffuzz.serialize(doc)


# --- the generator -----------------------------------------------------------------


def test_same_seed_same_bytes():
    assert page_of(difffuzz.generate(7)) == page_of(difffuzz.generate(7))
    assert [page_of(difffuzz.generate(s)) for s in range(30)] == [page_of(difffuzz.generate(s)) for s in range(30)]


def test_seeds_give_different_documents():
    pages = {page_of(difffuzz.generate(seed)) for seed in range(60)}
    assert len(pages) == 60


def test_documents_stay_small():
    sizes = [sum(1 for _ in difffuzz.elements(difffuzz.generate(seed).body)) for seed in range(200)]
    assert min(sizes) >= 1
    assert sum(sizes) / len(sizes) < 30


def test_the_grammar_is_covered():
    """Over a few hundred seeds the generator reaches the elements, attributes and CSS
    the accessibility code reads, and the patterns where rules meet."""
    tags, attrs, props, selectors = Counter(), Counter(), Counter(), Counter()
    hidden_named = cycles = interactive_in_label = 0
    for seed in range(400):
        doc = difffuzz.generate(seed)
        els = list(difffuzz.elements(doc.body))
        by_id = {el.attrs["id"]: el for el in els if "id" in el.attrs}
        for el in els:
            tags[el.tag] += 1
            attrs.update(list(el.attrs))
            props.update(list(el.style))
            refs = el.attrs.get("aria-labelledby", "").split()
            if any(
                by_id.get(r) is not None and ("hidden" in by_id[r].attrs or by_id[r].style.get("display") == "none")
                for r in refs
            ):
                hidden_named += 1
            if any(
                r in by_id and el.attrs.get("id") in by_id[r].attrs.get("aria-labelledby", "").split() for r in refs
            ):
                cycles += 1
            if el.tag == "label" and any(
                c.tag in ("button", "input", "select", "a") for c in difffuzz.elements(el.children)
            ):
                interactive_in_label += 1
        for rule in doc.sheet:
            selectors[re.sub(r"^[^:]*", "", rule.selector)] += 1
            props.update(list(rule.decls))
    for tag in (
        "div",
        "span",
        "p",
        "section",
        "nav",
        "h1",
        "h6",
        "a",
        "button",
        "label",
        "input",
        "select",
        "option",
        "optgroup",
        "textarea",
        "fieldset",
        "legend",
        "ul",
        "ol",
        "li",
        "dl",
        "dt",
        "dd",
        "table",
        "caption",
        "thead",
        "tr",
        "th",
        "td",
        "img",
        "figure",
        "figcaption",
        "details",
        "summary",
        "dialog",
        "iframe",
        "svg",
        "title",
        "rect",
        "math",
        "abbr",
        "br",
        "hr",
        "wbr",
        "output",
        "progress",
        "meter",
        "search",
        "hgroup",
        "address",
        "blockquote",
        "pre",
        "code",
        "mark",
        "time",
        "del",
        "ins",
    ):
        assert tags[tag], tag
    for attr in (
        "role",
        "aria-label",
        "aria-labelledby",
        "aria-describedby",
        "aria-owns",
        "aria-hidden",
        "hidden",
        "tabindex",
        "title",
        "alt",
        "id",
        "contenteditable",
        "inert",
        "popover",
        "lang",
        "dir",
        "aria-checked",
        "aria-expanded",
        "aria-level",
        "aria-valuenow",
    ):
        assert attrs[attr], attr
    for prop in (
        "display",
        "visibility",
        "position",
        "float",
        "opacity",
        "white-space",
        "text-transform",
        "list-style",
        "content",
    ):
        assert props[prop], prop
    for pseudo in ("::before", "::after", "::marker"):
        assert selectors[pseudo], pseudo
    assert hidden_named and cycles and interactive_in_label


@pytest.mark.parametrize("seed", range(0, 200, 25))
def test_generated_documents_parse_and_references_resolve(seed):
    doc = difffuzz.generate(seed)
    ids = [el.attrs["id"] for el in difffuzz.elements(doc.body) if "id" in el.attrs]
    assert len(ids) == len(set(ids))
    for el in difffuzz.elements(doc.body):
        for attr in _IDREFS:
            for ref in el.attrs.get(attr, "").split():
                assert ref in ids or ref == "missing"  # dangling only on purpose
    page = Document.from_html(page_of(doc).encode("utf-8"), url=URL)
    assert page.get_full_ax_tree()["nodes"]
    assert page.aria_snapshot() is not None


# --- the serializer -----------------------------------------------------------------


def test_serializer_escapes_and_writes_styles():
    doc = Doc(
        [El("p", {"title": 'a"b', "hidden": ""}, {"display": "block"}, ["x < y & z"]), El("br")],
        [Rule("p::before", {"content": '"x"'}), Rule("div", {})],
    )
    page = page_of(doc)
    assert '<p title="a&quot;b" hidden style="display: block">x &lt; y &amp; z</p><br>' in page
    assert 'p::before { content: "x" }' in page
    assert "div {" not in page  # a rule without declarations is left out


def _parsed(page: str) -> list:
    """The body's nodes as the model has them: (tag, attrs, children) and text."""
    body = Document.from_html(page.encode("utf-8")).dom.find_first("body")

    def model(node):
        if isinstance(node, Text):
            return node.data
        return (node.local_name, dict(node.attrs), [model(c) for c in node.children if isinstance(c, (Element, Text))])

    nodes = [model(c) for c in body.children if isinstance(c, (Element, Text))]
    nodes[0] = nodes[0][1:] if isinstance(nodes[0], str) else nodes[0]  # the newline after <body>
    nodes[-1] = nodes[-1].rstrip("\n") if isinstance(nodes[-1], str) else nodes[-1]  # and the one after </html>
    return [n for n in nodes if n != ""]


def test_serialized_documents_parse_back_to_the_model():
    doc = Doc(
        [
            El(
                "div",
                {"id": "e0", "aria-label": "a & b"},
                {},
                [" x\u00a0 ", El("span", {"role": "button"}, {}, ["Go"])],
            ),
            El(
                "ul", {}, {}, [El("li", {}, {}, ["one"]), El("li", {}, {}, [El("img", {"alt": '"q"', "src": "a.png"})])]
            ),
            "tail",
        ]
    )

    def model(node):
        if isinstance(node, str):
            return node
        return (node.tag, node.attrs, [model(c) for c in node.children])

    assert _parsed(page_of(doc)) == [model(n) for n in doc.body]


def test_removing_nothing_changes_nothing_and_parts_are_unique():
    for seed in range(20):
        doc = difffuzz.generate(seed)
        assert page_of(difffuzz.without(doc, set())) == page_of(doc)
        all_parts = difffuzz.parts(doc)
        assert len(all_parts) == len(set(all_parts))


def test_parts_drop_unwrap_and_shorten():
    doc = Doc(
        [El("div", {"id": "a"}, {"float": "left"}, [" one two\n", El("b", {}, {}, ["x"])])],
        [Rule("b::after", {"content": '"y"', "display": "block"})],
    )
    assert page_of(difffuzz.without(doc, {("wrap", (0,))})).count("<div") == 0
    assert "<body>\n one two\n<b>x</b>\n</body>" in page_of(difffuzz.without(doc, {("wrap", (0,))}))
    assert "> one\n<b>" in page_of(difffuzz.without(doc, {("words", (0, 0))}))
    assert '<div id="a"><b>' in page_of(difffuzz.without(doc, {("node", (0, 0)), ("style", (0,), "float")}))
    assert 'b::after { content: "y" }' in page_of(difffuzz.without(doc, {("decl", 0, "display")}))
    assert "<style>" not in page_of(difffuzz.without(doc, {("rule", 0)}))


# --- delta debugging ----------------------------------------------------------------


def test_ddmin_is_one_minimal():
    result = difffuzz.ddmin(list(range(20)), lambda kept: {3, 11} <= set(kept))
    assert sorted(result) == [3, 11]
    assert difffuzz.ddmin(list(range(9)), lambda kept: 8 in kept) == [8]


def _button_in_label(page: str) -> bool:
    dom = Document.from_html(page.encode("utf-8")).dom
    return any(
        el.get("role") == "button" and el.parent is not None and getattr(el.parent, "local_name", "") == "label"
        for el in dom.iter_elements()
    )


NOISY = Doc(
    [
        El("div", {"id": "a", "role": "note"}, {"float": "left"}, ["noise words", El("span", {}, {}, ["more"])]),
        El(
            "section",
            {"aria-label": "s"},
            {},
            [
                El(
                    "label",
                    {"title": "t", "class": "c"},
                    {"display": "block"},
                    [
                        "Name here",
                        El("span", {"role": "button", "aria-pressed": "true"}, {"position": "absolute"}, ["Go on"]),
                        El("i"),
                    ],
                )
            ],
        ),
        El("p", {}, {}, ["tail"]),
    ],
    [Rule("label::after", {"content": '"x"', "display": "block"})],
)


def test_minimize_finds_exactly_a_button_role_inside_a_label():
    small = difffuzz.minimize(NOISY, _button_in_label)
    assert small.complete
    assert small.doc.body == [El("label", {}, {}, [El("span", {"role": "button"})])]
    assert '<body>\n<label><span role="button"></span></label>\n</body>' in page_of(small.doc)


def test_minimized_documents_are_one_minimal():
    """Leaving out any one more part of the result loses the failure."""

    def oracle(page: str) -> bool:
        return "aria-pressed" in page and "<i>" in page and "float" in page

    small = difffuzz.minimize(NOISY, oracle).doc
    assert oracle(page_of(small))
    for part in difffuzz.parts(small):
        assert not oracle(page_of(difffuzz.without(small, {part}))), part


def test_minimize_keeps_to_its_budget_and_asks_each_document_once():
    asked: list[str] = []

    def oracle(page: str) -> bool:
        asked.append(page)
        return "button" in page

    doc = difffuzz.generate(3)
    doc.body.append(El("button", {}, {}, ["b"]))
    capped = difffuzz.minimize(doc, oracle, max_calls=5)
    assert len(asked) == capped.calls <= 5 and not capped.complete
    asked.clear()
    done = difffuzz.minimize(doc, oracle, max_calls=500)
    assert done.complete and len(asked) == len(set(asked)) == done.calls


def test_minimize_returns_the_smallest_failing_document_when_the_budget_runs_out():
    doc = Doc([El("p", {}, {}, [f"word{i}"]) for i in range(30)] + [El("button")])
    small = difffuzz.minimize(doc, lambda page: "<button>" in page, max_calls=4)
    assert "<button>" in page_of(small.doc)
    assert len(difffuzz.parts(small.doc)) < len(difffuzz.parts(doc))


def test_minimize_ends_on_a_flaky_oracle():
    flips = iter([True, False] * 1000)
    small = difffuzz.minimize(difffuzz.generate(5), lambda page: next(flips), max_calls=50)
    assert small.calls <= 50


# --- signatures and dedupe ------------------------------------------------------------


def _cdp(page: str) -> str:
    return realweb.render(Document.from_html(page.encode("utf-8"), url=URL), "cdp")


def _sig(golden_page: str, actual_page: str) -> str | None:
    return difffuzz.signature("cdp", realweb.compare_texts("cdp", _cdp(golden_page), _cdp(actual_page)))


def test_signature_leaves_names_out():
    first = _sig("<p>x</p><button>One</button>", "<p>x</p><a href=/>One</a>")
    second = _sig("<p>y</p><button>Two words</button>", "<p>y</p><a href=/>Two words</a>")
    assert first == second and first.startswith("cdp: role")
    assert "One" not in first
    assert _sig("<h2>One</h2>", "<h3>One</h3>") != first
    assert _sig("<p>same</p>", "<p>same</p>") is None


def test_signature_of_names_differing_the_same_way():
    assert _sig("<button>Save it</button>", "<button>save it</button>") == _sig(
        "<button>Open</button>", "<button>open</button>"
    )


def test_a_crash_is_a_signature_of_its_own():
    assert set(difffuzz.axsynth_outputs("<p>fine</p>", URL)) == {"cdp", "aria", "ai"}
    crashed = difffuzz.axsynth_outputs(None, URL)  # not a page: the run must go on
    assert crashed == {"crash": "crash: AttributeError at difffuzz.py:axsynth_outputs"}
    result = realweb.failed_result("crash", crashed["crash"], 10)
    page = realweb.PageResult("1", {"cdp": result, "aria": realweb.failed_result("crash", crashed["crash"], 3)})
    assert difffuzz.page_signature(page) == "crash: AttributeError at difffuzz.py:axsynth_outputs"


def test_page_signature_takes_cdp_first():
    ok = realweb.compare_texts("aria", "- button\n", "- button\n")
    aria = realweb.compare_texts("aria", '- button "A"\n', '- link "A"\n')
    cdp = realweb.compare_texts("cdp", _cdp("<h2>One</h2>"), _cdp("<h3>One</h3>"))
    assert difffuzz.page_signature(realweb.PageResult("1", {"cdp": cdp, "aria": aria})).startswith("cdp: ")
    assert difffuzz.page_signature(realweb.PageResult("1", {"cdp": ok, "aria": aria})).startswith("aria: ")
    assert difffuzz.page_signature(realweb.PageResult("1", {"cdp": ok, "aria": ok})) is None


def test_totals_and_known_signatures_dedupe(tmp_path, capsys):
    entries = [
        {"seed": 1, "cdp": True, "aria": True, "signature": None},
        {"seed": 2, "cdp": False, "aria": True, "signature": "cdp: missing: LineBreak"},
        {"seed": 3, "cdp": False, "aria": False, "signature": "cdp: missing: LineBreak"},
        {"seed": 4, "cdp": True, "aria": False, "signature": "aria: text"},
        {"seed": 5, "capture_error": "TimeoutError"},
    ]
    (tmp_path / "log.jsonl").write_text("".join(json.dumps(e) + "\n" for e in entries), encoding="utf-8")
    case = tmp_path / "cases" / difffuzz.sig_hash("cdp: missing: LineBreak")
    case.mkdir(parents=True)
    (case / "signature.txt").write_text("cdp: missing: LineBreak\nseed 2\n", encoding="utf-8")
    (case / "minimal.html").write_text("<br>", encoding="utf-8")
    assert difffuzz.known_signatures(tmp_path) == {"cdp: missing: LineBreak"}
    assert difffuzz.main(["--cache", str(tmp_path), "list"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        "4 cases tried; byte-exact cdp 2 (50.0%), aria 2 (50.0%); 3 mismatches, "
        "2 distinct signatures, 1 minimized; 1 capture errors"
    )
    assert re.search(r"2  cdp: missing: LineBreak\n\s+\S+minimal.html", out)
    assert re.search(r"1  aria: text\n\s+\(not minimized\)", out)
    assert difffuzz.sig_hash("a") != difffuzz.sig_hash("b") and len(difffuzz.sig_hash("a")) == 10


def test_promoted_fixture_text():
    minimal = page_of(Doc([El("b", {}, {}, ["x"])], [Rule("b::after", {"content": '"--"'})]))
    text = difffuzz.fixture_text(
        minimal,
        "Bold <x>",
        "cdp: missing: StaticText",
        "seed 12",
        "cdp line 5: Chromium StaticText '--' / axsynth (nothing)",
    )
    assert text.startswith(
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Bold &lt;x&gt;</title>'
        '<style>\nb::after { content: "--" }\n</style></head>\n<body>\n<!-- Found by tools/difffuzz.py '
        "(seed 12). First difference: cdp: missing: StaticText;"
    )
    comment = text.split("<!--", 1)[1].split("-->", 1)[0]
    assert "--" not in comment
    assert text.endswith("-->\n<b>x</b>\n</body></html>\n")


def test_a_property_differing_is_one_signature_whatever_the_role():
    on_button = _sig("<button aria-disabled=true>A</button>", "<button>A</button>")
    on_checkbox = _sig("<span role=checkbox aria-disabled=true>B</span>", "<span role=checkbox>B</span>")
    assert on_button == on_checkbox and on_button.startswith("cdp: property:disabled")
    assert difffuzz.coarsen("cdp: property:invalid (extra in axsynth) on generic") == difffuzz.coarsen(
        difffuzz.coarsen("cdp: property:invalid (extra in axsynth) on button")
    )
    assert difffuzz.coarsen("cdp: value: combobox (whitespace)") == "cdp: value: combobox (whitespace)"
