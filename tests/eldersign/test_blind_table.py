"""The blind table (issue 22): Elder Sign played with eyes on the cardboard and the dice — the four
buttons and the card reader, no screen.

The whole script of tests/eldersign/blind.py runs through the real rig in simulation: gestures on
gpiozero's mock pins (the companion's own gesture recogniser decides tap or hold), cards on the
simulated reader, the real SQLite card catalogue and event store, the Recording speaker as the only
fake. It must equal the same game typed as `companion headless` commands, and a player who only
listens must be able to follow it: how many dice are still to say, the best plan, every step. The
smaller tests below check input by input what a turn needs without the screen.
"""
from __future__ import annotations

import pytest

from companion.contract import TABLE, seat_viewer
from companion.messages import render
from companion.ring import Counters, Gauge
from companion.table import Table
from tests.blind_rig import assert_followed_by_ear, assert_the_same_game, enrolled, play_both_ways

from . import blind
from .blind import FACES_START, FACES_TURNS, OWN_DICE_SEED, OWN_DICE_START, OWN_DICE_TURNS, START, TURNS, tags
from .helpers import do, end_turn, start


@pytest.fixture
def catalogue(tmp_path):
    catalogue = enrolled(tmp_path / "cards.db", "eldersign", tags())
    yield catalogue
    catalogue.close()


@pytest.mark.parametrize("dice", ["told", "faces", "own"], ids=["real-dice-results-told", "real-dice-faces-counted", "the-companions-dice"])
def test_a_whole_game_by_gestures_and_scans_equals_the_typed_game_and_can_be_followed_by_ear(tmp_path, catalogue, dice):
    first, turns, seed = {"told": (START, TURNS, 1), "faces": (FACES_START, FACES_TURNS, 1), "own": (OWN_DICE_START, OWN_DICE_TURNS, OWN_DICE_SEED)}[dice]
    script = [line for turn in turns for line in turn]
    game = play_both_ways(blind, script, tmp_path, catalogue, start=first, seed=seed, scan_board=True)
    try:
        session = game.session
        # (a) the same game as typed
        assert sum(1 for step in session.history for event in step.events if event.kind == "turn_started") == 9
        assert_the_same_game(game)
        assert all(step.by == TABLE for step in session.history)

        # (b) followed by ear: every gesture and scan answered aloud with the item pointed at or what it did
        assert len(game.player.scans) >= 28
        spoken = assert_followed_by_ear(game)
        if dice == "faces":
            assert {"clock 9 to 12", "Ann: stamina -1"} <= spoken  # the Hedge Maze's midnight loss on Ann, applied
            assert "6 green dice left. How many show 1 investigation?: 1" in spoken  # what is still to say, and the likeliest count
            assert "2 green dice left. How many show 1 investigation?: 0" in spoken
            assert "Best, 92%: Complete task 2 with die 4, die 5" in spoken  # the advice's plan, where the buttons point after the roll
        elif dice == "own":
            assert any(line.startswith("rolled ") for line in spoken)  # the faces the companion rolled, said
        else:  # what each roll did, where the buttons point after it: its likeliest result
            assert {"Roll 6 green and say what the roll did.", "Task 1 done", "Terror strikes", "Rolled dice on it: 2", "a green die onto the marker"} <= spoken
            assert not any(line.startswith("rolled ") or "How many show" in line for line in spoken)  # no face is ever asked or said
            assert {"clock 9 to 12", "Ann: stamina -1"} <= spoken
    finally:
        game.close()


# ---------------------------------------------------------------------------------- input by input

def new_table(catalogue, **start_args):
    return Table(start(**start_args), catalogue)


def line(table, by=TABLE):
    return render(table.menu(by).line)


def press(table, *taps):
    for button in taps:
        outcome = table.button(button, "tap")
    return outcome


def to_the_dice(table, adventure="hallway-on-fire"):
    table.command({"cmd": "move", "to": adventure})
    table.command({"cmd": "attempt"})


