"""Conformance against real-Chromium goldens: normalization, comparison, report.

The normalization is shared by ``tools/gen_goldens.py`` (goldens are stored
normalized), the test-suite and the report, so all three compare alike:

* ``InlineTextBox`` nodes are dropped: their line boxes need layout.
* nodes are put in pre-order from the root and ``nodeId``/``parentId``/
  ``childIds`` renumbered in that order from 1;
* ``backendDOMNodeId`` is renumbered by first appearance, wherever it appears;
* ``frameId`` is dropped.

Run ``python -m axsynth.conformance`` for the per-fixture report, or
``python -m axsynth.conformance --diff NAME`` for one fixture's diff.
"""

from __future__ import annotations

import argparse
import difflib
import glob
import json
import sys
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

#: Fixtures are captured from this origin; axsynth is given the same URL.
FIXTURE_ORIGIN = "http://axsynth.test/"
FORMATS = ("cdp", "aria", "devtools", "ai", "axe")
GOLDEN_SUFFIX = {
    "cdp": ".cdp.json",
    "aria": ".aria.txt",
    "devtools": ".devtools.txt",
    "ai": ".ai.txt",
    "axe": ".axe.json",
}

_DROPPED_ROLES = {"InlineTextBox"}


def normalize_cdp(tree: dict[str, Any]) -> list[dict[str, Any]]:
    """Return the ``nodes`` of a getFullAXTree result in normalized form."""
    by_id: dict[str, dict[str, Any]] = {}
    for node in tree["nodes"]:
        by_id.setdefault(node["nodeId"], node)  # Chromium can list a node twice.
    dropped = {nid for nid, n in by_id.items() if n["role"].get("value") in _DROPPED_ROLES}
    roots = [n for n in by_id.values() if "parentId" not in n]
    if not roots:
        return []
    order = [nid for nid in _preorder(roots[0]["nodeId"], by_id) if nid not in dropped]
    new_id = {old: str(i) for i, old in enumerate(order, 1)}
    backend_ids: dict[int, int] = {}
    out = []
    for old in order:
        node = dict(by_id[old])
        node.pop("frameId", None)
        node["nodeId"] = new_id[old]
        if "parentId" in node:
            node["parentId"] = new_id[node["parentId"]]
        if "childIds" in node:
            node["childIds"] = [new_id[c] for c in node["childIds"] if c in new_id]
        out.append(_renumber_backend(node, backend_ids))
    return out


def _preorder(root: str, by_id: dict[str, dict[str, Any]]) -> Iterator[str]:
    stack, seen = [root], set()
    while stack:
        nid = stack.pop()
        if nid in seen or nid not in by_id:
            continue
        seen.add(nid)
        yield nid
        stack.extend(reversed(by_id[nid].get("childIds", [])))


