"""The dice loop of an attempt (facts §1.4, §1.5; seed "Улики", "Фокусировка и Помощь"): the faces the
table says, one task per roll, clues, focus, help, spells, the discard, terror effects, success and
failure with their rewards and penalties."""
from __future__ import annotations

from companion.contract import TABLE, seat_viewer

from .helpers import attempt_at, do, investigator, phase, prompt, refused, start, view


def attempt(s):
    return view(s)["attempt"]


def faces(s):
    return [(d["colour"], d["face"]) for d in attempt(s)["roll"]]


class TestRolling:
    def test_an_attempt_rolls_six_green_dice_and_the_extra_ones_asked_for(self):
        s = start()
        attempt_at(s, "hallway-on-fire", yellow=True)
        assert attempt(s)["pool"] == {"green": 6, "yellow": 1, "red": 0}
        assert prompt(s) == "Roll 6 green, 1 yellow and say the faces."

    def test_a_locked_die_stays_out_and_items_spent_for_dice_are_counted(self):
        s = start()
        do(s, "adjust", what="common", amount=1)
        attempt_at(s, "hallway-on-fire", red=True, locked=1, spend=["common"])
        assert attempt(s)["pool"] == {"green": 5, "yellow": 0, "red": 1}
        assert investigator(s, "Ann")["common"] == 1  # Joe Diamond starts with one, and got one

    def test_an_item_not_held_cannot_be_spent(self):
        s = start()
        do(s, "move", to="hallway-on-fire")
        refused(s, "NOT_ENOUGH", "attempt", yellow=True, spend=["unique"])

    def test_the_faces_said_must_be_the_dice_due_and_faces_their_colour_has(self):
        s = start()
        attempt_at(s, "hallway-on-fire", red=True)
        refused(s, "WRONG_DICE", "roll", green=["1", "2"], red=["wild"])
        refused(s, "BAD_FACE", "roll", green=["1", "2", "3", "lore", "peril", "terror"], red=["1"])  # red has no 1
        do(s, "roll", green=["1", "2", "3", "lore", "peril", "terror"], red=["wild"])
        assert faces(s)[-1] == ("red", "wild")

    def test_faces_one_at_a_time_complete_the_roll_with_the_last_one(self):
        s2 = start()
        attempt_at(s2, "hallway-on-fire", locked=4)
        do(s2, "face", colour="green", face="lore")
        assert attempt(s2)["step"] == "roll" and attempt(s2)["entered"] == [{"colour": "green", "face": "lore"}]
        refused(s2, "WRONG_DICE", "face", colour="red", face="wild")
        do(s2, "face", colour="g", face="peril")
        assert attempt(s2)["step"] == "rolled" and faces(s2) == [("green", "lore"), ("green", "peril")]

    def test_virtual_dice_are_rolled_only_when_asked_and_the_same_after_an_undo(self):
        s = start()
        attempt_at(s, "hallway-on-fire")
        do(s, "roll", virtual=True)
        first = faces(s)
        assert len(first) == 6 and all(colour == "green" for colour, _f in first)
        s.undo()
        do(s, "roll", virtual=True)
        assert faces(s) == first


