"""Draw the frames of every kind of ring view as rings of coloured dots: docs/ring-frames.png.

    python tools/render_ring_frames.py [OUT.png]

The views are typed `companion.ring` views built here (no game is imported): a Big Bang-like moon
track, an Elder Sign-like doom gauge with its clock, Munchkin-like levels of six and of three seats
(a white LED counting three or five levels) and a fight, Dungeon Twister-like action and victory
points, Elder Sign-like dice the companion rolled, and alerts. Each is drawn through hardware.ring.render
itself, so the picture shows what the ring is sent today. Standard library only: a tiny canvas with
anti-aliased discs, a 5x7 bitmap font, and a PNG writer (zlib + struct). LED 0 is drawn at the
bottom, indices running clockwise (mount the ring that way round).
"""
from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion import palette  # noqa: E402
from companion.ring import Alert, Counter, Counters, Gauge, RingView, SeatLevels, Track  # noqa: E402
from hardware.ring.render import render  # noqa: E402

LEDS = 24
COLUMNS = 5
PANEL_W, PANEL_H = 320, 380
LEGEND_H = 70
RING_R, DOT_R = 92, 10
BACKGROUND = (28, 28, 34)
DOT_EDGE = (90, 90, 100)  # outline, so that dark LEDs still show as dots
TEXT = (225, 225, 230)
FAINT = (140, 140, 150)

Rgb = tuple[int, int, int]
RED_MOON = Alert("flash", "danger", count=3)


def moon(position: int, danger: int = 0, alert: Alert | None = None) -> Track:
    """A moon track like Big Bang's: 12 positions, the red moon at 0, the top at 11."""
    return Track(length=12, position=position, bottom=0, top=11, danger=danger, alert=alert)


# (title, what the centre says, the view)
PANELS: list[tuple[str, str, RingView]] = [
    ("TRACK: MOON 8", "TRACK 12", moon(8)),
    ("RED MOON: MOON 5, DANGER 2", "TRACK 12", moon(5, danger=2, alert=RED_MOON)),
    ("LOST: MOON 0", "TRACK 12", moon(0, alert=Alert("pulse", "danger", period_ms=1200))),
    ("WON: MOON 5", "TRACK 12", moon(5, alert=Alert("spin", "gold", period_ms=1500))),
    ("DOOM 5 OF 14, CLOCK 9", "GAUGE 14", Gauge(length=14, filled=5, marked=(3, 7, 11), clock=9, clock_hours=12)),
    ("DOOM FULL", "GAUGE 14", Gauge(length=14, filled=14, marked=(3, 7, 11), alert=Alert("pulse", "danger", period_ms=1200))),
    ("LEVELS 3 5 1 8 9 2", "6 SEATS", SeatLevels((3, 5, 1, 8, 9, 2), maximum=10, active=3)),
    ("LEVELS 4 5 9", "3 SEATS", SeatLevels((4, 5, 9), maximum=10, active=0)),
    ("FIGHT 5 (RED) VS 8", "2 COUNTERS", Counters((Counter(5, 8, "marker", faint="red"), Counter(8, 8, "danger")),
                                                          alert=Alert("pulse", "danger", period_ms=1500))),
    ("AP 3 OF 4, VP 1 AND 2", "3 COUNTERS", Counters((Counter(3, 4, "marker", faint="red"), Counter(1, 5, "red"), Counter(2, 5, "blue")))),
    ("DICE 1 3 L P T W", "6 DICE", Counters((Counter(1, 4, "investigation"), Counter(3, 4, "investigation"), Counter(1, 1, "lore"),
                                                           Counter(1, 1, "peril"), Counter(1, 1, "terror"), Counter(1, 1, "wild")))),
]

CAPTIONS = {"flash": "{arg} FLASHES, THEN STILL", "pulse": "A SLOW PULSE", "spin": "A SPIN"}

LEGEND = [  # palette roles
    ("danger", "DANGER"), ("lit", "LIT"), ("marker", "MARKER"), ("warning", "WOULD FALL"),
    ("unlit", "UNLIT"), ("top", "TOP"), ("mark", "MARKED"), ("clock", "CLOCK"),
]
SEAT_NOTE = "SEAT COLOURS: AN ARC A SEAT, THE ACTIVE ONE BRIGHT, ITS REST FAINT; A WHITE LED: SEVERAL LEVELS"


