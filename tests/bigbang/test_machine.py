"""Random legal and illegal command sequences against the Big Bang engine (hypothesis state machine).

What a table would notice if it broke: a refused command changed something; a counter left its
bounds; undoing everything did not bring back the start; replaying the log gave another game; a
public payload told the rune solution.
"""
import json

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from companion.errors import RuleError
from companion.games.bigbang import GAME
from companion.games.bigbang.config import ARTEFACTS, CHARACTERS, RED_MOON, RELICS
from companion.session import Session

FACES = st.sampled_from([1, 2, 3, 4, "moon", 0, 5, "sun"])
LOCATIONS = st.integers(0, 7)
CHARS = st.sampled_from([*CHARACTERS, "penny", "wil"])


def commands(state):
    """Commands a table might send now: mostly plausible, some wrong on purpose."""
    players = list(state.players) + ["Zed"]
    letters = list(state.config.letters) + ["Z"]
    hand_chars = sorted(state.hand) if state.players else []
    fight = dict(
        die=st.one_of(st.none(), FACES),
        reroll=st.one_of(st.none(), st.none(), FACES),
        sword=st.booleans(),
        helpers=st.one_of(st.none(), st.dictionaries(st.sampled_from(players), st.integers(0, 3), max_size=2)),
        choice=st.one_of(st.none(), st.sampled_from(["moon", "cube", "artefact", "x"])),
    )
    return st.one_of(
        st.builds(lambda c, n: {"cmd": "play", "character": c, "cards": n},
                  st.sampled_from(hand_chars) if hand_chars else CHARS, st.integers(0, 4)),
        st.just({"cmd": "pass"}),
        st.builds(lambda **a: {"cmd": "special", **{k: v for k, v in a.items() if v is not None}},
                  copy=st.one_of(st.none(), CHARS), target=st.one_of(st.none(), CHARS),
                  location=st.one_of(st.none(), LOCATIONS), a=st.one_of(st.none(), st.sampled_from(letters)),
                  b=st.one_of(st.none(), st.sampled_from(letters)), die=fight["die"]),
        st.builds(lambda n: {"cmd": "move", "location": n}, LOCATIONS),
        st.builds(lambda **a: {"cmd": "act", **{k: v for k, v in a.items() if v is not None}}, **fight),
        st.builds(lambda: {"cmd": "gate"}),
        st.just({"cmd": "end_actions"}),
        st.builds(lambda i, letter: {"cmd": "use", "item": i, **({"letter": letter} if letter else {})},
                  st.sampled_from([*ARTEFACTS, *RELICS, "wand"]), st.one_of(st.none(), st.sampled_from(letters))),
        st.builds(lambda letter: {"cmd": "ask", "letter": letter}, st.sampled_from(letters)),
        st.builds(lambda n, d: {"cmd": "draw", "count": n, "discard": d}, st.integers(0, 7),
                  st.lists(st.sampled_from(hand_chars or list(CHARACTERS)), max_size=2)),
        st.builds(lambda c: {"cmd": "reveal", "card": c}, st.sampled_from([*CHARACTERS, RED_MOON, "joker"])),
        st.builds(lambda n, c: {"cmd": "place", "location": n, "card": c}, LOCATIONS,
                  st.sampled_from(sorted(state.config.cards) + ["nope"])),
        st.builds(lambda letter: {"cmd": "lay", "letter": letter}, st.sampled_from(letters)),
        st.just({"cmd": "deal"}),
        st.just({"cmd": "accept"}),
        st.just({"cmd": "roll"}),
        st.just({"cmd": "start", "players": ["A", "B", "C"]}),
        st.just({"cmd": "fly", "to": "moon"}),
        st.just({"cmd": "move", "location": "3"}),
    )


