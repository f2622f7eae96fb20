"""The devices as the composition root (entry/) and the text console reach them: typed ports, so
neither probes a device with getattr to learn what it can do.

`Devices` is the table's devices opened once (hardware.rig.Rig fits; a test may hand None instead).
Its `simulation` says which of them are simulated and hands those out behind small ports the screen's
simulator tab drives: fingers on the buttons, a card laid on the reader, the ring's picture.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from companion.table import Table
from hardware.ring.render import RingFrame

#: told (frame, brightness) after every change of a simulated ring's picture
RingListener = Callable[[RingFrame | None, int], None]


class Fingers(Protocol):
    """Simulated buttons, pressed the way a finger would (the rig, while its pins are mock ones)."""

    @property
    def button_names(self) -> list[str]: ...

    @property
    def double_tap_s(self) -> float:
        """How long after a tap the buttons wait for a second one before they tell the tap."""
        ...

    def perform(self, button: str, gesture: str, seat: int | None = None) -> None:
        """Press, blocking for the gesture's length."""
        ...

    def perform_later(self, button: str, gesture: str, seat: int | None = None) -> None:
        """Press on a short-lived thread: for a caller that must not block (a page's loop)."""
        ...


class CardTray(Protocol):
    """A reader a card is laid on by a tap (hardware.readers.simulated.SimulatedReader)."""

    def scan(self, uid: object) -> str:
        """Lay the card on the reader and take it away again; returns its normalised uid (ValueError for a bad one)."""
        ...


class RingPicture(Protocol):
    """A ring kept in memory, whose picture a screen draws (hardware.ring.sim.SimulatedRing)."""

    @property
    def led_count(self) -> int: ...

    @property
    def frame(self) -> RingFrame | None: ...

    def add_listener(self, listener: RingListener) -> Callable[[], None]: ...


@dataclass(frozen=True)
class Simulation:
    """The table's simulated devices; None where the device is real."""

    buttons: Fingers | None = None
    reader: CardTray | None = None
    ring: RingPicture | None = None

    def __bool__(self) -> bool:
        return any((self.buttons, self.reader, self.ring))


#: no device simulated (all real, or none opened)
NONE_SIMULATED = Simulation()


class Devices(Protocol):
    """The table's devices, opened once: inputs go to the table attached last; closed at the end."""

    @property
    def simulation(self) -> Simulation: ...

    def attach(self, table: Table) -> None: ...

    def close(self) -> None: ...
