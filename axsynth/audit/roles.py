"""Roles as axe-core computes them (``axe.commons.aria.getRole`` and its helpers).

axe has its own role model, not Chromium's: an explicit role is the *first* token
only (unless asked for fallbacks), ``doc-*`` roles count only when asked, implicit
roles follow its table below, and ``role=none``/``presentation`` yields to global ARIA
attributes or focus (presentational conflict resolution), and passes down from a
``<table>`` or list to its rows, cells and items. Element facts (content types,
naming methods, allowed roles) come from axe's ``htmlElms`` table.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any

from .catalog import standards
from .context import sanitize, token_list
from .selectors import matches
from .vtree import VNode

if TYPE_CHECKING:
    from .context import AuditPage

PRESENTATIONAL = ("presentation", "none")

# An element whose parent of these names has role none/presentation inherits it.
_INHERITS_PRESENTATION = {
    "td": ("tr",),
    "th": ("tr",),
    "tr": ("thead", "tbody", "tfoot", "table"),
    "thead": ("table",),
    "tbody": ("table",),
    "tfoot": ("table",),
    "li": ("ol", "ul"),
    "dt": ("dl", "div"),
    "dd": ("dl", "div"),
    "div": ("dl",),
}
# Implicit roles that depend on nothing but the element's name.
_PLAIN_IMPLICIT = {
    "article": "article",
    "body": "document",
    "button": "button",
    "datalist": "listbox",
    "dd": "definition",
    "dfn": "term",
    "details": "group",
    "dialog": "dialog",
    "dt": "term",
    "fieldset": "group",
    "figure": "figure",
    "h1": "heading",
    "h2": "heading",
    "h3": "heading",
    "h4": "heading",
    "h5": "heading",
    "h6": "heading",
    "hr": "separator",
    "li": "listitem",
    "main": "main",
    "math": "math",
    "menu": "list",
    "meter": "meter",
    "nav": "navigation",
    "ol": "list",
    "optgroup": "group",
    "option": "option",
    "output": "status",
    "progress": "progressbar",
    "search": "search",
    "summary": "button",
    "table": "table",
    "tbody": "rowgroup",
    "textarea": "textbox",
    "tfoot": "rowgroup",
    "thead": "rowgroup",
    "tr": "row",
    "ul": "list",
}
_INPUT_ROLES = {
    "checkbox": "checkbox",
    "number": "spinbutton",
    "radio": "radio",
    "range": "slider",
    "button": "button",
    "image": "button",
    "reset": "button",
    "submit": "button",
}
_RESERVED_CUSTOM_NAMES = frozenset(
    "annotation-xml color-profile font-face font-face-src font-face-uri font-face-format font-face-name "
    "missing-glyph".split()
)


def role_info(role: str | None) -> dict[str, Any]:
    return standards()["ariaRoles"].get(role, {}) if role else {}


def is_valid_role(role: str, allow_abstract: bool = False) -> bool:
    info = standards()["ariaRoles"].get(role)
    if info is None:
        return False
    return allow_abstract or info["type"] != "abstract"


@cache
def global_aria_attrs() -> tuple[str, ...]:
    return tuple(name for name, info in standards()["ariaAttrs"].items() if info.get("global"))


def roles_of_type(kind: str) -> tuple[str, ...]:
    return tuple(name for name, info in standards()["ariaRoles"].items() if info["type"] == kind)


def explicit_role(node: VNode, fallback: bool = False, abstracts: bool = False, dpub: bool = False) -> str | None:
    """The first valid token of ``role`` (only the very first unless ``fallback``)."""
    if node.el is None:
        return None
    value = (node.attr("role") or "").strip().lower()
    for role in token_list(value) if fallback else [value]:
        if not dpub and role.startswith("doc-"):
            continue
        if is_valid_role(role, abstracts):
            return role
    return None


@cache
def _global_aria_set() -> frozenset[str]:
    return frozenset(global_aria_attrs())


def has_global_aria(node: VNode) -> bool:
    if node.el is None:
        return False
    found = _global_aria_set()
    return any(name in found for name in node.el.attrs)


def has_conflict_resolution(ctx: "AuditPage", node: VNode) -> bool:
    return has_global_aria(node) or ctx.is_focusable(node)


def get_role(
    ctx: "AuditPage",
    node: VNode,
    *,
    no_implicit: bool = False,
    no_presentational: bool = False,
    fallback: bool = False,
    abstracts: bool = False,
    dpub: bool = False,
    chromium: bool = False,
) -> str | None:
    """axe's getRole."""
    role = _resolve_role(ctx, node, no_implicit, fallback, abstracts, dpub, chromium)
    if no_presentational and role in PRESENTATIONAL:
        return None
    return role


