"""Buttons: gpiozero `Button`s (pull-ups, BCM pins) turned into gestures — tap, double tap, hold.

Debouncing is ours: gpiozero's mock pins ignore `bounce_time`, and a real switch bounces, so an
edge closer than `debounce` to the last accepted one is dropped. Gesture timing lives in a pure
`GestureRecogniser` (fed edges and clock ticks) so it is tested without threads; `ButtonPanel`
wires it to gpiozero callbacks and one ticking thread.

In simulation the panel runs on gpiozero's `MockFactory`: the screen's virtual buttons drive the
mock pins, so they go through exactly this code.
"""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Self

from hardware.events import ButtonGesture

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Timing:
    debounce: float = 0.03  # s: edges closer than this to the last accepted one are switch bounce
    double: float = 0.30    # s: a second tap within this is a double tap
    hold: float = 0.80      # s: pressed this long is a hold (the release then makes no tap)


class GestureRecogniser:
    """Edges and time in, gestures out. `double_enabled=False` reports a tap at release, at once.
    Gestures carry `seat`, the seat that owns the button (None: the table's)."""

    def __init__(self, name: str, timing: Timing, double_enabled: bool = True, seat: int | None = None):
        self.name, self.timing, self.double_enabled, self.seat = name, timing, double_enabled, seat
        self._pressed = False
        self._last_edge = float("-inf")
        self._pressed_at = 0.0
        self._held = False
        self._tap_pending_since: float | None = None

    def edge(self, pressed: bool, now: float) -> list[ButtonGesture]:
        if pressed == self._pressed or now - self._last_edge < self.timing.debounce:
            return []  # bounce, or a repeat of the state we already have
        self._pressed, self._last_edge = pressed, now
        if pressed:
            self._pressed_at, self._held = now, False
            return []
        if self._held:
            return []
        if not self.double_enabled:
            return [self._gesture("tap")]
        if self._tap_pending_since is not None:
            self._tap_pending_since = None
            return [self._gesture("double")]
        self._tap_pending_since = now
        return []

    def _gesture(self, kind: str) -> ButtonGesture:
        return ButtonGesture(self.name, kind, self.seat)

    def tick(self, now: float, level: bool | None = None) -> list[ButtonGesture]:
        """Time passes. `level` is the switch as it reads now: an edge dropped as bounce that turned
        out to be real (a very short tap, the last bounce of a storm) is caught up here."""
        if level is not None and level != self._pressed and now - self._last_edge >= self.timing.debounce:
            return self.edge(level, now)
        if self._pressed and not self._held and now - self._pressed_at >= self.timing.hold:
            self._held, self._tap_pending_since = True, None
            return [self._gesture("hold")]
        if self._tap_pending_since is not None and not self._pressed and now - self._tap_pending_since >= self.timing.double:
            self._tap_pending_since = None
            return [self._gesture("tap")]
        return []


class ButtonPanel:
    """The configured buttons: {name: BCM pin}, the table's or one seat's (`seat`, 1-based, stamped
    on every gesture). Calls `listener(ButtonGesture)` from its own thread (holds, delayed taps) or
    gpiozero's callback thread (immediate gestures)."""

    TICK = 0.005  # s

    def __init__(self, pins: dict[str, int], listener: Callable[[ButtonGesture], None], *, timing: Timing = Timing(),
                 double_enabled: Callable[[str], bool] = lambda name: True, pin_factory: Any = None,
                 clock: Callable[[], float] = time.monotonic, seat: int | None = None):
        from gpiozero import (
            Button,  # imported here: hardware is optional for the core and its tests
        )

        self._listener, self._clock, self.timing, self.seat = listener, clock, timing, seat
        self._lock = threading.Lock()
        self._buttons: dict[str, Any] = {}
        self._recognisers: dict[str, GestureRecogniser] = {}
        try:
            for name, pin in pins.items():
                button = Button(pin, pull_up=True, bounce_time=None, pin_factory=pin_factory)
                recogniser = GestureRecogniser(name, timing, double_enabled(name), seat)
                button.when_pressed = lambda r=recogniser: self._edge(r, True)
                button.when_released = lambda r=recogniser: self._edge(r, False)
                self._buttons[name], self._recognisers[name] = button, recogniser
        except Exception:  # a pin that cannot be had: give back the ones already taken
            self._close_buttons()
            raise
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="buttons" if seat is None else f"buttons-seat-{seat}", daemon=True)
        self._thread.start()

    @property
    def names(self) -> list[str]:
        return list(self._buttons)

    def pin_of(self, name: str) -> Any:
        """The gpiozero pin behind a button (a MockPin in simulation: `drive_low()` presses it)."""
        return self._buttons[name].pin

    def held(self, name: str) -> bool:
        """Whether button `name` is down and its hold was already told (a simulated finger waits for it)."""
        with self._lock:
            recogniser = self._recognisers[name]
            return recogniser._pressed and recogniser._held

    def allow_double(self, double_enabled: Callable[[str], bool]) -> None:
        """Ask again which buttons wait for a double tap (another game may bind other gestures)."""
        with self._lock:
            for name, recogniser in self._recognisers.items():
                recogniser.double_enabled = double_enabled(name)

    def _edge(self, recogniser: GestureRecogniser, pressed: bool) -> None:
        with self._lock:
            gestures = recogniser.edge(pressed, self._clock())
        self._emit(gestures)

    def _run(self) -> None:
        while not self._stop.wait(self.TICK):
            with self._lock:
                now = self._clock()
                gestures = [g for name, r in self._recognisers.items() for g in r.tick(now, self._buttons[name].is_pressed)]
            self._emit(gestures)

    def _emit(self, gestures: list[ButtonGesture]) -> None:
        for gesture in gestures:
            try:
                self._listener(gesture)
            except Exception:  # the buttons must keep working whatever a listener does
                log.exception("button listener failed on %r", gesture)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=1)
        self._close_buttons()

    def _close_buttons(self) -> None:
        for button in self._buttons.values():
            button.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class StatusLed:
    """An optional RGB LED showing a colour (the acting seat's), via gpiozero `RGBLED` on the
    (red, green, blue) pins; with a `warning` colour it blinks between the two (the voice cannot be
    heard), once a second, until shown without one."""

    BLINK_S = 0.5

    def __init__(self, pins: Sequence[int], pin_factory: Any = None):
        from gpiozero import RGBLED

        red, green, blue = pins
        self._led = RGBLED(red, green, blue, pin_factory=pin_factory)
        self._shown: tuple[tuple[int, int, int], tuple[int, int, int] | None] | None = None

    def show(self, rgb: tuple[int, int, int], warning: tuple[int, int, int] | None = None) -> None:
        if self._shown == (rgb, warning):
            return  # a blink already running is not restarted at every step
        self._shown = (rgb, warning)
        if warning is None:
            self._led.color = tuple(c / 255 for c in rgb)
            return
        self._led.blink(on_time=self.BLINK_S, off_time=self.BLINK_S, on_color=tuple(c / 255 for c in rgb),
                        off_color=tuple(c / 255 for c in warning), background=True)

    @property
    def blinking(self) -> bool:
        """Whether it blinks a warning now."""
        return self._shown is not None and self._shown[1] is not None

    @property
    def colour(self) -> tuple[int, int, int]:
        red, green, blue = (round(c * 255) for c in self._led.color)
        return red, green, blue

    def close(self) -> None:
        self._led.close()
