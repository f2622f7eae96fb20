"""Big Bang through the shell, as a player would notice it, without a browser: build, tap, look."""
import re
import threading

import flet as ft

from companion.contract import MASTER, TABLE
from tests.ui.conftest import BIGBANG_START, buttons, click, find_button, label_of, open_page, seat_page, shown, texts, walk

SOLUTION_LINE = "Fehu=B  Uruz=C  Thurisaz=D  Ansuz=E  Raidho=F  Kenaz=G  Gebo=A"


def view(app):
    return app.companion.session.view(TABLE)


def last_line(app) -> str:
    session = app.companion.session
    from companion.messages import render

    return render(session.describe(session.history[-1]))


# -- home -------------------------------------------------------------------------------------------
def test_home_offers_a_new_game_the_catalogue_and_a_language(app):
    text = shown(app)
    assert "New Big Bang moon game" in text and "Card catalogue" in text and "No saved games yet." in text
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


def test_saved_games_are_listed_with_their_game_and_resumed_for_every_page(started, companion, hub):
    other = open_page(companion, hub)
    first_id = companion.session.game_id
    assert companion.start("bigbang", {"cmd": "start", "players": ["Dee", "Eve", "Fay"]}).kind == "applied"
    started.go("home")
    text = shown(started)
    assert "Ann, Bob, Cy" in text and "Dee, Eve, Fay" in text and "now playing" in text
    assert "Big Bang moon game · game" in text
    click(started.root, "Resume")
    assert companion.session.game_id == first_id and started.screen == "game"
    assert "Ann: choose a character" in shown(other)


# -- setup ------------------------------------------------------------------------------------------
def test_setup_needs_every_name(app):
    app.wizard.game = "bigbang"
    app.go("setup")
    app.fields["start_game"]()
    assert app.fields["error"].value == "Name all 3 players."
    assert app.companion.session is None


def test_setup_is_built_from_the_settings_schema(app):
    app.wizard.game = "bigbang"
    app.go("setup")
    settings = app.fields["settings"]
    assert "table.players" not in settings  # the number of names sets it
    assert settings["track.length"].label == "Track length (default 12)" and settings["track.length"].value == "12"
    assert "0 is the red moon" in shown(app)  # the help under its field, whole
    feedback = settings["gate.feedback"]
    assert [o.text for o in feedback.options] == ["say how many letters are right", "say nothing"]
    assert "gate.runes" not in settings  # lists are for data files, not the wizard


def test_setup_starts_with_the_settings_a_fourth_player_and_a_typed_solution(app):
    app.wizard.game = "bigbang"
    app.go("setup")
    fields = app.fields
    fields["more"]()
    for field, name in zip(fields["names"].controls, ["Ann", "Bob", "Cy", "Dee"], strict=True):
        field.value = name
    fields["settings"]["track.length"].value, fields["settings"]["track.start"].value = "10", "6"
    fields["settings"]["gate.feedback"].value = "none"
    part = fields["part"].fields
    part["solution_mode"].value = "typed"
    part["solution"].value = "b c d e f g a"
    part["pin"].value = "2718"
    assert part["solution"].password  # typed in front of the players, never shown
    fields["start_game"]()
    assert app.screen == "game", fields["error"].value
    table = view(app)
    assert table["moon"] == 6 and table["track"]["length"] == 10 and table["gate"]["feedback"] == "none"
    assert [s.name for s in table.seats] == ["Ann", "Bob", "Cy", "Dee"]
    assert app.companion.session.view(MASTER, "2718")["solution"]["Fehu"] == "B"


