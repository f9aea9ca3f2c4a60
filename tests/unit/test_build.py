"""The optional compiled build (setup.py, AXSYNTH_COMPILE=1)."""

from pathlib import Path

import pytest

import axsynth


def test_no_compiled_module_is_older_than_its_source():
    # An editable compiled install leaves the extensions next to the .py files, and Python
    # imports an extension before the source: an edit made after the build would silently
    # not run. (tools/check_compiled.py holds a fresh build byte-identical to pure Python.)
    package = Path(axsynth.__file__).parent
    if not (package.parent / "setup.py").exists():
        # An installed wheel (pip install, pip --target) is not edited after its build, and
        # pip writes its .py files after the .so files: mtimes say nothing there.
        pytest.skip("axsynth is an installed build, not a checkout")
    stale = [
        str(ext.relative_to(package))
        for ext in package.rglob("*.so")
        if ext.stat().st_mtime < ext.with_name(ext.name.split(".")[0] + ".py").stat().st_mtime
    ]
    assert not stale, f"rebuild (AXSYNTH_COMPILE=1 pip install -e .) or delete: {stale}"
