"""Seat screens in Chromium, with the counter test game (which has no screens of its own): a table
page and two seat pages joined by their codes on loopback. Each seat chooses a card in secret; until
both have chosen, neither the table page nor the other seat shows the card — checked in the
accessibility tree and in every websocket frame each page receives (decoded from msgpack, and the
raw bytes searched as well). Then pages are reloaded mid-game and keep working.
"""
from __future__ import annotations

import re

import msgpack
import pytest

from tests.e2e.browser import Server, name_players, open_page, reload, seat_codes, settled, shot, tap, visible_text, wait_text

pytestmark = pytest.mark.timeout(180)

CARD = re.compile(r"\bc\d\b")  # a card id, as a word ("c3"), never the inside of a longer word


class Frames:
    """Every websocket frame a page receives, as bytes, in order."""

    def __init__(self, page):
        self.received: list[bytes] = []
        page.on("websocket", lambda ws: ws.on("framereceived", self._keep))

    def _keep(self, payload) -> None:
        self.received.append(payload if isinstance(payload, bytes) else payload.encode())

    def mark(self) -> int:
        return len(self.received)

    def strings(self, since: int = 0) -> list[str]:
        """Every string inside the frames since `since` (Flet 1.0 sends a 0x00 byte, then msgpack)."""
        found: list[str] = []
        for frame in self.received[since:]:
            try:
                _strings(msgpack.unpackb(frame[1:], raw=False, strict_map_key=False), found)
            except Exception:  # not a Flet message: its bytes are searched below anyway
                found.append(frame.decode("utf-8", "replace"))
        return found

    def card_strings(self, since: int = 0) -> set[str]:
        return {s for s in self.strings(since) if CARD.search(s)}

    def raw_has(self, card: str, since: int = 0) -> bool:
        """The card id as a msgpack string of its own, anywhere in the raw bytes."""
        packed = msgpack.packb(card)
        return any(packed in frame for frame in self.received[since:])


def _strings(value, found: list[str]) -> None:
    if isinstance(value, str):
        found.append(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            _strings(key, found)
            _strings(item, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _strings(item, found)


def card_lines(page) -> set[str]:
    return {line for line in settled(page).splitlines() if CARD.search(line)}


@pytest.fixture(scope="module")
def counter_server(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("seats") / "games.db", games="tests.games.counter")
    yield s
    s.stop()


def open_with_frames(browser, url: str):
    """A page whose websocket frames are recorded from its very first one."""
    frames: list[Frames] = []
    page = open_page(browser, url, before=lambda p: frames.append(Frames(p)))
    return page, frames[0]


def start_counter_game(browser, server):
    table, table_frames = open_with_frames(browser, server.url)
    if "New Counter test game" not in settled(table):  # a game is on: the page opened on it
        tap(table, "Home")
    tap(table, "New Counter test game")
    wait_text(table, "Players in turn order")
    name_players(table, ["Ann", "Bob"])  # each seen to reach the server
    tap(table, "Start the game")
    wait_text(table, "Waiting for Ann, Bob.")
    tap(table, "Seats")
    codes = seat_codes(table, ["Ann", "Bob"])
    shot(table, "seats")
    tap(table, "Table")
    wait_text(table, "^Scores$")  # the table tab itself, not the prompt every tab shows
    return table, table_frames, codes


def test_a_secret_choice_reaches_no_other_page_until_the_reveal(browser, counter_server):
    table, table_frames, codes = start_counter_game(browser, counter_server)
    ann, _ann_frames = open_with_frames(browser, f"{counter_server.url}/join/{codes['Ann']}")
    bob, bob_frames = open_with_frames(browser, f"{counter_server.url}/join/{codes['Bob']}")
    wait_text(ann, "Choose a card in secret.")
    wait_text(bob, "Choose a card in secret.")
    assert "c1, c2, c3, c4, c5" in visible_text(bob)  # Bob sees his own hand
    shot(bob, "seat")
    bob_lines, bob_strings = card_lines(bob), bob_frames.card_strings()
    marks = {"table": table_frames.mark(), "bob": bob_frames.mark()}

    tap(ann, "Choose c3")
    wait_text(ann, "Ann chose c3")
    wait_text(table, "Ann has chosen")
    wait_text(bob, "Ann has chosen")

    # The table page: no card at all, neither drawn nor sent.
    assert not card_lines(table), visible_text(table)
    assert not table_frames.card_strings(), table_frames.card_strings()
    assert not any(table_frames.raw_has(f"c{n}") for n in range(1, 10))
    # Bob's page: Ann's choice added no card to what it shows or was sent (Bob holds c3 too).
    assert card_lines(bob) <= bob_lines, card_lines(bob) - bob_lines
    assert bob_frames.card_strings(marks["bob"]) <= bob_strings, bob_frames.card_strings(marks["bob"]) - bob_strings
    assert not any("chose c" in s for s in bob_frames.strings())

    # Once Bob has chosen too, the cards lie open on every page: the same checks now find them.
    tap(bob, "Choose c5")
    wait_text(table, "laid open: Ann c3, Bob c5")
    wait_text(ann, "laid open: Ann c3, Bob c5")
    assert card_lines(table) and any("Ann c3" in s for s in table_frames.strings(marks["table"]))
    for page in (table, ann, bob):
        page.close()


def test_reloaded_pages_go_on_hearing_the_table(browser, counter_server):
    """Flet keeps a reloaded tab's session: the page must re-join the hub, show what changed while
    it was away, and its taps must reach the other pages."""
    table, _frames, codes = start_counter_game(browser, counter_server)
    ann = open_page(browser, f"{counter_server.url}/join/{codes['Ann']}", width=390, height=844)  # a phone
    bob = open_page(browser, f"{counter_server.url}/join/{codes['Bob']}")
    wait_text(ann, "Choose a card in secret.")
    shot(ann, "seat-phone")
    wait_text(bob, "Choose a card in secret.")

    reload(bob)  # mid-game; Bob is still Bob, and hears Ann's choice
    wait_text(bob, "Choose a card in secret.")
    tap(ann, "Choose c2")
    wait_text(bob, "Ann has chosen")
    reload(table)  # a fresh page may not repeat the last step's line: it shows the state itself
    wait_text(table, "^Has chosen\nAnn$")

    tap(bob, "Choose c4")  # a tap on the reloaded page reaches every page
    wait_text(table, "laid open: Ann c2, Bob c4")
    wait_text(ann, "laid open: Ann c2, Bob c4")

    tap(table, "UNDO")  # and the reloaded table page acts as well
    wait_text(ann, "^Waiting for Bob.$")
    wait_text(ann, "Undone: Bob has chosen; laid open: Ann c2, Bob c4")
    wait_text(bob, "Undone: Bob chose c4; laid open")
    wait_text(bob, "^My choice\n—$")
    for page in (table, ann, bob):
        page.close()
