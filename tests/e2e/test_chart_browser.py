"""The game as a picture on the table's screen (issue 23 §3): when a game ends, the result banner offers
it; the dialog shows the key track over the turns, the dice against the odds and how lucky the table was."""
from __future__ import annotations

import pytest

from tests.bigbang.lost_game import save_lost_game
from tests.e2e.browser import Server, host, open_page, tap_key, wait_text

pytestmark = pytest.mark.timeout(180)


@pytest.fixture
def over_server(tmp_path):
    server = Server(save_lost_game(tmp_path / "games.db"), resume=True)
    yield server
    server.stop()


def test_the_chart_shows_after_the_game_ends(browser, over_server):
    page = open_page(browser, over_server.url)
    wait_text(page, "The ring reached the red moon")
    tap_key(page, "chart")
    shown = wait_text(page, "Moon, turn by turn")
    assert "The dice against the odds" in shown and "0 of 1 roll came off; the odds said 0.0." in shown
    assert "Turn" in shown and "Rolls" in shown
    host(page).get_by_role("button", name="Close").click()
    wait_text(page, "The ring reached the red moon", absent="The dice against the odds")
