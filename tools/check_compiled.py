#!/usr/bin/env python3
"""Hold the optional compiled build (setup.py) byte-identical to the pure-Python one.

    python3 tools/check_compiled.py

Installs the package with AXSYNTH_COMPILE=1 into a temporary directory (as a user's
``pip install`` would), then prints every format of every fixture under tests/fixtures/ with
both builds, each in its own process, and compares them. Exit 0: identical; 1: a difference
(the first few are named); 0 with a notice when this machine has no C compiler (nothing to
check: the compiled build cannot be installed here either).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
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
        texts = {"cdp": cdp.getvalue(), "aria": doc.aria_snapshot(),
                 "agent": doc.agent_snapshot(max_bytes=None).text, "devtools": doc.devtools_snapshot()}
        for fmt, text in texts.items():
            out[f"{fixture.name} {fmt}"] = hashlib.sha256(text.encode()).hexdigest()
    return out


def run_digests(pythonpath: Path) -> tuple[bool, dict[str, str]]:
    """(compiled?, digests) from a fresh interpreter that imports axsynth from ``pythonpath``."""
    code = ("import json, sys, axsynth; sys.path.insert(0, %r); import check_compiled; "
            "print(json.dumps([axsynth.COMPILED, check_compiled.digests()]))" % str(Path(__file__).parent))
    env = dict(os.environ, PYTHONPATH=str(pythonpath))
    # cwd: not the repository, whose axsynth/ would shadow PYTHONPATH's ("-c" puts cwd first).
    result = subprocess.run([sys.executable, "-c", code], env=env, cwd=tempfile.gettempdir(), check=True,
                            capture_output=True, text=True)
    compiled, found = json.loads(result.stdout)
    return compiled, found


def main() -> int:
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if not shutil.which(compiler):
        print(f"check_compiled: no C compiler ({compiler}) on this machine; compiled build not checked")
        return 0
    with tempfile.TemporaryDirectory(prefix="axsynth-compiled-") as target:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", target, str(REPO)],
                       env=dict(os.environ, AXSYNTH_COMPILE="1"), check=True)
        compiled, fast = run_digests(Path(target))
    pure_is_compiled, pure = run_digests(REPO)
    if not compiled or pure_is_compiled:
        print(f"check_compiled: wrong builds compared (the compiled one runs compiled code: {compiled}; "
              f"the repository's runs compiled code: {pure_is_compiled})")
        return 1
    differing = sorted(key for key in pure if fast.get(key) != pure[key])
    if differing or pure.keys() != fast.keys():
        print(f"check_compiled: {len(differing)} outputs differ between the compiled and pure-Python builds:")
        print("\n".join("  " + key for key in differing[:20]))
        return 1
    print(f"check_compiled: compiled build identical to pure Python ({len(pure)} outputs, every format of every fixture)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
