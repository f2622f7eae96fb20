"""The blind table (issue 22): Munchkin played with eyes on the cardboard — the four buttons and the
card reader, no screen — through the real rig in simulation (tests/blind_rig.py), equals the same game
typed through `companion headless`, and a player who only listens can follow it. The smaller tests
check, input by input, what a screen used to be needed for: selling cards from the hand, giving,
discarding, a level corrected, a curse that ends, the companion's die, who plays a scanned card."""
from __future__ import annotations

import pytest

from companion.contract import seat_viewer
from companion.games.munchkin import GAME
from companion.messages import render
from companion.session import Session
from companion.table import Table
from tests.blind_rig import assert_followed_by_ear, assert_the_same_game, enrolled, play_both_ways

from . import blind
from .helpers import HOUSE, hand

SCRIPT = blind.DEAL + [line for turn in blind.TURNS for line in turn]


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory):
    catalogue = enrolled(tmp_path_factory.mktemp("cards") / "cards.db", "munchkin", blind.tags())
    yield catalogue
    catalogue.close()


def test_a_whole_game_by_gestures_and_scans_equals_the_typed_game_and_can_be_followed_by_ear(tmp_path, catalogue):
    game = play_both_ways(blind, SCRIPT, tmp_path, catalogue)
    try:
        turns = sum(1 for step in game.session.history for event in step.events if event.kind == "turn_started")
        assert turns == len(blind.TURNS) + 1  # each turn of the script, and the next one started
        assert_the_same_game(game)
        spoken = assert_followed_by_ear(game)
        assert len(game.player.scans) > 25 and len(game.player.gestures) > 40
        assert "Cy: Thief" not in spoken and "Ann sells for 1000 gold: 1 level" in spoken
        levels = [p["level"] for p in game.session.public_view().to_json()["players"]]
        assert levels == [4, 1, 4]
    finally:
        game.close()


def test_the_buttons_alone_send_every_step_of_the_game_too(tmp_path, catalogue):
    """Without a single scan (each card walked to in the menu: hundreds of taps, so straight into the
    table's buttons rather than the rig's pins), still no step needs the screen."""
    game = play_both_ways(blind, SCRIPT, tmp_path, catalogue, config=None, scanning=False)
    try:
        assert game.player.scans == [] and game.player.screen_only == []
        assert_the_same_game(game)
    finally:
        game.close()


# ---------------------------------------------------------------------------------- input by input

def new_table(catalogue, **settings):
    table = Table(Session(GAME, 7), catalogue)
    assert table.command({"cmd": "start", "players": ["Ann", "Bob", "Cy"], "settings": {"house": HOUSE, **settings}}).kind == "applied"
    return table


def line(table):
    return render(table.menu().line)


def walk_to(table, label):
    """NEXT until the menu (or the question asked) says `label`, then YES."""
    for _ in range(len(table.menu().items)):
        if line(table) == label:
            return table.button("yes", "tap")
        table.button("next", "tap")
    raise AssertionError(f"{label!r} is not in {[render(i.label) for i in table.menu().items]}")


def back_to(table, label):
    """BACK until the menu says `label` (the menu wraps round: the last items are a few taps away), then YES."""
    for taps in range(1, 8):
        table.button("back", "tap")
        if line(table) == label:
            return taps, table.button("yes", "tap")
    raise AssertionError(f"{label!r} is not among the last items")


def scan(table, card, copy=0):
    return table.card(blind.tags()[card][copy])


