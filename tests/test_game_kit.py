"""Issue 24 §1: every game keeps the contract, checked by one kit that knows no game (companion/testing.py):
every command in every phase accepted or refused clearly, no secret reaching a viewer it is hidden from,
undo, redo and resume exact, hostile requests refused, every message rendered in all five languages —
plus each game's own rules (tests/<game>/invariants.py) over every state the kit reaches.

Derandomized like the rest of the suite (one seed per game); `make explore` draws fresh seeds and more
of them. A finding names its seed: `check_game(GAME, seed)` replays it.
"""
from __future__ import annotations

import importlib

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from companion.registry import all_games
from companion.testing import Invariant, check_game
from tests.games.counter import GAME as COUNTER
from ui import i18n

GAMES = {**all_games(), COUNTER.id: COUNTER}
#: the tests' own game speaks English only: its words are in no catalogue
TRANSLATED = {game_id for game_id in GAMES if game_id != COUNTER.id}
#: one seed per game in `make test`; `make explore`'s profile (400 examples) gives each game ten
SEEDS = max(1, settings.default.max_examples // 40)


def invariant(game_id: str) -> Invariant | None:
    """The game's own rules: `invariant` in tests/<game>/invariants.py, when it has one."""
    try:
        return importlib.import_module(f"tests.{game_id}.invariants").invariant
    except ModuleNotFoundError as missing:
        if missing.name not in (f"tests.{game_id}", f"tests.{game_id}.invariants"):
            raise
        return None


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=SEEDS, phases=[Phase.explicit, Phase.generate], deadline=None)  # a seed does not shrink
@given(seed=st.integers(0, 2**31))
def test_every_game_keeps_the_contract(game_id, seed):
    translations = {code: i18n.translation(code) for code in i18n.LANGUAGES if code != "en"} if game_id in TRANSLATED else None
    game = GAMES[game_id]
    report = check_game(game, seed, invariant=invariant(game_id), translations=translations)
    assert report.runs["commands"] > 10 * len(game.commands) and report.runs["hostile requests"] > 100 and report.runs["words"] > 10
    assert "setup" in report.phases and any(phase.startswith("playing") for phase in report.phases)
