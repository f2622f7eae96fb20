"""The SQLite event store and sessions on it: saved games, undo/redo that survive a restart, export."""
import json
import sqlite3

import pytest

from companion.errors import RuleError
from companion.games.bigbang import GAME
from companion.session import Session
from companion.store import EventStore, StoreError

START = {"cmd": "start", "players": ["Ann", "Bob", "Cy"], "settings": {"table": {"cards_from": "companion"}}}


def _play_a_little(session):
    session.apply(START)
    session.apply({"cmd": "roll"})
    session.apply({"cmd": "pass"})
    session.apply({"cmd": "draw", "count": 1})


def test_the_store_uses_wal_and_full_sync(db_path):
    store = EventStore(db_path)
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_a_resumed_game_is_the_same_game(db_path):
    with EventStore(db_path) as store:
        session = Session.new(GAME, store, seed=3)
        _play_a_little(session)
        state, game_id = session.state, session.game_id
    with EventStore(db_path) as store:
        resumed = Session.resume(GAME, store, game_id)
        assert resumed.state == state
        assert [s.description for s in resumed.history] == [s.description for s in session.history]


def test_undo_and_redo_survive_a_restart(db_path):
    with EventStore(db_path) as store:
        session = Session.new(GAME, store, seed=3)
        _play_a_little(session)
        session.undo(2)
        after_undo, redo = session.state, [s.description for s in session.redo_stack]
    with EventStore(db_path) as store:
        resumed = Session.resume(GAME, store, session.game_id)
        assert resumed.state == after_undo
        assert [s.description for s in resumed.redo_stack] == redo
        resumed.redo(2)
        assert resumed.state == session.game.fold(after_undo, [e for s in session.redo_stack for e in s.events])


def test_a_new_step_after_undo_drops_the_redo_stack_on_disk_too(db_path):
    with EventStore(db_path) as store:
        session = Session.new(GAME, store, seed=3)
        _play_a_little(session)
        session.undo(1)
        session.apply({"cmd": "draw", "count": 2})
    with EventStore(db_path) as store:
        resumed = Session.resume(GAME, store, session.game_id)
        assert resumed.redo_stack == [] and resumed.state == session.state


def test_several_saved_games_in_one_file_listed_newest_first(db_path):
    with EventStore(db_path) as store:
        first = Session.new(GAME, store, seed=1)
        first.apply(START)
        second = Session.new(GAME, store, seed=2)
        second.apply({**START, "players": ["Dee", "Eve", "Fay"]})
        saved = store.games("bigbang")
        assert [g.id for g in saved] == [second.game_id, first.game_id]
        assert saved[0].summary == {"status": "playing", "active_player": "Dee", "players": ["Dee", "Eve", "Fay"]}


def test_export_writes_every_step_as_json_lines(db_path):
    with EventStore(db_path) as store:
        session = Session.new(GAME, store, seed=3)
        _play_a_little(session)
        session.undo()
        lines = [json.loads(line) for line in store.export_jsonl(session.game_id)]
    assert lines[0]["game"] == "bigbang" and lines[0]["seed"] == 3
    assert [line["step"] for line in lines[1:]] == [1, 2, 3, 4]
    assert [line["undone"] for line in lines[1:]] == [False, False, False, True]
    assert lines[1]["command"]["cmd"] == "start" and lines[1]["events"][0]["type"] == "game_started"


def test_a_damaged_step_names_the_game_and_step(db_path):
    with EventStore(db_path) as store:
        session = Session.new(GAME, store, seed=3)
        _play_a_little(session)
    raw = sqlite3.connect(db_path)
    raw.execute("UPDATE steps SET events = '[{\"type\": \"moon_moved\", \"source\": \"high\"}]' WHERE position = 2")
    raw.commit()
    raw.close()
    with EventStore(db_path) as store, pytest.raises(StoreError) as error:
        Session.resume(GAME, store, session.game_id)
    assert error.value.code == "BAD_SAVE_FILE" and "Step 2" in error.value.message


def test_a_step_that_cannot_be_saved_is_not_applied(db_path):
    with EventStore(db_path) as store:
        session = Session.new(GAME, store, seed=3)
        session.apply(START)
        before = session.state
        store._db.execute("PRAGMA query_only = ON")  # the disk refuses writes, as a full or read-only card would
        with pytest.raises(StoreError) as error:
            session.apply({"cmd": "roll"})
        assert error.value.code == "SAVE_FAILED"
        assert session.state is before and len(session.history) == 1


def test_resuming_a_game_of_another_kind_is_refused(db_path):
    with EventStore(db_path) as store:
        game_id = store.create_game("elder_sign", 1)
        with pytest.raises(RuleError) as error:
            Session.resume(GAME, store, game_id)
    assert error.value.code == "WRONG_GAME"
