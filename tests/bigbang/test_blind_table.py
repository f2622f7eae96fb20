"""The blind table (issue 11): Big Bang played with eyes on the cardboard — the four buttons and the
card reader, no screen.

The whole game runs through the real rig in simulation: gestures on gpiozero's mock pins (the
companion's own gesture recogniser decides tap or hold), cards on the simulated reader, the real
SQLite card catalogue and event store, the Recording speaker as the only fake. It must equal the same
game typed as `companion headless` commands, and a player who only listens must be able to follow it.
The smaller tests below check, input by input, that everything a screen's dialog used to be needed for
is reachable through `Table.button` and `Table.card`.
"""
from __future__ import annotations

import pytest

from companion.contract import TABLE
from companion.games.bigbang import GAME
from companion.inputs import numbered
from companion.messages import render
from companion.session import Session
from companion.table import Table
from tests.blind_rig import assert_followed_by_ear, assert_the_same_game, enrolled, play_both_ways

from . import blind
from .blind import DEAL, MORE_TURNS, START, TURNS, tags

SCRIPT = DEAL + [line for turn in TURNS + MORE_TURNS for line in turn]


@pytest.fixture
def catalogue(tmp_path):
    catalogue = enrolled(tmp_path / "cards.db", "bigbang", tags())
    yield catalogue
    catalogue.close()


@pytest.mark.parametrize("scan_board", [False, True], ids=["board-by-buttons", "board-by-its-cards"])
def test_a_whole_game_by_gestures_and_scans_equals_the_typed_game_and_can_be_followed_by_ear(tmp_path, catalogue, scan_board):
    game = play_both_ways(blind, SCRIPT, tmp_path, catalogue, scan_board=scan_board)
    try:
        session, player = game.session, game.player
        # (a) the same game as typed
        turns = sum(1 for step in session.history for event in step.events if event.kind == "turn_started")
        assert turns >= 12 and len(session.seats) == 3
        assert_the_same_game(game)
        assert [step.command for step in session.redo_stack] != []

        # (b) followed by ear: every gesture and scan answered aloud with the item pointed at or what it did
        assert len(player.gestures) > 80 and len(player.scans) > 40
        spoken = assert_followed_by_ear(game)
        assert "The red moon strikes: the ring drops 2." in spoken  # an alert
        assert "Redo: Cy: plays 2 Penny cards? Press YES to confirm." in spoken  # redo asked first
        assert "Drew Raj" not in spoken and "Raj" in spoken  # a card scanned is said (its name), not the menu item
    finally:
        game.close()


# ---------------------------------------------------------------------------------- input by input

def new_table(catalogue, hands=None, locations=None, **start):
    table = Table(Session(GAME, 1), catalogue)
    request = {**START, **({"hands": hands} if hands else {}), **({"locations": locations} if locations else {}), **start}
    assert table.command(request).kind == "applied"
    return table


def line(table):
    return render(table.menu().line)


def press(table, *taps):
    for button in taps:
        table.button(button, "tap")


def test_the_real_deal_is_told_by_scanning_each_players_cards_in_turn(catalogue):
    table = new_table(catalogue)
    uids = tags()
    spoken = []
    table.subscribe(lambda outcome: spoken.append(render(outcome.message)))
    assert render(table.session.view(TABLE).prompt) == "Deal Ann 3 more cards: scan each one, or pick it here."
    for n, card in enumerate(["penny", "penny", "howard"]):
        assert table.card(uids[card][n]).kind == "applied"
    assert table.session.state.hand_of("Ann") == {"penny": 2, "howard": 1}
    assert table.session.turn.acting == ("Bob",) and "Deal Bob 3 more cards" in render(table.session.view(TABLE).prompt)


def test_a_scanned_location_card_asks_which_of_two_empty_places_of_its_deck(catalogue):
    table = new_table(catalogue, hands={"Ann": ["penny"], "Bob": ["raj"], "Cy": ["sheldon"]})
    assert table.session.state.phase == "layout"
    before = table.session.state
    asked = table.card(tags()["kripke"][0])  # a work card: Caltech (1) or the Cheesecake Factory (2)?
    assert asked.kind == "selected" and render(asked.message) == "Where: 1. Caltech" and table.session.state is before
    press(table, "next")
    assert line(table) == "Where: 2. Cheesecake Factory"
    outcome = table.button("yes", "tap")
    assert outcome.kind == "applied" and table.session.state.locations[:2] == (None, "kripke")
    assert table.card(tags()["stuart"][0]).kind == "applied"  # one work place left: no question
    assert table.session.state.locations[:2] == ("stuart", "kripke")


