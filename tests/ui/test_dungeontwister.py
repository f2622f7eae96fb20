"""Dungeon Twister's screens on pages that render nothing (the FakePage of conftest), wired to the real
composition root: the table (the AP large, the fight waiting for a card, counts of cards and never a
card), each seat's own cards (one tap to choose, in secret; the used ones), the attack and reveal
dialogs, and the rules every screen keeps (48 px targets, a phone held upright)."""
import re

import flet as ft
import pytest

from companion.contract import TABLE, seat_viewer
from tests.dungeontwister.helpers import SEAT_MODE
from tests.ui.conftest import buttons, click, find_button, label_of, seat_page, shown, walk

LINES = {"red": ["troll", "warrior", "thief", "cleric"], "blue": ["troll", "warrior", "thief", "cleric"]}
#: on seat screens, where each seat's cards are its secret (the game's default is the table screen alone)
START = {"cmd": "start", "players": ["Ann", "Bob"], "first": "red", "lineup": LINES, "settings": SEAT_MODE}
#: a combat card as printed (the table page must never show one; "+ blue's Sword" is a carried token, not a card)
CARD = re.compile(r"\+\d")


@pytest.fixture
def game(app):
    """A Dungeon Twister game on the table, red to play its first action card."""
    outcome = app.companion.start("dungeontwister", START)
    assert outcome.kind == "applied", outcome.message
    app.go("game", "table")
    return app


def in_a_fight(app):
    """Red plays its 2 and attacks blue's Thief with its Troll, from the table's menu."""
    click(app.root, "Play the 2 action card")
    app.companion.table.command({"cmd": "attack", "attackers": ["troll"], "defenders": ["thief"]})


def cards_on(app) -> list[str]:
    return [line for line in shown(app).splitlines() if CARD.search(line)]


def test_the_table_shows_the_ap_large_in_the_active_colour_and_both_players(game):
    click(game.root, "Play the 2 action card")
    big = [c for c in walk(game.root) if isinstance(c, ft.Text) and c.size and c.size >= 64]
    assert [t.value for t in big] == ["2"] and big[0].color == "#e53935"  # the palette's red, on screen
    text = shown(game)
    assert "AP left" in text and "of 2 AP" in text and "0/5" in text
    assert "9 combat cards\n3 jumps\nactions 3 4 5" in text and "Troll" in text and "face down" in text


def test_a_seat_chooses_its_card_with_one_tap_and_the_table_sees_only_that_it_has(game, companion, hub):
    red, blue = seat_page(companion, hub, "red"), seat_page(companion, hub, "blue")
    in_a_fight(game)
    red.go("game", "seat")
    assert "Choose your combat card" in shown(red)
    sent = []
    real = companion.table.command
    companion.table.command = lambda request, by=TABLE, pin=None: sent.append((request, by)) or real(request, by, pin)
    click(red.root, "+3")
    assert sent == [({"cmd": "choose", "card": 3}, seat_viewer("red"))]
    assert "You chose +3" in shown(red)
    for tab in ("table", "log"):
        game.go("game", tab)
        assert not cards_on(game), tab
    game.go("game", "table")
    assert "red has chosen" in shown(game) and "waiting for blue's card…" in shown(game)
    blue.go("game", "seat")
    assert "red has chosen" in shown(blue) and "red chose" not in shown(blue) and "You chose" not in shown(blue)
    assert "Choose your combat card" in shown(blue)
    blue.go("game", "log")
    assert "red has chosen" in shown(blue) and not cards_on(blue)


def test_the_reveal_shows_both_totals_and_each_seat_keeps_its_used_card_to_itself(game, companion, hub):
    red, blue = seat_page(companion, hub, "red"), seat_page(companion, hub, "blue")
    in_a_fight(game)
    red.go("game", "seat")
    blue.go("game", "seat")
    click(blue.root, "+5")
    click(red.root, "+3")
    game.go("game", "table")
    assert "red 7 against blue 7: a tie" in shown(game) and not cards_on(game)
    red.go("game", "seat")
    assert "Used, out of the game\n+3" in shown(red)
    assert "+5" not in shown(red).split("Your combat cards")[0]  # blue's card is nowhere on red's page …
    blue.go("game", "seat")
    assert "Used, out of the game\n+5" in shown(blue) and "Used, out of the game\n+3" not in shown(blue)  # … nor red's on blue's


