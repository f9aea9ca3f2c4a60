"""axsynth: Chromium's accessibility tree from HTML, without a browser."""

from .api import AXNode, CursorError, Document, LimitError, ParseError, QueryError, ScopeError, SnapshotOptionError
from .html import dom as _dom
from .playwright.yaml import AriaTemplateError
from .testing.match import AriaMatch, match_aria_snapshot

__all__ = [
    "AXNode", "AriaMatch", "AriaTemplateError", "CursorError", "Document", "LimitError", "ParseError", "QueryError",
    "ScopeError", "SnapshotOptionError", "match_aria_snapshot",
]
# True when setup.py's optional compiled build (AXSYNTH_COMPILE=1) is what runs.
COMPILED: bool = _dom.__file__.endswith((".so", ".pyd"))
__version__ = "0.1.0"
