"""The companion on the network (`companion run --lan`): the door (ui/guard.py) lets the Pi's own
browser in, a phone only with a seat's join code, never a websocket opened by a page of another site;
a phone's page is a seat's page or nothing; a stop ends the server even with a hung websocket; the
game master's lock-out and the start-up notices reach every page."""
import asyncio
import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from companion.contract import TABLE, seat_viewer
from tests.ui.conftest import click, open_page, shown, walk
from ui.guard import COOKIE, Guard, JoinThrottle, ThrottleSettings

ROOT = Path(__file__).resolve().parents[2]
PHONE = "192.168.1.20"
CODE = "1234567890"
PI = ("192.168.1.5", 8550)  # the address and port a phone's connection reaches


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def call(guard, kind="http", path="/", client=PHONE, headers=(), server=PI, query=""):
    """One request through the guard; what the app behind it saw, and what went back."""
    reached, sent = [], []

    async def app(scope, receive, send):
        reached.append(scope["path"])
        if kind == "http":
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"the page"})

    async def receive():
        return {"type": f"{kind}.request" if kind == "http" else "websocket.connect"}

    async def send(message):
        sent.append(message)

    scope = {"type": kind, "path": path, "client": (client, 50000), "server": server, "query_string": query.encode(),
             "headers": [(k.encode(), v.encode()) for k, v in headers]}
    guard.app = app
    asyncio.run(guard(scope, receive, send))
    return reached, sent


def status(sent):
    return next((m["status"] for m in sent if m["type"] == "http.response.start"), None)


def cookie_set(sent):
    start = next(m for m in sent if m["type"] == "http.response.start")
    return [v.decode() for k, v in start["headers"] if k == b"set-cookie"]


class Codes:
    """The game's codes, counting every look-up (a code refused unchecked is never looked up)."""

    def __init__(self):
        self.checked = 0

    def __call__(self, code):
        self.checked += 1
        return code == CODE


@pytest.fixture
def guard():
    return Guard(None, valid=Codes(), throttle=JoinThrottle(clock=Clock()))


def test_the_pis_own_browser_goes_in_without_a_code(guard):
    reached, sent = call(guard, client="127.0.0.1")
    assert reached == ["/"] and status(sent) == 200


def body(sent):
    return b"".join(m.get("body", b"") for m in sent).decode()


def test_a_phone_without_a_code_lands_on_a_code_entry_page_in_its_own_language(guard):
    from ui.i18n import translation

    reached, sent = call(guard)
    assert reached == [] and status(sent) == 200, "a page to type the code on, not a 403"
    page = body(sent)
    assert "<form" in page and 'name=code' in page and "Join code" in page and "min-height:48px" in page
    assert all(int(size) >= 18 for size in re.findall(r"font(?:-size)?:(\d+)px", page)), "letters a phone can read"
    dutch = body(call(guard, headers=[("accept-language", "nl-BE,nl;q=0.9,en;q=0.8")])[1])
    assert translation("nl").gettext("Join code") in dutch and "Join code" not in dutch and 'lang="nl"' in dutch
    assert 'lang="ru"' in body(call(guard, headers=[("accept-language", "fr-FR,ru;q=0.5")])[1]), "the first language it speaks"
    reached, sent = call(guard, path="/assets/main.js")
    assert reached == [] and status(sent) == 403


def test_the_landing_pages_form_goes_on_to_the_join_url_where_the_code_is_checked(guard):
    sent = call(guard, path="/join", headers=[], query="code=12345+67890")[1]
    start = next(m for m in sent if m["type"] == "http.response.start")
    assert start["status"] == 303 and dict(start["headers"])[b"location"] == f"/join/{CODE}".encode()
    assert guard.valid.checked == 0, "the redirect checks nothing; /join/<code> does, throttled"
    sent = call(guard, path="/join/5555555555", headers=[("accept-language", "de")])[1]
    assert status(sent) == 403 and "5555555555" in body(sent) and 'lang="de"' in body(sent)
    for _ in range(5):
        sent = call(guard, path="/join/5555555555")[1]
    assert "try again in" in body(sent), "the phone is told to wait"