def test_the_faces_are_counted_face_by_face_and_the_voice_says_how_many_dice_are_left(catalogue):
    table = new_table(catalogue)
    to_the_dice(table)
    assert line(table) == "Enter the faces"  # the likely move: YES says the faces
    assert render(press(table, "yes").message) == "6 green dice left. How many show 1 investigation?: 1"  # starts on the likeliest count
    assert [render(choice.label) for choice in table.menu().items] == ["0", "1", "2", "3", "4", "5", "6"]
    assert render(press(table, "next").message) == "6 green dice left. How many show 1 investigation?: 2"
    press(table, "yes")
    assert line(table) == "4 green dice left. How many show 2 investigation?: 1"
    assert [render(choice.label) for choice in table.menu().items] == ["0", "1", "2", "3", "4"]  # never more than are left
    press(table, "back", "yes")  # no 2
    assert line(table) == "4 green dice left. How many show 3 investigation?: 1"
    press(table, "yes", "yes")  # one 3, one Lore
    assert line(table) == "2 green dice left. How many show Peril?: 1"
    before = len(table.session.history)
    outcome = press(table, "yes")  # one Peril: the last die is the last face, Terror — nobody is asked
    assert outcome.kind == "applied" and len(table.session.history) == before + 1
    assert table.session.history[-1].command == {"cmd": "roll", "green": ["inv1", "inv1", "inv3", "lore", "peril", "terror"]}
    assert render(outcome.message) == "Ann: rolled 1, 1, 3, Lore, Peril, Terror"


def test_a_last_die_is_asked_by_its_face_and_a_lone_yellow_die_too(catalogue):
    table = new_table(catalogue)
    table.command({"cmd": "move", "to": "hallway-on-fire"})
    table.command({"cmd": "attempt", "yellow": True})
    press(table, "yes")
    for _ in range(3):  # no 1, 2 or 3 investigation
        press(table, "back", "yes")
    assert line(table) == "6 green dice left. How many show Lore?: 2"
    press(table, "next", "next", "next")
    press(table, "yes")  # five Lore
    assert line(table) == "The last green die: Peril"  # one die left, and two faces it may show
    press(table, "next", "yes")  # Terror
    assert line(table) == "The yellow die: 1 investigation"
    outcome = press(table, "back", "yes")  # Peril
    assert outcome.kind == "applied"
    assert table.session.history[-1].command == {"cmd": "roll", "green": ["lore"] * 5 + ["terror"], "yellow": ["peril"]}


def test_no_dropped_face_question_ever_sends_a_roll_and_no_changes_nothing(catalogue):
    table = new_table(catalogue)
    to_the_dice(table)
    state, steps = table.session.state, len(table.session.history)
    press(table, "yes", "next", "yes")
    outcome = table.button("no", "tap")  # drops the question (a double tap of NO would be "tell")
    assert table.session.state is state and len(table.session.history) == steps
    assert outcome.kind == "selected" and line(table) == "Enter the faces"


def test_the_advices_best_plan_is_one_yes(catalogue):
    table = new_table(catalogue)
    to_the_dice(table)
    table.command({"cmd": "roll", "green": ["inv1", "inv2", "inv3", "lore", "lore", "peril"]})
    best = table.session.analyse("advice")[0]
    assert line(table) == f"Best, {best['percent']}%: Complete task 1 with die 6"
    assert press(table, "yes").kind == "applied"
    assert table.session.history[-1].command == {"cmd": "complete", "task": 1, "dice": [6]} == {k: v for k, v in best["command"].items() if v}
    labels = [render(o.label) for o in table.options()]
    assert labels.count("Complete task 1 with die 6") == 0 and labels[0] == "Enter the faces"  # the next roll; a plan is said once


