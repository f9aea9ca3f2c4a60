"""Annotated screenshots against a real Chromium: the labels are the elements axsynth's tree
names, every selector in the map resolves in the browser to the element whose box is drawn,
and the picture has the boxes where the map says. The fixture (data/screenshot/) has a row of
controls with different tops, a custom switch, a frame, a shadow root, and elements hidden,
zero-sized, off-screen and covered.

Skipped only when no browser can be found; CI sets AXSYNTH_REQUIRE_BROWSER=1, which turns
that skip into a failure (.ci/run installs Chromium first)."""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from axsynth import Document
from axsynth.cli import main
from axsynth.screenshot import PALETTE, Chromium, PageLoadTimeout, unavailable_reason
from axsynth.screenshot.labels import Rect, colour, place_badges, reading_order
from axsynth.screenshot.resources import Resources

from .screenshot_checks import RESOLVE, read_png

REPO = Path(__file__).parents[2]
DATA = Path(__file__).parent / "data" / "screenshot"
PAGE = DATA / "page.html"
UNAVAILABLE = unavailable_reason()
if UNAVAILABLE and os.environ.get("AXSYNTH_REQUIRE_BROWSER"):
    raise RuntimeError(f"AXSYNTH_REQUIRE_BROWSER is set but no browser can be used: {UNAVAILABLE}")
needs_browser = pytest.mark.skipif(UNAVAILABLE is not None, reason=f"no browser for screenshots: {UNAVAILABLE}")

# The fixture's labels, in reading order: (name, frames); and the elements left out.
EXPECTED = [
    "Home",
    "Orders",
    "Help",
    "Email",  # the row: the field, the select and the taller button share one line
    "",
    "Pay now",
    "Slow",
    "Fast",
    "Gift wrap",  # an invisible checkbox under its knob: a click on its label reaches it
    "Note for the courier",
    "A card that is a button, with a long text that goes on and on past the hundred characters the map keeps",
    "Coupon",  # in the frame
    "Apply",
    "In the shadow",
]
LEFT_OUT = {"unmatched": 0, "hidden": 2, "zero_size": 1, "offscreen": 2, "covered": 1, "beyond_max": 0}


@pytest.fixture(scope="module")
def browser():
    if UNAVAILABLE:
        pytest.skip(f"no browser for screenshots: {UNAVAILABLE}")
    with Chromium() as chromium:
        yield chromium


@pytest.fixture(scope="module")
def doc():
    return Document.from_file(PAGE)


@pytest.fixture(scope="module")
def shot(browser, doc):
    return doc.screenshot(browser=browser, max_annotations=100)


@pytest.fixture
def independent():
    """The fixture in another browser, loaded from its file: URL with no interception at all."""
    if UNAVAILABLE:
        pytest.skip(f"no browser for screenshots: {UNAVAILABLE}")
    from playwright.sync_api import sync_playwright

    from axsynth.screenshot.browser import _named_or_on_path, launch_args

    with sync_playwright() as playwright:
        executable = _named_or_on_path(None) or playwright.chromium.executable_path
        # file: pages may read their frames (contentDocument), as http: pages of one origin may
        args = [*launch_args(), "--allow-file-access-from-files"]
        chromium = playwright.chromium.launch(executable_path=executable, args=args)
        page = chromium.new_page(java_script_enabled=False, viewport={"width": 1280, "height": 720})
        page.goto(PAGE.as_uri(), wait_until="load")
        yield page
        chromium.close()


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))


# -- what is labelled ---------------------------------------------------------------------


@needs_browser
def test_the_labels_are_the_pages_visible_interactive_elements_in_reading_order(shot):
    assert [a.target.name for a in shot.annotations] == EXPECTED
    assert [a.label for a in shot.annotations] == list(range(1, len(EXPECTED) + 1))
    assert shot.left_out == LEFT_OUT
    assert shot.total_found == len(EXPECTED)
    data = shot.to_json()
    assert data["page"] == {
        "url": PAGE.resolve().as_uri(),
        "title": "Checkout",
        "viewport": {"width": 1280, "height": 720},
        "readyState": "complete",
    }
    first = data["annotations"][0]
    keys = ["label", "selector", "tag", "role", "name", "text", "bounds", "interactionHint", "ref", "aiRef"]
    assert list(first) == keys  # the spec's fields, the agent ref, the ai format's ref
    assert [a["interactionHint"] for a in data["annotations"][3:9]] == [
        "editable",
        "selectable",
        "clickable",
        "toggleable",
        "toggleable",
        "toggleable",
    ]
    card = data["annotations"][10]
    assert len(card["text"]) == 100 and card["text"].endswith("…") and card["role"] == "button"
    assert data["annotations"][11]["frames"] == ['iframe[src="frame.html"]']
    assert " >>> " in data["annotations"][13]["selector"]