class TestCompleting:
    def test_a_task_is_filled_at_once_and_its_dice_stay_on_it(self):
        s = start()
        attempt_at(s, "hallway-on-fire")
        do(s, "roll", green=["peril", "1", "2", "3", "lore", "lore"])
        do(s, "complete", task=1, dice=[1])
        assert attempt(s)["pool"]["green"] == 5 and attempt(s)["tasks"][0]["done"]
        assert attempt(s)["step"] == "completed"

    def test_one_task_per_roll(self):
        s = start()
        attempt_at(s, "the-graveyard")
        do(s, "roll", green=["peril", "terror", "1", "2", "3", "lore"])
        do(s, "complete", task=1, dice=[1])
        refused(s, "NOT_NOW", "complete", task=2, dice=[1])

    def test_tasks_in_printed_order_wait_for_the_ones_above(self):
        s = start()
        attempt_at(s, "lights-out")
        do(s, "roll", green=["peril", "peril", "lore", "lore", "3", "1"])
        refused(s, "NOT_YET", "complete", task=2, dice=[1, 2])
        do(s, "complete", task=1, dice=[5])

    def test_dice_that_do_not_fill_the_task_are_refused(self):
        s = start()
        attempt_at(s, "the-curator")
        do(s, "roll", green=["lore", "1", "1", "peril", "terror", "2"])
        refused(s, "DOES_NOT_FILL", "complete", task=2, dice=[1, 2])        # LORE + 1 < INV:3
        refused(s, "DOES_NOT_FILL", "complete", task=2, dice=[1, 2, 3, 4])  # the Peril fills no box
        do(s, "complete", task=2, dice=[1, 2, 6])                          # LORE + 1 + 2

    def test_completing_every_task_gives_the_reward_and_the_card_as_a_trophy(self):
        s = start()
        attempt_at(s, "hallway-on-fire")
        do(s, "roll", green=["peril", "peril", "1", "2", "3", "lore"])
        do(s, "complete", task=1, dice=[1])
        do(s, "roll", green=["peril", "1", "2", "3", "lore"])
        do(s, "complete", task=2, dice=[1])
        ann = investigator(s, "Ann")
        assert (ann["common"], ann["trophies"]) == (2, 1)  # Joe's starting item; the table's data: reward a common item, 1 trophy
        assert "hallway-on-fire" not in [a["id"] for a in view(s)["adventures"]]
        assert view(s)["to_lay"] == 1 and phase(s) == "clock"

    def test_the_wild_fills_a_terror_box(self):
        s = start()
        attempt_at(s, "the-graveyard", red=True)
        do(s, "roll", green=["1", "1", "1", "1", "1", "1"], red=["wild"])
        do(s, "complete", task=2, dice=[7])


