"""The card catalogue: which RFID tag is which card of which game, and enrolment of new tags.

Kept in the event store's SQLite file, in its own table `cards`, with the store's conventions
(WAL, `synchronous=FULL`, one transaction per change). Many tags may name the same card (seven
Penny cards, seven tags); one tag names exactly one card.

`normalise_uid` lives here, in the core, because the CLI reads UIDs typed (or typed by a
keyboard-wedge reader) on stdin; `hardware.readers` re-exports it for the reader adapters.
"""
from __future__ import annotations

import contextlib
import csv
import datetime
import os
import re
import sqlite3
import threading
import time
from dataclasses import dataclass
from typing import IO, Iterator

from companion.errors import RuleError
from companion.i18n import _
from companion.store import StoreError, connect, transaction

SCHEMA = """
CREATE TABLE IF NOT EXISTS cards (
    uid         TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    card        TEXT NOT NULL,
    label       TEXT,
    enrolled_at REAL NOT NULL
);
"""

CSV_COLUMNS = ("uid", "game", "card", "label", "enrolled_at")
MAX_NAME = 100  # card names and labels are short; a longer one is a pasted mistake


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
        return number.to_bytes(4, decimal_order)
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
    def message(self) -> str:
        return _("This card is not known yet: which card is it?")


@dataclass(frozen=True)
class OtherGame:
    """The tag is a card of another game (a stray card from another box)."""

    entry: CatalogueEntry

    @property
    def message(self) -> str:
        return _("That card is {card} from {game}, not from this game.").format(card=self.entry.shown, game=self.entry.game)


Classification = Known | Unknown | OtherGame


