"""A Munchkin game in Chromium against the real server (issue 13): three seats set up with the wizard;
Ann kicks open the door on the Pied Piper; Cy picks Wicked among the enhancers (the dialog says what
is still to choose) and plays it from her own phone; Bob helps for a bribe; they run, and each
run-away die is tapped in; charity discards Ann's extra cards. Bob kills a monster typed in by its
level with a one-shot's help and goes up a level; a treasure scanned from the simulator's tray (an
unknown tag, enrolled on the spot) is offered to Bob and played with YES; Bob's own page shows it
among his items; charity gives his extra cards away; undo takes the step back.

Every screen is checked drawn (no Flutter error box) at 800×480, the seat pages on a phone held
upright; screenshots go to docs/screenshots/ when UI_SCREENSHOTS=1.
"""
from __future__ import annotations

import re

import pytest

from tests.e2e.browser import Server, assert_drawn, host, name_players, open_page, seat_codes, settled, shot, tap, type_into, wait_text
from tests.e2e.pixels import rows

pytestmark = pytest.mark.timeout(240)

YES_TAP = 2  # the simulator's rows are NEXT, BACK, YES, NO; each has tap, double, hold


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("munchkin") / "games.db")
    yield s
    s.stop()


def light_share(png: bytes) -> float:
    """The share of the screenshot near white (every 4th pixel): the loading page, not the app's dark screens."""
    width, channels, lines = rows(png)
    samples = [line[x:x + 3] for line in lines[::4] for x in range(0, width * channels, channels * 4)]
    return sum(1 for px in samples if min(px) > 225) / max(1, len(samples))


def drawn(page, name: str) -> None:
    """`shot`, once the canvas shows the app: a page just opened can have its accessibility tree ready
    while the loading page still covers the canvas, and a screen Flutter cannot draw shows its grey
    box only once painted. Waits frame by frame (never a fixed sleep), at most 10 s."""
    for _frame in range(600):
        if light_share(page.screenshot()) < 0.5:
            break
        page.evaluate("new Promise(done => requestAnimationFrame(() => done()))")
    shot(page, name)


def pick_card(page, typed: str, result: str, then: str) -> None:
    """In the enrol dialog: search, then tap the result until the dialog is gone and `then` shows. The
    search answers every key; a late answer redraws the list with the same texts (the tree cannot tell),
    and a tap landing on the old list is lost: a result still there after a while is tapped again."""
    type_into(page, "Search a card", typed)
    for _attempt in range(3):
        wait_text(page, "^" + re.escape(result) + "$")
        tap(page, result)
        try:
            wait_text(page, then, timeout=8, absent="Search a card")
            return
        except AssertionError:
            if "Search a card" not in settled(page):
                raise
    wait_text(page, then, absent="Search a card")


def phone(browser, server, code: str):
    return open_page(browser, f"{server.url}/join/{code}", width=390, height=844)


