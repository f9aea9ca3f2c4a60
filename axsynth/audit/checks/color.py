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

from ...html.dom import Element
from ...html.plugins import has_content_frame
from ...style.paint import font_size_px, font_weight
from ..context import OFF_SCREEN_PX, sanitize
from ..matches import matches
from ..text import visible_text
from ..unicode import has_unicode, remove_unicode
from . import evaluate

_NON_TEXT_INPUTS = ("hidden", "range", "color", "checkbox", "radio", "image")
_FORM_ELEMENTS = ("input", "select", "textarea")
_GRAPHICS = ("img", "canvas", "object", "iframe", "video", "svg")
# Replaced elements: their children are fallback content, not drawn.
_SHOWS_OTHER_CONTENT = frozenset({"video", "audio", "progress", "meter", "iframe", "img", "embed"})
_TEXT_ENTRY = ("text", "password", "search", "tel", "email", "url")
WHITE = (255.0, 255.0, 255.0, 1.0)


# --- which elements ------------------------------------------------------------------


@matches("color-contrast-matches")
def color_contrast_matches(ctx, node) -> bool:
    """axe's colorContrastMatches: elements with text of their own (and text fields),
    not disabled. Its last test, that a text box lies inside the element's visible
    area, is layout; text is taken to be where its element is."""
    name = node.name
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
    return font_size_px(ctx.page.styles.get, _chain(node)) != 0


def _without_text_boxes(ctx, node) -> bool:
    """Text that makes no box on screen, or not where its element is: the children of a
    box that shows something else (a video, a canvas, an <object> with a frame...), text
    in SVG outside <text> (titles, descriptions), the text of a display: contents
    element (axe finds it outside the element's empty box), or text moved off-screen by
    a large negative text-indent (image replacement)."""
    if ctx.style(node).get("display") == "contents":
        return True
    for box in (node, *node.ancestors()):
        if box.name in _SHOWS_OTHER_CONTENT or (box.name == "object" and has_content_frame(box.el, ctx.page.base_url)):
            return True
        style = ctx.style(box)
        if style.get("height") == 0 and "hidden" in (style.get("overflow-x"), style.get("overflow-y")):
            return True  # clipped to nothing
    if node.closest(lambda n: n.name == "svg") is not None and node.closest(lambda n: n.name == "foreignobject") is None:
        if node.closest(lambda n: n.name in ("text", "tspan", "textpath")) is None:
            return True
    indent = ctx.style(node).get("text-indent")
    return isinstance(indent, float) and indent <= OFF_SCREEN_PX


def _labelable_control(node) -> bool:
    if node.name == "input":
        return (node.attr("type") or "") not in ("hidden", "image", "button", "submit", "reset")
    return node.name in ("select", "textarea")


def _labels_only_disabled_controls(ctx, node) -> bool:
    controls = []
    for ancestor in (node, *node.ancestors()):
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


def _chain(node) -> list[Element]:
    """The element and its ancestors, nearest first (DOM elements, for the cascade)."""
    return [n.el for n in (node, *node.ancestors())]


# --- the check ------------------------------------------------------------------------


