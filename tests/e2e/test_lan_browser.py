"""Phones on the network (`companion run --lan`) in Chromium: each browser context is a phone that
reaches the server by the machine's LAN address, so the door (ui/guard.py) sees a phone, not the
table. The first phone on a seat holds it; a second waits, sees nothing of the seat, and comes in
when the first allows it; a websocket whose Host header was made to match a foreign Origin is refused.
Skipped where the machine has no address but loopback.
"""
from __future__ import annotations

import socket

import pytest

from tests.e2e.browser import Server, open_page, save_game, seat_codes, tap, visible_text, wait_text
from ui.joining import lan_address

pytestmark = pytest.mark.timeout(180)

LAN = lan_address()


@pytest.fixture(scope="module")
def lan_server(tmp_path_factory):
    if LAN.startswith("127."):
        pytest.skip("this machine has no network address but loopback: a phone cannot be told from the table")
    with pytest.MonkeyPatch.context() as env:
        env.setenv("COMPANION_GAMES", "tests.games.counter")
        db = save_game(tmp_path_factory.mktemp("lan") / "games.db", {"cmd": "start", "players": ["Ann", "Bob"]}, game_id="counter")
    s = Server(db, resume=True, games="tests.games.counter", lan=True)
    yield s
    s.stop()


def test_a_second_phone_on_a_seat_comes_in_only_when_the_first_lets_it(browser, lan_server):
    table = open_page(browser, lan_server.url)
    tap(table, "Seats")
    code = seat_codes(table, ["Bob"])["Bob"]
    tap(table, "Hide")
    join = f"http://{LAN}:{lan_server.port}/join/{code}"
    first = open_page(browser, join, width=390, height=844)
    wait_text(first, "^Connected on this seat: this device$")
    second = open_page(browser, join, width=390, height=844)
    wait_text(second, "Ask Bob or the table to let this device in.")
    assert "c1, c2" not in visible_text(second), "the waiting phone sees nothing of the seat"
    wait_text(table, "asks to join as Bob")
    wait_text(first, "asks to join as Bob")
    tap(first, "Allow")
    wait_text(second, f"^Connected on this seat: this device, .*{LAN}$")
    wait_text(second, "Choose a card in secret.")
    wait_text(first, f"^Connected on this seat: this device, .*{LAN}$")
    for page in (table, first, second):
        page.close()


def test_a_websocket_with_a_host_made_to_match_a_foreign_origin_is_refused(lan_server):
    with socket.create_connection((LAN, lan_server.port), timeout=10) as s:
        s.sendall(f"GET /ws HTTP/1.1\r\nHost: evil.example:{lan_server.port}\r\nOrigin: http://evil.example:{lan_server.port}\r\n"
                  "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n".encode())
        assert b" 101 " not in s.recv(200).split(b"\r\n")[0]
