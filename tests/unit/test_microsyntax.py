"""Numbers in attributes are read with ASCII digits only, as browsers read them.

Python's str.isdigit, int() and regex \\d also accept other Unicode digits ("³", "٣")
or underscores; a fuzzer found the crash this caused (tests/fuzz_regressions/)."""

import pytest

from axsynth.html.dom import parse_int

from .helpers import find, props, unignored


@pytest.mark.parametrize(
    "text, number",
    [
        ("12", 12),
        ("  +7px", 7),
        ("-3", -3),
        ("\t\n4 5", 4),
        ("³0", None),
        ("٣", None),
        ("1_000", 1),
        ("+-5", None),
        ("", None),
        ("\u00a05", None),
    ],
)
def test_html_integer_rules(text, number):
    assert parse_int(text) == number


def test_tabindex_with_a_non_ascii_digit_does_not_make_an_element_focusable():
    # Focusable elements keep their role despite role=presentation; "³0" is no tabindex.
    assert ("heading", "A") in unignored('<h2 role="presentation" tabindex="30">A</h2>')
    assert ("heading", "B") not in unignored('<h2 role="presentation" tabindex="³0">B</h2>')


@pytest.mark.parametrize("level, expected", [("3", 3), ("3.7", 3), ("٣", 1)])  # junk reads as level 1
def test_heading_aria_level_reads_ascii_digits(level, expected):
    assert props(find(f'<h2 aria-level="{level}">T</h2>', "heading"))["level"] == expected


@pytest.mark.parametrize("level, expected", [("10", 10), (" 10 ", 10), ("1_0", 1), ("١٠", 1)])
def test_list_item_aria_level_is_a_strict_ascii_integer(level, expected):
    assert props(find(f'<ul><li aria-level="{level}">T</li></ul>', "listitem"))["level"] == expected


@pytest.mark.parametrize("size, role", [("3", "listbox"), ("٣", "combobox")])
def test_select_size_reads_ascii_digits(size, role):
    html = f'<select size="{size}"><option>a</option><option>b</option></select>'
    assert any(r == role for r, _ in unignored(html))
