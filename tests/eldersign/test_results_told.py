"""Real dice with results told (setting table.dice_entry = "results"): the table resolves each roll on
the cardboard and tells the companion only what it did — a task done (and how many rolled dice went on
it), a die lost, a die held without its face, the Terror, a clue's reroll, giving up. What follows is
the same as with faces said: the dice left, the tasks done, success and failure, the odds before a roll.
A refused command changes nothing; the hypothesis machine at the end plays random results."""
from __future__ import annotations

import contextlib
import json
import sqlite3

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from companion.contract import TABLE
from companion.errors import RuleError
from companion.games.eldersign import GAME, analysis
from companion.games.eldersign.odds.tasks import parse_adventure
from companion.games.eldersign.state import RESULT, UNTOLD
from companion.games.eldersign.told import roll_odds
from companion.messages import render
from companion.session import Session
from companion.store import EventStore
from companion.table import Table

from . import blind
from .helpers import ADVENTURES, INVESTIGATORS, TABLE_CARDS, attempt_at, do, investigator, prompt, refused, start, view

TOLD = {"table": {"players": 2, "dice_entry": "results"}}


def told(**args):
    return start(settings={**TOLD, **args.pop("settings", {})}, **args)


def labels(s):
    return [render(option.label) for option in Table(s).options()]


def pointed(s):
    return render(Table(s).menu().line)


def attempt(s):
    return view(s)["attempt"]


def played(first, turns):
    session = Session(GAME, 1)
    session.apply(first)
    for turn in turns:
        for request in turn:
            session.apply(request)
    return session


def test_the_eight_turns_told_as_results_end_in_the_same_game_as_with_the_faces_said():
    faces, results = played(blind.FACES_START, blind.FACES_TURNS), played(blind.START, blind.TURNS)
    assert faces.public_view().to_json() == results.public_view().to_json()
    assert faces.state.investigators == results.state.investigators and faces.state.doom == results.state.doom


