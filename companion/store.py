"""The save file: every accepted step of every saved game, and the card catalogue, in one SQLite file.

WAL journal with `synchronous=FULL`: when `append` returns, the step survives a crash or a pulled
power cable. Undo marks steps as undone (they form the redo stack); a new step after an undo
drops the redo stack, as in any editor.

One writer per saved game: a session holds the game's lock (`lock`) while it is open, so a second
companion on the same game is refused, naming the first; and every write checks that the game is
still where its writer thinks it is (compare-and-set on the position), so a step it did not see is
never overwritten. The lock holds on the file, not on its name: two paths to one file (a symlink)
share it. A file is checked when it opens: not a save file, one from a newer companion, or a damaged
one is a clear `StoreError`; a damaged file's readable games are saved by `repair`, which refuses
while another companion has the file open. Only SQLite saying the file is corrupt makes it
"damaged": a full, read-only or failing disk is said as such, and a healthy file on a disk that
cannot be written opens read-only (games can be listed, viewed and exported; every write is refused
with the reason).
"""
from __future__ import annotations

import contextlib
import datetime
import errno
import fcntl
import json
import os
import re
import shutil
import sqlite3
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from companion.errors import RuleError
from companion.messages import M, Text

#: the shape of the file this code writes: 2 = tags are per game (before: `PRAGMA user_version` 0);
#: 3 = each saved game's wrong game-master PINs (`pin_guard`) and its number of stored steps (`last_step`)
SCHEMA_VERSION = 3

