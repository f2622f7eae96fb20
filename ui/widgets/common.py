"""Small building blocks sized for a 7" 800×480 touchscreen read from a metre away.

Every control a finger uses is at least `TOUCH` (48) px in both directions, and every handler goes
through `safe()`: a bug in one tap is a log line, never a crashed page (Flet shows a crashed
session as a dead screen).
"""
from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.contract import Seat
from companion.palette import colour, seat_colour
from ui.redraw import settle
from ui.widgets.fit import fitted_size

log = logging.getLogger(__name__)

FONT = "DejaVu Sans"
#: the type scale, px, for a 7" screen read from a metre away (the browser layout check holds every screen to it):
#: a key figure (moon, doom, clock, level, strength, AP, VP), a heading or the prompt, body text and buttons,
#: and a secondary caption — drawn in MUTED, the one colour that may be smaller than body text
FIGURE = 40
BIG = 22
MID = BODY = 18
SMALL = CAPTION = 16

#: how a table screen's main column scrolls: its scrollbar always shows while there is more than fits, a cue
#: that something lies below the fold (a hand, a location)
MORE_BELOW = ft.ScrollMode.ALWAYS

#: the smallest finger target, in px, both ways
TOUCH = 48
#: the height of an ordinary button: a fingertip at arm's length
BUTTON_HEIGHT = 56
#: a button's padding around its label (across, up and down), and the room its icon takes beside it
BUTTON_PADDING = (12, 4)
BUTTON_ICON = 18 + 8

PANEL = "#1f2633"
MUTED = "#b0bec5"
REFUSED = "#ef9a9a"
SELECTED_BG = "#3949ab"


def safe(handler: Callable[..., Any] | None) -> Callable[..., Any] | None:
    """`handler` that logs its exceptions instead of raising them into Flet."""
    if handler is None:
        return None

    @functools.wraps(handler)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        try:
            settle()  # the screen drawn last may change in place now (ui/redraw.py)
            return handler(*args, **kwargs)
        except Exception:  # no crash ever: the page stays usable, the log says what broke
            log.exception("a screen handler failed")
            return None

    return guarded


def text(value: str, size: float = MID, weight: ft.FontWeight | None = None, color: str | None = None, **kw: Any) -> ft.Text:
    return ft.Text(value, size=size, weight=weight, color=color, **kw)


def caption(value: str, **kw: Any) -> ft.Text:
    """A secondary line (a column's name, a hint): CAPTION px in MUTED, the only text smaller than body text."""
    return ft.Text(value, size=CAPTION, color=MUTED, **kw)


def dropdown_option(key: str, label: str) -> ft.DropdownOption:
    """A dropdown's choice, its words at BODY px: Material draws a menu's items at 14 px otherwise."""
    return ft.DropdownOption(key=key, text=label, style=ft.ButtonStyle(text_style=ft.TextStyle(size=BODY)))


def figure(value: str, key: str, color: str | None = None, size: float = FIGURE, **kw: Any) -> ft.Control:
    """A key figure (the moon, doom, a level, AP…) big enough to read from a chair, marked "figure:<key>"
    so the layout check holds it to FIGURE px at least."""
    return ft.Semantics(identifier=f"figure:{key}", content=ft.Text(value, size=size, weight=ft.FontWeight.BOLD, color=color,
                                                                     max_lines=1, **kw))


def button(label: str, on_click: Callable[..., Any] | None, *, icon: ft.IconData | None = None, color: str | None = None,
           bgcolor: str | None = None, height: int = BUTTON_HEIGHT, width: int | None = None,
           expand: bool | int | None = None, disabled: bool = False, size: float = MID, data: Any = None,
           max_lines: int = 2) -> ft.Button:
    """A big touch button: at least 48 px each way, its label on at most `max_lines` lines. A button of
    a fixed width shrinks a label given larger than body text down to BODY px until the words fit
    (ui/widgets/fit.py), never below: a label that does not fit then needs a wider button or more lines
    (the browser layout check names it)."""
    height, width = max(height, TOUCH), max(width, TOUCH) if width is not None else None
    if width is not None:
        room = width - 2 * BUTTON_PADDING[0] - (BUTTON_ICON if icon is not None else 0)
        size = fitted_size(label, room, max_lines, size, smallest=min(size, BODY), height=height - 2 * BUTTON_PADDING[1])
    return ft.Button(
        content=ft.Text(label, size=size, text_align=ft.TextAlign.CENTER, max_lines=max_lines,
                        overflow=ft.TextOverflow.ELLIPSIS),
        icon=icon,
        on_click=safe(on_click),
        height=height,
        width=width,
        expand=expand,
        disabled=disabled,
        data=data,
        color=color,
        bgcolor=bgcolor,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=10),
                             padding=ft.Padding.symmetric(horizontal=BUTTON_PADDING[0], vertical=BUTTON_PADDING[1])),
    )


