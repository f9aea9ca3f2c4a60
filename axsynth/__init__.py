"""axsynth: Chromium's accessibility tree from HTML, without a browser."""

from .api import Document, ParseError

__all__ = ["Document", "ParseError"]
__version__ = "0.1.0"
