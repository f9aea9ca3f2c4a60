"""Checks on ARIA roles and attributes: valid names and values, allowed and required
attributes, required owned elements and context, abstract and invalid roles."""

from __future__ import annotations

import re
from functools import cache

from ...html.dom import Element
from ..catalog import standards
from ..context import sanitize, token_list
from ..roles import (
    PRESENTATIONAL,
    element_spec,
    explicit_role,
    get_role,
    global_aria_attrs,
    is_valid_role,
    owned,
    role,
    role_info,
)
from . import evaluate

_ARIA = re.compile(r"^aria-")


def _attr_info(name: str) -> dict | None:
    return standards()["ariaAttrs"].get(name)


@cache
def allowed_attrs(node_role: str | None) -> frozenset[str]:
    info = role_info(node_role)
    return frozenset([*global_aria_attrs(), *info.get("allowedAttrs", ()), *info.get("requiredAttrs", ())])


def valid_attr_value(ctx, node, attr: str) -> bool:
    """axe's validateAttrValue."""
    value = node.attr(attr)
    info = _attr_info(attr)
    if info is None:
        return True
    if info.get("allowEmpty") and (not value or value.strip() == ""):
        return True
    kind = info["type"]
    if kind == "boolean":
        return value.lower() in ("true", "false")
    if kind == "nmtoken":
        return value.lower() in info["values"]
    if kind == "nmtokens":
        tokens = token_list(value)
        return bool(tokens) and all(token in info["values"] for token in tokens)
    if kind == "idref":
        return bool(value) and ctx.by_id(node, value) is not None
    if kind == "idrefs":
        return any(ref is not None for ref in ctx.idrefs(node, attr))
    if kind == "string":
        return value.strip() != ""
    if kind == "decimal":
        match = re.fullmatch(r"[-+]?([0-9]*)\.?([0-9]*)", value)
        return bool(match and (match.group(1) or match.group(2)))
    if kind == "int":
        minimum = info.get("minValue", float("-inf"))
        return re.fullmatch(r"[-+]?[0-9]+", value) is not None and int(value) >= minimum
    return False


@evaluate("aria-allowed-attr-evaluate")
def aria_allowed_attr(ctx, node, options, result):
    node_role = role(ctx, node)
    allowed = allowed_attrs(node_role)
    invalid = [
        name
        for name in node.attr_names
        if _attr_info(name) is not None and name not in allowed and not _ignored(name, node.attr(name), node)
    ]
    if invalid:
        values = [f'{name}="{node.attr(name)}"' for name in invalid]
        incomplete = not node_role and not _is_html_element(node) and not ctx.is_focusable(node)
        result.data = (
            {"values": values}
            if incomplete
            else {"messageKey": "singular" if len(values) == 1 else "plural", "values": values}
        )
        return None if incomplete else False
    defaults = {name: info.get("defaultValue") for name, info in standards()["ariaAttrs"].items()}
    defaults.update(options.get("ariaFallbackValues") or {})
    failures, doubts = [], []
    for name in node.attr_names:
        info = _attr_info(name)
        if info is None or info.get("caseInsensitive") is not False:
            continue
        value = node.attr(name)
        if not value or value == value.lower():
            continue
        (doubts if value.lower() == defaults.get(name) else failures).append(f'{name}="{value}"')
    if failures or doubts:
        result.data = {"messageKey": "caseSensitive", "values": failures or doubts}
        return False if failures else None
    return True


def _ignored(name: str, value: str | None, node) -> bool:
    if name == "aria-required" and value == "false":
        return True
    return name == "aria-multiline" and value == "false" and node.has_attr("contenteditable")


def _is_html_element(node) -> bool:
    return node.is_html and node.name in standards()["htmlElms"]


@evaluate("aria-allowed-attr-elm-evaluate")
def aria_allowed_attr_elm(ctx, node, options, result):
    spec = element_spec(ctx, node)
    allowed = spec.get("allowedAriaAttrs")
    if allowed is None or explicit_role(node):
        return True
    invalid = [name for name in node.attr_names if name in global_aria_attrs() and name not in allowed]
    if not invalid:
        return True
    result.data = {
        "messageKey": "plural" if len(invalid) > 1 else "singular",
        "nodeName": node.name,
        "values": ", ".join(f'{name}="{node.attr(name)}"' for name in invalid),
    }
    return False


