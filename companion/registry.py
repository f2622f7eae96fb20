"""Finds the games: every package under `companion/games/` that exports `GAME`."""
from __future__ import annotations

import importlib
import pkgutil

from companion import games
from companion.errors import RuleError
from companion.game import GameDefinition
from companion.i18n import _


def all_games() -> dict[str, GameDefinition]:
    found = {}
    for module in pkgutil.iter_modules(games.__path__):
        package = importlib.import_module(f"{games.__name__}.{module.name}")
        game = getattr(package, "GAME", None)
        if isinstance(game, GameDefinition):
            found[game.id] = game
    return found


def get_game(game_id: str) -> GameDefinition:
    found = all_games()
    if game_id not in found:
        known = ", ".join(sorted(found)) or "none"
        raise RuleError("UNKNOWN_GAME", _("There is no game \"{game}\" (known: {known}).").format(game=game_id, known=known))
    return found[game_id]