def test_a_join_url_lets_the_phone_in_and_its_cookie_keeps_it_in(guard):
    reached, sent = call(guard, path="/join/1234567890")
    assert reached == ["/join/1234567890"] and status(sent) == 200
    assert any(c.startswith(f"{COOKIE}=1234567890") and "HttpOnly" in c for c in cookie_set(sent))
    reached, sent = call(guard, path="/assets/main.js", headers=[("cookie", f"{COOKIE}=1234567890")])
    assert reached == ["/assets/main.js"]
    reached, _ = call(guard, kind="websocket", path="/ws", headers=[("cookie", f"{COOKIE}=1234567890"), ("host", "192.168.1.5:8550"),
                                                                     ("origin", "http://192.168.1.5:8550")])
    assert reached == ["/ws"]


def test_a_cookie_of_a_finished_game_opens_nothing(guard):
    reached, sent = call(guard, headers=[("cookie", f"{COOKIE}=6543210987")])
    assert reached == [] and "<form" in body(sent), "the landing page, to type the new game's code"


def test_wrong_codes_make_the_phone_wait_even_for_the_right_one(guard):
    for _ in range(ThrottleSettings().free_attempts):
        assert status(call(guard, path="/join/0000000000")[1]) == 403
    reached, sent = call(guard, path="/join/1234567890")
    assert reached == [] and status(sent) == 403, "the right code, but too soon after the wrong ones"
    guard.throttle.clock.now += 60
    assert call(guard, path="/join/1234567890")[0] == ["/join/1234567890"]
    assert call(guard, path="/join/1234567890", client="192.168.1.21")[0] == ["/join/1234567890"], "another phone never waited"


def test_a_websocket_from_a_page_of_another_site_is_refused_even_on_the_pi(guard):
    reached, sent = call(guard, kind="websocket", path="/ws", client="127.0.0.1",
                         headers=[("host", "127.0.0.1:8550"), ("origin", "http://evil.example")], server=("127.0.0.1", 8550))
    assert reached == [] and sent == [{"type": "websocket.close", "code": 1008}]
    reached, _ = call(guard, kind="websocket", path="/ws", client="127.0.0.1",
                      headers=[("host", "127.0.0.1:8550"), ("origin", "http://127.0.0.1:8550")], server=("127.0.0.1", 8550))
    assert reached == ["/ws"]


def test_a_host_header_made_to_match_a_foreign_origin_is_refused(guard):
    """DNS rebinding: a page of evil.example whose name now points at the Pi sends Host and Origin
    both naming evil.example; the connection still reached the Pi's own address."""
    forged = [("cookie", f"{COOKIE}={CODE}"), ("host", "evil.example:8550"), ("origin", "http://evil.example:8550")]
    reached, sent = call(guard, kind="websocket", path="/ws", headers=forged)
    assert reached == [] and sent == [{"type": "websocket.close", "code": 1008}]
    reached, sent = call(guard, kind="websocket", path="/ws", client="127.0.0.1", headers=forged, server=("127.0.0.1", 8550))
    assert reached == [] and sent == [{"type": "websocket.close", "code": 1008}], "not on the Pi either"


def test_the_configured_address_of_the_server_is_an_origin_of_its_own_pages():
    guard = Guard(None, valid=Codes(), origins={"http://pi.local:8550"})
    headers = [("cookie", f"{COOKIE}={CODE}"), ("host", "pi.local:8550"), ("origin", "http://pi.local:8550")]
    assert call(guard, kind="websocket", path="/ws", headers=headers)[0] == ["/ws"]


def wrong_cookie(n):
    return [("cookie", f"{COOKIE}={n:010d}")]