QUIET = ["wil-wheaton-work", "stuart", "flag", "amy", "wil-wheaton-fun", "lantern"]


def test_an_artefact_card_scanned_at_a_helper_takes_the_reward_with_that_artefact(catalogue):
    table = new_table(catalogue, hands={"Ann": ["penny", "penny"], "Bob": ["raj"], "Cy": ["sheldon"]}, locations=QUIET)
    table.command({"cmd": "play", "character": "penny", "cards": 2})
    table.command({"cmd": "move", "location": 4})  # Amy: an artefact
    outcome = table.card(tags()["artefact:moon"][0])
    assert outcome.kind == "applied" and table.session.history[-1].command == {"cmd": "act", "artefact": "moon"}
    assert table.session.state.artefacts == {"moon": 1}
    assert table.card(tags()["artefact:clue"][0]).kind == "nothing"  # nothing to take any more: changes nothing


def heard(table):
    """Everything the table answers from now on: (kind, what it says)."""
    said = []
    table.subscribe(lambda outcome: said.append((outcome.kind, render(outcome.message))))
    return said


def test_a_location_card_scanned_in_the_actions_moves_the_character_there_in_one_step(catalogue):
    table = new_table(catalogue, hands={"Ann": ["penny"] * 4, "Bob": ["raj"], "Cy": ["sheldon"]}, locations=QUIET)
    table.command({"cmd": "play", "character": "penny", "cards": 4})
    steps, said = len(table.session.history), heard(table)
    outcome = table.card(tags()["amy"][0])  # Amy lies at the laundry room (4)
    assert outcome.kind == "applied" and len(table.session.history) == steps + 1
    assert table.session.history[-1].command == {"cmd": "move", "location": 4} and table.session.state.positions["penny"] == 4
    assert said == [("applied", "Ann: Penny moves to Laundry room")] == [("applied", render(table.session.describe(outcome.step)))]
    assert line(table) == "2. Take Amy: an artefact"  # the buttons start on the card there, as after a move by the menu


def test_a_move_asked_by_the_buttons_is_still_answered_by_the_card_lying_there(catalogue):
    table = new_table(catalogue, hands={"Ann": ["penny"] * 4, "Bob": ["raj"], "Cy": ["sheldon"]}, locations=QUIET)
    table.command({"cmd": "play", "character": "penny", "cards": 4})
    press(table, "next")
    assert line(table) == "2. Move Penny"
    table.button("yes", "tap")
    assert table.card(tags()["lantern"][0]).kind == "applied"
    assert table.session.history[-1].command == {"cmd": "move", "location": 6}


def test_the_card_where_the_character_stands_means_its_take_or_fight(catalogue):
    table = new_table(catalogue, hands={"Ann": ["penny"] * 4, "Bob": ["penny", "raj"], "Cy": ["sheldon"]}, locations=QUIET)
    table.command({"cmd": "play", "character": "penny", "cards": 4})
    assert table.card(tags()["stuart"][0]).kind == "applied"  # to the Cheesecake Factory (2) …
    steps = len(table.session.history)
    outcome = table.card(tags()["stuart"][1])  # … and Stuart again: his cube, no question to ask
    assert outcome.kind == "applied" and len(table.session.history) == steps + 1
    assert table.session.history[-1].command == {"cmd": "act"} and table.session.state.cubes == 1
    table.command({"cmd": "move", "location": 1})
    before = table.session.state
    asked = table.card(tags()["wil-wheaton-work"][0])  # the enemy where Penny stands: the fight, its questions first
    assert asked.kind == "selected" and render(asked.message) == "Help: No help (33%)" and table.session.state is before
    table.button("yes", "tap")
    press(table, "next", "next")
    assert line(table) == "Die: 3"
    assert table.button("yes", "tap").kind == "applied" and table.session.history[-1].command == {"cmd": "act", "die": 3}


