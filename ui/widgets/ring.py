"""Rings on the screen: a `Track` ring view drawn as numbered dots the way the LED ring lights it,
and the live preview of the (simulated) ring's pixels. Colours come from the one palette."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import flet as ft

from companion.i18n import _
from companion.palette import colour
from companion.ring import Track
from ui.widgets.common import BODY, CAPTION, MUTED, figure, hexcolour

if TYPE_CHECKING:
    from ui.ports import RingFramePort

#: roles whose dots are light: their numbers are written in black
_LIGHT_ROLES = ("marker", "warning", "gold", "clock")


def around(count: int, size: float, dot: float, index: int) -> tuple[float, float]:
    """Top-left corner of dot `index` of `count` spread round a circle; index 0 at the bottom, rising clockwise."""
    radius = (size - dot) / 2
    angle = math.pi / 2 + 2 * math.pi * index / count  # screen y grows downwards: pi/2 is the bottom
    return radius + radius * math.cos(angle), radius + radius * math.sin(angle)


def track_role(track: Track, position: int) -> str:
    """The palette role of one position, as the ring renderer lights it: the marker, the losing
    bottom, what an imminent drop would cost, the top, the part below the marker, the rest."""
    if position == track.position:
        return "marker"
    if position == track.bottom:
        return "danger"
    if track.danger and track.position - track.danger <= position < track.position:
        return "warning"
    if track.top is not None and position == track.top:
        return "top"
    return "lit" if position < track.position else "unlit"


def track_dial(track: Track, caption: str, size: int = 230, label: str = "") -> ft.Control:
    """Every position as a dot round a circle (numbered where it matters: the marker, the bottom, the top),
    the marker big and white, its number large in the middle under `caption` ("Moon")."""
    count = max(track.length, 1)
    dot = max(22, min(40, int(size * 2.6 / count)))
    dots = []
    for position in range(track.length):
        is_marker = position == track.position
        d = dot + 8 if is_marker else dot
        left, top = around(count, size, dot, position)
        role = track_role(track, position)
        # a number only where it tells something (the marker, the bottom, the top): one in every small dot would
        # be too small to read from a chair, and the marker's number stands large in the middle
        numbered = role in ("marker", "danger", "top")
        dots.append(ft.Container(
            content=ft.Text(str(position), size=BODY, weight=ft.FontWeight.BOLD,
                            color="#000000" if role in _LIGHT_ROLES else "#ffffff") if numbered else None,
            width=d, height=d, left=left - (d - dot) / 2, top=top - (d - dot) / 2,
            bgcolor=colour(role).screen, shape=ft.BoxShape.CIRCLE, alignment=ft.Alignment.CENTER,
            border=ft.Border.all(3, colour("gold").screen) if is_marker else None,
        ))
    near_bottom = track.position - track.bottom <= 2
    centre = ft.Container(
        content=ft.Column([
            ft.Text(caption, size=CAPTION, color=MUTED),
            figure(str(track.position), "moon", size=54, color=colour("danger").screen if near_bottom else "#ffffff"),
            ft.Text(_("of {top}").format(top=track.top if track.top is not None else track.length - 1), size=CAPTION, color=MUTED),
        ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=0, tight=True),
        left=0, top=0, width=size, height=size, alignment=ft.Alignment.CENTER,
    )
    return ft.Semantics(label=label or None, content=ft.Stack([*dots, centre], width=size, height=size))


class RingPreview:
    """The LEDs of the ring as coloured circles; `show(frame)` recolours them in place."""

    def __init__(self, led_count: int = 24, size: int = 180):
        self.size = size
        dot = max(8, int(size * 2.4 / led_count))
        self.leds: list[ft.Container] = []
        for i in range(led_count):
            left, top = around(led_count, size, dot, i)
            self.leds.append(ft.Container(width=dot, height=dot, left=left, top=top, bgcolor="#000000", shape=ft.BoxShape.CIRCLE,
                                          border=ft.Border.all(1, "#444444")))
        self.caption = ft.Text("", size=CAPTION, color=MUTED, text_align=ft.TextAlign.CENTER)
        self.control = ft.Column([
            ft.Semantics(label=_("Ring preview"), content=ft.Stack([*self.leds], width=size, height=size)),
            self.caption,
        ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=4, tight=True)

    def show(self, frame: RingFramePort | None) -> None:
        """`frame` has `pixels` ((r, g, b) per LED) and `anim` (the animation's words, or None)."""
        if frame is None:
            return
        pixels = list(frame.pixels)
        if not pixels:
            return
        if len(pixels) != len(self.leds):  # a ring of another size: spread what we have
            pixels = [pixels[i * len(pixels) // len(self.leds)] for i in range(len(self.leds))]
        for led, pixel in zip(self.leds, pixels, strict=True):
            led.bgcolor = hexcolour(pixel)
        anim = getattr(frame, "anim", None)
        self.caption.value = _("animation: {anim}").format(anim=" ".join(anim)) if anim else ""

    def colours(self) -> list[str]:
        return [str(led.bgcolor) for led in self.leds]
