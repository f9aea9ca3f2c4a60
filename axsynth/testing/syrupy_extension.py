"""syrupy extensions that store snapshots as plain text files, one per test:
``__snapshots__/<test file>/<test name>.aria.yml`` (or ``.agent.txt``), so a
reviewer reads the page's accessibility tree in the diff of a pull request."""

from __future__ import annotations

from typing import Any

from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

__all__ = ["AgentSnapshotExtension", "AriaSnapshotExtension"]


class AriaSnapshotExtension(SingleFileSnapshotExtension):
    """ARIA snapshot text, as ``Document.aria_snapshot()`` prints it."""

    _write_mode = WriteMode.TEXT
    # syrupy renamed the attribute in 5.0; set both so either version finds it.
    file_extension = _file_extension = "aria.yml"

    def serialize(self, data: Any, **kwargs: Any) -> str:
        if not isinstance(data, str):
            raise TypeError(
                f"{type(self).__name__} stores text; got {type(data).__name__} "
                "(compare ax_snapshot(...) with the snapshot)"
            )
        # A final newline keeps the stored file friendly to editors and git.
        return data if data.endswith("\n") else data + "\n"


class AgentSnapshotExtension(AriaSnapshotExtension):
    """The agent outline, as ``Document.agent_snapshot().text`` prints it."""

    file_extension = _file_extension = "agent.txt"
