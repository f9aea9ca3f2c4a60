"""The audit: axe-core's rules and result shape (the goldens of every fixture, captured
from axe-core in Chromium, are compared in test_conformance.py; these tests pin the
behaviour around them: the shape, rule selection, bad input, colour arithmetic)."""

from __future__ import annotations

import json

import pytest

from axsynth import Document
from axsynth.audit import RULE_IDS, AuditError
from axsynth.audit.catalog import axe_version, rules
from axsynth.audit.checks.color import contrast, flatten, hex_string
from axsynth.audit.target import escape_selector, friendly_uri_end
from axsynth.page import select_all

PAGE = '<html lang="en"><head><title>Shop</title></head><body><main><h1>Shop</h1>{}</main></body></html>'


def audit(body: str, **options):
    return Document.from_html(PAGE.format(body), "https://shop.example/").audit(**options)


def violations(result) -> dict[str, list]:
    return {rule["id"]: [node["target"] for node in rule["nodes"]] for rule in result["violations"]}


def test_the_result_has_axe_cores_shape():
    result = audit('<img src="cat.png">', passes=True)
    assert set(result) >= {"testEngine", "url", "violations", "incomplete", "passes", "inapplicable"}
    assert result["testEngine"]["axeVersion"] == axe_version() == "4.14.1"
    rule = next(r for r in result["violations"] if r["id"] == "image-alt")
    assert list(rule) == ["id", "impact", "tags", "description", "help", "helpUrl", "nodes"]
    assert rule["impact"] == "critical" and "wcag2a" in rule["tags"]
    assert rule["helpUrl"] == "https://dequeuniversity.com/rules/axe/4.14/image-alt?application=axeAPI"
    node = rule["nodes"][0]
    assert list(node) == ["any", "all", "none", "impact", "html", "target", "failureSummary"]
    assert node["html"] == '<img src="cat.png">' and node["target"] == ["img"]
    assert node["failureSummary"].startswith("Fix any of the following:\n  Element does not have an alt attribute")
    assert node["any"][0] == {
        "id": "has-alt",
        "data": None,
        "relatedNodes": [],
        "impact": "critical",
        "message": "Element does not have an alt attribute",
    }
    passed = next(r for r in result["passes"] if r["id"] == "document-title")
    assert passed["nodes"][0]["impact"] is None and "failureSummary" not in passed["nodes"][0]
    assert {r["id"] for r in result["inapplicable"]} >= {"meta-refresh", "td-headers-attr"}


def test_without_passes_passing_rules_are_listed_without_nodes():
    result = audit("<p>Text</p>")
    assert all(rule["nodes"] == [] for rule in result["passes"])
    assert "document-title" in {rule["id"] for rule in result["passes"]}


def test_every_rule_of_the_issue_is_implemented_with_axes_facts():
    assert len(RULE_IDS) == 52 and "color-contrast" in RULE_IDS
    catalogue = rules()
    assert catalogue["region"].selector == "body *" and catalogue["region"].impact == "moderate"
    assert catalogue["bypass"].page_level and catalogue["bypass"].review_on_fail


def test_rules_and_tags_choose_the_rules():
    result = audit('<img src="a.png"><ul><p>x</p></ul>', rules=["list"])
    assert list(violations(result)) == ["list"]
    by_tag = audit('<img src="a.png"><h3>Skip</h3>', tags=["best-practice"])
    assert "heading-order" in violations(by_tag) and "image-alt" not in violations(by_tag)
    with pytest.raises(AuditError, match="unknown rule 'nope'"):
        audit("", rules=["nope"])
    with pytest.raises(AuditError, match="no rule has the tag"):
        audit("", tags=["wcag9z"])


@pytest.mark.parametrize(
    "body, rule, target",
    [
        ("<button></button>", "button-name", ["button"]),
        ('<a href="/x"></a>', "link-name", ["a"]),
        ('<input type="text">', "label", ["input"]),
        ('<div role="checkbox" aria-checked="false"></div>', "aria-toggle-field-name", ["div"]),
        ('<div role="list"><span>x</span></div><div>y</div>', "aria-required-children", ['div[role="list"]']),
        ('<div aria-hidden="true"><a href="/x">x</a></div>', "aria-hidden-focus", ["div"]),
        ('<p lang="english">Hello</p><p>Bye</p>', "valid-lang", ['p[lang="english"]']),
        ('<table><tr><td headers="nope">x</td></tr></table>', "td-headers-attr", ["table"]),
        ('<p tabindex="2">x</p><p>y</p>', "tabindex", ["p:nth-child(2)"]),  # axe ignores tabindex in targets
    ],
)
def test_a_failing_element_is_reported_by_its_rule(body, rule, target):
    assert violations(audit(body))[rule] == [target]


