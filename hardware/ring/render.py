"""Ring views -> LED frames: pure, no I/O. `render(view, led_count)` is the only entry point.

A game's `ring(state)` says *what* the ring means, as one of the typed kinds of `companion.ring`;
this module says *how* each kind looks on N pixels. It knows kinds, never a game. Every colour is
a palette name (`companion.palette`), sent as its LED rendition; the firmware adds gamma,
brightness and its current cap. Every kind starts at LED 0; indices rise clockwise on the usual
ring (mount it with LED 0 at the bottom).

Track — a marker on a track (Big Bang's moon). Positions spread over the ring once (below):
    danger   the bottom position: reaching it loses (the red moon)
    top      the top position, which the marker cannot pass
    lit      the positions from the bottom up to the marker (how much is left)
    marker   the marker, the brightest pixels (it wins over the bottom or top sharing its LED)
    warning  positions from `position - danger` up to the marker: what an imminent drop costs
    unlit    the positions above the marker

Gauge — a track that fills up (Elder Sign's doom track, and its clock). Spaces spread like a
track's positions and fill from LED 0 clockwise:
    lit      filled spaces; all of them "danger" once the gauge is full
    marker   the next space to fill
    mark     marked spaces not filled yet (monster icons)
    danger   the last space, while it is empty and unmarked: where filling up ends
    unlit    the other empty spaces
    clock    the clock hand, over everything: the one LED `clock / clock_hours` of the way round
             (LED floor(clock * N / clock_hours), the hour taken modulo clock_hours)

SeatLevels — one arc per seat (Munchkin's levels). The ring is cut into equal arcs (below), seat 1
from LED 0; each arc fills clockwise from its first LED to level/maximum in the seat's colour
(`colours`, palette names, repeating; none given: the seat colours). Where the shortest arc has
fewer LEDs than levels, every level still lights its own pattern: a white ("marker") LED counts
`pip_levels` levels — 5 where that fits, else the fewest that does (on 24 LEDs: 5 for 3 or 4
seats, 3 for 5 or 6) — and the arc shows the white LEDs first, then one LED in the seat's colour
per level left over (level 8 by fives: one white, three coloured); the maximum fills the arc in the
seat's colour. With an `active` seat, its lit part shows at full brightness and its unlit part
faintly in its colour, so its arc shows even at level 0, while the other seats' lit parts drop to
half brightness and their unlit parts are "unlit". With no active seat every lit part is at full
brightness.

Counters — a few counters (Dungeon Twister's action and victory points), one arc each, cut and
filled like the seats' arcs to value/maximum in the counter's colour; the unlit part of every arc
is faintly in its colour (or in its `faint` colour: the white AP of the seat whose turn it is), so
each counter shows where its arc lies even at 0.

Blank — every LED "unlit". A SeatLevels or Counters with nothing in it looks the same.

How much of an arc a value lights (counters, and seats whose levels each have LEDs enough):
ceil(value * arc / maximum) LEDs, but never the whole arc below the maximum. So 0 is dark, any
value above 0 lights at least one LED (on an arc of one LED that is all it can say), only the
maximum fills the arc, and with maximum <= arc each of the `maximum` segments owns its own LEDs
(arc // maximum or one more).

Alerts (any kind) become the firmware's ANIM, run over the frame until the next frame:
    flash <colour> <count>   count clamped to 1..100
    pulse <colour> <period>  one beat per period_ms, clamped to 50..10000; an alert with a `space`
                             (Track, Gauge) adds `<first> <count>`: only that space's LEDs beat
    spin  <colour> <period>  one turn per period_ms, clamped to 50..10000
An effect this module does not know (from a newer core) leaves the frame still.

Never raises for a view: a view of no known kind, or one with a field of the wrong type or with no
sensible reading (a length or maximum below 1, an active seat that is not there, more arcs than
LEDs), is every LED dim "unknown", no animation: the game goes on, the ring just says less. A number
merely out of range is clamped (a marker past the top sits on the top; a level above the maximum
fills its arc).

Spreading positions over LEDs (tracks and gauges): position 0 sits at LED 0 and the track spans the
ring once. LED i stands for the positions from floor(i*L/N) up to (not including) floor((i+1)*L/N),
at least one, where L is the length and N the LED count. So with L <= N every position owns an arc
of N//L or N//L + 1 LEDs; with L > N an LED stands for one or more neighbouring positions.
Arcs of the ring (seats, counters): arc k of K is LEDs floor(k*N/K) up to floor((k+1)*N/K).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion import palette
from companion.ring import Alert, Blank, Counters, Gauge, RingView, SeatLevels, Track

Pixel = tuple[int, int, int]

MIN_LEDS, MAX_LEDS = 12, 60  # what the firmware supports
FLASH_COUNTS = (1, 100)      # what the firmware's ANIM takes
PERIODS_MS = (50, 10_000)
INACTIVE_SEAT_BRIGHTNESS = 0.5  # the lit part of a seat that is not acting (≈ a fifth of the light after gamma)
FAINT_BRIGHTNESS = 0.25         # an arc's unlit part shown in its colour (≈ a twentieth after gamma)
ANIMATIONS = ("flash", "pulse", "spin")


@dataclass(frozen=True)
class RingFrame:
    """What the ring should show: one (r, g, b) per LED, pixel 0 first, and the ANIM arguments to
    run over it (e.g. ("flash", "FF0000", "3")), or None for a still frame."""

    pixels: tuple[Pixel, ...]
    anim: tuple[str, ...] | None = None

    @property
    def led_count(self) -> int:
        return len(self.pixels)


class MalformedViewError(ValueError):
    """A view field with the wrong type or no sensible reading: the view is shown dim."""


def render(view: RingView, led_count: int) -> RingFrame:
    """The frame for a ring view on a ring of `led_count` LEDs (ValueError outside 12..60, a
    programming error). Never raises for the view itself: see the module docstring."""
    if isinstance(led_count, bool) or not isinstance(led_count, int) or not MIN_LEDS <= led_count <= MAX_LEDS:
        raise ValueError(f"a ring has {MIN_LEDS}..{MAX_LEDS} LEDs, not {led_count!r}")
    draw = _KINDS.get(type(view))
    if draw is None:
        return unknown_frame(led_count)
    try:
        return RingFrame(draw(view, led_count), _anim(view.alert, _space_leds(view, led_count)))
    except (ValueError, TypeError, AttributeError, KeyError, IndexError):  # a malformed view of a known kind (MalformedViewError is a ValueError)
        return unknown_frame(led_count)


#: LEDs at the top of the ring that show where the buttons are in a menu
CURSOR_LEDS = 7


def with_cursor(frame: RingFrame, position: int, items: int) -> RingFrame:
    """The frame with the buttons' place in a menu shown at the top of the ring: up to CURSOR_LEDS
    dim dots, one per item (a longer menu shares the dots), the one pointed at bright white."""
    led_count = frame.led_count
    dots = max(1, min(items, CURSOR_LEDS))
    top = led_count // 2  # LED 0 is at the bottom of the ring
    first = top - dots // 2
    chosen = min(dots - 1, position * dots // max(1, items))
    pixels = list(frame.pixels)
    for slot in range(dots):
        pixels[(first + slot) % led_count] = _led("marker") if slot == chosen else _scaled(_led("marker"), 0.12)
    return RingFrame(tuple(pixels), frame.anim)


def unknown_frame(led_count: int) -> RingFrame:
    """Every LED dim grey, still: a view the renderer cannot read."""
    return RingFrame((_led("unknown"),) * led_count)


# ------------------------------------------------------------------------------------------- Track

def _track(view: Track, led_count: int) -> tuple[Pixel, ...]:
    length = _whole(view.length, low=1)
    marker = _clamp(_whole(view.position), 0, length - 1)
    bottom = _clamp(_whole(view.bottom), 0, length - 1)
    top = _clamp(_whole(view.top) if view.top is not None else length - 1, 0, length - 1)
    drop = range(max(bottom, marker - max(0, _whole(view.danger))), marker)  # where an imminent drop would take it
    return tuple(_led(_track_role(positions_of_led(led, led_count, length), marker, bottom, top, drop))
                 for led in range(led_count))


def _track_role(here: range, marker: int, bottom: int, top: int, drop: range) -> str:
    if marker in here:
        return "marker"
    if bottom in here:
        return "danger"
    if top in here:
        return "top"
    if _overlaps(here, drop):
        return "warning"
    if here.start < marker:
        return "lit"
    return "unlit"


def positions_of_led(led: int, led_count: int, length: int) -> range:
    """The track positions (or gauge spaces) LED `led` stands for (see the module docstring)."""
    first = led * length // led_count
    end = (led + 1) * length // led_count
    return range(first, max(first + 1, end))


# ------------------------------------------------------------------------------------------- Gauge

def _gauge(view: Gauge, led_count: int) -> tuple[Pixel, ...]:
    length = _whole(view.length, low=1)
    filled = _clamp(_whole(view.filled), 0, length)
    marked = frozenset(_whole(space) for space in view.marked)
    pixels = [_led(_gauge_role(positions_of_led(led, led_count, length), filled, length, marked))
              for led in range(led_count)]
    if view.clock is not None:
        pixels[_clock_led(_whole(view.clock), _whole(view.clock_hours, low=1), led_count)] = _led("clock")
    return tuple(pixels)


def _gauge_role(here: range, filled: int, length: int, marked: frozenset[int]) -> str:
    if filled < length and filled in here:
        return "marker"
    if here.start < filled:
        return "danger" if filled == length else "lit"
    if any(space in here for space in marked):
        return "mark"
    if length - 1 in here:
        return "danger"
    return "unlit"


def _clock_led(hour: int, hours: int, led_count: int) -> int:
    return (hour % hours) * led_count // hours


# -------------------------------------------------------------------------------------- SeatLevels

def _seat_levels(view: SeatLevels, led_count: int) -> tuple[Pixel, ...]:
    levels = [_whole(level) for level in view.levels]
    maximum = _whole(view.maximum, low=1)
    active = None if view.active is None else _whole(view.active)
    if active is not None and not 0 <= active < len(levels):
        raise MalformedViewError(f"there is no seat {active} of {len(levels)}")
    names = _names(view.colours) or palette.SEAT_COLOURS
    pixels = [_led("unlit")] * led_count
    arcs = _arcs(len(levels), led_count)
    pip = pip_levels(min((len(arc) for arc in arcs), default=0), maximum)
    for seat, (arc, level) in enumerate(zip(arcs, levels, strict=True)):
        colour = palette.colour(names[seat % len(names)]).led
        shade = 1.0 if active in (None, seat) else INACTIVE_SEAT_BRIGHTNESS
        unlit_colour = _scaled(colour, FAINT_BRIGHTNESS) if active == seat else _led("unlit")
        if pip is None or level >= maximum:  # only the maximum fills the arc, in the seat's colour
            _paint_arc(pixels, arc, _lit_count(level, maximum, len(arc)), _scaled(colour, shade), unlit_colour)
        else:
            pips, ones = divmod(max(0, level), pip)
            _paint_arc(pixels, arc, pips + ones, _scaled(colour, shade), unlit_colour)
            _paint_arc(pixels, arc[:pips], pips, _scaled(_led(PIP), shade), unlit_colour)
    return tuple(pixels)


#: the colour of a LED that counts several levels (no seat has it)
PIP = "marker"


def pip_levels(arc: int, maximum: int) -> int | None:
    """How many levels a white LED counts when an arc of `arc` LEDs cannot give every level 0..maximum
    its own count of LEDs: 5 where that fits (a tally's five), else the fewest that lets every level
    below the maximum show as white LEDs then coloured ones within the arc, fewer coloured than the
    arc has (the whole arc in colour is the maximum's); None when one LED a level fits (or nothing
    does: the arc then shows its share of the maximum, as counters do)."""
    if maximum <= arc:
        return None

    def fits(pip: int) -> bool:
        return pip <= arc and all(level // pip + level % pip <= arc for level in range(maximum))

    return next((pip for pip in (5, *range(2, maximum + 1)) if fits(pip)), None)


# ---------------------------------------------------------------------------------------- Counters

def _counters(view: Counters, led_count: int) -> tuple[Pixel, ...]:
    counters = view.counters
    pixels = [_led("unlit")] * led_count
    for arc, counter in zip(_arcs(len(counters), led_count), counters, strict=True):
        colour = palette.colour(_name(counter.colour)).led
        faint = colour if counter.faint is None else palette.colour(_name(counter.faint)).led
        lit = _lit_count(_whole(counter.value), _whole(counter.maximum, low=1), len(arc))
        _paint_arc(pixels, arc, lit, colour, _scaled(faint, FAINT_BRIGHTNESS))
    return tuple(pixels)


# ------------------------------------------------------------------------------------------- Blank

def _blank(view: Blank, led_count: int) -> tuple[Pixel, ...]:
    return (_led("unlit"),) * led_count


# ------------------------------------------------------------------------------------ arcs, alerts

def _arcs(count: int, led_count: int) -> list[range]:
    """The ring cut into `count` arcs of (nearly) equal length, the first from LED 0."""
    if count > led_count:
        raise MalformedViewError(f"{count} arcs do not fit on {led_count} LEDs")
    return [range(k * led_count // count, (k + 1) * led_count // count) for k in range(count)]


def _lit_count(value: int, maximum: int, arc: int) -> int:
    """How many LEDs of an arc of `arc` show value/maximum (see the module docstring)."""
    value = _clamp(value, 0, maximum)
    lit = -(-value * arc // maximum)  # ceil
    return min(lit, arc - 1) if value < maximum and arc > 1 else lit


def _paint_arc(pixels: list[Pixel], arc: range, lit: int, lit_colour: Pixel, unlit_colour: Pixel) -> None:
    for i, led in enumerate(arc):
        pixels[led] = lit_colour if i < lit else unlit_colour


def _space_leds(view: RingView, led_count: int) -> range | None:
    """The LEDs that show the alert's `space` of a Track or Gauge (None: no space, or another kind)."""
    alert = getattr(view, "alert", None)
    if alert is None or alert.space is None or not isinstance(view, (Track, Gauge)):
        return None
    length, space = _whole(view.length, low=1), _whole(alert.space)
    leds = [led for led in range(led_count) if space in positions_of_led(led, led_count, length)]
    return range(leds[0], leds[-1] + 1) if leds else None


def _anim(alert: Alert | None, leds: range | None = None) -> tuple[str, ...] | None:
    """The firmware's ANIM arguments for an alert (None: a still frame); a pulse on `leds` only
    adds their first LED and count."""
    if alert is None or alert.effect not in ANIMATIONS:
        return None
    colour = palette.colour(_name(alert.colour)).led_hex
    if alert.effect == "flash":
        return ("flash", colour, str(_clamp(_whole(alert.count), *FLASH_COUNTS)))
    args = (alert.effect, colour, str(_clamp(_whole(alert.period_ms), *PERIODS_MS)))
    if alert.effect == "pulse" and leds is not None:
        return (*args, str(leds.start), str(len(leds)))
    return args


# ----------------------------------------------------------------------------------------- helpers

def _led(name: str) -> Pixel:
    return palette.colour(name).led


def _scaled(colour: Pixel, factor: float) -> Pixel:
    r, g, b = (round(channel * factor) for channel in colour)
    return r, g, b


def _whole(value: object, low: int | None = None) -> int:
    """`value` as a whole number (at least `low`), or MalformedViewError."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedViewError(f"{value!r} is not a whole number")
    if low is not None and value < low:
        raise MalformedViewError(f"{value} is below {low}")
    return value


def _name(value: object) -> str:
    """A palette colour name, or MalformedViewError (an unknown name is the palette's own "unknown" grey)."""
    if not isinstance(value, str):
        raise MalformedViewError(f"{value!r} is not a colour name")
    return value


def _names(values: object) -> tuple[str, ...]:
    """A sequence of palette colour names (one name alone is not one), or MalformedViewError."""
    if isinstance(values, str) or not isinstance(values, Sequence):
        raise MalformedViewError(f"{values!r} is not a sequence of colour names")
    return tuple(_name(value) for value in values)


def _clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def _overlaps(a: range, b: range) -> bool:
    return max(a.start, b.start) < min(a.stop, b.stop)


_KINDS: dict[type, Callable[[Any, int], tuple[Pixel, ...]]] = {
    Track: _track, Gauge: _gauge, SeatLevels: _seat_levels, Counters: _counters, Blank: _blank,
}
