"""Card readers: devices that say which RFID tag was placed on them, and when it left.

Every reader is a small closable device (`close()`, context manager) that calls one listener with
`TagSeen`, `TagLifted` and `DeviceProblem` events from its own thread. The backend is chosen by
name in the config:

    reader = open_reader("pirc522", {"pin_rst": 22}, table_listener)

- "simulated": the UI's card tray and the tests (simulated.py)
- "keyboard": a USB reader that types the UID like a keyboard (keyboard.py, needs evdev)
- "rc522": an RC522 on SPI through the `mfrc522` package (rc522.py; 4-byte UIDs only, no Pi 5)
- "pirc522": an RC522 on SPI through `pi-rc522` (rc522.py; 4- and 7-byte UIDs, works on a Pi 5)

Options every backend takes: `name` (the `reader` field of its events), `lift_after` (seconds a
card must be gone before it counts as lifted, default 0.5), `poll_interval` (seconds between two
looks at the chip, default 0.05: a card shows on the screen within ~150 ms), `clock` (tests).
"""
from __future__ import annotations

import importlib
import inspect
import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Self

from companion.cards import normalise_uid
from companion.i18n import _
from hardware.events import DeviceProblem, TagLifted, TagRepeated, TagSeen

__all__ = [
    "BACKENDS",
    "Listener",
    "PollingReader",
    "Reader",
    "ReaderUnavailableError",
    "RereadFilter",
    "UnreadableCardError",
    "normalise_uid",
    "open_reader",
]

log = logging.getLogger(__name__)

ReaderEvent = TagSeen | TagRepeated | TagLifted | DeviceProblem
Listener = Callable[[ReaderEvent], None]
Clock = Callable[[], float]

DEFAULT_LIFT_AFTER = 0.5
#: seconds between two polls: the wait before a scan is seen is up to this plus one look at the reader
#: (an empty RC522's look is yet to be measured on a Pi: benchmarks/bench_hardware.py --config)
DEFAULT_POLL_INTERVAL = 0.05
#: a read of the lying card after this long a gap is a second scan (an RC522 misses a poll or two, no more)
REPEAT_GAP = 0.35
FIRST_RETRY = 0.5  # seconds before the first retry of a reader that stopped answering
MAX_RETRY = 10.0  # back-off doubles up to this


class ReaderUnavailableError(RuntimeError):
    """The reader cannot work at all here (its library is missing): said once, never retried."""


class UnreadableCardError(Exception):
    """Something lies on the reader but gives no usable UID (a backend says why)."""


class Reader:
    """The interface: a device with a name that you close when done. Events go to the listener."""

    name: str = "reader"

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class RereadFilter:
    """A card lying on a reader is read again and again; the table wants ONE scan.

    Call `seen(uid)` whenever the device reports a tag and `tick()` on every poll that found none.
    The first `seen` of a uid says TagSeen; repeats say nothing, except once per lie: a read after a
    gap of `REPEAT_GAP` or more (the card was lifted and laid back, or tapped twice) says TagRepeated,
    so the table can hear that a second scan was ignored. Once the card has not been read for
    `lift_after` seconds, `tick()` says TagLifted, and placing it again is a new TagSeen. A different
    card read meanwhile lifts the previous one at once (a reader reads one card at a time).
    `lift_after` must cover the gaps a lying card leaves between reads (an RC522 misses every
    other poll; some keyboard readers repeat a UID only every second or so).
    """

    def __init__(self, listener: Listener, reader: str = "reader", lift_after: float = DEFAULT_LIFT_AFTER, clock: Clock = time.monotonic):
        if isinstance(lift_after, bool) or not isinstance(lift_after, (int, float)) or not lift_after > 0:
            raise ValueError(f"lift_after must be a positive number of seconds, not {lift_after!r}")
        self._listener = listener
        self._reader = reader
        self._lift_after = float(lift_after)
        self._clock = clock
        self._lock = threading.Lock()
        self._current: str | None = None
        self._last_read = 0.0
        self._repeat_told = False

    @property
    def current(self) -> str | None:
        """The uid of the card lying on the reader, as far as the filter knows."""
        return self._current

    def seen(self, uid: str) -> None:
        with self._lock:
            now = self._clock()
            if uid == self._current:
                gap, self._last_read = now - self._last_read, now
                if gap < REPEAT_GAP or self._repeat_told:
                    return
                self._repeat_told = True
                events: list[ReaderEvent] = [TagRepeated(uid, self._reader)]
            else:
                events = [TagLifted(self._current, self._reader)] if self._current else []
                events.append(TagSeen(uid, self._reader))
                self._current, self._last_read, self._repeat_told = uid, now, False
        for event in events:
            self._listener(event)

    def tick(self) -> None:
        with self._lock:
            if self._current is None or self._clock() - self._last_read < self._lift_after:
                return
            lifted, self._current = self._current, None
        self._listener(TagLifted(lifted, self._reader))


