"""The card catalogue: which RFID tag is which card of which game, and enrolment of new tags.

Kept in the event store's SQLite file, in its own table `cards`, with the store's conventions
(WAL, `synchronous=FULL`, one transaction per change). Many tags may name the same card (seven
Penny cards, seven tags); within one game a tag names exactly one card, and the same tag may mean a
card in each of several games (a sticker reused across boxes). Each game declares the cards a tag
can be enrolled as (`GameDefinition.cards`).

`normalise_uid` lives here, in the core, because the CLI reads UIDs typed (or typed by a
keyboard-wedge reader) on stdin; `hardware.readers` re-exports it for the reader adapters.
"""
from __future__ import annotations

import builtins
import contextlib
import csv
import datetime
import os
import re
import sqlite3
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from companion.errors import RuleError
from companion.messages import M, Text, render
from companion.store import connect, prepare, transaction

CSV_COLUMNS = ("uid", "game", "card", "label", "enrolled_at")
MAX_CARD_TEXT = 100  # card names and labels are short; a longer one is a pasted mistake


# -- UIDs ---------------------------------------------------------------------------------------
UID_LENGTHS = (4, 7, 10)  # ISO 14443-A: single, double and triple size
CASCADE_TAG = 0x88  # first byte of the first part of a 7- or 10-byte UID, never of a 4-byte one
_DECIMAL = re.compile(r"\d{10}")
_SEPARATORS = re.compile(r"[\s:\-]+")
_HEX_GROUP = re.compile(r"[0-9a-fA-F]{1,2}")
_HEX = re.compile(r"[0-9a-fA-F]*")


def normalise_uid(raw: object, *, decimal_order: str = "big") -> str:
    """A card UID as lower-case hex without separators: the one spelling the catalogue stores.

    Accepts bytes or a list of ints; hex text ("04A1B2C3", "04:a1:b2:c3", "04 a1 b2 c3", "0x04a1b2c3");
    and exactly 10 decimal digits, which is what a keyboard-wedge reader types for a 4-byte UID.
    Readers differ in the byte order of that number: `decimal_order` "big" reads 0077772223 as
    04 a2 b5 bf; "little" reads it as bf b5 a2 04 (set it to whatever makes a card's UID match the
    one an RC522 reports). Ten plain digits are always read as decimal, never as hex.
    The 5-byte form of the mfrc522 library (4 UID bytes + their XOR check byte) loses the check byte.
    Raises ValueError saying what is wrong with anything else.
    """
    if decimal_order not in ("big", "little"):
        raise ValueError(f'decimal_order must be "big" or "little", not {decimal_order!r}')
    data = _uid_bytes(raw, decimal_order)
    if len(data) == 5:
        data = _drop_check_byte(data)
    if len(data) not in UID_LENGTHS:
        raise ValueError(f"a card UID has 4, 7 or 10 bytes; {raw!r} has {len(data)}")
    if len(data) == 4 and data[0] == CASCADE_TAG:
        raise ValueError(f"{raw!r} is only the first part of a 7-byte UID (it starts with the cascade tag 88)")
    return data.hex()


def _uid_bytes(raw: object, decimal_order: str) -> bytes:
    if isinstance(raw, (bytes, bytearray, memoryview)):
        return bytes(raw)
    if isinstance(raw, (list, tuple)):
        if not all(isinstance(b, int) and not isinstance(b, bool) and 0 <= b <= 255 for b in raw):
            raise ValueError(f"a UID given as a list must hold byte values 0-255: {raw!r}")
        return bytes(raw)
    if isinstance(raw, str):
        return _text_bytes(raw.strip(), decimal_order)
    raise ValueError(f"cannot read a card UID from {type(raw).__name__} {raw!r}")


