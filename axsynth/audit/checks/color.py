"""color-contrast (work in progress)."""

from __future__ import annotations

from ..matches import matches
from . import evaluate


@matches("color-contrast-matches")
def color_contrast_matches(ctx, node) -> bool:
    return False


@evaluate("color-contrast-evaluate")
def color_contrast(ctx, node, options, result):
    return None
