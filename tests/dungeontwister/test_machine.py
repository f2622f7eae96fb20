"""Random legal and illegal command sequences against the Dungeon Twister engine (hypothesis state machine).

What a table would notice if it broke: a refused command changed something; AP went below 0 or
above the turn's budget; a combat card was both in hand and used, or vanished; a token was carried by
two characters, or a wounded character carried anything; the game went on past 5 VP; a fourth jump;
undoing everything did not bring back the start; replaying the log gave another game.
"""
from collections import Counter

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from companion.contract import TABLE, seat_viewer
from companion.errors import RuleError
from companion.games.dungeontwister import GAME
from companion.games.dungeontwister.pieces import CHARACTERS, OBJECTS
from companion.games.dungeontwister.state import CARRIED, JUMP_CARDS, TARGET_VP
from companion.session import Session

ACTORS = st.sampled_from([TABLE, seat_viewer("red"), seat_viewer("blue")])
TOKENS = st.sampled_from([f"{c}:{p}" for c in ("red", "blue") for p in (*CHARACTERS, *OBJECTS)] + ["troll", "dragon", "red:"])


def wild_commands():
    """Commands a confused table might send: every kind, arguments often wrong."""
    return st.one_of(
        st.builds(lambda n: {"cmd": "play_card", "card": n}, st.integers(0, 6)),
        st.builds(lambda c, t, d, x: {"cmd": "move", "character": c, **({"take": t} if t else {}), "drop": d, "exit": x},
                  TOKENS, st.one_of(st.none(), TOKENS), st.booleans(), st.booleans()),
        st.builds(lambda c, a: {"cmd": "reveal", "character": c, "appear": a}, TOKENS, st.lists(TOKENS, max_size=3)),
        st.builds(lambda c, q, a: {"cmd": "rotate", "character": c, "quarters": q, "against": a}, TOKENS, st.integers(0, 4), st.booleans()),
        st.builds(lambda a, d: {"cmd": "attack", "attackers": a, "defenders": d}, st.lists(TOKENS, max_size=3), st.lists(TOKENS, max_size=3)),
        st.builds(lambda n, c: {"cmd": "choose", "card": n, **({"colour": c} if c else {})},
                  st.integers(-1, 7), st.one_of(st.none(), st.sampled_from(["red", "blue", "green"]))),
        st.builds(lambda c: {"cmd": "jump", "character": c}, TOKENS),
        st.builds(lambda c, t: {"cmd": "ability", "character": c, **({"target": t} if t else {})}, TOKENS, st.one_of(st.none(), TOKENS)),
        st.builds(lambda c, t: {"cmd": "use", "character": c, **({"target": t} if t else {})}, TOKENS, st.one_of(st.none(), TOKENS)),
        st.builds(lambda c: {"cmd": "lineup", "characters": c}, st.lists(TOKENS, max_size=4)),
        st.just({"cmd": "end_turn"}),
        st.just({"cmd": "start", "players": ["A", "B"]}),
        st.just({"cmd": "fly"}),
    )


class DungeonTwisterMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.session = None

    @rule(seed=st.integers(0, 10_000), secret_lines=st.booleans(), auto_end=st.booleans(), board=st.booleans(),
          choices=st.sampled_from(["seats", "table"]))
    @precondition(lambda self: self.session is None)
    def start(self, seed, secret_lines, auto_end, board, choices):
        self.session = Session(GAME, seed)
        lines = None if secret_lines else {"red": ["troll", "warrior", "thief", "wizard"], "blue": ["cleric", "goblin", "troll", "thief"]}
        self.session.apply({"cmd": "start", "players": ["Ann", "Bob"], "settings": {"table": {"auto_end_turn": auto_end, "board": board},
                                                                             "seats": {"secret_choices": choices}},
                            **({"lineup": lines} if lines else {})})

    @rule(data=st.data(), likely=st.integers(0, 4))
    @precondition(lambda self: self.session is not None)
    def command(self, data, likely):
        s = self.session
        actor = data.draw(ACTORS)
        options = s.game.options(s.state, actor)
        if likely and options:
            option = data.draw(st.sampled_from(options))
            request = {**option.command, **{ask.arg: data.draw(st.sampled_from(ask.choices)).value for ask in option.asks}}
        else:
            request = data.draw(wild_commands())
        before, steps = s.state, len(s.history)
        try:
            s.apply(request, by=actor)
        except RuleError:
            assert s.state is before, "a refused command changed the game"
            assert len(s.history) == steps

    @rule(by=ACTORS, often=st.integers(0, 3))
    @precondition(lambda self: self.session is not None and self.session.history)
    def undo(self, by, often):
        if often:  # undo is one tap among many at a real table
            return
        expected = self.session._states[-2]
        try:
            self.session.undo(1, by=by)
        except RuleError as refused:
            assert refused.code == "NOT_YOURS" and by.is_seat
            return
        assert self.session.state == expected

    @rule()
    @precondition(lambda self: self.session is not None and self.session.redo_stack)
    def redo(self):
        self.session.redo(1)

    @invariant()
    def counters_within_bounds(self):
        if self.session is None or self.session.state.status == "setup":
            return
        s = self.session.state
        assert 0 <= s.ap <= s.ap_budget
        for side in s.sides.values():
            assert Counter(side.combat_cards) + Counter(side.used_combat) == Counter(s.config.combat_cards)
            assert 0 not in side.used_combat
            assert 0 <= side.jumps <= JUMP_CARDS and len(side.lineup) <= 4
            assert set(side.action_cards) <= set(s.config.action_cards)
        over = any(side.vp >= TARGET_VP for side in s.sides.values())
        assert over == (s.status == "over")

    @invariant()
    def carrying_is_one_to_one(self):
        if self.session is None or self.session.state.status == "setup":
            return
        tokens = self.session.state.tokens
        for token_id, t in tokens.items():
            if t.carrying is not None:
                assert tokens[t.carrying].carried_by == token_id and tokens[t.carrying].where == CARRIED
                assert not t.wounded, "a wounded character carries nothing"
            if t.carried_by is not None:
                assert tokens[t.carried_by].carrying == token_id
            assert (t.where == CARRIED) == (t.carried_by is not None)

    @invariant()
    def the_turn_says_who_may_act(self):
        if self.session is None:
            return
        s, turn = self.session.state, self.session.turn
        if turn.phase == "combat":
            assert set(turn.acting) == set(s.colours) - set(s.combat.cards)
        elif turn.status == "playing" and turn.phase != "lineup":
            assert turn.acting == (s.active,)

    @invariant()
    def replay_is_the_same_game(self):
        if self.session is not None:
            assert self.session.replay() == self.session.state

    def teardown(self):
        if self.session is not None and self.session.history:
            self.session.undo(len(self.session.history))
            assert self.session.state == self.session.initial_state


DungeonTwisterMachine.TestCase.settings = settings(stateful_step_count=50, deadline=None)
TestDungeonTwisterMachine = DungeonTwisterMachine.TestCase
