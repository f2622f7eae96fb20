"""Elder Sign's own rules that hold after every step, for the game kit's contract test (tests/test_game_kit.py
runs it over every state the kit reaches): what a table would notice if it broke."""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.contract import TABLE
from companion.errors import RuleError
from companion.games.eldersign import GAME
from companion.games.eldersign.config import POSSESSIONS
from companion.records import Event
from companion.testing import answered

#: refusals a menu option may meet when its questions are answered at random (too few dice for the task...)
CHANCE = ("NOT_ENOUGH", "DOES_NOT_FILL", "BAD_DIE", "ALREADY_FULL")


def invariant(before: Any, events: Sequence[Event], s: Any) -> None:
    """No counter leaves its bounds (doom past the track, sanity above the card, a negative clue, a die
    pool below zero), and the table's menu offers no move the rules then refuse."""
    ao = s.config.ancient_one
    assert 0 <= s.doom <= ao.doom and 0 <= s.clock < 12 and s.elder_signs >= 0, f"doom {s.doom}, clock {s.clock}, {s.elder_signs} Elder Signs"
    assert s.monsters_due >= 0 and s.to_lay >= 0
    for inv in s.investigators:
        if inv.card is None:
            continue
        printed = s.config.investigators[inv.card]
        assert inv.sanity <= printed.sanity and inv.stamina <= printed.stamina, f"{inv.card} above the card"
        assert (inv.sanity > 0 and inv.stamina > 0) or s.status != "playing", f"{inv.card} devoured and still playing"
        assert all(getattr(inv, key) >= 0 for key in POSSESSIONS), f"{inv.card} holds a negative possession"
    if s.attempt is not None:
        assert min(s.attempt.pool) >= 0 and len(s.attempt.roll) <= sum(s.attempt.pool), "a die pool below zero"
        assert s.phase == "attempt"
    assert s.status in ("setup", "playing", "won", "lost")
    if s.status == "playing":
        _every_option_is_taken(s)


def _every_option_is_taken(s: Any) -> None:
    rng = random.Random(len(s.investigators))
    for option in GAME.options(s, TABLE):
        request = answered(option, rng)
        if option.dialog == "roll" and "virtual" not in request:
            request = {"cmd": "roll", "virtual": True}
        try:
            GAME.decide_checked(s, GAME.command_from_json(request), TABLE, random.Random(1))
        except RuleError as refusal:
            assert refusal.code in CHANCE, f"the menu offered {request}, refused: {refusal.code} {refusal.message}"
