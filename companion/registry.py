"""Finds the games: every package under `companion/games/` that exports `LISTING` (its id, title and
tools; companion/listing.py), plus the modules named in `$COMPANION_GAMES` (comma-separated import
paths of modules exporting `GAME`; how the tests add a tiny game of their own).

Listing the games imports only their packages' `__init__.py`; a game's rules are imported when it is
played (`get_game`), so a process pays for the games it uses, not for every game installed."""
from __future__ import annotations

import importlib
import os
import pkgutil
from typing import TYPE_CHECKING

from companion import games
from companion.errors import RuleError
from companion.listing import GameListing
from companion.messages import M

if TYPE_CHECKING:
    from companion.game import GameDefinition


def _modules() -> list[str]:
    found = [f"{games.__name__}.{module.name}" for module in pkgutil.iter_modules(games.__path__)]
    found += [name.strip() for name in os.environ.get("COMPANION_GAMES", "").split(",") if name.strip()]
    return found


def _listing(module_name: str) -> GameListing | None:
    module = importlib.import_module(module_name)
    listing = module.__dict__.get("LISTING")  # not getattr: a game's package would import its rules for a missing name
    if isinstance(listing, GameListing):
        return listing
    from companion.game import GameDefinition

    game = module.__dict__.get("GAME")  # a one-module game (the tests' counter game): its rules are imported already
    return GameListing(game.id, game.title, module_name) if isinstance(game, GameDefinition) else None


def listings() -> dict[str, GameListing]:
    """Every game by id, with its title and tools, without importing any game's rules."""
    found: dict[str, GameListing] = {}
    for name in _modules():
        listing = _listing(name)
        if listing is not None:
            found[listing.id] = listing
    return found


def get_game(game_id: str) -> GameDefinition:
    """One game's rules, imported now if they were not."""
    found = listings()
    if game_id not in found:
        known = ", ".join(sorted(found)) or "-"
        raise RuleError("UNKNOWN_GAME", M("There is no game \"{game}\" (known: {known}).", game=game_id, known=known))
    return found[game_id].game()


def all_games() -> dict[str, GameDefinition]:
    """Every game's rules (the settings docs, the fault suite): imports every game."""
    return {game_id: listing.game() for game_id, listing in listings().items()}
