import json
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).parents[2] / "examples" / "page.html"


def run(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "axsynth", *args], input=stdin, capture_output=True)


def test_snapshot_prints_cdp_json_with_the_file_url():
    result = run("snapshot", str(EXAMPLE), "--format", "cdp")
    assert result.returncode == 0, result.stderr
    nodes = json.loads(result.stdout)["nodes"]
    root = nodes[0]
    assert root["role"]["value"] == "RootWebArea"
    url = next(p for p in root["properties"] if p["name"] == "url")["value"]["value"]
    assert url == EXAMPLE.resolve().as_uri()


def test_url_option_resolves_links():
    result = run("snapshot", "-", "--url", "https://example.org/dir/", stdin=b"<a href=x.html>x</a>")
    links = [n for n in json.loads(result.stdout)["nodes"] if n["role"]["value"] == "link"]
    assert links[0]["properties"][-1]["value"]["value"] == "https://example.org/dir/x.html"


def test_bad_input_gives_one_line_error_and_nonzero_exit(tmp_path):
    for args, stdin in (
        (["snapshot", str(tmp_path / "missing.html")], b""),
        (["snapshot", str(tmp_path)], b""),
        (["snapshot", "-"], b""),
        (["snapshot", "-"], b"\x00\x01\x02binary\x00"),
    ):
        result = run(*args, stdin=stdin)
        assert result.returncode != 0
        assert result.stderr.decode().count("\n") == 1 and result.stderr.startswith(b"axsynth: ")


def _one_line_error(result: subprocess.CompletedProcess) -> None:
    assert result.returncode != 0
    assert result.stderr.startswith(b"axsynth: ") and result.stderr.count(b"\n") == 1, result.stderr
    assert b"Traceback" not in result.stderr


def test_bad_files_give_one_line_error(tmp_path):
    (tmp_path / "empty.html").write_bytes(b"")
    (tmp_path / "blank.html").write_bytes(b" \n\t\n")
    (tmp_path / "binary.bin").write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 20)
    for name, fmt in (
        ("empty.html", "cdp"),
        ("blank.html", "aria"),
        ("binary.bin", "agent"),
        ("missing.html", "devtools"),
    ):
        _one_line_error(run("snapshot", str(tmp_path / name), "--format", fmt))
    _one_line_error(run("snapshot", str(tmp_path), "--format", "aria"))


def test_undecodable_bytes_still_give_a_tree(tmp_path):
    page = tmp_path / "latin.html"
    page.write_bytes(b"<meta charset=utf-8><p>caf\xe9 \xff\xfe</p>")
    result = run("snapshot", str(page), "--format", "aria")
    assert result.returncode == 0 and "caf\ufffd" in result.stdout.decode()


def test_engine_limits_and_internal_errors_are_one_line(monkeypatch, capsys):
    from axsynth import cli
    from axsynth.limits import LimitError

    for exc in (LimitError("aria snapshot: the document nests too deeply"), RuntimeError("boom"), MemoryError()):

        def explode(*args, exc=exc, **kwargs):
            raise exc

        monkeypatch.setattr(cli.Document, "from_html", explode)
        assert cli.main(["snapshot", "-", "--format", "aria"]) != 0
        err = capsys.readouterr().err
        assert err.startswith("axsynth: ") and err.count("\n") == 1 and "Traceback" not in err
