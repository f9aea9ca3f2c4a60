"""``axsynth batch``: inputs, order, bad input, worker failures, output safety, resume."""

from __future__ import annotations

import faulthandler
import gzip
import json
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import axsynth.batch.pool as pool
from axsynth.batch import snapshot_many
from axsynth.batch.output import read_lines
from axsynth.cli import main

FIXTURES = Path(__file__).parents[1] / "fixtures"
TIMING = ("wall_s", "cpu_s")


def batch(*args: str, **options) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "axsynth", "batch", *args], capture_output=True, text=True, **options)


def without_timing(lines: list[dict]) -> list[dict]:
    return [{k: v for k, v in line.items() if k not in TIMING} for line in lines]


def running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except FileNotFoundError:
        return False


def write_pages(folder: Path, count: int) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    pages = []
    for i in range(count):
        page = folder / f"page{i:03}.html"
        # Sizes vary so that workers finish out of order.
        page.write_text(
            f"<title>P{i}</title><main><h1>Page {i}</h1>"
            + "<p>text</p>" * (i % 7 * 40)
            + f"<button>Go {i}</button></main>"
        )
        pages.append(page)
    return pages


def test_each_format_is_byte_identical_to_snapshot(tmp_path, capsys):
    page = FIXTURES / "large" / "large-form-heavy.html"
    out = tmp_path / "out.jsonl"
    formats = ("cdp", "aria", "agent", "devtools", "flat")
    assert main(["batch", str(page), "-o", str(out), *[a for f in formats for a in ("--format", f)]]) == 0
    [line] = list(read_lines(str(out)))
    assert line["ok"] and line["url"] == page.resolve().as_uri()
    for format in formats:
        capsys.readouterr()
        assert main(["snapshot", str(page), "--format", format]) == 0
        assert line[format] + "\n" == capsys.readouterr().out, format


def test_inputs_expand_in_order_whatever_the_workers(tmp_path):
    pages = write_pages(tmp_path / "site" / "deep", 12)
    (tmp_path / "site" / "notes.txt").write_text("not a page")
    (tmp_path / "site" / "b.htm").write_text("<p>htm")
    (tmp_path / "site" / "c.xhtml").write_text("<p>xhtml")
    listing = tmp_path / "list.txt"
    listing.write_text(f"# a comment\n{pages[3]}\n\n{pages[1]}\n")
    sources = [str(tmp_path / "site"), f"@{listing}", str(tmp_path / "other" / "*.html")]
    write_pages(tmp_path / "other", 2)
    lines = list(snapshot_many(sources, formats=("aria",), jobs=2))
    expected = (
        [str(tmp_path / "site" / "b.htm"), str(tmp_path / "site" / "c.xhtml")]
        + [str(p) for p in pages]
        + [str(pages[3]), str(pages[1])]
        + [str(tmp_path / "other" / f"page{i:03}.html") for i in range(2)]
    )
    assert [line["source"] for line in lines] == expected
    assert all(line["ok"] for line in lines[:14])
    assert [line["error"] for line in lines[14:16]] == [
        f"duplicate input: {pages[3]} is already in this batch",
        f"duplicate input: {pages[1]} is already in this batch",
    ]
    assert lines[2]["aria"] == '- main:\n  - heading "Page 0" [level=1]\n  - button "Go 0"'


KINDS = ".html, .htm, .xhtml, .mhtml, .mht, .warc, .warc.gz or .wacz"


def test_every_bad_input_is_an_error_line_and_the_batch_goes_on(tmp_path):
    (tmp_path / "empty.html").write_bytes(b"")
    (tmp_path / "binary.html").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    (tmp_path / "dangling.html").symlink_to(tmp_path / "nowhere.html")
    (tmp_path / "dir.html").mkdir()
    (tmp_path / "good.html").write_text("<button>OK</button>")
    out = tmp_path / "out.jsonl"
    inputs = [
        str(tmp_path / n)
        for n in (
            "empty.html",
            "binary.html",
            "dangling.html",
            "dir.html",
            "good.html",
            "missing.html",
            "good.html",
            "*.nothing",
        )
    ] + [f"@{tmp_path / 'nolist'}"]
    result = batch(*inputs, "--format", "aria", "-o", str(out))
    assert result.returncode == 3, result.stderr
    lines = list(read_lines(str(out)))
    errors = {Path(line["source"]).name: line.get("error") for line in lines}
    assert errors == {
        "empty.html": "input is empty",
        "binary.html": "input looks binary (NUL bytes), not HTML",
        "dangling.html": f"{tmp_path / 'dangling.html'}: no such file",
        "dir.html": f"{tmp_path / 'dir.html'}: no {KINDS} file in this directory",
        "good.html": f"duplicate input: {tmp_path / 'good.html'} is already in this batch",
        "missing.html": f"{tmp_path / 'missing.html'}: no such file",
        "*.nothing": f"{tmp_path / '*.nothing'}: no file matches this pattern",
        "nolist": f"@{tmp_path / 'nolist'}: cannot read the list (No such file or directory)",
    }
    assert [line["ok"] for line in lines].count(True) == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("axsynth batch: 9 pages, 1 ok, 8 errors, ") and result.stderr.count("\n") == 1


