"""What the browser's HTML forms code answers about a document's controls.

One home for these facts, read by both engines: Chromium's accessibility code
asks Blink's form elements, and Playwright's injected script asks the DOM those
same elements build, so the two must get the same answers (an input's type, its
labels, whether it is disabled, which option is selected, which radio is checked).
The rules are the HTML standard's, as Blink implements them.
"""

from __future__ import annotations

from typing import Iterator

from ..data.forms import INPUT_TYPES, LABELABLE_ELEMENTS, LIST_INPUT_TYPES
from .dom import Document, Element, Node, ShadowRoot, Text, element_by_id, parse_int, resolve_reference_target

_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")

# Form controls that can be disabled (HTMLFormControlElement and <option>).
_DISABLEABLE = frozenset({"input", "button", "select", "textarea", "option"})
_FORM_CONTROLS = frozenset({"input", "button", "select", "textarea", "fieldset", "output"})
# Listed elements (HTML §4.10.2): those a form's elements collection lists.
_LISTED = frozenset({"button", "fieldset", "input", "object", "output", "select", "textarea"})
# InputType::SupportsPopoverTriggering: the button-like input types.
_POPOVER_INVOKER_INPUTS = frozenset({"button", "reset", "submit", "image"})
_TEXT_CONTROL_TYPES = frozenset({"text", "search", "tel", "url", "email", "password", "number"})


def ascii_lower(text: str) -> str:
    """ASCII lowercase: how HTML matches enumerated keywords (str.lower() would
    also fold non-ASCII letters, such as the Kelvin sign into "k")."""
    return text.translate(_ASCII_LOWER)


def is_html(el: Element, name: str) -> bool:
    return el.is_html and el.local_name == name


# --- inputs -------------------------------------------------------------------


def input_type(el: Element) -> str:
    """HTMLInputElement's type: the attribute matched as an ASCII-case-insensitive
    keyword, never trimmed (``" checkbox "`` is no keyword); "text" otherwise."""
    value = ascii_lower(el.attrs.get("type", ""))
    return value if value in INPUT_TYPES else "text"


def datalist_of(el: Element) -> Element | None:
    """HTMLInputElement::DataList: the <datalist> the list attribute names, in
    the input's own tree, for types that respect the attribute."""
    idref = el.attrs.get("list")
    if not idref or input_type(el) not in LIST_INPUT_TYPES:
        return None
    root = el
    while root.parent is not None:
        root = root.parent
    target = next((e for e in root.iter_elements() if e.attrs.get("id") == idref), None)
    return target if target is not None and is_html(target, "datalist") else None


def is_text_control(el: Element | None) -> bool:
    """blink::IsTextControl: <textarea> or a text-like <input>."""
    if el is None or el.local_name not in ("input", "textarea") or not el.is_html:
        return False
    return el.local_name == "textarea" or input_type(el) in _TEXT_CONTROL_TYPES


def textarea_value(el: Element) -> str:
    """A <textarea>'s API value: its child text content (the parser already dropped a
    newline right after the start tag) with every CR LF and lone CR (a ``&#13;``)
    made a LF."""
    return el.text_content().replace("\r\n", "\n").replace("\r", "\n")


# --- labels -------------------------------------------------------------------


def is_labelable(el: Element) -> bool:
    """A labelable element (HTML §4.10.2): what a <label> can name; so is a shadow
    host whose shadow root's reference target is one (probed: its label name source)."""
    if el.shadow_root is not None and el.shadow_root.reference_target is not None and el.is_html:
        target = resolve_reference_target(el)
        return target is not None and is_labelable(target)
    if not el.is_html or el.local_name not in LABELABLE_ELEMENTS:
        return False
    return el.local_name != "input" or input_type(el) != "hidden"


def labeled_control(label: Element) -> Element | None:
    """HTMLLabelElement::control: the ``for`` target in the label's tree (when
    labelable; a host forwards to its shadow root's reference target), else its
    first labelable descendant."""
    if "for" in label.attrs:
        target = resolve_reference_target(element_by_id(label, label.attrs["for"]))
        return target if target is not None and is_labelable(target) else None
    return next((e for e in label.iter_elements() if is_labelable(e)), None)


# --- disabled -----------------------------------------------------------------


def is_disabled(el: Element) -> bool:
    """A form control's disabled state (HTMLFormControlElement::IsDisabledFormControl,
    HTMLOptionElement::IsDisabledFormControl): its own attribute, a disabled
    <optgroup> parent for an option, or a disabled fieldset around it."""
    if not el.is_html or el.local_name not in _DISABLEABLE:
        return False
    if el.local_name == "option":
        return option_disabled(el)
    return "disabled" in el.attrs or in_disabled_fieldset(el) or in_archive(el)