def likely_commands(s):
    """Commands that fit the current phase, with arguments a real table would send."""
    if s.phase == "choose":
        return st.one_of(
            st.sampled_from([{"cmd": "play", "character": c, "cards": n} for c, held in s.hand.items() for n in range(1, held + 1)]
                            or [{"cmd": "pass"}]),
            st.just({"cmd": "pass"}),
        )
    if s.phase == "actions":
        character = s.turn.character
        card = s.card_at(s.positions[character]) if s.positions[character] else None
        choices = ["+".join(option) for option in card.reward] if card else ["moon"]
        others = [c for c in CHARACTERS if c != character]
        special = {
            "leonard": st.builds(lambda t, n: {"cmd": "special", "target": t, "location": n}, st.sampled_from(others), st.integers(1, 6)),
            "howard": st.builds(lambda n, d: {"cmd": "special", "location": n, "die": d}, st.integers(1, 6), FACES),
            "penny": st.just({"cmd": "special"}),
            "raj": st.builds(lambda c: {"cmd": "special", "copy": c, "target": "penny", "location": 2}, st.sampled_from(others)),
            "sheldon": st.builds(lambda a, b: {"cmd": "special", "a": a, "b": b}, st.sampled_from(s.config.letters), st.sampled_from(s.config.letters)),
        }[character]
        return st.one_of(
            special,
            st.builds(lambda n: {"cmd": "move", "location": n}, st.integers(1, 6)),
            st.builds(lambda d, c, r: {"cmd": "act", "die": d, "choice": c, **({"reroll": r} if r else {})},
                      st.sampled_from([1, 2, 3, 4, "moon"]), st.sampled_from(choices), st.one_of(st.none(), st.just(4))),
            st.just({"cmd": "gate"}),
            st.just({"cmd": "end_actions"}),
            st.builds(lambda i, letter: {"cmd": "use", "item": i, **({"letter": letter} if i == "clue" else {})},
                      st.sampled_from(["clue", "cubes", "moon", "staff"]), st.sampled_from(s.config.letters)),
        )
    if s.phase == "draw":
        room = s.config.hand_limit - sum(s.hand.values())
        discard = [] if room > 0 else [next(iter(s.hand))]
        return st.builds(lambda n: {"cmd": "draw", "count": n, "discard": discard}, st.integers(1, max(1, room)))
    if s.phase == "drawing":
        return st.one_of(st.sampled_from([{"cmd": "reveal", "card": c} for c in sorted(s.pile)] or [{"cmd": "deal"}]), st.just({"cmd": "deal"}))
    if s.phase == "red_moon":
        return st.sampled_from([{"cmd": "accept"}, {"cmd": "use", "item": "amulet"}])
    if s.phase == "deal":
        return st.one_of(st.sampled_from([{"cmd": "reveal", "card": c} for c in CHARACTERS]), st.just({"cmd": "deal"}))
    if s.phase == "letters":
        return st.one_of(st.sampled_from([{"cmd": "lay", "letter": x} for x in s.config.letters if x not in s.board]), st.just({"cmd": "deal"}))
    if s.phase in ("refill", "layout"):
        places = [{"cmd": "place", "location": n, "card": card}
                  for n in s.fillable_locations() for card in sorted(s.decks[s.config.location_decks[n - 1]])]
        return st.sampled_from(places + [{"cmd": "deal"}])
    return st.just({"cmd": "roll"})


class BigBangMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.session = None

    @rule(seed=st.integers(0, 10_000), mode=st.sampled_from(["table", "companion"]), feedback=st.sampled_from(["count", "none"]))
    @precondition(lambda self: self.session is None)
    def start(self, seed, mode, feedback):
        self.session = Session(GAME, seed)
        settings = {"table": {"cards_from": mode}, "gate": {"feedback": feedback}}
        self.session.apply({"cmd": "start", "players": ["Ann", "Bob", "Cy"], "settings": settings, "master_pin": "2718"})

    @rule(data=st.data(), likely=st.integers(0, 4))
    @precondition(lambda self: self.session is not None)
    def command(self, data, likely):
        state = self.session.state
        request = data.draw(likely_commands(state) if likely and state.status == "playing" else commands(state))
        before = self.session.state
        steps = len(self.session.history)
        try:
            step = self.session.apply(request)
        except RuleError:
            assert self.session.state is before, "a refused command changed the game"
            assert len(self.session.history) == steps
            return
        self._assert_public(json.dumps(self.session.shown(step)))

    @rule(n=st.integers(1, 4), often=st.integers(0, 3))
    @precondition(lambda self: self.session is not None and self.session.history)
    def undo(self, n, often):
        if often:  # undo is one tap among many at a real table, not every third
            return
        n = min(n, len(self.session.history))
        expected = self.session._states[-1 - n]
        self.session.undo(n)
        assert self.session.state == expected

    @rule(n=st.integers(1, 3))
    @precondition(lambda self: self.session is not None and self.session.redo_stack)
    def redo(self, n):
        self.session.redo(min(n, len(self.session.redo_stack)))

    @invariant()
    def within_bounds(self):
        if self.session is None:
            return
        s = self.session.state
        c = s.config
        assert 0 <= s.cubes <= c.max_cubes
        assert 0 <= s.moon <= c.top
        assert s.moon > 0 or s.status == "lost"
        assert all(sum(hand.values()) <= c.hand_limit for hand in s.hands)
        assert all(n > 0 for hand in s.hands for n in hand.values())
        assert all(n > 0 for n in s.pile.values())
        assert s.status in ("setup", "playing", "won", "lost")
        assert len(set(s.board)) == len(s.board)
        assert s.status == "setup" or len(s.board) == len(c.runes) or s.phase in ("deal", "layout", "letters")

    @invariant()
    def replay_is_the_same_game(self):
        if self.session is not None:
            assert self.session.replay() == self.session.state

    @invariant()
    def public_view_keeps_the_secret(self):
        if self.session is not None:
            self._assert_public(json.dumps(self.session.public_view().to_json()))
            self._assert_public(json.dumps(self.session.log()))

    def _assert_public(self, text):
        s = self.session.state
        assert "2718" not in text and "solution" not in text
        for rune, letter in zip(s.config.runes, s.solution, strict=False):
            if s.clues.get(letter) != rune:
                assert f'"{letter}": "{rune}"' not in text and f'"{rune}": "{letter}"' not in text

    def teardown(self):
        if self.session is not None and self.session.history:
            self.session.undo(len(self.session.history))
            assert self.session.state == self.session.initial_state


BigBangMachine.TestCase.settings = settings(stateful_step_count=60)  # examples: the profile in conftest
TestBigBangMachine = BigBangMachine.TestCase


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
