"""What only Elder Sign draws: the doom track and the clock as one large dial (monster spaces marked,
the last free space and midnight shown), Elder Signs x/N, every investigator's sanity and stamina
with ± taps, the adventures in play, the attempt on the table (tasks, dice, held dice) with its odds
and "what now?", the dialogs that enter a roll, start an attempt and pick a clue's dice, the
midnight and awakening banners, and the setup's choice of the Ancient One and the investigators. The shell draws the rest (ui/games/__init__.py)."""
from __future__ import annotations

import flet as ft

from companion.contract import View
from companion.i18n import _
from companion.inputs import Option
from ui.games import GameScreens, SetupPart, Tab
from ui.games.eldersign import dice, own, people, setup, table
from ui.screen import Screen


class ElderSignScreens(GameScreens):
    def tabs(self, app: Screen) -> list[Tab]:
        return [Tab("table", lambda: _("Table"), ft.Icons.TABLE_RESTAURANT, table.table_panel),
                Tab("investigators", lambda: _("Investigators"), ft.Icons.GROUPS, people.investigators_panel)]

    def seat_tabs(self, app: Screen) -> list[Tab]:
        """A seat's own investigator first (its ± taps and its menu); the table beside it: nothing is secret."""
        return [Tab("seat", lambda: _("My investigator"), ft.Icons.PERSON, people.seat_panel),
                Tab("table", lambda: _("Table"), ft.Icons.TABLE_RESTAURANT, table.table_panel)]

    def alerts(self, app: Screen, view: View) -> list[ft.Control]:
        return table.alerts(view)

    def setup_part(self, app: Screen) -> SetupPart:
        return setup.setup_part(app)

    def dialog(self, app: Screen, option: Option) -> bool:
        if option.dialog == "roll":
            app.show_dialog(dice.roll_dialog(app))
        elif option.dialog == "attempt":
            app.show_dialog(dice.attempt_dialog(app, option))
        elif option.dialog == "clue":
            app.show_dialog(dice.clue_dialog(app))
        elif option.dialog in ("new_mythos", "new_monster"):
            app.show_dialog(own.new_card_dialog(app, option))
        else:
            return False
        return True


SCREENS = ElderSignScreens()
