"""Locators with Playwright's semantics, without a browser.

``doc.get_by_role("button", name="Refund")`` finds what Playwright's
``page.get_by_role`` finds: roles, names and states come from the one engine that
reproduces Playwright's rules (:mod:`axsynth.playwright.semantics`, the engine of
the ARIA snapshot), not from Chromium's accessibility tree.  A locator is lazy and
chainable; it is resolved when asked (``count()``, ``all()``, ``element``...), and
the reads that need a single element are strict: they fail listing every
candidate with its role, name and the states the query asked about.

The matching rules follow Playwright's injected script: a string name or text is
a case-insensitive substring after white space is collapsed, ``exact=True`` asks
for the whole string (case-sensitive, still white-space-normalized), a compiled
regex is searched.  ``get_by_role`` skips elements hidden from the accessibility
tree unless ``include_hidden=True``; like Playwright, the other ``get_by_*``
locators and ``locator(css)`` also find hidden elements.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, NamedTuple, Pattern

from .data import aria_snapshot as roles_data
from .html.dom import Document as DomDocument
from .html.dom import Element, Node, Text, start_tag
from .page import Page, ScopeError, select_all
from .playwright.dom import Dom, normalize_whitespace, tag_of
from .playwright.semantics import Semantics
from .query import QueryError

if TYPE_CHECKING:
    from .query import AXNode

__all__ = ["Locator", "LocatorEngine", "set_test_id_attribute"]

TextQuery = str | Pattern[str]
Root = Element | DomDocument

_test_id_attribute = "data-testid"

# The role options Playwright validates, with the roles that support each (roleSelectorEngine).
_STATE_ROLES = {
    "checked": roles_data.CHECKED_ROLES,
    "expanded": roles_data.EXPANDED_ROLES,
    "level": roles_data.LEVEL_ROLES,
    "pressed": roles_data.PRESSED_ROLES,
    "selected": roles_data.SELECTED_ROLES,
}
# Elements whose text Playwright's text engine never reads (shouldSkipForTextMatching).
_SKIPPED_FOR_TEXT = frozenset({"SCRIPT", "NOSCRIPT", "STYLE"})
_MAX_LISTED = 20


def set_test_id_attribute(name: str) -> None:
    """Which attribute ``get_by_test_id`` reads (default ``data-testid``), as
    Playwright's ``selectors.set_test_id_attribute``.

    >>> set_test_id_attribute("data-pw")  # doctest: +SKIP
    """
    global _test_id_attribute
    if not isinstance(name, str) or not name:
        raise ValueError("the test id attribute must be a non-empty attribute name")
    _test_id_attribute = name


@dataclass(frozen=True)
class _ElementText:
    """Playwright's ElementText: the full text, collapsed, and the runs of direct text."""

    full: str
    normalized: str
    immediate: tuple[str, ...]