# -- the catalogue --------------------------------------------------------------------------------
class CardCatalogue:
    """The `cards` table of the companion's SQLite file (or of a connection the caller owns)."""

    def __init__(self, path_or_connection: str | os.PathLike | sqlite3.Connection = ":memory:"):
        self._lock = threading.RLock()  # readers call lookup from their own threads
        if isinstance(path_or_connection, sqlite3.Connection):
            self.path, self._db, self._owned = "(shared connection)", path_or_connection, False
            try:
                self._db.executescript(SCHEMA)
            except sqlite3.DatabaseError as exc:
                raise StoreError("BAD_SAVE_FILE", _("The save file cannot be used: {reason}.").format(reason=exc)) from exc
        else:
            self.path, self._db, self._owned = str(path_or_connection), connect(path_or_connection, SCHEMA), True

    def close(self) -> None:
        if self._owned:
            self._db.close()

    def __enter__(self) -> "CardCatalogue":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- reading --------------------------------------------------------------------------------
    def lookup(self, uid: str) -> CatalogueEntry | None:
        uid = _checked_uid(uid)
        with self._lock:
            row = self._db.execute("SELECT uid, game, card, label, enrolled_at FROM cards WHERE uid = ?", (uid,)).fetchone()
        return CatalogueEntry(*row) if row else None

    def list(self, game: str | None = None) -> list[CatalogueEntry]:
        """Every enrolled tag (of one game), by game, card, then UID."""
        query = "SELECT uid, game, card, label, enrolled_at FROM cards"
        query += (" WHERE game = ?" if game else "") + " ORDER BY game, card, uid"
        with self._lock:
            rows = self._db.execute(query, (game,) if game else ()).fetchall()
        return [CatalogueEntry(*row) for row in rows]

    def classify(self, uid: str, game: str) -> Classification:
        """What a tag placed during a game of `game` is: one of its cards, unknown, or another game's."""
        entry = self.lookup(uid)
        if entry is None:
            return Unknown(_checked_uid(uid))
        return Known(entry) if entry.game == game else OtherGame(entry)

    # -- changing -------------------------------------------------------------------------------
    def enrol(self, uid: str, game: str, card: str, label: str | None = None, *, replace: bool = False) -> CatalogueEntry:
        """Record that tag `uid` is `card` of `game`. A tag already enrolled is refused (TAG_KNOWN)
        unless `replace`: re-labelling a card by accident would silently break a game."""
        entry = _checked_entry(uid, game, card, label, float(int(time.time())))  # whole seconds: CSV keeps them exactly
        with self._transaction():
            if not replace:
                self._refuse_known(entry.uid)
            self._write(entry)
        return entry

    def forget(self, uid: str) -> CatalogueEntry:
        """Remove a tag (a lost or re-used sticker); says which card it was."""
        entry = self.lookup(uid)
        if entry is None:
            raise RuleError("TAG_UNKNOWN", _("The tag {uid} is not enrolled.").format(uid=_checked_uid(uid)))
        with self._transaction():
            self._db.execute("DELETE FROM cards WHERE uid = ?", (entry.uid,))
        return entry

    def export_csv(self, file: str | os.PathLike | IO[str], game: str | None = None) -> int:
        """Write the catalogue (or one game's part) as CSV with a header; returns the number of tags."""
        entries = self.list(game)
        with _opened(file, "w") as out:
            writer = csv.writer(out, lineterminator="\n")
            writer.writerow(CSV_COLUMNS)
            for e in entries:
                writer.writerow((e.uid, e.game, e.card, e.label or "", _iso(e.enrolled_at)))
        return len(entries)

    def import_csv(self, file: str | os.PathLike | IO[str], *, replace: bool = False) -> int:
        """Read CSV as written by `export_csv` (columns uid, game, card; label and enrolled_at optional).

        Every row is checked before anything is written: a bad row, a UID twice in the file, or a
        tag already enrolled as a different card (unless `replace`) is a RuleError naming the line,
        and the catalogue stays as it was. A row identical to what is enrolled changes nothing.
        Returns the number of tags added or changed.
        """
        with _opened(file, "r") as source:
            entries = _read_csv(source)
        with self._transaction():
            changed = [e for e in entries.values() if self._differs(e, replace)]
            for entry in changed:
                self._write(entry)
        return len(changed)

    # -- helpers --------------------------------------------------------------------------------
    def _refuse_known(self, uid: str) -> None:
        row = self._db.execute("SELECT game, card, label FROM cards WHERE uid = ?", (uid,)).fetchone()
        if row:
            game, card, label = row
            raise RuleError(
                "TAG_KNOWN",
                _("The tag {uid} is already enrolled as {card} ({game}); forget it first, or replace it.").format(uid=uid, card=label or card, game=game),
            )

    def _differs(self, entry: _CsvEntry, replace: bool) -> bool:
        row = self._db.execute("SELECT game, card, label FROM cards WHERE uid = ?", (entry.uid,)).fetchone()
        if row is None:
            return True
        if row == (entry.game, entry.card, entry.label):
            return False
        if replace:
            return True
        raise RuleError(
            "TAG_KNOWN",
            _("Line {line}: the tag {uid} is already enrolled as {card} ({game}); nothing was imported.").format(
                line=entry.line, uid=entry.uid, card=row[2] or row[1], game=row[0]
            ),
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
        raise RuleError("BAD_UID", _("That is not a card tag: {reason}.").format(reason=exc)) from None


def _checked_name(value: object, what: str, required: bool = True) -> str | None:
    text = value.strip() if isinstance(value, str) else value
    if text is None or text == "":
        if required:
            raise RuleError("BAD_CARD", _("The {what} is missing.").format(what=what))
        return None
    if not isinstance(text, str) or len(text) > MAX_NAME or any(ch in text for ch in "\r\n\t"):
        raise RuleError("BAD_CARD", _("The {what} must be one line of at most {n} characters: {value!r}.").format(what=what, n=MAX_NAME, value=value))
    return text


_GAME_ID = re.compile(r"[a-z0-9][a-z0-9_\-]{0,39}")


def _checked_game(game: object) -> str:
    """A game id's shape only: tags of a game not installed here (yet) may still be kept and imported.
    The CLI checks the id against the installed games, where people type it."""
    if not isinstance(game, str) or not _GAME_ID.fullmatch(game):
        raise RuleError("BAD_GAME", _("\"{game}\" is not a game id (lower-case letters, digits, - and _).").format(game=game))
    return game


def _checked_entry(uid: object, game: object, card: object, label: object, enrolled_at: float) -> CatalogueEntry:
    return CatalogueEntry(_checked_uid(uid), _checked_game(game), _checked_name(card, _("card name")), _checked_name(label, _("label"), required=False), enrolled_at)


# -- CSV ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _CsvEntry(CatalogueEntry):
    line: int = 0


def _read_csv(source: IO[str]) -> dict[str, _CsvEntry]:
    reader = csv.DictReader(source)
    missing = [c for c in ("uid", "game", "card") if c not in (reader.fieldnames or ())]
    if missing:
        raise RuleError("BAD_CSV", _("Line 1: the header must name the columns uid, game, card (missing: {missing}); nothing was imported.").format(missing=", ".join(missing)))
    entries: dict[str, _CsvEntry] = {}
    for row in reader:
        entry = _csv_entry(row, reader.line_num)
        if entry.uid in entries:
            raise RuleError("BAD_CSV", _("Line {line}: the tag {uid} is already on line {first}; nothing was imported.").format(line=entry.line, uid=entry.uid, first=entries[entry.uid].line))
        entries[entry.uid] = entry
    return entries


def _csv_entry(row: dict, line: int) -> _CsvEntry:
    if None in row:  # more cells than header columns
        raise RuleError("BAD_CSV", _("Line {line}: more cells than columns; nothing was imported.").format(line=line))
    try:
        when = _parse_time(row.get("enrolled_at"))
        e = _checked_entry(row.get("uid"), row.get("game"), row.get("card"), row.get("label"), when)
    except (RuleError, ValueError) as exc:
        reason = exc.message if isinstance(exc, RuleError) else str(exc)
        raise RuleError("BAD_CSV", _("Line {line}: {reason} Nothing was imported.").format(line=line, reason=reason)) from None
    return _CsvEntry(e.uid, e.game, e.card, e.label, e.enrolled_at, line)


def _iso(timestamp: float) -> str:
    return datetime.datetime.fromtimestamp(timestamp, datetime.timezone.utc).isoformat(timespec="seconds")


def _parse_time(text: str | None) -> float:
    if not text or not text.strip():
        return float(int(time.time()))
    try:
        when = datetime.datetime.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(_("enrolled_at {text!r} is not a date such as 2024-05-01T20:15:00+00:00.").format(text=text)) from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.timezone.utc)
    return when.timestamp()


