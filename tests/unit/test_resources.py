"""How a page's stylesheets and frames are found (axsynth.html.resources): file pages,
roots, site builds, stdin's --base-dir; and the bad input of issue 25 (cycles, huge
sheets, symbolic link loops, FIFOs and devices, escapes from the root), each a note
and a correct tree, never a hang or a read outside the root."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from axsynth import Document
from axsynth.agents.service import Service
from axsynth.conformance import FIXTURE_ORIGIN
from axsynth.html import resources

ROOT = Path(__file__).parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
GOLDENS = ROOT / "tests" / "goldens"
HIDE = ".hide { display: none }"
PAGE = '<link rel=stylesheet href="{href}"><p class=hide>Hidden</p><p>Shown</p>'


@pytest.fixture(autouse=True)
def never_hangs():
    """Every case here ends in seconds: a blocking read (a FIFO, /dev/zero) fails the test."""
    signal.signal(signal.SIGALRM, lambda *_: pytest.fail("timed out: a read blocked or never ended"))
    signal.alarm(60)
    yield
    signal.alarm(0)


def hidden(doc: Document) -> bool:
    """Whether the page's stylesheet applied (it hides the first paragraph)."""
    return "Hidden" not in doc.aria_snapshot()


def page(folder: Path, href: str, name: str = "page.html") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(PAGE.format(href=href))
    return folder / name


# --- file pages ------------------------------------------------------------------------------


def test_a_file_page_applies_stylesheets_in_any_folder(tmp_path):
    (tmp_path / "css").mkdir()
    (tmp_path / "css" / "app.css").write_text(HIDE)
    doc = Document.from_file(page(tmp_path / "pages" / "sub", "../../css/app.css"))
    assert hidden(doc) and doc.not_loaded == []
    absolute = Document.from_file(page(tmp_path / "p2", (tmp_path / "css" / "app.css").as_uri()))
    assert hidden(absolute)


def test_the_issue_page_read_as_a_file_matches_chromium():
    # The same page Chromium was served over http (css-loading/sub/parent-folder), read
    # from its file: its file: URL reaches ../css/kbd.css too.
    doc = Document.from_file(FIXTURES / "css-loading" / "sub" / "parent-folder.html")
    golden = GOLDENS / "css-loading" / "sub" / "parent-folder.aria.txt"
    assert doc.aria_snapshot() + "\n" == golden.read_text(encoding="utf-8")
    assert doc.aria_snapshot() == "- paragraph: Press Tab , then Down Arrow ."


def test_base_href_moves_where_stylesheets_are_found(tmp_path):
    (tmp_path / "theme").mkdir()
    (tmp_path / "theme" / "app.css").write_text(HIDE)
    (tmp_path / "page.html").write_text('<base href="theme/">' + PAGE.format(href="app.css"))
    assert hidden(Document.from_file(tmp_path / "page.html"))


def test_a_root_relative_url_on_a_file_page_names_the_file_systems_root(tmp_path):
    doc = Document.from_file(page(tmp_path, "/no-such-dir/app.css"))
    assert not hidden(doc)
    assert doc.not_loaded == [
        "stylesheet '/no-such-dir/app.css' not loaded: missing (/no-such-dir/app.css); on a file: page "
        "a root-relative URL names the file system's root (give --site-root)"
    ]


def test_html_without_a_place_reads_no_file(tmp_path):
    (tmp_path / "app.css").write_text(HIDE)
    doc = Document.from_html(PAGE.format(href=(tmp_path / "app.css").as_uri()))
    assert not hidden(doc)
    assert doc.not_loaded == [
        f"stylesheet '{(tmp_path / 'app.css').as_uri()}' not loaded: no directory to read it from "
        "(give base_dir, or --base-dir on the command line)"
    ]


def test_data_url_stylesheets_apply():
    assert hidden(Document.from_html(PAGE.format(href="data:text/css,.hide%7Bdisplay:none%7D")))
    assert hidden(Document.from_html(PAGE.format(href="data:text/css;base64,LmhpZGV7ZGlzcGxheTpub25lfQ==")))


# --- a root confines untrusted input ---------------------------------------------------------


def test_a_root_refuses_escapes_through_dot_dot_and_symbolic_links(tmp_path):
    (tmp_path / "secret.css").write_text(HIDE)
    site = tmp_path / "site"
    site.mkdir()
    (site / "link.css").symlink_to(tmp_path / "secret.css")
    (site / "linkdir").symlink_to(tmp_path)
    for href in ("../secret.css", "sub/../../secret.css", "%2e%2e/secret.css", "link.css", "linkdir/secret.css"):
        doc = Document.from_file(page(site, href), root=site)
        assert not hidden(doc), href
        assert doc.not_loaded == [f"stylesheet '{href}' not loaded: outside the root {site}"], href
    inside = Document.from_file(page(site, "../site/ok.css"), root=site)
    assert inside.not_loaded == [f"stylesheet '../site/ok.css' not loaded: missing ({site / 'ok.css'})"]


