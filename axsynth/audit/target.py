"""A node's ``target``: the CSS selector axe-core builds for it (``axe.utils.getSelector``).

axe names an element by its least common features on the page: a unique id; else a
class no other element has; else an attribute only it has (with its tag); else up to
three of its rarest classes and attributes. When a sibling shares that fragment,
``:nth-child(n)`` is added. If the fragment still matches several elements, the
parent's fragment is prefixed (``parent > child``) until the chain matches one element;
a chain that never gets unique becomes ``:root > ...``. Elements in a shadow tree get
one selector per tree, outermost host first.

Counts are over the elements of axe's flattened tree; elements outside it (light DOM
not slotted) can still be matched ("phantoms"), as in axe.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..html.dom import HTML_NS, Document, Element, Node, ShadowRoot

if TYPE_CHECKING:
    from .context import AuditPage
    from .vtree import VNode

_IGNORED_ATTRIBUTES = frozenset(
    "class style id selected checked disabled tabindex aria-checked aria-selected aria-invalid "
    "aria-activedescendant aria-busy aria-disabled aria-expanded aria-grabbed aria-pressed aria-valuenow xmlns".split()
)
_MAX_ATTRIBUTE_LENGTH = 31
_ASCII_WHITESPACE = re.compile(r"[\t\n\f\r ]+")


def escape_selector(value: str) -> str:
    """CSS.escape as axe implements it."""
    out = []
    first = ord(value[0]) if value else 0
    for index, char in enumerate(value):
        code = ord(char)
        if code == 0:
            out.append("\ufffd")
        elif (
            1 <= code <= 31
            or code == 127
            or (index == 0 and 48 <= code <= 57)
            or (index == 1 and 48 <= code <= 57 and first == 45)
        ):
            out.append(f"\\{code:x} ")
        elif index == 0 and len(value) == 1 and code == 45:
            out.append("\\" + char)
        elif code >= 128 or code in (45, 95) or 48 <= code <= 57 or 65 <= code <= 90 or 97 <= code <= 122:
            out.append(char)
        else:
            out.append("\\" + char)
    return "".join(out)


def _escape_attribute(value: str) -> str:
    value = re.sub(r'([\\"])', r"\\\1", value)
    return re.sub(r"[\x00-\x1f\x7f]", lambda m: f"\\{ord(m.group()):x} ", value)


def friendly_uri_end(uri: str, max_length: int = 25) -> str | None:
    """axe's getFriendlyUriEnd: a short, telling end of a URL, or None."""
    if len(uri) <= 1 or uri.startswith(("data:", "javascript:")) or "?" in uri:
        return None
    path, domain, url_hash = _parse_uri(uri)
    cut = path[: max(0, len(path) - 2)].rfind("/") + 1
    end = path[cut:]
    if url_hash:
        if end and len(end + url_hash) <= max_length:
            return (end + url_hash).rstrip()
        if len(end) < 2 and 2 < len(url_hash) <= max_length:
            return url_hash.rstrip()
        return None
    if domain and len(domain) < max_length and len(path) <= 1:
        return (domain + path).rstrip()
    dot = end.rfind(".")
    if (
        (dot == -1 or dot > 1)
        and (dot != -1 or len(end) > 2)
        and len(end) <= max_length
        and "index" not in end
        and not _mostly_numbers(end)
    ):
        return end.rstrip()
    return None


def _parse_uri(url: str) -> tuple[str, str, str]:
    """axe's uriParser: (path, domain without www., hash)."""
    url_hash = ""
    if "#" in url:
        url, url_hash = url[: url.index("#")], url[url.index("#") :]
    if "?" in url:
        url = url[: url.index("?")]
    domain = ""
    if "://" in url:
        url = url.split("://")[1]
        domain, url = _split_at_slash(url)
    elif url.startswith("//"):
        domain, url = _split_at_slash(url[2:])
    if domain.startswith("www."):
        domain = domain[4:]
    if ":" in domain:
        domain = domain[: domain.index(":")]
    return url, domain, url_hash


def _split_at_slash(url: str) -> tuple[str, str]:
    index = url.find("/")
    return (url[:index], url[index:]) if index != -1 else ("", url)


