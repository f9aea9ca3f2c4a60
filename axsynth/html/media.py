"""Media elements' state for a page that fetches nothing: resource selection
(HTMLMediaElement) decides whether a <video>/<audio> tries to load, and so fails."""

from __future__ import annotations

from ..data import media_controls
from .dom import Element


def is_unplayable(media: Element | None, rendered: bool) -> bool:
    """AXMediaElement::IsUnplayable: a rendered <video>/<audio> with an error or no
    source. axsynth fetches nothing, so every rendered one that tries to load is
    (docs/divergences.md). ``rendered``: the element has a layout box."""
    if media is None or not (rendered and media.is_html and media.local_name in ("video", "audio")):
        return False
    return not _idle_without_loading(media)


def _idle_without_loading(media: Element) -> bool:
    """preload=none stops resource selection at its first candidate, before any
    fetch: the network state is idle, with no error.  A candidate is a non-empty
    src attribute, else a <source> with a src and a type Chromium can play."""
    if (media.attrs.get("preload") or "").strip().lower() != "none":
        return False
    if "src" in media.attrs:
        return bool(media.attrs["src"])
    return any(
        child.local_name == "source" and child.attrs.get("src") and _playable_type(child.attrs.get("type"))
        for child in media.children
        if isinstance(child, Element)
    )


def _playable_type(mime: str | None) -> bool:
    return mime is None or mime.split(";")[0].strip().lower() in media_controls.PLAYABLE_TYPES