def test_a_root_confines_imports_and_frames_alike(tmp_path):
    (tmp_path / "secret.css").write_text(HIDE)
    (tmp_path / "secret.html").write_text("<button>Secret</button>")
    site = tmp_path / "site"
    site.mkdir()
    (site / "app.css").write_text('@import "../secret.css";')
    (site / "page.html").write_text(PAGE.format(href="app.css") + '<iframe src="../secret.html"></iframe>')
    doc = Document.from_file(site / "page.html", root=site)
    assert not hidden(doc) and "Secret" not in doc.aria_snapshot()
    assert doc.not_loaded == [
        f"stylesheet '../secret.css' not loaded: outside the root {site} (@import in {(site / 'app.css').as_uri()})",
        f"frame '../secret.html' not loaded: outside the root {site}",
    ]


def test_the_mcp_server_reads_under_its_root_only(tmp_path):
    (tmp_path / "secret.css").write_text(HIDE)
    root = tmp_path / "root"
    page(root, "../secret.css")
    page(root, "ok.css", "ok.html")
    (root / "ok.css").write_text(HIDE)
    service = Service(root)
    assert "Hidden" in service.snapshot(path="page.html", format="aria")["text"]
    assert "Hidden" not in service.snapshot(path="ok.html", format="aria")["text"]


def test_snapshot_and_batch_take_a_root(tmp_path):
    (tmp_path / "secret.css").write_text(HIDE)
    file = page(tmp_path / "site", "../secret.css")
    env = {"PYTHONPATH": str(ROOT), "PATH": os.environ["PATH"]}
    cli = [sys.executable, "-m", "axsynth"]
    confined = subprocess.run(
        [*cli, "snapshot", str(file), "--format", "aria", "--root", str(tmp_path / "site")],
        capture_output=True,
        env=env,
    )
    assert confined.stdout.decode() == "- paragraph: Hidden\n- paragraph: Shown\n"
    assert "outside the root" in confined.stderr.decode()
    unconfined = subprocess.run([*cli, "snapshot", str(file), "--format", "aria"], capture_output=True, env=env)
    assert unconfined.stdout.decode() == "- paragraph: Shown\n"
    out = tmp_path / "out.jsonl"
    batch = [*cli, "batch", str(file), "--format", "aria", "--out", str(out), "--jobs", "1"]
    subprocess.run([*batch, "--root", str(tmp_path / "site")], capture_output=True, env=env, check=True)
    assert '"aria": "- paragraph: Hidden' in out.read_text()
    bad_root = subprocess.run([*batch, "--root", str(tmp_path / "nope")], capture_output=True, env=env)
    assert bad_root.returncode == 1 and b"--root" in bad_root.stderr and b"not a directory" in bad_root.stderr


# --- site builds -----------------------------------------------------------------------------


@pytest.fixture
def site(tmp_path):
    root = tmp_path / "build"
    (root / "css").mkdir(parents=True)
    (root / "docs" / "guide").mkdir(parents=True)
    (root / "css" / "app.css").write_text(HIDE)
    (root / "docs" / "frame").mkdir()
    (root / "docs" / "frame" / "index.html").write_text("<title>Frame</title><button>In frame</button>")
    return root


@pytest.mark.parametrize(
    "href",
    ["/css/app.css", "../../css/app.css", "https://site.example/css/app.css", "//site.example/css/app.css"],
)
def test_a_site_build_maps_same_origin_urls_to_its_files(site, href):
    html = PAGE.format(href=href)
    doc = Document.from_html(html, url="https://site.example/docs/guide/", site_root=site)
    assert hidden(doc) and doc.not_loaded == []


def test_a_site_build_reads_nothing_else(site, tmp_path):
    (tmp_path / "secret.css").write_text(HIDE)
    url = "https://site.example/docs/"
    cases = {
        "https://cdn.example/app.css": "remote (axsynth reads no network)",
        "/../secret.css": f"missing ({site / 'secret.css'})",  # dot segments stop at the URL's root
        "/%2e%2e/secret.css": f"missing ({site / 'secret.css'})",
        "/css/%2E%2E%2F..%2Fsecret.css": f"outside the site root {site}",  # an escaped slash is no segment
        (tmp_path / "secret.css").as_uri(): "a file: URL in a web page (Chromium does not load it)",
    }
    for href, reason in cases.items():
        doc = Document.from_html(PAGE.format(href=href), url=url, site_root=site)
        assert not hidden(doc) and doc.not_loaded == [f"stylesheet {href!r} not loaded: {reason}"], href
    (site / "css" / "out.css").symlink_to(tmp_path / "secret.css")
    linked = Document.from_html(PAGE.format(href="/css/out.css"), url=url, site_root=site)
    assert linked.not_loaded == [f"stylesheet '/css/out.css' not loaded: outside the site root {site}"]


