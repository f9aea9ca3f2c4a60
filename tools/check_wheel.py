"""Build the wheel as a user would (``python -m build``), install it in a fresh
virtual environment, and run README's quick start and ``examples/`` from it.

    python3 tools/check_wheel.py        # needs the `build` package and PyPI (for the dependencies)

Run by ``.ci/run``: it proves that the install instructions in README and
docs/testing.md work without a checkout on ``sys.path`` (the pytest plugin is
found through its entry point, ``style/ua.css`` is packaged, ...).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*command: str | Path, cwd: Path | None = None) -> str:
    result = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"check_wheel: {' '.join(map(str, command))} failed:\n{result.stdout}{result.stderr}")
    return result.stdout


def main() -> int:
    with tempfile.TemporaryDirectory() as scratch:
        scratch_dir = Path(scratch)
        run(sys.executable, "-m", "build", "--wheel", "--outdir", scratch_dir / "dist", ROOT)
        wheel = next((scratch_dir / "dist").glob("axsynth-*.whl"))
        venv.create(scratch_dir / "venv", with_pip=True)
        python = scratch_dir / "venv" / "bin" / "python"
        run(python, "-m", "pip", "install", "-q", f"{wheel}[pytest]")
        # README's quick start, from a directory where no checkout can be imported.
        examples = shutil.copytree(ROOT / "examples", scratch_dir / "examples")
        nodes = json.loads(
            run(python, "-m", "axsynth", "snapshot", examples / "page.html", "--format", "cdp", cwd=scratch_dir)
        )["nodes"]
        assert nodes[0]["role"]["value"] == "RootWebArea", nodes[0]
        print(run(scratch_dir / "venv" / "bin" / "axsynth", "--version").strip(), "from", wheel.name)
        print(run(python, "-m", "pytest", "-q", "-p", "no:cacheprovider", examples, cwd=scratch_dir).splitlines()[-1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
