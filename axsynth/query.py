"""Testing-library-style queries over the accessibility tree: find nodes by role
and accessible name, with clear errors that list what does exist."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Pattern

from .ax.cache import AXCache
from .ax.object import AXObject
from .emit.cdp import CdpSerializer, role_value
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
      heading "My day" [level=1]  <h1>My day</h1>
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
    """The nodes of a document's tree by CDP role, each made (an AXNode with its CDP
    dict) when a query first reads its role: a query for buttons never serializes
    the thousands of StaticText nodes of a page. A role's nodes are also bucketed by
    exact name, so that an exact-name query reads one small bucket."""

    def __init__(self, ax: AXCache) -> None:
        self._serializer = CdpSerializer(ax)
        self._elements = {obj.node_id: obj.element for obj in ax.tree.objects if obj.node_id is not None}
        self._objects_by_role: dict[str, list[AXObject]] = {}
        self._first_by_node_id: dict[int, AXObject] = {}  # DOM node id -> its first AX object
        for obj in self._serializer.walk():
            self._objects_by_role.setdefault(role_value(obj), []).append(obj)
            if obj.node_id is not None:
                self._first_by_node_id.setdefault(obj.node_id, obj)
        self._nodes: dict[AXObject, AXNode] = {}
        self._by_role: dict[str, list[AXNode]] = {}
        self._by_role_and_name: dict[tuple[str, str], list[AXNode]] = {}

    def node_for(self, node_id: int) -> AXNode | None:
        """The first node of a DOM node (by its backend node id), None if it has none."""
        obj = self._first_by_node_id.get(node_id)
        return None if obj is None else self._node(obj)

    def _node(self, obj: AXObject) -> AXNode:
        node = self._nodes.get(obj)
        if node is None:
            node = self._nodes[obj] = _ax_node(self._serializer.node(obj), self._elements)
        return node

    def _role_nodes(self, role: str) -> list[AXNode]:
        nodes = self._by_role.get(role)
        if nodes is None:
            nodes = self._by_role[role] = [self._node(obj) for obj in self._objects_by_role.get(role, ())]
            for node in nodes:
                self._by_role_and_name.setdefault((role, node.name), []).append(node)
        return nodes

    def find(
        self,
        role: str,
        name: str | Pattern[str] | None = None,
        *,
        exact: bool = True,
        include_hidden: bool = False,
        **states: Any,
    ) -> list[AXNode]:
        wanted_states = [(key, want) for key, want in states.items() if want is not None]
        candidates = self._role_nodes(role)
        if isinstance(name, str) and exact:
            candidates, name = self._by_role_and_name.get((role, name), ()), None
        return [
            node
            for node in candidates
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
