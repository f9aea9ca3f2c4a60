"""expect(locator): Playwright's locator assertions; each can fail, says why, and
its not_to_* negation never swallows a strictness error."""

import re

import pytest

from axsynth import Document, QueryError
from axsynth.testing import ExpectError, expect

DOC = Document.from_html("""<h1>Orders</h1><label><input type=checkbox checked> Open</label>
    <button disabled title="Later">Refund</button><button>Refund</button><p hidden>Gone</p>
    <ul><li>Tea <script>x()</script></li><li>Mug</li></ul>""")


def test_a_failure_names_the_locator_what_was_expected_and_what_the_page_has():
    with pytest.raises(ExpectError) as error:
        expect(DOC.get_by_role("heading")).to_have_text("Invoices")
    assert str(error.value) == (
        "to_have_text failed\n  Locator: get_by_role('heading')\n  Expected: 'Invoices'\n  Received: 'Orders'"
    )
    with pytest.raises(ExpectError, match="Expected: 2\n  Received: 1"):
        expect(DOC.get_by_role("heading")).to_have_count(2)


@pytest.mark.parametrize(
    "passing, failing",
    [
        (
            lambda: expect(DOC.get_by_label("Open")).to_be_checked(),
            lambda: expect(DOC.get_by_label("Open")).to_be_checked(checked=False),
        ),
        (
            lambda: expect(DOC.get_by_title("Later")).to_be_disabled(),
            lambda: expect(DOC.get_by_title("Later")).to_be_enabled(),
        ),
        (
            lambda: expect(DOC.get_by_text("Gone")).to_be_hidden(),
            lambda: expect(DOC.get_by_text("Gone")).to_be_visible(),
        ),
        (
            lambda: expect(DOC.get_by_role("listitem")).to_have_text(["Tea", re.compile("^M")]),
            lambda: expect(DOC.get_by_role("listitem")).to_have_text(["Tea"]),
        ),
        (
            lambda: expect(DOC.get_by_role("listitem").first).to_contain_text("te", ignore_case=True),
            lambda: expect(DOC.get_by_role("listitem").first).to_contain_text("te"),
        ),
        (
            lambda: expect(DOC.get_by_role("heading")).to_have_accessible_name(re.compile("^Ord")),
            lambda: expect(DOC.get_by_role("heading")).to_have_accessible_name("Ord"),
        ),
        (
            lambda: expect(DOC.get_by_label("Open")).to_have_role("checkbox"),
            lambda: expect(DOC.get_by_label("Open")).to_have_role("switch"),
        ),
        (
            lambda: expect(DOC.get_by_title("Later")).to_have_attribute("title", re.compile("Lat")),
            lambda: expect(DOC.get_by_title("Later")).to_have_attribute("aria-label", "Later"),
        ),
        (
            lambda: expect(DOC.get_by_role("heading")).to_match_aria_snapshot('- heading "Orders" [level=1]'),
            lambda: expect(DOC.get_by_role("heading")).to_match_aria_snapshot("- heading [level=2]"),
        ),
    ],
)
def test_each_assertion_passes_and_fails(passing, failing):
    passing()
    with pytest.raises(ExpectError):
        failing()


def test_not_to_inverts_an_assertion_but_not_a_strictness_error():
    expect(DOC.get_by_role("heading")).not_to_have_text("Invoices")
    with pytest.raises(ExpectError, match="not_to_have_text failed"):
        expect(DOC.get_by_role("heading")).not_to_have_text("Orders")
    with pytest.raises(QueryError, match="strict mode violation"):
        expect(DOC.get_by_role("button", name="Refund")).not_to_be_disabled()
    with pytest.raises(AttributeError):
        expect(DOC.get_by_role("heading")).to_be_shiny()


def test_page_assertions_title_and_url():
    doc = Document.from_html("<title> Orders \n — admin</title>", url="https://shop.example/orders")
    expect(doc).to_have_title("Orders — admin")
    expect(doc).to_have_url(re.compile(r"/orders$"))
    expect(doc).not_to_have_title("Orders")
    with pytest.raises(
        ExpectError,
        match="to_have_url failed\n  Page: https://shop.example/orders\n  Expected: 'https://shop.example/'",
    ):
        expect(doc).to_have_url("https://shop.example/")


def test_expect_takes_a_locator_or_a_page():
    with pytest.raises(TypeError, match="expect\\(\\) takes a Locator or a Document, got str"):
        expect("<p>x</p>")
