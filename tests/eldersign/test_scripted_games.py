"""Whole games through a Session saved in a real SQLite file: a win by Elder Signs, a win in the final
battle, and each way to lose (the Ancient One's awakening ends the game, every investigator devoured in
the battle, no investigator left to take). After each game the saved file replays to the same state."""
from __future__ import annotations

import json

import pytest

from companion.games.eldersign import GAME
from companion.session import Session
from companion.store import EventStore

from .helpers import do, end_turn, investigator, phase, start, status, view


@pytest.fixture
def store(tmp_path):
    with EventStore(tmp_path / "games.db") as store:
        yield store


def saved(store, **setup) -> Session:
    return start(session=Session.new(GAME, store, seed=11), **setup)


def reopened(store, session: Session) -> Session:
    session.close()
    return Session.resume(GAME, store, session.game_id)


def complete_hallway(s) -> None:
    """Hallway on Fire (PERIL>PERIL): two rolls, a Peril each."""
    do(s, "move", to="hallway-on-fire")
    do(s, "attempt")
    do(s, "roll", green=["peril", "1", "2", "3", "lore", "lore"])
    do(s, "complete", task=1, dice=[1])
    do(s, "roll", green=["peril", "1", "2", "3", "lore"])
    do(s, "complete", task=2, dice=[1])


def test_a_game_won_by_sealing_the_ancient_one(store):
    s = saved(store, settings={"ancient_one": {"elder_signs": 3},
                               "adventures": [{"id": "hallway-on-fire", "name": "Hallway on Fire", "tasks": "PERIL>PERIL",
                                               "reward": {"elder_signs": 1, "clues": 1}, "penalty": {"stamina": -1}},
                                              {"id": "spare", "name": "Spare", "tasks": "LORE"}]},
              adventures=("hallway-on-fire",))
    complete_hallway(s)                       # Ann: Elder Sign 1, a clue
    do(s, "clock")
    do(s, "lay", adventure="spare")
    do(s, "move", to="spare")                 # Bob fails once
    do(s, "attempt", locked=5)
    do(s, "roll", green=["1"])
    do(s, "discard", die=1)
    assert investigator(s, "Bob")["stamina"] == 4  # Spare's penalty is nothing
    do(s, "clock")
    do(s, "elder_signs", amount=1)            # a card's gift
    assert status(s) == "playing" and view(s)["elder_signs"] == 2
    do(s, "move", to="spare")
    do(s, "attempt", locked=5)
    do(s, "roll", green=["lore"])
    do(s, "complete", task=1, dice=[1])       # the Spare's reward is nothing
    do(s, "clock")
    do(s, "elder_signs", amount=1)
    assert status(s) == "won" and s.turn.result.winners == ("Ann", "Bob")
    again = reopened(store, s)
    assert again.state == s.state and again.turn.status == "over"


def test_a_game_won_in_the_final_battle(store):
    s = saved(store, settings={"ancient_one": {"doom": 2}})
    do(s, "doom", amount=2)                   # Yig awakens at once (a 2-space track for the test)
    assert view(s)["awakened"] and phase(s) == "clock"
    do(s, "clock")
    do(s, "attempt")                          # Bob attacks
    do(s, "roll", green=["peril", "peril", "1", "2", "lore", "lore"])
    do(s, "complete", task=1, dice=[1, 2])
    assert view(s)["doom"] == 1
    do(s, "roll", green=["peril", "lore", "1", "2"])
    do(s, "discard", die=2)
    do(s, "roll", green=["peril", "peril", "3"])
    do(s, "complete", task=1, dice=[1, 2])
    assert status(s) == "won" and s.state.result == "banished"
    assert reopened(store, s).state == s.state


def test_a_game_lost_when_azathoth_awakens(store):
    s = saved(store, ancient_one="azathoth")
    for _ in range(3):
        end_turn(s)
    do(s, "move", to="entrance")
    do(s, "pass")
    do(s, "clock")
    for _ in range(6):                        # six dark rituals' worth of doom: 12 of 12
        do(s, "doom", amount=2)
    assert status(s) == "lost" and s.turn.result.winners == () and s.state.result == "awakened"
    assert "The Ancient One awakens" in json.dumps(view(s))


def test_a_game_lost_when_every_investigator_is_devoured_in_the_battle(store):
    s = saved(store)
    do(s, "awaken")
    do(s, "clock")
    do(s, "attempt")
    do(s, "give_up")
    do(s, "adjust", what="stamina", amount=-4)   # Bob: Kate Winthrop (stamina 4)
    do(s, "clock")
    assert phase(s) == "battle"
    do(s, "adjust", what="sanity", amount=-4)    # Ann: Joe Diamond (sanity 4)
    assert status(s) == "lost" and s.state.result == "devoured"
    assert reopened(store, s).state == s.state


def test_a_game_lost_when_no_investigator_is_left(store):
    few = [{"id": f"i{n}", "name": f"Investigator {n}", "sanity": 1, "stamina": 3} for n in range(3)]
    s = saved(store, investigators=("i0", "i1"), settings={"investigators": few})
    do(s, "adjust", what="sanity", amount=-1)
    do(s, "clock")
    do(s, "choose", investigator="i2", seat="Ann")
    do(s, "adjust", what="sanity", amount=-1, seat="Bob")
    assert status(s) == "lost" and s.state.result == "no_investigators"
