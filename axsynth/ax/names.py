"""Accessible names and descriptions, as Chromium computes them (accname 1.2 with
blink's AXNodeObject::TextAlternative), including the ``sources`` it reports.

With sources, every candidate source is recorded (later ones ``superseded``);
without, the computation returns at the first text found, as Chromium's second
pass does (it decides where the name came from, which the description needs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..data.aria import (
    CONTROL_ROLES,
    NAME_FROM_CONTENTS,
    NAME_FROM_CONTENTS_RECURSIVE_ONLY,
    NAME_NEVER_FROM_CONTENTS,
    NAME_PROHIBITED,
)
from ..data.forms import DATE_TIME_LAYOUTS
from ..data.media_controls import PLAYBACK_ERROR
from ..html import focus, forms, media
from ..html.dom import SVG_NS, Element
from ..style.properties import content_image
from . import roles
from .carousel import carousel_name, has_alt_text, is_carousel_pseudo
from .inner_text import inner_text
from .name_sources import (
    NameSource,
    has_one_text_child,
    simplify_name,
    simplify_whitespace,
    svg_child_text,
)
from .native_names import NativeNames
from .object import AXObject
from .values import range_value

if TYPE_CHECKING:
    from .tree import AXTree

# WTF::String::StripWhiteSpace's set: ASCII white space and the characters of bidi
# class WS (U+2009 thin space...), not a no-break space (str.strip() would take it).
_STRIPPED_SPACE = (
    " \t\n\v\f\r\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u205f\u3000"
)
MAX_DESCENDANTS = 100  # kMaxDescendantsForTextAlternativeComputation
_SPACED_NAME_FROM = frozenset(
    {
        "attribute",
        "caption",
        "css-alt",
        "placeholder",
        "related",
        "svg-title",
        "title",
        "value",
    }
)


class Names:
    """Names and descriptions of one finished tree. The tree never changes once built,
    so each object's name, name origin and description are memoized: every emitter
    (and the description, which needs the name's origin) asks for them again.
    Name sources are not kept: only the CDP serializer reads them, once per object,
    and holding every object's sources was the largest part of the heap (memo
    keys are the objects themselves, not id() ints: one int object less per entry)."""

    def __init__(self, tree: "AXTree") -> None:
        self.tree = tree
        self.native = NativeNames(self)
        self._names: dict[AXObject, str] = {}
        self._name_from: dict[AXObject, str] = {}
        self._descriptions: dict[AXObject, str] = {}

    # --- public ---------------------------------------------------------------

    def name(self, obj: AXObject) -> str:
        """The accessible name."""
        if obj not in self._names:
            self.name_with_sources(obj)
        return self._names[obj]

    def name_with_sources(self, obj: AXObject) -> tuple[str, list[NameSource]]:
        """The name and every source tried (computed again on each call)."""
        text, sources = self._name_with_sources(obj)
        self._names[obj] = text
        return text, sources

    def _name_with_sources(self, obj: AXObject) -> tuple[str, list[NameSource]]:
        sources: list[NameSource] = []
        text, _ = self._text_alternative(obj, False, None, set(), sources)
        if is_carousel_pseudo(obj):
            return text or carousel_name(obj), sources  # probed: the sources stay those of an empty name
        if text == " " and (_is_generated_text(obj) or obj.role == "ListMarker"):
            # Probed: a space of generated content is named by two (a ::before/::after
            # text, an image marker's suffix).
            return "  ", sources
        if obj.role in ("StaticText", "LineBreak", "InlineTextBox"):
            return text, sources
        host = _date_time_host(obj) if obj.in_ua_shadow and obj.role in ("SpinButton", "PopUpButton") else None
        if host is not None and text:
            # Chromium 156 (probed): a date/time edit's field or picker button
            # lists its host's name sources after its own, and when the host has
            # a name, its own name comes out twice ("Month Month").
            host_name, host_sources = self.name_with_sources(host)
            sources = sources + host_sources
            if host_name:
                text = f"{text} {text}"
        return simplify_name(text), sources

    def name_from(self, obj: AXObject) -> str:
        if obj not in self._name_from:
            self._name_from[obj] = self._text_alternative(obj, False, None, set(), None)[1]
        return self._name_from[obj]

    def description(self, obj: AXObject) -> str:
        if obj not in self._descriptions:
            self._descriptions[obj] = self._description(obj)
        return self._descriptions[obj]

    def _description(self, obj: AXObject) -> str:
        own = self._own_description(obj)
        host = _date_time_host(obj) if not own and obj.in_ua_shadow else None
        # A date/time edit's fields and picker button repeat their host's description.
        return self.description(host) if host is not None else own

    def _own_description(self, obj: AXObject) -> str:
        # name_from(obj) is a second run of the name algorithm: asked only by the
        # branches that need it (most elements reach none of them).
        el = obj.element
        if el is None:
            return ""
        if "aria-describedby" in el.attrs:
            targets = self.tree.relations.objects_for_idrefs(obj, "aria-describedby", repeats=True)
            if targets:
                return simplify_whitespace(self.text_from_elements(targets, True, set(), [])[0] or "")
        if "aria-description" in el.attrs:
            return simplify_whitespace(el.attrs["aria-description"])
        if el.namespace == SVG_NS:
            desc = svg_child_text(el, "desc")
            if not desc and self.name_from(obj) in ("attribute", "related"):
                desc = svg_child_text(el, "title")
            if desc:
                return simplify_whitespace(desc)
        tag = obj.tag()
        if tag == "input" and forms.input_type(el) in ("button", "submit", "reset") and self.name_from(obj) != "value":
            if "value" in el.attrs:
                # The value is the description, even an empty one: the title is not
                # tried then (probed).
                return simplify_whitespace(el.attrs["value"])
        if obj.role == "Ruby":
            rt = next((c for c in el if c.is_html and c.local_name == "rt"), None)
            reading = simplify_whitespace(rt.text_content()) if rt is not None else ""
            if reading:
                return reading  # the first <rt> annotates the whole ruby
        if tag == "table" and self.name_from(obj) != "caption":
            caption = next((c for c in el if c.is_html and c.local_name == "caption"), None)
            if caption is not None:
                cap = self.tree.by_element.get(caption)
                if cap is not None:
                    text = self.recursive(cap, None, set())[0]
                    if text.strip():
                        return simplify_whitespace(text)
        if tag == "summary" and self.name_from(obj) != "contents":
            text = self._text_from_descendants(obj, set(), None)
            if text.strip():
                return simplify_whitespace(text)
        title = el.attrs.get("title")
        # HTML white space only: a no-break space in the text makes it differ from the title.
        if (
            title
            and title.strip(_STRIPPED_SPACE)
            and self.name_from(obj) != "title"
            and (title.strip(_STRIPPED_SPACE) != inner_text(self.tree, el).strip(_STRIPPED_SPACE))
        ):
            return simplify_whitespace(title)
        return ""

    def value_from_contents(self, obj: AXObject) -> str:
        """The value of a control whose value is its contents (an ARIA menu-button combobox)."""
        return simplify_whitespace(self._text_from_descendants(obj, set(), None))

    # --- the algorithm ------------------------------------------------------------

    def recursive(self, obj: AXObject, root: AXObject | None, visited: set) -> tuple[str, str]:
        if id(obj) in visited and root is None:
            return "", "none"
        return self._text_alternative(obj, True, root, visited, None)

    def _text_alternative(
        self, obj: AXObject, recursive: bool, root: AXObject | None, visited: set, sources: list[NameSource] | None
    ) -> tuple[str, str]:
        if media.is_unplayable(obj.element, obj.has_layout):
            return PLAYBACK_ERROR, "attribute"  # AXMediaElement::TextAlternative: no sources
        # Fast paths: layout text, <br>, list markers, CSS alt text.
        if obj.has_layout or obj.kind in ("anonymous",):
            fast = self._fast_path(obj, recursive)
            if fast is not None:
                text, name_from = fast
                if sources is not None:
                    sources.append(NameSource("implicit" if name_from == "css-alt" else "contents", text=text))
                visited.add(id(obj))
                return text, name_from
        if recursive and id(obj) not in visited:
            value = self._value_contribution(obj, visited)
            if value is not None:
                if sources is not None:
                    sources.append(NameSource("attribute", text=value))
                return value, "value"
        found = [False]
        aria = self._aria_text_alternative(obj, recursive, root, visited, sources, found)
        if aria is not None and aria[1] == "hidden" and sources is not None:
            # Step 2A counts as found: the rest only lists its sources, all superseded
            # (seen on an unignored hidden object: a base-select picker's content).
            found[0] = True
        elif aria is not None:
            return ("", "none") if aria[1] == "hidden" else aria
        native = self.native.text_alternative(obj, visited, sources, found)
        if native is not None and sources is None and native[0]:
            return native
        explicitly_empty = native is not None and native[1] == "explicitly-empty"
        if native is not None and native[1] == "final" and sources is None:
            return native[0], "attribute"
        if self._include_contents(obj, recursive, root):
            source = NameSource("contents", superseded=found[0])
            if obj.kind == "text":
                text = obj.rendered_text if obj.has_layout else obj.text
            elif obj.tag() == "br":
                text = "\n"
            elif obj.tag() == "option" and not obj.children:
                # Options are leaves: their contents are the DOM text, all of
                # it (hidden parts too); with markup inside, edge spaces stay.
                raw = obj.node.text_content()
                text = simplify_whitespace(raw) if has_one_text_child(obj.node) else simplify_name(raw)
            else:
                text = self._text_from_descendants(obj, visited, root)
            if sources is not None:
                sources.append(source)
            if text:
                source.text = text
                if sources is None:
                    return text, "contents"
                found[0] = True
        if (root is not None or not self._name_prohibited(obj)) and not (
            explicitly_empty and obj.tag() in ("img", "area")
        ):
            text = self.title(obj, sources, found)
            if text is not None and sources is None:
                return text, "title"
        if sources is None:
            return "", "explicitly-empty" if explicitly_empty else "none"
        return _first_text(sources)

    def _fast_path(self, obj: AXObject, recursive: bool) -> tuple[str, str] | None:
        if obj.kind == "pseudo" and (obj.role in ("Image", "StaticText") or has_alt_text(obj)):
            return obj.text, "css-alt"  # a ::marker, a scroll button or marker with alt text too
        if obj.kind == "element" and obj.role == "Image" and obj.style and content_image(obj.style, with_alt=True):
            return obj.text, "css-alt"  # an element replaced by content: url() / "alt"
        if obj.tag() == "br":
            return "\n", "contents"
        if _is_layout_text(obj):
            if not obj.has_layout:
                return None
            if recursive and obj.is_counter_text:
                return "", "contents"  # probed: a counter's text is left out of every name
            text = obj.rendered_text
            if not text and obj.text:
                return ("" if obj.ignored else " "), "contents"
            return text, "contents"
        if obj.kind == "pseudo" and obj.pseudo_which == "marker" and not recursive:
            return _marker_name(obj), "contents"
        return None

    def _value_contribution(self, obj: AXObject, visited: set) -> str | None:
        """Step 2E: an embedded control contributes its value to an ancestor's name."""
        el = obj.element
        if el is None:
            return None
        role = obj.role
        if roles.is_text_field(obj):
            if forms.is_text_control(el):
                value = el.text_content() if obj.tag() == "textarea" else el.attrs.get("value", "")
                return value or None
            return inner_text(self.tree, el) or None
        if role in ("Slider", "SpinButton", "ProgressIndicator", "Meter", "ScrollBar"):
            text = el.attrs.get("aria-valuetext")
            if text is not None:
                return text
            value = range_value(obj)
            return _number(value) if value is not None else None
        if role == "ComboBoxMenuButton":
            # AXNodeObject::GetValueForControl: an ARIA menu-button combobox's
            # value is its contents.
            return simplify_whitespace(self._text_from_descendants(obj, visited, None))
        if role in ("ComboBoxSelect", "ComboBoxMenuButton", "ComboBoxGrouping", "ListBox"):
            selected = self._selected_options(obj)
            names = []
            for option in selected:
                if id(option) in visited:
                    continue
                names.append(self.name(option))
            return " ".join(names)
        return None

    def _selected_options(self, obj: AXObject) -> list[AXObject]:
        """A select's options by HTML's selectedness (and any marked aria-selected);
        an ARIA widget's aria-selected ones."""
        options = [o for o in obj.iter_descendants() if o.role in ("MenuListOption", "ListBoxOption")]
        if obj.tag() != "select":
            return [o for o in options if _aria_selected(o)]
        chosen = self.tree.page.forms.selected_options(obj.element)
        return [o for o in options if o.node in chosen or _aria_selected(o)]

    def _aria_text_alternative(self, obj, recursive, root, visited, sources, found):
        """aria-labelledby and aria-label. Returns (text, name_from) once found, else None."""
        already = id(obj) in visited
        visited.add(id(obj))
        if isinstance(obj.node, Element) and obj.node.is_html and obj.node.local_name == "slot":
            return None  # a slot (even a UA shadow's) is never named
        if self.hidden_for_text_alternative(obj, root):
            return "", "hidden"
        el = obj.element
        if obj.kind == "document":
            el = None
        if root is None and not already:
            attr = (
                "aria-labeledby"
                if el is not None and "aria-labeledby" in el.attrs and "aria-labelledby" not in el.attrs
                else "aria-labelledby"
            )
            source = NameSource("relatedElement", attribute=attr, superseded=found[0])
            if sources is not None:
                sources.append(source)
            if el is not None and attr in el.attrs:
                source.attribute_value = el.attrs[attr]
                targets = self.tree.relations.objects_for_idrefs(obj, attr, repeats=True)
                text, related = self.text_from_elements(targets, True, visited, []) if targets else (None, [])
                if text is not None and text.strip(" \t\n\r\f"):
                    source.text, source.related = text, related
                    found[0] = True
                    if sources is None:
                        return text, "related"
                else:
                    source.invalid = True
        source = NameSource("attribute", attribute="aria-label", superseded=found[0])
        if sources is not None:
            sources.append(source)
        label = el.attrs.get("aria-label") if el is not None else None
        if label is not None and label.strip(" \t\n\r\f"):
            source.text = source.attribute_value = label
            found[0] = True
            if sources is None:
                return label, "attribute"
        return None

    def title(self, obj: AXObject, sources, found) -> str | None:
        el = obj.element
        if obj.kind in ("document", "text") or obj.is_generated_image():  # named only by ARIA
            return None  # (a text node has no tooltip step, even without layout)
        source = NameSource("attribute", attribute="title", superseded=found[0])
        if sources is not None:
            sources.append(source)  # pushed even without an element (e.g. MenuListPopup)
        if el is None:
            return None
        title = el.attrs.get("title")
        if title is not None and title.strip(_STRIPPED_SPACE) != inner_text(self.tree, el).strip(_STRIPPED_SPACE):
            source.text = source.attribute_value = title
            found[0] = True
            return title
        return None

    # --- helpers -------------------------------------------------------------------

    def text_from_elements(
        self, targets: list[AXObject], in_labelledby: bool, visited: set, related: list
    ) -> tuple[str | None, list]:
        parts = []
        for target in targets:
            text, _ = self.recursive(target, target if in_labelledby else None, visited)
            visited.add(id(target))
            related.append((target, text))
            if text:
                parts.append(text)
        if not targets:
            return None, related
        return " ".join(parts), related

    def _text_from_descendants(self, obj: AXObject, visited: set, root: AXObject | None) -> str:
        acc = ""
        previous: AXObject | None = None
        last_from = "none"
        for child in obj.tree_children:
            if len(visited) > MAX_DESCENDANTS:
                break
            if self.hidden_for_text_alternative(child, root):
                continue
            if child.role == "None" and child.kind == "element":
                result, child_from = self._text_from_descendants(child, visited, root), "contents"
            else:
                result, child_from = self.recursive(child, root, visited)
            if result and previous is not None and acc and acc[-1] not in " \t\n\r\f" and result[0] not in " \t\n\r\f":
                if _space_between(previous, child, last_from, child_from):
                    acc += " "
            acc += result
            previous = child
            if result:
                last_from = child_from
        return acc

    def _include_contents(self, obj: AXObject, recursive: bool, root: AXObject | None) -> bool:
        if root is None and not supports_name_from_contents(obj, recursive):
            return False
        if obj.tag() == "select":
            return False
        if roles.is_text_field(obj) and root is not obj:
            return False
        return True

    def _name_prohibited(self, obj: AXObject) -> bool:
        if focus.supports_focus(obj.element) or obj.ignored:
            return False
        el = obj.element
        if el is not None and "-" in el.local_name:
            return False
        return roles.internal_role(obj) in NAME_PROHIBITED

    def hidden_for_text_alternative(self, obj: AXObject, root: AXObject | None) -> bool:
        if obj.kind in ("anonymous", "anonymous-box", "document"):
            return False
        if obj.tag() == "noscript":
            return True
        if obj.kind == "text":
            return False
        if obj.is_svg() and obj.node.local_name in ("title", "desc"):
            return False
        if obj.kind == "pseudo" and obj.pseudo_which == "marker":
            return True
        if obj.role == "MenuListOption" and obj.aria_hidden_root is None:
            return False
        if root is not None and (
            root.hidden_via_style or root.aria_hidden_root is not None or _in_closed_base_picker(root)
        ):
            return False
        if obj.aria_hidden_root is obj:
            return True
        return obj.hidden_via_style or _in_closed_base_picker(obj)


