"""The blind table (issue 22): Dungeon Twister played with eyes on the cardboard — the four buttons and
the card reader, no screen — through the real rig in simulation (tests/blind_rig.py), equals the same
game typed through `companion headless`, and a player who only listens can follow it; also with each
seat entering its own revealed combat card by its own buttons, or at its own reader. The smaller tests
check, input by input, what a screen used to be needed for: the tokens a revealed room uncovers, and
the tokens as the pieces they are."""
from __future__ import annotations

from dataclasses import replace

import pytest

from companion.contract import TABLE, seat_viewer
from companion.games.dungeontwister import GAME
from companion.messages import render
from companion.session import Session
from companion.table import Table
from hardware.config import ReaderConfig, SeatButtons
from tests.blind_rig import FAST, assert_followed_by_ear, assert_the_same_game, enrolled, play_both_ways

from . import blind

SCRIPT = blind.DEAL + [line for turn in blind.TURNS for line in turn]
#: a button panel and a reader at each seat (red is seat 1, blue seat 2)
AT_EACH_SEAT = replace(FAST, seat_buttons=(SeatButtons(1, {"next": 5, "back": 6, "yes": 12, "no": 13}),
                                           SeatButtons(2, {"next": 16, "back": 19, "yes": 20, "no": 21})),
                       seat_readers=(ReaderConfig(seat=1, lift_ms=100), ReaderConfig(seat=2, lift_ms=100)))


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory):
    catalogue = enrolled(tmp_path_factory.mktemp("cards") / "cards.db", "dungeontwister", blind.tags())
    yield catalogue
    catalogue.close()


def each_seat_enters_its_own_card(script):
    """The script with each revealed combat card sent by its own seat (its buttons, or its reader)."""
    return [{"cmd": "choose", "card": line["card"], "by": f"seat:{line['colour']}"} if line.get("cmd") == "choose" else line for line in script]


def test_a_whole_game_by_gestures_and_scans_equals_the_typed_game_and_can_be_followed_by_ear(tmp_path, catalogue):
    game = play_both_ways(blind, SCRIPT, tmp_path, catalogue)
    try:
        assert_the_same_game(game)
        spoken = assert_followed_by_ear(game)
        view = game.session.public_view().to_json()
        assert [p["vp"] for p in view["players"]] == [1, 0] and view["active"] == "red"
        assert {"red: Warrior reveals a room (1 action point)", "in the room: red's Sword, blue's Mekanork"} <= spoken
        assert "blue 8 against red 5: red's Warrior is wounded." in spoken  # the fight, both cards scanned
        assert len(game.player.scans) > 40
    finally:
        game.close()


@pytest.mark.parametrize("scanning", [False, True], ids=["by-each-seats-buttons", "at-each-seats-reader"])
def test_each_seat_enters_its_own_revealed_combat_card_by_its_own_buttons_or_reader(tmp_path, catalogue, scanning):
    script = each_seat_enters_its_own_card(SCRIPT)
    game = play_both_ways(blind, script, tmp_path, catalogue, config=AT_EACH_SEAT, scanning=scanning)
    try:
        assert_the_same_game(game)
        assert_followed_by_ear(game)
        chosen = [step for step in game.session.history if step.command["cmd"] == "choose"]
        assert [str(step.by) for step in chosen] == ["seat:red", "seat:blue", "seat:blue", "seat:red"]
    finally:
        game.close()


# ---------------------------------------------------------------------------------- input by input

def into_actions(catalogue):
    table = Table(Session(GAME, 3), catalogue)
    table.command(blind.START)
    for line in blind.DEAL:
        assert table.command(line).kind == "applied"
    table.command({"cmd": "play_card", "card": 2})
    return table


def scan(table, card, copy=0, seat=None):
    return table.card(blind.tags()[card][copy], seat=seat)


def line(table, by=TABLE):
    return render(table.menu(by).line)


def test_the_starting_lines_turned_face_up_are_entered_by_scanning_each_token(catalogue):
    table = Table(Session(GAME, 3), catalogue)
    table.command(blind.START)
    assert scan(table, "blue:goblin").kind == "applied"
    assert table.session.history[-1].command == {"cmd": "lineup", "colour": "blue", "characters": ["goblin"]}
    again = scan(table, "blue:goblin", 1)
    assert again.kind == "nothing" and table.session.state.sides["blue"].lineup == ("goblin",)
    assert scan(table, "red:mekanork").kind == "applied"


