"""Random legal and illegal command sequences against the Munchkin engine (a hypothesis state machine).

What a table would notice if it broke: a refused command changed something; a level left 1..10; a slot
held two helmets; an item worn by someone it is not for; a Hireling carrying two items; a hand kept
more than its limit after charity; two helpers; a replay gave another game; undoing everything did not
bring back the start.
"""
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from companion.contract import TABLE, seat_viewer
from companion.errors import RuleError
from companion.games.munchkin import GAME
from companion.games.munchkin.reckon import hand_limit, slots_ok, usable
from companion.session import Session

from .helpers import HOUSE

PLAYERS = ("Ann", "Bob", "Cy", "Dee")
SEATS = st.sampled_from([*PLAYERS, "Zed"])
CARDS = st.sampled_from(["pied-piper", "man-eating-moon", "wicked", "loaded-die", "barrel-of-nails", "warrior", "elf", "dwarf", "tailor",
                         "super-munchkin", "half-breed", "go-up-a-level", "wandering-monster", "slug", "dragon", "troll", "helm", "mail",
                         "sword", "pole", "ladder", "potion", "duck", "chicken", "lose-class", "lose-item", "nonsense",
                         # the base set's: an undead monster, a curse that takes cards, cards the table does by hand, a remover
                         "mr-bones", "lose-two-cards", "pukachu", "cheat", "wishing-ring", "magic-lamp", "wizard", "cleric", "thief", "halfling",
                         "broad-sword", "change-sex",
                         # issue 20: bad stuff asked, restricted items, the Hireling, the cards applied by play
                         "3872-orcs", "snails-on-speed", "lawyers", "leperchaun", "mithril-armor", "bad-ass-bandana", "staff-of-napalm",
                         "hireling", "kill-the-hireling", "huge-rock", "divine-intervention", "hoard", "steal-a-level", "wand-of-dowsing",
                         "out-to-lunch", "mate", "illusion", "transferral-potion", "doppleganger", "instant-wall", "flask-of-glue",
                         "invisibility-potion", "help-me-out-here"])
SMALL = st.integers(-3, 12)


