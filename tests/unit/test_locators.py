"""Locators with Playwright's semantics (axsynth.locator): roles and names by
Playwright's rules, its matching of names and text, chaining, filters and strictness."""

import re

import pytest

from axsynth import Document, Locator, QueryError
from axsynth.locator import set_test_id_attribute

ORDERS = """<!DOCTYPE html>
<h1>My day</h1>
<h3>Tasks</h3>
<table>
  <tr><th>Order</th><th>Total</th><th></th></tr>
  <tr><td>Blue  mug</td><td>$12</td><td><button>Refund</button></td></tr>
  <tr><td>Tea sampler</td><td>$18</td><td><button>Refund</button></td></tr>
  <tr><td>Gift card</td><td>$50</td><td><button disabled>Refund</button></td></tr>
</table>
<img src="cat.png" alt="Cat on a mat">
"""


@pytest.fixture(scope="module")
def orders() -> Document:
    return Document.from_html(ORDERS)


def names(locator: Locator) -> list[str]:
    return [item.name for item in locator.all()]


# --- get_by_role --------------------------------------------------------------------------------


def test_roles_and_names_are_playwrights_not_chromiums(orders: Document):
    # Chromium reports "image" and an empty row name; Playwright says img, and a row's
    # name is its text (what aria_snapshot prints).
    assert orders.get_by_role("img").name == "Cat on a mat"
    assert orders.get_by_role("row", name="Tea sampler $18 Refund", exact=True).count() == 1
    assert '- row "Tea sampler $18 Refund"' in orders.aria_snapshot()
    # The CDP view is unchanged: Chromium's role, looked up exactly.
    assert [n.name for n in orders.find_all_by_role("image")] == ["Cat on a mat"]


def test_name_is_a_case_insensitive_substring_unless_exact(orders: Document):
    assert orders.get_by_role("row", name="blue mug").count() == 1  # white space collapsed too
    assert orders.get_by_role("row", name="blue mug", exact=True).count() == 0
    assert orders.get_by_role("img", name="  Cat on   a mat ", exact=True).count() == 1
    assert orders.get_by_role("img", name="cat", exact=True).count() == 0
    assert orders.get_by_role("button", name=re.compile(r"^Ref")).count() == 3
    assert orders.get_by_role("button", name=re.compile(r"^ref")).count() == 0


def test_state_options_filter(orders: Document):
    assert orders.get_by_role("button", disabled=True).count() == 1
    assert orders.get_by_role("button", disabled=False).count() == 2
    assert orders.get_by_role("heading", level=3).name == "Tasks"
    doc = Document.from_html("""
        <input type=checkbox checked aria-label=A><input type=checkbox aria-label=B>
        <div role=checkbox aria-checked=mixed aria-label=C></div>
        <button aria-expanded=true>Menu</button><button aria-expanded=false>More</button><button>Plain</button>
        <button aria-pressed=true>Bold</button>
        <select multiple aria-label=S><option selected>One<option>Two</select>
        <fieldset disabled><input aria-label=F></fieldset>
        <div aria-disabled=true><div role=button>Inherited</div></div>""")
    assert names(doc.get_by_role("checkbox", checked=True)) == ["A"]
    assert names(doc.get_by_role("checkbox", checked="mixed")) == ["C"]
    assert names(doc.get_by_role("button", expanded=True)) == ["Menu"]
    # Playwright's getAriaExpanded: no attribute is "undefined", not false.
    assert names(doc.get_by_role("button", expanded=False)) == ["More"]
    assert names(doc.get_by_role("button", pressed=True)) == ["Bold"]
    assert names(doc.get_by_role("option", selected=True)) == ["One"]
    assert names(doc.get_by_role("textbox", disabled=True)) == ["F"]
    assert names(doc.get_by_role("button", disabled=True)) == ["Inherited"]