def _text_bytes(text: str, decimal_order: str) -> bytes:
    if not text:
        raise ValueError("the card UID is empty")
    if _DECIMAL.fullmatch(text):
        number = int(text)
        if number >= 2**32:
            raise ValueError(f"{text} is too large for the 4-byte UID a reader types as 10 digits")
        return number.to_bytes(4, "little" if decimal_order == "little" else "big")
    if text[:2].lower() == "0x":
        text = text[2:]
    groups = [g for g in _SEPARATORS.split(text) if g]
    if len(groups) > 1:  # "4:a1:b2:c3": each group is one byte, a leading zero may be missing
        bad = [g for g in groups if not _HEX_GROUP.fullmatch(g)]
        if bad:
            raise ValueError(f"{text!r} is not a card UID: {bad[0]!r} is not a hex byte")
        return bytes(int(g, 16) for g in groups)
    if not _HEX.fullmatch(text) or len(text) % 2:
        raise ValueError(f"{text!r} is not a card UID (expected hex bytes such as 04a1b2c3, or 10 decimal digits)")
    return bytes.fromhex(text)


def _drop_check_byte(data: bytes) -> bytes:
    check = data[0] ^ data[1] ^ data[2] ^ data[3]
    if data[4] != check:
        raise ValueError(f"{data.hex()} has 5 bytes but the last is not the check byte of the first four ({check:02x})")
    return data[:4]


# -- entries and classification -------------------------------------------------------------------
@dataclass(frozen=True)
class CatalogueEntry:
    uid: str
    game: str
    #: the game's name for the card: "penny", "red_moon", "kripke", "artefact:clue" (any text for other games)
    card: str
    #: what to call this copy on screen, when the card name is not enough ("Penny, torn corner")
    label: str | None
    enrolled_at: float

    @property
    def shown(self) -> str:
        return self.label or self.card


@dataclass(frozen=True)
class Known:
    """The tag is a card of the game being played."""

    entry: CatalogueEntry


@dataclass(frozen=True)
class Unknown:
    """No card has this tag yet: ask which card it is."""

    uid: str

    @property
    def message(self) -> Text:
        return M("This card is not known yet: which card is it?")


@dataclass(frozen=True)
class OtherGame:
    """The tag is a card of another game (a stray card from another box)."""

    entry: CatalogueEntry

    @property
    def message(self) -> Text:
        return M("That card is {card} from {game}, not from this game.", card=self.entry.shown, game=self.entry.game)


Classification = Known | Unknown | OtherGame


