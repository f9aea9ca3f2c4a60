#!/usr/bin/env python3
"""Capture tests/goldens/NAME.devtools.txt from Chrome DevTools MCP itself.

For every fixture, the text chrome-devtools-mcp's ``take_snapshot`` tool returns
(the snapshot after its "## Latest page snapshot" heading), driven over MCP as an
agent drives it: the real server (npm ``chrome-devtools-mcp``, the version in
tests/goldens/VERSIONS.json) with its own headless Chromium, Debian's::

    npm install --prefix /tmp/devtools-mcp chrome-devtools-mcp@1.11.0
    python tools/devtools_goldens.py --server /tmp/devtools-mcp/node_modules/chrome-devtools-mcp
    python tools/devtools_goldens.py --server ... lists-      # fixtures whose name contains "lists-"

How a capture is taken:

* the server runs ``--headless --isolated --executablePath /usr/bin/chromium``,
  a 1280x720 viewport, Chromium flags ``--no-sandbox`` and
  ``--blink-settings=scriptEnabled=false`` (scripts off, as for the other goldens,
  while DevTools' own evaluation still works);
* fixtures are served at http://axsynth.test/ (the other goldens' origin) by a
  proxy in this process, the browser's only way out; every other URL is a 404;
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
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from axsynth.conformance import FIXTURE_ORIGIN, Fixture, find_fixtures  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures"
GOLDENS = ROOT / "tests" / "goldens"
HEADING = "## Latest page snapshot\n"
CONTENT_TYPES = {".html": "text/html", ".css": "text/css", ".svg": "image/svg+xml", ".png": "image/png"}


class _FixtureProxy(BaseHTTPRequestHandler):
    """An HTTP proxy that answers http://axsynth.test/PATH from tests/fixtures and nothing else."""

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        body, content_type = self._resolve(self.path.split("#", 1)[0].split("?", 1)[0])
        self.send_response(200 if body is not None else 404)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body or b"")))
        self.end_headers()
        self.wfile.write(body or b"")

    def do_CONNECT(self) -> None:  # noqa: N802
        self.send_error(403)

    def _resolve(self, url: str) -> tuple[bytes | None, str]:
        if not url.startswith(FIXTURE_ORIGIN):
            return None, "text/plain"
        path = (FIXTURES / url[len(FIXTURE_ORIGIN) :]).resolve()
        if not path.is_relative_to(FIXTURES) or not path.is_file():
            return None, "text/plain"
        return path.read_bytes(), CONTENT_TYPES.get(path.suffix, "application/octet-stream")

    def log_message(self, *args: object) -> None:
        pass


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
            fixture: Fixture = queue.get_nowait()
            navigated = await session.call_tool("navigate_page", {"pageId": 1, "type": "url", "url": fixture.url})
            snapshot = await session.call_tool("take_snapshot", {"pageId": 1})
            taken += 1
            text = snapshot.content[0].text if snapshot.content else ""
            if navigated.is_error or snapshot.is_error or not text.startswith(HEADING):
                failures.append(f"{fixture.name}: {(text or navigated.content[0].text)[:200]!r}")
                continue
            text = re.sub(rf"^(\s*)uid={taken}_", r"\1uid=1_", text[len(HEADING) :], flags=re.MULTILINE)
            (GOLDENS / f"{fixture.name}.devtools.txt").write_text(text, encoding="utf-8")
            print(f"captured {fixture.name}", flush=True)


async def _capture(server: Path, fixtures: list[Fixture], proxy_port: int, workers: int) -> list[str]:
    queue: asyncio.Queue = asyncio.Queue()
    for fixture in fixtures:
        queue.put_nowait(fixture)
    failures: list[str] = []
    await asyncio.gather(*(_worker(server, proxy_port, queue, failures) for _ in range(workers)))
    return failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("filter", nargs="?", default="", help="only fixtures whose name contains this")
    parser.add_argument("--server", type=Path, required=True, help="the chrome-devtools-mcp package directory")
    parser.add_argument("--workers", type=int, default=3, help="servers run at once (default 3)")
    args = parser.parse_args()
    version = json.loads((args.server / "package.json").read_text(encoding="utf-8"))["version"]
    fixtures = [f for f in find_fixtures(FIXTURES) if args.filter in f.name]
    proxy = ThreadingHTTPServer(("127.0.0.1", 0), _FixtureProxy)
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    try:
        failures = asyncio.run(_capture(args.server, fixtures, proxy.server_address[1], args.workers))
    finally:
        proxy.shutdown()
    versions_path = GOLDENS / "VERSIONS.json"
    versions = json.loads(versions_path.read_text(encoding="utf-8"))
    versions["chrome-devtools-mcp"] = version
    versions_path.write_text(json.dumps(versions, indent=2) + "\n", encoding="utf-8")
    for failure in failures:
        print(f"not captured: {failure}", file=sys.stderr)
    print(f"{len(fixtures) - len(failures)} of {len(fixtures)} fixtures captured with chrome-devtools-mcp {version}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
