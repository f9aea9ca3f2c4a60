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


class AccessibilityQueries:
    """The queries of a document's accessibility tree: the rest of the CDP Accessibility
    domain (getRootAXNode, getChildAXNodes, getPartialAXTree, getAXNodeAndAncestors,
    queryAXTree) and testing-library style role queries.  A base of ``axsynth.Document``,
    reading its ``ax`` cache and ``tree``; kept apart so that the facade stays small."""

    ax: AXCache
    _index: RoleIndex | None

    # --- the rest of the CDP Accessibility domain -------------------------------

    def get_root_ax_node(self) -> dict[str, Any]:
        """``Accessibility.getRootAXNode``.

        >>> from axsynth import Document
        >>> Document.from_html("<p>x</p>").get_root_ax_node()["node"]["role"]["value"]
        'RootWebArea'
        """
        return {"node": self._serializer().node(self.tree.root)}

    def get_child_ax_nodes(self, node_id: str) -> dict[str, Any]:
        """``Accessibility.getChildAXNodes``: the included children of an AX node id.

        >>> from axsynth import Document
        >>> doc = Document.from_html("<button>Go</button>")
        >>> [n["role"]["value"] for n in doc.get_child_ax_nodes(doc.get_root_ax_node()["node"]["nodeId"])["nodes"]]
        ['none', 'generic']
        """
        serializer = self._serializer()
        obj = self._object_by_ax_id(serializer, node_id)
        return {"nodes": [serializer.node(c) for c in serializer.block(obj)]}

    def get_partial_ax_tree(self, node: int | Element, fetch_relatives: bool = True) -> dict[str, Any]:
        """``Accessibility.getPartialAXTree`` for a DOM node (backend node id or element):
        the node, its children when unignored, then its ancestors nearest first.

        >>> from axsynth import Document
        >>> doc = Document.from_html("<button>Go</button>")
        >>> [n["role"]["value"] for n in doc.get_partial_ax_tree(doc.dom.find_first("button"))["nodes"]]
        ['button', 'StaticText', 'generic', 'none', 'RootWebArea']
        """
        serializer = self._serializer()
        obj = self._object_for_dom(node)
        nodes = [serializer.node(obj)]
        if fetch_relatives:
            if not obj.ignored:
                nodes += [serializer.node(c) for c in serializer.block(obj)]
            nodes += [serializer.node(a) for a in self._included_ancestors(obj)]
        return {"nodes": nodes}

    def get_ax_node_and_ancestors(self, node: int | Element) -> dict[str, Any]:
        """``Accessibility.getAXNodeAndAncestors``.

        >>> from axsynth import Document
        >>> doc = Document.from_html("<main><button>Go</button></main>")
        >>> [n["role"]["value"] for n in doc.get_ax_node_and_ancestors(doc.dom.find_first("button"))["nodes"]]
        ['button', 'main', 'none', 'none', 'RootWebArea']
        """
        serializer = self._serializer()
        obj = self._object_for_dom(node)
        return {"nodes": [serializer.node(o) for o in [obj, *self._included_ancestors(obj)]]}

    def query_ax_tree(
        self, node: int | Element | None = None, accessible_name: str | None = None, role: str | None = None
    ) -> dict[str, Any]:
        """``Accessibility.queryAXTree``: matching nodes below ``node`` (default: the
        document), in tree order, with their real role and a name without sources.

        >>> from axsynth import Document
        >>> nodes = Document.from_html("<button>Go</button>").query_ax_tree(role="button")["nodes"]
        >>> [n["name"]["value"] for n in nodes]
        ['Go']
        """
        from .emit.cdp import role_value

        serializer = self._serializer()
        start = self.tree.root if node is None else self._object_for_dom(node)
        matches = []
        stack = [start]
        while stack:
            obj = stack.pop()
            stack.extend(reversed(obj.tree_children))
            if obj.kind in ("anonymous", "anonymous-box"):
                continue
            # Tested before the node is made: its name value is the object's name.
            if role is not None and role_value(obj, real=True) != role:
                continue
            if accessible_name is not None and self.ax.names.name(obj) != accessible_name:
                continue
            matches.append(serializer.node(obj, force_name_and_role=True))
        return {"nodes": matches}

    # --- testing-library style queries ---------------------------------------------

    def find_all_by_role(
        self,
        role: str,
        name: str | Pattern[str] | None = None,
        *,
        exact: bool = True,
        level: int | None = None,
        checked: bool | str | None = None,
        expanded: bool | None = None,
        selected: bool | None = None,
        pressed: bool | str | None = None,
        include_hidden: bool = False,
    ) -> list[AXNode]:
        """Every node with this CDP role (and name/states), in tree order.
        ``name`` is compared exactly, or as a case-insensitive substring with
        ``exact=False``, or searched when it is a compiled regex.

        >>> from axsynth import Document
        >>> Document.from_html("<img src=a.png alt=Cat><p>Cat</p>").find_all_by_role("image")
        [<AXNode image "Cat">]
        """
        return self._role_index().find(
            role,
            name,
            exact=exact,
            include_hidden=include_hidden,
            level=level,
            checked=checked,
            expanded=expanded,
            selected=selected,
            pressed=pressed,
        )

    def query_by_role(self, role: str, name: str | Pattern[str] | None = None, **options: Any) -> AXNode | None:
        """The one matching node, None if there is none; QueryError if several match.

        >>> from axsynth import Document
        >>> Document.from_html("<button>Go</button>").query_by_role("dialog") is None
        True
        """
        found = self.find_all_by_role(role, name, **options)
        if len(found) > 1:
            raise QueryError(self._query_message(role, name, options, found))
        return found[0] if found else None

    def ax_node_for(self, element: Element) -> AXNode:
        """The node Chromium's tree has for a DOM element (the CDP view of a locator's element).

        >>> from axsynth import Document
        >>> doc = Document.from_html("<img src=a.png alt=Cat>")
        >>> doc.ax_node_for(doc.get_by_role("img").element)
        <AXNode image "Cat">
        """
        node = self._role_index().node_for(element.node_id)
        if node is None:
            raise QueryError(f"no accessibility node for {element!r}")
        return node

    def _role_index(self) -> RoleIndex:
        if self._index is None:
            self._index = RoleIndex(self.ax)
        return self._index

    @staticmethod
    def _query_message(role: str, name: Any, options: dict, found: list[AXNode]) -> str:
        wanted = describe_query(role, name, {k: v for k, v in options.items() if k not in ("exact", "include_hidden")})
        return f"found {len(found)} nodes for {wanted}: " + ", ".join(str(n) for n in found[:20])

    def _serializer(self):
        from .emit.cdp import CdpSerializer

        return CdpSerializer(self.ax)

    def _object_for_dom(self, node: int | Element):
        node_id = node if isinstance(node, int) else node.node_id
        for obj in self.tree.objects:
            if obj.node_id == node_id and obj.kind not in ("anonymous", "anonymous-box"):
                return obj if obj.included else self._included_ancestor_or_self(obj)
        raise QueryError(f"no accessibility node for DOM node {node_id}")

    def _object_by_ax_id(self, serializer, ax_id: str):
        for obj in self.tree.objects:
            if obj.included and serializer.node_id(obj) == str(ax_id):
                return obj
        raise QueryError(f"no accessibility node with id {ax_id!r}")

    def _included_ancestor_or_self(self, obj):
        return obj if obj.included else self.tree.included_parent(obj)

    def _included_ancestors(self, obj) -> list:
        out = []
        parent = self.tree.included_parent(obj)
        while parent is not None:
            out.append(parent)
            parent = self.tree.included_parent(parent)
        return out


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
