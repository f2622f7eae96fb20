"""What the table hears: the narrator turns every outcome into things to say (issue 11)."""
import pytest

from companion.contract import TABLE, Viewer, seat_viewer
from companion.games.bigbang import GAME
from companion.messages import render
from companion.narration import Narrator
from companion.session import Session
from companion.table import Table

START = {"cmd": "start", "players": ["Ann", "Bob", "Cy"],
         "hands": {"Ann": ["penny", "penny", "howard"], "Bob": ["raj"], "Cy": ["sheldon"]},
         "locations": ["wil-wheaton-work", "stuart", "flag", "amy", "wil-wheaton-fun", "lantern"],
         "solution": ["A", "B", "C", "D", "E", "F", "G"], "board": ["B", "A", "C", "D", "E", "F", "G"]}


def table_and_narrator(verbosity="everything", ticks=False):
    table = Table(Session(GAME, 1))
    table.command(START)
    return table, Narrator(table, verbosity, ticks=ticks)


def heard(narrator, outcome):
    return [(u.kind, render(u.text)) for u in narrator.hear(outcome)]


def test_the_cursor_item_is_said_after_each_move_and_cuts_off_the_last_one():
    table, narrator = table_and_narrator()
    said = narrator.hear(table.button("next", "tap"))
    assert [(u.kind, render(u.text), u.interrupt) for u in said] == [("cursor", "3 Play 1 Penny", True)]  # with its number in the list
    said = narrator.hear(table.button("next", "tap"))
    assert [(u.kind, render(u.text), u.interrupt) for u in said] == [("cursor", "4 Pass", True)]  # Raj and Sheldon not held: none skipped


def test_a_step_its_alerts_and_where_the_buttons_point_are_said_short_and_once():
    table, narrator = table_and_narrator()
    table.command({"cmd": "play", "character": "penny", "cards": 2})
    assert heard(narrator, table.command({"cmd": "special"})) == [("result", "ring up to 9"), ("cursor", "1 Move Penny")]
    table.command({"cmd": "move", "location": 1})
    said = heard(narrator, table.command({"cmd": "act", "die": 1}))  # a losing fight: the ring drops
    assert said == [
        ("alert", "Penny loses to Wil Wheaton"),  # the result, said once (the undo list keeps the roll and the strength)
        ("result", "ring down to 8"),
        ("cursor", "2 Draw 2"),  # the last action: now draw, as many as bring the hand back to three cards
    ]
    assert render(table.session.describe(table.session.history[-1])) == (
        "Ann: Penny fought Wil Wheaton (strength 3), rolled 1 + 0: lost; the ring moves down (9 → 8)")


def test_whose_turn_is_said_only_when_it_changes():
    table, narrator = table_and_narrator()
    table.command({"cmd": "play", "character": "penny", "cards": 2})
    table.command({"cmd": "special"})
    table.command({"cmd": "move", "location": 1})
    table.command({"cmd": "act", "die": 3})
    table.command({"cmd": "draw", "count": 1})
    said = heard(narrator, table.command({"cmd": "reveal", "card": "raj"}))
    assert said == [("result", "Raj"), ("turn", "Lay a card on Caltech.")]  # the card to scan now: no menu item
    said = heard(narrator, table.command({"cmd": "place", "location": 1, "card": "kripke"}))
    assert said == [("result", "Barry Kripke"), ("turn", "Bob's turn"), ("cursor", "1 Play 1 Raj")]  # where: just said
    said = heard(narrator, table.command({"cmd": "play", "character": "raj", "cards": 1}))
    assert [kind for kind, _text in said] == ["result", "cursor"]  # Bob again, in another phase: the menu's item says what now


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
    assert said == [("alert", "Penny loses to Wil Wheaton")]
    assert heard(narrator, table.command({"cmd": "gate"}))[0][0] == "refusal"
    narrator.verbosity = "off"
    assert narrator.hear(table.command({"cmd": "gate"})) == []


def test_an_undo_says_what_was_taken_back_and_where_the_buttons_point():
    table, narrator = table_and_narrator()
    table.command({"cmd": "pass"}, by=seat_viewer("Ann"))
    narrator.hear(table.command({"cmd": "draw", "count": 1}))
    said = heard(narrator, table.undo())
    assert said == [("result", "Undone: Ann: draws 1"), ("cursor", "1 Draw 1")]


def test_after_a_step_the_item_the_buttons_now_point_at_is_said():
    """The menu starts on the likely move: the table hears which, so a YES is never a surprise."""
    table, narrator = table_and_narrator()
    said = heard(narrator, table.command({"cmd": "play", "character": "howard", "cards": 1}))
    assert said[-1] == ("cursor", "1 Howard fights Wil Wheaton at Comic Center 50%")  # his special, the best chance first
    said = heard(narrator, table.button("no", "hold"))  # hold NO means nothing while acting
    assert said == [("cue", "Nothing to do with that button now.")]


