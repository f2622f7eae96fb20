"""The shell with any game: the counter test game (no UI folder of its own) through the generic
screens, seat pages and their secrets, joining, reloading, the language switch, and the rules the
shell keeps (it names no game, imports no device code, translates nothing at import time, every
finger target is at least 48 px, a failing handler never kills a page)."""
import ast
import re
import subprocess
import sys
from pathlib import Path

import flet as ft
import pytest

from companion.contract import TABLE, seat_viewer
from tests.ui.conftest import BIGBANG_START, buttons, click, find_button, label_of, open_page, seat_page, shown, texts, walk

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "ui"
CARD = re.compile(r"\bc\d\b")  # a counter card id, as a word


def card_mentions(app) -> set[str]:
    return {line for line in shown(app).splitlines() if CARD.search(line)}


# -- the counter game through the same shell ---------------------------------------------------------
def test_home_lists_every_registered_game(app):
    text = shown(app)
    assert "New Big Bang moon game" in text and "New Counter test game" in text


def test_the_setup_is_built_from_the_counter_games_schema(app):
    click(app.root, "New Counter test game")
    assert app.screen == "setup" and app.wizard.game == "counter"
    settings = app.fields["settings"]
    assert settings["target"].label == "Points to win (default 6)"
    assert "The first seat to reach this wins." in shown(app)  # the help under its field, whole, in caption letters
    assert settings["max_card"].label == "Highest card (default 5)"
    names = app.fields["names"].controls
    assert len(names) == 2  # the fewest seats the game allows
    for _ in range(5):
        app.fields["more"]()
    assert len(names) == 4  # and at most its most
    app.fields["fewer"]()
    for field, name in zip(names, ["Ann", "Bob", "Cy"], strict=True):
        field.value = name
    settings["target"].value = "9"
    app.fields["start_game"]()
    assert app.screen == "game", app.fields["error"].value
    view = app.companion.session.view(TABLE)
    assert [s.name for s in view.seats] == ["Ann", "Bob", "Cy"] and view["target"] == 9


def test_the_counter_games_table_page_draws_its_fields_and_seats(counter):
    text = shown(counter)
    for expected in ("Scores", "Ann: 0, Bob: 0", "Cards left", "Waiting for Ann, Bob.", "Seats", "Undo list"):
        assert expected in text
    assert "Game master" not in text  # the game has no master view
    assert not [b for b in buttons(counter.root) if label_of(b) and label_of(b).startswith("Choose")]  # the table chooses nothing


def test_a_seat_page_shows_its_own_hand_and_sends_its_choice_as_that_seat(counter, companion, hub):
    ann = seat_page(companion, hub, "Ann")
    assert ann.viewer == seat_viewer("Ann") and ann.screen == "game"
    text = shown(ann)
    assert "My hand" in text and "c1, c2, c3, c4, c5" in text and "Choose a card in secret." in text
    sent = []
    real = companion.table.command
    companion.table.command = lambda request, by=TABLE, pin=None: sent.append(by) or real(request, by, pin)
    click(ann.root, "Choose c3")
    assert sent == [seat_viewer("Ann")]
    assert companion.session.history[-1].by == seat_viewer("Ann")
    assert "Ann chose c3" in shown(ann) and "My choice\nc3" in shown(ann)


def test_the_table_and_the_other_seat_never_see_a_pending_card(counter, companion, hub):
    ann, bob = seat_page(companion, hub, "Ann"), seat_page(companion, hub, "Bob")
    bob_before = card_mentions(bob)
    click(ann.root, "Choose c3")
    for tab in ("table", "log", "seats"):
        counter.go("game", tab)
        assert not card_mentions(counter), tab
        assert not [c for c in walk(counter.root) if isinstance(getattr(c, "data", None), str) and CARD.search(c.data)]
    bob.go("game", "seat")
    assert "Ann has chosen" in shown(bob) and card_mentions(bob) == bob_before  # Ann's choice added no card to Bob's page
    bob.go("game", "log")
    assert "Ann has chosen" in shown(bob) and not card_mentions(bob)
    # …and once both have chosen, the cards are laid open for everybody
    bob.go("game", "seat")
    click(bob.root, "Choose c5")
    counter.go("game", "table")
    assert "laid open: Ann c3, Bob c5" in shown(counter)


def test_a_seat_can_take_back_only_its_own_step(counter, companion, hub):
    ann, bob = seat_page(companion, hub, "Ann"), seat_page(companion, hub, "Bob")
    click(ann.root, "Choose c3")
    click(bob.root, "UNDO")
    assert len(companion.session.history) == 2
    assert "only its own steps" in shown(bob) and "only its own steps" not in shown(ann)  # a refusal stays on its page
    click(ann.root, "UNDO")
    assert len(companion.session.history) == 1