@evaluate("aria-no-deprecated-attr-evaluate")
def aria_no_deprecated_attr(ctx, node, options, result):
    deprecated = [name for name in node.attr_names if (_attr_info(name) or {}).get("deprecated")]
    if not deprecated:
        return True
    result.data = deprecated
    return None


@evaluate("aria-unsupported-attr-evaluate")
def aria_unsupported_attr(ctx, node, options, result):
    unsupported = [name for name in node.attr_names if (_attr_info(name) or {}).get("unsupported")]
    if unsupported:
        result.data = unsupported
        return True
    return False


@evaluate("aria-valid-attr-evaluate")
def aria_valid_attr(ctx, node, options, result):
    allowed = options.get("value") if isinstance(options, dict) and isinstance(options.get("value"), list) else []
    invalid = [
        name for name in node.attr_names if name not in allowed and _ARIA.match(name) and _attr_info(name) is None
    ]
    if invalid:
        result.data = invalid
        return False
    return True


@evaluate("aria-valid-attr-value-evaluate")
def aria_valid_attr_value(ctx, node, options, result):
    skip = options.get("value") if isinstance(options, dict) and isinstance(options.get("value"), list) else []
    review = {"key": "", "value": ""}
    invalid = []

    def needs_review(key: str, attr: str) -> None:
        review["key"], review["value"] = key, f'{attr}="{ctx.aria_value(node, attr)}"'

    def pre_check(name: str, valid: bool) -> bool:
        if name == "aria-controls":
            popup = ctx.aria_value(node, "aria-haspopup") not in ("false", None)
            if popup and not valid:
                needs_review("controlsWithinPopup", name)
            return (
                ctx.aria_value(node, "aria-expanded") != "false"
                and ctx.aria_value(node, "aria-selected") != "false"
                and not popup
            )
        if name == "aria-current":
            if not valid:
                needs_review("ariaCurrent", name)
            return False
        if name == "aria-owns":
            return ctx.aria_value(node, "aria-expanded") != "false"
        if name in ("aria-describedby", "aria-labelledby"):
            if not valid:
                needs_review("noIdShadow" if ctx.tree.has_shadow_root else "noId", name)
            return False
        return True

    for name in node.attr_names:
        if name == "aria-errormessage" or name in skip or not _ARIA.match(name):
            continue
        value = node.attr(name)
        valid = valid_attr_value(ctx, node, name)
        if pre_check(name, valid) and not valid:
            if value == "" and (_attr_info(name) or {}).get("type") != "string":
                review["key"], review["value"] = "empty", name
            else:
                invalid.append(f'{name}="{value}"')
    if invalid:
        result.data = invalid
        return False
    if review["value"]:
        result.data = {"messageKey": review["key"], "needsReview": review["value"]}
        return None
    return True


@evaluate("aria-errormessage-evaluate")
def aria_errormessage(ctx, node, options, result):
    value = ctx.aria_value(node, "aria-errormessage")
    if not node.has_attr("aria-invalid") or ctx.aria_value(node, "aria-invalid") == "false":
        return True
    if not node.has_attr("aria-errormessage") or (isinstance(options, list) and value in options):
        return True
    tokens = token_list(value)
    result.data = tokens
    if value.strip() == "":
        return bool(standards()["ariaAttrs"]["aria-errormessage"].get("allowEmpty"))
    if len(tokens) > 1:
        result.data = {"messageKey": "unsupported", "values": tokens}
        return False
    target = next(iter(ctx.idrefs(node, "aria-errormessage")), None)
    if target is None:
        return None
    if not ctx.is_visible_to_sr(target):
        result.data = {"messageKey": "hidden", "values": tokens}
        return False
    described = token_list(ctx.aria_value(node, "aria-describedby") or "")
    return (
        explicit_role(target) == "alert"
        or ctx.aria_value(target, "aria-live") in ("assertive", "polite")
        or any(token in described for token in tokens)
    )


