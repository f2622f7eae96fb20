"""The SQLite event store and sessions on it: saved games, undo/redo that survive a restart, export."""
import json
import sqlite3

import pytest

from companion.contract import MASTER
from companion.errors import RuleError
from companion.games.bigbang import GAME
from companion.messages import render
from companion.session import Session
from companion.store import EventStore, StoreError

START = {"cmd": "start", "players": ["Ann", "Bob", "Cy"], "settings": {"table": {"cards_from": "companion"}}}


def _play_a_little(session):
    session.apply(START)
    session.apply({"cmd": "roll"})
    session.apply({"cmd": "pass"})
    session.apply({"cmd": "draw", "count": 1})


def lines(session, steps):
    return [render(session.describe(step)) for step in steps]


def test_the_store_uses_wal_and_full_sync(db_path):
    store = EventStore(db_path)
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_a_resumed_game_is_the_same_game(db_path):
    with EventStore(db_path) as store:
        session = Session.new(GAME, store, seed=3)
        _play_a_little(session)
        state, game_id = session.state, session.game_id
        session.close()
    with EventStore(db_path) as store:
        resumed = Session.resume(GAME, store, game_id)
        assert resumed.state == state
        assert lines(resumed, resumed.history) == lines(session, session.history)


def test_undo_and_redo_survive_a_restart(db_path):
    with EventStore(db_path) as store:
        session = Session.new(GAME, store, seed=3)
        _play_a_little(session)
        session.undo(2)
        after_undo, redo = session.state, lines(session, session.redo_stack)
        session.close()
    with EventStore(db_path) as store:
        resumed = Session.resume(GAME, store, session.game_id)
        assert resumed.state == after_undo
        assert lines(resumed, resumed.redo_stack) == redo
        resumed.redo(2)
        assert resumed.state == session.game.fold(after_undo, [e for s in session.redo_stack for e in s.events])


def test_a_new_step_after_undo_drops_the_redo_stack_on_disk_too(db_path):
    with EventStore(db_path) as store:
        session = Session.new(GAME, store, seed=3)
        _play_a_little(session)
        session.undo(1)
        session.apply({"cmd": "draw", "count": 2})
        session.close()
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
        assert saved[0].summary == {"status": "playing", "phase": "choose", "acting": ["Dee"], "seats": ["Dee", "Eve", "Fay"], "winners": []}
        assert saved[0].status == "playing" and saved[0].players == ["Dee", "Eve", "Fay"]


def test_export_writes_every_step_for_the_table_without_secrets(db_path):
    with EventStore(db_path) as store:
        session = Session.new(GAME, store, seed=3)
        session.apply({**START, "master_pin": "2468"})
        session.apply({"cmd": "roll"})
        session.apply({"cmd": "pass"})
        session.apply({"cmd": "draw", "count": 1})
        session.undo()
        exported = list(session.export())
        master = list(session.export(MASTER))
    assert exported[0]["game"] == "bigbang" and "seed" not in exported[0]
    assert [line["step"] for line in exported[1:]] == [1, 2, 3, 4]
    assert [line["undone"] for line in exported[1:]] == [False, False, False, True]
    assert exported[1]["command"]["cmd"] == "start" and exported[1]["events"][0]["type"] == "game_started"
    text = json.dumps(exported)
    assert "solution" not in text and "2468" not in text and "master_pin" not in text
    assert master[0]["seed"] == 3 and "solution" in master[1]["events"][0] and "2468" not in json.dumps(master)


def test_a_game_saved_before_messages_keeps_its_sentences_readable(db_path):
    """Steps stored with a plain sentence (before undo-list lines were messages) still read."""
    with EventStore(db_path) as store:
        session = Session.new(GAME, store, seed=3)
        _play_a_little(session)
        session.close()
    raw = sqlite3.connect(db_path)
    raw.execute("UPDATE steps SET description = 'Ann: passe (oude zin)' WHERE position = 3")
    raw.commit()
    raw.close()
    with EventStore(db_path) as store:
        resumed = Session.resume(GAME, store, session.game_id)
        assert resumed.history[2].stored == "Ann: passe (oude zin)"
        assert render(resumed.describe(resumed.history[2])) == "Ann: passes"  # made anew, in the current language


def test_a_damaged_step_names_the_game_and_step(db_path):
    with EventStore(db_path) as store:
        session = Session.new(GAME, store, seed=3)
        _play_a_little(session)
        session.close()
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
