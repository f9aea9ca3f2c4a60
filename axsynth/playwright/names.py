"""Playwright's accessible name of an element (roleUtils'
getElementAccessibleName): the text alternative computation by Playwright's
rules (aria-labelledby, embedded controls, aria-label, the host language's
labels, content, title), and the elements whose text makes the name.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterator

from ..data import aria_snapshot as data
from ..html.dom import SVG_NS, Element, Node, Text
from .dom import Dom, flat_string, js_trim, tag_of
from .roles import Roles


@dataclass(frozen=True)
class _NameContext:
    """Where the text alternative computation stands (Playwright's options)."""

    visited: set = field(default_factory=set, compare=False)
    target: str | None = "self"  # "self", "descendant" or None
    labelledby: tuple[Element, bool] | None = None  # (element, hidden)
    label: tuple[Element, bool] | None = None
    native: tuple[Element, bool] | None = None
    include_hidden: bool = False  # getByRole's includeHidden: hidden content counts too
    # The elements whose text makes the name (Playwright's collectElements), when asked.
    sources: list | None = field(default=None, compare=False)

    def in_hidden_reference(self) -> bool:
        return any(ref is not None and ref[1] for ref in (self.labelledby, self.label, self.native))

    def reads_hidden(self) -> bool:
        return self.include_hidden or self.in_hidden_reference()

    def embedded(self) -> bool:
        return bool(self.labelledby or self.label or self.native)

    def source(self, el: Element, text: str) -> str:
        """``text``, which ``el`` gives the name (a compositeString)."""
        if text and self.sources is not None:
            self.sources.append(el)
        return text

    def mark(self) -> int:
        return len(self.sources) if self.sources is not None else 0

    def discard(self, mark: int) -> None:
        """Forget the sources of a part of the name that was dropped."""
        if self.sources is not None:
            del self.sources[mark:]


class Names:
    """Accessible names of elements, by Playwright's rules; roles decide which
    elements take their name from content."""

    def __init__(self, dom: Dom, roles: Roles) -> None:
        self.dom = dom
        self.roles = roles

    def name(self, el: Element, include_hidden: bool = False) -> str:
        if (self.roles.role(el) or "") in data.NAMING_PROHIBITED:
            return ""
        return flat_string(self._text_alternative(el, _NameContext(include_hidden=include_hidden)))

    def name_and_sources(self, el: Element) -> tuple[str, list[Element]]:
        """The name and the elements whose text or attributes make it, in the order
        they were read (getElementAccessibleName with collectElements)."""
        if (self.roles.role(el) or "") in data.NAMING_PROHIBITED:
            return "", []
        sources: list[Element] = []
        text = flat_string(self._text_alternative(el, _NameContext(sources=sources)))
        return text, list(dict.fromkeys(sources))

    def _text_alternative(self, el: Element, ctx: _NameContext) -> str:
        if el in ctx.visited:
            return ""
        if tag_of(el) in data.IGNORED_TAGS or (not ctx.reads_hidden() and self.dom.hidden_for_aria(el)):
            ctx.visited.add(el)
            return ""
        # Probed: Playwright reads the misspelt aria-labeledby when aria-labelledby is absent.
        labelledby = (
            self.dom.idrefs(el, "aria-labelledby" if "aria-labelledby" in el.attrs else "aria-labeledby", repeats=True)
            or None
        )
        if ctx.labelledby is None and labelledby:
            text = self._name_from_labelledby(labelledby, ctx)
            if text:
                return text
        role = self.roles.role(el) or ""
        if ctx.embedded() or ctx.target == "descendant":
            if not (labelledby and el in labelledby):
                value = self._embedded_control_text(el, role, ctx)
                if value is not None:
                    return value
        aria_label = el.attrs.get("aria-label") or ""
        if js_trim(aria_label):
            ctx.visited.add(el)
            return ctx.source(el, aria_label)
        if role not in data.PRESENTATIONAL:
            native = self._native_text_alternative(el, ctx, labelledby is not None)
            if native is not None:
                return native
        return self._text_from_content_or_title(el, role, ctx)

    def _name_from_labelledby(self, refs: list[Element], ctx: _NameContext) -> str:
        """The referenced elements' text, joined (an empty one leaves no sources)."""
        mark = ctx.mark()
        text = " ".join(
            self._text_alternative(
                ref, replace(ctx, labelledby=(ref, self.dom.hidden_for_aria(ref)), target=None, label=None, native=None)
            )
            for ref in refs
        )
        if not text:
            ctx.discard(mark)
        return text

    # --- controls inside a name ------------------------------------------------------------

    def _embedded_control_text(self, el: Element, role: str, ctx: _NameContext) -> str | None:
        """A control inside a name being computed contributes its value."""
        tag = tag_of(el)
        if role in ("textbox", "searchbox"):
            ctx.visited.add(el)
            return ctx.source(el, self.dom.value(el) if tag in ("INPUT", "TEXTAREA") else el.text_content())
        if role in ("combobox", "listbox"):
            ctx.visited.add(el)
            options = self._selected_options(el, role)
            if not options and tag == "INPUT":
                return ctx.source(el, self.dom.value(el))
            child = replace(ctx, target="descendant" if ctx.target == "self" else ctx.target)
            return " ".join(self._text_alternative(o, child) for o in options)
        if role in data.RANGE_ROLES:
            ctx.visited.add(el)
            for attr in ("aria-valuetext", "aria-valuenow", "value"):
                if attr in el.attrs:
                    return ctx.source(el, el.attrs[attr])
            return ""
        if role == "menu":
            ctx.visited.add(el)
            return ""
        return None

    def _selected_options(self, el: Element, role: str) -> list[Element]:
        if tag_of(el) == "SELECT":
            options = self.dom.selected_options(el)
            if not options:
                options = self.dom.select_options(el)[:1]
            return options
        listbox: Element | None = el
        if role == "combobox":
            listbox = next((e for e in self._owned_descendants(el) if self.roles.role(e) == "listbox"), None)
        if listbox is None:
            return []
        return [
            e
            for e in self._owned_descendants(listbox)
            if (e.attrs.get("aria-selected") or "").lower() == "true" and self.roles.role(e) == "option"
        ]

    def _owned_descendants(self, el: Element) -> list[Element]:
        out = list(el.iter_elements())
        for owned in self.dom.idrefs(el, "aria-owns"):
            out.append(owned)
            out.extend(owned.iter_elements())
        return out

    # --- the host language's names -----------------------------------------------------------
    # Each rule answers the name, or None when it does not apply (the next one is tried).

    def _native_text_alternative(self, el: Element, ctx: _NameContext, has_labelledby: bool) -> str | None:
        tag = tag_of(el)
        text = self._input_value_name(el, tag, ctx)
        if text is None and not has_labelledby:
            text = self._label_or_caption_name(el, tag, ctx)
        if text is None:
            text = self._alt_or_table_name(el, tag, ctx)
        if text is None:
            text = self._svg_name(el, tag, ctx)
        return text

    def _input_value_name(self, el: Element, tag: str, ctx: _NameContext) -> str | None:
        """Buttons made of an <input>, file and image inputs: named by what they show."""
        kind = self.dom.input_type(el) if tag == "INPUT" else ""
        if kind in ("button", "submit", "reset"):
            ctx.visited.add(el)
            value = el.attrs.get("value") or ""
            if js_trim(value):
                return ctx.source(el, value)
            return ctx.source(el, {"submit": "Submit", "reset": "Reset"}.get(kind, el.attrs.get("title") or ""))
        if kind in ("file", "image"):
            ctx.visited.add(el)
            labels = self.dom.labels(el)
            if labels and not ctx.labelledby:
                return self._name_from_labels(labels, ctx)
            if kind == "file":
                return ctx.source(el, "Choose File")
            for attr in ("alt", "title"):
                if js_trim(el.attrs.get(attr) or ""):
                    return ctx.source(el, el.attrs[attr])
            return ctx.source(el, "Submit")
        return None

    def _label_or_caption_name(self, el: Element, tag: str, ctx: _NameContext) -> str | None:
        """Labelable elements by their <label>s, then title (or placeholder); fieldsets
        and figures by their legend or caption."""
        if tag in ("BUTTON", "OUTPUT"):
            ctx.visited.add(el)
            labels = self.dom.labels(el)
            if labels:
                return self._name_from_labels(labels, ctx)
            return ctx.source(el, el.attrs.get("title") or "") if tag == "OUTPUT" else None
        if tag in ("TEXTAREA", "SELECT", "INPUT", "METER", "PROGRESS"):
            ctx.visited.add(el)
            labels = self.dom.labels(el)
            if labels:
                return self._name_from_labels(labels, ctx)
            kind = self.dom.input_type(el) if tag == "INPUT" else ""
            use_placeholder = (tag == "INPUT" and kind in data.PLACEHOLDER_TYPES) or tag == "TEXTAREA"
            title = el.attrs.get("title") or ""
            if not use_placeholder or title:
                return ctx.source(el, title)
            return ctx.source(el, el.attrs.get("placeholder") or "")
        caption_tag = {"FIELDSET": "LEGEND", "FIGURE": "FIGCAPTION"}.get(tag)
        if caption_tag:
            ctx.visited.add(el)
            caption = _first_child(el, caption_tag)
            if caption is not None:
                return self._native_child_text(caption, ctx)
            return ctx.source(el, el.attrs.get("title") or "")
        return None

    def _alt_or_table_name(self, el: Element, tag: str, ctx: _NameContext) -> str | None:
        """Images and areas by alt, then title; tables by caption, then summary."""
        if tag in ("IMG", "AREA"):
            ctx.visited.add(el)
            alt = el.attrs.get("alt") or ""
            return ctx.source(el, alt if js_trim(alt) else el.attrs.get("title") or "")
        if tag == "TABLE":
            ctx.visited.add(el)
            caption = _first_child(el, "CAPTION")
            if caption is not None:
                return self._native_child_text(caption, ctx)
            if el.attrs.get("summary"):
                return ctx.source(el, el.attrs["summary"])
        return None

    def _svg_name(self, el: Element, tag: str, ctx: _NameContext) -> str | None:
        """SVG elements by their <title> child; an SVG link by xlink:title."""
        if tag == "SVG" or _in_svg(el):
            ctx.visited.add(el)
            title = next(
                (c for c in el.children if isinstance(c, Element) and tag_of(c) == "TITLE" and _in_svg(c)), None
            )
            if title is not None:
                child = replace(ctx, target=_descend(ctx.target), labelledby=(title, self.dom.hidden_for_aria(title)))
                return self._text_alternative(title, child)
        if _in_svg(el) and tag == "A" and js_trim(el.attrs.get("xlink:title") or ""):
            ctx.visited.add(el)
            return ctx.source(el, el.attrs["xlink:title"])
        return None

    def _native_child_text(self, child_el: Element, ctx: _NameContext) -> str:
        child = replace(ctx, target=_descend(ctx.target), native=(child_el, self.dom.hidden_for_aria(child_el)))
        return self._text_alternative(child_el, child)

    def _name_from_labels(self, labels: list[Element], ctx: _NameContext) -> str:
        texts = []
        for label in labels:
            mark = ctx.mark()
            text = self._text_alternative(
                label,
                replace(ctx, label=(label, self.dom.hidden_for_aria(label)), native=None, labelledby=None, target=None),
            )
            if text:
                texts.append(text)
            else:
                ctx.discard(mark)  # an empty label names nothing
        return " ".join(texts)

    # --- content and title -----------------------------------------------------------------

    def _text_from_content_or_title(self, el: Element, role: str, ctx: _NameContext) -> str:
        tag = tag_of(el)
        from_content = (
            role in data.NAME_FROM_CONTENT
            or (ctx.target == "descendant" and role in data.NAME_FROM_CONTENT_INSIDE)
            or (tag == "SUMMARY" and role not in data.PRESENTATIONAL)
            or ctx.embedded()
        )
        if from_content:
            ctx.visited.add(el)
            mark = ctx.mark()
            text = self._content_text(el, replace(ctx, target=_descend(ctx.target)))
            if js_trim(text) if ctx.target == "self" else text:
                if js_trim(text):
                    ctx.source(el, text)
                return text
            ctx.discard(mark)
        if role not in data.PRESENTATIONAL or tag in ("IFRAME", "FRAME"):
            ctx.visited.add(el)
            title = el.attrs.get("title") or ""
            if js_trim(title):
                return ctx.source(el, title)
        ctx.visited.add(el)
        return ""

    def _content_text(self, el: Element, ctx: _NameContext) -> str:
        """Text of an element's content: pseudo-elements, children, slots, owned elements."""
        skip_unrendered = not ctx.reads_hidden()
        tokens = [self.dom.css_content(el, "before") or ""]
        own = self.dom.css_content(el)
        if own is not None:
            tokens.append(own)
        else:
            for node, skip_slotted in self._content_nodes(el):
                if skip_slotted and self.dom.assigned_slot(node) is not None:
                    continue
                if isinstance(node, Element):
                    token = self._text_alternative(node, ctx)
                    if self.dom.display(node) != "inline" or tag_of(node) == "BR":
                        token = f" {token} "
                    tokens.append(token)
                elif isinstance(node, Text):
                    if not (skip_unrendered and self.dom.text_not_rendered(node)):
                        tokens.append(node.data)
        tokens.append(self.dom.css_content(el, "after") or "")
        return "".join(tokens)

    def _content_nodes(self, el: Element) -> Iterator[tuple[Node, bool]]:
        if tag_of(el) == "SLOT":
            assigned = self.dom.assigned_nodes(el)
            if assigned:
                yield from ((n, False) for n in assigned)
                return
        yield from ((n, True) for n in el.children)
        shadow = self.dom.open_shadow_root(el)
        if shadow is not None:
            yield from ((n, True) for n in shadow.children)
        yield from ((n, True) for n in self.dom.idrefs(el, "aria-owns"))


def _descend(target: str | None) -> str | None:
    return "descendant" if target == "self" else target


def _first_child(el: Element, tag: str) -> Element | None:
    return next((c for c in el.children if isinstance(c, Element) and tag_of(c) == tag), None)


def _in_svg(el: Element) -> bool:
    """``element.ownerSVGElement`` is set: an SVG element inside an <svg>."""
    if el.namespace != SVG_NS:
        return False
    parent = el.parent
    while isinstance(parent, Element):
        if parent.namespace == el.namespace and parent.local_name == "svg":
            return True
        parent = parent.parent
    return False
