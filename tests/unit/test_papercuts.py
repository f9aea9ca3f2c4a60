"""The papercuts a new user hits first: --version, stdin and its stylesheets,
notes about what was not loaded, --scope in every format, reprs, titles, type
errors, and docstrings whose examples run."""

import doctest
import importlib
import inspect
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import axsynth
from axsynth import AXNode, Document, Locator, ScopeError
from axsynth.html.parse import parse_html
from axsynth.testing.expect import LocatorAssertions, PageAssertions

ROOT = Path(__file__).parents[2]
PAGE = b"<link rel=stylesheet href=hide.css><p class=secret>Secret</p><button>Go</button>"


def run(*args: str, stdin: bytes = b"", cwd: Path | None = None) -> subprocess.CompletedProcess:
    env_path = str(ROOT)  # the worktree's axsynth, whatever the working directory
    return subprocess.run(
        [sys.executable, "-m", "axsynth", *args],
        input=stdin,
        capture_output=True,
        cwd=cwd,
        env={"PYTHONPATH": env_path, "PATH": "/usr/bin:/bin"},
    )


# --- command line -------------------------------------------------------------------------------


def test_version_is_one_number_everywhere():
    result = run("--version")
    assert result.returncode == 0
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert result.stdout.decode() == f"axsynth {declared}\n" and axsynth.__version__ == declared


def test_stdin_reads_local_stylesheets_from_the_working_directory_or_base_dir(tmp_path):
    (tmp_path / "hide.css").write_text(".secret { display: none }")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    from_cwd = run("snapshot", "-", "--format", "aria", stdin=PAGE, cwd=tmp_path)
    assert from_cwd.stdout == b'- button "Go"\n' and from_cwd.stderr == b""
    from_base = run("snapshot", "-", "--format", "aria", "--base-dir", str(tmp_path), stdin=PAGE, cwd=elsewhere)
    assert from_base.stdout == b'- button "Go"\n'
    assert "working directory" in " ".join(run("snapshot", "--help").stdout.decode().split())


def test_base_dir_errors_are_one_line(tmp_path):
    missing = run("snapshot", "-", "--base-dir", str(tmp_path / "nope"), stdin=PAGE)
    assert (
        missing.returncode == 1
        and missing.stderr.decode() == f"axsynth: --base-dir {tmp_path / 'nope'}: not a directory\n"
    )
    with_file = run("snapshot", str(ROOT / "examples" / "page.html"), "--base-dir", str(tmp_path))
    assert with_file.returncode == 2 and b"--base-dir applies to - (standard input) only" in with_file.stderr


def test_a_note_for_each_stylesheet_and_frame_not_loaded_and_quiet_silences_them(tmp_path):
    (tmp_path / "page").mkdir()
    (tmp_path / "outside.css").write_text("p { display: none }")
    page = tmp_path / "page" / "index.html"
    page.write_text(
        '<link rel=stylesheet href="https://cdn.example/site.css"><link rel=stylesheet href=gone.css>'
        "<link rel=stylesheet href=../outside.css><link rel=stylesheet href=print.css media=print>"
        '<iframe src="https://ads.example/"></iframe><p>Text</p>'
    )
    result = run("snapshot", str(page), "--format", "aria", "--root", str(tmp_path / "page"))
    assert result.returncode == 0 and result.stdout == b"- iframe\n- paragraph: Text\n"
    notes = result.stderr.decode().splitlines()
    assert notes == [
        "axsynth: note: stylesheet 'https://cdn.example/site.css' not loaded: remote (axsynth reads no network)",
        f"axsynth: note: stylesheet 'gone.css' not loaded: missing ({tmp_path / 'page' / 'gone.css'})",
        f"axsynth: note: stylesheet '../outside.css' not loaded: outside the root {tmp_path / 'page'}",
        "axsynth: note: frame 'https://ads.example/' not loaded: remote (axsynth reads no network)",
    ]
    # Without a root, a file: page applies the file: stylesheets its URLs name, in any folder (as Chromium).
    unconfined = run("snapshot", str(page), "--format", "aria")
    assert unconfined.stdout == b"- iframe\n" and "outside" not in unconfined.stderr.decode()
    quiet = run("snapshot", str(page), "--format", "aria", "--root", str(tmp_path / "page"), "--quiet")
    assert quiet.stderr == b"" and quiet.stdout == result.stdout


@pytest.mark.parametrize(
    "fmt, first_line",
    [
        ("cdp", b"{"),
        ("aria", b'- navigation "Main":'),
        ("agent", b'navigation "Main"'),
        ("devtools", b'uid=1_0 navigation "Main"'),
    ],
)
def test_scope_works_in_every_format_with_one_rule(fmt, first_line):
    page = b"<nav aria-label=Main><a href=/>Home</a></nav><main><p>One</p><p>Two</p></main>"
    scoped = run("snapshot", "-", "--format", fmt, "--scope", "nav", stdin=page)
    assert scoped.returncode == 0, scoped.stderr
    assert scoped.stdout.startswith(first_line) and b"One" not in scoped.stdout and b"Home" in scoped.stdout
    several = run("snapshot", "-", "--format", fmt, "--scope", "p", stdin=page)
    assert several.returncode == 1 and several.stderr == (
        b"axsynth: selector 'p' matches 2 elements, it must match exactly one: <p>, <p> (scope_ambiguous)\n"
    )
    none = run("snapshot", "-", "--format", fmt, "--scope", "aside", stdin=page)
    assert none.stderr == b"axsynth: no element matches selector 'aside' (scope_not_found)\n"


