"""``axsynth audit`` (every input kind, rule choice, the three formats, the exit status of a CI
gate), ``batch --audit`` with ``summarize``'s audit section, and the test helpers."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from axsynth import Document
from axsynth.testing import assert_no_violations

CLEAN = '<!DOCTYPE html><html lang="en"><title>Fine</title><main><h1>Fine</h1><p>Text</p></main></html>'
BROKEN = (
    '<!DOCTYPE html><html lang="en"><title>Shop</title><main><h1>Shop</h1>\n'
    '<img src="cat.png">\n<button></button>\n<a href="/cart"></a></main></html>'
)


def audit(*args: str, cwd: Path | None = None, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "axsynth", "audit", *args], capture_output=True, text=True, cwd=cwd, input=stdin
    )


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "site" / "docs").mkdir(parents=True)
    (tmp_path / "site" / "index.html").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "site" / "docs" / "fine.html").write_text(CLEAN, encoding="utf-8")
    return tmp_path / "site"


def test_a_clean_page_exits_0_and_a_failing_one_1(site: Path):
    clean = audit(str(site / "docs" / "fine.html"))
    assert clean.returncode == 0, clean.stderr
    assert "no violations" in clean.stdout.lower() or "0 violations" in clean.stdout
    broken = audit(str(site / "index.html"))
    assert broken.returncode == 1
    for rule in ("image-alt", "button-name", "link-name"):
        assert rule in broken.stdout


def test_json_is_axe_cores_result_shape(site: Path):
    result = json.loads(audit(str(site / "index.html"), "--format", "json").stdout)
    assert result["testEngine"]["name"] == "axe-core" or result["testEngine"]["axeVersion"] == "4.14.1"
    image = next(rule for rule in result["violations"] if rule["id"] == "image-alt")
    assert image["nodes"][0]["target"] == ["img"] and image["nodes"][0]["html"] == '<img src="cat.png">'
    assert result["passes"] and all(rule["nodes"] == [] for rule in result["passes"])


def test_rules_and_tags_choose_and_a_wrong_rule_exits_2(site: Path):
    only = json.loads(audit(str(site / "index.html"), "--rules", "image-alt", "--format", "json").stdout)
    assert [rule["id"] for rule in only["violations"]] == ["image-alt"]
    best = json.loads(audit(str(site / "index.html"), "--tags", "best-practice", "--format", "json").stdout)
    assert not best["violations"]  # image-alt, button-name and link-name are WCAG A rules
    wrong = audit(str(site / "index.html"), "--rules", "image-alt,nope")
    assert wrong.returncode == 2 and "unknown rule 'nope'" in wrong.stderr and not wrong.stdout


def test_a_directory_a_glob_and_a_list_audit_every_page(site: Path, tmp_path: Path):
    as_dir = json.loads(audit(str(site), "--format", "json").stdout)
    assert sorted(result["url"].rsplit("/", 1)[1] for result in as_dir) == ["fine.html", "index.html"]
    as_glob = json.loads(audit(str(site / "docs" / "*.html"), "--format", "json").stdout)
    assert isinstance(as_glob, list) and len(as_glob) == 1 and not as_glob[0]["violations"]
    listing = tmp_path / "pages.txt"
    listing.write_text(f"{site / 'index.html'}\n{site / 'docs' / 'fine.html'}\n", encoding="utf-8")
    as_list = audit(f"@{listing}", "--format", "json")
    assert as_list.returncode == 1 and len(json.loads(as_list.stdout)) == 2


def test_a_web_archive_is_audited_page_by_page(tmp_path: Path):
    from tests.unit.test_batch_warc import write_warc

    archive = tmp_path / "crawl.warc.gz"
    write_warc(
        archive,
        [
            ("response", "https://shop.example/", "text/html; charset=utf-8", BROKEN.encode()),
            ("response", "https://shop.example/fine", "text/html; charset=utf-8", CLEAN.encode()),
        ],
    )
    found = audit(str(archive), "--format", "json")
    assert found.returncode == 1, found.stderr
    by_url = {result["url"]: bool(result["violations"]) for result in json.loads(found.stdout)}
    assert by_url == {"https://shop.example/": True, "https://shop.example/fine": False}


def test_an_unreadable_page_exits_2_but_the_others_are_reported(site: Path):
    result = audit(str(site / "index.html"), str(site / "missing.html"), "--format", "json")
    assert result.returncode == 2 and "missing.html" in result.stderr and "Traceback" not in result.stderr
    assert len(json.loads(result.stdout)) == 1


def test_standard_input_is_one_page():
    result = audit("-", "--format", "json", stdin=BROKEN)
    assert result.returncode == 1 and json.loads(result.stdout)["violations"]


def test_sarif_locates_each_violation_at_its_line(site: Path):
    log = json.loads(audit(str(site / "index.html"), "--format", "sarif", cwd=site).stdout)
    assert log["version"] == "2.1.0"
    (run,) = log["runs"]
    assert {rule["id"] for rule in run["tool"]["driver"]["rules"]} == {"image-alt", "button-name", "link-name"}
    lines = {result["ruleId"]: result["locations"][0]["physicalLocation"] for result in run["results"]}
    assert lines["image-alt"]["artifactLocation"]["uri"] == "index.html"
    assert (lines["image-alt"]["region"]["startLine"], lines["button-name"]["region"]["startLine"]) == (2, 3)
    assert all(result["level"] == "error" for result in run["results"])  # critical and serious


def test_batch_audit_and_summarize_report_webaim_style(site: Path, tmp_path: Path):
    out = tmp_path / "out.jsonl"
    batch = subprocess.run(
        [sys.executable, "-m", "axsynth", "batch", str(site), "--audit", "-o", str(out), "--jobs", "1"],
        capture_output=True,
        text=True,
    )
    assert batch.returncode == 0, batch.stderr
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    audits = {Path(line["source"]).name: line["audit"] for line in lines}
    assert audits["index.html"]["violations"] == {"button-name": 1, "image-alt": 1, "link-name": 1}
    assert audits["fine.html"]["violations"] == {} and "document-title" in audits["fine.html"]["passes"]
    summarize = [sys.executable, "-m", "axsynth", "summarize", str(out)]
    summary = json.loads(subprocess.run([*summarize, "--json"], capture_output=True, text=True).stdout)["audit"]
    assert (summary["pages"], summary["pages_with_violations"], summary["share_with_violations"]) == (2, 1, 0.5)
    assert summary["violations_per_page"] == 1.5 and summary["rules"]["image-alt"]["share"] == 0.5
    assert summary["levels"]["A"] == {"pages": 1, "share": 0.5}
    text = subprocess.run(summarize, capture_output=True, text=True).stdout
    assert "50.0% with detected failures" in text and "image-alt" in text
    page = subprocess.run([*summarize, "--html"], capture_output=True, text=True).stdout
    doc = Document.from_html(page)
    assert doc.get_by_role("heading", name="Audit", exact=True).count() == 1
    assert doc.get_by_role("heading", name="Share of pages failing each rule").count() == 1


def test_assert_no_violations_passes_a_clean_page_and_lists_each_node():
    assert assert_no_violations(CLEAN)["violations"] == []
    with pytest.raises(AssertionError) as failure:
        assert_no_violations(BROKEN)
    message = str(failure.value)
    assert message.startswith("3 accessibility violations (axe-core rules):")
    assert "image-alt" in message and '<img src="cat.png">' in message and "button-name" in message
    assert_no_violations(BROKEN, rules=["region", "html-has-lang"])
    assert_no_violations(BROKEN, tags=["best-practice"])
    assert_no_violations(BROKEN, exclude=["image-alt", "button-name", "link-name"])


def test_the_ax_audit_fixture_fails_a_test_with_the_nodes(pytester: pytest.Pytester):
    pytester.makepyfile(f"""
        def test_clean(ax_audit):
            assert ax_audit({CLEAN!r})["violations"] == []

        def test_broken(ax_audit):
            ax_audit({BROKEN!r}, rules=["image-alt"])
    """)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    report = result.stdout.str()
    assert "1 accessibility violation (axe-core rules)" in report and 'img src=\\"cat.png\\"' not in report
    assert '<img src="cat.png">' in report
