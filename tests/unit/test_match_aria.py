"""match_aria_snapshot: Playwright's toMatchAriaSnapshot rules, one per test.

Each case follows Playwright's documentation (docs/aria-snapshots) or its
matcher (matchesNodeDeep, containsList, listEqual, KeyParser)."""

import re
from pathlib import Path

import pytest

from axsynth import AriaTemplateError, Document, match_aria_snapshot
from axsynth.playwright.template import parse_snapshot, parse_template


def page(body: str) -> Document:
    return Document.from_html(f"<!DOCTYPE html><html><body>{body}</body></html>", "http://t.test/")


FEATURES = page(
    "<h1>Features</h1>"
    "<ul aria-label='Features'><li>Feature A</li><li>Feature B</li><li>Feature C</li></ul>"
    "<nav><a href='/about'>About</a><a href='/docs'>Docs</a></nav>"
)


def matches(source, template: str) -> bool:
    return bool(match_aria_snapshot(source, template))


# --- partial matching ----------------------------------------------------------------------------


def test_a_role_alone_matches_any_node_with_that_role():
    assert matches(FEATURES, "- heading")
    assert matches(FEATURES, "- list")
    assert not matches(FEATURES, "- button")


def test_omitted_attributes_and_name_are_not_checked():
    assert matches(FEATURES, '- heading "Features"')
    assert matches(FEATURES, "- heading [level=1]")


def test_children_are_matched_as_an_ordered_subsequence():
    assert matches(
        FEATURES,
        """
        - list:
          - listitem: Feature A
          - listitem: Feature C
    """,
    )


def test_children_out_of_order_do_not_match():
    assert not matches(
        FEATURES,
        """
        - list:
          - listitem: Feature C
          - listitem: Feature A
    """,
    )


def test_the_template_may_match_anywhere_in_the_tree():
    assert matches(FEATURES, "- listitem: Feature B")
    assert matches(
        FEATURES,
        """
        - link "About"
        - link "Docs"
    """,
    )


def test_several_top_level_items_must_be_siblings_in_order():
    assert matches(FEATURES, "- heading\n- list\n- navigation")
    assert not matches(FEATURES, "- navigation\n- heading")
    # The heading and the links are not children of the same node.
    assert not matches(FEATURES, '- heading\n- link "About"')


def test_a_template_child_cannot_be_satisfied_by_a_grandchild():
    assert not matches(FEATURES, "- navigation:\n  - text: Feature A")
    assert not matches(page("<main><div><p><a href='/x'>deep</a></p></div></main>"), "- main:\n  - link")


def test_a_listed_child_needs_as_many_children():
    assert not matches(page("<ul><li>one</li></ul>"), "- list:\n  - listitem\n  - listitem")


# --- names and text --------------------------------------------------------------------------------


def test_names_are_compared_exactly():
    assert not matches(FEATURES, '- heading "Feature"')
    assert not matches(FEATURES, '- heading "features"')


def test_regex_names_are_searched_not_anchored():
    assert matches(FEATURES, "- heading /Feat/")
    assert matches(FEATURES, r"- list /^F\w+s$/")
    assert not matches(FEATURES, "- heading /^eat/")


def test_a_regex_name_does_not_match_an_empty_name():
    assert not matches(page("<button aria-label=''><img alt=''></button>"), "- button /.*/")


def test_template_names_are_whitespace_normalized():
    assert matches(FEATURES, '- heading "  Features  "')


def test_text_may_be_a_regex():
    doc = page("<p>Showing 42 items</p>")
    assert matches(doc, r"- paragraph: /\d+ items/")
    assert matches(doc, r"- text: /Showing \d+/")
    assert not matches(doc, r"- paragraph: /^\d+ items/")


def test_text_is_compared_after_whitespace_normalization():
    assert matches(page("<p>two words</p>"), '- paragraph: "  two   words "')


def test_an_invalid_text_regex_is_plain_text():
    assert matches(page("<p>/[/</p>"), "- paragraph: /[/")


def test_javascript_named_groups_are_accepted():
    assert matches(page("<p>abab</p>"), r"- paragraph: /(?<x>ab)\k<x>/")


def test_an_empty_text_template_matches_anything():
    assert matches(page("<p>anything</p>"), '- paragraph: ""')


