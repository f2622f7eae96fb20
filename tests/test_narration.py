"""What the table hears: the narrator turns every outcome into things to say (issue 11)."""
from companion.contract import seat_viewer
from companion.games.bigbang import GAME
from companion.messages import render
from companion.narration import Narrator
from companion.session import Session
from companion.table import Table

START = {"cmd": "start", "players": ["Ann", "Bob", "Cy"],
         "hands": {"Ann": ["penny", "penny", "howard"], "Bob": ["raj"], "Cy": ["sheldon"]},
         "locations": ["wil-wheaton-work", "stuart", "flag", "amy", "wil-wheaton-fun", "lantern"],
         "solution": ["A", "B", "C", "D", "E", "F", "G"], "board": ["B", "A", "C", "D", "E", "F", "G"]}


def table_and_narrator(verbosity="everything"):
    table = Table(Session(GAME, 1))
    table.command(START)
    return table, Narrator(table, verbosity)


def heard(narrator, outcome):
    return [(u.kind, render(u.text)) for u in narrator.hear(outcome)]


def test_the_cursor_item_is_said_after_each_move_and_cuts_off_the_last_one():
    table, narrator = table_and_narrator()
    said = narrator.hear(table.button("next", "tap"))
    assert [(u.kind, render(u.text), u.interrupt) for u in said] == [("cursor", "3. Play 1 Penny", True)]  # with its fixed number
    said = narrator.hear(table.button("next", "tap"))
    assert [(u.kind, render(u.text), u.interrupt) for u in said] == [("cursor", "6. Pass", True)]  # Raj and Sheldon not held: no 4, 5


def test_a_step_its_alerts_and_the_new_turn_are_said():
    table, narrator = table_and_narrator()
    table.command({"cmd": "play", "character": "penny", "cards": 2})
    narrator.hear(table.command({"cmd": "special"}))
    table.command({"cmd": "move", "location": 1})
    said = heard(narrator, table.command({"cmd": "act", "die": 1}))  # a losing fight: the ring drops
    assert said == [
        ("result", "Ann: Penny fought Wil Wheaton (strength 3), rolled 1 + 0: lost; the ring moves down (9 → 8)"),
        ("alert", "Penny fought Wil Wheaton (strength 3), rolled 1 + 0: lost"),
        ("turn", "Ann: say how many cards you draw (1 to 5); the pile has 36."),  # the last action: now draw
        ("cursor", "2. Draw 2"),  # where the buttons point now: as many as bring the hand back to three cards
    ]


def test_whose_turn_is_said_only_when_it_changes():
    table, narrator = table_and_narrator()
    said = heard(narrator, table.command({"cmd": "play", "character": "penny", "cards": 2}))
    assert [kind for kind, _text in said] == ["result", "turn", "cursor"]  # a new phase: what to do now
    said = heard(narrator, table.command({"cmd": "special"}))
    assert [kind for kind, _text in said] == ["result", "cursor"]  # same player, same phase: not repeated


def test_a_refusal_is_said_with_its_reason_and_a_useless_press_is_not_silent():
    table, narrator = table_and_narrator()
    assert heard(narrator, table.command({"cmd": "move", "location": 2})) == [("refusal", "Not now: the table is choosing a character.")]
    assert heard(narrator, table.button("yes", "hold")) == [("cue", "Nothing to do with that button now.")]


def test_alerts_only_says_alerts_and_refusals_and_off_says_nothing():
    table, narrator = table_and_narrator("alerts")
    assert narrator.hear(table.button("next", "tap")) == []
    table.command({"cmd": "play", "character": "penny", "cards": 2})
    table.command({"cmd": "move", "location": 1})
    said = heard(narrator, table.command({"cmd": "act", "die": 1}))
    assert [kind for kind, _text in said] == ["alert"]
    assert heard(narrator, table.command({"cmd": "gate"}))[0][0] == "refusal"
    narrator.verbosity = "off"
    assert narrator.hear(table.command({"cmd": "gate"})) == []


def test_an_undo_says_what_was_taken_back_and_the_turn_again():
    table, narrator = table_and_narrator()
    table.command({"cmd": "pass"}, by=seat_viewer("Ann"))
    narrator.hear(table.command({"cmd": "draw", "count": 1}))
    said = heard(narrator, table.undo())
    assert said[0][0] == "result" and said[0][1].startswith("Undone: Ann: draws 1")


def test_after_a_step_the_item_the_buttons_now_point_at_is_said():
    """The menu starts on the likely move: the table hears which, so a YES is never a surprise."""
    table, narrator = table_and_narrator()
    said = heard(narrator, table.command({"cmd": "play", "character": "howard", "cards": 1}))
    assert said[-1] == ("cursor", "1. Howard fights Wil Wheaton at Comic Center (50%)")  # his special, the best chance first
    said = heard(narrator, table.button("no", "hold"))  # hold NO means nothing while acting
    assert said == [("cue", "Nothing to do with that button now.")]


def test_a_question_a_deliberate_gesture_asks_is_said_not_the_menu_item():
    table, narrator = table_and_narrator()
    assert heard(narrator, table.button("no", "hold")) == [("cursor", "Pass? Press YES to confirm.")]
    assert heard(narrator, table.button("next", "tap")) == [("cue", "Cancelled.")]