def _renumber_backend(value: Any, ids: dict[int, int]) -> Any:
    """Copy ``value`` with every backendDOMNodeId renumbered by first appearance."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key == "backendDOMNodeId":
                out[key] = ids.setdefault(item, len(ids) + 1)
            else:
                out[key] = _renumber_backend(item, ids)
        return out
    if isinstance(value, list):
        return [_renumber_backend(item, ids) for item in value]
    return value


def dump_cdp(nodes: list[dict[str, Any]]) -> str:
    """Serialize normalized nodes one per line, so diffs and line counts are per node."""
    lines = ",\n".join(json.dumps(n, ensure_ascii=False) for n in nodes)
    return '{"nodes": [\n' + lines + "\n]}\n"


# Result groups of an axe-core result, in the order the golden lists them.
AXE_GROUPS = ("violations", "incomplete", "passes", "inapplicable")


def dump_axe(result: dict[str, Any]) -> str:
    """An axe-core result (axe's own, or axsynth's audit) as its golden stores it: one line
    per (rule, result group, node), rules by id. A violation or incomplete node keeps its
    target, impact, html and failureSummary; a passing node its target; an inapplicable
    rule one line. Volatile fields (timestamp, URL, environment) and check details are left out."""
    rows: list[tuple[str, int, int, dict[str, Any]]] = []
    for rank, group in enumerate(AXE_GROUPS):
        for rule in result.get(group, []):
            if group == "inapplicable":
                rows.append((rule["id"], rank, 0, {"rule": rule["id"], "result": group}))
                continue
            for position, node in enumerate(rule["nodes"]):
                row = {"rule": rule["id"], "result": group, "target": node["target"]}
                if group != "passes":
                    row.update(impact=node["impact"], html=node["html"], failureSummary=node.get("failureSummary"))
                rows.append((rule["id"], rank, position, row))
    rows.sort(key=lambda row: row[:3])
    lines = ",\n".join(json.dumps(row[3], ensure_ascii=False) for row in rows)
    engine = result.get("testEngine", {})
    version = engine.get("axeVersion", engine.get("version"))  # axsynth names the axe-core release it follows
    return '{"axe": ' + json.dumps(version) + ', "results": [\n' + lines + "\n]}\n"


# --- fixtures and goldens ----------------------------------------------------


@dataclass(frozen=True)
class Fixture:
    name: str  # path below the fixtures dir, without ".html"
    path: Path

    @property
    def url(self) -> str:
        return FIXTURE_ORIGIN + self.name + ".html"

    @property
    def site_root(self) -> Path:
        """The fixtures directory: the site served at FIXTURE_ORIGIN, as the goldens were captured."""
        return self.path.parents[self.name.count("/")]

    def golden(self, goldens_dir: Path, fmt: str) -> Path:
        return goldens_dir / (self.name + GOLDEN_SUFFIX[fmt])

    def frame_golden(self, goldens_dir: Path, number: int) -> Path:
        """The CDP golden of the page's ``number``-th child frame (1-based, frame tree pre-order)."""
        return goldens_dir / f"{self.name}.frame{number}.cdp.json"

    def frame_goldens(self, goldens_dir: Path) -> list[Path]:
        found = goldens_dir.glob(f"{glob.escape(self.name)}.frame*.cdp.json")
        number = len(Path(self.name).name) + len(".frame")
        return sorted(found, key=lambda p: int(p.name[number : -len(".cdp.json")]))


def find_fixtures(fixtures_dir: Path) -> list[Fixture]:
    return [
        Fixture(p.relative_to(fixtures_dir).with_suffix("").as_posix(), p)
        for p in sorted(fixtures_dir.rglob("*.html"))
        # "_name.html", or any page in a "_folder": a resource (an iframe's src), not a fixture
        if not any(part.startswith("_") for part in p.relative_to(fixtures_dir).parts)
    ]


@lru_cache(maxsize=1)
def load(fixture: Fixture):
    """The fixture's Document; kept while its formats are compared one after another."""
    from axsynth.api import Document

    return Document.from_file(fixture.path, url=fixture.url, site_root=fixture.site_root)


def render(fixture: Fixture, fmt: str) -> str:
    """axsynth's output for a fixture, in the form its golden is stored."""
    doc = load(fixture)
    if fmt == "cdp":
        return dump_cdp(normalize_cdp(doc.get_full_ax_tree()))
    if fmt == "devtools":  # chrome-devtools-mcp's take_snapshot text (tools/devtools_goldens.py)
        return doc.devtools_snapshot()
    if fmt == "ai":
        return doc.ai_snapshot() + "\n"
    if fmt == "axe":  # axe-core's result, run in Chromium (tools/axe_goldens.py), against axsynth's audit
        return dump_axe(doc.audit(passes=True))
    return doc.aria_snapshot() + "\n"


def load_expectations(path: Path) -> dict[tuple[str, str], str]:
    """Read ``fixture format reason...`` lines: fixtures known not to match yet.
    ``*`` as the fixture stands for every fixture of that format."""
    expected: dict[tuple[str, str], str] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                name, fmt, *reason = line.split(None, 2)
                expected[(name, fmt)] = reason[0] if reason else ""
    return expected


def expected_failure(expected: dict[tuple[str, str], str], name: str, fmt: str) -> str | None:
    """The listed reason if this fixture is expected not to match yet, else None."""
    if (name, fmt) in expected:
        return expected[(name, fmt)]
    return expected.get(("*", fmt))