def test_a_fight_run_away_a_kill_and_a_scanned_treasure_in_the_browser(browser, server):
    page = open_page(browser, server.url)
    if "New Munchkin" not in settled(page):  # a game is on: the page opened on it
        tap(page, "Home")
    tap(page, "New Munchkin")
    wait_text(page, "Players in turn order")
    name_players(page, ["Ann", "Bob", "Cy"])
    tap(page, "Start the game")
    wait_text(page, "^Phase 1, Ann: kick open the door")
    drawn(page, "munchkin-table")
    tap(page, "Seats")
    codes = seat_codes(page, ["Ann", "Bob", "Cy"])
    tap(page, "Table")

    # -- the door: the Pied Piper, level 8, against Ann's 1
    tap(page, "Door: a monster")
    wait_text(page, "^Monster$")
    tap(page, "Pied Piper")
    text = wait_text(page, "^needs \\+8$")
    assert "Pied Piper, level 8 = 8" in text

    # -- Cy, on her own phone, makes it Wicked: +10
    cy = phone(browser, server, codes["Cy"])
    wait_text(cy, "^Pied Piper, level 8 = 8$")
    drawn(cy, "munchkin-seat-fight")
    tap(cy, "Enhance a monster")
    wait_text(cy, "^Still to choose: Enhancer$")  # the base set's enhancers: none is picked for her
    assert_drawn(cy, "the enhance dialog on a phone")
    tap(cy, "Wicked")
    wait_text(cy, "^✓ Wicked$", absent="Still to choose")  # each pick redraws the dialog: a tap meanwhile would be lost
    tap(cy, "Play it")
    wait_text(page, "^needs \\+18$")
    wait_text(page, "^Pied Piper, level 8 \\+10 = 18$")
    cy.close()

    # -- Bob helps, for a bribe kept as a note
    tap(page, "Bob helps")
    type_into(page, "Bribe (a note, may stay empty)", "one treasure")
    tap(page, "Helps")
    text = wait_text(page, "^Bob helps — bribe: one treasure$")
    assert "needs +17" in text
    drawn(page, "munchkin-fight")

    # -- they run: each die tapped in, against the Pied Piper
    tap(page, re.compile(r"^Run away \(needs \+17 to win\)$"))
    wait_text(page, "^Running away$")
    tap(page, "Ann rolls against Pied Piper")
    wait_text(page, "^Die$")
    tap(page, "5")
    wait_text(page, "Ann rolls 5 and escapes Pied Piper")
    tap(page, "Bob rolls against Pied Piper")
    wait_text(page, "^Die$")
    tap(page, "2")
    wait_text(page, "Bob rolls 2: caught by Pied Piper")

    # -- charity: Ann is (tied) lowest, so her three extra cards are discarded
    tap(page, "Discard 3 cards and end the turn")
    wait_text(page, "^Ann holds 8 cards and keeps 5: 3 too many\\.$")
    drawn(page, "munchkin-charity")
    tap(page, "Discard and end the turn")
    wait_text(page, "^Phase 1, Bob: kick open the door")

    # -- Bob: a monster not in the catalogue, a one-shot for +2, the kill and level 2
    tap(page, "Door: a monster not in the catalogue")
    wait_text(page, "^Level$")
    tap(page, "1")
    wait_text(page, "^Treasures$")
    tap(page, "1")
    wait_text(page, "^needs \\+1$")  # a tie: the monster wins it
    tap(page, "A one-shot for the players (bonus)")
    wait_text(page, "^Played by$")
    tap(page, "Bob")
    wait_text(page, "^✓ Bob$")  # each pick redraws the dialog: a tap meanwhile would be lost
    tap(page, "+2")
    wait_text(page, "^✓ \\+2$")
    tap(page, "Play it")
    wait_text(page, "^winning by 2$")
    tap(page, "Kill: Bob wins by 2")
    wait_text(page, "Bob kills the monster; Bob: level 1 → 2")

    # -- a treasure scanned: an unknown tag, enrolled as the Loaded Die, offered to Bob; YES plays it
    tap(page, "Simulator")
    wait_text(page, "Card tray: tap to scan")
    tap(page, "Unknown tag 04a1b2c3d4e5f6")
    wait_text(page, "Unknown card 04a1b2c3d4e5f6")
    pick_card(page, "loaded", "Loaded Die  ·  loaded-die", "Buttons point at: Bob plays Loaded Die: onto the table")
    host(page).locator("flt-semantics[role=button]").filter(has_text=re.compile(r"^tap$")).nth(YES_TAP).click()
    wait_text(page, "^Bob lays out Loaded Die, carried$")

    # -- Bob's own page lists it among his items
    bob = phone(browser, server, codes["Bob"])
    wait_text(bob, "^Loaded Die$")
    wait_text(bob, "usable once")
    drawn(bob, "munchkin-seat")
    bob.close()

    # -- charity: Bob, now above the others, gives a card to each; undo takes it back
    tap(page, "Table")
    tap(page, "Give 1 → Ann, 1 → Cy and end the turn")
    wait_text(page, "^They go to the lowest level: Ann, Cy\\.$")
    tap(page, "Give and end the turn")
    wait_text(page, "^Phase 1, Cy: kick open the door")
    tap(page, "UNDO")
    wait_text(page, "^Phase 4, Bob", absent="Phase 1, Cy")
    page.close()