@pytest.mark.parametrize("out", ["missing-dir/out.jsonl", "a-file/out.jsonl"])
def test_an_unwritable_output_fails_before_any_work(tmp_path, out):
    (tmp_path / "a-file").write_text("")
    page = write_pages(tmp_path, 1)[0]
    result = batch(str(page), "-o", str(tmp_path / out))
    assert result.returncode == 1
    assert result.stderr.startswith(f"axsynth: {tmp_path / out}: ") and result.stderr.count("\n") == 1
    assert "pages" not in result.stderr  # no summary: nothing ran


def _crash_on_page_1(page, formats, with_stats):
    if page.source.endswith("page001.html"):
        faulthandler.disable()  # pytest's handler would print the crash's stack: a crash is expected here
        os.kill(os.getpid(), signal.SIGSEGV)
    if page.source.endswith("page002.html"):
        time.sleep(30)
    return _real_snapshot_page(page, formats, with_stats)


_real_snapshot_page = pool.snapshot_page


def test_a_crash_or_a_timeout_is_an_error_line_and_its_worker_is_replaced(tmp_path, monkeypatch):
    # Workers are forked, so they run the patched function: page001 kills its worker,
    # page002 hangs past the timeout; the pages after them still get done.
    monkeypatch.setattr(pool, "snapshot_page", _crash_on_page_1)
    pages = write_pages(tmp_path, 6)
    lines = list(pool.run_pool([pool.Page(str(p)) for p in pages], ("aria",), jobs=2, timeout=3))
    errors = [line[1].get("error") for line in lines]
    assert errors[0] is None and errors[3:] == [None, None, None]
    assert errors[1].startswith("worker crashed on this page (killed by SIGSEGV)")
    assert errors[2] == "timed out after 3 s (--timeout)"


def test_a_page_over_the_memory_limit_is_an_error_line_and_the_next_page_is_done(tmp_path):
    code = "import axsynth.cli; print(open('/proc/self/status').read().split('VmSize:')[1].split()[0])"
    start_mb = int(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout) >> 10
    large, small = FIXTURES / "large" / "large-data-table.html", write_pages(tmp_path, 1)[0]
    # Room for a small page, far from enough for the 400 KB table's tree.
    result = batch(str(large), str(small), "--format", "cdp", "--max-memory", str(start_mb + 16), "-o", "-")
    first, second = map(json.loads, result.stdout.splitlines())
    assert first["error"] == "out of memory (over --max-memory)"
    assert second["ok"], second


def test_stdout_output_and_no_progress_when_stderr_is_not_a_terminal(tmp_path):
    page = write_pages(tmp_path, 1)[0]
    result = batch(str(page), "--format", "aria", "-o", "-")
    assert result.returncode == 0
    assert json.loads(result.stdout)["aria"].startswith("- main:")
    assert "\r" not in result.stderr and result.stderr.count("\n") == 1


def test_a_full_disk_never_leaves_half_a_line(tmp_path):
    pages = write_pages(tmp_path / "site", 8)
    out = tmp_path / "out.jsonl"

    def small_file_limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # the write fails with EFBIG instead of killing
        resource.setrlimit(resource.RLIMIT_FSIZE, (5000, 5000))

    result = batch(*map(str, pages), "--format", "aria", "-o", str(out), "--jobs", "1", preexec_fn=small_file_limit)
    assert result.returncode == 1
    assert "stopped: " in result.stderr and "rerun with --resume" in result.stderr
    data = out.read_bytes()
    assert 0 < len(data) <= 5000 and data.endswith(b"\n")
    assert len(list(read_lines(str(out)))) == data.count(b"\n")
    full = batch(str(tmp_path / "site"), "--format", "aria", "-o", "/dev/full")
    assert full.returncode == 1 and "No space left on device" in full.stderr


