"""Random legal and illegal command sequences against the Elder Sign tracker (hypothesis state machine).

What a table would notice if it broke: a refused command changed something; a counter left its bounds
(doom past the track, sanity above the card, a negative clue, a die pool below zero); the ring or a
view could not be drawn; replaying the log gave another game; undoing everything did not bring back
the start; the menu offered a move the rules then refused.
"""
from __future__ import annotations

import json

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from companion.contract import TABLE, seat_viewer
from companion.errors import RuleError
from companion.games.eldersign import GAME
from companion.games.eldersign.config import POSSESSIONS
from companion.session import Session
from companion.table import Table

FACES = ["1", "2", "3", "4", "lore", "peril", "terror", "wild", "moon"]


def wild_commands(s):
    """Commands a table might send now, many of them wrong on purpose."""
    adventures = list(s.config.adventures) + ["entrance", "moon-base"]
    seats = list(s.players) + ["Zed"]
    die = st.integers(0, 9)
    return st.one_of(
        st.builds(lambda to: {"cmd": "move", "to": to}, st.sampled_from(adventures)),
        st.builds(lambda y, r, lock: {"cmd": "attempt", "yellow": y, "red": r, "locked": lock}, st.booleans(), st.booleans(), st.integers(0, 6)),
        st.builds(lambda g, y, r: {"cmd": "roll", "green": g, "yellow": y, "red": r},
                  st.lists(st.sampled_from(FACES), max_size=7), st.lists(st.sampled_from(FACES), max_size=1), st.lists(st.sampled_from(FACES), max_size=1)),
        st.just({"cmd": "roll", "virtual": True}),
        st.builds(lambda c, f: {"cmd": "face", "colour": c, "face": f}, st.sampled_from(["green", "yellow", "red", "blue"]), st.sampled_from(FACES)),
        st.builds(lambda t, d, h: {"cmd": "complete", "task": t, "dice": d, "held": h}, st.integers(0, 4), st.lists(die, max_size=4),
                  st.lists(st.sampled_from(["own", "spell:1", "assist:Bob", "x"]), max_size=2)),
        st.builds(lambda d: {"cmd": "clue", "dice": d}, st.lists(die, max_size=4)),
        st.builds(lambda d: {"cmd": "focus", "die": d}, die),
        st.builds(lambda d, h: {"cmd": "assist", "die": d, "helper": h}, die, st.sampled_from(seats)),
        st.builds(lambda d: {"cmd": "spell", "die": d}, die),
        st.builds(lambda d: {"cmd": "discard", "die": d}, die),
        st.just({"cmd": "give_up"}),
        st.builds(lambda a, w: {"cmd": "entrance", "action": a, "what": w}, st.sampled_from(["first_aid", "buy", "steal"]),
                  st.sampled_from(["sanity", "stamina", *POSSESSIONS, "elder_signs"])),
        st.just({"cmd": "pass"}),
        st.just({"cmd": "clock"}),
        st.builds(lambda c: {"cmd": "mythos", "card": c}, st.sampled_from([*s.config.mythos, "nope"])),
        st.just({"cmd": "attack_done"}),
        st.builds(lambda a, t: {"cmd": "place_monster", "adventure": a, "task": t}, st.sampled_from(adventures),
                  st.sampled_from([None, "TERROR", "PERIL,PERIL", "MOON"])),
        st.builds(lambda a: {"cmd": "lay", "adventure": a}, st.sampled_from(adventures)),
        st.builds(lambda w, n, seat: {"cmd": "adjust", "what": w, "amount": n, "seat": seat},
                  st.sampled_from(["sanity", "stamina", *POSSESSIONS, "luck"]), st.integers(-4, 3), st.sampled_from([None, *seats])),
        st.builds(lambda n: {"cmd": "doom", "amount": n}, st.integers(-2, 3)),
        st.builds(lambda n: {"cmd": "elder_signs", "amount": n}, st.integers(-1, 2)),
        st.builds(lambda i: {"cmd": "choose", "investigator": i}, st.sampled_from([*s.config.investigators, "nobody"])),
        st.just({"cmd": "daily"}),
        st.just({"cmd": "awaken"}),
    )


class ElderSignMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.session = None

    @rule(seed=st.integers(0, 10_000), players=st.integers(1, 4), ancient=st.sampled_from(["yig", "ithaqua", "azathoth"]))
    @precondition(lambda self: self.session is None)
    def start(self, seed, players, ancient):
        self.session = Session(GAME, seed)
        names = ["Ann", "Bob", "Cy", "Di"][:players]
        self.session.apply({"cmd": "start", "players": names, "ancient_one": ancient, "settings": {"table": {"players": players}}})

    @rule(data=st.data(), menu=st.integers(0, 3))
    @precondition(lambda self: self.session is not None)
    def command(self, data, menu):
        s = self.session.state
        table = Table(self.session)
        options = table.options() if s.status == "playing" else []
        if menu and options:  # mostly what the menu offers, with every value it asks filled in
            option = data.draw(st.sampled_from(options))
            request = option.request({ask.arg: data.draw(st.sampled_from(ask.choices)).value for ask in option.asks})
            if option.dialog == "roll" and "virtual" not in request:
                request = {"cmd": "roll", "virtual": True}
        else:
            request = data.draw(wild_commands(s))
        by = data.draw(st.sampled_from([TABLE, TABLE, seat_viewer("Ann"), seat_viewer("Bob")]))
        before, steps = self.session.state, len(self.session.history)
        try:
            self.session.apply(request, by=by)
        except RuleError as refusal:
            assert self.session.state is before, "a refused command changed the game"
            assert len(self.session.history) == steps
            if menu and options and by == TABLE and refusal.code not in ("NOT_ENOUGH", "DOES_NOT_FILL", "BAD_DIE", "ALREADY_FULL"):
                raise AssertionError(f"the menu offered {request}, refused: {refusal.code} {refusal.message}") from None

    @rule(n=st.integers(1, 3), often=st.integers(0, 4))
    @precondition(lambda self: self.session is not None and self.session.history)
    def undo(self, n, often):
        if often:
            return
        n = min(n, len(self.session.history))
        expected = self.session._states[-1 - n]
        self.session.undo(n)
        assert self.session.state == expected

    @invariant()
    def within_bounds(self):
        if self.session is None:
            return
        s = self.session.state
        ao = s.config.ancient_one
        assert 0 <= s.doom <= ao.doom and 0 <= s.clock < 12 and s.elder_signs >= 0
        assert s.monsters_due >= 0 and s.to_lay >= 0
        for inv in s.investigators:
            if inv.card is None:
                continue
            printed = s.config.investigators[inv.card]
            assert inv.sanity <= printed.sanity and inv.stamina <= printed.stamina
            assert (inv.sanity > 0 and inv.stamina > 0) or s.status != "playing"
            assert all(getattr(inv, key) >= 0 for key in POSSESSIONS)
        if s.attempt is not None:
            assert min(s.attempt.pool) >= 0 and len(s.attempt.roll) <= sum(s.attempt.pool)
            assert s.phase == "attempt"
        assert s.status in ("setup", "playing", "won", "lost")

    @invariant()
    def everything_shown_can_be_drawn(self):
        if self.session is None:
            return
        json.dumps(self.session.public_view().to_json())
        self.session.ring()

    @invariant()
    def replay_is_the_same_game(self):
        if self.session is not None:
            assert self.session.replay() == self.session.state

    def teardown(self):
        if self.session is not None:
            json.dumps(self.session.log())  # every step's undo-list line can be written
        if self.session is not None and self.session.history:
            self.session.undo(len(self.session.history))
            assert self.session.state == self.session.initial_state


ElderSignMachine.TestCase.settings = settings(stateful_step_count=40)
TestElderSignMachine = ElderSignMachine.TestCase