def test_inline_text_is_a_single_text_child():
    doc = page("<p>Read <a href='/d'>docs</a> now</p>")
    assert matches(doc, "- paragraph:\n  - text: Read\n  - text: now")
    assert not matches(doc, "- paragraph: Read docs now")


# --- attributes ------------------------------------------------------------------------------------


STATES = page(
    "<input type='checkbox' aria-label='On' checked><input type='checkbox' aria-label='Off'>"
    "<div role='checkbox' aria-label='Some' aria-checked='mixed'></div>"
    "<button aria-pressed='true'>Bold</button><button disabled>Send</button>"
    "<button aria-expanded='true'>Menu</button><h3>Third</h3>"
    "<div role='tablist'><div role='tab' aria-selected='true'>One</div><div role='tab'>Two</div></div>"
)


@pytest.mark.parametrize(
    "template, expected",
    [
        ('- checkbox "On" [checked]', True),
        ('- checkbox "On" [checked=true]', True),
        ('- checkbox "On" [checked=false]', False),
        ('- checkbox "Off" [checked=false]', True),
        ('- checkbox "Off" [checked]', False),
        ('- checkbox "Some" [checked=mixed]', True),
        ('- checkbox "Some" [checked]', False),
        ('- button "Bold" [pressed]', True),
        ('- button "Send" [pressed]', False),
        ('- button "Send" [disabled]', True),
        ('- button "Bold" [disabled=false]', True),
        ('- button "Menu" [expanded]', True),
        ('- button "Send" [expanded=false]', True),
        ('- heading "Third" [level=3]', True),
        ('- heading "Third" [level=2]', False),
        ('- tab "One" [selected]', True),
        ('- tab "Two" [selected]', False),
        ('- tab "Two" [selected=false]', True),
    ],
)
def test_attributes(template, expected):
    assert matches(STATES, template) is expected


def test_a_state_the_role_does_not_have_never_matches():
    # Playwright leaves such a state undefined, so even "=false" differs.
    assert not matches(page("<p>x</p>"), "- paragraph [checked=false]")


def test_several_attributes_all_apply():
    assert matches(STATES, '- tablist:\n  - tab "One" [selected]\n  - tab "Two"')
    doc = page("<input type='checkbox' aria-label='x' checked disabled>")
    assert matches(doc, "- checkbox [checked] [disabled]")
    assert not matches(doc, "- checkbox [checked] [disabled=false]")


# --- /children -------------------------------------------------------------------------------------


def test_children_equal_rejects_extra_children():
    template = """
        - list:
          - /children: equal
          - listitem: Feature A
          - listitem: Feature C
    """
    assert not matches(FEATURES, template)
    all_three = template.replace("listitem: Feature C", "listitem: Feature B\n          - listitem: Feature C")
    assert matches(FEATURES, all_three)


def test_children_equal_is_one_level_deep():
    doc = page("<ul><li>A <b role='img' aria-label='star'></b></li></ul>")
    assert matches(doc, "- list:\n  - /children: equal\n  - listitem")
    assert not matches(doc, "- list:\n  - /children: deep-equal\n  - listitem")
    assert matches(doc, '- list:\n  - /children: deep-equal\n  - listitem:\n    - text: A\n    - img "star"')


def test_children_contain_is_the_default_and_can_be_restated_below_deep_equal():
    doc = page("<ul><li>A <b role='img' aria-label='star'></b></li></ul>")
    assert matches(doc, "- list:\n  - /children: contain\n  - listitem")
    assert matches(doc, "- list:\n  - /children: deep-equal\n  - listitem:\n    - /children: contain\n    - text: A")


def test_top_level_children_equal_applies_to_the_matched_nodes_children():
    doc = page("<h1>T</h1><p>x</p>")
    assert matches(doc, "- /children: equal\n- heading\n- paragraph")
    assert not matches(doc, "- /children: equal\n- heading")


# --- /url and props --------------------------------------------------------------------------------


def test_url_is_matched_exactly_or_by_regex():
    assert matches(FEATURES, '- link "About":\n  - /url: /about')
    assert matches(FEATURES, "- link:\n  - /url: /do.s/")
    assert not matches(FEATURES, '- link "About":\n  - /url: /docs')


def test_other_props_are_not_compared_as_in_playwright():
    doc = page("<input aria-label='Email' placeholder='you@example.com'>")
    assert matches(doc, '- textbox "Email":\n  - /placeholder: something else')