def test_wrong_cookies_from_one_address_are_refused_unchecked_after_a_few(guard):
    rate = guard.throttle.settings
    for n in range(200):  # as fast as a script sends them: 35,661 in 20 s before the throttle
        reached, sent = call(guard, path="/", headers=wrong_cookie(n))
        assert reached == [] and "<form" in body(sent)
        reached, sent = call(guard, kind="websocket", path="/ws", headers=wrong_cookie(n) + [("origin", "http://192.168.1.5:8550")])
        assert reached == []
    assert guard.valid.checked == rate.free_attempts, "after the free ones each code must wait its turn, unchecked"
    reached, _ = call(guard, path="/", headers=[("cookie", f"{COOKIE}={CODE}")])
    assert reached == [], "even the right code waits"


def test_wrong_cookies_from_many_addresses_share_one_budget(guard):
    """A thousand addresses (one phone changing its address, or many devices) guess no faster than the budget."""
    rate = guard.throttle.settings
    for n in range(1000):
        reached, sent = call(guard, path="/", client=f"10.0.{n // 250}.{n % 250 + 1}", headers=wrong_cookie(n))
        assert reached == [] and "<form" in body(sent)
    assert guard.valid.checked == rate.total_burst
    assert call(guard, path=f"/join/{CODE}", client="10.9.9.9")[0] == [], "the budget is spent for every address"
    guard.throttle.clock.now += rate.total_refill  # one more check in the budget
    assert call(guard, path=f"/join/{CODE}", client="10.9.9.9")[0] == [f"/join/{CODE}"]
    assert call(guard, path="/", client="127.0.0.1")[0] == ["/"], "the table itself never waits"


def test_codes_are_long_enough_for_the_throttle():
    """The arithmetic of ThrottleSettings' docstring: a year of guessing at the shared budget finds
    a seat of an 8-seat table with a chance under 1 %."""
    from ui.joining import CODE_DIGITS

    rate = ThrottleSettings()
    checks_a_year = rate.total_burst + 365 * 86_400 / rate.total_refill
    assert checks_a_year * 8 / 10 ** CODE_DIGITS < 0.01


def test_the_join_field_on_a_phone_shares_the_throttle(counter, companion, hub):
    phone = phone_page(companion, hub)
    rate = hub.throttle.settings
    looked_up = []
    seat = hub.codes.seat
    hub.codes.seat = lambda session, code: looked_up.append(code) or seat(session, code)
    for n in range(rate.total_burst + 10):
        phone.fields["join_code"].value = f"{n:010d}"
        phone.fields["join"]()
    assert len(looked_up) == rate.free_attempts
    assert "Too many wrong join codes" in shown(phone)
    phone.fields["join_code"].value = hub.codes.codes(companion.session)["Bob"]
    phone.fields["join"]()
    assert phone.viewer == TABLE, "the right code waits too"


def test_a_route_set_by_a_phone_page_shares_the_throttle(counter, companion, hub):
    """The page's own route (a websocket message, no HTTP request through the door) joins no faster."""
    phone = phone_page(companion, hub)
    for n in range(hub.throttle.settings.free_attempts):
        phone.follow_route(f"/join/{n:010d}")
    phone.follow_route(f"/join/{hub.codes.codes(companion.session)['Bob']}")
    assert phone.viewer == TABLE and "Too many wrong join codes" in shown(phone)


# -- a phone's page ----------------------------------------------------------------------------------
def phone_page(companion, hub, route="/", address=PHONE, device=None, system="Linux; Android 14", back=False):
    """A page opened on a phone: its address, and the device id the door put in its user agent (and,
    `back`, the mark of a page reloaded because the companion restarted)."""
    from tests.ui.conftest import FakePage
    from ui.app import App
    from ui.seating import with_device

    page = FakePage(route)
    page.client_ip = address
    page.client_user_agent = with_device(f"Mozilla/5.0 ({system})", device or f"device-{address}", back=back)
    app = App(page, companion, hub)
    hub.add(app)
    app.opened(route)
    return app


