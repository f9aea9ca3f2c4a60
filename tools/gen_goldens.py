#!/usr/bin/env python3
"""Capture goldens from real Chromium for every fixture in tests/fixtures/.

For each fixture, saves (normalized as axsynth.conformance describes):
  tests/goldens/NAME.cdp.json   Accessibility.getFullAXTree
  tests/goldens/NAME.aria.txt   Playwright's page.locator("body").aria_snapshot()
and records the browser and Playwright versions in tests/goldens/VERSIONS.json.

Needs Debian's Chromium (``apt-get install chromium``) and ``pip install -e '.[goldens]'``.
Fixtures are served from the fixed origin http://axsynth.test/ by request
interception (every other request fails at once), so goldens hold no machine paths
and the same document URL can be given to axsynth.

    python tools/gen_goldens.py            # all fixtures
    python tools/gen_goldens.py lists-     # fixtures whose name contains "lists-"
"""

from __future__ import annotations

import argparse
import json
import mimetypes
import shutil
import sys
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from axsynth.conformance import FIXTURE_ORIGIN, dump_cdp, find_fixtures, normalize_cdp  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures"
GOLDENS = ROOT / "tests" / "goldens"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Remote resources fail at once instead of hanging on DNS: captures are repeatable.
    "--host-resolver-rules=MAP * ~NOTFOUND",
]
VIEWPORT = {"width": 1280, "height": 720}


def chromium_path() -> str:
    path = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        sys.exit("gen_goldens: Chromium not found; apt-get install -y chromium")
    return path


def serve_fixture(route) -> None:
    """Answer requests below FIXTURE_ORIGIN from tests/fixtures; abort the rest."""
    url = route.request.url.split("#", 1)[0].split("?", 1)[0]
    if url.startswith(FIXTURE_ORIGIN):
        path = (FIXTURES / url[len(FIXTURE_ORIGIN):]).resolve()
        if path.is_file() and FIXTURES in path.parents:
            mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            route.fulfill(status=200, body=path.read_bytes(), headers={"content-type": mime})
            return
        route.fulfill(status=404, body=b"", headers={"content-type": "text/plain"})
        return
    route.abort()


def capture(browser, fixture) -> tuple[str, str]:
    # A fresh context and tab per page: no state leaks between fixtures, and the
    # new tab has focus (so the RootWebArea reports focused: true, as in any fresh tab).
    context = browser.new_context(java_script_enabled=False, viewport=VIEWPORT)
    try:
        page = context.new_page()
        page.route("**/*", serve_fixture)
        page.goto(fixture.url, wait_until="load", timeout=30_000)
        cdp = context.new_cdp_session(page)
        tree = cdp.send("Accessibility.getFullAXTree")
        aria = page.locator("body").aria_snapshot(timeout=30_000)
    finally:
        context.close()
    return dump_cdp(normalize_cdp(tree)), aria + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("filter", nargs="?", default="", help="only fixtures whose name contains this")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    fixtures = [f for f in find_fixtures(FIXTURES) if args.filter in f.name]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
        for fixture in fixtures:
            cdp, aria = capture(browser, fixture)
            for fmt, text in (("cdp", cdp), ("aria", aria)):
                out = fixture.golden(GOLDENS, fmt)
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_text(text, encoding="utf-8")
            print(f"captured {fixture.name}")
        versions = {"chromium": browser.version, "playwright": version("playwright")}
        browser.close()
    (GOLDENS / "VERSIONS.json").write_text(json.dumps(versions, indent=2) + "\n", encoding="utf-8")
    print(f"{len(fixtures)} fixtures captured with Chromium {versions['chromium']}, "
          f"Playwright {versions['playwright']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
