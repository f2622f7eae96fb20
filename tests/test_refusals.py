"""Issue 21 §3: a refused request changes nothing — not the state, not the log, not the save file."""
from __future__ import annotations

import json
import pathlib
import sqlite3
import subprocess
import sys

import pytest

from companion.contract import MASTER
from companion.errors import RuleError
from companion.registry import all_games
from companion.session import Session
from companion.store import EventStore
from companion.testing import walk as kit_walk

ROOT = pathlib.Path(__file__).resolve().parent.parent
GAMES = sorted(all_games())


def walk(game_id: str, length: int = 6, **start):
    return kit_walk(all_games()[game_id], 7, length, **start)


def saved_rows(db_path) -> list[tuple]:
    with sqlite3.connect(db_path) as db:
        return list(db.execute("SELECT position, command, events, undone FROM steps ORDER BY position"))


def refused(call, *args, **kwargs) -> str:
    with pytest.raises(RuleError) as caught:
        call(*args, **kwargs)
    return caught.value.code


def played(db_path, game_id: str, **start) -> Session:
    """A saved game of `game_id` with a few legal steps, two of them undone (something to redo)."""
    store = EventStore(db_path)
    session = Session.new(all_games()[game_id], store, seed=7)
    for request in walk(game_id, **start):
        session.apply(dict(request))
    session.undo(2)
    return session


# -- who sent it is checked before anything is saved ------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_undo_and_redo_as_the_game_master_without_the_right_pin_change_nothing(db_path, game_id):
    pin = {"master_pin": "2718"} if game_id == "bigbang" else {}
    session = played(db_path, game_id, **pin)
    before, log = saved_rows(db_path), session.log()
    expected = "WRONG_PIN" if pin else "NO_MASTER_PIN"
    assert refused(session.undo, 1, MASTER, "0000") == expected
    assert refused(session.redo, 1, MASTER) == expected
    assert saved_rows(db_path) == before and session.log() == log
    if pin:  # the right PIN undoes
        assert session.undo(1, MASTER, "2718")


def test_a_wrong_pin_on_undo_through_headless_is_refused_and_survives_a_restart(db_path):
    start = {"cmd": "start", "players": ["Ann", "Bob", "Cy"], "settings": {"table": {"cards_from": "companion"}}, "master_pin": "2718"}
    lines = [start, {"cmd": "roll"}, {"cmd": "undo", "by": "master", "pin": "0000"}, {"cmd": "redo", "by": "master", "pin": "0000"},
             {"cmd": "undo", "steps": 1, "by": "master"}]
    answers = headless(db_path, "--seed", "3", lines=lines)
    assert [a.get("error", {}).get("code") for a in answers[2:]] == ["WRONG_PIN", "WRONG_PIN", "WRONG_PIN"]
    again = headless(db_path, "--resume", lines=[{"cmd": "log"}])
    assert len(again[0]["log"]) == 2 and again[0]["redo"] == []


# -- request ids --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_an_id_used_again_answers_the_same_request_and_refuses_another_even_after_a_restart(db_path, game_id):
    requests = [{**r, "id": f"r{i}"} for i, r in enumerate(walk(game_id, 8))]
    *first, last = requests
    with EventStore(db_path) as store:
        with Session.new(all_games()[game_id], store, seed=7) as session:
            steps = [session.apply(dict(r)) for r in first]
        for _restart in range(2):
            with Session.resume(all_games()[game_id], store, 1) as session:
                rows = saved_rows(db_path)
                assert session.apply(dict(first[-1])).number == steps[-1].number  # the stored step, not applied again
                other_seat = "table" if first[-1].get("by", "table") != "table" else f"seat:{session.seats[-1].id}"
                for reused in ({**last, "id": first[-1]["id"]}, {**first[-1], "by": other_seat}):
                    assert refused(session.apply, dict(reused)) == "REQUEST_ID_REUSED"
                assert saved_rows(db_path) == rows and len(session.history) == len(first)
        with Session.resume(all_games()[game_id], store, 1) as session:
            assert session.apply(dict(last)).number == len(first) + 1  # a new id is applied