class TestTheMenuAfterARoll:
    def test_it_offers_what_the_roll_did_and_starts_on_the_likeliest_result(self):
        s = told()
        attempt_at(s, "hallway-on-fire")  # PERIL > PERIL, six green dice: a Peril shows two times in three
        assert prompt(s) == "Roll 6 green and say what the roll did."
        assert labels(s)[:5] == ["Task 1 done", "No task: lose a die", "Spend a clue to reroll", "Focus: hold a die", "Give up the attempt"]
        assert pointed(s) == "Task 1 done" and attempt(s)["roll"] == [] and attempt(s)["results_told"]
        for _ in range(5):
            do(s, "lose_die")
        assert attempt(s)["pool"]["green"] == 1 and pointed(s) == "No task: lose a die"  # one die seldom shows a Peril

    def test_a_task_with_an_investigation_box_asks_how_many_rolled_dice_the_fewest_first(self):
        s = told()
        attempt_at(s, "lights-out")  # INV:3 > PERIL,PERIL > LORE,LORE
        table = Table(s)
        table.button("yes", "tap")
        assert render(table.menu().line) == "Rolled dice on it: 1" and [render(c.label) for c in table.menu().items] == [str(n) for n in range(1, 7)]
        table.button("next", "tap")
        assert table.button("yes", "tap").kind == "applied"
        assert s.history[-1].command == {"cmd": "task_done", "task": 1, "dice": 2}
        assert attempt(s)["pool"]["green"] == 4 and attempt(s)["tasks"][0]["done"]

    def test_the_last_task_asks_nothing_and_the_adventure_is_completed(self):
        s = told()
        attempt_at(s, "hallway-on-fire")
        do(s, "task_done", task=1, dice=1)
        table = Table(s)
        assert table.button("yes", "tap").kind == "applied"  # Task 2 done: one YES
        assert s.history[-1].command == {"cmd": "task_done", "task": 2}
        assert s.state.attempt is None and investigator(s, "Ann")["trophies"] > 0 and "hallway-on-fire" not in s.state.adventures

    def test_the_terror_is_offered_where_the_card_has_one_and_asks_how_many_green_dice_show_it(self):
        s = told()
        attempt_at(s, "koi-pond")  # terror: discard
        assert "Terror: lose the Terror dice" in labels(s)
        do(s, "terror", dice=2)
        assert attempt(s)["pool"]["green"] == 4
        assert "Task 1 done" not in labels(s) and pointed(s) == "No task: lose a die"  # the roll completed nothing
        refused(s, "USED", "terror")
        refused(s, "TERROR_STRUCK", "task_done", task=1, dice=1)
        s2 = told()
        attempt_at(s2, "horrible-visions")  # terror: fail
        do(s2, "terror")
        assert s2.state.attempt is None and "Horrible Visions failed" in render(s2.describe(s2.history[-1]))

    def test_a_die_held_has_no_face_and_a_task_done_with_it_frees_the_marker(self):
        s = told()
        attempt_at(s, "hallway-on-fire")
        do(s, "hold", slot="own")
        assert attempt(s)["held"] == [{"slot": "own", "face": None, "text": "the marker"}] and attempt(s)["pool"]["green"] == 5
        assert s.state.attempt.held == (("own", UNTOLD),)
        assert pointed(s) == "No task: lose a die"  # after a focus: the die the roll costs
        refused(s, "MARKER_USED", "hold", slot="own")
        do(s, "lose_die")
        do(s, "task_done", task=1, dice=0, held=["own"])
        assert attempt(s)["held"] == [] and attempt(s)["pool"]["green"] == 4
        do(s, "hold", slot="own")  # free again, on the next roll
        assert attempt(s)["held"][0]["slot"] == "own"

    def test_a_spell_may_keep_a_die_right_after_a_task_and_the_next_result_is_still_asked(self):
        s = told(investigators=("dexter-drake", "carolyn-fern"))  # Dexter Drake starts with spells
        attempt_at(s, "lights-out")
        spells = investigator(s, "Ann")["spells"]
        do(s, "task_done", task=1, dice=1)
        do(s, "hold", slot="spell")
        assert investigator(s, "Ann")["spells"] == spells - 1 and s.state.attempt.step == RESULT
        do(s, "task_done", task=2, dice=1, held=["spell:1"])
        assert attempt(s)["tasks"][1]["done"] and attempt(s)["pool"]["green"] == 3

    def test_with_no_free_die_left_only_giving_up_is_offered(self):
        s = told(investigators=("dexter-drake", "carolyn-fern"))  # Dexter Drake: spells
        do(s, "move", to="hallway-on-fire")
        do(s, "attempt", locked=5)  # one green die
        do(s, "hold", slot="spell")  # the last die on a spell: nothing is left to roll
        assert labels(s)[0] == "Give up the attempt" and pointed(s) == "Give up the attempt"
        refused(s, "NO_DICE", "task_done", task=1, dice=0, held=["spell:1"])  # a task is completed only after a roll
        refused(s, "NO_DICE", "lose_die")
        refused(s, "NO_DICE", "reroll")

    def test_the_yellow_die_is_asked_about_only_while_it_is_in_the_pool(self):
        s = told()
        attempt_at(s, "lights-out", yellow=True)
        table = Table(s)
        table.button("yes", "tap")  # task 1 done
        table.button("yes", "tap")  # one rolled die
        assert render(table.menu().line) == "The yellow die on it: no"
        table.button("next", "tap")
        table.button("yes", "tap")
        assert s.history[-1].command == {"cmd": "task_done", "task": 1, "dice": 1, "yellow": True}
        assert attempt(s)["pool"] == {"green": 6, "yellow": 0, "red": 0}
        assert not any("yellow" in render(ask.label) for option in table.options() for ask in option.asks)


class TestRefusals:
    def test_a_task_done_already_more_dice_than_are_left_or_a_count_left_out_are_refused_and_change_nothing(self):
        s = told()
        attempt_at(s, "lights-out")
        refused(s, "NOT_ENOUGH_DICE", "task_done", task=1, dice=7)
        refused(s, "NOT_YET", "task_done", task=2, dice=2)  # printed order
        refused(s, "HOW_MANY", "task_done", task=1)  # the attempt goes on: the dice left matter
        refused(s, "BAD_TASK", "task_done", task=4, dice=1)
        refused(s, "BAD_HELD", "task_done", task=1, dice=1, held=["own"])
        do(s, "task_done", task=1, dice=1)
        refused(s, "BAD_TASK", "task_done", task=1, dice=1)  # done already
        refused(s, "DOES_NOT_FILL", "task_done", task=2, dice=3)  # PERIL,PERIL takes two dice
        refused(s, "NOT_ENOUGH_DICE", "task_done", task=2, dice=2, red=True)
        refused(s, "NO_DICE", "lose_die", colour="yellow")
        refused(s, "NO_TERROR", "terror")  # Lights Out has no terror effect
        refused(s, "BAD_ARGUMENTS", "hold", slot="pocket")
        refused(s, "NOT_HERE", "hold", slot="assist:Bob")  # Bob is not on Lights Out
        refused(s, "NO_SPELL", "hold", slot="spell")

    def test_faces_are_refused_with_results_told_and_results_with_faces_said(self):
        s = told()
        attempt_at(s, "hallway-on-fire")
        for cmd, args in (("roll", {"green": ["1"] * 6}), ("roll", {"virtual": True}), ("complete", {"task": 1, "dice": [1]}),
                          ("clue", {"dice": [1]}), ("focus", {"die": 1}), ("discard", {"die": 1}), ("face", {"colour": "green", "face": "1"})):
            error = refused(s, "DICE_ENTRY", cmd, **args)
            assert "tells what each roll did" in render(error.message)
        faces = start()
        attempt_at(faces, "hallway-on-fire")
        for cmd, args in (("task_done", {"task": 1, "dice": 1}), ("lose_die", {}), ("hold", {"slot": "own"}), ("terror", {}), ("reroll", {})):
            refused(faces, "DICE_ENTRY", cmd, **args)



