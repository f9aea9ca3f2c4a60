"""axsynth: Chromium's accessibility tree from HTML, without a browser."""

from .api import AXNode, Document, LimitError, ParseError, QueryError
from .aria_match import AriaMatch, match_aria_snapshot
from .snapshot_yaml import AriaTemplateError

__all__ = [
    "AXNode", "AriaMatch", "AriaTemplateError", "Document", "LimitError", "ParseError", "QueryError",
    "match_aria_snapshot",
]
__version__ = "0.1.0"
