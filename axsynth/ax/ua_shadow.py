"""User-agent shadow trees: the structures Chromium exposes inside form controls
and media elements, which have no author markup (text fields' inner editors and
placeholders, selects' button, picker and option slots, date/time edits, color
swatches, image-input fallbacks, meters, media controls)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..data import media_controls
from ..data.aria import TEXT_INPUT_TYPES
from ..data.forms import DATE_TIME_LAYOUTS, DATE_TIME_PICKER_TITLES, IMAGE_INPUT_ALT
from ..html import datetime_edit, forms, media, values
from ..html.dom import HTML_NS, Element, Node, Text, parse_int
from ..style import customizable_select
from . import roles
from .object import AXObject, boxes
from .whitespace import is_whitespace_only

if TYPE_CHECKING:
    from .build import TreeBuilder

_BUTTON_INPUTS = frozenset({"button", "submit", "reset"})


class UAShadow:
    """Adds the objects of an element's UA shadow tree while the tree is built."""

    def __init__(self, builder: "TreeBuilder") -> None:
        self.builder = builder

    def add(self, obj: AXObject, child_box: bool, locked: bool) -> AXObject | None:
        """Children Chromium takes from an element's user-agent shadow tree.
        Returns the object the element's own children go under (the element
        itself when it has no UA shadow tree), or None when they are not used."""
        tag = obj.tag()
        el = obj.node
        if tag == "input":
            kind = forms.input_type(el)
            if kind in TEXT_INPUT_TYPES or kind == "number":
                self._add_text_field(obj, values.sanitized_value(kind, el.attrs), kind)
            elif kind == "color":
                self._add_color_swatch(obj)
            elif kind in DATE_TIME_LAYOUTS:
                self._add_date_time_edit(obj, kind)
            elif kind == "image" and not _image_loads(el.attrs.get("src")) and obj.has_layout:
                # The alt-text fallback is built when the image fails to
                # load, which an unrendered input never tries.
                self._add_image_fallback(obj)
            elif kind in _BUTTON_INPUTS and obj.has_layout:
                # The label is the LayoutButton's anonymous text: layout-only.
                label = el.attrs.get("value", {"submit": "Submit", "reset": "Reset"}.get(kind, ""))
                if label:
                    text = self._synthetic_text(obj, label)
                    # The button's label keeps its spaces (a value of "   "
                    # shows as such): it is laid out with white-space: pre.
                    text.style = dict(obj.style or {}, **{"white-space": "pre"})
            return None
        if tag == "textarea":
            self._add_text_field(obj, forms.textarea_value(el), "textarea")
            return None
        if tag == "select":
            self._add_select(obj, child_box, locked)
            return None
        if tag == "meter":
            self._add_meter(obj)
            return None
        if tag in ("video", "audio") and el.is_html:
            self._add_media_controls(obj)
            return None
        if tag == "object" and obj.has_layout and _has_fallback_content(self.builder.flat.children(el)):
            # HTMLPlugInElement's UA shadow: a slot for the fallback content.
            return self._synthetic(obj, "slot", "GenericContainer", kind="ua-slot")
        return obj

    def _synthetic(
        self, parent: AXObject, tag: str, role: str, style: dict | None = None, kind: str = "element"
    ) -> AXObject:
        """A UA-shadow object; ``kind`` is fixed here, as AXObject derives its DOM facts from it."""
        el = Element(tag)
        el.node_id = self.builder.new_id()
        obj = AXObject(kind, el, style or parent.style, parent)
        obj.node_id = el.node_id
        obj.role = role
        obj.has_layout = parent.has_layout
        obj.hidden_via_style = parent.hidden_via_style
        obj.in_ua_shadow = True
        obj.host = parent.node
        parent.children.append(obj)
        self.builder.objects.append(obj)
        return obj

    def _synthetic_text(self, parent: AXObject, text: str) -> AXObject:
        node = Text(text)
        node.node_id = self.builder.new_id()
        obj = self.builder.new_text(node, parent, parent.has_layout, parent.hidden_via_style)
        obj.in_ua_shadow = True
        return obj

    def _add_media_controls(self, obj: AXObject) -> None:
        """HTMLMediaElement's UA shadow: the media controls (see data/media_controls.py).
        The element's own children (fallback content, <source>, <track>) get no box."""
        tag = obj.tag()
        playable = not media.is_unplayable(obj.element, obj.has_layout)
        muted = "muted" in obj.element.attrib  # the default muted state, not a reflection
        if not obj.has_layout:
            template = media_controls.hidden(tag, _has_media_source(obj.node))
        elif tag == "audio":
            template = media_controls.audio(playable, muted)
        else:
            template = media_controls.video(_has_media_source(obj.node), playable, muted)
        self._add_media_node(obj, template)

    def _add_media_node(self, parent: AXObject, template: tuple) -> None:
        box, children = template
        if isinstance(box, tuple):
            tag, attrs = box
            node = self._synthetic(parent, tag, "GenericContainer")
            node.node.attrs = dict(attrs)
            if tag in ("input", "button") and forms.in_archive(self._host_element(parent)):
                node.node.attrs["disabled"] = ""  # in an opened archive, its controls are form controls too
            node.role = roles.compute_role(node)
        else:
            kind = "ua-media-box" if box == media_controls.BOX else "ua-block"
            node = self._synthetic(parent, "div", "GenericContainer", kind=kind)
            if box == media_controls.NONE:
                node.has_layout = False
                node.hidden_via_style = True
        for child in children:
            self._add_media_node(node, child)

    @staticmethod
    def _host_element(obj: AXObject) -> Element:
        """The page's element whose UA shadow ``obj`` is in (or ``obj``'s own)."""
        while obj.in_ua_shadow and obj.parent is not None:
            obj = obj.parent
        return obj.element

    def _add_color_swatch(self, obj: AXObject) -> None:
        """ColorInputType's shadow: swatch wrapper > swatch, empty blocks."""
        wrapper = self._synthetic(obj, "div", "GenericContainer", kind="ua-block")
        self._synthetic(wrapper, "div", "GenericContainer", kind="ua-block")

    def _add_date_time_edit(self, obj: AXObject, kind: str) -> None:
        """BaseTemporalInputType's shadow: an uninteresting wrapper holding the
        DateTimeEditElement (two unignored blocks around the spin-button fields
        and literals) and, unless readonly or disabled, the picker button."""
        el = obj.node
        wrapper = self._synthetic(obj, "div", "GenericContainer", kind="ua-block")
        edit = self._synthetic(wrapper, "div", "GenericContainer", kind="ua-box")
        # html.css: the edit keeps its literal separators (white-space: pre).
        fields = self._synthetic(
            edit, "div", "GenericContainer", dict(obj.style or {}, **{"white-space": "pre"}), kind="ua-box"
        )
        parts = datetime_edit.layout(
            kind, el.attrs.get("value"), el.attrs.get("step"), el.attrs.get("min"), el.attrs.get("max")
        )
        disabled = forms.carries_disabled_attribute(obj.element)
        for part in parts:
            if isinstance(part, str):
                self._synthetic_text(fields, part).rendered_text = part
                continue
            spin = self._synthetic(fields, "span", "SpinButton")
            spin.node.attrs = {
                "role": "spinbutton",
                "aria-label": part.label,
                "aria-valuetext": "",
                "aria-valuenow": str(part.value),
                "aria-valuemin": str(part.low),
                "aria-valuemax": str(part.high),
            }
            if disabled:
                spin.node.attrs["aria-disabled"] = "true"
            elif not forms.in_archive(el):  # DateTimeFieldElement::SupportsFocus: not if its owner is disabled
                spin.node.attrs["tabindex"] = "-1"
            self._synthetic_text(spin, part.text).rendered_text = part.text
        if not disabled and not el.has("readonly") and not forms.in_archive(el):
            # aria-haspopup makes it a kPopUpButton (exposed as "button").
            button = self._synthetic(wrapper, "div", "PopUpButton")
            button.node.attrs = {
                "role": "button",
                "title": DATE_TIME_PICKER_TITLES[kind],
                "aria-haspopup": "menu",
                "tabindex": "-1",
            }

    def _add_image_fallback(self, obj: AXObject) -> None:
        """HTMLImageFallbackHelper's alt-text shadow for an image that did not
        load: a container with the broken-image icon and the alt text
        (HTMLInputElement::AltText: alt, else title, else value, else "Submit")."""
        attrs = obj.node.attrs
        alt = next((attrs[a] for a in ("alt", "title", "value") if a in attrs), IMAGE_INPUT_ALT)
        container = self._synthetic(obj, "span", "GenericContainer", kind="ua-block")
        if alt or _fits_broken_image_icon(obj):
            self._synthetic(container, "img", "Image")
        if alt:
            self._synthetic_text(container, alt).rendered_text = alt

    def _add_meter(self, obj: AXObject) -> None:
        """HTMLMeterElement's shadow: inner element > bar > value. The
        fallback holding the element's own children is display:none."""
        parent = obj
        for _ in range(3):
            parent = self._synthetic(parent, "div", "GenericContainer", kind="ua-box")

    def _add_text_field(self, obj: AXObject, value: str, kind: str) -> None:
        if obj.attr("placeholder") is not None:
            # Chromium 156 creates the placeholder element whenever the
            # attribute is present (even empty); a value hides it.
            ph = self._synthetic(obj, "div", "GenericContainer", kind="ua-placeholder")
            ph.hidden_via_style = obj.hidden_via_style or bool(value)
            ph.has_layout = obj.has_layout and not value
        container = obj
        if kind in ("search", "number"):
            # Their internals below the shadow-root child are never included.
            container = self._synthetic(obj, "div", "GenericContainer", kind="ua-internal")
        elif kind != "textarea" and forms.datalist_of(obj.node) is not None:
            # TextFieldInputType: a datalist indicator needs the
            # text-field-container > editing-view-port wrapper.
            container = self._synthetic(obj, "div", "GenericContainer", kind="ua-internal")
            container = self._synthetic(container, "div", "GenericContainer", kind="ua-internal")
        # The inner editor preserves the value's spaces (white-space: pre,
        # pre-wrap for textarea).
        editor_style = dict(container.style or {})
        editor_style["white-space"] = "pre-wrap" if kind == "textarea" else "pre"
        editor = self._synthetic(container, "div", "GenericContainer", editor_style, kind="inner-editor")
        if kind == "password":
            value = "•" * len(value)
        self._add_editor_value(editor, value)

    def _add_editor_value(self, editor: AXObject, value: str) -> None:
        """Blink's inner editor holds the value as text nodes separated by a
        <br> per newline (CreateInnerEditorValueFragment), and a value ending in a
        newline gets one more <br>, the placeholder that gives the empty last line
        its height (TextControlElement::AddPlaceholderBreakElementIfNecessary)."""
        for index, line in enumerate(value.split("\n")):
            if index:
                self._synthetic(editor, "br", "LineBreak")
            if line:
                text = self._synthetic_text(editor, line)
                text.rendered_text = line
        if value.endswith("\n"):
            self._synthetic(editor, "br", "LineBreak")

    def _add_select(self, obj: AXObject, child_box: bool, locked: bool) -> None:
        menu_list = obj.role == "ComboBoxSelect" or forms.uses_menu_list(obj.node)
        if not menu_list and not any(_is_select_item(c) for c in obj.node.children):
            return  # an empty listbox exposes no option slot
        styles = self.builder.styles
        # A first-child <button> goes to the button slot: a list box has none, so
        # there the button is not slotted at all and gets no object (probed).
        button = forms.slotted_button(obj.node)
        if button is not None and customizable_select.is_base_button(styles, obj.node):
            self._add_rendered_select_button(obj, button)
        elif button is not None and menu_list:
            self._add_select_button(obj, button)
        if obj.role == "ComboBoxSelect" and customizable_select.is_base_picker(styles, obj.node):
            # A base-select picker is a popover of web content, closed (display:none,
            # so hidden for names: names.py): its options slot is a generic (probed,
            # even empty), and optgroups and rich options show their content.
            role = "Dialog" if forms.has_interactive_content(obj.node) else "MenuListPopup"
            picker = self._synthetic(obj, "div", role, kind="ua-picker")
            picker.has_layout = False
            popup = self._synthetic(picker, "slot", "GenericContainer", kind="ua-box")
            self._add_select_items(obj, popup, True, button, base_picker=True)
            return
        if menu_list:
            # The picker popover (a shadow-root child) holds the options
            # slot; that slot shares its DOM parent with its flat-tree
            # parent, so only a label keeps it in the tree (rule 9).
            # Probed: under another ARIA role the select is no AXMenuList, and its
            # closed picker popover is just a node without a box.
            menu_list_object = obj.role == "ComboBoxSelect"
            picker = self._synthetic(
                obj, "div", "MenuListPopup" if menu_list_object else "GenericContainer", kind="ua-slot"
            )
            picker.has_layout = picker.has_layout and menu_list_object
            popup = self._synthetic(picker, "slot", "GenericContainer", kind="ua-nested-slot")
            popup.has_layout = False
        else:
            popup = self._synthetic(obj, "slot", "GenericContainer", kind="ua-slot")
        self._add_select_items(obj, popup, menu_list, button)

    def _add_select_button(self, obj: AXObject, button: Element) -> None:
        """HTMLSelectElement's button slot: a drop-down select's first element
        child, when a <button>, is slotted into an (unignored) generic ahead
        of the picker. A select not styled `appearance: base-select` draws
        its own button, so the author's one has no layout and its content
        stays out of the tree."""
        wrapper = self._synthetic(obj, "slot", "GenericContainer", kind="ua-box")
        hidden = self._add_select_element(button, wrapper, True, wrapper.has_layout)[0]
        hidden.hidden_via_style = True
        # Below the display:none slot the button has no computed style at all, so the
        # UA sheet's interactivity: inert does not reach it (probed: notRendered).
        hidden.style = dict(hidden.style, interactivity="auto")

    def _add_rendered_select_button(self, obj: AXObject, button: Element) -> None:
        """A base-select drop-down lays out the author's <button> in place of its own,
        in the button slot: the button's whole subtree stays in the tree, inert
        (ignored.py), and its contents give the select its value (values.py)."""
        slot = self._synthetic(obj, "slot", "GenericContainer", kind="ua-select-button")
        self.builder.add_subtree(button, slot, obj.has_layout)

    def _add_select_items(
        self,
        obj: AXObject,
        options_parent: AXObject,
        menu_list: bool,
        button: Element | None,
        base_picker: bool = False,
    ) -> None:
        """A select's content, as the customizable-select parser keeps it:
        options (leaves, but in a base-select picker one with elements shows them
        in its slot), optgroups (their content in a slot), separators, and any
        other element or text around them."""
        slot_kind = "ua-box" if base_picker else "ua-slot"  # a base picker exposes the slots
        # (node, parent object, whether the parent lays out boxes: a display:contents
        # element has none of its own but its children do)
        stack = [(c, options_parent, options_parent.has_layout) for c in reversed(obj.node.children) if c is not button]
        while stack:
            node, parent, parent_box = stack.pop()
            if isinstance(node, Text):
                # A listbox lays out no text directly inside the select.
                if menu_list or parent is not options_parent:
                    self._add_select_text(node, parent, menu_list, parent_box)
                continue
            if not isinstance(node, Element) or node.namespace != HTML_NS:
                continue
            child, child_box = self._add_select_element(node, parent, menu_list, parent_box)
            if node.local_name == "optgroup":
                # HTMLOptGroupElement's shadow: its content sits in a slot.
                slot = self._synthetic(child, "slot", "GenericContainer", kind=slot_kind)
                stack.extend((c, slot, slot.has_layout) for c in reversed(node.children))
            elif node.local_name == "option" and base_picker and any(isinstance(c, Element) for c in node.children):
                # HTMLOptionElement's shadow in a base picker: the label is hidden and the
                # content shows in the option slot (a text-only option stays a leaf: probed).
                slot = self._synthetic(child, "slot", "GenericContainer", kind=slot_kind)
                stack.extend((c, slot, slot.has_layout) for c in reversed(self.builder.flat.children(node)))
            elif node.local_name not in ("option", "hr"):
                # Flat-tree children: an author shadow host shows its shadow tree, a slot its
                # assigned nodes; unslotted light children have no box and no object.
                stack.extend((c, child, child_box) for c in reversed(self.builder.flat.children(node)))

    def _add_select_element(
        self, node: Element, parent: AXObject, menu_list: bool, parent_box: bool
    ) -> tuple[AXObject, bool]:
        """An element inside a select, and whether its children can have boxes. A
        drop-down's content has no layout (the picker is closed) yet stays exposed;
        a listbox lays it out."""
        style = self.builder.styles.get(node)
        shown = style["display"] != "none"
        has_layout, child_box = boxes(style["display"], not menu_list and parent_box)
        child = self.builder.new_element(
            node, parent, style, has_layout, parent.hidden_via_style or (not menu_list and not shown)
        )
        return child, child_box

    def _add_select_text(self, node: Text, parent: AXObject, menu_list: bool, parent_box: bool) -> None:
        """Text inside a select: a drop-down keeps its raw data (no layout)."""
        if menu_list and is_whitespace_only(node.data):
            return
        obj = self.builder.new_text(node, parent, not menu_list and parent_box, parent.hidden_via_style)
        self.builder.by_text[node] = obj


