"""A Big Bang game in Chromium against the real server: set up, play a turn with the simulator's
buttons, scan (and enrol) a card from the tray, watch the ring preview and the moon track move,
undo, and check that no player screen shows the solution.

Screenshots go to docs/screenshots/ when UI_SCREENSHOTS=1.
"""
from __future__ import annotations

import re
import time

import pytest

from tests.e2e.browser import host, name_players, open_page, settled, shot, tap, type_into, visible_text, wait_text

pytestmark = pytest.mark.timeout(180)

NEXT_TAP, YES_TAP = 0, 2  # the simulator's rows are NEXT, BACK, YES, NO; each has tap, double, hold
#: what each tab shows that no other does: the next tap waits for it, never for a page still redrawing
TAB_SHOWS = {"Table": "Moon track", "Runes": "Letters at the gate", "Undo list": "Undo the last step",
             "Simulator": "Card tray: tap to scan", "Seats": "Show Ann's code"}


def open_tab(page, name: str) -> str:
    """Show the tab and wait until it is drawn. On the tab already, no tap: it would only redraw the
    page, and the wait (its text is there already) could not tell the redraw is still on its way."""
    shown = settled(page)
    if TAB_SHOWS[name] in shown:
        return shown
    tap(page, name)
    return wait_text(page, TAB_SHOWS[name])


def button_tap(page, row: int) -> None:
    host(page).locator("flt-semantics[role=button]").filter(has_text=re.compile(r"^tap$")).nth(row).click()


def yes_tap(page) -> None:
    button_tap(page, YES_TAP)


def ring_colours(page) -> str:
    """The ring preview's pixels as the browser paints them (a crop of the screenshot)."""
    return page.screenshot(clip={"x": 10, "y": 150, "width": 180, "height": 180}).hex()


