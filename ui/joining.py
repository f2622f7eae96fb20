"""Joining a seat from a phone: a code per seat of the running game, and the URL a QR code carries.

A saved game's codes are derived, not stored: an HMAC of the seat, the saved game's id and a
generation number under a random secret kept beside the save file (`<save dir>/lan-secret`, mode
0600). So they stay the same when the table leaves a game and resumes it and when the companion
restarts — a phone finds its seat again by itself — while nobody without the file can work them out.
`JoinCodes.renew()` moves to the next generation: every code changes ("New codes" on the Seats tab).
A game that is not saved (tests) gets random codes. The URL names the machine's LAN address only when
the companion listens on the network (`--lan`); otherwise it is a loopback URL, which works on the
Pi itself (and in tests).
"""
from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import re
import secrets
import socket
import threading
from pathlib import Path

from companion.session import Session

log = logging.getLogger(__name__)

#: long enough that the join throttle (ui/guard.py ThrottleSettings, where the arithmetic is) makes guessing hopeless
CODE_DIGITS = 10
_JOIN_ROUTE = re.compile(rf"^/join/(\d{{{CODE_DIGITS}}})/?$")


SECRET_FILE = "lan-secret"


class JoinCodes:
    """One code per seat of the current session; another saved game has other codes."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._session: Session | None = None
        self._codes: dict[str, str] = {}  # seat id -> code

    def codes(self, session: Session) -> dict[str, str]:
        """seat id -> join code, for every seat of `session` (made on first ask)."""
        with self._lock:
            if session is not self._session:
                self._session, self._codes = session, {}
            secret = _secret_of(session)
            for seat in session.seats:
                if seat.id not in self._codes:
                    self._codes[seat.id] = self._new_code(seat.id, session.game_id, secret)
            return dict(self._codes)

    def seat(self, session: Session | None, code: str) -> str | None:
        """The seat of `session` that `code` joins, or None."""
        if session is None:
            return None
        found = {c: seat for seat, c in self.codes(session).items()}
        return found.get(plain_code(code))

    def renew(self, session: Session) -> None:
        """New codes for every seat (of this game and every other saved beside it): old photos open nothing."""
        with self._lock:
            secret = _secret_of(session)
            if secret is not None:
                secret.renew()
            self._session, self._codes = None, {}

    def _new_code(self, seat: str, game_id: int | None, secret: LanSecret | None) -> str:
        taken = set(self._codes.values())
        for attempt in range(1000):
            code = (secret.code(game_id, seat, attempt) if secret is not None and game_id is not None
                    else f"{secrets.randbelow(10 ** CODE_DIGITS):0{CODE_DIGITS}d}")
            if code not in taken:
                return code
        raise RuntimeError("no free join code")  # 1000 clashes among a handful of 10-digit codes: never


class LanSecret:
    """The random secret (and its generation) that join codes are derived from, in a file only the
    companion's user may read."""

    def __init__(self, path: Path):
        self.path = path
        self.key, self.generation = self._load()

    def code(self, game_id: int, seat: str, attempt: int = 0) -> str:
        message = f"{self.generation}:{game_id}:{seat}:{attempt}".encode()
        number = int.from_bytes(hmac.new(self.key, message, hashlib.sha256).digest()[:8], "big")
        return f"{number % 10 ** CODE_DIGITS:0{CODE_DIGITS}d}"  # 2^64 values folded onto 10^10: bias under 1e-9

    def renew(self) -> None:
        self.generation += 1
        self._save()

    def _load(self) -> tuple[bytes, int]:
        try:
            data = json.loads(self.path.read_text())
            return bytes.fromhex(data["secret"]), int(data["generation"])
        except FileNotFoundError:
            pass
        except (OSError, ValueError, KeyError, TypeError):  # unreadable or damaged: new codes beat no codes
            log.warning("the join-code secret %s is unreadable; making a new one (every join code changes)", self.path)
        self.key, self.generation = secrets.token_bytes(32), 0
        self._save()
        return self.key, self.generation

    def _save(self) -> None:
        """A disk that refuses it (full, read-only) leaves the codes good until the companion restarts."""
        if not write_private(self.path, json.dumps({"secret": self.key.hex(), "generation": self.generation})):
            log.warning("could not save the join-code secret in %s: the codes change at the next start", self.path)


def write_private(path: Path, text: str) -> bool:
    """`text` into `path`, readable by this user only: written whole, then renamed over the old file,
    so a crash keeps one or the other, never half. False when the disk refused it."""
    part = path.with_name(f".{path.name}.{os.getpid()}")
    try:
        handle = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(handle, "w") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(part, path)
        return True
    except OSError:
        log.debug("could not write %s", path, exc_info=True)
        part.unlink(missing_ok=True)
        return False


def beside_save_file(session: Session, name: str) -> Path | None:
    """`<save file's folder>/<name>` for a saved game; None for a game that is not saved."""
    if session.store is None or session.game_id is None:
        return None
    return Path(session.store.path).resolve().parent / name


_secrets: dict[Path, LanSecret] = {}
_secrets_lock = threading.Lock()


def _secret_of(session: Session) -> LanSecret | None:
    """The secret beside `session`'s save file (one object per file in this process), or None for a
    game that is not saved."""
    path = beside_save_file(session, SECRET_FILE)
    if path is None:
        return None
    with _secrets_lock:
        if path not in _secrets:
            _secrets[path] = LanSecret(path)
        return _secrets[path]


def plain_code(typed: str) -> str:
    """A code as typed ("12345 67890", as the Seats tab groups it) as the digits alone."""
    return "".join(typed.split())


def grouped(code: str) -> str:
    """"1234567890" -> "12345 67890": easier to read out and to type."""
    half = (len(code) + 1) // 2
    return f"{code[:half]} {code[half:]}"


def own_origins(port: int, lan: bool) -> set[str]:
    """The origins of this server's pages: loopback, and with `lan` the LAN address a phone is given."""
    origins = {f"http://127.0.0.1:{port}", f"http://localhost:{port}", f"http://[::1]:{port}"}
    if lan:
        origins.add(base_url(port, lan))
    return origins


def join_route(code: str) -> str:
    return f"/join/{code}"


def code_in_route(route: str | None) -> str | None:
    """"/join/123456" -> "123456"; anything else -> None."""
    match = _JOIN_ROUTE.match(route or "")
    return match.group(1) if match else None


def lan_address() -> str:
    """This machine's address on the local network (the interface of the default route), or
    loopback when there is no network. Opening a UDP socket sends nothing."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def base_url(port: int, lan: bool) -> str:
    return f"http://{lan_address() if lan else '127.0.0.1'}:{port}"
