"""Chromium's layout unit: lengths are fixed point with 1/64 px steps (``LayoutUnit``),
so every position and size layout computes is a multiple of 1/64, exactly
representable as a float. These helpers convert as LayoutUnit's constructors do."""

from __future__ import annotations

import math

UNIT = 64.0
_MAX = 33_554_431.0  # LayoutUnit's range, saturated


def lu(value: float) -> float:
    """LayoutUnit(float): truncated toward zero to 1/64 (saturating)."""
    if value != value:  # NaN
        return 0.0
    return math.trunc(max(-_MAX, min(_MAX, value)) * UNIT) / UNIT


def lu_round(value: float) -> float:
    """LayoutUnit::FromFloatRound."""
    return math.floor(max(-_MAX, min(_MAX, value)) * UNIT + 0.5) / UNIT


def lu_ceil(value: float) -> float:
    """LayoutUnit::FromFloatCeil."""
    return math.ceil(max(-_MAX, min(_MAX, value)) * UNIT - 1e-9) / UNIT


def lu_floor(value: float) -> float:
    """LayoutUnit::FromFloatFloor."""
    return math.floor(max(-_MAX, min(_MAX, value)) * UNIT + 1e-9) / UNIT
