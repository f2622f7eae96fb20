"""Munchkin (Steve Jackson Games; the German Pegasus rules in shared/seeds/003_*.txt).

The companion keeps what Munchkin players otherwise track by hand: every player's level, classes and
races, gear (equipped or carried, the slots), curses in effect and the cards in hand; the fight
(monsters, enhancers, one-shots and the helper from any seat, the two totals, who is winning);
running away with its exact odds; death and looting; charity and selling; the win at level 10 by a
kill. The cards stay cardboard: players tell the companion (or scan) what they play.
"""
from __future__ import annotations

from companion.listing import GameListing
from companion.messages import M

LISTING = GameListing.of_package(__name__, M("Munchkin"))
__getattr__ = LISTING.module_getattr  # GAME, the rules: imported when first named
