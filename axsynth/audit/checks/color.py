"""color-contrast, where the cascade decides it.

axe finds the colours under text from the layout (the elements stacked at each text
box, their backgrounds, opacity, blending, shadows). Without layout, the colours
under an element's text are those of the element and its ancestors, up to the first
opaque background (then the page's white). That holds for text in the normal flow;
wherever a box may be painted over something that is not its ancestor, or its
background cannot be read as one colour, the check says it cannot tell
(``incomplete``, as axe does when it cannot), naming the reason in axe's words:

* a background image or gradient in the way (``bgImage``, ``bgGradient``), an image
  node (``imgNode``);
* an absolutely or fixed positioned box, or a floated one, before an opaque
  background (it may sit over anything: ``bgOverlap``);
* opacity or a blend mode below 1, text shadows, a large positioned ::before/::after
  with a background (``pseudoContent``);
* a colour the cascade could not compute.

Otherwise the ratio is computed as axe computes it (WCAG 2 relative luminance, colours
at 8 bits a channel, semi-transparent text flattened onto white), against 4.5:1, or
3:1 for large text (18pt, or 14pt bold).
"""

from __future__ import annotations

import math

from ...html.dom import SVG_NS
from ...html.forms import option_list, select_size, uses_menu_list
from ...html.plugins import has_content_frame
from ...style.paint import font_weight
from ..context import OFF_SCREEN_PX, sanitize
from ..matches import CANDIDATES, matches
from ..text import visible_text
from ..unicode import has_unicode, remove_unicode
from . import evaluate

_NON_TEXT_INPUTS = ("hidden", "range", "color", "checkbox", "radio", "image")
_FORM_ELEMENTS = ("input", "select", "textarea")
_GRAPHICS = ("img", "canvas", "object", "iframe", "video", "svg")
# Replaced elements: their children are fallback content, not drawn.
_SHOWS_OTHER_CONTENT = frozenset({"video", "audio", "progress", "meter", "iframe", "img", "embed"})
_SVG_TEXT_PARTS = ("tspan", "textpath")
# SVG elements that render the text content elements inside them (an unknown element,
# a <defs>, <title> or <clipPath> renders nothing).
_SVG_CONTAINERS = frozenset({"svg", "g", "a", "switch", "text", "tspan", "textpath", "foreignobject"})
_TEXT_ENTRY = ("text", "password", "search", "tel", "email", "url")
WHITE = (255.0, 255.0, 255.0, 1.0)


# --- which elements ------------------------------------------------------------------


@matches("color-contrast-matches")
def color_contrast_matches(ctx, node) -> bool:
    """axe's colorContrastMatches: elements with text of their own (and text fields),
    not disabled. Its last test, that a text box lies inside the element's visible
    area, is layout; text is taken to be where its element is."""
    name = node.name
    if name not in _FORM_ELEMENTS and not any(child.el is None and not child.text.isspace() for child in node.children):
        return False  # no text of its own (the cheap test first: most elements are here)
    if name == "option" or (name == "select" and not any(n.name == "option" for n in node.descendants())):
        return False
    if name == "input" and node.input_type in _NON_TEXT_INPUTS:
        return False
    if ctx.is_disabled(node) or ctx.is_inert(node):
        return False
    if name in _FORM_ELEMENTS:
        return True
    label = node.closest(lambda n: n.name == "label" and n is not node)
    if name == "label" or label is not None:
        label = label or node
        target = ctx.by_id(label, label.attr("for") or "")
        if target is not None and ctx.is_disabled(target):
            return False
        control = next((n for n in label.descendants() if _labelable_control(n)), None)
        if control is not None and ctx.is_disabled(control):
            return False
    if _labels_only_disabled_controls(ctx, node):
        return False
    if not _has_real_text_children(ctx, node) or _without_text_boxes(ctx, node):
        return False
    return font_size(node) != 0


def _without_text_boxes(ctx, node) -> bool:
    """Text that makes no box on screen, or not where its element is: text of a display:
    contents element (axe finds it outside the element's empty box), text moved off-screen
    by a large negative text-indent (image replacement), text of an SVG element other than
    a text content element, or text inside a box that draws none (``_draws_no_text``)."""
    if node.style.get("display") == "contents":
        return True
    indent = node.style.get("text-indent")
    if node.el is not None and node.el.namespace == SVG_NS and not _svg_draws_text(node):
        return True
    return (isinstance(indent, float) and indent <= OFF_SCREEN_PX) or _draws_no_text(ctx, node)


