"""Dungeon Twister in Chromium with three pages — the table (800×480) and both seats (phones held
upright), joined by their codes, the setup's "Secret choices" set to "on seat screens": the starting
lines chosen on the seats, a fight declared in the table's attack dialog, and the two combat cards
chosen at once, each on its own seat. Neither seat's card shows on the table page or the other seat's
page before the reveal — checked in the accessibility tree and in every websocket frame each page
receives — and after the reveal the used card stays its owner's: the others read the totals, never
the card."""
from __future__ import annotations

import re

import pytest

from tests.e2e.browser import TextStyles, choose_setting, layout_problems, name_players, seat_codes
from tests.e2e.conftest import Server, open_page, settled, shot, tap, visible_text, wait_text
from tests.e2e.test_seats_browser import Frames

pytestmark = pytest.mark.timeout(240)

#: a combat card as the screens print it ("+3"); a carried token reads "+ red's Sword"
CARD = re.compile(r"\+\d")
LINES = {"red": ("Troll", "Warrior", "Thief", "Cleric"), "blue": ("Troll", "Warrior", "Goblin", "Wizard")}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("dungeontwister") / "games.db")
    yield s
    s.stop()


#: the font sizes each page was sent (for the layout check of a phone's seat page)
STYLES: dict = {}


def opened(browser, url: str, phone: bool = False):
    """A page whose websocket frames are recorded from its very first one."""
    frames: list[Frames] = []
    size = {"width": 390, "height": 844} if phone else {}

    def before(p) -> None:
        frames.append(Frames(p))
        STYLES[p] = TextStyles(p)

    page = open_page(browser, url, before=before, **size)
    return page, frames[0]


def cards_in(strings: list[str]) -> set[str]:
    return {s for s in strings if CARD.search(s)}


def start_game(browser, server):
    table, table_frames = opened(browser, server.url)
    if "New Dungeon Twister" not in settled(table):  # a game is on: the page opened on it
        tap(table, "Home")
    tap(table, "New Dungeon Twister")
    wait_text(table, "Players in turn order")
    name_players(table, ["Ann", "Bob"])
    choose_setting(table, "seats.secret_choices", "on seat screens")  # the default is the table screen alone
    tap(table, "Start the game")
    wait_text(table, "Waiting for the starting line of red and blue")
    tap(table, "Seats")
    codes = seat_codes(table, ["Ann", "Bob"])
    tap(table, "Table")
    return table, table_frames, codes


def choose_lines(seats: dict) -> None:
    """Red picks its four, then blue; each tap waits until the page shows it, and blue starts once its
    page has heard red's last pick (a tap while a page redraws would be lost)."""
    (red, _), (blue, _) = seats["red"], seats["blue"]
    for page, colour in ((red, "red"), (blue, "blue")):
        for n, character in enumerate(LINES[colour], 1):
            tap(page, f"Starting line: {character}")
            if n < 4:
                wait_text(page, rf"Your starting line \({n} of 4\)")
        if colour == "red":
            wait_text(blue, "red has chosen 4 of 4 starting characters")


def test_neither_seats_card_reaches_another_page_before_the_reveal_nor_after_it(browser, server):
    table, table_frames, codes = start_game(browser, server)
    seats = {"red": opened(browser, f"{server.url}/join/{codes['Ann']}", phone=True),
             "blue": opened(browser, f"{server.url}/join/{codes['Bob']}", phone=True)}
    for page, _frames in seats.values():
        wait_text(page, "Choose 4 more characters for your starting line")
    choose_lines(seats)
    prompt = wait_text(table, r"^(red|blue): play an action card \(2\)\.$")
    first = re.search(r"^(red|blue): play an action card", prompt, re.M).group(1)
    second = "blue" if first == "red" else "red"
    (first_page, first_frames), (second_page, second_frames) = seats[first], seats[second]

    # The first player plays the 2 and attacks with the Warrior and the Troll in the table's dialog.
    tap(table, "Play the 2 action card")
    wait_text(table, rf"^{first}: 2 AP left\.$")
    tap(table, "Attack")
    wait_text(table, "Before the cards: 3 against 0")
    tap(table, "Troll")
    wait_text(table, "Before the cards: 7 against 0")
    tap(table, f"{second}'s Troll")
    wait_text(table, "Before the cards: 7 against 4")
    tap(table, "Attack (1 AP)")
    wait_text(table, f"waiting for {first}'s card…")
    wait_text(first_page, "Choose your combat card")
    wait_text(second_page, "Choose your combat card")
    for name, page in (("first", first_page), ("second", second_page)):  # a phone held upright: the seat page fits
        problems = layout_problems(page, STYLES[page], f"{name} seat, 390×844")
        assert not problems, "\n".join(problems)
    shot(table, "dungeontwister-table-fight")
    shot(second_page, "dungeontwister-seat-cards")
    marks = {"second": second_frames.mark(), "first": first_frames.mark()}
    second_cards_before = cards_in(second_frames.strings())

    # The first seat chooses its +6: the table and the other seat learn only that it has chosen.
    tap(first_page, "+6")
    wait_text(first_page, "You chose \\+6")
    wait_text(table, f"{first} has chosen")
    wait_text(second_page, f"{first} has chosen")
    assert not CARD.search(visible_text(table)), visible_text(table)
    assert not cards_in(table_frames.strings()), cards_in(table_frames.strings())
    assert "You chose" not in visible_text(second_page) and f"{first} chose" not in visible_text(second_page)
    assert cards_in(second_frames.strings(marks["second"])) <= second_cards_before  # nothing new of a card
    assert not [s for s in second_frames.strings(marks["second"]) if "chose" in s and CARD.search(s)]

    # The second seat chooses its +0: both are turned at once; the totals are read, never the cards.
    reveal = {"table": table_frames.mark(), "first": first_frames.mark(), "second": second_frames.mark()}
    tap(second_page, "+0")
    text = wait_text(table, rf"^{first} 13 against {second} 4: {second}'s Troll wounded$")  # 3 + 4 + 6 against 4 + 0
    shot(table, "dungeontwister-table-reveal")
    wait_text(first_page, r"^Used, out of the game\n\+6$")
    wait_text(second_page, r"^Used, out of the game\nnone yet$")
    assert not CARD.search(text) and not cards_in(table_frames.strings()), cards_in(table_frames.strings())
    for frames, since_mark, other, other_card in ((second_frames, reveal["second"], first, "+6"), (first_frames, reveal["first"], second, "+0")):
        since = frames.strings(since_mark)
        assert other_card not in since, (other_card, cards_in(since))  # the other's card, as a string of its own
        assert not [s for s in since if f"{other} chose" in s], since  # nor named as the other's choice
    assert f"{first} chose" not in visible_text(second_page) and f"{second} chose" not in visible_text(first_page)
    for page, _frames in (*seats.values(), (table, table_frames)):
        page.close()
