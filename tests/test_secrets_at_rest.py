"""Issue 21 §1: the game master's PIN guard holds across restarts and processes, PINs are digits a
keypad can type, and the secrets of a saved game are not readable in its save file."""
from __future__ import annotations

import json
import pathlib
import sqlite3
import subprocess
import sys
import time

import pytest

from companion.errors import RuleError
from companion.games.bigbang import GAME
from companion.pins import LOCK_AFTER
from companion.session import Session
from companion.store import EventStore, StoreError

START = {"cmd": "start", "players": ["Ann", "Bob", "Cy"], "settings": {"table": {"cards_from": "companion"}}, "master_pin": "2718"}


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def attempt(session: Session, pin: str) -> str:
    try:
        session.master_view(pin)
    except RuleError as exc:
        return exc.code
    return "ok"


def export_as_master(db_path, pin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "entry", "export", "1", "--viewer", "master", "--pin", pin, "--db", str(db_path)],
                          capture_output=True, text=True, timeout=120, check=False)


def saved_game(db_path) -> None:
    with EventStore(db_path) as store, Session.new(GAME, store, seed=3) as session:
        session.apply(START)
        session.apply({"cmd": "roll"})


# -- the PIN guard ----------------------------------------------------------------------------------------
def test_wrong_pins_from_another_process_count_toward_the_wait(db_path):
    saved_game(db_path)
    with EventStore(db_path) as store, Session.resume(GAME, store, 1) as session:
        assert [attempt(session, "0000"), attempt(session, "1111")] == ["WRONG_PIN", "WRONG_PIN"]  # free slips
    before_export = time.time()
    guess = export_as_master(db_path, "2222")
    assert guess.returncode == 2 and "not the game master" in guess.stderr and guess.stdout == ""
    with EventStore(db_path) as store, Session.resume(GAME, store, 1) as session:
        session.pin_guard.clock = lambda: before_export + 0.5  # the third wrong PIN's 1 s wait is not over
        assert attempt(session, "2718") == "PIN_WAIT"


def test_the_lock_out_survives_a_restart_and_holds_for_export_too(db_path):
    saved_game(db_path)
    with EventStore(db_path) as store, Session.resume(GAME, store, 1) as session:
        clock = Clock(time.time() - 750)  # each guess after the last one's wait: 70 s apart, the last one now
        session.pin_guard.clock = clock
        for _ in range(LOCK_AFTER):
            clock.now += 70
            assert attempt(session, "0000") == "WRONG_PIN"
    with EventStore(db_path) as store, Session.resume(GAME, store, 1) as session:
        assert session.pin_guard.locked and attempt(session, "2718") == "PIN_LOCKED"
    locked = export_as_master(db_path, "2718")
    assert locked.returncode == 2 and "Too many wrong PINs" in locked.stderr and locked.stdout == ""


def test_the_right_pin_clears_the_count_for_the_next_process(db_path):
    saved_game(db_path)
    with EventStore(db_path) as store, Session.resume(GAME, store, 1) as session:
        assert [attempt(session, "0000"), attempt(session, "0000"), attempt(session, "2718")] == ["WRONG_PIN", "WRONG_PIN", "ok"]
    with EventStore(db_path) as store, Session.resume(GAME, store, 1) as session:
        assert [attempt(session, "0000"), attempt(session, "0000"), attempt(session, "2718")] == ["WRONG_PIN", "WRONG_PIN", "ok"]


def test_a_save_file_of_version_2_gets_its_pin_guard_and_its_games_play_on(db_path):
    saved_game(db_path)
    with sqlite3.connect(db_path) as db:
        db.execute("DROP TABLE pin_guard")
        db.execute("PRAGMA user_version = 2")
    with EventStore(db_path) as store, Session.resume(GAME, store, 1) as session:
        assert attempt(session, "0000") == "WRONG_PIN" and attempt(session, "2718") == "ok"
        assert len(session.history) == 2
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 3