def _in_closed_base_picker(obj: AXObject) -> bool:
    """Inside a base-select picker, which (closed) is display:none for names, unlike
    the picker of a plain select that has no element (its options are never hidden)."""
    if obj.has_layout:
        return False
    node: AXObject | None = obj
    while node is not None and node.kind != "ua-picker":
        if node.kind == "element" and node.tag() in ("select", "option"):
            return False  # an option and its content are never hidden for names, as in any select
        node = node.parent
    return node is not None


def supports_name_from_contents(obj: AXObject, recursive: bool) -> bool:
    """AXObject::SupportsNameFromContents: whether the role takes its name from its
    contents (some only inside another name's computation: ``recursive``)."""
    role = obj.role
    if role == "Image" and obj.is_svg() and obj.node.local_name == "svg" and "role" not in obj.element.attrs:
        role = "SvgRoot"  # an SVG root is serialized as an image when empty, but named as a root
    if _is_layout_text(obj):
        return True
    if obj.is_generated_image():
        return False
    if role == "Row":
        for anc in obj.iter_ancestors():
            if anc.role in ("Grid", "TreeGrid"):
                return True
            if anc.role not in ("GenericContainer", "None", "Group", "RowGroup"):
                return False
        return False
    if role == "MenuListOption":
        return not has_one_text_child(obj.node)
    if role in NAME_FROM_CONTENTS:
        return True
    if role in NAME_NEVER_FROM_CONTENTS or role.startswith("MathML"):
        return False
    if role in NAME_FROM_CONTENTS_RECURSIVE_ONLY:
        if obj.tag() in ("body", "html"):
            return False
        if role == "Group" and obj.tag() != "address":
            return False
        return recursive
    if role == "RubyAnnotation":
        return not recursive
    return False