def started_saying(table: dict, session: Session | None = None) -> Session:
    """A game started with only `table` said of the table's settings (the rest: the defaults)."""
    s = session or Session(GAME, 7)
    s.apply({"cmd": "start", "players": ["Ann", "Bob"], "investigators": list(INVESTIGATORS), "adventures": list(ADVENTURES),
             "settings": {**TABLE_CARDS, "table": table}})
    return s


class TestTheDefaultWay:
    def test_a_table_that_says_nothing_of_its_dice_tells_what_each_roll_did(self):
        s = started_saying({})
        attempt_at(s, "hallway-on-fire")
        assert prompt(s) == "Roll 6 green and say what the roll did." and attempt(s)["results_told"]
        refused(s, "DICE_ENTRY", "roll", green=["peril"] * 6)

    @pytest.mark.parametrize("entry", [None, "results", "faces"])
    def test_with_the_companions_dice_on_the_companion_rolls_whatever_the_table_would_say_of_its_own(self, entry):
        s = started_saying({"companion_dice": True, **({"dice_entry": entry} if entry else {})})  # the wizard's switch alone: None
        attempt_at(s, "hallway-on-fire")
        a = s.state.attempt
        assert a.step == "rolled" and a.virtual and len(a.roll) == 6 and not attempt(s)["results_told"]
        refused(s, "DICE_ENTRY", "lose_die")  # its faces are known: a task is completed with them
        do(s, "give_up")


class TestSavedGames:
    """A saved game replays as it was played: its start holds its settings."""

    def saved_after_a_roll(self, path, table: dict, forget: tuple[str, ...] = ()) -> int:
        """A game saved after Ann's first roll at Hallway on Fire, its faces said; `forget`: the table's
        settings its start leaves out, as a game saved before they existed does."""
        with EventStore(path) as store:
            s = started_saying(table, Session.new(GAME, store, seed=7))
            do(s, "move", to="hallway-on-fire")
            do(s, "attempt")
            do(s, "roll", green=["1", "2", "3", "lore", "peril", "peril"])
            s.close()
            game_id = s.game_id
        with contextlib.closing(sqlite3.connect(path)) as db, db:
            (stored,) = db.execute("SELECT events FROM steps WHERE game_id = ? AND position = 1", (game_id,)).fetchone()
            events = json.loads(stored)
            for key in forget:
                del events[0]["settings"]["table"][key]
            db.execute("UPDATE steps SET events = ? WHERE game_id = ? AND position = 1", (json.dumps(events), game_id))
        return game_id

    @pytest.mark.parametrize("forget", [(), ("dice_entry",), ("dice_entry", "companion_dice")],
                             ids=["faces-said", "saved-before-the-setting", "saved-before-either-setting"])
    def test_a_game_played_with_faces_said_goes_on_with_faces(self, tmp_path, forget):
        game_id = self.saved_after_a_roll(tmp_path / "games.db", {"dice_entry": "faces"}, forget)
        with EventStore(tmp_path / "games.db") as store, Session.resume(GAME, store, game_id) as s:
            assert not attempt(s)["results_told"] and [face for _colour, face in s.state.attempt.roll] == [1, 2, 3, 5, 6, 6]
            do(s, "complete", task=1, dice=[5])
            assert [task["done"] for task in attempt(s)["tasks"]] == [True, False] and attempt(s)["pool"]["green"] == 5

    def test_a_game_played_with_results_told_goes_on_with_results(self, tmp_path):
        path = tmp_path / "games.db"
        with EventStore(path) as store:
            s = started_saying({"dice_entry": "results"}, Session.new(GAME, store, seed=7))
            attempt_at(s, "hallway-on-fire")
            do(s, "task_done", task=1, dice=1)
            s.close()
        with EventStore(path) as store, Session.resume(GAME, store, s.game_id) as again:
            assert attempt(again)["results_told"] and attempt(again)["pool"]["green"] == 5
            refused(again, "DICE_ENTRY", "roll", green=["peril"] * 5)


