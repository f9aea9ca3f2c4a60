"""The accessibility tree: which objects exist, their roles, which are ignored
(with Chromium's ignoredReasons) and which of those stay in the tree, the text
objects, the UA-shadow structures Chromium exposes, and aria-owns.

The rules follow blink's AXObjectCacheImpl::DetermineAXObjectType,
AXNodeObject::ComputeIsIgnored / ShouldIncludeBasedOnSemantics and
AXObject::ComputeIsIgnoredButIncludedInTree.
"""

from __future__ import annotations

from ..html import datetime_edit, forms, values
from . import first_letter, roles
from .object import FLEX_OR_GRID, AXObject
from ..data.aria import (
    ALWAYS_INCLUDED_ROLES, CELL_LIKE, CLICK_HANDLERS, CLICKABLE_ROLES, CONTROL_ROLES, DPUB_LIST_ITEM_ROLES,
    IMAGE_ROLES, REQUIRED_CONTEXT_ARIA, ROW_LIKE, STRUCTURE_ROLES, TABLE_LIKE, TEXT_INPUT_TYPES,
)
from ..data import media_controls
from ..data.quotes import DEFAULT_LANGUAGE, QUOTES_BY_LANGUAGE
from ..data.forms import DATE_TIME_LAYOUTS, DATE_TIME_PICKER_TITLES, IMAGE_INPUT_ALT
from ..data.svg import UNRENDERED_SVG
from ..html.dom import (
    HTML_NS, MATHML_NS, SVG_NS, Document, Element, Node, ShadowRoot, Text, element_by_id,
)
from .names import Names
from ..page import Page
from ..style.cascade import FIRST_LETTER
from ..style.counters import format_counter
from .whitespace import (
    PRESERVES_SPACES, collapse_block, is_whitespace_only, layout_text_needed, space_is_needed,
)

_PRUNED_TAGS = frozenset({"title", "col", "colgroup", "map"})
_LEAF_INPUTS = frozenset({"checkbox", "radio", "range"})
_BUTTON_INPUTS = frozenset({"button", "submit", "reset"})