# --- sources -----------------------------------------------------------------------------------------


def test_html_strings_bytes_files_and_snapshots_are_accepted(tmp_path: Path):
    html = "<!DOCTYPE html><h1>Title</h1>"
    file = tmp_path / "p.html"
    file.write_text(html)
    snapshot = Document.from_html(html).aria_snapshot()
    for source in (html, html.encode(), file, snapshot):
        assert matches(source, '- heading "Title" [level=1]'), source
        assert not matches(source, '- heading "Other"'), source


def test_scope_limits_the_match_to_one_element():
    assert matches(FEATURES.aria_snapshot(), '- link "About"')
    assert not match_aria_snapshot(FEATURES, '- link "About"', scope="ul")
    assert match_aria_snapshot(FEATURES, '- link "About"', scope="nav")


@pytest.mark.parametrize("template", ["", "   \n", "# only a comment\n"])
def test_an_empty_template_is_an_error_not_a_vacuous_pass(template):
    with pytest.raises(AriaTemplateError, match="the template is empty, so it would match any page.*--axsynth-update"):
        match_aria_snapshot(FEATURES, template)


def test_a_path_is_read_as_a_file_and_a_file_name_string_is_refused(tmp_path, monkeypatch):
    (tmp_path / "login.html").write_text("<button>Sign in</button>")
    assert match_aria_snapshot(tmp_path / "login.html", '- button "Sign in"')
    monkeypatch.chdir(tmp_path)
    for name in ("login.html", "missing.html"):
        with pytest.raises(ValueError, match=re.escape(f"pass pathlib.Path('{name}') to read the file")):
            match_aria_snapshot(name, "- button")
    (tmp_path / "notes").write_text("<p>x</p>")
    with pytest.raises(ValueError, match="looks like a file name"):
        match_aria_snapshot("notes", "- paragraph")
    assert match_aria_snapshot("Sign in", "- text: Sign in")  # a word that names no file is HTML


# --- the snapshot round trip -----------------------------------------------------------------------


@pytest.mark.parametrize("fixture", ["form-login", "headings-recipe-page", "buttons-toggle-pressed"])
def test_every_snapshot_matches_itself_and_equal_at_every_level(fixture, fixtures_dir):
    snapshot = Document.from_file(fixtures_dir / f"{fixture}.html").aria_snapshot()
    assert matches(snapshot, snapshot)
    assert matches(snapshot, "- /children: deep-equal\n" + snapshot)


def test_a_received_snapshot_keeps_states_only_for_roles_that_have_them():
    tree = parse_snapshot('- button "B" [pressed]\n- paragraph: x')
    button, paragraph = tree.children
    assert button.states["pressed"] is True and button.states["disabled"] is False
    assert "pressed" not in paragraph.states and paragraph.children == ["x"]


# --- failures explain themselves -----------------------------------------------------------------


def test_a_failure_names_the_template_line_and_what_was_received():
    result = match_aria_snapshot(
        FEATURES,
        """
        - heading "Features" [level=2]
    """,
    )
    assert not result
    assert result.problems == ['line 2: - heading "Features" [level=2] — received heading "Features" [level=1]']
    assert '-- heading "Features" [level=2]\n+- heading "Features" [level=1]' in result.diff


def test_the_diff_shows_matched_lines_as_the_template_wrote_them():
    result = match_aria_snapshot(
        FEATURES,
        r"""
        - list /Feat/:
          - listitem: /A$/
          - listitem: Feature Z
    """,
    )
    assert result.problems == ["line 4: - text: Feature Z — received text Feature B"]
    assert result.diff.splitlines()[2:] == [
        "@@ -1,3 +1,3 @@",
        " - list /Feat/:",
        "   - listitem: /A$/",
        "-  - listitem: Feature Z",
        "+  - listitem: Feature B",
    ]


def test_a_missing_child_shows_what_is_there_instead():
    result = match_aria_snapshot(FEATURES, '- navigation:\n  - button "Go"')
    assert result.problems == ['line 2: - button "Go" — not found']
    assert '+  - link "About":\n+    - /url: /about\n+  - link "Docs":' in result.diff


