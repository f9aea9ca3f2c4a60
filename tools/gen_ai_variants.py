#!/usr/bin/env python3
"""Capture the ai snapshots of fixtures that take options (a depth, a locator's scope,
a child frame) from real Chromium, for tests/unit/test_ai_snapshot.py.

Each variant is taken on a fresh load of its fixture, as Playwright's own tests take
them (refs are numbered by the page's first snapshot). Saved, with the options, in
tests/goldens/ai-variants.json. Needs what tools/gen_goldens.py needs.

    python tools/gen_ai_variants.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from chromium_capture import Chromium, directory_resolver

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from axsynth.conformance import FIXTURE_ORIGIN  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures"
OUT = ROOT / "tests" / "goldens" / "ai-variants.json"

#: (fixture, frame: an index into page.frames (0: the page), scope: a CSS selector or None, depth or None)
VARIANTS = [
    ("playwright-ai-depth", 0, None, 1),
    ("playwright-ai-depth", 0, None, 3),
    ("playwright-ai-depth", 0, None, 100),
    ("playwright-ai-depth", 0, "#target", 1),
    ("playwright-ai-iframe-depth", 0, None, 3),
    ("playwright-ai-iframe-depth", 0, None, 2),
    ("playwright-ai-iframe-locator", 1, "ul", None),
    ("playwright-ai-nested-frames", 0, None, 2),
    ("playwright-ai-redundant-name", 0, "h3", None),
    ("playwright-ai-aria-hidden", 0, "[aria-hidden]", None),
]


def main() -> int:
    resolver = directory_resolver(FIXTURE_ORIGIN, FIXTURES)
    captured = []
    with Chromium() as chromium:
        for fixture, frame, scope, depth in VARIANTS:
            url = FIXTURE_ORIGIN + fixture + ".html"
            text = chromium.ai_snapshot(url, resolver, frame, scope, depth)
            captured.append({"fixture": fixture, "frame": frame, "scope": scope, "depth": depth, "text": text})
            print(f"captured {fixture} frame={frame} scope={scope} depth={depth}")
    OUT.write_text(json.dumps(captured, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(captured)} variants written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