def role(ctx: "AuditPage", node: VNode) -> str | None:
    """getRole with default options, memoized (most checks ask this)."""
    if "role" not in node.memo:
        node.memo["role"] = _resolve_role(ctx, node, False, False, False, False, False)
    return node.memo["role"]


def _resolve_role(ctx, node, no_implicit, fallback, abstracts, dpub, chromium) -> str | None:
    if node.el is None:
        return None
    explicit = explicit_role(node, fallback, abstracts, dpub)
    options = (fallback, abstracts, dpub)
    if explicit is None:
        return None if no_implicit else _implicit_or_inherited(ctx, node, chromium, options)
    if explicit not in PRESENTATIONAL:
        return explicit
    if has_conflict_resolution(ctx, node):
        if is_custom_element_name(node.name):
            return None
        return None if no_implicit else _implicit_or_inherited(ctx, node, chromium, options)
    return explicit


def _implicit_or_inherited(ctx, node, chromium, options) -> str | None:
    implicit = implicit_role(ctx, node, chromium)
    if implicit is None:
        return None
    return _inherited_role(ctx, node, options) or implicit


def _inherited_role(ctx, node: VNode, options) -> str | None:
    parents = _INHERITS_PRESENTATION.get(node.name)
    if parents is None or node.parent is None or node.parent.name not in parents:
        return None
    parent_role = explicit_role(node.parent, *options)
    if parent_role in PRESENTATIONAL and not has_conflict_resolution(ctx, node.parent):
        return parent_role
    if parent_role:
        return None
    return _inherited_role(ctx, node.parent, options)


def implicit_role(ctx: "AuditPage", node: VNode, chromium: bool = False) -> str | None:
    """axe's implicitRole (``chromium``: also the roles Chromium gives elements axe's table lacks)."""
    name = node.name
    found = _PLAIN_IMPLICIT.get(name)
    if found is not None:
        return found
    decide = _IMPLICIT_RULES.get(name)
    if decide is not None:
        return decide(ctx, node)
    if chromium:
        return element_spec(ctx, node).get("chromiumRole")
    return None


def _link(ctx, node):
    return "link" if node.has_attr("href") else None


def _aside(ctx, node):
    if node.parent is not None and node.parent.closest(lambda n: matches(n, sectioning_selector())):
        if not _has_accessible_name(ctx, node, check_title=True):
            return None
    return "complementary"


def _banner_or_contentinfo(landmark: str):
    def decide(ctx, node):
        return None if node.closest(lambda n: matches(n, sectioning_selector(with_main=True))) else landmark

    return decide


def _named(landmark: str):
    return lambda ctx, node: landmark if _has_accessible_name(ctx, node) else None


def _img(ctx, node):
    empty_alt = node.has_attr("alt") and not node.attr("alt")
    if empty_alt and not has_global_aria(node) and not ctx.is_focusable(node):
        return "presentation"
    return "img"


def _input(ctx, node):
    kind = node.input_type
    if kind in _INPUT_ROLES:
        return _INPUT_ROLES[kind]
    suggestions = False
    if node.has_attr("list"):
        listed = next((ref for ref in ctx.idrefs(node, "list") if ref is not None), None)
        suggestions = listed is not None and listed.name == "datalist"
    if kind == "search":
        return "combobox" if suggestions else "searchbox"
    if kind in ("text", "tel", "url", "email", ""):
        return "combobox" if suggestions else "textbox"
    return "textbox"


def _select(ctx, node):
    size = re.match(r"\s*([-+]?\d+)", node.attr("size") or "")
    return "listbox" if node.has_attr("multiple") or (size and int(size.group(1)) > 1) else "combobox"


def _td(ctx, node):
    table = node.closest(lambda n: n.name == "table")
    return "gridcell" if table is not None and explicit_role(table) in ("grid", "treegrid") else "cell"


def _th(ctx, node):
    from .tables import scope_of

    scope = scope_of(ctx, node)
    if scope in ("col", "colgroup", "auto"):
        return "columnheader"
    if scope in ("row", "rowgroup", "auto"):
        return "rowheader"
    return None


_IMPLICIT_RULES = {
    "a": _link,
    "area": _link,
    "aside": _aside,
    "footer": _banner_or_contentinfo("contentinfo"),
    "form": _named("form"),
    "header": _banner_or_contentinfo("banner"),
    "img": _img,
    "input": _input,
    "section": _named("region"),
    "select": _select,
    "td": _td,
    "th": _th,
}


def _has_accessible_name(ctx, node: VNode, check_title: bool = False) -> bool:
    from .text import arialabelledby_text

    return bool(
        sanitize(arialabelledby_text(ctx, node))
        or sanitize(node.attr("aria-label") or "")
        or (check_title and sanitize(node.attr("title")))
    )


@cache
def elements_of_content_type(kind: str) -> tuple[str, ...]:
    found = []
    for name, spec in standards()["htmlElms"].items():
        types = spec.get("contentTypes") or spec.get("variant", {}).get("default", {}).get("contentTypes") or ()
        if kind in types:
            found.append(name)
    return tuple(found)


