"""Elder Sign (Fantasy Flight Games, 2011): the doom-and-clock tracker and exact odds for the dice.

Rules: the Russian seed (shared/seeds/002_*.txt), which wins, and the facts file
(shared/docs/rules/published-games-facts.md §1). The companion keeps the doom track, the clock, the
Elder Signs, every investigator's sanity, stamina and possessions, the adventures in play and the
attempt under way; players roll their real dice and say the faces, and it tells them the exact
chance of the best play ("what now?"). README.md next to this file says what is modelled.
"""
from __future__ import annotations

from companion.listing import GameListing
from companion.messages import M


def _odds_tool(args: list[str]) -> int:
    """`companion odds eldersign …`: needs the odds engine alone, not the game's rules."""
    from companion.games.eldersign.odds.cli import main

    return main(args)


LISTING = GameListing.of_package(__name__, M("Elder Sign"), tools={"odds": _odds_tool})
__getattr__ = LISTING.module_getattr  # GAME, the rules: imported when first named
