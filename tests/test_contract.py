"""The game contract, through a second game that only the tests know (tests/games/counter.py) and
through Big Bang: seats, who sent a command, a view per viewer, a simultaneous secret choice, a
redaction per viewer (the game kit's crawl of every payload is tests/test_game_kit.py), undo that never
re-exposes a secret, typed turn and result, settings refused by name.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from companion.contract import MASTER, TABLE, seat_viewer
from companion.errors import RuleError
from companion.games.bigbang import GAME as BIGBANG
from companion.headless import Headless
from companion.messages import render
from companion.registry import all_games
from companion.session import Session
from companion.table import Table
from tests.games.counter import GAME as COUNTER

ANN, BOB, CY = seat_viewer("Ann"), seat_viewer("Bob"), seat_viewer("Cy")


def started(players=("Ann", "Bob"), **settings: Any) -> Session:
    session = Session(COUNTER, seed=1)
    session.apply({"cmd": "start", "players": list(players), **({"settings": settings} if settings else {})})
    return session


# -- seats, a simultaneous choice, the typed turn -------------------------------------------------------
def test_both_seats_choose_at_once_and_the_table_sees_only_who_has_chosen():
    s = started()
    assert s.turn.status == "playing" and s.turn.acting == ("Ann", "Bob")  # both may act now
    s.apply({"cmd": "choose", "card": "c4"}, by=BOB)
    assert s.turn.acting == ("Ann",)
    table = s.view(TABLE).to_json()
    assert table["has_chosen"] == ["Bob"] and "c4" not in json.dumps(table)
    assert s.view(BOB)["my_choice"] == "c4" and s.view(ANN)["my_choice"] is None
    assert render(s.view(ANN).prompt) == "Choose a card in secret."
    assert render(s.view(TABLE).prompt) == "Waiting for Ann."
    s.apply({"cmd": "choose", "card": "c2"}, by=ANN)
    assert s.view(TABLE)["last_open"] == {"Ann": "c2", "Bob": "c4"}  # laid open together
    assert s.view(TABLE)["scores"] == {"Ann": 0, "Bob": 4}
    assert s.turn.acting == ("Ann", "Bob")  # the next round


def test_a_choice_needs_a_seat_and_a_card_in_that_seats_hand():
    s = started()
    with pytest.raises(RuleError) as refused:
        s.apply({"cmd": "choose", "card": "c1"})  # the table cannot choose for a seat
    assert refused.value.code == "SEAT_ONLY"
    s.apply({"cmd": "choose", "card": "c1"}, by=ANN)
    before = s.state
    for request, by, code in (({"cmd": "choose", "card": "c2"}, ANN, "ALREADY_CHOSEN"),
                              ({"cmd": "choose", "card": "c9"}, BOB, "NOT_IN_HAND"),
                              ({"cmd": "choose", "card": "c2"}, seat_viewer("Zed"), "UNKNOWN_SEAT")):
        with pytest.raises(RuleError) as refused:
            s.apply(request, by=by)
        assert refused.value.code == code and s.state is before


def test_a_tie_names_every_winner():
    s = started(target=3, max_card=3)
    s.apply({"cmd": "choose", "card": "c3"}, by=ANN)
    s.apply({"cmd": "choose", "card": "c3"}, by=BOB)
    assert s.turn.status == "over" and s.turn.result is not None
    assert s.turn.result.winners == ("Ann", "Bob")
    assert s.summary(s.state)["winners"] == ["Ann", "Bob"]


def test_a_seat_view_is_its_own_and_an_unknown_seat_or_pin_is_refused():
    s = started()
    assert "my_hand" not in s.view(TABLE).fields and s.view(ANN)["my_hand"] == ["c1", "c2", "c3", "c4", "c5"]
    for viewer, pin, code in ((seat_viewer("Zed"), None, "UNKNOWN_SEAT"), (MASTER, "1234", "NO_MASTER_PIN")):
        with pytest.raises(RuleError) as refused:
            s.view(viewer, pin)
        assert refused.value.code == code


def test_a_request_says_who_sent_it():
    s = started()
    step = s.apply({"cmd": "choose", "card": "c5", "by": "seat:Bob"})
    assert step.by == BOB and s.view(BOB)["my_choice"] == "c5"
    with pytest.raises(RuleError) as refused:
        s.apply({"cmd": "choose", "card": "c5", "by": "Bob"})
    assert refused.value.code == "BAD_VIEWER"


# -- undo never shows a secret, and never lets a seat choose again knowing the others' cards ------------
def test_a_seat_takes_back_its_own_secret_choice_but_not_a_reveal():
    s = started()
    s.apply({"cmd": "choose", "card": "c1"}, by=ANN)
    with pytest.raises(RuleError) as refused:
        s.undo(1, by=BOB)
    assert refused.value.code == "NOT_YOURS"
    s.undo(1, by=ANN)
    s.apply({"cmd": "choose", "card": "c2"}, by=ANN)
    s.apply({"cmd": "choose", "card": "c5"}, by=BOB)  # Bob's step lays both cards open
    with pytest.raises(RuleError) as refused:
        s.undo(1, by=BOB)
    assert refused.value.code == "NOT_YOURS" and s.view(TABLE)["last_open"] == {"Ann": "c2", "Bob": "c5"}
    assert s.undo(1, by=TABLE)  # the table (everyone looking) may


def test_undo_and_redo_lines_are_redacted_for_each_viewer():
    s = started()
    s.apply({"cmd": "choose", "card": "c3"}, by=ANN)
    table, ann = Headless(s), None
    undone = table.handle({"cmd": "undo"})
    assert undone["undone"] == ["Ann has chosen"]
    redone = table.handle({"cmd": "redo"})
    assert redone["redone"] == ["Ann has chosen"] and "c3" not in json.dumps(redone)
    ann = Headless(s).handle({"cmd": "log", "by": "seat:Ann"})
    assert [line["description"] for line in ann["log"]][-1] == "Ann chose c3"


# -- Big Bang's secret, over a whole game (tests/test_game_kit.py crawls every game's) ----------------------
def test_big_bang_never_shows_the_solution_to_the_table_or_a_seat():
    """Every viewer but the game master, over a whole game driven by the menu (Big Bang's secret is the solution)."""
    s = Session(BIGBANG, 5)
    s.apply({"cmd": "start", "players": ["Ann", "Bob", "Cy"], "master_pin": "2718",
             "solution": ["C", "A", "B", "D", "E", "F", "G"], "settings": {"table": {"cards_from": "companion"}}})
    table = Table(s)
    secret = dict(zip(s.state.config.runes, s.state.solution, strict=True))
    viewers = [TABLE, ANN, BOB, CY]
    for _ in range(120):
        if s.turn.status != "playing":
            break
        options = table.options()
        option = options[len(s.history) % len(options)]
        table.command({**option.command, **{ask.arg: ask.choices[0].value for ask in option.asks}})
        for viewer in viewers:
            text = json.dumps([s.view(viewer).to_json(), s.log(viewer), list(s.export(viewer))])
            assert "2718" not in text and '"solution"' not in text
            assert not any(f'"{rune}": "{letter}"' in text for rune, letter in secret.items()
                           if s.state.clues.get(letter) != rune)
    master = json.dumps([s.view(MASTER, "2718").to_json(), list(s.export(MASTER))])
    assert '"solution"' in master and "2718" not in master  # the PIN is seen by nobody, not even the master's export


# -- settings by declared schema ---------------------------------------------------------------------------
@pytest.mark.parametrize("game, settings, key", [
    (BIGBANG, {"track": {"lenght": 14}}, "track.lenght"),
    (BIGBANG, {"tabel": {"players": 3}}, "tabel"),
    (BIGBANG, {"track": {"length": "14"}}, "track.length"),
    (COUNTER, {"targett": 3}, "targett"),
    (COUNTER, {"target": 0}, "target"),
])
def test_a_misspelt_or_wrong_setting_is_refused_by_its_name(game, settings, key):
    session = Session(game, 1)
    players = ["Ann", "Bob", "Cy"] if game is BIGBANG else ["Ann", "Bob"]
    with pytest.raises(RuleError) as refused:
        session.apply({"cmd": "start", "players": players, "settings": settings})
    assert refused.value.code == "BAD_SETTINGS" and f'"{key}"' in refused.value.message
    assert session.turn.status == "setup" and not session.history


# -- the registry and the generic interfaces ---------------------------------------------------------------
def test_a_game_module_named_in_the_environment_is_registered(monkeypatch):
    monkeypatch.setenv("COMPANION_GAMES", "tests.games.counter")
    assert {"bigbang", "counter"} <= set(all_games())


def test_headless_plays_the_test_game_as_a_process_with_no_core_change(db_path):
    env = {**os.environ, "COMPANION_GAMES": "tests.games.counter"}
    lines = [{"cmd": "start", "players": ["Ann", "Bob"]},
             {"cmd": "choose", "card": "c2", "by": "seat:Ann"},
             {"cmd": "log", "by": "seat:Bob"},
             {"cmd": "choose", "card": "c4", "by": "seat:Bob"},
             {"cmd": "ring"}]
    result = subprocess.run([sys.executable, "-m", "entry", "headless", "counter", "--db", str(db_path), "--seed", "3"],
                            input="".join(json.dumps(line) + "\n" for line in lines), capture_output=True, text=True,
                            env=env, timeout=60)
    replies = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["ok"] for r in replies] == [True] * 5, result.stderr
    assert replies[1]["description"] == "Ann chose c2"
    bobs = json.dumps(replies[2])  # Bob's reply: Ann has chosen, but not what (Bob holds a c2 of his own)
    assert '"card": "c2"' not in bobs and "chose c2" not in bobs and "Ann has chosen" in bobs
    assert replies[2]["state"]["has_chosen"] == ["Ann"] and replies[2]["state"]["turn"]["acting"] == ["Bob"]
    assert replies[3]["state"]["scores"] == {"Ann": 0, "Bob": 4}
    assert replies[4]["ring"]["kind"] == "counters" and replies[4]["ring"]["counters"][1]["value"] == 4


# -- analyses on demand ------------------------------------------------------------------------------------
def test_an_analysis_is_computed_when_asked_and_kept_for_that_state_only(monkeypatch):
    calls = []

    def odds(state, viewer):
        calls.append(state)
        return {"moon": state.moon}

    game = type(BIGBANG)(**{**BIGBANG.__dict__, "analyses": {"odds": odds}})
    s = Session(game, 1)
    s.apply({"cmd": "start", "players": ["Ann", "Bob", "Cy"], "hands": {"Ann": ["penny"], "Bob": [], "Cy": []},
             "settings": {"table": {"cards_from": "companion"}}})
    s.public_view()
    assert calls == []  # views never compute it
    assert s.analyse("odds") == s.analyse("odds") and len(calls) == 1
    s.apply({"cmd": "play", "character": "penny", "cards": 1})
    s.apply({"cmd": "special"})  # Penny: the ring one up
    assert s.analyse("odds") == {"moon": 9} and len(calls) == 2
    s.undo()
    assert s.analyse("odds") == {"moon": 8}  # after an undo: the earlier state, not a stale answer
    with pytest.raises(RuleError) as refused:
        s.analyse("weather")
    assert refused.value.code == "UNKNOWN_ANALYSIS"
