"""An <img>'s current source: <picture> <source> selection and srcset candidates
(HTMLImageElement's "select an image source" at a device pixel ratio of 1).

Media conditions are CSS: the caller passes their evaluator (``style.media``), so
this HTML code does not depend on the style layer."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from ..data.forms import SUPPORTED_IMAGE_TYPES
from .dom import Element

_DPR = 1.0
_LENGTH = re.compile(r"^(\d*\.?\d+)(px|vw)$", re.ASCII)  # CSS digits are ASCII


@dataclass(frozen=True)
class Viewport:
    width: float
    matches: Callable[[str | None], bool]  # a media condition or query list (None: all)


def current_src(img: Element, viewport: Viewport) -> str:
    """The URL text the image loads (unresolved): a matching <source>, else its own srcset/src."""
    parent = img.parent
    if isinstance(parent, Element) and parent.is_html and parent.local_name == "picture":
        for source in parent:
            if source is img:
                break
            chosen = _source_candidate(source, viewport)
            if chosen is not None:
                return chosen
    chosen = _pick(img.attrs.get("srcset", ""), img.attrs.get("sizes"), viewport)
    return chosen if chosen is not None else img.attrs.get("src", "")


def _source_candidate(source: Element, viewport: Viewport) -> str | None:
    if not (source.is_html and source.local_name == "source") or not source.attrs.get("srcset", "").strip():
        return None
    if not viewport.matches(source.attrs.get("media")):
        return None
    kind = source.attrs.get("type", "").split(";")[0].strip().lower()
    if kind and kind not in SUPPORTED_IMAGE_TYPES:
        return None
    return _pick(source.attrs["srcset"], source.attrs.get("sizes"), viewport)


def _pick(srcset: str, sizes: str | None, viewport: Viewport) -> str | None:
    """The candidate with the smallest density at or above the DPR, else the densest."""
    candidates = []
    for item in srcset.split(","):
        words = item.split()
        if not words:
            continue
        density = _density(words[1] if len(words) > 1 else "1x", sizes, viewport)
        if density is not None:
            candidates.append((density, words[0]))
    if not candidates:
        return None
    above = [c for c in candidates if c[0] >= _DPR]
    return min(above)[1] if above else max(candidates)[1]


def _density(descriptor: str, sizes: str | None, viewport: Viewport) -> float | None:
    try:
        if descriptor.endswith("x"):
            return float(descriptor[:-1])
        if descriptor.endswith("w"):
            return float(descriptor[:-1]) / _source_size(sizes, viewport)
    except (ValueError, ZeroDivisionError):
        return None
    return None


def _source_size(sizes: str | None, viewport: Viewport) -> float:
    """The first entry of ``sizes`` whose media condition matches (default 100vw)."""
    for entry in (sizes or "").split(","):
        entry = entry.strip()
        condition, _, length = entry.rpartition(" ") if entry.endswith(("px", "vw")) else ("", "", entry)
        if condition.strip() and not viewport.matches(condition):
            continue
        match = _LENGTH.match(length.strip())
        if match:
            value = float(match.group(1))
            return value * viewport.width / 100 if match.group(2) == "vw" else value
    return float(viewport.width)
