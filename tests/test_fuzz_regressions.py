"""Inputs the fuzzer (fuzz/fuzz_snapshot.py) once crashed on: each must now give every
format, with a well-formed CDP tree.  Add a file here with every fix of a fuzz finding."""

from pathlib import Path

import pytest
from cdp_checks import check_cdp

from axsynth import Document

CASES = sorted((Path(__file__).parent / "fuzz_regressions").iterdir())


def test_there_are_cases():
    assert CASES


@pytest.mark.parametrize("parser", ["auto", "html5lib"])
@pytest.mark.parametrize("path", CASES, ids=lambda p: p.name)
def test_fuzz_finding_stays_fixed(path, parser, monkeypatch):
    monkeypatch.setenv("AXSYNTH_PARSER", parser)  # both parse paths, whichever "auto" takes
    doc = Document.from_html(path.read_bytes(), "https://fuzz.example/page.html")
    check_cdp(doc.get_full_ax_tree()["nodes"])
    doc.aria_snapshot()
    snap = doc.agent_snapshot(max_bytes=None)
    assert all(f"[ref={ref}]" in snap.text for ref in snap.refs)
    doc.devtools_snapshot()