def _date_time_host(obj: AXObject) -> AXObject | None:
    """The date/time <input> whose UA shadow holds obj."""
    host = obj.parent
    while host is not None and host.in_ua_shadow:
        host = host.parent
    if host is not None and host.tag() == "input" and forms.input_type(host.node) in DATE_TIME_LAYOUTS:
        return host
    return None


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _aria_selected(option: AXObject) -> bool:
    return (option.attr("aria-selected") or "").lower() == "true"


def _first_text(sources: list[NameSource]) -> tuple[str, str]:
    for source in sources:
        if source.text and not source.superseded:
            return source.text, source.type
    return "", "none"


def _space_between(prev: AXObject, child: AXObject, last_from: str, child_from: str) -> bool:
    if last_from in _SPACED_NAME_FROM or child_from in _SPACED_NAME_FROM:
        return True
    if prev.role in CONTROL_ROLES or child.role in CONTROL_ROLES:
        return True
    if prev.is_atomic_inline() or child.is_atomic_inline():
        return True
    if not (prev.has_layout and child.has_layout):
        return True
    if not (_is_inline(prev) and _is_inline(child)):
        return True
    return _block_container(prev) is not _block_container(child)


def _is_layout_text(obj: AXObject) -> bool:
    """Text, or node-less text inside a pseudo element. Not the node-less block a
    flex/grid pseudo wraps its text in, nor the anonymous table cell of a table
    pseudo (plain generic containers), nor the image of a ``content: url()``."""
    return obj.kind == "text" or obj.kind == "anonymous" and obj.role == "StaticText"