def test_hidden_elements_only_with_include_hidden():
    doc = Document.from_html("""<button>Shown</button><button hidden>Gone</button>
        <div aria-hidden=true><button>Muted</button></div><button style="visibility:hidden">Invisible</button>""")
    assert names(doc.get_by_role("button")) == ["Shown"]
    hidden_too = doc.get_by_role("button", include_hidden=True)
    assert [b.text_content() for b in hidden_too.all()] == ["Shown", "Gone", "Muted", "Invisible"]
    # the name is computed with hidden content too (Playwright's includeHidden)
    assert doc.get_by_role("button", name="Gone", include_hidden=True).count() == 1


def test_open_shadow_roots_are_pierced_closed_ones_are_not():
    doc = Document.from_html("""<div><template shadowrootmode=open><button>Open</button></template></div>
        <div><template shadowrootmode=closed><button>Closed</button></template></div>""")
    assert names(doc.get_by_role("button")) == ["Open"]


def test_options_a_role_does_not_support_are_refused_as_playwright_does(orders: Document):
    with pytest.raises(ValueError, match=r'"checked" is only supported for roles: "checkbox"'):
        orders.get_by_role("button", checked=True)
    with pytest.raises(ValueError, match=r"unknown ARIA role 'image'; did you mean 'img'\?"):
        orders.get_by_role("image")


# --- chaining, filters, nth --------------------------------------------------------------------------


def test_three_refund_buttons_told_apart(orders: Document):
    refunds = orders.get_by_role("button", name="Refund")
    assert refunds.count() == 3
    tea_row = orders.get_by_role("row").filter(has_text="Tea sampler")
    assert tea_row.get_by_role("button", name="Refund").count() == 1
    assert (
        orders.get_by_role("row").filter(has=orders.get_by_role("button", disabled=True)).name == "Gift card $50 Refund"
    )
    assert orders.get_by_role("row").filter(has_not_text="$").name == "Order Total"
    assert orders.get_by_role("row").filter(has_not=orders.get_by_role("button")).count() == 1
    assert refunds.first.is_enabled() and refunds.last.is_disabled()
    assert refunds.nth(-1).element is refunds.nth(2).element
    assert refunds.nth(3).count() == 0
    assert [r.is_disabled() for r in refunds.all()] == [False, False, True]


def test_chained_queries_search_below_each_match(orders: Document):
    rows = orders.get_by_role("row")
    assert rows.get_by_role("cell", name="$").count() == 3
    assert rows.nth(2).get_by_role("cell").first.name == "Tea sampler"
    assert orders.locator("tr").locator("td").count() == 9
    assert orders.locator("tr", has_text="Gift").get_by_role("button").is_disabled()


# --- strictness: errors that say what exists ----------------------------------------------------------


def test_a_miss_lists_the_candidates_with_the_states_that_made_them_miss(orders: Document):
    with pytest.raises(QueryError) as error:
        orders.get_by_role("heading", level=2).element
    assert str(error.value) == (
        "get_by_role('heading', level=2) resolved to no element; elements with role 'heading':\n"
        '  heading "My day" [level=1]  <h1>My day</h1>\n'
        '  heading "Tasks" [level=3]  <h3>Tasks</h3>'
    )


def test_several_matches_are_a_strict_mode_violation_listing_each(orders: Document):
    with pytest.raises(QueryError) as error:
        orders.get_by_role("button", name="Refund", disabled=False).text_content()
    message = str(error.value)
    assert message.startswith(
        "strict mode violation: get_by_role('button', name='Refund', disabled=False) resolved to 2 elements:\n"
    )
    assert message.count('button "Refund" [disabled=false]') == 2


def test_strict_mode_shows_each_element_as_playwright_previews_it():
    """injectedScript's previewNode (Playwright 1.65, checked against it): every attribute but
    style, shortest first, empty boolean ones bare; text when only text; void elements closed."""
    doc = Document.from_html(
        '<button>Refund</button><button disabled title=Later style="color:red">Refund</button>'
        '<button class="a b" data-x="1"><span>Re</span>fund</button><input type=checkbox checked>'
        "<input type=checkbox><p>one\n\ttwo</p><p>" + "x" * 60 + "</p>"
    )
    with pytest.raises(QueryError) as error:
        doc.get_by_role("button").element
    assert str(error.value).splitlines()[1:4] == [
        '  1) button "Refund"  <button>Refund</button>',
        '  2) button "Refund"  <button disabled title="Later">Refund</button>',
        '  3) button "Refund"  <button data-x="1" class="a b">\u2026</button>',
    ]
    with pytest.raises(QueryError) as error:
        doc.get_by_role("checkbox").element
    assert '<input checked type="checkbox"/>' in str(error.value) and '<input type="checkbox"/>' in str(error.value)
    with pytest.raises(QueryError) as error:
        doc.get_by_role("paragraph").element
    assert "<p>one\u21b5\u21c6two</p>" in str(error.value)
    assert "<p>" + "x" * 49 + "\u2026</p>" in str(error.value)