class AXTree:
    """Builds and holds the accessibility tree of one document."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.document = page.document
        self.flat = page.flat
        self.styles = page.styles
        self._next_id = max((n.node_id for n in _all_nodes(self.document)), default=0) + 1
        self._shadow_memo: dict[Node, bool] = {}
        self.objects: list[AXObject] = []
        # Keyed by the DOM nodes themselves (an id() key is one more int object per node).
        self.by_element: dict[Element, AXObject] = {}
        self.by_text: dict[Text, AXObject] = {}  # each text node's object, also whitespace later dropped from the tree
        self._quote_depth = 0  # open-quote nesting, in layout (document) order
        self.root = self._build()
        self._relation_targets = self._collect_relation_targets()
        self._apply_aria_owns()
        for obj in self.objects:  # document order: parents before children
            self._compute_ignored(obj)
            obj.used_for_label = self._used_for_label(obj)
        for obj in self.objects:
            obj.included = not obj.ignored or self._ignored_but_included(obj)
        self._assemble(self.root)
        self._finalize_roles()

    # --- ids ---------------------------------------------------------------

    def new_id(self) -> int:
        self._next_id += 1
        return self._next_id - 1

    def element_by_id(self, scope_of: Node, idref: str) -> Element | None:
        """getElementById in the tree scope (document or shadow root) of ``scope_of``."""
        return element_by_id(scope_of, idref)

    def objects_for_idrefs(self, obj: AXObject, attr: str) -> list[AXObject]:
        value = obj.attr(attr)
        if not value:
            return []
        out = []
        for idref in value.split():
            el = self.element_by_id(obj.node, idref)
            target = self.by_element.get(el) if el is not None else None
            if target is not None and target not in out:
                out.append(target)
        return out

    # --- building --------------------------------------------------------------

    def _build(self) -> AXObject:
        root = AXObject("document", self.document, None, None)
        root.has_layout = True
        root.node_id = self.document.node_id
        root.role = "RootWebArea"
        self.objects.append(root)
        # (node, parent object, parent has box, inside display:none, display-locked)
        stack: list[tuple[Node, AXObject, bool, bool]] = [
            (c, root, True, False) for c in reversed(self.document.children)
        ]
        while stack:
            node, parent, parent_box, locked = stack.pop()
            if isinstance(node, Element):
                self._add_element(node, parent, parent_box, locked, stack)
            elif isinstance(node, Text):
                self._add_text(node, parent, parent_box, locked)
            elif isinstance(node, _AfterPseudo):
                self._add_pseudo(node.owner, "after", parent_box)
        floated_letters = [found for obj in list(self.objects) if (found := self._add_first_letter(obj))]
        self._finish_text(root)
        for text in floated_letters:
            _drop_space_after_floated_letter(text)
        return root

    def _has_first_letter_style(self, obj: AXObject) -> bool:
        return obj.kind == "element" and self.styles.pseudo(obj.node, FIRST_LETTER) is not None

    def _add_first_letter(self, host: AXObject) -> AXObject | None:
        """A ::first-letter box, when the block's first letter is generated content:
        the only case accessibility exposes one (IsRelevantPseudoElement). It takes
        the letter out of that text, which keeps the rest. Returns a DOM text whose
        first letter is floated out of it (its StaticText still holds the letter)."""
        if not (host.has_layout and self._has_first_letter_style(host)
                and first_letter.behaves_like_block_container(host)):
            return None
        found = first_letter.first_letter_text(host, self._has_first_letter_style)
        if found is None:
            return None
        text, length = found
        letter_style = self.styles.pseudo(host.node, FIRST_LETTER)
        if text.kind != "anonymous":
            return text if letter_style["float"] != "none" else None
        holder = text.parent
        letter_box = AXObject("pseudo", host.node, letter_style, holder)
        letter_box.pseudo_which = FIRST_LETTER
        letter_box.role = "GenericContainer"
        letter_box.has_layout = True
        letter_box.hidden_via_style = text.hidden_via_style
        letter_box.node_id = self.new_id()
        holder.children.insert(holder.children.index(text), letter_box)
        self.objects.append(letter_box)
        self._anonymous(letter_box, letter_box.style, "StaticText").text = text.text[:length]
        text.text = text.text[length:]
        if not text.text:
            holder.children.remove(text)
            self.objects.remove(text)
        return None

    def _add_element(self, el: Element, parent: AXObject, parent_box: bool, locked: bool, stack: list) -> None:
        if _is_pruned(el, parent):
            return
        style = self.styles.get(el)
        display = style["display"] if style else "none"
        if el.namespace == SVG_NS and el.local_name in UNRENDERED_SVG:
            display = "none"  # no layout object, whatever the computed display
        # <wbr>'s LayoutWordBreak is an empty LayoutText, which accessibility
        # does not count: the element is created from its node, layout-less.
        has_layout, child_box = _boxes(display, parent_box and not locked,
                                       own_box=not (el.is_html and el.local_name == "wbr"))
        hidden = display == "none" or not parent_box and display != "contents"
        if style and style["visibility"] != "visible":
            hidden = True
        if locked or (style and display == "none"):
            hidden = True
        if parent.hidden_via_style and (not parent.has_layout or not has_layout) and parent.kind != "document":
            hidden = hidden or not has_layout
        obj = self._new_element(el, parent, style, has_layout, hidden)
        if el.namespace == HTML_NS and el.local_name == "table" and obj.role == "Table" and not el.has("role"):
            if not _is_data_table(el, obj):
                obj.role = "LayoutTable"
        child_locked = locked or (obj.has_layout and style["content-visibility"] == "hidden")
        if not _can_have_children(obj) or child_locked:
            # Display-locked contents (content-visibility:hidden, hidden=until-found, a
            # closed <details>) get no AX objects: Chromium's tree shows none of them.
            return
        if self._add_ua_shadow(obj, child_box, child_locked):
            return
        for which in ("marker", "before"):
            self._add_pseudo(obj, which, child_box and not child_locked)
        if self.styles.pseudo(el, "after") is not None:
            # ::after is added once the children are done: a sentinel below them on the stack.
            stack.append((_AfterPseudo(obj), obj, child_box and not child_locked, False))
        for child in reversed(self.flat.children(el)):
            stack.append((child, obj, child_box, child_locked))

    def _add_pseudo(self, owner: AXObject, which: str, has_box: bool) -> None:
        style = self.styles.pseudo(owner.node, which)
        if style is None or not has_box or style["display"] == "none":
            return
        el = owner.node
        if which == "marker":
            if owner.display != "list-item" or style["list-style-type"] == "none" and style["content"] in ("normal", "none"):
                return
        if which != "marker" and not isinstance(style["content"], tuple):
            return  # content: normal/none generates no box
        parts, alt = (style["content"] if isinstance(style["content"], tuple) else ((), None))
        images = any(p[0] == "image" for p in parts)
        counter_values = self.styles.counters(el, which) if which != "marker" else {}
        segments, quote_depth = _content_segments(el, parts, style, self._quote_depth, counter_values)
        text = "".join(t for _, t in segments) if which != "marker" else _marker_text(owner, style, self.styles.list_ordinal(el))
        owner_inline = owner.is_layout_inline() or owner.is_atomic_inline()
        if which != "marker" and style["display"] != "inline" and not owner_inline and is_whitespace_only(text) and alt is None and not images:
            return  # the "clearfix" hack: a block pseudo holding only whitespace
        if which != "marker" and alt is not None and not _content_text(el, alt) and not images:
            return  # `content: "x" / ""`: decorative, ignored and left out of the tree
        pseudo = AXObject("pseudo", el, style, owner)
        pseudo.pseudo_which = which
        pseudo.has_layout = True
        pseudo.hidden_via_style = owner.hidden_via_style or style["visibility"] != "visible"
        pseudo.node_id = self.new_id()
        owner.children.append(pseudo)
        self.objects.append(pseudo)
        if which == "marker":
            pseudo.role = "None" if roles.should_ignore_list_item(owner) else "ListMarker"
            pseudo.text = text
            pseudo.rendered_text = text
            inner = AXObject("anonymous", None, style, pseudo)
            inner.has_layout = True
            inner.hidden_via_style = pseudo.hidden_via_style
            inner.text = inner.rendered_text = text
            inner.role = "StaticText"
            pseudo.children.append(inner)
            self.objects.append(inner)
            return
        if alt is not None:
            pseudo.text = "".join(_content_text(el, alt))
            pseudo.role = "Image" if images else "StaticText"
            return
        pseudo.role = "GenericContainer"
        self._quote_depth = quote_depth
        holder = pseudo
        if pseudo.display in FLEX_OR_GRID and any(t for _, t in segments):
            # A flex/grid pseudo wraps its text in an anonymous flex item block.
            holder = self._anonymous(pseudo, pseudo.style, "GenericContainer")
        for kind, segment in segments:
            parent = holder
            if kind == "image":
                self._anonymous(holder, style, "Image")
                continue
            if kind == "quote":
                # Each quote is a LayoutQuote: a node-less inline box (ignored,
                # but kept like all node-less objects) holding its text.
                box_style = dict(style, display="inline", position="static", float="none")
                parent = self._anonymous(holder, box_style, "GenericContainer", "anonymous-box")
            if segment:
                self._anonymous(parent, style, "StaticText").text = segment

    def _anonymous(self, parent: AXObject, style: dict, role: str, kind: str = "anonymous") -> AXObject:
        """A node-less layout object inside a pseudo element."""
        obj = AXObject(kind, None, style, parent)
        obj.has_layout = True
        obj.hidden_via_style = parent.hidden_via_style
        obj.role = role
        parent.children.append(obj)
        self.objects.append(obj)
        return obj

    def _add_text(self, node: Text, parent: AXObject, parent_box: bool, locked: bool) -> None:
        if not node.data:
            return
        has_layout = parent_box and not locked and parent.display != "none" and not _rejects_text(parent)
        if not has_layout and is_whitespace_only(node.data) and not locked:
            return
        obj = self._new_text(node, parent, has_layout, parent.hidden_via_style or not has_layout)
        self.by_text[node] = obj

    def _new_element(self, el: Element, parent: AXObject, style: dict | None, has_layout: bool,
                     hidden: bool) -> AXObject:
        """An object for a page element, added under ``parent`` and indexed, its role computed."""
        obj = AXObject("element", el, style, parent)
        obj.node_id = el.node_id
        obj.has_layout = has_layout
        obj.hidden_via_style = hidden
        parent.children.append(obj)
        self.objects.append(obj)
        self.by_element[el] = obj
        obj.role = roles.compute_role(obj)
        return obj

    def _new_text(self, node: Text, parent: AXObject, has_layout: bool, hidden: bool) -> AXObject:
        """A StaticText object for a text node, added under ``parent``."""
        obj = AXObject("text", node, parent.style, parent)
        obj.node_id = node.node_id
        obj.text = node.data
        obj.role = "StaticText"
        obj.has_layout = has_layout
        obj.hidden_via_style = hidden
        parent.children.append(obj)
        self.objects.append(obj)
        return obj

    def _finish_text(self, root: AXObject) -> None:
        """Drop whitespace that gets no layout text or is not needed; set rendered text."""
        # Whitespace dropped from the AX tree may still be rendered, and then it
        # collapses with the text around it.
        layout_children: dict[int, list[AXObject]] = {}
        # CanIgnoreSpace looks at DOM neighbours, including whitespace this
        # pass drops from an ancestor's children: keep the unpruned lists
        # (only of the objects that lost a child: the others still hold theirs).
        dom_children: dict[int, list[AXObject]] = {}
        for obj in list(self.objects):
            if obj.kind in ("text", "anonymous") or not obj.children:
                continue
            kept, laid_out = [], []  # laid_out: also spaces with layout text but no AX object
            for i, child in enumerate(obj.children):
                if child.kind == "text" and child.has_layout and is_whitespace_only(child.text):
                    prev = _prev_in_flow(obj.children, i)
                    if not layout_text_needed(child, prev, obj):
                        continue
                    white_space = child.style["white-space"] if child.style else "normal"
                    if white_space not in ("pre", "pre-wrap", "break-spaces", "pre-line"):
                        prev, next_ = _prev_absolute(obj, i, dom_children), _next_absolute(obj, i, dom_children)
                        if not space_is_needed(child, prev, next_):
                            laid_out.append(child)
                            continue
                kept.append(child)
                laid_out.append(child)
            if len(laid_out) != len(kept):
                layout_children[id(obj)] = laid_out
            if len(kept) != len(obj.children):
                dom_children[id(obj)] = obj.children
                obj.children = kept
        self.objects = [o for o in _preorder(root)]
        for obj in self.objects:
            if obj.kind != "text" and (obj.has_layout or obj.kind == "document") and not obj.is_layout_inline() and not (
                obj.kind == "anonymous" and not obj.children
            ):
                collapse_block(obj, lambda o: layout_children.get(id(o), o.children))
        for obj in self.objects:
            if obj.kind == "text" and not obj.has_layout:
                obj.rendered_text = obj.text
            if obj.kind in ("text", "anonymous") and obj.has_layout and not obj.rendered_text and obj.text:
                obj.rendered_text = " " if is_whitespace_only(obj.text) else obj.rendered_text

    # --- UA shadow structures -------------------------------------------------

    def _synthetic(self, parent: AXObject, tag: str, role: str, style: dict | None = None,
                   kind: str = "element") -> AXObject:
        """A UA-shadow object; ``kind`` is fixed here, as AXObject derives its DOM facts from it."""
        el = Element(tag)
        el.node_id = self.new_id()
        obj = AXObject(kind, el, style or parent.style, parent)
        obj.node_id = el.node_id
        obj.role = role
        obj.has_layout = parent.has_layout
        obj.hidden_via_style = parent.hidden_via_style
        obj.in_ua_shadow = True
        obj.host = parent.node
        parent.children.append(obj)
        self.objects.append(obj)
        return obj

    def _synthetic_text(self, parent: AXObject, text: str) -> AXObject:
        node = Text(text)
        node.node_id = self.new_id()
        obj = self._new_text(node, parent, parent.has_layout, parent.hidden_via_style)
        obj.in_ua_shadow = True
        return obj

    def _add_ua_shadow(self, obj: AXObject, child_box: bool, locked: bool) -> bool:
        """Children Chromium takes from an element's user-agent shadow tree.
        Returns True when the element's own children are not used."""
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
            return True
        if tag == "textarea":
            self._add_text_field(obj, el.text_content().removeprefix("\n"), "textarea")
            return True
        if tag == "select":
            self._add_select(obj, child_box, locked)
            return True
        if tag == "meter":
            self._add_meter(obj)
            return True
        if tag in ("video", "audio") and el.is_html:
            self._add_media_controls(obj)
            return True
        return False

    def _add_media_controls(self, obj: AXObject) -> None:
        """HTMLMediaElement's UA shadow: the media controls (see data/media_controls.py).
        The element's own children (fallback content, <source>, <track>) get no box."""
        tag = obj.tag()
        if not obj.has_layout:
            template = media_controls.hidden(tag)
        elif tag == "audio":
            template = media_controls.audio(not roles.is_unplayable_media(obj))
        else:
            template = media_controls.video(_has_media_source(obj.node), not roles.is_unplayable_media(obj))
        self._add_media_node(obj, template)

    def _add_media_node(self, parent: AXObject, template: tuple) -> None:
        box, children = template
        if isinstance(box, tuple):
            tag, attrs = box
            node = self._synthetic(parent, tag, "GenericContainer")
            node.node.attrs = dict(attrs)
            node.role = roles.compute_role(node)
        else:
            kind = "ua-media-box" if box == media_controls.BOX else "ua-block"
            node = self._synthetic(parent, "div", "GenericContainer", kind=kind)
            if box == media_controls.NONE:
                node.has_layout = False
                node.hidden_via_style = True
        for child in children:
            self._add_media_node(node, child)

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
        fields = self._synthetic(edit, "div", "GenericContainer", dict(obj.style or {}, **{"white-space": "pre"}),
                                 kind="ua-box")
        parts = datetime_edit.layout(kind, el.attrs.get("value"), el.attrs.get("step"),
                                     el.attrs.get("min"), el.attrs.get("max"))
        disabled = _disabled_control(obj)
        for part in parts:
            if isinstance(part, str):
                self._synthetic_text(fields, part).rendered_text = part
                continue
            spin = self._synthetic(fields, "span", "SpinButton")
            spin.node.attrs = {
                "role": "spinbutton", "aria-label": part.label, "aria-valuetext": "",
                "aria-valuenow": str(part.value), "aria-valuemin": str(part.low), "aria-valuemax": str(part.high),
            }
            if disabled:
                spin.node.attrs["aria-disabled"] = "true"
            else:
                spin.node.attrs["tabindex"] = "-1"
            self._synthetic_text(spin, part.text).rendered_text = part.text
        if not disabled and not el.has("readonly"):
            # aria-haspopup makes it a kPopUpButton (exposed as "button").
            button = self._synthetic(wrapper, "div", "PopUpButton")
            button.node.attrs = {"role": "button", "title": DATE_TIME_PICKER_TITLES[kind],
                                 "aria-haspopup": "menu", "tabindex": "-1"}

    def _add_image_fallback(self, obj: AXObject) -> None:
        """HTMLImageFallbackHelper's alt-text shadow for an image that did not
        load: a container with the broken-image icon and the alt text
        (HTMLInputElement::AltText: alt, else title, else value, else "Submit")."""
        attrs = obj.node.attrs
        alt = next((attrs[a] for a in ("alt", "title", "value") if a in attrs), IMAGE_INPUT_ALT)
        container = self._synthetic(obj, "span", "GenericContainer", kind="ua-block")
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
        <br> per newline (CreateInnerEditorValueFragment)."""
        for index, line in enumerate(value.split("\n")):
            if index:
                self._synthetic(editor, "br", "LineBreak")
            if line:
                text = self._synthetic_text(editor, line)
                text.rendered_text = line

    def _add_select(self, obj: AXObject, child_box: bool, locked: bool) -> None:
        menu_list = obj.role == "ComboBoxSelect" or forms.uses_menu_list(obj.node)
        if not menu_list and not any(_is_select_item(c) for c in obj.node.children):
            return  # an empty listbox exposes no option slot
        button = _select_button(obj.node) if menu_list else None
        if button is not None:
            self._add_select_button(obj, button)
        if menu_list:
            # The picker popover (a shadow-root child) holds the options
            # slot; that slot shares its DOM parent with its flat-tree
            # parent, so only a label keeps it in the tree (rule 9).
            picker = self._synthetic(obj, "div", "MenuListPopup", kind="ua-slot")
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
        self._add_select_element(button, wrapper, True, wrapper.has_layout)[0].hidden_via_style = True

    def _add_select_items(self, obj: AXObject, options_parent: AXObject, menu_list: bool,
                          button: Element | None) -> None:
        """A select's content, as the customizable-select parser keeps it:
        options (leaves), optgroups (their content in a slot), separators,
        and any other element or text around them."""
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
                slot = self._synthetic(child, "slot", "GenericContainer", kind="ua-slot")
                stack.extend((c, slot, slot.has_layout) for c in reversed(node.children))
            elif node.local_name not in ("option", "hr"):
                # Flat-tree children: an author shadow host shows its shadow tree, a slot its
                # assigned nodes; unslotted light children have no box and no object.
                stack.extend((c, child, child_box) for c in reversed(self.flat.children(node)))

    def _add_select_element(self, node: Element, parent: AXObject, menu_list: bool,
                            parent_box: bool) -> tuple[AXObject, bool]:
        """An element inside a select, and whether its children can have boxes. A
        drop-down's content has no layout (the picker is closed) yet stays exposed;
        a listbox lays it out."""
        style = self.styles.get(node)
        shown = style["display"] != "none"
        has_layout, child_box = _boxes(style["display"], not menu_list and parent_box)
        child = self._new_element(node, parent, style, has_layout,
                                  parent.hidden_via_style or (not menu_list and not shown))
        if node.local_name == "optgroup":
            child.role = roles.aria_role(child) or "Group"
        elif node.local_name == "hr":
            child.role = "Splitter"
        return child, child_box

    def _add_select_text(self, node: Text, parent: AXObject, menu_list: bool, parent_box: bool) -> None:
        """Text inside a select: a drop-down keeps its raw data (no layout)."""
        if menu_list and is_whitespace_only(node.data):
            return
        obj = self._new_text(node, parent, not menu_list and parent_box, parent.hidden_via_style)
        self.by_text[node] = obj

    # --- ignored ---------------------------------------------------------------

    def _collect_relation_targets(self) -> set[int]:
        targets: set[int] = set()
        for obj in self.objects:
            el = obj.element
            if el is None:
                continue
            for attr in ("aria-labelledby", "aria-labeledby", "aria-describedby"):
                if attr in el.attrs:
                    for target in self.objects_for_idrefs(obj, attr):
                        targets.add(id(target))
        return targets

    def _compute_ignored(self, obj: AXObject) -> None:
        parent = obj.parent
        if obj.kind == "document":
            return
        # Inherited hidden/inert state (flat-tree ancestors).
        el = obj.element
        if parent is not None:
            obj.aria_hidden_root = parent.aria_hidden_root
            obj.inert_root = parent.inert_root
        if el is not None and obj.tag() not in ("html", "body", "option") and _is_aria_hidden(el):
            if obj.aria_hidden_root is None:
                obj.aria_hidden_root = obj
        if el is not None and el.has("inert") and el.is_html and obj.inert_root is None:
            obj.inert_root = obj
        if obj.aria_hidden_root is not None:
            if obj.aria_hidden_root is obj:
                obj.add_reason("ariaHiddenElement")
            else:
                obj.add_reason("ariaHiddenSubtree", obj.aria_hidden_root)
            obj.ignored = True
            return
        if obj.inert_root is not None:
            # Chromium 156 reports inertElement for the whole inert subtree
            # (inertness comes from the inherited `interactivity` style), not
            # the older inertSubtree with a related root.
            obj.add_reason("inertElement")
            obj.ignored = True
            return
        if not obj.hidden_via_style and self._in_menu_list_popup(obj):
            obj.ignored = False
            return
        if obj.hidden_via_style:
            obj.add_reason("notVisible" if obj.has_layout else "notRendered")
            obj.ignored = True
            return
        obj.ignored = self._ignored_by_semantics(obj)

    def _used_for_label(self, obj: AXObject) -> bool:
        """AXObject::ComputeIsUsedForLabelOrDescription (needs the ignored state)."""
        if obj.kind == "document":
            return False
        if obj.element is not None:
            if self._is_label_or_description(obj):
                return True
            if (not obj.ignored or self._can_set_focus(obj)) and Names._supports_name_from_contents(obj, False):
                return True  # visible (or focusable) contents that name their container
        if obj.role == "Group":
            return False
        parent = obj.parent
        if parent is None or not parent.used_for_label:
            return False
        if not _hidden(obj) or _hidden(parent):
            return True
        # Hidden below a visible part of a label: only a relation (or <label>) exposes it.
        while parent is not None and parent.used_for_label:
            if self._is_label_or_description(parent):
                return True
            parent = parent.parent
        return False

    def _is_label_or_description(self, obj: AXObject) -> bool:
        return obj.tag() == "label" or id(obj) in self._relation_targets

    @staticmethod
    def _can_set_focus(obj: AXObject) -> bool:
        return (
            roles.is_focusable(obj) and not _disabled_control(obj) and obj.inert_root is None
            and obj.has_layout and not obj.hidden_via_style
        )

    @staticmethod
    def _in_menu_list_popup(obj: AXObject) -> bool:
        """The popup and all of its content but the UA slots: a closed picker lays
        nothing out, yet its content is exposed (ComputeIsIgnored keeps the
        structure of a collapsed <select> for what would be ignored as hidden)."""
        if obj.role == "MenuListPopup":
            return True
        if obj.has_layout or obj.kind in ("ua-slot", "ua-nested-slot"):
            return False  # nothing in a closed picker is laid out: no ancestor walk needed
        if obj.kind == "element" and obj.display == "contents":
            # ShouldIgnoreForHiddenOrInert never takes a display:contents element for
            # unrendered, so that rule does not reach it: the semantic rules decide.
            return False
        return any(a.role == "MenuListPopup" for a in obj.iter_ancestors())

    def _ignored_by_semantics(self, obj: AXObject) -> bool:
        """ShouldIncludeBasedOnSemantics, then the layout fallbacks of ComputeIsIgnored."""
        decision = self._semantic_decision(obj)
        if decision is not None:
            return decision
        if obj.kind in ("inner-editor", "ua-media-box"):
            return False
        if obj.kind in ("ua-slot", "ua-nested-slot"):
            obj.add_reason("uninteresting")  # the options slot
            return True
        if obj.kind in ("ua-internal", "ua-placeholder"):
            return True  # text-control internals: ignored with no reason
        if obj.role == "ListBoxOption" and obj.tag() == "option":
            return False  # an option of a listbox select is always exposed
        if obj.kind in ("ua-box", "ua-block"):
            # Meter internals are unignored unless empty; other UA blocks
            # are plain uninteresting blocks.
            if obj.kind == "ua-box" and obj.children:
                return False
            obj.add_reason("uninteresting")
            return True
        if not obj.has_layout:
            if obj.kind == "text":
                return False
            obj.add_reason("notRendered" if obj.tag() == "wbr" else "uninteresting")
            return True
        if obj.tag() in ("iframe", "frame", "object", "embed"):
            return False
        if obj.tag() == "br":
            return False
        if obj.kind in ("text", "anonymous"):
            marker = obj.parent if obj.parent is not None and obj.parent.kind == "pseudo" else None
            if marker is not None and marker.pseudo_which == "marker" and (marker.role == "ListMarker" or self._summary_marker(marker)):
                obj.add_reason("presentationalRole")
                return True
            if obj.kind == "text" and obj.parent is not None and obj.parent.used_for_label:
                for anc in obj.iter_ancestors():
                    if not anc.ignored:
                        break
                    if anc.role == "LabelText":
                        obj.add_reason("presentationalRole")
                        return True
            return False
        if obj.kind == "pseudo" and obj.pseudo_which == "marker":
            if self._summary_marker(obj):
                obj.add_reason("presentationalRole")
                return True
            return False
        if obj.kind != "pseudo" and obj.style and obj.style["position"] != "static":
            return False
        if obj.kind == "pseudo" and obj.display != "inline":
            return False  # Chromium shows every non-inline ::before/::after as a generic, even empty
        if obj.is_block_flow() and obj.children_inline():
            return False
        obj.add_reason("uninteresting")
        return True

    @staticmethod
    def _summary_marker(marker: AXObject) -> bool:
        """A summary's marker that Chromium leaves out: one on the summary's own
        line.  Once the summary has a block-level child, the inside marker sits in
        an anonymous block of its own and is exposed as a ListMarker."""
        summary = marker.parent
        return summary is not None and summary.tag() == "summary" and not summary.has_block_child()

    def _semantic_decision(self, obj: AXObject) -> bool | None:
        """True: ignore, False: include, None: let layout decide."""
        role = obj.role
        if role == "None":
            obj.add_reason("presentationalRole")
            return True
        if obj.kind in ("anonymous", "pseudo"):
            # A pseudo-element with CSS alt text is itself the Image/StaticText.
            return False if role == "Image" or (obj.kind == "pseudo" and role == "StaticText") else None
        if role == "RubyAnnotation" or (obj.kind == "text" and obj.parent is not None and obj.parent.role == "RubyAnnotation"):
            return True
        el = obj.element
        if el is None:
            return None
        if obj.kind in ("ua-internal", "ua-placeholder", "ua-slot", "ua-nested-slot", "inner-editor"):
            return None
        if el.namespace == SVG_NS:
            if el.local_name == "svg" and obj.has_layout and any(True for _ in el):
                return False
            if any(c.local_name in ("title", "desc") for c in el):
                return False
        if role in TABLE_LIKE or role in ROW_LIKE or role in CELL_LIKE or obj.tag() in ("thead", "tfoot"):
            return False
        tag = obj.tag()
        if tag == "html":
            obj.add_reason("uninteresting")
            return True
        if tag != "body" and roles.is_focusable(obj) and not _disabled_control(obj):
            return False
        if role == "Link":
            return False
        if self._is_clickable(obj):
            return False
        if role == "Heading":
            return False
        if tag in ("header", "footer"):
            return False
        if _is_form_control(el) or role in CONTROL_ROLES:
            return False
        if tag == "optgroup":
            return False
        # RawAriaRole: a nameless region/form token is dropped like an unknown one.
        if roles.aria_role(obj) is not None:
            return False
        if roles.has_contenteditable_attribute(el):
            return False  # AXNodeObject::IsEditableRoot: any contenteditable host, nested ones too
        if tag == "legend":
            return False
        if roles.internal_role(obj) in ALWAYS_INCLUDED_ROLES:
            return False
        if tag == "hgroup":
            return False
        if any(a.startswith("aria-") for a in el.attrs) or el.attrs.get("title", ""):
            return False
        if role == "Image" and el.namespace == HTML_NS:
            if el.attrs.get("alt") == "":
                obj.add_reason("emptyAlt")
                return True
            return False
        if el.namespace == HTML_NS and not obj.in_ua_shadow and not self._in_shadow_tree(el) and (
            (tag == "a" and el.has("name")) or (el.attrs.get("id") and tag not in ("label", "optgroup"))
        ):
            return False
        if (
            role not in ("SvgRoot", "Canvas", "EmbeddedObject") and obj.is_atomic_inline()
            and isinstance(el.parent, Element) and sum(1 for _ in el.parent) > 1
        ):
            return False
        if tag == "span":
            obj.add_reason("uninteresting")
            return True
        if tag == "label":
            control = self.label_control(obj)
            if control is not None and self._redundant_label(obj, control):
                obj.add_reason("labelFor", control)
                return True
            return False
        return None

    def _in_shadow_tree(self, el: Element) -> bool:
        """Whether ``el`` lives in a shadow tree (memoized along the ancestor chain,
        so deep documents do not cost depth × size)."""
        memo = self._shadow_memo
        chain: list[Node] = []
        node: Node | None = el
        while node is not None and not isinstance(node, ShadowRoot) and node not in memo:
            chain.append(node)
            node = node.parent
        result = isinstance(node, ShadowRoot) or (node is not None and memo[node])
        for item in chain:
            memo[item] = result
        return result

    def _is_clickable(self, obj: AXObject) -> bool:
        el = obj.element
        if el is None or _disabled_control(obj):
            return False
        if any(h in el.attrs for h in CLICK_HANDLERS) or roles.has_contenteditable_attribute(el):
            return True
        return roles.native_role(obj) in CLICKABLE_ROLES and obj.tag() not in ("input", "select", "textarea", "button", "a", "summary", "option", "area")

    def label_control(self, label: AXObject) -> AXObject | None:
        """HTMLLabelElement::control's object."""
        control = forms.labeled_control(label.element)
        return self.by_element.get(control) if control is not None else None

    def labels_of(self, control: AXObject) -> list[AXObject]:
        """The objects of element.labels: every label whose control this is, in tree order."""
        el = control.element
        labels = self.page.forms.labels(el) if el is not None else ()
        return [self.by_element[label] for label in labels if label in self.by_element]

    def _redundant_label(self, label: AXObject, control: AXObject) -> bool:
        el = control.element
        if el.local_name != "input" or forms.input_type(el) not in ("checkbox", "radio"):
            return False
        if not control.has_layout or control.hidden_via_style:
            return False
        if el.has("aria-labelledby") or el.has("aria-label"):
            return False
        kids = list(label.element)
        return not kids or (len(kids) == 1 and kids[0] is el)

    # --- included --------------------------------------------------------------

    def _ignored_but_included(self, obj: AXObject) -> bool:
        el = obj.element
        if obj.owned_by is not None or (el is not None and el.has("aria-owns")):
            return True
        if obj.in_ua_shadow and _ua_host(obj).tag() in ("video", "audio"):
            return True  # media controls stay in the tree, even hidden
        if obj.in_ua_shadow and obj.parent.in_ua_shadow and obj.hidden_via_style:
            # Hidden (display:none or visibility:hidden), a UA shadow tree keeps
            # only its shadow-root child: the deeper internals are neither
            # visible line-breaking boxes nor shadow-root children -- unless
            # they feed a label or description (a hidden select's option slot).
            return obj.used_for_label
        if obj.kind in ("anonymous", "anonymous-box"):
            # Node-less content is kept unless hidden (hidden content stays
            # only where it may name something).
            return obj.aria_hidden_root is None and (not obj.hidden_via_style or obj.used_for_label)
        if obj.kind in ("ua-box", "ua-block"):
            return True
        if obj.kind == "element" and not obj.in_ua_shadow and obj.parent.in_ua_shadow:
            return True  # slotted into a UA shadow tree: its flat-tree parent is not its DOM parent
        if obj.kind in ("ua-internal", "ua-placeholder", "ua-slot", "inner-editor"):
            if obj.parent is not None and obj.parent.kind == "ua-internal" and _shadow_host_type(obj) in ("search", "number"):
                return False  # rule 7: search/number internals stay out
            return True  # a shadow-root child, or a visible block
        if obj.tag() == "label":
            return True
        node = obj.node
        dom_parent = _dom_parent(obj) if node is not None and obj.kind in ("element", "text") else None
        if obj.kind in ("element", "text") and (dom_parent is None or isinstance(dom_parent, ShadowRoot) or self.flat.slot_of(node) is not None):
            return True
        if obj.kind in ("element", "text") and isinstance(dom_parent, Element) and dom_parent.is_html:
            if dom_parent.local_name == "label" and obj.tag() != "span":
                return True
            if dom_parent.local_name in ("map", "rt"):
                return True
        if obj.kind == "pseudo":
            return True
        if any(c.kind == "pseudo" for c in obj.children):
            return True
        if obj.used_for_label and obj.kind != "text" or (obj.kind == "text" and obj.used_for_label):
            if not obj.has_layout:
                # Datalists and their options are left out; Chromium 156 keeps
                # the options of a hidden <select> (seen in its output).
                return not (obj.tag() == "datalist" or obj.tag() == "option" and _in_datalist(obj))
            if obj.hidden_via_style:
                return True
            if obj.aria_hidden_root is not None:
                return True
        if obj.kind == "text":
            return False
        tag = obj.tag()
        if tag == "html" or obj.role in ("Video", "Audio", "Menu"):
            return True
        if self._is_line_breaking(obj) and obj.is_visible_box() and obj.aria_hidden_root is None and obj.inert_root is None:
            return True
        if tag in ("rt", "table", "tbody", "tr", "td", "th"):
            return True
        if el is not None and el.has("lang"):
            return True
        return False

    @staticmethod
    def _is_line_breaking(obj: AXObject) -> bool:
        """AXNodeObject::IsLineBreakingObject: a block box, a <br>, or else (the
        AXObject fallback) an element whose role is structural, e.g. an inline
        <address> (Group); images and SVG elements excepted."""
        if obj.role == "None" or obj.kind not in ("element",):
            return False
        if obj.has_layout and not obj.is_layout_inline() and not obj.is_atomic_inline() or obj.tag() == "br":
            return True
        return obj.role in STRUCTURE_ROLES and obj.role not in IMAGE_ROLES and obj.element.namespace != SVG_NS

    # --- aria-owns and assembly ---------------------------------------------------

    def _apply_aria_owns(self) -> None:
        self._owned: dict[int, list[AXObject]] = {}
        for obj in self.objects:
            if obj.kind != "element" or not obj.has_attr("aria-owns") or not _valid_owner(obj):
                continue
            owned = []
            for target in self.objects_for_idrefs(obj, "aria-owns"):
                # First owner in tree order wins; Chromium's order is a hash set's (docs/divergences.md).
                if target.owned_by is not None or not _valid_owned(target) or _owns_cycle(obj, target):
                    continue
                target.owned_by = obj
                if roles.raw_aria_role(target.element) in REQUIRED_CONTEXT_ARIA:
                    target.role = roles.compute_role(target)  # the owner may be its context
                owned.append(target)
            if owned:
                self._owned[id(obj)] = owned

    def _assemble(self, root: AXObject) -> None:
        """tree_children: included children, non-included ones spliced in; owned children last."""
        # Non-included objects get them too: a name computed from one (an
        # aria-labelledby target) reads its included descendants.
        for obj in self.objects:
            out: list[AXObject] = []
            stack = list(reversed(obj.children))
            while stack:
                child = stack.pop()
                if child.owned_by is not None:
                    continue  # placed after its owner's natural children
                if child.included:
                    out.append(child)
                else:
                    stack.extend(reversed(child.children))
            out.extend(self._owned.get(id(obj), []))
            obj.tree_children = tuple(out)

    def _finalize_roles(self) -> None:
        """AXObject::ComputeFinalRoleForSerialization: an included <svg> root with no
        unignored children is exposed as an image (svg-aam issue 12); a list item
        of a list in DPub endnotes/bibliography is an endnote/biblioentry."""
        for obj in self.objects:
            if obj.role == "SvgRoot" and obj.included and not obj.unignored_children():
                obj.role = "Image"
            elif obj.role == "ListItem" and obj.included and not obj.ignored:
                obj.role = self._dpub_list_item_role(obj)

    def _dpub_list_item_role(self, item: AXObject) -> str:
        """The deprecated doc-endnote/doc-biblioentry roles live on as the items of
        a list directly in doc-endnotes/doc-bibliography (not of nested lists)."""
        ancestor = self._unignored_parent(item)
        if ancestor is None or ancestor.role != "List":
            return item.role
        while (ancestor := self._unignored_parent(ancestor)) is not None and ancestor.role != "List":
            if ancestor.role in DPUB_LIST_ITEM_ROLES:
                return DPUB_LIST_ITEM_ROLES[ancestor.role]
        return item.role

    def _unignored_parent(self, obj: AXObject) -> AXObject | None:
        parent = self.included_parent(obj)
        while parent is not None and parent.ignored:
            parent = self.included_parent(parent)
        return parent

    def unignored_next_sibling(self, obj: AXObject) -> AXObject | None:
        """AXObject::UnignoredNextSibling: the next object among the unignored
        children of obj's unignored parent."""
        parent = self._unignored_parent(obj)
        siblings = parent.unignored_children() if parent is not None else []
        index = next((i for i, s in enumerate(siblings) if s is obj), None)
        return siblings[index + 1] if index is not None and index + 1 < len(siblings) else None

    def included_parent(self, obj: AXObject) -> AXObject | None:
        if obj.owned_by is not None:
            return obj.owned_by
        parent = obj.parent
        while parent is not None and not parent.included:
            parent = parent.owned_by or parent.parent
        return parent


