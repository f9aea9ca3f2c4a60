"""Layout: where every box of a page is, as Chromium 156 lays it out (LayoutNG), at a
viewport — the floor above ``style`` that ``ax``, ``playwright``, ``audit`` and
``emit`` read when a question depends on geometry.

The stages, one module each: the box tree from the DOM (:mod:`.tree`, the only DOM
reader), block formatting (:mod:`.block`, :mod:`.floats`), inline formatting
(:mod:`.inline`), replaced boxes and form controls (:mod:`.replaced`,
:mod:`.controls`), positioned boxes (:mod:`.positioned`), intrinsic sizes
(:mod:`.intrinsic`), then what is reported (:mod:`.output`). Text is measured with
the fonts Chromium's Debian package uses (:mod:`axsynth.fonts`).

A :class:`Layout` is made once per document state and viewport, on first request.
"""

from __future__ import annotations

from typing import Any

from ..html.dom import SVG_NS, Element, element_by_id
from ..html.quirks import QUIRKS, document_mode
from ..style.layout_styles import LayoutStyles
from .box import Box
from .context import LayoutContext
from .document import layout_document
from .hit import HitTester
from .output import Rect, element_rects, in_ua_shadow, number
from .svg import SvgBoxes
from .tree import TreeBuilder

#: Playwright's and the goldens' viewport (headless, scrollbars hidden).
DEFAULT_VIEWPORT = (1280, 720)


class Layout:
    """The laid-out boxes of one document at one viewport."""

    def __init__(
        self, styles: Any, viewport: tuple[int, int] = DEFAULT_VIEWPORT, base_url: str = "about:blank"
    ) -> None:
        self.viewport = viewport
        self.quirks = document_mode(styles.document) == QUIRKS
        self.styles = LayoutStyles(styles, self.quirks, (float(viewport[0]), float(viewport[1])))
        builder = TreeBuilder(styles, self.styles, base_url)
        self.root: Box = builder.build()
        ctx = LayoutContext(float(viewport[0]), float(viewport[1]), self.quirks)
        _register_algorithms(ctx)
        layout_document(ctx, self.root)
        self._boxes = builder.boxes
        self._rects = element_rects(builder.boxes, builder.hoisted)
        self._rects.update(self._svg_content_rects(styles))
        self._hit: HitTester | None = None

    def _svg_content_rects(self, styles: Any) -> dict[Element, Rect]:
        """The boxes of the content of every outer <svg> (laid out as replaced boxes)."""
        content = SvgBoxes(
            rendered=lambda el: (styles.get(el) or {}).get("display", "none") != "none",
            text_width=lambda el, text: self.styles.of(el)["font"].advances(text).width(),
            font_size=lambda el: self.styles.of(el)["font-size"],
            by_id=lambda el, ident: element_by_id(el, ident),
            stroke_width=self._stroke_width,
            font_metrics=lambda el: self.styles.of(el)["font"].metrics,
        )
        for element, boxes in self._boxes.items():
            box = boxes[0]
            if element.namespace == SVG_NS and box.kind == "replaced":
                content.lay_out(element, box.content_box())
        return content.rects

    def _stroke_width(self, element: Element) -> float:
        """The width of an SVG shape's painted stroke (0: none)."""
        style = self.styles.of(element)
        if style["stroke"] == "none":
            return 0.0
        width = style["stroke-width"]
        return width if width.__class__ is float else 0.0

    def rect(self, element: Element) -> Rect | None:
        """An element's box as DOMSnapshot reports it: (x, y, width, height) in page
        coordinates, or None when it has no box."""
        return self._rects.get(element)

    def element_from_point(self, x: float, y: float) -> Element | None:
        """The topmost element at a point of the page (``document.elementFromPoint`` at
        scroll 0), by the painting order :mod:`.hit` models."""
        if self._hit is None:
            self._hit = HitTester(self.root)
        return self._hit.element_from_point(x, y)

    def boxes_of(self, element: Element) -> list[Box]:
        return self._boxes.get(element, [])

    def boxes(self) -> list[dict[str, Any]]:
        """Every element with a box, in document order, as ``--format boxes`` prints it."""
        out = []
        for element in sorted(self._rects, key=lambda el: el.node_id):
            if in_ua_shadow(element):
                continue
            x, y, width, height = self._rects[element]
            out.append(
                {
                    "backendDOMNodeId": element.node_id,
                    "x": number(x),
                    "y": number(y),
                    "width": number(width),
                    "height": number(height),
                }
            )
        return out


def _register_algorithms(ctx: LayoutContext) -> None:
    """Formatting contexts other than block and inline register here (one module each)."""
    for module_name in ("flex", "grid", "table"):
        try:
            module = __import__(f"{__name__}.{module_name}", fromlist=["register"])
        except ImportError:
            continue
        module.register(ctx)
