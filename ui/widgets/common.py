"""Small building blocks sized for a 7" 800×480 touchscreen read from a metre away."""
from __future__ import annotations

from typing import Callable

import flet as ft

FONT = "DejaVu Sans"
BIG = 22  # the prompt, numbers
MID = 17  # buttons, labels
SMALL = 14

#: player colours, the hardware config's defaults (the status LED shows the same)
PLAYER_COLOURS = ("#e53935", "#1e88e5", "#43a047", "#fdd835", "#8e24aa")


def text(value: str, size: int = MID, weight: ft.FontWeight | None = None, color: str | None = None, **kw) -> ft.Text:
    return ft.Text(value, size=size, weight=weight, color=color, **kw)


def button(label: str, on_click: Callable | None, *, icon=None, color: str | None = None, bgcolor: str | None = None,
           height: int = 52, width: int | None = None, expand: bool | int | None = None, disabled: bool = False,
           size: int = MID, data=None) -> ft.Button:
    """A big touch button (at least 52 px high: a fingertip at arm's length)."""
    return ft.Button(
        content=ft.Text(label, size=size, text_align=ft.TextAlign.CENTER),
        icon=icon,
        on_click=on_click,
        height=height,
        width=width,
        expand=expand,
        disabled=disabled,
        data=data,
        color=color,
        bgcolor=bgcolor,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=10), padding=ft.Padding.symmetric(horizontal=12, vertical=6)),
    )


def banner(message: str, colour: str, icon=ft.Icons.WARNING_AMBER_ROUNDED) -> ft.Container:
    """A full-width alert that matters: red moon, loss, win."""
    return ft.Container(
        content=ft.Row([ft.Icon(icon, color=ft.Colors.WHITE, size=30),
                        ft.Text(message, size=BIG, weight=ft.FontWeight.BOLD, color=ft.Colors.WHITE, expand=True)]),
        bgcolor=colour,
        padding=ft.Padding.symmetric(horizontal=12, vertical=6),
        border_radius=ft.BorderRadius.all(8),
    )


def card(content: ft.Control, *, bgcolor: str = "#1f2633", padding: int = 8, expand=None, width=None, height=None,
         border_colour: str | None = None) -> ft.Container:
    return ft.Container(content=content, bgcolor=bgcolor, padding=ft.Padding.all(padding), expand=expand, width=width,
                        height=height, border_radius=ft.BorderRadius.all(10),
                        border=ft.Border.all(3, border_colour) if border_colour else None)


def hexcolour(rgb: tuple[int, int, int]) -> str:
    r, g, b = rgb
    return f"#{r:02x}{g:02x}{b:02x}"