def test_the_setup_needs_no_keyboard_names_pin_and_solution_by_touch(app, companion):
    """The kiosk has none: names are tapped from earlier games or on the on-screen keyboard (shown at once), the PIN on
    the game-master lock's keypad, a typed solution on the pool's letter keys."""
    companion.start("bigbang", {"cmd": "start", "players": ["Dee", "Eve", "Fay"], "settings": {"table": {"cards_from": "companion"}}})
    app.wizard.game = "bigbang"
    app.go("setup")
    assert "Earlier players:" in shown(app)
    click(app.root, "Dee")
    click(app.root, "Fay")
    assert [f.value for f in app.fields["names"].controls] == ["Dee", "Fay", ""]
    assert find_button(app.root, "Eve") and not [b for b in walk(app.root) if isinstance(b, ft.Button) and b.data == "Dee"]
    assert app.fields["keys"].visible  # shown from the start: no name was typed yet
    click(app.root, "On-screen keyboard")
    assert not app.fields["keys"].visible
    click(app.root, "On-screen keyboard")
    assert app.fields["keys"].visible
    keys = [b for b in walk(app.fields["keys"]) if isinstance(b, ft.Button)]
    assert len(keys) > 26 and all(b.height >= 48 and b.width >= 48 for b in keys)  # every key a finger target
    for key in ("A", "N", "N", "␣", "L", "E", "E", "⌫"):
        click(app.fields["keys"], key)
    assert app.fields["names"].controls[2].value == "Ann Le"  # a capital at each word's start
    assert "At the table: Dee, Fay, Ann Le" in shown(app)
    app.fields["names"].controls[0].on_focus(None)  # tapping a field makes it the one the keys type into
    click(app.fields["keys"], "⌫")
    assert app.fields["names"].controls[0].value == "De"
    click(app.fields["keys"], "E")
    part = app.fields["part"].fields
    part["pin"].on_focus(None)
    assert part["pin_keys"].visible
    for digit in "27189":
        click(part["pin_keys"], digit)
    click(part["pin_keys"], "⌫")
    click(part["pin_keys"], "✓")
    assert part["pin"].value == "2718" and not part["pin_keys"].visible and "Game-master PIN: ●●●●" in shown(app)
    part["solution_mode"].value = "typed"
    part["solution_mode"].on_select(None)
    assert part["letter_keys"].visible
    for letter in "BCDEFGAH":  # an eighth letter is one too many for seven runes
        click(part["letter_keys"], letter)
    assert part["solution"].value == "BCDEFGA"
    app.fields["start_game"]()
    assert app.screen == "game", app.fields["error"].value
    assert [s.name for s in view(app).seats] == ["Dee", "Fay", "Ann Le"]
    assert companion.session.view(MASTER, "2718")["solution"]["Gebo"] == "A"


def test_the_setup_says_without_a_pin_the_solution_can_never_be_shown(app):
    app.wizard.game = "bigbang"
    app.go("setup")
    assert "Without a game-master PIN nobody can ever see the solution, not even after the game" in shown(app)


def test_with_the_companions_cards_the_screen_says_what_it_dealt(app, companion):
    app.wizard.game = "bigbang"
    app.go("setup")
    for field, name in zip(app.fields["names"].controls, ["Ann", "Bob", "Cy"], strict=True):
        field.value = name
    app.fields["settings"]["table.cards_from"].value = "companion"
    app.fields["start_game"]()
    assert app.screen == "game", app.fields["error"].value
    notice = app.notice.text.render()
    for player in view(app)["players"]:
        from ui.games.bigbang.words import hand

        assert f"{player['name']}: {hand(player['hand'])}" in notice
    assert "letters at the gate: " + " ".join(view(app)["gate"]["board"]) in notice


def test_a_players_own_screen_shows_their_hand_first(started, companion, hub):
    cy = seat_page(companion, hub, "Cy")
    assert "Your hand: Leonard ×3" in shown(cy)
    assert "Your hand" not in shown(started)


def test_the_letters_laid_at_setup_are_told_by_tapping_them(app, companion):
    companion.start("bigbang", {k: v for k, v in BIGBANG_START.items() if k != "board"})
    app.go("game", "table")
    assert "Which letter lies at Fehu (1 of 7)?" in shown(app)
    click(app.root, "C lies at Fehu")
    app.go("game", "runes")
    assert "Tap the letter that lies at Uruz." in shown(app)
    click(app.root, "A")  # a letter beside the board: laid at the next rune
    assert view(app)["gate"]["board"] == ["C", "A"]
    app.go("game", "table")
    click(app.root, "The companion lays the letters")
    board = view(app)["gate"]["board"]
    assert board[:2] == ["C", "A"] and len(set(board)) == 7 and view(app).turn.phase == "choose"