def test_a_miss_of_an_absent_role_lists_the_roles_present(orders: Document):
    with pytest.raises(
        QueryError, match=r"no element has role 'dialog' there \(roles present: button, cell, columnheader"
    ):
        orders.get_by_role("dialog").element


def test_a_locator_has_no_truth_value_so_assert_locator_cannot_pass_vacuously(orders: Document):
    with pytest.raises(TypeError, match=r"get_by_role\('dialog'\)\.count\(\)"):
        assert orders.get_by_role("dialog")


def test_repr_shows_the_chain(orders: Document):
    locator = orders.get_by_role("row").filter(has_text="Tea").get_by_role("button").first
    assert repr(locator) == "<Locator get_by_role('row').filter(has_text='Tea').get_by_role('button').first>"


# --- the other get_by_* ----------------------------------------------------------------------------


def test_get_by_text_finds_the_smallest_element_holding_the_text():
    doc = Document.from_html("""<head><title>Welcome</title></head>
        <div><p>Welcome,   <b>Ada</b>!</p><span>welcome</span></div>
        <script>welcome()</script><p hidden>Welcome back</p><input type=submit value="Welcome in">""")
    # The <div> holds the text too, but a child does: only the smallest count. Hidden ones count
    # (as in Playwright); <title>, <script> never do.
    assert [e.local_name for e in doc.get_by_text("welcome").elements()] == ["p", "span", "p", "input"]
    assert doc.get_by_text("Welcome, Ada!", exact=True).element.local_name == "p"
    assert doc.get_by_text("welcome", exact=True).text_content() == "welcome"
    # exact also matches a run of the element's own text
    assert doc.get_by_text("Welcome,", exact=True).count() == 1
    assert doc.get_by_text(re.compile(r"^Welcome back$")).count() == 1


def test_get_by_label_reads_labels_aria_label_and_labelledby():
    doc = Document.from_html("""
        <label for=e>Email address</label><input id=e>
        <label>Password <input type=password></label>
        <input aria-label="Search the site">
        <span id=q>Quantity</span><input aria-labelledby=q>
        <input type=hidden aria-label="Hidden field">""")
    assert doc.get_by_label("email").get_attribute("id") == "e"
    assert doc.get_by_label("Password", exact=True).get_attribute("type") == "password"
    assert doc.get_by_label("search").count() == 1
    assert doc.get_by_label("Quantity", exact=True).count() == 1
    assert doc.get_by_label(re.compile("^Qua")).count() == 1
    assert doc.get_by_label("address", exact=True).count() == 0


def test_attribute_locators_placeholder_alt_title():
    doc = Document.from_html("""<input placeholder="name@example.com"><img alt="Company Logo" src=l.png>
        <span title="Issues count">25</span>""")
    assert doc.get_by_placeholder("@EXAMPLE").count() == 1
    assert doc.get_by_placeholder("name@example", exact=True).count() == 0
    assert doc.get_by_alt_text("logo").get_attribute("src") == "l.png"
    assert doc.get_by_alt_text("Company Logo", exact=True).count() == 1
    assert doc.get_by_title(re.compile("count$")).text_content() == "25"


def test_get_by_test_id_is_exact_and_its_attribute_configurable():
    doc = Document.from_html("<div data-testid=cart>2</div><div data-testid=cart-total data-pw=total>9</div>")
    assert doc.get_by_test_id("cart").text_content() == "2"
    assert doc.get_by_test_id(re.compile("^cart")).count() == 2
    set_test_id_attribute("data-pw")
    try:
        assert doc.get_by_test_id("total").text_content() == "9"
        assert doc.get_by_test_id("cart").count() == 0
    finally:
        set_test_id_attribute("data-testid")