def test_a_phone_back_after_a_restart_hears_it_once_on_its_seat(counter, companion, hub):
    """A page reloaded because the companion restarted (ui/assets/offline/reconnect.js) says why, on its seat."""
    phone = phone_page(companion, hub, back=True)
    phone.join(bob_code(companion, hub))
    assert phone.viewer == seat_viewer("Bob") and "The companion restarted: you are Bob again." in shown(phone)
    phone.leave_seat()
    phone.join(bob_code(companion, hub))
    assert phone.viewer == seat_viewer("Bob") and "The companion restarted" not in shown(phone), "said once"


def test_a_phone_sees_only_the_join_code_until_it_joins_a_seat(counter, companion, hub):
    phone = phone_page(companion, hub)
    text = shown(phone)
    assert "Join a seat" in text
    for table_only in ("New ", "Saved games", "Card catalogue", "Simulator", "Game master", "Back to the game"):
        assert table_only not in text, table_only
    phone.fields["join_code"].value = hub.codes.codes(companion.session)["Bob"]
    phone.fields["join"]()
    assert phone.viewer == seat_viewer("Bob") and "Bob" in shown(phone)
    click(phone.root, "Leave this seat")
    assert phone.viewer == TABLE and "Join a seat" in shown(phone) and "Saved games" not in shown(phone)


def test_the_pis_own_page_is_the_table(counter, companion, hub):
    local = open_page(companion, hub)
    local.page.client_ip = "127.0.0.1"
    local.go("home")
    assert "Saved games" in shown(local)


# -- one device per seat --------------------------------------------------------------------------------
def bob_code(companion, hub):
    return hub.codes.codes(companion.session)["Bob"]


def test_the_door_gives_every_browser_a_device_and_the_page_learns_it_from_the_websocket(guard):
    _, sent = call(guard, path="/", client="127.0.0.1")
    device = next(c for c in cookie_set(sent) if c.startswith("companion_device="))
    assert "HttpOnly" in device and "Max-Age" in device
    seen = []

    async def app(scope, receive, send):
        seen.append(dict(scope["headers"])[b"user-agent"].decode())

    async def receive():
        return {"type": "websocket.connect"}

    async def send(message):
        pass

    forged = "Mozilla/5.0 (Android) companion-device/the-holders-device"  # a browser cannot name another's device
    scope = {"type": "websocket", "path": "/ws", "client": ("127.0.0.1", 5), "server": ("127.0.0.1", 8550),
             "headers": [(b"cookie", b"companion_device=mine"), (b"user-agent", forged.encode())]}
    guard.app = app
    asyncio.run(guard(scope, receive, send))
    from ui.seating import device_of

    assert seen and device_of(seen[0]) == "mine" and seen[0].startswith("Mozilla/5.0 (Android)")


def test_a_second_phone_on_a_seat_waits_until_the_first_lets_it_in(counter, companion, hub):
    first = phone_page(companion, hub, f"/join/{bob_code(companion, hub)}")
    assert first.viewer == seat_viewer("Bob")
    assert "Connected on this seat: this device" in shown(first)
    second = phone_page(companion, hub, f"/join/{bob_code(companion, hub)}", address="192.168.1.21", system="iPhone")
    assert second.viewer == TABLE, "a second device sees nothing of the seat yet"
    assert "Ask Bob or the table to let this device in" in shown(second)
    assert "c1" not in shown(second)
    asking = "Another device (iPhone · 192.168.1.21) asks to join as Bob."
    assert asking in shown(first) and asking in shown(counter), "the seat and the table are told"
    click(first.root, "Allow")
    assert second.viewer == seat_viewer("Bob")
    assert asking not in shown(first) and asking not in shown(counter)
    assert "Connected on this seat: this device, iPhone · 192.168.1.21" in shown(first)
    assert "Connected on this seat: this device, Android · 192.168.1.20" in shown(second)


