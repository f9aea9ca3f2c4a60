"""Names from an element's own HTML (AXNodeObject::NativeTextAlternative): the
document's <title>, labels of labelable controls, button and image inputs,
placeholders, alt text, table captions, SVG <title>, fieldset legends, option
and optgroup labels. Each rule records the name sources Chromium reports.

A rule returns (text, origin) once a name is found, (text, "final") when the
element allows no other source, or None to let the later steps (contents,
title) go on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..data.forms import FILE_BUTTON_LABELS
from ..html import forms
from ..html.dom import SVG_NS, Element
from . import roles
from .name_sources import (
    HTML_SPACE_CHARS,
    LABELLEDBY,
    NameSource,
    has_one_text_child,
    simplify_whitespace,
    svg_child_text,
)
from .object import AXObject

if TYPE_CHECKING:
    from .names import Names

Push = Callable[[NameSource], None]
Found = list  # [bool]: whether an earlier source already gave text (later ones are superseded)


class NativeNames:
    """The native name rules, computed with the name algorithm of ``names``."""

    def __init__(self, names: "Names") -> None:
        self.names = names
        self.tree = names.tree

    def text_alternative(
        self, obj: AXObject, visited: set, sources: list[NameSource] | None, found: Found
    ) -> tuple[str, str] | None:
        el = obj.element
        push: Push = sources.append if sources is not None else (lambda s: None)
        if obj.kind == "document":
            return self._document_name(obj, push, found)
        if el is None:
            return None
        tag = obj.tag()
        if tag == "option" and has_one_text_child(el):
            named = _option_label(el, push, found)
            if named is not None:
                return named
        if tag == "optgroup":
            return _optgroup_label(el, push, found)
        if forms.is_labelable(el):
            named = self._label_name(obj, visited, sources, push, found)
            if named is not None:
                return named
        if tag == "input":
            kind = forms.input_type(el)
            if kind in ("button", "submit", "reset"):
                return _button_input_value(el, sources, push, found)
            if kind == "image":
                return self._image_input_name(obj, sources, push, found)
            if kind == "file":
                return _file_input_name(obj, push, found)
        if forms.is_text_control(el):
            named = self._placeholder_name(obj, sources, push, found)
            if named is not None:
                return named
        if roles.is_text_field(obj):  # any contenteditable host, whatever its role
            return _aria_placeholder_name(el, sources, push, found)
        if tag in ("img", "area"):
            return _alt_name(el, sources, push, found)
        if tag == "table":
            return self._caption_name(obj, visited, sources, push, found)
        if el.namespace == SVG_NS:
            return _svg_title_name(el, sources, push, found)
        if tag == "fieldset":
            return self._legend_name(obj, visited, sources, push, found)
        return None

    def _document_name(self, obj: AXObject, push: Push, found: Found) -> tuple[str, str]:
        html = obj.node.document_element
        source = NameSource("attribute", attribute="aria-label", superseded=True)
        label = html.attrs.get("aria-label") if html is not None else None
        if label:
            source.text = source.attribute_value = label
        push(source)
        title_el = self.tree.page.document.find_first("title")
        title = simplify_whitespace(title_el.text_content()) if title_el is not None else ""
        # Without a <title> the source carries no value at all.
        source = NameSource(
            "relatedElement", native_source="title", superseded=found[0], text=title if title_el is not None else None
        )
        if title_el is not None and not title_el.text_content():
            source.type = "attribute"
        push(source)
        found[0] = True
        return title, "related"

    def _label_name(self, obj: AXObject, visited: set, sources, push: Push, found: Found) -> tuple[str, str] | None:
        """<label for> and wrapping labels, joined and trimmed."""
        el = obj.element
        source = NameSource("relatedElement", native_source="label", superseded=found[0])
        push(source)
        labels = self.tree.relations.labels_of(obj)
        for label in labels:
            label_for = label.attr("for")
            source.native_source = "labelfor" if label_for and label_for == el.attrs.get("id") else "labelwrapped"
        if not labels:
            source.native_source = "label"
            return None
        text, related = self.names.text_from_elements(labels, False, visited, [])
        if text is not None:
            # The joined label text is trimmed; related node texts stay raw.
            text = text.strip(HTML_SPACE_CHARS)
            source.text, source.related = text, related
            found[0] = True
            if sources is None and text:
                return text, "related"
        return None

    def _image_input_name(self, obj: AXObject, sources, push: Push, found: Found) -> tuple[str, str]:
        """alt, then value, then title, else "Submit"."""
        el = obj.element
        alt = el.attrs.get("alt")
        source = NameSource("attribute", attribute="alt", superseded=found[0])
        push(source)
        if alt:
            source.text = source.attribute_value = alt
            found[0] = True
            if sources is None:
                return alt, "attribute"
        source = NameSource("attribute", attribute="value", superseded=found[0])
        push(source)
        if "value" in el.attrs:
            source.text = el.attrs["value"]
            found[0] = True
            if sources is None and source.text:
                return source.text, "attribute"
        text = self.names.title(obj, sources, found)
        if text is not None and sources is None:
            return text, "title"
        source = NameSource(
            "attribute", attribute="type", attribute_value=el.attrs.get("type", ""), text="Submit", superseded=found[0]
        )
        push(source)
        found[0] = True
        return "Submit", "value"

    def _placeholder_name(self, obj: AXObject, sources, push: Push, found: Found) -> tuple[str, str] | None:
        """A text control: its title, then its placeholder (line breaks removed)."""
        text = self.names.title(obj, sources, found)
        if text is not None and sources is None:
            return text, "title"
        placeholder = obj.element.attrs.get("placeholder")
        source = NameSource("placeholder", attribute="placeholder", superseded=found[0])
        push(source)
        stripped = (placeholder or "").replace("\r", "").replace("\n", "")
        if stripped:
            source.text, source.attribute_value = stripped, placeholder
            found[0] = True
            if sources is None:
                return stripped, "placeholder"
        return None

    def _caption_name(self, obj: AXObject, visited: set, sources, push: Push, found: Found) -> tuple[str, str] | None:
        """A table's <caption>, then its summary attribute."""
        el = obj.element
        caption_el = next((c for c in el if c.is_html and c.local_name == "caption"), None)
        source = NameSource("relatedElement", native_source="tablecaption", superseded=found[0])
        push(source)
        caption = self.tree.by_element.get(caption_el) if caption_el is not None else None
        if caption is not None:
            # A hidden caption's text alternative is null, not "": the source
            # gets no value (and names no labelledby), yet it was found.
            hidden = self.names.hidden_for_text_alternative(caption, None)
            text = "" if hidden else self.names.recursive(caption, None, visited)[0]
            source.text, source.related = (None if hidden else text), [(caption, text)]
            found[0] = True
            if sources is None and text:
                return text, "caption"
        summary = _attribute_source(el, "summary", push, found)
        if sources is None and summary:
            return summary, "attribute"
        return None

    def _legend_name(self, obj: AXObject, visited: set, sources, push: Push, found: Found) -> tuple[str, str] | None:
        """A fieldset's first <legend>."""
        source = NameSource("relatedElement", native_source="legend", superseded=found[0])
        push(source)
        legend_el = next((c for c in obj.element if c.is_html and c.local_name == "legend"), None)
        legend = self.tree.by_element.get(legend_el) if legend_el is not None else None
        if legend is None or id(legend) in visited:
            return None
        text = self.names.recursive(legend, None, visited)[0]
        # An empty legend still counts as found, but gives the source no value.
        source.text, source.related = text or None, [(legend, text)]
        found[0] = True
        if sources is None and text:
            return text, "related"
        return None