def test_an_adventure_card_scanned_where_the_investigator_stands_starts_the_attempt_and_the_entrance_card_moves_there(catalogue):
    table = new_table(catalogue)
    uid = tags()["hallway-on-fire"]
    assert table.card(uid[0]).kind == "applied" and table.session.state.investigator().where == "hallway-on-fire"
    assert table.card(uid[1]).kind == "applied" and table.session.history[-1].command == {"cmd": "attempt"}
    assert table.session.state.attempt is not None and table.session.state.attempt.pool == (6, 0, 0)
    end_turn(table.session)
    assert table.card(tags()["entrance"][0]).kind == "applied" and table.session.state.investigator().where == "entrance"
    assert line(table) == "Pass"  # nobody hurt: passing is likely
    assert table.card(tags()["entrance"][1]).kind == "nothing"


def test_a_card_says_menus_reach_doom_elder_signs_the_awakening_and_a_stat_by_the_buttons(catalogue):
    table = new_table(catalogue)
    assert [render(o.label) for o in table.options()][-4:] == [
        "The Ancient One awakens (a card says so)", "Elder Signs: gain or lose", "Doom tokens: add or remove", "Gain or lose sanity, stamina, items"]
    press(table, "back", "yes")  # the last item: a counter
    assert line(table) == "What changes: sanity"
    press(table, "yes")
    assert line(table) == "Whose: Ann"  # the investigator on turn first
    press(table, "next")
    assert line(table) == "Whose: Bob"
    press(table, "yes")
    assert line(table) == "By: -1"
    assert press(table, "yes").kind == "applied"
    assert table.session.history[-1].command == {"cmd": "adjust", "what": "sanity", "amount": -1, "seat": "Bob"}
    press(table, "back", "back", "yes")
    assert line(table) == "doom: +1"
    press(table, "yes")
    assert table.session.state.doom == 1
    press(table, "back", "back", "back", "yes", "next", "yes")
    assert table.session.state.elder_signs == 2
    press(table, "back", "back", "back", "back", "yes")
    assert table.session.state.awakened


def test_a_seats_own_buttons_change_only_its_own_investigator_at_any_time(catalogue):
    table = new_table(catalogue)
    bob = seat_viewer("Bob")
    assert [render(o.label) for o in table.options(bob)] == ["Gain or lose sanity, stamina, items"]  # not his turn: his counters only
    table.button("yes", "tap", seat=2)
    assert render(table.menu(bob).line) == "What changes: sanity"
    table.button("next", "tap", seat=2)
    table.button("yes", "tap", seat=2)
    assert render(table.menu(bob).line) == "By: -1"  # whose: his own, not asked
    assert table.button("yes", "tap", seat=2).kind == "applied"
    step = table.session.history[-1]
    assert step.command == {"cmd": "adjust", "what": "stamina", "amount": -1, "seat": "Bob"} and step.by == bob


def test_carolyn_ferns_daily_heal_asks_only_whom_it_can_heal_the_hurt_first(catalogue):
    table = new_table(catalogue, investigators=("joe-diamond", "carolyn-fern"))
    assert not [o for o in table.options() if o.command["cmd"] == "daily"]  # nobody hurt
    do(table.session, "adjust", what="sanity", amount=-1)
    end_turn(table.session)
    daily = [o for o in table.options() if o.command["cmd"] == "daily"]
    assert [render(o.label) for o in daily] == ["Use the daily ability"] and line(table) == "Use the daily ability"
    press(table, "yes")
    assert line(table) == "Whom: Ann" and len(table.menu().items) == 1
    assert press(table, "yes").kind == "applied" and table.session.state.investigator("Ann").sanity == 4


def test_the_companions_dice_are_rolled_as_soon_as_due_said_and_shown_on_the_ring(catalogue):
    table = new_table(catalogue, settings={"table": {"players": 2, "companion_dice": True}})
    said = []
    table.subscribe(lambda outcome: said.append(render(outcome.message)))
    assert isinstance(table.session.ring(), Gauge)
    assert table.card(tags()["hallway-on-fire"][0]).kind == "applied"
    outcome = table.card(tags()["hallway-on-fire"][1])  # the attempt: its dice rolled at once
    a = table.session.state.attempt
    assert outcome.kind == "applied" and a.step == "rolled" and a.virtual and len(a.roll) == 6
    assert said[-1].startswith("Ann: attempts Hallway on Fire with 6 green; rolled ")
    ring = table.session.ring()
    assert isinstance(ring, Counters) and len(ring.counters) == 6  # one arc per die, in its face's colour
    faces = [face for _colour, face in a.roll]
    assert [(c.value, c.maximum, c.colour) for c in ring.counters] == [
        {1: (1, 4, "investigation"), 2: (2, 4, "investigation"), 3: (3, 4, "investigation"), 5: (1, 1, "lore"), 6: (1, 1, "peril"),
         7: (1, 1, "terror")}[face] for face in faces]
    table.button("back", "hold")  # undo: the attempt and its roll together
    assert table.session.state.attempt is None and isinstance(table.session.ring(), Gauge)