def _mostly_numbers(text: str) -> bool:
    return len(text) != 0 and sum(c.isascii() and c.isdigit() for c in text) >= len(text) / 2


@dataclass
class _Record:
    element: Element
    node_name: str  # DOM nodeName: upper case for HTML elements
    tag: str  # escaped, lower-cased
    root: int
    parent: int = -1
    id: str | None = None
    classes: list[str] = field(default_factory=list)
    feature_attrs: list[str] = field(default_factory=list)
    exact_attrs: list[str] = field(default_factory=list)
    url_attrs: dict[str, str] = field(default_factory=dict)
    nth_child: int = 0


@dataclass(frozen=True)
class _Fragment:
    text: str
    id: str | None = None
    tag: str | None = None
    classes: tuple[str, ...] = ()
    exact_attrs: tuple[str, ...] = ()
    suffix_attrs: tuple[tuple[str, str], ...] = ()  # (attribute name, URL suffix)
    nth_child: int | None = None


class Targets:
    """Selectors for the elements of one page, from counts over the whole page."""

    def __init__(self, ctx: "AuditPage") -> None:
        self._records: list[_Record] = []
        self._index: dict[int, int] = {}  # id(element) -> record
        self._roots: dict[int, int] = {}  # id(root node) -> root number
        self._root_objects: dict[int, Node] = {}
        self.tags: dict[str, int] = {}
        self.classes: dict[str, int] = {}
        self.attributes: dict[str, int] = {}
        self._suffixes: dict[str, tuple[str, str]] = {}
        self._by_tag: dict[str, set[int]] = {}
        self._by_class: dict[str, set[int]] = {}
        self._by_attr: dict[str, set[int]] = {}
        self._by_root: dict[int, set[int]] = {}
        self._ids: dict[int, dict[str, list[int]]] = {}
        self._fragments: dict[int, _Fragment] = {}
        for node in ctx.tree.elements:
            self._add(node.el, counted=True)
        # Elements outside the flattened tree can be matched, but are not counted ("phantoms").
        for root in list(self._root_objects.values()):
            for element in root.iter_elements():
                if id(element) not in self._index:
                    self._add(element, counted=False)

    # --- the index ----------------------------------------------------------------

    def _root(self, root: Node) -> int:
        key = id(root)
        if key not in self._roots:
            self._roots[key] = len(self._roots)
            self._root_objects[key] = root
            self._ids[self._roots[key]] = {}
        return self._roots[key]

    def _add(self, element: Element, counted: bool) -> None:
        index = len(self._records)
        node_name = element.local_name.upper() if element.namespace == HTML_NS else element.local_name
        tag = escape_selector(element.local_name.lower())
        record = _Record(element, node_name, tag, self._root(element.tree_root))
        self._index[id(element)] = index
        if counted:
            self.tags[node_name] = self.tags.get(node_name, 0) + 1
        self._by_tag.setdefault(tag, set()).add(index)
        for name in dict.fromkeys(_ASCII_WHITESPACE.split(element.attrs.get("class", "").strip())):
            if not name:
                continue
            escaped = escape_selector(name)
            if counted:
                self.classes[escaped] = self.classes.get(escaped, 0) + 1
            record.classes.append(escaped)
            self._by_class.setdefault(escaped, set()).add(index)
        for name, value in element.attrs.items():
            self._add_attribute(record, index, name, value, counted)
        raw_id = element.attrs.get("id")
        if raw_id:
            record.id = "#" + escape_selector(raw_id)
            self._ids[record.root].setdefault(record.id, []).append(index)
        self._by_root.setdefault(record.root, set()).add(index)
        siblings = element_children(element.parent)
        record.nth_child = siblings.index(element) + 1 if element in siblings else 0
        record.parent = self._parent_of(element, counted)
        self._records.append(record)
        if element.shadow_root is not None and element.shadow_root.mode == "open":
            self._root(element.shadow_root)

    def _add_attribute(self, record: _Record, index: int, name: str, value: str, counted: bool) -> None:
        escaped_name = escape_selector(name)
        suffix = friendly_uri_end(value) if ("href" in name or "src" in name) else None
        if suffix:
            selector = f'{escaped_name}$="{_escape_attribute(suffix)}"'
            record.url_attrs[name] = value
            self._suffixes.setdefault(selector, (name, suffix))
        else:
            selector = f'{escaped_name}="{_escape_attribute(value)}"'
        if name in _IGNORED_ATTRIBUTES or ":" in name or (value and len(value) >= _MAX_ATTRIBUTE_LENGTH):
            return
        if counted:
            self.attributes[selector] = self.attributes.get(selector, 0) + 1
        record.feature_attrs.append(selector)
        if not suffix:
            record.exact_attrs.append(selector)
            self._by_attr.setdefault(selector, set()).add(index)

    def _parent_of(self, element: Element, counted: bool) -> int:
        """The parent element's record; a phantom at the top of a shadow tree has its host."""
        parent = element.parent
        if isinstance(parent, Element):
            return self._index.get(id(parent), -1)
        if not counted and isinstance(parent, ShadowRoot) and parent.host is not None:
            return self._index.get(id(parent.host), -1)
        return -1

    # --- selectors ------------------------------------------------------------------

    def target(self, node: "VNode") -> list:
        """axe's ``target``: [selector], or [[host selector, ..., selector]] in shadow DOM."""
        element = node.el
        chain: list[Element] = [element]
        root = element.tree_root
        while isinstance(root, ShadowRoot):
            if root.host is None:
                return [""]
            chain.insert(0, root.host)
            root = root.host.tree_root
        if not isinstance(root, Document) and len(chain) == 1:
            return [self.selector(element)]
        selectors = [self.selector(el) for el in chain]
        return [selectors] if len(selectors) > 1 else selectors

    def selector(self, element: Element) -> str:
        """generateSelector: a chain of fragments, lengthened until it matches one element."""
        index = self._index.get(id(element))
        if index is None:
            return escape_selector(element.local_name.lower())
        root = self._records[index].root
        selector = ""
        candidates: list[int] | None = None
        current: int = index
        while True:
            fragment = self._fragment(current)
            selector = fragment.text + (" > " + selector if selector else "")
            if candidates is None:
                candidates = sorted(self._matching(fragment, root))
            else:
                matching = self._matching(fragment, root)
                candidates = [
                    self._records[c].parent
                    for c in candidates
                    if self._records[c].parent >= 0 and self._records[c].parent in matching
                ]
            parent = self._records[current].element.parent
            if len(candidates) <= 1 or not isinstance(parent, Element) or id(parent) not in self._index:
                break
            current = self._index[id(parent)]
        if len(candidates) != 1:
            position = selector.find(" > ")
            return ":root" + selector[position:] if position != -1 else ":root"
        return selector

    def _fragment(self, index: int) -> _Fragment:
        if index in self._fragments:
            return self._fragments[index]
        record = self._records[index]
        unique_id = record.id if record.id and len(self._ids[record.root].get(record.id, ())) == 1 else None
        if unique_id and "player_uid_" not in unique_id:
            fragment = _Fragment(unique_id, id=unique_id)
        else:
            fragment = self._nth_child_if_needed(record, self._least_common(record))
        self._fragments[index] = fragment
        return fragment

    def _least_common(self, record: _Record) -> _Fragment:
        """getThreeLeastCommonFeatures: the rarest classes and attributes of the element."""
        tag_count = self.tags.get(record.node_name, 0)
        classes = [(self.classes.get(c, 0), "class", c) for c in record.classes if self.classes.get(c, 0) < tag_count]
        attrs = [
            (self.attributes.get(a, 0), "attribute", a)
            for a in record.feature_attrs
            if self.attributes.get(a, 0) < tag_count
        ]
        classes.sort(key=lambda feature: feature[0])
        attrs.sort(key=lambda feature: feature[0])
        with_tag = False
        if classes and classes[0][0] == 1:
            features = [classes[0]]
        elif attrs and attrs[0][0] == 1:
            features, with_tag = [attrs[0]], True
        else:
            features = sorted(classes + attrs, key=lambda feature: feature[0])[:3]
            if not any(kind == "class" for _, kind, _ in features):
                with_tag = True
            else:
                features.sort(key=lambda feature: feature[1] != "class")
        tag = record.tag if with_tag else None
        text = (tag or "") + "".join("." + name if kind == "class" else f"[{name}]" for _, kind, name in features)
        exact = tuple(name for _, kind, name in features if kind == "attribute" and name not in self._suffixes)
        suffixes = tuple(self._suffixes[name] for _, kind, name in features if name in self._suffixes)
        class_names = tuple(name for _, kind, name in features if kind == "class")
        return _Fragment(text, tag=tag, classes=class_names, exact_attrs=exact, suffix_attrs=suffixes)

    def _nth_child_if_needed(self, record: _Record, fragment: _Fragment) -> _Fragment:
        siblings = element_children(record.element.parent)
        if len(siblings) < 2:
            return fragment
        for sibling in siblings:
            if sibling is record.element:
                continue
            index = self._index.get(id(sibling))
            if index is not None and self._fragment_matches(fragment, self._records[index]):
                nth = record.nth_child
                return _Fragment(
                    f"{fragment.text}:nth-child({nth})",
                    tag=fragment.tag,
                    classes=fragment.classes,
                    exact_attrs=fragment.exact_attrs,
                    suffix_attrs=fragment.suffix_attrs,
                    nth_child=nth,
                )
        return fragment

    @staticmethod
    def _fragment_matches(fragment: _Fragment, record: _Record) -> bool:
        if fragment.id:
            return record.id == fragment.id
        if fragment.tag and record.tag != fragment.tag:
            return False
        if any(name not in record.classes for name in fragment.classes):
            return False
        if any(name not in record.exact_attrs for name in fragment.exact_attrs):
            return False
        if fragment.suffix_attrs and not _matches_suffixes(record, fragment.suffix_attrs):
            return False
        return fragment.nth_child is None or record.nth_child == fragment.nth_child

    def _matching(self, fragment: _Fragment, root: int) -> set[int]:
        """The elements of the root that the fragment matches."""
        if fragment.id:
            found = self._ids[root].get(fragment.id, [])
            return set(found) if len(found) == 1 else set()
        sets = [self._by_root.get(root, set())]
        if fragment.tag:
            sets.append(self._by_tag.get(fragment.tag, set()))
        sets += [self._by_class.get(name, set()) for name in fragment.classes]
        sets += [self._by_attr.get(name, set()) for name in fragment.exact_attrs]
        if not fragment.tag and not fragment.classes and not fragment.exact_attrs:
            found = set(sets[0])
        else:
            found = set.intersection(*sorted(sets, key=len))
        if fragment.nth_child is not None or fragment.suffix_attrs:
            found = {
                index
                for index in found
                if (fragment.nth_child is None or self._records[index].nth_child == fragment.nth_child)
                and (not fragment.suffix_attrs or _matches_suffixes(self._records[index], fragment.suffix_attrs))
            }
        return found


_FORM_NAMED = frozenset({"button", "fieldset", "input", "object", "output", "select", "textarea", "img"})


def element_children(parent: Node | None) -> list[Element]:
    """``parentNode.children`` as a script reads it. A <form> with a control named (or
    with the id) "children" answers with that control instead: form named properties
    override built-in ones. One control has no length (no siblings, nth-child 0); several
    make a list of those controls."""
    if parent is None:
        return []
    if isinstance(parent, Element) and parent.local_name == "form" and parent.namespace == HTML_NS:
        named = [
            el
            for el in parent.iter_elements()
            if el.namespace == HTML_NS
            and el.local_name in _FORM_NAMED
            and "children" in (el.attrs.get("name"), el.attrs.get("id"))
        ]
        if named:
            return named if len(named) > 1 else []
    return [child for child in parent.children if isinstance(child, Element)]


def _matches_suffixes(record: _Record, suffixes: tuple[tuple[str, str], ...]) -> bool:
    return all(isinstance(record.url_attrs.get(name), str) and record.url_attrs[name].endswith(end) for name, end in suffixes)
