"""The crawl: no secret card reaches a viewer before the reveal, nor any used card after it.

Seed, §Carte Combattimento: both cards lie face down and are turned at once; used cards go face down
and "players may not look at these cards". The same holds for the starting lines until both are laid
open (facts §3.3). Proved by twins: beside each random game runs a twin that differs only in one
player's secret — the card (or starting character) chosen. Every payload of every other viewer — the
view, the undo list and redo stack, the export, each step as shown, the headless `state` and `log`
replies, the menu — must be byte for byte the same in both games:

- from the moment the secret is chosen until it is laid open (any other card would do), and
- after the reveal, for a twin whose card differs from the one played but gives the same outcome and
  leaves the same number of cards in hand — from the next action on, once the totals, shown for that
  moment only, are off the screen. What remains for anyone else to read is who won; never the card.
"""
from __future__ import annotations

import contextlib
import json
import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.contract import TABLE, Viewer, seat_viewer
from companion.errors import RuleError
from companion.game import GameDefinition
from companion.games.dungeontwister import GAME, views
from companion.headless import Headless
from companion.messages import render
from companion.session import Session

from .helpers import BLUE, RED, SEAT_MODE, do

VIEWERS = (TABLE, RED, BLUE)
Request = tuple[dict[str, Any], Viewer]


def payloads(session: Session, viewer: Viewer) -> str:
    """Everything `viewer` can be sent, as one JSON text."""
    headless = Headless(session)
    by = {"by": str(viewer)}
    menu = [(render(o.label), o.command, [(a.arg, [c.value for c in a.choices]) for a in o.asks])
            for o in session.game.options(session.state, viewer)]
    return json.dumps([  # the export holds every step as shown, done and undone
        session.view(viewer).to_json(), list(session.export(viewer)),
        headless.handle({"cmd": "state", **by}), headless.handle({"cmd": "log", **by}), menu,
    ], sort_keys=True)


def replayed(requests: list[Request], seed: int, game: GameDefinition = GAME) -> Session:
    session = Session(game, seed)
    for request, by in requests:
        session.apply(dict(request), by=by)
    return session


@dataclass
class Twin:
    """The same game but for one colour's secret; `after_reveal`: compared only while no totals are on show."""

    session: Session
    owner: str
    after_reveal: bool
    #: steps in force when it was made: an undo below that takes back where the two games part
    born: int
    #: what the twin plays instead, from now on: a card value for the one it kept, a character for the one it took
    swap: dict[Any, Any] = field(default_factory=dict)

    def request(self, request: dict[str, Any], by: Viewer) -> dict[str, Any]:
        if (by.seat or request.get("colour")) != self.owner:
            return request
        if request.get("cmd") == "choose" and request["card"] in self.swap:
            return {**request, "card": self.swap[request["card"]]}
        if request.get("cmd") == "lineup":
            return {**request, "characters": [self.swap.get(c, c) for c in request["characters"]]}
        return request


