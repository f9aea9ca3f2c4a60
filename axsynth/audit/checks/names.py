"""Checks that an element has a name: text content, aria-label(ledby), title, alt, value."""

from __future__ import annotations

import re

from ..context import sanitize
from ..roles import PRESENTATIONAL, element_spec, explicit_role, global_aria_attrs, role
from ..text import CONTROL_VALUE_ROLES, arialabelledby_text, named_from_contents, subtree_text
from . import evaluate


@evaluate("aria-label-evaluate")
def aria_label(ctx, node, options, result):
    return bool(sanitize(node.attr("aria-label") or ""))


@evaluate("aria-labelledby-evaluate")
def aria_labelledby(ctx, node, options, result):
    return bool(sanitize(arialabelledby_text(ctx, node)))


@evaluate("has-text-content-evaluate")
def has_text_content(ctx, node, options, result):
    if has_own_text(ctx, node):
        return True
    return sanitize(subtree_text(ctx, node)) != ""


def has_own_text(ctx, node) -> bool:
    """A shortcut of subtree_text(node) != "": a text child of an element named from its
    content (subtree text takes a text node's data as it is)."""
    return (
        any(child.el is None and not child.text.isspace() and child.text for child in node.children)
        and named_from_contents(ctx, node)
        and role(ctx, node) not in CONTROL_VALUE_ROLES
        and "embedded" not in (element_spec(ctx, node, no_match_accessible_name=True).get("contentTypes") or ())
    )


@evaluate("attr-non-space-content-evaluate")
def attr_non_space_content(ctx, node, options, result):
    attribute = options["attribute"]
    if not node.has_attr(attribute):
        result.data = {"messageKey": "noAttr"}
        return False
    if not sanitize(node.attr(attribute)):
        result.data = {"messageKey": "emptyAttr"}
        return False
    return True


@evaluate("has-alt-evaluate")
def has_alt(ctx, node, options, result):
    return node.name in ("img", "input", "area") and node.has_attr("alt")


@evaluate("alt-space-value-evaluate")
def alt_space_value(ctx, node, options, result):
    alt = node.attr("alt")
    return alt is not None and re.fullmatch(r"\s+", alt) is not None


@evaluate("non-empty-if-present-evaluate")
def non_empty_if_present(ctx, node, options, result):
    kind = (node.attr("type") or "").lower()
    label = node.attr("value")
    if label:
        result.data = {"messageKey": "has-label"}
    if node.name == "input" and kind in ("submit", "reset"):
        return label is None
    return False


@evaluate("presentational-role-evaluate")
def presentational_role(ctx, node, options, result):
    explicit = explicit_role(node)
    if explicit in PRESENTATIONAL and node.name in ("iframe", "frame") and node.has_attr("title"):
        result.data = {"messageKey": "iframe", "nodeName": node.name}
        return False
    node_role = role(ctx, node)
    if node_role in PRESENTATIONAL:
        result.data = {"role": node_role}
        return True
    if explicit not in PRESENTATIONAL:
        return False
    global_aria = any(node.has_attr(attr) for attr in global_aria_attrs())
    focusable = ctx.is_focusable(node)
    key = "globalAria" if global_aria and not focusable else "focusable" if focusable and not global_aria else "both"
    result.data = {"messageKey": key, "role": node_role}
    return False


@evaluate("svg-non-empty-title-evaluate")
def svg_non_empty_title(ctx, node, options, result):
    title = next((child for child in node.children if child.name == "title"), None)
    if title is None:
        result.data = {"messageKey": "noTitle"}
        return False
    if subtree_text(ctx, title, {"includeHidden": True}).strip() == "":
        result.data = {"messageKey": "emptyTitle"}
        return False
    return True


@evaluate("is-element-focusable-evaluate")
def is_element_focusable(ctx, node, options, result):
    return ctx.is_focusable(node)


@evaluate("has-global-aria-attribute-evaluate")
def has_global_aria_attribute(ctx, node, options, result):
    found = [attr for attr in global_aria_attrs() if node.has_attr(attr)]
    result.data = found
    return bool(found)
