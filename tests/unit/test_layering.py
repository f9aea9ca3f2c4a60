"""The pipeline's layers import one way only (README, "How it works").

data → html → sources → style → page → {ax, playwright} → emit → screenshot → audit → query → locator → frames → formats
     → api → agents → batch → {cli, testing, conformance}

A module may import its own layer and the layers before it; ``ax`` and
``playwright`` are two engines over the same page and never import each other.
Every import counts, including ones inside functions and under TYPE_CHECKING.
"""

from __future__ import annotations

import ast
from pathlib import Path

import axsynth

PACKAGE = Path(axsynth.__file__).parent

# Rank of each top-level part of the package; equal ranks may not import each other
# unless they are the same part.
LAYERS = {
    "data": 0,
    "limits": 0,
    "version": 0,
    "html": 1,
    "fonts": 1.5,  # the fonts Chromium lays text out with: style's font-relative units and layout read them
    # Where a page comes from (MHTML, archives, HTTP, crawls): resolvers behind html's
    # loading policy; read by api and everything that loads a page by name.
    "sources": 1.5,
    "style": 2,
    "layout": 2.5,  # where boxes are: reads the DOM and the computed styles; the page holds it
    "page": 3,
    "ax": 4,
    "playwright": 4,
    "emit": 5,
    "screenshot": 5.5,
    # axe-core's rules over the DOM and the cascade: after the engines, before anything that
    # loads documents (api's Document.audit, batch --audit, the CLI and the pytest helpers).
    "audit": 5.7,
    "query": 6,
    "locator": 7,
    "frames": 7.5,
    "api": 8,
    "formats": 7.9,  # Document's output formats, one of its bases
    "agents": 9,
    "batch": 9.5,
    "cli": 10,
    "testing": 10,
    "conformance": 10,
    "__init__": 11,
    "__main__": 11,
}


def part_of(module: str) -> str:
    """'axsynth.ax.names' -> 'ax'; 'axsynth' -> '__init__'."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def imports_of(path: Path, root: Path) -> list[tuple[int, str]]:
    """(line, absolute module) for every axsynth import in a file of the package at ``root``."""
    module = ".".join(path.relative_to(root.parent).with_suffix("").parts)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            names = [target + "." + a.name for a in node.names] if not node.module or target == "axsynth" else [target]
            found += [(node.lineno, t) for t in names if t.startswith("axsynth")]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("axsynth")]
    return found


def violations(root: Path = PACKAGE) -> list[str]:
    out = []
    for path in sorted(root.rglob("*.py")):
        here = part_of(".".join(path.relative_to(root.parent).with_suffix("").parts))
        for line, target in imports_of(path, root):
            there = part_of(target)
            if there == here:
                continue
            if there not in LAYERS or here not in LAYERS:
                out.append(f"{path.relative_to(root.parent)}:{line}: {target} is in no layer")
            elif LAYERS[there] >= LAYERS[here]:
                out.append(f"{path.relative_to(root.parent)}:{line}: {here} imports {target}")
    return out


def test_every_import_points_to_an_earlier_layer():
    assert violations() == []


def test_every_part_of_the_package_has_a_layer():
    parts = {
        p.stem if p.is_file() else p.name
        for p in PACKAGE.iterdir()
        if (p.suffix == ".py" or (p / "__init__.py").exists())
    }
    assert parts - set(LAYERS) == set()


def test_the_checker_sees_a_back_edge(tmp_path):
    # The contract must be able to fail: an html module importing from ax, relatively
    # and inside a function, is caught; the same import from ax into html is not.
    root = tmp_path / "axsynth"
    for part, source in (("html", "def f():\n    from ..ax import roles\n"), ("ax", "from ..html import dom\n")):
        (root / part).mkdir(parents=True)
        (root / part / "__init__.py").write_text("")
        (root / part / "probe.py").write_text(source)
    assert violations(root) == ["axsynth/html/probe.py:2: html imports axsynth.ax"]


def test_the_aria_snapshot_does_not_build_chromiums_tree():
    # Playwright's engine reads the page only: an ARIA snapshot costs no Chromium tree.
    from axsynth import Document

    doc = Document.from_html("<main><button>Go</button></main>")
    assert doc.aria_snapshot() == '- main:\n  - button "Go"'
    assert doc._ax is None
    doc.get_full_ax_tree()
    assert doc._ax is not None


def test_naming_frames_does_not_build_chromiums_tree():
    # A frame's id derives from its element's selector (the DOM alone): listing the frames
    # (the CLI's "not loaded" notes, before any snapshot) builds no accessibility tree.
    from axsynth import Document

    html = '<p>Map</p><iframe src="https://maps.example/embed"></iframe>'
    doc = Document.from_html(html)
    frame_ids = [frame.frame_id for frame in doc.frames()]
    assert doc._ax is None
    # The same ids as when the agent format (which builds the tree) names the frames first.
    agent_first = Document.from_html(html)
    assert agent_first.agent_emitter.selectors is agent_first._selectors()
    assert [frame.frame_id for frame in agent_first.frames()] == frame_ids
