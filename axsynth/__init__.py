"""axsynth: Chromium's accessibility tree from HTML, without a browser."""

from .api import (
    AXNode,
    CursorError,
    Document,
    LimitError,
    Locator,
    ParseError,
    QueryError,
    ScopeError,
    SnapshotOptionError,
)
from .html import dom as _dom
from .locator import set_test_id_attribute
from .playwright.yaml import AriaTemplateError
from .testing.match import AriaMatch, match_aria_snapshot
from .version import __version__

__all__ = [
    "AXNode", "AriaMatch", "AriaTemplateError", "CursorError", "Document", "LimitError", "Locator", "ParseError",
    "QueryError", "ScopeError", "SnapshotOptionError", "__version__", "match_aria_snapshot", "set_test_id_attribute",
]
# True when setup.py's optional compiled build (AXSYNTH_COMPILE=1) is what runs.
COMPILED: bool = _dom.__file__.endswith((".so", ".pyd"))
