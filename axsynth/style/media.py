"""Media queries, evaluated for the screen the page is laid out on: a viewport of
1280×720 CSS pixels unless the page says otherwise (``viewport()``), screen media,
light scheme, no hover emulation — the goldens' headless Chromium."""

from __future__ import annotations

import contextlib
import contextvars
from typing import Iterator

import tinycss2

VIEWPORT_WIDTH, VIEWPORT_HEIGHT = 1280, 720
_EM = 16.0
# The viewport media queries see, set while a page's styles are computed.
_VIEWPORT: contextvars.ContextVar[tuple[int, int]] = contextvars.ContextVar(
    "viewport", default=(VIEWPORT_WIDTH, VIEWPORT_HEIGHT)
)


@contextlib.contextmanager
def viewport(width: int, height: int) -> Iterator[None]:
    """Evaluates media queries for a viewport of this size within the block."""
    token = _VIEWPORT.set((width, height))
    try:
        yield
    finally:
        _VIEWPORT.reset(token)


def current_viewport() -> tuple[int, int]:
    return _VIEWPORT.get()


def _features() -> dict[str, int]:
    width, height = _VIEWPORT.get()
    return {"width": width, "height": height, "device-width": width, "device-height": height}


_KEYWORD_FEATURES = {
    "orientation": None,  # from the viewport
    "prefers-color-scheme": "light",
    "prefers-reduced-motion": "no-preference",
    "hover": "hover",
    "any-hover": "hover",
    "pointer": "fine",
    "any-pointer": "fine",
    "prefers-contrast": "no-preference",
    "scripting": "none",
    "forced-colors": "none",
}


def matches_attribute(value: str | None) -> bool:
    """A ``media`` attribute (absent or empty: all media)."""
    if not value or not value.strip():
        return True
    return matches(tinycss2.parse_component_value_list(value))


def matches(prelude: list) -> bool:
    """A comma-separated media query list: true if any query matches."""
    queries: list[list] = [[]]
    for token in prelude:
        if token.type == "literal" and token.value == ",":
            queries.append([])
        elif token.type not in ("whitespace", "comment"):
            queries[-1].append(token)
    return any(_query(q) for q in queries if q) or not any(queries)


def _query(tokens: list) -> bool:
    negate = False
    result = True
    for token in tokens:
        if token.type == "ident":
            word = token.lower_value
            if word == "not":
                negate = True
            elif word in ("only", "and"):
                continue
            elif word in ("screen", "all"):
                continue
            else:  # print, speech, unknown media types
                result = False
        elif token.type == "() block":
            result = result and _feature(token.content)
        else:
            result = False
    return result != negate


def _feature(content: list) -> bool:
    tokens = [t for t in content if t.type not in ("whitespace", "comment")]
    if not tokens or tokens[0].type != "ident":
        return False
    name = tokens[0].lower_value
    features = _features()
    if len(tokens) == 1:
        return name in features or name == "color" or name in _KEYWORD_FEATURES
    if len(tokens) < 3 or tokens[1].type != "literal" or tokens[1].value != ":":
        return False  # range syntax (width >= 600px) is not evaluated: treated as not matching
    value = tokens[2]
    prefix, _, base = name.partition("-")
    if prefix in ("min", "max") and base in features:
        length = _length(value)
        if length is None:
            return False
        actual = features[base]
        return actual >= length if prefix == "min" else actual <= length
    if name in features:
        return _length(value) == features[name]
    if name == "orientation":
        width, height = _VIEWPORT.get()
        return value.type == "ident" and value.lower_value == ("portrait" if height >= width else "landscape")
    if name in _KEYWORD_FEATURES:
        return value.type == "ident" and value.lower_value == _KEYWORD_FEATURES[name]
    return False


def _length(token) -> float | None:
    if token.type == "dimension":
        unit = token.lower_unit
        if unit == "px":
            return token.value
        if unit in ("em", "rem"):
            return token.value * _EM
    if token.type == "number" and token.value == 0:
        return 0.0
    return None
