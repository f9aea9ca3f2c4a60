"""axsynth: Chromium's accessibility tree from HTML, without a browser."""

from __future__ import annotations

import importlib
from importlib.util import find_spec
from typing import TYPE_CHECKING, Any

from .version import __version__

if TYPE_CHECKING:
    from .api import (
        AXNode,
        CursorError,
        Document,
        InputTooLarge,
        LimitError,
        Locator,
        ParseError,
        QueryError,
        ScopeError,
        SnapshotOptionError,
    )
    from .locator import set_test_id_attribute
    from .playwright.yaml import AriaTemplateError
    from .testing.match import AriaMatch, match_aria_snapshot

# The public names and the module each comes from. They are imported on first use (PEP 562),
# so that `import axsynth` costs no parser, CSS, HTTP or MCP module: a test run or a CLI call
# pays only for the stages it uses (docs/performance.md, "Import time").
_EXPORTS = {
    "AXNode": "api",
    "CursorError": "api",
    "Document": "api",
    "InputTooLarge": "api",
    "LimitError": "api",
    "Locator": "api",
    "ParseError": "api",
    "QueryError": "api",
    "ScopeError": "api",
    "SnapshotOptionError": "api",
    "set_test_id_attribute": "locator",
    "AriaTemplateError": "playwright.yaml",
    "AriaMatch": "testing.match",
    "match_aria_snapshot": "testing.match",
}

__all__ = [
    "AXNode",
    "AriaMatch",
    "AriaTemplateError",
    "CursorError",
    "Document",
    "InputTooLarge",
    "LimitError",
    "Locator",
    "ParseError",
    "QueryError",
    "ScopeError",
    "SnapshotOptionError",
    "__version__",
    "match_aria_snapshot",
    "set_test_id_attribute",
]

# True when setup.py's optional compiled build (AXSYNTH_COMPILE=1) is what runs; found without
# importing the module.
COMPILED: bool = find_spec(".html.dom", __name__).origin.endswith((".so", ".pyd"))


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # the next look-up is an ordinary module attribute
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])
