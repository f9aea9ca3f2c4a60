"""style/rule_scan.py finds a sheet's style rules without tokenizing it: the same rules,
preludes and blocks as tinycss2's full parse, on the cases where a scan could go wrong,
on every fixture's sheets and the UA sheet (tools: the saved real pages, 5,938 sheets,
were compared the same way when it was written)."""

from __future__ import annotations

from pathlib import Path

import pytest
import tinycss2

from axsynth.html.parse import parse_html
from axsynth.style import rule_scan

ROOT = Path(__file__).resolve().parents[2]

EDGE_CASES = [
    "a{}",
    "a { b: c } d{e:f}",
    "} a{x:y} b{z:w}",
    "a) {x:y} b] {z:w} c{}",
    "a[title='}']{x:y}",
    "a{content:'}'} b{}",
    'a{content:"x\n} b{c:d}',
    'a{content:"a\\"}"} b{}',
    "a{content:'\\41\n}'} b{}",
    "/* } */ a{} /* { */ b{}",
    "a{} /* unterminated { ",
    "<!-- a{x:y} --> b{}",
    "@media all{<!-- a{x:y}} b{}",
    "a{background:url(x{y)} b{c:d}",
    "a{background:url( x{ )} b{}",
    "a{background:url(x y{)} b{}",
    "a{background:url(x\\)y{)} b{}",
    "a{background:url(x\\\n{)} b{}",
    "a{background:url(x'{)} b{}",
    'a{background:url("x}")} b{}',
    "a{background:URL(x{)} b{}",
    "a{background:myurl(x{)} b{}",
    "a{background:-url(x{)} b{}",
    "a{x:#url(y{)} b{}",
    "a{x:@url(y{)} b{}",
    "a{x:5url(y{)} b{}",
    "a{x:éurl(y{)} b{}",
    "a{x:url(data:image/png;base64,iVBO{}RK5CYII=)} b{}",
    "a\\{b{x:y} c{}",
    ".a\\}{x:y} c{}",
    "a{x:\\url(y{)} b{}",
    "a{x:u\\72l(y{)} b{}",
    "a{x:\\41 url(y{)} b{}",
    "@media screen{a{x:y}} @media print{b{x:y}} c{}",
    "@supports (display:grid){a{}} @supports (foo:bar){b{}}",
    '@import "x.css"; @charset "utf-8"; a{}',
    "@font-face{src:url(a)} @keyframes k{from{x:y}} a{}",
    "@media screen{@media (min-width:1px){a{}} @media (max-width:1px){b{}}}",
    "@layer x; @layer{a{}} @container (width>1px){b{}} @scope (.x){c{}}",
    "@MEDIA SCREEN{a{}}",
    "@med\\ia screen{a{}}",
    "a{} @x",
    "a{} @media screen",
    "a{b:c",
    "a{b:(c",
    "a{b:c} d, e",
    "a{b:c; &:hover{d:e}} f{}",
    "{x:y} a{}",
    ":is(a{b}) {c:d} e{}",
    "a\r\nb{c:d}\fe{}\0{}",
    "a{b:[c}] d{}",
    "a{b:(c]d)} e{}",
    "@media (min-width: 1px) and (max-width: 2000px) { a { b: c } }",
    "@media screen { a { b: c }",
    "a { b: url(",
    "a { b: 'c",
    "a{b:c}\\",
    # CSS Nesting and @scope: handed to style/nesting, desugared as the exact path does.
    "a{b:c; & i{d:e} f:g} h{}",
    ".x{color:red; .y &{c:d} > p{e:f}} z{}",
    "@scope (.card) { b { c: d } :scope > i { e: f } } g{}",
    "@media screen { a { b: c; @media print { d: e } @supports (display: grid) { f: g } } }",
    "a{b:c} &{d:e} & > i{f:g}",
    "a{content:'{@'} b[x='&']{}",
]


def exact(css: str) -> list[tuple[str, str]]:
    parsed = tinycss2.parse_stylesheet(rule_scan.preprocess(css), skip_comments=True, skip_whitespace=True)
    return [(tinycss2.serialize(p), tinycss2.serialize(b)) for p, b in rule_scan.exact_style_rules(parsed)]


def scanned(css: str) -> list[tuple[str, str]]:
    out = []
    for prelude, block in rule_scan.style_rules(css):
        if isinstance(prelude, str):
            prelude = tinycss2.parse_component_value_list(prelude, skip_comments=True)
        if isinstance(block, str):
            block = tinycss2.parse_component_value_list(block, skip_comments=True)
        out.append((tinycss2.serialize(prelude), tinycss2.serialize(block)))
    return out


@pytest.mark.parametrize("css", EDGE_CASES)
def test_the_scan_finds_tinycss2s_rules(css):
    assert scanned(css) == exact(css)


def test_every_fixture_sheet_and_the_ua_sheet():
    sheets = [(ROOT / "axsynth" / "style" / "ua.css").read_text()]
    for path in sorted((ROOT / "tests" / "fixtures").rglob("*.htm*")):
        doc = parse_html(path.read_bytes(), path.as_uri())
        sheets += [el.text_content() for el in doc.iter_elements() if el.local_name == "style"]
    sheets += [p.read_text() for p in (ROOT / "tests" / "fixtures").rglob("*.css")]
    assert len(sheets) > 100
    for css in sheets:
        assert scanned(css) == exact(css)


def test_a_plain_sheet_is_not_tokenized(monkeypatch):
    calls = []
    original = tinycss2.parse_component_value_list
    monkeypatch.setattr(tinycss2, "parse_component_value_list", lambda *a, **k: calls.append(1) or original(*a, **k))
    css = "".join(
        f".c{i} > a[href^='x'], #d{i}:hover {{ background: url(a{i}.png); content: '}}' }}" for i in range(500)
    )
    rules = list(rule_scan.style_rules(css))
    assert len(rules) == 500 and all(isinstance(p, str) and isinstance(b, str) for p, b in rules)
    assert calls == []
