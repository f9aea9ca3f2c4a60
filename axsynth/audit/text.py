"""Accessible text as axe-core computes it (``axe.commons.text.accessibleTextVirtual``).

axe's name computation is its own reading of AccName, not Chromium's: it never reads
CSS generated content, uses its own roles (roles.py) and visibility, joins the text of
non-phrasing children with spaces, and stops at the first non-empty step:
aria-labelledby, aria-label, the element's native text (alt, <label>, legend,
caption...), a control's value, its contents, a text node's data, then title.

The computation state (axe's ``context``) is a dict, copied where axe copies it; the
set of nodes already visited (``processed``) is shared by every copy, as in axe.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from .context import sanitize
from .roles import PRESENTATIONAL, element_spec, elements_of_content_type, explicit_role, owned, role, role_info
from .vtree import TEXT, VNode

if TYPE_CHECKING:
    from .context import AuditPage

Context = dict[str, Any]

CONTROL_VALUE_ROLES = ("textbox", "progressbar", "scrollbar", "slider", "spinbutton", "combobox", "listbox")
_NON_TEXT_INPUTS = ("button", "checkbox", "color", "file", "hidden", "image", "password", "radio", "reset", "submit")
_RANGE_ROLES = ("progressbar", "scrollbar", "slider", "spinbutton")
_DEFAULT_BUTTON_TEXT = {"submit": "Submit", "image": "Submit", "reset": "Reset"}
_NATIVELY_HIDDEN = ("style", "script", "noscript", "template")


def accessible_text(ctx: "AuditPage", node: VNode, context: Context | None = None) -> str:
    """accessibleTextVirtual (the name is memoized for the plain, top-level call)."""
    if context is None:
        if "name" not in node.memo:
            node.memo["name"] = _accessible_text(ctx, node, {})
        return node.memo["name"]
    return _accessible_text(ctx, node, context)


def _accessible_text(ctx: "AuditPage", node: VNode, context: Context) -> str:
    if node.el is None and context.get("startNode") is not None:
        return node.text  # a text node: every step but its own value gives nothing
    if "startNode" not in context or context["startNode"] is None:
        context = {"startNode": node, **context}
    if node.el is not None and context.get("inLabelledByContext") and context.get("includeHidden") is None:
        context = {"includeHidden": not ctx.is_visible_to_sr(node), **context}
    if _ignored_as_hidden(ctx, node, context):
        return ""
    name = ""
    for step in _STEPS:
        if context["startNode"] is node:
            name = sanitize(name)
        if name != "":
            return name
        name = step(ctx, node, context)
    if context["startNode"] is node:
        name = sanitize(name)
    return name


def _ignored_as_hidden(ctx: "AuditPage", node: VNode, context: Context) -> bool:
    if context.get("includeHidden") and node.name not in _NATIVELY_HIDDEN:
        return False
    return node.el is not None and not ctx.is_visible_to_sr(node)


def _already_processed(node: VNode, context: Context) -> bool:
    processed = context.setdefault("processed", set())
    if node in processed:
        return True
    processed.add(node)
    return False


def arialabelledby_text(ctx: "AuditPage", node: VNode, context: Context | None = None) -> str:
    context = {} if context is None else context
    if node.el is None or context.get("inLabelledByContext") or context.get("inControlContext"):
        return ""
    if not node.has_attr("aria-labelledby"):
        return ""
    name = ""
    for ref in ctx.idrefs(node, "aria-labelledby"):
        if ref is None:
            continue
        added = accessible_text(
            ctx, ref, {"inLabelledByContext": True, "startNode": context.get("startNode") or node, **context}
        )
        name = f"{name} {added}" if name else added
    return name


def arialabel_text(ctx: "AuditPage", node: VNode, context: Context | None = None) -> str:
    return (node.attr("aria-label") or "") if node.el is not None else ""


def native_text_alternative(ctx: "AuditPage", node: VNode, context: Context) -> str:
    if node.el is None or role(ctx, node) in PRESENTATIONAL:
        return ""
    for method in element_spec(ctx, node, no_match_accessible_name=True).get("namingMethods") or ():
        text = _NATIVE_METHODS[method](ctx, node, context)
        if text:
            return text
    return ""


def form_control_value(ctx: "AuditPage", node: VNode, context: Context) -> str:
    node_role = role(ctx, node)
    if context.get("startNode") is node or node_role not in CONTROL_VALUE_ROLES or node_role == "progressbar":
        return ""
    for method in (_native_textbox_value, _native_select_value, _aria_textbox_value, _aria_listbox_value):
        text = method(ctx, node, context)
        if text:
            return text
    if explicit_role(node) == "combobox":
        listbox = next((child for child in owned(ctx, node) if role(ctx, child) == "listbox"), None)
        text = _aria_listbox_value(ctx, listbox, context) if listbox is not None else ""
        if text:
            return text
    return _aria_range_value(node)


def _native_textbox_value(ctx, node: VNode, context) -> str:
    if node.name == "textarea" or (node.name == "input" and (node.attr("type") or "").lower() not in _NON_TEXT_INPUTS):
        return value_of(ctx, node)
    return ""


def _native_select_value(ctx, node: VNode, context) -> str:
    if node.name != "select":
        return ""
    options = [child for child in node.descendants() if child.name == "option"]
    chosen = [option for option in options if ctx.page.forms.is_selected(option.el)] or options[:1]
    return " ".join(visible_text(ctx, option, screen_reader=False) for option in chosen)


def _aria_textbox_value(ctx, node: VNode, context) -> str:
    if explicit_role(node) != "textbox":
        return ""
    if not ctx.is_hidden_for_everyone(node):
        return visible_text(ctx, node, screen_reader=True)
    return node.el.text_content()


def _aria_listbox_value(ctx, node: VNode, context) -> str:
    if explicit_role(node) != "listbox":
        return ""
    selected = [
        child for child in owned(ctx, node) if role(ctx, child) == "option" and child.attr("aria-selected") == "true"
    ]
    return accessible_text(ctx, selected[0], context) if selected else ""


def _aria_range_value(node: VNode) -> str:
    if explicit_role(node) not in _RANGE_ROLES or not node.has_attr("aria-valuenow"):
        return ""
    try:
        number = float((node.attr("aria-valuenow") or "").strip() or "0")
    except ValueError:
        return "0"
    return _js_number(number)


def _js_number(number: float) -> str:
    """String(number) as JavaScript writes it, for the numbers an attribute gives."""
    if number != number:
        return "NaN"
    return str(int(number)) if number == int(number) and abs(number) < 1e21 else repr(number)


def subtree_text(ctx: "AuditPage", node: VNode, context: Context | None = None) -> str:
    context = {} if context is None else context
    if not context.get("startNode"):
        context["startNode"] = node
    strict = context.get("strict")
    if _already_processed(node, context) or node.el is None:
        return ""
    content_types = element_spec(ctx, node, no_match_accessible_name=True).get("contentTypes") or ()
    if "embedded" in content_types or role(ctx, node) in CONTROL_VALUE_ROLES:
        return ""
    if (
        not context.get("subtreeDescendant")
        and not context.get("inLabelledByContext")
        and not named_from_contents(ctx, node, strict)
    ):
        return ""
    if not strict and "subtreeDescendant" not in context:
        descendant = not context.get("inControlContext") and not context.get("inLabelledByContext")
        context = {"subtreeDescendant": descendant, **context}
    text = ""
    phrasing = _phrasing()
    for child in owned(ctx, node):
        added = accessible_text(ctx, child, context)
        if not added:
            continue
        if child.name not in phrasing:
            if added[0] != " ":
                added += " "
            if text and text[-1] != " ":
                added = " " + added
        text += added
    return text


def named_from_contents(ctx: "AuditPage", node: VNode, strict: bool = False) -> bool:
    if node.el is None:
        return False
    node_role = role(ctx, node)
    info = role_info(node_role)
    if info.get("nameFromContent"):
        return True
    if strict:
        return False
    return not info or node_role in PRESENTATIONAL


def _phrasing() -> frozenset[str]:
    return _PHRASING_CACHE or _PHRASING_CACHE.setdefault(
        "set", frozenset(elements_of_content_type("phrasing")) | {TEXT}
    )  # type: ignore[return-value]


_PHRASING_CACHE: dict = {}


def _text_node_value(ctx, node: VNode, context) -> str:
    return node.text if node.el is None else ""


def title_text(ctx: "AuditPage", node: VNode, context: Context | None = None) -> str:
    if node.el is None or not node.has_attr("title"):
        return ""
    if node.name != "iframe" and role(ctx, node) in PRESENTATIONAL:
        return ""
    return node.attr("title") or ""


def label_text(ctx: "AuditPage", node: VNode, context: Context | None = None) -> str:
    context = {} if context is None else context
    if context.get("inControlContext") or context.get("inLabelledByContext") or _already_processed(node, context):
        return ""
    if not context.get("startNode"):
        context["startNode"] = node
    label_context = {"inControlContext": True, **context}
    labels = explicit_labels(ctx, node)
    implicit = node.closest(lambda n: n.name == "label")
    if implicit is not None and implicit not in labels:
        labels = sorted([*labels, implicit], key=lambda n: n.index)
    elif implicit is not None:
        labels = sorted(labels, key=lambda n: n.index)
    texts = (accessible_text(ctx, label, label_context) for label in labels)
    return " ".join(text for text in texts if text != "")


def explicit_labels(ctx: "AuditPage", node: VNode) -> list[VNode]:
    """The <label for=id> elements of the node's tree scope, in tree order."""
    element_id = node.attr("id")
    if not element_id:
        return []
    scope = node.el.tree_root
    return [
        label for label in ctx.index.by_name("label") if label.attr("for") == element_id and label.el.tree_root is scope
    ]


