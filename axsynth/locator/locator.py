"""The Locator: a lazy, chainable query, as Playwright's ``Locator``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..data import aria_snapshot as roles_data
from ..html.dom import Element
from ..playwright.dom import tag_of
from ..query import QueryError
from .engine import LocatorEngine, Root
from .explain import describe, near_misses, strict_mode_violation
from .matching import TextQuery, check_role_query, describe_call, text_matcher
from .selectors import selector_step
from .steps import (
    Part,
    RoleQuery,
    Step,
    attribute_step,
    filter_step,
    label_step,
    nth_step,
    role_step,
    test_id_step,
    text_step,
)

if TYPE_CHECKING:
    from ..query import AXNode


class Locator:
    """A lazy, chainable query for elements, as Playwright's ``Locator``.

    >>> from axsynth import Document
    >>> doc = Document.from_html("<ul><li>Tea <button>Buy</button></li><li>Mug <button>Buy</button></li></ul>")
    >>> doc.get_by_role("listitem").filter(has_text="Mug").get_by_role("button").count()
    1
    """

    def __init__(self, document: object, engine: Callable[[], LocatorEngine], steps: tuple[Part, ...] = ()) -> None:
        self._document = document
        self._engine = engine
        self._steps = steps

    def _then(self, step: Step, description: str, role_query: RoleQuery | None = None) -> "Locator":
        return Locator(self._document, self._engine, self._steps + (Part(step, description, role_query),))

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
        states = {
            "checked": checked,
            "disabled": disabled,
            "expanded": expanded,
            "level": level,
            "pressed": pressed,
            "selected": selected,
        }
        states = {state: want for state, want in states.items() if want is not None}
        check_role_query(role, states)
        description = describe_call(
            "get_by_role", role, name=name, exact=exact or None, include_hidden=include_hidden or None, **states
        )
        return self._then(
            role_step(role, name, exact, include_hidden, states),
            description,
            RoleQuery(role, tuple(states), include_hidden),
        )

    def get_by_text(self, text: TextQuery, *, exact: bool = False) -> "Locator":
        """The smallest elements whose text content contains ``text``.

        >>> from axsynth import Document
        >>> Document.from_html("<p>Hello <b>world</b></p>").get_by_text("hello world").count()
        1
        """
        return self._then(text_step(text, exact), describe_call("get_by_text", text, exact=exact or None))

    def get_by_label(self, text: TextQuery, *, exact: bool = False) -> "Locator":
        """Controls labelled by ``text``: aria-labelledby, aria-label or a <label>.

        >>> from axsynth import Document
        >>> Document.from_html("<label>Email <input></label>").get_by_label("Email").count()
        1
        """
        return self._then(label_step(text, exact), describe_call("get_by_label", text, exact=exact or None))

    def get_by_placeholder(self, text: TextQuery, *, exact: bool = False) -> "Locator":
        """Elements whose ``placeholder`` attribute matches.

        >>> from axsynth import Document
        >>> Document.from_html("<input placeholder='you@example.com'>").get_by_placeholder("@example").count()
        1
        """
        return self._then(
            attribute_step("placeholder", text, exact), describe_call("get_by_placeholder", text, exact=exact or None)
        )

    def get_by_alt_text(self, text: TextQuery, *, exact: bool = False) -> "Locator":
        """Elements (usually images) whose ``alt`` attribute matches.

        >>> from axsynth import Document
        >>> Document.from_html("<img alt='Company logo' src=l.png>").get_by_alt_text("logo").count()
        1
        """
        return self._then(
            attribute_step("alt", text, exact), describe_call("get_by_alt_text", text, exact=exact or None)
        )

    def get_by_title(self, text: TextQuery, *, exact: bool = False) -> "Locator":
        """Elements whose ``title`` attribute matches.

        >>> from axsynth import Document
        >>> Document.from_html("<span title='Issues count'>25</span>").get_by_title("Issues").count()
        1
        """
        return self._then(
            attribute_step("title", text, exact), describe_call("get_by_title", text, exact=exact or None)
        )

    def get_by_test_id(self, test_id: TextQuery) -> "Locator":
        """Elements whose test id attribute (``data-testid`` unless changed with
        :func:`set_test_id_attribute`) is exactly ``test_id`` (or matches a regex).

        >>> from axsynth import Document
        >>> Document.from_html("<div data-testid='cart'>2</div>").get_by_test_id("cart").count()
        1
        """
        return self._then(test_id_step(test_id), describe_call("get_by_test_id", test_id))

    def locator(
        self,
        selector: str,
        *,
        has_text: TextQuery | None = None,
        has_not_text: TextQuery | None = None,
        has: "Locator | None" = None,
        has_not: "Locator | None" = None,
    ) -> "Locator":
        """Elements below these matching a selector, optionally filtered as by
        :meth:`filter`: CSS (open shadow roots pierced), also written ``css=...``,
        as Playwright's selectors (axsynth.locator.selectors lists the engines).

        >>> from axsynth import Document
        >>> Document.from_html("<nav><a href=/>Home</a></nav>").locator("nav a").count()
        1
        """
        if not isinstance(selector, str):
            raise TypeError(f"locator() takes a CSS selector string, got {type(selector).__name__}")
        located = self._then(selector_step(selector), describe_call("locator", selector))
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
            matches, _ = text_matcher(has_text, exact=False)
            tests.append(lambda engine, el: matches(engine.text(el)))
        if has_not_text is not None:
            misses, _ = text_matcher(has_not_text, exact=False)
            tests.append(lambda engine, el: not misses(engine.text(el)))
        for inner, wanted in ((has, True), (has_not, False)):
            if inner is not None:
                if not isinstance(inner, Locator):
                    raise TypeError(f"has/has_not take a Locator, got {type(inner).__name__}")
                tests.append(
                    lambda engine, el, inner=inner, wanted=wanted: bool(inner._resolve_from(engine, [el])) == wanted
                )
        description = describe_call(
            "filter",
            has_text=has_text,
            has_not_text=has_not_text,
            has=has.selector if has is not None else None,
            has_not=has_not.selector if has_not is not None else None,
        )
        return self._then(filter_step(lambda engine, el: all(test(engine, el) for test in tests)), description)

    def nth(self, index: int) -> "Locator":
        """The ``index``-th match (0-based; negative counts from the end).

        >>> from axsynth import Document
        >>> Document.from_html("<button>A</button><button>B</button>").get_by_role("button").nth(-2).name
        'A'
        """
        if not isinstance(index, int) or isinstance(index, bool):
            raise TypeError(f"nth() takes an int, got {type(index).__name__}")
        return self._then(nth_step(index), f"nth({index})")

    @property
    def first(self) -> "Locator":
        """The first match.

        >>> from axsynth import Document
        >>> Document.from_html("<button>A</button><button>B</button>").get_by_role("button").first.name
        'A'
        """
        return self._then(nth_step(0), "first")

    @property
    def last(self) -> "Locator":
        """The last match.

        >>> from axsynth import Document
        >>> Document.from_html("<button>A</button><button>B</button>").get_by_role("button").last.name
        'B'
        """
        return self._then(nth_step(-1), "last")

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
          heading "A" [level=1]  <h1>A</h1>
          heading "B" [level=3]  <h3>B</h3>
        """
        engine = self._engine()
        found = self.elements() if found is None else found
        if found:
            role_query = next((p.role_query for p in reversed(self._steps) if p.role_query), None)
            return strict_mode_violation(engine, self.selector, found, role_query.states if role_query else ())
        missed = f"{self.selector} resolved to no element"
        if not self._steps or self._steps[-1].role_query is None:
            return missed
        scopes = (
            Locator(self._document, self._engine, self._steps[:-1])._resolve_from(engine, [engine.page.document])
            if len(self._steps) > 1
            else [engine.page.document]
        )
        return missed + near_misses(engine, self._steps[-1].role_query, scopes)

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
            raise QueryError(f"{self.selector}: not a checkbox or radio button ({describe(engine, el)})")
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
        from ..emit.aria import aria_snapshot

        return aria_snapshot(self._engine().page, self.element)
