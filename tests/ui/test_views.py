"""The screens as a player would notice them, without a browser: build, tap, look."""
import threading

import flet as ft
import pytest

from tests.ui.conftest import START, FakePage, click, find_button, texts, walk

SOLUTION_LINE = "Fehu=B  Uruz=C  Thurisaz=D  Ansuz=E  Raidho=F  Kenaz=G  Gebo=A"


def shown(app) -> str:
    parts = texts(app.root)
    for dialog in app.page.dialogs:
        parts += texts(dialog)
    return "\n".join(parts)


# -- home -------------------------------------------------------------------------------------------
def test_home_offers_a_new_game_the_catalogue_and_a_language(app):
    text = shown(app)
    assert "New Big Bang game" in text and "Card catalogue" in text and "No saved games yet." in text
    dropdown = next(c for c in walk(app.root) if isinstance(c, ft.Dropdown))
    assert [o.key for o in dropdown.options] == ["en", "nl", "it", "ru", "de"]


def test_choosing_a_language_sets_it_and_renders_again(app, monkeypatch):
    from ui import i18n

    chosen = []
    monkeypatch.setattr(i18n, "set_language", chosen.append)
    before = app.page.updates
    dropdown = next(c for c in walk(app.root) if isinstance(c, ft.Dropdown))
    dropdown.value = "ru"
    dropdown.on_select(type("E", (), {"control": dropdown})())
    assert chosen == ["ru"] and app.page.updates > before


def test_saved_games_are_listed_and_resumed_for_every_page(started, companion):
    other = type(started)(FakePage(), companion)
    companion.hub.add(other)
    first_id = companion.session.game_id
    companion.start({**START, "players": ["Dee", "Eve", "Fay"]})
    started.go("home")
    text = shown(started)
    assert "Ann, Bob, Cy" in text and "Dee, Eve, Fay" in text and "now playing" in text
    click(started.root, "Resume")
    assert companion.session.game_id == first_id and started.screen == "game"
    other.render()
    assert "Ann: choose a character" in shown(other)


# -- setup ------------------------------------------------------------------------------------------
def test_setup_needs_three_names(app):
    app.go("setup")
    app.setup_fields["start_game"]()
    assert app.setup_fields["error"].value == "Name all 3 players."
    assert app.companion.session.state.status == "setup"


def test_setup_starts_with_the_settings_and_a_typed_solution(app):
    app.go("setup")
    fields = app.setup_fields
    for field, name in zip(fields["names"], ["Ann", "Bob", "Cy"]):
        field.value = name
    fields["length"].value, fields["start"].value = "10", "6"
    fields["feedback"].value = "none"
    fields["solution_mode"].value = "typed"
    fields["solution"].value = "b c d e f g a"
    fields["pin"].value = "2718"
    assert fields["solution"].password  # typed in front of the players, never shown
    fields["start_game"]()
    assert app.screen == "game"
    view = app.companion.view()
    assert view["moon"] == 6 and view["track"]["length"] == 10 and view["gate"]["feedback"] == "none"
    assert app.companion.session.master_view("2718")["solution"]["Fehu"] == "B"


def test_a_refused_start_leaves_nothing_in_the_save_file(app):
    app.go("setup")
    for field, name in zip(app.setup_fields["names"], ["Ann", "Bob", "Cy"]):
        field.value = name
    app.setup_fields["start"].value = "40"
    app.setup_fields["start_game"]()
    assert "track.start" in app.setup_fields["error"].value
    assert app.companion.store.games() == []


# -- the table ----------------------------------------------------------------------------------------
def test_the_table_shows_track_cubes_locations_hands_and_prompt(started):
    text = shown(started)
    for expected in ("Moon track: 8 of 11", "Cubes: 0 of 4", "1 Caltech", "Whiteboard", "Ann: 3 cards", "Pile: 32",
                     "Ann: choose a character", "UNDO"):
        assert expected in text


def test_options_are_big_buttons_and_asks_a_second_step(started):
    click(started.root, "Play 1 Leonard")
    assert "Ann plays Leonard" in shown(started)
    click(started.root, "Move Leonard")
    assert "To" in shown(started) and find_button(started.root, "Back")
    click(started.root, "Apartment 4A")
    assert started.companion.view()["characters"]["leonard"] == 3
    assert started.pending is None


