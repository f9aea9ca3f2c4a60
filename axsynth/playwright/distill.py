"""What Playwright's snapshot distiller (ariaSnapshotDistiller) does to the tree
:mod:`~axsynth.playwright.snapshot` builds, before it is printed.

A traversal runs a list of plugins over every node: each may ``enter`` a node
before its children and ``exit`` it after, and answer "remove" (the node and its
subtree go) or "unwrap" (its children take its place). Both modes merge adjacent
text into one string and unwrap nameless generic wrappers; the ai mode also drops
nameless images, names that only repeat the text shown below them, and generic
children that repeat their parent's name, and folds a generic's lone generic child
into it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Union

from .dom import normalize_whitespace

if TYPE_CHECKING:
    from .snapshot import AriaNode, AriaSnapshot

Verdict = Union[str, None]  # "remove", "unwrap" or None (keep)


@dataclass
class _Context:
    snapshot: "AriaSnapshot"
    max_depth: int | None
    depth: int = -1
    ancestors: list["AriaNode"] = field(default_factory=list)
    pending_content_refs: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class Plugin:
    enter: Callable[["AriaNode", _Context], Verdict] | None = None
    exit: Callable[["AriaNode", _Context], Verdict] | None = None


def distill(snapshot: "AriaSnapshot", mode: str, max_depth: int | None = None) -> None:
    """Run the mode's plugins over the snapshot's tree, in place (runPlugins)."""
    plugins = AI_PLUGINS if mode == "ai" else NORMALIZE_PLUGINS
    ctx = _Context(snapshot, max_depth or None)
    for plugin in plugins:
        if plugin.enter:
            plugin.enter(snapshot.root, ctx)
    _traverse(snapshot.root, -1, plugins, ctx)
    ctx.depth = -1
    for plugin in plugins:
        if plugin.exit:
            plugin.exit(snapshot.root, ctx)


def _traverse(node: "AriaNode", depth: int, plugins: tuple[Plugin, ...], ctx: _Context) -> None:
    children: list = []

    def visit_child(child) -> None:
        if isinstance(child, str):
            children.append(child)
            return
        ctx.depth = depth + 1
        for plugin in plugins:
            verdict = plugin.enter(child, ctx) if plugin.enter else None
            if verdict == "remove":
                return
            if verdict == "unwrap":
                for grandchild in child.children:
                    visit_child(grandchild)
                return
        _traverse(child, depth + 1, plugins, ctx)
        ctx.depth = depth + 1
        for plugin in plugins:
            verdict = plugin.exit(child, ctx) if plugin.exit else None
            if verdict == "remove":
                return
            if verdict == "unwrap":
                children.extend(child.children)
                return
        children.append(child)

    ctx.ancestors.append(node)
    for child in node.children:
        visit_child(child)
    ctx.ancestors.pop()
    node.children = children


# --- the plugins --------------------------------------------------------------------------


def _is_leaf_generic(node: "AriaNode") -> bool:
    return node.role == "generic" and all(isinstance(c, str) for c in node.children)


def _has_pointer_cursor(node: "AriaNode") -> bool:
    return node.cursor == "pointer"


def _is_click_target_root(node: "AriaNode", ctx: _Context) -> bool:
    """A node with a ref and a pointer cursor, below no other such node."""
    return (
        node.ref is not None
        and _has_pointer_cursor(node)
        and not any(a.ref is not None and _has_pointer_cursor(a) for a in ctx.ancestors)
    )


def _merge_string_children(node: "AriaNode", ctx: _Context) -> Verdict:
    """Adjacent strings become one, whitespace-normalized (empty ones go)."""
    children: list = []
    buffer: list[str] = []
    for child in node.children + [None]:
        if isinstance(child, str):
            buffer.append(child)
            continue
        if buffer:
            text = normalize_whitespace("".join(buffer))
            if text:
                children.append(text)
            buffer = []
        if child is not None:
            children.append(child)
    node.children = children
    if len(children) == 1 and children[0] == node.name:
        node.children = []
    return None


def _unwrap_single_child_generics(node: "AriaNode", ctx: _Context) -> Verdict:
    """A nameless generic with no text and at most one child, which has a ref, gives
    way to it (a childless one goes, unless it is a click target)."""
    if node.role != "generic" or node.name or len(node.children) > 1:
        return None
    if not all(not isinstance(c, str) and c.ref is not None for c in node.children):
        return None
    if not node.children and _is_click_target_root(node, ctx):
        return None
    return "unwrap"


def _remove_nameless_images(node: "AriaNode", ctx: _Context) -> Verdict:
    if node.role == "img" and not node.name and not node.children and not _is_click_target_root(node, ctx):
        return "remove"
    return None


# Roles whose name identifies them beyond the text inside (kept even when it repeats it).
_IDENTIFYING_NAMES = frozenset(
    "alertdialog dialog banner complementary contentinfo form main navigation region search application "
    "document figure group grid listbox menu menubar radiogroup tablist tabpanel toolbar tree treegrid table "
    "columnheader rowheader".split()
)


def _enter_redundant_names(node: "AriaNode", ctx: _Context) -> Verdict:
    """The nodes whose text makes an ancestor's name are pending until one of them is
    printed below it."""
    if node.ref is None:
        return None
    ctx.pending_content_refs.update(ctx.snapshot.name_from_content_refs(node.ref))
    beyond_depth = ctx.max_depth is not None and ctx.depth > ctx.max_depth
    if not beyond_depth and not _is_leaf_generic(node):
        ctx.pending_content_refs.discard(node.ref)
    return None


def _exit_redundant_names(node: "AriaNode", ctx: _Context) -> Verdict:
    """A name made of content that is all printed below drops (its text is there)."""
    if node.ref is None:
        return None
    refs = ctx.snapshot.name_from_content_refs(node.ref)
    if not refs:
        return None
    if node.role not in _IDENTIFYING_NAMES and all(r not in ctx.pending_content_refs for r in refs):
        node.name = ""
    else:
        ctx.pending_content_refs.difference_update(refs)
    return None


def _remove_name_repeating_child(node: "AriaNode", ctx: _Context) -> Verdict:
    """A generic child whose only text is its parent's name goes."""
    parent = ctx.ancestors[-1] if ctx.ancestors else None
    if parent is None or not parent.name or node.role != "generic" or node.active or node.props:
        return None
    single_text = node.children[0] if len(node.children) == 1 and isinstance(node.children[0], str) else None
    text = (None if node.children else node.name) if node.name else single_text
    if text and text == parent.name:
        if node.ref is not None:
            ctx.pending_content_refs.add(node.ref)
        return "remove"
    return None


def _inline_text_into_generic(node: "AriaNode", ctx: _Context) -> Verdict:
    """A generic whose one child is a plain generic holding one text takes the text."""
    if node.role != "generic" or node.props or len(node.children) != 1:
        return None
    child = node.children[0]
    if isinstance(child, str) or child.role != "generic" or child.name or child.active or child.props:
        return None
    if len(child.children) == 1 and isinstance(child.children[0], str):
        node.children = [child.children[0]]
    return None


_MERGE = Plugin(exit=_merge_string_children)
_UNWRAP = Plugin(exit=_unwrap_single_child_generics)
NORMALIZE_PLUGINS = (_MERGE, _UNWRAP)
AI_PLUGINS = (
    _MERGE,
    Plugin(exit=_remove_nameless_images),
    Plugin(enter=_enter_redundant_names, exit=_exit_redundant_names),
    Plugin(exit=_inline_text_into_generic),
    Plugin(exit=_remove_name_repeating_child),
    _UNWRAP,
)
