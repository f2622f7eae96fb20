"""A short Big Bang game, lost, in a save file: a lost fight, then the red moon (the chart's tests)."""
from pathlib import Path

from companion.games.bigbang import GAME
from companion.session import Session
from companion.store import EventStore

from .helpers import do, start

MOVES = [("play", {"character": "penny", "cards": 2}), ("move", {"location": 5}), ("act", {"die": 4}),
         ("draw", {"count": 2}), ("reveal", {"card": "penny"}), ("reveal", {"card": "red_moon"}),
         ("play", {"character": "raj", "cards": 1}), ("move", {"location": 2})]


def save_lost_game(db: Path) -> Path:
    with EventStore(db) as store, Session.new(GAME, store, seed=11) as s:
        start(session=s, hands={"Ann": ["penny"] * 2, "Bob": ["raj"], "Cy": ["sheldon"]},
              locations=("kripke", "stuart", "billy-sparks", "flag", "brent-spiner", "lantern"))
        for cmd, args in MOVES:
            do(s, cmd, **args)
        assert s.turn.status == "over"
    return db