def test_howards_remote_fight_dialog(started):
    click(started.root, "Play 1 Howard")
    click(started.root, "Howard fights Wil Wheaton")
    dialog = started.dialog
    assert isinstance(dialog, ft.AlertDialog) and started.page.dialogs == [dialog]
    odds = next(o for o in started.companion.view()["odds"] if o["how"] == "remote")
    assert f"Win chance: {odds['percent']}%" in texts(dialog)
    assert dialog.data["confirm"].disabled  # no die face yet
    dialog.data["set"]("die", 4)
    assert not dialog.data["confirm"].disabled
    dialog.data["submit"]()
    assert started.page.dialogs == []
    assert "won" in started.companion.session.history[-1].description


def test_the_fight_dialog_counts_helper_cards_per_player_and_tells_the_roll(app, companion):
    companion.start({**START, "hands": {"Ann": ["leonard", "leonard", "penny"], "Bob": ["leonard", "raj", "penny"],
                                        "Cy": ["leonard", "leonard", "howard"]},
                     "locations": ["wil-wheaton-work", "stuart", "wil-wheaton-home", "amy", "wil-wheaton-fun", "lantern"]})
    app.go("game", "table")
    click(app.root, "Play 2 Leonard")
    click(app.root, "Move Leonard")
    click(app.root, "Caltech")
    click(app.root, "Fight Wil Wheaton")
    dialog = app.dialog
    odds = next(o for o in companion.view()["odds"] if o["here"])
    assert set(dialog.data["state"]["helpers"]) == {"Bob", "Cy"}
    assert f"Win chance: {odds['percent']}%" in texts(dialog)
    dialog.data["set_helper"]("Cy", 2)
    assert f"Win chance: {odds['with_help'][1]}%" in texts(dialog)
    assert odds["with_help"][1] > odds["percent"]
    dialog.data["set"]("die", 1)
    dialog.data["submit"]()
    last = companion.session.history[-1].description
    assert "Cy helps with 2 card(s)" in last and "won" in last


def test_a_table_without_a_die_lets_the_companion_roll_it(started):
    click(started.root, "Play 1 Howard")
    click(started.root, "Howard fights Wil Wheaton")
    dialog = started.dialog
    click(dialog, "Roll for us")
    rolled = started.companion.view()["last_roll"]
    assert rolled in (1, 2, 3, 4, "moon") and dialog.data["state"]["die"] == rolled
    assert "the die shows" in started.companion.session.history[-1].description
    assert not dialog.data["confirm"].disabled


def test_tapping_an_older_step_in_the_undo_list_goes_back_to_it(started):
    click(started.root, "Play 1 Leonard")
    click(started.root, "Move Leonard")
    click(started.root, "Caltech")
    started.go("game", "log")
    back_to_start = next(c for c in walk(started.root) if isinstance(c, ft.Container) and c.on_click
                         and isinstance(c.content, ft.Text) and c.content.value.startswith("1. "))
    back_to_start.on_click(None)
    assert len(started.companion.session.history) == 1
    assert len(started.companion.session.redo_stack) == 2  # redo brings both back


def test_undo_is_always_on_screen_and_takes_back_the_last_step(started):
    for tab in ("table", "runes", "log", "sim", "master"):
        started.go("game", tab)
        assert find_button(started.root, "UNDO")
    started.go("game", "table")
    click(started.root, "Play 1 Leonard")
    assert started.companion.view()["phase"] == "actions"
    click(started.root, "UNDO")
    assert started.companion.view()["phase"] == "choose"
    started.go("game", "log")
    assert "↷ Ann: plays 1 Leonard card(s)" in shown(started)
    click(started.root, "Redo")
    assert started.companion.view()["phase"] == "actions"


def test_the_undo_list_reads_newest_first(started):
    click(started.root, "Play 1 Leonard")
    started.go("game", "log")
    lines = [t for t in texts(started.root) if t[:1].isdigit() and ". " in t]
    assert lines == ["2. Ann: plays 1 Leonard card(s)", "1. Game started with Ann, Bob, Cy; cards dealt, locations laid"]


# -- runes and secrets ----------------------------------------------------------------------------------
def test_sheldons_swap_is_two_taps_on_the_rune_panel(started):
    click(started.root, "Play 1 Sheldon")
    click(started.root, "Sheldon swaps letters")
    assert started.tab == "runes"
    click(started.root, "A")
    assert started.swap_first == "A" and "tap a second letter" in shown(started)
    click(started.root, "H")
    assert started.companion.view()["gate"]["board"][0] == "H"


def test_a_letter_tap_without_sheldon_changes_nothing(started):
    started.go("game", "runes")
    click(started.root, "A")
    assert started.companion.view()["gate"]["board"][0] == "A"
    assert "Only Sheldon" in shown(started)


