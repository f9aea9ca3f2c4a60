"""axsynth: Chromium's accessibility tree from HTML, without a browser."""

from .api import AXNode, Document, ParseError, QueryError
from .aria_match import AriaMatch, match_aria_snapshot
from .snapshot_yaml import AriaTemplateError

__all__ = ["AXNode", "AriaMatch", "AriaTemplateError", "Document", "ParseError", "QueryError", "match_aria_snapshot"]
__version__ = "0.1.0"
