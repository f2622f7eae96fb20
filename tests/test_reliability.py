"""What a careful tester attacked (issue 10), each as a test: one writer per saved game, a process no
input kills, damaged and foreign save files, a PIN that cannot be guessed, card files from anywhere."""
from __future__ import annotations

import io
import json
import os
import sqlite3
import subprocess
import sys

import pytest

from companion.cards import MAX_ROWS, CardCatalogue
from companion.errors import RuleError
from companion.games.bigbang import GAME
from companion.pins import LOCK_AFTER, PinGuard
from companion.session import Session
from companion.store import SCHEMA_VERSION, EventStore, StoreError, repair
from companion.testing import hostile_corpus

START = {"cmd": "start", "players": ["Ann", "Bob", "Cy"], "settings": {"table": {"cards_from": "companion"}}, "master_pin": "2718"}


def headless(db, *args, lines: list[bytes], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "entry", "headless", "bigbang", "--db", str(db), *args],
                          input=b"".join(line + b"\n" for line in lines), capture_output=True, timeout=120,
                          env={**os.environ, **(env or {})}, check=False)


def replies(result: subprocess.CompletedProcess[bytes]) -> list[dict]:
    return [json.loads(line.decode("utf-8")) for line in result.stdout.splitlines()]


# -- one writer per saved game --------------------------------------------------------------------------
def test_a_second_companion_on_the_same_game_is_refused_naming_the_first(db_path):
    first = subprocess.Popen([sys.executable, "-m", "entry", "headless", "bigbang", "--db", str(db_path), "--seed", "1"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        first.stdin.write(json.dumps(START).encode() + b"\n")
        first.stdin.flush()
        assert json.loads(first.stdout.readline())["ok"]
        second = headless(db_path, "--resume", lines=[b'{"cmd": "pass"}'])
        assert second.returncode == 2 and b"Traceback" not in second.stderr
        assert b"is open in another companion" in second.stderr and f"pid {first.pid}".encode() in second.stderr
    finally:
        first.stdin.close()
        first.wait(10)
    again = headless(db_path, "--resume", lines=[b'{"cmd": "log"}'])  # the first one closed: the game is free again
    assert replies(again)[0]["ok"] and len(replies(again)[0]["log"]) == 1


def test_a_write_that_did_not_see_the_last_step_is_refused_and_nothing_acknowledged_is_lost(db_path):
    """Compare-and-set on the position: a writer that bypassed the lock cannot overwrite a step."""
    with EventStore(db_path) as store:
        session = Session.new(GAME, store, seed=3)
        session.apply(START)
        session.apply({"cmd": "pass"})
        with EventStore(db_path) as rogue:  # a second connection writing as if step 2 were still free
            with pytest.raises(StoreError) as stale:
                rogue.append(session.game_id, 2, {"cmd": "roll"}, [], "{}", {})
            assert stale.value.code == "STALE_GAME"
            rogue.append(session.game_id, 3, {"cmd": "roll"}, [{"type": "die_rolled", "face": 2}], "{}", {})  # it sees step 2
        with pytest.raises(StoreError) as stale:  # now the session is the one behind: refused, and not applied
            session.apply({"cmd": "draw", "count": 1})
        assert stale.value.code == "STALE_GAME" and len(session.history) == 2
        assert [s.position for s in store.steps(session.game_id)] == [1, 2, 3]
        session.close()


# -- no input kills headless ---------------------------------------------------------------------------------
HOSTILE = hostile_corpus()


@pytest.mark.parametrize("locale", ["C.UTF-8", "C"])
def test_a_corpus_of_hostile_lines_gets_one_valid_json_reply_each_and_the_process_lives(db_path, locale):
    assert len(HOSTILE) >= 50
    result = headless(db_path, "--seed", "1", lines=[*HOSTILE, b'{"cmd": "state"}'], env={"LC_ALL": locale, "PYTHONIOENCODING": ""})
    assert result.returncode == 0 and b"Traceback" not in result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == len(HOSTILE) + 1  # exactly one reply per line, blank ones included
    answers = [json.loads(line.decode("utf-8")) for line in lines]  # every reply is valid UTF-8 JSON
    assert all(len(line) < 20_000 for line in lines)  # nothing long is echoed back whole
    assert sum(not answer["ok"] for answer in answers) >= 50
    assert answers[-1]["ok"] and answers[-1]["state"]["turn"]["status"] == "setup"  # and nothing was started by the noise
    assert answers[0]["error"]["code"] == "EMPTY_LINE"
    assert next(a for line, a in zip(HOSTILE, answers, strict=False) if line.startswith(b"\xff"))["error"]["code"] == "BAD_ENCODING"


def test_a_resent_request_after_a_restart_is_answered_not_applied_twice(db_path):
    line = json.dumps({**START, "id": "start-1"}).encode()
    first = replies(headless(db_path, "--seed", "1", lines=[line, b'{"id": 7, "cmd": "pass"}']))
    assert [r["id"] for r in first] == ["start-1", 7] and all(r["ok"] for r in first)
    again = replies(headless(db_path, "--resume", lines=[b'{"id": 7, "cmd": "pass"}', b'{"cmd": "log"}']))
    assert again[0]["ok"] and again[0]["step"] == first[1]["step"] == 2  # the stored answer, not a second pass
    assert len(again[1]["log"]) == 2
    undo_twice = replies(headless(db_path, "--resume", lines=[b'{"cmd": "undo", "to": 1}', b'{"cmd": "undo", "to": 1}']))
    assert undo_twice[0]["undone"] and undo_twice[1]["ok"] and undo_twice[1]["undone"] == []  # "to" is safe to resend


# -- damaged, foreign and newer save files ---------------------------------------------------------------------
def _two_games(db_path) -> None:
    with EventStore(db_path) as store:
        for seed in (1, 2):
            with Session.new(GAME, store, seed) as session:
                session.apply(START)
                for _ in range(30):
                    session.apply({"cmd": "roll"})


def test_a_damaged_file_is_a_clear_message_and_repair_saves_the_readable_games(db_path, tmp_path):
    _two_games(db_path)
    with sqlite3.connect(db_path) as db:  # move everything into the main file
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(db_path.read_bytes())
    page = 4096
    data[3 * page: 4 * page] = os.urandom(page)  # one page of garbage, as a failing SD card gives
    db_path.write_bytes(bytes(data))
    result = headless(db_path, "--resume", lines=[b'{"cmd": "log"}'])
    assert result.returncode == 2 and b"Traceback" not in result.stderr
    assert b"damaged" in result.stderr and b"companion repair" in result.stderr
    doctor = subprocess.run([sys.executable, "-m", "entry", "doctor", "--db", str(db_path)], capture_output=True, text=True, timeout=60, check=False)
    assert "save file" in doctor.stdout and "FAIL" in doctor.stdout and "repair" in doctor.stdout
    fixed = subprocess.run([sys.executable, "-m", "entry", "repair", "--db", str(db_path)], capture_output=True, text=True, timeout=60, check=False)
    assert "Traceback" not in fixed.stderr and "damaged file is kept as" in fixed.stdout
    kept = [p for p in tmp_path.iterdir() if ".damaged-" in p.name and not p.name.endswith(("-wal", "-shm", ".key"))]
    assert len(kept) == 1 and kept[0].read_bytes()[:16] == bytes(data[:16])  # nothing thrown away
    with EventStore(db_path) as store:  # the fresh file opens and holds whole games only
        for saved in store.games():
            Session.resume(GAME, store, saved.id).close()


def test_foreign_and_newer_files_are_refused_and_left_alone(tmp_path):
    foreign = tmp_path / "photos.db"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE photos (name TEXT)")
    newer = tmp_path / "newer.db"
    with sqlite3.connect(newer) as db:
        db.execute("CREATE TABLE games (id INTEGER)")
        db.execute("CREATE TABLE telemetry (x)")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 97}")
    for path, code in ((foreign, "NOT_A_SAVE_FILE"), (newer, "NEWER_SAVE_FILE")):
        before = path.read_bytes()
        with pytest.raises(StoreError) as refused:
            EventStore(path)
        assert refused.value.code == code and str(path) in refused.value.message
        assert path.read_bytes() == before


def test_a_full_disk_says_so(db_path):
    with EventStore(db_path) as store:
        session = Session.new(GAME, store, seed=3)
        session.apply(START)
        pages = store._db.execute("PRAGMA page_count").fetchone()[0]
        store._db.execute(f"PRAGMA max_page_count = {pages}")  # the card is full
        before = session.state
        with pytest.raises(StoreError) as full:
            for _ in range(200):
                session.apply({"cmd": "roll"})
        assert full.value.code == "SAVE_FAILED" and "the disk is full" in full.value.message
        assert "no transaction is active" not in full.value.message
        assert session.state is not before or len(session.history) >= 1
        session.close()


def test_repairing_a_missing_file_says_so(tmp_path):
    with pytest.raises(StoreError) as missing:
        repair(tmp_path / "nothing.db")
    assert missing.value.code == "NO_SAVE_FILE"


# -- the game master's PIN ----------------------------------------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_wrong_pins_wait_longer_and_longer_then_lock_the_view_for_everyone():
    session = Session(GAME, 1)
    session.apply(START)
    clock = Clock()
    session.pin_guard = PinGuard(clock)

    def attempt(pin: str) -> str:
        try:
            session.master_view(pin)
        except RuleError as exc:
            return exc.code
        return "ok"

    assert [attempt("0000") for _ in range(3)] == ["WRONG_PIN"] * 3  # a few slips are free
    assert attempt("2718") == "PIN_WAIT"  # then even the right one waits its turn: 1 s
    clock.now += 1.1
    assert attempt("1111") == "WRONG_PIN" and attempt("2718") == "PIN_WAIT"
    clock.now += 1.5
    assert attempt("2718") == "PIN_WAIT"  # the fifth waits 2 s, not 1
    for _ in range(LOCK_AFTER):
        clock.now += 1000
        attempt("0000")
    assert attempt("2718") == "PIN_LOCKED" and session.pin_guard.locked  # every screen can show this
    clock.now += 601
    assert attempt("2718") == "ok" and not session.pin_guard.locked


def test_the_masters_redraws_do_not_hash_its_pin_again_yet_a_lock_out_holds_for_it_too(monkeypatch):
    """The game-master page sends its PIN with every redraw; a hash costs about 0.1 s on a Pi 4."""
    from companion import pins

    session = Session(GAME, 1)
    session.apply(START)
    clock = Clock()
    session.pin_guard = PinGuard(clock)
    hashed: list[str] = []
    monkeypatch.setattr(pins, "pin_matches", lambda pin, stored: hashed.append(pin) or pins.hmac.compare_digest(
        pins.hash_pin(pin, stored.split("$")[2]), stored))
    session.master_view("2718")
    for _ in range(5):
        session.master_view("2718")
    assert hashed == ["2718"]  # once, not at every redraw
    with pytest.raises(RuleError):
        session.master_view("2719")
    assert hashed == ["2718", "2719"]  # a wrong PIN still pays the hash
    for _ in range(LOCK_AFTER):
        clock.now += 1000
        with pytest.raises(RuleError):
            session.master_view("0000")
    with pytest.raises(RuleError) as locked:
        session.master_view("2718")  # locked by someone's guesses: the right PIN waits like any other
    assert locked.value.code == "PIN_LOCKED"


def test_the_pin_is_stored_only_as_a_hash(db_path):
    with EventStore(db_path) as store, Session.new(GAME, store, seed=3) as session:
        session.apply(START)
    wal = db_path.parent / f"{db_path.name}-wal"
    assert b"2718" not in db_path.read_bytes() + (wal.read_bytes() if wal.exists() else b"")


# -- card files -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("content, code", [
    (b"uid,game,card\n04a1b2c3,bigbang,pen\xffny\n", "BAD_CSV"),
    (b"uid,game,card\n04a1b2c3,bigbang," + b"x" * 200_000 + b"\n", "BAD_CSV"),
    (b"uid,game,card\n04a1b2c3,bigbang,pen\x00ny\n", "BAD_CSV"),
    (b"uid,game,card\n" + b"".join(b"%08x,bigbang,penny\n" % (0x04000000 + i) for i in range(MAX_ROWS + 1)), "BAD_CSV"),
])
def test_a_bad_card_file_is_refused_whole(tmp_path, content, code):
    path = tmp_path / "cards.csv"
    path.write_bytes(content)
    with CardCatalogue() as catalogue:
        with pytest.raises(RuleError) as refused:
            catalogue.import_csv(path)
        assert refused.value.code == code and len(refused.value.message) < 300
        assert catalogue.list() == []  # all or nothing


def test_a_spreadsheets_csv_with_a_byte_order_mark_imports(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_bytes("\ufeffuid,game,card,label\n04a1b2c3,bigbang,penny,Penny 1\n".encode())
    with CardCatalogue() as catalogue:
        assert catalogue.import_csv(path) == 1


def test_an_exported_label_never_runs_as_a_spreadsheet_formula_and_comes_back_the_same(tmp_path):
    with CardCatalogue() as catalogue:
        catalogue.enrol("04a1b2c3", "bigbang", "penny", label='=HYPERLINK("http://evil","x")')
        out = io.StringIO()
        catalogue.export_csv(out)
        assert "\n04a1b2c3,bigbang,penny,\"'=HYPERLINK" in out.getvalue()
        with CardCatalogue() as other:
            other.import_csv(io.StringIO(out.getvalue()))
            assert other.lookup("04a1b2c3", "bigbang").label == '=HYPERLINK("http://evil","x")'


# -- bookkeeping the hidden scenarios found -----------------------------------------------------------------------
def test_rolling_needs_a_game_in_play():
    session = Session(GAME, 1)
    with pytest.raises(RuleError) as refused:
        session.apply({"cmd": "roll"})
    assert refused.value.code == "NOT_STARTED"
