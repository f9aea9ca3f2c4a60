"""Chromium's own MHTML and WARC of pages served over real HTTP, and the trees to hold
axsynth's sources against (issue 36).

For each page under a directory, served by a real loopback HTTP server (stdlib
``http.server`` in a thread; Chromium reaches it as ``http://fixtures.test/`` through
``--host-resolver-rules``, every other host fails at once), in a fresh tab with
JavaScript off, plain navigation (no request interception), after ``load``:

* ``NAME.live.cdp.json``: ``getFullAXTree`` of the live page, normalized as every golden;
* ``NAME.mhtml``: ``Page.captureSnapshot({format: "mhtml"})``, Chromium's own MHTML;
* ``NAME.warc.gz``: every response the server sent for that page (the page and each
  subresource Chromium fetched), written with warcio as the server sent it;
* ``NAME.opened.cdp.json``: ``getFullAXTree`` of that MHTML opened in Chromium (a
  ``file:`` URL in a fresh tab): what ``--archive-view`` is held against.

``compare`` then says how many pages axsynth gets CDP-exact from each source:
the MHTML and the WARC against the live page, ``--archive-view`` against the opened MHTML
(and, for scale, the page's own file against the live page).

    python3 tools/mhtml_capture.py capture tests/fixtures --out ~/.cache/axsynth-realweb/sources/fixtures
    python3 tools/mhtml_capture.py compare ~/.cache/axsynth-realweb/sources/fixtures

Needs Chromium (``/usr/bin/chromium``), Playwright and warcio (``pip install -e '.[test]'``).
"""

from __future__ import annotations

import argparse
import http.server
import io
import json
import mimetypes
import re
import sys
import threading
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from axsynth.conformance import dump_cdp, normalize_cdp  # noqa: E402
from axsynth.screenshot.browser import LAUNCH_ARGS, VIEWPORT  # noqa: E402

HOST = "fixtures.test"
#: Where an MHTML is opened from (its file: URL is the opened document's URL, in the golden):
#: one fixed folder, so that goldens carry no machine path and a test can open it alike.
OPENED_DIR = Path("/tmp/axsynth-mhtml")
ORIGIN = f"http://{HOST}/"
#: What Chromium's serializer drops (README: what cannot come back from an MHTML); a page
#: with any of them is not one "whose tree the serializer loses nothing of".
LOSSY = re.compile(r"<script|<noscript|\shidden[\s>=]|\ssrcset\s*=|\son[a-z]+\s*=|<template|<object|<embed", re.I)