class _AfterPseudo(Node):
    """A stack sentinel: add the owner's ::after box once its children are done."""

    __slots__ = ("owner",)

    def __init__(self, owner: AXObject) -> None:
        super().__init__()
        self.owner = owner


def _all_nodes(document: Document):
    stack: list[Node] = [document]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.children)
        if isinstance(node, Element) and node.shadow_root is not None:
            stack.append(node.shadow_root)


def _preorder(root: AXObject):
    stack = [root]
    while stack:
        obj = stack.pop()
        yield obj
        stack.extend(reversed(obj.children))


def _hidden(obj: AXObject) -> bool:
    """IsHiddenViaStyle() || IsAriaHidden()."""
    return obj.hidden_via_style or obj.aria_hidden_root is not None


def _is_ancestor(candidate: AXObject, obj: AXObject) -> bool:
    return any(a is candidate for a in obj.iter_ancestors())


_NO_OWNED_CHILDREN_TAGS = frozenset({"br", "iframe", "frame", "fencedframe"})
_UNOWNABLE_TAGS = frozenset({"area", "option", "optgroup"})


def _valid_owner(obj: AXObject) -> bool:
    """AXRelationCache::IsValidOwner: text fields, frames, <br>, images and
    aria-hidden objects cannot take aria-owns children."""
    if obj.tag() in _NO_OWNED_CHILDREN_TAGS or obj.role == "Image" or obj.aria_hidden_root is not None:
        return False
    return not roles.is_text_field(obj)