@cache
def sectioning_selector(with_main: bool = False) -> str:
    selector = (
        ", ".join(f"{name}:not([role])" for name in elements_of_content_type("sectioning"))
        + " , [role=article], [role=complementary], [role=navigation], [role=region]"
    )
    return selector + " , main:not([role]), [role=main]" if with_main else selector


def element_spec(ctx: "AuditPage", node: VNode, no_match_accessible_name: bool = False) -> dict[str, Any]:
    """axe's getElementSpec: the htmlElms entry, its matching variants merged in (memoized)."""
    key = "spec-nm" if no_match_accessible_name else "spec"
    spec = node.memo.get(key)
    if spec is None:
        spec = node.memo[key] = _element_spec(ctx, node, no_match_accessible_name)
    return spec


def _element_spec(ctx: "AuditPage", node: VNode, no_match_accessible_name: bool) -> dict[str, Any]:
    standard = standards()["htmlElms"].get(node.name)
    if standard is None:
        return {}
    variants = standard.get("variant")
    if variants is None:
        return standard
    spec = {key: value for key, value in standard.items() if key != "variant"}
    for variant_name, variant in variants.items():
        if variant_name == "default":
            continue
        definition = variant["matches"]
        alternatives = definition if isinstance(definition, list) else [definition]
        if no_match_accessible_name and any(
            isinstance(alt, dict) and "hasAccessibleName" in alt for alt in alternatives
        ):
            return standard
        if matches_definition(ctx, node, definition):
            spec.update({key: value for key, value in variant.items() if key != "matches"})
    for key, value in variants.get("default", {}).items():
        spec.setdefault(key, value)
    return spec


def matches_definition(ctx: "AuditPage", node: VNode, definition: Any) -> bool:
    """axe's commons.matches: a selector, a list (any), or an object of matchers (all)."""
    if isinstance(definition, list):
        return any(matches_definition(ctx, node, item) for item in definition)
    if isinstance(definition, str):
        return matches(node, definition)
    return all(_MATCHERS[name](ctx, node, matcher) for name, matcher in definition.items())


def from_primitive(value: Any, matcher: Any) -> bool:
    if isinstance(matcher, list):
        return value in matcher
    if value is not None and isinstance(matcher, str) and len(matcher) > 1 and matcher[0] == matcher[-1] == "/":
        return re.search(matcher[1:-1], value) is not None
    return matcher == value


def _props(ctx, node: VNode, name: str) -> Any:
    if name == "type":
        return node.input_type
    if name == "nodeName":
        return node.name
    raise ValueError(f"unsupported property matcher {name!r}")


def _has_name(ctx, node, matcher):
    from .text import accessible_text

    return from_primitive(bool(accessible_text(ctx, node)), matcher)


def _summary_for_details(ctx, node, matcher):
    parent = node.parent
    first = next((c for c in parent.children if c.name == "summary"), None) if parent is not None else None
    return from_primitive(parent is not None and parent.name == "details" and first is node, matcher)


_MATCHERS = {
    "nodeName": lambda ctx, node, matcher: from_primitive(node.name, matcher),
    "attributes": lambda ctx, node, matcher: all(from_primitive(node.attr(k), v) for k, v in matcher.items()),
    "properties": lambda ctx, node, matcher: all(from_primitive(_props(ctx, node, k), v) for k, v in matcher.items()),
    "hasAccessibleName": _has_name,
    "explicitRole": lambda ctx, node, matcher: from_primitive(explicit_role(node), matcher),
    "implicitRole": lambda ctx, node, matcher: from_primitive(implicit_role(ctx, node), matcher),
    "semanticRole": lambda ctx, node, matcher: from_primitive(role(ctx, node), matcher),
    "hasChild": lambda ctx, node, matcher: any(
        child.el is not None and matches(child, matcher) for child in node.children
    ),
    "isSummaryForDetails": _summary_for_details,
}


def is_custom_element_name(name: str) -> bool:
    """HTML's valid custom element name, as axe tests it."""
    return (
        "-" in name
        and name not in _RESERVED_CUSTOM_NAMES
        and name[:1].isascii()
        and name[:1].islower()
        and not any("A" <= c <= "Z" for c in name)
        and re.fullmatch(r"[a-z][^\s/>=\"'\x00-\x1f]*", name) is not None
    )


def owned(ctx: "AuditPage", node: VNode) -> list[VNode]:
    """axe's getOwnedVirtual: the children, then the elements aria-owns names (once each)."""
    if not node.has_attr("aria-owns"):
        return list(node.children)
    refs = list(dict.fromkeys(ref for ref in ctx.idrefs(node, "aria-owns") if ref is not None))
    return [child for child in node.children if child not in refs] + refs