class Crawl:
    def __init__(self, seed: int, game: GameDefinition = GAME):
        self.seed = seed
        self.game = game
        self.rng = random.Random(seed)
        self.session = Session(game, seed)
        self.twins: list[Twin] = []
        self.compared = 0
        #: comparisons made after a reveal, with a twin that played another card to the same outcome
        self.compared_after_reveal = 0
        self.kinds: set[str] = set()

    # -- playing --------------------------------------------------------------------------------------------
    def start(self, **start: Any) -> None:
        """A game on seat screens, where the lines and cards are secrets."""
        self.apply({"cmd": "start", "players": ["Ann", "Bob"], "settings": SEAT_MODE, **start}, TABLE)

    def apply(self, request: dict[str, Any], by: Viewer) -> None:
        before = self.session.state
        requests = self.requests()
        step = self.session.apply(dict(request), by=by)
        for twin in self.twins:
            twin.session.apply(dict(twin.request(request, by)), by=by)
        self.kinds.update(e.kind for e in step.events)
        if any(e.kind in ("combat_revealed", "lineups_revealed") for e in step.events):
            self.twins = [t for t in self.twins if t.after_reveal and not any(e.kind == "combat_revealed" for e in step.events)]
            self.twins += self._after_reveal_twins(step, requests + [(request, by)])
        elif request.get("cmd") in ("choose", "lineup"):
            self.twins += self._pending_twins(before, request, by, requests)
        self.check()

    def undo_or_redo(self, redo: bool, by: Viewer) -> None:
        move = self.session.redo if redo else self.session.undo
        try:
            move(1, by=by)
        except RuleError:
            return
        self.twins = [t for t in self.twins if len(self.session.history) >= t.born]
        for twin in self.twins:
            (twin.session.redo if redo else twin.session.undo)(1, by=by)
        self.check()

    def requests(self) -> list[Request]:
        return [(dict(step.command), step.by) for step in self.session.history]

    # -- twins ------------------------------------------------------------------------------------------------
    def _pending_twins(self, before: Any, request: dict[str, Any], by: Viewer, requests: list[Request]) -> list[Twin]:
        """A twin that chose otherwise, for as long as the choice lies face down."""
        owner = by.seat or request.get("colour")
        swap: dict[Any, Any] = {}
        if request["cmd"] == "choose":
            others = sorted(set(before.sides[owner].combat_cards) - {request["card"]})
            alternative = {**request, "card": others[0]} if others else None
        else:
            free = [c for c in ("troll", "warrior", "cleric", "thief", "goblin", "wizard", "mekanork", "wall_walker")
                    if c not in before.sides[owner].lineup and c not in request["characters"]]
            picked = request["characters"][0]
            alternative = {**request, "characters": [free[0], *request["characters"][1:]]} if free else None
            swap = {free[0]: picked} if free else {}  # should the owner take that one later, the twin takes the other
        if alternative is None:
            return []
        twin = replayed(requests + [(alternative, by)], self.seed, self.game)
        return [Twin(twin, owner, after_reveal=False, born=len(twin.history), swap=swap)]

    def _after_reveal_twins(self, step: Any, requests: list[Request]) -> list[Twin]:
        """For each fighter, a twin that played another card with the same outcome and the same hand size."""
        revealed = next((e for e in step.events if e.kind == "combat_revealed"), None)
        if revealed is None:
            return []
        twins = []
        for owner, card, total, other_total in ((revealed.attacker, revealed.attacker_card, revealed.attacker_total, revealed.defender_total),
                                                (revealed.defender, revealed.defender_card, revealed.defender_total, revealed.attacker_total)):
            index = max(i for i, (request, by) in enumerate(requests) if request.get("cmd") == "choose" and (by.seat or request.get("colour")) == owner)
            hand = self._state_before(index).sides[owner].combat_cards
            outcome = (total > other_total) - (total < other_total)
            for other in sorted(set(hand) - {card}):
                if (other == 0) == (card == 0) and ((total - card + other > other_total) - (total - card + other < other_total)) == outcome:
                    swapped = list(requests)
                    swapped[index] = ({**requests[index][0], "card": other}, requests[index][1])
                    twins.append(Twin(replayed(swapped, self.seed, self.game), owner, after_reveal=True, born=len(requests), swap={other: card}))
                    break
        return twins

    def _state_before(self, index: int) -> Any:
        return self.session._states[index]

    # -- checking ----------------------------------------------------------------------------------------------
    def check(self) -> None:
        mine: dict[Viewer, str] = {}  # this game's payloads, made once per viewer and step
        for twin in self.twins:
            if twin.after_reveal and self.session.state.last_combat is not None:
                continue  # the totals are on show for this moment; they are the reveal itself
            for viewer in VIEWERS:
                if viewer.seat == twin.owner:
                    continue
                if viewer not in mine:
                    mine[viewer] = payloads(self.session, viewer)
                assert mine[viewer] == payloads(twin.session, viewer), (viewer, twin.owner, twin.after_reveal)
                self.compared += 1
                self.compared_after_reveal += twin.after_reveal

    def play(self, steps: int) -> None:
        for _ in range(steps):
            if self.session.turn.status != "playing":
                return
            if self.rng.random() < 0.08 and self.session.history:
                last = self.session.history[-1].by
                self.undo_or_redo(redo=False, by=last if self.rng.random() < 0.7 else TABLE)
                continue
            if self.rng.random() < 0.03 and self.session.redo_stack:
                self.undo_or_redo(redo=True, by=TABLE)
                continue
            request, by = self.pick()
            self.apply(request, by)

    def pick(self) -> Request:
        """A random option of whoever may act, fights and reveals preferred (they are what the crawl is about)."""
        s = self.session
        actors = [seat_viewer(seat) for seat in s.turn.acting]
        if s.turn.phase in ("action_card", "actions"):
            actors.append(TABLE)
        while True:
            actor = self.rng.choice(actors)
            options = s.game.options(s.state, actor)
            if not options:
                continue
            fights = [o for o in options if o.command.get("cmd") == "attack"]
            option = self.rng.choice(fights) if fights and self.rng.random() < 0.6 else self.rng.choice(options)
            request = {**option.command, **{ask.arg: self.rng.choice(ask.choices).value for ask in option.asks}}
            if request["cmd"] == "reveal":
                hidden = [t for t, tok in s.state.tokens.items() if tok.where == "reserve"]
                request["appear"] = self.rng.sample(hidden, min(len(hidden), self.rng.randint(0, 3)))
            if request["cmd"] == "move" and request.get("exit") and self.rng.random() < 0.7:
                continue  # leaving scores fast; let the games last long enough to fight
            with contextlib.suppress(RuleError):
                s.game.decide_checked(s.state, s.game.command_from_json(request), actor, random.Random(0))
                return request, actor


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**31), lineup_in_secret=st.booleans())
def test_no_viewer_ever_sees_a_card_or_a_starting_line_it_may_not_see(seed, lineup_in_secret):
    crawl = Crawl(seed)
    if lineup_in_secret:
        crawl.start(first="red")
    else:
        crawl.start(first="red", lineup={"red": ["troll", "warrior", "thief", "cleric"], "blue": ["troll", "warrior", "goblin", "wizard"]})
    crawl.play(100)  # (a game over before any secret was chosen compares nothing: the next test makes sure most do)


