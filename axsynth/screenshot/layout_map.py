"""The annotation map without a browser: the same targets, labels and fields as an
annotated screenshot's map, their boxes from axsynth's layout instead of Chromium's
(``Document.boxes``), and no picture. What the browser's measure.js decides from the
drawn page is decided from the layout: hidden (no box: display none, not rendered),
zero size, offscreen (outside the viewport, or the page in a full-page map) and covered
(every sample point of the box's visible part hits another element: the layout's hit
test, :mod:`axsynth.layout.hit`)."""

from __future__ import annotations

import math
from typing import Any

from ..html.dom import Element
from ..html.forms import labeled_control
from .annotated import LEFT_OUT, Annotation, Screenshot, _check, _Frame, _plan
from .labels import Rect, place_badges, reading_order
from .resources import Annotatable
from .targets import AiRef, Candidate, describe

# measure.js's sample points, as fractions of the visible part.
_SAMPLES = ((0.5, 0.5), (0.2, 0.2), (0.8, 0.2), (0.2, 0.8), (0.8, 0.8), (0.5, 0.2), (0.5, 0.8), (0.2, 0.5), (0.8, 0.5))


def annotation_map(
    document: Annotatable,
    *,
    target: str = "interactive",
    max_annotations: int = 50,
    full_page: bool = False,
    ai_ref: AiRef | None = None,
) -> Screenshot:
    """The annotation map of ``document`` from its layout (``Screenshot.image`` is empty)."""
    _check(target, max_annotations, "png", None, 1.0)
    layout = document.page.layout
    width, height = layout.viewport
    if full_page:
        root = layout.rect(document.dom.document_element) if document.dom.document_element is not None else None
        width = max(width, math.ceil(root[0] + root[2])) if root else width
        height = max(height, math.ceil(root[1] + root[3])) if root else height
    plan = _plan(document, target, (), (), "")
    left_out = dict.fromkeys(LEFT_OUT.values(), 0)
    left_out["hidden"] = plan.hidden
    found: list[tuple[Candidate, Rect]] = []
    _measure(document, plan, (0.0, 0.0), (0.0, 0.0, float(width), float(height)), found, left_out)
    order = reading_order([box for _, box in found])
    labelled = [found[i] for i in order[:max_annotations]]
    left_out["beyond_max"] = max(0, len(order) - max_annotations)
    boxes = [box for _, box in labelled]
    badges = place_badges(boxes, width, height)
    annotations = [
        Annotation(label, describe(candidate, ai_ref), box, badge)
        for label, ((candidate, box), badge) in enumerate(zip(labelled, badges), 1)
    ]
    return Screenshot(
        b"", "none", width, height, document.page.url, document.title, annotations, left_out, "complete", full_page
    )


def _measure(
    document: Annotatable,
    frame: _Frame,
    origin: tuple[float, float],
    clip: tuple[float, float, float, float],
    found: list[tuple[Candidate, Rect]],
    left_out: dict[str, int],
) -> None:
    """Classifies one document's targets (a child frame's in its iframe's content box)."""
    layout = document.page.layout
    for candidate in frame.targets:
        reason, box = _classify(layout, candidate.element, origin, clip)
        if reason is None:
            found.append((candidate, box))
        else:
            left_out[reason] += 1
    for frame_document, (_iframe, child) in zip(_child_documents(document), frame.children):
        iframe_rect = _content_box(document, frame_document[0])
        if iframe_rect is None:
            left_out["hidden"] += child.count()
            continue
        x, y, w, h = iframe_rect
        inner = (max(clip[0], x + origin[0]), max(clip[1], y + origin[1]), 0.0, 0.0)
        inner = (inner[0], inner[1], min(clip[2], x + origin[0] + w), min(clip[3], y + origin[1] + h))
        _measure(frame_document[1], child, (origin[0] + x, origin[1] + y), inner, found, left_out)


def _classify(
    layout: Any, element: Element, origin: tuple[float, float], clip: tuple[float, float, float, float]
) -> tuple[str | None, Rect]:
    rect = layout.rect(element)
    if rect is None:
        return "hidden", Rect(0, 0, 0, 0)
    x, y, width, height = rect
    if width <= 0 or height <= 0:
        return "zero_size", Rect(0, 0, 0, 0)
    left, top = max(x + origin[0], clip[0]), max(y + origin[1], clip[1])
    right, bottom = min(x + origin[0] + width, clip[2]), min(y + origin[1] + height, clip[3])
    if right <= left or bottom <= top:
        return "offscreen", Rect(0, 0, 0, 0)
    if _covered(layout, element, (left - origin[0], top - origin[1], right - left, bottom - top)):
        return "covered", Rect(0, 0, 0, 0)
    # Edges rounded to whole pixels (half up), as measure.js rounds the drawn boxes.
    left, top = _round(x + origin[0]), _round(y + origin[1])
    right, bottom = _round(x + origin[0] + width), _round(y + origin[1] + height)
    return None, Rect(left, top, right - left, bottom - top)


def _round(value: float) -> int:
    return math.floor(value + 0.5)


def _covered(layout: Any, element: Element, visible: tuple[float, float, float, float]) -> bool:
    """Whether every sample point of the visible part hits something else than the
    element, what it contains, its label or (an option) its select: a click would not
    reach it (measure.js's rules). An element that takes no pointer events cannot tell."""
    if (layout.styles.styles.get(element) or {}).get("pointer-events") == "none":
        return False
    x, y, width, height = visible
    width = min(x + width, layout.viewport[0]) - max(x, 0.0)
    height = min(y + height, layout.viewport[1]) - max(y, 0.0)
    x, y = max(x, 0.0), max(y, 0.0)
    if width <= 0 or height <= 0:
        return False  # below the fold of a full-page map: cannot tell
    for fx, fy in _SAMPLES:
        hit = layout.element_from_point(x + width * fx, y + height * fy)
        if hit is None or _reaches(element, hit):
            return False
    return True


def _reaches(element: Element, hit: Element) -> bool:
    if _inside(hit, element):
        return True
    label = _closest(hit, "label")
    if label is not None and labeled_control(label) is element:
        return True  # a click on its label activates it
    return element.local_name == "option" and hit is _closest(element, "select")


def _closest(node: Any, name: str) -> Element | None:
    while isinstance(node, Element):
        if node.local_name == name and node.is_html:
            return node
        node = node.parent
    return None


def _inside(node: Any, element: Element) -> bool:
    while node is not None:
        if node is element:
            return True
        node = node.parent if not hasattr(node, "host") else node.host
    return False


def _child_documents(document: Annotatable) -> list[tuple[Element, Annotatable]]:
    return [
        (child.element, child.document)
        for child in document.frames()
        if "-" not in child.frame_id and child.document is not None
    ]


def _content_box(document: Annotatable, iframe: Element) -> tuple[float, float, float, float] | None:
    boxes = document.page.layout.boxes_of(iframe)
    if not boxes:
        return None
    return boxes[0].content_box()
