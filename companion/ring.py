"""What the LED ring means, typed: a small set of view kinds that every game's `ring(state)` returns.

The ring renderer (hardware/ring/render.py), the UI's ring preview and the firmware frames all start
from these; `hardware/` renders kinds and never knows a game. Colours are palette names
(companion.palette).

- `Track`: a marker on a track (Big Bang's moon ring).
- `Gauge`: a track that fills up, with marked spaces and an optional clock hand (Elder Sign's doom
  track with monster icons, and the clock).
- `SeatLevels`: one arc per seat, lit to its level (Munchkin's levels 1-10 for up to 6 seats; on a
  ring too small for one LED a level, a white LED counts several, so every level looks different).
- `Counters`: a few counters, each an arc in its colour (Dungeon Twister's action and victory points).
  Two counters that mean different things never share a colour: a seat's own counter that is not one
  of the seats' (the action points, the players' side of a fight) is white, its arc's rest faintly in
  the seat's colour.
- `Blank`: nothing to show (setup).

Any kind may carry an `Alert`, an animation the firmware runs over the frame (flash, pulse, spin).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from companion.palette import SEAT_COLOURS


@dataclass(frozen=True)
class Alert:
    """Flash `count` times, or pulse / spin with one beat or turn per `period_ms`, until the next frame.
    A pulse with a `space` beats only on the LEDs of that space (0-based) of a Track or Gauge —
    the last free space of a doom track — and leaves the rest of the frame still."""

    effect: Literal["flash", "pulse", "spin"]
    colour: str = "danger"
    count: int = 3
    period_ms: int = 1200
    space: int | None = None


@dataclass(frozen=True)
class Track:
    """Positions 0 .. length-1 round the ring; `position` is the marker. Positions from
    `position - danger` up to the marker show what an imminent drop would cost."""

    length: int
    position: int
    bottom: int = 0
    top: int | None = None
    danger: int = 0
    alert: Alert | None = None
    kind: Literal["track"] = field(default="track", init=False)


@dataclass(frozen=True)
class Gauge:
    """`filled` of `length` spaces taken, `marked` spaces (0-based) shown in their own colour, and a
    clock hand at `clock` of `clock_hours` (None: no clock)."""

    length: int
    filled: int
    marked: tuple[int, ...] = ()
    clock: int | None = None
    clock_hours: int = 12
    alert: Alert | None = None
    kind: Literal["gauge"] = field(default="gauge", init=False)


@dataclass(frozen=True)
class SeatLevels:
    """Each seat's level out of `maximum`, one arc per seat in seat order; `active` is the seat
    (index) whose arc is brightest; `colours` are palette names (default: the seat colours)."""

    levels: tuple[int, ...]
    maximum: int = 10
    active: int | None = None
    colours: tuple[str, ...] = SEAT_COLOURS
    alert: Alert | None = None
    kind: Literal["seat_levels"] = field(default="seat_levels", init=False)


@dataclass(frozen=True)
class Counter:
    value: int
    maximum: int
    colour: str
    #: the colour the rest of its arc glows in (None: its own): a white counter that belongs to a seat
    #: (Dungeon Twister's action points) shows whose it is there, without taking that seat's colour
    faint: str | None = None


@dataclass(frozen=True)
class Counters:
    """A few counters, the ring split into one arc each, `value` of `maximum` lit in the colour."""

    counters: tuple[Counter, ...]
    alert: Alert | None = None
    kind: Literal["counters"] = field(default="counters", init=False)


@dataclass(frozen=True)
class Blank:
    alert: Alert | None = None
    kind: Literal["blank"] = field(default="blank", init=False)


RingView = Track | Gauge | SeatLevels | Counters | Blank
KINDS: dict[str, type] = {cls.kind: cls for cls in (Track, Gauge, SeatLevels, Counters, Blank)}


def ring_json(view: RingView) -> dict[str, Any]:
    """The view as JSON, its kind first (what headless `ring` answers)."""
    data = asdict(view)
    if data.get("alert") and data["alert"]["space"] is None:  # a whole-ring alert: its JSON stays as it always was
        del data["alert"]["space"]
    for counter in data.get("counters", ()):  # a counter glowing in its own colour: likewise
        if counter["faint"] is None:
            del counter["faint"]
    return {"kind": data.pop("kind"), **data}
