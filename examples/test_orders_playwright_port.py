"""A Playwright test of examples/orders.html, ported to axsynth: no browser.

The port changes only two things. ``expect`` comes from ``axsynth.testing``
instead of ``playwright.sync_api``, and the ``page`` fixture reads the file
(``ax.file``) instead of ``page.goto``. The locators, options and assertions are
Playwright's, with the same meaning: roles and names as Playwright computes them,
case-insensitive substrings unless ``exact=True``, hidden elements skipped by
``get_by_role``, strictness errors when one element is needed and several match.

Run it with ``python3 -m pytest examples`` (the ``ax`` fixture and ``expect``
come with axsynth's pytest plugin).
"""

import re
from pathlib import Path

import pytest

from axsynth import Document, QueryError
from axsynth.testing import expect


@pytest.fixture
def page(ax) -> Document:
    return ax.file(Path(__file__).parent / "orders.html", url="https://admin.teashop.example/orders")


def test_has_title_and_main_heading(page: Document):
    expect(page).to_have_title("Orders — Teashop admin")
    expect(page).to_have_url(re.compile(r"/orders$"))
    expect(page.get_by_role("heading", name="Orders", level=1)).to_be_visible()
    expect(page.get_by_role("heading")).to_have_count(3)
    expect(page.get_by_role("heading", level=2)).to_have_text("Today")
    expect(page.get_by_role("heading", level=3)).to_have_text("Notes")


def test_header_logo_and_navigation(page: Document):
    expect(page.get_by_alt_text("Teashop logo")).to_be_visible()
    expect(page.locator("header").get_by_role("img")).to_have_accessible_name("Teashop logo")
    nav = page.get_by_role("navigation", name="Admin")
    expect(nav.get_by_role("link")).to_have_count(3)
    expect(nav.get_by_role("link", name="Orders")).to_have_attribute("aria-current", "page")
    expect(page.get_by_title("Shop settings")).to_have_role("link")
    expect(page.get_by_title("shop settings")).to_have_attribute("href", "/settings")
    expect(nav).to_match_aria_snapshot("""
        - navigation "Admin":
          - link "Orders"
          - link "Customers"
    """)


def test_search_form(page: Document):
    expect(page.get_by_role("search")).to_have_accessible_name("Orders")
    search_box = page.get_by_label("Search orders")
    expect(search_box).to_have_attribute("placeholder", "Order number or customer")
    expect(page.get_by_placeholder("order number")).to_have_role("searchbox")
    expect(page.get_by_role("searchbox", name="Search orders")).to_be_enabled()
    expect(page.get_by_label("Open orders only")).to_be_checked()
    expect(page.get_by_role("checkbox", name="open orders", checked=False)).to_have_count(0)
    expect(page.get_by_role("button", name="Search", exact=True)).not_to_be_disabled()


def test_the_orders_table(page: Document):
    table = page.get_by_test_id("orders-table")
    expect(table).to_have_accessible_name("Today's orders")
    expect(table.get_by_role("row")).to_have_count(4)
    expect(page.get_by_role("columnheader")).to_have_text(["Order", "Customer", "Total", "Actions"])
    # A row's name is its text, as the ARIA snapshot prints it.
    expect(page.get_by_role("row", name="#1041 Ada Lovelace $12.00 Refund")).to_be_visible()
    expect(page.get_by_test_id("order-1042").get_by_role("cell").nth(1)).to_have_text("Alan Turing")
    expect(page.locator("tbody tr")).to_have_count(3)
    expect(page.locator("tr", has_text="Alan").locator("td").last).to_contain_text("Refund")
    expect(page.get_by_role("cell", name=re.compile(r"^\$\d+\.\d\d$"))).to_have_count(3)


def test_three_refund_buttons_are_told_apart(page: Document):
    refunds = page.get_by_role("button", name="Refund")
    expect(refunds).to_have_count(3)
    expect(refunds.first).to_be_enabled()
    expect(refunds.nth(1)).to_be_enabled()
    expect(refunds.last).to_be_disabled()
    assert [button.is_enabled() for button in refunds.all()] == [True, True, False]
    grace = page.get_by_role("row").filter(has_text="Grace Hopper")
    expect(grace.get_by_role("button", name="Refund")).to_be_disabled()
    expect(page.get_by_role("row").filter(has=page.get_by_role("button", disabled=True))).to_contain_text("#1043")
    expect(page.get_by_title("Refunds close after 30 days")).to_have_text("ⓘ")
    with pytest.raises(QueryError, match="strict mode violation: get_by_role.* resolved to 3 elements"):
        refunds.is_disabled()  # Playwright: refunds.click() fails the same way


def test_text_and_what_is_hidden(page: Document):
    expect(page.get_by_text("Refund policy")).to_be_visible()
    expect(page.get_by_text("Refunds are possible")).to_be_hidden()  # inside a closed <details>
    expect(page.get_by_text("No orders match.")).to_be_hidden()
    expect(page.get_by_role("paragraph").filter(has_text="No orders")).to_have_count(0)
    expect(page.get_by_role("paragraph", include_hidden=True).filter(has_text="No orders")).to_have_count(1)
    expect(page.get_by_text("© Teashop", exact=True)).to_be_visible()
    expect(page.locator("footer")).to_contain_text("teashop", ignore_case=True)


def test_tabs_toggles_and_collapsed_filters(page: Document):
    expect(page.get_by_role("tablist", name="Views").get_by_role("tab")).to_have_count(2)
    expect(page.get_by_role("tab", selected=True)).to_have_text("List")
    expect(page.get_by_role("button", pressed=True)).to_have_text("Compact rows")
    expect(page.get_by_role("button", expanded=False)).to_have_accessible_name("More filters")
    expect(page.get_by_label("Minimum total")).to_be_hidden()
    expect(page.get_by_role("spinbutton")).to_have_count(0)
    expect(page.get_by_role("spinbutton", include_hidden=True)).to_have_count(1)
    expect(page.get_by_role("dialog")).to_have_count(0)