#: `games.last_step` is the highest step stored: a lost last step row is then named on resume, not
#: taken for a shorter game
SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id       INTEGER PRIMARY KEY,
    game     TEXT    NOT NULL,
    seed     INTEGER NOT NULL,
    created  REAL    NOT NULL,
    updated  REAL    NOT NULL,
    summary  TEXT    NOT NULL DEFAULT '{}',
    last_step INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS steps (
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    command     TEXT    NOT NULL,
    events      TEXT    NOT NULL,
    description TEXT    NOT NULL,
    undone      INTEGER NOT NULL DEFAULT 0,
    at          REAL    NOT NULL,
    PRIMARY KEY (game_id, position)
);
CREATE TABLE IF NOT EXISTS cards (
    uid         TEXT NOT NULL,
    game        TEXT NOT NULL,
    card        TEXT NOT NULL,
    label       TEXT,
    enrolled_at REAL NOT NULL,
    PRIMARY KEY (uid, game)
);
CREATE TABLE IF NOT EXISTS pin_guard (
    game_id  INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    wrong    INTEGER NOT NULL,
    next_try REAL    NOT NULL
);
"""
OUR_TABLES = frozenset({"games", "steps", "cards"})

#: version 0 -> 2: a tag was one card of one game (uid the key); now a tag may be a card in each game
_TAGS_PER_GAME = """
CREATE TABLE cards_per_game (
    uid TEXT NOT NULL, game TEXT NOT NULL, card TEXT NOT NULL, label TEXT, enrolled_at REAL NOT NULL,
    PRIMARY KEY (uid, game)
);
INSERT INTO cards_per_game SELECT uid, game, card, label, enrolled_at FROM cards;
DROP TABLE cards;
ALTER TABLE cards_per_game RENAME TO cards
"""


class StoreError(RuleError):
    """The save file cannot be used (damaged, not ours, unreadable, in use); says which file and why."""


@dataclass(frozen=True)
class StoredStep:
    position: int
    command: dict[str, Any]
    events: list[dict[str, Any]]
    #: the undo-list line as stored: a message's JSON, or (older saves) a sentence
    description: str
    undone: bool
    at: float


@dataclass(frozen=True)
class SavedGame:
    id: int
    game: str
    seed: int
    created: float
    updated: float
    #: the typed turn and the seats' names after the last step (see Session.summary)
    summary: dict[str, Any]

    @property
    def status(self) -> str:
        """setup, playing or over (games saved before the typed turn said won or lost)."""
        status = self.summary.get("status")
        return "over" if status in ("won", "lost") else str(status or "setup")

    @property
    def players(self) -> list[str]:
        return [str(name) for name in self.summary.get("seats") or self.summary.get("players") or []]


def default_path() -> Path:
    if os.environ.get("COMPANION_DB"):
        return Path(os.environ["COMPANION_DB"])
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "table-companion" / "games.db"


# -- opening a file -------------------------------------------------------------------------------
class SaveConnection(sqlite3.Connection):
    """A connection to a save file that knows whether it may write."""

    #: why the file is open read-only (a full or read-only disk); None when it can be written
    cannot_write: Text | None = None
    #: this connection's share of the file's "in use" lock (see `connect`), held until it closes
    in_use: IO[str] | None = None

    def close(self) -> None:
        super().close()
        if self.in_use is not None:
            self.in_use.close()
            self.in_use = None


#: the StoreError codes of a healthy file on a disk that cannot take writes: it is opened read-only
UNWRITABLE = frozenset({"READ_ONLY_DISK", "DISK_FULL", "DISK_ERROR"})
#: free space below which a disk counts as full: SQLite needs room for a page and the WAL index
FULL_BELOW_BYTES = 64 * 1024


def connect(path: str | os.PathLike[str], *, share: bool = True) -> SaveConnection:
    """The save file, crash-safe (WAL, synchronous=FULL), checked and brought up to this version.

    Refused with a StoreError naming the file: not a SQLite file, not a save file (other tables and
    none of ours), a file from a newer companion, a damaged file (`companion repair` saves what can
    be read). A healthy file on a disk that cannot be written (full, read-only, failing) opens
    read-only, its `cannot_write` saying why; the file is never touched.

    A writable connection holds the file's "in use" lock, shared (unless `share` is False: `repair`'s
    own): any companion may write at any moment (a new game, a tag), so `repair` takes it alone or
    not at all, and a connection while `repair` works is refused."""
    path = str(path)
    if path != ":memory:":
        with contextlib.suppress(OSError):  # a read-only disk: opening says what is wrong
            Path(path).parent.mkdir(parents=True, exist_ok=True)
    if _disk_state(path) is not None and Path(path).exists():  # SQLite may open it for writing and fail only at the first step
        return _open_read_only(path, _disk_reason(None, path))
    try:
        db = _open(path, f"file:{_uri_path(path)}", None)
    except StoreError as exc:
        if exc.code not in UNWRITABLE or not Path(path).exists():
            raise
        reason = _disk_reason(exc.__cause__, path)
        try:
            return _open_read_only(path, reason)
        except StoreError:
            raise exc from exc.__cause__
    if share and path != ":memory:":
        _share(db, path)
    return db


def _in_use_file(path: str | os.PathLike[str]) -> Path:
    return Path(f"{os.path.realpath(path)}.in-use.lock")


def _share(db: SaveConnection, path: str) -> None:
    try:
        handle = _in_use_file(path).open("a", encoding="utf-8")
    except OSError:
        return  # a folder that takes no new file: SQLite could not write its own files there either
    try:
        fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        db.close()
        raise StoreError("SAVE_FILE_BUSY", M("The save file {path} is being repaired; start again when `companion repair` has finished.",
                                             path=path)) from None
    db.in_use = handle


def _open(path: str, uri: str, cannot_write: Text | None) -> SaveConnection:
    try:
        db = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False, factory=SaveConnection)
    except sqlite3.Error as exc:
        raise _trouble(path, exc) from exc
    db.cannot_write = cannot_write
    try:
        prepare(db, path)
    except BaseException:
        db.close()
        raise
    return db


def _open_read_only(path: str, reason: Text) -> SaveConnection:
    """Read-only; a file whose WAL is gone (closed cleanly) opens as immutable, since a read-only
    disk cannot hold the WAL index SQLite wants; with a WAL left behind only `mode=ro` reads it all."""
    try:
        return _open(path, f"file:{_uri_path(path)}?mode=ro", reason)
    except StoreError as exc:
        wal = Path(f"{path}-wal")
        if exc.code not in UNWRITABLE or (wal.exists() and wal.stat().st_size > 0):
            raise
        return _open(path, f"file:{_uri_path(path)}?immutable=1", reason)


def _uri_path(path: str) -> str:
    return path if path == ":memory:" else urllib.parse.quote(os.path.abspath(path))


def prepare(db: sqlite3.Connection, path: str) -> None:
    """Check an open connection's file (see `connect`) and bring it to this version (not a
    read-only one: it is read as it is)."""
    try:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if tables and not tables & OUR_TABLES:
            raise StoreError("NOT_A_SAVE_FILE", M("{path} is not a save file of the companion (it holds other tables); choose another file.", path=path))
        if version > SCHEMA_VERSION:
            raise StoreError("NEWER_SAVE_FILE", M("{path} was written by a newer companion (file version {found}, "
                                                  "this one reads up to {ours}); update the companion.",
                                                  path=path, found=version, ours=SCHEMA_VERSION))
        if tables and db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise _damaged(path, "quick_check")
        if getattr(db, "cannot_write", None) is not None:
            return
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        db.execute("PRAGMA busy_timeout=2000")  # another process's transaction: wait for it, briefly
        if version < SCHEMA_VERSION:
            with transaction(db, path):
                _migrate(db, tables)
    except sqlite3.Error as exc:
        raise _trouble(path, exc) from exc


def _migrate(db: sqlite3.Connection, tables: set[str]) -> None:
    """Bring a file (new or of an earlier version) to SCHEMA_VERSION, in one transaction. Version 2 -> 3
    adds a table (`pin_guard`), which SCHEMA creates, and each game's `last_step`, counted from its rows."""
    if "cards" in tables and [row[1] for row in db.execute("PRAGMA table_info(cards)") if row[5]] == ["uid"]:
        for statement in _TAGS_PER_GAME.split(";"):
            db.execute(statement)
    if "games" in tables and "last_step" not in {row[1] for row in db.execute("PRAGMA table_info(games)")}:
        db.execute("ALTER TABLE games ADD COLUMN last_step INTEGER NOT NULL DEFAULT 0")
        db.execute("UPDATE games SET last_step = (SELECT COALESCE(MAX(position), 0) FROM steps WHERE game_id = games.id)")
    for statement in SCHEMA.split(";"):
        if statement.strip():
            db.execute(statement)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _bad_file(path: str, exc: BaseException) -> StoreError:
    return StoreError("BAD_SAVE_FILE", M("The save file {path} cannot be used: {reason}.", path=path, reason=str(exc)))


