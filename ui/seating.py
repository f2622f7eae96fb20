"""One device per seat: which phones may show each seat of the game on the table, and the requests of
further ones.

A device is a browser, known by the random cookie the door sets (ui/guard.py `DEVICE_COOKIE`, handed to
the page in its user agent). The first phone that joins a seat holds it; another phone with the same
code waits until a device already on that seat, or the table itself, allows it in — so a photo of the
code, or a QR code glimpsed on the table screen, shows nobody a seat's secrets unnoticed. The Pi's
own browser is the table: it may show any seat without asking, and holds none. A saved game's
devices are kept beside the save file (`lan-devices`, readable by its owner only), so a restart lets
nobody take a seat whose phone was asleep meanwhile.
"""
from __future__ import annotations

import itertools
import json
import logging
import re
import secrets
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from ui.joining import beside_save_file, write_private

if TYPE_CHECKING:
    from companion.session import Session

log = logging.getLogger(__name__)
DEVICES_FILE = "lan-devices"

#: what the door writes at the end of a page's user agent: " companion-device/<id> companion-language/nl …"
_MARK = re.compile(r"\s*\bcompanion-(device|language|back)/(\S*)")
_PLATFORMS = (("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("CrOS", "Chromebook"), ("Windows", "Windows"),
              ("Mac OS", "Mac"), ("Linux", "Linux"))


class Asking(Protocol):
    """The page of a device that waits to be let in on a seat (ui/app.py's App)."""

    def describe_device(self) -> str:
        """How other screens name the device ("Android · 192.168.1.21")."""
        ...

    def answered(self, request: JoinRequest, allow: bool) -> None:
        """The table, or a device on the seat, let it in or refused (called from any page's loop)."""
        ...


@dataclass(frozen=True)
class JoinRequest:
    """A device asking to show `seat`; `page` is its waiting page."""

    id: int
    seat: str
    device: str
    page: Asking


def with_device(user_agent: str, device: str, language: str = "", back: bool = False) -> str:
    """The user agent a page is given: the browser's own, with this device's id, the language the
    browser asks for, and whether the page was loaded afresh after a restart at its end. Any such
    mark the browser wrote itself is dropped: only the door's cookies count."""
    marks = {"device": device, "language": language, **({"back": "1"} if back else {})}
    return (_MARK.sub("", user_agent) + "".join(f" companion-{key}/{value}" for key, value in marks.items())).strip()


def _marks(user_agent: str | None) -> dict[str, str]:
    return dict(_MARK.findall(user_agent or ""))


def device_of(user_agent: str | None) -> str:
    """The device id the door wrote into `user_agent`, or "" when there is none."""
    return _marks(user_agent).get("device", "")


def language_of(user_agent: str | None) -> str:
    """The language the door found the browser asking for ("nl"), or ""."""
    return _marks(user_agent).get("language", "")


def back_after_restart(user_agent: str | None) -> bool:
    """The page was loaded afresh because the companion restarted (ui/assets/offline/reconnect.js)."""
    return _marks(user_agent).get("back") == "1"


def new_device() -> str:
    return secrets.token_urlsafe(16)


def platform(user_agent: str | None) -> str:
    """"Android", "iPhone"… from a user agent: enough to tell two phones at a table apart."""
    return next((name for mark, name in _PLATFORMS if mark in (user_agent or "")), "")


class Seating:
    """The devices let in on each seat of one session, and the open requests; a new session starts afresh."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._session: tuple[str, object] | None = None
        self._devices: dict[str, list[str]] = {}  # seat -> devices let in, the first one first
        self._file: Path | None = None  # where a saved game's devices are kept
        self._game: int | None = None
        self._requests: dict[int, JoinRequest] = {}
        self._ids = itertools.count(1)

    def admit(self, session: Session | None, seat: str, device: str) -> bool:
        """Let `device` show `seat` if it was let in before or the seat has no device yet."""
        with self._lock:
            self._follow(session)
            devices = self._devices.setdefault(seat, [])
            if not devices:
                devices.append(device)
                self._save()
            return device in devices

    def ask(self, session: Session | None, seat: str, device: str, page: Asking) -> JoinRequest:
        """`page` (of `device`) waits to be let in on `seat`; a device asks once per seat."""
        with self._lock:
            self._follow(session)
            for request in self._requests.values():
                if request.seat == seat and request.device == device:
                    del self._requests[request.id]
                    break
            request = JoinRequest(next(self._ids), seat, device, page)
            self._requests[request.id] = request
            return request

    def answer(self, request_id: int, allow: bool) -> JoinRequest | None:
        """Close a request (None when another page answered it first); an allowed device is let in."""
        with self._lock:
            request = self._requests.pop(request_id, None)
            if request is not None and allow:
                devices = self._devices.setdefault(request.seat, [])
                if request.device not in devices:
                    devices.append(request.device)
                    self._save()
            return request

    def withdraw(self, page: Asking) -> None:
        """The waiting page gave up (or went away)."""
        with self._lock:
            for request in [r for r in self._requests.values() if r.page is page]:
                del self._requests[request.id]

    def requests(self, session: Session | None) -> list[JoinRequest]:
        with self._lock:
            self._follow(session)
            return list(self._requests.values())

    def devices(self, session: Session | None, seat: str) -> list[str]:
        with self._lock:
            self._follow(session)
            return list(self._devices.get(seat, []))

    def _follow(self, session: Session | None) -> None:
        """A game switch forgets every seat's devices (the same saved game resumed keeps them)."""
        key = _key(session)
        if key != self._session:
            self._session, self._requests = key, {}
            self._file, self._game = beside_save_file(session, DEVICES_FILE) if session is not None else None, getattr(session, "game_id", None)
            self._devices = self._kept().get(str(self._game), {})

    def _kept(self) -> dict[str, dict[str, list[str]]]:
        """Every saved game's devices, as the file has them ({} when there is none or it is damaged)."""
        if self._file is None:
            return {}
        try:
            data = json.loads(self._file.read_text())
        except FileNotFoundError:
            return {}
        except (OSError, ValueError):
            log.warning("%s is unreadable: every seat takes its first phone again", self._file)
            return {}
        if not isinstance(data, dict):
            return {}
        return {game: {seat: [d for d in devices if isinstance(d, str)] for seat, devices in seats.items() if isinstance(devices, list)}
                for game, seats in data.items() if isinstance(seats, dict)}

    def _save(self) -> None:
        if self._file is None:
            return
        kept = self._kept()
        kept[str(self._game)] = self._devices
        if not write_private(self._file, json.dumps(kept)):
            log.warning("could not keep the seats' devices in %s: after a restart each seat takes its first phone again", self._file)


def _key(session: Session | None) -> tuple[str, object]:
    saved = getattr(session, "game_id", None)
    return ("saved", saved) if saved is not None else ("live", id(session))
