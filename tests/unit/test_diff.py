"""Document.diff and ``axsynth diff``: only what changed, placed by a breadcrumb, nodes matched by ref."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from axsynth import Document
from axsynth.emit.diff import diff_outlines

LARGE = Path(__file__).parents[1] / "fixtures" / "large"
PAGE = (
    "<title>Shop</title><main><h1>Cart</h1><section aria-label=Items><p>Two items</p>"
    "<button id=buy>Buy</button><a href=/help>Help</a></section>"
    "<section aria-label=Other><button id=save>Save</button></section></main>"
)


def diff(before: str, after: str, fmt: str = "agent"):
    return Document.from_html(before).diff(Document.from_html(after), fmt)


def test_the_same_page_has_no_changes():
    result = diff(PAGE, PAGE)
    assert result.unchanged and result.text == "" and result.changes == []


def test_a_state_change_is_one_changed_node_keyed_by_its_ref():
    result = diff(PAGE, PAGE.replace("id=buy>", "id=buy disabled>"))
    [change] = result.changes
    assert change.op == "changed" and change.ref and change.line.endswith(" disabled")
    assert result.text.splitlines() == [
        '@ document "Shop" > main > region "Items"',
        f'- button "Buy" [ref={change.ref}]',
        f'+ button "Buy" [ref={change.ref}] disabled',
    ]


def test_an_unrelated_insertion_is_its_line_and_a_breadcrumb():
    result = diff(PAGE, PAGE.replace("<h1>", "<p>Sale today</p><h1>"))
    assert result.text == '@ document "Shop" > main\n+ text "Sale today"\n'
    assert [(c.op, c.path) for c in result.changes] == [("added", ['document "Shop"', "main"])]


def test_a_removed_subtree_keeps_its_nesting():
    result = diff(PAGE, PAGE.replace("<section aria-label=Other><button id=save>Save</button></section>", ""))
    lines = result.text.splitlines()
    assert lines[0] == '@ document "Shop" > main'
    assert lines[1] == '- region "Other"' and re.fullmatch(r'-   button "Save" \[ref=e\w+\]', lines[2])
    assert [c.op for c in result.changes] == ["removed", "removed"]
    assert result.changes[1].path == ['document "Shop"', "main", 'region "Other"']


def test_a_ref_moved_to_another_parent_is_marked_on_both_sides():
    moved = PAGE.replace("<button id=save>Save</button>", "").replace(
        "<a href=/help>", "<button id=save>Save</button><a href=/help>"
    )
    result = diff(PAGE, moved)
    save = [c for c in result.changes if "Save" in c.line]
    assert sorted(c.op for c in save) == ["added", "removed"] and all(c.moved for c in save)
    assert all(line.endswith("(moved)") for line in result.text.splitlines() if "Save" in line)


def test_a_node_whose_ref_changed_is_changed_not_replaced():
    # A path selector ("div:nth-of-type(2) > button") shifts when a same-tag sibling is inserted.
    before = (
        "<title>T</title><div><button>Stop</button></div>"
        "<div role=group aria-label=G><button>Go</button><ul><li>x</li></ul></div>"
    )
    after = before.replace("<title>T</title>", "<title>T</title><div>new</div>")
    result = diff(before, after)
    # Both buttons' path selectors shift ("div:nth-of-type(1) > button" now names Stop's
    # neighbour): each is reported changed, with its old and new ref.
    changed = {c.line.split(" [")[0]: c for c in result.changes if c.op == "changed"}
    assert set(changed) == {'button "Stop"', 'button "Go"'}
    assert all(c.ref not in c.old_line for c in changed.values())
    assert [c.op for c in result.changes].count("added") == 1  # the new text
    assert not any("listitem" in c.line for c in result.changes)  # its unchanged children are not printed


def test_look_alike_siblings_are_not_misaligned_by_an_insertion():
    paragraphs = "".join(f"<p>para <a href=/p{i}>{i}</a> text</p>" for i in range(6))
    before = f"<main>{paragraphs}</main>"
    after = before.replace("</p><p>para <a href=/p3>", "</p><p>Inserted</p><p>para <a href=/p3>")
    for fmt in ("agent", "aria"):
        result = diff(before, after, fmt)
        assert [c.op for c in result.changes] == ["added"], (fmt, result.text)


def test_two_unrelated_pages_are_a_full_replacement():
    other = "<title>Blog</title><article><h2>Post</h2><p>Words</p></article>"
    result = diff(PAGE, other)
    old_lines = Document.from_html(PAGE).outline_text("agent").splitlines()
    new_lines = Document.from_html(other).outline_text("agent").splitlines()
    assert sum(c.op == "removed" for c in result.changes) + sum(c.op == "changed" for c in result.changes) == len(
        old_lines
    )
    assert sum(c.op == "added" for c in result.changes) + sum(c.op == "changed" for c in result.changes) == len(
        new_lines
    )


def test_aria_format():
    result = diff(PAGE, PAGE.replace("id=buy>", "id=buy disabled>"), "aria")
    assert result.text == '@ main > region "Items"\n- - button "Buy"\n+ - button "Buy" [disabled]\n'


def test_bad_format_is_refused():
    with pytest.raises(ValueError, match="agent or aria"):
        Document.from_html(PAGE).diff(Document.from_html(PAGE), "cdp")


def test_deep_outlines_do_not_overflow():
    deep = "<div role=group aria-label=g>" * 400 + "<button>x</button>" + "</div>" * 400
    text = Document.from_html(deep).outline_text("agent")
    result = diff_outlines(text, text.replace('button "x"', 'button "y"'), "agent")
    assert [c.op for c in result.changes] == ["changed"] and len(result.changes[0].path) > 400


@pytest.mark.parametrize(
    "edit",
    [
        lambda h: re.sub(r"(<body\b[^>]*>)", r"\1<p>Site notice: maintenance on Sunday.</p>", h, count=1),
        lambda h: h.replace("</main>", "<div><p>Related reading.</p></div></main>", 1),
    ],
)
def test_an_unrelated_edit_of_a_large_page_is_a_few_lines(edit):
    html = (LARGE / "large-shop-listing.html").read_text(encoding="utf-8")
    edited = edit(html)
    assert edited != html
    result = Document.from_html(html).diff(Document.from_html(edited))
    assert len(result.text.splitlines()) <= 5 and [c.op for c in result.changes] == ["added"], result.text


# --- the command line ------------------------------------------------------------------------


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "axsynth", "diff", *args], capture_output=True, text=True, input=stdin)


def test_cli_diff(tmp_path):
    before, after = tmp_path / "a.html", tmp_path / "b.html"
    before.write_text(PAGE)
    after.write_text(PAGE.replace("id=buy>", "id=buy disabled>"))
    out = run(str(before), str(after))
    assert out.returncode == 0 and out.stdout.startswith('@ document "Shop" > main > region "Items"\n- button "Buy"')
    data = json.loads(run(str(before), str(after), "--json", "--format", "aria").stdout)
    assert (data["added"], data["removed"], data["changed"]) == (0, 0, 1) and data["format"] == "aria"
    assert run(str(before), str(before)).stdout == "no changes\n"
    assert run(str(before), "-", stdin=PAGE).stdout == "no changes\n"


@pytest.mark.parametrize(
    "args,message",
    [
        (["{a}", "{missing}"], "No such file or directory"),
        (["-", "-"], "only one of the two pages"),
        (["{a}", "{a}", "--scope", "#nope"], "scope"),
        (["{a}", "{empty}"], "input is empty"),
    ],
)
def test_cli_diff_errors_are_one_line(tmp_path, args, message):
    (tmp_path / "a.html").write_text(PAGE)
    (tmp_path / "empty.html").write_text("")
    paths = {"a": tmp_path / "a.html", "missing": tmp_path / "missing.html", "empty": tmp_path / "empty.html"}
    out = run(*(a.format(**paths) for a in args))
    assert out.returncode in (1, 2) and message in out.stderr and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and out.stdout == ""