# -- the catalogue --------------------------------------------------------------------------------
class CardCatalogue:
    """The `cards` table of the companion's SQLite file (or of a connection the caller owns)."""

    def __init__(self, path_or_connection: str | os.PathLike[str] | sqlite3.Connection = ":memory:"):
        self._lock = threading.RLock()  # readers call lookup from their own threads
        if isinstance(path_or_connection, sqlite3.Connection):
            self.path, self._db, self._owned = "(shared connection)", path_or_connection, False
            prepare(self._db, self.path)
        else:
            self.path, self._db, self._owned = str(path_or_connection), connect(path_or_connection), True

    def close(self) -> None:
        if self._owned:
            self._db.close()

    def __enter__(self) -> CardCatalogue:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- reading --------------------------------------------------------------------------------
    def lookup(self, uid: str, game: str) -> CatalogueEntry | None:
        """What the tag is in `game`, or None."""
        uid = _checked_uid(uid)
        with self._lock:
            row = self._db.execute("SELECT uid, game, card, label, enrolled_at FROM cards WHERE uid = ? AND game = ?", (uid, game)).fetchone()
        return CatalogueEntry(*row) if row else None

    def entries(self, uid: str) -> builtins.list[CatalogueEntry]:
        """What the tag is in every game it is enrolled in."""
        uid = _checked_uid(uid)
        with self._lock:
            rows = self._db.execute("SELECT uid, game, card, label, enrolled_at FROM cards WHERE uid = ? ORDER BY game", (uid,)).fetchall()
        return [CatalogueEntry(*row) for row in rows]

    def other_game(self, uid: str, game: str) -> CatalogueEntry | None:
        """The tag as another game's card, when it is none of `game`'s (a stray card from another box)."""
        if self.lookup(uid, game) is not None:
            return None
        return next(iter(self.entries(uid)), None)

    def list(self, game: str | None = None) -> list[CatalogueEntry]:
        """Every enrolled tag (of one game), by game, card, then UID."""
        query = "SELECT uid, game, card, label, enrolled_at FROM cards"
        query += (" WHERE game = ?" if game else "") + " ORDER BY game, card, uid"
        with self._lock:
            rows = self._db.execute(query, (game,) if game else ()).fetchall()
        return [CatalogueEntry(*row) for row in rows]

    def classify(self, uid: str, game: str) -> Classification:
        """What a tag placed during a game of `game` is: one of its cards, unknown, or another game's."""
        entry = self.lookup(uid, game)
        if entry is not None:
            return Known(entry)
        other = self.other_game(uid, game)
        return OtherGame(other) if other is not None else Unknown(_checked_uid(uid))

    # -- changing -------------------------------------------------------------------------------
    def enrol(self, uid: str, game: str, card: str, label: str | None = None, *, replace: bool = False) -> CatalogueEntry:
        """Record that tag `uid` is `card` of `game`. A tag already enrolled in that game is refused
        (TAG_KNOWN) unless `replace`: re-labelling a card by accident would silently break a game."""
        entry = _checked_entry(uid, game, card, label, float(int(time.time())))  # whole seconds: CSV keeps them exactly
        with self._transaction():
            if not replace:
                self._refuse_known(entry.uid, entry.game)
            self._write(entry)
        return entry

    def forget(self, uid: str, game: str | None = None) -> builtins.list[CatalogueEntry]:
        """Remove a tag (a lost or re-used sticker) from `game`, or from every game; says what it was."""
        found = [e for e in self.entries(uid) if game is None or e.game == game]
        if not found:
            raise RuleError("TAG_UNKNOWN", M("The tag {uid} is not enrolled.", uid=_checked_uid(uid)))
        with self._transaction():
            for entry in found:
                self._db.execute("DELETE FROM cards WHERE uid = ? AND game = ?", (entry.uid, entry.game))
        return found

    def export_csv(self, file: str | os.PathLike[str] | IO[str], game: str | None = None) -> int:
        """Write the catalogue (or one game's part) as CSV with a header; returns the number of tags."""
        entries = self.list(game)
        with _opened(file, "w") as out:
            writer = csv.writer(out, lineterminator="\n")
            writer.writerow(CSV_COLUMNS)
            for e in entries:
                writer.writerow((e.uid, e.game, _cell(e.card), _cell(e.label or ""), _iso(e.enrolled_at)))
        return len(entries)

    def import_csv(self, file: str | os.PathLike[str] | IO[str], *, replace: bool = False) -> int:
        """Read CSV as written by `export_csv` (columns uid, game, card; label and enrolled_at optional).

        Every row is checked before anything is written: a bad row, a tag twice for one game in the
        file, or a tag already enrolled as a different card of that game (unless `replace`) is a RuleError naming the line,
        and the catalogue stays as it was. A row identical to what is enrolled changes nothing.
        Returns the number of tags added or changed.
        """
        with _opened(file, "r") as source:
            try:
                entries = _read_csv(source)
            except UnicodeDecodeError:
                raise RuleError("BAD_CSV", M("The file is not UTF-8 text (save it as \"CSV UTF-8\"); nothing was imported.")) from None
        with self._transaction():
            changed = [e for e in entries.values() if self._differs(e, replace)]
            for entry in changed:
                self._write(entry)
        return len(changed)

    # -- helpers --------------------------------------------------------------------------------
    def _refuse_known(self, uid: str, game: str) -> None:
        row = self._db.execute("SELECT game, card, label FROM cards WHERE uid = ? AND game = ?", (uid, game)).fetchone()
        if row:
            game, card, label = row
            raise RuleError(
                "TAG_KNOWN",
                M("The tag {uid} is already enrolled as {card} ({game}); forget it first, or replace it.", uid=uid, card=label or card, game=game),
            )

    def _differs(self, entry: _CsvEntry, replace: bool) -> bool:
        row = self._db.execute("SELECT game, card, label FROM cards WHERE uid = ? AND game = ?", (entry.uid, entry.game)).fetchone()
        if row is None:
            return True
        if row == (entry.game, entry.card, entry.label):
            return False
        if replace:
            return True
        raise RuleError(
            "TAG_KNOWN",
            M("Line {line}: the tag {uid} is already enrolled as {card} ({game}); nothing was imported.",
              line=entry.line, uid=entry.uid, card=row[2] or row[1], game=row[0]),
        )

    def _write(self, entry: CatalogueEntry) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO cards (uid, game, card, label, enrolled_at) VALUES (?, ?, ?, ?, ?)",
            (entry.uid, entry.game, entry.card, entry.label, entry.enrolled_at),
        )

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """One change, all or nothing, under the lock; a database error names the file."""
        with self._lock, transaction(self._db, self.path):
            yield


