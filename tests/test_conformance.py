"""Byte-for-byte conformance with goldens captured from real Chromium.

One case per fixture and format.  Fixtures that do not match yet are listed, with
the reason, in tests/conformance_expected.txt and run as strict expected
failures: a listed fixture that starts matching fails the suite, so the list
only shrinks.  `python -m axsynth.conformance --update-expectations` rewrites it.
"""

from pathlib import Path

import pytest

from axsynth.conformance import (
    FORMATS,
    expected_failure,
    find_fixtures,
    first_difference,
    load_expectations,
    render,
)

TESTS = Path(__file__).parent
FIXTURES = find_fixtures(TESTS / "fixtures")
GOLDENS = TESTS / "goldens"
EXPECTED = load_expectations(TESTS / "conformance_expected.txt")


def _cases():
    for fixture in FIXTURES:
        for fmt in FORMATS:
            golden = fixture.golden(GOLDENS, fmt)
            if not golden.exists():
                continue
            reason = expected_failure(EXPECTED, fixture.name, fmt)
            marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason is not None else []
            yield pytest.param(fixture, fmt, golden, marks=marks, id=f"{fmt}:{fixture.name}")


def test_every_fixture_has_goldens():
    missing = [f.name for f in FIXTURES if not f.golden(GOLDENS, "cdp").exists()]
    assert not missing, f"fixtures without goldens (run tools/gen_goldens.py): {missing}"
    assert len(FIXTURES) >= 160


@pytest.mark.parametrize("fixture,fmt,golden", list(_cases()))
def test_matches_chromium(fixture, fmt, golden):
    # Compared as a bool: pytest's own diff of two multi-megabyte texts takes minutes.
    same = render(fixture, fmt) == golden.read_text(encoding="utf-8")
    assert same, (
        f"differs from Chromium at {first_difference(fixture, fmt, GOLDENS)}; see python -m"
        f" axsynth.conformance --diff {fixture.name}"
    )
