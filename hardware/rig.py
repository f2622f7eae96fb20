"""The rig: the table's devices, opened from a hardware config and connected to a `Table`.

Buttons and card scans reach the game only as commands through the table; the ring (and the
status LED) show the game's ring view after every change. Device trouble is reported to
`on_problem` and never stops the game.
"""
from __future__ import annotations

import logging
import threading
import time
import warnings
from typing import Callable

from companion.table import Outcome, Table
from hardware.buttons import ButtonPanel, StatusLed, Timing
from hardware.config import ConfigError, HardwareConfig, hex_to_rgb
from hardware.events import ButtonGesture, DeviceProblem, TagLifted, TagSeen
from hardware.ring.render import render

log = logging.getLogger(__name__)


def pin_factory(name: str):
    """The gpiozero pin factory the config names; "auto" is the Pi's own, or mock pins off a Pi."""
    from gpiozero import Device
    from gpiozero.exc import BadPinFactory
    from gpiozero.pins.mock import MockFactory

    if name == "mock":
        return MockFactory()
    if name == "auto":
        with warnings.catch_warnings():  # gpiozero warns for each Pi library it tries; off a Pi that is expected
            warnings.simplefilter("ignore")
            try:
                return Device._default_pin_factory()
            except BadPinFactory:
                return MockFactory()
    module, cls = {"lgpio": ("gpiozero.pins.lgpio", "LGPIOFactory"), "rpigpio": ("gpiozero.pins.rpigpio", "RPiGPIOFactory"),
                   "native": ("gpiozero.pins.native", "NativeFactory")}[name]
    return getattr(__import__(module, fromlist=[cls]), cls)()


class Rig:
    def __init__(self, config: HardwareConfig, table: Table, on_problem: Callable[[DeviceProblem], None] | None = None):
        from gpiozero.pins.mock import MockFactory

        self.config, self.table = config, table
        self.problems: list[DeviceProblem] = []
        self._on_problem = on_problem
        factory = pin_factory(config.pin_factory)
        self.simulated_buttons = isinstance(factory, MockFactory)
        timing = Timing(config.debounce_ms / 1000, config.double_ms / 1000, config.hold_ms / 1000)
        bindings = table.game.bindings
        self.buttons = ButtonPanel(config.pins, self._gesture, timing=timing, pin_factory=factory,
                                   double_enabled=lambda name: bindings.binds(name, "double"))
        self.status_led = StatusLed(config.status_led_pins, pin_factory=factory) if config.status_led_pins else None
        self.reader = self._open_reader()
        self.ring = self._open_ring()
        table.subscribe(self._outcome)
        self.refresh()

    # -- opening ------------------------------------------------------------------------------------
    def _open_reader(self):
        from hardware.readers import open_reader

        options = {**self.config.reader_options, "lift_after": self.config.lift_ms / 1000}
        try:
            return open_reader(self.config.reader, options, self._reader_event)
        except ValueError as exc:  # an option the backend does not take: a config mistake
            raise ConfigError(f"{self.config.source}: [reader] {exc}") from exc

    def _open_ring(self):
        if self.config.ring == "simulated":
            from hardware.ring.sim import SimulatedRing

            return SimulatedRing(self.config.ring_leds, self.config.brightness)
        from hardware.ring.client import RingClient

        return RingClient(self.config.ring_port or None, hold_ms=self.config.ring_hold_ms,
                          brightness=self.config.brightness, on_problem=self._problem)

    # -- device events → the table ----------------------------------------------------------------------
    def _gesture(self, gesture: ButtonGesture) -> None:
        self.table.button(gesture.button, gesture.gesture)

    def _reader_event(self, event) -> None:
        if isinstance(event, TagSeen):
            self.table.card(event.uid)
        elif isinstance(event, DeviceProblem):
            self._problem(event)
        elif not isinstance(event, TagLifted):
            log.warning("unexpected reader event %r", event)

    def _problem(self, problem: DeviceProblem) -> None:
        self.problems.append(problem)
        if problem.ok and problem.device == "ring":
            self.refresh()  # a replugged ring may have another number of LEDs
        log.warning("%s: %s", problem.device, problem.message)
        if self._on_problem is not None:
            self._on_problem(problem)

    # -- the table → outputs ------------------------------------------------------------------------------
    def _outcome(self, outcome: Outcome) -> None:
        if outcome.kind in ("applied", "undone", "redone"):
            self.refresh()

    def refresh(self) -> None:
        """Show the game's current state on the ring and the status LED."""
        state = self.table.session.state
        self.ring.show(render(self.table.game.ring_view(state), self.ring.led_count or self.config.ring_leds))
        if self.status_led is not None:
            view = self.table.game.public_view(state)
            names = view.get("player_names") or []
            active = view.get("active_player")
            colours = self.config.player_colours
            self.status_led.show(hex_to_rgb(colours[names.index(active) % len(colours)]) if active in names else (0, 0, 0))

    # -- simulation: what the screen's virtual buttons and card tray do ----------------------------------
    def perform(self, button: str, gesture: str) -> None:
        """Press a simulated button the way a finger would (blocks for the gesture's length)."""
        if not self.simulated_buttons:
            raise RuntimeError("the buttons are real: press them")
        pin = self.buttons.pin_of(button)
        timing = self.buttons.timing
        presses = 2 if gesture == "double" else 1
        for i in range(presses):
            pin.drive_low()
            time.sleep(timing.hold + 0.05 if gesture == "hold" else timing.debounce + 0.01)
            pin.drive_high()
            if i + 1 < presses:
                time.sleep(timing.debounce + 0.01)

    def perform_later(self, button: str, gesture: str) -> None:
        """`perform` on a short-lived thread, for callers that must not block (a UI loop)."""
        threading.Thread(target=self.perform, args=(button, gesture), daemon=True).start()

    def close(self) -> None:
        for device in (self.buttons, self.status_led, self.reader, self.ring):
            if device is not None:
                try:
                    device.close()
                except Exception:  # closing must get through every device
                    log.exception("closing %r", device)

    def __enter__(self) -> "Rig":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
