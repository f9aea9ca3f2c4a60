"""axsynth: Chromium's accessibility tree from HTML, without a browser."""

from .api import AXNode, Document, ParseError, QueryError

__all__ = ["AXNode", "Document", "ParseError", "QueryError"]
__version__ = "0.1.0"