def test_a_location_card_means_nothing_when_it_lies_at_two_places_or_no_move_is_allowed(catalogue):
    twice = ["stuart", "stuart", *QUIET[2:]]
    table = new_table(catalogue, hands={"Ann": ["penny"] * 4, "Bob": ["raj"], "Cy": ["sheldon"]}, locations=twice)
    uids = tags()

    def means_nothing(card, seat=None):
        state, steps = table.session.state, len(table.session.history)
        outcome = table.card(uids[card][0], seat=seat)
        assert outcome.kind == "nothing" and table.session.state is state and len(table.session.history) == steps, (card, outcome)

    means_nothing("lantern")  # choosing a character: no move yet
    table.command({"cmd": "play", "character": "penny", "cards": 4})
    means_nothing("stuart")  # Caltech or the Cheesecake Factory?
    means_nothing("lantern", seat=2)  # Bob's reader in Ann's turn
    assert table.card(uids["lantern"][0], seat=1).kind == "applied"  # Ann's own reader moves her character
    table.command({"cmd": "move", "location": 1})
    means_nothing("stuart")  # where Penny stands, and at another place too: neither
    table.command({"cmd": "end_actions"})
    means_nothing("flag")  # announcing a draw


def test_a_fight_asks_for_help_then_the_die_and_a_re_roll_only_after_a_losing_roll(catalogue):
    table = new_table(catalogue, hands={"Ann": ["penny"] * 4, "Bob": ["penny", "raj"], "Cy": ["sheldon"]}, locations=QUIET)
    for request in ({"cmd": "play", "character": "penny", "cards": 4}, {"cmd": "move", "location": 4},
                    {"cmd": "act", "artefact": "reroll"}, {"cmd": "move", "location": 1}):
        assert table.command(request).kind == "applied"
    assert line(table) == "2. Fight Wil Wheaton (56%)"  # after a move, the card there; the chance counts the re-roll
    table.button("yes", "tap")
    assert line(table) == "Help: No help (56%)"
    press(table, "next")
    assert line(table) == "Help: Bob 1 (75%)"
    table.button("yes", "tap")
    assert line(table) == "Die: 1"
    table.button("yes", "tap")  # 1 + 1 < 3: lost, so the re-roll is asked
    assert line(table) == "Re-roll: No re-roll"
    press(table, "next", "next", "next")
    outcome = table.button("yes", "tap")
    assert outcome.kind == "applied"
    assert table.session.history[-1].command == {"cmd": "act", "die": 1, "reroll": 3, "helpers": {"Bob": 1}}
    table.button("back", "hold")  # undo; now a winning first roll: no re-roll question
    table.button("yes", "tap")
    table.button("yes", "tap")  # no help
    press(table, "next", "next")
    assert line(table) == "Die: 3"
    assert table.button("yes", "tap").kind == "applied"
    assert table.session.history[-1].command == {"cmd": "act", "die": 3}


SWORD_CASE = {"id": "sword-case", "name": "Sword case", "kind": "treasure", "reward": "relic:sword", "deck": "work", "count": 1}


def test_the_sword_beats_an_enemy_from_the_menu(catalogue):
    from companion.games.bigbang.config import default_settings

    settings = {"cards": [*default_settings()["cards"], SWORD_CASE]}
    table = new_table(catalogue, hands={"Ann": ["penny"] * 4, "Bob": ["raj"], "Cy": ["sheldon"]},
                      locations=["wil-wheaton-work", "sword-case", *QUIET[2:]], settings=settings)
    for request in ({"cmd": "play", "character": "penny", "cards": 4}, {"cmd": "move", "location": 2}, {"cmd": "act"},
                    {"cmd": "move", "location": 1}):
        assert table.command(request).kind == "applied"
    assert table.session.state.relics == ("sword",)
    assert line(table) == "2. Fight Wil Wheaton (33%)"
    press(table, "next")
    assert line(table) == "3. Beat Wil Wheaton with the Sword of Billy Sparks"
    outcome = table.button("yes", "tap")
    assert outcome.kind == "applied" and table.session.history[-1].command == {"cmd": "act", "sword": True}
    assert table.session.state.relics == () and table.session.state.locations[0] is None


