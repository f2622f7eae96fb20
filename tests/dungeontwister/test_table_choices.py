"""Dungeon Twister on the table screen alone (setting `seats.secret_choices = "table"`, the default).

The players set their starting lines and choose their combat cards with the cardboard, face down, and
turn them over together; the table enters what is revealed — by a tap, the four buttons, or a scan —
and the game goes on. No seat screen is needed. A hand is never shown: the table's card menu offers
every value of the box, and the undo list keeps who won, never a card.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from companion.cards import CardCatalogue
from companion.contract import TABLE
from companion.errors import RuleError
from companion.games.dungeontwister import GAME
from companion.messages import render
from companion.session import Session
from companion.table import Table

from .helpers import BLUE, RED, SEAT_MODE, TABLE_MODE, do, line, prompt, refused, said, view

RED_LINE, BLUE_LINE = ("troll", "warrior", "thief", "cleric"), ("troll", "warrior", "goblin", "wizard")


def started(seed: int = 3) -> Session:
    session = Session(GAME, seed)
    do(session, "start", players=["Ann", "Bob"], first="red", settings=TABLE_MODE)
    return session


def labels(session: Session) -> list[str]:
    return [render(o.label) for o in GAME.options(session.state, TABLE)]


def enter_lines(session: Session) -> None:
    for colour, line_ in (("red", RED_LINE), ("blue", BLUE_LINE)):
        for character in line_:
            do(session, "lineup", colour=colour, characters=[character])


def test_without_seat_screens_the_table_enters_both_revealed_starting_lines_and_the_game_goes_on():
    s = started()
    assert prompt(s) == "Turn the starting lines face up; enter red's: 4 more characters."
    assert labels(s) == ["red's starting line (0 of 4)", "blue's starting line (0 of 4)"]
    step = do(s, "lineup", colour="red", characters=["troll"])
    assert line(s, step) == "red's starting line: Troll"
    assert line(s, step, BLUE) == "red's starting line: Troll"  # turned face up: nobody's secret
    assert view(s)["lineups"] == {"red": ["troll"], "blue": []}
    for character in RED_LINE[1:]:
        do(s, "lineup", colour="red", characters=[character])
    assert prompt(s) == "Turn the starting lines face up; enter blue's: 4 more characters."
    for character in BLUE_LINE:
        step = do(s, "lineup", colour="blue", characters=[character])
    assert "blue starts with Troll, Warrior, Goblin, Wizard" in line(s, step)
    assert prompt(s) == "red: play an action card (2)."
    assert {c["id"] for c in view(s)["characters"] if c["status"] == "maze"} == {f"red:{p}" for p in RED_LINE} | {f"blue:{p}" for p in BLUE_LINE}


def test_a_line_entered_twice_or_too_long_is_refused_and_changes_nothing():
    s = started()
    do(s, "lineup", colour="red", characters=["troll"])
    refused(s, "BAD_LINEUP", "lineup", colour="red", characters=["troll"])
    refused(s, "BAD_LINEUP", "lineup", colour="red", characters=["warrior", "thief", "cleric", "goblin"])
    refused(s, "NAME_THE_COLOUR", "lineup", characters=["warrior"])


def into_a_fight(s: Session) -> None:
    enter_lines(s)
    do(s, "play_card", card=2)
    do(s, "attack", attackers=["warrior", "troll"], defenders=["blue:troll"])


def test_the_table_enters_both_revealed_combat_cards_a_tap_and_a_scan_and_the_fight_is_resolved():
    s = started()
    into_a_fight(s)
    assert prompt(s) == "Combat: turn both cards over; enter the cards of red and blue."
    assert labels(s) == ["red's combat card", "blue's combat card"]
    first = do(s, "choose", colour="red", card=6)
    assert view(s)["combat"]["revealed"] == {"red": 6}  # the table checks what it entered while the card lies face up
    assert said(s, first) == ["red: +6."]
    assert line(s, first) == "red's combat card entered"  # the list keeps no card (seed: used cards lie face down)
    assert labels(s) == ["blue's combat card"]
    scanned = GAME.scan(s.state, "blue:combat:0", TABLE)
    assert scanned == {"cmd": "choose", "card": 0, "colour": "blue"}
    reveal = s.apply(scanned, by=TABLE)
    shown = view(s)["last_combat"]
    assert (shown["totals"], shown["cards"], shown["wounded"]) == ({"red": 13, "blue": 4}, {"red": 6, "blue": 0}, ["blue:troll"])
    assert said(s, reveal) == ["blue: +0.", "red 13 against blue 4: blue's Troll is wounded.", "1 AP left."]
    assert not re.search(r"\+\d", line(s, reveal)), line(s, reveal)
    do(s, "end_turn")
    assert view(s)["last_combat"] is None  # the cards go face down with the next action


def test_the_tables_card_menu_offers_every_value_of_the_box_and_a_used_card_is_refused():
    s = started()
    into_a_fight(s)
    do(s, "choose", colour="red", card=6)
    do(s, "choose", colour="blue", card=0)
    do(s, "end_turn")
    do(s, "play_card", card=2)
    do(s, "attack", attackers=["warrior"], defenders=["red:thief"])
    menu = next(o for o in GAME.options(s.state, TABLE) if o.command == {"cmd": "choose", "colour": "red"})
    assert [render(c.label) for c in menu.asks[0].choices] == ["+0", "+1", "+2", "+3", "+4", "+5", "+6"]  # not red's hand
    error = refused(s, "NOT_IN_HAND", "choose", colour="red", card=6)
    assert render(error.text) == "red has no +6 combat card in hand."


def test_a_table_without_phones_plays_at_the_table_without_changing_a_setting(db_path):
    """No settings sent: the table screen enters the revealed lines, and no seat is waited for."""
    lines = [{"cmd": "start", "players": ["Ann", "Bob"], "first": "red"},
             *({"cmd": "lineup", "colour": colour, "characters": list(line_)} for colour, line_ in (("red", RED_LINE), ("blue", BLUE_LINE))),
             {"cmd": "log", "by": "seat:blue"}]
    result = subprocess.run([sys.executable, "-m", "entry", "headless", "dungeontwister", "--db", str(db_path), "--seed", "3"],
                            input="".join(json.dumps(request) + "\n" for request in lines), capture_output=True, text=True, timeout=60)
    replies = [json.loads(reply) for reply in result.stdout.splitlines()]
    assert [r["ok"] for r in replies] == [True] * 4, result.stderr
    assert replies[0]["state"]["prompt"] == "Turn the starting lines face up; enter red's: 4 more characters."
    assert replies[0]["state"]["secret_choices"] == "table"
    assert replies[1]["description"] == "red's starting line: Troll, Warrior, Thief, Cleric"
    assert replies[2]["state"]["prompt"] == "red: play an action card (2)."
    assert "red's starting line" in json.dumps(replies[3]["log"])  # entered face up: blue reads it too


def test_with_seat_screens_the_table_is_offered_no_secret_choice():
    s = Session(GAME, 3)
    do(s, "start", players=["Ann", "Bob"], first="red", settings=SEAT_MODE)
    assert labels(s) == [] and prompt(s) == "Waiting for the starting line of red and blue…"
    step = do(s, "lineup", by=BLUE, characters=["troll"])
    assert line(s, step) == "blue has chosen 1 of 4 starting characters"


# -- hands-free: the four buttons and a scan reach every step --------------------------------------------
class Hands:
    """NEXT until the item wanted, then YES; the same for each value an option asks."""

    def __init__(self, table: Table):
        self.table = table

    def pick(self, *labels: str) -> None:
        for wanted in labels:
            for _ in range(len(self.table.menu().items)):
                if render(self.table.menu().item.label) == wanted:
                    break
                self.table.button("next", "tap")
            assert render(self.table.menu().item.label) == wanted, [render(i.label) for i in self.table.menu().items]
            outcome = self.table.button("yes", "tap")
            assert outcome.kind in ("selected", "applied"), render(outcome.message)


def test_the_four_buttons_and_a_scan_reach_every_step_of_a_game_at_the_table(tmp_path):
    s = started()
    with CardCatalogue(tmp_path / "tags.db") as catalogue:
        catalogue.enrol("04a1b2c3", "dungeontwister", "red:combat:5")
        table = Table(s, catalogue)
        hands = Hands(table)
        for colour, line_ in (("red", RED_LINE), ("blue", BLUE_LINE)):
            for n, character in enumerate(line_):
                hands.pick(f"{colour}'s starting line ({n} of 4)", character.capitalize())
        assert s.state.phase == "action_card"
        hands.pick("Play the 2 action card")
        hands.pick("Attack", "Warrior", "blue's Warrior")
        assert table.card("04a1b2c3").kind == "applied"  # red's +5 scanned at the table's reader
        hands.pick("blue's combat card", "+1")
        assert view(s)["last_combat"]["totals"] == {"red": 8, "blue": 4}
        assert table.button("no", "hold").kind == "selected"  # "End the turn? Press YES to confirm."
        assert table.button("yes", "tap").kind == "applied"
        assert s.state.active == "blue" and s.state.phase == "action_card"


def test_once_the_cards_lie_face_down_again_nothing_the_table_or_a_seat_is_sent_tells_which_were_played():
    """Twin games differing only in red's card (same outcome): from the next action on, the same bytes."""
    from .test_secrets import payloads

    def game(red_card: int) -> Session:
        s = started()
        into_a_fight(s)
        do(s, "choose", colour="red", card=red_card)
        do(s, "choose", colour="blue", card=0)
        do(s, "move", character="thief")
        return s

    six, five = game(6), game(5)
    for viewer in (TABLE, BLUE):
        assert payloads(six, viewer) == payloads(five, viewer)


def test_a_card_entered_face_up_is_laid_open_so_only_the_table_takes_it_back():
    """A card entered as it is turned face up is on every screen and said aloud at once: the step lays it
    open, so the seat that entered it cannot take it back to choose another (the table can, as for any
    reveal). The game kit found the voice saying a card the step declared its owner's alone."""
    s = started()
    into_a_fight(s)
    entered = do(s, "choose", by=RED, card=6)
    assert view(s)["combat"]["revealed"] == {"red": 6} and said(s, entered) == ["red: +6."]
    with pytest.raises(RuleError) as refusal:
        s.undo(1, by=RED)
    assert refusal.value.code == "NOT_YOURS" and view(s)["combat"]["revealed"] == {"red": 6}
    s.undo(1)
    assert view(s)["combat"]["revealed"] == {}