class Recorder:
    """The responses of one page's load, as WARC records (warcio)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.buffer: io.BytesIO | None = None
        self.writer = None

    def start(self) -> None:
        from warcio.warcwriter import WARCWriter

        with self.lock:
            self.buffer = io.BytesIO()
            self.writer = WARCWriter(self.buffer, gzip=True)

    def record(self, url: str, status: str, headers: list[tuple[str, str]], body: bytes) -> None:
        from warcio.statusandheaders import StatusAndHeaders

        with self.lock:
            if self.writer is None:
                return
            http_headers = StatusAndHeaders(status, headers, protocol="HTTP/1.1")
            record = self.writer.create_warc_record(
                url, "response", payload=io.BytesIO(body), http_headers=http_headers
            )
            self.writer.write_record(record)

    def finish(self) -> bytes:
        with self.lock:
            data = self.buffer.getvalue() if self.buffer is not None else b""
            self.buffer = self.writer = None
        return data


#: A page's own <style> elements (not in a template: a shadow root's stay where they are).
_STYLE = re.compile(r"<style(\s[^>]*)?>(.*?)</style\s*>", re.I | re.S)
_MEDIA = re.compile(r"""\smedia\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)""", re.I)
STYLES_PREFIX = "/__styles/"


def linked_styles(page: str, path: str) -> tuple[str, list[str]]:
    """The page with each of its <style> elements turned into a linked stylesheet (an app
    page's CSS, in files the browser fetches), and the sheets, in order. A page with a
    <template> keeps its <style>s (one may be a shadow root's)."""
    if "<template" in page.lower():
        return page, []
    sheets: list[str] = []

    def link(match: re.Match) -> str:
        sheets.append(match.group(2))
        media = _MEDIA.search(match.group(1) or "")
        href = f"{STYLES_PREFIX}{path}/{len(sheets) - 1}.css"
        return f'<link rel="stylesheet" href="{href}"{media.group(0) if media else ""}>'

    return _STYLE.sub(link, page), sheets


def serve(root: Path, recorder: Recorder, link_styles: bool = False) -> http.server.ThreadingHTTPServer:
    """A static server of ``root`` on a loopback port (a directory answers with its
    index.html, a directory URL without its slash is redirected to it, as servers do);
    every response is recorded. With ``link_styles``, a page's <style>s are served as
    linked stylesheets (``linked_styles``)."""
    root = root.resolve()

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args) -> None:
            pass

        def do_GET(self) -> None:
            path = unquote(urlsplit(self.path).path)
            url = ORIGIN.rstrip("/") + self.path
            if link_styles and path.startswith(STYLES_PREFIX):
                page, _, number = path[len(STYLES_PREFIX) :].rpartition("/")
                text = (root / page).read_text(encoding="utf-8", errors="replace") if (root / page).is_file() else ""
                sheets = linked_styles(text, page)[1]
                index = int(number.removesuffix(".css")) if number.removesuffix(".css").isdigit() else len(sheets)
                if index < len(sheets):
                    body = sheets[index].encode("utf-8")
                    return self._answer(url, "200 OK", [("Content-Type", "text/css; charset=utf-8")], body)
                return self._answer(url, "404 Not Found", [("Content-Type", "text/plain")], b"not found")
            file = (root / path.lstrip("/")).resolve()
            if file.is_dir() and not path.endswith("/"):
                return self._answer(url, "301 Moved Permanently", [("Location", path + "/")], b"")
            if file.is_dir():
                file = file / "index.html"
            if not (file == root or root in file.parents) or not file.is_file():
                return self._answer(url, "404 Not Found", [("Content-Type", "text/plain")], b"not found")
            kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
            body = file.read_bytes()
            if link_styles and kind == "text/html":
                page = linked_styles(body.decode("utf-8", "replace"), file.relative_to(root).as_posix())[0]
                body, kind = page.encode("utf-8"), "text/html; charset=utf-8"
            self._answer(url, "200 OK", [("Content-Type", kind)], body)

        def _answer(self, url: str, status: str, headers: list[tuple[str, str]], body: bytes) -> None:
            headers = [*headers, ("Content-Length", str(len(body)))]
            recorder.record(url, status, headers, body)
            self.send_response(int(status.split()[0]), status.partition(" ")[2])
            for name, value in headers:
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def pages_of(root: Path, pattern: str) -> list[str]:
    """The pages under ``root`` (paths relative to it), leaving out helper pages (``_``)."""
    return sorted(
        p.relative_to(root).as_posix()
        for p in root.glob(pattern)
        if p.is_file() and not any(part.startswith("_") for part in p.relative_to(root).parts)
    )


def capture(root: Path, out: Path, pattern: str, link_styles: bool = False, timeout_ms: int = 30_000) -> None:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    root = root.resolve()
    recorder = Recorder()
    server = serve(root, recorder, link_styles)
    port = server.server_address[1]
    args = [a for a in LAUNCH_ARGS if not a.startswith("--host-resolver-rules")]
    args.append(f"--host-resolver-rules=MAP {HOST} 127.0.0.1:{port}, MAP * ~NOTFOUND")
    pages = pages_of(root, pattern)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=args, headless=True)
        for number, relative in enumerate(pages, 1):
            name = relative.removesuffix(".html").replace("/", "__")
            if (out / f"{name}.opened.cdp.json").exists():
                continue
            try:
                recorder.start()
                live, mhtml = _live(browser, ORIGIN + relative, timeout_ms)
                warc = recorder.finish()
                (out / f"{name}.mhtml").write_text(mhtml, encoding="utf-8", newline="")
                (out / f"{name}.warc.gz").write_bytes(warc)
                (out / f"{name}.live.cdp.json").write_text(live, encoding="utf-8")
                opened = _opened(browser, out / f"{name}.mhtml", timeout_ms)
                (out / f"{name}.opened.cdp.json").write_text(opened, encoding="utf-8")
                print(f"[{number}/{len(pages)}] {relative}", file=sys.stderr)
            except Exception as exc:  # one page's failure is reported, the run goes on
                recorder.finish()
                print(f"[{number}/{len(pages)}] {relative}: failed ({exc})", file=sys.stderr)
        browser.close()
    server.shutdown()
    manifest_file = out / "_manifest.json"
    known = json.loads(manifest_file.read_text(encoding="utf-8"))["pages"] if manifest_file.exists() else []
    pages = sorted(set(known) | set(pages))  # captures of several patterns into one folder add up
    urls = {p.removesuffix(".html").replace("/", "__"): ORIGIN + p for p in pages}
    manifest = {"root": str(root.relative_to(ROOT)) if root.resolve().is_relative_to(ROOT) else str(root)}
    manifest.update({"origin": ORIGIN, "pages": pages, "urls": urls, "linked_styles": link_styles})
    manifest_file.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")


def _live(browser, url: str, timeout_ms: int) -> tuple[str, str]:
    context = browser.new_context(java_script_enabled=False, viewport=VIEWPORT)
    try:
        page = context.new_page()
        page.goto(url, wait_until="load", timeout=timeout_ms)
        cdp = context.new_cdp_session(page)
        tree = dump_cdp(normalize_cdp(cdp.send("Accessibility.getFullAXTree")))
        mhtml = cdp.send("Page.captureSnapshot", {"format": "mhtml"})["data"]
        return tree, mhtml
    finally:
        context.close()


