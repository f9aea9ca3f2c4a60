"""CSS Nesting desugared into flat style rules (axsynth.style.nesting): each case the
fixtures (css-nesting-*) do not show one by one, and the bounds on hostile nesting."""

from __future__ import annotations

import time

import cssselect2
import pytest
import tinycss2

from axsynth import Document
from axsynth.style import nesting


def flat(css: str) -> list[str]:
    """Each flat rule as 'selectors { declarations }'."""
    out = []
    for rule in nesting.style_rules(tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True)):
        items = tinycss2.parse_blocks_contents(rule.content, skip_whitespace=True)
        declarations = "; ".join(f"{d.name}:{tinycss2.serialize(d.value).strip()}" for d in items)
        out.append(f"{tinycss2.serialize(rule.prelude).strip()} {{ {declarations} }}")
    return out


def test_a_plain_rule_is_passed_through_as_parsed():
    [rule] = tinycss2.parse_stylesheet(".a { color: red }", skip_whitespace=True)
    assert list(nesting.style_rules([rule])) == [rule]


@pytest.mark.parametrize(
    "css, expected",
    [
        (".a { .b { x: 1 } }", [".a .b { x:1 }"]),
        (".a { > .b { x: 1 } }", [".a > .b { x:1 }"]),
        (".a { ~ .b, + .c { x: 1 } }", [".a ~ .b, .a + .c { x:1 }"]),
        (".a { &.b { x: 1 } }", [".a.b { x:1 }"]),
        (".a { .b & { x: 1 } }", [".b :is(.a) { x:1 }"]),
        (".a { div& { x: 1 } }", ["div:is(.a) { x:1 }"]),
        (".a { &div { x: 1 } }", ["div:is(.a) { x:1 }"]),  # the type selector goes first
        (".a { :not(&) { x: 1 } }", [":not(:is(.a)) { x:1 }"]),  # & anywhere: not made relative
        (".a, #b { & .c { x: 1 } }", [":is(.a, #b) .c { x:1 }"]),
        (".a .b { & + .c { x: 1 } }", [".a .b + .c { x:1 }"]),  # one parent opening: written out
        (".a .b { .c & { x: 1 } }", [".c :is(.a .b) { x:1 }"]),  # elsewhere: :is() keeps its meaning
    ],
)
def test_nested_selectors(css, expected):
    assert flat(css) == expected


def test_nested_declarations_keep_their_place_and_the_parents_selectors():
    assert flat(".a, #b { x: 1; .c { y: 2 } z: 3; w: 4 }") == [
        ".a, #b { x:1 }",
        ":is(.a, #b) .c { y:2 }",
        ".a, #b { z:3; w:4 }",  # the parent's list itself: each selector its own specificity
    ]


def test_group_rules_inside_a_rule():
    assert flat(".a { @media screen { x: 1; .b { y: 2 } } @media print { z: 3 } @layer l { w: 4 } }") == [
        ".a { x:1 }",
        ".a .b { y:2 }",
        ".a { w:4 }",
    ]


def test_scope():
    assert flat("@scope (.card) { img { x: 1 } & { y: 2 } :scope > p { z: 3 } w: 4 }") == [
        ":where(.card) img { x:1 }",
        ":is(.card) { y:2 }",
        ":is(.card) > p { z:3 }",
        ":where(.card) { w:4 }",  # declarations directly in @scope: :where(:scope)
    ]
    assert flat(".o { @scope (.in) { .t { x: 1 } y: 2 } }") == [":where(.o .in) .t { x:1 }", ":where(.o .in) { y:2 }"]


def test_an_invalid_parent_drops_its_nested_rules_an_invalid_child_only_itself():
    assert flat(".a!! { x: 1; .b { y: 2 } }") == []
    assert flat(".a { !! { y: 2 } .c { z: 3 } }") == [".a .c { z:3 }"]


def test_specificity_of_the_nesting_selector_is_the_largest_of_the_parents():
    [rule] = nesting.style_rules(tinycss2.parse_stylesheet(".a, #b { & .c { x: 1 } }", skip_whitespace=True))
    specificities = [s.specificity for s in cssselect2.compile_selector_list(rule.prelude)]
    assert specificities == [(1, 1, 0)]


def test_the_nesting_selector_at_the_top_level_is_the_scope():
    for css in ("& .x { display: none }", "& .x { display: none; .y { color: red } }"):
        doc = Document.from_html(f"<style>{css}</style><p class=x>x</p><p>y</p>")
        assert doc.aria_snapshot() == '- paragraph: "y"', css
    assert flat("& > body { x: 1 }") == [":scope > body { x:1 }"]


def test_deep_nesting_is_bounded():
    depth = nesting.MAX_NESTING_DEPTH
    css = ".a{" * (depth + 5) + "x:1" + "}" * (depth + 5)
    assert flat(css) == []  # the one declaration sits deeper than the bound
    kept = ".a{" * depth + "x:1" + "}" * depth
    assert len(flat(kept)) == 1
    started = time.monotonic()
    html = "<style>" + ".a{" * 20_000 + "display:none" + "}" * 20_000 + "</style><p class=a>x</p>"
    assert Document.from_html(html).aria_snapshot() == "- paragraph: x"
    assert time.monotonic() - started < 30


def test_lists_nested_in_lists_do_not_grow_without_bound():
    # Each level repeats its parent's list: 2^20 copies without the bound on selector length.
    css = ".a{" + "& .b, .c{" * 20 + "x:1" + "}" * 21
    started = time.monotonic()
    assert flat(css) == []
    assert time.monotonic() - started < 10
    assert flat(".a{" + "& .b, .c{" * 3 + "x:1" + "}" * 4)  # a few levels are fine
