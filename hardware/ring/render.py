"""Ring views -> LED frames: pure, no I/O. `render(view, led_count)` is the only entry point.

A game's `ring_view(state)` says *what* the ring means ({"kind": "track", ...}); this module says
*how* that looks on N pixels. The client (client.py) and the simulator (sim.py) take the result.

Colours (sent as is; the firmware applies gamma, brightness and the current cap):

    BOTTOM_RED    position 0, the red moon: reaching it loses
    TOP_VIOLET    the top of the track, where the moon cannot rise past
    MOON_LIT      positions between the bottom and the moon: how much moon is left (cool blue)
    MARKER        the moon itself: the brightest pixel(s) on the ring
    DANGER_AMBER  while a red moon lies open: the positions the moon would fall through
    UNLIT         positions above the moon (barely lit, so the ring reads as one track)
    UNKNOWN_DIM   a view kind this module does not know: the whole ring dim grey

Animations (the firmware's ANIM, run over the frame):

    alert "red_moon" -> flash ALERT_RED 3 times, then the frame (with its amber danger zone)
    alert "lost"     -> pulse ALERT_RED, LOST_PULSE_MS per beat, until the next frame
    alert "won"      -> spin WON_GOLD, one turn per WON_SPIN_MS, until the next frame

How track positions are spread over the LEDs: position 0 sits at LED 0 and positions rise in LED
order (clockwise on the usual ring), the whole track spanning the whole ring once. LED i stands for
the positions from floor(i*L/N) up to (not including) floor((i+1)*L/N), at least one, where L is the
track length and N the LED count. So with L <= N every position owns an arc of N//L or N//L + 1
LEDs; with L > N each LED stands for one or more neighbouring positions, and the LED holding the
moon shows the marker (the marker wins over the red bottom or the top sharing its LED).
"""
from __future__ import annotations

from dataclasses import dataclass

Pixel = tuple[int, int, int]

BOTTOM_RED: Pixel = (255, 0, 0)
TOP_VIOLET: Pixel = (140, 0, 255)
MOON_LIT: Pixel = (0, 70, 200)
MARKER: Pixel = (255, 255, 255)
DANGER_AMBER: Pixel = (255, 110, 0)
UNLIT: Pixel = (3, 3, 8)
UNKNOWN_DIM: Pixel = (12, 12, 12)

ALERT_RED = "FF0000"
WON_GOLD = "FFC000"
RED_MOON_FLASHES = 3
LOST_PULSE_MS = 1200
WON_SPIN_MS = 1500

MIN_LEDS, MAX_LEDS = 12, 60  # what the firmware supports


@dataclass(frozen=True)
class RingFrame:
    """What the ring should show: one (r, g, b) per LED, pixel 0 first, and the ANIM arguments to
    run over it (e.g. ("flash", "FF0000", "3")), or None for a still frame."""

    pixels: tuple[Pixel, ...]
    anim: tuple[str, ...] | None = None

    @property
    def led_count(self) -> int:
        return len(self.pixels)


def render(view: dict, led_count: int) -> RingFrame:
    """The frame for a game's ring view on a ring of `led_count` LEDs. Never raises for a view it
    does not understand: that is shown dim (the game goes on; the ring just says less)."""
    if not MIN_LEDS <= led_count <= MAX_LEDS:
        raise ValueError(f"a ring has {MIN_LEDS}..{MAX_LEDS} LEDs, not {led_count}")
    kind = view.get("kind") if isinstance(view, dict) else None
    renderer = _RENDERERS.get(kind, _render_unknown)
    try:
        return renderer(view, led_count)
    except (KeyError, TypeError, ValueError):  # a malformed view of a known kind
        return _render_unknown(view, led_count)


def _render_unknown(view, led_count: int) -> RingFrame:
    return RingFrame((UNKNOWN_DIM,) * led_count)


# ------------------------------------------------------------------------- "track" (Big Bang)

def _render_track(view: dict, led_count: int) -> RingFrame:
    length = max(1, int(view["track"]))
    moon = _clamp(int(view["moon"]), 0, length - 1)
    bottom = _clamp(int(view.get("bottom", 0)), 0, length - 1)
    top = _clamp(int(view.get("top", length - 1)), 0, length - 1)
    danger = max(0, int(view.get("danger") or 0))
    falls_through = range(max(bottom, moon - danger), moon)  # where an open red moon would drop it
    pixels = []
    for led in range(led_count):
        here = positions_of_led(led, led_count, length)
        pixels.append(_track_colour(here, moon, bottom, top, falls_through))
    return RingFrame(tuple(pixels), _track_anim(view.get("alert")))


def positions_of_led(led: int, led_count: int, length: int) -> range:
    """The track positions LED `led` stands for (see the module docstring)."""
    first = led * length // led_count
    end = (led + 1) * length // led_count
    return range(first, max(first + 1, end))


def _track_colour(here: range, moon: int, bottom: int, top: int, falls_through: range) -> Pixel:
    if moon in here:
        return MARKER
    if bottom in here:
        return BOTTOM_RED
    if top in here:
        return TOP_VIOLET
    if any(p in falls_through for p in here):
        return DANGER_AMBER
    if here.start < moon:
        return MOON_LIT
    return UNLIT


def _track_anim(alert) -> tuple[str, ...] | None:
    if alert == "red_moon":
        return ("flash", ALERT_RED, str(RED_MOON_FLASHES))
    if alert == "lost":
        return ("pulse", ALERT_RED, str(LOST_PULSE_MS))
    if alert == "won":
        return ("spin", WON_GOLD, str(WON_SPIN_MS))
    return None


def _clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


_RENDERERS = {"track": _render_track}
