"""Text shaping as Chromium shapes it: HarfBuzz over the text of a whole paragraph
(kerning and ligatures apply across element boundaries when the font is the same),
each character set in the first font of the list that has a glyph for it, then in
the system's fallback fonts, and as the primary font's missing glyph otherwise.

Advances are kept per character in 16.16 fixed point (HarfBuzz's positions, as
Chromium's ``ShapeResult`` gets them), so the width of any range of the text is an
exact sum. A glyph's own advance comes from FreeType at the 26.6 size
(:func:`~axsynth.fonts.faces.freetype_size`); the font's positioning (kerning) is
scaled by HarfBuzz at the float size.
"""

from __future__ import annotations

import threading
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass

import uharfbuzz as hb

from .faces import Face, Metrics, face, freetype_size, platform_size
from .families import COLLECTIONS, STANDARD, SYSTEM_FALLBACK, collection_for, face_name

FIXED_ONE = 65536  # 16.16 fixed point: one px


@dataclass(frozen=True, slots=True)
class FontSpec:
    """What a computed style asks for: the font-family list ((name, generic) pairs),
    the weight, whether italic/oblique, and the computed size in px."""

    families: tuple[tuple[str, bool], ...]
    weight: float = 400.0
    italic: bool = False
    size: float = 16.0


class Font:
    """A font list at a size: its faces in fallback order and the primary face's metrics."""

    def __init__(self, spec: FontSpec) -> None:
        self.spec = spec
        collections = [c for c in (collection_for(family, generic) for family, generic in spec.families) if c]
        styled = [face(face_name(c, spec.weight, spec.italic)) for c in collections]
        self.primary: Face = styled[0] if styled else face(face_name(STANDARD, spec.weight, spec.italic))
        # Characters no listed family has: the system's fallback font for the character.
        # Chromium asks fontconfig by the primary family, character and locale, so the
        # primary family is tried first (a monospace font's fallback stays monospace),
        # always in its regular face: bold or italic is synthesized over the regular
        # advances (probed).
        primary_collection = next(c for c, faces in COLLECTIONS.items() if self.primary.name in faces.values())
        fallback = [primary_collection, *SYSTEM_FALLBACK]
        regular = [face(face_name(collection, 400, False)) for collection in fallback]
        self.faces: tuple[Face, ...] = tuple(dict.fromkeys([self.primary, *styled, *regular]))
        self.size = spec.size
        self.metrics: Metrics = self.primary.metrics(spec.size)
        self._advance_scale = freetype_size(spec.size) * FIXED_ONE
        self._kern_scale = round(platform_size(spec.size) * FIXED_ONE)

    def advances(self, text: str, features: dict[str, bool] | None = None) -> "Shaped":
        """The text shaped: an advance per character (16.16), and the faces used."""
        key = (self, text, tuple(sorted(features.items())) if features else ())
        cached = _CACHE.get(key)
        if cached is not None:
            return cached
        shaped = self._shape(text, features or {})
        with _CACHE_LOCK:
            _CACHE[key] = shaped
            if len(_CACHE) > _CACHE_SIZE:
                _CACHE.popitem(last=False)
        return shaped

    def _shape(self, text: str, features: dict[str, bool]) -> "Shaped":
        advances = [0] * len(text)
        runs = self._runs(text)
        for start, end, run_face in runs:
            self._shape_run(text, start, end, run_face, features, advances)
        return Shaped(tuple(advances), tuple(runs))

    def _runs(self, text: str) -> list[tuple[int, int, Face]]:
        """Ranges of the text set in one face each: a character in the first face that
        covers it; marks, joiners and white space stay with the run they are in."""
        runs: list[tuple[int, int, Face]] = []
        current: Face | None = None
        start = 0
        for index, char in enumerate(text):
            chosen = current if current is not None and _follows_run(char) else self._face_for(char)
            if chosen is not current:
                if current is not None:
                    runs.append((start, index, current))
                current, start = chosen, index
        if current is not None:
            runs.append((start, len(text), current))
        return runs

    def _face_for(self, char: str) -> Face:
        code = ord(char)
        for candidate in self.faces:
            if code in candidate.coverage:
                return candidate
        return self.primary  # its missing glyph (.notdef)

    def _shape_run(self, text: str, start: int, end: int, run_face: Face, features: dict, out: list[int]) -> None:
        buffer = hb.Buffer()
        buffer.add_str(text[start:end])
        buffer.guess_segment_properties()
        hb.shape(run_face.hb_font, buffer, features)
        upem = run_face.upem
        advance_scale = self._advance_scale / upem
        kern_scale = self._kern_scale / upem
        for info, position in zip(buffer.glyph_infos, buffer.glyph_positions):
            own = run_face.advance_units(info.codepoint)
            adjustment = position.x_advance - own
            fixed = round(own * advance_scale)
            if adjustment:
                fixed += round(adjustment * kern_scale)
            out[start + info.cluster] += fixed


def _follows_run(char: str) -> bool:
    """Characters that take the font of the run around them: combining marks, joiners,
    variation selectors (they belong to the previous character's cluster)."""
    return unicodedata.category(char) in ("Mn", "Me", "Cf") or "\ufe00" <= char <= "\ufe0f"


@dataclass(frozen=True, slots=True)
class Shaped:
    """A shaped text: one advance per character (16.16 px), and the face each range of
    characters is set in ((start, end, face) runs)."""

    advances: tuple[int, ...]
    runs: tuple[tuple[int, int, Face], ...]

    def width(self, start: int = 0, end: int | None = None) -> float:
        """The width in px of the characters [start, end)."""
        return sum(self.advances[start:end]) / FIXED_ONE


_CACHE: OrderedDict = OrderedDict()
_CACHE_SIZE = 20_000
_CACHE_LOCK = threading.Lock()
_FONTS: dict[FontSpec, Font] = {}


def font(spec: FontSpec) -> Font:
    """The Font of a spec (one per distinct spec per process)."""
    found = _FONTS.get(spec)
    if found is None:
        found = _FONTS.setdefault(spec, Font(spec))
    return found
