"""Which font file a CSS ``font-family`` list selects, as Chromium 156 on Debian
selects it with the fonts its package lays out with (fonts-liberation 1.07 and
DejaVu, shipped in ``axsynth/fonts/data`` so that every machine measures alike).

Chromium first maps the generic families through its own settings (Linux: serif →
Times New Roman, sans-serif → Arial, monospace → Monospace, system-ui → the system
UI font), then asks fontconfig for the family by name and accepts the answer only
when fontconfig binds the name strongly to the font it found: its own name, or a
metric-compatible alias (Arial → Liberation Sans). A family that is not installed
is skipped and the next one in the list tried; when none is accepted, the standard
font (Times New Roman) is used. Each entry below was probed in Chromium 156 by
measuring text set in that family alone.
"""

from __future__ import annotations

# Font collections by key: the file stem of each (bold, italic) face.
COLLECTIONS: dict[str, dict[tuple[bool, bool], str]] = {
    "liberation-sans": {
        (False, False): "LiberationSans-Regular",
        (True, False): "LiberationSans-Bold",
        (False, True): "LiberationSans-Italic",
        (True, True): "LiberationSans-BoldItalic",
    },
    "liberation-serif": {
        (False, False): "LiberationSerif-Regular",
        (True, False): "LiberationSerif-Bold",
        (False, True): "LiberationSerif-Italic",
        (True, True): "LiberationSerif-BoldItalic",
    },
    "liberation-mono": {
        (False, False): "LiberationMono-Regular",
        (True, False): "LiberationMono-Bold",
        (False, True): "LiberationMono-Italic",
        (True, True): "LiberationMono-BoldItalic",
    },
    "dejavu-sans": {
        (False, False): "DejaVuSans",
        (True, False): "DejaVuSans-Bold",
        (False, True): "DejaVuSans-Oblique",
        (True, True): "DejaVuSans-BoldOblique",
    },
    "dejavu-sans-mono": {
        (False, False): "DejaVuSansMono",
        (True, False): "DejaVuSansMono-Bold",
        (False, True): "DejaVuSansMono-Oblique",
        (True, True): "DejaVuSansMono-BoldOblique",
    },
    "dejavu-serif": {
        (False, False): "DejaVuSerif",
        (True, False): "DejaVuSerif-Bold",
        (False, True): "DejaVuSerif-Italic",
        (True, True): "DejaVuSerif-BoldItalic",
    },
}

# CSS generic family keywords (unquoted) → Chromium's Linux default settings, resolved.
# cursive, fantasy, math, emoji, fangsong and the ui-* generics have no setting that
# resolves to an installed font: they are skipped like an unknown family (probed).
GENERIC_FAMILIES = {
    "serif": "liberation-serif",  # Times New Roman
    "sans-serif": "liberation-sans",  # Arial
    "monospace": "dejavu-sans-mono",  # "Monospace"
    "system-ui": "dejavu-sans",
}

# Family names (case-insensitive, quoted or not) that fontconfig binds strongly to a
# shipped font: the fonts' own names and their metric-compatible aliases.
NAMED_FAMILIES = {
    "arial": "liberation-sans",
    "helvetica": "liberation-sans",
    "arimo": "liberation-sans",
    "liberation sans": "liberation-sans",
    "times new roman": "liberation-serif",
    "times": "liberation-serif",
    "tinos": "liberation-serif",
    "liberation serif": "liberation-serif",
    "courier new": "liberation-mono",
    "courier": "liberation-mono",
    "cousine": "liberation-mono",
    "liberation mono": "liberation-mono",
    "monospace": "dejavu-sans-mono",
    "dejavu sans mono": "dejavu-sans-mono",
    "sans": "dejavu-sans",
    "dejavu sans": "dejavu-sans",
    "serif": "dejavu-serif",
    "dejavu serif": "dejavu-serif",
}

#: The standard font, used when no family of the list is installed.
STANDARD = "liberation-serif"
#: Where characters no family of the list covers are looked for (fontconfig's answer
#: for them on the golden machine), in order.
SYSTEM_FALLBACK = ("dejavu-sans", "dejavu-serif", "dejavu-sans-mono")


def collection_for(family: str, generic: bool) -> str | None:
    """The collection a ``font-family`` entry selects, or None when Chromium skips it.
    ``generic``: the entry was an unquoted generic keyword."""
    if generic:
        return GENERIC_FAMILIES.get(family)
    return NAMED_FAMILIES.get(" ".join(family.lower().split()))


def face_name(collection: str, weight: float, italic: bool) -> str:
    """The file stem of the face for a weight and style (CSS Fonts 4 §5.2 over the two
    weights each collection has: 600 and above select bold)."""
    return COLLECTIONS[collection][(weight >= 600, italic)]