def test_a_refused_start_names_the_setting_and_leaves_nothing_in_the_save_file(app):
    app.wizard.game = "bigbang"
    app.go("setup")
    for field, name in zip(app.fields["names"].controls, ["Ann", "Bob", "Cy"], strict=True):
        field.value = name
    app.fields["settings"]["track.start"].value = "40"
    app.fields["start_game"]()
    assert "track.start" in app.fields["error"].value
    app.fields["settings"]["track.start"].value = "many"
    app.fields["start_game"]()
    assert app.fields["error"].value == "Moon starts at: a whole number, please."
    assert app.companion.store.games() == []


# -- the table ----------------------------------------------------------------------------------------
def test_the_table_shows_track_cubes_locations_hands_by_card_names_and_prompt(started):
    text = shown(started)
    for expected in ("Moon track: 8 of 11", "Cubes: 0 of 4", "1 Caltech", "Whiteboard", "reward: moon +1", "Ann: Howard, Leonard, Sheldon",
                     "Cy: Leonard ×3", "Pile: 32", "Ann: choose a character", "UNDO"):
        assert expected in text


def test_options_are_big_buttons_and_ask_a_second_step(started):
    click(started.root, "Play 1 Leonard")
    assert "Ann plays Leonard" in shown(started)
    click(started.root, "Move Leonard")
    assert "To" in shown(started) and find_button(started.root, "Back")
    click(started.root, "Apartment 4A")
    assert view(started)["characters"]["leonard"] == 3
    assert started.choosing.pending is None


def test_howards_remote_fight_dialog(started):
    click(started.root, "Play 1 Howard")
    click(started.root, "Howard fights Wil Wheaton")
    dialog = started.dialog
    assert isinstance(dialog, ft.AlertDialog) and started.page.dialogs == [dialog]
    odds = next(o for o in started.companion.session.analyse("odds") if o["how"] == "remote")
    assert f"Win chance: {odds['percent']}%" in texts(dialog)
    assert dialog.title.value == f"Fight Wil Wheaton: {odds['percent']}% to win"
    steps = len(started.companion.session.history)
    click(dialog, "Tell the result")  # no face yet: the dialog says so, and nothing happens
    assert 'Tap the face the die shows, or "Roll for us".' in texts(dialog) and started.page.dialogs == [dialog]
    assert len(started.companion.session.history) == steps
    dialog.data["set"]("die", 4)
    assert 'Tap the face the die shows, or "Roll for us".' not in texts(dialog)
    dialog.data["submit"]()
    assert started.page.dialogs == []
    assert "won" in last_line(started)


def test_the_fight_dialog_counts_helper_cards_per_player_and_tells_the_roll(app, companion):
    companion.start("bigbang", {**BIGBANG_START, "hands": {"Ann": ["leonard", "leonard", "penny"], "Bob": ["leonard", "raj", "penny"],
                                                           "Cy": ["leonard", "leonard", "howard"]},
                                "locations": ["wil-wheaton-work", "stuart", "wil-wheaton-home", "amy", "wil-wheaton-fun", "lantern"]})
    app.go("game", "table")
    click(app.root, "Play 2 Leonard")
    click(app.root, "Move Leonard")
    click(app.root, "Caltech")
    click(app.root, "Fight Wil Wheaton")
    dialog = app.dialog
    odds = next(o for o in companion.session.analyse("odds") if o["here"])
    assert set(dialog.data["state"]["helpers"]) == {"Bob", "Cy"}
    assert f"Win chance: {odds['percent']}%" in texts(dialog)
    assert dialog.title.value == f"Fight Wil Wheaton: {odds['percent']}% to win"
    dialog.data["set_helper"]("Cy", 2)
    assert f"Win chance: {odds['with_help'][1]}%" in texts(dialog)
    assert dialog.title.value == f"Fight Wil Wheaton: {odds['with_help'][1]}% to win"  # the title follows the body
    assert odds["with_help"][1] > odds["percent"]
    dialog.data["set"]("die", 1)
    dialog.data["submit"]()
    last = last_line(app)
    assert "Cy helps with 2 cards" in last and "won" in last


