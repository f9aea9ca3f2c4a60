"""MHTML: Chromium's own (captured from fixtures served over HTTP: tests/goldens/sources,
``tools/mhtml_capture.py``) held against the live page and the opened archive, and the
bad cases of a MIME document."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from axsynth import Document
from axsynth.conformance import dump_cdp, normalize_cdp
from axsynth.sources import SourceError

GOLDENS = Path(__file__).resolve().parent.parent / "goldens" / "sources"
NAMES = sorted(p.name.removesuffix(".mhtml") for p in GOLDENS.glob("*.mhtml"))


def tree(doc: Document) -> str:
    return dump_cdp(normalize_cdp(doc.get_full_ax_tree()))


@pytest.mark.parametrize("name", NAMES)
def test_chromiums_mhtml_gives_the_live_pages_tree(name):
    doc = Document.from_file(GOLDENS / f"{name}.mhtml")
    assert tree(doc) == (GOLDENS / f"{name}.live.cdp.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", NAMES)
def test_a_warc_of_what_chromium_fetched_gives_the_live_pages_tree(name):
    manifest = json.loads((GOLDENS / "_manifest.json").read_text(encoding="utf-8"))
    doc = Document.from_archive(GOLDENS / f"{name}.warc.gz", manifest["urls"][name])
    assert tree(doc) == (GOLDENS / f"{name}.live.cdp.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", NAMES)
def test_the_archive_view_gives_the_opened_mhtmls_tree(name, tmp_path):
    # Chromium opened the MHTML at file:///tmp/axsynth-mhtml/NAME.mhtml (its URL is in the tree)
    opened = (GOLDENS / f"{name}.opened.cdp.json").read_text(encoding="utf-8")
    copy = Path("/tmp/axsynth-mhtml") / f"{name}.mhtml"
    copy.parent.mkdir(exist_ok=True)
    copy.write_bytes((GOLDENS / f"{name}.mhtml").read_bytes())
    assert tree(Document.from_archive(copy, archive_view=True)) == opened


def mhtml(*parts: str, boundary: str = "B", head: str = "") -> bytes:
    """An MHTML of ``parts`` (each its headers, a blank line, its body)."""
    body = "".join(f"--{boundary}\r\n{part}\r\n" for part in parts) + f"--{boundary}--\r\n"
    return (
        "From: <Saved by Blink>\r\nSnapshot-Content-Location: https://shop.example/\r\nMIME-Version: 1.0\r\n"
        f'Content-Type: multipart/related; type="text/html"; boundary="{boundary}"\r\n{head}\r\n{body}'
    ).encode("latin-1")


PAGE = (
    "Content-Type: text/html; charset=utf-8\r\nContent-Location: https://shop.example/\r\n"
    "Content-Transfer-Encoding: quoted-printable\r\n\r\n"
    '<link rel=3D"stylesheet" href=3D"s.css"><p class=3D"x">hidden</p><p>caf=C3=A9</p>'
    '<iframe title=3D"Cart" src=3D"cid:frame-1@mhtml.blink"></iframe>'
)
SHEET = "Content-Type: text/css\r\nContent-Location: https://shop.example/s.css\r\nContent-Transfer-Encoding: base64\r\n\r\nLnh7ZGlzcGxheTpub25lfQ=="  # noqa: E501
FRAME = (
    "Content-Type: text/html; charset=windows-1252\r\nContent-ID: <frame-1@mhtml.blink>\r\n"
    "Content-Transfer-Encoding: quoted-printable\r\n\r\n<p>na=EFve</p>"
)


def test_parts_by_location_and_content_id_each_decoded_and_in_its_charset(tmp_path):
    page = tmp_path / "page.mht"
    page.write_bytes(mhtml(PAGE, SHEET, FRAME))
    doc = Document.from_file(page)
    assert doc.url == "https://shop.example/" and doc.not_loaded == []
    assert doc.aria_snapshot() == "- paragraph: café\n- iframe"
    assert doc.frames()[0].document.aria_snapshot() == "- paragraph: naïve"


def test_any_multipart_related_file_is_read_as_mhtml_and_never_as_garbage(tmp_path):
    page = tmp_path / "saved.html"  # not named .mhtml
    page.write_bytes(mhtml(PAGE, SHEET, FRAME))
    result = subprocess.run(
        [sys.executable, "-m", "axsynth", "snapshot", str(page), "--format", "aria"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (result.returncode, result.stdout) == (0, "- paragraph: café\n- iframe\n")


def test_a_missing_part_is_a_note_and_nothing_outside_the_archive_is_read(tmp_path):
    (tmp_path / "s.css").write_text(".x{display:none}")  # beside the MHTML: never read
    page = tmp_path / "page.mhtml"
    page.write_bytes(mhtml(PAGE))
    doc = Document.from_file(page)
    assert doc.aria_snapshot() == "- paragraph: hidden\n- paragraph: café\n- iframe"
    assert doc.not_loaded == [
        "stylesheet 's.css' not loaded: not in the MHTML (the page was saved without it)",
        "frame 'cid:frame-1@mhtml.blink' not loaded: not in the MHTML (the page was saved without it)",
    ]


def test_a_missing_boundary_is_a_clear_error(tmp_path):
    page = tmp_path / "page.mhtml"
    page.write_bytes(b"MIME-Version: 1.0\r\nContent-Type: multipart/related\r\n\r\n<p>x</p>\r\n")
    with pytest.raises(SourceError, match="a damaged MHTML .*names no boundary"):
        Document.from_file(page)


def test_a_frame_part_naming_itself_is_not_loaded_again(tmp_path):
    loop = (
        "Content-Type: text/html\r\nContent-ID: <frame-1@mhtml.blink>\r\nContent-Location: https://shop.example/f\r\n\r\n"
        '<p>frame</p><iframe src="cid:frame-1@mhtml.blink"></iframe>'
    )
    page = tmp_path / "page.mhtml"
    page.write_bytes(mhtml(PAGE.replace("s.css", "none.css"), loop))
    started = time.monotonic()
    doc = Document.from_file(page)
    frame = doc.frames()[0].document
    assert frame.aria_snapshot() == "- paragraph: frame\n- iframe"
    assert frame.not_loaded == ["frame 'cid:frame-1@mhtml.blink' not loaded: the page itself or an enclosing frame"]
    assert time.monotonic() - started < 5


def test_a_part_that_declares_2_gb_is_read_for_what_it_holds(tmp_path):
    page = tmp_path / "page.mhtml"
    page.write_bytes(mhtml(PAGE.replace("\r\n\r\n", "\r\nContent-Length: 2147483648\r\n\r\n", 1), SHEET, FRAME))
    assert Document.from_file(page).aria_snapshot() == "- paragraph: café\n- iframe"


def test_an_mhtml_over_its_size_limit_is_refused_unread(tmp_path):
    page = tmp_path / "page.mhtml"
    page.write_bytes(mhtml(PAGE, SHEET, FRAME))
    with pytest.raises(Exception, match="the page is larger than 100 bytes"):  # an MHTML: 10x the page limit
        Document.from_file(page, max_bytes=10)


def test_the_archive_view_disables_every_form_control(tmp_path):
    form = "Content-Type: text/html\r\nContent-Location: https://shop.example/\r\n\r\n<input aria-label=q><button>Go</button>"  # noqa: E501
    page = tmp_path / "page.mhtml"
    page.write_bytes(mhtml(form))

    def disabled(doc: Document) -> list[bool]:
        nodes = doc.get_full_ax_tree()["nodes"]
        return [
            any(p["name"] == "disabled" for p in n.get("properties", []))
            for n in nodes
            if n["role"]["value"] in ("textbox", "button")
        ]

    assert disabled(Document.from_file(page)) == [False, False]
    opened = Document.from_archive(page, archive_view=True)
    assert disabled(opened) == [True, True]
    assert opened.url == page.resolve().as_uri()


def test_every_command_reads_an_mhtml(tmp_path):
    page = tmp_path / "page.mhtml"
    page.write_bytes(mhtml(PAGE, SHEET, FRAME))
    other = tmp_path / "other.mhtml"
    other.write_bytes(mhtml(PAGE.replace("caf=C3=A9", "tea"), SHEET, FRAME))

    def run(*args, stdin=None):
        return subprocess.run(
            [sys.executable, "-m", "axsynth", *args], capture_output=True, text=True, timeout=120, input=stdin
        )

    piped = run("snapshot", "-", "--format", "aria", stdin=page.read_text(encoding="latin-1"))
    assert piped.stdout == "- paragraph: café\n- iframe\n"

    assert json.loads(run("audit", str(page), "--format", "json").stdout)["url"] == "https://shop.example/"
    assert "café" in run("diff", str(page), str(other), "--format", "aria").stdout
    batch = run("batch", str(tmp_path), "--format", "aria", "-o", "-").stdout.split("\n")[:-1]
    assert [json.loads(line)["aria"] for line in batch] == ["- paragraph: tea\n- iframe", "- paragraph: café\n- iframe"]