def visible_text(ctx: "AuditPage", node: VNode, screen_reader: bool, no_recursing: bool = False) -> str:
    """axe's visibleVirtual: the text of visible text nodes below ``node``, sanitized."""
    return sanitize(_visible_text(ctx, node, screen_reader, no_recursing))


def _visible_text(ctx, node: VNode, screen_reader: bool, no_recursing: bool) -> str:
    visible = (ctx.is_visible_to_sr if screen_reader else ctx.is_visible_on_screen)(node)
    parts = []
    for child in node.children:
        if child.el is None:
            if child.text and visible:
                parts.append(child.text)
        elif child.name == "br":
            parts.append(" ")
        elif not no_recursing:
            parts.append(_visible_text(ctx, child, screen_reader, False))
    return "".join(parts)


def value_of(ctx: "AuditPage", node: VNode) -> str:
    """The ``value`` property of a form control, as a static page has it."""
    if node.name == "textarea":
        return node.el.text_content()
    if node.name == "select":
        chosen = ctx.page.forms.selected_options(node.el)
        return _option_value(chosen[0]) if chosen else ""
    if node.name == "input":
        value = node.attr("value")
        if value is None:
            return "on" if node.input_type in ("checkbox", "radio") else ""
        return value if node.input_type in ("hidden", "button", "submit", "reset", "image") else _strip_newlines(value)
    return ""


