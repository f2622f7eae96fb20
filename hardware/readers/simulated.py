"""A card reader without hardware: the UI's card tray and the tests "place" cards on it.

It polls like a real reader, so its events come from its own thread and go through the same
re-read filter: `place` is one TagSeen however long the card lies there, and `lift` is a
TagLifted `lift_after` seconds later.
"""
from __future__ import annotations

import collections
import threading
import time

from hardware.readers import DEFAULT_LIFT_AFTER, DEFAULT_POLL_INTERVAL, Clock, Listener, PollingReader, normalise_uid


class SimulatedReader(PollingReader):
    def __init__(
        self,
        listener: Listener,
        *,
        name: str = "simulated",
        lift_after: float = DEFAULT_LIFT_AFTER,
        poll_interval: float = DEFAULT_POLL_INTERVAL,
        clock: Clock = time.monotonic,
        start: bool = True,
    ):
        super().__init__(listener, name=name, lift_after=lift_after, poll_interval=poll_interval, clock=clock)
        self._lock = threading.Lock()
        self._lying: str | None = None
        # Cards placed since the last poll: a quick `scan` must be read even if it was lifted
        # before the thread looked.
        self._placed: collections.deque[str] = collections.deque()
        self._unplugged: str | None = None
        self._begin(start)

    def place(self, uid: object) -> str:
        """Lay a card on the reader; returns its normalised uid. ValueError for a bad uid."""
        uid = normalise_uid(uid)
        with self._lock:
            self._lying = uid
            self._placed.append(uid)
        return uid

    def lift(self) -> None:
        with self._lock:
            self._lying = None

    def scan(self, uid: object) -> str:
        """Place a card and take it away again, as a player swiping it."""
        uid = self.place(uid)
        self.lift()
        return uid

    def unplug(self, reason: str = "simulated cable pulled") -> None:
        """Make the reader fail on every poll, as a real one whose cable came loose."""
        self._unplugged = reason

    def plug_in(self) -> None:
        self._unplugged = None

    def _read(self) -> list[str]:
        if self._unplugged is not None:
            raise OSError(self._unplugged)
        with self._lock:
            if self._placed:
                return [self._placed.popleft()]
            return [self._lying] if self._lying else []