def test_targets_resolve_to_their_element():
    body = "".join(f'<p class="c{i % 3}">x<a href="/p{i}">item {i}</a></p>' for i in range(12)) + "<img src=a>" * 3
    result = audit(body, passes=True)
    doc = Document.from_html(PAGE.format(body))
    for group in ("violations", "passes"):
        for rule in result[group]:
            for node in rule["nodes"]:
                (selector,) = node["target"]
                assert len(select_all(doc.page, selector)) == 1, selector


def test_a_targets_fragments_follow_axe():
    assert escape_selector("1st") == "\\31 st" and escape_selector("a.b") == "a\\.b"
    assert friendly_uri_end("https://shop.example/products/blue-shoes") == "blue-shoes"
    assert friendly_uri_end("/search?q=x") is None
    # A form control named "children" hides the form's children from a script: no nth-child.
    body = '<form><input name="children" aria-label="c"><p>a</p><p>b</p></form>'
    nodes = audit(body, rules=["color-contrast"], passes=True)["passes"][0]["nodes"]
    paragraphs = [node["target"] for node in nodes if node["target"][0].endswith("p")]
    assert paragraphs == [[":root > body > main > form > p"]] * 2


def test_color_contrast_arithmetic_is_axes():
    assert round(contrast((255, 255, 255, 1), (119, 119, 119, 1)), 2) == 4.48
    assert flatten((0, 0, 255, 0.5), (255, 255, 255, 1)) == (128, 128, 255, 1.0)
    assert hex_string((15.4, 16, 255, 1)) == "#0f10ff"
    node = violations(audit('<p style="color:#999">Grey</p>'))["color-contrast"]
    assert node == [["p"]]
    message = audit('<p style="color:#999">Grey</p>')["violations"][0]["nodes"][0]["failureSummary"]
    assert "insufficient color contrast of 2.84 (foreground color: #999999, background color: #ffffff" in message
    assert "font size: 12.0pt (16px), font weight: normal). Expected contrast ratio of 4.5:1" in message


@pytest.mark.parametrize(
    "style, reason",
    [
        ("background: url(x.png)", "due to a background image"),
        ("background: linear-gradient(red, blue)", "due to a background gradient"),
        ("position: absolute; top: 10px", "overlapped by another element"),
        ("text-shadow: 1px 1px red", "complex text shadows"),
    ],
)
def test_color_contrast_says_incomplete_where_the_cascade_cannot_tell(style, reason):
    result = audit(f'<p style="color:#999; {style}">Text</p>', rules=["color-contrast"])
    assert not result["violations"]
    (rule,) = result["incomplete"]
    assert reason in rule["nodes"][0]["failureSummary"]


def test_hidden_text_is_not_checked_for_contrast():
    hidden = (
        '<p style="position:absolute; clip: rect(0 0 0 0); color:#eee">sr</p><p style="color:#eee; display:none">x</p>'
    )
    result = audit(hidden, rules=["color-contrast"], passes=True)
    assert not result["violations"] and not result["incomplete"]


def test_bad_input_gives_results_not_crashes():
    body = (
        '<div role="" aria-hidden="">x</div><div id="a" aria-owns="b"><div id="b" aria-owns="a">cycle</div></div>'
        '<span id="l1" aria-labelledby="l2">x</span><span id="l2" aria-labelledby="l1">y</span>'
        '<button aria-labelledby="l1"></button><p lang="&lt;x&gt;">q</p><p lang="">r</p>'
        '<div role="heading" aria-level="-3">n</div><table><tr><td rowspan="0" colspan="9999">s</td></tr></table>'
    )
    result = audit(body)
    assert "valid-lang" in violations(result)
    assert "button-name" not in violations(result)  # named "x" by loop1, whose own reference is not followed


def test_long_aria_owns_chains_are_incomplete_not_crashes():
    chain = "".join(f'<div id="d{i}" role="list" aria-owns="d{i + 1}"></div>' for i in range(3000))
    result = Document.from_html(f"<html lang=en><title>x</title><body>{chain}</body></html>").audit()
    assert isinstance(result["violations"], list)


def test_a_page_of_fifty_thousand_nodes_is_audited():
    rows = "".join(f"<tr><td>{i}</td><td><a href='/r{i}'>row {i}</a></td></tr>" for i in range(8_500))
    html = f"<html lang=en><title>Big</title><body><main><h1>Big</h1><table>{rows}</table></main></body></html>"
    result = Document.from_html(html).audit(rules=["link-name", "region", "td-headers-attr"])
    assert not result["violations"]


def test_duplicate_ids_by_the_thousand():
    body = "".join(f'<p id="dup{i % 3}">n</p>' for i in range(3000)) + '<input aria-label="f" aria-describedby="dup0">'
    result = audit(body, rules=["duplicate-id-aria"])
    assert violations(result) == {} and len(result["incomplete"][0]["nodes"]) == 1  # reviewOnFail: one per id


def test_json_round_trips():
    assert json.loads(json.dumps(audit('<img src="x">', passes=True)))["violations"]
