"""A step drawn afresh travels as a patch, not as a whole screen (ui/redraw.py), and the screen it
leaves still changes in place (the simulator's ring preview, the master's PIN keypad)."""
from __future__ import annotations

import pytest

from tests.e2e.browser import Server, host, open_page, save_game, tap, wait_text

pytestmark = pytest.mark.timeout(180)

START = {"cmd": "start", "players": ["Ann", "Bob", "Cy"], "master_pin": "2718", "settings": {"table": {"cards_from": "table"}}}


@pytest.fixture
def deal_server(tmp_path):
    """The real server on a game whose real deal has just begun."""
    server = Server(save_game(tmp_path / "games.db", START), resume=True)
    yield server
    server.stop()


def test_a_step_travels_as_a_patch_and_the_screen_still_changes_in_place(browser, deal_server):
    sizes: list[int] = []

    def listen(page) -> None:  # every frame the server sends, from the page's first
        page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: sizes.append(len(payload))))

    page = open_page(browser, deal_server.url, before=listen)
    wait_text(page, "Deal Ann 3 more cards")
    whole = max(sizes)  # the game screen's first drawing: sent whole
    sizes.clear()
    tap(page, "Ann got Raj")
    wait_text(page, "Deal Ann 2 more cards", absent="Deal Ann 3 more cards")
    assert sizes and max(sizes) < whole / 4, f"a step sent {max(sizes)} bytes; the whole screen is {whole}"

    # drawn afresh again, then changed in place: the PIN typed on the keypad reaches the lock
    host(page).get_by_role("button", name="Game master").click()
    wait_text(page, "Players: look away.")
    for digit in "2718":
        tap(page, digit)
    tap(page, "Unlock")
    wait_text(page, "Game master only")