def test_a_question_a_deliberate_gesture_asks_is_said_not_the_menu_item():
    table, narrator = table_and_narrator()
    assert heard(narrator, table.button("no", "hold")) == [("cursor", "Pass? Press YES to confirm.")]
    assert heard(narrator, table.button("next", "tap")) == [("cue", "Cancelled.")]


def test_an_item_picked_by_ear_is_not_said_again_but_what_it_did_is():
    """The player heard "2 Play 2 Penny" and pressed YES: the voice goes on with what is new."""
    table, narrator = table_and_narrator()
    assert heard(narrator, table.button("next", "tap")) == [("cursor", "3 Play 1 Penny")]
    assert heard(narrator, table.button("back", "tap")) == [("cursor", "2 Play 2 Penny")]
    assert heard(narrator, table.button("yes", "tap")) == [("cursor", "1 Penny: ring 1 up")]
    assert heard(narrator, table.button("yes", "tap")) == [("result", "ring up to 9"), ("cursor", "1 Move Penny")]
    # the same step sent from a screen is said, since nobody heard it picked
    typed, listener = table_and_narrator()
    assert heard(listener, typed.command({"cmd": "play", "character": "penny", "cards": 2}))[0] == ("result", "plays 2 Penny cards")


@pytest.mark.parametrize("ticks", [True, False])
def test_a_pick_with_nothing_new_to_say_is_answered_by_its_tick_or_else_by_its_own_line(ticks):
    """ "2 Draw 2", YES: what it did is what the item said, and nothing else is due until the cards are
    drawn. Where the sounds are heard the step's tick says it was taken; where not, "draws 2" does."""
    table, narrator = table_and_narrator(ticks=ticks)
    for command in ({"cmd": "play", "character": "penny", "cards": 2}, {"cmd": "special"}, {"cmd": "move", "location": 4},
                    {"cmd": "act", "artefact": "reroll"}):
        table.command(command)
    assert render(table.menu(TABLE).line).endswith("Draw 2")  # where the buttons point: the likely move
    outcome = table.button("yes", "tap")
    assert outcome.kind == "applied" and outcome.picked
    assert heard(narrator, outcome) == ([] if ticks else [("result", "draws 2")])


def test_a_questions_label_is_said_with_its_first_choice_only():
    table, narrator = table_and_narrator()
    table.command({"cmd": "play", "character": "penny", "cards": 2})
    table.button("next", "tap")  # 2 Move Penny
    assert heard(narrator, table.button("yes", "tap")) == [("cursor", "To: 2 Cheesecake Factory")]
    assert heard(narrator, table.button("back", "tap")) == [("cursor", "1 Caltech")]
    assert heard(narrator, table.button("next", "tap")) == [("cursor", "2 Cheesecake Factory")]
    assert heard(narrator, table.button("no", "tap"))[0][0] == "cursor"  # back at the top
    table.button("next", "tap")
    assert heard(narrator, table.button("yes", "tap")) == [("cursor", "To: 2 Cheesecake Factory")]  # asked afresh: said whole


def test_the_tell_gesture_says_the_whole_prompt_the_voice_said_short():
    """Munchkin's turn starts with one short sentence; a double tap of NO says the whole prompt."""
    from companion.games.munchkin import GAME as MUNCHKIN

    table = Table(Session(MUNCHKIN, 1))
    narrator = Narrator(table)
    said = heard(narrator, table.command({"cmd": "start", "players": ["Ann", "Bob", "Cy"]}))
    whole = render(table.session.view(TABLE).prompt)
    assert len(whole.split()) > 20
    assert [text for kind, text in said if kind == "turn"] == ["Phase 1, Ann", "kick open the door and say what is behind it."]
    told = heard(narrator, table.button("no", "double"))
    assert {kind for kind, _text in told} == {"answer"} and "Before that you may equip, sell, trade and play classes or races." in [
        text for _kind, text in told]


def test_a_line_is_said_once_even_when_an_alert_repeats_it():
    """A game without a spoken form of its own: its undo-list line cut at its clauses, an alert that
    only repeats a clause left out."""
    from companion.games.eldersign import GAME as ELDER_SIGN
    from companion.testing import walk

    table = Table(Session(ELDER_SIGN, 2))
    narrator = Narrator(table)
    for request in walk(ELDER_SIGN, 2, 120):
        request = dict(request)
        by = request.pop("by", "table")
        texts = [text for _kind, text in heard(narrator, table.command(request, Viewer.parse(by)))]
        assert len(texts) == len(set(texts)), texts
        assert all(len(text.split()) <= 12 for text in texts), texts



def test_the_card_to_lay_is_asked_for_by_the_places_name_in_the_tables_language():
    from tests.speech import in_language

    table, narrator = table_and_narrator()
    for command in ({"cmd": "play", "character": "penny", "cards": 2}, {"cmd": "special"}, {"cmd": "move", "location": 4},
                    {"cmd": "act", "artefact": "reroll"}, {"cmd": "draw", "count": 1}):
        table.command(command)
    outcome = table.command({"cmd": "reveal", "card": "raj"})
    with in_language("de"):
        assert heard(narrator, outcome)[-1] == ("turn", "Karte auf Waschküche.")  # Laundry room: not the data's English
