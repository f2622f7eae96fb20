"""The home-made cooperative Big Bang Theory moon game (shared/docs/rules/bigbang.md).

The companion keeps the moon track, the cubes, hands, pile and location decks, and plays the game
master who knows which rune each letter belongs to.
"""
from __future__ import annotations

from companion.listing import GameListing
from companion.messages import M

LISTING = GameListing.of_package(__name__, M("Big Bang moon game"))
__getattr__ = LISTING.module_getattr  # GAME, the rules: imported when first named