def first_difference(fixture: Fixture, fmt: str, goldens_dir: Path) -> str:
    """A one-line reason: where axsynth first departs from Chromium."""
    try:
        actual = render(fixture, fmt)
    except Exception as exc:
        return f"crash: {type(exc).__name__}: {exc}"[:200]
    want = fixture.golden(goldens_dir, fmt).read_text(encoding="utf-8").splitlines()
    got = actual.splitlines()
    if fmt == "cdp":
        return _first_node_difference(want, got)
    for i, (w, g) in enumerate(zip(want, got)):
        if w != g:
            return f"line {i + 1}: {w[:60]!r} vs {g[:60]!r}"
    return f"{len(want)} lines in Chromium, {len(got)} in axsynth"


_ID_KEYS = ("nodeId", "parentId", "childIds", "backendDOMNodeId")


def _first_node_difference(want: list[str], got: list[str]) -> str:
    """The first node (ids aside) that axsynth adds, drops or serializes differently."""
    a, b = [_without_ids(x) for x in want], [_without_ids(x) for x in got]
    start = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    window = 400  # diff only around the first mismatch: whole-file diffs of huge pages are slow
    a, b = a[start : start + window], b[start : start + window]
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        i1, j1 = i1 + start, j1 + start
        if tag == "equal":
            continue
        if tag == "replace":
            return f"line {i1 + 1}: " + _describe_node_diff(want[i1], got[j1])
        if tag == "delete":
            return f"line {i1 + 1}: missing {_summary(want[i1])}"
        return f"line {i1 + 1}: extra {_summary(got[j1])}"
    return "ids differ"


def _without_ids(line: str) -> str:
    """A node line with its renumbered ids left out (they shift after any extra node)."""
    try:
        node = json.loads(line.rstrip(","))
    except ValueError:
        return line
    return json.dumps({k: v for k, v in node.items() if k not in _ID_KEYS}, ensure_ascii=False)


def _summary(line: str) -> str:
    try:
        node = json.loads(line.rstrip(","))
    except ValueError:
        return line[:80]
    name = node.get("name", {}).get("value")
    reasons = ",".join(r["name"] for r in node.get("ignoredReasons", []))
    return f"{node['role']['value']} node" + (f" {name!r}"[:60] if name else "") + (f" ({reasons})" if reasons else "")


def _describe_node_diff(want: str, got: str) -> str:
    try:
        w, g = json.loads(want.rstrip(",")), json.loads(got.rstrip(","))
    except ValueError:
        return "output shape differs"
    for key in [k for k in w if k not in _ID_KEYS] + [k for k in g if k not in w]:
        if key == "properties" and w.get(key) != g.get(key):
            want_props = {p["name"]: p["value"] for p in w.get(key, [])}
            got_props = {p["name"]: p["value"] for p in g.get(key, [])}
            for name in list(want_props) + [n for n in got_props if n not in want_props]:
                if want_props.get(name) != got_props.get(name):
                    return (
                        f"{w.get('role', {}).get('value')} node property {name}: "
                        f"{json.dumps(want_props.get(name))[:60]} vs {json.dumps(got_props.get(name))[:60]}"
                    )
            return f"{w.get('role', {}).get('value')} node properties in another order"
        if w.get(key) != g.get(key):
            ours, theirs = (json.dumps(side.get(key), ensure_ascii=False)[:70] for side in (w, g))
            detail = f"{key} {ours} vs {theirs}"
            return f"{w.get('role', {}).get('value')} node differs in {detail}"
    return "differs"


@dataclass
class Result:
    fixture: Fixture
    fmt: str
    exact: bool
    lines_total: int
    lines_matching: int
    error: str = ""