def test_a_table_without_a_die_lets_the_companion_roll_it_the_same_face_for_the_same_step(started):
    from ui.games.bigbang.words import face

    click(started.root, "Play 1 Howard")
    steps = len(started.companion.session.history)
    click(started.root, "Howard fights Wil Wheaton")
    dialog = started.dialog
    click(dialog, "Roll for us")
    rolled = dialog.data["state"]["die"]
    assert rolled in (1, 2, 3, 4, "moon") and f"The companion rolled {face(rolled)}." in texts(dialog)
    click(dialog, "Cancel")
    assert started.page.dialogs == [] and len(started.companion.session.history) == steps  # no step per roll
    click(started.root, "Howard fights Wil Wheaton")
    again = started.dialog
    assert again.data["state"]["die"] is None  # a fresh dialog: nothing chosen yet
    click(again, "Roll for us")
    click(again, "Roll for us")
    assert again.data["state"]["die"] == rolled and len(started.companion.session.history) == steps
    click(again, "Tell the result")
    fought = started.companion.session.history[-1]
    assert len(started.companion.session.history) == steps + 1
    assert next(e for e in fought.events if e.kind == "fight_resolved").die == rolled
    click(started.root, "UNDO")  # undo and fight again: the same step rolls the same face
    click(started.root, "Howard fights Wil Wheaton")
    click(started.dialog, "Roll for us")
    assert started.dialog.data["state"]["die"] == rolled


def test_the_virtual_die_in_the_dialog_is_the_one_the_engine_rolls_for_that_step(started):
    click(started.root, "Play 1 Howard")
    click(started.root, "Howard fights Wil Wheaton")
    click(started.dialog, "Roll for us")
    shown_face = started.dialog.data["state"]["die"]
    started.close_dialog()
    started.command({"cmd": "roll"})  # the logged roll of that same step
    assert view(started)["last_roll"] == shown_face


def test_an_artefact_won_in_a_fight_is_told_from_the_real_deck(app, companion):
    companion.start("bigbang", {**BIGBANG_START, "locations": ["kripke", "stuart", "wil-wheaton-home", "mrs-wolowitz", "comic-book", "lantern"]})
    app.go("game", "table")
    click(app.root, "Play 1 Howard")
    click(app.root, "Howard fights Barry Kripke")
    dialog = app.dialog
    assert "Won: which artefact was drawn?" not in texts(dialog)  # no roll yet, so no win yet
    dialog.data["set"]("die", 4)  # 4 beats strength 4: won, and Barry Kripke gives an artefact
    assert "Won: which artefact was drawn?" in texts(dialog)
    steps = len(companion.session.history)
    click(dialog, "Tell the result")
    assert "Won: draw the artefact card and tap which it is (or let the companion draw)." in texts(dialog)
    assert len(companion.session.history) == steps
    click(dialog, "clue artefact")
    click(dialog, "Tell the result")
    assert view(app)["artefacts"] == {"clue": 1}
    assert "artefact drawn: clue artefact" in last_line(app)


