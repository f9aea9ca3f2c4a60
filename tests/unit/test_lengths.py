"""CSS lengths, percentages and math functions (axsynth.style.lengths)."""

from __future__ import annotations

import pytest
import tinycss2

from axsynth.style.lengths import LengthPercentage, Units, compute, parse, parse_number, resolve

UNITS = Units(em=20.0, rem=16.0, viewport_width=1000.0, viewport_height=500.0)


def computed(css: str):
    expr = parse(tinycss2.parse_one_component_value(css))
    return None if expr is None else compute(expr, UNITS)


@pytest.mark.parametrize(
    "css, px",
    [
        ("10px", 10.0),
        ("2em", 40.0),
        ("1rem", 16.0),
        ("1in", 96.0),
        ("12pt", 16.0),
        ("2.8vw", 28.0),
        ("10vh", 50.0),
        ("1vmin", 5.0),
        ("0", 0.0),
        ("calc(10px + 26px)", 36.0),
        ("calc(-1 * 2em)", -40.0),
        ("calc(100px / 4)", 25.0),
        ("max(36px, 1em)", 36.0),
        ("min(36px, 1em)", 20.0),
        ("clamp(30px, 3vw, 40px)", 30.0),
        ("clamp(10px, 5vw, 40px)", 40.0),
        ("round(up, 13px, 5px)", 15.0),
        ("abs(-3px)", 3.0),
        ("calc((2em + 10px) * 2)", 100.0),
    ],
)
def test_lengths_compute_to_px(css, px):
    assert computed(css) == px


def test_a_percentage_stays_until_layout():
    value = computed("calc(50% - 10px)")
    assert isinstance(value, LengthPercentage)
    assert resolve(value, 200.0) == 90.0
    assert resolve(computed("calc((100% - 20px) / 2)"), 220.0) == 100.0


def test_a_comparison_with_a_percentage_resolves_against_the_basis():
    value = computed("min(50%, 300px)")
    assert resolve(value, 200.0) == 100.0
    assert resolve(value, 1000.0) == 300.0


@pytest.mark.parametrize("css", ["calc(10px + 5)", "calc(1px * 2px)", "1.5", "foo", "calc()", "min()", "10deg"])
def test_not_lengths(css):
    assert computed(css) is None


def test_infinite_and_nan_results_are_clamped():
    assert computed("calc(1px / 0)") == 33_554_431.0
    assert computed("calc(1px * nan)") == 0.0


def test_numbers():
    assert parse_number(tinycss2.parse_one_component_value("calc(1.5 * 2)")) == 3.0
    assert parse_number(tinycss2.parse_one_component_value("2")) == 2.0
    assert parse_number(tinycss2.parse_one_component_value("2px")) is None


def test_deep_nesting_is_refused_not_a_stack_overflow():
    css = "calc(" * 200 + "1px" + ")" * 200
    assert computed(css) is None
