"""The optional compiled build (setup.py, AXSYNTH_COMPILE=1)."""

from pathlib import Path

import axsynth


def test_no_compiled_module_is_older_than_its_source():
    # An editable compiled install leaves the extensions next to the .py files, and Python
    # imports an extension before the source: an edit made after the build would silently
    # not run. (tools/check_compiled.py holds a fresh build byte-identical to pure Python.)
    package = Path(axsynth.__file__).parent
    stale = [str(ext.relative_to(package)) for ext in package.rglob("*.so")
             if ext.stat().st_mtime < ext.with_name(ext.name.split(".")[0] + ".py").stat().st_mtime]
    assert not stale, f"rebuild (AXSYNTH_COMPILE=1 pip install -e .) or delete: {stale}"
