import pytest

from axsynth.html.dom import Element, ShadowRoot
from axsynth.html.parse import ParseError, parse_html


def test_declarative_shadow_root_is_attached_to_its_host():
    doc = parse_html("<div id=h><template shadowrootmode=open><b>in</b></template>light</div>")
    host = next(e for e in doc.iter_elements() if e.attrs.get("id") == "h")
    assert isinstance(host.shadow_root, ShadowRoot)
    assert host.shadow_root.mode == "open"
    assert [c.local_name for c in host.shadow_root.children if isinstance(c, Element)] == ["b"]
    assert not any(e.local_name == "template" for e in host)


def test_template_with_invalid_mode_stays_a_template():
    doc = parse_html("<div><template shadowrootmode=bogus><b>x</b></template></div>")
    assert any(e.local_name == "template" for e in doc.iter_elements())


def test_meta_charset_decides_the_encoding():
    doc = parse_html('<meta charset="windows-1252"><p>caf\xe9</p>'.encode("latin-1"))
    assert "café" in doc.text_content()


def test_utf16_with_bom_is_decoded():
    doc = parse_html("\ufeff<p>héllo</p>".encode("utf-16-le"))
    assert "héllo" in doc.text_content()


def test_binary_input_is_refused():
    with pytest.raises(ParseError):
        parse_html(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")


def test_node_ids_follow_tree_order():
    doc = parse_html("<p>a<b>b</b></p>")
    ids = [e.node_id for e in doc.iter_elements()]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)


# --- <select> content (WHATWG HTML since customizable select; Chromium 156) ---


def _outline(node) -> str:
    """The body's tree as tags and text, e.g. ``select(option(a b(c)))``."""
    parts = []
    for child in node.children:
        if isinstance(child, Element):
            inner = _outline(child)
            parts.append(f"{child.local_name}({inner})" if inner else child.local_name)
        elif child.data.strip():
            parts.append(child.data.strip())
    return " ".join(parts)


def _body(html: str) -> str:
    return _outline(parse_html("<!DOCTYPE html><body>" + html).find_first("body"))


def test_markup_inside_an_option_is_kept():
    assert _body("<select><option>European <span>Union</span><img alt=f></option></select>") == (
        "select(option(European span(Union) img))"
    )


def test_elements_between_options_are_kept():
    html = "<select><button><selectedcontent></selectedcontent></button><div><option>a</option></div></select>"
    # The select then copies its selected option into <selectedcontent>, as Chromium does.
    assert _body(html) == "select(button(selectedcontent(a)) div(option(a)))"


def test_hr_in_a_select_closes_the_open_option_and_optgroup():
    html = "<select><optgroup label=g><option>a<hr><option>b</select>"
    assert _body(html) == "select(optgroup(option(a)) hr option(b))"


def test_option_in_a_select_closes_the_open_option_but_not_the_optgroup():
    assert _body("<select><optgroup><option>a<option>b</select>") == "select(optgroup(option(a) option(b)))"


def test_nested_select_start_tag_closes_the_select_and_is_dropped():
    assert _body("<select><option>a<select><option>b</select>") == "select(option(a)) option(b)"


def test_input_closes_the_select():
    assert _body("<select><option>a<input>b</select>") == "select(option(a)) input b"


def test_select_end_tag_closes_the_select_through_open_elements():
    assert _body("<select><div>x</select>y") == "select(div(x)) y"


def test_select_bounds_the_scope_of_end_tags_and_p():
    assert _body("<div><select><option>a</div>b</select></div>") == "div(select(option(ab)))"
    assert _body("<p><select><option>a<p>b</select>") == "p(select(option(a p(b))))"


def test_closing_a_table_inside_a_select_returns_to_body_rules():
    assert _body("<select><table></table><div>d</div></select>") == "select(table div(d))"


def test_table_tags_close_a_select_inside_a_table():
    assert _body("<table><select><option>a<tr><td>c</table>") == ("select(option(a)) table(tbody(tr(td(c))))")


# What Chromium 156 showed for the same bytes (probed): a file: URL's undeclared
# bytes are detected (valid UTF-8 is read as UTF-8); over HTTP windows-1252 applies;
# a <meta> charset, even past the first 1024 bytes, wins.
ENCODING_CASES = [
    ("file:///p.html", b"<!DOCTYPE html><title>a</title><p>caf\xc3\xa9 \xe2\x80\x94 ok</p>", "caf\u00e9 \u2014 ok"),
    ("http://x.test/p.html", b"<!DOCTYPE html><title>a</title><p>caf\xc3\xa9</p>", "caf\u00c3\u00a9"),
    ("file:///p.html", b"<!DOCTYPE html><title>b</title><p>caf\xe9 na\xefve</p>", "caf\u00e9 na\u00efve"),
    ("file:///p.html", b'<!DOCTYPE html><meta charset="windows-1252"><p>caf\xc3\xa9</p>', "caf\u00c3\u00a9"),
    (
        "file:///p.html",
        b"<!DOCTYPE html><!--" + b"x" * 1100 + b'--><meta charset="windows-1252"><p>caf\xc3\xa9</p>',
        "caf\u00c3\u00a9",
    ),
]


@pytest.mark.parametrize("parser", ["auto", "html5lib"])
@pytest.mark.parametrize("url, data, text", ENCODING_CASES)
def test_undeclared_encoding_as_chromium_reads_it(url, data, text, parser):
    document = parse_html(data, url, parser=parser)
    assert document.find_first("p").text_content() == text


@pytest.mark.parametrize("parser", ["html5lib", "auto"])
def test_dialog_and_search_close_an_open_paragraph(parser):
    # Blocks html5lib predates: like <div>, their start tag closes a <p>, their end tag them.
    document = parse_html("<p>a<dialog open>b</dialog>c<p>x<search>y</search>z", parser=parser)
    body = next(e for e in document.iter_elements() if e.local_name == "body")
    assert [
        (c.local_name, [getattr(g, "local_name", g.data) for g in c.children])
        for c in body.children
        if isinstance(c, Element)
    ] == [
        ("p", ["a"]),
        ("dialog", ["b"]),
        ("p", ["x"]),
        ("search", ["y"]),
    ]
