"""Optional compiled build (setuptools reads the rest from pyproject.toml).

    AXSYNTH_COMPILE=1 python3 -m pip install .

compiles the per-node pipeline stages below with Cython: the same .py files, so the compiled
and the pure-Python install run one source (tools/check_compiled.py, run by .ci/run, holds
their output byte-identical on every fixture). Without AXSYNTH_COMPILE=1 the install is pure
Python.

A module with a .pxd next to it is typed (docs/performance.md, "Typed core"): html/dom.pxd and
ax/object.pxd make the DOM nodes and AXObject extension types with C fields, and the .pxd of
a hot module cimports them, so that module's own annotations (``obj: AXObject``,
``el: Element``) become C types and its field reads C struct reads. The .pxd files only
augment: the .py files stay plain Python, the reference for the interpreted build.
"""

import os
from pathlib import Path

from setuptools import setup

# Where a snapshot spends its CPU: the per-node stages, and the per-node DOM facts they ask
# (forms, focus, editing, URLs, the parser's tree building). Data tables and the CLI gain
# nothing from compiling.
COMPILED_MODULES = [
    "axsynth/html/dom.py",
    "axsynth/html/parse.py",
    "axsynth/html/parse_fast.py",
    "axsynth/html/forms.py",
    "axsynth/html/focus.py",
    "axsynth/html/editing.py",
    "axsynth/html/media.py",
    "axsynth/html/urls.py",
    "axsynth/style/presentational.py",
    "axsynth/ax/name_sources.py",
    "axsynth/ax/block_offset.py",
    "axsynth/style/cascade.py",
    "axsynth/style/properties.py",
    "axsynth/style/counters.py",
    "axsynth/style/list_items.py",
    "axsynth/ax/object.py",
    "axsynth/ax/build.py",
    "axsynth/ax/generated.py",
    "axsynth/ax/ua_shadow.py",
    "axsynth/ax/whitespace.py",
    "axsynth/ax/inner_text.py",
    "axsynth/ax/roles.py",
    "axsynth/ax/relations.py",
    "axsynth/ax/ignored.py",
    "axsynth/ax/scroll_containers.py",
    "axsynth/ax/carousel.py",
    "axsynth/ax/reading_flow.py",
    "axsynth/ax/tree.py",
    "axsynth/ax/names.py",
    "axsynth/ax/native_names.py",
    "axsynth/ax/states.py",
    "axsynth/ax/restriction.py",
    "axsynth/ax/validity.py",
    "axsynth/ax/editable.py",
    "axsynth/ax/levels.py",
    "axsynth/ax/widget_states.py",
    "axsynth/ax/values.py",
    "axsynth/playwright/snapshot.py",
    "axsynth/emit/cdp.py",
    "axsynth/emit/json_text.py",
    "axsynth/emit/aria.py",
    "axsynth/emit/agent.py",
]


def ext_modules() -> list:
    if os.environ.get("AXSYNTH_COMPILE") != "1":
        return []
    from Cython.Build import cythonize

    here = Path(__file__).parent
    typed = [module for module in COMPILED_MODULES if (here / module).with_suffix(".pxd").exists()]
    untyped = [module for module in COMPILED_MODULES if module not in typed]
    # binding=True keeps functions introspectable like Python ones; the generated C goes to build/.
    directives = {"language_level": 3, "binding": True}
    # Typed modules: no inferred local types, only the declared ones. Cython 3.3.1's inference
    # drops the load of ``obj.children`` in ``for child in obj.children`` when ``obj`` is an
    # AXObject in one loop of the function and any object in another (ax/whitespace.py's
    # finish_text iterated NULL and crashed).
    return [
        *cythonize(
            untyped, build_dir="build/cython", quiet=True, nthreads=os.cpu_count() or 1, compiler_directives=directives
        ),
        *cythonize(
            typed,
            build_dir="build/cython",
            quiet=True,
            nthreads=os.cpu_count() or 1,
            compiler_directives={**directives, "infer_types": False},
        ),
    ]


# The C compiler runs once per module: in parallel, the build takes half the time on two cores.
setup(ext_modules=ext_modules(), options={"build_ext": {"parallel": os.cpu_count() or 1}})
