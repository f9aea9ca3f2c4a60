"""The axsynth pytest plugin (registered through the ``pytest11`` entry point).

Fixtures:

* ``ax``: builds Documents, ``ax(html)`` or ``ax.file(path)``;
* ``ax_snapshot``: :func:`axsynth.testing.ax_snapshot`, the text to compare
  with a stored snapshot;
* ``aria_snapshot`` / ``agent_snapshot``: syrupy's ``snapshot`` storing that
  text as a plain ``.aria.yml`` / ``.agent.txt`` file (needs syrupy).

:func:`assert_aria_snapshot` is importable from here or from ``axsynth.testing``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest

from ..api import Document
from . import assert_aria_snapshot
from . import ax_snapshot as _ax_snapshot

__all__ = ["DocumentFactory", "assert_aria_snapshot"]


class DocumentFactory:
    """Builds :class:`~axsynth.Document` objects for a test."""

    def __call__(self, html: str | bytes, url: str | None = None) -> Document:
        return Document.from_html(html, url)

    def file(self, path: str | Path, url: str | None = None) -> Document:
        return Document.from_file(path, url)


@pytest.fixture
def ax() -> DocumentFactory:
    """``ax(html)`` and ``ax.file(path)`` build Documents."""
    return DocumentFactory()


@pytest.fixture
def ax_snapshot() -> Callable[..., str]:
    """``ax_snapshot(doc_or_html, scope=None, format="aria"|"agent")``: snapshot text."""
    return _ax_snapshot


@pytest.fixture
def aria_snapshot(snapshot: Any) -> Any:
    """syrupy's ``snapshot``, storing ARIA snapshot text as ``.aria.yml`` files."""
    from .syrupy_extension import AriaSnapshotExtension

    return snapshot.use_extension(AriaSnapshotExtension)


@pytest.fixture
def agent_snapshot(snapshot: Any) -> Any:
    """syrupy's ``snapshot``, storing agent outlines as ``.agent.txt`` files."""
    from .syrupy_extension import AgentSnapshotExtension

    return snapshot.use_extension(AgentSnapshotExtension)
