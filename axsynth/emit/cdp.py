"""``Accessibility.getFullAXTree``: the tree serialized as Chromium's inspector
agent does (its walk order, key order and AXValue shapes)."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from json.encoder import encode_basestring  # the C escaper json_text uses
from typing import Any, Callable, Iterator, TextIO

from ..ax.cache import AXCache
from ..ax.name_sources import NameSource
from ..ax.object import AXObject
from ..ax.relations import IdrefList
from ..data.chrome_roles import ROLES
from ..page import ScopeError, select_scope
from .json_text import PADS, member_text

_FIRST_GENERATED_ID = -1000000002  # blink's first generated (node-less) AXID

# The AXValue type of each property (InspectorAccessibilityAgent); relations are
# idref (one object) or idrefList (an IdrefList).
_PROPERTY_TYPES = {
    "live": "token",
    "atomic": "boolean",
    "relevant": "tokenList",
    "busy": "boolean",
    "disabled": "boolean",
    "invalid": "token",
    "focusable": "booleanOrUndefined",
    "focused": "booleanOrUndefined",
    "editable": "token",
    "settable": "booleanOrUndefined",
    "autocomplete": "token",
    "hasPopup": "token",
    "level": "integer",
    "multiselectable": "boolean",
    "orientation": "token",
    "multiline": "boolean",
    "readonly": "boolean",
    "required": "boolean",
    "valuemin": "number",
    "valuemax": "number",
    "valuetext": "string",
    "checked": "tristate",
    "pressed": "tristate",
    "expanded": "booleanOrUndefined",
    "selected": "booleanOrUndefined",
    "modal": "boolean",
    "url": "string",
    "keyshortcuts": "string",
    "roledescription": "string",
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
    """AXNodes as ``getFullAXTree`` reports them. Each node is made as its JSON text
    (``node_text``), written straight from the object; its dict (``node``) is that
    text parsed, so the streamed text and the dicts of the other CDP calls have one
    source."""

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

    def walk(self, depth: int | None = None, root: AXObject | None = None) -> Iterator[AXObject]:
        """WalkAXNodesToDepth: breadth-first over unignored objects, each adding a
        depth-first block of its included children (from ``root``, default the document)."""
        root = root or self.tree.root
        yield root
        # Level by level (the order of a FIFO queue), without a (object, level)
        # tuple per queued object: a wide tree queues a large part of the page.
        generation, level = [root], 1
        while generation:
            next_generation: list[AXObject] = []
            for obj in generation:
                yield from self.block(obj)
                if depth is None or level < depth:
                    next_generation.extend(obj.unignored_children())
            generation, level = next_generation, level + 1

    def full_tree(self, depth: int | None = None, root: AXObject | None = None) -> list[dict[str, Any]]:
        """The nodes as dicts: the streamed text parsed in one call (one JSON parse of
        the whole text costs less than one per node)."""
        text = io.StringIO()
        self.write_full_tree(text, depth, root)
        return json.loads(text.getvalue())["nodes"]

    def write_full_tree(self, fp: TextIO, depth: int | None = None, root: AXObject | None = None) -> None:
        """The text of ``json.dumps({"nodes": full_tree()}, ensure_ascii=False, indent=1)``,
        written one node at a time."""
        separator = '{\n "nodes": [\n  '
        for obj in self.walk(depth, root):
            fp.write(separator + self.node_text(obj))
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
        """The AXNode as a dict: its text (``node_text``) parsed."""
        return json.loads(self.node_text(obj, force_name_and_role))

    def node_text(self, obj: AXObject, force_name_and_role: bool = False) -> str:
        """The AXNode's JSON text as a member of the nodes list (``json_text.dumps(node, 2)``),
        members in the inspector agent's order. ``force_name_and_role``: an ignored
        object's real role and plain name, as queryAXTree reports them."""
        parts = ['"nodeId": "' + self.node_id(obj) + '"']
        if not obj.ignored:
            parts.append('"ignored": false')
            parts.append(_role_text(obj.role))
            self._unignored_members(obj, parts)
        else:
            parts.append('"ignored": true')
            parts.append(_reasons_text(obj.reasons))
            if force_name_and_role:
                parts.append(_role_text(obj.role))
                parts.append('"name": ' + _string_value_text("computedString", self.names.name(obj), 3))
            else:
                parts.append(_IGNORED_ROLE_TEXT)
        parent = self.tree.included_parent(obj)
        if parent is not None:
            parts.append('"parentId": "' + self.node_id(parent) + '"')
        parts.append('"childIds": ' + _ids_text([self.node_id(child) for child in obj.tree_children]))
        if obj.node_id is not None:
            parts.append('"backendDOMNodeId": ' + str(obj.node_id))
        if parent is None:
            parts.append('"frameId": ' + encode_basestring(self.frame_id))
        return "{" + _PAD3 + _COMMA_PAD3.join(parts) + PADS[2] + "}"

    def _unignored_members(self, obj: AXObject, parts: list[str]) -> None:
        """name, description, value and properties (the name's relations among them)."""
        text, sources = self.names.name_with_sources(obj)
        name = '"name": {' + _PAD4 + '"type": "computedString",' + _PAD4 + '"value": ' + encode_basestring(text)
        labelled_by = []
        if sources:
            name += "," + _PAD4 + '"sources": ' + _sources_text(sources)
            labelled_by = [
                {
                    "name": "labelledby",
                    "value": {"type": "nodeList", "relatedNodes": [related_node(o, t) for o, t in s.related]},
                }
                for s in sources
                if s.text is not None and not s.superseded and s.related
            ]
        parts.append(name + PADS[3] + "}")
        if obj.kind == "element":
            description = self.names.description(obj)
            if description:
                parts.append('"description": ' + _string_value_text("computedString", description, 3))
            value = self.states.value(obj)
            if value is not None:
                parts.append(
                    '"value": '
                    + (
                        member_text(_number(value), 3)
                        if isinstance(value, float)
                        else _string_value_text("string", value, 3)
                    )
                )
        props = [_property_text(n, v) for n, v in self.states.properties(obj)]
        props += [member_text(relation, 4) for relation in labelled_by]
        parts.append('"properties": ' + ("[" + _PAD4 + _COMMA_PAD4.join(props) + PADS[3] + "]" if props else "[]"))


