#!/usr/bin/env python3
"""Build the compiled wheel and hold it byte-identical to the pure-Python build.

    python3 tools/check_compiled.py [--keep DIR]     # needs the `build` package

Builds the wheel a user without a compiler would be given (``AXSYNTH_COMPILE=1 python -m build
--wheel``: setup.py's Cython modules, a platform tag), unpacks it into a temporary directory,
then prints every format of every fixture under tests/fixtures/ with both builds, each in its
own process, and compares them. ``--keep DIR`` copies the checked wheel to DIR. Exit 0:
identical; 1: a difference (the first few are named) or a wheel that is not compiled; 0 with
a notice when this machine has no C compiler (nothing to check: the compiled build cannot be
made here either).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures"


def digests() -> dict[str, str]:
    """sha256 of every format of every fixture, with whichever axsynth is importable."""
    from axsynth.conformance import find_fixtures, load

    out = {}
    for fixture in find_fixtures(FIXTURES):
        doc = load(fixture)
        cdp = io.StringIO()
        doc.write_full_ax_tree(cdp)
        texts = {
            "cdp": cdp.getvalue(),
            "aria": doc.aria_snapshot(),
            "agent": doc.agent_snapshot(max_bytes=None).text,
            "devtools": doc.devtools_snapshot(),
            "ai": doc.ai_snapshot(),
            "flat": json.dumps(doc.flat_snapshot(), ensure_ascii=False),
        }
        for fmt, text in texts.items():
            out[f"{fixture.name} {fmt}"] = hashlib.sha256(text.encode()).hexdigest()
    return out


def run_digests(pythonpath: Path) -> tuple[bool, dict[str, str]]:
    """(compiled?, digests) from a fresh interpreter that imports axsynth from ``pythonpath``."""
    code = (
        "import json, sys, axsynth; sys.path.insert(0, %r); import check_compiled; "
        "print(json.dumps([axsynth.COMPILED, check_compiled.digests()]))" % str(Path(__file__).parent)
    )
    env = dict(os.environ, PYTHONPATH=str(pythonpath))
    # cwd: not the repository, whose axsynth/ would shadow PYTHONPATH's ("-c" puts cwd first).
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=tempfile.gettempdir(), capture_output=True, text=True
    )
    if result.returncode != 0:  # say why: the traceback is the build's failure
        sys.exit(f"check_compiled: the build at {pythonpath} failed to print every format:\n{result.stderr}")
    compiled, found = json.loads(result.stdout)
    return compiled, found


def build_compiled_wheel(scratch: Path) -> Path:
    """``python -m build --wheel`` in compiled mode; the wheel must carry a platform tag.

    Built from a copy of the sources, so that no compiled module or build/ directory is left
    in the checkout, where a later pure-Python build or import could pick it up."""
    source = shutil.copytree(
        REPO,
        scratch / "source",
        ignore=shutil.ignore_patterns(
            ".git", "build", "dist", "*.egg-info", "__pycache__", "*.so", "*.c", "tests", "fuzz", "benchmarks"
        ),
    )
    outdir = scratch / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(outdir), str(source)],
        env=dict(os.environ, AXSYNTH_COMPILE="1"),
        cwd=scratch,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    wheel = next(outdir.glob("axsynth-*.whl"))
    if wheel.name.endswith("-none-any.whl"):
        sys.exit(f"check_compiled: {wheel.name} is not a compiled wheel (no platform tag)")
    return wheel


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keep", type=Path, help="copy the checked wheel into this directory")
    args = parser.parse_args()
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if not shutil.which(compiler):
        print(f"check_compiled: no C compiler ({compiler}) on this machine; compiled build not checked")
        return 0
    with tempfile.TemporaryDirectory(prefix="axsynth-compiled-") as scratch:
        wheel = build_compiled_wheel(Path(scratch))
        target = Path(scratch) / "site"
        with zipfile.ZipFile(wheel) as archive:  # what pip would install, without its dependencies
            archive.extractall(target)
        compiled, fast = run_digests(target)
        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            shutil.copy2(wheel, args.keep)
    pure_is_compiled, pure = run_digests(REPO)
    if not compiled or pure_is_compiled:
        print(
            f"check_compiled: wrong builds compared (the compiled one runs compiled code: {compiled}; "
            f"the repository's runs compiled code: {pure_is_compiled})"
        )
        return 1
    differing = sorted(key for key in pure if fast.get(key) != pure[key])
    if differing or pure.keys() != fast.keys():
        print(f"check_compiled: {len(differing)} outputs differ between the compiled and pure-Python builds:")
        print("\n".join("  " + key for key in differing[:20]))
        return 1
    print(f"check_compiled: {wheel.name} identical to pure Python ({len(pure)} outputs, every format of every fixture)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
