"""Checks on list structure: <ul>/<ol> hold only list items, <li> sits in a list,
<dl> holds only groups of <dt>/<dd>, and those sit in a <dl>."""

from __future__ import annotations

from ..roles import PRESENTATIONAL, explicit_role, is_valid_role, role
from . import evaluate


@evaluate("listitem-evaluate")
def listitem(ctx, node, options, result):
    parent = node.parent
    if parent is None:
        return None
    if role(ctx, parent) in (*PRESENTATIONAL, "list"):
        return True
    parent_explicit = explicit_role(parent)
    if parent_explicit and is_valid_role(parent_explicit):
        result.data = {"messageKey": "roleNotValid"}
    return False


@evaluate("dlitem-evaluate")
def dlitem(ctx, node, options, result):
    parent = node.parent
    if parent is None:
        return False
    parent_role = explicit_role(parent)
    if parent.name == "div" and parent_role in (*PRESENTATIONAL, None):
        parent = parent.parent
        if parent is None:
            return False
        parent_role = explicit_role(parent)
    if parent.name != "dl":
        return False
    return not parent_role or parent_role in (*PRESENTATIONAL, "list")


@evaluate("invalid-children-evaluate")
def invalid_children(ctx, node, options, result):
    issues: list[str] = []
    related = []
    queue = [(child, False) for child in node.children]
    while queue:
        child, nested = queue.pop(0)
        if options.get("divGroups") and not nested and child.name == "div" and explicit_role(child) is None:
            queue += [(grandchild, True) for grandchild in child.children]
            continue
        issue = _invalid_selector(ctx, child, nested, options)
        if not issue:
            continue
        if issue not in issues:
            issues.append(issue)
        if child.el is not None:
            related.append(child)
    if not issues:
        return False
    result.data = {"values": ", ".join(issues)}
    result.relate(related)
    return True


def _invalid_selector(ctx, child, nested: bool, options) -> str | None:
    prefix = "div > " if nested else ""
    if child.el is None:
        return prefix + "#text" if child.text.strip() != "" else None
    if not ctx.is_visible_to_sr(child):
        return None
    explicit = explicit_role(child)
    child_role = role(ctx, child)
    valid_roles = options.get("validRoles", [])
    if explicit:
        return None if explicit in valid_roles else f"{prefix}[role={child_role}]"
    if child.name in options.get("validNodeNames", []) or child_role in valid_roles:
        return None
    return prefix + child.name


@evaluate("structured-dlitems-evaluate")
def structured_dlitems(ctx, node, options, result):
    if not node.children:
        return False
    has_dt = has_dd = False
    for child in node.children:
        if child.name == "dt":
            has_dt = True
        if has_dt and child.name == "dd":
            return False
        if child.name == "dd":
            has_dd = True
    return has_dt or has_dd
