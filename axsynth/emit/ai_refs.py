"""The ai format's refs, resolved: ``e12`` (the page) or ``f1e3`` (its frame number 1)
names the element that had the ref in the latest ai snapshot of its document, as
Playwright's ``aria-ref=`` selector engine resolves it. A ref of an element that
the snapshot distilled away resolves too; a page never snapshotted is snapshotted
whole first (Playwright would find nothing; axsynth's refs come from a fresh load
of the page, so its first full snapshot is the one an agent saw).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from ..html.dom import Element
from ..page import Page, ScopeError
from .ai import session

_REF = re.compile(r"(?:f(?P<frame>[0-9]+))?e(?P<number>[0-9]+)")


def is_ai_ref(text: str) -> bool:
    return _REF.fullmatch(text.strip()) is not None


@dataclass(frozen=True)
class ResolvedRef:
    ref: str
    page: Page  # the document the element is in (a child frame's for f-refs)
    element: Element
    role: str
    name: str
    iframes: tuple[Element, ...]  # the <iframe>/<frame> elements that lead to it, outermost first


def resolve_ref(page: Page, ref: str) -> ResolvedRef | None:
    """The element ``ref`` names for the ai snapshots of ``page`` (None: no such ref)."""
    ref = ref.strip()
    match = _REF.fullmatch(ref)
    if match is None:
        return None
    ai = session(page)
    frame = ai.frame(int(match["frame"] or 0))
    if frame is None or frame.page is None:
        return None
    if frame.refs.last_snapshot is None:
        ai.snapshot(page=frame.page if frame.parent is not None else None)
    found = frame.refs.describe(ref)
    if found is None:
        return None
    element, role, name = found
    iframes = []
    step = frame
    while step.parent is not None:
        iframes.append(step.iframe)
        step = step.parent
    return ResolvedRef(ref, frame.page, element, role, name, tuple(reversed(iframes)))


def element_refs(page: Page) -> dict[Element, str]:
    """Each element's ref in the latest ai snapshots of ``page`` and its frames (the page
    is snapshotted whole first if it never was): what an annotated screenshot's map gives
    beside the agent refs, so that an agent moves between the picture and the ai text."""
    ai = session(page)
    if ai.frame(0).refs.last_snapshot is None:
        ai.snapshot()
    refs: dict[Element, str] = {}
    seq = 0
    while (frame := ai.frame(seq)) is not None:
        if frame.refs.last_snapshot is not None:
            refs.update((el, ref) for ref, el in frame.refs.last_snapshot.elements.items())
        seq += 1
    return refs


def aria_ref_step(ref: str) -> Callable[[Any, list], list[Element]]:
    """A locator step for ``aria-ref=<ref>``: the element, if below the current roots
    and in the locator's own document (``ScopeError`` names the frame otherwise)."""

    def step(engine: Any, roots: list) -> list[Element]:
        found = resolve_ref(engine.page, ref)
        if found is None:
            return []
        if found.page is not engine.page:
            raise ScopeError(
                "ref_in_frame",
                f"aria-ref={ref} is in a child frame: locate it from that frame's Document"
                " (Document.frame(frame_id), frame ids from Document.frames())",
            )
        return [found.element] if any(engine.contains(root, found.element) for root in roots) else []

    return step
