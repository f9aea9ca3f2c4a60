"""The layout tree's boxes: the narrow interface every layout algorithm reads (the
DOM stays behind :mod:`.tree`, which builds them).

A box has its element (None for anonymous boxes and generated content), its two
computed styles (``tree``: the properties the accessibility tree also reads, such as
display and position; ``style``: layout's own), what kind of box it is, and its
children. Layout writes its results on the box: the border box's position and size,
in page coordinates once :mod:`.placement` has run.
"""

from __future__ import annotations

from typing import Any

from ..html.dom import Element

# Kinds of box.
BLOCK = "block"  # a block container (block-level, or a block inside an atomic inline)
INLINE = "inline"  # a non-atomic inline box
TEXT = "text"  # a run of text
REPLACED = "replaced"  # an image, a form control, a frame: its content is not laid out here
BREAK = "br"  # a forced line break
FLEX = "flex"
GRID = "grid"
TABLE = "table"  # a table wrapper box (its caption and its grid)
TABLE_PART = "table-part"  # rows, row groups, columns, cells
MARKER = "marker"  # an outside list marker


class Box:
    """One box of the layout tree."""

    __slots__ = (
        "element",
        "pseudo",
        "tree",
        "style",
        "kind",
        "display",
        "children",
        "parent",
        "text",
        "inline_level",
        "out_of_flow",
        "floating",
        "establishes_bfc",
        # results
        "x",
        "y",
        "width",
        "height",
        "margins",
        "borders",
        "paddings",
        "fragments",
        "baseline",
        "laid_out",
        "extra",
    )

    def __init__(
        self, element: Element | None, tree: Any, style: Any, kind: str, display: str, pseudo: str | None = None
    ) -> None:
        self.element = element
        self.pseudo = pseudo
        self.tree = tree
        self.style = style
        self.kind = kind
        self.display = display
        self.children: list[Box] = []
        self.parent: Box | None = None
        self.text = ""
        self.inline_level = False
        self.out_of_flow = False  # absolutely or fixed positioned
        self.floating = False
        self.establishes_bfc = False
        self.x = 0.0
        self.y = 0.0
        self.width = 0.0
        self.height = 0.0
        self.margins = (0.0, 0.0, 0.0, 0.0)  # top, right, bottom, left (used values)
        self.borders = (0.0, 0.0, 0.0, 0.0)
        self.paddings = (0.0, 0.0, 0.0, 0.0)
        # An inline box's fragments, one per line it is on: [x, y, width, height] rects of
        # its border box, relative to the block container it is laid out in until placed.
        self.fragments: list[list[float]] | None = None
        self.baseline: float | None = None  # from the border box top, for inline-level alignment
        self.laid_out = False
        self.extra: dict[str, Any] | None = None

    def append(self, child: "Box") -> None:
        child.parent = self
        self.children.append(child)

    @property
    def position(self) -> str:
        return self.tree["position"] if self.tree is not None else "static"

    @property
    def is_anonymous(self) -> bool:
        return self.element is None and self.pseudo is None

    def content_box(self) -> tuple[float, float, float, float]:
        """(x, y, width, height) of the content box."""
        top, right, bottom, left = self.borders
        ptop, pright, pbottom, pleft = self.paddings
        return (
            self.x + left + pleft,
            self.y + top + ptop,
            max(0.0, self.width - left - right - pleft - pright),
            max(0.0, self.height - top - bottom - ptop - pbottom),
        )

    def __repr__(self) -> str:
        name = self.element.local_name if self.element is not None else (self.pseudo or "anonymous")
        return f"<Box {self.kind} {name} {self.x:g},{self.y:g} {self.width:g}x{self.height:g}>"
