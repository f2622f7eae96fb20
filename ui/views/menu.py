"""The options menu as big buttons, for this page's viewer: what `table.options(viewer)` offers now.

Tapping an option sends its command as the page's viewer. An option that names a `dialog` opens the
game's richer screen for it (Big Bang's fight, swap, gate); one that still needs values and has no
such screen asks them here, one after the other, in place of the menu.

Each button carries the item's number, the one the voice says, and the item
the viewer's hardware buttons point at (YES would take it) is highlighted: a glance at the screen
and the buttons agree.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import flet as ft

from companion.i18n import _
from companion.inputs import DONE, Ask, Choice, Option
from companion.inputs import numbered as said_with_numbers
from companion.messages import render
from ui.screen import Pending, Screen
from ui.widgets.common import BODY, BUTTON_HEIGHT, BUTTON_PADDING, MID, SELECTED_BG, button, keyed, text
from ui.widgets.fit import LINE_HEIGHT, lines

if TYPE_CHECKING:
    from companion.table import Menu

T = TypeVar("T", Option, Choice)


def options_panel(app: Screen, width: int | None = 232, fill: bool = True) -> ft.Control:
    """The menu; or, while an option's values are being asked, the choices for the next one.
    `fill`: the panel takes the height it is given and scrolls; else it is as tall as its buttons
    (for a narrow screen's one scrolling column), and `width=None` stretches the buttons."""
    if app.choosing.pending is not None:
        return asks_panel(app, width, fill)
    menu = _buttons_menu(app)
    if menu is not None and menu.option is not None and menu.ask is not None:
        return _buttons_question(app, menu, width, fill)
    options = app.options()
    if not options:
        return _nothing_to_do(app, width)
    pointed = menu.item if menu is not None else None
    return _column([keyed(item_button(label, lambda e, o=o: choose(app, o), width=width,
                                 bgcolor=SELECTED_BG if o == pointed else None), option_key(o)) for o, label in numbered(options)], fill)


def answered_in_place(app: Screen, option: Option, width: int | None = 232) -> ft.Control:
    """`option`'s one question asked at once, its choices as the buttons (one tap each, not two), with the
    rest of the menu below: for a step the table does over and over (Big Bang's real deal: the card laid
    at each location in turn)."""
    ask = option.asks[0]
    others = [o for o in app.options() if o != option]
    return ft.Column([
        text(render(option.label), size=MID, weight=ft.FontWeight.BOLD, color="#90caf9"),
        *[item_button(label, lambda e, v=c.value: app.command({**option.command, ask.arg: v}), width=width,
                 bgcolor=SELECTED_BG if c.likely else None) for c, label in numbered(ask.choices)],
        *[keyed(item_button(label, lambda e, o=o: choose(app, o), width=width), option_key(o)) for o, label in numbered(others)],
    ], spacing=4, scroll=ft.ScrollMode.AUTO, expand=True)


def _buttons_question(app: Screen, menu: Menu, width: int | None, fill: bool) -> ft.Control:
    """The question the hardware buttons (or a scanned card) left open, tappable here too: a tap
    answers it as the buttons would, Back drops it. The choice the buttons point at is lit."""
    table = app.companion.table
    assert table is not None and menu.option is not None and menu.ask is not None
    lit = menu.item if isinstance(menu.item, Choice) else None
    choices = tuple(item for item in menu.items if isinstance(item, Choice))
    return _question(menu.option, menu.ask, choices, lambda value: table.answer(value, app.viewer),
                     lambda e: table.cancel_question(app.viewer), width, fill, lit)


def item_button(label: str, on_click: Callable[..., Any], width: int | None, bgcolor: str | None = None) -> ft.Control:
    """A menu item: body-size letters, as many lines as its words need in a column `width` px wide (a long
    German item takes a third), so no item is ever cut; at least BUTTON_HEIGHT tall."""
    rows = 2 if width is None else max(2, lines(label, width - 2 * BUTTON_PADDING[0], BODY))
    return button(label, on_click, size=BODY, width=width, bgcolor=bgcolor, max_lines=rows,
                  height=BUTTON_HEIGHT if rows <= 2 else round(rows * BODY * LINE_HEIGHT) + 2 * BUTTON_PADDING[1] + 4)


def numbered(items: Sequence[T]) -> list[tuple[T, str]]:
    """Each item with its label as the voice says it ("3. Play 2 Penny"): see companion.inputs.numbered."""
    return list(zip(items, (render(label) for label in said_with_numbers(items)), strict=True))


def _buttons_menu(app: Screen) -> Menu | None:
    """The menu the page viewer's hardware buttons walk, unless it would show a secret choice's place."""
    table = app.companion.table
    if table is None or table.walking_a_secret(app.viewer):
        return None
    return table.menu(app.viewer)


def option_key(option: Option) -> str:
    """How the browser tests find an option in any language: its dialog, else its command ("option:fight")."""
    return f"option:{option.dialog or option.command.get('cmd', '')}"


def choose(app: Screen, option: Option) -> None:
    """What a tap on an option does: its dialog, its command, or its first question."""
    if option.dialog and app.option_dialog(option):
        return
    if not option.asks:
        app.command(option.command)
        return
    first = next((i for i, ask in enumerate(option.asks) if ask.asked(option.command)), 0)
    app.choosing.pending = Pending(option, {}, first)
    app.render()


def asks_panel(app: Screen, width: int | None = 232, fill: bool = True) -> ft.Control:
    pending = app.choosing.pending
    assert pending is not None
    option = pending.option
    ask = option.asks[pending.ask].now({**option.command, **pending.picked})

    def pick(value: object) -> None:
        if isinstance(value, Option):  # a choice that is a move of its own: its questions follow
            app.choosing.pending = None
            choose(app, value)
            return
        if ask.many:  # a list question: each tap adds to the list, asked again until "That's all"
            so_far = pending.picked.setdefault(ask.arg, [])
            if value is not DONE:
                so_far.append(value)
                app.render()
                return
        else:
            pending.picked[ask.arg] = value
        sent = {**option.command, **pending.picked}
        following = next((i for i in range(pending.ask + 1, len(option.asks)) if option.asks[i].asked(sent)), None)
        if following is not None:  # a question whose `when` says no is skipped, as the buttons skip it
            pending.ask = following
            app.render()
            return
        app.choosing.pending = None
        outcome = app.command(option.request(pending.picked))
        if outcome.kind != "applied":
            app.render()

    def back(e: object = None) -> None:
        app.choosing.pending = None
        app.render()

    return _question(option, ask, ask.offered({**option.command, **pending.picked}), pick, back, width, fill)


def _question(option: Option, ask: Ask, choices: tuple[Choice, ...], pick: Callable[[Any], Any], back: Callable[..., Any], width: int | None,
              fill: bool, lit: Choice | None = None) -> ft.Control:
    """An option's question as big buttons, one per choice (`lit`: the one the hardware buttons point at), and Back."""
    return ft.Column([
        text(render(option.label), size=BODY, color="#90caf9", max_lines=2),
        text(render(ask.label), size=MID, weight=ft.FontWeight.BOLD),
        _column([item_button(label, lambda e, v=c.value: pick(v), width=width, bgcolor=SELECTED_BG if c == lit else None)
                 for c, label in numbered(choices)], fill),
        button(_("Back"), back, icon=ft.Icons.ARROW_BACK, width=width),
    ], spacing=4, expand=fill, horizontal_alignment=ft.CrossAxisAlignment.STRETCH if width is None else ft.CrossAxisAlignment.START)


def _column(buttons: list[ft.Control], fill: bool) -> ft.Column:
    if fill:
        return ft.Column(buttons, spacing=4, scroll=ft.ScrollMode.AUTO, expand=True)
    return ft.Column(buttons, spacing=4, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _nothing_to_do(app: Screen, width: int | None) -> ft.Control:
    session = app.companion.session
    if session is not None and session.turn.status == "over" and app.is_table:
        game = session.game
        return ft.Column([button(_("New game"), lambda e: _new_game(app, game.id), icon=ft.Icons.REPLAY, width=width)])
    if session is not None and session.turn.acting:
        return ft.Container()  # others must act: the prompt above says whom the table waits for
    return text(_("Nothing to do now."), size=MID)


def _new_game(app: Screen, game_id: str) -> None:
    app.wizard.game = game_id
    app.go("setup")