@evaluate("color-contrast-evaluate")
def color_contrast(ctx, node, options, result):
    if not ctx.is_visible_on_screen(node):
        result.data = {"messageKey": "hidden"}
        return True
    text = visible_text(ctx, node, screen_reader=False, no_recursing=True)
    if options.get("ignoreUnicode") and has_unicode(text, non_bmp=True) and sanitize(remove_unicode(text, non_bmp=True)) == "":
        result.data = {"messageKey": "nonBmp"}
        return None
    styles = ctx.page.styles.get
    size = font_size_px(styles, _chain(node))
    weight = font_weight(styles, _chain(node))
    bold = weight >= options["boldValue"]
    points = math.ceil(size * 72) / 96
    small = (bold and points < options["boldTextPt"]) or (not bold and points < options["largeTextPt"])
    expected = options["contrastRatio"]["normal" if small else "large"]["expected"]
    font = {
        "fontSize": f"{_js_fixed(size * 72 / 96)}pt ({_css_number(size)}px)",
        "fontWeight": "bold" if bold else "normal",
    }
    reason, background, related = _background(ctx, node)
    if reason == "pseudoContent":
        result.data = {**font, "messageKey": reason, "expectedContrastRatio": f"{_js_number(expected)}:1"}
        result.relate(related)
        return None
    if reason is not None:
        result.data = {"messageKey": reason, **font, "expectedContrastRatio": f"{_js_number(expected)}:1"}
        result.relate(related)
        return None
    foreground = _foreground(ctx, node)
    if foreground is None:
        result.data = {"messageKey": "colorParse"}
        return None
    ratio = contrast(background, foreground)
    valid = ratio > expected
    truncated = math.floor(ratio * 100) / 100
    key = None
    if truncated == 1:
        key = "equalRatio"
    elif not valid and len(text) == 1 and not options.get("ignoreLength"):
        key = "shortTextContent"
    elif not valid and _empty_text_entry(ctx, node):
        key = "emptyValue"
    data = {
        "fgColor": hex_string(foreground),
        "bgColor": hex_string(background),
        "contrastRatio": truncated,
        **font,
        "expectedContrastRatio": f"{_js_number(expected)}:1",
    }
    if key is not None:
        data["messageKey"] = key
    result.data = data
    if key is not None:
        result.relate(related)
        return None
    if not valid:
        result.relate(related)
    return valid


def _background(ctx, node) -> tuple[str | None, tuple, list]:
    """(reason it cannot be told, or None; the colour under the text; the elements that
    paint it), walking from the element up to the first opaque background."""
    if ctx.style(node).get("text-shadow", "none") != "none":
        return "complexTextShadows", WHITE, []
    layers = []
    related = []
    for current in (node, *node.ancestors()):
        style = ctx.style(current)
        if style.get("display") == "contents":
            continue
        if current.name in _GRAPHICS and current is not node:
            return "imgNode", WHITE, [current]
        if style.get("opacity", 1.0) < 1 or _pseudo_with_background(ctx, current):
            reason = "pseudoContent" if _pseudo_with_background(ctx, current) else "bgOverlap"
            return reason, WHITE, [current]
        image = style.get("background-image", "none")
        if image != "none":
            return ("bgGradient" if image == "gradient" else "bgImage"), WHITE, [current]
        color = _rgba(style.get("background-color"))
        if color is None:
            return "colorParse", WHITE, []
        if color[3] > 0:
            layers.append(color)
            related.append(current)
            if color[3] >= 1:
                break
        if style.get("position") in ("absolute", "fixed"):
            return "bgOverlap", WHITE, [current]
    background = WHITE
    for color in reversed(layers):
        background = flatten(color, background)
    return None, flatten(background, WHITE), related


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


def _foreground(ctx, node) -> tuple | None:
    color = _rgba(ctx.style(node).get("color"))
    if color is None:
        return None
    return flatten(color, WHITE)  # axe flattens the text colour onto white


def _empty_text_entry(ctx, node) -> bool:
    from ..text import value_of

    if not (node.name == "textarea" or (node.name == "input" and node.input_type in _TEXT_ENTRY)):
        return False
    return sanitize(value_of(ctx, node)) == ""


# --- colours ----------------------------------------------------------------------------


def _rgba(value) -> tuple | None:
    """A computed colour as getComputedStyle gives it: 8-bit channels and alpha."""
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
    alpha = _clamp(sa + ba * (1 - sa))
    channels = [sa * (1 - ba) * s + sa * ba * s + (1 - sa) * ba * b for s, b in zip(source[:3], backdrop[:3])]
    if alpha == 0:
        return (*channels, alpha)
    return (*(_js_round(c / alpha) for c in channels), alpha)


def luminance(color: tuple) -> float:
    def linear(channel: float) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in color[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(background: tuple, foreground: tuple) -> float:
    if foreground[3] < 1:
        foreground = flatten(foreground, background)
    bright, dark = sorted((luminance(background), luminance(foreground)), reverse=True)
    return (bright + 0.05) / (dark + 0.05)


def hex_string(color: tuple) -> str:
    return "#" + "".join(f"{int(_js_round(c)):02x}" for c in color[:3])


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

