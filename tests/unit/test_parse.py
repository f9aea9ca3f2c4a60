import pytest

from axsynth.dom import Element, ShadowRoot
from axsynth.parse import ParseError, parse_html


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
