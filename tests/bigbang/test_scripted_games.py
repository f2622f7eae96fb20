"""Whole games through a Session saved in a real SQLite file: one win, one loss of each kind.

Digest §A turn, §Fights, §Red moon, §Gate and §End together; after every step the public view and
the public step payloads must not tell the rune solution or the game-master PIN.
"""
import json

import pytest

from companion.errors import RuleError
from companion.games.bigbang import GAME
from companion.session import Session
from companion.store import EventStore

from .helpers import BOARD, CRATE, SOLUTION, active, do, find_key, prompt, refused, settings_with_cards, start, status, view

PIN = "1357"


@pytest.fixture
def store(tmp_path):
    with EventStore(tmp_path / "games.db") as store:
        yield store


class Table:
    """A saved session that checks, after every command, that no secret reaches a player screen."""

    def __init__(self, store, **setup):
        self.store = store
        self.session = start(session=Session.new(GAME, store, seed=11), master_pin=PIN, **setup)
        self.check()

    def __call__(self, cmd, **args):
        step = do(self.session, cmd, **args)
        self.check()
        return step

    def check(self):
        public = view(self.session)
        assert not find_key(public, "solution") and not find_key(public, "master_pin")
        assert PIN not in json.dumps(public)
        if public["gate"]["board"] != list(SOLUTION):  # a board laid right shows it, as the cardboard does
            assert json.dumps(list(SOLUTION)) not in json.dumps(public)
        for step in self.session.history:
            assert not find_key(self.session.shown(step), "solution")

    def resumed(self):
        """The saved game as a restarted companion opens it (this one lets go of it first)."""
        self.session.close()
        return Session.resume(GAME, self.store, self.session.game_id)


def test_a_game_won_by_closing_the_gate(store):
    t = Table(store, hands={"Ann": ["penny"] * 3 + ["leonard"], "Bob": ["howard", "raj"], "Cy": ["sheldon"] * 3},
              locations=("crate", "stuart", "wil-wheaton-home", "flag", "captain-sweatpants", "lantern"),
              settings=settings_with_cards(CRATE))
    s = t.session
    # Ann: Penny's ring step, four cubes from the crate, a first attempt (5 letters right)
    t("play", character="penny", cards=3)
    t("special")
    t("move", location=1)
    t("act")
    t("gate", board=list(BOARD))
    assert view(s)["gate"]["last_attempt"] == {"success": False, "correct": 5} and view(s)["cubes"] == 0
    t("draw", count=1)
    t("reveal", card="leonard")
    t("place", location=1, card="crate")
    # Bob: Howard beats Wil Wheaton from afar (a moon), then draws a red moon
    t("play", character="howard", cards=1)
    t("special", location=3, die=4)
    assert view(s)["moon"] == 10
    t("move", location=2)  # the special action cost no card; the announced one is a move
    t("draw", count=2)
    t("reveal", card="raj")
    t("reveal", card="red_moon")
    assert active(s) == "Cy" and prompt(s).startswith("Red moon!")
    # Cy: Sheldon swaps A and B, takes the second crate and closes the gate before the moon strikes
    t("play", character="sheldon", cards=3)
    t("special", a="A", b="B")
    t("move", location=1)
    t("act")
    t("gate", board=list(SOLUTION))
    assert status(s) == "won"
    assert prompt(s) == "The gate is closed. You win!"
    assert view(s)["moon"] == 10
    assert s.ring().alert is not None and s.ring().alert.effect == "spin"  # the ring celebrates
    assert s.master_view(PIN)["solution"] == dict(zip(view(s)["gate"]["runes"], SOLUTION, strict=True))
    refused(s, "GAME_OVER", "draw", count=1)
    assert t.resumed().state == s.state
    saved = store.game(s.game_id)
    assert saved.status == "over" and saved.summary["winners"] == ["Ann", "Bob", "Cy"]