# -- undo and redo take their own arguments only ---------------------------------------------------------
@pytest.mark.parametrize("line", [{"cmd": "undo", "step": 2}, {"cmd": "redo", "step": 1}, {"cmd": "undo", "steps": 1, "all": True}])
def test_undo_and_redo_with_an_unknown_key_are_refused_naming_it_and_change_nothing(db_path, line):
    start = {"cmd": "start", "players": ["Ann", "Bob", "Cy"], "settings": {"table": {"cards_from": "companion"}}}
    answers = headless(db_path, "--seed", "3", lines=[start, {"cmd": "roll"}, {"cmd": "roll"}, {"cmd": "undo"}, line, {"cmd": "log"}])
    error = answers[4]["error"]
    assert error["code"] == "BAD_ARGUMENTS" and sorted(set(line) - {"cmd", "steps"})[0] in error["message"]
    assert len(answers[5]["log"]) == 2 and len(answers[5]["redo"]) == 1


def headless(db, *args, lines: list[dict | str], game: str = "bigbang") -> list[dict]:
    text = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)
    result = subprocess.run([sys.executable, "-m", "entry", "headless", game, "--db", str(db), *args], input=text,
                            capture_output=True, text=True, timeout=120, check=False, cwd=ROOT)
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    return [json.loads(line) for line in result.stdout.splitlines()]


# -- numbers and data of sane size ------------------------------------------------------------------------
@pytest.mark.parametrize("request_", [{"cmd": "doom", "amount": 10**40}, {"cmd": "elder_signs", "amount": 10**40},
                                      {"cmd": "elder_signs", "amount": -10**40}, {"cmd": "adjust", "what": "clues", "amount": 10**40}])
def test_elder_sign_refuses_numbers_no_table_could_hold_and_saves_nothing(db_path, request_):
    session = played(db_path, "eldersign")
    rows, state = saved_rows(db_path), session.state
    assert refused(session.apply, dict(request_)) == "BAD_ARGUMENTS"
    assert saved_rows(db_path) == rows and session.state is state


def test_doom_and_elder_signs_change_by_at_most_their_tracks_length(db_path):
    session = played(db_path, "eldersign")
    track, seal = session.state.config.ancient_one.doom, session.state.config.ancient_one.elder_signs
    assert refused(session.apply, {"cmd": "doom", "amount": track + 1}) == "BAD_ARGUMENTS"
    assert refused(session.apply, {"cmd": "elder_signs", "amount": -seal - 1}) == "BAD_ARGUMENTS"
    session.apply({"cmd": "doom", "amount": -track})
    assert session.state.doom == 0


def _deep(levels: int) -> dict:
    node: dict = {}
    top = node
    for _ in range(levels):
        node["a"] = {}
        node = node["a"]
    return top


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("levels", [900, 13])
def test_a_start_whose_settings_nest_too_deeply_is_a_clear_refusal(db_path, game_id, levels):
    answers = headless(db_path, lines=[{"cmd": "start", "players": ["Ann", "Bob"], "settings": _deep(levels)}, {"cmd": "state"}], game=game_id)
    assert answers[0]["error"]["code"] == "BAD_ARGUMENTS" and "settings" in answers[0]["error"]["message"]
    assert answers[1]["state"]["turn"]["status"] == "setup"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_start_whose_settings_are_too_big_is_a_clear_refusal(game_id):
    session = Session(all_games()[game_id], 1)
    huge = {"table": {f"k{i}": i for i in range(20_000)}}
    assert refused(session.apply, {"cmd": "start", "players": ["Ann", "Bob"], "settings": huge}) == "BAD_ARGUMENTS"
    assert session.history == [] and session.turn.status == "setup"


def test_a_table_file_nested_too_deeply_is_refused_as_bad_settings():
    from companion.settings import merged

    assert refused(merged, {"table": {}}, _deep(2000)) == "BAD_SETTINGS"
    assert merged({"a": {"b": 1}}, {"a": {"c": 2}}) == {"a": {"b": 1, "c": 2}}
