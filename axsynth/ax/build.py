"""Which accessibility objects exist: the walk over the flat tree that creates an
object for each element and text with a layout object (or none, where Chromium
still creates one), with their generated content and UA shadow structures
(AXObjectCacheImpl::GetOrCreate and the AXNodeObject children it adds)."""

from __future__ import annotations

from ..data.svg import KNOWN_SVG, UNRENDERED_SVG
from ..html import forms, plugins
from ..html.dom import HTML_NS, MATHML_NS, SVG_NS, Document, Element, Node, Text, in_svg_text
from ..html.ua_shadow import is_use_instance_root
from ..page import Page
from ..style.generated_text import content_alt_text
from ..style.properties import content_image, content_visibility_auto, content_visibility_hides
from . import roles
from .block_offset import BlockOffsets
from .carousel import Carousels
from .generated import GeneratedContent, drop_space_after_floated_letter
from .object import AXObject, boxes
from .reading_flow import apply_reading_flow
from .ua_shadow import UAShadow
from .whitespace import finish_text, is_whitespace_only

_PRUNED_TAGS = frozenset({"title", "col", "colgroup", "map"})
# Elements the UA sheet hides (display: none) that get no object at all while hidden.
_UNRENDERED_METADATA = frozenset({"head", "script", "style", "meta", "link", "base"})
_LEAF_INPUTS = frozenset({"checkbox", "radio", "range"})
# MathML token elements lay out text; other MathML boxes (LayoutMathMLBlock::IsChildAllowed)
# take only MathML element children, so their text gets no layout object.
_MATHML_TOKENS = frozenset({"mi", "mn", "mo", "ms", "mtext"})
_SVG_TEXT_HOSTS = frozenset({"text", "tspan", "textPath", "foreignObject"})


