"""A ring that exists only in memory, for simulation mode and tests: the UI draws what it holds.

Same interface as RingClient (show, brightness, wait_synced, status, led_count, close, on_problem),
plus `frame`, `level` and listeners so a preview can redraw when the picture changes.
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Self

from hardware.events import DeviceProblem
from hardware.ring.client import RingStatus
from hardware.ring.render import RingFrame

log = logging.getLogger(__name__)

Listener = Callable[[RingFrame | None, int], None]


class SimulatedRing:
    """Keeps the latest frame and brightness. Thread-safe. Listeners get (frame, brightness) after
    each change, called in the thread that made it (a UI hands that over to its own loop)."""

    def __init__(self, led_count: int = 24, brightness: int = 96,
                 on_problem: Callable[[DeviceProblem], None] | None = None):
        self._lock = threading.Lock()
        # Notifications go out one at a time, each with the state as it is then: the last one a
        # listener gets is always the current picture. Re-entrant: a listener may call show().
        self._notify_lock = threading.RLock()
        self._leds = led_count
        self._frame: RingFrame | None = None
        self._level = brightness
        self._listeners: list[Listener] = []
        #: every blip played, oldest first (a real ring plays them and forgets)
        self.cues: list[tuple[str, ...]] = []
        self._closed = False
        self.on_problem = on_problem  # never called: a simulated ring has no problems

    def show(self, frame: RingFrame) -> None:
        with self._lock:
            if self._closed or frame == self._frame:
                return
            self._frame = frame
        self._notify()

    def cue(self, anim: tuple[str, ...]) -> None:
        """A one-shot blip over the frame: kept in `cues` (the preview and the tests read it)."""
        with self._lock:
            if self._closed:
                return
            self.cues.append(anim)
        self._notify()

    def brightness(self, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 255:
            raise ValueError(f"brightness must be an integer 0..255, not {value!r}")
        with self._lock:
            if self._closed or value == self._level:
                return
            self._level = value
        self._notify()

    def wait_synced(self, timeout: float | None = None) -> bool:
        return not self._closed

    @property
    def status(self) -> RingStatus:
        if self._closed:
            return RingStatus("closed", "closed")
        return RingStatus("connected", "simulated ring", None, self._leds, "sim")

    @property
    def led_count(self) -> int:
        return self._leds

    @property
    def frame(self) -> RingFrame | None:
        """The latest frame shown, or None before the first."""
        with self._lock:
            return self._frame

    @property
    def level(self) -> int:
        """The current brightness, 0..255."""
        with self._lock:
            return self._level

    def add_listener(self, listener: Listener) -> Callable[[], None]:
        """Call listener(frame, brightness) on every change; returns a function that removes it."""
        with self._lock:
            self._listeners.append(listener)

        def remove() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return remove

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._listeners.clear()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _notify(self) -> None:
        with self._notify_lock:
            with self._lock:
                frame, level, listeners = self._frame, self._level, list(self._listeners)
            for listener in listeners:
                try:
                    listener(frame, level)
                except Exception:  # one broken preview must not stop the game
                    log.exception("ring listener failed")
