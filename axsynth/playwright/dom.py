"""The DOM as Playwright's injected script sees it: JavaScript's whitespace and
number rules, shadow roots and slots (closed ones invisible), computed style and
visibility (checkVisibility), and the form facts it reads (``input.value``,
``option.selected``, ``element.labels``), answered the way Chromium answers them."""

from __future__ import annotations

import re
from typing import Iterator

from ..data import aria_snapshot as data
from ..data.svg import KNOWN_SVG, UNRENDERED_SVG
from ..html import forms, plugins, values
from ..html.dom import SVG_NS, Element, Node, ShadowRoot, Text, element_by_id
from ..page import Page
from ..style import customizable_select
from ..style.properties import content_visibility_hides

# JavaScript's \s (and what String.prototype.trim strips).
JS_SPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
    "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)
_JS_SPACE_RUN = re.compile(f"[{JS_SPACE}]+")
_JS_DECIMAL = re.compile(r"[+-]?(?:Infinity|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)")
_JS_RADIX = {"x": 16, "o": 8, "b": 2}


def js_trim(text: str) -> str:
    return text.strip(JS_SPACE)


def js_number(text: str) -> float | None:
    """``Number(text)`` in JavaScript; None for NaN."""
    text = js_trim(text)
    if not text:
        return 0.0
    if _JS_DECIMAL.fullmatch(text):
        return float(text.replace("Infinity", "inf"))
    if len(text) > 2 and text[0] == "0" and text[1].lower() in _JS_RADIX:
        try:
            return float(int(text[2:], _JS_RADIX[text[1].lower()]))
        except ValueError:
            return None
    return None


def normalize_whitespace(text: str) -> str:
    """Playwright's normalizeWhiteSpace: drop ZWSP and soft hyphens, collapse runs."""
    text = text.replace("\u200b", "").replace("\u00ad", "")
    return _JS_SPACE_RUN.sub(" ", js_trim(text))


def flat_string(text: str) -> str:
    """Playwright's asFlatString: collapse whitespace except no-break spaces."""
    chunks = text.split("\u00a0")
    chunks = [
        re.sub(
            f"[{JS_SPACE.replace(chr(0xA0), '')}]+",
            " ",
            c.replace("\r\n", "\n").replace("\u200b", "").replace("\u00ad", ""),
        )
        for c in chunks
    ]
    return js_trim("\u00a0".join(chunks))


def tag_of(el: Element) -> str:
    return el.local_name.upper()