def test_the_crawl_reaches_fights_reveals_kills_and_both_kinds_of_twin():
    crawl = Crawl(11)
    crawl.start(first="red")
    crawl.play(200)
    assert {"combat_revealed", "character_wounded", "lineups_revealed", "combat_card_chosen"} <= crawl.kinds
    assert crawl.compared > 100 and crawl.compared_after_reveal > 20


# -- the crawl is not blind ----------------------------------------------------------------------------------
def leaky_crawl(**overrides: Any) -> Crawl:
    """A crawl of a game whose views (or undo-list lines) were changed to leak."""
    return Crawl(1, type(GAME)(**{**GAME.__dict__, **overrides}))


def _into_a_fight(crawl: Crawl) -> None:
    crawl.start(first="red", lineup={"red": ["troll", "warrior", "thief", "cleric"], "blue": ["troll", "warrior", "thief", "cleric"]})
    crawl.apply({"cmd": "play_card", "card": 2}, TABLE)
    crawl.apply({"cmd": "attack", "attackers": ["troll"], "defenders": ["thief"]}, TABLE)


def test_the_crawl_catches_a_pending_card_shown_to_the_table():
    crawl = leaky_crawl(view=lambda state, viewer: {**views.view(state, viewer), "pending": dict(state.combat.cards) if state.combat else {}})
    _into_a_fight(crawl)
    with pytest.raises(AssertionError):
        crawl.apply({"cmd": "choose", "card": 4}, RED)


def test_the_crawl_catches_the_totals_kept_in_the_undo_list():
    def leaky(before, events, viewer):
        shown = [f"{e.attacker_total}:{e.defender_total}" for e in events if e.kind == "combat_revealed"]
        return " ".join([render(views.describe(before, events, viewer)), *shown])

    crawl = leaky_crawl(describe=leaky)
    _into_a_fight(crawl)
    crawl.apply({"cmd": "choose", "card": 4}, RED)
    with pytest.raises(AssertionError):
        crawl.apply({"cmd": "choose", "card": 1}, BLUE)  # the twins are made here …
        crawl.apply({"cmd": "end_turn"}, TABLE)  # … and compared once the totals leave the screen


def test_the_crawl_catches_the_used_cards_shown_to_the_opponent():
    crawl = leaky_crawl(view=lambda state, viewer: {**views.view(state, viewer), "used": {c: list(s.used_combat) for c, s in state.sides.items()}})
    _into_a_fight(crawl)
    crawl.apply({"cmd": "choose", "card": 4}, RED)
    with pytest.raises(AssertionError):
        crawl.apply({"cmd": "choose", "card": 1}, BLUE)
        crawl.apply({"cmd": "end_turn"}, TABLE)


def test_a_scan_at_the_shared_reader_stays_secret_from_the_table():
    """The table sends a scanned card for red: the table's own payloads do not show it."""
    s = Session(GAME, 1)
    do(s, "start", players=["Ann", "Bob"], first="red", settings=SEAT_MODE, lineup={"red": ["troll", "warrior", "thief", "cleric"],
                                                                                     "blue": ["troll", "warrior", "thief", "cleric"]})
    do(s, "play_card", card=2)
    do(s, "attack", attackers=["troll"], defenders=["thief"])
    twin = replayed([(dict(step.command), step.by) for step in s.history], 1)
    s.apply(s.game.scan(s.state, "red:combat:5", TABLE) or {}, by=TABLE)
    twin.apply(twin.game.scan(twin.state, "red:combat:3", TABLE) or {}, by=TABLE)
    for viewer in (TABLE, BLUE):
        assert payloads(s, viewer) == payloads(twin, viewer)
    assert s.view(RED)["my_choice"] == 5