def _damaged(path: str, reason: str) -> StoreError:
    return StoreError("DAMAGED_SAVE_FILE", M("The save file {path} is damaged ({reason}). Keep a copy of it; "
                                             "`companion repair` saves every game that can still be read.", path=path, reason=reason))


def _trouble(path: str, exc: sqlite3.Error) -> StoreError:
    """A database error while opening or reading `path`. Damaged only when SQLite says the file is
    corrupt; a full, read-only, busy or failing disk is said as such — its file is not damaged."""
    code = _primary(exc)
    if code == sqlite3.SQLITE_NOTADB or "not a database" in str(exc):  # not SQLite at all: nothing to repair
        return _bad_file(path, exc)
    if code == sqlite3.SQLITE_CORRUPT or "malformed" in str(exc):
        return _damaged(path, str(exc))
    reason = _disk_reason(exc, path)
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return StoreError("SAVE_FILE_BUSY", M("The save file {path} cannot be opened: {reason}.", path=path, reason=reason))
    disk = _disk_state(path)
    error = "DISK_FULL" if disk == "full" or code == sqlite3.SQLITE_FULL else "READ_ONLY_DISK" if disk == "read-only" else "DISK_ERROR"
    return StoreError(error, M("The save file {path} cannot be opened: {reason}.", path=path, reason=reason))


