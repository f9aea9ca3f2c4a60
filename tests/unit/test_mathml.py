"""MathML: element roles, math layout (blockified children, no text outside tokens),
math-auto italics, and link roles' urls."""

from axsynth import Document
from axsynth.ax.whitespace import italic_math_variant

from .helpers import find, props, unignored


def test_mathml_elements_get_mathml_roles_and_stay_included():
    html = "<p><math><mrow><mi>x</mi><mo>+</mo><mfrac><mn>1</mn><mi>y</mi></mfrac></mrow></math></p>"
    roles = [r for r, _ in unignored(html)]
    for role in ("MathMLMath", "MathMLRow", "MathMLIdentifier", "MathMLOperator", "MathMLFraction", "MathMLNumber"):
        assert role in roles


def test_whitespace_between_mathml_children_has_no_text_object():
    html = "<p>a <math display=block>\n <mrow>\n <mi>ab</mi>\n <mo>=</mo>\n </mrow>\n</math></p>"
    texts = [n for r, n in unignored(html) if r == "StaticText"]
    assert texts == ["a", "ab", "="]


def test_single_letter_mi_is_mathematical_italic():
    texts = [
        n
        for r, n in unignored("<math><mi>k</mi><mi>sin</mi><mi mathvariant=normal>h</mi><mi>α</mi></math>")
        if r == "StaticText"
    ]
    assert texts == ["\U0001d458", "sin", "h", "\U0001d6fc"]
    assert italic_math_variant("h") == "\u210e" and italic_math_variant("1") == "1"


def test_mathml_children_are_separate_words_in_the_aria_snapshot():
    snapshot = Document.from_html(
        "<p><math><mi>x</mi><mo>+</mo><mn>1</mn></math></p>", "http://t.test/"
    ).aria_snapshot()
    assert "math: x + 1" in snapshot


def test_dpub_link_roles_expose_their_url():
    node = find('<p>x<a href="#fn1" role="doc-noteref">1</a></p>', "doc-noteref")
    assert props(node)["url"] == "http://t.test/#fn1"
