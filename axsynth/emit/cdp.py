"""``Accessibility.getFullAXTree``: the tree serialized as Chromium's inspector
agent does (its walk order, key order and AXValue shapes)."""

from __future__ import annotations

from json.encoder import encode_basestring  # the C escaper json_text uses
from typing import Any, Callable, Iterator, TextIO

from ..ax.cache import AXCache
from ..ax.name_sources import NameSource
from ..ax.object import AXObject
from ..ax.relations import IdrefList
from ..data.chrome_roles import ROLES
from ..page import ScopeError, select_scope
from .json_text import KEYS, PADS, member_text

_FIRST_GENERATED_ID = -1000000002  # blink's first generated (node-less) AXID

# The AXValue type of each property (InspectorAccessibilityAgent); relations are
# idref (one object) or idrefList (an IdrefList).
_PROPERTY_TYPES = {
    "live": "token", "atomic": "boolean", "relevant": "tokenList", "busy": "boolean",
    "disabled": "boolean", "invalid": "token", "focusable": "booleanOrUndefined",
    "focused": "booleanOrUndefined", "editable": "token", "settable": "booleanOrUndefined",
    "autocomplete": "token", "hasPopup": "token", "level": "integer", "multiselectable": "boolean",
    "orientation": "token", "multiline": "boolean", "readonly": "boolean", "required": "boolean",
    "valuemin": "number", "valuemax": "number", "valuetext": "string",
    "checked": "tristate", "pressed": "tristate", "expanded": "booleanOrUndefined",
    "selected": "booleanOrUndefined", "modal": "boolean",
    "url": "string", "keyshortcuts": "string", "roledescription": "string",
}


def scope_object(ax: AXCache, selector: str) -> AXObject:
    """The included AX object of the one element ``selector`` matches: the root of
    a scoped tree in every format; ScopeError when there is none."""
    element = select_scope(ax.page, selector)
    obj = ax.tree.by_element.get(element)
    if obj is None or not obj.included:
        raise ScopeError("scope_not_found", f"the element {selector!r} matches is not in the accessibility tree")
    return obj


