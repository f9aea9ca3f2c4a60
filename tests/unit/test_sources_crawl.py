"""``axsynth batch --crawl``: a site's pages from a real local server, breadth-first, as
robots.txt allows, each once, written as batch writes the same URLs; and its bounds."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from axsynth.sources import crawl
from axsynth.sources.crawl import WAIT, Frontier

from .local_http import LocalServer, html, redirect


@pytest.fixture
def server():
    running = LocalServer().start()
    yield running
    running.stop()


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "axsynth", *args], capture_output=True, text=True, timeout=120)


def lines_of(path) -> list[dict]:
    lines = [json.loads(line) for line in path.read_text().split("\n")[:-1]]
    for line in lines:
        line.pop("wall_s"), line.pop("cpu_s")
    return lines


def site(server: LocalServer) -> None:
    server.routes.update(
        {
            "/": html("<a href=/a>A</a> <a href=/b#top>B</a> <a href=/private/x>P</a> <a href=/old>old</a>"),
            "/a": html("<h1>A</h1><a href=/>home</a><a href=/b>B again</a><a href='https://other.example/'>away</a>"),
            "/b": html("<h1>B</h1><a href=/c>C</a><a href=/logo.png>logo</a><a href='http://[bad/'>bad</a>"),
            "/c": html("<h1>C</h1><button></button>"),
            "/old": redirect("/c"),  # reached again through a redirect: written once
            "/orphan": html("<h1>Only in the sitemap</h1>"),
            "/private/x": html("<h1>kept out</h1>"),
            "/robots.txt": (200, {"Content-Type": "text/plain"}, b"User-agent: *\nDisallow: /private/\n"),
            "/sitemap.xml": (
                200,
                {"Content-Type": "application/xml"},
                b"<urlset><url><loc>%s</loc></url></urlset>" % server.url("/orphan").encode(),
            ),
        }
    )


def test_a_crawl_finds_every_linked_page_once_and_writes_what_batch_writes(server, tmp_path):
    site(server)
    result = run("batch", "--crawl", server.url("/"), "--format", "aria", "--stats", "--out", str(tmp_path / "c.jsonl"))
    assert result.returncode == 0, result.stderr
    crawled = lines_of(tmp_path / "c.jsonl")
    # breadth-first, the sitemap's pages after the start; /old is written at its final URL, /c not again
    assert [line["url"] for line in crawled] == [server.url(p) for p in ("/", "/orphan", "/a", "/b", "/c")]
    urls = [line["source"] for line in crawled]
    assert urls[-1] == server.url("/old")
    assert "/private/x" not in server.paths() and "/logo.png" not in server.paths()
    assert "1 kept out by robots.txt" in result.stderr and "1 reached again through redirects" in result.stderr
    again = run("batch", *urls, "--format", "aria", "--stats", "--out", str(tmp_path / "b.jsonl"))
    assert again.returncode == 0, again.stderr
    assert lines_of(tmp_path / "b.jsonl") == crawled


def test_a_50_mb_robots_txt_is_read_to_512_kib_only(server, tmp_path):
    def robots(handler):
        handler.send_response(200)
        handler.send_header("Content-Type", "text/plain")
        handler.send_header("Content-Length", str(50 * 2**20))
        handler.end_headers()
        line = b"Disallow: /nothing-here/\n" * 40
        for _ in range(50 * 2**20 // len(line)):
            handler.wfile.write(line)

    site(server)
    server.routes["/robots.txt"] = robots
    started = time.monotonic()
    result = run("batch", "--crawl", server.url("/"), "--max-pages", "2", "--out", str(tmp_path / "c.jsonl"))
    assert result.returncode == 0, result.stderr
    assert "robots.txt is over 524,288 bytes: only its first 524,288 are read" in result.stderr
    assert time.monotonic() - started < 30


def test_a_site_of_endless_urls_is_bounded_by_max_pages_and_the_urls_remembered(server, monkeypatch):
    monkeypatch.setattr(crawl, "MAX_KNOWN", 1_000)
    frontier = Frontier(server.url("/"), max_pages=50)
    for _ in range(50):
        url = frontier.next()
        assert url not in (None, WAIT)
        frontier.visited(
            url, [server.url(f"/p/{n}") for n in range(10_000 * frontier.issued, 10_000 * (frontier.issued + 1))]
        )
    assert frontier.next() is None
    assert len(frontier.known) == 1_000 and frontier.dropped == 50 * 10_000 - 999
    assert "not remembered (over 1,000 URLs)" in frontier.summary()


def test_crawl_options_are_checked(tmp_path):
    assert "--crawl takes no other input" in run("batch", "--crawl", "http://x.test/", "a.html", "-o", "-").stderr
    assert "not an http(s):// URL" in run("batch", "--crawl", "site/", "-o", "-").stderr