class LocatorEngine:
    """Playwright's view of one page (its DOM facts and role/name/state rules),
    shared by every locator of a Document."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.dom = Dom(page)
        self.sem = Semantics(self.dom)
        self._texts: dict[int, _ElementText] = {}
        self._head = page.document.find_first("head")

    # walking

    def elements_below(self, root: Root, include_root: bool = False) -> Iterator[Element]:
        """``root.querySelectorAll('*')`` piercing open shadow roots (each after its
        host's tree, as Playwright's engines walk them); <template> content is inert."""
        if include_root and isinstance(root, Element):
            yield root
        pending: list[Node] = [root]
        while pending:
            tree = pending.pop(0)
            host_shadow = Dom.open_shadow_root(tree) if isinstance(tree, Element) else None
            if host_shadow is not None:
                pending.append(host_shadow)
            stack = list(reversed(tree.children))
            while stack:
                node = stack.pop()
                if not isinstance(node, Element):
                    continue
                yield node
                shadow = Dom.open_shadow_root(node)
                if shadow is not None:
                    pending.append(shadow)
                if not (node.is_html and node.local_name == "template"):
                    stack.extend(reversed(node.children))

    def contains(self, ancestor: Root, el: Element) -> bool:
        node: Element | None = el
        while node is not None:
            if node is ancestor:
                return True
            node = self.dom.parent_or_host(node)
        return isinstance(ancestor, DomDocument)

    # Playwright's reading of an element

    def role(self, el: Element) -> str | None:
        return self.sem.role(el)

    def name(self, el: Element, include_hidden: bool = False) -> str:
        return normalize_whitespace(self.sem.name(el, include_hidden))

    def hidden(self, el: Element) -> bool:
        return self.dom.hidden_for_aria(el)

    def state(self, el: Element, state: str) -> bool | str | int | None:
        if state == "expanded":
            return self.sem.expanded_state(el)
        return getattr(self.sem, state)(el)

    def text(self, el: Element) -> _ElementText:
        """Playwright's elementText (textContent-like, shadow roots included; a submit
        or button input's text is its value)."""
        cached = self._texts.get(id(el))
        if cached is None:
            cached = self._texts[id(el)] = self._compute_text(el)
        return cached

    def _compute_text(self, el: Element) -> _ElementText:
        if self.skipped_for_text(el):
            return _ElementText("", "", ())
        if tag_of(el) == "INPUT" and self.dom.input_type(el) in ("submit", "button"):
            value = el.attrs.get("value", "")
            return _ElementText(value, normalize_whitespace(value), (value,))
        full: list[str] = []
        immediate: list[str] = []
        run = ""
        children = list(el.children)
        shadow = Dom.open_shadow_root(el)
        for child in children:
            if isinstance(child, Text):
                full.append(child.data)
                run += child.data
            elif isinstance(child, Element):
                if run:
                    immediate.append(run)
                run = ""
                full.append(self.text(child).full)
        if run:
            immediate.append(run)
        if shadow is not None:
            full += [
                c.data if isinstance(c, Text) else self.text(c).full
                for c in shadow.children
                if isinstance(c, (Text, Element))
            ]
        text = "".join(full)
        return _ElementText(text, normalize_whitespace(text), tuple(immediate))

    def skipped_for_text(self, el: Element) -> bool:
        return tag_of(el) in _SKIPPED_FOR_TEXT or (self._head is not None and self.contains(self._head, el))

    def labels(self, el: Element) -> list[_ElementText]:
        """Playwright's getElementLabels: aria-labelledby, else aria-label, else <label>s."""
        if "aria-labelledby" in el.attrs:
            referenced = self.dom.idrefs(el, "aria-labelledby")
            if referenced:
                return [self.text(ref) for ref in referenced]
        aria_label = el.attrs.get("aria-label")
        if aria_label is not None and aria_label.strip():
            return [_ElementText(aria_label, normalize_whitespace(aria_label), (aria_label,))]
        labelable = tag_of(el) in ("BUTTON", "METER", "OUTPUT", "PROGRESS", "SELECT", "TEXTAREA") or (
            tag_of(el) == "INPUT" and self.dom.input_type(el) != "hidden"
        )
        return [self.text(label) for label in self.dom.labels(el)] if labelable else []

    def describe(self, el: Element, states: Iterable[str] = ()) -> str:
        """``button "Refund" [disabled]  <button class="refund">``: what a test writer
        needs to tell candidates apart."""
        role = self.role(el)
        head = f'{role} "{self.name(el)}"' if role else f"{tag_of(el).lower()} (no role)"
        marks = []
        for state in states:
            if role is None or (state in _STATE_ROLES and role not in _STATE_ROLES[state]):
                continue
            value = self.state(el, state)
            marks.append(state if value is True else f"{state}={_js_value(value)}")
        if self.hidden(el):
            marks.append("hidden")
        return head + "".join(f" [{m}]" for m in marks) + f"  {start_tag(el)}"


# --- matchers ---------------------------------------------------------------------------------------


def _text_matcher(wanted: TextQuery, exact: bool) -> tuple[Callable[[_ElementText], bool], str]:
    """Playwright's createTextMatcher: (matcher, kind) with kind regex, strict or lax."""
    if isinstance(wanted, re.Pattern):
        return (lambda text: wanted.search(text.full) is not None), "regex"
    wanted_text = _collapse(_text_argument(wanted))
    if exact:
        return (
            lambda text: text.normalized == wanted_text or any(_collapse(run) == wanted_text for run in text.immediate)
        ), "strict"
    lowered = wanted_text.lower()
    return (lambda text: lowered in text.normalized.lower()), "lax"