def test_a_revealed_rooms_tokens_are_scanned_one_by_one_then_yes(catalogue):
    table = into_actions(catalogue)
    asked = scan(table, "red:warrior")
    assert render(asked.message) == "Warrior: Move"
    table.button("next", "tap")
    assert line(table) == "Warrior: Reveal a room"
    table.button("yes", "tap")
    assert line(table) == "In the room: That's all"
    said = scan(table, "red:sword")
    assert render(said.message) == "red's Sword: added. In the room: That's all"
    assert scan(table, "red:sword", 1).kind == "nothing"  # read twice: on the list once
    scan(table, "blue:mekanork")
    outcome = table.button("yes", "tap")
    assert outcome.kind == "applied"
    assert table.session.history[-1].command == {"cmd": "reveal", "character": "red:warrior", "appear": ["red:sword", "blue:mekanork"]}
    assert {table.session.state.tokens[t].where for t in ("red:sword", "blue:mekanork")} == {"maze"}


def test_a_reveal_by_the_buttons_alone_walks_to_each_token_and_that_is_all(catalogue):
    table = into_actions(catalogue)
    table.button("next", "tap")
    assert line(table) == "Reveal a room"
    table.button("yes", "tap")
    assert line(table) == "Who: Warrior"
    table.button("yes", "tap")
    assert line(table) == "In the room: That's all"
    table.button("next", "tap")
    assert line(table) == "In the room: red's Wall-Walker"
    table.button("yes", "tap")
    assert line(table) == "In the room: That's all"  # the list goes on, without what was picked
    table.button("next", "tap")
    assert line(table) == "In the room: red's Goblin"
    table.button("back", "tap")
    assert table.button("yes", "tap").kind == "applied"
    assert table.session.history[-1].command == {"cmd": "reveal", "character": "red:warrior", "appear": ["red:wall_walker"]}


def test_an_object_lying_in_the_maze_asks_who_picks_it_up_and_an_enemy_who_attacks_it(catalogue):
    table = into_actions(catalogue)
    table.command({"cmd": "reveal", "character": "red:warrior", "appear": ["red:sword"]})
    table.command({"cmd": "end_turn"}) if table.session.state.active == "red" else None
    table.command({"cmd": "play_card", "card": 3})
    asked = scan(table, "red:sword")
    assert render(asked.message) == "Who: Warrior"
    scan(table, "blue:goblin")  # the token answers who
    assert table.session.history[-1].command == {"cmd": "move", "take": "red:sword", "character": "blue:goblin"}
    asked = scan(table, "red:thief")
    assert render(asked.message) == "Attacker: Warrior"
    assert scan(table, "blue:warrior").kind == "applied"  # the attacker scanned: the fight starts
    assert table.session.history[-1].command == {"cmd": "attack", "defenders": ["red:thief"], "attackers": ["blue:warrior"]}
    assert scan(table, "red:combat:2").kind == "applied" and scan(table, "blue:combat:5").kind == "applied"
    assert table.session.state.tokens["red:thief"].wounded


def test_a_token_means_nothing_out_of_its_moment_or_at_the_other_seats_reader(catalogue):
    table = into_actions(catalogue)
    before = table.session.state
    assert scan(table, "red:sword").kind == "nothing"  # face down in a room still
    assert scan(table, "red:warrior", seat=2).kind == "nothing"  # blue's reader in red's turn
    assert scan(table, "red:jump").kind == "selected" and line(table) == "Who: Warrior"
    table.button("no", "tap")
    assert table.session.state is before


def test_a_seats_own_buttons_enter_its_revealed_combat_card(catalogue):
    table = into_actions(catalogue)
    table.command({"cmd": "attack", "attackers": ["red:warrior"], "defenders": ["blue:troll"]})
    table.command({"cmd": "choose", "colour": "red", "card": 1})
    table.button("back", "hold")  # undone: red's +1 is in hand again
    red = seat_viewer("red")
    assert [render(o.label) for o in table.options(red)] == [f"Combat card +{n}" for n in range(7)]  # every value: the voice tells no hand
    assert not any(o.secret for o in table.options(red))  # turned face up at the table
    assert line(table, red) == "Combat card +0"
    for _ in range(3):
        table.button("next", "tap", seat=1)
    assert line(table, red) == "Combat card +3"
    assert table.button("yes", "tap", seat=1).kind == "applied"
    step = table.session.history[-1]
    assert step.command == {"cmd": "choose", "card": 3} and step.by == red
    assert render(table.options()[0].label) == "blue's combat card"  # the table (or blue's own) enters the other
