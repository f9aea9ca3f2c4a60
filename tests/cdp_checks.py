"""Structural checks shared by the robustness tests."""

from __future__ import annotations


def check_cdp(nodes: list[dict]) -> None:
    """Every childId exists, parent/child links agree, ids are unique, one root."""
    ids = [n["nodeId"] for n in nodes]
    assert len(ids) == len(set(ids)), "duplicate nodeId"
    by_id = {n["nodeId"]: n for n in nodes}
    roots = [n for n in nodes if "parentId" not in n]
    assert len(roots) == 1 and roots[0] is nodes[0]
    listed_by = {}  # child id -> the node listing it (a set lookup: a parent may list 1,000,000 children)
    for node in nodes:
        for child in node.get("childIds", []):
            assert child in by_id, f"childId {child} does not exist"
            assert by_id[child]["parentId"] == node["nodeId"], f"{child} names another parent"
            listed_by[child] = node["nodeId"]
    for node in nodes:
        if "parentId" in node:
            assert listed_by.get(node["nodeId"]) == node["parentId"], f"{node['nodeId']} not listed by its parent"
    # every node is reachable from the root exactly once: no cycle, no orphan
    seen, stack = set(), [nodes[0]["nodeId"]]
    while stack:
        current = stack.pop()
        assert current not in seen, f"{current} reached twice"
        seen.add(current)
        stack.extend(by_id[current].get("childIds", []))
    assert seen == set(ids), "nodes unreachable from the root"
