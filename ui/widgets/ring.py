"""The moon track drawn like the LED ring, and the live preview of the (simulated) ring's pixels."""
from __future__ import annotations

import math

import flet as ft

from companion.i18n import _
from ui.widgets.common import hexcolour

RED = "#ff1f1f"
VIOLET = "#8c00ff"
LIT = "#1565c0"
MARKER = "#ffffff"
AMBER = "#ff8f00"
UNLIT = "#2a2f3a"


def _around(count: int, size: float, dot: float, index: int) -> tuple[float, float]:
    """Top-left corner of dot `index` of `count` spread round a circle; index 0 at the bottom, rising clockwise."""
    radius = (size - dot) / 2
    angle = math.pi / 2 + 2 * math.pi * index / count  # screen y grows downwards: pi/2 is the bottom
    return radius + radius * math.cos(angle), radius + radius * math.sin(angle)


def position_colour(position: int, moon: int, top: int, danger: int = 0) -> str:
    if position == moon:
        return MARKER
    if position == 0:
        return RED
    if danger and moon - danger <= position < moon:
        return AMBER
    if position == top:
        return VIOLET
    return LIT if position < moon else UNLIT


def moon_track(view: dict, size: int = 230) -> ft.Control:
    """Every track position as a numbered dot round a circle, the moon big and white, the red
    moon (0) red, the top violet, the positions the moon would fall through amber while a red moon
    lies open; the moon's number large in the middle."""
    track, moon = view["track"], view["moon"]
    length, top = track["length"], track["top"]
    danger = view.get("danger_on_board", 0) if view.get("red_moon") else 0
    dot = max(22, min(40, int(size * 2.6 / length)))
    dots = []
    for position in range(length):
        is_moon = position == moon
        d = dot + 8 if is_moon else dot
        left, top_px = _around(length, size, dot, position)
        colour = position_colour(position, moon, top, danger)
        dots.append(ft.Container(
            content=ft.Text(str(position), size=13 if not is_moon else 16, weight=ft.FontWeight.BOLD,
                            color="#000000" if colour in (MARKER, AMBER) else "#ffffff"),
            width=d, height=d, left=left - (d - dot) / 2, top=top_px - (d - dot) / 2,
            bgcolor=colour, shape=ft.BoxShape.CIRCLE, alignment=ft.Alignment.CENTER,
            border=ft.Border.all(3, "#ffd54f") if is_moon else None,
        ))
    centre = ft.Container(
        content=ft.Column([
            ft.Text(_("Moon"), size=15, color="#b0bec5"),
            ft.Text(str(moon), size=54, weight=ft.FontWeight.BOLD, color=RED if moon <= 2 else "#ffffff"),
            ft.Text(_("of {top}").format(top=top), size=14, color="#b0bec5"),
        ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=0, tight=True),
        left=0, top=0, width=size, height=size, alignment=ft.Alignment.CENTER,
    )
    return ft.Semantics(label=_("Moon track: {moon} of {top}").format(moon=moon, top=top),
                        content=ft.Stack([*dots, centre], width=size, height=size))


class RingPreview:
    """The LEDs of the ring as coloured circles; `show(frame)` recolours them in place."""

    def __init__(self, led_count: int = 24, size: int = 180):
        self.size = size
        dot = max(8, int(size * 2.4 / led_count))
        self.leds = []
        for i in range(led_count):
            left, top = _around(led_count, size, dot, i)
            self.leds.append(ft.Container(width=dot, height=dot, left=left, top=top, bgcolor="#000000", shape=ft.BoxShape.CIRCLE,
                                          border=ft.Border.all(1, "#444444")))
        self.caption = ft.Text("", size=13, color="#b0bec5", text_align=ft.TextAlign.CENTER)
        self.control = ft.Column([
            ft.Semantics(label=_("Ring preview"), content=ft.Stack(self.leds, width=size, height=size)),
            self.caption,
        ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=4, tight=True)

    def show(self, frame) -> None:
        if frame is None:
            return
        pixels = frame.pixels
        if len(pixels) != len(self.leds):  # a ring of another size: spread what we have
            pixels = [pixels[i * len(pixels) // len(self.leds)] for i in range(len(self.leds))]
        for led, pixel in zip(self.leds, pixels):
            led.bgcolor = hexcolour(pixel)
        self.caption.value = _("animation: {anim}").format(anim=" ".join(frame.anim)) if frame.anim else ""

    def colours(self) -> list[str]:
        return [led.bgcolor for led in self.leds]
