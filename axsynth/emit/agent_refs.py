"""Refs for the agent format: a unique CSS selector for each interactive element
(an id, a test id or another identifying attribute — name, href, src, aria-label —
else a path of tag names and positions), and a short hash of it, so a ref survives unrelated edits to the page."""

from __future__ import annotations

import hashlib
from typing import Any

from ..html.dom import Document as DomDocument
from ..html.dom import Element, ShadowRoot


def _css_ident(value: str) -> str:
    """CSS.escape() for an identifier."""
    out = []
    for i, ch in enumerate(value):
        code = ord(ch)
        if code == 0:
            out.append("\ufffd")
        elif (
            0x1 <= code <= 0x1F
            or code == 0x7F
            or (i == 0 and ch.isdigit())
            or (i == 1 and ch.isdigit() and value[0] == "-")
        ):
            out.append(f"\\{code:x} ")
        elif i == 0 and ch == "-" and len(value) == 1:
            out.append("\\-")
        elif code >= 0x80 or ch in "-_" or ch.isalnum():
            out.append(ch)
        else:
            out.append("\\" + ch)
    return "".join(out)


def _css_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\a ") + '"'


class Selectors:
    """Unique CSS selectors for the document's elements, and refs derived from them."""

    def __init__(self, dom: DomDocument) -> None:
        self.counts: dict[tuple[str, str], int] = {}
        self.by_tag: dict[str, list[Element]] = {}
        self._all = list(_all_elements(dom))
        for el in self._all:
            self.by_tag.setdefault(el.local_name, []).append(el)
            for attr in ("id", "data-testid", "name", "href", "src", "aria-label"):
                value = el.attrs.get(attr)
                if value:
                    key = (attr, value) if attr in ("id", "data-testid") else (attr, el.local_name + "\0" + value)
                    self.counts[key] = self.counts.get(key, 0) + 1
            if el.attrs.get("name") and "value" in el.attrs:
                key = ("name+value", f"{el.local_name}\0{el.attrs['name']}\0{el.attrs['value']}")
                self.counts[key] = self.counts.get(key, 0) + 1
        self._cache: dict[int, str] = {}
        self._chains: dict[tuple[tuple[str, int | None], ...], list[tuple[Element, Any]]] = {}
        self._steps: dict[int, tuple[str, int | None]] = {}
        self._index: dict[int, int] = {}
        for parent in [dom, *self._all]:
            groups: dict[str, list[Element]] = {}
            for child in parent.children:
                if isinstance(child, Element):
                    groups.setdefault(child.local_name, []).append(child)
            for tag, members in groups.items():
                for i, member in enumerate(members, 1):
                    self._steps[id(member)] = (tag, None if len(members) == 1 else i)
                    self._index[id(member)] = i
        # by (tag, position among same-tag siblings): what ``tag:nth-of-type(k)`` matches
        self.by_step: dict[tuple[str, int], list[Element]] = {}
        for el in self._all:
            self.by_step.setdefault((el.local_name, self._index[id(el)]), []).append(el)

    def _unique(self, attr: str, value: str) -> bool:
        return self.counts.get((attr, value), 0) == 1

    def _attribute_selector(self, el: Element) -> str | None:
        tag = _css_ident(el.local_name)
        attrs = el.attrs
        if attrs.get("id") and self._unique("id", attrs["id"]):
            return "#" + _css_ident(attrs["id"])
        if attrs.get("data-testid") and self._unique("data-testid", attrs["data-testid"]):
            return f"[data-testid={_css_string(attrs['data-testid'])}]"
        name = attrs.get("name")
        if name:
            if self._unique("name", el.local_name + "\0" + name):
                return f"{tag}[name={_css_string(name)}]"
            if "value" in attrs and self._unique("name+value", f"{el.local_name}\0{name}\0{attrs['value']}"):
                return f"{tag}[name={_css_string(name)}][value={_css_string(attrs['value'])}]"
        for attr in ("href", "src", "aria-label"):
            value = attrs.get(attr)
            if value and self._unique(attr, el.local_name + "\0" + value):
                return f"{tag}[{attr}={_css_string(value)}]"
        return None

    def _step(self, el: Element) -> tuple[str, int | None]:
        step = self._steps.get(id(el))
        if step is None:  # outside the document tree (a shadow root's child)
            siblings = [c for c in el.parent.children if isinstance(c, Element) and c.local_name == el.local_name]
            step = (
                el.local_name,
                None if len(siblings) == 1 else next(i for i, s in enumerate(siblings, 1) if s is el),
            )
            self._steps[id(el)] = step
        return step

    def _position(self, el: Element) -> int:
        if id(el) not in self._index:
            self._step(el)
            siblings = [c for c in el.parent.children if isinstance(c, Element) and c.local_name == el.local_name]
            self._index[id(el)] = next(i for i, s in enumerate(siblings, 1) if s is el)
        return self._index[id(el)]

    def selector(self, el: Element) -> str:
        cached = self._cache.get(id(el))
        if cached is not None:
            return cached
        root = el.tree_root
        if isinstance(root, ShadowRoot):
            # Inside a shadow tree: the host's selector, then the exact path from
            # the shadow root (">>>" pierces shadow roots in Playwright/Puppeteer).
            chain = []
            node: Any = el
            while isinstance(node, Element):
                chain.append(_fmt_step(self._step(node)))
                node = node.parent
            found = self.selector(root.host) + " >>> " + " > ".join(reversed(chain))
            self._cache[id(el)] = found
            return found
        found = self._attribute_selector(el)
        if found is None:
            found = self._path(el)
        self._cache[id(el)] = found
        return found

    def _path(self, el: Element) -> str:
        """The shortest ``a > b:nth-of-type(k) > c`` chain ending at el that matches
        only el, anchored at an ancestor's #id when one is met first."""
        chain: list[tuple[str, int | None]] = []
        node: Any = el
        while isinstance(node, Element):
            if node is not el:
                anchor = node.attrs.get("id")
                if anchor and self._unique("id", anchor):
                    return " > ".join(["#" + _css_ident(anchor), *map(_fmt_step, reversed(chain))])
            chain.append(self._step(node))
            # Past _MAX_CHECKED_STEPS the uniqueness test (linear in the chain and in
            # the candidates) is skipped: the path then runs to the root, which is unique.
            if not isinstance(node.parent, Element) or (len(chain) <= _MAX_CHECKED_STEPS and self._matches(chain) == 1):
                break
            node = node.parent
        return " > ".join(map(_fmt_step, reversed(chain)))

    def _matches(self, chain: list[tuple[str, int | None]]) -> int:
        return len(self._matching(tuple(chain)))

    def _matching(self, chain: tuple[tuple[str, int | None], ...]) -> list[tuple[Element, Any]]:
        """The elements ``chain`` (steps from the element up) matches, each with its ancestor at
        the chain's last step. Kept per chain, and each chain's found from its one step
        shorter prefix: the paths of a page's elements share prefixes (every ``li > a``),
        so each candidate is tested once per distinct prefix, not once per element's path."""
        found = self._chains.get(chain)
        if found is None:
            if len(chain) == 1:
                tag, nth = chain[0]
                found = [
                    (c, c) for c in (self.by_step.get(chain[0], ()) if nth is not None else self.by_tag.get(tag, ()))
                ]
            else:
                tag, nth = chain[-1]
                found = [
                    (candidate, top.parent)
                    for candidate, top in self._matching(chain[:-1])
                    if isinstance(top.parent, Element)
                    and top.parent.local_name == tag
                    and (nth is None or self._position(top.parent) == nth)
                ]
            self._chains[chain] = found
        return found

    @staticmethod
    def ref_for(selector: str, length: int = 5) -> str:
        digest = int.from_bytes(hashlib.sha1(selector.encode("utf-8")).digest()[:8], "big")
        out = []
        for _ in range(length):
            digest, rem = divmod(digest, 36)
            out.append("0123456789abcdefghijklmnopqrstuvwxyz"[rem])
        return "e" + "".join(out)


_MAX_CHECKED_STEPS = 32


def _fmt_step(step: tuple[str, int | None]) -> str:
    tag, nth = step
    return _css_ident(tag) + (f":nth-of-type({nth})" if nth is not None else "")


def _all_elements(dom: DomDocument):
    return dom.iter_elements()