@pytest.mark.parametrize("name", ["out.jsonl", "out.jsonl.gz"])
def test_a_killed_batch_resumed_gives_the_lines_of_an_uninterrupted_run(tmp_path, name):
    pages = write_pages(tmp_path / "site", 40)
    whole, cut = tmp_path / ("whole-" + name), tmp_path / name
    assert (
        batch(
            str(tmp_path / "site"), "--format", "aria", "--format", "agent", "--stats", "-o", str(whole), "--jobs", "2"
        ).returncode
        == 0
    )
    run = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "axsynth",
            "batch",
            str(tmp_path / "site"),
            "--format",
            "aria",
            "--format",
            "agent",
            "--stats",
            "-o",
            str(cut),
            "--jobs",
            "2",
        ],
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not cut.exists() or len(list(read_lines(str(cut)))) < 5):
        time.sleep(0.02)
    workers = [int(pid) for pid in Path(f"/proc/{run.pid}/task/{run.pid}/children").read_text().split()]
    run.send_signal(signal.SIGKILL)
    run.wait()
    assert len(workers) == 2
    while time.monotonic() < deadline and any(map(running, workers)):
        time.sleep(0.1)
    assert not any(map(running, workers))  # orphaned workers notice their parent is gone and exit
    kept = len(list(read_lines(str(cut))))
    assert 5 <= kept < len(pages)
    if not name.endswith(".gz"):
        with open(cut, "ab") as file:
            file.write(b'{"source": "half a li')  # as a kill in the middle of a write would leave
    resumed = batch(
        str(tmp_path / "site"),
        "--format",
        "aria",
        "--format",
        "agent",
        "--stats",
        "-o",
        str(cut),
        "--jobs",
        "2",
        "--resume",
    )
    assert resumed.returncode == 0, resumed.stderr
    assert f"{kept} already in the output" in resumed.stderr
    assert without_timing(list(read_lines(str(cut)))) == without_timing(list(read_lines(str(whole))))
    if name.endswith(".gz"):
        with gzip.open(cut, "rt") as file:  # a valid gzip file end to end
            assert len(file.read().splitlines()) == len(pages)


def test_resume_needs_a_file_and_refuses_foreign_content(tmp_path):
    page = write_pages(tmp_path, 1)[0]
    assert batch(str(page), "-o", "-", "--resume").returncode == 1
    other = tmp_path / "other.jsonl"
    other.write_text('{"not": "ours"}\n')
    result = batch(str(page), "-o", str(other), "--resume")
    assert result.returncode == 1 and "not axsynth batch output" in result.stderr
    assert other.read_text() == '{"not": "ours"}\n'


def test_import_axsynth_does_not_import_batch():
    code = "import sys, axsynth; print(sorted(m for m in sys.modules if 'batch' in m or 'warc' in m or 'dask' in m))"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "[]"


def test_progress_is_drawn_when_stderr_is_a_terminal(tmp_path):
    import pty

    pages = write_pages(tmp_path / "site", 3)
    leader, follower = pty.openpty()
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "axsynth",
            "batch",
            *map(str, pages),
            "--format",
            "aria",
            "-o",
            str(tmp_path / "out.jsonl"),
        ],
        stderr=follower,
        stdout=subprocess.DEVNULL,
    )
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # EIO: the terminal's other end is closed and drained
            break
        if not chunk:
            break
        shown += chunk
    os.close(leader)
    assert result.returncode == 0
    assert b"\r1/3 pages  " in shown and b" pages/s  0 errors  ETA " in shown
    assert b"\r\x1b[Kaxsynth batch: 3 pages, 3 ok, 0 errors, " in shown  # the bar cleared, then the summary


def test_workers_start_from_a_fork_server_when_the_caller_runs_threads(tmp_path):
    import threading

    pages = write_pages(tmp_path, 3)
    alone = list(snapshot_many(map(str, pages), formats=("aria",), jobs=2))
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert pool._start_method().get_start_method() == "forkserver"
        beside_a_thread = list(snapshot_many(map(str, pages), formats=("aria",), jobs=2))
    finally:
        stop.set()
        other.join()
    assert without_timing(beside_a_thread) == without_timing(alone)


def test_resume_counts_a_page_given_twice_as_two_lines(tmp_path):
    a, b = write_pages(tmp_path, 2)
    out = tmp_path / "out.jsonl"
    inputs = [str(a), str(b), str(a)]
    assert batch(*inputs, "--format", "aria", "-o", str(out)).returncode == 3  # the duplicate is an error line
    whole = out.read_text().splitlines(keepends=True)
    for kept in range(len(whole)):
        out.write_text("".join(whole[:kept]))
        resumed = batch(*inputs, "--format", "aria", "-o", str(out), "--resume")
        assert resumed.returncode == 3 and f"{3 - kept} pages" in resumed.stderr
        assert without_timing(list(read_lines(str(out)))) == without_timing(json.loads(line) for line in whole)