def compare(fixture: Fixture, fmt: str, goldens_dir: Path) -> Result:
    golden = fixture.golden(goldens_dir, fmt).read_text(encoding="utf-8")
    try:
        actual = render(fixture, fmt)
    except Exception as exc:  # the report must cover every fixture
        return Result(fixture, fmt, False, len(golden.splitlines()), 0, f"{type(exc).__name__}: {exc}")
    want, got = golden.splitlines(), actual.splitlines()
    if fmt == "cdp":  # renumbered ids shift after any extra node: compare nodes without them
        want, got = [_without_ids(x) for x in want], [_without_ids(x) for x in got]
    matcher = difflib.SequenceMatcher(None, want, got, autojunk=False)
    same = sum(block.size for block in matcher.get_matching_blocks())
    return Result(fixture, fmt, golden == actual, len(want), same)


def diff(fixture: Fixture, fmt: str, goldens_dir: Path) -> str:
    golden = fixture.golden(goldens_dir, fmt).read_text(encoding="utf-8")
    actual = render(fixture, fmt)
    if fmt == "cdp":  # one key per line reads better than one node per line
        golden = json.dumps(json.loads(golden), indent=1, ensure_ascii=False) + "\n"
        actual = json.dumps(json.loads(actual), indent=1, ensure_ascii=False) + "\n"
    return "".join(difflib.unified_diff(golden.splitlines(True), actual.splitlines(True), "chromium", "axsynth", n=4))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m axsynth.conformance", description=__doc__.split("\n")[0])
    parser.add_argument("--fixtures", type=Path, default=Path("tests/fixtures"))
    parser.add_argument("--goldens", type=Path, default=Path("tests/goldens"))
    parser.add_argument("--format", choices=FORMATS, action="append", help="default: all")
    parser.add_argument("--diff", metavar="NAME", help="show Chromium vs axsynth for one fixture")
    parser.add_argument("--quiet", action="store_true", help="summary only")
    parser.add_argument(
        "--update-expectations",
        type=Path,
        metavar="FILE",
        help="write the list of fixtures that do not match yet, with reasons",
    )
    args = parser.parse_args(argv)
    formats = args.format or list(FORMATS)
    fixtures = find_fixtures(args.fixtures)
    if args.diff:
        matches = [f for f in fixtures if f.name == args.diff or f.name.endswith("/" + args.diff)]
        if not matches:
            print(f"no fixture named {args.diff!r}", file=sys.stderr)
            return 2
        for fmt in formats:
            print(diff(matches[0], fmt, args.goldens) or f"{fmt}: identical")
        return 0
    if args.update_expectations:
        return _write_expectations(args.update_expectations, fixtures, formats, args.goldens)
    for fmt in formats:
        results, started = [], time.perf_counter()
        for fixture in fixtures:
            if fixture.golden(args.goldens, fmt).exists():
                results.append(compare(fixture, fmt, args.goldens))
        elapsed = time.perf_counter() - started
        if not args.quiet:
            for r in results:
                status = "exact" if r.exact else ("ERROR " + r.error if r.error else "differs")
                print(f"{fmt:5} {r.fixture.name:48} {r.lines_matching:5}/{r.lines_total:<5} {status}")
        exact = sum(r.exact for r in results)
        total_lines = sum(r.lines_total for r in results) or 1
        same_lines = sum(r.lines_matching for r in results)
        print(
            f"{fmt}: {exact}/{len(results)} fixtures byte-exact "
            f"({100 * exact / max(len(results), 1):.1f}%), line agreement "
            f"{100 * same_lines / total_lines:.1f}% ({elapsed:.1f}s)"
        )
    return 0


def _write_expectations(path: Path, fixtures: list[Fixture], formats: list[str], goldens: Path) -> int:
    kept = [line for line in load_expectations(path).items() if line[0][1] not in formats]
    lines = [
        "# Fixtures that do not match Chromium byte-for-byte yet: fixture, format, reason.",
        "# Run as strict expected failures by tests/test_conformance.py; regenerate with",
        "#   python -m axsynth.conformance --update-expectations tests/conformance_expected.txt",
    ]
    lines += [f"{name} {fmt} {reason}" for (name, fmt), reason in kept]
    for fmt in formats:
        for fixture in fixtures:
            if fixture.golden(goldens, fmt).exists() and not compare(fixture, fmt, goldens).exact:
                lines.append(f"{fixture.name} {fmt} {first_difference(fixture, fmt, goldens)}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(lines) - 3} expectations to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
