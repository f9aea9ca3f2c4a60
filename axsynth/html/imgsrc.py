"""An <img>'s current source: <picture> <source> selection and srcset candidates
(HTMLImageElement's "select an image source" at a device pixel ratio of 1).

Media conditions are CSS: the caller passes their evaluator (``style.media``), so
this HTML code does not depend on the style layer."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Callable

from ..data.forms import SUPPORTED_IMAGE_TYPES
from .dom import Element

_DPR = 1.0
_LENGTH = re.compile(r"^(\d*\.?\d+)(px|vw)$", re.ASCII)  # CSS digits are ASCII
_SPACE = " \t\n\r\f"
_NON_NEGATIVE_INTEGER = re.compile(r"[0-9]+", re.ASCII)
_FLOAT = re.compile(r"-?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?", re.ASCII)


@dataclass(frozen=True)
class Viewport:
    width: float
    matches: Callable[[str | None], bool]  # a media condition or query list (None: all)


@dataclass(frozen=True)
class Candidate:
    """An image candidate: its URL and its width (w) or density (x) descriptor."""

    url: str
    width: int | None = None
    density: float | None = None


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
    candidates = parse_srcset(img.attrs.get("srcset", ""))
    src = img.attrs.get("src", "")
    if src and not any(c.width is not None or c.density == 1 for c in candidates):
        candidates.append(Candidate(src, density=1.0))  # src is the implicit 1x candidate
    chosen = _pick(candidates, img.attrs.get("sizes"), viewport)
    return chosen if chosen is not None else src


def _source_candidate(source: Element, viewport: Viewport) -> str | None:
    if not (source.is_html and source.local_name == "source") or not source.attrs.get("srcset", "").strip():
        return None
    if not viewport.matches(source.attrs.get("media")):
        return None
    kind = source.attrs.get("type", "").split(";")[0].strip().lower()
    if kind and kind not in SUPPORTED_IMAGE_TYPES:
        return None
    return _pick(parse_srcset(source.attrs["srcset"]), source.attrs.get("sizes"), viewport)


def parse_srcset(text: str) -> list[Candidate]:
    """HTML's "parse a srcset attribute": URLs end at white space (commas inside
    them stay), a trailing comma ends a candidate, descriptors are tokenized with
    parentheses in mind; a candidate with invalid descriptors is dropped."""
    candidates: list[Candidate] = []
    position, end = 0, len(text)
    while True:
        while position < end and (text[position] in _SPACE or text[position] == ","):
            position += 1
        if position >= end:
            return candidates
        start = position
        while position < end and text[position] not in _SPACE:
            position += 1
        url = text[start:position]
        descriptors: list[str] = []
        if url.endswith(","):
            url = url.rstrip(",")
        else:
            descriptors, position = _tokenize_descriptors(text, position)
        candidate = _parse_descriptors(url, descriptors)
        if candidate is not None:
            candidates.append(candidate)


def _tokenize_descriptors(text: str, position: int) -> tuple[list[str], int]:
    """The descriptor tokenizer: returns the descriptors and the position after them."""
    while position < len(text) and text[position] in _SPACE:
        position += 1
    descriptors, current, state = [], "", "in descriptor"
    while True:
        c = text[position] if position < len(text) else ""
        if state == "in descriptor":
            if c and c in _SPACE:
                if current:
                    descriptors.append(current)
                    current, state = "", "after descriptor"
            elif c == ",":
                if current:
                    descriptors.append(current)
                return descriptors, position + 1
            elif c == "(":
                current += c
                state = "in parens"
            elif not c:
                if current:
                    descriptors.append(current)
                return descriptors, position
            else:
                current += c
        elif state == "in parens":
            if c == ")":
                current += c
                state = "in descriptor"
            elif not c:
                descriptors.append(current)
                return descriptors, position
            else:
                current += c
        elif not c:  # after descriptor
            return descriptors, position
        elif c not in _SPACE:
            state = "in descriptor"
            continue  # reconsume this character
        position += 1


def _parse_descriptors(url: str, descriptors: list[str]) -> Candidate | None:
    """The descriptor parser: at most one of w (a positive integer) or x (a
    non-negative number), and h only beside w; anything else drops the candidate."""
    width: int | None = None
    density: float | None = None
    height: int | None = None
    for descriptor in descriptors:
        value, kind = descriptor[:-1], descriptor[-1:]
        if kind == "w" and width is None and density is None and _NON_NEGATIVE_INTEGER.fullmatch(value):
            width = int(value)
        elif kind == "x" and width is None and density is None and height is None and _FLOAT.fullmatch(value):
            density = float(value)
        elif kind == "h" and height is None and density is None and _NON_NEGATIVE_INTEGER.fullmatch(value):
            height = int(value)
        else:
            return None
    if width == 0 or height == 0 or (density is not None and density < 0) or (height is not None and width is None):
        return None
    return Candidate(url, width=width, density=density)


def _pick(candidates: list[Candidate], sizes: str | None, viewport: Viewport) -> str | None:
    """HTMLSrcsetParser's selection at the device pixel ratio: candidates sorted by
    density (the first of equal densities kept); take the next denser one while
    the ratio is above the current one or reaches the geometric mean of the two."""
    by_density: list[tuple[float, str]] = []
    for candidate in candidates:
        if candidate.width is not None:
            size = _source_size(sizes, viewport)
            if not size:
                continue
            density = candidate.width / size
        else:
            density = candidate.density if candidate.density is not None else 1.0
        by_density.append((density, candidate.url))
    if not by_density:
        return None
    by_density.sort(key=lambda item: item[0])  # stable: of equal densities the first is kept
    by_density = [item for i, item in enumerate(by_density) if i == 0 or item[0] != by_density[i - 1][0]]
    index = 0
    while index < len(by_density) - 1:
        current, following = by_density[index][0], by_density[index + 1][0]
        if following < _DPR:
            index += 1
            continue
        if (_DPR <= 1.0 and _DPR > current) or _DPR >= math.sqrt(current * following):
            index += 1
        break
    return by_density[index][1]


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