class TestAFailedRoll:
    def test_a_clue_rerolls_the_named_dice_and_keeps_the_others(self):
        s = start()
        do(s, "adjust", what="clues", amount=2)
        attempt_at(s, "hallway-on-fire", locked=3)
        do(s, "roll", green=["1", "2", "lore"])
        do(s, "clue", dice=[1, 3])
        assert attempt(s)["step"] == "roll" and prompt(s) == "Roll 2 green again and say the faces."
        do(s, "roll", green=["3", "peril"])
        assert faces(s) == [("green", "inv3"), ("green", "inv2"), ("green", "peril")]
        assert investigator(s, "Ann")["clues"] == 2  # Joe Diamond starts with one

    def test_clues_chain_while_any_is_left_and_joe_diamonds_each_buy_a_second_reroll(self):
        s = start()  # Joe Diamond starts with a clue
        attempt_at(s, "hallway-on-fire", locked=4)
        do(s, "roll", green=["1", "2"])
        do(s, "clue", dice=[1])
        do(s, "roll", green=["lore"])
        assert investigator(s, "Ann")["clues"] == 0
        do(s, "clue", dice=[1])  # his ability: the second reroll is free
        do(s, "roll", green=["2"])
        refused(s, "NO_CLUE", "clue", dice=[1])

    def test_focus_holds_one_die_which_later_fills_a_box(self):
        s = start()
        attempt_at(s, "hallway-on-fire", locked=3)
        do(s, "roll", green=["peril", "lore", "1"])
        do(s, "focus", die=1)
        refused(s, "MARKER_USED", "focus", die=1)
        do(s, "discard", die=1)
        assert attempt(s)["pool"]["green"] == 1 and attempt(s)["held"][0]["slot"] == "own"
        do(s, "roll", green=["2"])
        do(s, "complete", task=1, held=["own"])
        assert attempt(s)["held"] == []

    def test_the_marker_holds_one_die_at_a_time(self):
        s = start()
        attempt_at(s, "lights-out", locked=1)
        do(s, "roll", green=["peril", "lore", "1", "2", "terror"])
        do(s, "focus", die=1)
        do(s, "discard", die=4)
        do(s, "roll", green=["peril", "lore", "1"])
        refused(s, "MARKER_TAKEN", "focus", die=1)

    def test_an_investigator_on_the_same_adventure_may_help_instead_of_a_focus(self):
        s = start()
        do(s, "move", to="entrance")
        do(s, "pass")
        do(s, "clock")
        do(s, "move", to="the-curator")  # Bob
        do(s, "pass")
        do(s, "clock")
        attempt_at(s, "the-curator")  # Ann, with Bob there
        do(s, "roll", green=["lore", "1", "1", "peril", "terror", "2"])
        refused(s, "NOT_HERE", "assist", die=1, helper="Zed")
        do(s, "assist", die=1, helper="Bob")
        refused(s, "MARKER_USED", "focus", die=1)
        assert attempt(s)["held"][0]["slot"] == "assist:Bob"

    def test_a_helpers_marker_is_free_again_once_its_die_filled_a_box(self):
        """Issue 20, rule error 2 (seed, "Фокусировка и Помощь": a marker holds its die until it is used)."""
        s = start()
        do(s, "move", to="entrance")
        do(s, "pass")
        do(s, "clock")
        do(s, "move", to="the-curator")  # Bob
        do(s, "pass")
        do(s, "clock")
        attempt_at(s, "the-curator")  # Ann, with Bob there: LORE,LORE,LORE|LORE,INV:3
        do(s, "roll", green=["lore", "1", "1", "peril", "terror", "2"])
        do(s, "assist", die=1, helper="Bob")
        do(s, "discard", die=3)
        do(s, "roll", green=["3", "peril", "peril", "terror"])
        do(s, "complete", task=2, dice=[1], held=["assist:Bob"])
        do(s, "roll", green=["1", "peril", "lore"])
        do(s, "assist", die=3, helper="Bob")
        assert [held["slot"] for held in attempt(s)["held"]] == ["assist:Bob"]
        do(s, "discard", die=1)
        do(s, "roll", green=["2"])
        refused(s, "MARKER_TAKEN", "assist", die=1, helper="Bob")  # it holds the Lore: one die at a time

    def test_a_helper_still_holding_a_die_when_the_attempt_fails_owes_sanity_or_stamina(self):
        s = start()
        do(s, "move", to="entrance")
        do(s, "pass")
        do(s, "clock")
        do(s, "move", to="the-curator")
        do(s, "pass")
        do(s, "clock")
        attempt_at(s, "the-curator")
        do(s, "roll", green=["lore", "1", "1", "peril", "terror", "2"])
        do(s, "assist", die=1, helper="Bob")
        do(s, "give_up")
        assert view(s)["helper_debts"] == ["Bob"] and "Bob: lose 1 sanity or 1 stamina" in prompt(s)
        do(s, "adjust", seat="Bob", what="stamina", amount=-1)
        assert view(s)["helper_debts"] == []

    def test_a_spell_holds_a_die_also_right_after_a_task_is_completed(self):
        s = start()
        do(s, "adjust", what="spells", amount=2)
        attempt_at(s, "hallway-on-fire", locked=3)
        do(s, "roll", green=["peril", "peril", "lore"])
        do(s, "complete", task=1, dice=[1])
        do(s, "spell", die=1)
        assert attempt(s)["held"][0]["slot"] == "spell:1" and investigator(s, "Ann")["spells"] == 1
        do(s, "roll", green=["1"])
        do(s, "complete", task=2, held=["spell:1"])
        assert phase(s) == "clock"

    def test_once_the_next_rolls_faces_are_said_no_spell_takes_a_die_of_the_last_one(self):
        """The red die's face of the next roll said, a spell on the last roll's red die is refused: it
        left a face said for no die, and the next green face crashed the roll (found by the game kit)."""
        s = start()
        do(s, "adjust", what="spells", amount=1)
        attempt_at(s, "hallway-on-fire", red=True)
        do(s, "roll", green=["peril", "1", "1", "1", "1", "1"], red=["lore"])
        do(s, "complete", task=1, dice=[1])
        do(s, "face", colour="red", face="lore")
        assert "spell" not in [o.command["cmd"] for o in s.game.options(s.state, TABLE)]
        refused(s, "NOT_NOW", "spell", die=6)
        for _ in range(5):
            do(s, "face", colour="green", face="1")
        assert attempt(s)["step"] == "rolled" and len(attempt(s)["roll"]) == 6

    def test_no_spell_no_hold(self):
        s = start()
        attempt_at(s, "hallway-on-fire")
        do(s, "roll", green=["1", "1", "1", "1", "1", "1"])
        refused(s, "NO_SPELL", "spell", die=1)

    def test_out_of_dice_the_attempt_fails_with_its_penalty(self):
        s = start()
        attempt_at(s, "hallway-on-fire", locked=4)
        do(s, "roll", green=["1", "2"])
        do(s, "discard", die=1)
        do(s, "roll", green=["lore"])
        do(s, "discard", die=1)
        assert phase(s) == "clock" and view(s)["attempt"] is None
        assert investigator(s, "Ann")["stamina"] == 4  # data: penalty stamina -2

    def test_giving_up_fails_the_adventure(self):
        s = start()
        attempt_at(s, "hallway-on-fire")
        do(s, "give_up")
        assert investigator(s, "Ann")["stamina"] == 4 and phase(s) == "clock"