def own_dice(investigators, peril_first=False):
    """A game with the companion's dice, Ann at Hallway on Fire (PERIL > PERIL) with her dice rolled; with
    `peril_first`, the first seed whose roll shows a Peril (die numbers to complete the first task with)."""
    for seed in range(1, 60):
        s = start(investigators=investigators, settings={"table": {"players": 2, "companion_dice": True}}, seed=seed)
        do(s, "move", to="hallway-on-fire")
        do(s, "attempt")
        perils = [n for n, (_colour, face) in enumerate(s.state.attempt.roll, 1) if face == 6]
        if perils or not peril_first:
            return s, perils
    raise AssertionError("no seed rolls a Peril")


def test_with_the_companions_dice_a_discard_rolls_the_rest_in_the_same_step():
    s, _perils = own_dice(("joe-diamond", "carolyn-fern"))
    step = do(s, "discard", die=1)
    a = s.state.attempt
    assert step.events[-1].kind == "rolled" and step.events[-1].virtual and a.step == "rolled" and len(a.roll) == sum(a.pool) == 5


def test_with_the_companions_dice_the_rest_wait_after_a_task_while_a_spell_may_keep_one():
    s, perils = own_dice(("joe-diamond", "carolyn-fern"), peril_first=True)  # Joe Diamond: no spell
    do(s, "complete", task=1, dice=[perils[0]])
    assert s.state.attempt.step == "rolled" and len(s.state.attempt.roll) == 5  # no spell to cast: the rest rolled at once
    s, perils = own_dice(("dexter-drake", "carolyn-fern"), peril_first=True)  # Dexter Drake holds two spells
    do(s, "complete", task=1, dice=[perils[0]])
    assert s.state.attempt.step == "completed"
    table = Table(s)
    assert {"cmd": "roll", "virtual": True} in [o.command for o in table.options()]
    if line(table).startswith("Best, "):  # the advice would keep a die on a spell first: one YES does that
        press(table, "yes")
    assert line(table) == "Roll virtual dice"  # the likely move with the companion's dice
    assert press(table, "yes").kind == "applied" and s.state.attempt.step == "rolled"


def test_an_at_midnight_text_with_no_numbers_is_asked_once_and_applied_to_each_investigator_on_the_card(catalogue):
    table = new_table(catalogue)  # the example table's Lights Out: "Each investigator here loses 1 sanity.", no numbers
    s = table.session
    for _ in range(4):  # both investigators wait at Lights Out until midnight
        do(s, "move", to="lights-out")
        end_turn(s, mythos=None)
    assert s.state.midnight_texts == ("lights-out",)
    assert "Say what Lights Out did at midnight." in render(s.public_view().prompt)
    option = next(o for o in table.options() if o.command["cmd"] == "at_midnight")
    assert render(option.label) == "Lights Out at midnight"
    assert table.button("yes", "tap").kind == "selected"
    assert line(table) == "Each investigator here loses 1 sanity.: sanity -1"  # its own words, the likely answer
    assert table.button("yes", "tap").kind == "applied"
    assert s.history[-1].command == {"cmd": "at_midnight", "adventure": "lights-out", "sanity": -1}
    assert [s.state.investigator(seat).sanity for seat in ("Ann", "Bob")] == [3, 5] and s.state.midnight_texts == ()
    assert not [o for o in table.options() if o.command["cmd"] == "at_midnight"]
