"""Optional compiled build (setuptools reads the rest from pyproject.toml).

    AXSYNTH_COMPILE=1 python3 -m pip install .

compiles the per-node pipeline stages below with Cython: the same .py files, unannotated, so
the compiled and the pure-Python install run one source (tools/check_compiled.py, run by
.ci/run, holds their output byte-identical on every fixture). Without AXSYNTH_COMPILE=1 the
install is pure Python.
"""

import os

from setuptools import setup

# Where a snapshot spends ~90% of its CPU after parsing (docs/performance.md). Data tables,
# parsing glue and the CLI gain nothing from compiling.
COMPILED_MODULES = [
    "axsynth/html/dom.py",
    "axsynth/style/cascade.py", "axsynth/style/properties.py", "axsynth/style/counters.py",
    "axsynth/style/list_items.py",
    "axsynth/ax/object.py", "axsynth/ax/build.py", "axsynth/ax/generated.py", "axsynth/ax/ua_shadow.py",
    "axsynth/ax/whitespace.py", "axsynth/ax/inner_text.py", "axsynth/ax/roles.py", "axsynth/ax/relations.py",
    "axsynth/ax/ignored.py", "axsynth/ax/tree.py", "axsynth/ax/names.py", "axsynth/ax/native_names.py",
    "axsynth/ax/states.py", "axsynth/ax/values.py",
    "axsynth/playwright/snapshot.py",
    "axsynth/emit/cdp.py", "axsynth/emit/json_text.py", "axsynth/emit/aria.py", "axsynth/emit/agent.py",
]


def ext_modules() -> list:
    if os.environ.get("AXSYNTH_COMPILE") != "1":
        return []
    from Cython.Build import cythonize
    # binding=True keeps functions introspectable like Python ones; the generated C goes to build/.
    return cythonize(COMPILED_MODULES, build_dir="build/cython", quiet=True, nthreads=os.cpu_count() or 1,
                     compiler_directives={"language_level": 3, "binding": True})


# The C compiler runs once per module: in parallel, the build takes half the time on two cores.
setup(ext_modules=ext_modules(), options={"build_ext": {"parallel": os.cpu_count() or 1}})