def _value_matcher(wanted: TextQuery, exact: bool) -> Callable[[str], bool]:
    """Playwright's attribute-value matching (getByPlaceholder/AltText/Title/TestId):
    no white-space normalization; substring case-insensitive unless exact."""
    if isinstance(wanted, re.Pattern):
        return lambda value: wanted.search(value) is not None
    wanted_text = _text_argument(wanted)
    if exact:
        return lambda value: value == wanted_text
    return lambda value: wanted_text.lower() in value.lower()


def _name_matches(name: str, wanted: TextQuery, exact: bool) -> bool:
    if isinstance(wanted, re.Pattern):
        return wanted.search(name) is not None
    wanted_text = normalize_whitespace(wanted)
    return name == wanted_text if exact else wanted_text.lower() in name.lower()


def _check_state_value(state: str, want: object) -> None:
    """A state option of the wrong type would silently match nothing: refuse it."""
    if state == "level":
        valid = isinstance(want, int) and not isinstance(want, bool) and want >= 1
        kind = "a positive int"
    elif state in ("checked", "pressed"):
        valid, kind = isinstance(want, bool) or want == "mixed", 'a bool or "mixed"'
    else:
        valid, kind = isinstance(want, bool), "a bool"
    if not valid:
        raise TypeError(f"{state}= takes {kind}, got {want!r}")


def _collapse(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip())


def _text_argument(wanted: object) -> str:
    if not isinstance(wanted, str):
        raise TypeError(f"expected a string or a compiled regex, got {type(wanted).__name__}")
    return wanted


def _js_value(value: object) -> str:
    return "true" if value is True else "false" if value is False or value is None else str(value)


def _describe_argument(value: object) -> str:
    if isinstance(value, re.Pattern):
        return f"re.compile({value.pattern!r})"
    return repr(value)


def _call(method: str, *args: object, **options: object) -> str:
    shown = [_describe_argument(a) for a in args]
    shown += [f"{k}={_describe_argument(v)}" for k, v in options.items() if v is not None]
    return f"{method}({', '.join(shown)})"


# --- steps: each maps the current elements to the next ones ----------------------------------------


Step = Callable[[LocatorEngine, list[Root]], list[Element]]


class _RoleQuery(NamedTuple):
    """What a get_by_role step asked, to explain a miss."""

    role: str
    states: tuple[str, ...]
    include_hidden: bool


class _Part(NamedTuple):
    step: Step
    description: str
    role_query: _RoleQuery | None


def _each_root(find: Callable[[LocatorEngine, Root], Iterable[Element]]) -> Step:
    """A step that queries below every current element, keeping first-seen order."""

    def step(engine: LocatorEngine, roots: list[Root]) -> list[Element]:
        found: dict[int, Element] = {}
        for root in roots:
            for el in find(engine, root):
                found.setdefault(id(el), el)
        return list(found.values())

    return step


def _role_step(role: str, name: TextQuery | None, exact: bool, include_hidden: bool, states: dict[str, object]) -> Step:
    def find(engine: LocatorEngine, root: Root) -> Iterator[Element]:
        for el in engine.elements_below(root):
            if engine.role(el) != role or (not include_hidden and engine.hidden(el)):
                continue
            if any(engine.state(el, state) != want for state, want in states.items()):
                continue
            if name is None or _name_matches(engine.name(el, include_hidden), name, exact):
                yield el

    return _each_root(find)


def _text_step(wanted: TextQuery, exact: bool) -> Step:
    """Playwright's text engine: the elements whose own text matches and none of
    whose child elements does (the smallest element holding the text)."""
    matcher, kind = _text_matcher(wanted, exact)

    def find(engine: LocatorEngine, root: Root) -> Iterator[Element]:
        last_miss: Element | None = None
        for el in engine.elements_below(root, include_root=True):
            if kind == "lax" and last_miss is not None and engine.contains(last_miss, el):
                continue  # a substring absent from an element is absent from its descendants
            if engine.skipped_for_text(el) or not matcher(engine.text(el)):
                last_miss = el
                continue
            children = [c for c in el.children if isinstance(c, Element)]
            shadow = Dom.open_shadow_root(el)
            if shadow is not None:
                children += [c for c in shadow.children if isinstance(c, Element)]
            if not any(matcher(engine.text(c)) for c in children):
                yield el

    return _each_root(find)


