"""An <img>'s current source: <picture> <source> selection and srcset candidates
(HTMLImageElement's "select an image source" at a device pixel ratio of 1)."""

from __future__ import annotations

import re

from ..data.forms import SUPPORTED_IMAGE_TYPES
from .dom import Element
from ..style import media

_DPR = 1.0
_LENGTH = re.compile(r"^(\d*\.?\d+)(px|vw)$", re.ASCII)  # CSS digits are ASCII


def current_src(img: Element) -> str:
    """The URL text the image loads (unresolved): a matching <source>, else its own srcset/src."""
    parent = img.parent
    if isinstance(parent, Element) and parent.is_html and parent.local_name == "picture":
        for source in parent:
            if source is img:
                break
            chosen = _source_candidate(source)
            if chosen is not None:
                return chosen
    chosen = _pick(img.attrs.get("srcset", ""), img.attrs.get("sizes"))
    return chosen if chosen is not None else img.attrs.get("src", "")


def _source_candidate(source: Element) -> str | None:
    if not (source.is_html and source.local_name == "source") or not source.attrs.get("srcset", "").strip():
        return None
    if not media.matches_attribute(source.attrs.get("media")):
        return None
    kind = source.attrs.get("type", "").split(";")[0].strip().lower()
    if kind and kind not in SUPPORTED_IMAGE_TYPES:
        return None
    return _pick(source.attrs["srcset"], source.attrs.get("sizes"))


def _pick(srcset: str, sizes: str | None) -> str | None:
    """The candidate with the smallest density at or above the DPR, else the densest."""
    candidates = []
    for item in srcset.split(","):
        words = item.split()
        if not words:
            continue
        density = _density(words[1] if len(words) > 1 else "1x", sizes)
        if density is not None:
            candidates.append((density, words[0]))
    if not candidates:
        return None
    above = [c for c in candidates if c[0] >= _DPR]
    return min(above)[1] if above else max(candidates)[1]


def _density(descriptor: str, sizes: str | None) -> float | None:
    try:
        if descriptor.endswith("x"):
            return float(descriptor[:-1])
        if descriptor.endswith("w"):
            return float(descriptor[:-1]) / _source_size(sizes)
    except (ValueError, ZeroDivisionError):
        return None
    return None


def _source_size(sizes: str | None) -> float:
    """The first entry of ``sizes`` whose media condition matches (default 100vw)."""
    for entry in (sizes or "").split(","):
        entry = entry.strip()
        condition, _, length = entry.rpartition(" ") if entry.endswith(("px", "vw")) else ("", "", entry)
        if condition.strip() and not media.matches_attribute(condition):
            continue
        match = _LENGTH.match(length.strip())
        if match:
            value = float(match.group(1))
            return value * media.VIEWPORT_WIDTH / 100 if match.group(2) == "vw" else value
    return float(media.VIEWPORT_WIDTH)
