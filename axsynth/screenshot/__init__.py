"""Annotated screenshots for vision agents (the optional ``browser`` extra): Chromium draws
the page and measures the boxes; axsynth's own tree says what each labelled box is (role,
name, selector, the agent format's ref). ``Document.screenshot()`` and ``axsynth screenshot``.

Layering: after the emitters (it reads the agent format's refs and selectors), before the
API, which delegates to :func:`annotate`. Playwright is imported only when a browser starts.
"""

from .annotated import Annotation, Screenshot, annotate
from .browser import BrowserUnavailable, Chromium, PageLoadTimeout, ScreenshotError, unavailable_reason
from .labels import PALETTE
from .targets import Target

__all__ = [
    "PALETTE",
    "Annotation",
    "BrowserUnavailable",
    "Chromium",
    "PageLoadTimeout",
    "Screenshot",
    "ScreenshotError",
    "Target",
    "annotate",
    "unavailable_reason",
]