def test_cards_sold_from_the_hand_are_scanned_one_by_one_then_yes(catalogue):
    table = new_table(catalogue)
    assert line(table) == "Door: a monster"
    assert table.button("next", "tap").kind == "selected" and line(table) == "Sell cards from the hand"
    table.button("yes", "tap")
    assert line(table) == "Sold from the hand: That's all"
    said = scan(table, "boots-of-running-really-fast")
    assert render(said.message) == "Boots of Running Really Fast: 400 gold: added. Sold from the hand: That's all"
    scan(table, "bad-ass-bandana")
    again = scan(table, "bad-ass-bandana", 1)  # picked already: the sale goes on
    assert again.kind == "nothing" and render(again.message) == "Bad-Ass Bandana: already picked."
    done = scan(table, "spiky-knees")
    assert done.kind == "selected"
    outcome = table.button("yes", "tap")
    assert outcome.kind == "applied", render(outcome.message)
    assert table.session.history[-1].command == {"cmd": "sell", "cards": ["boots-of-running-really-fast", "bad-ass-bandana", "spiky-knees"]}
    assert hand(table.session, "Ann") == 5


def test_a_sale_short_of_a_level_asks_for_items_on_the_table_to_go_with_it(catalogue):
    table = new_table(catalogue)
    table.command({"cmd": "item", "card": "sword", "equip": False})
    walk_to(table, "Sell cards from the hand")
    scan(table, "boots-of-running-really-fast")
    scan(table, "bad-ass-bandana")
    assert table.button("yes", "tap").kind == "selected" and line(table) == "Sold from the table: That's all"  # 800 gold: no level yet
    walk_to(table, "Sold from the table: Broad Sword: 400 gold")
    assert table.button("yes", "tap").kind == "applied"
    assert table.session.history[-1].command == {"cmd": "sell", "cards": ["boots-of-running-really-fast", "bad-ass-bandana"], "items": [1]}


def test_an_item_on_the_table_scanned_asks_what_becomes_of_it(catalogue):
    table = new_table(catalogue)
    for card in ("leather-armor", "broad-sword"):
        assert table.command({"cmd": "item", "card": card}).kind == "applied"
    asked = scan(table, "leather-armor")  # lying on Ann's table
    assert render(asked.message) == "Leather Armor of Ann: discarded"
    assert [render(c.label) for c in table.menu().items] == ["discarded", "given to another player", "into the backpack"]  # her own turn
    table.button("next", "tap")
    assert line(table) == "Leather Armor of Ann: given to another player"
    table.button("yes", "tap")
    assert line(table) == "To whom: Bob"  # the next in turn order (in another's turn: the one whose turn it is)
    assert table.button("yes", "tap").kind == "applied"
    assert table.session.history[-1].command == {"cmd": "give", "item": 1, "to": "Bob"}
    scan(table, "leather-armor", 1)  # now Bob's, in Ann's turn: no backpack
    assert [render(c.label) for c in table.menu().items] == ["discarded", "given to another player"]
    assert table.button("yes", "tap").kind == "applied" and table.session.history[-1].command == {"cmd": "discard", "item": 1}


def test_the_corrections_done_by_hand_are_the_last_items_a_few_back_taps_away(catalogue):
    table = new_table(catalogue)
    table.command({"cmd": "curse", "target": "Ann", "card": "chicken"})
    taps, outcome = back_to(table, "Chicken on Your Head on Ann ends")
    assert taps == 1 and outcome.kind == "applied" and table.session.history[-1].command == {"cmd": "lift", "seat": "Ann", "curse": 1}
    taps, outcome = back_to(table, "Correct a level")
    assert taps == 1 and line(table) == "Whose level: Ann"
    table.button("yes", "tap")
    assert line(table) == "Levels: +1"
    table.button("back", "tap")
    assert line(table) == "Levels: -1"  # the losses the other way round
    table.button("next", "tap")
    assert table.button("yes", "tap").kind == "applied" and table.session.history[-1].command == {"cmd": "adjust", "seat": "Ann", "levels": 1}
    taps, outcome = back_to(table, "Roll the companion's die")
    assert taps == 2 and outcome.kind == "applied" and table.session.history[-1].command == {"cmd": "die"}
    back_to(table, "Count the cards in a hand")
    assert line(table) == "Whose hand: Ann"
    table.button("yes", "tap")
    assert line(table) == "Cards: 7"  # the companion's count first (the curse left Ann's hand)
    table.button("back", "tap")
    assert table.button("yes", "tap").kind == "applied" and table.session.history[-1].command == {"cmd": "hand", "count": 6}


