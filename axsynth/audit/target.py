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
from dataclasses import dataclass
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
    """What axe's index holds about one element, made when a selector needs it. Classes
    and attributes are raw keys; they are escaped only where a selector's text is written."""

    element: Element
    tag: str  # lower-cased local name
    classes: list[str]
    feature_attrs: list[tuple]  # attribute keys (see Targets._attribute_key)
    url_attrs: dict[str, str]


@dataclass(frozen=True)
class _Fragment:
    text: str
    id: str | None = None  # the raw id
    tag: str | None = None
    classes: tuple[str, ...] = ()
    exact_attrs: tuple[tuple, ...] = ()
    suffix_attrs: tuple[tuple[str, str], ...] = ()  # (attribute name, URL suffix)
    nth_child: int | None = None


class Targets:
    """Selectors for the elements of one page, from counts over the whole page. One pass
    counts names, classes and attributes (by their raw text); the records and selectors
    of the elements that are reported are made on demand."""

    def __init__(self, ctx: "AuditPage") -> None:
        self._elements: list[Element] = []
        self._index: dict[int, int] = {}  # id(element) -> index
        self._root_of: list[int] = []
        self._roots: dict[int, int] = {}  # id(root node) -> root number
        self._root_objects: dict[int, Node] = {}
        self.tags: dict[str, int] = {}
        self.classes: dict[str, int] = {}
        self.attributes: dict[tuple, int] = {}
        self._by_tag: dict[str, list[int]] = {}
        self._by_class: dict[str, list[int]] = {}
        self._by_attr: dict[tuple, list[int]] = {}
        self._by_root: dict[int, list[int]] = {}
        self._ids: dict[int, dict[str, list[int]]] = {}
        self._friendly: dict[str, str | None] = {}
        self._records: dict[int, _Record] = {}
        self._fragments: dict[int, _Fragment] = {}
        self._sets: dict[tuple, set[int]] = {}
        self._matches: dict[tuple, set[int]] = {}
        self._children: dict[int, list[int]] | None = None
        self._parent_indices: list[int] | None = None
        self._grouped: dict[tuple, dict[int, int]] = {}
        self._positions: dict[int, dict[int, int]] = {}  # id(parent) -> id(child) -> nth-child
        for node in ctx.tree.elements:
            self._add(node.el, counted=True)
        self._first_phantom = len(self._elements)
        # Elements outside the flattened tree can be matched, but are not counted ("phantoms"),
        # except a <template>'s contents: a separate fragment that querySelectorAll never enters.
        for root in list(self._root_objects.values()):
            for element in root.iter_elements():
                if id(element) not in self._index and not _in_template(element):
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
        index = len(self._elements)
        self._elements.append(element)
        self._index[id(element)] = index
        root = self._root(element.tree_root)
        self._root_of.append(root)
        self._by_root.setdefault(root, []).append(index)
        attrs = element.attrs
        if counted:
            name = element.local_name.upper() if element.namespace == HTML_NS else element.local_name
            self.tags[name] = self.tags.get(name, 0) + 1
        self._by_tag.setdefault(element.local_name.lower(), []).append(index)
        class_attr = attrs.get("class")
        if class_attr:
            for name in dict.fromkeys(_ASCII_WHITESPACE.split(class_attr.strip())):
                if name:
                    if counted:
                        self.classes[name] = self.classes.get(name, 0) + 1
                    self._by_class.setdefault(name, []).append(index)
        for name, value in attrs.items():
            key = self._attribute_key(name, value)
            if key is None:
                continue
            if counted:
                self.attributes[key] = self.attributes.get(key, 0) + 1
            if not key[2]:
                self._by_attr.setdefault(key, []).append(index)
        raw_id = attrs.get("id")
        if raw_id:
            self._ids[root].setdefault(raw_id, []).append(index)
        if element.shadow_root is not None and element.shadow_root.mode == "open":
            self._root(element.shadow_root)

    def _attribute_key(self, name: str, value: str) -> tuple | None:
        """(name, value, False) for an attribute axe may use as a feature, (name, the URL's
        end, True) for an href or src it matches by suffix; None for the ones it never uses."""
        if name in _IGNORED_ATTRIBUTES or ":" in name or (value and len(value) >= _MAX_ATTRIBUTE_LENGTH):
            return None
        if "href" in name or "src" in name:
            suffix = self._friendly_end(value)
            if suffix:
                return (name, suffix, True)
        return (name, value, False)

    def _friendly_end(self, value: str) -> str | None:
        if value not in self._friendly:
            self._friendly[value] = friendly_uri_end(value)
        return self._friendly[value]

    def _record(self, index: int) -> _Record:
        record = self._records.get(index)
        if record is None:
            element = self._elements[index]
            attrs = element.attrs
            classes = list(dict.fromkeys(c for c in _ASCII_WHITESPACE.split(attrs.get("class", "").strip()) if c))
            features, urls = [], {}
            for name, value in attrs.items():
                key = self._attribute_key(name, value)
                if key is not None:
                    features.append(key)
                if ("href" in name or "src" in name) and self._friendly_end(value):
                    urls[name] = value  # matched by `$=` even when too long to be a feature
            record = self._records[index] = _Record(element, element.local_name.lower(), classes, features, urls)
        return record

    def _nth_child(self, element: Element) -> int:
        parent = element.parent
        positions = self._positions.get(id(parent))
        if positions is None:
            positions = self._positions[id(parent)] = {
                id(child): number for number, child in enumerate(element_children(parent), 1)
            }
        return positions.get(id(element), 0)

    def _parent_index(self, index: int) -> int:
        """The parent element's index; a phantom at the top of a shadow tree has its host."""
        element = self._elements[index]
        parent = element.parent
        if isinstance(parent, Element):
            return self._index.get(id(parent), -1)
        if isinstance(parent, ShadowRoot) and parent.host is not None and index >= self._first_phantom:
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
        root = self._root_of[index]
        selector = ""
        # The elements the chain so far lands on: a set at first, then each ancestor with
        # the number of elements below it that the chain matches.
        candidates: set[int] | dict[int, int] | None = None
        count = 0
        current: int = index
        while True:
            fragment = self._fragment(current)
            selector = fragment.text + (" > " + selector if selector else "")
            if candidates is None:
                first = (fragment, root)
                candidates = self._matching(fragment, root)
                count = len(candidates)
            elif isinstance(candidates, set):  # the parents of the first fragment's matches, counted once per fragment
                candidates = _common(self._parents_counted(first), self._matching(fragment, root))
                count = sum(candidates.values())
            else:
                candidates = self._matching_parents(candidates, self._matching(fragment, root))
                count = sum(candidates.values())
            parent = self._elements[current].parent
            if count <= 1 or not isinstance(parent, Element) or id(parent) not in self._index:
                break
            current = self._index[id(parent)]
        if count != 1:
            position = selector.find(" > ")
            return ":root" + selector[position:] if position != -1 else ":root"
        return selector

    def _matching_parents(self, candidates: set[int] | dict[int, int], matching: set[int]) -> dict[int, int]:
        """axe's matchingParents: the candidates' parents that the next fragment matches, each
        with the number of matches below it. Walked from the smaller side: a column of
        table cells against one row is the row's children, not every cell of the column."""
        found: dict[int, int] = {}
        counted = isinstance(candidates, dict)
        children = self._children_of
        if len(matching) < len(candidates) and sum(len(children(p)) for p in matching) < len(candidates):
            for parent in matching:
                for child in children(parent):
                    weight = candidates.get(child, 0) if counted else child in candidates
                    if weight:
                        found[parent] = found.get(parent, 0) + weight
            return found
        parents = self._parents()
        for child in candidates:
            parent = parents[child]
            if parent >= 0 and parent in matching:
                found[parent] = found.get(parent, 0) + (candidates[child] if counted else 1)
        return found

    def _parents_counted(self, key: tuple) -> dict[int, int]:
        """The parents of a fragment's matches, each with how many of them it holds (cached:
        every cell of a table column starts from the same fragment)."""
        found = self._grouped.get(key)
        if found is None:
            parents = self._parents()
            found = self._grouped[key] = {}
            for child in self._matching(*key):
                parent = parents[child]
                if parent >= 0:
                    found[parent] = found.get(parent, 0) + 1
        return found

    def _parents(self) -> list[int]:
        """Every element's ``_parent_index`` (computed once, when first asked)."""
        if self._parent_indices is None:
            self._parent_indices = [self._parent_index(index) for index in range(len(self._elements))]
        return self._parent_indices

    def _children_of(self, index: int) -> list[int]:
        """The indices whose parent index is ``index``."""
        if self._children is None:
            self._children = {}
            for child, parent in enumerate(self._parents()):
                self._children.setdefault(parent, []).append(child)
        return self._children.get(index, [])

    def _fragment(self, index: int) -> _Fragment:
        if index in self._fragments:
            return self._fragments[index]
        element = self._elements[index]
        raw_id = element.attrs.get("id")
        unique = raw_id and len(self._ids[self._root_of[index]].get(raw_id, ())) == 1
        if unique and "player_uid_" not in raw_id:
            text = "#" + escape_selector(raw_id)
            fragment = _Fragment(text, id=raw_id)
        else:
            fragment = self._nth_child_if_needed(index, self._least_common(index))
        self._fragments[index] = fragment
        return fragment

    def _least_common(self, index: int) -> _Fragment:
        """getThreeLeastCommonFeatures: the rarest classes and attributes of the element."""
        record = self._record(index)
        element = record.element
        tag_count = self.tags.get(element.local_name.upper() if element.namespace == HTML_NS else element.local_name, 0)
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
        text = (escape_selector(tag) if tag else "") + "".join(
            "." + escape_selector(key) if kind == "class" else f"[{_attribute_text(key)}]" for _, kind, key in features
        )
        return _Fragment(
            text,
            tag=tag,
            classes=tuple(key for _, kind, key in features if kind == "class"),
            exact_attrs=tuple(key for _, kind, key in features if kind == "attribute" and not key[2]),
            suffix_attrs=tuple((key[0], key[1]) for _, kind, key in features if kind == "attribute" and key[2]),
        )

    def _nth_child_if_needed(self, index: int, fragment: _Fragment) -> _Fragment:
        element = self._elements[index]
        siblings = element_children(element.parent)
        if len(siblings) < 2:
            return fragment
        for sibling in siblings:
            if sibling is element:
                continue
            other = self._index.get(id(sibling))
            if other is not None and self._fragment_matches(fragment, other):
                nth = self._nth_child(element)
                return _Fragment(
                    f"{fragment.text}:nth-child({nth})",
                    tag=fragment.tag,
                    classes=fragment.classes,
                    exact_attrs=fragment.exact_attrs,
                    suffix_attrs=fragment.suffix_attrs,
                    nth_child=nth,
                )
        return fragment

    def _fragment_matches(self, fragment: _Fragment, index: int) -> bool:
        if fragment.id:
            return self._elements[index].attrs.get("id") == fragment.id
        record = self._record(index)
        if fragment.tag and record.tag != fragment.tag:
            return False
        if any(name not in record.classes for name in fragment.classes):
            return False
        if any(key not in record.feature_attrs for key in fragment.exact_attrs):
            return False
        if fragment.suffix_attrs and not _matches_suffixes(record, fragment.suffix_attrs):
            return False
        return fragment.nth_child is None or self._nth_child(record.element) == fragment.nth_child

    def _set(self, kind: str, key, found: list[int]) -> set[int]:
        cached = self._sets.get((kind, key))
        if cached is None:
            cached = self._sets[(kind, key)] = set(found)
        return cached

    def _matching(self, fragment: _Fragment, root: int) -> set[int]:
        """The elements of the root that the fragment matches (cached: fragments repeat)."""
        key = (fragment, root)
        found = self._matches.get(key)
        if found is None:
            found = self._matches[key] = self._find_matching(fragment, root)
        return found

    def _find_matching(self, fragment: _Fragment, root: int) -> set[int]:
        if fragment.id:
            found = self._ids[root].get(fragment.id, [])
            return set(found) if len(found) == 1 else set()
        sets = [self._set("root", root, self._by_root.get(root, []))]
        if fragment.tag:
            sets.append(self._set("tag", fragment.tag, self._by_tag.get(fragment.tag, [])))
        sets += [self._set("class", name, self._by_class.get(name, [])) for name in fragment.classes]
        sets += [self._set("attr", key, self._by_attr.get(key, [])) for key in fragment.exact_attrs]
        found = set(sets[0]) if len(sets) == 1 else set.intersection(*sorted(sets, key=len))
        if fragment.nth_child is not None or fragment.suffix_attrs:
            found = {
                index
                for index in found
                if (fragment.nth_child is None or self._nth_child(self._elements[index]) == fragment.nth_child)
                and (not fragment.suffix_attrs or _matches_suffixes(self._record(index), fragment.suffix_attrs))
            }
        return found


def _common(counts: dict[int, int], matching: set[int]) -> dict[int, int]:
    """The entries of ``counts`` whose element ``matching`` holds, from the smaller side."""
    if len(matching) < len(counts):
        return {index: counts[index] for index in matching if index in counts}
    return {index: count for index, count in counts.items() if index in matching}


def _attribute_text(key: tuple) -> str:
    name, value, suffix = key
    return f'{escape_selector(name)}{"$=" if suffix else "="}"{_escape_attribute(value)}"'


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
    return all(
        isinstance(record.url_attrs.get(name), str) and record.url_attrs[name].endswith(end) for name, end in suffixes
    )


def _in_template(element: Element) -> bool:
    parent = element.parent
    while isinstance(parent, Element):
        if parent.local_name == "template" and parent.namespace == HTML_NS:
            return True
        parent = parent.parent
    return False