def in_archive(el: Element) -> bool:
    """Whether the element's document is shown as Chromium shows an opened archive
    (MHTML, ``--archive-view``): sandboxed, so every form control is disabled."""
    root = el.tree_root
    while isinstance(root, ShadowRoot):
        root = root.host.tree_root
    return isinstance(root, Document) and root.archived


def has_disabled_attribute(el: Element | None) -> bool:
    """A form-control element (input, button, select, textarea, fieldset, output)
    carrying the disabled attribute itself, or in a document shown as an opened
    archive (where IsDisabledFormControl holds for every one of them)."""
    return (
        el is not None and el.is_html and el.local_name in _FORM_CONTROLS and ("disabled" in el.attrs or in_archive(el))
    )


def carries_disabled_attribute(el: Element | None) -> bool:
    """A form-control element carrying the disabled attribute itself (what a date field
    of its UA shadow tree asks: an opened archive leaves those fields settable)."""
    return el is not None and el.is_html and el.local_name in _FORM_CONTROLS and "disabled" in el.attrs


def option_disabled(option: Element) -> bool:
    """An option is disabled by its attribute or by its <optgroup> parent's."""
    parent = option.parent
    return "disabled" in option.attrs or (
        isinstance(parent, Element) and is_html(parent, "optgroup") and "disabled" in parent.attrs
    )


def in_disabled_fieldset(el: Element) -> bool:
    """Inside a disabled <fieldset>, and not inside that fieldset's first <legend>."""
    node = el.parent
    while isinstance(node, Element):
        if is_html(node, "fieldset") and "disabled" in node.attrs:
            legend = next((c for c in node.children if isinstance(c, Element) and is_html(c, "legend")), None)
            if legend is None or not is_inclusive_ancestor(legend, el):
                return True
        node = node.parent
    return False


# --- form owner and selects ------------------------------------------------------


def form_owner(el: Element) -> Element | None:
    """The form owner (HTML §4.10.17.3): the form a ``form`` attribute names,
    else the nearest <form> ancestor."""
    if "form" in el.attrs:
        owner = element_by_id(el, el.attrs["form"])
        return owner if owner is not None and is_html(owner, "form") else None
    node = el.parent
    while isinstance(node, Element) and not is_html(node, "form"):
        node = node.parent
    return node if isinstance(node, Element) else None


def select_size(select: Element) -> int:
    """HTMLSelectElement.size: the attribute as a non-negative integer, else 0."""
    size = parse_int(select.attrs.get("size", ""))
    return size if size is not None and size >= 0 else 0


def uses_menu_list(select: Element) -> bool:
    """HTMLSelectElement::UsesMenuList: a drop-down (not multiple, size <= 1); an
    explicit size=1 shows a multi-select as a drop-down too."""
    size = select_size(select) if select.attrs.get("size") else None
    if "multiple" in select.attrs:
        return size == 1
    return size is None or size <= 1


def option_list(select: Element) -> list[Element]:
    """The select's list of options: descendant <option>s, not those of a nested
    <select> or <datalist>."""
    out = []
    stack = list(reversed(select.children))
    while stack:
        node = stack.pop()
        if isinstance(node, Element) and node.is_html:
            if node.local_name == "option":
                out.append(node)
            elif node.local_name not in ("select", "datalist"):
                stack.extend(reversed(node.children))
    return out


def owner_select(option: Element) -> Element | None:
    """The <select> an option belongs to (its nearest select ancestor)."""
    return html_ancestor(option, "select")


def html_ancestor(el: Element, name: str) -> Element | None:
    """The nearest ancestor that is the HTML element ``name``."""
    node = el.parent
    while isinstance(node, Element):
        if is_html(node, name):
            return node
        node = node.parent
    return None


def button_type(button: Element) -> str:
    """A <button>'s type: "submit" (also for a missing or invalid value), "reset" or "button"."""
    kind = (button.attrs.get("type") or "").strip().lower()
    return kind if kind in ("reset", "button") else "submit"


def selected_options(select: Element) -> list[Element]:
    """The selectedness algorithm: a multiple select keeps every option marked
    selected; a single one the last marked, else (drop-down only) its first option
    that is not disabled."""
    options = option_list(select)
    marked = [o for o in options if "selected" in o.attrs]
    if "multiple" in select.attrs:
        return marked
    if marked:
        return marked[-1:]
    if not uses_menu_list(select):
        return []
    return next(([o] for o in options if not option_disabled(o)), [])


