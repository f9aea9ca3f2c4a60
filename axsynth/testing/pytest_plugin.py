"""The axsynth pytest plugin (registered through the ``pytest11`` entry point).

Fixtures:

* ``ax``: builds Documents, ``ax(html)`` or ``ax.file(path)``;
* ``ax_snapshot``: :func:`axsynth.testing.ax_snapshot`, the text to compare
  with a stored snapshot;
* ``aria_snapshot`` / ``agent_snapshot``: syrupy's ``snapshot`` storing that
  text as a plain ``.aria.yml`` / ``.agent.txt`` file (needs syrupy);
* ``ax_audit``: :func:`axsynth.testing.assert_no_violations`, the page must break
  none of axe-core's rules.

:func:`assert_aria_snapshot` is importable from here or from ``axsynth.testing``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest

from ..api import Document
from . import assert_aria_snapshot, assert_no_violations, expect
from . import ax_snapshot as _ax_snapshot
from .update import updates

__all__ = ["DocumentFactory", "assert_aria_snapshot", "assert_no_violations", "expect"]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.getgroup("axsynth").addoption(
        "--axsynth-update",
        action="store_true",
        help="write the received ARIA snapshot into the test source for every assert_aria_snapshot "
        "whose template is empty or does not match",
    )


_UPDATE_STATE = pytest.StashKey[tuple[bool, list[str]]]()  # (update mode before this session, the report)


def pytest_configure(config: pytest.Config) -> None:
    # Restored at the end: a session run inside another one (pytester) must not leak its mode.
    config.stash[_UPDATE_STATE] = (updates.active, [])
    updates.active = bool(config.getoption("axsynth_update", False))


def pytest_sessionfinish(session: pytest.Session) -> None:
    if updates.active:
        session.config.stash[_UPDATE_STATE][1].extend(updates.apply())


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    for line in config.stash[_UPDATE_STATE][1]:
        terminalreporter.write_line(f"axsynth: {line}")


def pytest_unconfigure(config: pytest.Config) -> None:
    updates.active = config.stash[_UPDATE_STATE][0]


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


@pytest.fixture
def ax_audit() -> Callable[..., dict]:
    """``ax_audit(doc_or_html, rules=None, tags=None, exclude=())``: fails, listing each
    element, when the page breaks one of axe-core's rules; returns the audit's result."""
    return assert_no_violations