@needs_browser
def test_labels_and_the_agent_snapshot_name_the_same_elements(shot, doc):
    refs = doc.agent_snapshot(max_bytes=None).refs
    labelled = {a.target.ref: a.target for a in shot.annotations}
    for ref, target in labelled.items():
        assert (refs[ref].role, refs[ref].name, refs[ref].selector) == (target.role, target.name, target.selector)
    # Every other ref is one of the elements the map counts as left out (zero-sized, off-screen, covered).
    assert {refs[r].name for r in set(refs) - set(labelled)} == {"Zero", "Off screen", "Under the lid", "Far below"}


@needs_browser
def test_every_selector_resolves_in_the_browser_to_the_element_whose_box_is_drawn(shot, independent):
    for annotation in shot.to_json()["annotations"]:
        found = independent.evaluate(RESOLVE, [annotation["selector"], annotation.get("frames", [])])
        assert len(found) == 1, annotation
        box, bounds = found[0], annotation["bounds"]
        assert box["tag"] == annotation["tag"]
        for edge, drawn in (
            ("x", bounds["x"]),
            ("y", bounds["y"]),
            ("right", bounds["x"] + bounds["width"]),
            ("bottom", bounds["y"] + bounds["height"]),
        ):
            assert abs(box[edge] - drawn) <= 1, (annotation, edge, box)


