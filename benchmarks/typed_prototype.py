#!/usr/bin/env python3
"""Cython (pure-Python mode) against mypyc on one prototype stage: which to choose for a typed core.

    python benchmarks/typed_prototype.py [--repeat 7] [FIXTURE]

Takes the real AX tree of a page (default: the 34k-node data table), as (node id, integer
role code, name, ignored, parent) rows, and times the stage of benchmarks/typed_prototype/
axrecord.py (build the objects; an attribute-reading walk; CDP-like JSON text per node),
one source built four ways, each in a fresh process, best of --repeat, CPU seconds:

  interpreted        plain CPython, __slots__ class
  cython untyped     Cython over the .py alone (what setup.py's AXSYNTH_COMPILE=1 does today)
  cython typed       the same .py with axrecord.pxd (an extension type with C fields)
  mypyc              mypyc over the same .py (a native class from the annotations)

Needs Cython and mypy (``pip install cython mypy``) and a C compiler; a build that cannot
be made is reported and skipped.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROTOTYPE = Path(__file__).resolve().parent / "typed_prototype"
DEFAULT_PAGE = ROOT / "tests" / "fixtures" / "large" / "large-data-table.html"

TIMER = """
import pickle, sys, time, json
import axrecord
rows, role_names, repeat = pickle.load(open(sys.argv[1], "rb")) + (int(sys.argv[2]),)
best = {}
def timed(stage, run):
    t = time.process_time()
    result = run()
    best[stage] = min(best.get(stage, 9e9), time.process_time() - t)
    return result
for _ in range(repeat):
    records = timed("build", lambda: axrecord.build(rows))
    walked = timed("walk", lambda: axrecord.named_unignored_depth(records[0]))
    size = timed("emit", lambda: axrecord.emit(records, role_names))
print(json.dumps({"compiled": not axrecord.__file__.endswith(".py"), "check": [walked, size], **best}))
"""


def tree_rows(page: Path) -> tuple[list[tuple[int, int, str, bool, int]], list[str]]:
    """The page's AX objects in tree order as rows with integer role codes, and the role names."""
    sys.path.insert(0, str(ROOT))
    from axsynth import Document

    doc = Document.from_html(page.read_bytes())
    names = doc.ax.names
    codes: dict[str, int] = {}
    index: dict[int, int] = {}
    rows = []
    stack = [doc.tree.root]
    while stack:
        obj = stack.pop()
        index[id(obj)] = len(rows)
        parent = index[id(obj.parent)] if obj.parent is not None and id(obj.parent) in index else -1
        role = codes.setdefault(str(obj.role), len(codes))
        rows.append((obj.node_id or 0, role, names.name(obj) if obj.included else "", bool(obj.ignored), parent))
        stack.extend(reversed(obj.tree_children))
    return rows, list(codes)


def build(kind: str, target: Path) -> str | None:
    """Copy the prototype into ``target`` and build it as ``kind``; None, or why it could not."""
    shutil.copy(PROTOTYPE / "axrecord.py", target)
    if kind == "cython typed":
        shutil.copy(PROTOTYPE / "axrecord.pxd", target)
    if kind == "interpreted":
        return None
    if kind.startswith("cython"):
        command = [sys.executable, "-m", "cython", "-3", "axrecord.py"]
        build_cmd = [sys.executable, "-c", _EXT_BUILD.format(source="axrecord.c")]
        steps = [command, build_cmd]
    else:
        steps = [[sys.executable, "-m", "mypyc", "axrecord.py"]]
    for step in steps:
        result = subprocess.run(step, cwd=target, capture_output=True, text=True)
        if result.returncode != 0:
            return (result.stderr or result.stdout).strip().splitlines()[-1][:200]
    (target / "axrecord.py").unlink()  # the extension, not the source, must be what is imported
    return None


# Build one C file into an extension in place, with the interpreter's own compiler flags.
_EXT_BUILD = """
from setuptools import Extension, setup
setup(script_args=["build_ext", "--inplace", "-q"], ext_modules=[Extension("axrecord", ["{source}"])])
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("page", nargs="?", type=Path, default=DEFAULT_PAGE)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    rows, role_names = tree_rows(args.page)
    print(f"{args.page.name}: {len(rows)} AX objects, {len(role_names)} roles; best of {args.repeat}, CPU s")
    results = {}
    with tempfile.TemporaryDirectory(prefix="axsynth-typed-") as tmp:
        data = Path(tmp) / "rows.pickle"
        data.write_bytes(pickle.dumps((rows, role_names)))
        for kind in ("interpreted", "cython untyped", "cython typed", "mypyc"):
            target = Path(tmp) / kind.replace(" ", "-")
            target.mkdir()
            problem = build(kind, target)
            if problem:
                print(f"{kind:15} not built: {problem}")
                continue
            run = subprocess.run(
                [sys.executable, "-c", TIMER, str(data), str(args.repeat)],
                cwd=target,
                env={**os.environ, "PYTHONPATH": str(target)},
                capture_output=True,
                text=True,
            )
            if run.returncode != 0:
                print(f"{kind:15} failed: {run.stderr.strip().splitlines()[-1][:200]}")
                continue
            results[kind] = json.loads(run.stdout)
    base = results.get("interpreted")
    for kind, r in results.items():
        total = r["build"] + r["walk"] + r["emit"]
        speedup = "" if base is None else f"  x{(base['build'] + base['walk'] + base['emit']) / total:.2f}"
        same = "" if base is None or r["check"] == base["check"] else "  RESULTS DIFFER"
        print(
            f"{kind:15} build {r['build']:.3f}  walk {r['walk']:.3f}  emit {r['emit']:.3f}  total {total:.3f}"
            f"{speedup}{same}  (compiled: {r['compiled']})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