class CdpSerializer:
    def __init__(self, ax: AXCache) -> None:
        self.tree = ax.tree
        self.names = ax.names
        self.states = ax.states
        self.frame_id = ax.page.frame_id
        self._generated: dict[int, int] = {}

    def node_id(self, obj: AXObject) -> str:
        if obj.node_id is not None:
            return str(obj.node_id)
        if id(obj) not in self._generated:
            self._generated[id(obj)] = _FIRST_GENERATED_ID - len(self._generated)
        return str(self._generated[id(obj)])

    def full_tree(self, depth: int | None = None, root: AXObject | None = None) -> list[dict[str, Any]]:
        return list(self.iter_full_tree(depth, root))

    def iter_full_tree(self, depth: int | None = None, root: AXObject | None = None) -> Iterator[dict[str, Any]]:
        """WalkAXNodesToDepth: breadth-first over unignored objects, each adding a
        depth-first block of its included children (from ``root``, default the document)."""
        root = root or self.tree.root
        yield self.node(root)
        # Level by level (the order of a FIFO queue), without a (object, level)
        # tuple per queued object: a wide tree queues a large part of the page.
        generation, level = [root], 1
        while generation:
            next_generation: list[AXObject] = []
            for obj in generation:
                for descendant in self.block(obj):
                    yield self.node(descendant)
                if depth is None or level < depth:
                    next_generation.extend(obj.unignored_children())
            generation, level = next_generation, level + 1

    def write_full_tree(self, fp: TextIO, depth: int | None = None, root: AXObject | None = None) -> None:
        """The text of ``json.dumps({"nodes": full_tree()}, ensure_ascii=False, indent=1)``,
        written one node at a time so that no more than one node dict is alive."""
        separator = '{\n "nodes": [\n  '
        for node in self.iter_full_tree(depth, root):
            fp.write(separator + node_text(node))
            separator = ",\n  "
        fp.write("\n ]\n}")

    def block(self, obj: AXObject) -> list[AXObject]:
        out = []
        stack = list(reversed(obj.tree_children))
        while stack:
            child = stack.pop()
            out.append(child)
            if child.ignored or child.node_id is None:
                stack.extend(reversed(child.tree_children))
        return out

    def node(self, obj: AXObject, force_name_and_role: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {"nodeId": self.node_id(obj), "ignored": obj.ignored}
        if obj.ignored and force_name_and_role:  # queryAXTree: real role and plain name
            out["ignoredReasons"] = [self._reason(name, related) for name, related in obj.reasons]
            number, name, kind = ROLES[obj.role]
            out["role"] = {"type": kind, "value": name}
            out["chromeRole"] = {"type": "internalRole", "value": number}
            out["name"] = {"type": "computedString", "value": self.names.name(obj)}
        elif obj.ignored:
            out["ignoredReasons"] = [self._reason(name, related) for name, related in obj.reasons]
            out["role"] = {"type": "role", "value": "none"}
            out["chromeRole"] = {"type": "internalRole", "value": 0}
        else:
            number, name, kind = ROLES[obj.role]
            out["role"] = {"type": kind, "value": name}
            out["chromeRole"] = {"type": "internalRole", "value": number}
            props = self._fill_unignored(obj, out)
            out["properties"] = props
        parent = self.tree.included_parent(obj)
        if parent is not None:
            out["parentId"] = self.node_id(parent)
        out["childIds"] = [self.node_id(c) for c in obj.tree_children]
        if obj.node_id is not None:
            out["backendDOMNodeId"] = obj.node_id
        if parent is None:
            out["frameId"] = self.frame_id
        return out

    def _fill_unignored(self, obj: AXObject, out: dict[str, Any]) -> list[dict]:
        text, sources = self.names.name_with_sources(obj)
        name: dict[str, Any] = {"type": "computedString", "value": text}
        labelled_by = []
        if sources:
            name["sources"] = [self._source(s) for s in sources]
            for s in sources:
                if s.text is not None and not s.superseded and s.related:
                    labelled_by.append({"type": "nodeList", "relatedNodes": [related_node(o, t) for o, t in s.related]})
        out["name"] = name
        if obj.kind == "element":
            description = self.names.description(obj)
            if description:
                out["description"] = {"type": "computedString", "value": description}
        value = self.states.value(obj) if obj.kind == "element" else None
        if value is not None:
            out["value"] = _number(value) if isinstance(value, float) else {"type": "string", "value": value}
        props = [{"name": n, "value": ax_value(n, v)} for n, v in self.states.properties(obj)]
        props += [{"name": "labelledby", "value": v} for v in labelled_by]
        return props

    def _source(self, s: NameSource) -> dict[str, Any]:
        out: dict[str, Any] = {"type": s.type}
        if s.text is not None:
            out["value"] = {"type": "computedString", "value": s.text}
        if s.attribute is not None:
            out["attribute"] = s.attribute
        if s.related and s.attribute in ("aria-labelledby", "aria-labeledby"):
            value: dict[str, Any] = {"type": "idrefList"}
            if s.attribute_value is not None:
                value["value"] = s.attribute_value
            value["relatedNodes"] = [related_node(o, t) for o, t in s.related]
            out["attributeValue"] = value
        elif s.attribute_value is not None and not (s.related and s.attribute is None):
            out["attributeValue"] = {"type": "string", "value": s.attribute_value}
        if s.superseded:
            out["superseded"] = True
        if s.native_source is not None:
            out["nativeSource"] = s.native_source
            if s.related:
                out["nativeSourceValue"] = {"type": "nodeList", "relatedNodes": [related_node(o, t) for o, t in s.related]}
        if s.invalid:
            out["invalid"] = True
        return out

    @staticmethod
    def _reason(name: str, related: AXObject | None) -> dict[str, Any]:
        if related is None:
            return {"name": name, "value": {"type": "boolean", "value": True}}
        return {"name": name, "value": {"type": "idref", "relatedNodes": [related_node(related)]}}



# The text of node parts that many nodes share, by depth and content (node_text).
_SHARED_TEXT: dict[tuple, str] = {}
# The text of properties (and ignored reasons) with a plain value, by name, type and
# value (node_text); bounded, since a few values (an aria-live token) are the author's text.
_PROPERTY_TEXT: dict[tuple, str] = {}
_MAX_PROPERTY_TEXTS = 4096
_PLAIN_VALUE_TYPES = (bool, int, str)


def node_text(node: dict[str, Any]) -> str:
    """``json_text.dumps(node, 2)`` for a dict made by ``CdpSerializer.node``, the
    members every node has in their known shapes, with the text of what many nodes
    repeat taken from a memo: the role and chromeRole values (a type and a str or
    int), name sources that hold no value (the aria-label or title a node does not
    have), properties and ignored reasons with a plain value (focusable: true)."""
    parts = []
    for key, value in node.items():
        member = _MEMBER_TEXT.get(key)
        parts.append(KEYS[key] + (member(value) if member is not None else member_text(value, 3)))
    return "{" + PADS[3] + ("," + PADS[3]).join(parts) + PADS[2] + "}"


def _role_shared_text(role: dict[str, Any]) -> str:
    # A role name (str) or number (int) of its type: no bool among them, so shareable.
    return _shared_text(role, 3)


def _name_member_text(name: dict[str, Any]) -> str:
    if "sources" not in name:
        return member_text(name, 3)
    # Besides its sources, a name holds str (its type and text).
    parts = [KEYS[key] + (_sources_text(value) if key == "sources" else
                          encode_basestring(value) if type(value) is str else member_text(value, 4))
             for key, value in name.items()]
    return "{" + PADS[4] + ("," + PADS[4]).join(parts) + PADS[3] + "}"


def _computed_string_text(text: str, depth: int) -> str:
    """member_text({"type": "computedString", "value": text}, depth): a name source's value."""
    pad = PADS[depth + 1]
    return "{" + pad + '"type": "computedString",' + pad + '"value": ' + encode_basestring(text) + PADS[depth] + "}"


def _ids_text(ids: list[str]) -> str:
    """childIds: node ids are the text of an int, which JSON needs no escape for."""
    if not ids:
        return "[]"
    pad = PADS[4]
    return '[' + pad + '"' + ('",' + pad + '"').join(ids) + '"' + PADS[3] + "]"


def _ax_properties_text(props: list[dict[str, Any]]) -> str:
    """A list of AXProperty: properties, ignoredReasons."""
    if not props:
        return "[]"
    pad = PADS[4]
    return "[" + pad + ("," + pad).join([_property_text(prop) for prop in props]) + PADS[3] + "]"


def _property_text(prop: dict[str, Any]) -> str:
    """member_text(prop, 4), from a memo for a plain value of a non-string type (a
    string property, a url or valuetext, is the node's own)."""
    value = prop["value"]
    plain = value.get("value")
    if len(value) != 2 or type(plain) not in _PLAIN_VALUE_TYPES or value["type"] == "string":
        return member_text(prop, 4)
    key = (prop["name"], value["type"], type(plain), plain)  # type: True and 1 are equal keys
    text = _PROPERTY_TEXT.get(key)
    if text is None:
        text = member_text(prop, 4)
        if len(_PROPERTY_TEXT) < _MAX_PROPERTY_TEXTS:
            _PROPERTY_TEXT[key] = text
    return text


_MEMBER_TEXT: dict[str, Callable[[Any], str]] = {
    "nodeId": encode_basestring, "role": _role_shared_text, "chromeRole": _role_shared_text, "name": _name_member_text,
    "properties": _ax_properties_text, "ignoredReasons": _ax_properties_text, "childIds": _ids_text, "parentId": encode_basestring,
}


def _sources_text(sources: list[dict[str, Any]]) -> str:
    return "[" + PADS[5] + ("," + PADS[5]).join([_source_text(source) for source in sources]) + PADS[4] + "]"


def _source_text(source: dict[str, Any]) -> str:
    """member_text(source, 5). Besides a value, an attribute value or a native source
    value, a source holds only str and True (superseded, invalid): with none of them,
    its text is shared; with a value alone (a computed string), it is made here."""
    if "attributeValue" in source or "nativeSourceValue" in source:
        return member_text(source, 5)
    if "value" not in source:
        return _shared_text(source, 5)
    parts = [KEYS[key] + (_computed_string_text(item["value"], 6) if key == "value" else member_text(item, 6))
             for key, item in source.items()]
    return "{" + PADS[6] + ("," + PADS[6]).join(parts) + PADS[5] + "}"


def _shared_text(value: dict[str, Any], depth: int) -> str:
    """member_text(value, depth) for a flat dict whose items are an exact key (no
    value is a bool that could pass for an int, or the reverse)."""
    key = (depth, *value.items())
    text = _SHARED_TEXT.get(key)
    if text is None:
        text = _SHARED_TEXT[key] = member_text(value, depth)
    return text


def ax_value(name: str, value: Any) -> dict[str, Any]:
    """A property's plain value as the AXValue CDP reports."""
    if isinstance(value, IdrefList):
        return {"type": "idrefList", "value": value.attribute_value,
                "relatedNodes": [related_node(t) for t in value.targets]}
    if isinstance(value, AXObject):
        return {"type": "idref", "relatedNodes": [related_node(value)]}
    kind = _PROPERTY_TYPES[name]
    if kind == "number":
        return _number(value)
    if name == "busy":
        return {"type": "boolean", "value": 1}  # Chromium serializes aria-busy as the integer 1
    return {"type": kind, "value": value}


def _number(value: float) -> dict[str, Any]:
    return {"type": "number", "value": int(value) if float(value).is_integer() else value}


def related_node(obj: AXObject, text: str | None = None) -> dict[str, Any]:
    """An AXRelatedNode: the object's DOM node, its id, and the text it gave."""
    node: dict[str, Any] = {"backendDOMNodeId": obj.node_id}
    el = obj.element
    if el is not None and el.attrs.get("id"):
        node["idref"] = el.attrs["id"]
    if text is not None:
        node["text"] = text
    return node
