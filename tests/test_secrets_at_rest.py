"""Issue 21 §1: the game master's PIN guard holds across restarts and processes, PINs are digits a
keypad can type, and the secrets of a saved game are not readable in its save file."""
from __future__ import annotations

import sqlite3
import subprocess
import sys
import time

import pytest

from companion.errors import RuleError
from companion.games.bigbang import GAME
from companion.pins import LOCK_AFTER
from companion.session import Session
from companion.store import EventStore

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
