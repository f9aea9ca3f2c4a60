"""``axsynth batch`` over web archives, built here with warcio (no third-party pages)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("warcio")
from warcio.statusandheaders import StatusAndHeaders  # noqa: E402
from warcio.warcwriter import WARCWriter  # noqa: E402

from axsynth.batch import snapshot_many  # noqa: E402


def write_warc(path: Path, records: list[tuple[str, str, str | None, bytes]], gzip: bool = True) -> list[int]:
    """(type, uri, Content-Type, payload) records; their offsets."""
    offsets = []
    with open(path, "wb") as out:
        writer = WARCWriter(out, gzip=gzip)
        for rec_type, uri, content_type, payload in records:
            headers = None
            if rec_type in ("response", "request"):
                first = "GET / HTTP/1.1" if rec_type == "request" else "200 OK"
                headers = StatusAndHeaders(
                    first,
                    [("Content-Type", content_type)] if content_type else [],
                    protocol="HTTP/1.1",
                    is_http_request=rec_type == "request",
                )
            offsets.append(out.tell())
            writer.write_record(
                writer.create_warc_record(uri, rec_type, payload=io.BytesIO(payload), http_headers=headers)
            )
    return offsets


def page(i: int) -> bytes:
    # A <meta charset=utf-8> that the HTTP charset overrides, as in a browser.
    return f"<meta charset=utf-8><title>Café {i}</title><main><h1>Page {i}</h1></main>".encode("windows-1252")


SITE = [
    ("request", "https://shop.example/p0", None, b""),
    ("response", "https://shop.example/p0", "text/html; charset=windows-1252", page(0)),
    ("response", "https://shop.example/logo.png", "image/png", b"\x89PNG\r\n\x1a\n"),
    ("response", "https://shop.example/p1", 'text/html; charset="Windows-1252"', page(1)),
    ("response", "https://shop.example/style.css", "text/css", b"p{}"),
    ("response", "https://shop.example/p2", "text/html; charset=windows-1252", page(2)),
]


def root_name(line: dict) -> str:
    return json.loads(line["cdp"])["nodes"][0]["name"]["value"]


@pytest.mark.parametrize("gzip", [True, False])
def test_html_responses_are_pages_with_their_uri_and_http_charset(tmp_path, gzip):
    archive = tmp_path / ("site.warc.gz" if gzip else "site.warc")
    offsets = write_warc(archive, SITE, gzip)
    lines = list(snapshot_many([str(archive)], formats=("cdp", "aria"), jobs=2))
    assert [(line["url"], line["offset"]) for line in lines] == [
        ("https://shop.example/p0", offsets[1]),
        ("https://shop.example/p1", offsets[3]),
        ("https://shop.example/p2", offsets[5]),
    ]
    assert [root_name(line) for line in lines] == ["Café 0", "Café 1", "Café 2"]  # not U+FFFD: windows-1252 won
    assert all(line["source"] == str(archive) and line["record_id"].startswith("<urn:uuid:") for line in lines)


def test_non_html_records_are_skipped_and_counted(tmp_path):
    archive = tmp_path / "site.warc.gz"
    write_warc(archive, SITE)
    result = subprocess.run(
        [sys.executable, "-m", "axsynth", "batch", str(archive), "--format", "aria", "-o", "-"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) == 3
    assert "3 pages, 3 ok, 0 errors, 2 non-HTML records skipped" in result.stderr


def test_a_truncated_archive_keeps_the_records_before_the_cut(tmp_path):
    archive = tmp_path / "site.warc.gz"
    offsets = write_warc(archive, SITE)
    cut = tmp_path / "cut.warc.gz"
    cut.write_bytes(archive.read_bytes()[: offsets[5] + 80])  # inside the last page's gzip member
    lines = list(snapshot_many([str(cut)], formats=("aria",), jobs=1))
    assert [line["ok"] for line in lines] == [True, True, False]
    assert lines[2]["error"] == (
        f"{cut}: the archive is cut short or damaged at byte {offsets[5]:,} of "
        f"{offsets[5] + 80:,}; the records before it were read"
    )
    assert lines[2]["url"] is None


def test_an_archive_in_a_directory_is_read_with_the_html_files(tmp_path):
    write_warc(tmp_path / "crawl.warc.gz", SITE[:2])
    (tmp_path / "z.html").write_text("<p>file")
    lines = list(snapshot_many([str(tmp_path)], formats=("aria",)))
    assert [line["url"] for line in lines] == ["https://shop.example/p0", (tmp_path / "z.html").as_uri()]


def test_resume_of_an_archive_does_only_the_records_not_yet_written(tmp_path):
    archive, out = tmp_path / "site.warc.gz", tmp_path / "out.jsonl"
    write_warc(archive, SITE)
    command = [sys.executable, "-m", "axsynth", "batch", str(archive), "--format", "aria", "-o", str(out)]
    assert subprocess.run(command, capture_output=True).returncode == 0
    whole = out.read_text().splitlines(keepends=True)
    out.write_text(whole[0] + whole[1][:40])  # one line, and half of the next
    resumed = subprocess.run([*command, "--resume"], capture_output=True, text=True)
    assert "2 pages, 2 ok, 0 errors, 2 non-HTML records skipped, 1 already in the output" in resumed.stderr
    strip = [{k: v for k, v in json.loads(line).items() if k not in ("wall_s", "cpu_s")} for line in whole]
    assert [
        {k: v for k, v in json.loads(line).items() if k not in ("wall_s", "cpu_s")}
        for line in out.read_text().splitlines()
    ] == strip