def _valid_owned(target: AXObject) -> bool:
    """AXRelationCache::IsValidOwnedChild: a rendered element that is not an
    <area>/<option>/<optgroup> and not itself aria-hidden."""
    if target.kind != "element" or not target.has_layout or target.tag() in _UNOWNABLE_TAGS:
        return False
    return (target.attr("aria-hidden") or "").strip().lower() != "true"


def _owns_cycle(owner: AXObject, target: AXObject) -> bool:
    """AXRelationCache's ContainsCycle: the target is the owner, a DOM ancestor of it,
    or an ancestor through aria-owns (an owned object's parent is its owner)."""
    if _is_ancestor(target, owner):
        return True
    ancestor: AXObject | None = owner
    while ancestor is not None:
        if ancestor is target:
            return True
        ancestor = ancestor.owned_by or ancestor.parent
    return False


def _boxes(display: str, parent_box: bool, own_box: bool = True) -> tuple[bool, bool]:
    """(whether an element gets a box, whether its children can): display:contents
    makes no box of its own yet leaves its children theirs."""
    has_box = own_box and parent_box and display not in ("none", "contents")
    return has_box, has_box or (display == "contents" and parent_box)


def _is_pruned(el: Element, parent: AXObject) -> bool:
    if el.namespace == HTML_NS:
        tag = el.local_name
        if tag in _PRUNED_TAGS:
            return True
        if tag == "area" and not (isinstance(el.parent, Element) and el.parent.local_name == "map"):
            return True
        if tag in ("head", "script", "style", "template", "meta", "link", "base", "noscript") and tag != "noscript":
            return True
        if tag == "slot" and not el.children and not parent.node is None:
            return False
    if parent.kind == "element" and parent.tag() in ("iframe", "frame"):
        return True
    return False


