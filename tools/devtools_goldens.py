#!/usr/bin/env python3
"""Capture tests/goldens/NAME.devtools.txt from Chrome DevTools MCP itself.

For every fixture, the text chrome-devtools-mcp's ``take_snapshot`` tool returns
(the snapshot after its "## Latest page snapshot" heading), driven over MCP as an
agent drives it: the real server (npm ``chrome-devtools-mcp``, the version in
tests/goldens/VERSIONS.json) with its own headless Chromium, Debian's::

    npm install --prefix /tmp/devtools-mcp chrome-devtools-mcp@1.11.0
    python tools/devtools_goldens.py --server /tmp/devtools-mcp/node_modules/chrome-devtools-mcp
    python tools/devtools_goldens.py --server ... lists-      # fixtures whose name contains "lists-"
    python tools/devtools_goldens.py --server ... --corpus DIR --name NAME --out DIR   # saved real pages

With ``--corpus``, every ``*.html``/``*.htm`` below DIR is served as tools/realweb.py
serves it (at http://realweb.test/NAME/<relpath>, its own bytes only, as ``text/html``
without a charset) and its text written to OUT/<relpath>.devtools.txt: third-party
pages and their goldens stay outside the repository (docs/realweb.md).

How a capture is taken:

* the server runs ``--headless --isolated --executablePath /usr/bin/chromium``,
  a 1280x720 viewport, Chromium flags ``--no-sandbox`` and
  ``--blink-settings=scriptEnabled=false`` (scripts off, as for the other goldens,
  while DevTools' own evaluation still works);
* fixtures are served at http://axsynth.test/ (the other goldens' origin) by a
  proxy in this process, the browser's only way out; every other URL is a 404
  (HTTPS is refused);
* each fixture is loaded with ``navigate_page`` into the one tab, then
  ``take_snapshot``.  The server numbers snapshots per process (``uid=K_…`` for
  its K-th); a golden is stored as the first snapshot of a session prints it
  (``uid=1_…``), which is all that numbering changes.  Several servers run at once.

Needs Node.js and the Python ``mcp`` package.  A golden is never edited by hand.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from axsynth.conformance import FIXTURE_ORIGIN, find_fixtures  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures"
GOLDENS = ROOT / "tests" / "goldens"
HEADING = "## Latest page snapshot\n"
CONTENT_TYPES = {".html": "text/html", ".css": "text/css", ".svg": "image/svg+xml", ".png": "image/png"}


REALWEB_ORIGIN = "http://realweb.test/"


@dataclass(frozen=True)
class Target:
    name: str
    url: str
    out: Path


#: Answers a URL (query and fragment removed) with (body, content type), None: 404.
Resolver = Callable[[str], "tuple[bytes, str] | None"]


def fixture_resolver(url: str) -> tuple[bytes, str] | None:
    """Every file below tests/fixtures at http://axsynth.test/ (pages, stylesheets, frames)."""
    if not url.startswith(FIXTURE_ORIGIN):
        return None
    path = (FIXTURES / url[len(FIXTURE_ORIGIN) :]).resolve()
    if not path.is_relative_to(FIXTURES) or not path.is_file():
        return None
    return path.read_bytes(), CONTENT_TYPES.get(path.suffix, "application/octet-stream")


def corpus_resolver(pages: dict[str, Path]) -> Resolver:
    """Only the corpus's pages, each as text/html without a charset (as realweb.py serves them)."""
    return lambda url: (pages[url].read_bytes(), "text/html") if url in pages else None


def _proxy(resolve: Resolver) -> type[BaseHTTPRequestHandler]:
    class Proxy(BaseHTTPRequestHandler):
        """An HTTP proxy that answers from ``resolve`` and nothing else."""

        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            answer = resolve(self.path.split("#", 1)[0].split("?", 1)[0])
            body, content_type = answer if answer is not None else (b"", "text/plain")
            self.send_response(200 if answer is not None else 404)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_CONNECT(self) -> None:  # noqa: N802
            self.send_error(403)

        def log_message(self, *args: object) -> None:
            pass

    return Proxy


