"""Saved games under a Pi's real failures (issue 21 §2): a full SD card, one the kernel made
read-only, `repair` during play, one save file under two paths, a step row gone — on real file
systems (tmpfs mounts), real SQLite files and real `companion` processes."""
from __future__ import annotations

import argparse
import fcntl
import json
import shutil
import socket
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games.bigbang import GAME
from companion.messages import render
from companion.session import Session
from companion.store import EventStore, StoreError
from entry.cli import _open_for_run
from entry.root import Companion

START = {"cmd": "start", "players": ["Ann", "Bob", "Cy"], "settings": {"table": {"cards_from": "companion"}}}


# -- helpers ------------------------------------------------------------------------------------------------
def companion_cli(*args: object, lines: list[dict] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "entry", *map(str, args)], capture_output=True, text=True, timeout=120, check=False,
                          input="".join(json.dumps(line) + "\n" for line in lines or []))


def replies(result: subprocess.CompletedProcess[str]) -> list[dict]:
    return [json.loads(line) for line in result.stdout.splitlines()]


def play(db: Path, games: int = 2, rolls: int = 4) -> None:
    with EventStore(db) as store:
        for seed in range(1, games + 1):
            with Session.new(GAME, store, seed) as session:
                session.apply(START)
                for _ in range(rolls):
                    session.apply({"cmd": "roll"})


def holder(db: Path) -> subprocess.Popen[bytes]:
    """A companion playing a new game in `db`, started and acknowledged (it holds the game)."""
    proc = subprocess.Popen([sys.executable, "-m", "entry", "headless", "bigbang", "--db", str(db), "--seed", "1"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(json.dumps(START).encode() + b"\n")
    proc.stdin.flush()
    assert json.loads(proc.stdout.readline())["ok"]
    return proc


def tell(proc: subprocess.Popen[bytes], request: dict) -> dict:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(json.dumps(request).encode() + b"\n")
    proc.stdin.flush()
    reply: dict = json.loads(proc.stdout.readline())
    return reply


def finish(proc: subprocess.Popen[bytes]) -> None:
    assert proc.stdin is not None
    proc.stdin.close()
    proc.wait(20)


def kept_copies(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".damaged-" in p.name)


def run_args(db: Path, resume: bool = True) -> argparse.Namespace:
    return argparse.Namespace(db=str(db), hardware=None, seed=None, resume=resume, lang=None)


@pytest.fixture
def card(tmp_path: Path) -> Iterator[Path]:
    """A real small file system (tmpfs) standing in for the Pi's SD card."""
    mount = tmp_path / "card"
    mount.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)], capture_output=True, check=False).returncode:
        pytest.skip("mounting a tmpfs is not permitted here (the test needs root)")
    yield mount
    subprocess.run(["umount", "-l", str(mount)], capture_output=True, check=False)