def _has_media_source(el: Element) -> bool:
    """Whether resource selection has something to try: a src, or a <source> child."""
    return bool(el.attrs.get("src")) or any(
        isinstance(c, Element) and c.is_html and c.local_name == "source" for c in el.children
    )


def _in_datalist(obj: AXObject) -> bool:
    return any(a.tag() == "datalist" for a in obj.iter_ancestors())


def _is_select_item(node: Node) -> bool:
    return isinstance(node, Element) and node.is_html and node.local_name in ("option", "optgroup", "hr")


def _select_button(select: Element) -> Element | None:
    """The select's button: its first element child, when that is a <button>
    (HTMLSelectElement::SlottedButton)."""
    first = next((c for c in select.children if isinstance(c, Element)), None)
    if first is not None and first.is_html and first.local_name == "button":
        return first
    return None


def _image_loads(src: str | None) -> bool:
    """axsynth fetches nothing: only a data: URL counts as a loaded image (as in
    an offline capture; see docs/divergences.md)."""
    return bool(src) and src.strip().lower().startswith("data:")



def _ua_host(obj: AXObject) -> AXObject | None:
    """The element whose synthesized UA shadow tree holds obj."""
    host = obj.parent
    while host is not None and host.in_ua_shadow:
        host = host.parent
    return host


