"""SVG tables read from Blink's SVG and accessibility code."""

# SVG elements whose class keeps SVGElement's default CreateLayoutObject (no
# layout object): never rendered, so their subtree is "notRendered".
UNRENDERED_SVG = frozenset({
    "title", "desc", "metadata", "script", "style", "animate", "animateMotion",
    "animateTransform", "set", "discard", "mpath", "view",
})

# SVG shapes: AXNodeObject maps them to graphics-symbol (SVG-AAM).
SVG_SHAPES = frozenset({
    "path", "circle", "rect", "line", "polyline", "polygon", "ellipse",
})