def _source(s: NameSource) -> dict[str, Any]:
    """An AXValueSource."""
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


def _reason(name: str, related: AXObject | None) -> dict[str, Any]:
    """An ignored reason as an AXProperty."""
    if related is None:
        return {"name": name, "value": {"type": "boolean", "value": True}}
    return {"name": name, "value": {"type": "idref", "relatedNodes": [related_node(related)]}}


# --- the text of node members -------------------------------------------------------
# A node is a member of the nodes list: its members are at depth 3.

_PAD3, _PAD4, _PAD5 = PADS[3], PADS[4], PADS[5]
_COMMA_PAD3, _COMMA_PAD4, _COMMA_PAD5 = "," + _PAD3, "," + _PAD4, "," + _PAD5
# The text of node parts that many nodes share: by role, the role and chromeRole
# members; by their fields, name sources with no attribute value (_source_text).
_ROLE_TEXT: dict[str, str] = {}
_SOURCE_TEMPLATES: dict[tuple, tuple[str, str]] = {}
# The text of properties (and ignored reasons) with a plain value, by name, type and
# value; bounded, since a few values (an aria-live token) are the author's text.
_PROPERTY_TEXT: dict[tuple, str] = {}
_MAX_PROPERTY_TEXTS = 4096
_PLAIN_VALUE_TYPES = (bool, int, str)


# An ignored node's role, as a ROLES entry (chromeRole number, role name, AXValue type).
_IGNORED_ROLE = (0, "none", "role")


def role_value(obj: AXObject, real: bool = False) -> str:
    """The value of the node's role member: "none" for an ignored node, unless ``real``
    (its role as queryAXTree reports it)."""
    return (_IGNORED_ROLE if obj.ignored and not real else ROLES[obj.role])[1]


def _role_members_text(number: int, name: str, kind: str) -> str:
    """The role and chromeRole members of a node."""
    return (
        '"role": '
        + member_text({"type": kind, "value": name}, 3)
        + _COMMA_PAD3
        + '"chromeRole": '
        + member_text({"type": "internalRole", "value": number}, 3)
    )


