"""The event store: every accepted step of every saved game, in one SQLite file.

WAL journal with `synchronous=FULL`: when `append` returns, the step survives a crash or a pulled
power cable. Undo marks steps as undone (they form the redo stack); a new step after an undo
drops the redo stack, as in any editor.
"""
from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import RuleError
from companion.messages import M

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id       INTEGER PRIMARY KEY,
    game     TEXT    NOT NULL,
    seed     INTEGER NOT NULL,
    created  REAL    NOT NULL,
    updated  REAL    NOT NULL,
    summary  TEXT    NOT NULL DEFAULT '{}'
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
"""


class StoreError(RuleError):
    """The save file cannot be used (damaged, not ours, unreadable); says which file and why."""


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


def connect(path: str | os.PathLike[str], schema: str) -> sqlite3.Connection:
    """The save file, crash-safe (WAL, synchronous=FULL), with `schema` in place; a file that is
    not ours or is damaged is a StoreError naming it."""
    path = str(path)
    if path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    try:
        db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        db.executescript(schema)
    except sqlite3.DatabaseError as exc:
        raise StoreError("BAD_SAVE_FILE", M("The save file {path} cannot be used: {reason}.", path=path, reason=str(exc))) from exc
    return db


class EventStore:
    """One SQLite file holding several saved games."""

    def __init__(self, path: str | os.PathLike[str] = ":memory:"):
        self.path = str(path)
        self._db = connect(self.path, SCHEMA)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- games --------------------------------------------------------------------------------
    def create_game(self, game: str, seed: int) -> int:
        now = time.time()
        with self._transaction():
            cursor = self._db.execute(
                "INSERT INTO games (game, seed, created, updated) VALUES (?, ?, ?, ?)", (game, seed, now, now)
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def games(self, game: str | None = None) -> list[SavedGame]:
        """Saved games, the most recently played first."""
        query = "SELECT id, game, seed, created, updated, summary FROM games"
        rows = self._db.execute(query + (" WHERE game = ?" if game else "") + " ORDER BY updated DESC, id DESC", (game,) if game else ())
        return [_saved(row) for row in rows]

    def game(self, game_id: int) -> SavedGame:
        row = self._db.execute("SELECT id, game, seed, created, updated, summary FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise StoreError("NO_SUCH_GAME", M("There is no saved game number {id}.", id=game_id))
        return _saved(row)

    # -- steps --------------------------------------------------------------------------------
    def append(self, game_id: int, position: int, command: dict[str, Any], events: list[dict[str, Any]], description: str,
               summary: dict[str, Any]) -> None:
        """Store step `position` durably, dropping any redo stack at or after it."""
        with self._transaction():
            self._db.execute("DELETE FROM steps WHERE game_id = ? AND position >= ?", (game_id, position))
            self._db.execute(
                "INSERT INTO steps (game_id, position, command, events, description, at) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, position, json.dumps(command), json.dumps(events), description, time.time()),
            )
            self._touch(game_id, summary)

    def set_undone(self, game_id: int, first: int, last: int, undone: bool, summary: dict[str, Any]) -> None:
        """Mark steps first..last (inclusive) undone, or done again (redo)."""
        with self._transaction():
            self._db.execute(
                "UPDATE steps SET undone = ? WHERE game_id = ? AND position BETWEEN ? AND ?",
                (int(undone), game_id, first, last),
            )
            self._touch(game_id, summary)

    def steps(self, game_id: int) -> list[StoredStep]:
        rows = self._db.execute(
            "SELECT position, command, events, description, undone, at FROM steps WHERE game_id = ? ORDER BY position",
            (game_id,),
        )
        steps = []
        for position, command, events, description, undone, at in rows:
            try:
                steps.append(StoredStep(position, json.loads(command), json.loads(events), description, bool(undone), at))
            except json.JSONDecodeError as exc:
                raise StoreError("BAD_SAVE_FILE", M("Step {step} of saved game {id} in {path} is damaged: {reason}.",
                                                    step=position, id=game_id, path=self.path, reason=str(exc))) from exc
        return steps

    def _touch(self, game_id: int, summary: dict[str, Any]) -> None:
        self._db.execute("UPDATE games SET updated = ?, summary = ? WHERE id = ?", (time.time(), json.dumps(summary), game_id))

    def _transaction(self) -> contextlib.AbstractContextManager[None]:
        return transaction(self._db, self.path)


def _saved(row: tuple[Any, ...]) -> SavedGame:
    game_id, game, seed, created, updated, summary = row
    return SavedGame(game_id, game, seed, created, updated, json.loads(summary))


@contextlib.contextmanager
def transaction(db: sqlite3.Connection, path: str) -> Iterator[None]:
    """BEGIN IMMEDIATE … COMMIT; on a database error, ROLLBACK and a StoreError naming the file."""
    try:
        db.execute("BEGIN IMMEDIATE")
        try:
            yield
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
    except sqlite3.Error as exc:
        raise StoreError("SAVE_FAILED", M("Could not save to {path}: {reason}.", path=path, reason=str(exc))) from exc
