"""Prototype of a typed per-node stage (benchmarks/typed_prototype.py builds and times it).

One source, valid Python: interpreted as is (``__slots__``), compiled by Cython with or
without the declarations of axrecord.pxd (Cython's "augmenting .pxd": the .py stays plain
Python), or compiled by mypyc as a native class. The stage is the shape of axsynth's
per-node work: a tree of small objects with an integer role code, read attribute by
attribute, and CDP-like JSON text built per node (strings only at the emitter).
"""

from __future__ import annotations

from json.encoder import encode_basestring


class AXRecord:
    __slots__ = ("node_id", "role", "name", "ignored", "parent", "children", "depth")

    def __init__(self, node_id: int, role: int, name: str, ignored: bool, parent: AXRecord | None) -> None:
        self.node_id: int = node_id
        self.role: int = role
        self.name: str = name
        self.ignored: bool = ignored
        self.parent: AXRecord | None = parent
        self.children: list[AXRecord] = []
        self.depth: int = 0 if parent is None else parent.depth + 1


def build(rows: list[tuple[int, int, str, bool, int]]) -> list[AXRecord]:
    """Records from (node id, role code, name, ignored, parent index or -1) rows, parents first."""
    records: list[AXRecord] = []
    for node_id, role, name, ignored, parent_index in rows:
        parent = records[parent_index] if parent_index >= 0 else None
        record = AXRecord(node_id, role, name, ignored, parent)
        if parent is not None:
            parent.children.append(record)
        records.append(record)
    return records


def node_text(record: AXRecord, role_names: list[str]) -> str:
    parts: list[str] = [
        '"nodeId": "' + str(record.node_id) + '"',
        '"ignored": ' + ("true" if record.ignored else "false"),
        '"role": {"type": "role", "value": ' + encode_basestring(role_names[record.role]) + "}",
    ]
    if record.name:
        parts.append('"name": {"type": "computedString", "value": ' + encode_basestring(record.name) + "}")
    parent = record.parent
    if parent is not None:
        parts.append('"parentId": "' + str(parent.node_id) + '"')
    parts.append('"childIds": [' + ", ".join(['"' + str(child.node_id) + '"' for child in record.children]) + "]")
    return "{" + ", ".join(parts) + "}"


def emit(records: list[AXRecord], role_names: list[str]) -> int:
    """Every node's text (the length, so nothing is kept)."""
    total = 0
    for record in records:
        total += len(node_text(record, role_names))
    return total


def named_unignored_depth(root: AXRecord) -> int:
    """A walk that only reads attributes: the summed depth of named, unignored nodes."""
    total = 0
    stack: list[AXRecord] = [root]
    while stack:
        record = stack.pop()
        if not record.ignored and record.name:
            total += record.depth
        stack.extend(record.children)
    return total