def test_the_attack_dialog_picks_whole_groups_and_shows_the_strength_before_the_cards(game):
    click(game.root, "Play the 2 action card")
    click(game.root, "Attack")
    dialog = game.dialog
    assert dialog is not None and "Before the cards: 3 against 0" in shown(game)  # the Warrior is the first able character
    click(dialog, "Troll")
    click(dialog, "blue's Thief")
    click(dialog, "blue's Cleric")
    assert "Before the cards: 7 against 4" in shown(game)
    click(dialog, "Attack (1 AP)")
    fight = game.companion.session.state.combat
    assert fight.attackers == ("red:warrior", "red:troll") and fight.defenders == ("blue:thief", "blue:cleric")


def test_the_reveal_dialog_names_the_tokens_that_lay_face_down(game):
    click(game.root, "Play the 2 action card")
    click(game.root, "Reveal a room")
    dialog = game.dialog
    click(dialog, "red's Goblin")
    click(dialog, "blue's Sword")
    click(dialog, "Reveal (1 AP)")
    tokens = game.companion.session.state.tokens
    assert tokens["red:goblin"].where == "maze" and tokens["blue:sword"].where == "maze" and tokens["red:wizard"].where == "reserve"


def test_the_starting_line_is_chosen_on_the_seat_one_tap_at_a_time_and_the_table_sees_no_name(app, companion, hub):
    companion.start("dungeontwister", {"cmd": "start", "players": ["Ann", "Bob"], "settings": SEAT_MODE})
    app.go("game", "table")
    red = seat_page(companion, hub, "red")
    click(red.root, "Starting line: Wizard")
    click(red.root, "Starting line: Goblin")
    assert "Wizard, Goblin" in shown(red)
    app.go("game", "log")
    assert "Wizard" not in shown(app) and "red has chosen 2 of 4 starting characters" in shown(app)


def test_on_a_phone_held_upright_the_seat_page_is_one_column_with_its_cards_first(game, companion, hub):
    phone = seat_page(companion, hub, "blue")
    phone.page.width = 390
    phone.resized()
    in_a_fight(game)
    phone.go("game", "seat")
    body = phone.root.controls[-1].content
    assert isinstance(body, ft.Column) and body.scroll is not None
    cards = [b for b in buttons(body) if isinstance(b.data, str) and b.data.startswith("card:")]
    assert [label_of(b) for b in cards] == ["+0", "+1", "+2", "+2", "+3", "+3", "+4", "+5", "+6"]
    assert all(b.height >= 64 and b.width >= 64 for b in cards)


def test_every_finger_target_of_the_game_is_at_least_48_px(game, companion, hub):
    screens = []
    click(game.root, "Play the 2 action card")
    screens.append(game.root)
    click(game.root, "Attack")
    screens.append(game.dialog)
    game.close_dialog()
    click(game.root, "Reveal a room")
    screens.append(game.dialog)
    game.close_dialog()
    red = seat_page(companion, hub, "red")
    game.companion.table.command({"cmd": "attack", "attackers": ["troll"], "defenders": ["thief"]})
    red.go("game", "seat")
    screens.append(red.root)
    small = [(label_of(c), c.width, c.height) for root in screens for c in walk(root)
             if isinstance(c, (ft.Button, ft.IconButton)) and ((c.height or 0) < 48 or (c.width is not None and c.width < 48))]
    assert small == []


def test_the_table_menu_offers_no_combat_card(game):
    in_a_fight(game)
    assert not [b for b in buttons(game.root) if CARD.search(label_of(b) or "")]
    assert find_button(game.root, "UNDO")


def test_the_setup_offers_play_at_the_table_by_default_and_starts_so_untouched(app):
    """A table without phones starts as it is: "Secret choices" reads "revealed at the table"."""
    app.wizard.game = "dungeontwister"
    app.go("setup")
    choices = app.fields["settings"]["seats.secret_choices"]
    shown_as = {o.key: o.text for o in choices.options}
    assert shown_as[choices.value] == "revealed at the table" and shown_as["seats"] == "on seat screens"
    for field, name in zip(app.fields["names"].controls, ("Ann", "Bob"), strict=True):
        field.value = name
    app.fields["start_game"]()
    assert app.companion.session.view(TABLE)["secret_choices"] == "table"
    assert "Turn the starting lines face up" in shown(app)
