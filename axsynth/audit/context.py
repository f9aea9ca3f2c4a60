"""The page as axe-core's checks see it: its flattened tree, computed styles, ids,
and axe's own answers to "is this hidden", "is this focusable", "is this disabled".

axe answers these from the DOM and ``getComputedStyle``; axsynth's cascade gives the
same computed values without layout. Where axe asks the layout (``isVisibleOnScreen``:
off-screen positions, clipping, sizes), the answer here comes from the styles alone and
says so at that function. Every answer is memoized on the node, as axe memoizes it.
"""

from __future__ import annotations

import re
from typing import Any

from ..html.dom import Document, Element, ShadowRoot, element_by_id
from ..page import Page
from .catalog import standards
from .selectors import Index
from .vtree import VNode, VTree

_NATIVELY_HIDDEN = frozenset({"style", "script", "noscript", "template"})
_DISABLEABLE = frozenset(
    {"button", "command", "fieldset", "keygen", "optgroup", "option", "select", "textarea", "input"}
)
_TABINDEX = re.compile(r"^([-+]?\d+)")
_WHITESPACE = re.compile(r"\s+")
# JavaScript's white space (\s, trim()): Unicode spaces and the byte-order mark, not
# Python's information separators (\x1c-\x1f) or NEL.
_JS_SPACE = (
    "\t\n\v\f\r \u00a0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u2028\u2029\u202f\u205f\u3000\ufeff"
)
_SPACES = re.compile(f"[{_JS_SPACE}]{{2,}}")


def parse_tabindex(value: str | None) -> int | None:
    """axe's parseTabindex: the leading integer of the trimmed value."""
    if value is None:
        return None
    match = _TABINDEX.match(value.strip())
    return int(match.group(1)) if match else None


def token_list(value: str | None) -> list[str]:
    """axe's tokenList: split at white space (``['']`` for an empty value, as axe gives)."""
    return _WHITESPACE.sub(" ", (value or "").strip()).split(" ")


