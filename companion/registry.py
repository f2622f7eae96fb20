"""Finds the games: every package under `companion/games/` that exports `GAME`, plus the modules
named in `$COMPANION_GAMES` (comma-separated import paths; how the tests add a tiny game of their own)."""
from __future__ import annotations

import importlib
import os
import pkgutil

from companion import games
from companion.errors import RuleError
from companion.game import GameDefinition
from companion.messages import M


def _modules() -> list[str]:
    found = [f"{games.__name__}.{module.name}" for module in pkgutil.iter_modules(games.__path__)]
    found += [name.strip() for name in os.environ.get("COMPANION_GAMES", "").split(",") if name.strip()]
    return found


def all_games() -> dict[str, GameDefinition]:
    found: dict[str, GameDefinition] = {}
    for name in _modules():
        game = getattr(importlib.import_module(name), "GAME", None)
        if isinstance(game, GameDefinition):
            found[game.id] = game
    return found


def get_game(game_id: str) -> GameDefinition:
    found = all_games()
    if game_id not in found:
        known = ", ".join(sorted(found)) or "-"
        raise RuleError("UNKNOWN_GAME", M("There is no game \"{game}\" (known: {known}).", game=game_id, known=known))
    return found[game_id]