def slotted_button(select: Element) -> Element | None:
    """HTMLSelectElement::SlottedButton: a drop-down select's first element child,
    when that is a <button> (customizable select's button; appearance: base-select
    renders it in place of the select's own)."""
    first = next((c for c in select.children if isinstance(c, Element)), None)
    return first if first is not None and is_html(first, "button") else None


# HTML's interactive content (a[href], audio/video[controls] and img[usemap] aside).
_INTERACTIVE = frozenset({"button", "details", "embed", "iframe", "label", "select", "textarea", "input"})


def has_interactive_content(select: Element) -> bool:
    """Whether interactive content besides the slotted button sits in a select (say a
    button in its picker or in an option): a base-select picker is then a dialog,
    not a listbox popup (probed; tabindex and contenteditable do not count)."""
    button = slotted_button(select)
    stack = [c for c in reversed(select.children) if c is not button]
    while stack:
        node = stack.pop()
        if not isinstance(node, Element) or not node.is_html:
            continue
        name = node.local_name
        if (
            name in _INTERACTIVE
            or name == "a"
            and "href" in node.attrs
            or name in ("audio", "video")
            and "controls" in node.attrs
            or name == "img"
            and "usemap" in node.attrs
        ):
            return True
        stack.extend(reversed(node.children))
    return False


def selectedcontent_of(select: Element) -> Element | None:
    """The select's enabled <selectedcontent>: the first one in it (outside an
    option), unless the select is multiple."""
    if "multiple" in select.attrs:
        return None
    stack = list(reversed(select.children))
    while stack:
        node = stack.pop()
        if isinstance(node, Element) and node.is_html and node.local_name not in ("option", "select", "datalist"):
            if node.local_name == "selectedcontent":
                return node
            stack.extend(reversed(node.children))
    return None


def clone_selected_content(document: Document) -> None:
    """Update every select's <selectedcontent> (HTML's "clone selected option into
    select's selectedcontent", run by the select itself, script or not): its
    children become a deep copy of the selected option's children."""
    for select in [el for el in all_elements(document) if is_html(el, "select")]:
        target = selectedcontent_of(select)
        if target is None:
            continue
        selected = selected_options(select)
        for child in target.children:
            child.parent = None
        target.children = []
        for child in selected[-1].children if selected else ():
            _append_copy(target, child)


def _append_copy(parent: Element, original: Node) -> None:
    """Append a deep copy of ``original`` (its elements and text; comments are not
    rendered) to ``parent``."""
    stack: list[tuple[Node, Element]] = [(original, parent)]
    while stack:
        node, into = stack.pop()
        if isinstance(node, Element):
            copy: Node = Element(node.local_name, node.namespace, dict(node.attrs))
            stack.extend((child, copy) for child in reversed(node.children))
        elif isinstance(node, Text):
            copy = Text(node.data)
        else:
            continue
        copy.parent = into
        into.children.append(copy)


def popover_target(el: Element) -> Element | None:
    """HTMLFormControlElement::popoverTargetElement: the element with a popover
    attribute that an enabled button (or button-like input) names by popovertarget;
    none for a submit button that has a form to submit."""
    if not el.is_html or not el.has("popovertarget") or is_disabled(el):
        return None
    if el.local_name == "button":
        submits = button_type(el) == "submit"
    elif el.local_name == "input" and input_type(el) in _POPOVER_INVOKER_INPUTS:
        submits = input_type(el) in ("submit", "image")
    else:
        return None
    if submits and form_owner(el) is not None:
        return None
    target = element_by_id(el, el.attrs["popovertarget"])
    return target if target is not None and target.is_html and target.has("popover") else None


_POPOVER_COMMANDS = frozenset({"toggle-popover", "show-popover", "hide-popover"})


def popover_command_target(el: Element) -> Element | None:
    """The element an enabled <button> shows or hides with a popover command
    (``commandfor`` + ``command=toggle-popover|show-popover|hide-popover``, ASCII
    case-insensitive), as accessibility reads it (HTMLButtonElement::commandForElement):
    any element counts, a popover or not (probed: a dialog told to show-popover is a
    collapsed target), and so does a submit button in a form, which would submit instead."""
    if not is_html(el, "button") or not el.has("commandfor") or is_disabled(el):
        return None
    if ascii_lower(el.attrs.get("command", "").strip()) not in _POPOVER_COMMANDS:
        return None
    return element_by_id(el, el.attrs["commandfor"])