def _option_value(option) -> str:
    value = option.attrs.get("value")
    return value if value is not None else " ".join(option.text_content().split())


def _strip_newlines(value: str) -> str:
    return value.replace("\r", "").replace("\n", "")


def _descendant_text(name: str) -> Callable:
    def method(ctx, node: VNode, context) -> str:
        candidate = next((n for n in node.descendants() if n.name in (name, node.name)), None)
        if candidate is None or candidate.name != name:
            return ""
        return accessible_text(ctx, candidate, context)

    return method


def _attr_text(attr: str) -> Callable:
    return lambda ctx, node, context: node.attr(attr) or ""


_NATIVE_METHODS: dict[str, Callable[..., str]] = {
    "valueText": lambda ctx, node, context: value_of(ctx, node),
    "buttonDefaultText": lambda ctx, node, context: _DEFAULT_BUTTON_TEXT.get(node.input_type or "", ""),
    "tableCaptionText": _descendant_text("caption"),
    "figureText": _descendant_text("figcaption"),
    "svgTitleText": _descendant_text("title"),
    "fieldsetLegendText": _descendant_text("legend"),
    "altText": _attr_text("alt"),
    "tableSummaryText": _attr_text("summary"),
    "titleText": title_text,
    "subtreeText": subtree_text,
    "labelText": label_text,
    "singleSpace": lambda ctx, node, context: " ",
    "placeholderText": _attr_text("placeholder"),
}

_STEPS: tuple[Callable[..., str], ...] = (
    arialabelledby_text,
    arialabel_text,
    native_text_alternative,
    form_control_value,
    subtree_text,
    _text_node_value,
    title_text,
)
