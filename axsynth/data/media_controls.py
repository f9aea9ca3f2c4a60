"""The part of Blink's media controls (MediaControlsImpl, the UA shadow tree of
<video> and <audio>) that Chromium 156 puts in the accessibility tree.

Pages are captured without scripting, so HTMLMediaElement::ShouldShowControls
holds for every media element (with or without the ``controls`` attribute),
and, as axsynth fetches nothing, every media element that tries to load is in
its error state (a disabled play button, a 0:00 timeline); one that waits
(preload=none) keeps its play and overflow buttons enabled. Every node of the media element's
own shadow tree is included (AXObject::ComputeIsIgnoredButIncludedInTree keeps
the shadow of an HTMLMediaElement); nested shadows (button icons, slider
tracks) follow the usual rules, which leave only what is listed here.

A node is ``(box, children)``. ``box`` is one of:

* ``BOX``: a laid-out block Chromium exposes as a generic container;
* ``BLOCK``: a block ignored as uninteresting;
* ``NONE``: a display:none element (ignored, notRendered);
* a ``(tag, attributes)`` pair: a control, whose role, name and states come from
  its attributes like any element's.

Which controls fit depends on the element's width (MediaControlsImpl::
ComputeWhichControlsFit); the tables are those of the default size (300px
wide and up). See docs/divergences.md.
"""

BOX, BLOCK, NONE = "box", "block", "none"

#: MIME types (without parameters) HTMLMediaElement::canPlayType accepts in
#: Chromium's Linux build: a <source> of another type is skipped.
PLAYABLE_TYPES = frozenset(
    "video/mp4 video/webm video/ogg audio/mp4 audio/mpeg audio/mp3 audio/webm audio/ogg "
    "audio/wav audio/x-wav audio/flac audio/aac application/ogg".split()
)

#: IDS_MEDIA_PLAYBACK_ERROR (en-US): AXMediaElement's name while unplayable.
PLAYBACK_ERROR = "Unable to play media."

_BUTTON = {"type": "button"}
_PLAY = {**_BUTTON, "aria-label": "play"}
FULLSCREEN = ("input", {**_BUTTON, "aria-label": "enter full screen", "disabled": ""})
_OVERFLOW = {**_BUTTON, "aria-label": "show more media controls", "title": "more options", "aria-haspopup": "menu"}
LOADING_PANEL = ("div", {"role": "group", "aria-label": "buffering", "aria-live": "polite"})


def _mute(muted: bool) -> tuple[str, dict]:
    """MediaControlMuteButtonElement: labelled by the action it offers, so a <video muted>
    (its muted state starts from the attribute) offers "unmute"."""
    return ("input", {**_BUTTON, "aria-label": "unmute" if muted else "mute", "disabled": ""})


def _timeline(media: str) -> tuple[str, dict]:
    return (
        "input",
        {
            "type": "range",
            "step": "any",
            "max": "NaN",
            "min": "0",
            "value": "0",
            "aria-label": f"{media} time scrubber",
            "aria-valuetext": "elapsed time: 0:00",
            "aria-description": "total time: 0:00",
            "disabled": "",
        },
    )


def _hidden(*children):
    return (NONE, list(children))


def _menus(items: int) -> list:
    """The four track/speed menus and the overflow menu with its items (all display:none)."""
    return [_hidden()] * 4 + [_hidden(*[_hidden()] * items)]


def _spinner() -> tuple:
    """MediaControlLoadingPanelElement's own shadow: frame > spinner > layer > two masks."""
    mask = (BOX, [(BOX, [])])
    return (BOX, [(BLOCK, [(BOX, [mask, mask])])])


def _enabled_unless(playable: bool, attrs: dict) -> tuple[str, dict]:
    """A button that is disabled while the media is unplayable."""
    return ("input", attrs if playable else {**attrs, "disabled": ""})


def video(has_source: bool, playable: bool, muted: bool) -> tuple:
    """A rendered <video>. The loading panel shows while a source is being tried."""
    loading = (LOADING_PANEL, [_spinner()]) if has_source else _hidden()
    buttons = (
        BOX,
        [
            (_enabled_unless(playable, _PLAY), [(BOX, [])]),
            (BLOCK, []),  # the button spacer
            (BOX, [(BOX, []), _hidden(), (_mute(muted), [])]),  # volume: hover background, slider, mute
            (FULLSCREEN, [(BOX, [])]),
            (_enabled_unless(playable, _OVERFLOW), [(BOX, [])]),
        ],
    )
    panel = (BLOCK, [_hidden(), buttons, (_timeline("video"), [])])
    return (BLOCK, [loading, (BOX, [_hidden()]), (BLOCK, [panel])] + _menus(10))


def audio(playable: bool, muted: bool) -> tuple:
    """A rendered <audio> (only one with ``controls`` is rendered)."""
    panel = (
        BLOCK,
        [
            (_enabled_unless(playable, _PLAY), [(BOX, [])]),
            (_timeline("audio"), []),
            (BOX, [(BOX, []), _hidden(), (_mute(muted), [])]),
            _hidden(_hidden()),  # the full-screen button
            (("input", _OVERFLOW), [(BOX, [])]),
        ],
    )
    return (BLOCK, [_hidden(_hidden()), (BLOCK, [panel])] + _menus(9))


def hidden(media: str, has_source: bool) -> tuple:
    """An unrendered media element: the same shadow, every node display:none (the
    loading panel builds its spinner only for a video with a source)."""
    button = _hidden(_hidden())
    volume = _hidden(_hidden(), _hidden(), _hidden())
    if media == "audio":
        panel = _hidden(button, _hidden(), volume, button, button)
        return _hidden(_hidden(_hidden()), _hidden(panel), *_menus(9))
    panel = _hidden(_hidden(), _hidden(button, _hidden(), volume, button, button), _hidden())
    loading = _hidden(_hidden()) if has_source else _hidden()
    return _hidden(loading, _hidden(_hidden()), _hidden(panel), *_menus(10))
