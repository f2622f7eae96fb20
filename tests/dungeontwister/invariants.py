"""Dungeon Twister's own rules that hold after every step, for the game kit's contract test
(tests/test_game_kit.py runs it over every state the kit reaches): what a table would notice if it broke."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from companion.games.dungeontwister import GAME
from companion.games.dungeontwister.state import CARRIED, JUMP_CARDS, TARGET_VP
from companion.records import Event


def invariant(before: Any, events: Sequence[Event], s: Any) -> None:
    if s.status == "setup":
        return
    _counters_within_bounds(s)
    _carrying_is_one_to_one(s)
    _the_turn_says_who_may_act(s)


def _counters_within_bounds(s: Any) -> None:
    """AP within the turn's budget; each combat card in hand or used, never both or lost; at most 3
    jumps; the game over at 5 VP."""
    assert 0 <= s.ap <= s.ap_budget, f"{s.ap} AP of {s.ap_budget}"
    for colour, side in s.sides.items():
        assert Counter(side.combat_cards) + Counter(side.used_combat) == Counter(s.config.combat_cards), f"{colour}'s combat cards"
        assert 0 not in side.used_combat
        assert 0 <= side.jumps <= JUMP_CARDS and len(side.lineup) <= 4
        assert set(side.action_cards) <= set(s.config.action_cards)
    over = any(side.vp >= TARGET_VP for side in s.sides.values())
    assert over == (s.status == "over"), "the game goes on past 5 VP, or ended before"


def _carrying_is_one_to_one(s: Any) -> None:
    """A token is carried by one character at most, and a wounded character carries nothing."""
    for token_id, t in s.tokens.items():
        if t.carrying is not None:
            assert s.tokens[t.carrying].carried_by == token_id and s.tokens[t.carrying].where == CARRIED
            assert not t.wounded, f"the wounded {token_id} carries {t.carrying}"
        if t.carried_by is not None:
            assert s.tokens[t.carried_by].carrying == token_id
        assert (t.where == CARRIED) == (t.carried_by is not None)


def _the_turn_says_who_may_act(s: Any) -> None:
    turn = GAME.turn(s)
    if turn.phase == "combat":
        assert set(turn.acting) == set(s.colours) - set(s.combat.cards), "the turn names the wrong choosers"
    elif turn.status == "playing" and turn.phase != "lineup":
        assert turn.acting == (s.active,), "the turn names another seat than the active one"