def test_the_table_may_refuse_a_second_device(counter, companion, hub):
    phone_page(companion, hub, f"/join/{bob_code(companion, hub)}")
    second = phone_page(companion, hub, f"/join/{bob_code(companion, hub)}", address="192.168.1.21")
    counter.go("game", "seats")
    click(counter.root, "Refuse")
    assert second.viewer == TABLE and "This device was not let in on the seat Bob." in shown(second)
    assert "asks to join" not in shown(counter)


def test_a_device_let_in_comes_back_without_asking_and_another_seat_cannot_answer(counter, companion, hub):
    bob = phone_page(companion, hub, f"/join/{bob_code(companion, hub)}")
    ann = phone_page(companion, hub, f"/join/{hub.codes.codes(companion.session)['Ann']}", address="192.168.1.22")
    again = phone_page(companion, hub, f"/join/{bob_code(companion, hub)}")  # the same phone, a new tab
    assert again.viewer == seat_viewer("Bob") and bob.viewer == seat_viewer("Bob")
    stranger = phone_page(companion, hub, f"/join/{bob_code(companion, hub)}", address="192.168.1.23")
    assert "asks to join as Bob" not in shown(ann), "only Bob's devices and the table decide"
    click(again.root, "Allow")
    assert stranger.viewer == seat_viewer("Bob")


def test_the_phones_let_in_on_a_seat_are_remembered_across_a_restart(counter, companion, hub, tmp_path):
    """A phone asleep while the companion restarted finds its seat still its own: a stranger must ask."""
    from ui.seating import DEVICES_FILE, Seating

    phone_page(companion, hub, f"/join/{bob_code(companion, hub)}")
    restarted = Seating()  # a new process remembers only what the file says
    assert not restarted.admit(companion.session, "Bob", "a-stranger"), "the seat is still the sleeping phone's"
    assert restarted.admit(companion.session, "Bob", f"device-{PHONE}")
    assert (tmp_path / DEVICES_FILE).stat().st_mode & 0o777 == 0o600


def test_a_waiting_phone_may_give_up(counter, companion, hub):
    phone_page(companion, hub, f"/join/{bob_code(companion, hub)}")
    second = phone_page(companion, hub, f"/join/{bob_code(companion, hub)}", address="192.168.1.21")
    click(second.root, "Cancel")
    assert "Join a seat" in shown(second) and "asks to join" not in shown(counter)


def test_the_seats_tab_shows_one_code_at_a_time_behind_a_tap_and_hides_it_again(counter, companion, hub):
    import flet as ft

    def qr_codes():
        return [c for c in walk(counter.root) if isinstance(c, ft.Image)]

    codes = hub.codes.codes(companion.session)
    counter.go("game", "seats")
    assert qr_codes() == [] and not any(code in shown(counter) for code in codes.values()), "no code on the shared screen"
    click(counter.root, "Show Ann's code")
    assert len(qr_codes()) == 1 and f"Join code of Ann: {codes['Ann']}" in shown(counter) and codes["Bob"] not in shown(counter)
    click(counter.root, "Show Bob's code")
    assert len(qr_codes()) == 1 and codes["Bob"] in shown(counter) and codes["Ann"] not in shown(counter)
    click(counter.root, "Hide")
    assert qr_codes() == []
    # long enough that the tap's own redraw is over before the timer's (this test page runs a timer's task on
    # the timer's thread, where Flet would queue it on the page's loop behind the tap)
    hub.code_shown_s = 0.5
    hidden = threading.Event()
    original = counter._hide_code
    counter._hide_code = lambda tap: (original(tap), hidden.set())
    click(counter.root, "Show Ann's code")
    assert hidden.wait(10) and qr_codes() == [], "hidden again after a while"


