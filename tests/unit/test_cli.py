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
    for args, stdin in ((["snapshot", str(tmp_path / "missing.html")], b""), (["snapshot", str(tmp_path)], b""),
                        (["snapshot", "-"], b""), (["snapshot", "-"], b"\x00\x01\x02binary\x00")):
        result = run(*args, stdin=stdin)
        assert result.returncode != 0
        assert result.stderr.decode().count("\n") == 1 and result.stderr.startswith(b"axsynth: ")