def test_a_site_url_below_the_origin(site):
    # The corpus helper's call: the directory is served at a path of the origin.
    doc = Document.from_html(
        PAGE.format(href="/NAME/css/app.css") + PAGE.format(href="/other/app.css"),
        url="http://realweb.test/NAME/docs/page.html",
        site_root=site,
        site_url="http://realweb.test/NAME/",
    )
    assert doc.not_loaded == ["stylesheet '/other/app.css' not loaded: outside the site URL http://realweb.test/NAME/"]
    assert doc.aria_snapshot() == "- paragraph: Shown\n- paragraph: Shown"  # the first sheet hides both "Hidden"


def test_a_site_frame_named_by_a_directory_gets_its_index(site):
    doc = Document.from_html("<iframe src=frame/></iframe>", url="https://site.example/docs/", site_root=site)
    [frame] = doc.frames()
    assert frame.document.url == "https://site.example/docs/frame/" and frame.document.title == "Frame"


def test_site_root_needs_a_url(site):
    with pytest.raises(ValueError, match="site_root needs the page's URL"):
        Document.from_html("<p>x</p>", site_root=site)
    with pytest.raises(NotADirectoryError):
        Document.from_html("<p>x</p>", url="https://site.example/", site_root=site / "missing")


def test_the_command_line_serves_a_site_as_chromium_was():
    fixture = FIXTURES / "css-loading" / "root-relative.html"
    env = {"PYTHONPATH": str(ROOT), "PATH": os.environ["PATH"]}
    url = FIXTURE_ORIGIN + "css-loading/root-relative.html"
    args = [sys.executable, "-m", "axsynth", "snapshot", str(fixture), "--format", "aria", "--url", url]
    served = subprocess.run([*args, "--site-root", str(FIXTURES)], capture_output=True, env=env)
    golden = (GOLDENS / "css-loading" / "root-relative.aria.txt").read_text(encoding="utf-8")
    assert served.stdout.decode() == golden and served.stderr == b""
    # Without --site-root a web page read from a file reads its own directory only.
    sub = FIXTURES / "css-loading" / "sub" / "parent-folder.html"
    alone_args = [
        *args[:4],
        str(sub),
        "--format",
        "aria",
        "--url",
        FIXTURE_ORIGIN + "css-loading/sub/parent-folder.html",
    ]
    alone = subprocess.run(alone_args, capture_output=True, env=env)
    assert alone.stdout == b"- paragraph: Press Tab, then Down Arrow.\n"
    assert alone.stderr.decode() == (
        "axsynth: note: stylesheet '../css/kbd.css' not loaded: outside the page's directory "
        "(give site_root, or --site-root, to read the site's files)\n"
    )
    served_sub = subprocess.run([*alone_args, "--site-root", str(FIXTURES)], capture_output=True, env=env)
    assert served_sub.stdout == b"- paragraph: Press Tab , then Down Arrow .\n"
    no_url = subprocess.run([*args[:-2], "--site-root", str(FIXTURES)], capture_output=True, env=env)
    assert no_url.returncode == 2 and b"--site-root needs --url" in no_url.stderr


# --- bad input ---------------------------------------------------------------------------------


def test_an_import_cycle_is_applied_once_and_noted(tmp_path):
    (tmp_path / "a.css").write_text('@import "b.css"; .a { display: none }')
    (tmp_path / "b.css").write_text('@import "a.css"; .b { display: none }')
    (tmp_path / "page.html").write_text("<link rel=stylesheet href=a.css><p class=a>A</p><p class=b>B</p><p>C</p>")
    doc = Document.from_file(tmp_path / "page.html")
    assert doc.aria_snapshot() == "- paragraph: C"
    assert len(doc.not_loaded) == 1 and "an @import cycle" in doc.not_loaded[0]


def test_a_50_mb_stylesheet_is_refused_at_once(tmp_path):
    huge = tmp_path / "huge.css"
    with huge.open("wb") as fp:  # sparse: 50 MB long, no disk used
        fp.truncate(50_000_000)
    started = time.monotonic()
    doc = Document.from_file(page(tmp_path, "huge.css"))
    assert time.monotonic() - started < 10 and not hidden(doc)
    assert doc.not_loaded == [
        f"stylesheet 'huge.css' not loaded: 50,000,000 bytes, over the limit of {resources.MAX_STYLESHEET_BYTES:,}"
    ]