def _shadow_host_type(obj: AXObject) -> str | None:
    """The input type of the <input> whose UA shadow tree holds obj."""
    host = _ua_host(obj)
    if host is None or host.tag() != "input":
        return None
    return forms.input_type(host.node)


def _can_have_children(obj: AXObject) -> bool:
    tag = obj.tag()
    el = obj.node
    if tag in ("img", "hr", "progress", "br", "map", "iframe", "frame", "option"):
        return False
    if tag == "input" and forms.input_type(el) in _LEAF_INPUTS:
        return False
    if tag == "template":
        return False
    return True


def _is_data_table(table: Element, obj: AXObject) -> bool:
    """AXNodeObject::IsDataTable, without the layout-dependent cell-size checks."""
    if not obj.has_layout:
        return True
    if table.attrs.get("summary", "").strip() or table.attrs.get("rules", "").strip():
        return True
    kids = [c for c in table if c.is_html]
    if any(c.local_name in ("thead", "tfoot", "caption") for c in kids):
        return True
    if kids and kids[0].local_name in ("col", "colgroup"):
        return True
    rows = [r for r in _table_rows(table)]
    if len(rows) >= 20:
        return True
    if not rows:
        return False
    cells = [c for r in rows for c in r if c.is_html and c.local_name in ("td", "th")]
    if len(rows) == 1 and len(cells) == 1:
        return False
    for cell in cells:
        if cell.local_name == "th":
            return True
        if any(cell.attrs.get(a, "").strip() for a in ("headers", "abbr", "axis", "scope")):
            return True
    border = table.attrs.get("border")
    if border is not None and border.strip() not in ("0",) and len(cells) > 1:
        return True
    return False


