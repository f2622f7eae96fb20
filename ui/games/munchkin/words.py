"""Munchkin's fight as players read it, in the current language: shared by the table's board and the dialogs."""
from __future__ import annotations

from typing import Any

from companion.i18n import _


def standing(fight: dict[str, Any]) -> str:
    """Who is ahead in the fight: "winning by 3", "tie: the Warrior wins", "needs +2"."""
    margin = fight["players_strength"] - fight["monsters_strength"]
    if fight["winning"]:
        return _("winning by {n}").format(n=margin) if margin > 0 else _("tie: the Warrior wins")
    return _("needs +{n}").format(n=fight["needs"])
