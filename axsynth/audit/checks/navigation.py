"""Checks on the page's structure: heading order, content outside landmarks, landmarks
that cannot be told apart, the main landmark and level-one heading, ways to bypass
repeated blocks, and ids that ARIA references but several elements carry."""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

from ...html.urls import join
from ..roles import role, roles_of_type
from ..selectors import matches
from ..text import accessible_text
from . import after, evaluate
from .aria import has_child_text, has_content

_LIVE_ROLES = ("alert", "log", "status")


# --- headings -----------------------------------------------------------------------


def heading_level(ctx, node) -> int:
    """axe's getLevel: -1 when the node is no heading."""
    if "heading-level" in node.memo:
        return node.memo["heading-level"]
    node_role = role(ctx, node)
    aria_level = ctx.aria_value(node, "aria-level")
    match = re.match(r"\s*([-+]?\d+)", aria_level or "")
    number = int(match.group(1)) if match else None
    own = re.search(r"h(\d)", node.name)
    if not node_role or "heading" not in node_role:
        level = -1
    elif own and not aria_level:
        level = int(own.group(1))
    elif number is None or number < 1:
        level = int(own.group(1)) if own else 2
    else:
        level = number
    node.memo["heading-level"] = level
    return level


@evaluate("heading-order-evaluate")
def heading_order(ctx, node, options, result):
    return True


@after("heading-order-after")
def heading_order_after(ctx, results, options):
    order = [
        node
        for node in ctx.index.select("h1, h2, h3, h4, h5, h6, [role=heading], iframe, frame")
        if ctx.is_visible_to_sr(node) and heading_level(ctx, node) != -1
    ]
    position = {id(node): index for index, node in enumerate(order)}
    for result in results:
        index = position.get(id(result.node), -1)
        if index == 0:
            result.result = True
        elif index == -1:
            result.result = None
        else:
            result.result = heading_level(ctx, order[index]) - heading_level(ctx, order[index - 1]) <= 1
            if not result.result:
                result.relate([order[index - 1]])
    return results


# --- landmarks and regions ---------------------------------------------------------------


@evaluate("has-descendant-evaluate")
def has_descendant(ctx, node, options, result):
    if options.get("passForModal") and ctx.is_modal_open():
        return True
    if node is ctx.tree.root:  # the rules that use it run on <html>: every element
        candidates = ctx.index.select(options["selector"])
    else:
        candidates = [n for n in (node, *node.elements()) if matches(n, options["selector"])]
    found = [n for n in candidates if ctx.is_visible_to_sr(n)]
    result.relate(found)
    return bool(found)


@after("has-descendant-after")
def has_descendant_after(ctx, results, options):
    if any(result.result is True for result in results):
        for result in results:
            result.result = True
    return results


@evaluate("landmark-is-unique-evaluate")
def landmark_is_unique(ctx, node, options, result):
    text = accessible_text(ctx, node)
    result.data = {"role": role(ctx, node), "accessibleText": text.lower() if text else None}
    result.relate([node])
    return True


@after("landmark-is-unique-after")
def landmark_is_unique_after(ctx, results, options):
    kept = []
    for result in results:
        first = next((k for k in kept if k.data == result.data), None)
        if first is not None:
            first.result = False
            first.related.append(result.related[0])
            result.filtered = True
            continue
        result.related = []
        kept.append(result)
    return kept


@evaluate("region-evaluate")
def region(ctx, node, options, result):
    result.data = {"isIframe": node.name in ("iframe", "frame")}
    if "regionless" not in ctx.memo:
        ctx.memo["regionless"] = set(map(id, _regionless_nodes(ctx, options)))
    return id(node) not in ctx.memo["regionless"]


@after("region-after")
def region_after(ctx, results, options):
    for result in results:
        if result.data["isIframe"] and not result.result:
            result.result = True
    return results


def _regionless_nodes(ctx, options) -> list:
    marked: set[int] = set()
    body = next((child for child in ctx.tree.root.children if child.name == "body"), None)
    found = _find_regionless(ctx, ctx.tree.root, options, marked, body)
    out = []
    for node in found:
        while node.parent is not None and id(node.parent) not in marked and node.parent is not body:
            node = node.parent
        if node not in out:
            out.append(node)
    return out