# -- seats that survive ---------------------------------------------------------------------------------
def test_codes_stay_when_the_table_leaves_and_resumes_the_game_and_the_phone_follows(counter, companion, hub):
    first_game, codes = companion.session.game_id, hub.codes.codes(companion.session)
    bob = phone_page(companion, hub, f"/join/{codes['Bob']}")
    companion.start("counter", {"cmd": "start", "players": ["Cy", "Di"]})
    assert bob.viewer == TABLE and hub.codes.codes(companion.session)["Cy"] not in codes.values()
    assert companion.resume(first_game).kind != "refused"
    assert hub.codes.codes(companion.session) == codes
    assert bob.viewer == seat_viewer("Bob") and "you are Bob again" in shown(bob), "the phone is back on its seat by itself"


def test_codes_survive_a_restart_and_only_the_save_files_owner_reads_their_secret(counter, companion, hub, tmp_path):
    from ui.app import Hub
    from ui.joining import SECRET_FILE, JoinCodes, _secrets

    codes = hub.codes.codes(companion.session)
    secret = tmp_path / SECRET_FILE
    assert secret.exists() and secret.stat().st_mode & 0o777 == 0o600
    _secrets.clear()  # a new process: nothing remembered but the files
    game_id = companion.session.game_id
    companion.close()
    from entry.root import Companion

    again = Companion(tmp_path / "games.db", seed=4)
    try:
        assert again.resume(game_id).kind != "refused"
        assert JoinCodes().codes(again.session) == codes
        restarted = Hub(again)
        phone = phone_page(again, restarted, f"/join/{codes['Bob']}")
        assert phone.viewer == seat_viewer("Bob")
        restarted.close()
    finally:
        again.close()


def test_new_codes_on_the_seats_tab_change_every_code(counter, companion, hub):
    old = hub.codes.codes(companion.session)
    counter.go("game", "seats")
    click(counter.root, "New codes")
    new = hub.codes.codes(companion.session)
    assert set(new) == set(old) and not set(new.values()) & set(old.values())
    phone = phone_page(companion, hub, f"/join/{old['Bob']}")
    assert phone.viewer == TABLE, "a photo of an old code opens nothing"


# -- each phone its own language ------------------------------------------------------------------------
def phone_in(language, companion, hub, route="/", address=PHONE):
    from tests.ui.conftest import FakePage
    from ui.app import App
    from ui.seating import with_device

    page = FakePage(route)
    page.client_ip = address
    page.client_user_agent = with_device("Mozilla/5.0 (Linux; Android 14)", f"device-{address}", language)
    app = App(page, companion, hub)
    hub.add(app)
    app.opened(route)
    return app


@pytest.fixture
def english_table():
    from ui import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_each_phone_keeps_its_own_language_when_the_table_switches(counter, companion, hub, english_table):
    from ui.i18n import translation

    dutch = translation("nl").gettext
    phone = phone_in("nl", companion, hub)
    assert dutch("Join a seat") in shown(phone) and "Join a seat" not in shown(phone), "the language its browser asks for"
    counter.go("home")
    counter.set_language("de")
    assert translation("de").gettext("Saved games") in shown(counter)
    assert dutch("Join a seat") in shown(phone), "switching the table to German switched no phone"
    phone.set_language("it")
    assert translation("it").gettext("Join a seat") in shown(phone)
    assert translation("de").gettext("Saved games") in shown(counter), "a phone switched only itself"


@contextlib.contextmanager
def flet_event(page):
    """As Flet handles an event of `page`: its page is the context's, which names the language texts read in."""
    from flet.controls.context import _context_page

    from companion import i18n as core_i18n
    from ui.app import _event_language

    core_i18n.follow(_event_language)  # as build_app installs it
    token = _context_page.set(page)
    try:
        yield
    finally:
        _context_page.reset(token)
        core_i18n.follow(None)


def test_a_phones_event_reads_in_the_phones_language(counter, companion, hub, english_table):
    """A dialog or text made while Flet handles a phone's tap, outside the page's drawing."""
    from companion.i18n import _

    phone = phone_in("de", companion, hub)
    with flet_event(phone.page):
        assert _("Join a seat") != "Join a seat"
    with flet_event(counter.page):
        assert _("Join a seat") == "Join a seat", "the table's page reads the table's language"