class AuditPage:
    """One page's facts for the checks, computed on demand and kept."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.document: Document = page.document
        root = page.document.document_element
        if root is None:
            raise ValueError("the document has no root element")
        self.tree = VTree(root, page.styles.get)
        self.index = Index(self.tree.elements)
        self._id_refs: dict[tuple[int, str], list[VNode]] | None = None
        #: page-wide answers the checks compute once (regionless content, the first page link...)
        self.memo: dict[str, Any] = {}

    # --- the DOM ------------------------------------------------------------------

    def node(self, element: Element | None) -> VNode | None:
        return self.tree.of(element)

    @staticmethod
    def style(node: VNode) -> dict[str, Any]:
        """The computed style of an element ({} for one the cascade gave none)."""
        return node.style

    def display(self, node: VNode) -> str:
        """getComputedStyle's display. Chromium's user-agent sheet hides <title> in the HTML
        namespace only; axsynth's sheet hides every <title> (the accessibility tree needs no
        box for an SVG title), so an SVG <title> reads as the inline element it is."""
        display = self.style(node).get("display", "inline")
        if display == "none" and node.name == "title" and not node.is_html:
            return "inline"
        return display

    def by_id(self, context: VNode, idref: str) -> VNode | None:
        """getElementById in the tree scope of ``context`` (the document or its shadow root)."""
        if not idref:
            return None
        return self.tree.of(element_by_id(context.el if context.el is not None else context.node, idref))

    def idrefs(self, node: VNode, attr: str) -> list[VNode | None]:
        """axe's idrefs: the element each token of an IDREFS attribute names (None if none)."""
        value = node.attr(attr)
        return [self.by_id(node, token) for token in token_list(value)] if value else []

    def aria_value(self, node: VNode, attr: str) -> str | None:
        """axe's getAriaValue from the attribute: trimmed unless a string, lower-cased
        when the attribute is case-insensitive; None when absent or not an ARIA attribute."""
        info = standards()["ariaAttrs"].get(attr)
        value = node.attr(attr)
        if info is None or value is None:
            return None
        if info["type"] != "string":
            value = value.strip()
        return value.lower() if info.get("caseInsensitive") else value

    def referrers(self, node: VNode) -> list[VNode]:
        """axe's getAccessibleRefs: the elements whose ID-reference ARIA attributes, or a
        label's ``for``, name this element's id, in its own tree (the document or a shadow root)."""
        if self._id_refs is None:
            self._id_refs = self._collect_id_refs()
        element_id = node.attr("id")
        if element_id is None or node.el is None:
            return []
        return self._id_refs.get((id(node.el.tree_root), element_id), [])

    def _collect_id_refs(self) -> dict[tuple[int, str], list[VNode]]:
        ref_attrs = [name for name, info in standards()["ariaAttrs"].items() if info["type"] in ("idref", "idrefs")]
        refs: dict[tuple[int, str], list[VNode]] = {}
        referring = {id(n): n for attr in ("for", *ref_attrs) for n in self.index.with_attribute(attr)}
        for node in sorted(referring.values(), key=lambda n: n.index):
            root = id(node.el.tree_root)
            if node.name == "label" and node.has_attr("for"):
                refs.setdefault((root, node.attr("for")), []).append(node)
            for attr in ref_attrs:
                value = sanitize(node.attr(attr))
                if value:
                    for token in token_list(value):
                        refs.setdefault((root, token), []).append(node)
        return refs

    # --- hidden and visible -----------------------------------------------------------

    def is_hidden_self(self, node: VNode, is_ancestor: bool) -> bool:
        """isHiddenForEveryone of the node alone (skipAncestors)."""
        if node.name in _NATIVELY_HIDDEN:
            return True
        if node.el is None:
            return False
        style = self.style(node)
        if node.name != "area" and self.display(node) == "none":
            return True
        if not is_ancestor and style.get("visibility") in ("hidden", "collapse"):
            return True
        if is_ancestor and style.get("content-visibility") == "hidden":
            return True
        return _details_hidden(node)

    def is_hidden_for_everyone(self, node: VNode, is_ancestor: bool = False) -> bool:
        key = "hidden-a" if is_ancestor else "hidden"
        if key not in node.memo:
            hidden = self.is_hidden_self(node, is_ancestor) or (
                node.parent is not None and self.is_hidden_for_everyone(node.parent, True)
            )
            node.memo[key] = hidden
        return node.memo[key]

    def is_inert(self, node: VNode, skip_ancestors: bool = False) -> bool:
        """axe's isInert. No dialog is modal on a page whose scripts never ran, so only
        the ``inert`` attribute makes content inert."""
        if skip_ancestors:
            return node.has_attr("inert")
        inert = node.memo.get("inert")
        if inert is None:
            inert = node.memo["inert"] = node.has_attr("inert") or (
                node.parent is not None and self.is_inert(node.parent)
            )
        return inert

    def is_visible_to_sr(self, node: VNode, is_ancestor: bool = False) -> bool:
        """axe's isVisibleToScreenReaders."""
        key = "sr-a" if is_ancestor else "sr"
        if key in node.memo:
            return node.memo[key]
        if self.aria_value(node, "aria-hidden") == "true" or self.is_inert(node, skip_ancestors=True):
            visible = False
        elif node.el is not None and node.name == "area":
            visible = not self._area_hidden(node, self.is_visible_to_sr)
        elif self.is_hidden_self(node, is_ancestor):
            visible = False
        else:
            visible = node.parent is None or self.is_visible_to_sr(node.parent, True)
        node.memo[key] = visible
        return visible

    def is_visible_on_screen(self, node: VNode, is_ancestor: bool = False) -> bool:
        """axe's isVisibleOnScreen without layout: hidden for everyone, opacity 0,
        clipping and a box moved far off-screen decide; zero sizes and clipping by an
        ancestor's overflow are layout and are not seen (such content counts as visible)."""
        key = "screen-a" if is_ancestor else "screen"
        if key in node.memo:
            return node.memo[key]
        if node.el is not None and node.name == "area":
            visible = not self._area_hidden(node, self.is_visible_on_screen)
        elif self.is_hidden_self(node, is_ancestor):
            visible = False
        elif node.el is not None and (
            _opacity_hidden(self.style(node))
            or _clip_hidden(self.style(node))
            or (not is_ancestor and off_screen(self.style(node)))
        ):
            visible = False
        else:
            visible = node.parent is None or self.is_visible_on_screen(node.parent, True)
        node.memo[key] = visible
        return visible

    def _area_hidden(self, node: VNode, visible) -> bool:
        """An <area> is hidden unless an <img usemap> that shows its <map> is visible."""
        map_node = node.closest(lambda n: n.name == "map")
        name = map_node.attr("name") if map_node is not None else None
        if not name or not _in_document_scope(node.el):
            return True
        images = [img for img in self.index.by_name("img") if img.attr("usemap") == "#" + name]
        return not images or any(not visible(img) for img in images)

    def is_modal_open(self) -> bool:
        """axe's isModalOpen: a dialog is shown. (axe also looks for a positioned element that
        covers three quarters of the viewport; that is layout, and not seen here.)"""
        if "modal-open" not in self.memo:
            dialogs = self.index.select("dialog, [role=dialog], [aria-modal=true]")
            self.memo["modal-open"] = any(self.is_visible_on_screen(node) for node in dialogs)
        return self.memo["modal-open"]

    # --- focus and disabled -------------------------------------------------------------

    def focus_disabled(self, node: VNode) -> bool:
        """axe's focusDisabled: disabled, inert, in a disabled fieldset (outside its first
        legend), or hidden for everyone."""
        if "focus-disabled" in node.memo:
            return node.memo["focus-disabled"]
        disabled = (node.name in _DISABLEABLE and node.has_attr("disabled")) or self.is_inert(node)
        if not disabled:
            disabled = self._in_disabled_fieldset(node)
        if not disabled and node.name != "area" and node.el is not None:
            disabled = self.is_hidden_for_everyone(node)
        node.memo["focus-disabled"] = disabled
        return disabled

    @staticmethod
    def _in_disabled_fieldset(node: VNode) -> bool:
        parent = node.parent
        while parent is not None and parent.shadow_id == node.shadow_id:
            if parent.name == "legend":
                return False
            if parent.name == "fieldset" and parent.has_attr("disabled"):
                return True
            parent = parent.parent
        return False

    def is_natively_focusable(self, node: VNode) -> bool:
        if node.el is None or self.focus_disabled(node):
            return False
        name = node.name
        if name in ("a", "area"):
            return node.has_attr("href")
        if name == "input":
            return node.input_type != "hidden"
        if name in ("textarea", "select", "summary", "button"):
            return True
        if name == "details":
            return not any(child.name == "summary" for child in node.descendants())
        return False

    def is_focusable(self, node: VNode) -> bool:
        if node.el is None:
            return False
        if "focusable" not in node.memo:
            if self.focus_disabled(node):
                focusable = False
            else:
                focusable = self.is_natively_focusable(node) or parse_tabindex(node.attr("tabindex")) is not None
            node.memo["focusable"] = focusable
        return node.memo["focusable"]

    def is_in_tab_order(self, node: VNode) -> bool:
        if node.el is None:
            return False
        tabindex = parse_tabindex(node.attr("tabindex"))
        if tabindex is not None and tabindex <= -1:
            return False
        return self.is_focusable(node)

    def is_disabled(self, node: VNode) -> bool:
        """axe's forms isDisabled: the disabled attribute, or aria-disabled, inherited."""
        if "disabled" in node.memo:
            return node.memo["disabled"]
        aria_disabled = self.aria_value(node, "aria-disabled")
        if node.name in _DISABLEABLE and node.has_attr("disabled"):
            disabled = True
        elif aria_disabled:
            disabled = aria_disabled == "true"
        else:
            disabled = node.parent is not None and self.is_disabled(node.parent)
        node.memo["disabled"] = disabled
        return disabled