_IGNORED_ROLE_TEXT = _role_members_text(*_IGNORED_ROLE)


def _role_text(role: str) -> str:
    """The role and chromeRole members of an unignored object of this (Chromium) role."""
    text = _ROLE_TEXT.get(role)
    if text is None:
        text = _ROLE_TEXT[role] = _role_members_text(*ROLES[role])
    return text


def _string_value_text(kind: str, text: str, depth: int) -> str:
    """member_text({"type": kind, "value": text}, depth): an AXValue holding a string
    (a computedString, a string)."""
    pad = PADS[depth + 1]
    return "{" + pad + '"type": "' + kind + '",' + pad + '"value": ' + encode_basestring(text) + PADS[depth] + "}"


def _ids_text(ids: list[str]) -> str:
    """childIds: node ids are the text of an int, which JSON needs no escape for."""
    if not ids:
        return "[]"
    return "[" + _PAD4 + '"' + ('",' + _PAD4 + '"').join(ids) + '"' + PADS[3] + "]"


def _reasons_text(reasons: tuple) -> str:
    """ignoredReasons: a list of AXProperty."""
    if not reasons:
        return '"ignoredReasons": []'
    texts = [
        _shared_property_text(("ignoredReason", name), lambda: _reason(name, None))
        if related is None
        else member_text(_reason(name, related), 4)
        for name, related in reasons
    ]
    return '"ignoredReasons": [' + _PAD4 + _COMMA_PAD4.join(texts) + PADS[3] + "]"


def _property_text(name: str, value: Any) -> str:
    """member_text of the AXProperty, from a memo for a plain value of a token, boolean
    or integer type (a string or number property, a url or valuetext, is the node's own)."""
    if type(value) in _PLAIN_VALUE_TYPES and _PROPERTY_TYPES[name] not in ("string", "number"):
        # type(value): True and 1 are equal keys.
        return _shared_property_text((name, type(value), value), lambda: {"name": name, "value": ax_value(name, value)})
    return member_text({"name": name, "value": ax_value(name, value)}, 4)


def _shared_property_text(key: tuple, prop: Callable[[], dict[str, Any]]) -> str:
    """member_text(prop(), 4), made once per key (bounded)."""
    text = _PROPERTY_TEXT.get(key)
    if text is None:
        text = member_text(prop(), 4)
        if len(_PROPERTY_TEXT) < _MAX_PROPERTY_TEXTS:
            _PROPERTY_TEXT[key] = text
    return text


def _sources_text(sources: list[NameSource]) -> str:
    return "[" + _PAD5 + _COMMA_PAD5.join([_source_text(s) for s in sources]) + PADS[4] + "]"


def _source_text(s: NameSource) -> str:
    """member_text(_source(s), 5). A source with no attribute value and no related
    objects (most of them: the aria-label an object does not have, the contents it is
    named from) is a shared template around its computed string, if it has one."""
    if s.attribute_value is not None or s.related:
        return member_text(_source(s), 5)
    key = (s.type, s.attribute, s.superseded, s.native_source, s.invalid, s.text is None)
    template = _SOURCE_TEMPLATES.get(key)
    if template is None:
        template = _SOURCE_TEMPLATES[key] = _source_template(s)
    return template[0] if s.text is None else template[0] + encode_basestring(s.text) + template[1]


_PLACEHOLDER = "\x00"  # stands for a source's text in its template: no other member holds one


def _source_template(s: NameSource) -> tuple[str, str]:
    """The text of _source(s) before and after its computed string (all of it, and
    nothing after, for a source with no text)."""
    if s.text is None:
        return member_text(_source(s), 5), ""
    before, after = member_text(_source(replace(s, text=_PLACEHOLDER)), 5).split(encode_basestring(_PLACEHOLDER))
    return before, after


def ax_value(name: str, value: Any) -> dict[str, Any]:
    """A property's plain value as the AXValue CDP reports."""
    if isinstance(value, IdrefList):
        return {
            "type": "idrefList",
            "value": value.attribute_value,
            "relatedNodes": [related_node(t) for t in value.targets],
        }
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