def test_a_scoped_cdp_tree_is_the_full_trees_walk_from_that_node():
    doc = Document.from_html("<nav aria-label=Main><a href=/>Home</a></nav><p>One</p>")
    full = doc.get_full_ax_tree()["nodes"]
    scoped = doc.get_full_ax_tree(scope="nav")["nodes"]
    assert scoped[0]["role"]["value"] == "navigation"
    assert [n["nodeId"] for n in scoped] == [n["nodeId"] for n in full if n["nodeId"] in {s["nodeId"] for s in scoped}]
    with pytest.raises(ScopeError) as error:
        Document.from_html("<p hidden id=x>a</p>").get_full_ax_tree(scope="#x")
    assert error.value.code == "scope_not_found" and "not in the accessibility tree" in error.value.message


# --- the Python API -----------------------------------------------------------------------------


def test_reprs_say_what_a_thing_is():
    doc = Document.from_html("<title> My \n shop </title><img src=cat.png alt=Cat>", url="https://shop.example/")
    assert repr(doc) == "<Document 'https://shop.example/' title='My shop'>"
    assert doc.title == "My shop" and Document.from_html("<p>x</p>").title == ""
    assert repr(doc.query_by_role("image")) == '<AXNode image "Cat">'
    assert repr(doc.get_by_role("img").first) == "<Locator get_by_role('img').first>"


def test_scope_error_is_exported_and_is_what_every_scope_raises():
    doc = Document.from_html("<p>a</p><p>b</p>")
    for call in (
        lambda: doc.aria_snapshot("p"),
        lambda: doc.agent_snapshot(scope="p"),
        lambda: doc.devtools_snapshot(scope="p"),
        lambda: doc.get_full_ax_tree(scope="p"),
    ):
        with pytest.raises(ScopeError, match="matches 2 elements"):
            call()
    assert axsynth.ScopeError is ScopeError and issubclass(ScopeError, ValueError)


@pytest.mark.parametrize("parser", ["auto", "html5lib"])
def test_html_that_is_not_text_is_a_type_error_on_both_parsers(parser):
    for wrong in (None, 42, Path("page.html")):
        with pytest.raises(TypeError, match="HTML must be str or bytes"):
            parse_html(wrong, parser=parser)
    with pytest.raises(TypeError, match=r"not NoneType$"):
        Document.from_html(None)
    with pytest.raises(TypeError, match=r"for a file, use Document.from_file"):
        Document.from_html(Path("page.html"))


def test_from_html_reads_local_stylesheets_from_base_dir(tmp_path):
    (tmp_path / "hide.css").write_text(".secret { display: none }")
    assert Document.from_html(PAGE, base_dir=tmp_path).aria_snapshot() == '- button "Go"'
    without = Document.from_html(PAGE)
    assert "paragraph: Secret" in without.aria_snapshot()
    assert without.not_loaded == [
        "stylesheet 'hide.css' not loaded: no directory to read it from "
        "(give base_dir, or --base-dir on the command line)"
    ]


# --- docstrings ---------------------------------------------------------------------------------


def test_every_public_name_has_a_docstring_with_an_example():
    missing = [
        name
        for name in axsynth.__all__
        if name != "__version__" and ">>>" not in (inspect.getdoc(getattr(axsynth, name)) or "")
    ]
    assert missing == []


@pytest.mark.parametrize(
    "cls, needs_example",
    [(Document, True), (Locator, True), (AXNode, False), (LocatorAssertions, False), (PageAssertions, True)],
)
def test_every_public_method_and_property_is_documented(cls, needs_example):
    wanted = ">>>" if needs_example else ""  # an example, or at least some text
    public = [
        name
        for base in cls.__mro__[:-1]  # with the bases the class is made of (Document's queries)
        for name, member in vars(base).items()
        if not name.startswith("_") and (callable(member) or isinstance(member, (property, classmethod)))
    ]
    undocumented = [
        name
        for name in public
        if not (inspect.getdoc(getattr(cls, name)) or "").strip() or wanted not in inspect.getdoc(getattr(cls, name))
    ]
    assert undocumented == []


@pytest.mark.parametrize(
    "module",
    [
        "axsynth.api",
        "axsynth.formats",
        "axsynth.locator.locator",
        "axsynth.query",
        "axsynth.page",
        "axsynth.testing",
        "axsynth.testing.expect",
        "axsynth.testing.match",
        "axsynth.limits",
        "axsynth.html.parse",
        "axsynth.playwright.yaml",
    ],
)
def test_the_examples_in_docstrings_run(module, monkeypatch):
    monkeypatch.chdir(ROOT)
    # Document's bases (query, formats) show it in their examples, as a user meets them.
    extra = {"Document": Document}
    result = doctest.testmod(importlib.import_module(module), extraglobs=extra, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