def test_items_are_said_and_shown_1_2_3_in_order_and_each_keeps_its_place_on_the_ring(catalogue):
    table = new_table(catalogue, hands={"Ann": ["howard", "sheldon"], "Bob": ["raj"], "Cy": ["penny"]}, locations=QUIET)
    places = {render(option.label): option.number for option in table.options()}
    assert places == {"Play 1 Howard": 2, "Play 1 Sheldon": 5, "Pass": 6}  # Leonard, Penny, Raj not held: their places stay dark
    assert [render(label) for label in numbered(table.options())] == ["1. Play 1 Howard", "2. Play 1 Sheldon", "3. Pass"]
    assert table.cursor() is None
    press(table, "next")
    assert line(table) == "2. Play 1 Sheldon" and table.cursor() == (4, 6)  # said as the 2nd item, lit at Sheldon's own place
    table.button("back", "tap")
    table.button("yes", "tap")  # Howard
    walked = [line(table)]
    while not walked[-1].endswith("Move Howard"):
        table.button("next", "tap")
        walked.append(line(table))
    assert walked == ["1. Howard fights Wil Wheaton at Comic Center (50%)", "2. Howard fights Wil Wheaton at Caltech (33%)",
                      "3. Move Howard"]  # two variants of one move: two numbers said, never one twice
    table.button("yes", "tap")
    places = [choice.number for choice in table.menu().items]
    assert places == [1, 2, 3, 4, 5, 6] and [c.value for c in table.menu().items] == places  # a location is its own number


def test_sheldons_swap_starts_on_the_swap_a_clue_asks_for(catalogue):
    from companion.games.bigbang.state import replace

    table = new_table(catalogue, hands={"Ann": ["sheldon"], "Bob": ["raj"], "Cy": ["penny"]}, locations=QUIET)
    table.command({"cmd": "play", "character": "sheldon", "cards": 1})
    swap = next(o for o in table.options() if o.command == {"cmd": "special"})
    assert [c.value for a in swap.asks for c in a.choices if c.likely] == []  # no clue yet: no guess
    clued = replace(table.session.state, clues={"A": "Fehu"})  # A belongs to Fehu, where B lies (the board is B A C …)
    swap = next(o for o in GAME.options(clued, TABLE) if o.command == {"cmd": "special"})
    assert [[c.value for c in a.choices if c.likely] for a in swap.asks] == [["B"], ["A"]]


def test_letter_tiles_are_laid_at_setup_and_answer_sheldons_swap(catalogue):
    unlaid = {key: value for key, value in START.items() if key != "board"}
    table = Table(Session(GAME, 1), catalogue)
    hands = {"Ann": ["sheldon"], "Bob": ["raj"], "Cy": ["penny"]}
    assert table.command({**unlaid, "hands": hands, "locations": QUIET}).kind == "applied"
    state, uids = table.session.state, tags()
    assert state.phase == "letters"
    assert table.card(uids["letter:B"][0]).kind == "applied" and table.session.state.board == ("B",)
    before = table.session.state
    assert table.card(uids["letter:B"][1]).kind == "nothing" and table.session.state is before  # laid already
    assert table.card(uids["letter:A"][0], seat=2).kind == "nothing" and table.session.state is before  # a seat's reader
    for n, letter in enumerate("ACDEFG"):
        assert table.card(uids[f"letter:{letter}"][n % 4]).kind == "applied"
    assert table.session.state.board == ("B", "A", "C", "D", "E", "F", "G") and table.session.state.phase == "choose"

    table.command({"cmd": "play", "character": "sheldon", "cards": 1})
    before = table.session.state
    assert table.card(uids["letter:A"][1]).kind == "nothing" and table.session.state is before  # no letter asked
    assert line(table) == "1. Sheldon swaps letters"
    table.button("yes", "tap")
    assert line(table) == "Letter: B"
    assert table.card(uids["letter:A"][2]).kind == "selected" and line(table).startswith("With: ")
    outcome = table.card(uids["letter:B"][2])
    assert outcome.kind == "applied" and table.session.history[-1].command == {"cmd": "special", "a": "A", "b": "B"}
    assert table.session.state.board[:2] == ("A", "B")


def test_sheldons_second_letter_never_starts_on_the_first(catalogue):
    table = new_table(catalogue, hands={"Ann": ["sheldon"], "Bob": ["raj"], "Cy": ["penny"]}, locations=QUIET)
    table.command({"cmd": "play", "character": "sheldon", "cards": 1})
    table.button("yes", "tap")
    assert line(table) == "Letter: B"  # the board lies B A C D E F G
    press(table, "next", "yes")
    assert line(table) == "With: B", "a swap of A with A would change nothing: the buttons start past it"
    table.button("no", "tap")  # the swap dropped: the menu again
    assert line(table) == "1. Sheldon swaps letters"
    press(table, "yes", "yes")  # Letter: B this time
    assert line(table) == "With: A"
