"""Input value sanitization (axsynth.html.values), against what Chromium 156's
``input.value`` returned for the same markup (probed with scripts on, recorded here)."""

import pytest

from axsynth.html.values import sanitized_value

# (type, attributes, Chromium's input.value)
CHROMIUM_VALUES = [
    # range: clamped, then snapped to the step grid from min, else from the value attribute
    ("range", {"min": "0", "max": "1", "step": "0.1", "value": "0.35"}, "0.4"),
    ("range", {"max": "1", "step": "0.1", "value": "0.35"}, "0.35"),
    ("range", {"min": "abc", "max": "1", "step": "0.1", "value": "0.35"}, "0.35"),
    ("range", {"min": "0.05", "max": "1", "step": "0.1", "value": "0.35"}, "0.35"),
    ("range", {"step": "0.3", "value": "50"}, "50"),
    ("range", {"min": "0", "max": "1", "step": "0.3", "value": "0.5"}, "0.6"),
    ("range", {"min": "-1", "max": "1", "step": "0.25", "value": "0.3"}, "0.25"),
    ("range", {"min": "0", "max": "100", "step": "1", "value": "3.5"}, "4"),
    ("range", {"min": "10", "max": "0", "value": "5"}, "10"),
    ("range", {"step": "any", "value": "33.3"}, "33.3"),
    ("range", {"value": "250"}, "100"),
    ("range", {"max": "1", "step": "0.1", "value": "abc"}, "0.5"),
    ("range", {"max": "10", "step": "3"}, "6"),
    ("range", {"min": "0", "max": "0.7", "step": "0.2"}, "0.4"),
    # number: a valid floating-point number kept as written
    ("number", {"value": "1e3"}, "1e3"),
    ("number", {"value": "+1"}, ""),
    ("number", {"value": ".5"}, ".5"),
    ("number", {"value": "1."}, ""),
    ("number", {"value": "1e400"}, ""),
    # color: any CSS color, alpha dropped, as #rrggbb; anything else black
    ("color", {"value": "rgb(255,0,0)"}, "#ff0000"),
    ("color", {"value": "RebeccaPurple"}, "#663399"),
    ("color", {"value": "#0F0"}, "#00ff00"),
    ("color", {"value": "hsl(240, 100%, 50%)"}, "#0000ff"),
    ("color", {"value": "hwb(0 0% 0%)"}, "#ff0000"),
    ("color", {"value": "lab(50% 40 59.5)"}, "#bf5700"),
    ("color", {"value": "lch(50% 50 0)"}, "#c14e79"),
    ("color", {"value": "oklch(70% 0.1 200)"}, "#40b1b7"),
    ("color", {"value": "color(srgb 1 0 0)"}, "#ff0000"),
    ("color", {"value": "rgba(255,0,0,0.5)"}, "#ff0000"),
    ("color", {"value": "rgb(10.5, 20.4, 30.6)"}, "#0b141f"),
    ("color", {"value": "  #abcdef  "}, "#abcdef"),
    ("color", {"value": "transparent"}, "#000000"),
    ("color", {"value": "currentcolor"}, "#000000"),
    ("color", {"value": "color-mix(in srgb, red, blue)"}, "#000000"),
    ("color", {"value": "#12345"}, "#000000"),
    ("color", {"value": "nope"}, "#000000"),
    # dates and times: valid strings only; datetime-local normalized
    ("datetime-local", {"value": "2020-01-01 10:00"}, "2020-01-01T10:00"),
    ("datetime-local", {"value": "2020-01-01T10:00:00.000"}, "2020-01-01T10:00"),
    ("datetime-local", {"value": "2020-01-01T10:00:05.100"}, "2020-01-01T10:00:05.1"),
    ("datetime-local", {"value": "275760-09-13T00:00"}, "275760-09-13T00:00"),
    ("datetime-local", {"value": "275760-09-13T00:01"}, ""),
    ("date", {"value": "2020-02-29"}, "2020-02-29"),
    ("date", {"value": "2019-02-29"}, ""),
    ("date", {"value": "2020-13-01"}, ""),
    ("date", {"value": "0000-01-01"}, ""),
    ("date", {"value": "12345-01-01"}, "12345-01-01"),
    ("date", {"value": "275760-09-14"}, ""),
    ("date", {"value": " 2020-01-01"}, ""),
    ("time", {"value": "10:00:05.10"}, "10:00:05.10"),
    ("time", {"value": "24:00"}, ""),
    ("time", {"value": "10:00:60"}, ""),
    ("time", {"value": "10:00:00.1234"}, ""),
    ("month", {"value": "275760-09"}, "275760-09"),
    ("month", {"value": "2020-00"}, ""),
    ("week", {"value": "2015-W53"}, "2015-W53"),
    ("week", {"value": "2016-W53"}, ""),
    ("week", {"value": "275760-W38"}, ""),
    # text-like
    ("email", {"multiple": "", "value": " a@b.c , d@e.f "}, "a@b.c,d@e.f"),
    ("url", {"value": "  http://x  "}, "http://x"),
    ("text", {"value": "a\nb"}, "ab"),
]


@pytest.mark.parametrize("kind, attrs, expected", CHROMIUM_VALUES)
def test_sanitized_value_matches_chromium(kind, attrs, expected):
    assert sanitized_value(kind, attrs) == expected