def _table_rows(table: Element):
    for child in table:
        if not child.is_html:
            continue
        if child.local_name == "tr":
            yield child
        elif child.local_name in ("tbody", "thead", "tfoot"):
            yield from (r for r in child if r.is_html and r.local_name == "tr")


def _is_aria_hidden(el: Element) -> bool:
    value = el.attrs.get("aria-hidden")
    return value is not None and value.strip().lower() not in ("", "false", "undefined")


def _is_form_control(el: Element) -> bool:
    return el.is_html and el.local_name in ("input", "button", "select", "textarea", "fieldset", "output")


def _disabled_control(obj: AXObject) -> bool:
    el = obj.element
    return el is not None and _is_form_control(el) and el.has("disabled")


def _prev_in_flow(siblings: list[AXObject], index: int) -> AXObject | None:
    for sib in reversed(siblings[:index]):
        if sib.kind == "pseudo" and sib.pseudo_which == "marker":
            continue
        if sib.has_layout and not (sib.kind == "element" and sib.is_out_of_flow()):
            if sib.kind == "element" and sib.display == "contents":
                continue
            return sib
    return None


def _prev_absolute(parent: AXObject, index: int, dom_children: dict) -> AXObject | None:
    """NodeTraversal::PreviousAbsoluteSibling: the previous sibling, else an ancestor's."""
    return _absolute_sibling(parent, index, -1, dom_children)


