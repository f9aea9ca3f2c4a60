"""The size a replaced or widget element has of its own, whatever its content
(:mod:`~axsynth.playwright.boxes` measures the content of the others): form
controls, frames, media, images that load or show their alt text, plugins; and
the width and height attributes that size them.
"""

from __future__ import annotations

from ..html import imgsrc, plugins
from ..html.dom import Element
from ..html.forms import input_type, is_text_control
from ..style.media import VIEWPORT_WIDTH, matches_attribute
from .dom import Dom
from .sizing import NUMBER

_VIEWPORT = imgsrc.Viewport(VIEWPORT_WIDTH, matches_attribute)

# Replaced and widget elements: they have an intrinsic size of their own (probed in
# Chromium 156: a button, a select, an input, a checkbox, an iframe...).
# A canvas is not one: with scripting off it renders
# its fallback content (probed: an empty 10x10 canvas has no box).
_INTRINSIC = frozenset("INPUT BUTTON SELECT TEXTAREA METER PROGRESS IFRAME FRAME EMBED VIDEO AUDIO".split())
# Elements whose width and height attributes are presentational hints for their size.
_SIZED_BY_ATTRIBUTES = frozenset({"IMG", "IFRAME", "EMBED", "VIDEO", "OBJECT", "INPUT", "SVG"})


def replaced_size(dom: Dom, el: Element, tag: str) -> bool | None:
    """Whether a replaced or widget element has a size of its own (None: not one; its
    content decides). An <svg> root is sized by its container: the caller asks."""
    if tag == "INPUT" and dom.input_type(el) == "image":
        # A broken image button shows its alt text (HTMLInputElement::AltText: alt, else
        # title, else value, else "Submit"), else nothing but the size it is given (probed).
        alt = next((el.attrs[a] for a in ("alt", "title", "value") if a in el.attrs), "Submit")
        return bool(alt.strip()) or (el.attrs.get("src") or "").startswith("data:")
    if tag in _INTRINSIC:
        return True
    if tag == "OPTION":
        return True  # a row of its list box, empty or not (a drop-down's options are not rendered)
    if tag == "IMG":
        # A broken image shows its alt text, or a 16x16 icon when it has a src and no
        # alt; else nothing (probed: alt="", or only a srcset), unless given both sizes.
        if image_loads(el):
            return True
        alt = el.attrs.get("alt")
        return bool(alt) if alt is not None else bool((el.attrs.get("src") or "").strip())
    if tag == "OBJECT" and (
        plugins.has_content_frame(el, dom.base_url) or plugins.needs_unsupported_plugin(el, dom.base_url)
    ):
        return True  # a frame, or the plugin placeholder; else the fallback content shows
    return None


def image_loads(img: Element) -> bool:
    """Images do not load (no network) but data: URLs, when chosen over a srcset."""
    return imgsrc.current_src(img, _VIEWPORT).strip().lower().startswith("data:")


def attribute_sizes(el: Element, tag: str, width: bool | None, height: bool | None) -> tuple[bool | None, bool | None]:
    """The width and height attributes' say where CSS says nothing (presentational hints)."""
    if tag not in _SIZED_BY_ATTRIBUTES:
        return width, height
    return _attribute_size(el, "width", width), _attribute_size(el, "height", height)


def _attribute_size(el: Element, attr: str, css: bool | None) -> bool | None:
    if css is not None or attr not in el.attrs:
        return css
    match = NUMBER.match(el.attrs[attr].strip())
    if match is None:
        return None
    return float(match.group()) > 0


# Date and time inputs: fields of text in their shadow tree, laid out as a text field's.
_DATE_TIME_TYPES = frozenset({"date", "datetime-local", "month", "week", "time"})


def lays_out_early(el: Element) -> bool:
    """A control Chromium lays out while the parser runs, before linked sheets arrive
    (probed, with scripting off: a text field, a date field, a <select>; not a
    checkbox, a button, a range, a file or colour input, a hidden input)."""
    if not el.is_html:
        return False
    return (
        el.local_name == "select"
        or is_text_control(el)
        or (el.local_name == "input" and input_type(el) in _DATE_TIME_TYPES)
    )