@evaluate("aria-level-evaluate")
def aria_level(ctx, node, options, result):
    level = _parse_int(ctx.aria_value(node, "aria-level"))
    return None if level is not None and level > 6 else True


def _parse_int(value: str | None) -> int | None:
    match = re.match(r"\s*([-+]?\d+)", value or "")
    return int(match.group(1)) if match else None


@evaluate("aria-required-attr-evaluate")
def aria_required_attr(ctx, node, options, result):
    node_role = explicit_role(node)
    required = list(role_info(node_role).get("requiredAttrs", ()))
    if not node_role or not node.attr_names or not required:
        return True
    if node_role == "separator" and not ctx.is_focusable(node):
        return True
    if node_role == "combobox" and ctx.aria_value(node, "aria-expanded") == "false":
        return True
    if node_role == "slider" and ctx.aria_value(node, "aria-valuetext"):
        return True
    implicit = element_spec(ctx, node).get("implicitAttrs") or {}
    missing = [attr for attr in required if not ctx.aria_value(node, attr) and attr not in implicit]
    if missing:
        result.data = missing
        return False
    return True


@evaluate("aria-required-children-evaluate")
def aria_required_children(ctx, node, options, result):
    review_empty = options.get("reviewEmpty", []) if isinstance(options, dict) else []
    explicit = explicit_role(node, dpub=True)
    required = role_info(explicit).get("requiredOwned")
    if required is None:
        return True
    owned_roles = _owned_roles(ctx, node, required)
    unallowed = [
        item
        for item in owned_roles
        if item[2].el is not None
        and item[0] not in required
        and explicit not in (role_info(item[0]).get("requiredContext") or ())
    ]
    if unallowed:
        result.relate([item[2] for item in unallowed])
        key = "unallowed"
        selectors = [_unallowed_selector(ctx, item) for item in unallowed]
        if ctx.aria_value(node, "aria-busy") == "true":
            key = "aria-busy-fail"
        elif all(_presentational_conflict(ctx, item) for item in unallowed):
            key = "unallowedPresentational"
            selectors = [f"[{item[1]}]" for item in unallowed]
        result.data = {"messageKey": key, "values": ", ".join(dict.fromkeys(selectors))}
        return False
    if any(item[0] and item[0] in required for item in owned_roles):
        return True
    if ctx.aria_value(node, "aria-busy") == "true":
        result.data = {"messageKey": "aria-busy"}
        return True
    result.data = list(required)
    if explicit in review_empty and not any(_is_content(ctx, item[2]) for item in owned_roles):
        return None
    return False


def _owned_roles(ctx, node, required) -> list[tuple[str | None, str | None, object]]:
    """(role, attribute that makes it count, node) of what the element owns: text, and
    the elements with a role, global ARIA or focus, looking through those without."""
    found = []
    queue = owned(ctx, node)
    while queue:
        child = queue.pop(0)
        if child.el is None:
            found.append((None, None, child))
            continue
        if not ctx.is_visible_to_sr(child):
            continue
        child_role = get_role(ctx, child, no_presentational=True)
        global_attr = next((attr for attr in global_aria_attrs() if child.has_attr(attr)), None)
        counts = bool(global_attr) or ctx.is_focusable(child)
        if (not child_role and not counts) or (child_role in ("group", "rowgroup") and child_role in required):
            queue.extend(child.children)
        elif child_role or counts:
            found.append((child_role, global_attr or ("tabindex" if child.has_attr("tabindex") else None), child))
    return found


def _presentational_conflict(ctx, item) -> bool:
    _, attr, child = item
    return bool(attr) and not ctx.is_natively_focusable(child) and explicit_role(child) in PRESENTATIONAL


def _unallowed_selector(ctx, item) -> str:
    _, attr, child = item
    if child.el is None:
        return "#text"
    child_role = explicit_role(child, dpub=True)
    if child_role and _presentational_conflict(ctx, item):
        return f"[role={child_role}][{attr}]"
    if child_role:
        return f"[role={child_role}]"
    return f"{child.name}[{attr}]" if attr else child.name


