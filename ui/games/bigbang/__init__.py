"""What only Big Bang draws: the table (moon track, cubes, hands by card names, locations), the
runes (Sheldon's swap as two taps, clues, the gate), the fight and gate dialogs, the red-moon
banner, its setup part (solution, PIN) and the game master's solution. The shell draws the rest."""
from __future__ import annotations

import flet as ft

from companion.contract import View
from companion.i18n import _
from companion.inputs import Option
from ui.games import GameScreens, SetupPart, Tab
from ui.games.bigbang import master, runes, setup, table
from ui.games.bigbang.fight import fight_dialog
from ui.screen import Screen


class BigBangScreens(GameScreens):
    def tabs(self, app: Screen) -> list[Tab]:
        return [Tab("table", lambda: _("Table"), ft.Icons.TABLE_RESTAURANT, table.table_panel),
                Tab("runes", lambda: _("Runes"), ft.Icons.KEY, runes.runes_panel)]

    def seat_tabs(self, app: Screen) -> list[Tab]:
        """Nothing at a Big Bang table is one player's secret: a seat sees the table, with its own menu —
        and its own hand first, for a player who keeps the phone close (with the companion's cards
        there is no cardboard hand to look at)."""
        return self.tabs(app)

    def alerts(self, app: Screen, view: View) -> list[ft.Control]:
        return table.red_moon_alert(app, view)

    def dialog(self, app: Screen, option: Option) -> bool:
        if option.dialog == "fight":
            app.show_dialog(fight_dialog(app, option))
        elif option.dialog == "gate":
            app.show_dialog(runes.gate_dialog(app, option))
        elif option.dialog == "swap":
            runes.start_swap(app)
        else:
            return False
        return True

    def setup_part(self, app: Screen) -> SetupPart:
        return setup.setup_part(app)

    def master_panel(self, app: Screen, master_view: View, table_view: View) -> ft.Control:
        return master.solution_panel(master_view)


SCREENS = BigBangScreens()