def remount(mount: Path, mode: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{mode}", str(mount)], check=True, capture_output=True)


def fill(folder: Path) -> Path:
    """Fill the file system until it refuses another byte, as a full SD card does."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 65536)
        except OSError:
            pass
    with open(filler, "ab", buffering=0) as out:  # and the last few bytes
        try:
            while True:
                out.write(b"\0")
        except OSError:
            pass
    return filler


# -- a full disk at start ------------------------------------------------------------------------------------
@pytest.mark.parametrize("how", ["closed cleanly", "killed mid-game"])
def test_a_full_disk_at_start_keeps_every_saved_game_and_says_the_disk_is_full(card, how):
    db = card / "games.db"
    play(db)
    if how == "killed mid-game":  # the WAL and its index stay behind, already large enough to open for writing
        proc = subprocess.Popen([sys.executable, "-m", "entry", "headless", "bigbang", "--db", str(db), "--resume"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert tell(proc, {"cmd": "undo"})["ok"] and tell(proc, {"cmd": "redo"})["ok"]
        proc.kill()
        proc.wait(10)
    before = db.read_bytes()
    filler = fill(card)

    listed = companion_cli("games", "--db", db)
    assert listed.returncode == 0 and "Traceback" not in listed.stderr
    assert "#1" in listed.stdout and "#2" in listed.stdout and "the disk is full" in listed.stderr
    refused = replies(companion_cli("headless", "bigbang", "--db", db, "--resume", lines=[{"cmd": "roll"}, {"cmd": "log"}]))
    assert refused[0]["error"]["code"] == "SAVE_FAILED" and "the disk is full" in refused[0]["error"]["message"]
    assert len(refused[1]["log"]) == 5  # the saved game is served as it was
    companion = _open_for_run(run_args(db))  # `run`: it keeps serving, and the screen says why nothing is saved
    try:
        assert companion.session is not None and len(companion.session.history) == 5
        assert any("the disk is full" in render(notice) for notice in companion.notices)
    finally:
        companion.close()
    assert db.read_bytes() == before and kept_copies(card) == []  # never called damaged, never moved

    filler.unlink()  # space freed: everything is there and play goes on
    after = replies(companion_cli("headless", "bigbang", "--db", db, "--resume", lines=[{"cmd": "roll"}, {"cmd": "log"}]))
    assert after[0]["ok"] and len(after[1]["log"]) == 6


# -- a read-only SD card -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("how", ["closed cleanly", "killed mid-game"])
def test_a_read_only_card_serves_the_saved_games_and_refuses_writes_saying_so(card, how):
    db = card / "games.db"
    play(db, games=1)
    if how == "killed mid-game":  # the kernel remounts after a crash: the WAL holds the last steps
        proc = subprocess.Popen([sys.executable, "-m", "entry", "headless", "bigbang", "--db", str(db), "--resume"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert tell(proc, {"cmd": "roll"})["ok"]
        proc.kill()
        proc.wait(10)
    steps = 6 if how == "killed mid-game" else 5
    files = {p.name: p.read_bytes() for p in card.iterdir()}
    remount(card, "ro")

    listed = companion_cli("games", "--db", db)
    assert listed.returncode == 0 and "#1" in listed.stdout and "read-only" in listed.stderr and "damaged" not in listed.stderr
    exported = companion_cli("export", "1", "--db", db)
    assert exported.returncode == 0 and len(exported.stdout.splitlines()) == 1 + steps
    refused = companion_cli("headless", "bigbang", "--db", db, "--resume", lines=[{"cmd": "roll"}, {"cmd": "log"}])
    assert "Traceback" not in refused.stderr and refused.returncode == 0
    assert replies(refused)[0]["error"]["code"] == "SAVE_FAILED" and "read-only" in replies(refused)[0]["error"]["message"]
    assert len(replies(refused)[1]["log"]) == steps
    repaired = companion_cli("repair", "--db", db)
    assert repaired.returncode == 2 and "Traceback" not in repaired.stderr and "read-only" in repaired.stderr
    companion = _open_for_run(run_args(db))
    try:
        assert companion.session is not None and len(companion.session.history) == steps
        assert any("read-only" in render(notice) for notice in companion.notices)
        started = companion.start("bigbang", START)  # a new game: refused, saying why, and the saved one stays on
        assert started.kind == "refused" and "read-only" in render(started.message)
        assert companion.session is not None and len(companion.session.history) == steps
    finally:
        companion.close()
    assert {p.name: p.read_bytes() for p in card.iterdir()} == files  # nothing moved, nothing written


@pytest.fixture
def ext4_card(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    """A real ext4 file system on a loop device, mounted as a Pi mounts its card (errors=remount-ro),
    and the kernel's switch that makes it fail (`trigger_fs_error`): the card goes read-only under a
    running companion, which `mount -o remount,ro` refuses to do while a file is open for writing."""
    if shutil.which("mkfs.ext4") is None:
        pytest.skip("mkfs.ext4 (e2fsprogs) is not installed")
    image, mount = tmp_path / "card.img", tmp_path / "card"
    mount.mkdir()
    with open(image, "wb") as out:
        out.truncate(32 * 1024 * 1024)
    subprocess.run(["mkfs.ext4", "-q", "-F", str(image)], check=True, capture_output=True)
    if subprocess.run(["mount", "-o", "loop,errors=remount-ro", str(image), str(mount)], capture_output=True, check=False).returncode:
        pytest.skip("mounting a loop device is not permitted here (the test needs root)")
    device = subprocess.run(["findmnt", "-no", "SOURCE", str(mount)], capture_output=True, text=True, check=False).stdout.strip()
    trigger = Path("/sys/fs/ext4") / Path(device).name / "trigger_fs_error"
    try:
        if not trigger.exists():
            pytest.skip("this kernel has no ext4 trigger_fs_error")
        yield mount, trigger
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True, check=False)


def test_a_card_the_kernel_makes_read_only_mid_game_refuses_steps_saying_so_and_keeps_serving(ext4_card):
    mount, trigger = ext4_card
    db = mount / "games.db"
    first = holder(db)
    try:
        assert tell(first, {"cmd": "roll"})["ok"]
        trigger.write_text("1")  # the kernel stops writing to the card, as after an SD card error
        refused = tell(first, {"cmd": "pass"})
        assert refused["error"]["code"] == "SAVE_FAILED" and "the SD card is read-only" in refused["error"]["message"]
        assert len(tell(first, {"cmd": "log"})["log"]) == 2  # the companion lives and serves the game
    finally:
        finish(first)
    assert first.returncode == 0
    again = companion_cli("headless", "bigbang", "--db", db, "--resume", lines=[{"cmd": "log"}, {"cmd": "pass"}])
    assert "Traceback" not in again.stderr and "read-only" in again.stderr  # a restart (systemd's) serves it read-only
    assert len(replies(again)[0]["log"]) == 2 and replies(again)[1]["error"]["code"] == "SAVE_FAILED"
    assert kept_copies(mount) == []


# -- repair during play ----------------------------------------------------------------------------------------------
def test_repair_refuses_while_a_companion_plays_and_no_acknowledged_step_is_lost(db_path):
    first = holder(db_path)
    try:
        repaired = companion_cli("repair", "--db", db_path)
        assert repaired.returncode == 2 and "Traceback" not in repaired.stderr
        assert "open in another companion" in repaired.stderr and f"pid {first.pid}" in repaired.stderr
        assert tell(first, {"cmd": "pass"})["ok"]  # acknowledged after the refused repair
    finally:
        finish(first)
    assert kept_copies(db_path.parent) == []
    log = replies(companion_cli("headless", "bigbang", "--db", db_path, "--resume", lines=[{"cmd": "log"}]))[0]["log"]
    assert len(log) == 2


def test_repair_refuses_while_a_companion_has_the_file_open_on_its_home_screen(db_path):
    """No game held, but a new game or a card tag may be written at any moment: repair waits for it."""
    play(db_path, games=1)
    with EventStore(db_path):
        repaired = companion_cli("repair", "--db", db_path)
        assert repaired.returncode == 2 and "is open in another companion; close it before repairing" in repaired.stderr
        assert kept_copies(db_path.parent) == []
    assert companion_cli("repair", "--db", db_path).returncode == 0  # closed: repair goes ahead


def test_opening_the_file_while_repair_works_is_refused(db_path):
    play(db_path, games=1)
    with open(f"{db_path}.in-use.lock", "a") as repairing:
        fcntl.flock(repairing, fcntl.LOCK_EX)  # as `repair` holds it while it rebuilds the file
        with pytest.raises(StoreError) as refused:
            EventStore(db_path)
        assert refused.value.code == "SAVE_FILE_BUSY" and "being repaired" in refused.value.message


def _damage_page_of(db: Path, table: str) -> None:
    """Garbage over the root page of `table`, as a failing SD card gives."""
    with sqlite3.connect(db) as raw:
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = raw.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
        size = raw.execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(db.read_bytes())
    data[(page - 1) * size: page * size] = b"\xa5" * size
    db.write_bytes(bytes(data))


def test_repair_counts_the_games_whose_list_entry_is_lost_and_fails(db_path):
    play(db_path, games=4)
    _damage_page_of(db_path, "games")
    repaired = companion_cli("repair", "--db", db_path)
    assert repaired.returncode == 1 and "Traceback" not in repaired.stderr
    assert "4 games could not be read" in repaired.stdout and "more games may be lost" in repaired.stdout


def test_repair_names_the_saved_games_that_still_cannot_be_resumed_and_fails(db_path):
    play(db_path, games=2)
    with sqlite3.connect(db_path) as raw:
        raw.execute("UPDATE steps SET events = '[{\"type\": \"no_such_event\"}]' WHERE game_id = 2 AND position = 3")
    repaired = companion_cli("repair", "--db", db_path)
    assert repaired.returncode == 1 and "Traceback" not in repaired.stderr
    assert "Saved 2 games" in repaired.stdout and "1 saved game cannot be resumed: #2" in repaired.stdout


def test_run_on_a_damaged_file_repairs_it_and_the_screen_names_the_games_that_cannot_be_resumed(db_path):
    play(db_path, games=2)
    with sqlite3.connect(db_path) as raw:
        raw.execute("UPDATE steps SET events = '[{\"type\": \"no_such_event\"}]' WHERE game_id = 2 AND position = 3")
    _damage_page_of(db_path, "cards")  # damaged: quick_check fails, every game still readable
    companion = _open_for_run(run_args(db_path, resume=False))
    try:
        told = [render(notice) for notice in companion.notices]
        assert "The save file was damaged: 2 games were saved" in told[0]
        assert "1 saved game cannot be resumed: #2" in told[1]
    finally:
        companion.close()
    assert [name for name in kept_copies(db_path.parent) if not name.endswith(("-wal", "-shm"))]  # the damaged file is kept


def test_the_kept_copy_of_a_repaired_file_keeps_the_key_to_its_secrets(db_path):
    """The damaged copy repair keeps can be repaired on its own later: its sealed rune solutions open."""
    play(db_path, games=1)
    _damage_page_of(db_path, "cards")
    assert companion_cli("repair", "--db", db_path).returncode == 0
    kept = db_path.parent / next(name for name in kept_copies(db_path.parent) if not name.endswith(("-wal", "-shm", ".key")))
    assert companion_cli("repair", "--db", kept).returncode == 0
    states = []
    for path in (db_path, kept):
        with EventStore(path) as store, Session.resume(GAME, store, 1) as session:
            states.append(session.state)
    assert states[0] == states[1] and states[0].solution


# -- one file, two paths ------------------------------------------------------------------------------------------------
def test_two_paths_to_one_save_file_share_one_writer(tmp_path):
    db = tmp_path / "games.db"
    link = tmp_path / "elsewhere.db"
    link.symlink_to(db)
    first = holder(db)
    try:
        second = companion_cli("headless", "bigbang", "--db", link, "--resume", lines=[{"cmd": "pass"}])
        assert second.returncode == 2 and "open in another companion" in second.stderr and f"pid {first.pid}" in second.stderr
        assert tell(first, {"cmd": "pass"})["ok"]
    finally:
        finish(first)
    log = replies(companion_cli("headless", "bigbang", "--db", link, "--resume", lines=[{"cmd": "log"}]))[0]["log"]
    assert len(log) == 2


# -- a missing step ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("missing", [1, 3, 4, 5])  # 5: the last step, which looked like a shorter game
def test_a_missing_step_is_named_and_nothing_is_replayed_past_it(db_path, missing):
    play(db_path, games=1)  # the start and 4 rolls
    with sqlite3.connect(db_path) as raw:
        raw.execute("DELETE FROM steps WHERE position = ?", (missing,))
    resumed = companion_cli("headless", "bigbang", "--db", db_path, "--resume", lines=[{"cmd": "log"}])
    assert resumed.returncode == 2 and "Traceback" not in resumed.stderr
    assert f"Step {missing} of saved game 1 is missing" in resumed.stderr


def test_a_file_from_before_the_step_count_learns_it_and_a_lost_last_step_is_named_after(db_path):
    play(db_path, games=1)
    with sqlite3.connect(db_path) as raw:  # a version-2 file: no last_step column, no pin_guard table
        raw.execute("ALTER TABLE games DROP COLUMN last_step")
        raw.execute("DROP TABLE pin_guard")
        raw.execute("PRAGMA user_version = 2")
    with EventStore(db_path) as store, Session.resume(GAME, store, 1) as session:
        assert len(session.history) == 5
    with sqlite3.connect(db_path) as raw:
        raw.execute("DELETE FROM steps WHERE position = 5")
    with EventStore(db_path) as store, pytest.raises(StoreError) as refused:
        Session.resume(GAME, store, 1)
    assert refused.value.code == "MISSING_STEP" and "Step 5 " in render(refused.value.text)


def test_a_step_the_rules_cannot_replay_is_a_clear_refusal_not_a_crash(db_path):
    play(db_path, games=1)
    with sqlite3.connect(db_path) as raw:  # valid JSON, but not a command: replaying it raised a TypeError
        raw.execute("UPDATE steps SET command = '[1]' WHERE position = 2")
    with EventStore(db_path) as store, pytest.raises(StoreError) as refused:
        Session.resume(GAME, store, 1)
    assert refused.value.code == "BAD_SAVE_FILE" and "Step 2 of saved game 1" in refused.value.message


# -- run --resume on a held game ---------------------------------------------------------------------------------------------
def test_resuming_a_game_another_companion_holds_says_who_holds_it(db_path):
    first = holder(db_path)
    try:
        companion = Companion(db_path, resume=True, rig_factory=lambda hardware: None)
        try:
            assert companion.session is None
            told = [render(notice) for notice in companion.notices]
            assert any("open in another companion" in line and f"pid {first.pid}" in line for line in told)
        finally:
            companion.close()
    finally:
        finish(first)


# -- the doctor ---------------------------------------------------------------------------------------------------------------
def test_the_doctor_fails_on_a_save_folder_that_cannot_be_written(card):
    play(card / "games.db", games=1)
    remount(card, "ro")
    doctor = companion_cli("doctor", "--db", card / "games.db", "--port", _free_port())
    assert doctor.returncode == 1 and "Traceback" not in doctor.stderr
    row = next(line for line in doctor.stdout.splitlines() if line.startswith("save folder"))
    assert "FAIL" in row and "read-only" in row


def test_the_doctor_fails_when_the_web_port_is_taken(db_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        doctor = companion_cli("doctor", "--db", db_path, "--port", taken.getsockname()[1])
    row = next(line for line in doctor.stdout.splitlines() if line.startswith("web port"))
    assert doctor.returncode == 1 and "FAIL" in row
    free = companion_cli("doctor", "--db", db_path, "--port", _free_port())
    assert [line for line in free.stdout.splitlines() if line.startswith(("web port", "save folder"))] and \
        all("ok" in line for line in free.stdout.splitlines() if line.startswith(("web port", "save folder")))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port