class PollingReader(Reader):
    """A reader whose thread asks the device what lies on it every `poll_interval` seconds.

    Backends implement `_read()` (the raw UIDs read now: [] for none; raise when the device fails),
    and optionally `_recover()` (re-initialise before a retry) and `_release()` (free the device on
    close). Here: the re-read filter, failures said once then retried with back-off, a missing
    library said once. Tests pass `start=False` and an injected clock and call `poll_once()`.
    """

    def __init__(self, listener: Listener, *, name: str, lift_after: float = DEFAULT_LIFT_AFTER,
                 poll_interval: float = DEFAULT_POLL_INTERVAL, clock: Clock = time.monotonic):
        if isinstance(poll_interval, bool) or not isinstance(poll_interval, (int, float)) or not poll_interval > 0:
            raise ValueError(f"poll_interval must be a positive number of seconds, not {poll_interval!r}")
        self.name = name
        self._listener = listener
        self._filter = RereadFilter(self._emit, name, lift_after, clock)
        self._lift_after = float(lift_after)
        self._poll_interval = float(poll_interval)
        self._clock = clock
        self._decimal_order = "big"
        self._unavailable: str | None = None  # set by a backend whose library is missing
        self._given_up = False
        self._failing = False
        self._retry_at = 0.0
        self._retry_delay = FIRST_RETRY
        self._last_unreadable: tuple[str, float] | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._closed = False

    # -- backend hooks ------------------------------------------------------------------------------
    def _read(self) -> Sequence[object]:
        raise NotImplementedError

    def _recover(self) -> None:
        """Called before each retry after a failure."""

    def _release(self) -> None:
        """Called once on close, after the thread has stopped."""

    # -- the loop -----------------------------------------------------------------------------------
    def _begin(self, start: bool) -> None:
        """Backends call this last in their constructor."""
        if start:
            self._thread = threading.Thread(target=self._run, name=f"reader-{self.name}", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            self.poll_once()
            self._stop.wait(self._poll_interval)

    def poll_once(self) -> None:
        """One look at the device: deliver what it reads, or handle its failure."""
        if self._given_up:
            return
        if self._unavailable is not None:
            self._give_up(self._unavailable)
            return
        if self._failing and self._clock() < self._retry_at:
            return
        try:
            if self._failing:
                self._recover()
            raw_uids = self._read()
        except ReaderUnavailableError as exc:
            self._give_up(str(exc))
            return
        except UnreadableCardError as exc:
            self._back_again()
            self._unreadable(str(exc))
            return
        except Exception as exc:  # whatever the library raises, the thread goes on
            self._failed(exc)
            return
        self._back_again()
        self._deliver(raw_uids)

    def _deliver(self, raw_uids: Sequence[object]) -> None:
        if not raw_uids:
            self._filter.tick()
        for raw in raw_uids:
            try:
                uid = normalise_uid(raw, decimal_order=self._decimal_order)
            except ValueError as exc:
                self._unreadable(str(exc))
            else:
                self._filter.seen(uid)

    # -- telling the listener -------------------------------------------------------------------------
    def _emit(self, event: ReaderEvent) -> None:
        try:
            self._listener(event)
        except Exception:  # a listener's bug must not stop the reader
            log.exception("card reader %s: the listener failed on %r", self.name, event)

    def _problem(self, message: str, ok: bool = False) -> None:
        self._emit(DeviceProblem(self.name, message, ok))

    def _give_up(self, message: str) -> None:
        self._given_up = True
        self._stop.set()
        self._problem(message)

    def _failed(self, exc: Exception) -> None:
        now = self._clock()
        if not self._failing:
            self._failing = True
            self._retry_delay = FIRST_RETRY
            self._problem(_("The card reader {name} stopped answering ({reason}); trying again.").format(name=self.name, reason=_describe(exc)))
        else:
            self._retry_delay = min(self._retry_delay * 2, MAX_RETRY)
        self._retry_at = now + self._retry_delay

    def _back_again(self) -> None:
        if self._failing:
            self._failing = False
            self._problem(_("The card reader {name} answers again.").format(name=self.name), ok=True)

    def _unreadable(self, reason: str) -> None:
        """Said once for a card that lies there; again if it comes back after `lift_after`."""
        now = self._clock()
        last = self._last_unreadable
        self._last_unreadable = (reason, now)
        if last is None or last[0] != reason or now - last[1] >= self._lift_after:
            self._problem(_("The card could not be read: {reason}").format(reason=reason))

    # -- closing -------------------------------------------------------------------------------------
    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=self._poll_interval + 2.0)
            if self._thread.is_alive():  # stuck inside the library: freeing the device under it would crash it
                log.warning("card reader %s: its thread did not stop; the device is left open", self.name)
                return
        try:
            self._release()
        except Exception:  # closing never raises
            log.exception("card reader %s: releasing the device failed", self.name)


def _describe(exc: Exception) -> str:
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


# -- choosing a backend ------------------------------------------------------------------------------
BACKENDS = {
    "simulated": ("hardware.readers.simulated", "SimulatedReader"),
    "keyboard": ("hardware.readers.keyboard", "KeyboardReader"),
    "rc522": ("hardware.readers.rc522", "Mfrc522Reader"),
    "pirc522": ("hardware.readers.rc522", "PiRc522Reader"),
}


def open_reader(kind: str, options: dict[str, Any] | None, listener: Listener) -> Reader:
    """The reader backend named `kind`, built with `options` (from the config), started."""
    if kind not in BACKENDS:
        raise ValueError(f'There is no card reader kind "{kind}" (known: {", ".join(sorted(BACKENDS))}).')
    module, class_name = BACKENDS[kind]
    backend: Callable[..., Reader] = getattr(importlib.import_module(module), class_name)
    options = dict(options or {})
    try:
        inspect.signature(backend).bind(listener, **options)
    except TypeError as exc:
        raise ValueError(f'Card reader "{kind}": {exc} (options given: {", ".join(sorted(options)) or "none"}).') from None
    return backend(listener, **options)