def _svg_draws_text(node) -> bool:
    """SVG draws text in <text> (and its <tspan> and <textPath>) and as HTML inside
    <foreignObject>; axe finds no text box of its own for anything else (an <a>, a <g>)."""
    if node.name in ("text", "foreignobject"):
        return True
    return node.name in _SVG_TEXT_PARTS and node.closest(lambda n: n.name == "text") is not None


def _draws_no_text(ctx, node) -> bool:
    """Whether text inside this element is drawn nowhere: the element or an ancestor is a
    box that shows something else (a video, an <object> with a frame...: their children
    are fallback), is clipped to no height, or is in an SVG element that renders none. Memoized down the tree."""
    found = node.memo.get("no-text")
    if found is None:
        style = node.style
        if node.name in _SHOWS_OTHER_CONTENT or (
            node.name == "object" and has_content_frame(node.el, ctx.page.base_url)
        ):
            found = True
        elif style.get("height") == 0 and "hidden" in (style.get("overflow-x"), style.get("overflow-y")):
            found = True
        elif node.el is not None and node.el.namespace == SVG_NS:
            found = node.name not in _SVG_CONTAINERS or _draws_no_text(ctx, node.parent)
        else:
            found = node.parent is not None and _draws_no_text(ctx, node.parent)
        node.memo["no-text"] = found
    return found


def _candidates(ctx) -> list:
    """Text fields, and elements with text of their own, in tree order."""
    own_text = set(map(id, ctx.tree.text_parents))
    return [n for n in ctx.tree.elements if id(n) in own_text or n.name in _FORM_ELEMENTS]


CANDIDATES["color-contrast-matches"] = _candidates


def _labelable_control(node) -> bool:
    if node.name == "input":
        return (node.attr("type") or "") not in ("hidden", "image", "button", "submit", "reset")
    return node.name in ("select", "textarea")


def _labels_only_disabled_controls(ctx, node) -> bool:
    if "labelledby-ids" not in ctx.memo:
        ctx.memo["labelledby-ids"] = {
            token for n in ctx.index.with_attribute("aria-labelledby") for token in n.attr("aria-labelledby").split()
        }
    referenced = ctx.memo["labelledby-ids"]
    if not referenced:
        return False
    controls = []
    for ancestor in (node, *node.ancestors()):
        if ancestor.attr("id") not in referenced:
            continue
        element_id = ancestor.attr("id")
        if element_id:
            controls += [
                ref for ref in ctx.referrers(ancestor) if element_id in (ref.attr("aria-labelledby") or "").split()
            ]
    return bool(controls) and all(ctx.is_disabled(control) for control in controls)


def _has_real_text_children(ctx, node) -> bool:
    text = visible_text(ctx, node, screen_reader=False, no_recursing=True)
    if text == "" or remove_unicode(text, emoji=True, punctuations=True) == "":
        return False
    return any(child.el is None for child in node.children)


def font_size(node) -> float:
    """The computed font size in px: the declared size, relative to the parent's (memoized)."""
    size = node.memo.get("font-px")
    if size is None:
        declared = node.style.get("font-size")
        inherited = font_size(node.parent) if node.parent is not None else 16.0
        if declared is None or declared == "inherit":
            size = inherited
        elif declared[0] == "px":
            size = declared[1]
        elif declared[0] == "em":
            size = declared[1] * inherited
        else:  # rem: relative to the root's size
            root = node
            while root.parent is not None:
                root = root.parent
            size = declared[1] * (font_size(root) if root is not node else 16.0)
        node.memo["font-px"] = size
    return size


def _font_weight(node) -> float:
    weight = node.memo.get("font-weight")
    if weight is None:
        declared = node.style.get("font-weight")
        if declared is None or declared == "inherit" or declared in ("bolder", "lighter"):
            weight = font_weight(lambda n: n.style, [node, *node.ancestors()])
        else:
            weight = float(declared)
        node.memo["font-weight"] = weight
    return weight


# --- the check ------------------------------------------------------------------------


