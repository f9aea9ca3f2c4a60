"""SVG tables read from Blink's SVG and accessibility code."""

# SVG elements whose class keeps SVGElement's default CreateLayoutObject (no
# layout object): never rendered, so their subtree is "notRendered".
UNRENDERED_SVG = frozenset(
    {
        "title",
        "desc",
        "metadata",
        "script",
        "style",
        "animate",
        "animateMotion",
        "animateTransform",
        "set",
        "discard",
        "mpath",
        "view",
    }
)

# SVG containers laid out but never painted (LayoutSVGHiddenContainer and the
# resource containers): what is inside takes no focus.
HIDDEN_CONTAINERS = frozenset("defs symbol clipPath mask pattern marker linearGradient radialGradient filter".split())

# Every SVG element Blink knows (SVG 2, filters, animation): any other name is an
# SVGUnknownElement, which has no layout object either.
KNOWN_SVG = frozenset(
    "a circle clipPath defs desc ellipse feBlend feColorMatrix feComponentTransfer feComposite "
    "feConvolveMatrix feDiffuseLighting feDisplacementMap feDistantLight feDropShadow feFlood feFuncA "
    "feFuncB feFuncG feFuncR feGaussianBlur feImage feMerge feMergeNode feMorphology feOffset "
    "fePointLight feSpecularLighting feSpotLight feTile feTurbulence filter foreignObject g image line "
    "linearGradient marker mask metadata mpath path pattern polygon polyline radialGradient rect script "
    "set stop style svg switch symbol text textPath title tspan use view animate animateMotion "
    "animateTransform discard".split()
)

# SVG shapes: AXNodeObject maps them to graphics-symbol (SVG-AAM).
SVG_SHAPES = frozenset(
    {
        "path",
        "circle",
        "rect",
        "line",
        "polyline",
        "polygon",
        "ellipse",
    }
)
