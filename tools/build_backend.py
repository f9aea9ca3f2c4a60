"""PEP 517 backend: setuptools, plus Cython when AXSYNTH_COMPILE=1 asks for setup.py's compiled build."""

import os

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (
    build_editable,
    build_sdist,
    build_wheel,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

# Every PEP 517/660 hook; only the two get_requires ones below differ from setuptools'.
__all__ = [
    "build_editable",
    "build_sdist",
    "build_wheel",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
    "prepare_metadata_for_build_editable",
    "prepare_metadata_for_build_wheel",
]


def get_requires_for_build_wheel(config_settings=None):
    return _requires(_setuptools.get_requires_for_build_wheel, config_settings)


def get_requires_for_build_editable(config_settings=None):
    return _requires(_setuptools.get_requires_for_build_editable, config_settings)


def _requires(setuptools_hook, config_settings) -> list[str]:
    # In compiled mode setup.py imports Cython, so setuptools' own hook (which runs setup.py)
    # cannot be asked first; setuptools >= 77 (build-system.requires) needs nothing more.
    if os.environ.get("AXSYNTH_COMPILE") == "1":
        return ["Cython>=3.0"]
    return setuptools_hook(config_settings)
