"""How a game plugs its own screens into the shell.

The shell (ui/views/) draws everything every game shares: home, the setup wizard from the settings
schema, the game screen's frame (tabs, UNDO, the prompt, the result banner, the undo list, the
simulator, the game-master lock, the seats' join codes) and the options menu. What only one game
draws lives in `ui/games/<game id>/`, whose package exports

    SCREENS = MyGameScreens()       # a subclass of GameScreens overriding what it draws itself

Everything a game does not override is drawn by `GameScreens` from the contract alone (the view's
fields as readable rows, the seats in their colours, the options as buttons), so a game with no
folder at all is playable through the shell.
"""
from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import flet as ft

from companion.contract import View
from companion.i18n import _
from companion.inputs import Option
from companion.messages import Text
from ui.games import generic
from ui.screen import Screen

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Tab:
    """One tab of the game screen: `label()` is called when the tab bar is drawn (so it is in the
    current language); `build(app, view)` draws the tab's body."""

    key: str
    label: Callable[[], str]
    icon: ft.IconData
    build: Callable[[Screen, View], ft.Control]


@dataclass
class SetupPart:
    """A game's own part of the setup wizard: its controls, and `complete(request)` which adds its
    values to the start request — or returns a problem to show, and the game does not start."""

    controls: list[ft.Control]
    complete: Callable[[dict[str, Any]], Text | None]
    #: the part's fields by name, for tests and for the next engineer's debugging
    fields: dict[str, Any] = field(default_factory=dict)


class GameScreens:
    """What a game's UI may draw. Every default reads only the contract (ui/games/generic.py)."""

    def tabs(self, app: Screen) -> list[Tab]:
        """The table page's own tabs of this game, the main one first."""
        return [Tab("table", lambda: _("Table"), ft.Icons.TABLE_RESTAURANT, generic.table_panel)]

    def seat_tabs(self, app: Screen) -> list[Tab]:
        """A seat page's tabs: that seat's private view and its own options."""
        return [Tab("seat", lambda: _("My seat"), ft.Icons.PERSON, generic.seat_panel)]

    def alerts(self, app: Screen, view: View) -> list[ft.Control]:
        """Banners beyond the game's result (the shell draws that one), e.g. a red moon."""
        return []

    def dialog(self, app: Screen, option: Option) -> bool:
        """Open the richer screen `option.dialog` names; False lets the shell ask `option.asks` one by one."""
        return False

    def setup_part(self, app: Screen) -> SetupPart | None:
        """The game's own part of the setup wizard, below the seats and the settings."""
        return None

    def master_panel(self, app: Screen, master: View, table: View) -> ft.Control:
        """What the game master sees once the PIN unlocked it."""
        return generic.master_panel(app, master, table)


def screens_of(app: Screen) -> GameScreens:
    """The screens of the game on the table `app` shows (the generic ones when none is on)."""
    game = app.companion.game
    return screens_for(game.id) if game is not None else GameScreens()


@cache
def screens_for(game_id: str) -> GameScreens:
    """The game's screens from `ui/games/<game_id>/`, or the generic ones when it has no folder
    (or its folder is broken: a game must never make the shell unusable)."""
    name = f"{__name__}.{game_id}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            log.exception("the screens of %s cannot be loaded; drawing it generically", game_id)
        return GameScreens()
    except Exception:
        log.exception("the screens of %s cannot be loaded; drawing it generically", game_id)
        return GameScreens()
    screens = getattr(module, "SCREENS", None)
    return screens if isinstance(screens, GameScreens) else GameScreens()
