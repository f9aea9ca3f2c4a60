"""Playwright's ``aria-ref=`` selector engine: the element an ai-format ref (``e12``)
names in this document's latest ai snapshot (refs are kept by axsynth.emit.ai_refs)."""

from __future__ import annotations

from ..emit.ai_refs import aria_ref_step
from ..html.dom import Element
from ..page import ScopeError
from ..query import QueryError
from .engine import LocatorEngine, Root
from .steps import Step


def aria_ref(ref: str) -> Step:
    """The step of ``locator("aria-ref=e12")``; a ref in a child frame is a QueryError."""
    resolve = aria_ref_step(ref)

    def step(engine: LocatorEngine, roots: list[Root]) -> list[Element]:
        try:
            return resolve(engine, roots)
        except ScopeError as exc:
            raise QueryError(exc.message) from None

    return step
