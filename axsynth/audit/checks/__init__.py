"""axe-core's checks, each a named function, registered under the name axe gives its
``evaluate`` (or ``after``) function, so the catalogue (which check a rule runs, with
which options) stays data.

An evaluate function gets the page, the node and the check's options, and answers
True, False or None (axe's ``undefined``: cannot tell, the node is ``incomplete``). It
may attach ``data`` (which picks the message) and related nodes to its ``CheckResult``,
as axe's ``this.data()`` and ``this.relatedNodes()``. An after function sees every
result of its check on the page and returns those that stand (the others are dropped).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from ..context import AuditPage
    from ..vtree import VNode


class CheckResult:
    """One check on one node."""

    __slots__ = ("id", "node", "result", "data", "related", "filtered", "priority", "brief")

    def __init__(self, check_id: str, node: "VNode") -> None:
        self.id = check_id
        self.node = node
        self.result: bool | None = None
        self.data: Any = None
        self.related: list[VNode] = []
        self.filtered = False
        self.priority = 0  # the engine's: 1 passes, 2 cannot tell, 3 fails
        self.brief = False  # only the outcome is wanted: a check may skip its data

    def relate(self, nodes) -> None:
        self.related = [node for node in nodes if node is not None]


Evaluate = Callable[["AuditPage", "VNode", Any, CheckResult], "bool | None"]
After = Callable[["AuditPage", list[CheckResult], Any], list[CheckResult]]

EVALUATE: dict[str, Evaluate] = {}
AFTER: dict[str, After] = {}


def evaluate(name: str) -> Callable[[Evaluate], Evaluate]:
    def register(function: Evaluate) -> Evaluate:
        EVALUATE[name] = function
        return function

    return register


def after(name: str) -> Callable[[After], After]:
    def register(function: After) -> After:
        AFTER[name] = function
        return function

    return register


def load() -> None:
    """Import every module of checks (each registers its functions)."""
    from . import aria, color, document, keyboard, labels, lists, names, navigation, tables  # noqa: F401
