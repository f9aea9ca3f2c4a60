"""The differential fuzzer's pure parts: generator, serializer, minimizer, signatures
(tools/difffuzz.py; its run against Chromium is not a test)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import difffuzz  # noqa: E402
import realweb  # noqa: E402

from axsynth import Document  # noqa: E402
from axsynth.html.dom import Element  # noqa: E402

El, Doc, Rule = difffuzz.El, difffuzz.Doc, difffuzz.Rule


def test_same_seed_same_bytes():
    assert difffuzz.serialize(difffuzz.generate(7)) == difffuzz.serialize(difffuzz.generate(7))


def test_seeds_give_different_documents():
    pages = {difffuzz.serialize(difffuzz.generate(seed)) for seed in range(40)}
    assert len(pages) == 40


@pytest.mark.parametrize("seed", range(0, 200, 20))
def test_generated_documents_parse_and_references_resolve(seed):
    doc = difffuzz.generate(seed)
    ids = {el.attrs["id"] for el in difffuzz._elements(doc.body) if "id" in el.attrs}
    for el in difffuzz._elements(doc.body):
        for attr in ("aria-labelledby", "aria-describedby", "aria-owns", "aria-controls"):
            for ref in el.attrs.get(attr, "").split():
                assert ref in ids or ref == "missing"  # dangling only on purpose
    page = Document.from_html(difffuzz.serialize(doc).encode("utf-8"), url="http://difffuzz.test/case.html")
    assert page.get_full_ax_tree()["nodes"]


def test_serializer_escapes_and_writes_styles():
    doc = Doc([El("p", {"title": 'a"b'}, {"display": "block"}, ["x < y & z"]), El("br")],
              [Rule("p::before", {"content": '"x"'})])
    page = difffuzz.serialize(doc)
    assert '<p title="a&quot;b" style="display: block">x &lt; y &amp; z</p><br>' in page
    assert 'p::before { content: "x" }' in page


def _has_button_in_label(page: str) -> bool:
    dom = Document.from_html(page.encode("utf-8")).dom
    return any(el.local_name == "button" and el.parent is not None and getattr(el.parent, "local_name", "") == "label"
               for el in dom.iter_elements() if isinstance(el, Element))


def test_minimize_finds_the_one_minimal_document():
    doc = Doc([
        El("div", {"id": "a", "role": "note"}, {"float": "left"}, ["noise", El("span", {}, {}, ["more"])]),
        El("label", {"title": "t", "class": "c"}, {"display": "block"},
           ["Name", El("button", {"aria-pressed": "true"}, {"position": "absolute"}, ["Go"]), El("i")]),
        El("p", {}, {}, ["tail"]),
    ], [Rule("label::after", {"content": '"x"', "display": "block"})])
    small = difffuzz.minimize(doc, _has_button_in_label)
    assert small.body == [El("label", {}, {}, [El("button")])]
    assert "<body>\n<label><button></button></label>\n</body>" in difffuzz.serialize(small)


def test_minimize_keeps_to_its_budget_and_asks_each_document_once():
    asked: list[str] = []

    def oracle(page: str) -> bool:
        asked.append(page)
        return "button" in page

    doc = difffuzz.generate(3)
    doc.body.append(El("button", {}, {}, ["b"]))
    difffuzz.minimize(doc, oracle, max_calls=5)
    assert len(asked) <= 5
    asked.clear()
    difffuzz.minimize(doc, oracle, max_calls=500)
    assert len(asked) == len(set(asked))


def test_minimize_returns_the_smallest_failing_document_when_the_budget_runs_out():
    doc = Doc([El("p", {}, {}, [f"word{i}"]) for i in range(30)] + [El("button")])
    small = difffuzz.minimize(doc, lambda page: "<button>" in page, max_calls=8)
    assert "<button>" in difffuzz.serialize(small)
    assert len(difffuzz.parts(small)) < len(difffuzz.parts(doc))


def test_ddmin_is_one_minimal():
    result = difffuzz.ddmin(list(range(20)), lambda kept: {3, 11} <= set(kept))
    assert sorted(result) == [3, 11]


def _cdp(page: str) -> str:
    return realweb.render(Document.from_html(page.encode("utf-8"), url="http://difffuzz.test/case.html"), "cdp")


def test_signature_leaves_names_out():
    first = realweb.compare_texts("cdp", _cdp("<p>x</p><button>One</button>"), _cdp("<p>x</p><a href=/>One</a>"))
    second = realweb.compare_texts("cdp", _cdp("<p>x</p><button>Two</button>"), _cdp("<p>x</p><a href=/>Two</a>"))
    assert difffuzz.signature("cdp", first) == difffuzz.signature("cdp", second)
    assert "One" not in difffuzz.signature("cdp", first)
    other = realweb.compare_texts("cdp", _cdp("<h2>One</h2>"), _cdp("<h3>One</h3>"))
    assert difffuzz.signature("cdp", other) != difffuzz.signature("cdp", first)


def test_a_crash_is_a_signature_of_its_own():
    assert set(difffuzz.axsynth_outputs("<p>fine</p>", "http://difffuzz.test/case.html")) == {"cdp", "aria"}
    crashed = difffuzz.axsynth_outputs(None, "http://difffuzz.test/case.html")  # not a page: the run must go on
    assert crashed == {"crash": "crash: AttributeError at difffuzz.py:axsynth_outputs"}
