"""What only Dungeon Twister draws: the table (the AP left large in the active colour, VP, cards left
as counts, every character's state, the fight waiting for "blue's card…" or just revealed), a seat's
own screen (its combat cards, one tap to choose in secret, the ones it used), and the attack and reveal
dialogs. The shell draws the rest (ui/games/__init__.py)."""
from __future__ import annotations

import flet as ft

from companion.contract import View
from companion.i18n import _
from companion.inputs import Option
from ui.games import GameScreens, Tab
from ui.games.dungeontwister import dialogs, seat, table
from ui.screen import Screen


class DungeonTwisterScreens(GameScreens):
    def tabs(self, app: Screen) -> list[Tab]:
        return [Tab("table", lambda: _("Table"), ft.Icons.TABLE_RESTAURANT, table.table_panel)]

    def seat_tabs(self, app: Screen) -> list[Tab]:
        """A seat's own cards first (its secrets live there), the table beside them."""
        return [Tab("seat", lambda: _("My cards"), ft.Icons.STYLE, seat.seat_panel),
                Tab("table", lambda: _("Table"), ft.Icons.TABLE_RESTAURANT, table.table_panel)]

    def alerts(self, app: Screen, view: View) -> list[ft.Control]:
        return table.reveal_alert(view)

    def dialog(self, app: Screen, option: Option) -> bool:
        if option.dialog == "attack":
            app.show_dialog(dialogs.attack_dialog(app, option))
        elif option.dialog == "reveal":
            app.show_dialog(dialogs.reveal_dialog(app, option))
        else:
            return False
        return True


SCREENS = DungeonTwisterScreens()