def _label_step(wanted: TextQuery, exact: bool) -> Step:
    matcher, _ = _text_matcher(wanted, exact)

    def find(engine: LocatorEngine, root: Root) -> Iterator[Element]:
        return (el for el in engine.elements_below(root) if any(matcher(t) for t in engine.labels(el)))

    return _each_root(find)


def _attribute_step(attribute: str | Callable[[], str], wanted: TextQuery, exact: bool) -> Step:
    matcher = _value_matcher(wanted, exact)

    def find(engine: LocatorEngine, root: Root) -> Iterator[Element]:
        name = attribute() if callable(attribute) else attribute
        return (el for el in engine.elements_below(root) if name in el.attrs and matcher(el.attrs[name]))

    return _each_root(find)


def _css_step(selector: str) -> Step:
    def step(engine: LocatorEngine, roots: list[Root]) -> list[Element]:
        try:
            matches = select_all(engine.page, selector)
        except ScopeError as exc:
            raise QueryError(exc.message) from None
        return [el for el in matches if any(root is not el and engine.contains(root, el) for root in roots)]

    return step


def _aria_ref_step(ref: str) -> Step:
    """``aria-ref=e12``: Playwright's engine for the ai format's refs (axsynth.emit.ai_refs)."""
    from .emit.ai_refs import aria_ref_step

    resolve = aria_ref_step(ref)

    def step(engine: LocatorEngine, roots: list[Root]) -> list[Element]:
        try:
            return resolve(engine, roots)
        except ScopeError as exc:
            raise QueryError(exc.message) from None

    return step


def _nth_step(index: int) -> Step:
    def step(engine: LocatorEngine, roots: list[Root]) -> list[Element]:
        elements = [r for r in roots if isinstance(r, Element)]
        try:
            return [elements[index]]
        except IndexError:
            return []

    return step


def _filter_step(keep: Callable[[LocatorEngine, Element], bool]) -> Step:
    def step(engine: LocatorEngine, roots: list[Root]) -> list[Element]:
        return [r for r in roots if isinstance(r, Element) and keep(engine, r)]

    return step


# --- the locator --------------------------------------------------------------------------------------