def _server_args(server: Path, proxy_port: int) -> list[str]:
    return [
        str(server / "build" / "src" / "bin" / "chrome-devtools-mcp.js"),
        "--headless",
        "--isolated",
        "--executablePath",
        "/usr/bin/chromium",
        "--viewport",
        "1280x720",
        "--no-usage-statistics",
        "--chromeArg=--no-sandbox",
        "--chromeArg=--blink-settings=scriptEnabled=false",
        f"--chromeArg=--proxy-server=http://127.0.0.1:{proxy_port}",
        "--chromeArg=--proxy-bypass-list=<-loopback>",
    ]


async def _worker(server: Path, proxy_port: int, queue: asyncio.Queue, failures: list[str]) -> None:
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    params = StdioServerParameters(command="node", args=_server_args(server, proxy_port))
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        taken = 0
        while not queue.empty():
            target: Target = queue.get_nowait()
            navigated = await session.call_tool("navigate_page", {"pageId": 1, "type": "url", "url": target.url})
            snapshot = await session.call_tool("take_snapshot", {"pageId": 1})
            taken += 1
            text = snapshot.content[0].text if snapshot.content else ""
            if navigated.is_error or snapshot.is_error or not text.startswith(HEADING):
                failures.append(f"{target.name}: {(text or navigated.content[0].text)[:200]!r}")
                continue
            text = re.sub(rf"^(\s*)uid={taken}_", r"\1uid=1_", text[len(HEADING) :], flags=re.MULTILINE)
            target.out.parent.mkdir(parents=True, exist_ok=True)
            target.out.write_text(text, encoding="utf-8")
            print(f"captured {target.name}", flush=True)


async def _capture(server: Path, targets: list[Target], proxy_port: int, workers: int) -> list[str]:
    queue: asyncio.Queue = asyncio.Queue()
    for target in targets:
        queue.put_nowait(target)
    failures: list[str] = []
    await asyncio.gather(*(_worker(server, proxy_port, queue, failures) for _ in range(workers)))
    return failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("filter", nargs="?", default="", help="only pages whose name contains this")
    parser.add_argument("--server", type=Path, required=True, help="the chrome-devtools-mcp package directory")
    parser.add_argument("--workers", type=int, default=3, help="servers run at once (default 3)")
    parser.add_argument("--corpus", type=Path, help="a directory of saved pages instead of tests/fixtures")
    parser.add_argument("--name", help="--corpus: its name (URLs http://realweb.test/NAME/...)")
    parser.add_argument("--out", type=Path, help="--corpus: where the texts go (outside the repository)")
    args = parser.parse_args()
    version = json.loads((args.server / "package.json").read_text(encoding="utf-8"))["version"]
    if args.corpus is not None:
        if not (args.name and args.out):
            parser.error("--corpus needs --name and --out")
        paths = sorted(p for p in args.corpus.rglob("*") if p.suffix in (".html", ".htm") and p.is_file())
        rel = {p: p.relative_to(args.corpus).as_posix() for p in paths}
        targets = [
            Target(rel[p], f"{REALWEB_ORIGIN}{args.name}/{rel[p]}", args.out / f"{rel[p]}.devtools.txt") for p in paths
        ]
        targets = [t for t in targets if args.filter in t.name]
        resolve = corpus_resolver({f"{REALWEB_ORIGIN}{args.name}/{rel[p]}": p for p in paths})
    else:
        fixtures = [f for f in find_fixtures(FIXTURES) if args.filter in f.name]
        targets = [Target(f.name, f.url, GOLDENS / f"{f.name}.devtools.txt") for f in fixtures]
        resolve = fixture_resolver
    proxy = ThreadingHTTPServer(("127.0.0.1", 0), _proxy(resolve))
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    try:
        failures = asyncio.run(_capture(args.server, targets, proxy.server_address[1], args.workers))
    finally:
        proxy.shutdown()
    versions_path = GOLDENS / "VERSIONS.json" if args.corpus is None else args.out / "VERSIONS.json"
    versions = json.loads(versions_path.read_text(encoding="utf-8")) if versions_path.exists() else {}
    versions["chrome-devtools-mcp"] = version
    versions_path.write_text(json.dumps(versions, indent=2) + "\n", encoding="utf-8")
    for failure in failures:
        print(f"not captured: {failure}", file=sys.stderr)
    print(f"{len(targets) - len(failures)} of {len(targets)} pages captured with chrome-devtools-mcp {version}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