def test_extra_children_under_equal_are_reported():
    result = match_aria_snapshot(FEATURES, "- list:\n  - /children: equal\n  - listitem: Feature A")
    assert "line 1: 2 more children than the 1 the template lists" in result.problems
    assert "+  - listitem: Feature B" in result.diff


def test_a_role_absent_from_the_page_is_named():
    result = match_aria_snapshot(FEATURES, '- dialog "Settings"')
    assert result.problems == ["line 1: no node with role 'dialog' in the snapshot"]


def test_the_best_matching_node_is_the_one_explained():
    doc = page("<ul aria-label='a'><li>x</li></ul><ul aria-label='b'><li>one</li><li>two</li></ul>")
    result = match_aria_snapshot(doc, "- list:\n  - listitem: one\n  - listitem: three")
    assert "   - listitem: one\n-  - listitem: three\n+  - listitem: two" in result.diff


def test_the_message_carries_the_diff_and_the_repr_the_first_problem():
    result = match_aria_snapshot(FEATURES, '- heading "Nope"\n- button')
    assert str(result).startswith("the ARIA snapshot does not match the template\n  line 1:")
    assert "+++ received" in result.message
    assert repr(result) == (
        '<AriaMatch failed: line 1: - heading "Nope" — received heading "Features" [level=1] (and 1 more)>'
    )
    assert repr(match_aria_snapshot(FEATURES, "- heading")) == "<AriaMatch matched>"


def test_the_result_keeps_the_received_snapshot():
    assert match_aria_snapshot(FEATURES, "- button").received == FEATURES.aria_snapshot()


# --- template errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "template, message",
    [
        ("- heading [level=x]", 'line 1: Value of "level" attribute must be a number'),
        ("- checkbox [checked=maybe]", 'Value of "checked" attribute must be one of true, false, mixed'),
        ("- button [disabled=1]", 'Value of "disabled" attribute must be a boolean'),
        ("- button [focused]", "Unsupported attribute [focused]"),
        ('- button "open', "Unterminated string"),
        ("- button /open", "Unterminated regex"),
        ("- button [disabled", "Expected ]"),
        ('- button "a" b', "Unexpected input"),
        ("- list:\n  - /children: some", '/children must be "contain", "equal" or "deep-equal"'),
        ("heading", 'line 1: a sequence item must start with "- "'),
        ("- heading\n   - x", "line 2: unexpected indentation"),
        ("- button /(/", "Invalid regular expression"),
        ("- text:\n  - button", "text: the value must be a string"),
    ],
)
def test_template_errors_say_what_and_where(template, message):
    with pytest.raises(AriaTemplateError, match=re.escape(message)):
        match_aria_snapshot(FEATURES, template)


def test_a_key_split_by_yaml_shows_the_quoted_key_to_write():
    html = '<input type=checkbox aria-label="Done: Write report" checked>'
    with pytest.raises(AriaTemplateError) as error:
        match_aria_snapshot(html, '- checkbox "Done: Write report" [checked]')
    fix = """- 'checkbox "Done: Write report" [checked]'"""
    assert str(error.value) == (
        'line 1: Unterminated string in the key \'checkbox "Done\': YAML ends a plain key at the first ": ". '
        f"Quote the whole key, as aria_snapshot() prints it:\n\n{fix}\n"
    )
    assert match_aria_snapshot(html, fix)  # the suggested fix works
    assert "- 'checkbox \"Done: Write report\" [checked]'" == Document.from_html(html).aria_snapshot()


def test_a_key_error_points_at_the_column():
    with pytest.raises(AriaTemplateError) as error:
        parse_template('- button "x" [bad]')
    assert 'button "x" [bad]\n            ^' in str(error.value)


# --- the YAML subset -------------------------------------------------------------------------------


def test_quoted_keys_and_values_and_comments_are_read():
    template = parse_template("""
        # a comment
        - 'heading "It''s: here"' # trailing comment
        - "paragraph": "tab\\there \\u00e9"
    """)
    heading, paragraph = template.children
    assert heading.name == "It's: here"
    assert paragraph.children[0].text.raw == "tab\there \u00e9"


LETTER = Document.from_html("""<main><p>Dear team,
   the report is ready.</p><pre>line one
line two</pre><ul><li>A long item that wraps</li></ul></main>""")


