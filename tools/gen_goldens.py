#!/usr/bin/env python3
"""Capture goldens from real Chromium for every fixture in tests/fixtures/.

For each fixture, saves (normalized as axsynth.conformance describes):
  tests/goldens/NAME.cdp.json   Accessibility.getFullAXTree
  tests/goldens/NAME.aria.txt   Playwright's page.locator("body").aria_snapshot()
  tests/goldens/NAME.ai.txt     Playwright's page.aria_snapshot(mode="ai") (Playwright MCP's snapshot)
  tests/goldens/NAME.frameN.cdp.json   getFullAXTree({frameId}) of the N-th child frame
                                (frame tree pre-order), for pages with iframes
and records the browser and Playwright versions in tests/goldens/VERSIONS.json.

Needs Debian's Chromium (``apt-get install chromium``) and ``pip install -e '.[goldens]'``.
Fixtures are served from the fixed origin http://axsynth.test/ by request
interception (every other request fails at once), so goldens hold no machine paths
and the same document URL can be given to axsynth; chromium_capture.py says how
every capture is taken.

    python tools/gen_goldens.py            # all fixtures
    python tools/gen_goldens.py lists-     # fixtures whose name contains "lists-"
    python tools/gen_goldens.py --formats ai   # only the ai goldens (the others are left alone)
"""

from __future__ import annotations

import argparse
import json
import sys
from importlib.metadata import version
from pathlib import Path

from chromium_capture import FORMATS, Chromium, directory_resolver

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from axsynth.conformance import FIXTURE_ORIGIN, Fixture, find_fixtures  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures"
GOLDENS = ROOT / "tests" / "goldens"


def capture_goldens(fixtures: list[Fixture], formats: tuple[str, ...] = FORMATS) -> dict[str, str]:
    """Capture the goldens of ``formats`` for every fixture (the CDP ones with their
    frames' trees); return the browser and Playwright versions."""
    resolver = directory_resolver(FIXTURE_ORIGIN, FIXTURES)
    with Chromium() as chromium:
        for fixture in fixtures:
            capture = chromium.capture(fixture.url, resolver, formats)
            for fmt in formats:
                out = fixture.golden(GOLDENS, fmt)
                out.parent.mkdir(parents=True, exist_ok=True)
                text = getattr(capture, fmt)
                if text is not None:
                    out.write_text(text, encoding="utf-8")
                elif out.exists():
                    out.unlink()  # nothing to snapshot (a frameset page has no body)
            if capture.frames is not None:
                for stale in fixture.frame_goldens(GOLDENS):
                    stale.unlink()
                for number, text in enumerate(capture.frames, 1):
                    fixture.frame_golden(GOLDENS, number).write_text(text, encoding="utf-8")
            print(f"captured {fixture.name}")
        return {"chromium": chromium.version, "playwright": version("playwright")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("filter", nargs="?", default="", help="only fixtures whose name contains this")
    parser.add_argument(
        "--formats", default=",".join(FORMATS), help=f"comma-separated, of {', '.join(FORMATS)} (default: all)"
    )
    args = parser.parse_args()
    formats = tuple(f for f in args.formats.split(",") if f)
    unknown = [f for f in formats if f not in FORMATS]
    if unknown or not formats:
        parser.error(f"--formats takes {', '.join(FORMATS)}, not {args.formats!r}")
    fixtures = [f for f in find_fixtures(FIXTURES) if args.filter in f.name]
    versions = capture_goldens(fixtures, formats)
    path = GOLDENS / "VERSIONS.json"  # other tools record their versions there too (devtools, axe): kept
    recorded = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    path.write_text(json.dumps({**recorded, **versions}, indent=2) + "\n", encoding="utf-8")
    print(
        f"{len(fixtures)} fixtures captured with Chromium {versions['chromium']}, Playwright {versions['playwright']}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