def test_a_phones_tap_is_spoken_in_the_tables_language(counter, companion, hub, english_table):
    """The voice renders an outcome on the tapping page's thread: it must still be the table's language."""
    from companion.messages import render
    from tests.ui.conftest import seat_page
    from ui import i18n

    click(seat_page(companion, hub, "Ann").root, "Choose c3")
    heard = []
    unsubscribe = companion.subscribe(lambda outcome: heard.append((outcome.message, render(outcome.message))))
    bob = phone_in("ru", companion, hub, f"/join/{bob_code(companion, hub)}")
    with flet_event(bob.page):
        click(bob.root, i18n.translation("ru").gettext("UNDO"))  # a Russian phone's tap, refused: Ann's step is not Bob's
    unsubscribe()
    with i18n.speaking("ru"):
        in_russian = [render(message) for message, _spoken in heard]
    assert any(russian != spoken for russian, (_m, spoken) in zip(in_russian, heard, strict=True)), "a message the catalogue translates"
    assert all(spoken == render(message) for message, spoken in heard), "spoken in English, the table's language"


# -- what every page is told ---------------------------------------------------------------------------
def test_a_start_up_notice_shows_on_every_page_until_someone_taps_ok(counter, companion, hub):
    from companion.messages import M

    companion.notices.append(M("The save file was damaged; the readable games were kept."))
    other = open_page(companion, hub)
    other.go("home")
    counter.render()
    assert "readable games were kept" in shown(counter) and "readable games were kept" in shown(other)
    click(counter.root, "OK")
    assert companion.notices == []
    assert "readable games were kept" not in shown(counter) and "readable games were kept" not in shown(other)


def test_the_lock_out_after_wrong_pins_shows_on_the_table(app, companion, hub):
    from companion.pins import LOCK_AFTER
    from tests.ui.conftest import BIGBANG_START

    assert companion.start("bigbang", BIGBANG_START).kind == "applied"
    app.go("game")
    master = open_page(companion, hub)
    master.go("game", "master")
    now = [1000.0]
    companion.session.pin_guard.clock = lambda: now[0]
    for _ in range(LOCK_AFTER):
        now[0] += 1000  # the waits between tries are the PIN tests' subject
        master.fields["pin"].value = "0000"
        master.fields["unlock"]()
    assert companion.session.pin_guard.locked
    assert "Too many wrong PINs" in shown(app), "the table page shows that someone tried"


# -- the real server -----------------------------------------------------------------------------------
def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_on_the_lan_it_warns_and_a_stop_ends_it_even_with_a_websocket_that_never_says_goodbye(tmp_path):
    """systemd's stop (TimeoutStopSec=10 in deploy/companion.service) must not find it still running."""
    port = free_port()
    env = {**os.environ, "FLET_FORCE_WEB_SERVER": "1", "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen([sys.executable, "-m", "entry", "run", "--db", str(tmp_path / "g.db"), "--port", str(port), "--lan"],
                              cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        hung = None
        for _ in range(600):  # until it listens (start-up is slow on a loaded machine)
            try:
                hung = socket.create_connection(("127.0.0.1", port), timeout=1)
                break
            except OSError:
                if server.poll() is not None:
                    pytest.fail(server.stdout.read().decode(errors="replace"))
                time.sleep(0.1)
        assert hung is not None, "the server never listened"
        hung.sendall(b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        assert b"101" in hung.recv(200).split(b"\r\n")[0], "the websocket was opened"
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    hung.close()
    said = server.stdout.read().decode(errors="replace")
    assert "every network interface" in said and "join code" in said, said
    from ui.joining import lan_address

    assert "0.0.0.0" not in said and f"Phones join at http://{lan_address()}:{port}" in said, "an address a phone can open"