def _primary(exc: BaseException | None) -> int:
    """SQLite's primary result code of an error (0 when there is none)."""
    return int(getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF


def _disk_state(path: str) -> str | None:
    """"read-only" or "full" when the file system holding `path` is, else None."""
    if path == ":memory:":
        return None
    folder = Path(path).parent
    try:
        stat = os.statvfs(folder)
    except OSError:
        return None
    if stat.f_flag & os.ST_RDONLY or _refuses_new_files(folder):
        return "read-only"
    return "full" if stat.f_bavail * stat.f_frsize < FULL_BELOW_BYTES else None


def _refuses_new_files(folder: Path) -> bool:
    """A card the kernel stopped writing to after an error (ext4's emergency read-only) still looks
    writable to statvfs; making a file tells."""
    try:
        handle, name = tempfile.mkstemp(prefix=".companion-probe-", dir=folder)
    except OSError as exc:
        return exc.errno == errno.EROFS
    os.close(handle)
    with contextlib.suppress(OSError):
        os.unlink(name)
    return False


def probe_writable(folder: str | os.PathLike[str]) -> Text | None:
    """Why nothing can be saved in `folder`, found by really writing there (a file made, synced and
    removed), or None when it can be."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(prefix=".companion-probe-", dir=folder)
        try:
            os.write(handle, b"x" * 4096)
            os.fsync(handle)
        finally:
            os.close(handle)
            os.unlink(name)
    except OSError as exc:
        return os_reason(exc)
    return None


def _read_only_card() -> Text:
    return M("the SD card is read-only (the system stopped writing to it; it may be failing)")


def os_reason(exc: OSError) -> Text:
    if exc.errno == errno.EROFS:
        return _read_only_card()
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return M("the disk is full")
    if exc.errno in (errno.EACCES, errno.EPERM):
        return M("the companion may not write there ({error})", error=exc.strerror or str(exc))
    return exc.strerror or str(exc)


# -- one writer per game ------------------------------------------------------------------------------
class GameLock:
    """The lock of one saved game, held by one process while a session writes it. The operating
    system drops it when the process ends, even by kill -9 or a power cut: no stale locks."""

    def __init__(self, db_path: str, game_id: int):
        # beside the file itself, not the name it was opened by: a symlink's writer and the file's share
        # one lock, as they share the WAL (so does a bind-mounted folder; a hard link shares neither, and
        # SQLite cannot be used through one either: its WAL is kept beside each name)
        self.path = Path(f"{os.path.realpath(db_path)}.game-{game_id}.lock")
        self._file: IO[str] | None = None
        self.game_id = game_id

    def acquire(self) -> GameLock:
        try:
            handle = self.path.open("a+", encoding="utf-8")
        except OSError as exc:
            raise StoreError("SAVE_FAILED", M("Could not save to {path}: {reason}.", path=str(self.path), reason=os_reason(exc))) from exc
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            handle.close()
            raise StoreError("GAME_IN_USE", M("Saved game {id} is open in another companion ({holder}); close that one first.",
                                              id=self.game_id, holder=holder[:200])) from None
        with contextlib.suppress(OSError):  # a full disk: the lock holds, only the holder's name is not written
            handle.seek(0)
            handle.truncate()
            handle.write(f"pid {os.getpid()}, {' '.join(Path(a).name for a in sys.argv[:3])}, since {datetime.datetime.now():%H:%M}")
            handle.flush()
        self._file = handle
        return self

    @staticmethod
    def every(db_path: str | os.PathLike[str]) -> list[GameLock]:
        """The locks of every game of the file that a session ever held."""
        real = Path(os.path.realpath(db_path))
        pattern = re.compile(rf"{re.escape(real.name)}\.game-(\d+)\.lock")
        ids = sorted(int(match[1]) for p in real.parent.iterdir() if (match := pattern.fullmatch(p.name)))
        return [GameLock(str(real), game_id) for game_id in ids]

    def release(self) -> None:
        if self._file is not None:
            fcntl.flock(self._file, fcntl.LOCK_UN)
            self._file.close()
            self._file = None


# -- the store ---------------------------------------------------------------------------------------
class EventStore:
    """One SQLite file holding several saved games."""

    def __init__(self, path: str | os.PathLike[str] = ":memory:"):
        self.path = str(path)
        self._db = connect(self.path)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def cannot_write(self) -> Text | None:
        """Why this file is open read-only (a full or read-only disk), or None."""
        return self._db.cannot_write

    def read_only_notice(self) -> Text | None:
        """What the table must be told about a file open read-only, or None."""
        if self.cannot_write is None:
            return None
        return M("The save file {path} is open read-only: {reason}. Saved games can be viewed and exported; nothing new is saved.",
                 path=self.path, reason=self.cannot_write)

    def lock(self, game_id: int) -> GameLock | None:
        """Hold saved game `game_id` for this process's session; None for a file in memory (one
        process) or one open read-only (this process never writes it)."""
        if self.path == ":memory:" or self.cannot_write is not None:
            return None
        return GameLock(self.path, game_id).acquire()

    # -- games --------------------------------------------------------------------------------
    def create_game(self, game: str, seed: int) -> int:
        now = time.time()
        with self._transaction():
            cursor = self._db.execute("INSERT INTO games (game, seed, created, updated) VALUES (?, ?, ?, ?)", (game, seed, now, now))
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def games(self, game: str | None = None) -> list[SavedGame]:
        """Saved games, the most recently played first."""
        query = "SELECT id, game, seed, created, updated, summary FROM games"
        query += (" WHERE game = ?" if game else "") + " ORDER BY updated DESC, id DESC"
        return [_saved(row) for row in self._read(query, (game,) if game else ())]

    def game(self, game_id: int) -> SavedGame:
        rows = self._read("SELECT id, game, seed, created, updated, summary FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise StoreError("NO_SUCH_GAME", M("There is no saved game number {id}.", id=game_id))
        return _saved(rows[0])

    # -- steps --------------------------------------------------------------------------------
    def append(self, game_id: int, position: int, command: dict[str, Any], events: list[dict[str, Any]], description: str,
               summary: dict[str, Any]) -> None:
        """Store step `position` durably, dropping the redo stack at or after it — only if the game's
        last step in force is `position - 1`, as its writer believes (else STALE_GAME, nothing written)."""
        with self._transaction():
            self._expect_last(game_id, position - 1)
            self._db.execute("DELETE FROM steps WHERE game_id = ? AND position >= ?", (game_id, position))
            self._db.execute(
                "INSERT INTO steps (game_id, position, command, events, description, at) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, position, json.dumps(command), json.dumps(events), description, time.time()),
            )
            self._db.execute("UPDATE games SET last_step = ? WHERE id = ?", (position, game_id))
            self._touch(game_id, summary)

    def set_undone(self, game_id: int, first: int, last: int, undone: bool, summary: dict[str, Any]) -> None:
        """Mark steps first..last (inclusive) undone (they were the last in force), or done again (redo:
        they were undone and follow the last step in force)."""
        with self._transaction():
            self._expect_last(game_id, last if undone else first - 1)
            changed = self._db.execute("UPDATE steps SET undone = ? WHERE game_id = ? AND position BETWEEN ? AND ? AND undone = ?",
                                       (int(undone), game_id, first, last, int(not undone))).rowcount
            if changed != last - first + 1:
                raise self._stale(game_id)
            self._touch(game_id, summary)

    def steps(self, game_id: int) -> list[StoredStep]:
        """Every stored step of a game, checked whole: a step row lost (within or at the end) is named,
        since replaying past it would give another game."""
        rows = self._read("SELECT position, command, events, description, undone, at FROM steps WHERE game_id = ? ORDER BY position", (game_id,))
        steps = []
        for expected, (position, command, events, description, undone, at) in enumerate(rows, start=1):
            if position != expected:
                raise missing_step(expected, game_id)
            try:
                steps.append(StoredStep(position, json.loads(command), json.loads(events), description, bool(undone), at))
            except (json.JSONDecodeError, TypeError) as exc:
                raise StoreError("BAD_SAVE_FILE", M("Step {step} of saved game {id} in {path} is damaged: {reason}.",
                                                    step=position, id=game_id, path=self.path, reason=str(exc))) from exc
        if len(steps) < self._last_step(game_id):
            raise missing_step(len(steps) + 1, game_id)
        return steps

    def _last_step(self, game_id: int) -> int:
        """The highest step stored for the game, as its writer recorded it (0 in a file from before that,
        opened read-only so it was not brought up to this version)."""
        try:
            row = self._db.execute("SELECT last_step FROM games WHERE id = ?", (game_id,)).fetchone()
        except sqlite3.OperationalError:  # no such column
            return 0
        return int(row[0]) if row else 0

    # -- helpers ------------------------------------------------------------------------------
    def _expect_last(self, game_id: int, position: int) -> None:
        last = self._db.execute("SELECT COALESCE(MAX(position), 0) FROM steps WHERE game_id = ? AND undone = 0", (game_id,)).fetchone()[0]
        if last != position:
            raise self._stale(game_id)

    def _stale(self, game_id: int) -> StoreError:
        return StoreError("STALE_GAME", M("Saved game {id} was changed by another companion; nothing was saved. Open it again.", id=game_id))

    def _touch(self, game_id: int, summary: dict[str, Any]) -> None:
        self._db.execute("UPDATE games SET updated = ?, summary = ? WHERE id = ?", (time.time(), json.dumps(summary), game_id))

    def _read(self, query: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        try:
            return list(self._db.execute(query, args))
        except sqlite3.Error as exc:
            raise _trouble(self.path, exc) from exc

    def _transaction(self) -> contextlib.AbstractContextManager[None]:
        return transaction(self._db, self.path)

    # -- the game master's PIN guard (companion.pins.StoredPinGuard) ---------------------------
    def pin_attempts(self, game_id: int) -> tuple[int, float]:
        """Wrong PINs in a row for saved game `game_id`, and the wall-clock time before which none is tried."""
        rows = self._read("SELECT wrong, next_try FROM pin_guard WHERE game_id = ?", (game_id,))
        return (int(rows[0][0]), float(rows[0][1])) if rows else (0, 0.0)

    def change_pin_attempts(self, game_id: int, change: Callable[[int, float], tuple[int, float]]) -> None:
        """Read and write a game's PIN guard in one transaction, so a guess from another process counts
        too. If `change` raises (a guess before its time), nothing is written. On a connection of its
        own: a PIN typed on a screen's thread never lands inside a step's transaction on a device's."""
        with contextlib.ExitStack() as stack:
            db: sqlite3.Connection = self._db
            if self.path != ":memory:":  # a file in memory has only the one connection
                db = stack.enter_context(contextlib.closing(sqlite3.connect(self.path, isolation_level=None, timeout=2.0)))
                db.execute("PRAGMA synchronous=FULL")
            with transaction(db, self.path):
                row = db.execute("SELECT wrong, next_try FROM pin_guard WHERE game_id = ?", (game_id,)).fetchone()
                wrong, next_try = change(*(row or (0, 0.0)))
                db.execute("INSERT INTO pin_guard (game_id, wrong, next_try) VALUES (?, ?, ?) ON CONFLICT (game_id) "
                           "DO UPDATE SET wrong = excluded.wrong, next_try = excluded.next_try", (game_id, wrong, next_try))


