"""The text of generated content (CSS Generated Content 3, CSS Lists 3): what a
``content`` list, a quote, a counter or a list marker shows. Both the accessibility
tree (ax.generated) and layout (which measures it) read it."""

from __future__ import annotations

from ..data.quotes import DEFAULT_LANGUAGE, QUOTES_BY_LANGUAGE
from ..html.dom import Element, Node, ShadowRoot
from . import counter_styles
from .counters import format_counter
from .properties import GENERATED_IMAGE


def content_segments(
    el: Element, parts: tuple, style: dict, depth: int, counters: dict, custom: dict
) -> tuple[list, int]:
    """The layout objects of a ``content`` list: ("text", s) for each run of
    strings/attr() (one LayoutTextFragment), ("counter", s) for each counter,
    ("image", "") for each url() image, ("quote", s) for each quote
    (its own LayoutQuote); and the document's quote depth afterwards."""
    segments: list[tuple[str, str]] = []
    quotes = style.get("quotes", "auto")
    pairs = _auto_quotes(el) if quotes == "auto" else () if quotes == "none" else quotes
    for part in parts:
        kind = part[0]
        if kind in ("open-quote", "no-open-quote"):
            text = pairs[min(depth, len(pairs) - 1)][0] if pairs and kind == "open-quote" else ""
            depth += 1
            segments.append(("quote", text))
        elif kind in ("close-quote", "no-close-quote"):
            depth = max(depth - 1, 0)
            text = pairs[min(depth, len(pairs) - 1)][1] if pairs and kind == "close-quote" else ""
            segments.append(("quote", text))
        elif kind in ("counter", "counters"):  # each counter is its own LayoutCounter
            segments.append(("counter", _counter_text(part, counters.get(part[1], (0,)), custom)))
        elif kind == "image":  # each image is its own anonymous LayoutImage
            segments.append(("image", ""))
        else:
            text = content_text(el, (part,))
            if segments and segments[-1][0] == "text":
                segments[-1] = ("text", segments[-1][1] + text)
            else:
                segments.append(("text", text))
    return segments, depth


def content_alt_text(el: Element, style: dict) -> str:
    """The alternative text of ``content: ... / alt`` (no counters: an element's own)."""
    return content_text(el, style["content"][1] or ())


def content_string(el: Element, style: dict) -> str:
    """The text ``content`` shows: its strings, attr() values and quotes, without counters."""
    return content_text(el, style["content"][0])


def content_text(el: Element, parts: tuple, counters: dict | None = None, custom: dict | None = None) -> str:
    out = []
    for part in parts:
        if part[0] == "text":
            out.append(part[1])
        elif part[0] in ("counter", "counters"):
            out.append(_counter_text(part, (counters or {}).get(part[1], (0,)), custom or {}))
        elif part[0] == "attr":
            out.append(el.attrs.get(part[1], ""))
        elif part[0] == "open-quote":
            out.append("\u201c")
        elif part[0] == "close-quote":
            out.append("\u201d")
    return "".join(out)


def _counter_text(part: tuple, values: tuple[int, ...], custom: dict) -> str:
    """counter(name, style): the innermost value; counters(name, sep, style): all, joined.
    ``custom``: the document's @counter-style rules (a representation, no prefix or suffix)."""

    def formatted(value: int) -> str:
        if part[2] in custom:
            return counter_styles.representation(value, part[2], custom, format_counter)
        return format_counter(value, part[2])

    if part[0] == "counter":
        return formatted(values[-1])
    return part[3].join(formatted(v) for v in values)


def _auto_quotes(el: Element) -> tuple[tuple[str, str], ...]:
    """``quotes: auto``: the pairs of the element's language (its nearest ``lang``),
    the longest tag prefix the table knows ("zh-Hant-TW" -> "zh-hant"), else English."""
    language = _language(el).lower()
    while language and language not in QUOTES_BY_LANGUAGE:
        language = language.rpartition("-")[0]
    open1, close1, open2, close2 = QUOTES_BY_LANGUAGE[language or DEFAULT_LANGUAGE]
    return (open1, close1), (open2, close2)


def _language(el: Element) -> str:
    """The ``lang`` attribute of the nearest element that has one, across shadow
    boundaries (an ``xml:lang`` written in HTML is just an attribute)."""
    node: Node | None = el
    while node is not None:
        if isinstance(node, Element) and "lang" in node.attrs:
            return node.attrs["lang"].strip()
        node = node.host if isinstance(node, ShadowRoot) else node.parent
    return ""


def marker_image_loads(style: dict) -> bool:
    """A list-style-image that loads without the network (a gradient, a data: image); a
    remote one fails offline, as in Chromium's captures, and the list-style-type shows."""
    image = style["list-style-image"]
    return image == GENERATED_IMAGE or image.strip().lower().startswith("data:image/")


def marker_text(element: Element, style: dict, ordinal: int, custom: dict) -> str:
    """A list marker's text; ``custom``: the document's @counter-style rules."""
    content = style["content"]
    if isinstance(content, tuple):
        return content_text(element, content[0])
    kind = style["list-style-type"]
    if isinstance(kind, tuple):
        return kind[1]
    if kind in ("disc", "circle", "square", "disclosure-open", "disclosure-closed"):
        return {
            "disc": "\u2022 ",
            "circle": "\u25e6 ",
            "square": "\u25a0 ",
            "disclosure-open": "\u25be ",
            "disclosure-closed": "\u25b8 ",
        }[kind]
    if kind == "none":
        return ""
    if kind in custom:
        return counter_styles.represent(ordinal, kind, custom, format_counter)
    return format_counter(ordinal, kind) + ". "
