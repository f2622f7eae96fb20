"""The home-made cooperative Big Bang Theory moon game (shared/docs/rules/bigbang.md).

The companion keeps the moon track, the cubes, hands, pile and location decks, and plays the game
master who knows which rune each letter belongs to.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from companion.listing import GameListing
from companion.messages import M

LISTING = GameListing(id="bigbang", title=M("Big Bang moon game"), definition=f"{__name__}.definition")

if TYPE_CHECKING:
    from companion.games.bigbang.definition import GAME as GAME
else:
    __getattr__ = LISTING.module_getattr