@evaluate("color-contrast-evaluate")
def color_contrast(ctx, node, options, result):
    if not ctx.is_visible_on_screen(node):
        result.data = {"messageKey": "hidden"}
        return True
    text = visible_text(ctx, node, screen_reader=False, no_recursing=True)
    if options.get("ignoreUnicode") and _only_symbols(text):
        result.data = {"messageKey": "nonBmp"}
        return None
    size = font_size(node)
    bold = _font_weight(node) >= options["boldValue"]
    points = math.ceil(size * 72) / 96
    small = (bold and points < options["boldTextPt"]) or (not bold and points < options["largeTextPt"])
    expected = options["contrastRatio"]["normal" if small else "large"]["expected"]
    reason, background, related = _background(ctx, node)
    foreground = _foreground(ctx, node, background) if reason is None else None
    if reason is None and foreground is None:
        reason = "colorParse"
    ratio = contrast(background, foreground) if reason is None else 0.0
    valid = ratio > expected
    truncated = math.floor(ratio * 100) / 100
    if reason is None:
        if truncated == 1:
            reason = "equalRatio"
        elif not valid and len(text) == 1 and not options.get("ignoreLength"):
            reason = "shortTextContent"
        elif not valid and _empty_text_entry(ctx, node):
            reason = "emptyValue"
    if not result.brief:  # the data only a reported node needs (its message)
        result.data = _data(reason, background, foreground, truncated, size, bold, expected)
    if reason is not None or not valid:
        result.relate(related)
    return None if reason is not None else valid


def _only_symbols(text: str) -> bool:
    """axe's textIsEmojis: symbols outside the basic plane and nothing else."""
    if text.isascii():
        return False
    return has_unicode(text, non_bmp=True) and sanitize(remove_unicode(text, non_bmp=True)) == ""


def _data(reason, background, foreground, ratio, size, bold, expected) -> dict:
    font = {
        "fontSize": f"{_js_fixed(size * 72 / 96)}pt ({_css_number(size)}px)",
        "fontWeight": "bold" if bold else "normal",
    }
    expected_text = f"{_js_number(expected)}:1"
    if reason in ("colorParse",):
        return {"messageKey": reason}
    if foreground is None:  # the background could not be told
        return {"messageKey": reason, **font, "expectedContrastRatio": expected_text}
    data = {
        "fgColor": hex_string(foreground),
        "bgColor": hex_string(background),
        "contrastRatio": ratio,
        **font,
        "expectedContrastRatio": expected_text,
    }
    if reason is not None:
        data["messageKey"] = reason
    return data


def _background(ctx, node) -> tuple[str | None, tuple, list]:
    """(reason it cannot be told, or None; the colour under the text; the elements that
    paint it): the element's background over its parent's, down to the first opaque one."""
    if node.style.get("text-shadow", "none") != "none":
        return "complexTextShadows", WHITE, []
    if node.name == "select" and node.el is not None and _option_over_middle(node.el):
        return "bgOverlap", WHITE, [node]
    reason, color, related = _layers(ctx, node)
    return reason, (flatten(color, WHITE) if reason is None else color), related


def _option_over_middle(select) -> bool:
    """Whether a list box has an option drawn over its middle, where axe looks for the
    element on top: there is an option in row ``size // 2`` (a list box shows ``size``
    rows, 4 when only ``multiple`` is given). Fitted to Chromium 156 with axe 4.14, which
    count the options, not the group labels; one fixture (widget-listbox) still differs."""
    if uses_menu_list(select):
        return False
    return (select_size(select) or 4) // 2 < len(option_list(select))


def _layers(ctx, node) -> tuple[str | None, tuple, list]:
    """The background painted under ``node``'s content, memoized: each element's answer
    is its own background composited over its parent's."""
    found = node.memo.get("bg")
    if found is not None:
        return found
    found = node.memo["bg"] = _own_layer(ctx, node)
    return found


def _own_layer(ctx, node) -> tuple[str | None, tuple, list]:
    style = node.style
    if style.get("display") == "contents":  # no box: its parent's background shows
        return _layers(ctx, node.parent) if node.parent is not None else (None, WHITE, [])
    if node.name in _GRAPHICS:
        return "imgNode", WHITE, [node]
    if style.get("opacity", 1.0) < 1 and _paints_background(style):
        return "bgOverlap", WHITE, [node]  # a translucent group over what lies below: layout
    if _pseudo_with_background(ctx, node):
        return "pseudoContent", WHITE, [node]
    image = style.get("background-image", "none")
    if image != "none":
        return ("bgGradient" if image == "gradient" else "bgImage"), WHITE, [node]
    color = _rgba(style.get("background-color"))
    if color is None:
        return "colorParse", WHITE, []
    if color[3] >= 1:
        return None, color, [node]
    if style.get("position") in ("absolute", "fixed"):
        return "bgOverlap", WHITE, [node]  # painted over whatever lies there, not its parent
    below = _layers(ctx, node.parent) if node.parent is not None else (None, WHITE, [])
    if below[0] is not None or color[3] == 0:
        return below
    return None, flatten(color, below[1]), [node, *below[2]]