def test_a_game_lost_when_the_ring_reaches_the_red_moon(store):
    t = Table(store, hands={"Ann": ["penny"] * 2, "Bob": ["raj"], "Cy": ["sheldon"]},
              locations=("kripke", "stuart", "billy-sparks", "flag", "brent-spiner", "lantern"))
    s = t.session
    assert view(s)["danger_on_board"] == 7
    # Ann: Penny loses to Brent Spiner (danger 3), then draws a red moon
    t("play", character="penny", cards=2)
    t("move", location=5)
    t("act", die=4)
    assert view(s)["moon"] == 5
    t("draw", count=2)
    t("reveal", card="penny")
    t("reveal", card="red_moon")
    # Bob: one action turn; then the danger lying at the locations (7) strikes
    t("play", character="raj", cards=1)
    t("move", location=2)
    assert status(s) == "lost" and view(s)["moon"] == 0
    assert prompt(s) == "The ring reached the red moon. The game is lost."
    assert s.ring().alert is not None and s.ring().alert.effect == "pulse"  # the ring mourns
    refused(s, "GAME_OVER", "draw", count=1)
    assert t.resumed().state == s.state
    saved = store.game(s.game_id)
    assert saved.status == "over" and saved.summary["winners"] == []
    s.undo()
    assert status(s) == "playing" and view(s)["moon"] == 5


def test_a_game_lost_when_the_pile_runs_out(store):
    t = Table(store, hands={"Ann": [], "Bob": [], "Cy": []},
              settings={"pile": {"leonard": 1, "howard": 1, "penny": 2, "raj": 0, "sheldon": 0, "red_moon": 1}})
    s = t.session
    assert view(s)["pile"] == 5
    t("pass")
    t("draw", count=2)
    t("reveal", card="penny")
    t("reveal", card="penny")
    t("pass")  # Bob
    t("draw", count=2)
    t("reveal", card="leonard")
    t("reveal", card="red_moon")
    t("pass")  # Cy's red-moon turn: no enemy lies out, the ring stays
    assert view(s)["moon"] == 8
    t("draw", count=1)
    t("reveal", card="howard")
    assert view(s)["pile"] == 0 and status(s) == "playing"
    # Ann plays on with what she holds, then must draw from the empty pile
    t("play", character="penny", cards=2)
    t("special")
    t("move", location=2)
    t("act")  # the Whiteboard: a moon
    assert view(s)["moon"] == 10
    t("draw", count=1)
    assert status(s) == "lost" and view(s)["lost_reason"] == "pile"
    assert prompt(s) == "The draw pile ran out. The game is lost."
    refused(s, "GAME_OVER", "pass")
    assert t.resumed().state == s.state


def test_a_legal_walk_reaches_fights_red_moons_and_refills():
    """A whole game of plain legal moves in companion mode gets through every part of a turn."""
    session = Session(GAME, 7)
    session.apply({"cmd": "start", "players": ["Ann", "Bob", "Cy"], "settings": {"table": {"cards_from": "companion"}}})
    for _turn in range(200):
        s = session.state
        if s.status != "playing":
            break
        if s.phase == "choose":
            character = max(s.hand, key=s.hand.get) if s.hand else None
            session.apply({"cmd": "play", "character": character, "cards": s.hand[character]} if character else {"cmd": "pass"})
        elif s.phase == "actions":
            location = (s.positions[s.turn.character] or 0) % 6 + 1
            try:
                session.apply({"cmd": "act", "die": 3, "choice": "cube"})
            except RuleError:
                session.apply({"cmd": "move", "location": location})
        elif s.phase == "draw":
            room = s.config.hand_limit - sum(s.hand.values())
            session.apply({"cmd": "draw", "count": max(1, min(2, room)), "discard": [] if room else [next(iter(s.hand))]})
        elif s.phase == "red_moon":
            session.apply({"cmd": "accept"})
    seen = {event.kind for step in session.history for event in step.events}
    assert {"fight_resolved", "card_drawn", "red_moon_struck", "location_filled"} <= seen
