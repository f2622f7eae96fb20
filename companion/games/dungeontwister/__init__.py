"""Dungeon Twister (Christophe Boelinger, Asmodee 2004), for two players at a physical board.

Rules: the Italian seed shared/seeds/001_e610de18693a9853.txt (which wins) and the facts file
shared/docs/rules/published-games-facts.md §3. The companion keeps the action points, the action-card
cycle and its first-cycle rule, the secret combat cards (chosen by both players at once, each on their
own seat screen or reader), wounds, deaths, who carries what, the jump cards and the victory points.
"""
from __future__ import annotations

from companion.listing import GameListing
from companion.messages import M

LISTING = GameListing.of_package(__name__, M("Dungeon Twister"))
__getattr__ = LISTING.module_getattr  # GAME, the rules: imported when first named