def anim_caption(anim: tuple[str, ...] | None) -> tuple[str, str]:
    """The ANIM line sent (if any) and what the table sees."""
    if anim is None:
        return "NO ANIM", "A STILL FRAME"
    name, colour, arg = anim
    return f"ANIM {name} {colour} {arg}", CAPTIONS[name].format(arg=arg)


# ------------------------------------------------------------------------- canvas

class Canvas:
    def __init__(self, width: int, height: int, colour: Rgb):
        self.w, self.h = width, height
        self.px = bytearray(bytes(colour) * (width * height))

    def blend(self, x: int, y: int, colour: Rgb, alpha: float) -> None:
        if not (0 <= x < self.w and 0 <= y < self.h) or alpha <= 0:
            return
        i = 3 * (y * self.w + x)
        a = min(1.0, alpha)
        for k in range(3):
            self.px[i + k] = round(self.px[i + k] * (1 - a) + colour[k] * a)

    def disc(self, cx: float, cy: float, radius: float, colour: Rgb) -> None:
        """A filled circle, edges anti-aliased by distance."""
        for y in range(int(cy - radius - 1), int(cy + radius + 2)):
            for x in range(int(cx - radius - 1), int(cx + radius + 2)):
                d = math.hypot(x + 0.5 - cx, y + 0.5 - cy)
                self.blend(x, y, colour, radius - d + 0.5)

    def circle(self, cx: float, cy: float, radius: float, width: float, colour: Rgb) -> None:
        """A circle outline `width` pixels wide."""
        outer = radius + width / 2
        for y in range(int(cy - outer - 1), int(cy + outer + 2)):
            for x in range(int(cx - outer - 1), int(cx + outer + 2)):
                d = math.hypot(x + 0.5 - cx, y + 0.5 - cy)
                self.blend(x, y, colour, width / 2 - abs(d - radius) + 0.5)

    def rect(self, x0: int, y0: int, w: int, h: int, colour: Rgb) -> None:
        for y in range(y0, y0 + h):
            for x in range(x0, x0 + w):
                self.blend(x, y, colour, 1)

    def text(self, x: int, y: int, s: str, colour: Rgb, scale: int = 2) -> None:
        for ch in s.upper():
            rows = FONT.get(ch, FONT["?"]).split()
            for j, row in enumerate(rows):
                for i, bit in enumerate(row):
                    if bit == "1":
                        self.rect(x + i * scale, y + j * scale, scale, scale, colour)
            x += 6 * scale

    def text_centred(self, cx: int, y: int, s: str, colour: Rgb, scale: int = 2) -> None:
        self.text(cx - (6 * len(s) - 1) * scale // 2, y, s, colour, scale)

    def png(self) -> bytes:
        raw = b"".join(b"\x00" + bytes(self.px[3 * y * self.w:3 * (y + 1) * self.w]) for y in range(self.h))

        def chunk(kind: bytes, data: bytes) -> bytes:
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

        header = struct.pack(">IIBBBBB", self.w, self.h, 8, 2, 0, 0, 0)  # 8-bit RGB
        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9))
                + chunk(b"IEND", b""))


# ------------------------------------------------------------------------- drawing

def led_xy(cx: float, cy: float, led: int) -> tuple[float, float]:
    """LED 0 at the bottom, clockwise on screen."""
    turn = 2 * math.pi * led / LEDS  # screen y grows downwards: bottom, left, top, right
    return cx - RING_R * math.sin(turn), cy + RING_R * math.cos(turn)


def draw_panel(c: Canvas, x0: int, y0: int, title: str, centre: str, view: RingView) -> None:
    frame = render(view, LEDS)
    cx, cy = x0 + PANEL_W // 2, y0 + 40 + RING_R + 24
    c.text_centred(cx, y0 + 14, title, TEXT)
    if frame.anim:  # a halo in the animation's colour
        c.circle(cx, cy, RING_R + DOT_R + 9, 3, palette.hex_to_rgb("#" + frame.anim[1]))
    for led, pixel in enumerate(frame.pixels):
        x, y = led_xy(cx, cy, led)
        c.disc(x, y, DOT_R + 1.5, DOT_EDGE)
        c.disc(x, y, DOT_R, pixel)
    x, y = led_xy(cx, cy, 0)
    c.text_centred(int(x), int(y - DOT_R - 24), "LED 0", FAINT)
    c.text_centred(cx, int(cy) - 16, centre, FAINT)
    c.text_centred(cx, int(cy) + 2, f"{LEDS} LEDS", FAINT)
    sent, seen = anim_caption(frame.anim)
    c.text_centred(cx, int(cy) + RING_R + 44, sent, TEXT)
    c.text_centred(cx, int(cy) + RING_R + 66, seen, FAINT)