@pytest.mark.parametrize(
    "template",
    [
        "- paragraph: |\n    Dear team,\n    the report is ready.",
        "- paragraph: |-\n    Dear team,\n\n    the report is ready.\n",
        "- paragraph: >\n    Dear team,\n    the report is ready.",
        "- paragraph: >+\n      Dear team,\n      # not a comment: text\n",  # fails below: shows it is text
        "- paragraph: Dear team,\n    the report is ready.",
        '- paragraph: "Dear team,\n    the report is ready."',
        "- paragraph: 'Dear team,\n\n    the report is ready.'",
        "- main:\n  - text: /line one\\s+line two/\n  - list:\n    - listitem: |\n        A long item\n"
        "        that wraps",
    ],
)
def test_block_scalars_and_multi_line_strings_are_read_as_yaml_folds_them(template):
    expected = "# not a comment" not in template
    assert bool(match_aria_snapshot(LETTER, template)) is expected, template


# Playwright's "should unpack escaped names" (tests/page/to-match-aria-snapshot.spec.ts), the
# pages and templates as its JavaScript template literals make them.
UNPACKED_NAMES = [
    ("<button>Click: me</button>", [r"""- 'button "Click: me"'""", r"- 'button /Click: me/'"]),
    ("<button>Click / me</button>", [r'- button "Click / me"', r"- button /Click \/ me/", r"- 'button /Click \/ me/'"]),
    ('<button>Click " me</button>', [r'- button "Click \" me"', r'- button /Click " me/', r"- button /Click \" me/"]),
    (
        r"<button>Click \ me</button>",
        [r'- button "Click \\ me"', r"- button /Click \\ me/", r"- 'button /Click \\ me/'"],
    ),
    ("<button>Click ' me</button>", [r"""- 'button "Click '' me"'"""]),
    ('<h1>heading "name" [level=1]</h1>', [r'- heading "heading \"name\" [level=1]" [level=1]']),
    (
        r"<h1>heading \" [level=2]</h1>",
        [
            r"""
      - |
          heading    "heading \\\" [level=2]" [
             level  =   1   ]
    """
        ],
    ),
]


@pytest.mark.parametrize("html,templates", UNPACKED_NAMES, ids=lambda v: v if isinstance(v, str) else "")
def test_playwright_unpacks_escaped_names(html, templates):
    doc = page(html)
    for template in templates:
        assert matches(doc, template), template


def test_a_sequence_item_can_be_a_block_scalar():
    """``- |`` followed by the entry on more-indented lines, as YAML reads it (literal
    or folded, with chomping): the entry is the scalar's text."""
    assert parse_template("- |\n    heading [level=1]\n").role == "heading"
    folded = parse_template('- >-\n    button\n    "Go"\n- link').children[0]
    assert (folded.role, folded.name) == ("button", "Go")
    assert matches(FEATURES, '- navigation:\n  - |\n    link "Docs"')
    with pytest.raises(AriaTemplateError):  # YAML: a line indented less than the block's content
        parse_template("- |\n    heading\n  - button")


def test_block_scalar_lines_keep_their_breaks_and_chomping():
    literal = parse_template("- paragraph: |\n    a\n      b\n\n    c # kept\n").children[0].text.raw
    assert literal == "a\n  b\n\nc # kept\n"
    folded = parse_template("- paragraph: >-\n    a\n    b\n\n    c\n").children[0].text.raw
    assert folded == "a b\nc"
    kept = parse_template("- paragraph: |+\n    a\n\n- button").children[0].children[0].text.raw
    assert kept == "a\n"


def test_an_unterminated_multi_line_string_says_so():
    with pytest.raises(AriaTemplateError, match="line 1: unterminated double-quoted string"):
        parse_template('- paragraph: "open\n    still open\n- button')


def test_several_entries_in_one_map_item_are_siblings():
    template = parse_template("- heading: Title\n  paragraph: Body")
    assert [node.role for node in template.children] == ["heading", "paragraph"]


def test_a_single_item_template_is_the_item_itself():
    assert parse_template("- button").role == "button"
    assert parse_template("- /children: equal\n- button").role == "fragment"


def test_a_hash_inside_a_quoted_value_is_text_and_after_it_a_comment():
    assert parse_template('- paragraph: "a # b" # a comment').children[0].text.raw == "a # b"
    assert parse_template("- button # a note: not a value").role == "button"
