"""Exact odds for dice the players roll, as fractions (shown as percentages by the views)."""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction


def chance_at_least(faces: Sequence[int | str], need: int, rerolls: int = 0) -> Fraction:
    """P(a fair die with these faces shows a number >= need), with `rerolls` extra tries after a miss.

    Faces that are not numbers (a red moon, a blank) never count as a hit.
    """
    hits = sum(1 for face in faces if isinstance(face, int) and face >= need)
    miss = 1 - Fraction(hits, len(faces))
    return 1 - miss ** (rerolls + 1)


def percent(p: Fraction) -> int:
    """Rounded for the table: never shows 100 unless certain, nor 0 unless impossible."""
    value = round(p * 100)
    if value == 100 and p < 1:
        return 99
    if value == 0 and p > 0:
        return 1
    return value