def _is_inline(obj: AXObject) -> bool:
    if obj.kind in ("text", "anonymous"):
        return True
    if obj.kind == "pseudo":
        return obj.display == "inline"
    return obj.is_layout_inline() or obj.tag() == "br"


def _block_container(obj: AXObject) -> AXObject | None:
    for anc in obj.iter_ancestors():
        if anc.kind == "document" or (anc.has_layout and not _is_inline(anc)):
            return anc
    return None


def _marker_name(marker: AXObject) -> str:
    """A summary's marker is inside (html.css); when a block comes first, the
    marker sits alone on its line and its trailing space collapses away."""
    owner = marker.parent
    if owner is None or owner.tag() != "summary":
        return marker.text
    first = next(owner.in_flow_content(), None)
    return marker.text.rstrip(" ") if first is not None and not first.is_inline_level() else marker.text


def _is_generated_text(obj: AXObject) -> bool:
    """Text of a ::before/::after's content (a LayoutTextFragment), also inside the
    anonymous boxes (flex item, table parts) the pseudo wraps it in."""
    if obj.kind != "anonymous":
        return False
    parent = obj.parent
    while parent is not None and parent.kind in ("anonymous", "anonymous-box"):
        parent = parent.parent
    return parent is not None and parent.kind == "pseudo" and parent.pseudo_which in ("before", "after")
