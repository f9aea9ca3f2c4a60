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
        'E       -- heading "Shop" [level=2]\n'
        'E       +- heading "Shop" [level=1]\n'
        'E        - button "Buy"\n'
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
