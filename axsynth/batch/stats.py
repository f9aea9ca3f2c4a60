"""``--stats``: per-page figures read from the accessibility tree (the CDP view)."""

from __future__ import annotations

from collections import Counter

from ..api import Document

INTERACTIVE_ROLES = frozenset(
    {
        "button",
        "link",
        "checkbox",
        "radio",
        "textbox",
        "searchbox",
        "combobox",
        "listbox",
        "slider",
        "spinbutton",
        "switch",
        "menuitem",
        "menuitemcheckbox",
        "menuitemradio",
        "tab",
        "treeitem",
        "option",
    }
)
FORM_FIELD_ROLES = frozenset(
    {"checkbox", "radio", "textbox", "searchbox", "combobox", "listbox", "slider", "spinbutton", "switch"}
)
LANDMARK_ROLES = ("banner", "navigation", "main", "contentinfo", "complementary", "search", "form", "region")
NAMED_LANDMARK_ROLES = ("form", "region")  # landmarks only when they have a name (ARIA)


def page_stats(doc: Document) -> dict:
    """Node counts, unnamed controls (by role) and images, headings by level and their
    skips (a heading more than one level below the one before), landmarks, language."""
    from ..emit.cdp import CdpSerializer, role_value

    nodes = ignored = interactive = unnamed_images = 0
    unnamed: Counter[str] = Counter()
    heading_levels: list[int] = []
    landmarks: set[str] = set()
    # The objects in the CDP tree's order; a node's dict is made only for a heading's level.
    serializer = CdpSerializer(doc.ax)
    for obj in serializer.walk():
        nodes += 1
        if obj.ignored:
            ignored += 1
            continue
        role = role_value(obj)
        name = doc.ax.names.name(obj)
        if role in INTERACTIVE_ROLES:
            interactive += 1
            if not name.strip():
                unnamed[role] += 1
        elif role == "image" and not name.strip():
            unnamed_images += 1
        elif role == "heading":
            heading_levels.append(_level(serializer.node(obj)))
        if role in LANDMARK_ROLES and (role not in NAMED_LANDMARK_ROLES or name.strip()):
            landmarks.add(role)
    return {
        "nodes": nodes,
        "ignored": ignored,
        "interactive": interactive,
        "unnamed_interactive": dict(sorted(unnamed.items())),
        "unnamed_images": unnamed_images,
        "headings": {str(level): count for level, count in sorted(Counter(heading_levels).items())},
        "heading_skips": sum(1 for before, after in zip(heading_levels, heading_levels[1:]) if after > before + 1),
        "landmarks": [role for role in LANDMARK_ROLES if role in landmarks],
        "lang": _language(doc),
    }


def _level(node: dict) -> int:
    for prop in node.get("properties") or ():
        if prop["name"] == "level":
            return int(prop["value"]["value"])
    return 2  # Chromium's default level for a heading without one


def _language(doc: Document) -> str | None:
    root = doc.dom.document_element
    lang = root.attrs.get("lang", "").strip() if root is not None else ""
    return lang or None