def test_a_seats_own_menu_gives_discards_and_corrects_only_its_own(catalogue):
    table = new_table(catalogue)
    table.command({"cmd": "item", "card": "sword"})
    labels = [render(o.label) for o in table.options(seat_viewer("Bob"))]
    assert "Discard an item" not in labels and "Give an item" not in labels  # Bob has nothing in play
    assert "Correct my level" in labels and "Correct a level" not in labels
    ann = [o for o in table.options(seat_viewer("Ann")) if o.command.get("cmd") == "give"]
    assert [render(c.label) for c in ann[0].asks[0].choices] == ["Broad Sword"]


def test_a_class_scanned_before_the_kick_is_the_door_with_one_yes_or_played_with_next_yes(catalogue):
    table = new_table(catalogue)
    asked = scan(table, "warrior")
    assert render(asked.message) == "Warrior: behind the door"
    table.button("next", "tap")
    assert line(table) == "Warrior: Ann plays it"
    assert table.button("yes", "tap").kind == "applied" and table.session.history[-1].command == {"cmd": "become", "card": "warrior"}
    scan(table, "elf")
    assert table.button("yes", "tap").kind == "applied" and table.session.history[-1].command == {"cmd": "kick", "card": "elf"}


def test_who_plays_a_scanned_card_is_asked_and_that_hand_pays_for_it(catalogue):
    table = new_table(catalogue)
    table.command({"cmd": "kick", "card": "slug"})
    asked = scan(table, "enraged")
    assert render(asked.message) == "Played by: Bob"  # the first player outside the fight
    assert table.button("yes", "tap").kind == "applied"
    assert table.session.history[-1].command == {"cmd": "enhance", "card": "enraged", "seat": "Bob"} and hand(table.session, "Bob") == 7
    asked = scan(table, "magic-missile")
    assert render(asked.message) == "Played by: Ann"  # a one-shot for the players: the fighter
    assert table.button("yes", "tap").kind == "applied"
    assert table.session.history[-1].command == {"cmd": "oneshot", "card": "magic-missile"} and hand(table.session, "Ann") == 7


def test_the_next_roll_due_is_sent_as_the_rules_take_it_and_a_single_charity_names_nobody(catalogue):
    table = new_table(catalogue)
    for request in ({"cmd": "kick", "card": "dragon"}, {"cmd": "helper", "seat": "Bob"}, {"cmd": "run"}):
        table.command(request)
    rolls = [o.command for o in table.options() if o.command.get("cmd") == "roll"]
    assert rolls[0] == {"cmd": "roll"} and {"cmd": "roll", "fighter": "Bob", "monster": 1} in rolls
    assert all(step.kind == "applied" for step in (table.command({"cmd": "roll", "die": 6}), table.command({"cmd": "roll", "die": 6})))
    table.command({"cmd": "adjust", "seat": "Ann", "levels": 2})
    table.command({"cmd": "adjust", "seat": "Bob", "levels": 1})  # Cy alone is lowest: the rules say who gets what
    assert [o.command for o in table.options() if o.command.get("cmd") == "end_turn"] == [{"cmd": "end_turn"}]
    assert render(table.options()[0].label) == "Give 3 → Cy and end the turn"


def test_a_hand_over_the_limit_may_still_be_sold_down_selling_second_after_the_end_of_the_turn(catalogue):
    table = new_table(catalogue)
    table.command({"cmd": "kick", "what": "other"})
    table.command({"cmd": "loot"})  # 10 cards: 5 too many
    assert [render(o.label) for o in table.options()[:2]] == ["Discard 5 cards and end the turn", "Sell cards from the hand"]
