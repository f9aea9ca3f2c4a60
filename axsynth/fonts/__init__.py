"""Fonts as Chromium 156 on Debian lays text out with them: the shipped font files
(fonts-liberation 1.07 and DejaVu, ``data/``), which file a ``font-family`` list
selects (:mod:`.families`), their metrics at a size (:mod:`.faces`) and HarfBuzz
shaping with per-character fallback (:mod:`.shaping`).

A platform layer below ``style`` (font-relative units need the metrics) and
``layout`` (line breaking needs the advances).
"""

from .faces import Metrics, platform_size
from .shaping import FIXED_ONE, Font, FontSpec, Shaped, font

__all__ = ["FIXED_ONE", "Font", "FontSpec", "Metrics", "Shaped", "font", "platform_size"]