def missing_step(step: int, game_id: int | None) -> StoreError:
    return StoreError("MISSING_STEP", M("Step {step} of saved game {id} is missing from the save file; the game cannot be "
                                        "resumed without it.", step=step, id=game_id))


def _saved(row: tuple[Any, ...]) -> SavedGame:
    game_id, game, seed, created, updated, summary = row
    try:
        details = json.loads(summary)
    except (json.JSONDecodeError, TypeError):
        details = {}  # the list shows the game without its summary rather than not at all
    return SavedGame(game_id, game, seed, created, updated, details if isinstance(details, dict) else {})


@contextlib.contextmanager
def transaction(db: sqlite3.Connection, path: str) -> Iterator[None]:
    """BEGIN IMMEDIATE … COMMIT; on a database error, ROLLBACK (when there is still a transaction)
    and a StoreError that says what happened — "the disk is full", not SQLite's words for it. A
    connection opened read-only is refused at once, saying why."""
    cannot_write = getattr(db, "cannot_write", None)
    if cannot_write is not None:
        raise StoreError("SAVE_FAILED", M("Could not save to {path}: {reason}.", path=path, reason=cannot_write))
    try:
        db.execute("BEGIN IMMEDIATE")
        try:
            yield
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
            raise
    except sqlite3.Error as exc:
        raise StoreError("SAVE_FAILED", M("Could not save to {path}: {reason}.", path=path, reason=_disk_reason(exc, path))) from exc


