"""HTTP(S) pages: fetched with their stylesheets and frames from a real local server, with
every bound the README states (redirects, deadlines, size caps, decoding, charsets)."""

from __future__ import annotations

import gzip
import subprocess
import sys
import time

import pytest

from axsynth import Document
from axsynth.agents.service import Service, ToolFailure
from axsynth.sources import SourceError, load
from axsynth.sources.http import MAX_REDIRECTS, Client, load_url

from .local_http import LocalServer, css, html, redirect

PAGE = (
    "<title>Shop</title><link rel=stylesheet href=/s.css>"
    "<main><h1>Shop</h1><p class=secret>hidden</p><iframe title=Cart src=/frame></iframe></main>"
)
FRAME = "<link rel=stylesheet href=s.css><p class=secret>no</p><button>Pay</button>"


@pytest.fixture
def server():
    running = LocalServer().start()
    yield running
    running.stop()


def test_a_page_its_stylesheet_and_its_frame_over_http(server):
    server.routes.update({"/": html(PAGE), "/s.css": css(".secret { display: none }"), "/frame": html(FRAME)})
    doc = Document.from_url(server.url("/"))
    assert doc.url == server.url("/") and doc.not_loaded == []
    assert doc.aria_snapshot() == '- main:\n  - heading "Shop" [level=1]\n  - iframe'
    assert doc.frame(doc.frames()[0].frame_id).aria_snapshot() == '- button "Pay"'
    agents = {r.headers.get("user-agent", "") for r in server.requests}
    assert all(agent.startswith("axsynth/") for agent in agents)


def test_a_redirected_page_is_at_its_final_url(server):
    server.routes.update({"/old": redirect("/new", 301), "/new": html("<a href=next>next</a>")})
    doc = Document.from_url(server.url("/old"))
    assert doc.url == server.url("/new")
    assert doc.aria_snapshot() == '- link "next":\n  - /url: next'
    assert server.url("/next") in doc.devtools_snapshot()


def test_a_redirect_loop_and_an_endless_redirect_are_errors_within_the_redirect_bound(server):
    server.routes.update({"/a": redirect("/b"), "/b": redirect("/a")})
    with pytest.raises(SourceError, match="redirect loop"):
        Document.from_url(server.url("/a"))
    for n in range(100):
        server.routes[f"/r{n}"] = redirect(f"/r{n + 1}")
    before = len(server.requests)
    with pytest.raises(SourceError, match=f"more than {MAX_REDIRECTS} redirects"):
        Document.from_url(server.url("/r0"))
    assert len(server.requests) - before == MAX_REDIRECTS + 1


def test_a_redirect_to_a_file_url_is_never_followed(server):
    server.routes.update(
        {
            "/": redirect("file:///etc/passwd"),
            "/page": html("<link rel=stylesheet href=/evil.css><p>x</p>"),
            "/evil.css": redirect("file:///etc/passwd"),
        }
    )
    with pytest.raises(SourceError, match=r"file:///etc/passwd \(only http: and https: are followed\)"):
        Document.from_url(server.url("/"))
    doc = Document.from_url(server.url("/page"))
    assert doc.not_loaded == [
        "stylesheet '/evil.css' not loaded: redirected to file:///etc/passwd (only http: and https: are followed)"
    ]


def test_gzip_brotli_and_the_charset_of_the_headers(server):
    brotli = pytest.importorskip("brotli")
    page = "<title>Привет</title><link rel=stylesheet href=/s.css><p class=x>Мир</p><p>ok</p>".encode("windows-1251")
    server.routes.update(
        {
            "/": (
                200,
                {"Content-Type": "text/html; charset=windows-1251", "Content-Encoding": "gzip"},
                gzip.compress(page),
            ),
            "/s.css": (
                200,
                {"Content-Type": "text/css", "Content-Encoding": "br"},
                brotli.compress(b".x{display:none}"),
            ),
        }
    )
    doc = Document.from_url(server.url("/"))
    assert doc.title == "Привет" and doc.aria_snapshot() == "- paragraph: ok"
    assert "br" in server.requests[0].headers["accept-encoding"]


def test_a_stylesheet_with_an_http_error_or_another_type_is_not_applied(server):
    server.routes.update(
        {
            "/": html("<link rel=stylesheet href=/missing.css><link rel=stylesheet href=/page.css><p class=x>x</p>"),
            "/page.css": (200, {"Content-Type": "text/html"}, b".x{display:none}"),
        }
    )
    doc = Document.from_url(server.url("/"))
    assert doc.aria_snapshot() == "- paragraph: x"
    assert doc.not_loaded == [
        "stylesheet '/missing.css' not loaded: HTTP 404",
        "stylesheet '/page.css' not loaded: served as text/html, not text/css (Chromium does not apply it)",
    ]