def draw_legend(c: Canvas, y: int) -> None:
    x = 24
    for name, label in LEGEND:
        c.disc(x + 8, y + 7, 9.5, DOT_EDGE)
        c.disc(x + 8, y + 7, 8, palette.colour(name).led)
        c.text(x + 24, y, label, TEXT)
        x += 24 + 12 * len(label) + 30
    x = 24
    for name in palette.SEAT_COLOURS:
        c.disc(x + 8, y + 37, 9.5, DOT_EDGE)
        c.disc(x + 8, y + 37, 8, palette.colour(name).led)
        x += 24
    c.text(x + 8, y + 30, SEAT_NOTE, FAINT)


def draw() -> Canvas:
    rows = -(-len(PANELS) // COLUMNS)
    c = Canvas(PANEL_W * COLUMNS, PANEL_H * rows + LEGEND_H, BACKGROUND)
    for i, (title, centre, view) in enumerate(PANELS):
        draw_panel(c, (i % COLUMNS) * PANEL_W, (i // COLUMNS) * PANEL_H, title, centre, view)
    draw_legend(c, PANEL_H * rows + 8)
    return c


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "docs" / "ring-frames.png"
    out.write_bytes(draw().png())
    print(f"wrote {out}")
    return 0


# 5x7 bitmap font: seven rows of five pixels per character.
FONT = {
    "A": "01110 10001 10001 11111 10001 10001 10001", "B": "11110 10001 10001 11110 10001 10001 11110",
    "C": "01110 10001 10000 10000 10000 10001 01110", "D": "11110 10001 10001 10001 10001 10001 11110",
    "E": "11111 10000 10000 11110 10000 10000 11111", "F": "11111 10000 10000 11110 10000 10000 10000",
    "G": "01110 10001 10000 10111 10001 10001 01111", "H": "10001 10001 10001 11111 10001 10001 10001",
    "I": "01110 00100 00100 00100 00100 00100 01110", "J": "00111 00010 00010 00010 00010 10010 01100",
    "K": "10001 10010 10100 11000 10100 10010 10001", "L": "10000 10000 10000 10000 10000 10000 11111",
    "M": "10001 11011 10101 10101 10001 10001 10001", "N": "10001 10001 11001 10101 10011 10001 10001",
    "O": "01110 10001 10001 10001 10001 10001 01110", "P": "11110 10001 10001 11110 10000 10000 10000",
    "Q": "01110 10001 10001 10001 10101 10010 01101", "R": "11110 10001 10001 11110 10100 10010 10001",
    "S": "01111 10000 10000 01110 00001 00001 11110", "T": "11111 00100 00100 00100 00100 00100 00100",
    "U": "10001 10001 10001 10001 10001 10001 01110", "V": "10001 10001 10001 10001 10001 01010 00100",
    "W": "10001 10001 10001 10101 10101 10101 01010", "X": "10001 10001 01010 00100 01010 10001 10001",
    "Y": "10001 10001 10001 01010 00100 00100 00100", "Z": "11111 00001 00010 00100 01000 10000 11111",
    "0": "01110 10001 10011 10101 11001 10001 01110", "1": "00100 01100 00100 00100 00100 00100 01110",
    "2": "01110 10001 00001 00010 00100 01000 11111", "3": "11111 00010 00100 00010 00001 10001 01110",
    "4": "00010 00110 01010 10010 11111 00010 00010", "5": "11111 10000 11110 00001 00001 10001 01110",
    "6": "00110 01000 10000 11110 10001 10001 01110", "7": "11111 00001 00010 00100 01000 01000 01000",
    "8": "01110 10001 10001 01110 10001 10001 01110", "9": "01110 10001 10001 01111 00001 00010 01100",
    " ": "00000 00000 00000 00000 00000 00000 00000", ":": "00000 01100 01100 00000 01100 01100 00000",
    ",": "00000 00000 00000 00000 01100 00100 01000", ".": "00000 00000 00000 00000 00000 01100 01100",
    "-": "00000 00000 00000 11111 00000 00000 00000", "(": "00010 00100 01000 01000 01000 00100 00010",
    ")": "01000 00100 00010 00010 00010 00100 01000", "?": "01110 10001 00001 00010 00100 00000 00100",
    "/": "00001 00010 00010 00100 01000 01000 10000", ";": "00000 01100 01100 00000 01100 00100 01000",
}


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