def wild_commands():
    """Commands a table might send any time: plausible, with wrong ones on purpose."""
    return st.one_of(
        st.builds(lambda c, w, lv: {"cmd": "kick", **({"card": c} if c else {}), **({"what": w} if w else {}), **({"level": lv} if lv else {})},
                  st.one_of(st.none(), CARDS), st.one_of(st.none(), st.sampled_from(["monster", "curse", "other"])), st.one_of(st.none(), SMALL)),
        st.builds(lambda c: {"cmd": "trouble", "card": c}, CARDS),
        st.just({"cmd": "loot"}),
        st.builds(lambda seat: {"cmd": "helper", **({"seat": seat} if seat else {})}, st.one_of(st.none(), SEATS)),
        st.builds(lambda c, b, m: {"cmd": "enhance", **({"card": c} if c else {"bonus": b}), **({"monster": m} if m else {})},
                  st.one_of(st.none(), CARDS), SMALL, st.one_of(st.none(), st.integers(0, 9))),
        st.builds(lambda side, b, i: {"cmd": "oneshot", "side": side, **({"item": i} if i else {"bonus": b})},
                  st.sampled_from(["players", "monsters"]), SMALL, st.one_of(st.none(), st.integers(0, 9))),
        st.builds(lambda c: {"cmd": "wander", "card": c}, CARDS),
        st.builds(lambda n: {"cmd": "fight", "helper_treasures": n}, st.integers(-1, 5)),
        st.just({"cmd": "run"}),
        st.builds(lambda d, m, f: {"cmd": "roll", **({"die": d} if d is not None else {}), **({"monster": m} if m else {}),
                                   **({"fighter": f} if f else {})},
                  st.one_of(st.none(), st.integers(0, 7)), st.one_of(st.none(), st.integers(0, 9)), st.one_of(st.none(), SEATS)),
        st.builds(lambda items: {"cmd": "lose", "items": items}, st.lists(st.integers(0, 9), max_size=2)),
        st.builds(lambda i, h: {"cmd": "take", **({"item": i} if i else {}), "hand": h}, st.one_of(st.none(), st.integers(0, 9)), st.booleans()),
        st.builds(lambda give: {"cmd": "end_turn", **({"give": give} if give else {})},
                  st.one_of(st.none(), st.dictionaries(SEATS, st.integers(0, 5), max_size=3))),
        st.builds(lambda t, c, lv: {"cmd": "curse", "target": t, **({"card": c} if c else {"levels": lv})}, SEATS, st.one_of(st.none(), CARDS),
                  st.integers(0, 4)),
        st.builds(lambda t: {"cmd": "go_up", "target": t}, SEATS),
        st.builds(lambda seat, n: {"cmd": "adjust", "seat": seat, "levels": n}, SEATS, st.integers(-5, 9)),
        st.builds(lambda n: {"cmd": "hand", "count": n}, st.integers(-1, 14)),
        st.builds(lambda c, e: {"cmd": "item", "card": c, "equip": e}, CARDS, st.booleans()),
        st.builds(lambda slot, bonus, big: {"cmd": "item", "slot": slot, "bonus": bonus, "big": big},
                  st.sampled_from(["headgear", "armour", "footgear", "hand", "hands", "none"]), SMALL, st.booleans()),
        st.builds(lambda i: {"cmd": "equip", "item": i}, st.integers(0, 9)),
        st.builds(lambda i: {"cmd": "unequip", "item": i}, st.integers(0, 9)),
        st.builds(lambda i: {"cmd": "discard", "item": i}, st.integers(0, 9)),
        st.builds(lambda i, to: {"cmd": "give", "item": i, "to": to}, st.integers(0, 9), SEATS),
        st.builds(lambda items, gold: {"cmd": "sell", "items": items, "gold": gold}, st.lists(st.integers(0, 9), max_size=3),
                  st.lists(st.sampled_from([0, 300, 700, 1000, 2000]), max_size=3)),
        st.builds(lambda c: {"cmd": "become", "card": c}, CARDS),
        st.builds(lambda c: {"cmd": "drop", "card": c}, CARDS),
        st.builds(lambda power, n, t: {"cmd": "ability", "power": power, "cards": n, **({"target": t} if t else {})},
                  st.sampled_from(["berserk", "turning", "backstab", "charm", "fly"]), st.integers(-1, 4), st.one_of(st.none(), SEATS)),
        st.builds(lambda c: {"cmd": "play", "card": c}, CARDS),
        st.builds(lambda c, t, i, k, m: {"cmd": "play", "card": c, **({"target": t} if t else {}), **({"item": i} if i is not None else {}),
                                         **({"curse": k} if k is not None else {}), **({"monster": m} if m is not None else {})},
                  CARDS, st.one_of(st.none(), SEATS), st.one_of(st.none(), st.integers(0, 9)), st.one_of(st.none(), st.integers(0, 9)),
                  st.one_of(st.none(), st.integers(0, 9))),
        st.builds(lambda d, b, inv: {"cmd": "roll", "die": d, **({"bad_die": b} if b is not None else {}), "invisibility": inv},
                  st.integers(1, 6), st.one_of(st.none(), st.integers(0, 7)), st.booleans()),
        st.builds(lambda i: {"cmd": "equip", "item": i, "hireling": True}, st.integers(0, 9)),
        st.builds(lambda items, n: {"cmd": "lose", "items": items, "cards": n}, st.lists(st.integers(0, 9), max_size=3), st.integers(-1, 4)),
        st.builds(lambda sex: {"cmd": "sex", "sex": sex}, st.sampled_from(["male", "female", "other"])),
        st.builds(lambda c: {"cmd": "remove", "card": c}, CARDS),
        st.builds(lambda d, n: {"cmd": "roll", "die": d, "flight": n}, st.integers(1, 6), st.integers(-1, 4)),
        st.builds(lambda c: {"cmd": "sell", "cards": [c], "double": True}, CARDS),
        st.just({"cmd": "die"}),
        st.just({"cmd": "fly"}),
        st.just({"cmd": "start", "players": list(PLAYERS)}),
    )


WILD = wild_commands()


class MunchkinMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.session = None
        self.ended_turns = 0

    @rule(seed=st.integers(0, 10_000), win=st.sampled_from([10, 10, 4]))
    @precondition(lambda self: self.session is None)
    def start(self, seed, win):
        self.session = Session(GAME, seed)
        self.session.apply({"cmd": "start", "players": list(PLAYERS), "settings": {"house": HOUSE, "table": {"winning_level": win}}})

    @rule(who=st.integers(0, len(PLAYERS)), picks=st.lists(st.integers(0, 999), min_size=6, max_size=6), from_menu=st.integers(0, 3),
          data=st.data())
    @precondition(lambda self: self.session is not None)
    def command(self, who, picks, from_menu, data):
        """Mostly what a menu offers someone (table or seat), sometimes anything at all, from anyone."""
        s = self.session
        by = TABLE if who == len(PLAYERS) else seat_viewer(PLAYERS[who])
        menu = GAME.options(s.state, by)
        if from_menu and menu:
            option = menu[picks[0] % len(menu)]
            picked = zip(option.asks, picks[1:], strict=False)  # an option asks at most 3 values
            request = {**option.command, **{ask.arg: ask.choices[pick % len(ask.choices)].value for ask, pick in picked}}
        else:
            request = data.draw(WILD)
        before, steps = s.state, len(s.history)
        try:
            step = s.apply(request, by=by)
        except RuleError:
            assert s.state is before, "a refused command changed the game"
            assert len(s.history) == steps
            return
        ended = [e for e in step.events if e.kind == "turn_ended"]
        if ended:  # seed Phase 4: after charity, the hand keeps at most its limit
            self.ended_turns += 1
            p = s.state.player(ended[0].seat)
            assert p.hand <= hand_limit(s.state, p)

    @rule(n=st.integers(1, 3), often=st.integers(0, 4))
    @precondition(lambda self: self.session is not None and self.session.history)
    def undo(self, n, often):
        if often:  # undo is one tap among many at a real table
            return
        n = min(n, len(self.session.history))
        expected = self.session.state_before(self.session.history[-n])
        self.session.undo(n)
        assert self.session.state == expected

    @invariant()
    def within_the_rules(self):
        if self.session is None:
            return
        s = self.session.state
        win = s.config.winning_level
        for p in s.players:
            assert 1 <= p.level <= win  # facts §2.7: never below 1; 10 ends the game
            assert slots_ok(p)  # seed §Gegenstände: never two helmets or three hands
            # facts §2.8: an item its owner may not use is never worn (only Cheat! says otherwise); a Hireling carries one item
            assert all(not g.equipped or g.extra == "cheat" or usable(s, g, p) for g in p.gear)
            assert sum(1 for g in p.gear if g.extra == "hireling") <= sum(1 for g in p.gear if g.carries)
            assert p.hand >= 0
            assert not p.dead or (p.gear == () and p.hand == 0)
        if s.combat is not None:  # seed: only 1 player may help
            assert s.combat.helper is None or (s.combat.helper != s.combat.fighter and s.combat.helper in s.names)
        assert (s.combat is not None) == (s.phase in ("combat", "run"))
        assert (s.status == "over") == bool(s.winners)
        assert all(s.player(w).level == win for w in s.winners)

    @invariant()
    def replay_is_the_same_game(self):
        if self.session is not None:
            assert self.session.replay() == self.session.state

    def teardown(self):
        if self.session is not None and self.session.history:
            self.session.undo(len(self.session.history))
            assert self.session.state == self.session.initial_state


MunchkinMachine.TestCase.settings = settings(stateful_step_count=60)  # examples: the profile in conftest
TestMunchkinMachine = MunchkinMachine.TestCase


def test_a_menu_driven_walk_reaches_fights_runs_deaths_and_charity():
    """Whole games of menu moves get through every part of a turn (the machine's reach, checked)."""
    import random

    seen: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        s = Session(GAME, seed)
        s.apply({"cmd": "start", "players": list(PLAYERS), "settings": {"house": HOUSE}})
        for _ in range(300):
            if s.turn.status != "playing":
                break
            actors = [TABLE, *(seat_viewer(p) for p in s.turn.acting)]
            moved = False
            for actor in actors:
                options = GAME.options(s.state, actor)
                rng.shuffle(options)
                for option in options[:8]:
                    try:
                        s.apply({**option.command, **{a.arg: rng.choice(a.choices).value for a in option.asks}}, by=actor)
                    except RuleError:
                        continue
                    moved = True
                    break
                if moved:
                    break
            assert moved, f"nothing to do in phase {s.turn.phase}"
        seen |= {e.kind for step in s.history for e in step.events}
    assert {"monsters_killed", "ran_away", "caught", "escaped", "charity_given", "turn_ended", "item_played"} <= seen
