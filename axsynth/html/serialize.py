"""An element's outer HTML (the HTML fragment serialization algorithm), cut to a size."""

from __future__ import annotations

from .dom import Comment, Element, Text

# Elements serialized without an end tag, and those whose text is not escaped.
_VOID = frozenset(
    {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
        "basefont",
        "bgsound",
        "frame",
        "keygen",
        "param",
    }
)
_RAW_TEXT = frozenset({"style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext", "noscript"})


def outer_html(element: Element, limit: int) -> tuple[str, bool]:
    """The serialization of ``element``, cut after ``limit`` characters (then True)."""
    parts: list[str] = []
    size = 0
    stack: list[object] = [element]
    while stack:
        node = stack.pop()
        if isinstance(node, str):  # an end tag queued after the children
            piece = node
        elif isinstance(node, Element):
            attrs = "".join(f' {name}="{_escape(value, attribute=True)}"' for name, value in node.attrs.items())
            piece = f"<{node.local_name}{attrs}>"
            if node.local_name not in _VOID:
                stack.append(f"</{node.local_name}>")
                stack.extend(reversed(node.children))
        elif isinstance(node, Text):
            raw = isinstance(node.parent, Element) and node.parent.local_name in _RAW_TEXT
            piece = node.data if raw else _escape(node.data, attribute=False)
        elif isinstance(node, Comment):
            piece = f"<!--{node.data}-->"
        else:
            continue
        if size + len(piece) > limit:
            parts.append(piece[: limit - size])
            return "".join(parts), True
        parts.append(piece)
        size += len(piece)
    return "".join(parts), False


def _escape(text: str, attribute: bool) -> str:
    # The standard escapes < and > in attribute values too (since 2025), as Chromium 156 does.
    text = text.replace("&", "&amp;").replace("\u00a0", "&nbsp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace('"', "&quot;") if attribute else text