def sanitize(text: str | None) -> str:
    """axe's sanitize: CRLF to LF, no-break spaces to spaces, runs of white space to one, trimmed."""
    if not text:
        return ""
    text = text.replace("\r\n", "\n").replace("\u00a0", " ")
    return _SPACES.sub(" ", text).strip(_JS_SPACE)


def _in_document_scope(el: Element | None) -> bool:
    return el is not None and not isinstance(el.tree_root, ShadowRoot)


def _details_hidden(node: VNode) -> bool:
    """Content of a closed <details> other than its first <summary>."""
    parent = node.parent
    if parent is None or parent.name != "details":
        return False
    if node.name == "summary" and next((c for c in parent.children if c.name == "summary"), None) is node:
        return False
    return not parent.has_attr("open")


def _opacity_hidden(style: dict[str, Any]) -> bool:
    return style.get("opacity") == 0


def _clip_hidden(style: dict[str, Any]) -> bool:
    """axe's clipHidden: clip: rect() with no area on a positioned box, or clip-path
    inset(50%) and more, or circle(0)."""
    clip = style.get("clip")
    if isinstance(clip, tuple) and None not in clip and style.get("position") in ("fixed", "absolute"):
        top, right, bottom, left = clip
        if top >= 0 and right >= 0 and bottom >= 0 and left >= 0 and bottom - top <= 0 and right - left <= 0:
            return True
    clip_path = style.get("clip-path")
    if isinstance(clip_path, tuple) and clip_path[1] is not None and clip_path[1] >= 0:
        shape, value = clip_path[0], int(clip_path[1])
        return (shape == "inset" and value >= 50) or (shape == "circle" and value == 0)
    return False


# An offset this far up or left puts a box of any plausible size outside the page.
OFF_SCREEN_PX = -1000.0


def off_screen(style: dict[str, Any]) -> bool:
    """axe's isOffscreen, without layout: a positioned box moved far up or left."""
    if style.get("position") not in ("absolute", "fixed"):
        return False
    return any(isinstance(style.get(side), float) and style[side] <= OFF_SCREEN_PX for side in ("left", "top"))