def test_the_gate_attempt_shows_the_letters_before_it_spends_the_cubes(app, companion):
    companion.start("bigbang", {**BIGBANG_START, "settings": {"table": {"gate_cost": 1}},
                                "hands": {"Ann": ["leonard"] * 3, "Bob": ["raj"] * 3, "Cy": ["penny"] * 3},
                                "locations": ["whiteboard", "stuart", "wil-wheaton-home", "mrs-wolowitz", "comic-book", "lantern"]})
    app.go("game", "table")
    click(app.root, "Play 3 Leonard")
    click(app.root, "Move Leonard")
    click(app.root, "Cheesecake Factory")
    click(app.root, "Take Stuart")
    click(app.root, "Try to close the gate")
    shown_letters = texts(app.dialog)
    assert "Check the letters on the real board first:" in shown_letters
    assert [t for t in shown_letters if len(t) == 1] == list("ABCDEFG")  # the board as the companion has it, in rune order
    assert view(app)["cubes"] == 1  # nothing spent yet
    steps = len(companion.session.history)
    click(app.dialog, "Cancel")  # cancel changes nothing
    assert app.page.dialogs == [] and view(app)["cubes"] == 1 and len(companion.session.history) == steps
    click(app.root, "Try to close the gate")
    click(app.dialog, "The board matches: try")
    assert view(app)["cubes"] == 0 and "gate attempt failed" in last_line(app)


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


def test_after_undo_the_line_under_the_prompt_tells_the_step_the_game_is_back_at(started):
    click(started.root, "Play 1 Howard")
    click(started.root, "Howard fights Wil Wheaton")
    started.dialog.data["set"]("die", "moon")
    started.dialog.data["submit"]()
    assert view(started)["moon"] == 7 and "the ring moves down (8 → 7)" in started.notice.text.render()
    click(started.root, "UNDO")
    line = started.notice.text.render()
    assert view(started)["moon"] == 8
    assert line.startswith("Now at step 2: Ann: plays 1 Howard card. Undone: ")  # first the state shown now
    assert "Now at step 2" in shown(started)


def test_undo_is_always_on_screen_and_takes_back_the_last_step(started):
    for tab in ("table", "runes", "log", "sim", "master", "seats"):
        started.go("game", tab)
        assert started.tab == tab
        assert find_button(started.root, "UNDO")
    started.go("game", "table")
    click(started.root, "Play 1 Leonard")
    assert view(started).turn.phase == "actions"
    click(started.root, "UNDO")
    assert view(started).turn.phase == "choose"
    started.go("game", "log")
    assert "↷ Ann: plays 1 Leonard card" in shown(started)
    click(started.root, "Redo")
    assert view(started).turn.phase == "actions"


def test_the_undo_list_reads_newest_first(started):
    click(started.root, "Play 1 Leonard")
    started.go("game", "log")
    lines = [t for t in texts(started.root) if t[:1].isdigit() and ". " in t]
    assert lines == ["2. Ann: plays 1 Leonard card", "1. Game started with Ann, Bob, Cy; cards dealt, locations laid"]


# -- runes and secrets ----------------------------------------------------------------------------------
def test_sheldons_swap_is_two_taps_on_the_rune_panel_then_back_to_the_table(started):
    click(started.root, "Play 1 Sheldon")
    click(started.root, "Sheldon swaps letters")
    assert started.tab == "runes"
    click(started.root, "A")
    assert started.choosing.scratch["swap_first"] == "A" and "tap a second letter" in shown(started)
    click(started.root, "H")
    assert view(started)["gate"]["board"][0] == "H"
    assert started.tab == "table"  # the runes tab has no actions left for the turn


def test_a_letter_tap_without_sheldon_changes_nothing(started):
    started.go("game", "runes")
    click(started.root, "A")
    assert view(started)["gate"]["board"][0] == "A"
    assert "Only Sheldon" in shown(started)


def test_no_player_screen_shows_the_solution(started, monkeypatch):
    session = started.companion.session
    real_view = type(session).view

    def guarded(self, viewer=TABLE, pin=None):
        assert viewer != MASTER, "a player screen asked for the master view"
        return real_view(self, viewer, pin)

    monkeypatch.setattr(type(session), "view", guarded)
    for tab in ("table", "runes", "log", "sim", "master", "seats"):
        started.go("game", tab)
        text = shown(started)
        assert "Solution" not in text and SOLUTION_LINE not in text and "BCDEFGA" not in text.replace(" ", "")
    started.go("home")
    assert "Solution" not in shown(started)


