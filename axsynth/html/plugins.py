"""What an <object> or <embed> shows on a page that fetches nothing and runs no
plugin: a child frame, or nothing (HTMLPlugInElement::GetObjectContentType and
RequestObject). Chromium reports a plugin element with no content frame as
disabled (AXObject::IsDisabled: "<embed> or <object> with unsupported plugin")."""

from __future__ import annotations

from urllib.parse import urlsplit

from ..data import forms, plugins
from . import urls
from .dom import Element


def has_content_frame(el: Element, base_url: str) -> bool:
    """Whether the element ends up with a content frame. An <embed> keeps the
    frame of a failed load (it has no fallback); an <object> whose load fails
    renders its fallback content instead, and axsynth fetches nothing, so only
    URLs that load without the network (about:blank, data:) keep theirs."""
    url = _plugin_url(el, base_url)
    service_type = _service_type(el)
    if _is_youtube_flash_embed(url):
        service_type = "text/html"  # Chrome's YouTube Flash embed rewrite
    if el.local_name == "object" and not url and not service_type:
        return False  # nothing to request: the fallback content shows
    if _object_content_type(url, service_type) != "frame":
        return False
    return el.local_name == "embed" or _loads_offline(url)


def needs_unsupported_plugin(el: Element, base_url: str) -> bool:
    """Whether the element's type (its attribute, else its URL's extension) is a plugin
    Chromium lacks (Flash...): it then shows the "not supported" placeholder box, where
    an <object> of another type whose fetch fails renders its fallback content (probed)."""
    url, service_type = _plugin_url(el, base_url), _service_type(el)
    return bool(url or service_type) and _object_content_type(url, service_type) == "none"


def _plugin_url(el: Element, base_url: str) -> str:
    raw = (el.attrs.get("data") if el.local_name == "object" else el.attrs.get("src")) or ""
    raw = raw.strip()
    return (urls.resolve(base_url, raw) or "") if raw else ""


def _service_type(el: Element) -> str:
    """The type attribute, lowercased and without parameters."""
    return (el.attrs.get("type") or "").split(";")[0].strip().lower()


def _object_content_type(url: str, service_type: str) -> str:
    """HTMLPlugInElement::GetObjectContentType: "frame", "image" or "none" (an
    unsupported plugin; the PDF viewer counts as a frame)."""
    mime = service_type or _type_from_extension(url)
    if not mime or mime in plugins.PLUGIN_TYPES:
        return "frame"
    if mime in forms.SUPPORTED_IMAGE_TYPES and mime != "image/svg+xml":
        return "image"
    if mime in plugins.FRAME_TYPES or mime.startswith("text/") and mime not in plugins.UNSUPPORTED_TEXT_TYPES:
        return "frame"
    return "none"


def _type_from_extension(url: str) -> str:
    path = urlsplit(url).path if url else ""
    filename = path.rsplit("/", 1)[-1]
    _, dot, extension = filename.rpartition(".")
    return plugins.WELL_KNOWN_EXTENSION_TYPES.get(extension.lower(), "") if dot else ""


def _is_youtube_flash_embed(url: str) -> bool:
    if not url:
        return False
    parts = urlsplit(url)
    host = (parts.hostname or "").rstrip(".")
    on_youtube = any(host == h or host.endswith("." + h) for h in plugins.YOUTUBE_HOSTS)
    return on_youtube and parts.path.startswith("/v/")


def _loads_offline(url: str) -> bool:
    """An empty URL loads about:blank; so do about: and data: URLs, without the network."""
    return not url or url.startswith(("about:", "data:"))
