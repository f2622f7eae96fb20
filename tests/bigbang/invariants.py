"""Big Bang's own rules that hold after every step, for the game kit's contract test (tests/test_game_kit.py
runs it over every state the kit reaches): what a table would notice if it broke."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.records import Event


def invariant(before: Any, events: Sequence[Event], s: Any) -> None:
    """No counter leaves its bounds (cubes, the moon ring, a hand's limit), no letter lies twice, and the
    board is whole once the real deal is done."""
    c = s.config
    assert 0 <= s.cubes <= c.max_cubes, f"{s.cubes} cubes"
    assert 0 <= s.moon <= c.top, f"the moon at {s.moon}"
    assert s.moon > 0 or s.status == "lost", "the moon reached 0 and the game goes on"
    assert all(sum(hand.values()) <= c.hand_limit for hand in s.hands), "a hand over its limit"
    assert all(n > 0 for hand in s.hands for n in hand.values()), "a hand holds 0 cards of a character"
    assert all(n > 0 for n in s.pile.values()), "the pile holds 0 cards of a kind"
    assert s.status in ("setup", "playing", "won", "lost")
    assert len(set(s.board)) == len(s.board), "a letter lies twice on the board"
    assert s.status == "setup" or len(s.board) == len(c.runes) or s.phase in ("deal", "layout", "letters"), "the board is not whole"
