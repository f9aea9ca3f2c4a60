"""Testing-library-style queries over the accessibility tree: find nodes by role
and accessible name, with clear errors that list what does exist."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Pattern

from .ax.cache import AXCache
from .emit.cdp import CdpSerializer
from .html.dom import Element


class QueryError(AssertionError):
    """A query found no node, or more than the one it expected; the message lists
    the candidates. An ``AssertionError``, so pytest reports it as a failed check.

    >>> from axsynth import Document, QueryError
    >>> try:
    ...     Document.from_html("<h1>My day</h1>").get_by_role("heading", level=2).element
    ... except QueryError as error:
    ...     print(error)
    get_by_role('heading', level=2) resolved to no element; elements with role 'heading':
      heading "My day" [level=1]  <h1>
    """


@dataclass(frozen=True, repr=False)
class AXNode:
    """One node of Chromium's tree as a test sees it (CDP roles, names and properties).

    >>> from axsynth import Document
    >>> Document.from_html("<img src=cat.png alt=Cat>").query_by_role("image")
    <AXNode image "Cat">
    """

    role: str
    name: str
    description: str
    states: dict[str, Any]
    ignored: bool
    backend_node_id: int | None
    element: Element | None = field(repr=False, compare=False)
    cdp: dict[str, Any] = field(repr=False, compare=False)

    def __str__(self) -> str:
        return f'{self.role} "{self.name}"'

    def __repr__(self) -> str:
        return f"<AXNode {self}{' (ignored)' if self.ignored else ''}>"


class RoleIndex:
    """Every node of a document, bucketed by role and by (role, exact name),
    built once: an exact-name query reads one small bucket instead of every
    node of the role (StaticText alone can be thousands)."""

    def __init__(self, ax: AXCache) -> None:
        elements = {obj.node_id: obj.element for obj in ax.tree.objects if obj.node_id is not None}
        self.nodes: list[AXNode] = []
        self.by_role: dict[str, list[AXNode]] = {}
        self.by_role_and_name: dict[tuple[str, str], list[AXNode]] = {}
        self.by_element: dict[int, AXNode] = {}  # DOM node id -> its first AX node
        for cdp in CdpSerializer(ax).iter_full_tree():
            node = _ax_node(cdp, elements)
            self.nodes.append(node)
            if node.backend_node_id is not None:
                self.by_element.setdefault(node.backend_node_id, node)
            self.by_role.setdefault(node.role, []).append(node)
            self.by_role_and_name.setdefault((node.role, node.name), []).append(node)

    def find(self, role: str, name: str | Pattern[str] | None = None, *, exact: bool = True,
             include_hidden: bool = False, **states: Any) -> list[AXNode]:
        wanted_states = [(key, want) for key, want in states.items() if want is not None]
        if isinstance(name, str) and exact:
            candidates, name = self.by_role_and_name.get((role, name), ()), None
        else:
            candidates = self.by_role.get(role, ())
        return [
            node for node in candidates
            if (include_hidden or not node.ignored)
            and (name is None or _name_matches(node.name, name, exact))
            and all(node.states.get(key) == want for key, want in wanted_states)
        ]


def _name_matches(actual: str, wanted: str | Pattern[str], exact: bool) -> bool:
    if isinstance(wanted, re.Pattern):
        return wanted.search(actual) is not None
    if exact:
        return actual == wanted
    return wanted.casefold() in " ".join(actual.split()).casefold()


def _ax_node(cdp: dict[str, Any], elements: dict[int, Element | None]) -> AXNode:
    states = {}
    for prop in cdp.get("properties", ()):
        value = prop["value"].get("value")
        if prop["value"]["type"] == "tristate":
            value = {"true": True, "false": False}.get(value, value)
        states[prop["name"]] = value
    backend = cdp.get("backendDOMNodeId")
    return AXNode(
        role=cdp["role"]["value"],
        name=cdp.get("name", {}).get("value", ""),
        description=cdp.get("description", {}).get("value", ""),
        states=states,
        ignored=cdp["ignored"],
        backend_node_id=backend,
        element=elements.get(backend) if backend is not None else None,
        cdp=cdp,
    )


def describe_query(role: str, name: Any, states: dict[str, Any]) -> str:
    parts = [f"role={role!r}"]
    if name is not None:
        parts.append(f"name={name.pattern if isinstance(name, re.Pattern) else name!r}")
    parts += [f"{k}={v!r}" for k, v in states.items() if v is not None]
    return ", ".join(parts)