def ring_changes_from(page, before: str, timeout: float = 10.0) -> bool:
    """Whether the ring preview repaints within the timeout: the step's text can land a frame before
    the canvas does, so the pixels are watched, not read once."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if ring_colours(page) != before:
            return True
    return False


def test_a_game_in_the_browser(browser, server):
    page = open_page(browser, server.url)
    wait_text(page, "New Big Bang moon game")
    shot(page, "home")

    # -- set up: three names, a game-master PIN, the solution drawn in secret
    tap(page, "New Big Bang moon game")
    wait_text(page, "Players in turn order")
    name_players(page, ["Ann", "Bob", "Cy"])
    type_into(page, "Game-master PIN (optional)", "2718")
    # What was typed reached the server (a tap right after typing can overtake the last keys).
    wait_text(page, "At the table: Ann, Bob, Cy")
    wait_text(page, "Game-master PIN: ●●●●")
    shot(page, "setup")
    tap(page, "Start the game")
    text = wait_text(page, "Moon track: 8 of 11")
    # the real deal: Ann's cardboard is told card by card, then the companion deals the rest
    tap(page, "Ann got Penny")
    wait_text(page, "^Ann: Penny$")
    tap(page, "Ann got Penny")
    wait_text(page, "^Ann: Penny ×2$")
    for step in ("The companion deals the rest", "The companion lays them", "The companion lays the letters"):
        # a real-deal setup asks for the dealt cards, the location cards and the letters: the companion does them here
        tap(page, step)
        text = wait_text(page, r"^(\d+\. )?(The companion lays them|The companion lays the letters|Play 1 \w+)$",
                         absent=rf"^(\d+\. )?{step}$")
    assert "Ann: choose a character" in text
    assert re.search(r"^Ann: (\w+, )*Penny ×2(, \w+( ×\d)?)*$", text, re.M), "Ann holds the two Pennies she was dealt"
    shot(page, "table")

    # -- the game master sees the solution, behind the PIN, on a page of its own
    master = open_page(browser, server.url)
    wait_text(master, "Game master")
    tap(master, "Game master")
    wait_text(master, "Players: look away")
    for key in "2718✓":  # the kiosk's keypad: each digit a tap the server hears in order
        tap(master, key)
    solution_line = re.search(r"Solution: ((?:\w+=[A-Z]\s*)+)", wait_text(master, r"Solution: \w+=")).group(1).strip()
    shot(master, "game-master")
    tap(master, "Lock")
    wait_text(master, "Moon track")

    # -- a turn by the simulator's buttons: YES picks "Play 1 Penny", YES again Penny's special
    open_tab(page, "Simulator")
    pointed = wait_text(page, "Buttons point at: ")
    for _ in range(6):  # NEXT walks the menu to Penny (the hand's other characters may come first)
        if "Buttons point at: Play 1 Penny" in pointed:
            break
        button_tap(page, NEXT_TAP)
        pointed = wait_text(page, "Buttons point at: ", absent=re.escape(re.search(r"Buttons point at: .*", pointed).group(0)) + "$")
    before = ring_colours(page)
    yes_tap(page)
    wait_text(page, "Buttons point at: Penny: ring 1 up")
    yes_tap(page)
    wait_text(page, r"the ring moves up \(8 → 9\)")
    assert ring_changes_from(page, before), "the ring preview did not change"
    shot(page, "simulator")
    wait_text(master, "Moon track: 9 of 11")  # the other page followed

    # -- finish the turn on the touchscreen, announce a draw with YES
    open_tab(page, "Table")
    wait_text(page, "Moon track: 9 of 11")
    tap(page, "Move Penny")  # an option that asks for a value: the choices replace the menu
    wait_text(page, "^To$")
    tap(page, "Caltech")
    wait_text(page, "say how many cards you draw")
    open_tab(page, "Simulator")
    wait_text(page, "Buttons point at: Draw 1")
    yes_tap(page)
    wait_text(page, "draw 1 more card")

    # -- scan an unknown tag from the tray: enrol it as Penny; it is then read as the drawn card
    tap(page, "Unknown tag 04a1b2c3d4e5f6")
    wait_text(page, "Unknown card 04a1b2c3d4e5f6")
    type_into(page, "Search a card", "pen")
    wait_text(page, "Penny  ·  penny", absent="Leonard  ·  leonard")
    tap(page, "Penny  ·  penny")
    text = wait_text(page, "Ann: drew Penny", absent="Unknown card")
    assert "Bob" in text

    # -- the rune panel: letters at the gate, never the solution
    open_tab(page, "Runes")
    shot(page, "runes")

    # -- undo from any tab, one step at a time, back to before the turn: moon 8
    open_tab(page, "Undo list")
    steps = int(re.search(r"^(\d+)\. Ann: drew Penny", wait_text(page, r"^\d+\. Ann: drew Penny"), re.M).group(1))
    for newest in range(steps, 1, -1):
        tap(page, "UNDO")
        wait_text(page, rf"^{newest - 1}\. ", absent=rf"^{newest}\. ")
    open_tab(page, "Table")
    wait_text(page, "Moon track: 8 of 11")

    # -- no player screen shows the solution
    for tab in TAB_SHOWS:
        shown = open_tab(page, tab)
        assert "Solution" not in shown and solution_line not in shown, tab
    tap(page, "Home")
    wait_text(page, "Saved games")
    assert "Solution" not in visible_text(page)
    master.close()
    page.close()


def test_russian_is_rendered(browser, server):
    from companion.i18n import _
    from ui import i18n

    i18n.set_language("ru")
    try:
        translated = _("Saved games") != "Saved games"
    finally:
        i18n.set_language("en")
    if not translated:
        pytest.skip("no Russian catalogue yet")
    page = open_page(browser, server.url)
    if "Saved games" not in settled(page):
        tap(page, "Home")
    wait_text(page, "Saved games")
    language = host(page).locator("flt-semantics[role=button][aria-expanded]")  # the language dropdown
    language.click()
    tap(page, "Русский")
    text = wait_text(page, "[А-Яа-я]{4,}", absent="Saved games")  # re-rendered: the English heading gone
    assert re.search("[А-Яа-я]{4,}", text.replace("Русский", ""))
    shot(page, "home-ru")
    language.click()
    tap(page, "English")
    wait_text(page, "Saved games")
    page.close()