def test_the_stylesheets_of_a_page_share_a_budget(tmp_path, monkeypatch):
    monkeypatch.setattr(resources, "MAX_DOCUMENT_CSS_BYTES", 30)
    (tmp_path / "a.css").write_text(".a { display: none }")
    (tmp_path / "b.css").write_text(".b { display: none }")
    (tmp_path / "page.html").write_text("<link rel=stylesheet href=a.css><link rel=stylesheet href=b.css><p>x</p>")
    assert Document.from_file(tmp_path / "page.html").not_loaded == [
        "stylesheet 'b.css' not loaded: the page's stylesheets would pass 30 bytes (the limit)"
    ]


def test_a_symbolic_link_loop_is_a_note(tmp_path):
    (tmp_path / "loop.css").symlink_to(tmp_path / "loop.css")
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    for href in ("loop.css", "a/x.css"):
        doc = Document.from_file(page(tmp_path, href))
        assert not hidden(doc)
        [note] = doc.not_loaded
        assert note.startswith(f"stylesheet '{href}' not loaded: unreadable (Too many levels of symbolic links"), note


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_devices_fifos_and_directories_are_refused_without_a_read(tmp_path):
    os.mkfifo(tmp_path / "pipe.css")  # nobody writes: opening it for a blocking read would hang
    (tmp_path / "dir.css").mkdir()
    (tmp_path / "app.css").write_text('@import "/dev/zero"; @import "pipe.css"; .hide { display: none }')
    doc = Document.from_file(page(tmp_path, "app.css"))
    sheet = (tmp_path / "app.css").as_uri()
    assert hidden(doc)
    assert doc.not_loaded == [
        f"stylesheet '/dev/zero' not loaded: not a regular file (/dev/zero) (@import in {sheet})",
        f"stylesheet 'pipe.css' not loaded: not a regular file ({tmp_path / 'pipe.css'}) (@import in {sheet})",
    ]
    for href in ("/dev/zero", "pipe.css", "dir.css", "/dev/stdin"):
        linked = Document.from_file(page(tmp_path, href))
        assert "not a regular file" in linked.not_loaded[0], href
    (tmp_path / "frames.html").write_text("<iframe src=pipe.css></iframe><iframe src=/dev/zero></iframe>")
    frames = Document.from_file(tmp_path / "frames.html").frames()
    assert [f.reason.split(" (")[0] for f in frames] == ["not a regular file"] * 2


def test_a_file_that_grows_past_the_limit_while_read_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(resources, "MAX_STYLESHEET_BYTES", 10)
    (tmp_path / "app.css").write_text(HIDE)  # 24 bytes: over the limit
    with pytest.raises(resources.NotLoaded, match="over the limit"):
        resources.read_regular_file(tmp_path / "app.css", 10)


def test_import_chains_are_bounded_in_depth_and_count(tmp_path):
    for n in range(30):
        (tmp_path / f"s{n}.css").write_text(f'@import "s{n + 1}.css"; .s{n} {{ display: none }}')
    (tmp_path / "s30.css").write_text(".s30 { display: none }")
    doc = Document.from_file(page(tmp_path, "s0.css"))
    assert [n.split(": ", 1)[1].split(" (@import")[0] for n in doc.not_loaded] == [
        f"@import nested deeper than {resources.MAX_IMPORT_DEPTH} sheets"
    ]
    for n in range(12):  # each sheet imports the next twice: 4,094 @imports without a bound
        (tmp_path / f"t{n}.css").write_text(f'@import "t{n + 1}.css"; @import "t{n + 1}.css";')
    (tmp_path / "t12.css").write_text(".t { display: none }")
    started = time.monotonic()
    wide = Document.from_file(page(tmp_path, "t0.css"))
    assert time.monotonic() - started < 30
    assert any(f"more than {resources.MAX_IMPORTS} @import rules" in note for note in wide.not_loaded)


def test_stdin_keeps_base_dir(tmp_path):
    (tmp_path / "css").mkdir()
    (tmp_path / "css" / "app.css").write_text(HIDE)
    env = {"PYTHONPATH": str(ROOT), "PATH": os.environ["PATH"]}
    html = PAGE.format(href="css/app.css").encode()
    args = [sys.executable, "-m", "axsynth", "snapshot", "-", "--format", "aria", "--base-dir", str(tmp_path)]
    result = subprocess.run(args, input=html, capture_output=True, env=env)
    assert result.stdout == b"- paragraph: Shown\n" and result.stderr == b""
    confined = subprocess.run([*args, "--root", str(tmp_path / "css")], input=html, capture_output=True, env=env)
    assert confined.stdout == b"- paragraph: Shown\n"  # css/app.css is under the root
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    refused = subprocess.run([*args, "--root", str(elsewhere)], input=html, capture_output=True, env=env)
    assert b"outside the root" in refused.stderr and b"Hidden" in refused.stdout