def keyed(control: ft.Control, key: str | None) -> ft.Control:
    """`control` findable by `key` in any language: Flutter's semantics identifier, which the web page
    shows as the `flt-semantics-identifier` attribute (the browser tests walk every language by it).
    The wrapper takes over the control's `expand`, so it lays out the same in a row or column."""
    if key is None:
        return control
    expand, control.expand = control.expand, None
    return ft.Semantics(identifier=key, content=control, expand=expand)


def icon_button(icon: ft.IconData, label: str, on_click: Callable[..., Any] | None, key: str | None = None) -> ft.Control:
    """An icon alone (Home), as big as any button, named for screen readers and the tests (a touchscreen
    has no hover, so no tooltip)."""
    return ft.Semantics(label=label, button=True, identifier=key, content=ft.IconButton(
        icon, on_click=safe(on_click), icon_size=30, width=BUTTON_HEIGHT, height=BUTTON_HEIGHT, data=label))


def tab_button(label: str, icon: ft.IconData, on_click: Callable[..., Any] | None, selected: bool = False,
               key: str | None = None) -> ft.Control:
    """A tab: its icon over a short label, narrow enough for seven in a row at 800 px."""
    colour = "#ffffff" if selected else "#c5cae9"
    return keyed(ft.Button(
        content=ft.Column([ft.Icon(icon, size=20, color=colour),
                           ft.Text(label, size=BODY, color=colour, max_lines=1, no_wrap=True)],
                          spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                          alignment=ft.MainAxisAlignment.CENTER),
        on_click=safe(on_click), height=BUTTON_HEIGHT, bgcolor=SELECTED_BG if selected else None,
        style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=10), padding=ft.Padding.symmetric(horizontal=8, vertical=2)),
        data=label,
    ), key)


def banner(message: str, colour: str, icon: ft.IconData = ft.Icons.WARNING_AMBER_ROUNDED) -> ft.Container:
    """A full-width alert that matters: red moon, a loss, a win. Never cut: a long one takes another line."""
    return ft.Container(
        content=ft.Row([ft.Icon(icon, color=ft.Colors.WHITE, size=30),
                        ft.Text(message, size=BIG, weight=ft.FontWeight.BOLD, color=ft.Colors.WHITE, expand=True)]),
        bgcolor=colour,
        padding=ft.Padding.symmetric(horizontal=12, vertical=4),
        border_radius=ft.BorderRadius.all(8),
    )


def card(content: ft.Control, *, bgcolor: str = PANEL, padding: int = 8, expand: bool | int | None = None,
         width: int | None = None, height: int | None = None, border_colour: str | None = None) -> ft.Container:
    return ft.Container(content=content, bgcolor=bgcolor, padding=ft.Padding.all(padding), expand=expand, width=width,
                        height=height, border_radius=ft.BorderRadius.all(10),
                        border=ft.Border.all(3, border_colour) if border_colour else None)


def seat_screen_colour(seats: Sequence[Seat], seat_id: str | None) -> str:
    """A seat's colour on the screen: its own, when the game gives seats one (Dungeon Twister's blue
    and yellow), else the palette's colour of its place at the table."""
    for index, seat in enumerate(seats):
        if seat.id == seat_id:
            return colour(seat.colour).screen if seat.colour else seat_colour(index).screen
    return colour("unknown").screen


def seat_chip(name: str, background: str, *, size: float = BIG, strong: bool = True, width: int | None = None) -> ft.Container:
    """A seat's name on its colour (the colour its status LED and ring arcs use). Given a `width`, a long
    name ("Michael McAllister") takes a second line: a name is never cut."""
    return ft.Container(
        text(name, size=size, weight=ft.FontWeight.BOLD if strong else None, color="#000000", max_lines=2 if width else 1),
        bgcolor=background, width=width,
        padding=ft.Padding.symmetric(horizontal=10, vertical=4),
        border_radius=ft.BorderRadius.all(8),
    )


def hexcolour(rgb: tuple[int, int, int]) -> str:
    r, g, b = rgb
    return f"#{r:02x}{g:02x}{b:02x}"
