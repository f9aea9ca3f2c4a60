"""innerText (the rendered text collection steps) and the contenteditable rules
that use it: one minimal fixture per rule."""

from axsynth import Document
from axsynth.ax.inner_text import inner_text

from .helpers import find, props, tree


def text_of(body: str) -> str:
    """innerText of the element with id=t."""
    doc = Document.from_html(f"<!DOCTYPE html><body>{body}</body>", "http://t.test/")
    el = next(e for e in doc.dom.iter_elements() if e.attrs.get("id") == "t")
    return inner_text(doc.tree, el)


def test_source_whitespace_collapses_and_is_trimmed_at_block_edges():
    assert text_of("<div id=t>\n   a   b\n  </div>") == "a b"


def test_paragraphs_are_separated_by_a_blank_line_and_blocks_by_a_newline():
    assert text_of("<div id=t><h2>T</h2><p>one</p><p>two</p><div>three</div></div>") == "T\n\none\n\ntwo\n\nthree"


def test_list_items_are_lines_without_their_markers():
    assert text_of("<div id=t><ul>\n <li>a</li>\n <li>b</li>\n</ul></div>") == "a\nb"


def test_br_is_a_newline_and_consecutive_ones_are_kept():
    assert text_of("<div id=t>a<br>b<br><br>c</div>") == "a\nb\n\nc"


def test_table_cells_are_tab_separated_and_rows_newline_separated_across_sections():
    html = (
        "<div id=t><table><thead><tr><th>h1</th><th>h2</th></tr></thead><tbody><tr><td>a</td><td>b</td>"
        "</tr></tbody></table></div>"
    )
    assert text_of(html) == "h1\th2\na\tb"


def test_display_none_is_skipped_and_hidden_visibility_keeps_visible_descendants():
    html = (
        "<div id=t>a<span hidden>x</span> <span style=visibility:hidden>y <b style=visibility:visible>z"
        "</b></span></div>"
    )
    assert text_of(html) == "a z"


def test_text_transform_applies():
    assert text_of("<div id=t>a <span style=text-transform:uppercase>bc</span></div>") == "a BC"


def test_atomic_inlines_stay_on_the_line_but_flex_items_are_blocks():
    html = (
        "<div id=t><div style=display:flex><span>f1</span><span>f2</span></div><button>b</button> "
        "<button>c</button></div>"
    )
    assert text_of(html) == "f1\nf2\nb c"


def test_form_control_contents_and_shadow_content_do_not_count():
    assert text_of("<div id=t>x <input value=v> <textarea>ta</textarea> y</div>") == "x   y"


def test_select_shows_each_option_on_its_own_line():
    html = (
        "<div id=t>a <select><option> One </option><optgroup label=g><option>Two  words</option>"
        "</optgroup></select> b</div>"
    )
    assert text_of(html) == "a \nOne\nTwo words\n b"


def test_an_element_that_is_not_rendered_returns_its_text_content():
    assert text_of("<div id=t hidden>\n a <p>b</p></div>") == "\n a b"


def test_contenteditable_value_is_its_inner_text():
    node = find("<div contenteditable role=textbox aria-label=E>\n  <p>Hi,</p>\n  <p>Bye</p>\n</div>", "textbox")
    assert node["value"]["value"] == "Hi,\n\nBye"


def test_a_nested_contenteditable_host_is_a_text_field_but_not_focusable():
    nodes = tree("<div contenteditable aria-label=Outer>a<div contenteditable>Inner</div></div>")
    inner = next(n for n in nodes if n.get("value", {}).get("value") == "Inner")
    assert [s["type"] for s in inner["name"]["sources"]][-1] == "placeholder"
    assert "focusable" not in props(inner)


def test_contenteditable_false_does_not_make_a_span_clickable():
    nodes = tree("<div contenteditable aria-label=E>a <span contenteditable=false>chip</span></div>")
    assert not any(n["role"]["value"] == "generic" and not n["name"].get("value") for n in nodes)


def test_an_editable_heading_takes_no_name_from_its_contents():
    node = find("<p contenteditable role=heading aria-level=2>Title</p>", "heading")
    assert node["name"]["value"] == "" and node["value"]["value"] == "Title"


def test_a_list_marker_inside_editable_content_is_not_editable():
    marker = find("<div contenteditable aria-label=E><ul><li>a</li></ul></div>", "ListMarker")
    assert "editable" not in props(marker)


def test_a_contenteditable_textbox_is_multiline_unless_aria_multiline_says_otherwise():
    assert props(find("<div contenteditable role=textbox aria-label=A></div>", "textbox"))["multiline"] is True
    single = find("<div contenteditable role=textbox aria-multiline=false aria-label=A></div>", "textbox")
    assert props(single)["multiline"] is False
