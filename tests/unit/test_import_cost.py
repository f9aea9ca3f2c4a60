"""`import axsynth` is cheap: the parser, CSS, HTTP and MCP modules load only when a call needs them."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import axsynth
from axsynth.html.parse_fast import parse_document

#: Modules a bare `import axsynth` must not load (each costs milliseconds; together they
#: were ~100 ms of a ~150 ms import).
HEAVY = ("html5lib", "tinycss2", "cssselect2", "turbohtml", "mcp", "http.client", "jsonschema", "difflib")


def _modules_after(code: str) -> set[str]:
    """The modules loaded after running ``code`` in a new interpreter, on this checkout."""
    env = {**os.environ, "PYTHONPATH": str(Path(axsynth.__file__).parent.parent)}
    probe = code + "\nimport json, sys; print(json.dumps(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    return set(json.loads(result.stdout.splitlines()[-1]))


def test_import_loads_no_parser_css_http_or_mcp_module():
    loaded = _modules_after("import axsynth")
    assert sorted(name for name in HEAVY if name in loaded) == []


def test_public_names_load_on_first_use():
    loaded = _modules_after("import axsynth\nassert axsynth.Document.from_html('<p>x</p>').aria_snapshot()")
    assert "axsynth.api" in loaded


@pytest.mark.skipif(parse_document is None or not parse_document("<p>x"), reason="the fast parser is not installed")
def test_html5lib_is_imported_only_for_the_documents_it_parses():
    snapshot = "from axsynth import Document\nDocument.from_html({!r}).get_full_ax_tree()"
    assert "html5lib" not in _modules_after(snapshot.format("<p>x</p>"))
    assert "html5lib" in _modules_after(snapshot.format("<p>x</p>\x00"))  # a NUL: the fast parser declines


def test_public_names_are_all_reachable():
    assert set(axsynth.__all__) == {*axsynth._EXPORTS, "__version__"}
    for name in axsynth.__all__:
        assert getattr(axsynth, name) is not None
    assert set(axsynth.__all__) <= set(dir(axsynth))


@pytest.mark.skipif(parse_document is None or not parse_document("<p>x"), reason="the fast parser is not installed")
def test_the_fast_parser_loads_its_core_without_turbohtmls_package():
    # turbohtml's __init__ imports its extractors and renderers (~20 ms): a snapshot needs its core only.
    loaded = _modules_after("from axsynth import Document\nDocument.from_html('<p>x</p>').get_full_ax_tree()")
    assert sorted(name for name in loaded if name.startswith("turbohtml")) == ["turbohtml._html"]


@pytest.mark.skipif(parse_document is None or not parse_document("<p>x"), reason="the fast parser is not installed")
def test_turbohtml_imported_after_axsynth_still_works():
    # The package imported later reuses the core axsynth loaded (a second copy could not be initialized).
    code = (
        "from axsynth import Document\nDocument.from_html('<p>x</p>')\nimport sys, turbohtml\n"
        "assert sys.modules['turbohtml._html'].__name__ == 'turbohtml._html'\n"
        "assert turbohtml.parse('<p>y</p>') is not None"
    )
    assert "turbohtml.extract" in _modules_after(code)


def test_a_cdp_snapshot_from_the_cli_loads_no_agent_diff_or_mcp_module(tmp_path):
    # The CLI's parser names every subcommand, but the modules behind the agent format,
    # diff and MCP (~10 ms) load only when one of them runs; nor does a frame need them.
    page = tmp_path / "page.html"
    page.write_text("<button>Go</button><iframe src=missing.html></iframe>")
    cli = (
        "import io, contextlib\nfrom axsynth.cli import main\nout = io.StringIO()\n"
        f"with contextlib.redirect_stdout(out):\n    assert main(['snapshot', {str(page)!r}, '--format', 'cdp']) == 0\n"
        "assert '\"button\"' in out.getvalue()"
    )
    loaded = _modules_after(cli)
    assert (
        sorted(name for name in ("axsynth.emit.agent", "axsynth.emit.diff", "axsynth.agents.service") if name in loaded)
        == []
    )