def test_the_game_master_view_needs_the_pin_typed_or_tapped(started):
    started.go("game", "master")
    started.fields["pin"].value = "1111"
    started.fields["unlock"]()
    assert "That PIN is not the game master's." in shown(started) and SOLUTION_LINE not in shown(started)
    for digit in "2718":
        started.fields["key"](digit)
    started.fields["key"]("✓")
    assert f"Solution: {SOLUTION_LINE}" in shown(started)
    started.go("game", "table")
    started.go("game", "master")
    assert SOLUTION_LINE not in shown(started)  # leaving the tab locked it again


def test_the_game_master_tab_exists_only_with_a_pin(app, companion):
    companion.start("bigbang", {k: v for k, v in BIGBANG_START.items() if k != "master_pin"})
    app.go("game")
    from ui.views.game import tabs

    assert "master" not in [t.key for t in tabs(app)]


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
    assert companion.catalogue.lookup("deadbeef", "bigbang").card == "penny"
    assert started.dialog is None and started.page.dialogs == []


def test_the_enrolment_dialog_lists_first_the_cards_no_tag_stands_for_and_the_rest_once_it_is_shown(started, companion, monkeypatch):
    from companion.cards import match_cards
    from ui.views.cards import FIRST_ROWS, open_enrol_dialog

    companion.catalogue.enrol("0a0b0c01", "bigbang", "leonard")
    later = []
    monkeypatch.setattr(started, "post", lambda handler, *args, after=0.0: later.append((handler, after)))
    open_enrol_dialog(started, "deadbeef")
    listed = started.dialog.data["results"].controls
    assert len(listed) == FIRST_ROWS and "leonard" not in [b.data for b in listed]
    [(rest, after)] = later
    assert after > 0, "the rest waits for the dialog's first frame"
    rest()
    every = [b.data for b in started.dialog.data["results"].controls]
    assert sorted(every) == sorted(c.id for c in match_cards("bigbang", "", companion.session.state))
    assert every[-1] == "leonard", "a card a tag already stands for comes last"

    later.clear()
    open_enrol_dialog(started, "deadbeef")
    field = started.dialog.data["field"]
    field.value = "pen"
    started.dialog.data["search"](type("E", (), {"control": field})())
    later[0][0]()
    assert [b.data for b in started.dialog.data["results"].controls] == ["penny"], "what was typed is not overwritten"


def test_the_catalogue_screen_enrols_and_forgets(started, companion):
    started.go("cards")
    started.fields["uid"].value = "04:A1:B2:C3"
    started.fields["pick"]("red_moon")
    assert companion.catalogue.lookup("04a1b2c3", "bigbang").card == "red_moon"
    assert "1 tag enrolled" in shown(started)
    click(started.root, "Forget")
    assert companion.catalogue.lookup("04a1b2c3", "bigbang") is None


def test_the_simulator_presses_buttons_scans_the_tray_and_previews_the_ring(started, companion, monkeypatch):
    pressed, scanned = [], []
    monkeypatch.setattr(companion, "press", lambda b, g: pressed.append((b, g)))
    monkeypatch.setattr(companion, "scan", scanned.append)
    started.go("game", "sim")
    gestures = [c for c in walk(started.root) if isinstance(c, ft.Button) and isinstance(c.data, str) and ":" in c.data]
    assert {b.data for b in gestures} == {f"{n}:{g}" for n in ("next", "back", "yes", "no") for g in ("tap", "double", "hold")}
    next(b for b in gestures if b.data == "back:hold").on_click(None)
    assert pressed == [("back", "hold")]
    click(started.root, "Unknown tag deadbeef")
    assert scanned == ["deadbeef"]
    from ui.widgets.common import hexcolour

    _count, frame = companion.ring_preview()
    assert started.ring_preview.colours() == [hexcolour(p) for p in frame.pixels]
    companion.table.command({"cmd": "play", "character": "leonard", "cards": 1})
    assert "Buttons point at: Leonard moves someone" in shown(started)
    started.go("game", "table")
    assert started.ring_preview is None, "a ring frame would update LEDs that are no longer on the page"