def test_locator_css_and_bad_selectors():
    doc = Document.from_html("<nav><a href=/>Home</a><a href=/about>About</a></nav><a href=/x>Out</a>")
    assert doc.locator("nav").locator("a").count() == 2
    assert doc.locator("a", has_text="out").count() == 2  # "About" holds "out" too
    assert doc.locator("a", has_text=re.compile("^Out")).get_attribute("href") == "/x"
    with pytest.raises(QueryError, match="invalid selector"):
        doc.locator("a[").count()
    with pytest.raises(TypeError):
        doc.locator(None)


def test_selector_engines():
    """``name=body`` goes to a registered engine (Playwright's parser); an ``=`` inside CSS stays CSS."""
    doc = Document.from_html("<nav><a href='/?a=b'>Home</a></nav><a href=/x>Out</a>")
    assert doc.locator("css=nav a").count() == 1
    assert doc.locator(" css = a").count() == 2
    assert doc.locator("a[href='/?a=b']").count() == 1
    assert doc.locator("nav").locator("css=a").count() == 1
    with pytest.raises(QueryError, match="invalid selector"):
        doc.locator("nosuchengine=a").count()


# --- reading one element ------------------------------------------------------------------------------


def test_reads_of_one_element(orders: Document):
    doc = Document.from_html(
        "<label><input type=checkbox checked> Keep me</label><button>Go</button><p style='display:none'>Gone</p>"
    )
    assert doc.get_by_label("Keep me").is_checked()
    with pytest.raises(QueryError, match="not a checkbox or radio button"):
        doc.get_by_role("button").is_checked()
    assert doc.get_by_text("Gone").is_hidden() and doc.get_by_role("button").is_visible()
    assert doc.get_by_text("nothing like this").is_visible() is False
    assert doc.get_by_role("button").aria_snapshot() == '- button "Go"'
    # the bridge to Chromium's tree: the same element's CDP node
    assert orders.get_by_role("img").ax_node.role == "image"


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda d: d.get_by_role("heading", level="2"), "level= takes a positive int, got '2'"),
        (lambda d: d.get_by_role("button", disabled="yes"), "disabled= takes a bool, got 'yes'"),
        (lambda d: d.get_by_role("checkbox", checked="true"), "checked= takes a bool or \"mixed\", got 'true'"),
        (lambda d: d.get_by_role("button").nth("1"), "nth() takes an int, got str"),
        (lambda d: d.get_by_text(None), "expected a string or a compiled regex, got NoneType"),
        (lambda d: d.get_by_role("row").filter(has="button"), "has/has_not take a Locator, got str"),
    ],
)
def test_options_of_the_wrong_type_are_refused_rather_than_matching_nothing(orders: Document, call, message):
    with pytest.raises(TypeError, match=re.escape(message)):
        call(orders)


def test_every_role_and_name_of_every_snapshot_is_found_by_get_by_role(fixtures_dir):
    # One engine: what aria_snapshot() prints, get_by_role finds, as many times, on every fixture.
    from axsynth.playwright.template import parse_snapshot

    mismatches, checked = [], 0
    for path in sorted(fixtures_dir.glob("*.html")):
        doc = Document.from_file(path)
        counts: dict[tuple[str, str], int] = {}
        stack = list(parse_snapshot(doc.aria_snapshot()).children)
        while stack:
            node = stack.pop()
            if isinstance(node, str):
                continue
            stack.extend(node.children)
            if node.name and node.role != "iframe":
                counts[(node.role, node.name)] = counts.get((node.role, node.name), 0) + 1
        for (role, name), count in counts.items():
            checked += 1
            found = doc.get_by_role(role, name=name, exact=True).count()
            if found != count:
                mismatches.append(f"{path.name}: {role} {name!r} printed {count}x, found {found}x")
    assert checked > 4000 and mismatches == []