def _fits_broken_image_icon(obj: AXObject) -> bool:
    """Without alt text, the broken-image icon shows only in a box given a height that
    fits it, and a width that does too if one is given (each at least 18px; probed. A
    CSS width is not read)."""
    attrs = obj.node.attrs
    height = parse_int(attrs["height"]) if "height" in attrs else None
    if obj.style and isinstance(obj.style["height"], float):
        height = obj.style["height"]
    width = parse_int(attrs["width"]) if "width" in attrs else _BROKEN_IMAGE_ICON_BOX
    return height is not None and width is not None and min(height, width) >= _BROKEN_IMAGE_ICON_BOX


_BROKEN_IMAGE_ICON_BOX = 18  # the 16px icon and its 1px border


def _has_media_source(el: Element) -> bool:
    """Whether resource selection has something to try: a src, or a <source> child."""
    return bool(el.attrs.get("src")) or any(
        isinstance(c, Element) and c.is_html and c.local_name == "source" for c in el.children
    )


def _has_fallback_content(children: list[Node]) -> bool:
    """Whether a plugin's fallback slot gets an object: some child does (an
    element, or text that is not all white space)."""
    return any(isinstance(c, Element) or isinstance(c, Text) and not is_whitespace_only(c.data) for c in children)


def _is_select_item(node: Node) -> bool:
    return isinstance(node, Element) and node.is_html and node.local_name in ("option", "optgroup", "hr")


def _image_loads(src: str | None) -> bool:
    """axsynth fetches nothing: only a data: URL counts as a loaded image (as in
    an offline capture; see docs/divergences.md)."""
    return bool(src) and src.strip().lower().startswith("data:")