def test_no_player_screen_shows_the_solution(started, monkeypatch):
    session = started.companion.session
    monkeypatch.setattr(type(session), "master_view", lambda self, pin: pytest.fail("a player screen asked for the master view"))
    for tab in ("table", "runes", "log", "sim", "master"):
        started.go("game", tab)
        text = shown(started)
        assert "Solution" not in text and SOLUTION_LINE not in text and "BCDEFGA" not in text.replace(" ", "")
    started.go("home")
    assert "Solution" not in shown(started)


def test_the_game_master_view_needs_the_pin(started):
    started.go("game", "master")
    started.master_fields["pin"].value = "1111"
    started.master_fields["unlock"]()
    assert "That PIN is not the game master's." in shown(started) and SOLUTION_LINE not in shown(started)
    started.master_fields["pin"].value = "2718"
    started.master_fields["unlock"]()
    assert f"Solution: {SOLUTION_LINE}" in shown(started)
    started.go("game", "table")
    started.go("game", "master")
    assert SOLUTION_LINE not in shown(started)  # leaving the tab locked it again


# -- cards, simulator, threads ---------------------------------------------------------------------------
def test_an_unknown_card_opens_the_enrolment_dialog_and_enrolling_reads_it(started, companion):
    companion.table.card("deadbeef")
    dialog = started.dialog
    assert "Unknown card deadbeef: which card is it?" in texts(dialog)
    field = dialog.data["field"]
    field.value = "pen"
    dialog.data["search"](type("E", (), {"control": field})())
    assert [b.data for b in dialog.data["results"].controls] == ["penny"]
    dialog.data["pick"]("penny")
    assert companion.catalogue.lookup("deadbeef").card == "penny"
    assert started.dialog is None and started.page.dialogs == []


def test_the_catalogue_screen_enrols_and_forgets(app, companion):
    app.go("cards")
    app.cards_fields["uid"].value = "04:A1:B2:C3"
    app.cards_fields["pick"]("red_moon")
    assert companion.catalogue.lookup("04a1b2c3").card == "red_moon"
    assert "1 tags enrolled" in shown(app)
    click(app.root, "Forget")
    assert companion.catalogue.lookup("04a1b2c3") is None


def test_the_simulator_presses_buttons_scans_the_tray_and_previews_the_ring(started, companion, monkeypatch):
    pressed, scanned = [], []
    monkeypatch.setattr(companion.rig, "perform_later", lambda b, g: pressed.append((b, g)))
    monkeypatch.setattr(companion.rig.reader, "scan", scanned.append)
    started.go("game", "sim")
    buttons = [c for c in walk(started.root) if isinstance(c, ft.Button) and isinstance(c.data, str) and ":" in c.data]
    assert {b.data for b in buttons} == {f"{n}:{g}" for n in ("next", "back", "yes", "no") for g in ("tap", "double", "hold")}
    next(b for b in buttons if b.data == "back:hold").on_click(None)
    assert pressed == [("back", "hold")]
    click(started.root, "Unknown tag deadbeef")
    assert scanned == ["deadbeef"]
    from ui.widgets.common import hexcolour

    assert started.ring_preview.colours() == [hexcolour(p) for p in companion.rig.ring.frame.pixels]
    companion.table.command({"cmd": "play", "character": "leonard", "cards": 1})
    assert "Buttons point at: Leonard moves someone" in shown(started)


def test_real_buttons_through_the_rig_reach_the_screen(started, companion):
    companion.rig.perform("yes", "tap")  # YES picks the first option: Play 1 Leonard
    assert companion.view()["phase"] == "actions"
    assert "Ann plays Leonard" in shown(started)


def test_device_threads_never_touch_controls_they_hand_over_to_the_page_loop(started, companion):
    handed = []
    started.page.run_task = lambda handler, *args: handed.append((handler, args))
    rendered = []
    started.render = lambda: rendered.append(threading.current_thread())
    worker = threading.Thread(target=lambda: companion.table.command({"cmd": "pass"}))
    worker.start()
    worker.join()
    assert handed and rendered == []  # nothing drawn on the device thread


def test_every_page_follows_the_shared_game(started, companion):
    other = type(started)(FakePage(), companion)
    companion.hub.add(other)
    other.go("game", "table")
    click(started.root, "Play 1 Leonard")
    assert "Ann plays Leonard" in shown(other)


@pytest.mark.parametrize("status, red_moon, expected", [("won", False, "You win!"), ("lost", False, "lost"), ("playing", True, "Red moon!")])
def test_alerts_that_matter_are_a_full_width_banner(status, red_moon, expected):
    from ui.views.bigbang import _alert

    banner = _alert({"status": status, "red_moon": red_moon, "danger_on_board": 2, "prompt": "The ring reached the red moon. The game is lost."})
    assert expected in " ".join(texts(banner))