def test_a_5_gb_response_is_refused_by_its_declared_length_without_reading_it(server):
    def huge(handler):
        handler.send_response(200)
        handler.send_header("Content-Type", "text/html")
        handler.send_header("Content-Length", str(5 * 10**9))
        handler.end_headers()
        handler.wfile.write(b"<p>" * 1000)  # and never the rest

    server.routes["/"] = huge
    started = time.monotonic()
    with pytest.raises(SourceError, match="5,000,000,000 bytes declared, over the limit of 20,000,000"):
        Document.from_url(server.url("/"))
    assert time.monotonic() - started < 5


def test_an_undeclared_response_stops_at_the_size_cap(server):
    def endless(handler):
        handler.send_response(200)
        handler.send_header("Content-Type", "text/html")
        handler.send_header("Connection", "close")
        handler.end_headers()
        for _ in range(10_000):  # 20 MB unless the client hangs up first
            handler.wfile.write(b"<p>x</p>" * 256)

    server.routes["/"] = endless
    with pytest.raises(SourceError, match="over the limit of 100,000 bytes"):
        Document.from_url(server.url("/"), max_bytes=100_000)


@pytest.mark.parametrize("when", ["headers", "body"])
def test_a_server_that_trickles_a_byte_a_second_is_cut_off_at_the_deadline(server, when):
    def trickle(handler):
        if when == "body":
            handler.send_response(200)
            handler.send_header("Content-Type", "text/html")
            handler.end_headers()
            handler.wfile.flush()
        text = b"HTTP/1.1 200 OK\r\nX-Slow: " + b"a" * 100 if when == "headers" else b"<p>" * 100
        for byte in text:
            handler.wfile.write(bytes([byte]))
            handler.wfile.flush()
            time.sleep(0.2)

    server.routes["/"] = trickle
    client = Client(deadline=1.0)
    started = time.monotonic()
    with pytest.raises(SourceError, match="no complete answer within 1 s"):
        load_url(server.url("/"), client=client)
    assert time.monotonic() - started < 3


def test_stylesheets_and_frames_are_fetched_in_parallel_and_cached_for_the_next_page(server):
    sheets = "".join(f"<link rel=stylesheet href=/s{n}.css>" for n in range(6))
    server.routes.update({f"/s{n}.css": css(f".c{n}{{color:red}}") for n in range(6)})
    server.routes.update({"/a": html(sheets + "<p>a</p>"), "/b": html(sheets + "<p>b</p>")})
    client = Client()
    server.delay = 0.3
    started = time.monotonic()
    Document.from_source(load_url(server.url("/a"), client=client))
    assert time.monotonic() - started < 6 * 0.3 and server.most_active >= 3
    Document.from_source(load_url(server.url("/b"), client=client))
    assert sorted(server.paths()) == sorted(["/a", "/b"] + [f"/s{n}.css" for n in range(6)])


def test_no_network_unless_allowed(server, tmp_path):
    server.routes["/"] = html("<p>x</p>")
    with pytest.raises(SourceError, match="fetching from the network is not allowed here"):
        load(server.url("/"))
    with pytest.raises(ToolFailure, match="network_not_allowed.*--allow-network"):
        Service(tmp_path).snapshot(path=server.url("/"))
    assert server.requests == []
    assert "paragraph" in Service(tmp_path, allow_network=True).snapshot(path=server.url("/"), format="aria")["text"]


def test_the_snapshot_command_takes_a_url(server):
    server.routes.update({"/": html(PAGE), "/s.css": css(".secret { display: none }"), "/frame": html(FRAME)})
    result = subprocess.run(
        [sys.executable, "-m", "axsynth", "snapshot", server.url("/"), "--format", "aria"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (result.returncode, result.stdout, result.stderr) == (
        0,
        '- main:\n  - heading "Shop" [level=1]\n  - iframe\n',
        "",
    )


def test_an_unreachable_url_is_one_line(server):
    result = subprocess.run(
        [sys.executable, "-m", "axsynth", "snapshot", "http://127.0.0.1:9/", "--format", "aria"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1 and result.stdout == ""
    assert (
        result.stderr.startswith("axsynth: http://127.0.0.1:9/: cannot fetch it (") and result.stderr.count("\n") == 1
    )
