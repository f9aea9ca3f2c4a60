"""The ``agent`` format: a compact, stable, actionable outline for LLM browser agents.

One line per kept node, two spaces per level::

    document "Title"
      navigation "Main"
        link "Home" [ref=e1k2x9] url=/
      main
        heading "Hello" level=1
        textbox "Name" [ref=e7f0qa] required

It is read from the accessibility tree only (roles, names, states of the
``AXObject``\\ s); the DOM is consulted for element identity (ids, test ids,
``name``/``href`` attributes, sibling positions) to build selectors and refs,
and for the privacy filter (password / credit-card autocomplete fields).

Rules, in the order the single walker applies them:

* ignored objects, and wrappers (generic, group, none, presentation, paragraph,
  inline formatting) without a name and without a ref, dissolve into their
  parent; block-level wrappers separate the text around them;
* text runs merge into ``text "…"`` lines; a node whose only content is one text
  run prints it as its name; text repeating an adjacent node's name (a label
  next to its control) or already covered by the parent's name is dropped;
* every interactive object (widget role, focusable, click handler, own
  ``cursor:pointer``) gets ``[ref=…]``, a hash of its selector: deterministic and
  independent of unrelated parts of the page.  No option removes a ref except
  the explicit ``--max-bytes`` cut, which reports what it left out.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol
from urllib.parse import urlsplit

from ..ax.cache import AXCache
from ..ax.object import AXObject
from ..data.agent_roles import INTERACTIVE_ROLES, LEAF_ROLES, ROLE_NAMES, WRAPPER_ROLES
from ..data.aria import CLICK_HANDLERS
from ..data.chrome_roles import ROLES
from ..html import forms
from ..html.dom import Document as DomDocument
from ..html.dom import Element, ShadowRoot
from ..page import CursorError, ScopeError, compile_scope  # noqa: F401 (both re-exported: their former home)
from .agent_outline import (
    BREAK,
    REDACTED,
    OutlineItem,
    TextRun,
    cut_text,
    finish_children,
    keep_interactive,
    quote,
    render_outline,
    summarize,
)
from .agent_paging import ancestor_lines, cursor_start, cut_bytes, outline_fingerprint, trailer
from .agent_refs import Selectors
from .cdp import CdpSerializer, scope_object

DEFAULT_MAX_BYTES = 50_000
OPTIONS_SHOWN = 10  # a drop-down's options listed on its line


_SECRET_AUTOCOMPLETE = re.compile(r"(^cc-|password|secret|one-time-code)")
_PAYMENT_FIELD = re.compile(
    r"card.?(num|no\b|number)|cc.?(num|number)|cvc|cvv|csc\b|security.?code|iban", re.IGNORECASE
)
_CURRENT_TOKENS = frozenset({"page", "step", "location", "date", "time"})


@dataclass
class Ref:
    ref: str
    selector: str  # unique in its frame's document
    tag: str
    role: str
    name: str
    obj: AXObject = field(repr=False, compare=False)
    frames: tuple[str, ...] = ()  # in a child frame: the selectors of the iframes that lead to it, outermost first

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"selector": self.selector, "tag": self.tag, "role": self.role, "name": self.name}
        if self.frames:
            out["frames"] = list(self.frames)
        return out


class ChildFrame(Protocol):
    """What the emitter needs of a child frame (``axsynth.api.Frame``)."""

    frame_id: str
    reason: str  # why its document was not loaded

    @property
    def agent_emitter(self) -> "AgentEmitter | None": ...


@dataclass
class AgentSnapshot:
    text: str
    url: str
    title: str
    node_count: int  # lines printed
    interactive_count: int  # refs in scope
    max_depth_reached: int  # deepest level printed (document = 0)
    refs: dict[str, Ref]  # refs printed, in output order
    omitted_nodes: int = 0  # cut by --max-bytes
    omitted_refs: int = 0
    cdp_chars: int | None = None
    next_cursor: str | None = None  # continues a cut outline (--cursor)
    context_lines: int = 0  # a continuation's leading ancestor lines, repeated from the previous part

    def to_json(self) -> dict[str, Any]:
        agent_tokens = (len(self.text) + 3) // 4
        out: dict[str, Any] = {
            "url": self.url,
            "title": self.title,
            "nodeCount": self.node_count,
            "interactiveCount": self.interactive_count,
            "maxDepthReached": self.max_depth_reached,
            "tree": self.text,
            "refs": {r: ref.to_json() for r, ref in self.refs.items()},
        }
        if self.omitted_nodes or self.omitted_refs:
            out["truncated"] = {"nodes": self.omitted_nodes, "refs": self.omitted_refs, "cursor": self.next_cursor}
        if self.context_lines:
            out["contextLines"] = self.context_lines
        tokens: dict[str, Any] = {"method": "chars/4", "agent": agent_tokens}
        if self.cdp_chars is not None:
            cdp_tokens = (self.cdp_chars + 3) // 4
            tokens["cdpJson"] = cdp_tokens
            tokens["ratio"] = round(agent_tokens / cdp_tokens, 4) if cdp_tokens else None
        out["tokens"] = tokens
        return out


# --- the intermediate tree ---------------------------------------------------------


def _attached(el: Element) -> bool:
    node: Any = el
    while node.parent is not None:
        node = node.parent
    return isinstance(node, (DomDocument, ShadowRoot))


# --- the emitter -----------------------------------------------------------------------


class AgentEmitter:
    def __init__(
        self, ax: AXCache, frames: Callable[[Element], ChildFrame] | None = None, selectors: Selectors | None = None
    ) -> None:
        self.ax = ax
        self.tree = ax.tree
        self.frames = frames  # an <iframe>'s child frame; None: frames are not entered
        self._frame_refs: dict[str, Ref] = {}  # refs inside child frames, once an outline entered them
        self.selectors = selectors if selectors is not None else Selectors(ax.page.document)
        self._refs: dict[int, Ref] = {}
        self._names: dict[int, str] = {}
        self._prop_cache: dict[int, dict[str, Any]] = {}
        self._state_cache: dict[tuple[int, str], list[str]] = {}
        self._summarize = True
        self._by_ref: dict[str, Ref] | None = None
        self._outlines: dict[tuple[str | None, bool, int | None, bool], list[tuple[str, str | None]]] = {}
        self._assign_refs()

    # -- which objects are interactive --------------------------------------------

    def cdp_role(self, obj: AXObject) -> str:
        return ROLES.get(obj.role, (0, obj.role, ""))[1]

    def is_interactive(self, obj: AXObject) -> bool:
        if obj.kind != "element" or obj.element is None or not _attached(obj.element) or not obj.included:
            return False
        if obj.ignored:
            # An ignored-but-included object (a plain span) can still be a click
            # target; hidden / inert ones cannot.
            if obj.aria_hidden_root is not None or obj.inert_root is not None or not obj.is_visible_box():
                return False
        elif obj.role == "MenuListOption":
            return False  # a drop-down's option: chosen through its select (listed on the select's line)
        else:
            if self.cdp_role(obj) in INTERACTIVE_ROLES:
                return True
            # The "focusable" property, without computing all the others.
            if self.ax.states.restriction.is_focusable(obj):
                return True
        el = obj.element
        if any(h in el.attrs for h in CLICK_HANDLERS):
            return True
        if obj.style and obj.style.get("cursor") == "pointer":
            parent = obj.parent
            while parent is not None and parent.kind != "element":
                parent = parent.parent
            return not (parent is not None and parent.style and parent.style.get("cursor") == "pointer")
        return False

    def _assign_refs(self) -> None:
        taken: dict[str, int] = {}
        pending: list[tuple[AXObject, str]] = []
        for obj in self.tree.objects:
            if self.is_interactive(obj):
                selector = self.selectors.selector(obj.element)
                pending.append((obj, selector))
                ref = Selectors.ref_for(selector)
                taken[ref] = taken.get(ref, 0) + 1
        for obj, selector in pending:
            ref = Selectors.ref_for(selector)
            if taken[ref] > 1:  # a hash collision: every party takes a longer ref
                ref = Selectors.ref_for(selector, 10)
            self._refs[id(obj)] = Ref(
                ref, selector, obj.element.local_name, self.display_role(obj), self.name_of(obj), obj
            )

    def ref_of(self, obj: AXObject) -> Ref | None:
        """The ref of an interactive object (None for the others)."""
        return self._refs.get(id(obj))

    # -- per-object facts ---------------------------------------------------------------

    def display_role(self, obj: AXObject) -> str:
        role = self.cdp_role(obj)
        return ROLE_NAMES.get(role, role if role[:1].islower() else role.lower())

    def name_of(self, obj: AXObject) -> str:
        cached = self._names.get(id(obj))
        if cached is None:
            cached = " ".join(self.ax.names.name(obj).split())
            self._names[id(obj)] = cached
        return cached

    def is_secret(self, obj: AXObject) -> bool:
        el = obj.element
        if el is None:
            return False
        if el.is_html and el.local_name == "input" and forms.input_type(el) == "password":
            return True
        tokens = (el.attrs.get("autocomplete") or "").lower().split()
        if any(_SECRET_AUTOCOMPLETE.search(t) for t in tokens):
            return True
        # Payment fields that do not say so with autocomplete="cc-*" usually do with their name or id.
        return any(_PAYMENT_FIELD.search(el.attrs.get(a) or "") for a in ("name", "id"))

    def properties(self, obj: AXObject) -> dict[str, Any]:
        cached = self._prop_cache.get(id(obj))
        if cached is None:
            cached = dict(self.ax.states.properties(obj))
            self._prop_cache[id(obj)] = cached
        return cached

    def _states(self, obj: AXObject, role: str) -> list[str]:
        key = (id(obj), role)
        if key not in self._state_cache:
            self._state_cache[key] = self._compute_states(obj, role)
        return list(self._state_cache[key])

    def _compute_states(self, obj: AXObject, role: str) -> list[str]:
        props = self.properties(obj)
        out: list[str] = []
        checked = props.get("checked")
        if checked == "true":
            out.append("checked")
        elif checked == "mixed":
            out.append("checked=mixed")
        pressed = props.get("pressed")
        if pressed is not None:
            out.append({"true": "pressed", "mixed": "pressed=mixed"}.get(pressed, "pressed=false"))
        if props.get("disabled"):
            out.append("disabled")
        if "expanded" in props:
            out.append("expanded" if props["expanded"] else "expanded=false")
        if props.get("selected"):
            out.append("selected")
        if props.get("required"):
            out.append("required")
        if props.get("readonly"):
            out.append("readonly")
        invalid = props.get("invalid")
        if invalid and invalid != "false":
            out.append("invalid")
        if "level" in props and role in ("heading", "treeitem"):
            out.append(f"level={props['level']}")
        current = _current(obj)
        if current:
            out.append(current)
        if props.get("modal"):
            out.append("modal")
        if props.get("busy"):
            out.append("busy")
        if props.get("live"):
            out.append(f"live={props['live']}")
        if obj.kind == "element" and role not in ("option",):
            v = self.ax.states.value(obj)
            if v is not None:
                if self.is_secret(obj):
                    out.append(f"value={REDACTED}")
                elif isinstance(v, (int, float)) and not isinstance(v, bool):
                    out.append(f"value={int(v) if float(v).is_integer() else v}")
                elif role != "textbox" or str(v) != self.name_of(obj):
                    out.append(f"value={quote(cut_text(str(v)))}")
        if "url" in props and role == "link":
            out.append(f"url={self._short_url(props['url'])}")
        placeholder = placeholder_of(obj)
        if placeholder and placeholder != self.name_of(obj):
            out.append(f"placeholder={quote(cut_text(placeholder))}")
        description = " ".join(self.ax.names.description(obj).split()) if obj.kind == "element" else ""
        if description and description != self.name_of(obj):
            out.append(f"description={quote(cut_text(description))}")
        return out

    def _announces_changes(self, obj: AXObject) -> bool:
        """A live region or a busy node: kept even as an unnamed wrapper, since its state
        tells the agent that its content changes by itself."""
        props = self.properties(obj)
        return bool(props.get("live") or props.get("busy"))

    def _short_url(self, url: str) -> str:
        try:
            base = urlsplit(self.ax.page.url)
            target = urlsplit(url)
        except ValueError:  # an invalid URL, reported as written
            return cut_text(url).replace(" ", "%20")
        if target.scheme == base.scheme and target.netloc == base.netloc:
            same_page = target.path == base.path and target.query == base.query
            short = "" if same_page and target.fragment else (target.path or "/")
            if target.query:
                short += "?" + target.query
            if target.fragment:
                short += "#" + target.fragment
            url = short
        return cut_text(url).replace(" ", "%20")

    # -- the walker ---------------------------------------------------------------------

    def build(self, root: AXObject, summarize: bool = True) -> OutlineItem:
        """Post-order over included objects (iteratively: pages can be deep).
        ``summarize``: long lists keep their head and their refs only (the outline's rule)."""
        self._summarize = summarize
        results: dict[int, list[Any]] = {}
        stack: list[tuple[AXObject, bool]] = [(root, False)]
        while stack:
            obj, done = stack.pop()
            if not done:
                stack.append((obj, True))
                stack.extend((c, False) for c in reversed(obj.tree_children))
                continue
            parts: list[Any] = []
            for child in obj.tree_children:
                parts.extend(results.pop(id(child), ()))
            results[id(obj)] = self._transform(obj, parts, obj is root)
        top = [p for p in results[id(root)] if p is not BREAK]
        if len(top) == 1 and isinstance(top[0], OutlineItem):
            return top[0]
        item = OutlineItem(self.display_role(root), "", None, [], root)  # the scope root dissolved: keep a frame
        item.children = finish_children(top, "")
        return item

    def _transform(self, obj: AXObject, parts: list[Any], is_root: bool) -> list[Any]:
        ref = self._refs.get(id(obj))
        block = obj.kind in ("element", "pseudo") and not obj.is_inline_level()
        if obj.ignored and ref is None and not is_root:
            return [BREAK, *parts, BREAK] if block else parts
        role = self.cdp_role(obj)
        if role in ("StaticText", "InlineTextBox"):
            return [TextRun(re.sub(r"\s+", " ", self.ax.names.name(obj)))]
        if role == "LineBreak":
            return [BREAK]
        if role == "ListMarker":
            return []
        name = self.name_of(obj)
        if obj.in_ua_shadow and ref is None and not is_root:
            return parts
        if (
            ref is None
            and (not name or role == "Abbr")
            and role in WRAPPER_ROLES
            and not is_root
            and not self._announces_changes(obj)
        ):
            return [BREAK, *parts, BREAK] if block else parts
        display = self.display_role(obj)
        item = OutlineItem(display, name, ref.ref if ref else None, self._states(obj, display), obj)
        if self.is_secret(obj) and name and self.ax.states.value(obj) and name == self.ax.states.string_value(obj):
            item.name = REDACTED
        if role in LEAF_ROLES:
            parts = [p for p in parts if isinstance(p, OutlineItem) and p.has_ref]
        if obj.role == "ComboBoxSelect":
            parts = [p for p in parts if isinstance(p, OutlineItem) and p.has_ref]
            options = [
                self.name_of(o)
                for o in obj.iter_descendants(included_only=True)
                if o.role == "MenuListOption" and not o.ignored
            ]
            if options:
                shown = ", ".join(quote(cut_text(o, 40)) for o in options[:OPTIONS_SHOWN])
                more = f", …+{len(options) - OPTIONS_SHOWN}" if len(options) > OPTIONS_SHOWN else ""
                item.states.append(f"options=[{shown}{more}]")
        item.children = finish_children(parts, name)
        if self.frames is not None and obj.element is not None and obj.tag() in ("iframe", "frame"):
            self._enter_frame(item, obj.element)
        if not name and len(item.children) == 1 and isinstance(item.children[0], TextRun) and display != "document":
            item.name = item.children[0].text
            item.children = []
        item.has_ref = item.has_ref or any(isinstance(c, OutlineItem) and c.has_ref for c in item.children)
        if self._summarize:
            summarize(item)
        return [BREAK, item, BREAK] if block else [item]

    def _enter_frame(self, item: OutlineItem, iframe: Element) -> None:
        """The child frame's outline under its iframe, its refs prefixed with the frame's id;
        or why it was not loaded."""
        frame = self.frames(iframe)
        child = frame.agent_emitter
        if child is None:
            item.states.append(f"frame=none ({frame.reason})")
            return
        item.states.insert(0, f"frame={frame.frame_id}")
        document = child.build(child.tree.root, self._summarize)
        iframe_selector = self.selectors.selector(iframe)
        stack: list[Any] = [document]
        while stack:
            node = stack.pop()
            if not isinstance(node, OutlineItem):
                continue
            if node.ref is not None:
                inner = child.ref(node.ref)
                node.ref = f"{frame.frame_id}-{node.ref}"
                self._frame_refs[node.ref] = Ref(
                    node.ref,
                    inner.selector,
                    inner.tag,
                    inner.role,
                    inner.name,
                    inner.obj,
                    (iframe_selector, *inner.frames),
                )
            stack.extend(node.children)
        item.children = [document]

    # -- output -------------------------------------------------------------------------

    def snapshot(
        self,
        scope: str | None = None,
        interactive_only: bool = False,
        max_depth: int | None = None,
        max_bytes: int | None = DEFAULT_MAX_BYTES,
        with_cdp_size: bool = False,
        cursor: str | None = None,
        all_items: bool = False,
    ) -> AgentSnapshot:
        """The outline; ``cursor`` (from a cut outline's trailer) continues it where it was cut;
        ``all_items``: long lists and tables are not shortened."""
        lines = self.outline(scope, interactive_only, max_depth, all_items)
        refs_in_scope = [r for (_, r) in lines if r]
        deepest = max((len(line) - len(line.lstrip(" "))) // 2 for line, _ in lines)
        fingerprint = outline_fingerprint(lines)
        start = 0 if cursor is None else cursor_start(cursor, fingerprint, len(lines))
        context = ancestor_lines(lines, start)
        cut = cut_bytes(context, lines[start:], max_bytes, at_least_one=cursor is not None)
        shown = lines[start : start + cut.shown]
        refs = {r: self.ref(r) for (_, r) in shown if r}
        title = self.name_of(self.tree.root) if self.tree.root.kind == "document" else ""
        cdp_chars = None
        if with_cdp_size:
            cdp_chars = len(json.dumps({"nodes": CdpSerializer(self.ax).full_tree()}, ensure_ascii=False))
        next_cursor = f"{start + cut.shown}-{fingerprint}" if cut.omitted_nodes else None
        text = cut.text
        if next_cursor:
            text += trailer(max_bytes, cut.omitted_nodes, cut.omitted_refs, next_cursor)
        return AgentSnapshot(
            text,
            self.ax.page.url,
            title,
            len(shown),
            len(refs_in_scope),
            deepest,
            refs,
            cut.omitted_nodes,
            cut.omitted_refs,
            cdp_chars,
            next_cursor,
            len(context),
        )

    def ref(self, ref: str) -> Ref | None:
        """The interactive element a ref names, if any on this page or in its child frames."""
        if self._by_ref is None:
            self._by_ref = {r.ref: r for r in self._refs.values()}
        found = self._by_ref.get(ref)
        if found is None and ref.startswith("f") and self.frames is not None:
            if not self._frame_refs:
                self.outline()  # enters the frames, which names their refs
            found = self._frame_refs.get(ref)
        return found

    def refs(self) -> list[Ref]:
        """The refs of this document's interactive objects, in tree order (child frames' not included)."""
        return list(self._refs.values())

    def role_and_name(self, obj: AXObject) -> tuple[str, str]:
        """The role and name the outline prints for an object (white space collapsed)."""
        return self.display_role(obj), self.name_of(obj)

    def states_of(self, obj: AXObject) -> list[str]:
        """The states the outline prints on this object's line."""
        return self._states(obj, self.display_role(obj))

    def outline(
        self,
        scope: str | None = None,
        interactive_only: bool = False,
        max_depth: int | None = None,
        all_items: bool = False,
    ) -> list[tuple[str, str | None]]:
        """Every line of the uncut outline, each with the ref it carries (kept per options:
        continuing a cut outline does not build it again)."""
        key = (scope, interactive_only, max_depth, all_items)
        if key not in self._outlines:
            self._outlines[key] = self._outline(scope, interactive_only, max_depth, all_items)
        return self._outlines[key]

    def _outline(
        self, scope: str | None, interactive_only: bool, max_depth: int | None, all_items: bool
    ) -> list[tuple[str, str | None]]:
        root = self.tree.root
        if scope is not None:
            root = scope_object(self.ax, scope)
        item = self.build(root, summarize=not all_items)
        if interactive_only:
            item.children = keep_interactive(item.children)
        lines: list[tuple[str, str | None]] = []
        render_outline(item, 0, max_depth, lines)
        if root is self.tree.root and not item.children:
            lines = [('document "(empty)"', None)]
        return lines


def matching_elements(document: DomDocument, selector: str, option: str) -> list[Element]:
    """The elements a CSS selector matches, in tree order; a bad selector raises
    ``ScopeError`` with the code ``<option>_invalid``."""
    from ..style.selectors import select

    compiled = [s for s in compile_scope(selector, option) if s.pseudo_element is None]  # no element is ::before
    top = document.document_element
    return [] if top is None else list(select([top], compiled))


def _current(obj: AXObject) -> str:
    """``aria-current`` as Chromium maps it: a known token, else ``true`` (``false`` or empty: none)."""
    value = (obj.attr("aria-current") or "").strip().lower() if obj.kind == "element" else ""
    if value in ("", "false"):
        return ""
    return f"current={value}" if value in _CURRENT_TOKENS else "current"


def placeholder_of(obj: AXObject) -> str:
    el = obj.element
    if el is None or obj.kind != "element":
        return ""
    native = el.attrs.get("placeholder") if el.is_html and el.local_name in ("input", "textarea") else None
    return " ".join((native or el.attrs.get("aria-placeholder") or "").split())