@contextlib.contextmanager
def _opened(file: str | os.PathLike | IO[str], mode: str) -> Iterator[IO[str]]:
    """A path is opened (and closed) here; an open text stream is used as it is."""
    if isinstance(file, (str, os.PathLike)):
        try:
            with open(file, mode, encoding="utf-8", newline="") as handle:
                yield handle
        except OSError as exc:
            raise RuleError("FILE_FAILED", _("Cannot use the file {path}: {reason}.").format(path=file, reason=exc.strerror or exc)) from exc
    else:
        yield file


# -- names a game's cards can have ----------------------------------------------------------------
@dataclass(frozen=True)
class EnrolableCard:
    id: str
    name: str


def enrolable_cards(game_id: str) -> list[EnrolableCard]:
    """The card names a game's scan bindings understand, for the enrolment prompt's list.

    Empty for a game that offers none (any card name is accepted then).
    """
    return list(_ENROLABLE.get(game_id, lambda: ())())


def match_cards(game_id: str, typed: str) -> list[EnrolableCard]:
    """The enrolable cards whose id, or a word of whose name, starts with `typed` (case ignored).
    An exact id is the only match, so "amy" never also offers a longer id."""
    typed = typed.strip().lower()
    cards = enrolable_cards(game_id)
    exact = [c for c in cards if c.id == typed]
    if exact or not typed:
        return exact or cards
    return [c for c in cards if c.id.startswith(typed) or any(w.startswith(typed) for w in re.split(r"[\s:()\-]+", c.name.lower()))]


def _bigbang_cards() -> tuple[EnrolableCard, ...]:
    from companion.games.bigbang.config import ARTEFACTS, CHARACTERS, RED_MOON, Config, default_settings

    config = Config.from_settings(default_settings())
    found = [EnrolableCard(c, c.title()) for c in CHARACTERS]
    found.append(EnrolableCard(RED_MOON, _("Red moon")))
    # Three cards are all "Wil Wheaton": the deck tells them apart.
    found += [EnrolableCard(card.id, f"{card.name} ({card.deck})") for card in config.cards.values()]
    found += [EnrolableCard(f"artefact:{kind}", _("Artefact: {kind}").format(kind=kind)) for kind in ARTEFACTS]
    return tuple(found)


_ENROLABLE = {"bigbang": _bigbang_cards}