def opened_copy(file: Path) -> Path:
    """The MHTML copied to where it is opened from (OPENED_DIR)."""
    OPENED_DIR.mkdir(exist_ok=True)
    copy = OPENED_DIR / file.name
    copy.write_bytes(file.read_bytes())
    return copy


def opened_at(golden: str, file: Path) -> Path:
    """The MHTML at the ``file:`` URL Chromium opened it from (the root's url in ``golden``),
    copied there if it is elsewhere: the opened document's URL is part of its tree."""
    root = json.loads(golden)["nodes"][0]
    url = next(p["value"]["value"] for p in root["properties"] if p["name"] == "url")
    where = Path(unquote(urlsplit(url).path))
    if where.resolve() != file.resolve():
        where.parent.mkdir(parents=True, exist_ok=True)
        where.write_bytes(file.read_bytes())
    return where


def _opened(browser, file: Path, timeout_ms: int) -> str:
    context = browser.new_context(java_script_enabled=False, viewport=VIEWPORT)
    try:
        page = context.new_page()
        page.goto(opened_copy(file).as_uri(), wait_until="load", timeout=timeout_ms)
        cdp = context.new_cdp_session(page)
        return dump_cdp(normalize_cdp(cdp.send("Accessibility.getFullAXTree")))
    finally:
        context.close()


def compare(captured: Path, lossless_only: bool = True) -> dict:
    """Pages CDP-exact from each source: {source: [exact, total, [names that differ]]}."""
    from axsynth import Document

    manifest = json.loads((captured / "_manifest.json").read_text(encoding="utf-8"))
    root = ROOT / manifest["root"]  # relative to the repository, or absolute
    sources = ("file", "warc-record-alone", "mhtml", "warc", "archive-view")
    results: dict[str, list] = {s: [0, 0, []] for s in sources}
    for relative in manifest["pages"]:
        name = relative.removesuffix(".html").replace("/", "__")
        if not (captured / f"{name}.opened.cdp.json").exists():
            continue
        if lossless_only and LOSSY.search((root / relative).read_text(encoding="utf-8", errors="replace")):
            continue
        live = (captured / f"{name}.live.cdp.json").read_text(encoding="utf-8")
        opened = (captured / f"{name}.opened.cdp.json").read_text(encoding="utf-8")
        url = ORIGIN + relative
        makers = {
            "file": lambda: Document.from_file(root / relative, url, site_root=root, site_url=ORIGIN),
            "warc-record-alone": lambda: record_alone(captured / f"{name}.warc.gz", url),
            "mhtml": lambda: Document.from_file(captured / f"{name}.mhtml"),
            "warc": lambda: Document.from_archive(captured / f"{name}.warc.gz", url),
            "archive-view": lambda: Document.from_archive(
                opened_at(opened, captured / f"{name}.mhtml"), archive_view=True
            ),
        }
        for source, make in makers.items():
            if source == "file" and manifest.get("linked_styles"):
                continue  # the page served is not the file
            want = opened if source == "archive-view" else live
            try:
                got = dump_cdp(normalize_cdp(make().get_full_ax_tree()))
            except Exception as exc:  # counted as a difference, named
                got = f"error: {exc}"
            tally = results[source]
            tally[1] += 1
            if got == want:
                tally[0] += 1
            else:
                tally[2].append(name)
    return results


def record_alone(warc: Path, url: str):
    """The page's record with no stylesheet or frame: what ``batch`` made of an archived
    page before archives brought their resources (the "before" figure)."""
    from axsynth import Document
    from axsynth.html.encoding import decode_document
    from axsynth.sources.archive import ArchiveResolver, archive_index

    page = ArchiveResolver(archive_index(warc), None).fetch(url, 1 << 30)
    return Document.from_html(decode_document(page.body, page.charset), page.url)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    verbs = parser.add_subparsers(dest="verb", required=True)
    take = verbs.add_parser("capture")
    take.add_argument("root", type=Path)
    take.add_argument("--out", type=Path, required=True)
    take.add_argument("--pattern", default="**/*.html")
    take.add_argument(
        "--link-styles",
        action="store_true",
        help="serve each page's <style>s as linked stylesheets (app pages whose CSS is in files)",
    )
    check = verbs.add_parser("compare")
    check.add_argument("captured", type=Path)
    check.add_argument("--all", action="store_true", help="also pages the serializer loses something of")
    check.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.verb == "capture":
        capture(args.root, args.out, args.pattern, args.link_styles)
        return 0
    results = compare(args.captured, lossless_only=not args.all)
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        for source, (exact, total, differ) in results.items():
            share = 100 * exact / total if total else 0
            print(f"{source:13} {exact}/{total} CDP-exact ({share:.1f}%)  differ: {' '.join(differ[:12])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