# -- seats and joining ---------------------------------------------------------------------------------
def test_the_seats_tab_shows_a_code_and_a_qr_code_per_seat(counter, hub, companion):
    counter.go("game", "seats")
    codes = hub.codes.codes(companion.session)
    click(counter.root, "Show Ann's code")
    click(counter.root, "Show Bob's code")  # one at a time: Bob's only
    images = [c for c in walk(counter.root) if isinstance(c, ft.Image)]
    assert len(images) == 1 and f"Join code of Bob: {codes['Bob']}" in shown(counter) and codes["Ann"] not in shown(counter)
    click(counter.root, "Show Ann's code")
    assert set(codes) == {"Ann", "Bob"} and all(re.fullmatch(r"\d{10}", c) for c in codes.values())
    images = [c for c in walk(counter.root) if isinstance(c, ft.Image)]
    assert len(images) == 1 and all(isinstance(i.src, bytes) and i.src.startswith(b"\x89PNG") for i in images)
    assert f"http://127.0.0.1:8550/join/{codes['Ann']}" in shown(counter)


def test_a_code_typed_on_the_home_screen_joins_that_seat(counter, companion, hub):
    phone = open_page(companion, hub)
    phone.go("home")
    phone.fields["join_code"].value = "0000000000" if "0000000000" not in hub.codes.codes(companion.session).values() else "9999999999"
    phone.fields["join"]()
    assert phone.viewer == TABLE and "No seat of the game on the table has the code" in shown(phone)
    phone.fields["join_code"].value = hub.codes.codes(companion.session)["Bob"]
    phone.fields["join"]()
    assert phone.viewer == seat_viewer("Bob") and phone.page.route.startswith("/join/")
    click(phone.root, "Leave this seat")
    assert phone.viewer == TABLE and phone.screen == "home"


def test_a_new_game_gets_new_codes_and_sends_seat_pages_home(counter, companion, hub):
    ann = seat_page(companion, hub, "Ann")
    old = hub.codes.codes(companion.session)
    companion.start("counter", {"cmd": "start", "players": ["Ann", "Bob"]})
    assert ann.viewer == TABLE and ann.screen == "home" and "join a seat again" in shown(ann)
    assert hub.codes.codes(companion.session) != old


# -- reloads ------------------------------------------------------------------------------------------
def test_a_reloaded_page_hears_the_table_again(started, companion, hub):
    """Flet reuses the session on a reload: disconnect, then connect, and no main()."""
    started.disconnected()
    companion.table.command({"cmd": "play", "character": "leonard", "cards": 1})
    assert "Ann plays Leonard" not in shown(started)  # away: nothing reached it
    started.connected()
    assert "Ann plays Leonard" in shown(started)  # back: it shows what changed meanwhile
    click(started.root, "Move Leonard")
    click(started.root, "Caltech")
    assert companion.session.view(TABLE)["characters"]["leonard"] == 1
    other = open_page(companion, hub)
    other.go("game")
    assert "Leonard" in shown(other)


def test_a_reloaded_seat_page_stays_that_seat(counter, companion, hub):
    ann = seat_page(companion, hub, "Ann")
    ann.disconnected()
    ann.connected()
    assert ann.viewer == seat_viewer("Ann") and "My hand" in shown(ann)


# -- languages --------------------------------------------------------------------------------------
@pytest.fixture
def english_afterwards():
    yield
    from ui import i18n

    i18n.set_language("en")


def test_a_language_switch_re_renders_the_prompt_and_the_undo_list_of_every_page(started, companion, hub, english_afterwards):
    other = open_page(companion, hub)
    other.go("game", "log")
    assert "1. Game started with Ann, Bob, Cy; cards dealt, locations laid" in shown(other)
    started.set_language("de")
    assert "Ann: Wähle eine Figur und sag, wie viele ihrer Karten du spielst, oder passe." in shown(started)
    assert "1. Spiel gestartet mit Ann, Bob, Cy; Karten ausgeteilt, Orte gelegt" in shown(other)  # history too
    assert find_button(other.root, "RÜCKGÄNGIG")


def test_the_notice_under_the_prompt_follows_the_language(started, english_afterwards, monkeypatch):
    from companion import i18n as core

    click(started.root, "Play 1 Leonard")
    assert "Ann: plays 1 Leonard card" in shown(started)
    monkeypatch.setattr(core, "translate_plural", lambda one, many, n: "KARTE SPIELEN" if one.startswith("plays") else (one if n == 1 else many))
    started.render()
    assert "Ann: KARTE SPIELEN" in shown(started)


# -- rules the shell keeps ---------------------------------------------------------------------------
def test_the_shell_names_no_game():
    """Only ui/games/<id>/ knows its game (the catalogues' source comments are the extractor's)."""
    found = [str(path.relative_to(ROOT)) for path in UI.rglob("*.py")
             if "bigbang" in path.read_text(encoding="utf-8").lower() and UI / "games" / "bigbang" not in path.parents]
    assert found == []


def test_the_ui_imports_no_device_code_and_not_the_composition_root():
    offending = []
    for path in UI.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            offending += [(str(path.relative_to(ROOT)), n) for n in names if n.split(".")[0] in ("hardware", "entry")]
    assert offending == []