def _find_regionless(ctx, node, options, marked: set[int], body) -> list:
    if (
        role(ctx, node) == "button"
        or _is_region(ctx, node, options)
        or node.name in ("iframe", "frame")
        or (is_skip_link(ctx, node) and element_by_reference(ctx, node) is not None)
        or not ctx.is_visible_to_sr(node)
    ):
        ancestor = node
        while ancestor is not None:
            marked.add(id(ancestor))
            ancestor = ancestor.parent
        return [node] if node.name in ("iframe", "frame") else []
    if node is not body and has_content(ctx, node, no_recursion=True) and not _shallowly_hidden(ctx, node):
        return [node]
    out = []
    for child in node.children:
        if child.el is not None:
            out += _find_regionless(ctx, child, options, marked, body)
    return out


def _is_region(ctx, node, options) -> bool:
    node_role = role(ctx, node)
    if (ctx.aria_value(node, "aria-live") or "") in ("assertive", "polite") or node_role in _LIVE_ROLES:
        return True
    if node_role in roles_of_type("landmark"):
        return True
    return bool(options.get("regionMatcher")) and matches(node, options["regionMatcher"])


def _shallowly_hidden(ctx, node) -> bool:
    return role(ctx, node) in ("none", "presentation") and not has_child_text(node)


# --- links within the page --------------------------------------------------------------


def is_current_page_link(ctx, node) -> bool | None:
    """axe's isCurrentPageLink: a link to a place on this page."""
    href = node.attr("href")
    if not href or href == "#":
        return False
    if href.startswith("/#"):
        return True
    try:
        parts = urlsplit(join(ctx.page.base_url, href))
    except ValueError:
        return False
    if re.match(r"#[!/]", "#" + parts.fragment if parts.fragment else ""):
        return False
    if href[0] == "#":
        return True
    page = urlsplit(ctx.page.url)
    if page.scheme in ("http", "https") and page.netloc:
        origin = f"{page.scheme}://{page.netloc}"
    elif page.scheme == "file":
        origin = "file://"
    else:  # about:blank and the like: an opaque origin, axe cannot tell
        return None
    url = f"{parts.scheme}://{parts.netloc}" if parts.hostname else origin
    url += parts.path if parts.path.startswith("/") else "/" + parts.path
    return url == origin + page.path


def is_skip_link(ctx, node) -> bool:
    if node.name not in ("a", "area") or not node.has_attr("href"):
        return False
    if "first-page-link" not in ctx.memo:
        ctx.memo["first-page-link"] = next(
            (
                link
                for link in ctx.index.select("a[href]")
                if not link.attr("href").startswith("javascript:") and not is_current_page_link(ctx, link)
            ),
            None,
        )
    first = ctx.memo["first-page-link"]
    return first is None or first.index > node.index


def element_by_reference(ctx, node):
    """axe's getElementByReference for href: the element a same-page link points to."""
    fragment = node.attr("href")
    if not fragment or not is_current_page_link(ctx, node):
        return None
    if "#" in fragment:
        fragment = unquote(fragment[fragment.index("#") + 1 :])
    found = ctx.by_id(ctx.tree.root, fragment)
    if found is not None:
        return found
    return next((n for n in ctx.tree.elements if n.attr("name") == fragment and n.is_html), None)


@evaluate("internal-link-present-evaluate")
def internal_link_present(ctx, node, options, result):
    return any(re.match(r"#[^/!]", link.attr("href")) for link in ctx.index.select("a[href]"))


# --- ids ---------------------------------------------------------------------------------


@evaluate("duplicate-id-evaluate")
def duplicate_id(ctx, node, options, result):
    element_id = node.attr("id").strip()
    if not element_id:
        return True
    scope = node.el.tree_root
    others = [
        other
        for other in ctx.index.with_attribute("id")
        if other is not node and other.attr("id") == element_id and other.el.tree_root is scope
    ]
    result.relate(others)
    result.data = element_id
    return not others


@after("duplicate-id-after")
def duplicate_id_after(ctx, results, options):
    seen: set[str] = set()
    kept = []
    for result in results:
        if result.data in seen:
            continue
        seen.add(result.data)
        kept.append(result)
    return kept
