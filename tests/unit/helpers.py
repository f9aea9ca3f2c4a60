from axsynth import Document
from axsynth.conformance import normalize_cdp


def tree(html: str) -> list[dict]:
    """Nodes in pre-order (normalized as the conformance tests compare them)."""
    return normalize_cdp(Document.from_html(html, "http://t.test/").get_full_ax_tree())


def unignored(html: str) -> list[tuple[str, str]]:
    """(role, name) of every unignored node, in output order."""
    return [(n["role"]["value"], n["name"]["value"]) for n in tree(html) if not n["ignored"]]


def find(html: str, role: str) -> dict:
    matches = [n for n in tree(html) if n["role"]["value"] == role and not n["ignored"]]
    assert len(matches) == 1, f"{len(matches)} nodes with role {role}"
    return matches[0]


def props(node: dict) -> dict:
    return {p["name"]: p["value"].get("value") for p in node["properties"]}
