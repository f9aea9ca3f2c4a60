"""Font faces and their metrics at a size, rounded as Chromium rounds them on Linux.

Sizes. Chromium caches a font by its size truncated to hundredths of a pixel
(``FontCacheKey``: the float size × 100, as an integer), so 9.9px is laid out with a
9.89px font. Skia hands FreeType that size in 26.6 fixed point (truncated), and
FreeType's linear advances follow from it; HarfBuzz scales the font's own
positioning (kerning) with the float size. Probed over 8–48px in Chromium 156.

Metrics (``SimpleFontData::PlatformInit``, ``FontMetrics::AscentDescentWithHacks``):
the ascent and descent of the hhea table scaled to the size and rounded to whole
pixels, the line gap likewise, and line-height: normal is their sum. Chromium's
Linux build does not use subpixel positioning here (no ascent is borrowed for the
descent), and fonts-liberation and DejaVu have no VDMX table.
"""

from __future__ import annotations

import math
import struct
import threading
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import as_file, files

import uharfbuzz as hb

_DATA = files("axsynth.fonts").joinpath("data")
_LOCK = threading.Lock()


def platform_size(size: float) -> float:
    """The size Chromium makes the font at: the float32 size truncated to 1/100 px."""
    return math.floor(_f32(_f32(size) * 100.0)) / 100.0


def freetype_size(size: float) -> float:
    """The 26.6 fixed-point size FreeType scales advances with."""
    return math.floor(_f32(platform_size(size)) * 64.0) / 64.0


def _f32(value: float) -> float:
    return struct.unpack("f", struct.pack("f", value))[0]


@dataclass(frozen=True, slots=True)
class Metrics:
    """A face's vertical metrics at one size, in px as Chromium rounds them."""

    ascent: float
    descent: float
    line_gap: float
    x_height: float
    cap_height: float
    zero_width: float  # the advance of "0" (the ch unit)

    @property
    def height(self) -> float:
        """ascent + descent: the height of a text fragment."""
        return self.ascent + self.descent

    @property
    def line_spacing(self) -> float:
        """line-height: normal."""
        return self.ascent + self.descent + self.line_gap


class Face:
    """One font file: HarfBuzz's face and font (at the font's own units, so that its
    advances and positions are exact integers to scale), its character coverage and
    its unscaled vertical metrics."""

    def __init__(self, name: str) -> None:
        self.name = name
        with as_file(_DATA.joinpath(f"{name}.ttf")) as path:
            blob = hb.Blob.from_file_path(str(path))
        self.hb_face = hb.Face(blob)
        self.hb_font = hb.Font(self.hb_face)  # scale = upem: positions in font units
        self.upem: int = self.hb_face.upem
        self.coverage: frozenset[int] = frozenset(self.hb_face.unicodes)
        self._advances: dict[int, int] = {}
        ascender, descender, line_gap = struct.unpack(">hhh", self._table("hhea")[4:10])
        self.ascender, self.descender, self.line_gap = ascender, -descender, line_gap
        self.x_height_units, self.cap_height_units = self._os2_heights()
        zero = self.hb_font.get_nominal_glyph(ord("0"))
        self.zero_units = self.hb_font.get_glyph_h_advance(zero) if zero is not None else self.upem // 2

    def _table(self, tag: str) -> bytes:
        return bytes(self.hb_face.reference_table(tag).data)

    def _os2_heights(self) -> tuple[float, float]:
        """sxHeight and sCapHeight (OS/2 version 2 and later); else the height of the
        glyphs "x" and "H", as Skia measures them."""
        os2 = self._table("OS/2")
        if len(os2) >= 90 and struct.unpack(">H", os2[:2])[0] >= 2:
            x_height, cap_height = struct.unpack(">hh", os2[86:90])
            if x_height > 0 and cap_height > 0:
                return float(x_height), float(cap_height)
        return self._glyph_height("x", 0.5), self._glyph_height("H", 0.7)

    def _glyph_height(self, char: str, default_em: float) -> float:
        glyph = self.hb_font.get_nominal_glyph(ord(char))
        extents = self.hb_font.get_glyph_extents(glyph) if glyph is not None else None
        return float(extents.y_bearing) if extents is not None else default_em * self.upem

    def advance_units(self, glyph: int) -> int:
        """A glyph's hmtx advance, in font units."""
        advance = self._advances.get(glyph)
        if advance is None:
            advance = self._advances[glyph] = self.hb_font.get_glyph_h_advance(glyph)
        return advance

    def covers(self, char: str) -> bool:
        return ord(char) in self.coverage

    @lru_cache(maxsize=256)  # noqa: B019 — faces live for the process
    def metrics(self, size: float) -> Metrics:
        scale = platform_size(size) / self.upem
        ascent = _round_half_up(self.ascender * scale)
        descent = _round_half_up(self.descender * scale)
        line_gap = _round_half_up(self.line_gap * scale)
        return Metrics(
            ascent=ascent,
            descent=descent,
            line_gap=line_gap,
            x_height=self.x_height_units * scale,
            cap_height=self.cap_height_units * scale,
            zero_width=self.zero_units * freetype_size(size) / self.upem,
        )


def _round_half_up(value: float) -> float:
    """SkScalarRoundToScalar: floor(x + 0.5)."""
    return float(math.floor(value + 0.5))


_FACES: dict[str, Face] = {}


def face(name: str) -> Face:
    """The face of a shipped font file (loaded once per process)."""
    loaded = _FACES.get(name)
    if loaded is None:
        with _LOCK:
            loaded = _FACES.get(name)
            if loaded is None:
                loaded = _FACES[name] = Face(name)
    return loaded
