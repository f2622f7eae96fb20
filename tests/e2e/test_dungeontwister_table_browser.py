"""Dungeon Twister played start to finish on the table screen alone (800×480, no seat screen): the
setup's "Secret choices" reads "revealed at the table" by default and is left so; the table enters
both starting lines as they are turned face up and, in a fight, both combat cards as they are turned
over; the game goes on to the winner. The table's card menu offers every value of the box, and the
undo list keeps no card."""
from __future__ import annotations

import re

import pytest

from tests.e2e.browser import choose_setting, name_players
from tests.e2e.conftest import Server, open_page, settled, shot, tap, wait_text

pytestmark = pytest.mark.timeout(240)

LINES = {"red": ("Goblin", "Troll", "Warrior", "Thief"), "blue": ("Troll", "Warrior", "Goblin", "Wizard")}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("dungeontwister-table") / "games.db")
    yield s
    s.stop()


def enter_lines(page) -> None:
    for colour, line in LINES.items():
        for n, character in enumerate(line):
            tap(page, f"{colour}'s starting line ({n} of 4)")
            wait_text(page, "^Who$")
            tap(page, character)
            if n < 3:
                wait_text(page, rf"^{colour}'s starting line \({n + 1} of 4\)")


def leave(page, colour: str, character: str, ap_left: int | None) -> None:
    tap(page, "Leave the maze (the enemy's starting line)")
    wait_text(page, "^Who$")
    tap(page, character)
    if ap_left is not None:
        wait_text(page, rf"^{colour}: {ap_left} AP left\.$")


def test_a_whole_game_on_the_table_screen_alone(browser, server):
    page = open_page(browser, server.url)
    if "New Dungeon Twister" not in settled(page):
        tap(page, "Home")
    tap(page, "New Dungeon Twister")
    wait_text(page, "Players in turn order")
    name_players(page, ["Ann", "Bob"])
    choose_setting(page, "seats.first_player", "the first player named")
    tap(page, "Start the game")  # "Secret choices" left at its default: a table without phones changes nothing
    wait_text(page, r"^Turn the starting lines face up; enter red's: 4 more characters\.$")
    enter_lines(page)

    # Red: the 2 action card; the Goblin (2 VP) and the Troll (1 VP) leave through blue's line.
    wait_text(page, r"^red: play an action card \(2\)\.$")
    tap(page, "Play the 2 action card")
    wait_text(page, r"^red: 2 AP left\.$")
    leave(page, "red", "Goblin", 1)
    leave(page, "red", "Troll", None)

    # Blue: the 3; its Troll attacks red's Warrior and the table enters both cards as they are turned over.
    wait_text(page, r"^blue: play an action card \(2, 3\)\.$")
    tap(page, "Play the 3 action card")
    wait_text(page, r"^blue: 3 AP left\.$")
    tap(page, "Attack")
    wait_text(page, "Before the cards: 3 against 0")  # the dialog starts on blue's first able character, the Warrior
    tap(page, "Warrior")
    tap(page, "Troll")
    wait_text(page, "Before the cards: 4 against 0")  # a tap during the redraw would be lost
    tap(page, "red's Warrior")
    wait_text(page, "Before the cards: 4 against 3")
    tap(page, "Attack (1 AP)")
    wait_text(page, r"^Combat: turn both cards over; enter the cards of blue and red\.$")
    tap(page, "red's combat card")
    wait_text(page, "^Card$")
    tap(page, "+3")
    wait_text(page, r"^red: \+3$")  # the card entered lies face up: the table checks it
    shot(page, "dungeontwister-table-alone-fight")
    tap(page, "blue's combat card")
    wait_text(page, "^Card$")
    tap(page, "+1")
    wait_text(page, r"^blue 5 against red 6: blue's Troll wounded$")
    wait_text(page, r"^blue: 2 AP left\.$")
    tap(page, "End the turn")

    # Red: the 3; the Thief and the Warrior leave: 5 VP.
    wait_text(page, r"^red: play an action card \(3, 4\)\.$")
    tap(page, "Play the 3 action card")
    wait_text(page, r"^red: 3 AP left\.$")
    leave(page, "red", "Thief", 2)
    leave(page, "red", "Warrior", None)
    wait_text(page, "red wins with 5 VP!")
    shot(page, "dungeontwister-table-alone-won")
    tap(page, "Undo list")
    text = wait_text(page, "red's combat card entered")
    assert not re.search(r"(chose|entered|reveals) \+\d", text), text
    page.close()
