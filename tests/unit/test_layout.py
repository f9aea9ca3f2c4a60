"""Layout against numbers Chromium 156 reported (DOMSnapshot.captureSnapshot bounds,
1280x720, JavaScript off, fonts-liberation): each test's page was loaded in Chromium
and its boxes read; the expected values are those, to the 1/64 px."""

from __future__ import annotations

import pytest

from axsynth import Document
from axsynth.fonts import FontSpec, font
from axsynth.fonts.faces import platform_size


def rects(html: str, **options) -> dict[str, list[float]]:
    """Every element with an id: its box as [x, y, width, height]."""
    doc = Document.from_html(html, **options)
    ids = {el.node_id: el.attrs["id"] for el in doc.dom.iter_elements() if "id" in el.attrs}
    return {
        ids[b["backendDOMNodeId"]]: [b["x"], b["y"], b["width"], b["height"]]
        for b in doc.boxes()
        if b["backendDOMNodeId"] in ids
    }


# --- fonts ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "family, size, text, width",
    [
        ("serif", 16, "Hello world", 76.875),
        ("sans-serif", 16, "Hello world", 79.140625),
        ("monospace", 16, "Hello world", 105.96875),
        ("sans-serif", 16, "AVAVAV", 58.09375),  # kerned
        ("sans-serif", 13.3, "jumps over", 65.03125),  # 13.3px is laid out at 13.296875 (26.6)
        ("serif", 13.333, "—", 13.328125),
    ],
)
def test_text_widths(family, size, text, width):
    shaped = font(FontSpec(((family, True),), 400.0, False, size)).advances(text)
    assert -(-shaped.width() * 64 // 1) / 64 == width


def test_font_sizes_are_truncated_to_hundredths_then_26_6():
    assert platform_size(9.9) == 9.89  # the float32 9.9 × 100 is 989.99…
    # 64 em dashes at 9.9px: 632/64 each (probed)
    assert font(FontSpec((("sans-serif", True),), 400.0, False, 9.9)).advances("—" * 64).width() == 632.0


@pytest.mark.parametrize(
    "family, size, height, line",
    [("sans-serif", 16, 17, 18), ("serif", 12, 14, 15), ("monospace", 16, 19, 19), ("sans-serif", 26, 30, 31)],
)
def test_metrics(family, size, height, line):
    metrics = font(FontSpec(((family, True),), 400.0, False, size)).metrics
    assert (metrics.height, metrics.line_spacing) == (height, line)


def test_characters_no_font_has_fall_back_to_dejavu_regular():
    # Hebrew in bold serif: DejaVu Sans Book's advances (fontconfig's answer, bold synthesized).
    assert font(FontSpec((("serif", True),), 700.0, True, 16)).advances("שלום").width() * 64 // 1 == 35.40625 * 64


# --- block and inline -----------------------------------------------------------------------


def test_blocks_margins_and_inline_text():
    boxes = rects(
        "<!doctype html><body><h1 id=h>Hello world</h1><p id=p>Some <b id=b>bold</b> text and <a id=a href=#>a"
        " link</a> in a paragraph that is long enough to wrap onto a second line when the viewport is only so"
        " wide. More words follow here to make it wrap at least twice, I hope; quite a few words indeed.</p>"
        "<div id=d style='width:300px;padding:10px;border:2px solid;margin:20px auto'>Centered box</div>"
        "<ul id=ul><li id=li1>One</li><li id=li2>Two</li></ul>"
    )
    assert boxes["h"] == [8, 21.4375, 1264, 37]
    assert boxes["p"] == [8, 79.875, 1264, 36]
    assert boxes["b"] == [48.453125, 79.875, 30.25, 17]  # "Some " ceiled to a LayoutUnit before it
    assert boxes["a"] == [137.796875, 79.875, 36, 17]
    assert boxes["d"] == [478, 135.875, 324, 42]
    assert boxes["li1"] == [48, 197.875, 1224, 18]
    assert boxes["li2"] == [48, 215.875, 1224, 18]


def test_floats_clearance_and_vertical_align():
    boxes = rects(
        "<!doctype html><body><div id=f1 style='float:left;width:100px;height:50px'></div>"
        "<p id=p>Text beside a float that wraps around it.</p><div id=c style='clear:both'>Cleared</div>"
        "<p id=p2 style='text-align:center;font:14px/1.5 Arial'>Centered <small id=sm>small</small> "
        "<sup id=sup>sup</sup> text</p>"
    )
    assert boxes["f1"] == [8, 16, 100, 50]  # placed where the margins around it resolve
    assert boxes["c"] == [8, 66, 1264, 18]
    assert boxes["p2"][3] == 24.65625  # sup raised by font-size / 3 + 1, unrounded
    assert boxes["sup"][1] - boxes["p2"][1] == 2


def test_empty_blocks_and_inlines():
    boxes = rects(
        "<!doctype html><body><div id=d1 style='margin-top:20px'><a id=a1 href=#><b id=b1> </b></a>"
        "<div id=d2>block</div></div><div id=d3><a id=a3 href=#><div id=d4>inner block</div></a></div>"
        "<p>a <span id=e7></span> b</p>"
    )
    assert boxes["a1"] == [8, 20, 0, 0]
    assert boxes["a3"] == [8, 38, 1264, 18]  # a block in an inline: the inline encloses it
    assert boxes["e7"] == [19.109375, 72, 0, 17]


@pytest.mark.parametrize(
    "img, rect",
    [
        ("<img id=i src=x.png>", [8, 16, 16, 16]),  # the broken-image icon
        ("<img id=i src=x.png alt='Alt'>", [8, 16, 36.453125, 18]),  # icon and alt text
        ("<img id=i src=x.png alt=''>", [8, 30, 0, 0]),  # represents nothing
        ("<img id=i src=x.png width=100 height=50>", [8, 16, 100, 50]),  # replaced, sized
        ("<img id=i src=x.png alt='Alt' width=100 height=50>", [8, 16, 36.453125, 18]),  # alt text wins
    ],
)
def test_broken_images(img, rect):
    assert rects(f"<!doctype html><body><p>{img}</p>")["i"] == rect


def test_quirks_mode_fills_the_viewport_and_empties_a_br():
    boxes = rects("<span id=s1>Hello world</span><br id=b1>text<br id=b2><p id=p>x</p>")
    doc = Document.from_html("<p>x</p>")
    assert doc.boxes()[0]["height"] == 720  # html
    assert boxes["b1"] == [84.875, 22, 0, 0]
    assert boxes["b2"][3] == 17


def test_viewport_option():
    doc = Document.from_html("<!doctype html><div style='width:50vw'>x</div>", viewport=(400, 300))
    assert [b["width"] for b in doc.boxes()] == [400, 384, 200]
    with pytest.raises(ValueError):
        Document.from_html("<p>x</p>", viewport=(0, 10))