class TreeBuilder:
    """Creates the objects of one page, in tree order."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.document = page.document
        self.styles = page.styles
        self.flat = page.flat
        self._next_id = max((n.node_id for n in _all_nodes(self.document)), default=0) + 1
        self.objects: list[AXObject] = []
        self._canvas_fallback: set[AXObject] = set()  # a <canvas> and the elements of its fallback content
        # Keyed by the DOM nodes themselves (an id() key is one more int object per node).
        self.by_element: dict[Element, AXObject] = {}
        self.by_text: dict[Text, AXObject] = {}  # each text node's object, also whitespace later dropped from the tree
        self.generated = GeneratedContent(self)
        self.ua_shadow = UAShadow(self)
        self.block_offsets = BlockOffsets()

    def _object_of(self, node: Node) -> AXObject | None:
        if isinstance(node, Element):
            return self.by_element.get(node)
        return self.by_text.get(node) if isinstance(node, Text) else None

    def new_id(self) -> int:
        """A DOM node id for a node only the tree has (UA shadow content, pseudo-elements)."""
        self._next_id += 1
        return self._next_id - 1

    def build(self) -> AXObject:
        """Create every object; returns the root (the document's RootWebArea)."""
        root = AXObject("document", self.document, None, None)
        root.has_layout = True
        root.node_id = self.document.node_id
        root.role = "RootWebArea"
        self.objects.append(root)
        # (node, parent object, parent has box, inside display:none, display-locked)
        self._walk([(c, root, True, False) for c in reversed(self.document.children)])
        floated_letters = [found for obj in list(self.objects) if (found := self.generated.add_first_letter(obj))]
        self.objects = finish_text(root, self.objects, self._object_of, self._canvas_fallback)
        for text in floated_letters:
            drop_space_after_floated_letter(text)
        apply_reading_flow(self.objects)
        Carousels(self).add(self.objects)
        return root

    def add_subtree(self, node: Node, parent: AXObject, parent_box: bool) -> None:
        """Create the objects of ``node`` and its flat-tree descendants under ``parent``,
        as the walk does (for content a UA shadow tree lays out itself, e.g. the
        author's button of a customizable select)."""
        self._walk([(node, parent, parent_box, False)])

    def _walk(self, stack: list[tuple[Node, AXObject, bool, bool]]) -> None:
        """The tree walk: (node, parent object, parent has box, display-locked) items,
        popped in tree order."""
        while stack:
            node, parent, parent_box, locked = stack.pop()
            if isinstance(node, Element):
                self._add_element(node, parent, parent_box, locked, stack)
            elif isinstance(node, Text):
                self._add_text(node, parent, parent_box, locked)
            elif isinstance(node, _AfterPseudo):
                self.generated.add_pseudo(node.owner, "after", parent_box)

    def _add_element(self, el: Element, parent: AXObject, parent_box: bool, locked: bool, stack: list) -> None:
        style = self.styles.get(el)
        if _is_pruned(el, parent, style):
            return
        display = style["display"] if style else "none"
        if el.namespace == SVG_NS and (
            el.local_name in UNRENDERED_SVG or el.local_name not in KNOWN_SVG or _uninstanced_symbol(el)
        ):
            display = "none"  # no layout object, whatever the computed display
        # <wbr>'s LayoutWordBreak is an empty LayoutText, which accessibility
        # does not count: the element is created from its node, layout-less.
        has_layout, child_box = boxes(
            display,
            parent_box and not locked,
            own_box=not (el.is_html and el.local_name == "wbr") and not _is_svg_stop(el),
        )
        hidden = display == "none" or not parent_box and display != "contents"
        if style and style["visibility"] != "visible":
            hidden = True
        if locked or (style and display == "none"):
            hidden = True
        if parent.hidden_via_style and (not parent.has_layout or not has_layout) and parent.kind != "document":
            hidden = hidden or not has_layout
        obj = self.new_element(el, parent, style, has_layout, hidden)
        if parent in self._canvas_fallback or obj.tag() == "canvas":
            self._canvas_fallback.add(obj)
        if obj.role == "Image" and style and content_image(style) and roles.aria_role(obj) is None:
            # The image replaces the element's contents; its CSS alt text is its name.
            obj.text = content_alt_text(el, style)
            return
        child_locked = locked or obj.has_layout and self._skips_contents(obj, style, display)
        if not _can_have_children(obj) or child_locked or self._shows_content_frame(obj):
            # Display-locked contents (content-visibility:hidden or auto away from the
            # viewport, hidden=until-found, a closed <details>) get no AX objects:
            # Chromium's tree shows none of them.
            return
        children_parent = self.ua_shadow.add(obj, child_box, child_locked)
        if children_parent is None:
            return
        if self.styles.has_pseudo(el):
            for which in ("marker", "before"):
                self.generated.add_pseudo(obj, which, child_box and not child_locked)
            if self.styles.pseudo(el, "after") is not None:
                # ::after is added once the children are done: a sentinel below them on the stack.
                stack.append((_AfterPseudo(obj), obj, child_box and not child_locked, False))
        children = self.flat.children(el)
        if el.is_html and el.local_name == "table":
            children = _table_children_in_layout_order(children)
        for child in reversed(children):
            stack.append((child, children_parent, child_box, child_locked))

    def _skips_contents(self, obj: AXObject, style: dict | None, display: str) -> bool:
        if not style:
            return False
        if content_visibility_auto(style, display):
            return self.block_offsets.starts_below_observed_area(obj)
        return content_visibility_hides(style, display)

    def _shows_content_frame(self, obj: AXObject) -> bool:
        """A rendered <object> showing a child frame: its fallback content gets no
        box and no AX object (the frame's document is not part of this tree)."""
        return obj.has_layout and obj.tag() == "object" and plugins.has_content_frame(obj.element, self.page.base_url)

    def _add_text(self, node: Text, parent: AXObject, parent_box: bool, locked: bool) -> None:
        if not node.data:
            return
        has_layout = parent_box and not locked and parent.display != "none" and not _rejects_text(parent)
        # Text SVG does not draw has no box, yet is not hidden: it still names a link.
        unrendered_in_svg = parent.element is not None and parent.element.namespace == SVG_NS
        hidden = parent.hidden_via_style or not has_layout and not unrendered_in_svg
        if parent.tag() == "canvas" and parent.node.children[0] is node and is_whitespace_only(node.data):
            return  # probed: white space first in a canvas never shows (finish_text keeps the rest)
        if not has_layout and is_whitespace_only(node.data) and not locked:
            return
        obj = self.new_text(node, parent, has_layout, hidden)
        self.by_text[node] = obj

    def new_element(
        self, el: Element, parent: AXObject, style: dict | None, has_layout: bool, hidden: bool
    ) -> AXObject:
        """An object for a page element, added under ``parent`` and indexed, its role computed."""
        obj = AXObject("element", el, style, parent)
        obj.node_id = el.node_id
        obj.has_layout = has_layout
        obj.hidden_via_style = hidden
        parent.children.append(obj)
        self.objects.append(obj)
        self.by_element[el] = obj
        obj.role = roles.compute_role(obj, self.styles.get)
        return obj

    def new_text(self, node: Text, parent: AXObject, has_layout: bool, hidden: bool) -> AXObject:
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


class _AfterPseudo(Node):
    """A stack sentinel: add the owner's ::after box once its children are done."""

    __slots__ = ("owner",)

    def __init__(self, owner: AXObject) -> None:
        super().__init__()
        self.owner = owner


def _table_children_in_layout_order(children: list[Node]) -> list[Node]:
    """A table's sections in the order the table lays them out: captions, the
    head, the bodies, the foot. Chromium keeps the DOM order when the table has
    a second <thead> or <tfoot>, which layout treats as a body."""
    sections = {"caption": [], "thead": [], "tfoot": []}
    for child in children:
        if isinstance(child, Element) and child.is_html and child.local_name in sections:
            sections[child.local_name].append(child)
    if len(sections["thead"]) > 1 or len(sections["tfoot"]) > 1:
        return children
    moved = {id(c) for group in sections.values() for c in group}
    rest = [c for c in children if id(c) not in moved]
    return sections["caption"] + sections["thead"] + rest + sections["tfoot"]


def _is_svg_stop(el: Element) -> bool:
    """A gradient <stop> has no layout object of its own (its gradient reads it), yet
    it is not display:none: not rendered, but not hidden either."""
    return el.namespace == SVG_NS and el.local_name == "stop"


def _uninstanced_symbol(el: Element) -> bool:
    """A <symbol> renders only as the instance a <use> clones."""
    return el.local_name == "symbol" and not is_use_instance_root(el.parent)


def _all_nodes(document: Document):
    stack: list[Node] = [document]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.children)
        if isinstance(node, Element) and node.shadow_root is not None:
            stack.append(node.shadow_root)


def _is_pruned(el: Element, parent: AXObject, style: dict | None) -> bool:
    if el.namespace == HTML_NS:
        tag = el.local_name
        if tag in _PRUNED_TAGS or tag == "template":
            return True
        if tag == "area" and not (isinstance(el.parent, Element) and el.parent.local_name == "map"):
            return True
        if tag in _UNRENDERED_METADATA and (style is None or style["display"] == "none"):
            return True  # an author can show them (display: block): then they are boxes like any (probed)
        if tag == "slot" and not el.children and parent.node is not None:
            return False
    if parent.kind == "element" and parent.tag() in ("iframe", "frame"):
        return True
    return False


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


def _rejects_text(parent: AXObject) -> bool:
    """Text gets no box here: in MathML but a token element, in SVG but a text
    content element (a stray word in a <g> is not drawn)."""
    el = parent.element
    if el is None:
        return False
    if el.namespace == SVG_NS:
        return el.local_name not in _SVG_TEXT_HOSTS and not (el.local_name == "a" and in_svg_text(el))
    return el.namespace == MATHML_NS and el.local_name not in _MATHML_TOKENS
