from axsynth.html.dom import FlatTree
from axsynth.html.parse import parse_html
from axsynth.style.cascade import Styles


def styles(html: str):
    doc = parse_html(html)
    s = Styles(doc, FlatTree())
    return {e.attrs["id"]: s.of(e) for e in doc.iter_elements() if "id" in e.attrs}, s, doc


def test_style_block_rule_and_inline_style_and_important():
    found, _, _ = styles(
        "<style>.x{display:none} #c{display:block!important}</style>"
        "<p id=a class=x></p><p id=b class=x style='display:inline'></p><span id=c style='display:none'></span>"
    )
    assert found["a"]["display"] == "none"
    assert found["b"]["display"] == "inline"  # inline style beats the class rule
    assert found["c"]["display"] == "block"  # !important beats the inline style


def test_visibility_inherits_and_can_be_reset_by_a_child():
    found, _, _ = styles(
        "<div id=a style='visibility:hidden'><span id=b></span><span id=c style='visibility:visible'></span></div>"
    )
    assert found["b"]["visibility"] == "hidden"
    assert found["c"]["visibility"] == "visible"


def test_hidden_attribute_and_until_found():
    found, _, _ = styles("<div id=a hidden></div><div id=b hidden=until-found></div>")
    assert found["a"]["display"] == "none"
    assert found["b"]["display"] == "block" and found["b"]["content-visibility"] == "hidden"


def test_media_queries_use_a_1280px_screen():
    found, _, _ = styles(
        "<style>@media (max-width: 600px){#a{display:none}} @media screen and (min-width: 1000px){#b{display:none}}"
        "@media print{#c{display:none}}</style><p id=a></p><p id=b></p><p id=c></p>"
    )
    assert [found[k]["display"] for k in "abc"] == ["block", "none", "block"]


def test_generated_content_of_pseudo_elements():
    found, s, doc = styles("<style>#a::before{content:'→ ' attr(data-x)}</style><a id=a data-x=y>t</a>")
    el = next(e for e in doc.iter_elements() if e.attrs.get("id") == "a")
    assert s.pseudo(el, "before")["content"][0] == (("text", "→ "), ("attr", "data-x"))
    assert s.pseudo(el, "after") is None


def test_flex_items_are_blockified():
    found, _, _ = styles("<div style='display:flex'><span id=a></span></div>")
    assert found["a"]["display"] == "block"
