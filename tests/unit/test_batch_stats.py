"""``axsynth batch --stats`` (per-page figures) and ``axsynth summarize``."""

from __future__ import annotations

import json
import subprocess
import sys

from axsynth import Document
from axsynth.batch.stats import page_stats

PAGE_WITH_PROBLEMS = """<html lang="fr"><title>x</title>
<header>Shop</header><nav><a href="/">Home</a><a href="/cart"><img src="cart.png"></a></nav>
<h1>Shop</h1><h3>Skipped a level</h3><h2>Back</h2><h4>Skipped again</h4>
<form><input type="text"><label>Name <input></label><select></select><input type=checkbox></form>
<button></button><button aria-label="Close"></button><img src="a.png"><img src="b.png" alt="">
<div hidden><button></button></div>"""


def test_page_stats_count_what_the_tree_holds():
    stats = page_stats(Document.from_html(PAGE_WITH_PROBLEMS))
    assert stats["unnamed_interactive"] == {"button": 1, "checkbox": 1, "combobox": 1, "link": 1, "textbox": 1}
    assert stats["interactive"] == 8  # 2 links, 2 textboxes, a combobox, a checkbox, 2 buttons (not the hidden one)
    assert stats["unnamed_images"] == 2  # the link's image and a.png; alt="" is presentational
    assert stats["headings"] == {"1": 1, "2": 1, "3": 1, "4": 1}
    assert stats["heading_skips"] == 2  # h1 -> h3, h2 -> h4
    assert stats["landmarks"] == ["banner", "navigation"]
    assert stats["lang"] == "fr"
    assert stats["nodes"] > stats["ignored"] > 0


def test_a_clean_page_has_nothing_to_report():
    stats = page_stats(Document.from_html("<main><h1>A</h1><h2>B</h2><button>Go</button></main>"))
    assert stats["unnamed_interactive"] == {} and stats["unnamed_images"] == stats["heading_skips"] == 0
    assert stats["landmarks"] == ["main"] and stats["lang"] is None


def make_batch(tmp_path) -> str:
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "a.html").write_text(PAGE_WITH_PROBLEMS)
    (tmp_path / "site" / "b.html").write_text('<html lang="en"><main><h1>Fine</h1><button>OK</button></main>')
    (tmp_path / "site" / "c.html").write_text("")
    out = tmp_path / "out.jsonl.gz"
    result = subprocess.run(
        [sys.executable, "-m", "axsynth", "batch", str(tmp_path / "site"), "--stats", "-o", str(out)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 3, result.stderr  # c.html is empty
    return str(out)


def summarize(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "axsynth", "summarize", *args], capture_output=True, text=True)


def test_summarize_gives_rates_over_the_pages_with_stats(tmp_path):
    out = make_batch(tmp_path)
    summary = json.loads(summarize(out, "--json").stdout)
    assert (summary["pages"], summary["ok"], summary["errors"], summary["pages_with_stats"]) == (3, 2, 1, 2)
    checks = {key: (check["pages"], check["share"]) for key, check in summary["checks"].items()}
    assert checks == {
        "unnamed_buttons": (1, 0.5),
        "unnamed_links": (1, 0.5),
        "unnamed_form_fields": (1, 0.5),
        "unnamed_images": (1, 0.5),
        "no_main": (1, 0.5),
        "heading_skips": (1, 0.5),
        "no_h1": (0, 0.0),
        "no_lang": (0, 0.0),
    }
    assert summary["top_errors"] == {"input is empty": 1}
    text = summarize(out).stdout
    assert "pages: 3 (2 ok, 1 errors), 2 with stats" in text
    assert "pages with no main landmark" in text and " 50.0%" in text


def test_summarize_html_is_one_self_contained_page(tmp_path):
    page = summarize(make_batch(tmp_path), "--html").stdout
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page and "src=" not in page
    doc = Document.from_html(page)
    assert [heading.name for heading in doc.get_by_role("heading", level=2).all()] == [
        "Share of pages with each problem",
        "Share of pages with each landmark",
        "Controls without a name, by role",
        "Errors",
    ]
    assert doc.get_by_role("img", name="50% (1)", exact=True).count() == 9  # 6 checks, 3 landmarks: 1 page of 2


def test_summarize_a_missing_file_is_one_line_error(tmp_path):
    result = summarize(str(tmp_path / "nothing.jsonl"))
    assert result.returncode == 1 and result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