def _disk_reason(exc: BaseException | None, path: str) -> Text:
    """What went wrong, in the table's words: the disk as it is (full, read-only) before SQLite's
    words for it, which for a full disk may be only "disk I/O error"."""
    disk = _disk_state(path)
    text, code = str(exc).lower(), _primary(exc)
    if disk == "read-only":
        return _read_only_card()
    if disk == "full" or code == sqlite3.SQLITE_FULL or "disk is full" in text:
        return M("the disk is full")
    if code == sqlite3.SQLITE_READONLY or "readonly" in text or "read-only" in text:
        return M("the file cannot be written (read-only)")
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "locked" in text or "busy" in text:
        return M("another program is writing it")
    if code == sqlite3.SQLITE_CORRUPT or "malformed" in text or "not a database" in text:
        return M("the file is damaged")
    return str(exc)


# -- repair --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RepairReport:
    kept_as: Path
    games_saved: int
    games_lost: int
    tags_saved: int
    #: False when the list of games broke off: more games than `games_lost` may be lost
    list_whole: bool = True


def repair(path: str | os.PathLike[str]) -> RepairReport:
    """Keep the damaged file as `<name>.damaged-<time>` and write a fresh file at `path` with every
    game and tag that can still be read from it, row by row. Returns what was saved and lost.

    Refused, touching nothing, while a companion has the file open (one playing a game is named:
    its steps would go into the kept copy) or when the folder cannot be written (a full or read-only
    disk)."""
    source = Path(os.path.realpath(path))  # the file itself, when `path` is a symlink to it
    if not source.exists():
        raise StoreError("NO_SAVE_FILE", M("There is no save file {path} to repair.", path=str(source)))
    with contextlib.ExitStack() as holding:
        for lock in GameLock.every(source):  # first: a refusal names who plays
            holding.callback(lock.acquire().release)
        holding.enter_context(_alone_with(source))
        cannot = probe_writable(source.parent)
        if cannot is not None:
            raise StoreError("SAVE_FAILED", M("Could not save to {path}: {reason}.", path=str(source), reason=cannot))
        return _rebuild(source)


