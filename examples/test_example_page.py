"""Testing a page's accessibility without a browser: copy this file to start.

Run with ``python3 -m pytest examples``; the fixtures (``ax``, ``ax_snapshot``,
``aria_snapshot``) come from axsynth's pytest plugin, installed with axsynth
(``pip install -e '.[pytest]'`` from a checkout, or a wheel built with
``python -m build``: docs/testing.md).  ``--snapshot-update`` (syrupy) rewrites the
stored snapshot in ``__snapshots__/test_example_page/`` after a wanted change.
"""

import re
from pathlib import Path

import pytest

from axsynth import Document, QueryError, match_aria_snapshot
from axsynth.testing import assert_aria_snapshot

PAGE = Path(__file__).parent / "checkout.html"


@pytest.fixture
def checkout(ax) -> Document:
    return ax.file(PAGE, url="https://shop.example/checkout")


def test_find_controls_by_role_and_name(checkout: Document):
    # Locators read like Playwright's: roles and names as Playwright computes them.
    pay = checkout.get_by_role("button", name=re.compile(r"^Pay \$\d+\.\d\d$"))
    assert pay.name == "Pay $30.50"
    assert checkout.get_by_role("checkbox", name="Save this card", checked=True).count() == 1
    assert checkout.get_by_role("button", name="Apply coupon").is_disabled()
    with pytest.raises(QueryError, match="resolved to no element"):
        checkout.get_by_role("button", name="Pay later").element


def test_the_payment_form_matches_a_partial_template(checkout: Document):
    # Only what the test cares about: other children and attributes are ignored.
    assert_aria_snapshot(
        checkout,
        r"""
        - form "Payment":
          - textbox "Card number"
          - checkbox [checked]
          - button /Pay \$\d+/
    """,
    )


def test_the_order_lists_exactly_two_items(checkout: Document):
    assert_aria_snapshot(
        checkout,
        r"""
        - list "Order":
          - /children: equal
          - listitem: /Blue mug/
          - listitem: /Tea sampler/
    """,
    )


def test_a_mismatch_explains_itself(checkout: Document):
    result = match_aria_snapshot(checkout, '- button "Apply coupon" [disabled=false]')
    assert not result
    assert result.problems == [
        'line 1: - button "Apply coupon" [disabled=false] — received button "Apply coupon" [disabled]'
    ]


def test_html_strings_work_too(ax):
    assert_aria_snapshot(ax("<nav><a href='/'>Home</a></nav>"), '- navigation:\n  - link "Home":\n    - /url: /')


def test_the_whole_page_against_a_stored_snapshot(checkout: Document, ax_snapshot, aria_snapshot):
    # Stored as plain YAML in __snapshots__/test_example_page/; review it like code.
    assert ax_snapshot(checkout) == aria_snapshot
