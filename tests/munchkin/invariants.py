"""Munchkin's own rules that hold after every step, for the game kit's contract test (tests/test_game_kit.py
runs it over every state the kit reaches): what a table would notice if it broke."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.munchkin.reckon import hand_limit, slots_ok, usable
from companion.records import Event


def invariant(before: Any, events: Sequence[Event], s: Any) -> None:
    """A level within 1..the winning level, never two helmets, nothing worn by someone it is not for, a
    Hireling carrying one item, one helper at most, a hand within its limit after charity."""
    win = s.config.winning_level
    for p in s.players:
        assert 1 <= p.level <= win, f"{p.name} at level {p.level}"  # facts §2.7: never below 1; 10 ends the game
        assert slots_ok(p), f"{p.name} wears too much"  # seed §Gegenstände: never two helmets or three hands
        # facts §2.8: an item its owner may not use is never worn (only Cheat! says otherwise); a Hireling carries one item
        assert all(not g.equipped or g.extra == "cheat" or usable(s, g, p) for g in p.gear), f"{p.name} wears what is not for them"
        assert sum(1 for g in p.gear if g.extra == "hireling") <= sum(1 for g in p.gear if g.carries), "a Hireling carries two items"
        assert p.hand >= 0
        assert not p.dead or (p.gear == () and p.hand == 0), f"{p.name} is dead and still holds cards"
    if s.combat is not None:  # seed: only 1 player may help
        assert s.combat.helper is None or (s.combat.helper != s.combat.fighter and s.combat.helper in s.names), "two helpers"
    assert (s.combat is not None) == (s.phase in ("combat", "run"))
    assert (s.status == "over") == bool(s.winners)
    assert all(s.player(w).level == win for w in s.winners), "a winner below the winning level"
    for ended in (e for e in events if e.kind == "turn_ended"):  # seed Phase 4: after charity, the hand keeps at most its limit
        player = s.player(ended.seat)
        assert player.hand <= hand_limit(s, player), f"{player.name} kept {player.hand} cards"
