"""Web archives that bring their resources: WARCs written with warcio and WACZ packages,
their stylesheets and frames read from the same archive, and their bad cases."""

from __future__ import annotations

import io
import json
import secrets
import subprocess
import sys
import time
import zipfile

import pytest

warcio = pytest.importorskip("warcio")
from warcio.statusandheaders import StatusAndHeaders  # noqa: E402
from warcio.warcwriter import WARCWriter  # noqa: E402

from axsynth import Document  # noqa: E402
from axsynth.sources import SourceError  # noqa: E402

SITE = "https://shop.example"
HOME = (
    "<title>Home</title><link rel=stylesheet href=/old.css><link rel=stylesheet href=/again.css>"
    "<main><h1>Shop</h1><p class=a>a</p><p class=b>b</p><p class=c>c</p><iframe title=Cart src=/cart></iframe></main>"
)


class Archive:
    """A WARC being written: response and revisit records."""

    def __init__(self) -> None:
        self.buffer = io.BytesIO()
        self.writer = WARCWriter(self.buffer, gzip=True)

    def response(self, path: str, body: bytes | str, kind="text/html", status="200 OK", date=None, headers=()):
        body = body.encode() if isinstance(body, str) else body
        http = StatusAndHeaders(status, [("Content-Type", kind), *headers], protocol="HTTP/1.1")
        record = self.writer.create_warc_record(
            SITE + path,
            "response",
            payload=io.BytesIO(body),
            http_headers=http,
            warc_headers_dict={"WARC-Date": date} if date else None,
        )
        self.writer.write_record(record)
        return record

    def revisit(self, path: str, original, date: str) -> None:
        http = StatusAndHeaders("200 OK", [("Content-Type", "text/css")], protocol="HTTP/1.1")
        record = self.writer.create_revisit_record(
            SITE + path,
            original.rec_headers.get_header("WARC-Payload-Digest"),
            original.rec_headers.get_header("WARC-Target-URI"),
            original.rec_headers.get_header("WARC-Date"),
            http_headers=http,
        )
        record.rec_headers.replace_header("WARC-Date", date)
        self.writer.write_record(record)

    def bytes(self) -> bytes:
        return self.buffer.getvalue()


def shop(day: str = "2026-01-02") -> Archive:
    archive = Archive()
    archive.response("/", HOME, date=f"{day}T10:00:00Z")
    archive.response("/old.css", b"", status="301 Moved", headers=[("Location", "/s.css")], date=f"{day}T10:00:01Z")
    # two captures of the sheet: the page reads the one closest in time to its own
    archive.response("/s.css", ".b{display:none}", "text/css", date="2025-01-01T00:00:00Z")
    original = archive.response("/s.css", ".a{display:none}", "text/css", date=f"{day}T10:00:02Z")
    archive.revisit("/again.css", original, f"{day}T10:00:03Z")  # same payload as s.css: .a hidden again
    archive.response(
        "/cart", "<p>caf\xe9</p>".encode("latin-1"), "text/html; charset=iso-8859-1", date=f"{day}T10:00:04Z"
    )
    return archive


def test_a_pages_stylesheets_and_frames_come_from_its_archive(tmp_path):
    path = tmp_path / "shop.warc.gz"
    path.write_bytes(shop().bytes())
    doc = Document.from_archive(path, SITE + "/")
    assert doc.not_loaded == []
    # the redirect is followed, the closest capture wins (.a hidden, .b shown), the revisit resolved
    assert (
        doc.aria_snapshot() == '- main:\n  - heading "Shop" [level=1]\n  - paragraph: b\n  - paragraph: c\n  - iframe'
    )
    assert doc.frames()[0].document.aria_snapshot() == "- paragraph: café"  # the record's charset


def test_a_page_not_in_the_archive_and_a_choice_of_pages(tmp_path):
    path = tmp_path / "shop.warc.gz"
    path.write_bytes(shop().bytes())
    with pytest.raises(SourceError, match="holds 2 pages; name one with --page URL"):
        Document.from_archive(path)
    with pytest.raises(SourceError, match="the page https://shop.example/nowhere: not in the archive"):
        Document.from_archive(path, SITE + "/nowhere")