def test_nothing_is_translated_at_import_time():
    """A text translated while importing would stay in the first language for ever."""
    code = """
import sys, pkgutil, importlib
from companion import i18n
calls = []
class Spy:
    def gettext(self, m): calls.append(m); return m
    def ngettext(self, a, b, n): calls.append(a); return a
i18n.use(Spy())
import ui
for module in pkgutil.walk_packages(ui.__path__, "ui."):
    importlib.import_module(module.name)
print(calls)
"""
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                            env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def every_screen(app, companion, hub):
    """(name, control) for every screen and tab of a Big Bang game and of a counter seat page."""
    for screen in ("home", "cards"):
        app.go(screen)
        yield screen, app.root
    app.wizard.game = "bigbang"
    app.go("setup")
    yield "setup", app.root
    companion.start("bigbang", BIGBANG_START)
    for tab in ("table", "runes", "log", "sim", "master", "seats"):
        app.go("game", tab)
        yield tab, app.root
    app.go("game", "table")
    click(app.root, "Play 1 Howard")
    click(app.root, "Howard fights Wil Wheaton")
    yield "fight", app.dialog
    app.close_dialog()
    companion.start("counter", {"cmd": "start", "players": ["Ann", "Bob"]})
    seat = seat_page(companion, hub, "Ann")
    yield "seat", seat.root


def test_every_finger_target_is_at_least_48_px(app, companion, hub):
    small = []
    for name, root in every_screen(app, companion, hub):
        for control in walk(root):
            if isinstance(control, (ft.Button, ft.IconButton)):
                if (control.height or 0) < 48 or (control.width is not None and control.width < 48):
                    small.append((name, label_of(control), control.width, control.height))
            elif isinstance(control, ft.Container) and control.on_click is not None:
                padding = control.padding
                if getattr(padding, "top", 0) < 15 or getattr(padding, "bottom", 0) < 15:  # 20 px of text + 30
                    small.append((name, "container", padding))
    assert small == []


def test_a_failing_handler_is_logged_and_the_page_lives_on(started, monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug in a rule")

    monkeypatch.setattr(started.companion.table, "command", broken)
    click(started.root, "Play 1 Leonard")  # does not raise
    assert "a screen handler failed" in caplog.text
    started.go("game", "runes")
    assert started.root is not None


def test_a_screen_that_fails_to_draw_falls_back_to_home(started, monkeypatch):
    from ui.games import bigbang

    monkeypatch.setattr(bigbang.table, "table_panel", lambda app, view: 1 / 0)
    started.go("game", "table")
    assert started.screen == "home" and "That screen failed to draw" in shown(started)


def test_texts_are_labels_not_ids(counter):
    assert all("{" not in t for t in texts(counter.root))


def test_on_a_phone_a_seat_page_puts_its_menu_first_in_one_column(counter, companion, hub):
    phone = seat_page(companion, hub, "Bob")
    phone.page.width = 390
    phone.resized()
    body = phone.root.controls[-1].content  # the tab's body, under the bar and the prompt
    assert isinstance(body, ft.Column) and body.scroll is not None
    assert label_of(buttons(body.controls[0])[0]) == "Choose c1"  # the menu before the fields
    click(phone.root, "Choose c2")
    assert "My choice\nc2" in shown(phone)


def test_on_a_phone_a_big_bang_seat_page_stacks_the_board(app, companion, hub):
    companion.start("bigbang", BIGBANG_START)
    phone = seat_page(companion, hub, "Ann")
    phone.page.width = 390
    phone.resized()
    text = shown(phone)
    assert "Play 1 Leonard" in text and "Moon track: 8 of 11" in text and "1 Caltech" in text


def test_a_seat_is_drawn_in_its_own_colour_when_the_game_gives_it_one():
    from companion.contract import Seat
    from companion.palette import colour, seat_colour
    from ui.widgets.common import seat_screen_colour

    seats = (Seat("a", "Ann"), Seat("b", "Bob", "yellow"))
    assert seat_screen_colour(seats, "a") == seat_colour(0).screen
    assert seat_screen_colour(seats, "b") == colour("yellow").screen != seat_colour(1).screen
    assert seat_screen_colour(seats, "nobody") == colour("unknown").screen


def test_a_late_route_report_or_a_reconnect_never_wipes_a_form(app):
    """Flet reports the first route, and reconnects, whenever it likes; what was typed stays."""
    app.wizard.game = "counter"
    app.go("setup")
    first = app.fields["names"].controls[0]
    first.value = "Ann"
    app.follow_route("/")
    app.disconnected()
    app.connected()
    assert app.fields["names"].controls[0] is first and first.value == "Ann"


def test_the_setup_shows_the_table_as_the_names_are_typed(app):
    """Each name in its seat's colour, in turn order; the PIN only as dots (it also shows each key arrived)."""
    app.wizard.game = "bigbang"
    app.go("setup")
    first, second, _third = app.fields["names"].controls
    first.value, second.value = "Ann", "Bob"
    second.on_change(None)
    assert "At the table: Ann, Bob" in shown(app)
    pin = app.fields["part"].fields["pin"]
    pin.value = "2718"
    pin.on_change(None)
    assert "Game-master PIN: ●●●●" in shown(app)
