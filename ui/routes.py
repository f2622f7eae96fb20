"""The screens a page can show, by name: the one table of routes. `App.render` draws
`SCREENS[app.screen]`; a phone's page that is no seat's yet draws `REMOTE` whatever it asks for. The
views import ui/screen.py, never the app: the app imports them, here, once."""
from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ui.screen import Screen, ScreenName
from ui.views import cards, game, home, setup

#: draws one screen of a page
Builder = Callable[[Screen], ft.Control]

SCREENS: dict[ScreenName, Builder] = {"home": home.build, "setup": setup.build, "cards": cards.build, "game": game.build}
#: a phone's page before it joins a seat: only the join code (the table's screens stay on the table)
REMOTE: Builder = home.build_remote
#: the dialog an unknown tag opens: which card is it? (on the table's page, and on the page of the seat that scanned it)
ENROL = cards.open_enrol_dialog
