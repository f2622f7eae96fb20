"""Big Bang's dialogs in Chromium against the real server, each on a game prepared in the save file
and resumed by `companion run --resume` (so each starts where the dialog matters):

- the fight dialog: "Tell the result" with no face says what is missing; "Roll for us", Cancel, the
  dialog again, "Roll for us": the same face, and no step is logged until the result is told;
- the gate: the letters on the board are shown first; Cancel spends nothing; "The board matches: try"
  spends the cubes and tells how many letters are right.
"""
from __future__ import annotations

import re

import pytest

from tests.e2e.browser import Server, host, open_page, save_game, shot, tap, wait_text

pytestmark = pytest.mark.timeout(180)

RUNES = ("Fehu", "Uruz", "Thurisaz", "Ansuz", "Raidho", "Kenaz", "Gebo")
START = {"cmd": "start", "players": ["Ann", "Bob", "Cy"], "solution": list("ABCDEFG"), "board": list("BACDEFG"),
         "settings": {"table": {"gate_cost": 1}},
         "hands": {"Ann": ["howard", "leonard", "leonard", "leonard"], "Bob": ["raj", "penny", "penny"], "Cy": ["sheldon", "sheldon", "penny"]},
         "locations": ["whiteboard", "stuart", "wil-wheaton-home", "mrs-wolowitz", "comic-book", "lantern"]}


def resumed_server(tmp_path, *requests) -> Server:
    """The real server on a save file holding a game started with START and then `requests`."""
    return Server(save_game(tmp_path / "games.db", START, *requests), resume=True)


@pytest.fixture
def fight_server(tmp_path):
    server = resumed_server(tmp_path)  # Ann's turn: she holds Howard; Wil Wheaton lies at Apartment 4A
    yield server
    server.stop()


@pytest.fixture
def gate_server(tmp_path):
    # Ann plays her three Leonards, takes Stuart's cube at the Cheesecake Factory: one action left, one cube, a gate costs one
    server = resumed_server(tmp_path, {"cmd": "play", "character": "leonard", "cards": 3}, {"cmd": "move", "location": 2}, {"cmd": "act"})
    yield server
    server.stop()


def test_the_fight_dialog_rolls_the_same_face_for_the_same_step(browser, fight_server):
    page = open_page(browser, fight_server.url)
    wait_text(page, "Ann: choose a character")
    tap(page, "Play 1 Howard")
    wait_text(page, r"^(\d+\. )?Howard fights Wil Wheaton")
    tap(page, re.compile(r"^(\d+\. )?Howard fights Wil Wheaton"))
    wait_text(page, "Win chance: ")
    tap(page, "Tell the result")  # no face yet: the dialog says what is missing
    wait_text(page, 'Tap the face the die shows, or "Roll for us".')
    tap(page, "Roll for us")
    rolled = re.search(r"The companion rolled (.+)\.", wait_text(page, r"The companion rolled .+\.")).group(1)
    shot(page, "fight-dialog")
    tap(page, "Cancel")
    wait_text(page, r"^(\d+\. )?Howard fights Wil Wheaton", absent="Win chance: ")
    tap(page, re.compile(r"^(\d+\. )?Howard fights Wil Wheaton"))
    wait_text(page, "Win chance: ", absent="The companion rolled")  # a fresh dialog
    tap(page, "Roll for us")
    again = re.search(r"The companion rolled (.+)\.", wait_text(page, r"The companion rolled .+\.")).group(1)
    assert again == rolled, "the same step rolled another face"
    tap(page, "Tell the result")
    text = wait_text(page, "Howard fought Wil Wheaton", absent="Win chance: ")
    assert f"rolled {rolled} + 0" in text
    tap(page, "Undo list")
    text = wait_text(page, r"^3\. Ann: Howard's special action")  # start, play, fight: no step for a roll
    assert not re.search(r"^4\. ", text, re.M) and "the die shows" not in text
    page.close()


def test_the_gate_shows_the_letters_first_and_cancel_spends_nothing(browser, gate_server):
    page = open_page(browser, gate_server.url)
    wait_text(page, "Cubes: 1 of 4")
    tap(page, "Try to close the gate")
    text = wait_text(page, "Check the letters on the real board first:")
    assert re.findall(r"^(\w+): ([A-Z])$", text, re.M) == list(zip(RUNES, "BACDEFG", strict=True)), "the board's letters, rune by rune"
    shot(page, "gate-dialog")
    tap(page, "Cancel")
    wait_text(page, "Cubes: 1 of 4", absent="Check the letters on the real board first:")
    tap(page, "Try to close the gate")
    wait_text(page, "Check the letters on the real board first:")
    tap(page, "The board matches: try")
    text = wait_text(page, "gate attempt failed: 5 letters right", absent="Check the letters on the real board first:")
    assert "Cubes: 0 of 4" in text
    page.close()


@pytest.fixture
def empty_server(tmp_path):
    server = Server(tmp_path / "games.db")
    yield server
    server.stop()


def test_a_real_deal_set_up_by_touch_alone(browser, empty_server):
    """No keyboard: the names on the on-screen keyboard, the PIN on its keypad; then the real deal
    told card by card, and the letters laid at the gate told by tapping them."""
    page = open_page(browser, empty_server.url)
    tap(page, "New Big Bang moon game")
    wait_text(page, "^Q$")  # the on-screen keys show at once: no name is typed yet
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        if i:  # a tap on the next field: the keys type there (once Flutter has given it the focus)
            field = f"Player {i + 1}"
            host(page).get_by_role("textbox", name=field).click()
            page.wait_for_function("label => document.activeElement && document.activeElement.getAttribute('aria-label') === label",
                                   arg=field, polling=50, timeout=20_000)
        for letter in name.upper():
            tap(page, letter)
        wait_text(page, f"At the table: {', '.join(['Ann', 'Bob', 'Cy'][:i + 1])}$")
    tap(page, "PIN keypad")
    for digit in "2718":
        tap(page, digit)
    wait_text(page, "Game-master PIN: ●●●●")
    tap(page, "✓")
    shot(page, "setup-keyboard")
    tap(page, "Start the game")
    wait_text(page, "Deal Ann 3 more cards")
    tap(page, "Ann got Raj")
    wait_text(page, "^Ann: Raj$")
    tap(page, "The companion deals the rest")
    wait_text(page, r"^(\d+\. )?The companion lays them$")
    tap(page, "The companion lays them")
    wait_text(page, r"Which letter lies at Fehu \(1 of 7\)\?")
    tap(page, "C lies at Fehu")
    wait_text(page, r"Which letter lies at Uruz \(2 of 7\)\?")
    tap(page, "Runes")
    wait_text(page, "Tap the letter that lies at Uruz.")
    tap(page, "A")
    wait_text(page, "Tap the letter that lies at Thurisaz.")
    tap(page, "Table")
    wait_text(page, "Moon track")
    tap(page, "The companion lays the letters")
    text = wait_text(page, "Ann: choose a character")
    assert re.search(r"^Ann: (\w+( ×\d)?, )*Raj", text, re.M)
    tap(page, "Undo list")
    text = wait_text(page, r"^\d+\. letters laid: Thurisaz [A-I], ")
    assert re.search(r"^\d+\. C lies at Fehu$", text, re.M) and re.search(r"^\d+\. A lies at Uruz$", text, re.M)
    page.close()