def _option_label(el: Element, push: Push, found: Found) -> tuple[str, str] | None:
    """An option with plain text: its label attribute, else its text."""
    text = el.attrs.get("label") or simplify_whitespace(el.text_content())
    if not text:
        return None
    push(NameSource("contents", text=text, superseded=found[0]))
    found[0] = True
    return text, "final"


def _optgroup_label(el: Element, push: Push, found: Found) -> tuple[str, str]:
    text = el.attrs.get("label", "")
    if text:
        push(NameSource("attribute", text=text, superseded=found[0]))
        found[0] = True
    return text, "final"


def _button_input_value(el: Element, sources, push: Push, found: Found) -> tuple[str, str] | None:
    source = NameSource("attribute", attribute="value", superseded=found[0])
    push(source)
    if "value" in el.attrs:
        source.text = el.attrs["value"]
        found[0] = True
        if sources is None and source.text:
            return source.text, "value"
    return None


def _file_input_name(obj: AXObject, push: Push, found: Found) -> tuple[str, str]:
    """The UA button's label, as Chromium takes it: a kContents source
    that names the value attribute (it outranks title)."""
    label = FILE_BUTTON_LABELS[obj.element.has("multiple")]
    push(NameSource("contents", attribute="value", text=label, superseded=found[0]))
    found[0] = True
    return label, "contents"


def _aria_placeholder_name(el: Element, sources, push: Push, found: Found) -> tuple[str, str] | None:
    source = NameSource("placeholder", attribute="aria-placeholder", superseded=found[0])
    push(source)
    value = el.attrs.get("aria-placeholder")
    if value:
        source.text = source.attribute_value = value
        found[0] = True
        if sources is None:
            return value, "placeholder"
    return None


def _alt_name(el: Element, sources, push: Push, found: Found) -> tuple[str, str] | None:
    alt = _attribute_source(el, "alt", push, found)
    if alt is None:
        return None
    if sources is None and alt:
        return alt, "attribute"
    if alt == "":
        return "", "explicitly-empty"
    return None


def _svg_title_name(el: Element, sources, push: Push, found: Found) -> tuple[str, str] | None:
    source = NameSource("relatedElement", native_source="title", superseded=found[0])
    push(source)
    # The raw text: the name is simplified at the end, keeping a space at each end.
    title = svg_child_text(el, "title", str)
    if title:
        source.text = title
        # Blink hands this source the related-objects vector aria-labelledby
        # filled (the <title> itself gets no AX object to add).
        source.related = next((s.related for s in sources or () if s.attribute in LABELLEDBY), [])
        found[0] = True
        if sources is None:
            # kRelatedElement too, but kept apart: the description then skips <title>.
            return title, "svg-title"
    return _svg_link_xlink_title(el, sources, push, found) if el.local_name == "a" else None


def _svg_link_xlink_title(el: Element, sources, push: Push, found: Found) -> tuple[str, str] | None:
    """An SVG <a>'s xlink:title, reported as a "title" attribute source (probed)."""
    value = el.attrs.get("xlink:title")
    source = NameSource("attribute", attribute="title", superseded=found[0])
    push(source)
    if not value:
        return None
    source.text = source.attribute_value = value
    found[0] = True
    return (value, "attribute") if sources is None else None


def _attribute_source(el: Element, attr: str, push: Push, found: Found) -> str | None:
    """An attribute name source; a present attribute counts as found, even empty."""
    value = el.attrs.get(attr)
    source = NameSource("attribute", attribute=attr, superseded=found[0])
    push(source)
    if value is not None:
        source.text = source.attribute_value = value
        found[0] = True
    return value