@needs_browser
def test_the_picture_has_each_box_and_badge_where_the_map_says(shot):
    width, height, bpp, rows = read_png(shot.image)
    assert (width, height) == (shot.width, shot.height) == (1280, 720)

    def pixel(x: float, y: float) -> tuple[int, int, int]:
        row = rows[int(y)]
        return tuple(row[int(x) * bpp : int(x) * bpp + 3])

    badges = [a.badge for a in shot.annotations]
    for annotation in shot.annotations:
        b, fill = annotation.bounds, rgb(colour(annotation.label))
        # The outline: 2 px inside each edge, in the label's colour (where no badge lies over it).
        for x, y in ((b.x, b.y + b.height // 2), (b.x + 1, b.y + b.height // 2), (b.right - 1, b.y + b.height // 2)):
            if not any(Rect(x, y, 1, 1).overlap(badge) for badge in badges):
                assert pixel(x, y) == fill, (annotation.label, annotation.target.name, x, y)
        # The badge: the colour at its corner, white digits inside.
        badge = annotation.badge
        assert pixel(badge.x + 2, badge.y + 2) == fill
        middle = [pixel(x, badge.y + badge.height / 2) for x in range(int(badge.x) + 3, int(badge.right) - 3)]
        assert any(min(p) > 200 for p in middle), annotation.label
    # Nothing is drawn over an element left out: the covered button's lid keeps its own colour.
    assert pixel(20, 560) == rgb("#334455")


@needs_browser
def test_badges_stay_in_the_picture_and_never_cover_each_other(shot):
    badges = [a.badge for a in shot.annotations]
    for i, badge in enumerate(badges):
        assert 0 <= badge.x and badge.right <= shot.width and 0 <= badge.y and badge.bottom <= shot.height
        assert all(badge.overlap(other) == 0 for other in badges[i + 1 :])


def test_every_badge_colour_has_a_contrast_of_at_least_4_5_with_its_white_digits():
    def luminance(hex_colour: str) -> float:
        channels = [c / 255 for c in rgb(hex_colour)]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    for fill in PALETTE:
        assert (1.05) / (luminance(fill) + 0.05) >= 4.5, fill


def test_reading_order_takes_a_line_left_to_right_though_its_tops_differ():
    field, select, tall_button = Rect(60, 139, 177, 21), Rect(250, 140, 64, 19), Rect(330, 126, 95, 47)
    below, sidebar = Rect(20, 200, 50, 20), Rect(900, 100, 200, 600)
    boxes = [below, tall_button, select, field, sidebar]
    assert reading_order(boxes) == [4, 3, 2, 1, 0]  # the tall sidebar starts first and is a line of its own
    assert reading_order([Rect(0, 10, 5, 5), Rect(0, 0, 5, 5)]) == [1, 0]


def test_crowded_badges_do_not_cover_each_other_while_there_is_room():
    def overlaps(boxes: list[Rect]) -> int:
        badges = place_badges(boxes, 1280, 720)
        return sum(1 for i, a in enumerate(badges) for b in badges[i + 1 :] if a.overlap(b))

    calendar = [Rect(100 + 34 * (i % 7), 100 + 28 * (i // 7), 30, 24) for i in range(35)]
    icons = [Rect(100 + 22 * (i % 7), 100 + 22 * (i // 7), 20, 20) for i in range(35)]  # 2 px apart
    assert overlaps(calendar) == overlaps(icons) == 0
    # No room at all (12 x 10 px boxes 2 px apart, badges of 16 x 18 px): most still find a free place.
    assert overlaps([Rect(100 + 14 * (i % 10), 100 + 12 * (i // 10), 12, 10) for i in range(40)]) < 20


# -- options ------------------------------------------------------------------------------


@needs_browser
def test_full_page_labels_what_lies_below_the_fold(browser, doc):
    full = doc.screenshot(browser=browser, full_page=True, max_annotations=100)
    width, height, *_ = read_png(full.image)
    assert (width, height) == (full.width, full.height) and height > 1500
    far = next(a for a in full.annotations if a.target.name == "Far below")
    assert far.bounds.y > 1400 and full.left_out["offscreen"] == 1  # the link at left: -5000px only


@needs_browser
def test_jpeg_all_visible_and_css_targets(browser, doc, tmp_path):
    jpeg = doc.screenshot(tmp_path / "page.jpg", browser=browser, format="jpeg")
    assert jpeg.image[:2] == b"\xff\xd8" and jpeg.mime_type == "image/jpeg"
    assert (tmp_path / "page.jpg").read_bytes() == jpeg.image
    visible = doc.screenshot(browser=browser, target="all_visible", max_annotations=100)
    roles = {a.target.role for a in visible.annotations}
    assert {"heading", "navigation", "link", "button", "group"} <= roles
    heading = next(a for a in visible.annotations if a.target.role == "heading")
    assert heading.target.ref is None and heading.to_json()["ref"] is None and heading.target.name == "Checkout"
    css = doc.screenshot(browser=browser, target="fieldset input")
    assert [a.target.name for a in css.annotations] == ["Slow", "Fast", "Gift wrap"]
    with pytest.raises(ValueError, match="invalid selector") as invalid:
        doc.screenshot(browser=browser, target="input[")
    assert invalid.value.code == "target_invalid"


@needs_browser
def test_max_is_honoured_on_ten_thousand_interactive_elements_and_the_rest_are_counted(tmp_path, capsys):
    page = tmp_path / "many.html"
    page.write_text("<title>Many</title>" + "".join(f"<button>B{i}</button>" for i in range(10_000)))
    assert main(["screenshot", str(page), "--out", str(tmp_path / "many.png"), "--max", "30"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [a["name"] for a in data["annotations"]] == [f"B{i}" for i in range(30)]
    assert data["total_found"] > 30 and data["left_out"]["beyond_max"] == data["total_found"] - 30
    assert len(data["annotations"]) + sum(data["left_out"].values()) == 10_000
    assert (tmp_path / "many.png").read_bytes()[:4] == b"\x89PNG"


@needs_browser
def test_the_ai_formats_refs_join_the_map_when_given(browser, doc):
    from axsynth.screenshot import annotate

    ai_refs = {ref.obj.element: f"e{n}" for n, ref in enumerate(doc.agent_emitter.refs(), 1)}
    shot = annotate(doc, browser=browser, max_annotations=3, ai_ref=ai_refs.get)
    assert [a.to_json()["aiRef"] for a in shot.annotations] == ["e1", "e2", "e3"]
    # Document.screenshot gives each label its ref in the document's ai snapshot.
    text = doc.ai_snapshot()
    refs = [a.to_json()["aiRef"] for a in doc.screenshot(browser=browser, max_annotations=3).annotations]
    assert len(refs) == 3 and all(f"[ref={ref}]" in text for ref in refs)


# -- the browser is given the page and only what axsynth read -----------------------------


def test_the_browser_is_served_only_the_page_and_the_files_axsynth_read(tmp_path):
    (tmp_path / "site" / "css").mkdir(parents=True)
    (tmp_path / "site" / "css" / "a b.css").write_text("p { color: red }")
    (tmp_path / "outside.css").write_text("p { color: blue }")
    (tmp_path / "site" / "css" / "f.css").write_text("p { color: green }")
    (tmp_path / "site" / "f.html").write_text("<link rel=stylesheet href=css/f.css><p>frame")
    page = tmp_path / "site" / "p.html"
    page.write_bytes(
        b'<link rel=stylesheet href="css/a b.css?v=2"><link rel=stylesheet href="../outside.css"><img src=i.png>'
        b'<iframe src="f.html#top"></iframe><iframe srcdoc="<link rel=stylesheet href=css/f.css?srcdoc>"></iframe>'
    )
    doc = Document.from_file(page)
    served = Resources.of(doc)
    here = "http://axsynth.invalid" + (tmp_path / "site").resolve().as_uri()[7:]
    assert served.url == here + "/p.html" and served.page == (page.read_bytes(), "text/html; charset=windows-1252")
    css = (b"p { color: red }", "text/css")
    assert served.answer(here + "/css/a%20b.css?v=2", "Stylesheet") == css
    for frames_own in ("/css/f.css", "/css/f.css?srcdoc"):  # a srcdoc frame's base URL is its parent's
        assert served.answer(here + frames_own, "Stylesheet") == (b"p { color: green }", "text/css")
    frame = ((tmp_path / "site" / "f.html").read_bytes(), "text/html; charset=windows-1252")
    assert served.answer(here + "/f.html", "Document") == frame
    # A file: page reads any file: stylesheet, as Chromium does (axsynth read it too); --root confines both.
    assert served.answer(here + "/../outside.css", "Stylesheet") == (b"p { color: blue }", "text/css")
    confined = Resources.of(Document.from_file(page, root=tmp_path / "site"))
    assert confined.answer(here + "/../outside.css", "Stylesheet") is None  # axsynth did not read it
    assert served.answer(here + "/i.png", "Image") is None  # no image, script or font is served
    assert served.answer(here + "/missing.css", "Stylesheet") is None
    text = Resources.of(Document.from_html("<p>x</p>"))
    assert (text.url, text.page) == (
        "http://axsynth.invalid/axsynth-page.html",
        (b"<p>x</p>", "text/html; charset=utf-8"),
    )


@needs_browser
def test_the_browser_decodes_the_page_as_axsynth_did(tmp_path, browser):
    # UTF-8 without a charset: Chromium detects it in a file: page (and axsynth with it), but the
    # page is loaded at an http URL, where it would guess windows-1252: the label says which.
    page = tmp_path / "page.html"
    page.write_bytes('<button aria-label="Zurück">a</button><button aria-label="Weiter">b</button>'.encode())
    shot = Document.from_file(page).screenshot(browser=browser)
    assert [(a.target.selector, a.target.name) for a in shot.annotations] == [
        ('button[aria-label="Zurück"]', "Zurück"),
        ('button[aria-label="Weiter"]', "Weiter"),
    ]
    assert shot.left_out["unmatched"] == 0


# -- bad input ----------------------------------------------------------------------------


@needs_browser
def test_a_page_that_never_finishes_loading_is_a_clear_error(tmp_path, monkeypatch, capsys, browser):
    # A stylesheet whose server never answers: the request stays pending, the load event never comes.
    page = tmp_path / "hangs.html"
    page.write_text('<link rel=stylesheet href="slow.css"><button>Go</button>')
    (tmp_path / "slow.css").write_text("button { color: red }")
    serve = Resources.serve

    def never_answer_stylesheets(self, cdp, event, main_frame):
        if event["resourceType"] != "Stylesheet":
            serve(self, cdp, event, main_frame)

    monkeypatch.setattr(Resources, "serve", never_answer_stylesheets)
    with pytest.raises(PageLoadTimeout, match="did not finish loading within 1 s"):
        Document.from_file(page).screenshot(browser=browser, timeout=1)
    out = tmp_path / "hangs.png"
    assert main(["screenshot", str(page), "--out", str(out), "--timeout", "1"]) == 1
    assert capsys.readouterr().err == "axsynth: the page did not finish loading within 1 s (--timeout)\n"
    assert not out.exists()


def test_a_file_outside_the_root_and_an_output_over_the_page_are_refused(tmp_path, capsys):
    (tmp_path / "root").mkdir()
    page = tmp_path / "page.html"
    page.write_text("<button>Go</button>")
    assert main(["screenshot", str(page), "--out", str(tmp_path / "p.png"), "--root", str(tmp_path / "root")]) == 1
    assert "resolves outside the root" in capsys.readouterr().err
    assert main(["screenshot", str(page), "--out", str(page)]) == 1
    assert "would be overwritten" in capsys.readouterr().err and page.read_text() == "<button>Go</button>"
    assert main(["screenshot", str(page), "--out", str(tmp_path / "p.png"), "--max", "0"]) == 1
    assert capsys.readouterr().err == "axsynth: --max must be between 1 and 1000, not 0\n"
    assert not (tmp_path / "p.png").exists()


def test_without_a_browser_the_message_names_the_install_step(tmp_path):
    page = tmp_path / "page.html"
    page.write_text("<button>Go</button>")
    missing = subprocess.run(
        [sys.executable, "-m", "axsynth", "screenshot", str(page), "--out", str(tmp_path / "p.png")],
        capture_output=True,
        text=True,
        env={**os.environ, "AXSYNTH_CHROMIUM": str(tmp_path / "no-chromium")},
        timeout=120,
    )
    assert missing.returncode == 1 and missing.stderr.count("\n") == 1
    assert "no such executable" in missing.stderr and "apt-get install chromium" in missing.stderr
    no_playwright = "import sys; sys.modules['playwright'] = None; from axsynth.cli import main; sys.exit(main())"
    result = subprocess.run(
        [sys.executable, "-c", no_playwright, "screenshot", str(page), "--out", str(tmp_path / "p.png")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1
    assert result.stderr == "axsynth: screenshots need Playwright: pip install 'axsynth[browser]'\n"
    assert not (tmp_path / "p.png").exists()


# -- MCP ----------------------------------------------------------------------------------


def _mcp_session(root: Path, env: dict[str, str], script) -> None:
    anyio = pytest.importorskip("anyio")
    pytest.importorskip("mcp")
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    async def run():
        params = StdioServerParameters(
            command=sys.executable, args=["-m", "axsynth", "mcp", "--root", str(root)], cwd=str(REPO), env=env
        )
        with anyio.fail_after(180):
            async with Client(params) as client:
                await script(client)

    anyio.run(run)


@needs_browser
def test_the_mcp_screenshot_tool_returns_the_image_and_the_map():
    async def script(client):
        tools = {t.name: t for t in (await client.list_tools()).tools}
        assert "screenshot" in tools and "screenshot" in client.instructions
        result = await client.call_tool("screenshot", {"path": "page.html", "max_annotations": 5})
        image, text = result.content
        assert not result.is_error and image.type == "image" and image.mime_type == "image/jpeg"
        assert base64.b64decode(image.data)[:2] == b"\xff\xd8"
        data = json.loads(text.text)
        assert [a["name"] for a in data["annotations"]] == EXPECTED[:5] and data["total_found"] == len(EXPECTED)
        assert result.structured_content == data
        custom = await client.call_tool("screenshot", {"path": "page.html", "target": "custom"})
        assert custom.is_error and "bad_arguments" in custom.content[0].text
        outside = await client.call_tool("screenshot", {"path": "../../test_screenshot.py"})
        assert outside.is_error and "outside_root" in outside.content[0].text

    _mcp_session(DATA, dict(os.environ), script)


def test_without_a_browser_the_mcp_server_says_why_and_offers_no_screenshot_tool(tmp_path):
    async def script(client):
        tools = {t.name for t in (await client.list_tools()).tools}
        assert "screenshot" not in tools and "snapshot" in tools
        assert "screenshot tool is not offered" in client.instructions
        assert "no such executable" in client.instructions

    _mcp_session(DATA, {**os.environ, "AXSYNTH_CHROMIUM": str(tmp_path / "no-chromium")}, script)


@needs_browser
def test_the_map_without_a_browser_labels_the_same_elements(shot, doc):
    """The layout's map (no picture) against the browser's, on the same page: the same
    labels in the same order, the same selectors, the same elements left out and why."""
    layout_map = doc.annotation_map(max_annotations=100).to_json()
    browser_map = shot.to_json()
    assert "image" not in layout_map and layout_map["left_out"] == browser_map["left_out"]
    assert [a["selector"] for a in layout_map["annotations"]] == [a["selector"] for a in browser_map["annotations"]]


@needs_browser
@pytest.mark.xfail(reason="layout: a text field's width is 2px short and the page's flex row is not laid out yet")
def test_the_map_without_a_browser_has_the_browsers_boxes(shot, doc):
    layout_map = doc.annotation_map(max_annotations=100).to_json()
    for mine, theirs in zip(layout_map["annotations"], shot.to_json()["annotations"]):
        assert all(abs(mine["bounds"][k] - theirs["bounds"][k]) <= 1 for k in ("x", "y", "width", "height")), (
            mine["selector"],
            mine["bounds"],
            theirs["bounds"],
        )