@contextlib.contextmanager
def _alone_with(source: Path) -> Iterator[None]:
    """The file's "in use" lock, alone: no other companion has the file open for writing."""
    try:
        handle = _in_use_file(source).open("a", encoding="utf-8")
    except OSError as exc:
        raise StoreError("SAVE_FAILED", M("Could not save to {path}: {reason}.", path=str(source), reason=os_reason(exc))) from exc
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise StoreError("SAVE_FILE_IN_USE", M("The save file {path} is open in another companion; close it before repairing.",
                                                   path=str(source))) from None
        yield


def _rebuild(source: Path) -> RepairReport:
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    kept = source.with_name(f"{source.name}.damaged-{stamp}")
    for suffix in ("", "-wal", "-shm"):
        part = Path(f"{source}{suffix}")
        if part.exists():
            shutil.move(str(part), f"{kept}{suffix}")
    key = Path(f"{source}.key")  # the secrets' key (companion.sealing) stays; the kept copy gets its own
    if key.exists():
        shutil.copy2(key, f"{kept}.key")
    old = sqlite3.connect(f"file:{_uri_path(str(kept))}?mode=ro", uri=True)
    new = connect(source, share=False)  # repair holds the file alone
    tags = 0
    try:
        listed, whole = _readable_whole(old, "SELECT id FROM games ORDER BY id")
        stepped, _ = _readable_whole(old, "SELECT DISTINCT game_id FROM steps")
        known = sorted({row[0] for row in listed} | {row[0] for row in stepped})  # a game whose row is lost still has steps
        saved = [game_id for game_id in known if _copy_game(old, new, game_id, str(source))]
        for row in _readable(old, "SELECT uid, game, card, label, enrolled_at FROM cards"):
            with contextlib.suppress(sqlite3.Error), transaction(new, str(source)):
                new.execute("INSERT OR IGNORE INTO cards VALUES (?, ?, ?, ?, ?)", row)
                tags += 1
    finally:
        old.close()
        new.close()
    return RepairReport(kept, len(saved), len(known) - len(saved), tags, whole)


def _readable(db: sqlite3.Connection, query: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The rows a damaged file still gives, up to the first unreadable page."""
    return _readable_whole(db, query, args)[0]


def _readable_whole(db: sqlite3.Connection, query: str, args: tuple[Any, ...] = ()) -> tuple[list[tuple[Any, ...]], bool]:
    """The rows a damaged file still gives, and whether they were read to the end."""
    rows: list[tuple[Any, ...]] = []
    try:
        for row in db.execute(query, args):
            rows.append(row)
    except sqlite3.DatabaseError:
        return rows, False
    return rows, True


def _copy_game(old: sqlite3.Connection, new: sqlite3.Connection, game_id: int, path: str) -> bool:
    """One game, whole or not at all: a game with an unreadable step would replay into another game."""
    try:
        game = old.execute("SELECT id, game, seed, created, updated, summary FROM games WHERE id = ?", (game_id,)).fetchone()
        steps = old.execute("SELECT game_id, position, command, events, description, undone, at FROM steps WHERE game_id = ? ORDER BY position",
                            (game_id,)).fetchall()
        for step in steps:
            json.loads(step[2]), json.loads(step[3])
    except (sqlite3.DatabaseError, json.JSONDecodeError, TypeError):
        return False
    if game is None or [s[1] for s in steps] != list(range(1, len(steps) + 1)):
        return False
    last = _readable(old, "SELECT last_step FROM games WHERE id = ?", (game_id,))  # a file from before: none
    with transaction(new, path):
        new.execute("INSERT INTO games (id, game, seed, created, updated, summary, last_step) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (*game, last[0][0] if last else len(steps)))
        new.executemany("INSERT INTO steps VALUES (?, ?, ?, ?, ?, ?, ?)", steps)
    return True