# -- checking input -------------------------------------------------------------------------------
def _checked_uid(uid: object) -> str:
    try:
        return normalise_uid(uid)
    except ValueError as exc:
        raise RuleError("BAD_UID", M("That is not a card tag: {reason}.", reason=str(exc))) from None


def _checked_name(value: object, what: Text, required: bool = True) -> str | None:
    text = value.strip() if isinstance(value, str) else value
    if text is None or text == "":
        if required:
            raise RuleError("BAD_CARD", M("The {what} is missing.", what=what))
        return None
    if not isinstance(text, str) or len(text) > MAX_CARD_TEXT or not text.isprintable():
        raise RuleError("BAD_CARD", M("The {what} must be one line of printable text of at most {n} characters: {value}.",
                                      what=what, n=MAX_CARD_TEXT, value=repr(value)[:MAX_CARD_TEXT]))
    return text


#: a cell a spreadsheet would run as a formula (=HYPERLINK(...)) is exported with a ' in front
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(text: str) -> str:
    return "'" + text if text.startswith(_FORMULA_START) else text


def _uncell(text: str | None) -> str | None:
    """The text of an exported cell: the ' that kept a spreadsheet from running it goes again."""
    return text[1:] if text and text.startswith("'") and text[1:].startswith(_FORMULA_START) else text


_GAME_ID = re.compile(r"[a-z0-9][a-z0-9_\-]{0,39}")


def _checked_game(game: object) -> str:
    """A game id's shape only: tags of a game not installed here (yet) may still be kept and imported.
    The CLI checks the id against the installed games, where people type it."""
    if not isinstance(game, str) or not _GAME_ID.fullmatch(game):
        raise RuleError("BAD_GAME", M("\"{game}\" is not a game id (lower-case letters, digits, - and _).", game=str(game)[:40]))
    return game


def _checked_entry(uid: object, game: object, card: object, label: object, enrolled_at: float) -> CatalogueEntry:
    return CatalogueEntry(_checked_uid(uid), _checked_game(game), _checked_name(card, M("card name")) or "",
                          _checked_name(label, M("label"), required=False), enrolled_at)


# -- CSV ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _CsvEntry(CatalogueEntry):
    line: int = 0


#: rows one import takes: a box of cards is hundreds; millions would be a wrong file
MAX_ROWS = 10_000


