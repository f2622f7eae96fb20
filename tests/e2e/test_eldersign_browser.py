"""An Elder Sign game in Chromium against the real server (issue 12): set up with the wizard (the faces
of every roll chosen for the dice), move to an
adventure, start an attempt, enter the faces rolled on the pad, ask "What now?" and do the best plan,
finish the adventure with the menu's best plan, lay a new card, end turns until midnight, draw the Mythos card by scanning an
unknown tag from the simulator's tray (enrolled on the spot), watch the doom track fill and the
monster banner and place the monster, change an investigator on its own seat page (a phone), and undo.

Every screen is checked drawn (no Flutter error box) at 800×480; screenshots go to docs/screenshots/
when UI_SCREENSHOTS=1.
"""
from __future__ import annotations

import re

import pytest

from tests.e2e.browser import Server, choose_setting, name_players, open_page, seat_codes, settled, tap, visible_text, wait_text
from tests.e2e.test_munchkin_browser import drawn, pick_card

pytestmark = pytest.mark.timeout(240)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("eldersign") / "games.db")
    yield s
    s.stop()


def enter_faces(page, faces: list[str]) -> None:
    """The pad of faces: one tap per die, each waited for (a tap while the dialog redraws is lost)."""
    tap(page, "Enter the faces")
    wait_text(page, "The faces rolled")
    for n, face in enumerate(faces, 1):
        tap(page, face)
        wait_text(page, rf"^Green: .* \({n} of {len(faces)}\)$")
    tap(page, "These are the faces")


def setting_in_view(page, key: str) -> None:
    """The setup's field of the setting `key` wheeled onto the screen: Elder Sign's own part above the
    settings is long, and scrolling a semantics node into view does not move Flutter's list. The
    on-screen keyboard, opened for the names, is closed first (it takes the room)."""
    if "␣" in visible_text(page):
        tap(page, "On-screen keyboard")
        wait_text(page, "Players in turn order", absent="␣")
    top = f"""() => document.querySelector('flt-semantics-host [flt-semantics-identifier="setting:{key}"]')?.getBoundingClientRect().top ?? null"""
    page.mouse.move(400, 300)
    for _wheel in range(20):
        before = page.evaluate(top)
        if before is not None and 0 <= before <= page.viewport_size["height"] - 120:  # the field and its first help lines
            return
        page.mouse.wheel(0, 150)
        page.wait_for_function(f"(before) => ({top})() !== before", arg=before, polling=50, timeout=5_000)  # the list moved
    raise AssertionError(f"the setting {key} never came onto the screen")


def end_a_turn_at_the_entrance(page, seat: str, hour: str) -> None:
    wait_text(page, f"^{seat}: move to an adventure or to the entrance")
    tap(page, "Go to the entrance")
    wait_text(page, f"^{seat}: at the entrance")
    tap(page, "Pass")
    wait_text(page, f"^{seat}: end the turn")
    tap(page, "End the turn: move the clock")
    wait_text(page, f"clock at {hour}$")


def test_a_turn_an_adventure_and_midnight_in_the_browser(browser, server):
    page = open_page(browser, server.url)
    if "New Elder Sign" not in settled(page):  # a game is on: the page opened on it
        tap(page, "Home")
    tap(page, "New Elder Sign")
    wait_text(page, "Players in turn order")
    name_players(page, ["Ann", "Bob"])
    setting_in_view(page, "table.dice_entry")
    choose_setting(page, "table.dice_entry", "the faces of every roll")  # the default: only what each roll did
    tap(page, "Start the game")
    text = wait_text(page, "^Ann: move to an adventure or to the entrance")
    assert "Doom 0 of 8, clock at XII" in text and "Elder Signs: 0 of 10" in text  # Yig, the default Ancient One
    drawn(page, "eldersign-table")

    # -- an attempt: six green dice, the faces said on the pad, the advice's best plan done
    tap(page, "Go to The Loading Dock")  # seed 4 deals it (PERIL|PERIL,INV:3); Ann: Sister Mary, a spell
    wait_text(page, "^Ann: attempt The Loading Dock, or pass")
    tap(page, "Attempt The Loading Dock")  # the green dice: no question
    wait_text(page, "^Roll 6 green and say the faces")
    enter_faces(page, ["☠", "1", "1", "2", "☰", "♆"])  # in face order: 1 1 2 lore peril terror
    wait_text(page, "^Terror shows: .* Complete a task with this roll")  # the card discards a Terror (CODE-OK)
    # the chance and the best plan, worked out off the page's loop, on the table itself
    wait_text(page, r"^Chance \d+% · best: Complete task 1 with die 5 \(green Peril\)$")
    drawn(page, "eldersign-attempt")
    tap(page, "What now?")
    advice = wait_text(page, r"Chance to complete it: \d+%")
    assert re.search(r"^\d+%\nComplete task 1 with die 5", advice, re.M), advice  # the best plan first
    drawn(page, "eldersign-what-now")
    tap(page, "Do it")
    wait_text(page, "^Task done")
    enter_faces(page, ["☠", "1", "2", "☰", "♆"])
    tap(page, re.compile(r"^Best, \d+%: Complete task 2 with die 1, die 2, die 4$"))  # the menu's first item: the advice's plan
    text = wait_text(page, "The Loading Dock completed")
    assert "Lay a new adventure card" in text

    # -- a museum card laid in its place, and the clock moves on
    tap(page, "Lay a new adventure")
    wait_text(page, "^Card$")
    tap(page, "Koi Pond")
    wait_text(page, "^Ann: end the turn; the clock moves to III")
    tap(page, "End the turn: move the clock")
    wait_text(page, "clock at III$")

    # -- Bob's own screen: his investigator's sheet, and a change made there reaches the table
    tap(page, "Seats")
    codes = seat_codes(page, ["Bob"])
    tap(page, "Table")
    bob = open_page(browser, f"{server.url}/join/{codes['Bob']}", width=390, height=844)
    wait_text(bob, "^Bob — Vincent Lee$")
    drawn(bob, "eldersign-seat")
    tap(bob, "Sanity −1")
    wait_text(page, r"^Bob: sanity -1$")
    bob.close()

    # -- three turns at the entrance bring midnight
    end_a_turn_at_the_entrance(page, "Bob", "VI")
    end_a_turn_at_the_entrance(page, "Ann", "IX")
    end_a_turn_at_the_entrance(page, "Bob", "XII")
    wait_text(page, "^Midnight!$")
    drawn(page, "eldersign-midnight")

    # -- the Mythos card drawn from the real deck: an unknown tag, enrolled, then read as the card
    tap(page, "Simulator")
    wait_text(page, "Card tray: tap to scan")
    tap(page, "Unknown tag 04a1b2c3d4e5f6")
    wait_text(page, "Unknown card 04a1b2c3d4e5f6")
    pick_card(page, "ritual", "A dark ritual (example)  ·  example-dark-ritual", "Mythos: A dark ritual")
    tap(page, "Table")
    text = wait_text(page, "Doom 2 of 8, clock at XII")
    assert "A monster appears: put it on an adventure." in text  # the second doom space has a monster icon
    drawn(page, "eldersign-doom")

    # -- the monster goes on an adventure (the menu offers that first); undo takes both steps back
    tap(page, "Put the monster on Koi Pond")
    wait_text(page, "a monster on Koi Pond", absent="A monster appears: put it on an adventure")
    tap(page, "UNDO")
    wait_text(page, "Undone: Ann: a monster on Koi Pond")
    tap(page, "UNDO")
    wait_text(page, "Doom 0 of 8, clock at XII", absent="A monster appears")
    wait_text(page, "^Midnight!$")
    page.close()