def _pseudo_with_background(ctx, node) -> bool:
    """A positioned ::before or ::after with a background: it may cover the text."""
    if node.el is None:
        return False
    for which in ("before", "after"):
        style = ctx.page.styles.pseudo(node.el, which)
        if style is None or style.get("display") == "none" or style.get("position") != "absolute":
            continue
        color = _rgba(style.get("background-color"))
        if (color is not None and color[3] > 0) or style.get("background-image", "none") != "none":
            return True
    return False


def _paints_background(style) -> bool:
    color = _rgba(style.get("background-color"))
    return color is None or color[3] > 0 or style.get("background-image", "none") != "none"


def _foreground(ctx, node, background: tuple) -> tuple | None:
    """The text colour as painted: axe's calculateBlendedForegroundColor takes the alpha
    of the text down by the opacity of the element and its ancestors (groups that paint
    no background of their own, ``_own_layer``) and lays it on what is below; opaque
    text is flattened onto white."""
    color = _rgba(ctx.style(node).get("color"))
    if color is None:
        return None
    opacity = _group_opacity(node)
    if opacity < 1:
        return flatten((*color[:3], color[3] * opacity), background)
    return flatten(color, WHITE)


def _group_opacity(node) -> float:
    """The product of the opacities of the node and its ancestors (memoized)."""
    found = node.memo.get("opacity")
    if found is None:
        own = node.style.get("opacity", 1.0) if node.el is not None else 1.0
        found = node.memo["opacity"] = own * (_group_opacity(node.parent) if node.parent is not None else 1.0)
    return found


def _empty_text_entry(ctx, node) -> bool:
    from ..text import value_of

    if not (node.name == "textarea" or (node.name == "input" and node.input_type in _TEXT_ENTRY)):
        return False
    return sanitize(value_of(ctx, node)) == ""


# --- colours ----------------------------------------------------------------------------


def _rgba(value) -> tuple | None:
    """A computed colour as getComputedStyle gives it: 8-bit channels and alpha (cached)."""
    found = _RGBA.get(value, _MISSING) if isinstance(value, (tuple, str)) else None
    if found is _MISSING:
        found = _RGBA[value] = _to_rgba(value)
    return found


_RGBA: dict = {}
_MISSING = object()


def _to_rgba(value) -> tuple | None:
    if value == "transparent":
        return (0.0, 0.0, 0.0, 0.0)
    if not isinstance(value, tuple) or len(value) != 4 or isinstance(value[0], str):
        return None
    r, g, b, a = value
    return (round(_clamp(r) * 255), round(_clamp(g) * 255), round(_clamp(b) * 255), round(a, 4))


def _clamp(value: float) -> float:
    return min(max(value, 0.0), 1.0)


def flatten(source: tuple, backdrop: tuple) -> tuple:
    """axe's flattenColors (normal blending): ``source`` composited over ``backdrop``."""
    sa, ba = source[3], backdrop[3]
    if sa >= 1:
        return source
    alpha = min(max(sa + ba * (1 - sa), 0.0), 1.0)
    mix = sa * (1 - ba) + sa * ba  # the source's weight (normal blending)
    rest = (1 - sa) * ba
    r, g, b = (mix * s + rest * d for s, d in zip(source[:3], backdrop[:3]))
    if alpha == 0:
        return (r, g, b, alpha)
    return (_js_round(r / alpha), _js_round(g / alpha), _js_round(b / alpha), alpha)


def _linear(channel: float) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(color: tuple) -> float:
    return 0.2126 * _linear(color[0]) + 0.7152 * _linear(color[1]) + 0.0722 * _linear(color[2])


def contrast(background: tuple, foreground: tuple) -> float:
    if foreground[3] < 1:
        foreground = flatten(foreground, background)
    one, two = luminance(background), luminance(foreground)
    return (max(one, two) + 0.05) / (min(one, two) + 0.05)


def hex_string(color: tuple) -> str:
    return "#%02x%02x%02x" % (int(_js_round(color[0])), int(_js_round(color[1])), int(_js_round(color[2])))


def _js_round(value: float) -> float:
    return math.floor(value + 0.5)


def _js_number(value: float) -> str:
    """String(number) in JavaScript, for the sizes and ratios in messages."""
    if value == int(value):
        return str(int(value))
    return repr(round(value, 15)).rstrip("0")


def _css_number(value: float) -> str:
    """A computed length as Chromium serializes it: six significant digits."""
    return _js_number(float(f"{value:.6g}"))


def _js_fixed(value: float) -> str:
    return f"{value:.1f}"