def test_a_truncated_stylesheet_record_is_refused_whole(tmp_path):
    archive = Archive()
    archive.response("/", "<link rel=stylesheet href=/s.css><p class=a>a</p><p>b</p>")
    cut_at = len(archive.bytes())
    archive.response("/s.css", ".a{display:none}/* %s */" % secrets.token_hex(4000), "text/css")  # barely compresses
    path = tmp_path / "cut.warc.gz"
    path.write_bytes(archive.bytes()[: cut_at + (len(archive.bytes()) - cut_at) * 4 // 5])  # cut in its payload
    doc = Document.from_archive(path, SITE + "/")
    assert doc.aria_snapshot() == "- paragraph: a\n- paragraph: b"
    assert doc.not_loaded == [
        "stylesheet '/s.css' not loaded: its archive record is cut short (not applied: it would be a different half)"
    ]


def wacz(tmp_path, archive: Archive, pages: list[dict], extra: dict | None = None):
    path = tmp_path / "shop.wacz"
    with zipfile.ZipFile(path, "w") as package:
        package.writestr("archive/data.warc.gz", archive.bytes(), zipfile.ZIP_STORED)
        lines = [json.dumps({"format": "json-pages-1.0", "id": "pages"})] + [json.dumps(p) for p in pages]
        package.writestr("pages/pages.jsonl", "\n".join(lines) + "\n")
        for name, data in (extra or {}).items():
            package.writestr(name, data, zipfile.ZIP_DEFLATED)
    return path


def batch_lines(path) -> list[dict]:
    """The lines of ``axsynth batch ARCHIVE --format aria``."""
    result = subprocess.run(
        [sys.executable, "-m", "axsynth", "batch", str(path), "--format", "aria", "-o", "-"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    return [json.loads(line) for line in result.stdout.split("\n")[:-1]]


def test_a_wacz_lists_its_pages_and_brings_their_resources(tmp_path):
    path = wacz(tmp_path, shop(), [{"url": SITE + "/", "ts": "2026-01-02T10:00:00Z", "title": "Home"}])
    doc = Document.from_archive(path)  # one page listed: no URL needed
    assert "paragraph: b" in doc.aria_snapshot() and "paragraph: a" not in doc.aria_snapshot()
    lines = batch_lines(path)
    assert [(line["url"], line["ok"], line["offset"]) for line in lines] == [(SITE + "/", True, 0)]
    assert lines[0]["aria"] == doc.aria_snapshot()


def test_a_wacz_zip_bomb_is_refused_without_inflating_it(tmp_path):
    bomb = b"\0" * 101_000_000  # deflates to ~100 KB: over 20x and over 100 MB
    path = wacz(tmp_path, shop(), [{"url": SITE + "/"}], {"archive/bomb.warc": bomb})
    started = time.monotonic()
    doc = Document.from_archive(path, SITE + "/")
    assert "paragraph: b" in doc.aria_snapshot()
    assert time.monotonic() - started < 10
    from axsynth.sources.archive import archive_index

    assert any("refused as a zip bomb" in note for note in archive_index(path).notes)


def test_batch_reads_each_warc_pages_stylesheets_and_skips_redirects(tmp_path):
    path = tmp_path / "shop.warc.gz"
    path.write_bytes(shop().bytes())
    lines = batch_lines(path)
    assert [(line["url"], line["ok"]) for line in lines] == [(SITE + "/", True), (SITE + "/cart", True)]
    assert lines[0]["aria"] == Document.from_archive(path, SITE + "/").aria_snapshot()


def test_snapshot_and_audit_take_page(tmp_path):
    path = tmp_path / "shop.warc.gz"
    path.write_bytes(shop().bytes())
    snap = subprocess.run(
        [sys.executable, "-m", "axsynth", "snapshot", str(path), "--page", SITE + "/cart", "--format", "aria"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (snap.returncode, snap.stdout) == (0, "- paragraph: café\n")
    audit = subprocess.run(
        [sys.executable, "-m", "axsynth", "audit", str(path), "--page", SITE + "/", "--format", "json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert json.loads(audit.stdout)["url"] == SITE + "/"