class TestOddsWithoutFaces:
    def test_the_chance_before_a_roll_is_the_exact_one_and_what_now_gives_only_it(self):
        results, faces = told(), start()
        attempt_at(results, "lights-out")
        attempt_at(faces, "lights-out")
        assert results.analyse("odds") == faces.analyse("odds")  # before the first roll: the same pool, the same tasks
        first = results.analyse("odds")["attempt"]["probability"]
        do(results, "task_done", task=1, dice=1)
        assert results.analyse("odds")["attempt"]["probability"] > first  # a task fewer to do, a die fewer
        assert results.analyse("advice") == []  # no faces: no plan for them
        assert render(analysis.spoken(results.state, TABLE)).startswith("Chance ")  # what double-tapping NO says
        before = results.analyse("odds")["attempt"]["probability"]
        do(results, "lose_die")
        assert results.analyse("odds")["attempt"]["probability"] < before


def test_the_likeliest_result_is_worked_out_over_every_way_the_dice_fall():
    (peril,) = parse_adventure("PERIL").tasks
    (two,) = parse_adventure("PERIL,PERIL").tasks
    assert roll_odds((peril,), (1, 0, 0), 0) == ([pytest.approx(1 / 6)], pytest.approx(5 / 6), pytest.approx(1 / 6))  # no Peril, a Terror: 1 in 6
    assert roll_odds((two,), (2, 0, 0), 0)[0] == [pytest.approx(1 / 36)]
    assert roll_odds((two,), (2, 0, 0), 1)[0] == [pytest.approx(11 / 36)]  # a held die fills a box: one Peril of two dice will do
    assert roll_odds((peril,), (0, 1, 1), 0)[0] == [pytest.approx(1 - (5 / 6) * (4 / 6))]  # the red Wild fills it too


def test_mandy_thompsons_reroll_is_one_item_and_marks_the_ability_used():
    s = told(investigators=("mandy-thompson", "carolyn-fern"))
    attempt_at(s, "hallway-on-fire")
    assert "Ann: roll one or two dice again (once per day)" in labels(s)
    refused(s, "BAD_ARGUMENTS", "daily", seat="Ann", dice=[1])  # the table rerolls which dice it likes
    do(s, "daily", seat="Ann")
    assert investigator(s, "Ann")["daily_used"] and s.state.attempt.step == RESULT


# ---------------------------------------------------------------------------------- random results

def told_commands(s):
    """Results-told commands a table might send now, many of them wrong on purpose; faces commands too."""
    seats = list(s.players) + ["Zed"]
    return st.one_of(
        st.builds(lambda t, d, y, r, h: {"cmd": "task_done", "task": t, "dice": d, "yellow": y, "red": r, "held": h},
                  st.integers(0, 4), st.one_of(st.none(), st.integers(-1, 8)), st.booleans(), st.booleans(),
                  st.lists(st.sampled_from(["own", "spell:1", "spell:2", "assist:Bob", "x"]), max_size=2)),
        st.builds(lambda c: {"cmd": "lose_die", "colour": c}, st.sampled_from(["green", "yellow", "red", "blue"])),
        st.builds(lambda slot, c: {"cmd": "hold", "slot": slot, "colour": c},
                  st.sampled_from(["own", "spell", "assist:Ann", "assist:Bob", "assist:Zed", "x"]), st.sampled_from(["green", "yellow", "red"])),
        st.builds(lambda d: {"cmd": "terror", "dice": d}, st.integers(-1, 7)),
        st.just({"cmd": "reroll"}),
        st.just({"cmd": "give_up"}),
        st.builds(lambda seat: {"cmd": "daily", "seat": seat}, st.sampled_from(seats)),
        st.builds(lambda d: {"cmd": "complete", "task": 1, "dice": d}, st.lists(st.integers(1, 6), max_size=2)),
        st.just({"cmd": "roll", "virtual": True}),
        st.builds(lambda to: {"cmd": "move", "to": to}, st.sampled_from([*s.adventures, "entrance"])),
        st.builds(lambda y, r: {"cmd": "attempt", "yellow": y, "red": r}, st.booleans(), st.booleans()),
        st.just({"cmd": "pass"}),
        st.just({"cmd": "clock"}),
        st.builds(lambda w, n: {"cmd": "adjust", "what": w, "amount": n}, st.sampled_from(["clues", "spells", "sanity"]), st.integers(-2, 2)),
        st.just({"cmd": "awaken"}),
    )


