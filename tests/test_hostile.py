"""The hostile-input suite: issue 26's nine defects and their kin, each a clear error or a
correct answer, never an internal error, a hang, lost output or a silently wrong answer.

Deterministic cases here; property-based ones (hypothesis over selectors, stylesheets,
command lines and batch outputs) in test_hostile_properties.py.  The error contract they
hold is in docs/robustness.md."""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hostile_inputs import PAGE, SCOPES, bad_paths

from axsynth import Document, InputTooLarge, ScopeError
from axsynth.agents.service import Service, ToolFailure
from axsynth.agents.snapshot_output import FORMATS
from axsynth.cli import main

REPO = Path(__file__).parents[1]


def cli(*argv: str) -> tuple[int, str, str]:
    """``axsynth ARGV`` in this process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(argv))
        except SystemExit as exc:  # argparse's usage errors
            status = exc.code
    return status, out.getvalue(), err.getvalue()


def one_line_error(status: int, out: str, err: str) -> str:
    """The one stderr line of a failed command (nothing on stdout, no traceback)."""
    assert status == 1 and not out, (status, out[:200], err)
    assert err.startswith("axsynth: ") and err.count("\n") == 1 and "Traceback" not in err, err
    assert not err.startswith("axsynth: internal error"), err
    return err


@pytest.fixture
def page(tmp_path) -> Path:
    file = tmp_path / "page.html"
    file.write_text(PAGE)
    return file


def styled(css: str, body: str) -> Document:
    return Document.from_html(f"<style>{css}</style>{body}")


def display_of(doc: Document, tag: str) -> str:
    return doc.page.styles.of(doc.dom.find_first(tag))["display"]


# --- 1. selectors: matched or dropped as Chromium does, never an internal error ---------------


def test_the_issues_long_selector_page_is_a_snapshot_in_every_format(tmp_path):
    file = tmp_path / "t.html"
    file.write_text("<style>" + "a " * 67 + "b{color:red}</style>x")
    for format in FORMATS:
        result = subprocess.run(
            [sys.executable, "-m", "axsynth", "snapshot", str(file), "--format", format],
            capture_output=True,
            text=True,
            cwd=REPO,
            timeout=120,
        )
        assert result.returncode == 0 and result.stdout and not result.stderr, (format, result.stderr)


@pytest.mark.parametrize("levels", [60, 70, 200, 510])  # 510 divs, body and html: the parser's 512 levels
def test_long_descendant_chains_match_as_in_chromium(levels):
    # Probed: Chromium 156 matches chains of thousands of compounds (issue 26 #1: 67 crashed).
    chain = "div " * levels + "b {display: none}"
    deep_enough = styled(chain, "<div>" * levels + "<b>x</b>" + "</div>" * levels)
    too_shallow = styled(chain, "<div>" * (levels - 1) + "<b>x</b>" + "</div>" * (levels - 1))
    assert display_of(deep_enough, "b") == "none" and display_of(too_shallow, "b") == "inline"


@pytest.mark.parametrize(
    "selector",
    [":is(" * 300 + "b" + ")" * 300, ":not(" * 1000 + "b" + ")" * 1000, ":where(" * 250 + "b" + ")" * 250],
)
def test_deeply_nested_selectors_match_as_in_chromium(selector):
    doc = styled(selector + "{display: none}", "<b>x</b><i>y</i>")
    assert display_of(doc, "b") == "none" and display_of(doc, "i") == "inline" and not doc.not_loaded


def test_a_selector_deeper_than_axsynth_compiles_is_dropped_with_a_note():
    # Chromium's renderer crashes near 10,000 levels; axsynth stops at 1,000 and says so.
    doc = styled(":is(" * 1001 + "b" + ")" * 1001 + "{display: none} i {display: none}", "<b>x</b><i>y</i>")
    assert display_of(doc, "b") == "inline" and display_of(doc, "i") == "none"
    assert len(doc.not_loaded) == 1 and "dropped" in doc.not_loaded[0] and "1,001 levels" in doc.not_loaded[0]


@pytest.mark.parametrize("before, applies", [(8190, True), (8191, True), (8192, False), (9000, False)])
def test_a_rules_selectors_after_the_8192nd_simple_selector_are_dropped(before, applies):
    # RuleData::kSelectorIndexBits = 13, probed in Chromium 156: p at index 8191 applies, at 8192 it does not.
    css = ", ".join(f"x{i}" for i in range(before)) + ", p {display: none}"
    doc = styled(css, "<p>x</p>")
    assert (display_of(doc, "p") == "none") is applies
    assert bool(doc.not_loaded) is not applies


@pytest.mark.parametrize("selector", [":has()", "a:has()", "a:has(:has(b))", "[*|a]", "b:not()", "b:unknown"])
def test_invalid_or_unsupported_selectors_drop_their_rule_only(selector):
    doc = styled(f"{selector} {{display: none}} i {{display: none}}", "<main><a><b>x</b></a><p>p</p><i>i</i></main>")
    assert display_of(doc, "b") == "inline" and display_of(doc, "i") == "none"


def test_hostile_host_rules_in_a_shadow_tree():
    css = ":host(" + ":is(" * 1200 + "x" + ")" * 1200 + ") {display: none} :host(" + "x " * 80 + "y) {color: red}"
    doc = Document.from_html(f"<my-el><template shadowrootmode=open><style>{css}</style><b>in</b></template></my-el>")
    assert "in" in doc.aria_snapshot()


def test_locators_take_the_same_selectors():
    doc = Document.from_html(PAGE)  # a locator runs outside the engine's recursion headroom
    assert doc.locator(":is(" * 300 + "button" + ")" * 300).count() == 1
    assert doc.locator(":not(" * 1000 + "button" + ")" * 1000).count() == 1
    assert doc.locator("main " + "* " * 40 + "button").count() == 0


# --- 2 and 8. one scope contract: every format, CLI, MCP and Python ----------------------------


@pytest.mark.parametrize("scope", list(SCOPES), ids=lambda s: repr(s[:24]) + f"…{len(s)}")
def test_every_format_honours_or_refuses_a_scope_alike_on_the_command_line(page, scope):
    for format in FORMATS:
        status, out, err = cli("snapshot", str(page), "--format", format, "--scope", scope)
        code = SCOPES[scope]
        if code is None and format == "boxes":  # the one button's box: no names to see
            assert status == 0 and len(json.loads(out)["boxes"]) == 1, (format, err)
        elif code is None:
            assert status == 0 and "Buy" in out and "one" not in out, (format, err)
        else:
            assert one_line_error(status, out, err).endswith(f"({code})\n"), (format, err)


@pytest.mark.parametrize("scope", list(SCOPES), ids=lambda s: repr(s[:24]) + f"…{len(s)}")
def test_every_format_honours_or_refuses_a_scope_alike_over_mcp(page, scope):
    service = Service(page.parent)
    for format in FORMATS:
        code = SCOPES[scope]
        if code is None:
            result = service.snapshot(path=page.name, format=format, scope=scope, max_bytes=0)
            if format == "boxes":
                assert '"backendDOMNodeId"' in json.dumps(result), format
                continue
            assert "Buy" in json.dumps(result) and '"one"' not in json.dumps(result), format
            continue
        with pytest.raises(ToolFailure) as failure:
            service.snapshot(path=page.name, format=format, scope=scope)
        assert failure.value.code == code, (format, str(failure.value))


def test_scope_messages_are_the_same_in_every_format(page):
    doc = Document.from_file(page)
    calls = {
        "cdp": lambda scope: doc.get_full_ax_tree(scope=scope),
        "aria": doc.aria_snapshot,
        "agent": lambda scope: doc.agent_snapshot(scope=scope),
        "devtools": lambda scope: doc.devtools_snapshot(scope=scope),
        "flat": lambda scope: doc.flat_snapshot(scope=scope),
    }
    for scope in ("#nope", "p", "div[[[", "", ":is(" * 1001 + "b" + ")" * 1001):
        messages = set()
        for call in calls.values():
            with pytest.raises(ScopeError) as error:
                call(scope)
            messages.add(str(error.value))
        assert len(messages) == 1, messages
        assert len(messages.pop()) < 400  # a hostile selector is quoted shortened


def test_an_element_outside_the_tree_is_not_found_except_in_playwrights_aria(page):
    doc = Document.from_file(page)
    assert doc.aria_snapshot("#hidden") == ""  # Playwright's locator("#hidden").aria_snapshot()
    for call in (doc.get_full_ax_tree, doc.devtools_snapshot, doc.flat_snapshot):
        with pytest.raises(ScopeError, match="scope_not_found"):
            call(scope="#hidden")


def test_flat_honours_scope_and_filter_together(page):
    doc = Document.from_file(page)
    whole = json.dumps(doc.flat_snapshot())
    scoped = json.dumps(doc.flat_snapshot(scope="form"))
    assert '"Buy"' in whole and '"Cart"' in whole and '"Buy"' in scoped and '"Cart"' not in scoped
    assert '"Buy"' not in json.dumps(doc.flat_snapshot(scope="form", filter="h1"))
    with pytest.raises(ScopeError, match="filter_invalid"):
        doc.flat_snapshot(scope="form", filter="[[")


def test_cdp_scope_applies_inside_a_frame():
    doc = Document.from_html('<iframe srcdoc="<p>a</p><button>In</button>"></iframe>')
    (frame,) = doc.frames()
    nodes = doc.get_full_ax_tree(frame_id=frame.frame_id, scope="button")["nodes"]
    assert nodes[0]["role"]["value"] == "button"
    with pytest.raises(ScopeError, match="scope_not_found"):
        doc.get_full_ax_tree(frame_id=frame.frame_id, scope="#nope")


def test_scope_errors_over_a_real_mcp_session(page):
    mcp = pytest.importorskip("mcp")
    anyio = pytest.importorskip("anyio")
    from mcp.client.stdio import StdioServerParameters

    async def session():
        params = StdioServerParameters(
            command=sys.executable, args=["-m", "axsynth", "mcp", "--root", str(page.parent)], cwd=str(REPO)
        )
        with anyio.fail_after(120):
            async with mcp.Client(params) as client:
                for format in FORMATS:
                    for scope in ("main " * 69 + "button", ":is(" * 300 + "nope" + ")" * 300, "", "main:has("):
                        result = await client.call_tool(
                            "snapshot", {"path": page.name, "format": format, "scope": scope}
                        )
                        text = result.content[0].text
                        assert result.is_error and f": {SCOPES.get(scope, 'scope_not_found')}: " in text, text

    anyio.run(session)


# --- 3 and 4. summarize reads every line, says what it skipped --------------------------------


@pytest.fixture
def stats_output(tmp_path) -> Path:
    pages = tmp_path / "pages"
    pages.mkdir()
    for i in range(6):
        (pages / f"p{i}.html").write_text(f"<title>{i}</title><main><h1>Page {i}</h1><button></button></main>")
    out = tmp_path / "good.jsonl"
    status, _, err = cli("batch", str(pages), "--stats", "--jobs", "1", "--out", str(out))
    assert status == 0, err
    return out


def test_summarize_counts_lines_after_a_bad_one_and_says_what_it_skipped(stats_output, tmp_path):
    lines = stats_output.read_text().splitlines(keepends=True)
    mixed = tmp_path / "x.jsonl"
    mixed.write_text("".join(lines[:3]) + "junk\n" + "".join(lines[3:]) + '{"source": "cut')
    status, out, err = cli("summarize", str(mixed), "--json")
    summary = json.loads(out)
    assert summary["pages"] == 6 and summary["unreadable_lines"] == 2, summary
    assert (
        status == 3 and err == f"axsynth summarize: {mixed}: 2 unreadable lines skipped (the first: line 4: not JSON)\n"
    )


@pytest.mark.parametrize(
    "bad_stats",
    [
        lambda stats: {"nodes": 1},  # the issue's KeyError
        lambda stats: "text",
        lambda stats: {**stats, "nodes": -1},
        lambda stats: {**stats, "nodes": True},
        lambda stats: {**stats, "landmarks": "main"},
        lambda stats: {**stats, "headings": {"1": "one"}},
    ],
    ids=["keys missing", "not an object", "negative", "boolean", "landmarks not a list", "headings not counts"],
)
def test_summarize_validates_each_lines_shape(stats_output, tmp_path, bad_stats):
    lines = [json.loads(line) for line in stats_output.read_text().splitlines()]
    lines[2]["stats"] = bad_stats(lines[2]["stats"])
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(json.dumps(line) + "\n" for line in lines))
    status, out, err = cli("summarize", str(bad))
    assert status == 3 and out.startswith("pages: 5 (5 ok, 0 errors), 5 with stats"), out
    assert "1 unreadable line skipped (the first: line 3: " in err and "Traceback" not in err


def test_a_line_without_stats_is_a_page_without_stats(stats_output, tmp_path):
    lines = [json.loads(line) for line in stats_output.read_text().splitlines()]
    del lines[0]["stats"]
    fewer = tmp_path / "fewer.jsonl"
    fewer.write_text("".join(json.dumps(line) + "\n" for line in lines))
    status, out, _ = cli("summarize", str(fewer))
    assert status == 0 and out.startswith("pages: 6 (6 ok, 0 errors), 5 with stats"), out


@pytest.mark.parametrize("content", [os.urandom(3000), b'{"source": "a.html", "ok": true}\n'], ids=["random", "plain"])
def test_summarize_refuses_a_file_named_gz_that_is_not_gzip(tmp_path, content):
    fake = tmp_path / "out.jsonl.gz"
    fake.write_bytes(b"x" + content)
    assert "not a gzip file" in one_line_error(*cli("summarize", str(fake)))


def test_summarize_reads_a_gzip_stream_cut_short_and_says_so(stats_output, tmp_path):
    data = gzip.compress(stats_output.read_bytes() * 50)
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(data[: len(data) // 2])
    status, out, err = cli("summarize", str(cut), "--json")
    assert status == 3 and 0 < json.loads(out)["pages"] < 300 and "gzip stream is cut short" in err, err


def test_summarize_of_random_bytes_counts_every_line_as_unreadable(tmp_path):
    noise = tmp_path / "noise.jsonl"
    noise.write_bytes(b"\n".join(os.urandom(50).replace(b"\n", b"") for _ in range(40)) + b"\n")
    status, out, err = cli("summarize", str(noise), "--json")
    assert status == 3 and json.loads(out)["pages"] == 0 and "40 unreadable lines" in err


# --- 5, 6, 7. batch output: never a lost file ------------------------------------------------


@pytest.fixture
def pages(tmp_path) -> Path:
    folder = tmp_path / "pages"
    folder.mkdir()
    for i in range(3):
        (folder / f"p{i}.html").write_text(f"<p>page {i}</p>")
    return folder


def batch(*argv: str) -> tuple[int, str, str]:
    return cli("batch", "--jobs", "1", *argv)


def test_resume_writes_through_a_symlink_and_keeps_the_mode(pages, tmp_path):
    real = tmp_path / "real" / "t.jsonl.gz"
    real.parent.mkdir()
    assert batch(str(pages), "--out", str(real))[0] == 0
    real.chmod(0o600)
    link = tmp_path / "out.jsonl.gz"
    link.symlink_to(real)
    (pages / "p3.html").write_text("<p>page 3</p>")
    status, _, err = batch(str(pages), "--out", str(link), "--resume")
    assert status == 0, err
    assert link.is_symlink() and os.readlink(link) == str(real) and (real.stat().st_mode & 0o777) == 0o600
    with gzip.open(real, "rt") as lines:
        assert [json.loads(line)["source"].rsplit("/", 1)[1] for line in lines] == [f"p{i}.html" for i in range(4)]


def test_plain_resume_writes_through_a_symlink_too(pages, tmp_path):
    real = tmp_path / "t.jsonl"
    assert batch(str(pages), "--out", str(real))[0] == 0
    link = tmp_path / "out.jsonl"
    link.symlink_to(real)
    (pages / "p3.html").write_text("<p>page 3</p>")
    assert batch(str(pages), "--out", str(link), "--resume")[0] == 0
    assert link.is_symlink() and len(real.read_text().splitlines()) == 4


@pytest.mark.parametrize("device", ["/dev/full", "/dev/zero", "/dev/null"])
def test_resume_refuses_a_device(pages, tmp_path, device):
    if not os.path.exists(device):
        pytest.skip(f"no {device}")
    out = tmp_path / "o.jsonl"
    out.symlink_to(device)
    assert "needs a regular file" in one_line_error(*batch(str(pages), "--out", str(out), "--resume"))


def test_resume_refuses_a_fifo(pages, tmp_path):
    out = tmp_path / "o.jsonl"
    os.mkfifo(out)
    assert "FIFO" in one_line_error(*batch(str(pages), "--out", str(out), "--resume"))


@pytest.mark.parametrize("name, content", [("notes.txt", b"hello world\n"), ("n.gz", b"plain text\n")])
def test_resume_never_cuts_a_file_that_is_not_batch_output(pages, tmp_path, name, content):
    other = tmp_path / name
    other.write_bytes(content)
    one_line_error(*batch(str(pages), "--out", str(other), "--resume"))
    assert other.read_bytes() == content


def test_resume_drops_only_a_last_line_cut_by_a_kill(pages, tmp_path):
    out = tmp_path / "o.jsonl"
    assert batch(str(pages), "--out", str(out))[0] == 0
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:2]) + lines[2][:25])  # the third line cut mid-way
    assert batch(str(pages), "--out", str(out), "--resume")[0] == 0
    resumed = out.read_text().splitlines(keepends=True)
    assert resumed[:2] == lines[:2] and [json.loads(line)["source"] for line in resumed] == [
        json.loads(line)["source"] for line in lines
    ]


def test_an_output_that_is_an_input_is_refused_before_any_work(pages, tmp_path):
    page = pages / "p0.html"
    original = page.read_bytes()
    link = tmp_path / "link.html"
    link.symlink_to(page)
    hard = tmp_path / "hard.html"
    os.link(page, hard)
    listing = tmp_path / "list"
    listing.write_text(f"{page}\n")
    for inputs, out in [
        ([str(page)], page),  # the issue's case: x.html --out x.html
        ([str(page)], link),
        ([str(link)], page),
        ([str(hard)], page),
        ([str(pages)], page),  # inside an input directory
        ([str(pages / "*.html")], page),  # matched by an input pattern
        ([f"@{listing}"], page),  # named by a list
        ([f"@{listing}"], listing),  # the list itself
    ]:
        err = one_line_error(*batch(*inputs, "--out", str(out)))
        assert "is also an input" in err and page.read_bytes() == original and listing.exists()


def test_an_output_made_inside_an_input_directory_is_not_read_as_a_page(pages):
    out = pages / "new.html"
    status, _, err = batch(str(pages), "--out", str(out))
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert status == 3 and len(lines) == 4
    assert [line["error"] for line in lines if not line["ok"]] == [
        f"{out} is this batch's output file (--out): not read"
    ]


# --- 9. page reads are capped; every error says what happened ----------------------------------


def test_an_endless_input_is_refused_at_the_cap(tmp_path):
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    err = one_line_error(*cli("snapshot", "/dev/zero", "--format", "aria"))
    assert err == (
        "axsynth: /dev/zero: the page is larger than 20,000,000 bytes, the limit on a page's size"
        " (--max-input-bytes N raises it; 0: no limit)\n"
    )


def test_the_cap_is_an_option_and_applies_to_standard_input(page):
    assert "larger than 100 bytes" in one_line_error(*cli("snapshot", str(page), "--max-input-bytes", "100"))
    assert cli("snapshot", str(page), "--max-input-bytes", str(len(PAGE)), "--format", "aria")[0] == 0
    assert cli("snapshot", str(page), "--max-input-bytes", "0", "--format", "aria")[0] == 0
    result = subprocess.run(
        [sys.executable, "-m", "axsynth", "snapshot", "-", "--max-input-bytes", "50"],
        input=b"<p>" + b"x" * 100,
        capture_output=True,
        cwd=REPO,
        timeout=60,
    )
    assert result.returncode == 1 and b"standard input: the page is larger than 50 bytes" in result.stderr
    with pytest.raises(InputTooLarge):
        Document.from_file(page, max_bytes=10)


def test_out_of_memory_says_so(tmp_path):
    if sys.platform != "linux":
        pytest.skip("needs RLIMIT_AS")
    code = (
        "import resource, sys; from axsynth.cli import main;"
        "resource.setrlimit(resource.RLIMIT_AS, (600 << 20, 600 << 20));"
        "sys.exit(main(['snapshot', '/dev/zero', '--max-input-bytes', '0']))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert (
        result.returncode == 1
        and result.stderr == "axsynth: out of memory (the page needs more than this process may use)\n"
    )


def test_bad_paths_are_one_line_errors_in_every_format(tmp_path):
    for name, path in bad_paths(tmp_path).items():
        for format in FORMATS:
            err = one_line_error(*cli("snapshot", path, "--format", format))
            assert re.search(r"no such file|directory|empty|binary|larger than|symbolic links", err), (name, err)


def test_the_mcp_cap_keeps_its_own_limit(tmp_path):
    (tmp_path / "big.html").write_text("<p>" + "x" * 2_000)
    with pytest.raises(ToolFailure) as failure:
        Service(tmp_path, max_html_bytes=1_000).snapshot(path="big.html")
    assert failure.value.code == "too_large"
    assert Service(tmp_path, max_html_bytes=30_000_000).snapshot(path="big.html", format="aria")["text"]