class Dom:
    """DOM and computed-style facts, answered the way Chromium answers the script."""

    def __init__(self, page: Page, redact_passwords: bool = True) -> None:
        self.redact_passwords = redact_passwords
        self.document = page.document
        self.flat = page.flat
        self.styles = page.styles
        self._hidden: dict[int, bool] = {}
        self._rendered: dict[int, bool] = {}
        self.forms = page.forms
        self.base_url = page.base_url
        self.page = page

    # tree structure

    @staticmethod
    def open_shadow_root(el: Element) -> ShadowRoot | None:
        """``element.shadowRoot``: closed roots are invisible to the script."""
        root = el.shadow_root
        return root if root is not None and root.mode == "open" else None

    def assigned_slot(self, node: Node) -> Element | None:
        parent = node.parent
        if not isinstance(parent, Element) or self.open_shadow_root(parent) is None:
            return None
        self.flat.children(parent)  # assigns the host's children to its slots
        return self.flat.slot_of(node)

    def assigned_nodes(self, slot: Element) -> list[Node]:
        root = slot.tree_root
        if not isinstance(root, ShadowRoot):
            return []
        return [n for n in root.host.children if self.flat_slot(n) is slot]

    @staticmethod
    def parent_or_host(node: Node) -> Element | None:
        parent = node.parent
        if isinstance(parent, ShadowRoot):
            return parent.host
        return parent if isinstance(parent, Element) else None

    def flat_parent(self, node: Node) -> Element | None:
        slot = self.flat_slot(node)
        return slot if slot is not None else self.parent_or_host(node)

    def flat_slot(self, node: Node) -> Element | None:
        parent = node.parent
        # User-agent shadow trees (details) are invisible to Playwright's DOM walk.
        if (
            isinstance(parent, Element)
            and parent.shadow_root is not None
            and parent.shadow_root.mode in ("open", "closed")
        ):
            self.flat.children(parent)
            return self.flat.slot_of(node)
        return None

    @staticmethod
    def ancestors_crossing_shadow(el: Element) -> Iterator[Element]:
        """``el`` and its ancestors, stepping from a shadow root to its host."""
        node: Element | None = el
        while node is not None:
            yield node
            node = Dom.parent_or_host(node)

    @staticmethod
    def closest(el: Element, tag: str) -> Element | None:
        """``el.closest(tag)`` within its own tree."""
        node: Node | None = el
        while isinstance(node, Element):
            if tag_of(node) == tag:
                return node
            node = node.parent
        return None

    def by_id(self, scope_of: Node, idref: str) -> Element | None:
        return element_by_id(scope_of, idref)

    def idrefs(self, el: Element, attr: str, repeats: bool = False) -> list[Element]:
        """Elements an IDREF list attribute points to, in its tree scope; without
        repeats unless asked (a name joins every reference: probed, aria-labelledby
        "e e" on an empty #e is a name of one space, not the aria-label fallback)."""
        out: list[Element] = []
        for idref in re.split(r"[ \t\n\f\r]+", el.attrs.get(attr) or ""):
            if not idref:
                continue
            target = self.by_id(el, idref)
            if target is not None and (repeats or target not in out):
                out.append(target)
        return out

    # style and visibility

    def style(self, el: Element) -> dict | None:
        return self.styles.get(el)

    def display(self, el: Element) -> str:
        style = self.styles.get(el)
        if style is None:
            return "inline"
        if style["display"] == "inline" and el.namespace == SVG_NS and el.local_name in ("text", "foreignObject"):
            return "block"  # Chromium lays SVG text and foreign objects out as blocks
        return style["display"]

    def css_content(self, el: Element, pseudo: str | None = None) -> str | None:
        """Text of the ``content`` property (``getCSSContent``): only strings and
        ``attr()`` count; anything else (counters, quotes, images) yields None.
        On the element itself only an alternative text (after "/") counts."""
        style = self.styles.pseudo(el, pseudo) if pseudo else self.styles.get(el)
        if style is None or not isinstance(style["content"], tuple):
            return None
        if style["display"] == "none" or style["visibility"] == "hidden":
            return None
        parts, alt = style["content"]
        if alt is not None:
            parts = alt
        elif pseudo is None:
            return None
        texts = []
        for part in parts:
            if part[0] == "text":
                texts.append(part[1])
            elif part[0] == "attr":
                texts.append(el.attrs.get(part[1], ""))
            else:
                return None
        text = "".join(texts)
        if pseudo and style["display"] != "inline":
            text = f" {text} "
        return text

    def is_rendered(self, el: Element) -> bool:
        """``checkVisibility()``: a box, outside display:none and skipped subtrees.  An
        element's answer is its parent's and its own (memoized: every element of a deep
        page asks, and the walk stops at the nearest ancestor already answered)."""
        cached = self._rendered.get(id(el))
        if cached is not None:
            return cached
        chain: list[Element] = []  # el and its flat-tree ancestors not yet answered, nearest first
        node: Element | None = el
        while node is not None and id(node) not in self._rendered:
            chain.append(node)
            node = self.flat_parent(node)
        parent, rendered = node, (True if node is None else self._rendered[id(node)])
        for node in reversed(chain):
            rendered = (
                rendered
                and self._has_box(node)
                and (parent is None or not self._hides_children(parent, self.styles.get(parent), node))
            )
            self._rendered[id(node)] = rendered
            parent = node
        return rendered

    def _has_box(self, el: Element) -> bool:
        """Whether an element makes a box of its own (its ancestors aside)."""
        style = self.styles.get(el)
        if style is None or style["display"] == "none":
            return False
        # No layout object, nor anything inside. The content of a hidden container
        # (defs, symbol, clipPath...) is laid out, unpainted: checkVisibility() is true.
        return not (el.namespace == SVG_NS and (el.local_name in UNRENDERED_SVG or el.local_name not in KNOWN_SVG))

    def _hides_children(self, el: Element, style: dict, child: Node) -> bool:
        """Whether ``el`` gives no box to its (flat-tree) child ``child``."""
        if content_visibility_hides(style, style["display"]):
            return True
        if not el.is_html:
            return False
        if el.local_name == "details" and "open" not in el.attrs:
            return child is not self._details_summary(el)
        if el.local_name == "option":
            # An option's content renders as its label only, but in an in-page
            # base-select list box, where options are laid out as web content.
            select = self.closest(el, "SELECT")
            return select is not None and not customizable_select.is_base_in_page(self.styles, select)
        if el.local_name in ("video", "audio"):
            return True  # LayoutMedia lays out only its controls: fallback elements get no box
        if el.local_name == "object" and plugins.has_content_frame(el, self.base_url):
            return True  # it shows a child frame, not its fallback content
        if el.local_name == "select" and not forms.uses_menu_list(el):
            return child is forms.slotted_button(el)  # a list box slots no button: it has no box
        if el.local_name == "select":
            # A drop-down lays out nothing inline (Chromium's rule: a multi-select of size=1
            # is one too), but a base-select renders its button.
            return child is not customizable_select.rendered_button(self.styles, el)
        return False

    @staticmethod
    def _details_summary(details: Element) -> Element | None:
        return next(
            (c for c in details.children if isinstance(c, Element) and c.is_html and c.local_name == "summary"), None
        )

    def style_visible(self, el: Element) -> bool:
        style = self.styles.get(el)
        if style is None:
            return False
        return self.is_rendered(el) and style["visibility"] == "visible"

    def receives_pointer_events(self, el: Element) -> bool:
        """Playwright's receivesPointerEvents: the computed (inherited) pointer-events is not none."""
        style = self.styles.get(el)
        return style is None or style["pointer-events"] != "none"

    def text_visible(self, text: Text) -> bool:
        """Whether a text node gets a non-empty box (approximated: it has visible characters)."""
        parent = text.parent
        if not isinstance(parent, Element) or not self.is_rendered(parent):
            return False
        style = self.styles.get(parent)
        if style and style["white-space"] in ("pre", "pre-wrap", "break-spaces"):
            return bool(text.data)
        return bool(text.data.strip(" \t\n\r\f"))

    def hidden_for_aria(self, el: Element) -> bool:
        if tag_of(el) in data.IGNORED_TAGS:
            return True
        is_slot = el.local_name == "slot"
        if self.display(el) == "contents" and not is_slot:
            for child in el.children:
                if isinstance(child, Element) and not self.hidden_for_aria(child):
                    return False
                if isinstance(child, Text) and self.text_visible(child):
                    return False
            return True
        option_in_select = tag_of(el) == "OPTION" and self.closest(el, "SELECT") is not None
        if not option_in_select and not is_slot and not self.style_visible(el):
            return True
        return self._hidden_chain(el)

    def _hidden_chain(self, el: Element) -> bool:
        """display:none, aria-hidden=true or an unslotted shadow-host child, here or above."""
        cached = self._hidden.get(id(el))
        if cached is None:
            parent = el.parent
            style = self.styles.get(el)
            cached = (
                (
                    isinstance(parent, Element)
                    and self.open_shadow_root(parent) is not None
                    and self.assigned_slot(el) is None
                )
                or style is None
                or style["display"] == "none"
                or (el.attrs.get("aria-hidden") or "").lower() == "true"
            )
            if not cached:
                up = self.parent_or_host(el)
                cached = up is not None and self._hidden_chain(up)
            self._hidden[id(el)] = cached
        return cached

    def text_not_rendered(self, text: Text) -> bool:
        parent = text.parent
        if not isinstance(parent, Element):
            return False
        if self.open_shadow_root(parent) is not None and self.assigned_slot(text) is None:
            return True
        return tag_of(parent) == "DETAILS" and "open" not in parent.attrs

    # forms

    @staticmethod
    def input_type(el: Element) -> str:
        return forms.input_type(el)

    def labels(self, el: Element) -> list[Element]:
        """``element.labels``: the label elements whose labeled control is ``el``."""
        return self.forms.labels(el)

    def value(self, el: Element) -> str:
        """The ``value`` IDL attribute of an input or textarea ("" for a redacted password)."""
        if tag_of(el) == "TEXTAREA":
            return forms.textarea_value(el)
        kind = self.input_type(el)
        if kind == "password" and self.redact_passwords:
            return ""
        return values.sanitized_value(kind, el.attrs)

    @staticmethod
    def select_options(select: Element) -> list[Element]:
        return forms.option_list(select)

    @staticmethod
    def is_list_box(select: Element) -> bool:
        """Playwright's rule: a multiple select or one whose ``size`` is above 1."""
        return "multiple" in select.attrs or forms.select_size(select) > 1

    def option_selected(self, option: Element) -> bool:
        """``option.selected``, after the select's selectedness algorithm ran."""
        return self.forms.is_selected(option)

    def selected_options(self, select: Element) -> list[Element]:
        return self.forms.selected_options(select)

    def checked(self, el: Element) -> bool:
        """``input.checked``: a checked radio unchecks earlier ones of its group."""
        return self.forms.is_checked(el)

    def natively_disabled(self, el: Element) -> bool:
        """Playwright's isNativelyDisabled: a native form control (an <optgroup> too)
        with the attribute, in a disabled <optgroup>, or in a disabled fieldset."""
        if not el.is_html or tag_of(el) not in data.NATIVE_FORM_CONTROLS:
            return False
        group = self.closest(el, "OPTGROUP")
        return (
            "disabled" in el.attrs
            or (group is not None and "disabled" in group.attrs)
            or forms.in_disabled_fieldset(el)
        )
