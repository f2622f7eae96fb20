"""The rig: the table's devices, opened once from a hardware config and attached to the `Table` of
whichever game is on (`attach`).

Buttons and card readers belong to the table or to a seat; a gesture or a scan reaches the game
only as `Table.button(..., seat=)` / `Table.card(..., seat=)`, the seat given by number (1-based),
so the table decides who acts. The ring shows the game's typed ring view, and the status LED the
colour of the first seat that may act, after every change. Device trouble is reported to
`on_problem` and never stops the game. The rig knows no game.

For eyes on the cardboard: the speaker says what the narrator hears in each outcome (the item the
buttons point at, the step, its alerts, whose turn it is, a refusal and why); a scan always makes a
sound (accepted, unknown card, read again and ignored); the ring blips green for a step, red for a
refusal, blue for a card read, and shows the buttons' place in a menu on a few LEDs at its top. Which
of these an outcome gets is the core's policy (companion/feedback.py), the one the screens follow too.
"""
from __future__ import annotations

import logging
import threading
import time
import warnings
from collections.abc import Callable
from typing import Any, Protocol, Self, TypeVar, cast

from companion.feedback import READ_AGAIN, Cue, Feedback, feedback, status_seat
from companion.i18n import language
from companion.messages import render as render_text
from companion.narration import Narrator, Verbosity
from companion.palette import colour
from companion.ring import Blank
from companion.table import Outcome, Table
from hardware.buttons import ButtonPanel, StatusLed, Timing
from hardware.config import ConfigError, HardwareConfig, ReaderConfig
from hardware.events import ButtonGesture, DeviceProblem, TagLifted, TagRepeated, TagSeen
from hardware.ports import Simulation
from hardware.readers import Reader
from hardware.readers.simulated import SimulatedReader
from hardware.ring.client import RingClient
from hardware.ring.render import MAX_LEDS, MIN_LEDS, RingFrame, render, unknown_frame, with_cursor
from hardware.ring.sim import SimulatedRing
from hardware.speech import EspeakSpeaker, RecordingSpeaker, RecordingTones, Sounds, Speaker, Tones

log = logging.getLogger(__name__)

DARK = (0, 0, 0)


class Closable(Protocol):
    def close(self) -> None: ...


D = TypeVar("D", bound=Closable)


class Ring(Protocol):
    """What the rig needs of a ring: the real client (ring/client.py) or the simulated one (ring/sim.py)."""

    @property
    def led_count(self) -> int | None: ...

    def show(self, frame: RingFrame) -> None: ...

    def cue(self, anim: tuple[str, ...]) -> None: ...

    def close(self) -> None: ...


def pin_factory(name: str) -> Any:
    """The gpiozero pin factory the config names; "auto" is the Pi's own, or mock pins off a Pi
    (PWM-capable ones, so that a status LED works in simulation too)."""
    from gpiozero import Device
    from gpiozero.exc import BadPinFactory
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    if name == "mock":
        return MockFactory(pin_class=MockPWMPin)
    if name == "auto":
        with warnings.catch_warnings():  # gpiozero warns for each Pi library it tries; off a Pi that is expected
            warnings.simplefilter("ignore")
            try:
                return Device._default_pin_factory()
            except BadPinFactory:
                return MockFactory(pin_class=MockPWMPin)
    module, cls = {"lgpio": ("gpiozero.pins.lgpio", "LGPIOFactory"), "rpigpio": ("gpiozero.pins.rpigpio", "RPiGPIOFactory"),
                   "native": ("gpiozero.pins.native", "NativeFactory")}[name]
    try:
        return getattr(__import__(module, fromlist=[cls]), cls)()
    except Exception as exc:  # the library is missing, or this is not a Pi: a config mistake, said plainly
        raise ConfigError(f"[buttons] factory = \"{name}\" cannot be used here: {exc} "
                          "(on a Pi: Debian's python3-lgpio and a venv made with --system-site-packages)") from exc