class TestTerror:
    def test_terror_that_ends_the_attempt_strikes_when_the_roll_completes_nothing(self):
        s = start()
        attempt_at(s, "horrible-visions")  # terror: fail
        do(s, "roll", green=["terror", "1", "2", "3", "lore", "lore"])
        assert prompt(s).startswith("Terror shows")
        do(s, "discard", die=2)
        assert phase(s) == "clock" and investigator(s, "Ann")["sanity"] == 2  # data: penalty sanity -2

    def test_terror_spares_a_roll_that_completes_a_task(self):
        s = start()
        attempt_at(s, "horrible-visions")
        do(s, "roll", green=["terror", "peril", "2", "3", "lore", "peril"])
        do(s, "complete", task=1, dice=[1, 2])
        assert phase(s) == "attempt"

    def test_terror_that_takes_dice_takes_every_green_terror_first(self):
        s = start()
        attempt_at(s, "koi-pond")  # terror: discard
        do(s, "roll", green=["terror", "terror", "1", "2", "lore", "lore"])
        refused(s, "LOST_TO_TERROR", "discard", die=1)
        do(s, "discard", die=3)  # the 1, counted as shown before the terror
        assert attempt(s)["pool"]["green"] == 3
        assert [face for _c, face in faces(s)] == []  # the rest are rolled again

    def test_terror_strikes_once_per_roll(self):
        s = start()
        do(s, "adjust", what="spells", amount=1)
        attempt_at(s, "koi-pond")
        do(s, "roll", green=["terror", "peril", "1", "2", "lore", "lore"])
        do(s, "spell", die=2)  # the terror takes die 1 first; the Peril goes on a spell
        assert attempt(s)["pool"]["green"] == 4
        do(s, "discard", die=1)
        assert attempt(s)["pool"]["green"] == 3


def test_only_the_active_seat_rolls_its_dice():
    s = start()
    attempt_at(s, "hallway-on-fire")
    before = s.state
    try:
        s.apply({"cmd": "roll", "virtual": True}, by=seat_viewer("Bob"))
    except Exception as refusal:
        assert getattr(refusal, "code", "") == "NOT_YOUR_TURN"
    assert s.state == before