def _next_absolute(parent: AXObject, index: int, dom_children: dict) -> AXObject | None:
    """NodeTraversal::NextSkippingChildren: the next sibling, else an ancestor's."""
    return _absolute_sibling(parent, index, 1, dom_children)


# MathML token elements lay out text; other MathML boxes (LayoutMathMLBlock::IsChildAllowed)
# take only MathML element children, so their text gets no layout object.
_MATHML_TOKENS = frozenset({"mi", "mn", "mo", "ms", "mtext"})


def _rejects_text(parent: AXObject) -> bool:
    el = parent.element
    return el is not None and el.namespace == MATHML_NS and el.local_name not in _MATHML_TOKENS


def _absolute_sibling(parent: AXObject, index: int, step: int, dom_children: dict) -> AXObject | None:
    siblings = dom_children.get(id(parent), parent.children)
    node = parent
    while True:
        if 0 <= index + step < len(siblings):
            return siblings[index + step]
        if node.parent is None:
            return None
        siblings = dom_children.get(id(node.parent), node.parent.children)
        index = siblings.index(node)
        node = node.parent


def _auto_quotes(el: Element) -> tuple[tuple[str, str], ...]:
    """``quotes: auto``: the pairs of the element's language (its nearest ``lang``),
    the longest tag prefix the table knows ("zh-Hant-TW" -> "zh-hant"), else English."""
    language = _language(el).lower()
    while language and language not in QUOTES_BY_LANGUAGE:
        language = language.rpartition("-")[0]
    open1, close1, open2, close2 = QUOTES_BY_LANGUAGE[language or DEFAULT_LANGUAGE]
    return (open1, close1), (open2, close2)


def _language(el: Element) -> str:
    """The ``lang`` attribute of the nearest element that has one, across shadow
    boundaries (an ``xml:lang`` written in HTML is just an attribute)."""
    node: Node | None = el
    while node is not None:
        if isinstance(node, Element) and "lang" in node.attrs:
            return node.attrs["lang"].strip()
        node = node.host if isinstance(node, ShadowRoot) else node.parent
    return ""


def _content_segments(el: Element, parts: tuple, style: dict, depth: int, counters: dict) -> tuple[list, int]:
    """The layout objects of a ``content`` list: ("text", s) for each run of
    strings/attr() (one LayoutTextFragment), ("counter", s) for each counter,
    ("image", "") for each url() image, ("quote", s) for each quote
    (its own LayoutQuote); and the document's quote depth afterwards."""
    segments: list[tuple[str, str]] = []
    quotes = style.get("quotes", "auto")
    pairs = _auto_quotes(el) if quotes == "auto" else () if quotes == "none" else quotes
    for part in parts:
        kind = part[0]
        if kind in ("open-quote", "no-open-quote"):
            text = pairs[min(depth, len(pairs) - 1)][0] if pairs and kind == "open-quote" else ""
            depth += 1
            segments.append(("quote", text))
        elif kind in ("close-quote", "no-close-quote"):
            depth = max(depth - 1, 0)
            text = pairs[min(depth, len(pairs) - 1)][1] if pairs and kind == "close-quote" else ""
            segments.append(("quote", text))
        elif kind in ("counter", "counters"):  # each counter is its own LayoutCounter
            segments.append(("counter", _counter_text(part, counters.get(part[1], (0,)))))
        elif kind == "image":  # each image is its own anonymous LayoutImage
            segments.append(("image", ""))
        else:
            text = _content_text(el, (part,))
            if segments and segments[-1][0] == "text":
                segments[-1] = ("text", segments[-1][1] + text)
            else:
                segments.append(("text", text))
    return segments, depth


def _content_text(el: Element, parts: tuple, counters: dict | None = None) -> str:
    out = []
    for part in parts:
        if part[0] == "text":
            out.append(part[1])
        elif part[0] in ("counter", "counters"):
            out.append(_counter_text(part, (counters or {}).get(part[1], (0,))))
        elif part[0] == "attr":
            out.append(el.attrs.get(part[1], ""))
        elif part[0] == "open-quote":
            out.append("\u201c")
        elif part[0] == "close-quote":
            out.append("\u201d")
    return "".join(out)


def _counter_text(part: tuple, values: tuple[int, ...]) -> str:
    """counter(name, style): the innermost value; counters(name, sep, style): all, joined."""
    if part[0] == "counter":
        return format_counter(values[-1], part[2])
    return part[3].join(format_counter(v, part[2]) for v in values)


def _drop_space_after_floated_letter(text: AXObject) -> None:
    """The rest of the text starts a line beside the floated letter, so a space
    right after the letter collapses away; the StaticText joins the two."""
    rendered = text.rendered_text
    length = first_letter.first_letter_length(rendered)
    if length and rendered[length:length + 1] == " " and text.style["white-space"] not in PRESERVES_SPACES:
        text.rendered_text = rendered[:length] + rendered[length + 1:]


def _dom_parent(obj: AXObject) -> Node | None:
    """The object's DOM parent. UA-shadow nodes built here are not linked into the
    DOM: one below another such element is its child, the first a shadow-root child."""
    if obj.in_ua_shadow and obj.parent is not None and obj.parent.in_ua_shadow:
        return obj.parent.node
    return obj.node.parent


def _marker_text(li: AXObject, style: dict, ordinal: int) -> str:
    content = style["content"]
    if isinstance(content, tuple):
        return _content_text(li.node, content[0])
    kind = style["list-style-type"]
    if isinstance(kind, tuple):
        return kind[1]
    if kind in ("disc", "circle", "square", "disclosure-open", "disclosure-closed"):
        return {"disc": "\u2022 ", "circle": "\u25e6 ", "square": "\u25a0 ",
                "disclosure-open": "\u25be ", "disclosure-closed": "\u25b8 "}[kind]
    if kind == "none":
        return ""
    return format_counter(ordinal, kind) + ". "