class Rig:
    """Every device of the config, open. `buttons` and `reader` are the table's; `seat_buttons` and
    `seat_readers` map a seat number to that seat's. Close it (or use it as a context manager)."""

    def __init__(self, config: HardwareConfig, table: Table | None = None,
                 on_problem: Callable[[DeviceProblem], None] | None = None, sounds: Sounds | None = None):
        self.config = config
        self._given_sounds = sounds  # the caller's own (a recording that stands for a table hearing them)
        self.table: Table | None = None
        self.problems: list[DeviceProblem] = []
        self._on_problem = on_problem
        self._unsubscribe: Callable[[], None] | None = None
        self._show_lock = threading.Lock()  # frames from device threads and from attach go out in order
        #: simulated presses: one at a time, and when each pin was last released
        self._finger = threading.Lock()
        self._lifted: dict[int, float] = {}
        self._opened: list[Closable] = []
        #: why the voice cannot be heard now (None: it can, or none was asked for): the status LED blinks
        self.voice_failure: str | None = None
        #: set on a reader's thread while the table answers its scan: the outcome then is a scan's
        self._scanning = threading.local()
        try:
            self._open_devices()
        except BaseException:  # a device that cannot open: close the ones that did, then say why
            self.close()
            raise
        if table is not None:
            self.attach(table)
        else:
            self.refresh()

    def _open_devices(self) -> None:
        from gpiozero.pins.mock import MockFactory

        factory = self._keep(pin_factory(self.config.pin_factory))
        self.simulated_buttons = isinstance(factory, MockFactory)
        self.seat_buttons: dict[int, ButtonPanel] = {}
        self.seat_readers: dict[int, Reader] = {}
        self.buttons = self._open_buttons(self.config.pins, None, factory)
        for group in self.config.seat_buttons:
            self.seat_buttons[group.seat] = self._open_buttons(group.pins, group.seat, factory)
        pins = self.config.status_led_pins
        self.status_led = self._keep(StatusLed(pins, pin_factory=factory)) if pins else None
        for reader in self.config.readers:  # the table's first
            opened = self._open_reader(reader)
            if reader.seat is None:
                self.reader: Reader = opened
            else:
                self.seat_readers[reader.seat] = opened
        self.ring: Ring = self._keep(self._open_ring())
        self.speaker: Speaker = self._keep(self._open_speaker())
        self.sounds: Sounds = self._keep(self._given_sounds or self._open_sounds())
        self.narrator: Narrator | None = None

    # -- the game ------------------------------------------------------------------------------------
    def attach(self, table: Table) -> None:
        """Send inputs to `table` from now on (the previous table hears no more of them), and show its game."""
        if self._unsubscribe is not None:
            self._unsubscribe()
        self.table = table
        self.narrator = Narrator(table, cast(Verbosity, self.config.verbosity), ticks=self.sounds.audible)
        self._unsubscribe = table.subscribe(self._outcome)
        for panel in self._panels():
            panel.allow_double(self._double_bound)
        self.refresh()

    def _double_bound(self, button: str) -> bool:
        """A button with no double tap bound in the current game reports its taps at once."""
        return self.table is None or self.table.game.bindings.binds(button, "double")

    # -- opening ------------------------------------------------------------------------------------
    def _keep(self, device: D) -> D:
        """Remember an opened device so that `close` closes it."""
        self._opened.append(device)
        return device

    def _open_buttons(self, pins: dict[str, int], seat: int | None, factory: Any) -> ButtonPanel:
        config = self.config
        timing = Timing(config.debounce_ms / 1000, config.double_ms / 1000, config.hold_ms / 1000)
        panel = ButtonPanel(pins, self._gesture, timing=timing, pin_factory=factory,
                            double_enabled=self._double_bound, seat=seat)
        return self._keep(panel)

    def _open_reader(self, reader: ReaderConfig) -> Reader:
        from hardware.readers import open_reader

        try:
            opened = open_reader(reader.kind, reader.open_options(), lambda event: self._reader_event(event, reader.seat))
        except ValueError as exc:  # an option the backend does not take: a config mistake
            section = "[reader]" if reader.seat is None else f"[[seat_readers]] (seat {reader.seat})"
            raise ConfigError(f"{self.config.source}: {section} {exc}") from exc
        return self._keep(opened)

    def _open_ring(self) -> Ring:
        if self.config.ring == "simulated":
            return SimulatedRing(self.config.ring_leds, self.config.brightness)
        return RingClient(self.config.ring_port or None, hold_ms=self.config.ring_hold_ms,
                          brightness=self.config.brightness, on_problem=self._problem)

    def _open_sounds(self) -> Sounds:
        return Tones(self.config.volume, on_problem=self._problem) if self.config.sounds else RecordingTones()

    def _open_speaker(self) -> Speaker:
        """espeak-ng where asked ("auto" or "espeak-ng"); else a silent recorder. A voice asked for that
        cannot be heard — espeak-ng missing, no sound card — is a problem the table sees (`voice_failure`)."""
        if self.config.speech == "none" or self.config.verbosity == "off":
            return RecordingSpeaker()
        return EspeakSpeaker(self.config.volume, rate=self.config.rate, gap_s=self.config.gap_ms / 1000, on_problem=self._problem)

    def _panels(self) -> list[ButtonPanel]:
        return [self.buttons, *self.seat_buttons.values()]

    # -- device events → the table ----------------------------------------------------------------------
    def _gesture(self, gesture: ButtonGesture) -> None:
        table = self.table
        if table is not None:
            table.button(gesture.button, gesture.gesture, seat=gesture.seat)

    def _reader_event(self, event: object, seat: int | None) -> None:
        if isinstance(event, TagSeen):
            table = self.table
            if table is not None:
                self._scanning.now = True
                try:
                    table.card(event.uid, seat=seat)  # its outcome reaches `_outcome` on this thread
                finally:
                    self._scanning.now = False
        elif isinstance(event, TagRepeated):
            self._notice(READ_AGAIN)
        elif isinstance(event, DeviceProblem):
            self._problem(event)
        elif not isinstance(event, TagLifted):
            log.warning("unexpected reader event %r", event)

    def _problem(self, problem: DeviceProblem) -> None:
        self.problems.append(problem)
        if problem.ok and problem.device == "ring":
            self.refresh()  # a replugged ring may have another number of LEDs
        if problem.device == "speech":
            self.voice_failure = None if problem.ok else problem.message
            if hasattr(self, "ring"):  # opened: the status LED says it at once (the speaker opens after it)
                self.refresh()
        log.warning("%s: %s", problem.device, problem.message)
        if self._on_problem is not None:
            self._on_problem(problem)

    # -- the table → outputs ------------------------------------------------------------------------------
    def _outcome(self, outcome: Outcome) -> None:
        self._notice(feedback(outcome.kind, scanned=getattr(self._scanning, "now", False), picked=outcome.picked), outcome)
        self._speak(outcome)

    def _notice(self, noticed: Feedback, outcome: Outcome | None = None) -> None:
        """What the ring, its blips and the sounds show of an input."""
        if noticed.ring:
            self.refresh(cursor_of=outcome)
        for cue in noticed.cues:
            self._cue(cue)
        if noticed.sound is not None:
            self.sounds.play(noticed.sound)

    def _speak(self, outcome: Outcome) -> None:
        if self.narrator is None:
            return
        try:
            for utterance in self.narrator.hear(outcome):
                self.speaker.say(render_text(utterance.text), language(), utterance.interrupt)
        except Exception:  # a sentence that fails must not silence the buttons
            log.exception("narrating %r failed", outcome)

    def _cue(self, name: Cue) -> None:
        """A blip in a palette colour: one short flash over the frame."""
        self.ring.cue(("flash", colour(name).led_hex, "1"))

    def refresh(self, cursor_of: Outcome | None = None) -> None:
        """Show the game's current state on the ring — with the place in the menu of whoever pressed
        `cursor_of`'s buttons while they walk it — and the acting seat's colour on the status LED."""
        table = self.table
        with self._show_lock:
            frame, seat_colour = self._outputs(table, self._led_count())
            cursor = table.cursor(cursor_of.by) if table is not None and cursor_of is not None else None
            self.ring.show(with_cursor(frame, *cursor) if cursor else frame)
            if self.status_led is not None:
                self.status_led.show(seat_colour, warning=colour("warning").led if self.voice_failure else None)

    def _led_count(self) -> int:
        """The LEDs of the ring that answered, else (none yet, or a size the renderer does not draw) the
        configured count; the ring client cuts or pads a frame to the ring it has."""
        leds = self.ring.led_count
        return leds if isinstance(leds, int) and MIN_LEDS <= leds <= MAX_LEDS else self.config.ring_leds

    def _outputs(self, table: Table | None, led_count: int) -> tuple[RingFrame, tuple[int, int, int]]:
        """The ring frame and the status LED colour for the game on `table`."""
        if table is None:
            return render(Blank(), led_count), DARK
        try:
            return render(table.session.ring(), led_count), self._status_colour(table)
        except Exception:  # a bug in a game's view must not take a device thread down: the ring goes dim
            log.exception("the game's ring view or turn failed")
            return unknown_frame(led_count), DARK

    def _status_colour(self, table: Table) -> tuple[int, int, int]:
        """The colour of the first seat that may act now; dark when nobody need act (setup, game over)."""
        lit = status_seat(table.session.turn, table.session.seats)
        if lit is None:
            return DARK
        index, seat = lit  # a game's own seat colour wins over the configured order
        return colour(seat.colour).led if seat.colour else self.config.status_rgb(index)

    # -- simulation: what the screen's virtual buttons and card tray do ----------------------------------
    @property
    def simulation(self) -> Simulation:
        """The devices that are simulated (hardware/ports.py): the buttons while their pins are mock ones."""
        return Simulation(buttons=self if self.simulated_buttons else None,
                          reader=self.reader if isinstance(self.reader, SimulatedReader) else None,
                          ring=self.ring if isinstance(self.ring, SimulatedRing) else None)

    @property
    def button_names(self) -> list[str]:
        """The table's buttons, by name."""
        return list(self.buttons.names)

    @property
    def double_tap_s(self) -> float:
        return self.buttons.timing.double

    def perform(self, button: str, gesture: str, seat: int | None = None) -> None:
        """Press a simulated button — the table's, or seat number `seat`'s — the way a finger would
        (blocks for the gesture's length)."""
        if not self.simulated_buttons:
            raise RuntimeError("the buttons are real: press them")
        panel = self.buttons if seat is None else self.seat_buttons.get(seat)
        if panel is None:
            raise ValueError(f"seat {seat} has no buttons (seats with buttons: {sorted(self.seat_buttons) or 'none'})")
        pin = panel.pin_of(button)
        timing = panel.timing
        presses = 2 if gesture == "double" else 1
        with self._finger:  # one finger: a press starts only after the last release is past switch bounce
            time.sleep(max(0.0, self._lifted.get(id(pin), 0.0) + timing.debounce + 0.005 - time.monotonic()))
            for i in range(presses):
                pin.drive_low()
                time.sleep(timing.hold + 0.05 if gesture == "hold" else timing.debounce + 0.01)
                if gesture == "hold":  # a busy machine may tell the hold late: keep the finger down till then
                    deadline = time.monotonic() + 2.0
                    while not panel.held(button) and time.monotonic() < deadline:
                        time.sleep(0.005)
                pin.drive_high()
                if i + 1 < presses:
                    time.sleep(timing.debounce + 0.01)
            self._lifted[id(pin)] = time.monotonic()

    def perform_later(self, button: str, gesture: str, seat: int | None = None) -> None:
        """`perform` on a short-lived thread, for callers that must not block (a UI loop)."""
        threading.Thread(target=self._perform_logged, args=(button, gesture, seat), daemon=True).start()

    def _perform_logged(self, button: str, gesture: str, seat: int | None) -> None:
        try:
            self.perform(button, gesture, seat)
        except Exception:  # nobody waits on this thread to hear it
            log.exception("simulated %s %s (seat %s) failed", gesture, button, seat)

    # -- closing --------------------------------------------------------------------------------------
    def close(self) -> None:
        """Stop hearing the table and close every device, the last opened first."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        while self._opened:
            device = self._opened.pop()
            try:
                device.close()
            except Exception:  # closing must get through every device
                log.exception("closing %r", device)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
