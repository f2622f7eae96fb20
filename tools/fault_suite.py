"""The fault suite: the companion attacked as a careful tester would, figures printed as a table.

    python tools/fault_suite.py            # the full run (N = 100 kills and power cuts per game)
    python tools/fault_suite.py --quick    # the short run CI makes (tests/test_fault_suite.py)

Rows, each "failures of runs" — every one must be 0:
- kill -9 at random moments while a scripted game streams in, then resume: the state equals a
  fresh replay of what was acknowledged-or-more, and no acknowledged step is lost;
- a power cut: as kill -9, but every write the disk was not made to keep (no fsync since) is lost
  too. tools/faults/powercut.c, loaded with LD_PRELOAD, copies each save-file part at every
  fsync/fdatasync; after the kill the copies replace the files. A control run with SQLite's
  synchronous=OFF must lose data under the same harness — proof that it can see a loss;
- two companions on one saved game: the second is refused, nothing acknowledged is lost — also when
  the second opens the file by another path (a symlink);
- the SD card's own failures, on a real small file system (a tmpfs mount; skipped where mounting is
  not permitted): full at start (the games are listed and served, writes refused saying so, the file
  never moved), made read-only after a kill -9 (the same, every acknowledged step still there, repair
  refused), made read-only by the kernel under a running companion (an ext4 loop mount with
  errors=remount-ro and its `trigger_fs_error`: later steps refused saying so, nothing acknowledged
  lost), `companion repair` while a game is played (refused naming the player; nothing lost), and
  a step row deleted (the resume names the missing step);
- a corpus of hostile lines through headless: one valid UTF-8 JSON reply each, the process lives;
- the game kit's contract test (companion/testing.py, `examine`) over every game: every command in
  every phase accepted or refused clearly changing nothing; every step's events, turn and rules;
  worlds differing in one hidden value that no viewer tells apart by what it may not see, every hidden
  field sealed at rest; undo, redo and resume exact; hostile requests refused; every message in five
  languages — one row per check;
- 10,000 random frames at the real firmware under MicroPython; random bytes from a fake ring at the
  host's client: nothing crashes, and both still work afterwards;
- the ring unplugged and replugged during play: resynced within 1 s each time;
- security: the touchscreen server listens on loopback only; wrong PINs wait and lock; join codes
  guessed by cookie from one or many addresses are looked up only within the LAN door's budget.
Every game the registry knows is played, plus the tests' own counter game (seats, secrets). A game
whose settings can give it secrets its defaults do not (`GameDefinition.secret_settings`: Dungeon
Twister on seat screens) is played both ways, its ways taken in turn by seed.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import json
import os
import pkgutil
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("COMPANION_GAMES", "tests.games.counter")

from companion.errors import RuleError  # noqa: E402
from companion.game import GameDefinition  # noqa: E402
from companion.registry import all_games  # noqa: E402
from companion.session import Session  # noqa: E402
from companion.testing import CHECKS, examine, hostile_corpus, secret_start, start_request, walk  # noqa: E402

PYTHON = sys.executable
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


@dataclass(frozen=True)
class Result:
    check: str
    runs: int
    failures: int
    detail: str = ""


# -- processes ---------------------------------------------------------------------------------------------
def headless(game_id: str, db: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen([PYTHON, "-m", "entry", "headless", game_id, "--db", str(db), *args], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env or ENV)


def ask_all(game_id: str, db: Path, lines: list[dict[str, Any]], *args: str) -> list[dict[str, Any]]:
    proc = headless(game_id, db, *args)
    out, err = proc.communicate(b"".join(json.dumps(line).encode() + b"\n" for line in lines), timeout=120)
    if proc.returncode:
        raise RuntimeError(err.decode(errors="replace"))
    return [json.loads(line) for line in out.splitlines()]


def reference_view(game: GameDefinition, requests: list[dict[str, Any]], seed: int) -> dict[str, Any]:
    session = Session(game, seed)
    for request in requests:
        session.apply(dict(request))
    return session.public_view().to_json()


def crash_trial(game: GameDefinition, seed: int, folder: Path, power_cut: Path | None) -> str | None:
    """Stream a scripted game, kill -9 after a random number of replies (with a power cut, also lose
    every unsynced write), resume: None when nothing acknowledged was lost and the state is exact."""
    rng = random.Random(seed)
    requests = walk(game, seed, rng.randint(8, 40))
    db = folder / f"{game.id}-{seed}.db"
    env = dict(ENV)
    if power_cut is not None:
        env.update(LD_PRELOAD=str(power_cut), POWERCUT_PREFIX=str(db))
    proc = headless(game.id, db, "--seed", str(seed), env=env)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(b"".join(json.dumps(r).encode() + b"\n" for r in requests))  # all in flight at once
    proc.stdin.flush()
    wanted = rng.randint(1, len(requests))
    acknowledged = 0
    for _ in range(wanted):
        reply = json.loads(proc.stdout.readline())
        if not reply.get("ok"):
            return f"refused before the crash: {reply}"
        acknowledged += 1
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(10)
    if power_cut is not None:
        _lose_unsynced_writes(db)
    log = ask_all(game.id, db, [{"cmd": "log"}], "--resume")[0]
    steps = len(log["log"])
    if steps < acknowledged:
        return f"{acknowledged - steps} acknowledged steps lost"
    if log["state"] != reference_view(game, requests[:steps], seed):
        return f"the resumed game differs from a replay of its {steps} steps"
    return None


def _lose_unsynced_writes(db: Path) -> None:
    """What the disk holds after the power came back: each part as at its last sync, or nothing."""
    for suffix in ("", "-wal", "-journal"):
        part, durable = Path(f"{db}{suffix}"), Path(f"{db}{suffix}.durable")
        if durable.exists():
            shutil.move(durable, part)
        elif part.exists():
            part.unlink()
    Path(f"{db}-shm").unlink(missing_ok=True)  # shared memory: never on disk after a power cut


def crashes(games: list[GameDefinition], trials: int, power_cut: Path | None) -> Result:
    failures, notes = 0, []
    with tempfile.TemporaryDirectory(prefix="faults-") as tmp:
        for game in games:
            for seed in range(trials):
                problem = crash_trial(game, 1000 + seed, Path(tmp), power_cut)
                if problem:
                    failures += 1
                    notes.append(f"{game.id} seed {1000 + seed}: {problem}")
    name = "power cut, then resume" if power_cut else "kill -9, then resume"
    return Result(name, trials * len(games), failures, "; ".join(notes[:3]) or "state exact, 0 acknowledged steps lost")


def power_cut_control(shim: Path) -> bool:
    """The harness sees a loss: with synchronous=OFF nothing is synced, so the rows are lost."""
    with tempfile.TemporaryDirectory(prefix="powercut-") as tmp:
        db = Path(tmp) / "control.db"
        code = (f"import sqlite3,os; db=sqlite3.connect({str(db)!r}, isolation_level=None); db.execute('PRAGMA journal_mode=WAL'); "
                "db.execute('PRAGMA synchronous=OFF'); db.execute('CREATE TABLE t (x)'); "
                "[db.execute('INSERT INTO t VALUES (?)', (i,)) for i in range(50)]; print('ok', flush=True); os.kill(os.getpid(), 9)")
        subprocess.run([PYTHON, "-c", code], env={**ENV, "LD_PRELOAD": str(shim), "POWERCUT_PREFIX": str(db)}, capture_output=True, check=False)
        _lose_unsynced_writes(db)
        if not db.exists():
            return True
        import sqlite3

        try:
            rows = sqlite3.connect(db).execute("SELECT COUNT(*) FROM t").fetchone()[0]
        except sqlite3.Error:
            return True
        return rows < 50


def build_power_cut_shim(folder: Path) -> Path | None:
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        return None
    target = folder / "powercut.so"
    subprocess.run([compiler, "-shared", "-fPIC", "-O2", "-o", str(target), str(ROOT / "tools" / "faults" / "powercut.c"), "-ldl"],
                   check=True, capture_output=True)
    return target


# -- two writers -------------------------------------------------------------------------------------------------
def two_writers(trials: int, symlink: bool = False) -> Result:
    """A second companion on a game the first is playing; with `symlink`, it opens the file by another name."""
    game = _guarded_game()
    failures, notes = 0, []
    with tempfile.TemporaryDirectory(prefix="writers-") as tmp:
        for seed in range(trials):
            requests = walk(game, 2000 + seed, 20)
            db = Path(tmp) / f"w{seed}.db"
            second_db = Path(tmp) / f"link{seed}.db" if symlink else db
            if symlink:
                second_db.symlink_to(db)
            first = headless(game.id, db, "--seed", str(2000 + seed))
            assert first.stdin is not None and first.stdout is not None
            half = len(requests) // 2
            first.stdin.write(b"".join(json.dumps(r).encode() + b"\n" for r in requests[:half]))
            first.stdin.flush()
            acknowledged = sum(bool(json.loads(first.stdout.readline()).get("ok")) for _ in range(half))
            second = headless(game.id, second_db, "--resume")
            _out, err = second.communicate(json.dumps(requests[half]).encode() + b"\n", timeout=60)
            first.stdin.close()
            first.wait(10)
            steps = len(ask_all(game.id, db, [{"cmd": "log"}], "--resume")[0]["log"])
            if second.returncode != 2 or b"is open in another companion" not in err or steps != acknowledged:
                failures += 1
                notes.append(f"trial {seed}: second exit {second.returncode}, {steps} steps for {acknowledged} acknowledged")
    name = "two paths to one file (a symlink)" if symlink else "two companions on one game"
    return Result(name, trials, failures, "; ".join(notes[:3]) or "the second refused, naming the first; 0 lost")


# -- the SD card's own failures ------------------------------------------------------------------------------------
def companion(*args: object, lines: list[dict[str, Any]] | None = None) -> subprocess.CompletedProcess[str]:
    """One `companion` command run to its end: exit status, stdout, stderr."""
    return subprocess.run([PYTHON, "-m", "entry", *map(str, args)], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=120,
                          input="".join(json.dumps(line) + "\n" for line in lines or []), check=False)


def answers(result: subprocess.CompletedProcess[str]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in result.stdout.splitlines()]


@contextlib.contextmanager
def small_card(size: str = "8m") -> Iterator[Path | None]:
    """A real small file system (tmpfs) for the save file; None where mounting is not permitted."""
    with tempfile.TemporaryDirectory(prefix="card-") as tmp:
        mount = Path(tmp) / "card"
        mount.mkdir()
        if subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(mount)], capture_output=True, check=False).returncode:
            yield None
            return
        try:
            yield mount
        finally:
            subprocess.run(["umount", "-l", str(mount)], capture_output=True, check=False)


def _remount(mount: Path, mode: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{mode}", str(mount)], check=True, capture_output=True)


def _fill(folder: Path) -> Path:
    """Write until the file system refuses another byte."""
    filler = folder / "filler"
    for chunk in (65536, 1):
        with open(filler, "ab", buffering=0) as out, contextlib.suppress(OSError):
            while True:
                out.write(b"\0" * chunk)
    return filler


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def _refused_write(game_id: str, db: Path, reason: str, steps: int) -> str | None:
    """Resume: the log holds `steps` steps, and an undo (a write) is refused naming `reason`."""
    replies = answers(companion("headless", game_id, "--db", db, "--resume", lines=[{"cmd": "log"}, {"cmd": "undo"}]))
    if len(replies) != 2 or len(replies[0].get("log", [])) < steps:
        return f"the resumed game shows {len(replies[0].get('log', [])) if replies else 0} of {steps} steps"
    error = replies[1].get("error") or {}
    if error.get("code") != "SAVE_FAILED" or reason not in error.get("message", ""):
        return f"a write was not refused saying {reason!r}: {replies[1]}"
    return None


def _stream(game: GameDefinition, db: Path, seed: int, requests: list[dict[str, Any]], replies: int) -> subprocess.Popen[bytes]:
    """A headless companion sent every request, `replies` of them acknowledged; it is still running."""
    proc = headless(game.id, db, "--seed", str(seed))
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(b"".join(json.dumps(r).encode() + b"\n" for r in requests))
    proc.stdin.flush()
    for _ in range(replies):
        if not json.loads(proc.stdout.readline()).get("ok"):
            raise RuntimeError("a scripted request was refused")
    return proc


def disk_full_trial(game: GameDefinition, seed: int, card: Path) -> str | None:
    db = card / f"full-{seed}.db"
    requests = walk(game, seed, 12)
    ask_all(game.id, db, requests, "--seed", str(seed))
    before, filler = db.read_bytes(), _fill(card)
    try:
        listed = companion("games", "--db", db)
        if listed.returncode or "the disk is full" not in listed.stderr:
            return f"`games` on a full disk: exit {listed.returncode}, {listed.stderr.strip()[-200:]}"
        problem = _refused_write(game.id, db, "the disk is full", len(requests))
        if problem:
            return problem
        if db.read_bytes() != before or list(card.glob("*.damaged-*")):
            return "the file was changed or moved"
    finally:
        filler.unlink()
    after = answers(companion("headless", game.id, "--db", db, "--resume", lines=[{"cmd": "undo"}]))
    return None if after and after[0].get("ok") else f"after space was freed, an undo was refused: {after}"


def read_only_trial(game: GameDefinition, seed: int, card: Path, serve: bool) -> str | None:
    """Killed mid-game, the card remounted read-only (as the kernel does to a failing SD card)."""
    db = card / f"ro-{seed}.db"
    rng = random.Random(seed)
    requests = walk(game, seed, 16)
    acknowledged = rng.randint(1, len(requests))
    proc = _stream(game, db, seed, requests, acknowledged)
    proc.kill()
    proc.wait(10)
    before = _files(card)
    _remount(card, "ro")
    try:
        problem = _refused_write(game.id, db, "read-only", acknowledged)
        if problem:
            return problem
        repaired = companion("repair", "--db", db)
        if repaired.returncode != 2 or "read-only" not in repaired.stderr or "Traceback" in repaired.stderr:
            return f"`repair` on a read-only card: exit {repaired.returncode}, {repaired.stderr.strip()[-200:]}"
        if serve and not _run_serves(db):
            return "`run --resume` on a read-only card does not serve the table"
        if _files(card) != before:
            return "a file on the read-only card changed"
    finally:
        _remount(card, "rw")
    return None


def _run_serves(db: Path) -> bool:
    """`companion run --resume` starts and listens (the table sees the saved game, read-only)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([PYTHON, "-m", "entry", "run", "--resume", "--port", str(port), "--db", str(db)], cwd=ROOT,
                            env={**ENV, "FLET_FORCE_WEB_SERVER": "1"}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        return bool(_wait_listening(port, 30)) and proc.poll() is None
    finally:
        proc.terminate()
        proc.wait(15)


def repair_during_play_trial(game: GameDefinition, seed: int, folder: Path) -> str | None:
    db = folder / f"repair-{seed}.db"
    requests = walk(game, seed, 16)
    half = len(requests) // 2
    proc = _stream(game, db, seed, requests[:half], half)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        repaired = companion("repair", "--db", db)
        if repaired.returncode != 2 or f"pid {proc.pid}" not in repaired.stderr:
            return f"`repair` during play: exit {repaired.returncode}, {repaired.stderr.strip()[-200:]}"
        proc.stdin.write(b"".join(json.dumps(r).encode() + b"\n" for r in requests[half:]))
        proc.stdin.flush()
        acknowledged = half + sum(bool(json.loads(proc.stdout.readline()).get("ok")) for _ in requests[half:])
    finally:
        proc.stdin.close()
        proc.wait(20)
    steps = len(ask_all(game.id, db, [{"cmd": "log"}], "--resume")[0]["log"])
    if steps != acknowledged or list(folder.glob("*.damaged-*")):
        return f"{steps} steps saved for {acknowledged} acknowledged"
    return None


def missing_step_trial(game: GameDefinition, seed: int, folder: Path) -> str | None:
    import sqlite3

    db = folder / f"gap-{seed}.db"
    requests = walk(game, seed, 12)
    ask_all(game.id, db, requests, "--seed", str(seed))
    if len(requests) < 2:
        return None
    missing = random.Random(seed).randint(1, len(requests) - 1)  # the last one gone is a shorter game, not a gap
    with contextlib.closing(sqlite3.connect(db)) as raw, raw:
        raw.execute("DELETE FROM steps WHERE position = ?", (missing,))
    resumed = companion("headless", game.id, "--db", db, "--resume", lines=[{"cmd": "log"}])
    if resumed.returncode != 2 or f"Step {missing} of saved game" not in resumed.stderr or "Traceback" in resumed.stderr:
        return f"step {missing} deleted: exit {resumed.returncode}, {resumed.stderr.strip()[-200:]}"
    return None


@contextlib.contextmanager
def ext4_card() -> Iterator[tuple[Path, Path] | str]:
    """A real ext4 file system on a loop device, mounted as a Pi mounts its card (errors=remount-ro),
    and the kernel's switch that makes it fail (`trigger_fs_error`); or why there is none here."""
    if shutil.which("mkfs.ext4") is None:
        yield "mkfs.ext4 (e2fsprogs) is not installed"
        return
    with tempfile.TemporaryDirectory(prefix="ext4-") as tmp:
        image, mount = Path(tmp) / "card.img", Path(tmp) / "card"
        mount.mkdir()
        with open(image, "wb") as out:
            out.truncate(32 * 1024 * 1024)
        subprocess.run(["mkfs.ext4", "-q", "-F", str(image)], check=True, capture_output=True)
        if subprocess.run(["mount", "-o", "loop,errors=remount-ro", str(image), str(mount)], capture_output=True, check=False).returncode:
            yield "mounting a loop device is not permitted here (needs root)"
            return
        try:
            device = subprocess.run(["findmnt", "-no", "SOURCE", str(mount)], capture_output=True, text=True, check=False).stdout.strip()
            trigger = Path("/sys/fs/ext4") / Path(device).name / "trigger_fs_error"
            yield (mount, trigger) if trigger.exists() else "this kernel has no ext4 trigger_fs_error"
        finally:
            subprocess.run(["umount", "-l", str(mount)], capture_output=True, check=False)


def kernel_read_only_trial(game: GameDefinition, seed: int, mount: Path, trigger: Path) -> str | None:
    """The card goes read-only under a running companion: the steps after it are refused saying so,
    the companion lives, and a restart serves every acknowledged step."""
    db = mount / "games.db"
    requests = walk(game, seed, 16)
    acknowledged = random.Random(seed).randint(1, max(1, len(requests) - 1))
    proc = _stream(game, db, seed, requests[:acknowledged], acknowledged)
    assert proc.stdin is not None and proc.stdout is not None
    trigger.write_text("1")
    proc.stdin.write(b"".join(json.dumps(r).encode() + b"\n" for r in [*requests[acknowledged:], {"cmd": "log"}]))
    proc.stdin.close()
    late = [json.loads(line) for line in proc.stdout]
    proc.wait(20)
    first_error = late[0].get("error") or {} if len(late) > 1 else {}
    if proc.returncode or any(reply.get("ok") for reply in late[:-1]) or (len(late) > 1 and "read-only" not in first_error.get("message", "")):
        return f"after the card went read-only: exit {proc.returncode}, replies {str(late[:2])[:300]}"
    if len(late[-1].get("log", [])) != acknowledged:
        return f"the running companion shows {len(late[-1].get('log', []))} steps for {acknowledged} acknowledged"
    restarted = answers(companion("headless", game.id, "--db", db, "--resume", lines=[{"cmd": "log"}]))
    steps = len(restarted[0].get("log", [])) if restarted else 0
    return None if steps == acknowledged else f"a restart shows {steps} steps for {acknowledged} acknowledged"


def kernel_read_only(games: list[GameDefinition], trials: int) -> Result:
    name = "card made read-only by the kernel mid-game"
    notes = []
    for i in range(trials):
        game = games[i % len(games)]
        with ext4_card() as card:
            if isinstance(card, str):
                return Result(name, 0, 0, f"skipped: {card}")
            problem = kernel_read_only_trial(game, 6000 + i, *card)
        if problem:
            notes.append(f"{game.id} seed {6000 + i}: {problem}")
    return Result(name, trials, len(notes), "; ".join(notes[:3]) or "later steps refused saying so, the companion lives; 0 acknowledged lost")


def card_failures(games: list[GameDefinition], trials: int) -> list[Result]:
    """One row per failure of the SD card, each trial a game of its own (the games in turn)."""
    rows: list[Result] = []
    with small_card() as card, tempfile.TemporaryDirectory(prefix="card-faults-") as tmp:
        cases = [("disk full at start", card, disk_full_trial,
                  "games listed and served, writes refused saying so, the file never moved"),
                 ("read-only card after a kill -9", card, lambda g, s, f: read_only_trial(g, s, f, serve=s == 5000),
                  "every acknowledged step served, writes and repair refused saying so, nothing changed; run serves"),
                 ("repair during play", Path(tmp), repair_during_play_trial, "refused naming the player; 0 acknowledged steps lost"),
                 ("a missing step", Path(tmp), missing_step_trial, "the resume names the missing step")]
        for name, folder, trial, detail in cases:
            if folder is None:
                rows.append(Result(name, 0, 0, "skipped: mounting a tmpfs is not permitted here (needs root)"))
                continue
            notes = [f"{games[i % len(games)].id} seed {5000 + i}: {problem}" for i in range(trials)
                     if (problem := trial(games[i % len(games)], 5000 + i, folder))]
            rows.append(Result(name, trials, len(notes), "; ".join(notes[:3]) or detail))
    return [*rows, kernel_read_only(games, trials)]


# -- hostile input ------------------------------------------------------------------------------------------------
def hostile_lines() -> Result:
    corpus = hostile_corpus()
    with tempfile.TemporaryDirectory(prefix="hostile-") as tmp:
        game = _guarded_game()
        proc = subprocess.run([PYTHON, "-m", "entry", "headless", game.id, "--db", str(Path(tmp) / "h.db")], cwd=ROOT,
                              input=b"".join(line + b"\n" for line in [*corpus, b'{"cmd": "state"}']), capture_output=True,
                              timeout=120, env={**ENV, "LC_ALL": "C"}, check=False)
    lines = proc.stdout.splitlines()
    failures = int(proc.returncode != 0) + int(b"Traceback" in proc.stderr) + abs(len(lines) - len(corpus) - 1)
    for line in lines:
        try:
            json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            failures += 1
    return Result("hostile lines through headless", len(corpus), failures, "one valid UTF-8 JSON reply each; the process lives")


# -- the game kit's contract test (companion/testing.py) ---------------------------------------------------
CONTRACT_ROWS = {
    "commands": ("every command in every phase", "accepted, or refused clearly changing nothing (state, lists, file)"),
    "steps": ("every step taken (events, turn, screens)", "declared events that read back, a typed turn, every screen drawn"),
    "secrets": ("secrets: worlds differing in one hidden value", "no viewer tells them apart by what it may not see; sealed at rest"),
    "undo and resume": ("undo, redo, resume from the save file", "exact, and a refused undo changes nothing"),
    "hostile requests": ("hostile requests to each game", "each refused with a code and a message, nothing changed"),
    "words": ("every message met, in five languages", "in each catalogue, no placeholder error"),
}


def contract(games: list[GameDefinition], seeds: range, length: int) -> list[Result]:
    """check_game's checks over `seeds` seeds of every game, one row per check."""
    from ui import i18n

    translations = {code: i18n.translation(code) for code in i18n.LANGUAGES if code != "en"}
    reports = [examine(game, seed, games=2, length=length, translations=translations if game.id in _translated() else None)
               for game in games for seed in seeds]
    rows = []
    for check in CHECKS:
        found = [f"{r.game} seed {r.seed}: {f.problem}" for r in reports for f in r.findings.values() if f.check == check]
        name, detail = CONTRACT_ROWS[check]
        rows.append(Result(name, sum(r.runs[check] for r in reports), sum(r.failures(check) for r in reports), "; ".join(found[:2]) or detail))
    return rows


def _translated() -> set[str]:
    """The project's own games (companion/games/): their words are in the catalogues, the tests' counter game's are not."""
    from companion import games

    return {importlib.import_module(f"{games.__name__}.{module.name}").GAME.id for module in pkgutil.iter_modules(games.__path__)}


# -- the ring link ----------------------------------------------------------------------------------------------------
def _ring_harness() -> Any:
    sys.path.insert(0, str(ROOT / "tests" / "firmware"))
    import ringharness

    return ringharness


def firmware_noise(frames: int) -> Result:
    harness = _ring_harness()
    reason = harness.why_unavailable()
    if reason:
        return Result("random frames at the firmware", 0, 0, f"skipped: {reason}")
    rng = random.Random(7)
    alphabet = b"0123456789ABCDEF *SETHOWFILANMPBRGlo\r\t-!\x03\x00\xff"
    with tempfile.TemporaryDirectory(prefix="fw-") as tmp, harness.FirmwareDevice(None, Path(tmp)) as dev:
        dev.expect_hello()
        for i in range(frames):
            if rng.random() < 0.5:
                line = bytes(rng.choice(alphabet) for _ in range(rng.randint(0, 240)))
            else:  # a well-formed frame of a random verb and random arguments
                line = dev.frame(rng.choice(["SET", "SHOW", "FILL", "ANIM", "BRI", "HOLD", "PING"]),
                                 *[str(rng.randint(0, 70000)) for _ in range(rng.randint(0, 3))]).rstrip(b"\n")
            dev.write(line.replace(b"\n", b"") + b"\n")
            if i % 500 == 0:
                dev.drain(0.05)
        dev.drain(0.3)
        alive = dev.request("PING").ok and dev.proc.poll() is None
    return Result("random frames at the firmware", frames, int(not alive), "the firmware answers PING afterwards")


def host_noise(chunks: int) -> Result:
    """Random bytes from a fake ring: the client skips them, never dies, and reports the ring lost, not crashed."""
    from hardware.ring.client import RingClient

    master, slave = os.openpty()
    import tty

    tty.setraw(master)
    rng = random.Random(11)
    path = os.ttyname(slave)
    failures = 0
    with RingClient(path, hold_ms=0) as ring:
        for _ in range(chunks):
            os.write(master, bytes(rng.randrange(256) for _ in range(rng.randint(1, 120))))
        time.sleep(0.5)
        failures += int(not ring._thread.is_alive() or ring.status.state == "closed")
    os.close(master)
    os.close(slave)
    return Result("random bytes at the host's ring client", chunks, failures, "the client thread lives on")


def ring_replugs(count: int) -> Result:
    harness = _ring_harness()
    reason = harness.why_unavailable()
    if reason:
        return Result("ring replugged during play", 0, 0, f"skipped: {reason}")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import bench_ring

    # A failure is a ring that never resyncs (10 s); how soon it does is a figure (bench_ring), not a pass mark:
    # on a loaded machine it may take a little over the client's one-second back-off.
    with tempfile.TemporaryDirectory(prefix="replug-") as tmp:
        try:
            times = bench_ring.bench_replugs(count, Path(tmp))
        except RuntimeError as exc:
            return Result("ring replugged during play", count, 1, str(exc))
    return Result("ring replugged during play", len(times), 0, f"resynced in {max(times):.2f} s at most")


# -- security ----------------------------------------------------------------------------------------------------------
def loopback_only() -> Result:
    """`companion run` without --lan listens on 127.0.0.1 only."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory(prefix="run-") as tmp:
        proc = subprocess.Popen([PYTHON, "-m", "entry", "run", "--port", str(port), "--db", str(Path(tmp) / "r.db")], cwd=ROOT,
                                env={**ENV, "FLET_FORCE_WEB_SERVER": "1"}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            listening = _wait_listening(port, 30)
            wide = [address for address in listening if address not in ("127.0.0.1", "::1")]
        finally:
            proc.terminate()
            proc.wait(15)
    return Result("the touchscreen server listens on loopback only", 1, int(bool(wide) or not listening),
                  f"listens on {', '.join(sorted(listening)) or 'nothing'}")


def _wait_listening(port: int, timeout: float) -> set[str]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = _listening(port)
        if found:
            return found
        time.sleep(0.2)
    return set()


def _listening(port: int) -> set[str]:
    """Addresses with a socket listening on `port` (from /proc/net/tcp and tcp6)."""
    found = set()
    for table, width in (("/proc/net/tcp", 8), ("/proc/net/tcp6", 32)):
        with contextlib.suppress(OSError), open(table) as f:
            for line in list(f)[1:]:
                local, state = line.split()[1], line.split()[3]
                address, hexport = local.split(":")
                if state == "0A" and int(hexport, 16) == port:
                    found.add(_address(address, width))
    return found


def _address(hexaddr: str, width: int) -> str:
    if width == 8:
        return ".".join(str(int(hexaddr[i:i + 2], 16)) for i in (6, 4, 2, 0))
    if hexaddr == "0" * 32:
        return "::"
    if hexaddr == "00000000000000000000000001000000":
        return "::1"
    return hexaddr


def pin_guessing() -> Result:
    """A script trying PINs as fast as it may: waits, then a lock-out."""
    from companion.pins import LOCK_AFTER

    with_pin = _pin_game()
    if with_pin is None:
        return Result("PIN guessing", 0, 0, "skipped: no game has a game-master PIN")
    game, start = with_pin
    session = Session(game, 1)
    session.apply(dict(start))
    codes = []
    for guess in range(LOCK_AFTER * 3):
        try:
            session.master_view(f"{guess:04d}")
        except RuleError as exc:
            codes.append(exc.code)
    refused_unchecked = codes.count("PIN_WAIT") + codes.count("PIN_LOCKED")
    return Result("PIN guessing", len(codes), int(refused_unchecked < len(codes) // 2),
                  f"{codes.count('WRONG_PIN')} guesses checked, {refused_unchecked} refused unchecked")


def join_code_guessing(seconds: float) -> Result:
    """A script sending wrong join cookies as fast as it can for `seconds`, from one address and from
    a thousand, through the LAN door (ui/guard.py) in front of a real game's join codes: only the
    throttle's budget is ever looked up, and the right code is refused as well once it is spent."""
    from ui.guard import COOKIE, Guard, JoinThrottle
    from ui.joining import JoinCodes

    game = next(game for game in all_games().values() if game.seat_range[0] > 1)
    session = Session(game, 1)
    session.apply(start_request(game))
    codes, checked = JoinCodes(), [0]

    def valid(code: str) -> bool:
        checked[0] += 1
        return codes.seat(session, code) is not None

    reached: list[str] = []

    async def page(scope: Any, receive: Any, send: Any) -> None:
        reached.append(scope["path"])

    async def refused(message: Any) -> None:
        pass

    async def guess(address: str, code: str) -> None:
        scope = {"type": "http", "path": "/", "client": (address, 50000), "server": ("192.168.1.5", 8550),
                 "headers": [(b"cookie", f"{COOKIE}={code}".encode())]}
        await guard(scope, refused, refused)  # type: ignore[arg-type]

    guard = Guard(page, valid=valid, throttle=JoinThrottle())
    guesses, rng = 0, random.Random(5)
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        address = "192.168.1.20" if guesses % 2 else f"10.0.{guesses // 250 % 250}.{guesses % 250 + 1}"
        asyncio.run(guess(address, f"{rng.randrange(10**10):010d}"))
        guesses += 1
    asyncio.run(guess("10.1.1.1", next(iter(codes.codes(session).values()))))  # the right code, once the budget is spent
    rate = guard.throttle.settings
    allowed = rate.total_burst + (time.monotonic() - started) / rate.total_refill + 1
    return Result("join-code guessing by cookie", guesses, int(bool(reached) or checked[0] > allowed),
                  f"{guesses / seconds:,.0f} a second: {checked[0]} checked, {guesses - checked[0]:,} refused unchecked")


def _guarded_game() -> GameDefinition:
    with_pin = _pin_game()
    return with_pin[0] if with_pin else next(iter(all_games().values()))


def _pin_game() -> tuple[GameDefinition, dict[str, Any]] | None:
    """A game with a game-master PIN, and its start with the PIN the kit gives (SECRET_TEXT): the one with most to guard."""
    for game in all_games().values():
        start = secret_start(game, start_request(game), 1)
        session = Session(game, 1)
        session.apply(dict(start))
        if game.master_pin(session.state) is not None:
            return game, start
    return None


# -- the table ------------------------------------------------------------------------------------------------------------
def run(quick: bool) -> list[Result]:
    games = list(all_games().values())
    n = 3 if quick else 100
    results = [hostile_lines(), two_writers(2 if quick else 20), two_writers(2 if quick else 20, symlink=True), crashes(games, n, None)]
    with tempfile.TemporaryDirectory(prefix="shim-") as tmp:
        shim = build_power_cut_shim(Path(tmp))
        if shim is None:
            results.append(Result("power cut, then resume", 0, 0, "skipped: no C compiler for tools/faults/powercut.c"))
        else:
            control = power_cut_control(shim)
            results.append(Result("power-cut harness sees a loss (control)", 1, int(not control), "synchronous=OFF loses rows"))
            results.append(crashes(games, n, shim))
    results += card_failures(games, 2 if quick else 20)
    results += [
        firmware_noise(1000 if quick else 10_000),
        host_noise(50 if quick else 1000),
        ring_replugs(1 if quick else 5),
        loopback_only(),
        pin_guessing(),
        join_code_guessing(2 if quick else 20),
        *contract(games, range(1, 2) if quick else range(1, 21), 40 if quick else 80),  # seed 0 is tests/test_game_kit.py's
    ]
    return results


def table(results: list[Result]) -> str:
    width = max(len(r.check) for r in results)
    lines = [f"{'check':<{width}}  {'runs':>6}  {'failures':>8}  detail"]
    lines += [f"{r.check:<{width}}  {r.runs:>6}  {r.failures:>8}  {r.detail}" for r in results]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="the short run CI makes")
    args = parser.parse_args(argv)
    started = time.monotonic()
    results = run(args.quick)
    print(table(results))
    print(f"\n{'quick' if args.quick else 'full'} run in {time.monotonic() - started:.0f} s")
    return int(any(r.failures for r in results))


if __name__ == "__main__":
    sys.exit(main())
