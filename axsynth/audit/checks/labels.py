"""Checks on form labels: an implicit (wrapping) or explicit (``for``) label with text,
a label that is hidden, and a field whose name misses its label."""

from __future__ import annotations

from ..context import sanitize
from ..roles import get_role
from ..text import accessible_text, explicit_labels, label_text
from . import evaluate
from .names import has_own_text


@evaluate("implicit-evaluate")
def implicit(ctx, node, options, result):
    label = node.closest(lambda n: n.name == "label")
    if label is None:
        return False
    text = sanitize(accessible_text(ctx, label, {"inControlContext": True, "startNode": node}))
    result.relate([label])
    result.data = {"implicitLabel": text}
    return bool(text)


@evaluate("explicit-evaluate")
def explicit(ctx, node, options, result):
    if not node.attr("id"):
        return False
    labels = explicit_labels(ctx, node)
    result.relate(labels)
    for label in labels:
        if not ctx.is_visible_on_screen(label):
            return True
        text = sanitize(accessible_text(ctx, label, {"inControlContext": True, "startNode": node}))
        result.data = {"explicitLabel": text}
        if text:
            return True
    return False


@evaluate("hidden-explicit-label-evaluate")
def hidden_explicit_label(ctx, node, options, result):
    if not node.has_attr("id"):
        return False
    labels = explicit_labels(ctx, node)
    label = labels[0] if labels else None
    if label is not None and not ctx.is_visible_to_sr(label):
        return accessible_text(ctx, node).strip() == ""
    return False


@evaluate("focusable-no-name-evaluate")
def focusable_no_name(ctx, node, options, result):
    if not ctx.is_in_tab_order(node):
        return False
    if has_own_text(ctx, node):
        return False  # its contents name it
    return not accessible_text(ctx, node)


@evaluate("no-implicit-explicit-label-evaluate")
def no_implicit_explicit_label(ctx, node, options, result):
    result.data = get_role(ctx, node, no_implicit=True)
    label = sanitize(label_text(ctx, node)).lower()
    name = sanitize(accessible_text(ctx, node)).lower()
    if not name and not label:
        return False
    if not name and label:
        return None
    if label not in name:
        return None
    return False
