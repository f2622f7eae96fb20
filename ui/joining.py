"""Joining a seat from a phone: a short code per seat of the running game, and the URL a QR code carries.

Codes are random and made afresh for every game that starts or resumes, so last week's photo of the
table screen joins nothing. The URL names the machine's LAN address only when the companion listens
on the network (`--lan`); otherwise it is a loopback URL, which works on the Pi itself (and in tests).
"""
from __future__ import annotations

import re
import secrets
import socket
import threading

from companion.session import Session

#: long enough that the join throttle (ui/guard.py ThrottleSettings, where the arithmetic is) makes guessing hopeless
CODE_DIGITS = 10
_JOIN_ROUTE = re.compile(rf"^/join/(\d{{{CODE_DIGITS}}})/?$")


class JoinCodes:
    """One code per seat of the current session; a new session gets new codes."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._session: Session | None = None
        self._codes: dict[str, str] = {}  # seat id -> code

    def codes(self, session: Session) -> dict[str, str]:
        """seat id -> join code, for every seat of `session` (made on first ask)."""
        with self._lock:
            if session is not self._session:
                self._session, self._codes = session, {}
            for seat in session.seats:
                if seat.id not in self._codes:
                    self._codes[seat.id] = self._new_code()
            return dict(self._codes)

    def seat(self, session: Session | None, code: str) -> str | None:
        """The seat of `session` that `code` joins, or None."""
        if session is None:
            return None
        found = {c: seat for seat, c in self.codes(session).items()}
        return found.get(plain_code(code))

    def _new_code(self) -> str:
        taken = set(self._codes.values())
        while True:
            code = f"{secrets.randbelow(10 ** CODE_DIGITS):0{CODE_DIGITS}d}"
            if code not in taken:
                return code


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