# --- the per-document answers -----------------------------------------------------


class Forms:
    """Facts that need the whole document: labels of a control, selectedness of
    options, checkedness of radio groups; each computed once per document."""

    def __init__(self, document: Node) -> None:
        self.document = document
        self._labels: dict[Element, list[Element]] | None = None
        self._selected: dict[Element, list[Element]] = {}
        self._checked_radios: set[Element] | None = None
        self._listed: dict[Element, list[Element]] | None = None

    @staticmethod
    def of(node: Node) -> "Forms":
        """The Forms of the document ``node`` is in (through shadow hosts), made once
        and kept on it, so the cascade and both engines share one; a node outside any
        document gets a new one for its tree."""
        root = node.tree_root
        while isinstance(root, ShadowRoot):
            root = root.host.tree_root
        if not isinstance(root, Document):
            return Forms(root)
        if root.forms is None:
            root.forms = Forms(root)
        return root.forms

    def labels(self, control: Element) -> list[Element]:
        """``control.labels``: every label whose labeled control it is, in tree order."""
        if not is_labelable(control):
            return []
        if self._labels is None:
            self._labels = {}
            for el in all_elements(self.document):
                if is_html(el, "label"):
                    target = labeled_control(el)
                    if target is not None:
                        self._labels.setdefault(target, []).append(el)
        return self._labels.get(control, [])

    def is_selected(self, option: Element) -> bool:
        """``option.selected``, after its select's selectedness algorithm ran."""
        select = owner_select(option)
        if select is None:
            return "selected" in option.attrs
        if select not in self._selected:
            self._selected[select] = selected_options(select)
        return option in self._selected[select]

    def selected_options(self, select: Element) -> list[Element]:
        if select not in self._selected:
            self._selected[select] = selected_options(select)
        return self._selected[select]

    def is_checked(self, el: Element) -> bool:
        """``input.checked`` of a checkbox or radio from its markup: a checked radio
        unchecks the earlier ones of its group, so the last one marked wins."""
        if "checked" not in el.attrs:
            return False
        if input_type(el) != "radio" or not el.attrs.get("name"):
            return True
        if self._checked_radios is None:
            last: dict[tuple, Element] = {}
            for radio in self._named_radios():
                if "checked" in radio.attrs:
                    last[_radio_group_key(radio)] = radio
            self._checked_radios = set(last.values())
        return el in self._checked_radios

    def listed_elements(self, form: Element) -> list[Element]:
        """``form.elements`` with fieldsets and objects: the listed elements (button,
        fieldset, input, object, output, select, textarea) whose form owner it is, in tree order."""
        if self._listed is None:
            self._listed = {}
            for el in all_elements(self.document):
                if el.local_name in _LISTED and el.is_html:
                    owner = form_owner(el)
                    if owner is not None:
                        self._listed.setdefault(owner, []).append(el)
        return self._listed.get(form, [])

    def default_button(self, form: Element) -> Element | None:
        """The form's default button: its first submit button in tree order (a
        disabled one too)."""
        for el in self.listed_elements(form):
            if (el.local_name == "button" and button_type(el) == "submit") or (
                el.local_name == "input" and input_type(el) in ("submit", "image")
            ):
                return el
        return None

    def radio_group(self, radio: Element) -> list[Element]:
        """The radio button group: same name, same form owner, same tree."""
        if not radio.attrs.get("name"):
            return [radio]
        key = _radio_group_key(radio)
        return [r for r in self._named_radios() if _radio_group_key(r) == key]

    def _named_radios(self) -> Iterator[Element]:
        for el in all_elements(self.document):
            if is_html(el, "input") and input_type(el) == "radio" and el.attrs.get("name"):
                yield el


def _radio_group_key(radio: Element) -> tuple:
    return radio.tree_root, form_owner(radio), radio.attrs["name"]


def all_elements(document: Document) -> Iterator[Element]:
    """Every element of the document and of every author shadow tree in it."""
    roots: list[Node] = [document]
    while roots:
        root = roots.pop()
        for el in root.iter_elements():
            yield el
            if el.shadow_root is not None and el.shadow_root.mode in ("open", "closed"):
                roots.append(el.shadow_root)  # an author's shadow tree; not a UA one


def is_inclusive_ancestor(ancestor: Node, node: Node) -> bool:
    current: Node | None = node
    while current is not None:
        if current is ancestor:
            return True
        current = current.parent
    return False