@pytest.mark.parametrize("pin", ["１２３４", "²³⁴⁵", "٠١٢٣", "12 34", "123", "123456789", "12a4"])
def test_a_pin_the_keypad_cannot_type_is_refused(pin):
    session = Session(GAME, 1)
    with pytest.raises(RuleError) as refused:
        session.apply({**START, "master_pin": pin})
    assert refused.value.code == "BAD_PIN" and "0 to 9" in refused.value.message
    assert session.history == []
    assert session.apply({**START, "master_pin": "0123"}).number == 1


# -- secrets sealed in the save file ------------------------------------------------------------------------
def raw_bytes(db_path) -> bytes:
    return b"".join(p.read_bytes() for p in db_path.parent.iterdir() if p.name.startswith(db_path.name) and not p.name.endswith(".key"))


def test_the_rune_solution_and_the_pin_hash_cannot_be_read_in_the_save_file(db_path):
    with EventStore(db_path) as store, Session.new(GAME, store, seed=5) as session:
        given = Session(GAME, 1)
        given.apply(START)
        solution = list(given.state.solution)  # a solution of the right length, typed in by the game master
        session.apply({**START, "solution": solution})
        for _ in range(5):
            session.apply({"cmd": "roll"})
        assert list(session.state.solution) == solution
        data = raw_bytes(db_path)  # the WAL too, while the game is open
    for form in (json.dumps(solution), json.dumps(solution, separators=(",", ":")), "".join(solution).encode()):
        assert (form.encode() if isinstance(form, str) else form) not in data
    assert b"pbkdf2" not in data and b"2718" not in data
    key = pathlib.Path(f"{db_path}.key")
    assert key.stat().st_mode & 0o777 == 0o600
    with EventStore(db_path) as store, Session.resume(GAME, store, 1) as session:
        assert list(session.state.solution) == solution and session.master_view("2718").fields["solution"]


def test_export_as_the_game_master_shows_the_secrets_and_as_the_table_does_not(db_path):
    saved_game(db_path)
    master = export_as_master(db_path, "2718")
    assert master.returncode == 0 and '"solution"' in master.stdout
    table = subprocess.run([sys.executable, "-m", "entry", "export", "1", "--db", str(db_path)], capture_output=True, text=True, timeout=120, check=False)
    assert table.returncode == 0 and '"solution"' not in table.stdout and "sealed" not in table.stdout


def test_a_missing_or_wrong_key_is_a_clear_refusal_not_another_game(db_path, tmp_path):
    saved_game(db_path)
    key = pathlib.Path(f"{db_path}.key")
    other = tmp_path / "other.db"
    saved_game(other)
    right = key.read_bytes()
    key.write_bytes(pathlib.Path(f"{other}.key").read_bytes())
    with EventStore(db_path) as store, pytest.raises(StoreError) as wrong:
        Session.resume(GAME, store, 1)
    assert wrong.value.code == "SEAL_KEY_WRONG" and "key of another save file" in wrong.value.message
    key.unlink()
    resumed = subprocess.run([sys.executable, "-m", "entry", "headless", "bigbang", "--resume", "--db", str(db_path)],
                             input='{"cmd": "state"}\n', capture_output=True, text=True, timeout=120, check=False)
    assert resumed.returncode == 2 and "is missing" in resumed.stderr and "Traceback" not in resumed.stderr
    key.write_bytes(right)
    with EventStore(db_path) as store, Session.resume(GAME, store, 1) as session:
        assert len(session.history) == 2  # the right key back: the game plays on


def test_a_save_from_before_sealing_still_loads_with_its_fields_in_clear(db_path):
    with EventStore(db_path) as store, Session.new(GAME, store, seed=4) as session:
        session.apply(START)
        played = session.state
        clear = [json.dumps([e.to_json() for e in step.events]) for step in session.history]
    pathlib.Path(f"{db_path}.key").unlink()
    with sqlite3.connect(db_path) as db:
        for position, events in enumerate(clear, start=1):
            db.execute("UPDATE steps SET events = ? WHERE position = ?", (events, position))
    with EventStore(db_path) as store, Session.resume(GAME, store, 1) as session:
        assert session.state == played