class Locator:
    """A lazy, chainable query for elements, as Playwright's ``Locator``.

    >>> from axsynth import Document
    >>> doc = Document.from_html("<ul><li>Tea <button>Buy</button></li><li>Mug <button>Buy</button></li></ul>")
    >>> doc.get_by_role("listitem").filter(has_text="Mug").get_by_role("button").count()
    1
    """

    def __init__(self, document: object, engine: Callable[[], LocatorEngine], steps: tuple[_Part, ...] = ()) -> None:
        self._document = document
        self._engine = engine
        self._steps = steps

    def _then(self, step: Step, description: str, role_query: _RoleQuery | None = None) -> "Locator":
        return Locator(self._document, self._engine, self._steps + (_Part(step, description, role_query),))

    @property
    def selector(self) -> str:
        """The chain as Python code, e.g. ``get_by_role('row', name='Mug').nth(1)``.

        >>> from axsynth import Document
        >>> Document.from_html("<p>x</p>").get_by_role("row", name="Mug").nth(1).selector
        "get_by_role('row', name='Mug').nth(1)"
        """
        return ".".join(part.description for part in self._steps) or "document"

    def __repr__(self) -> str:
        return f"<Locator {self.selector}>"

    def __bool__(self) -> bool:
        raise TypeError(
            f"a Locator is lazy and has no truth value: use {self.selector}.count() or axsynth.testing.expect(locator)"
        )

    # --- locating -------------------------------------------------------------------------------

    def get_by_role(
        self,
        role: str,
        name: TextQuery | None = None,
        *,
        exact: bool = False,
        checked: bool | str | None = None,
        disabled: bool | None = None,
        expanded: bool | None = None,
        include_hidden: bool = False,
        level: int | None = None,
        pressed: bool | str | None = None,
        selected: bool | None = None,
    ) -> "Locator":
        """Elements with this ARIA role (as Playwright computes it), name and states.

        ``name`` is a case-insensitive substring unless ``exact=True``, or a regex
        (it may be passed by position too; Playwright takes it by keyword only).
        Hidden elements count only with ``include_hidden=True``. ``checked``,
        ``expanded``, ``level``, ``pressed``, ``selected`` are allowed only for the
        roles that support them (ValueError otherwise, as in Playwright).

        >>> from axsynth import Document
        >>> Document.from_html("<h2>Tasks</h2>").get_by_role("heading", name="tasks", level=2).count()
        1
        """
        if role not in roles_data.VALID_ROLES:
            close = difflib.get_close_matches(str(role), sorted(roles_data.VALID_ROLES), n=2, cutoff=0.75)
            hint = f"; did you mean {' or '.join(repr(r) for r in close)}?" if close else ""
            raise ValueError(f"unknown ARIA role {role!r}{hint}")
        states = {
            "checked": checked,
            "disabled": disabled,
            "expanded": expanded,
            "level": level,
            "pressed": pressed,
            "selected": selected,
        }
        states = {state: want for state, want in states.items() if want is not None}
        for state, want in states.items():
            _check_state_value(state, want)
            supported = _STATE_ROLES.get(state)
            if supported is not None and role not in supported:
                raise ValueError(
                    f'"{state}" is only supported for roles: ' + ", ".join(f'"{r}"' for r in sorted(supported))
                )
        description = _call(
            "get_by_role", role, name=name, exact=exact or None, include_hidden=include_hidden or None, **states
        )
        return self._then(
            _role_step(role, name, exact, include_hidden, states),
            description,
            _RoleQuery(role, tuple(states), include_hidden),
        )

    def get_by_text(self, text: TextQuery, *, exact: bool = False) -> "Locator":
        """The smallest elements whose text content contains ``text``.

        >>> from axsynth import Document
        >>> Document.from_html("<p>Hello <b>world</b></p>").get_by_text("hello world").count()
        1
        """
        return self._then(_text_step(text, exact), _call("get_by_text", text, exact=exact or None))

    def get_by_label(self, text: TextQuery, *, exact: bool = False) -> "Locator":
        """Controls labelled by ``text``: aria-labelledby, aria-label or a <label>.

        >>> from axsynth import Document
        >>> Document.from_html("<label>Email <input></label>").get_by_label("Email").count()
        1
        """
        return self._then(_label_step(text, exact), _call("get_by_label", text, exact=exact or None))

    def get_by_placeholder(self, text: TextQuery, *, exact: bool = False) -> "Locator":
        """Elements whose ``placeholder`` attribute matches.

        >>> from axsynth import Document
        >>> Document.from_html("<input placeholder='you@example.com'>").get_by_placeholder("@example").count()
        1
        """
        return self._then(
            _attribute_step("placeholder", text, exact), _call("get_by_placeholder", text, exact=exact or None)
        )

    def get_by_alt_text(self, text: TextQuery, *, exact: bool = False) -> "Locator":
        """Elements (usually images) whose ``alt`` attribute matches.

        >>> from axsynth import Document
        >>> Document.from_html("<img alt='Company logo' src=l.png>").get_by_alt_text("logo").count()
        1
        """
        return self._then(_attribute_step("alt", text, exact), _call("get_by_alt_text", text, exact=exact or None))

    def get_by_title(self, text: TextQuery, *, exact: bool = False) -> "Locator":
        """Elements whose ``title`` attribute matches.

        >>> from axsynth import Document
        >>> Document.from_html("<span title='Issues count'>25</span>").get_by_title("Issues").count()
        1
        """
        return self._then(_attribute_step("title", text, exact), _call("get_by_title", text, exact=exact or None))

    def get_by_test_id(self, test_id: TextQuery) -> "Locator":
        """Elements whose test id attribute (``data-testid`` unless changed with
        :func:`set_test_id_attribute`) is exactly ``test_id`` (or matches a regex).

        >>> from axsynth import Document
        >>> Document.from_html("<div data-testid='cart'>2</div>").get_by_test_id("cart").count()
        1
        """
        return self._then(
            _attribute_step(lambda: _test_id_attribute, test_id, exact=True), _call("get_by_test_id", test_id)
        )

    def locator(
        self,
        selector: str,
        *,
        has_text: TextQuery | None = None,
        has_not_text: TextQuery | None = None,
        has: "Locator | None" = None,
        has_not: "Locator | None" = None,
    ) -> "Locator":
        """Elements below these matching a CSS selector (open shadow roots pierced),
        optionally filtered as by :meth:`filter`.

        >>> from axsynth import Document
        >>> Document.from_html("<nav><a href=/>Home</a></nav>").locator("nav a").count()
        1
        """
        if not isinstance(selector, str):
            raise TypeError(f"locator() takes a CSS selector string, got {type(selector).__name__}")
        step = _aria_ref_step(selector[len("aria-ref=") :]) if selector.startswith("aria-ref=") else _css_step(selector)
        located = self._then(step, _call("locator", selector))
        if (has_text, has_not_text, has, has_not) == (None, None, None, None):
            return located
        return located.filter(has_text=has_text, has_not_text=has_not_text, has=has, has_not=has_not)

    def filter(
        self,
        *,
        has_text: TextQuery | None = None,
        has_not_text: TextQuery | None = None,
        has: "Locator | None" = None,
        has_not: "Locator | None" = None,
    ) -> "Locator":
        """Keep the elements whose text contains (or not) ``has_text`` and that have
        (or not) a descendant matching ``has``, a locator resolved inside each.

        >>> from axsynth import Document
        >>> doc = Document.from_html("<ul><li>Tea</li><li>Mug <b>sale</b></li></ul>")
        >>> doc.get_by_role("listitem").filter(has=doc.locator("b")).count()
        1
        """
        tests: list[Callable[[LocatorEngine, Element], bool]] = []
        if has_text is not None:
            matches, _ = _text_matcher(has_text, exact=False)
            tests.append(lambda engine, el: matches(engine.text(el)))
        if has_not_text is not None:
            misses, _ = _text_matcher(has_not_text, exact=False)
            tests.append(lambda engine, el: not misses(engine.text(el)))
        for inner, wanted in ((has, True), (has_not, False)):
            if inner is not None:
                if not isinstance(inner, Locator):
                    raise TypeError(f"has/has_not take a Locator, got {type(inner).__name__}")
                tests.append(
                    lambda engine, el, inner=inner, wanted=wanted: bool(inner._resolve_from(engine, [el])) == wanted
                )
        description = _call(
            "filter",
            has_text=has_text,
            has_not_text=has_not_text,
            has=has.selector if has is not None else None,
            has_not=has_not.selector if has_not is not None else None,
        )
        return self._then(_filter_step(lambda engine, el: all(test(engine, el) for test in tests)), description)

    def nth(self, index: int) -> "Locator":
        """The ``index``-th match (0-based; negative counts from the end).

        >>> from axsynth import Document
        >>> Document.from_html("<button>A</button><button>B</button>").get_by_role("button").nth(-2).name
        'A'
        """
        if not isinstance(index, int) or isinstance(index, bool):
            raise TypeError(f"nth() takes an int, got {type(index).__name__}")
        return self._then(_nth_step(index), f"nth({index})")

    @property
    def first(self) -> "Locator":
        """The first match.

        >>> from axsynth import Document
        >>> Document.from_html("<button>A</button><button>B</button>").get_by_role("button").first.name
        'A'
        """
        return self._then(_nth_step(0), "first")

    @property
    def last(self) -> "Locator":
        """The last match.

        >>> from axsynth import Document
        >>> Document.from_html("<button>A</button><button>B</button>").get_by_role("button").last.name
        'B'
        """
        return self._then(_nth_step(-1), "last")

    # --- resolving --------------------------------------------------------------------------------

    def _resolve_from(self, engine: LocatorEngine, roots: list[Root]) -> list[Element]:
        current: list[Root] = list(roots)
        for part in self._steps:
            current = list(part.step(engine, current))
        return [el for el in current if isinstance(el, Element)]

    def elements(self) -> list[Element]:
        """Every matching DOM element, in the order Playwright returns them.

        >>> from axsynth import Document
        >>> Document.from_html("<button>A</button><a href=/>B</a>").locator("button, a").elements()
        [<button #5>, <a #7>]
        """
        engine = self._engine()
        return self._resolve_from(engine, [engine.page.document])

    def count(self) -> int:
        """How many elements match now.

        >>> from axsynth import Document
        >>> Document.from_html("<button>A</button><button>B</button>").get_by_role("button").count()
        2
        """
        return len(self.elements())

    def all(self) -> list["Locator"]:
        """One locator per match (``self.nth(i)``), to iterate over.

        >>> from axsynth import Document
        >>> [b.name for b in Document.from_html("<button>A</button><button>B</button>").get_by_role("button").all()]
        ['A', 'B']
        """
        return [self.nth(i) for i in range(self.count())]

    @property
    def element(self) -> Element:
        """The one matching element; QueryError if none or several match (strictness).

        >>> from axsynth import Document
        >>> Document.from_html("<button id=go>Go</button>").get_by_role("button").element.attrs
        {'id': 'go'}
        """
        found = self.elements()
        if len(found) != 1:
            raise QueryError(self.explain(found))
        return found[0]

    def explain(self, found: list[Element] | None = None) -> str:
        """Why this locator is not exactly one element: every candidate with its
        role, name and the states the query is about.

        >>> from axsynth import Document
        >>> print(Document.from_html("<h1>A</h1><h3>B</h3>").get_by_role("heading", level=2).explain())
        get_by_role('heading', level=2) resolved to no element; elements with role 'heading':
          heading "A" [level=1]  <h1>
          heading "B" [level=3]  <h3>
        """
        engine = self._engine()
        found = self.elements() if found is None else found
        role_query = next((p.role_query for p in reversed(self._steps) if p.role_query), None)
        states = role_query.states if role_query else ()
        if found:
            lines = [f"strict mode violation: {self.selector} resolved to {len(found)} elements:"]
            lines += [f"  {i}) {engine.describe(el, states)}" for i, el in enumerate(found[:_MAX_LISTED], 1)]
            if len(found) > _MAX_LISTED:
                lines.append(f"  ... and {len(found) - _MAX_LISTED} more")
            lines.append("  narrow it with name=..., .filter(...), a chained locator, or pick one with .nth(i)")
            return "\n".join(lines)
        return f"{self.selector} resolved to no element" + self._near_misses(engine)

    def _near_misses(self, engine: LocatorEngine) -> str:
        """When the last step is a role query: the elements of that role it searched, with their states."""
        if not self._steps or self._steps[-1].role_query is None:
            return ""
        role, states, include_hidden = self._steps[-1].role_query
        scopes = (
            Locator(self._document, self._engine, self._steps[:-1])._resolve_from(engine, [engine.page.document])
            if len(self._steps) > 1
            else [engine.page.document]
        )
        searched = {
            id(el): el
            for scope in scopes
            for el in engine.elements_below(scope)
            if include_hidden or not engine.hidden(el)
        }.values()
        same_role = [el for el in searched if engine.role(el) == role]
        if not same_role:
            present = sorted({r for el in searched if (r := engine.role(el)) and r not in roles_data.PRESENTATIONAL})
            return f"; no element has role {role!r} there (roles present: {', '.join(present) or 'none'})"
        lines = [f"; elements with role {role!r}:"]
        lines += [f"  {engine.describe(el, states)}" for el in same_role[:_MAX_LISTED]]
        if len(same_role) > _MAX_LISTED:
            lines.append(f"  ... and {len(same_role) - _MAX_LISTED} more")
        return "\n".join(lines)

    # --- reading one element, as Playwright's locator methods do -----------------------------------

    @property
    def role(self) -> str | None:
        """The matched element's ARIA role by Playwright's rules (axsynth extra).

        >>> from axsynth import Document
        >>> Document.from_html("<img src=a.png alt=Cat>").get_by_alt_text("Cat").role
        'img'
        """
        return self._engine().role(self.element)

    @property
    def name(self) -> str:
        """The matched element's accessible name by Playwright's rules (axsynth extra).

        >>> from axsynth import Document
        >>> Document.from_html("<table><tr><td>Tea</td><td>$4</td></tr></table>").get_by_role("row").name
        'Tea $4'
        """
        return self._engine().name(self.element)

    @property
    def ax_node(self) -> "AXNode":
        """The matched element's node in Chromium's tree (the CDP view: role, name,
        states as ``getFullAXTree`` reports them).

        >>> from axsynth import Document
        >>> Document.from_html("<img src=a.png alt=Cat>").get_by_role("img").ax_node
        <AXNode image "Cat">
        """
        return self._document.ax_node_for(self.element)

    def get_attribute(self, name: str) -> str | None:
        """The attribute's value, None when absent.

        >>> from axsynth import Document
        >>> Document.from_html("<a href=/cart>Cart</a>").get_by_role("link").get_attribute("href")
        '/cart'
        """
        return self.element.attrs.get(name)

    def text_content(self) -> str:
        """``element.textContent``.

        >>> from axsynth import Document
        >>> Document.from_html("<p>Hi <b>there</b></p>").get_by_role("paragraph").text_content()
        'Hi there'
        """
        return self.element.text_content()

    def element_text(self) -> str:
        """The text Playwright's text matching and ``to_have_text`` read: textContent
        without <script>/<style>, open shadow roots included, a button input's value.

        >>> from axsynth import Document
        >>> Document.from_html("<p>Hi <script>x()</script><b>there</b></p>").get_by_role("paragraph").element_text()
        'Hi there'
        """
        return self._engine().text(self.element).full

    def is_checked(self) -> bool:
        """Whether the checkbox, radio or aria-checked element is checked.

        >>> from axsynth import Document
        >>> Document.from_html("<label><input type=checkbox checked> Keep</label>").get_by_label("Keep").is_checked()
        True
        """
        engine, el = self._engine(), self.element
        if not (
            tag_of(el) == "INPUT"
            and engine.dom.input_type(el) in ("checkbox", "radio")
            or engine.role(el) in roles_data.CHECKED_ROLES
        ):
            raise QueryError(f"{self.selector}: not a checkbox or radio button ({engine.describe(el)})")
        return engine.sem.checked(el) is True

    def is_disabled(self) -> bool:
        """Disabled natively or by aria-disabled (on it or an ancestor), as Playwright reads it.

        >>> from axsynth import Document
        >>> Document.from_html("<fieldset disabled><button>Pay</button></fieldset>").get_by_role(
        ...     "button", include_hidden=True).is_disabled()
        True
        """
        return bool(self._engine().sem.disabled(self.element))

    def is_enabled(self) -> bool:
        """Not :meth:`is_disabled`.

        >>> from axsynth import Document
        >>> Document.from_html("<button disabled>Pay</button>").get_by_role("button").is_enabled()
        False
        """
        return not self.is_disabled()

    def is_visible(self) -> bool:
        """Rendered and not visibility:hidden (no layout: a zero-size box counts as
        visible). False when nothing matches, as in Playwright.

        >>> from axsynth import Document
        >>> Document.from_html("<p hidden>Gone</p>").get_by_text("Gone").is_visible()
        False
        """
        found = self.elements()
        if not found:
            return False
        if len(found) > 1:
            raise QueryError(self.explain(found))
        return self._engine().dom.style_visible(found[0])

    def is_hidden(self) -> bool:
        """Not :meth:`is_visible` (so True when nothing matches).

        >>> from axsynth import Document
        >>> Document.from_html("<p>Here</p>").get_by_text("Elsewhere").is_hidden()
        True
        """
        return not self.is_visible()

    def aria_snapshot(self) -> str:
        """The ARIA snapshot (YAML) of the matched element, as ``locator.aria_snapshot()``.

        >>> from axsynth import Document
        >>> print(Document.from_html("<nav><a href=/>Home</a></nav>").get_by_role("navigation").aria_snapshot())
        - navigation:
          - link "Home":
            - /url: /
        """
        from .emit.aria import aria_snapshot

        return aria_snapshot(self._engine().page, self.element)
