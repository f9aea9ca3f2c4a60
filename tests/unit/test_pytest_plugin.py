"""The pytest plugin: fixtures, assert_aria_snapshot, and the syrupy extension,
each run in a scratch pytest session (pytester) as a user's project would."""

from importlib.metadata import entry_points

import pytest

PAGE = "<!DOCTYPE html><h1>Shop</h1><button>Buy</button>"


def test_the_plugin_is_registered_by_entry_point():
    plugins = {entry.name: entry.value for entry in entry_points(group="pytest11")}
    assert plugins.get("axsynth") == "axsynth.testing.pytest_plugin"


def test_ax_builds_documents_from_strings_and_files(pytester: pytest.Pytester):
    pytester.makefile(".html", page=PAGE)
    pytester.makepyfile(f"""
        def test_string(ax):
            assert ax({PAGE!r}).get_by_role("button", "Buy").name == "Buy"

        def test_file(ax):
            assert ax.file("page.html").get_by_role("heading").name == "Shop"
    """)
    pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(passed=2)


def test_assert_aria_snapshot_fails_with_the_problem_and_a_diff(pytester: pytest.Pytester):
    pytester.makepyfile(f"""
        from axsynth.testing import assert_aria_snapshot

        def test_page():
            assert_aria_snapshot({PAGE!r}, '''
                - heading "Shop" [level=2]
                - button "Buy"
            ''')
    """)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    report = result.stdout.str()
    assert (
        "E       AssertionError: the ARIA snapshot does not match the template\n"
        'E         line 2: - heading "Shop" [level=2] — received heading "Shop" [level=1]\n'
    ) in report
    assert (
        'E       -- heading "Shop" [level=2]\nE       +- heading "Shop" [level=1]\nE        - button "Buy"\n'
    ) in report
    # __tracebackhide__ keeps the helper's own frame out of the report.
    assert "result = match_aria_snapshot" not in report


def test_a_bare_assert_on_the_match_names_the_first_problem(pytester: pytest.Pytester):
    pytester.makepyfile(f"""
        from axsynth import match_aria_snapshot

        def test_page():
            assert match_aria_snapshot({PAGE!r}, '- button "Sell"')
    """)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    assert 'assert <AriaMatch failed: line 1: - button "Sell" — received button "Buy">' in result.stdout.str()


SYRUPY_TEST = """
    def test_page(ax_snapshot, aria_snapshot):
        assert ax_snapshot({html!r}) == aria_snapshot

    def test_agent(ax_snapshot, agent_snapshot):
        assert ax_snapshot({html!r}, format="agent") == agent_snapshot
"""


def test_syrupy_stores_plain_text_files_and_update_rewrites_them(pytester: pytest.Pytester):
    pytester.makepyfile(test_shop=SYRUPY_TEST.format(html=PAGE))
    pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(failed=2)  # nothing stored yet

    pytester.runpytest("-p", "no:cacheprovider", "--snapshot-update").assert_outcomes(passed=2)
    stored = pytester.path / "__snapshots__" / "test_shop"
    assert (stored / "test_page.aria.yml").read_text() == '- heading "Shop" [level=1]\n- button "Buy"\n'
    assert 'button "Buy"' in (stored / "test_agent.agent.txt").read_text()
    pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(passed=2)

    pytester.makepyfile(test_shop=SYRUPY_TEST.format(html=PAGE.replace("Buy", "Order")))
    failed = pytester.runpytest("-p", "no:cacheprovider")
    failed.assert_outcomes(failed=2)
    assert '- - button "Buy"\nE         + - button "Order"' in failed.stdout.str()

    pytester.runpytest("-p", "no:cacheprovider", "--snapshot-update").assert_outcomes(passed=2)
    assert (stored / "test_page.aria.yml").read_text() == '- heading "Shop" [level=1]\n- button "Order"\n'


def test_unknown_snapshot_formats_are_refused():
    from axsynth.testing import ax_snapshot

    with pytest.raises(ValueError, match="unknown snapshot format 'json'"):
        ax_snapshot(PAGE, format="json")


# --- pytest --axsynth-update: templates written into the test source ------------------------------

UPDATE_TEST = '''\
from axsynth.testing import assert_aria_snapshot

PAGE = {page!r}


def test_empty_template():
    assert_aria_snapshot(PAGE, "")


class TestNested:
    def test_scoped_and_indented(self, ax):
        with open(__file__):
            assert_aria_snapshot(ax(PAGE), template='', scope="nav")

    def test_a_failing_template_is_replaced(self):
        assert_aria_snapshot(PAGE, """
            - heading "Old"
        """)  # a comment after the call stays


def test_a_matching_template_is_kept():
    assert_aria_snapshot(PAGE, '- button "Buy"')
'''

UPDATED = '''\
from axsynth.testing import assert_aria_snapshot

PAGE = {page!r}


def test_empty_template():
    assert_aria_snapshot(PAGE, r"""
        - heading "Shop" [level=1]
        - navigation:
          - link "Cart":
            - /url: /cart
        - button "Buy"
    """)


class TestNested:
    def test_scoped_and_indented(self, ax):
        with open(__file__):
            assert_aria_snapshot(ax(PAGE), template=r"""
                - navigation:
                  - link "Cart":
                    - /url: /cart
            """, scope="nav")

    def test_a_failing_template_is_replaced(self):
        assert_aria_snapshot(PAGE, r"""
            - heading "Shop" [level=1]
            - navigation:
              - link "Cart":
                - /url: /cart
            - button "Buy"
        """)  # a comment after the call stays


def test_a_matching_template_is_kept():
    assert_aria_snapshot(PAGE, '- button "Buy"')
'''


def test_axsynth_update_writes_received_snapshots_into_the_test_source(pytester: pytest.Pytester):
    page = "<h1>Shop</h1><nav><a href=/cart>Cart</a></nav><button>Buy</button>"
    test_file = pytester.makepyfile(test_update=UPDATE_TEST.format(page=page))
    original, expected = test_file.read_text(), UPDATED.format(page=page).rstrip("\n") + "\n"

    without = pytester.runpytest("-p", "no:cacheprovider")
    without.assert_outcomes(failed=3, passed=1)
    assert "the template is empty, so it would match any page" in without.stdout.str()
    assert test_file.read_text() == original  # nothing written without the option

    updated = pytester.runpytest("-p", "no:cacheprovider", "--axsynth-update")
    updated.assert_outcomes(passed=4)
    assert f"axsynth: {test_file}: 3 ARIA templates updated" in updated.stdout.str()
    assert test_file.read_text().rstrip("\n") + "\n" == expected

    pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(passed=4)
    again = pytester.runpytest("-p", "no:cacheprovider", "--axsynth-update")
    assert "ARIA template" not in again.stdout.str() and test_file.read_text().rstrip("\n") + "\n" == expected


def test_axsynth_update_leaves_a_template_that_is_not_a_literal_and_says_so(pytester: pytest.Pytester):
    source = (
        "from axsynth.testing import assert_aria_snapshot\n\n\ndef test_x():\n"
        '    expected = ""\n    assert_aria_snapshot("<button>Buy</button>", expected)\n'
    )
    test_file = pytester.makepyfile(test_variable=source)
    source = test_file.read_text()
    result = pytester.runpytest("-p", "no:cacheprovider", "--axsynth-update")
    assert (
        "0 ARIA templates updated; not the call at line 6 (the template must be a string literal" in result.stdout.str()
    )
    assert test_file.read_text() == source
