"""The one palette: every named colour the companion shows, on the screen and on the LED ring.

A colour has two renditions because a WS2812 LED and a screen pixel differ: saturated channels read
well on an LED, softer Material tones on a dark screen. Games, the ring renderer, the ring preview,
the status LED and the UI all take their colours from here, by name.
"""
from __future__ import annotations

from dataclasses import dataclass

Rgb = tuple[int, int, int]


@dataclass(frozen=True)
class Colour:
    name: str
    #: "#rrggbb" for the screen
    screen: str
    #: (r, g, b) as sent to the ring; the firmware applies gamma, brightness and the current cap
    led: Rgb

    @property
    def led_hex(self) -> str:
        """RRGGBB, as the firmware's ANIM verbs take a colour."""
        return "{:02X}{:02X}{:02X}".format(*self.led)


COLOURS: dict[str, Colour] = {c.name: c for c in (
    # roles on a track or gauge
    Colour("danger", "#ff1f1f", (255, 0, 0)),       # the losing end: the red moon, a full doom track
    Colour("top", "#8c00ff", (140, 0, 255)),        # the end a track cannot pass
    Colour("lit", "#1565c0", (0, 70, 200)),         # the part of a track that is "yours"
    Colour("marker", "#ffffff", (255, 255, 255)),   # the one position that matters most
    Colour("warning", "#ff8f00", (255, 110, 0)),    # what is about to be lost
    Colour("unlit", "#2a2f3a", (3, 3, 8)),          # the rest of a track, barely lit so it reads as one
    Colour("unknown", "#424242", (12, 12, 12)),     # a view the renderer does not know
    Colour("gold", "#ffc400", (255, 192, 0)),       # a win
    Colour("mark", "#ab47bc", (120, 0, 160)),       # a marked space on a gauge (Elder Sign's monster icons)
    Colour("clock", "#fff59d", (255, 230, 120)),    # a clock hand
    Colour("ok", "#66bb6a", (0, 200, 40)),          # a blip: the step was applied
    Colour("scan", "#4fc3f7", (0, 110, 255)),       # a blip: a card was read
    # the faces of Elder Sign's dice, each die an arc when the companion rolls them
    Colour("investigation", "#fff3e0", (255, 170, 90)),  # a share of its arc for each point: 1 to 4
    Colour("lore", "#4fc3f7", (0, 150, 255)),
    Colour("peril", "#ff7043", (255, 40, 0)),
    Colour("terror", "#9ccc65", (60, 255, 0)),
    Colour("wild", "#ce93d8", (200, 0, 255)),
    # the seats, in seat order (a table of up to 6)
    Colour("red", "#e53935", (255, 0, 0)),
    Colour("blue", "#1e88e5", (0, 60, 255)),
    Colour("green", "#43a047", (0, 200, 40)),
    Colour("yellow", "#fdd835", (255, 200, 0)),
    Colour("purple", "#8e24aa", (150, 0, 200)),
    Colour("orange", "#fb8c00", (255, 90, 0)),
)}

SEAT_COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple", "orange")


def colour(name: str) -> Colour:
    """The named colour; an unknown name is the "unknown" grey, never an error (a view must not crash)."""
    return COLOURS.get(name, COLOURS["unknown"])


def seat_colour(index: int) -> Colour:
    """The colour of the seat at `index` (0-based), repeating after six."""
    return COLOURS[SEAT_COLOURS[index % len(SEAT_COLOURS)]]


def hex_to_rgb(value: str) -> Rgb:
    """"#e53935" -> (229, 57, 53)."""
    return int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16)
