"""The MCP tools' view of the ``ai`` format (Playwright MCP's snapshot): its lines read
back as (role, name, ref) for ``find``, and what one of its refs (``e12``, ``f1e3``)
names for ``resolve_ref``.

The refs are Playwright's: numbered by the latest ai snapshot of the page (a page
never snapshotted is snapshotted whole first), not stable across versions of a page;
the agent format's refs are."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from ..api import Document
from ..emit.agent_refs import Selectors
from ..emit.ai_refs import is_ai_ref, resolve_ref
from ..html.serialize import outer_html

__all__ = ["AiLine", "ai_lines", "describe_ai_ref", "is_ai_ref"]

_NAME = re.compile(r'"(?:[^"\\]|\\.)*"')
_REF = re.compile(r"\[ref=([^\]]+)\]")


@dataclass(frozen=True)
class AiLine:
    line: str  # as printed, indentation included
    role: str  # "text" for a text line
    name: str  # the name, or a text line's text
    text: str  # a node's own text (printed after its key), or a text line's text
    ref: str | None


def ai_lines(snapshot: str) -> list[AiLine]:
    """Each node and text line of an ai snapshot (``/url:``-style property lines left out)."""
    out = []
    for line in snapshot.splitlines():
        body = line.lstrip(" ")
        if not body.startswith("- ") or body.startswith("- /"):
            continue
        key, value = _split_entry(body[2:])
        if key == "text":
            out.append(AiLine(line, "text", value, value, None))
            continue
        role = key.split(" ", 1)[0]
        name_match = _NAME.match(key, len(role) + 1)
        name = json.loads(name_match.group()) if name_match else ""
        ref = _REF.search(key)
        out.append(AiLine(line, role, name, value, ref.group(1) if ref else None))
    return out


def _split_entry(entry: str) -> tuple[str, str]:
    """A YAML sequence entry's key (unquoted) and value (unquoted; "" for none)."""
    if entry.startswith("'"):
        end = 1
        while True:
            end = entry.index("'", end)
            if entry[end + 1 : end + 2] != "'":
                break
            end += 2
        key, rest = entry[1:end].replace("''", "'"), entry[end + 1 :]
    else:
        cut = entry.find(": ")
        key, rest = (entry, "") if cut < 0 else (entry[:cut], entry[cut:])
        key = key.removesuffix(":")
    value = rest[2:] if rest.startswith(": ") else ""
    if value.startswith('"'):
        value = json.loads(value)  # YAML's double-quoted escapes, as the snapshot writes them
    return key, value


def describe_ai_ref(doc: Document, ref: str, max_html_chars: int) -> dict[str, Any] | None:
    """What an ai ref names: a CSS selector unique in its frame's document (with those of
    the iframes leading there), tag, the role and name the snapshot gave it, outer HTML."""
    found = resolve_ref(doc.page, ref)
    if found is None:
        return None
    html_text, cut = outer_html(found.element, max_html_chars)
    out: dict[str, Any] = {
        "ref": found.ref,
        "selector": Selectors(found.page.document).selector(found.element),
        "tag": found.element.local_name,
        "role": found.role,
        "name": found.name,
    }
    if found.iframes:
        out["frames"] = [Selectors(iframe.tree_root).selector(iframe) for iframe in found.iframes]
    return {**out, "outerHTML": html_text, "outerHTMLTruncated": cut}
