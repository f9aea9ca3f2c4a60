"""The streamed CDP JSON (Document.write_full_ax_tree, the CLI's --format cdp) is
byte-identical to json.dumps of get_full_ax_tree()."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from axsynth.api import Document
from axsynth.emit.json_text import dumps

FIXTURES = Path(__file__).parents[1] / "fixtures"
PAGES = (
    "accname-labelledby-chain",
    "form-checkout",
    "select-optgroup-disabled",
    "presentational-table-list",
    "large/large-docs-page",
)


def _reference(doc: Document) -> str:
    return json.dumps(doc.get_full_ax_tree(), ensure_ascii=False, indent=1)


@pytest.mark.parametrize("name", PAGES)
def test_streamed_tree_is_the_json_text_of_the_tree(name):
    doc = Document.from_file(FIXTURES / f"{name}.html")
    out = io.StringIO()
    doc.write_full_ax_tree(out)
    assert out.getvalue() == _reference(doc)


def test_streamed_tree_to_a_depth():
    doc = Document.from_html("<main><ul><li>a<li><b>b</b></ul></main>")
    for depth in (1, 2, 3):
        out = io.StringIO()
        doc.write_full_ax_tree(out, depth)
        assert out.getvalue() == json.dumps(doc.get_full_ax_tree(depth), ensure_ascii=False, indent=1)


def test_json_text_matches_the_standard_library_on_every_kind_of_value():
    class Text(str):
        pass

    value = {
        "s": 'caf\u00e9 "q" \\ \n\t\x01 \u2028 \ud800 <\u00a0>',
        "i": -7,
        "b": [True, False, None],
        "f": [1.5, 1e16, float("inf"), float("nan")],
        "empty": [{}, [], ""],
        "t": (1, ("x",)),
        "sub": Text("y"),
        "deep": {"a": {"b": {"c": [[[]], [{"d": 0}]]}}},
    }
    assert dumps(value) == json.dumps(value, ensure_ascii=False, indent=1)
    assert dumps([]) == "[]" and dumps("x") == '"x"'


def test_cli_prints_the_streamed_tree():
    page = FIXTURES / "form-checkout.html"
    result = subprocess.run(
        [sys.executable, "-m", "axsynth", "snapshot", str(page), "--format", "cdp"], capture_output=True, check=True
    )
    assert result.stdout.decode() == _reference(Document.from_file(page)) + "\n"