def test_the_menu_shows_the_numbers_the_voice_says_and_highlights_what_the_buttons_point_at(started, companion):
    from companion.messages import render
    from ui.views.menu import options_panel
    from ui.widgets.common import SELECTED_BG

    def highlighted() -> list[str]:
        return [label_of(b) for b in buttons(options_panel(started)) if b.bgcolor == SELECTED_BG]

    table = companion.table
    assert highlighted() == [render(table.menu().line)], "the likely item is lit before any button is pressed"
    labels = [label_of(b) for b in buttons(options_panel(started))]
    assert all(re.match(r"^\d+\. ", label) for label in labels), labels
    companion.rig.perform("next", "tap")
    assert highlighted() == [render(table.menu().line)] and highlighted()[0] != labels[0]
    companion.rig.perform("yes", "tap")  # a character played; then walk to Move and answer its question by buttons
    while not render(table.menu().label).startswith("Move"):
        companion.rig.perform("next", "tap")
    companion.rig.perform("yes", "tap")
    assert render(table.menu().line).startswith("To: ") and render(table.menu().line) in shown(started), \
        "while the buttons answer a question, the screen says where they stand"


def test_a_question_the_buttons_left_open_can_be_answered_by_touch(started, companion):
    companion.rig.perform("yes", "tap")  # Play 1 Leonard
    while not render_line(companion).startswith("Move Leonard"):
        companion.rig.perform("next", "tap")
    companion.rig.perform("yes", "tap")  # the buttons now ask "To"; a player taps the place instead
    assert "To" in shown(started) and find_button(started.root, "Back")
    click(started.root, "Apartment 4A")
    assert view(started)["characters"]["leonard"] == 3 and companion.table.menu().option is None


def render_line(companion) -> str:
    from companion.messages import render

    return render(companion.table.menu().label)


def test_real_buttons_through_the_rig_reach_the_screen(started, companion):
    companion.rig.perform("yes", "tap")  # YES picks the first option: Play 1 Leonard
    assert view(started).turn.phase == "actions"
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


def test_every_page_follows_the_shared_game(started, companion, hub):
    other = open_page(companion, hub)
    other.go("game", "table")
    click(started.root, "Play 1 Leonard")
    assert "Ann plays Leonard" in shown(other)


# -- banners --------------------------------------------------------------------------------------------
def test_a_red_moon_is_a_full_width_banner(started, monkeypatch):
    from ui.games.bigbang.table import red_moon_alert

    playing = view(started)
    monkeypatch.setattr(type(playing), "get", lambda self, key, default=None: True if key == "red_moon" else self.fields.get(key, default))
    assert "Red moon!" in " ".join(texts(red_moon_alert(started, playing)[0]))


def test_the_end_of_the_game_is_a_banner_in_the_games_words(started, monkeypatch):
    from companion.contract import Result, Turn
    from companion.messages import M
    from ui.views.game import _result_banner

    over = view(started)
    won = type(over)(over.viewer, Turn("over", result=Result(("Ann", "Bob", "Cy"), M("The gate is closed. You win!"))), over.seats, "", {})
    lost = type(over)(over.viewer, Turn("over", result=Result((), "")), over.seats, "", {})
    assert "You win!" in " ".join(texts(_result_banner(won)))
    assert "Nobody won." in " ".join(texts(_result_banner(lost)))


def test_every_dropdowns_choices_are_read_at_body_size(app):
    """Material draws a menu's items at 14 px: every screen with a dropdown gives its choices 18 px."""
    def choices_on_screen() -> list[ft.DropdownOption]:
        return [control for control in walk(app.page.controls[0]) if isinstance(control, ft.DropdownOption)]

    seen = []
    for game in app.companion.games():
        app.wizard.game = game
        app.go("setup")
        seen += choices_on_screen()
    for screen in ("home", "cards"):
        app.go(screen)
        seen += choices_on_screen()
    sizes = {(choice.style.text_style.size if choice.style and choice.style.text_style else None) for choice in seen}
    assert len(seen) > 20 and sizes == {18}