#: refusals a menu item may meet when the machine answers its questions at random (a count and a colour that do not go together)
RANDOM_ANSWERS = ("NOT_ENOUGH_DICE", "DOES_NOT_FILL", "NOT_ENOUGH", "ALREADY_FULL", "BAD_DIE")


class ResultsToldMachine(RuleBasedStateMachine):
    """What a table would notice if results told broke: a refused command changed something; the dice of an
    attempt did not add up (free, held, on tasks and lost always the dice it began with); a face appeared;
    the view, the ring or the odds could not be given; the menu offered a move the rules refused."""

    def __init__(self):
        super().__init__()
        self.session = None

    @rule(seed=st.integers(0, 10_000), investigators=st.sampled_from([("joe-diamond", "kate-winthrop"), ("dexter-drake", "mandy-thompson"),
                                                                     ("amanda-sharpe", "carolyn-fern")]),
          ancient=st.sampled_from(["yig", "ithaqua"]))
    @precondition(lambda self: self.session is None)
    def start(self, seed, investigators, ancient):
        self.session = told(investigators=investigators, ancient_one=ancient, seed=seed)

    @rule(data=st.data(), menu=st.integers(0, 3))
    @precondition(lambda self: self.session is not None)
    def command(self, data, menu):
        s = self.session.state
        options = Table(self.session).options() if s.status == "playing" else []
        if menu and options:
            option = data.draw(st.sampled_from(options))
            request = option.request({ask.arg: data.draw(st.sampled_from(ask.choices)).value for ask in option.asks})
        else:
            request = data.draw(told_commands(s))
        before, steps = self.session.state, len(self.session.history)
        try:
            self.session.apply(request)
        except RuleError as refusal:
            assert self.session.state is before and len(self.session.history) == steps, "a refused command changed the game"
            assert refusal.code and render(refusal.message)
            if menu and options and refusal.code not in RANDOM_ANSWERS:
                raise AssertionError(f"the menu offered {request}, refused: {refusal.code} {render(refusal.message)}") from None

    @rule()
    @precondition(lambda self: self.session is not None and self.session.history)
    def undo(self):
        expected = self.session._states[-2]
        self.session.undo(1)
        assert self.session.state == expected

    @invariant()
    def the_dice_add_up_and_no_face_is_known(self):
        if self.session is None or self.session.state.attempt is None:
            return
        a = self.session.state.attempt
        assert a.roll == () and all(face == UNTOLD for _slot, face in a.held) and a.step in (RESULT, "holding")
        assert min(a.pool) >= 0 and len(set(a.done)) == len(a.done)
        began, placed, lost, aside, used = 0, 0, 0, 0, 0
        for step in self.session.history:
            for event in step.events:
                kind = event.kind
                if kind == "attempt_started":
                    began, placed, lost, aside, used = sum(event.dice), 0, 0, 0, 0
                placed += sum(event.dice) if kind == "task_filled" else 0
                used += len(event.held) if kind == "task_filled" else 0
                lost += 1 if kind == "die_lost" else event.dice if kind == "terror_struck" else 0
                aside += 1 if kind == "die_set_aside" else 0
        assert sum(a.pool) == began - placed - lost - aside and len(a.held) == aside - used

    @invariant()
    def everything_shown_can_be_drawn_and_the_odds_given(self):
        if self.session is None:
            return
        json.dumps(self.session.public_view().to_json())
        self.session.ring()
        if self.session.state.attempt is not None:
            odds = self.session.analyse("odds")["attempt"]
            assert 0 <= odds["probability"] <= 1 and self.session.analyse("advice") == []

    @invariant()
    def replay_is_the_same_game(self):
        if self.session is not None:
            assert self.session.replay() == self.session.state


ResultsToldMachine.TestCase.settings = settings(stateful_step_count=40, max_examples=60, deadline=None)
TestResultsToldMachine = ResultsToldMachine.TestCase
