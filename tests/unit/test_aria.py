"""The ARIA snapshot (Playwright's locator.aria_snapshot()), one rule per test."""

import subprocess
import sys

import pytest

from axsynth import Document
from axsynth.emit.aria import yaml_key, yaml_value


def snap(body: str, head: str = "", scope: str | None = None) -> str:
    html = f"<!DOCTYPE html><html><head>{head}</head><body>{body}</body></html>"
    return Document.from_html(html, "http://t.test/").aria_snapshot(scope)


def test_text_runs_merge_across_inline_elements_and_split_at_blocks():
    assert snap("<p>Hello <span>big</span>\n   world</p><div>a</div><div>b</div>") == (
        "- paragraph: Hello big world\n- text: a b"
    )


def test_role_elements_interrupt_text_and_single_text_child_is_inlined():
    assert snap("<p>Read <a href='/doc'>the docs</a> now</p>") == (
        '- paragraph:\n  - text: Read\n  - link "the docs":\n    - /url: /doc\n  - text: now'
    )


def test_child_text_equal_to_the_name_is_dropped():
    assert snap("<button>Save</button><button aria-label='Close'>x</button>") == (
        '- button "Save"\n- button "Close": x'
    )


def test_states_are_printed_in_playwrights_order():
    out = snap(
        "<h2 aria-level='5'>T</h2>"
        "<input type=checkbox checked disabled aria-label=c>"
        "<button aria-pressed=true aria-expanded=true>P</button>"
        "<div role=checkbox aria-checked=mixed>M</div>"
        "<fieldset disabled><input aria-label=inner></fieldset>"
    )
    assert out.splitlines() == [
        '- heading "T" [level=2]',
        '- checkbox "c" [checked] [disabled]',
        '- button "P" [expanded] [pressed]',
        '- checkbox "M" [checked=mixed]',
        "- group:",
        '  - textbox "inner" [disabled]',
    ]


def test_only_the_last_checked_radio_of_a_group_is_checked():
    out = snap("<input type=radio name=g checked aria-label=a><input type=radio name=g checked aria-label=b>")
    assert out == '- radio "a"\n- radio "b" [checked]'


def test_hidden_content_is_left_out():
    out = snap(
        "<p aria-hidden=true>aria</p><p style='display:none'>none</p><p style='visibility:hidden'>vis</p>"
        "<details><summary>Sum</summary><p>closed body</p></details><p>shown</p>"
    )
    assert out == "- group: Sum\n- paragraph: shown"


def test_generic_role_without_name_or_children_disappears():
    assert snap("<div role=generic></div><div role=generic>x</div>") == "- generic: x"


def test_presentational_role_yields_to_focusability():
    assert snap("<h1 role=none>Plain</h1><h1 role=none tabindex=0>Kept</h1>") == (
        '- text: Plain\n- heading "Kept" [level=1]'
    )


def test_css_generated_content_and_its_alternative_text():
    head = "<style>.a::before{content:'New: '} .b::before{content:'\\2605' / 'Favourite'}</style>"
    assert snap("<h1 class=a>Plans</h1><button class=b></button>", head) == (
        '- \'heading "New: Plans" [level=1]\'\n- button "Favourite"'
    )


def test_text_field_value_and_placeholder():
    assert snap("<input aria-label=Q value=cats><input placeholder=Email>") == (
        '- textbox "Q": cats\n- textbox "Email"'  # a placeholder that is the name is not repeated
    )
    assert snap("<input aria-label=Q placeholder='type here' value=cats>") == (
        '- textbox "Q":\n  - /placeholder: type here\n  - text: cats'
    )


def test_password_values_are_never_printed():
    out = snap(
        "<label>PIN <input type=password value=hunter2></label><button>Go <input type=password value=secret></button>"
    )
    assert "hunter2" not in out and "secret" not in out
    assert '- textbox "PIN"' in out


def test_yaml_quoting():
    assert yaml_value("42") == '"42"'
    assert yaml_value("yes") == '"yes"'
    assert yaml_value("- dash") == '"- dash"'
    assert yaml_value("a: b") == '"a: b"'
    assert yaml_value('say "hi"\n') == '"say \\"hi\\"\\n"'
    assert yaml_value("plain words") == "plain words"
    assert yaml_key('heading "It\'s: here"') == "'heading \"It''s: here\"'"


def test_scope_selects_one_element_and_rejects_others():
    body = "<main><p id=x>One</p><p>Two</p></main>"
    assert snap(body, scope="#x") == "- paragraph: One"
    with pytest.raises(ValueError, match="no element matches"):
        snap(body, scope="#missing")
    with pytest.raises(ValueError, match="matches 2 elements"):
        snap(body, scope="p")


def test_cli_aria_format_with_scope(tmp_path):
    page = tmp_path / "page.html"
    page.write_text("<main><nav aria-label=Site><a href=/>Home</a></nav></main>")
    run = [sys.executable, "-m", "axsynth", "snapshot", str(page), "--format", "aria"]
    result = subprocess.run(run + ["--scope", "nav"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout == '- navigation "Site":\n  - link "Home":\n    - /url: /\n'
    missing = subprocess.run(run + ["--scope", "aside"], capture_output=True, text=True)
    assert missing.returncode == 1 and missing.stderr.startswith("axsynth: no element matches")


def test_media_fallback_elements_get_no_box_but_their_text_counts():
    assert snap("<video src=/v.mp4>Old browser? <a href=/v.mp4>Download</a>.</video>") == ("- text: Old browser? .")


def test_aria_snapshot_is_made_once_per_subtree():
    doc = Document.from_html("<nav><a href=/>Home</a></nav><p>x</p>")
    assert doc.aria_snapshot() is doc.aria_snapshot()
    assert doc.get_by_role("navigation").aria_snapshot() is doc.aria_snapshot("nav")