def _read_csv(source: IO[str]) -> dict[tuple[str, str], _CsvEntry]:
    reader = csv.DictReader(source)
    missing = [c for c in ("uid", "game", "card") if c not in (reader.fieldnames or ())]
    if missing:
        raise RuleError("BAD_CSV", M("Line 1: the header must name the columns uid, game, card (missing: {missing}); nothing was imported.",
                                     missing=", ".join(missing)))
    entries: dict[tuple[str, str], _CsvEntry] = {}
    rows = iter(reader)
    while True:
        try:
            row = next(rows)
        except StopIteration:
            return entries
        except csv.Error as exc:  # a field longer than csv allows, a NUL byte…
            raise RuleError("BAD_CSV", M("Line {line}: {reason}; nothing was imported.", line=reader.line_num, reason=str(exc)[:80])) from None
        if len(entries) >= MAX_ROWS:
            raise RuleError("BAD_CSV", M("The file has more than {n} tags; nothing was imported.", n=MAX_ROWS))
        entry = _csv_entry(row, reader.line_num)
        key = (entry.uid, entry.game)
        if key in entries:
            raise RuleError("BAD_CSV", M("Line {line}: the tag {uid} is already on line {first}; nothing was imported.",
                                         line=entry.line, uid=entry.uid, first=entries[key].line))
        entries[key] = entry


def _csv_entry(row: dict[str | None, Any], line: int) -> _CsvEntry:
    if None in row:  # more cells than header columns
        raise RuleError("BAD_CSV", M("Line {line}: more cells than columns; nothing was imported.", line=line))
    try:
        when = _parse_time(row.get("enrolled_at"))
        e = _checked_entry(row.get("uid"), row.get("game"), _uncell(row.get("card")), _uncell(row.get("label")), when)
    except (RuleError, ValueError) as exc:
        reason = exc.message if isinstance(exc, RuleError) else str(exc)
        raise RuleError("BAD_CSV", M("Line {line}: {reason} Nothing was imported.", line=line, reason=reason)) from None
    return _CsvEntry(e.uid, e.game, e.card, e.label, e.enrolled_at, line)


def _iso(timestamp: float) -> str:
    return datetime.datetime.fromtimestamp(timestamp, datetime.UTC).isoformat(timespec="seconds")


def _parse_time(text: str | None) -> float:
    if not text or not text.strip():
        return float(int(time.time()))
    try:
        when = datetime.datetime.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(render(M("enrolled_at {text} is not a date such as 2024-05-01T20:15:00+00:00.", text=repr(text)))) from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.UTC)
    return when.timestamp()


@contextlib.contextmanager
def _opened(file: str | os.PathLike[str] | IO[str], mode: str) -> Iterator[IO[str]]:
    """A path is opened (and closed) here; an open text stream is used as it is."""
    if isinstance(file, (str, os.PathLike)):
        try:
            # utf-8-sig: a spreadsheet's "CSV UTF-8" starts with a byte-order mark, which is not part of "uid"
            with open(file, mode, encoding="utf-8-sig" if mode == "r" else "utf-8", newline="") as handle:
                yield handle
        except OSError as exc:
            raise RuleError("FILE_FAILED", M("Cannot use the file {path}: {reason}.", path=str(file), reason=exc.strerror or str(exc))) from exc
    else:
        yield file


# -- names a game's cards can have ----------------------------------------------------------------
@dataclass(frozen=True)
class EnrolableCard:
    id: str
    name: str


def enrolable_cards(game_id: str, state: Any = None) -> list[EnrolableCard]:
    """The cards a game declares (`GameDefinition.cards`; given the `state` of a game of it on the
    table, its `table_cards`, a table's own cards included), named in the current language, for the
    enrolment prompt's list. Empty for a game that declares none (any card name is accepted then)."""
    from companion.registry import get_game, listings

    if game_id not in listings():
        return []
    game = get_game(game_id)
    cards = game.table_cards(state) if state is not None and game.table_cards is not None else game.cards()
    return [EnrolableCard(card.id, render(card.name)) for card in cards]


def match_cards(game_id: str, typed: str, state: Any = None) -> list[EnrolableCard]:
    """The enrolable cards whose id, or a word of whose name, starts with `typed` (case ignored).
    An exact id is the only match, so "amy" never also offers a longer id."""
    typed = typed.strip().lower()
    cards = enrolable_cards(game_id, state)
    exact = [c for c in cards if c.id == typed]
    if exact or not typed:
        return exact or cards
    return [c for c in cards if c.id.startswith(typed) or any(w.startswith(typed) for w in re.split(r"[\s:()\-]+", c.name.lower()))]
