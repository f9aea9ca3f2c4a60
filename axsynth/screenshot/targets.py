"""Which elements get labels, and what the map says of each: all of it from axsynth's own
tree (roles, names, the agent format's refs and selectors), none from the browser.

* ``interactive``: every element the agent format gives a ref (widget roles, focusable
  elements, click handlers, ``cursor: pointer``), in this frame and in loaded child frames:
  a superset of the spec's list (button, input, select, textarea, a[href], [role=button],
  [onclick], [tabindex]);
* ``all_visible``: those, and every other rendered element with a role of its own (not a
  wrapper such as generic), a name, or text of its own;
* a CSS selector: the elements it matches in the top document.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from ..ax.inner_text import inner_text
from ..ax.object import AXObject
from ..emit.agent import WRAPPER_ROLES, AgentEmitter, matching_elements
from ..html.dom import Element, ShadowRoot, Text

TEXT_LIMIT = 100
#: The spec's interactionHint values, by the role the agent format prints.
_HINTS = {
    "link": "navigable",
    "checkbox": "toggleable",
    "switch": "toggleable",
    "radio": "toggleable",
    "menuitemcheckbox": "toggleable",
    "menuitemradio": "toggleable",
    "summary": "toggleable",
    "listbox": "selectable",
    "option": "selectable",
    "tab": "selectable",
    "treeitem": "selectable",
    "textbox": "editable",
    "searchbox": "editable",
    "spinbutton": "editable",
    "slider": "editable",
    "date": "editable",
    "datetime": "editable",
    "time": "editable",
    "colorwell": "editable",
}
_SPACE = re.compile(r"\s+")

#: The element's ref in the ``ai`` format, when that format is given to annotate().
AiRef = Callable[[Element], "str | None"]


@dataclass(frozen=True)
class Candidate:
    """An element that may get a label: what finding it in the browser needs. The rest of
    what the map says (``describe``) is read from the tree only for those labelled."""

    element: Element
    #: Where it is, as element-child indexes from its document, a tuple per tree (a shadow
    #: tree's after its host's): the browser finds it in a few steps, then checks the selector.
    path: tuple[tuple[int, ...], ...]
    frames: tuple[str, ...]  # in a child frame: the selectors of the iframes that lead to it, outermost first
    ref: str | None  # the agent format's ref (interactive elements), frame ids first
    emitter: AgentEmitter = field(repr=False, compare=False)

    @property
    def tag(self) -> str:
        return self.element.local_name

    @property
    def selector(self) -> str:
        """Unique in its frame's document: the agent format's (" >>> " enters a shadow root)."""
        return self.emitter.selectors.selector(self.element)


@dataclass(frozen=True)
class Target:
    """A labelled element, with what the map says of it."""

    element: Element
    selector: str
    frames: tuple[str, ...]
    tag: str
    role: str
    name: str
    text: str
    hint: str
    ref: str | None
    ai_ref: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "selector": self.selector,
            **({"frames": list(self.frames)} if self.frames else {}),
            "tag": self.tag,
            "role": self.role,
            "name": self.name,
            "text": self.text,
        }


def find_candidates(
    emitter: AgentEmitter, target: str, frames: tuple[str, ...] = (), ref_prefix: str = ""
) -> list[Candidate]:
    """The candidates of one document, in tree order (its child frames are the caller's)."""
    refs = {id(ref.obj.element): ref.ref for ref in emitter.refs()}
    if target == "interactive":
        elements: Iterable[Element] = (ref.obj.element for ref in emitter.refs())
    elif target == "all_visible":
        elements = _visible_elements(emitter, refs)
    else:
        elements = matching_elements(emitter.ax.page.document, target, "target")
    positions = _Positions()
    return [
        Candidate(
            element, element_path(element, positions), frames, _prefixed(ref_prefix, refs.get(id(element))), emitter
        )
        for element in elements
    ]


def describe(candidate: Candidate, ai_ref: AiRef | None) -> Target:
    """What the map says of a labelled element, from axsynth's tree."""
    emitter, element = candidate.emitter, candidate.element
    obj = emitter.tree.by_element.get(element)
    role, name = emitter.role_and_name(obj) if obj is not None and obj.included else ("", "")
    secret = obj is not None and emitter.is_secret(obj)
    return Target(
        element,
        candidate.selector,
        candidate.frames,
        candidate.tag,
        role,
        name,
        "" if secret else _cut(_SPACE.sub(" ", inner_text(emitter.tree, element)).strip()),
        interaction_hint(role, element),
        candidate.ref,
        ai_ref(element) if ai_ref is not None else None,
    )


def _prefixed(prefix: str, ref: str | None) -> str | None:
    return prefix + ref if ref else None


def element_path(element: Element, positions: "_Positions | None" = None) -> tuple[tuple[int, ...], ...]:
    """Where the element is: its element-child index at each level from its document, one
    tuple per tree (a shadow tree's after its host's path)."""
    positions = positions or _Positions()
    trees: list[tuple[int, ...]] = []
    node: Any = element
    while True:
        steps = []
        while isinstance(node, Element):
            steps.append(positions.of(node))
            node = node.parent
        trees.append(tuple(reversed(steps)))
        if not isinstance(node, ShadowRoot):
            return tuple(reversed(trees))
        node = node.host


class _Positions:
    """Element-child indexes, computed once per parent."""

    def __init__(self) -> None:
        self._index: dict[int, dict[int, int]] = {}

    def of(self, element: Element) -> int:
        parent = element.parent
        index = self._index.get(id(parent))
        if index is None:
            children = (child for child in parent.children if isinstance(child, Element))
            index = self._index[id(parent)] = {id(child): i for i, child in enumerate(children)}
        return index[id(element)]


def hidden_interactive(emitter: AgentEmitter) -> int:
    """The elements of the spec's list (button, input, select, textarea, a[href],
    [role=button], [onclick], [tabindex]) that axsynth's tree gives no ref: not rendered,
    inert or hidden from the accessibility tree. They are counted as hidden."""
    with_ref = {id(ref.obj.element) for ref in emitter.refs()}
    return sum(1 for el in emitter.ax.page.document.iter_elements() if _listed(el) and id(el) not in with_ref)


def _listed(el: Element) -> bool:
    attrs = el.attrs
    if el.is_html and el.local_name in ("button", "select", "textarea"):
        return True
    if el.is_html and el.local_name == "input":
        return attrs.get("type", "").strip().lower() != "hidden"
    if el.is_html and el.local_name == "a" and "href" in attrs:
        return True
    return attrs.get("role", "").strip().lower() == "button" or "onclick" in attrs or "tabindex" in attrs


def interaction_hint(role: str, element: Element) -> str:
    """clickable, editable, selectable, toggleable or navigable."""
    if role in ("combobox", "listbox") and element.local_name == "select":
        return "selectable"
    if role == "combobox" or element.attrs.get("contenteditable", "false").lower() != "false":
        return "editable"
    return _HINTS.get(role, "clickable")


def _visible_elements(emitter: AgentEmitter, refs: dict[int, str]) -> Iterable[Element]:
    for obj in emitter.tree.objects:
        element = obj.element
        if obj.kind != "element" or element is None or not obj.included:
            continue
        if id(element) in refs:
            yield element
        elif not obj.ignored and obj.is_visible_box() and _meaningful(emitter, obj):
            yield element


def _meaningful(emitter: AgentEmitter, obj: AXObject) -> bool:
    """A role of its own (not a wrapper such as generic), a name, or text of its own."""
    if emitter.cdp_role(obj) not in WRAPPER_ROLES:
        return True
    return bool(emitter.role_and_name(obj)[1]) or _has_text(obj.element)


def _has_text(element: Element) -> bool:
    return any(isinstance(child, Text) and child.data.strip() for child in element.children)


def _cut(text: str) -> str:
    return text if len(text) <= TEXT_LIMIT else text[: TEXT_LIMIT - 1] + "…"