_VISUAL_ROLES = ("checkbox", "img", "meter", "progressbar", "scrollbar", "radio", "slider", "spinbutton", "textbox")
_VISUAL_ELEMENTS = frozenset(
    "img iframe object video audio canvas svg math button select textarea keygen progress meter".split()
)
_HIDDEN_TEXT_ELEMENTS = frozenset("head title template script style iframe object video audio noscript".split())


def _is_content(ctx, node) -> bool:
    if node.el is None:
        return node.text.strip() != ""
    return has_content(ctx, node, ignore_aria=True)


def has_child_text(node) -> bool:
    return node.name not in _HIDDEN_TEXT_ELEMENTS and any(c.el is None and c.text.strip() for c in node.children)


def is_visual_content(node) -> bool:
    node_role = explicit_role(node)
    if node_role:
        return node_role in _VISUAL_ROLES
    if node.name == "input":
        return node.input_type != "hidden"
    return node.name in _VISUAL_ELEMENTS


def has_content(ctx, node, no_recursion: bool = False, ignore_aria: bool = False) -> bool:
    """axe's hasContentVirtual: text, visual content, an ARIA label, or so below."""
    if has_child_text(node) or is_visual_content(node):
        return True
    if not ignore_aria and _aria_label_virtual(ctx, node):
        return True
    return not no_recursion and any(child.el is not None and has_content(ctx, child) for child in node.children)


def _aria_label_virtual(ctx, node) -> str:
    from ..text import visible_text

    if node.has_attr("aria-labelledby"):
        refs = ctx.idrefs(node, "aria-labelledby")
        text = " ".join(visible_text(ctx, ref, screen_reader=False) if ref is not None else "" for ref in refs).strip()
        if text:
            return text
    return sanitize(ctx.aria_value(node, "aria-label") or "")


@evaluate("aria-required-parent-evaluate")
def aria_required_parent(ctx, node, options, result):
    own_group = options.get("ownGroupRoles", []) if isinstance(options, dict) else []
    missing = _missing_context(ctx, node, own_group)
    if missing is None:
        return True
    for owner in _aria_owners(ctx, node):
        missing = _missing_context(ctx, owner, own_group, missing, include_element=True)
        if missing is None:
            return True
    result.data = missing
    return False


def _missing_context(ctx, node, own_group, required=None, include_element=False):
    explicit = explicit_role(node)
    if required is None:
        required = list(role_info(explicit).get("requiredContext") or ()) or None
    if required is None:
        return None
    allows_group = "group" in required
    current = node if include_element else node.parent
    while current is not None:
        current_role = get_role(ctx, current, no_presentational=True)
        if not current_role:
            current = current.parent
        elif current_role == "group" and allows_group:
            if explicit in own_group:
                required.append(explicit)
            required = [r for r in required if r != "group"]
            current = current.parent
        elif current_role in required:
            return None
        else:
            return required
    return required


def _aria_owners(ctx, node):
    """The elements whose aria-owns names the node or one of its DOM ancestors, nearest first."""
    owners = []
    element = node.el
    while element is not None:
        element_id = element.attrs.get("id")
        if element_id:
            owner = next(
                (
                    candidate
                    for candidate in ctx.index.with_attribute("aria-owns")
                    if element_id in candidate.attr("aria-owns").split()
                ),
                None,
            )
            if owner is not None:
                owners.append(owner)
        element = element.parent if isinstance(element.parent, Element) else None
    return owners


@evaluate("abstractrole-evaluate")
def abstract_role(ctx, node, options, result):
    found = [r for r in token_list(node.attr("role")) if role_info(r).get("type") == "abstract"]
    if found:
        result.data = found
        return True
    return False


@evaluate("invalidrole-evaluate")
def invalid_role(ctx, node, options, result):
    roles = token_list(node.attr("role"))
    if all(not is_valid_role(r.lower(), allow_abstract=True) for r in roles):
        result.data = roles
        return True
    return False


@evaluate("unsupportedrole-evaluate")
def unsupported_role(ctx, node, options, result):
    found = get_role(ctx, node, dpub=True, fallback=True)
    if role_info(found).get("unsupported"):
        result.data = found
        return True
    return False


@evaluate("aria-hidden-body-evaluate")
def aria_hidden_body(ctx, node, options, result):
    return ctx.aria_value(node, "aria-hidden") != "true"
