"""axe-core's rule ``matches`` functions: which of the elements a rule's selector finds
it applies to. Each is registered under axe's name for it (the catalogue's ``matches``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..html.plugins import has_content_frame
from .context import parse_tabindex
from .roles import (
    PRESENTATIONAL,
    element_spec,
    explicit_role,
    get_role,
    implicit_role,
    role,
    role_info,
)
from .tables import is_data_table

if TYPE_CHECKING:
    from .context import AuditPage
    from .vtree import VNode

Matches = Callable[["AuditPage", "VNode"], bool]
MATCHES: dict[str, Matches] = {}
#: For a matches function whose rule selects every element ("*"): the few elements it can
#: keep (a superset, in tree order), so that the rest are never looked at.
CANDIDATES: dict[str, Callable[["AuditPage"], list["VNode"]]] = {}


def matches(name: str) -> Callable[[Matches], Matches]:
    def register(function: Matches) -> Matches:
        MATCHES[name] = function
        return function

    return register


@matches("no-explicit-name-required-matches")
def no_explicit_name_required(ctx, node) -> bool:
    explicit = explicit_role(node)
    if not explicit or explicit in PRESENTATIONAL:
        return True
    return bool(role_info(explicit).get("accessibleNameRequired")) or ctx.is_focusable(node)


@matches("label-matches")
def label_matches(ctx, node) -> bool:
    if node.name != "input" or not node.has_attr("type"):
        return True
    return node.attr("type").lower() not in ("hidden", "image", "button", "submit", "reset")


@matches("no-naming-method-matches")
def no_naming_method(ctx, node) -> bool:
    if element_spec(ctx, node).get("namingMethods"):
        return False
    if explicit_role(node) == "combobox" and any(
        child.name == "input" and child.attr("type") != "hidden" for child in node.elements()
    ):
        return False
    return not _is_combobox_popup(ctx, node)


def _is_combobox_popup(ctx, node) -> bool:
    """A listbox that is the popup of a combobox (its parent, or one that owns or controls it)."""
    if role(ctx, node) != "listbox":
        return False
    parent = node.parent
    while parent is not None and get_role(ctx, parent, no_presentational=True) is None:
        parent = parent.parent
    if parent is not None and role(ctx, parent) == "combobox":
        return True
    element_id = node.attr("id")
    if not element_id:
        return False
    for candidate in ctx.index.with_attribute("role"):
        if candidate.name == "select" or "combobox" not in (candidate.attr("role") or "").split():
            continue
        if any(element_id in (candidate.attr(attr) or "").split() for attr in ("aria-owns", "aria-controls")):
            if role(ctx, candidate) == "combobox":
                return True
    return False


@matches("svg-namespace-matches")
def svg_namespace(ctx, node) -> bool:
    return node.closest(lambda n: n.name == "svg") is not None


@matches("html-namespace-matches")
def html_namespace(ctx, node) -> bool:
    return not svg_namespace(ctx, node)


@matches("object-is-loaded-matches")
def object_is_loaded(ctx, node) -> bool:
    """The object shows no fallback content: it has a content frame (its data loaded), or
    the fallback makes no box. Without layout, fallback that makes a box is rendered text
    or an element that is not display: none."""
    if not no_explicit_name_required(ctx, node):
        return False
    if has_content_frame(node.el, ctx.page.base_url):
        return True
    for child in node.children:
        if child.el is None:
            if child.text.strip():
                return False
        elif ctx.style(child).get("display", "inline") != "none":
            return False
    return True


@matches("no-negative-tabindex-matches")
def no_negative_tabindex(ctx, node) -> bool:
    value = parse_tabindex(node.attr("tabindex"))
    return value is None or value >= 0


@matches("is-initiator-matches")
def is_initiator(ctx, node) -> bool:
    return True  # axsynth audits the top document


@matches("heading-matches")
def heading(ctx, node) -> bool:
    return role(ctx, node) == "heading"


@matches("landmark-unique-matches")
def landmark_unique(ctx, node) -> bool:
    return role_info(role(ctx, node)).get("type") == "landmark" and ctx.is_visible_to_sr(node)


@matches("no-role-matches")
def no_role(ctx, node) -> bool:
    return not node.attr("role")


@matches("duplicate-id-aria-matches")
def duplicate_id_aria(ctx, node) -> bool:
    return bool(ctx.referrers(node))


def _has_aria_attribute(ctx, node) -> bool:
    return any(name.startswith("aria-") for name in node.attr_names)


matches("aria-allowed-attr-matches")(_has_aria_attribute)
matches("aria-has-attr-matches")(_has_aria_attribute)
CANDIDATES["aria-allowed-attr-matches"] = CANDIDATES["aria-has-attr-matches"] = lambda ctx: (
    ctx.index.with_aria_attribute()
)


@matches("aria-required-children-matches")
def aria_required_children(ctx, node) -> bool:
    return role_info(explicit_role(node, dpub=True)).get("requiredOwned") is not None


@matches("aria-required-parent-matches")
def aria_required_parent(ctx, node) -> bool:
    return role_info(explicit_role(node)).get("requiredContext") is not None


@matches("no-empty-role-matches")
def no_empty_role(ctx, node) -> bool:
    return bool((node.attr("role") or "").strip())


@matches("aria-hidden-focus-matches")
def aria_hidden_focus(ctx, node) -> bool:
    """Only the outermost aria-hidden element (none of its ancestors says aria-hidden=true)."""
    return all(ancestor.attr("aria-hidden") != "true" for ancestor in node.ancestors())


@matches("nested-interactive-matches")
def nested_interactive(ctx, node) -> bool:
    node_role = role(ctx, node)
    return bool(node_role) and bool(role_info(node_role).get("childrenPresentational"))


# The elements whose implicit role can be one with presentational children (button, checkbox,
# img, math, meter, option, progressbar, radio, separator, slider), besides any with a role.
_PRESENTATIONAL_CHILDREN_TAGS = frozenset(
    {"button", "summary", "input", "img", "math", "meter", "option", "progress", "hr"}
)


def _nested_interactive_candidates(ctx) -> list:
    return [n for n in ctx.tree.elements if n.name in _PRESENTATIONAL_CHILDREN_TAGS or "role" in n.el.attrs]


CANDIDATES["nested-interactive-matches"] = _nested_interactive_candidates


@matches("has-implicit-chromium-role-matches")
def has_implicit_chromium_role(ctx, node) -> bool:
    return implicit_role(ctx, node, chromium=True) is not None


@matches("bypass-matches")
def bypass(ctx, node) -> bool:
    return any(link.has_attr("href") for link in node.elements() if link.name == "a")


@matches("data-table-matches")
def data_table(ctx, node) -> bool:
    return is_data_table(ctx, node)


@matches("table-or-grid-role-matches")
def table_or_grid_role(ctx, node) -> bool:
    return role(ctx, node) in ("treegrid", "grid", "table")
