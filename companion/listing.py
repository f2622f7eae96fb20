"""What the registry knows of a game before its rules are imported: its id, its title and its
command-line tools. A game's package `__init__.py` holds only its `LISTING`; the rules (`GAME`, a
`companion.game.GameDefinition`) are imported from the module it names when the game is played, so
`companion headless <game>` and the command line's help never import the other games (importing all
four games' modules took about a second).

    LISTING = GameListing.of_package(__name__, M("My game"))   # id "mygame", rules in companion.games.mygame.definition
    __getattr__ = LISTING.module_getattr                         # `from companion.games.mygame import GAME` still works
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from companion.errors import RuleError
from companion.messages import M, Message

if TYPE_CHECKING:
    from companion.game import GameDefinition


@dataclass(frozen=True)
class GameListing:
    id: str
    title: Message
    #: the module whose `GAME` is the game's definition (imported on first use)
    definition: str
    #: command-line tools the game adds: `companion <name> <game id> [args…]` runs tools[name](args) -> exit
    #: status; a tool imports what it needs when it runs (Elder Sign's `odds` needs the odds engine alone)
    tools: Mapping[str, Callable[[list[str]], int]] = field(default_factory=dict)

    @classmethod
    def of_package(cls, package: str, title: Message, tools: Mapping[str, Callable[[list[str]], int]] | None = None) -> GameListing:
        """A game package's listing (`GameListing.of_package(__name__, M("My game"))` in its `__init__.py`):
        the package's own name is the game's id, and its `definition` module holds `GAME`."""
        return cls(package.rpartition(".")[2], title, f"{package}.definition", dict(tools or {}))

    def game(self) -> GameDefinition:
        """The game's rules, imported now (once: Python keeps the module)."""
        from companion.game import GameDefinition

        game = getattr(importlib.import_module(self.definition), "GAME", None)
        if not isinstance(game, GameDefinition) or game.id != self.id:
            raise RuleError("BAD_GAME", M("{module} defines no game \"{game}\".", module=self.definition, game=self.id))
        return game

    def module_getattr(self, name: str) -> GameDefinition:
        """A game package's module `__getattr__`: its `GAME` is the definition, imported when first named."""
        if name == "GAME":
            return self.game()
        raise AttributeError(f"the package of game {self.id!r} has no attribute {name!r}")
