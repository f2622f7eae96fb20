"""Phones on the network (`companion run --lan`) in Chromium: each browser context is a phone that
reaches the server by the machine's LAN address, so the door (ui/guard.py) sees a phone, not the
table. The first phone on a seat holds it; a second waits, sees nothing of the seat, and comes in
when the first allows it; a websocket whose Host header was made to match a foreign Origin is refused;
after a restart a phone is back on its seat by itself, told so in its own language.
Skipped where the machine has no address but loopback.
"""
from __future__ import annotations

import re
import socket
import time

import pytest

from tests.e2e.browser import WATCH_CHANGES, Server, enable_semantics, open_in, open_page, save_game, seat_codes, tap, visible_text, wait_text
from ui.joining import lan_address

pytestmark = pytest.mark.timeout(180)

LAN = lan_address()


def saved_counter_game(folder):
    if LAN.startswith("127."):
        pytest.skip("this machine has no network address but loopback: a phone cannot be told from the table")
    with pytest.MonkeyPatch.context() as env:
        env.setenv("COMPANION_GAMES", "tests.games.counter")
        return save_game(folder / "games.db", {"cmd": "start", "players": ["Ann", "Bob"]}, game_id="counter")


@pytest.fixture(scope="module")
def lan_server(tmp_path_factory):
    s = Server(saved_counter_game(tmp_path_factory.mktemp("lan")), resume=True, games="tests.games.counter", lan=True)
    yield s
    s.stop()


def codes_on(server, browser, names):
    table = open_page(browser, server.url)
    tap(table, "Seats")
    codes = seat_codes(table, names)
    table.close()
    return codes


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


def test_after_a_restart_a_phone_is_back_on_its_seat_by_itself_told_in_its_language(browser, tmp_path):
    from ui.i18n import translation

    db = saved_counter_game(tmp_path)
    server = Server(db, resume=True, games="tests.games.counter", lan=True)
    dutch = browser.new_context(locale="nl-NL", viewport={"width": 390, "height": 844})
    try:
        code = codes_on(server, browser, ["Bob"])["Bob"]
        phone = open_in(dutch, f"http://{LAN}:{server.port}/join/{code}")
        wait_text(phone, "Choose a card in secret.")
        server.stop()
        with phone.expect_navigation(timeout=60_000):  # the page loads itself afresh once the new server answers
            server = Server(db, resume=True, games="tests.games.counter", lan=True, port=server.port)
            back = time.monotonic()
        enable_semantics(phone)
        told = translation("nl").gettext("The companion restarted: you are {seat} again.").format(seat="Bob")
        wait_text(phone, "^" + re.escape(told) + "$", timeout=30)
        wait_text(phone, "Choose a card in secret.")
        print(f"back on the seat {time.monotonic() - back:.1f} s after the restarted server answered")
    finally:
        dutch.close()
        server.stop()


def test_a_phone_opening_the_printed_address_types_its_code_on_a_page_in_its_language(browser, lan_server):
    from ui.i18n import translation

    code = codes_on(lan_server, browser, ["Ann"])["Ann"]
    dutch = browser.new_context(locale="nl-NL", viewport={"width": 390, "height": 844})
    try:
        phone = dutch.new_page()
        phone.add_init_script(WATCH_CHANGES)  # for wait_text once the seat page is there
        phone.goto(f"http://{LAN}:{lan_server.port}/")
        assert phone.get_by_label(translation("nl").gettext("Join code")).is_visible(), "a code-entry page in Dutch"
        assert phone.locator("button").bounding_box()["height"] >= 48
        phone.get_by_label(translation("nl").gettext("Join code")).fill(f"{code[:5]} {code[5:]}")  # as the Seats tab groups it
        with phone.expect_navigation():
            phone.locator("button").click()
        enable_semantics(phone)
        wait_text(phone, "Choose a card in secret.")
        wait_text(phone, "^Ann$")
    finally:
        dutch.close()
