"""Munchkin's own screens (ui/games/munchkin/) on the real shell: the seat rows, the combat board, the
dialogs that ask a card's values on one screen, the bribe, selling, a seat's own panel; every finger
target at least 48 px."""
import flet as ft
import pytest

from companion.contract import TABLE
from tests.ui.conftest import buttons, click, label_of, seat_page, shown, texts, walk

HOUSE = {"items": [{"id": "sword", "name": "Broad Sword", "bonus": 3, "slot": "hand", "gold": 400},
                   {"id": "crown", "name": "Golden Crown", "bonus": 1, "slot": "headgear", "gold": 700},
                   {"id": "helmet", "name": "Horned Helmet", "bonus": 2, "slot": "headgear", "gold": 600}],
         "monsters": [{"id": "dragon", "name": "Plutonium Dragon", "level": 20, "treasures": 5, "bad_stuff": {"death": True}}]}
START = {"cmd": "start", "players": ["Ann", "Bob", "Cy"], "settings": {"house": HOUSE}}


@pytest.fixture
def munchkin(app):
    outcome = app.companion.start("munchkin", START)
    assert outcome.kind == "applied", outcome.message
    app.go("game", "table")
    return app


def do(app, request, by=TABLE):
    outcome = app.companion.table.command(request, by)
    assert outcome.kind == "applied", outcome.message
    return outcome


def table_state(app):
    return app.companion.session.view(TABLE)


def test_one_large_row_per_seat_with_level_strength_and_cards(munchkin):
    do(munchkin, {"cmd": "item", "card": "sword"})
    do(munchkin, {"cmd": "become", "card": "warrior"})
    text = shown(munchkin)
    for expected in ("Ann", "Bob", "Cy", "Level", "Strength", "Cards", "Warrior", "human, no class"):
        assert expected in text
    assert "4" in texts(munchkin.root)  # Ann's strength: level 1 + the sword's 3
    assert "Phase 1, Ann: kick open the door" in text


def test_each_seat_has_a_level_minus_and_plus_and_a_seat_page_only_its_own(munchkin, companion, hub):
    click(munchkin.root, "Bob: level +1")
    click(munchkin.root, "Bob: level +1")
    click(munchkin.root, "Bob: level −1")
    assert [p["level"] for p in table_state(munchkin)["players"]] == [1, 2, 1]
    bob = seat_page(companion, hub, "Bob")
    bob.go("game", "table")
    labels = [label_of(b) for b in buttons(bob.root)]
    assert "Bob: level +1" in labels and "Ann: level +1" not in labels  # a seat corrects its own level only


def test_during_a_fight_every_players_level_and_strength_shows(munchkin):
    do(munchkin, {"cmd": "item", "card": "sword"})
    do(munchkin, {"cmd": "kick", "card": "pied-piper"})
    munchkin.render()
    text = shown(munchkin)
    assert "Ann: level 1, strength 4" in text and "Bob: level 1, strength 1" in text and "Cy: level 1, strength 1" in text


def test_the_combat_board_shows_both_totals_and_what_is_missing(munchkin):
    do(munchkin, {"cmd": "kick", "card": "pied-piper"})
    munchkin.render()
    text = shown(munchkin)
    assert "Players" in text and "Monsters" in text and "needs +8" in text
    assert "Pied Piper, level 8 = 8" in text and "If they run, escaping all: Ann 33%" in text
    do(munchkin, {"cmd": "run"})
    assert "Running away" in shown(munchkin) and "Ann from Pied Piper: 5+ on the die: 33%" in shown(munchkin)


def test_a_card_into_the_fight_is_asked_on_one_screen_with_the_totals(munchkin):
    do(munchkin, {"cmd": "kick", "card": "pied-piper"})
    munchkin.render()
    click(munchkin.root, "Enhance a monster")
    dialog = munchkin.dialog
    assert dialog is not None and "Players 1 : 8 monsters" in shown(munchkin)
    assert dialog.data["confirm"].disabled  # who plays it is not picked yet
    dialog.data["pick"]("seat", "Cy")
    dialog.data["pick"]("card", "wicked")
    assert not dialog.data["confirm"].disabled
    dialog.data["submit"]()
    assert table_state(munchkin)["combat"]["monsters_strength"] == 18 and table_state(munchkin)["players"][2]["hand"] == 7


def test_a_dialog_waiting_for_a_pick_says_what_is_missing(munchkin, companion, hub):
    """The base set offers six enhancers and none is picked: "Play it" waits, and the dialog says for what."""
    do(munchkin, {"cmd": "kick", "card": "pied-piper"})
    cy = seat_page(companion, hub, "Cy")
    click(cy.root, "Enhance a monster")
    dialog = cy.dialog
    assert dialog.data["confirm"].disabled and "Still to choose: Enhancer" in shown(cy)
    click(dialog, "Wicked")
    assert not dialog.data["confirm"].disabled and "Still to choose" not in shown(cy)
    click(dialog, "Play it")
    assert table_state(cy)["combat"]["monsters_strength"] == 18


def test_a_card_scanned_while_the_dialog_is_open_picks_it_and_waits_for_play_it(munchkin, companion, hub):
    """Issue 20: the enhancer's tag laid on Cy's reader while Cy's dialog asks which enhancer picks
    Wicked in the dialog; nothing is played until "Play it"."""
    companion.catalogue.enrol("04c1c2c3", "munchkin", "wicked")
    do(munchkin, {"cmd": "kick", "card": "pied-piper"})
    cy = seat_page(companion, hub, "Cy")
    click(cy.root, "Enhance a monster")
    dialog = cy.dialog
    outcome = companion.table.card("04c1c2c3", 3)
    assert outcome.kind == "selected" and dialog.data["picked"]["card"] == "wicked"
    assert not dialog.data["confirm"].disabled and "✓ Wicked" in shown(cy)
    assert table_state(cy)["combat"]["monsters_strength"] == 8 and table_state(cy)["players"][2]["hand"] == 8
    click(dialog, "Play it")
    assert table_state(cy)["combat"]["monsters_strength"] == 18
    companion.catalogue.enrol("04c1c2c4", "munchkin", "enraged")
    assert companion.table.card("04c1c2c4", 3).kind == "applied"  # the dialog is closed: the scan plays the card itself
    assert table_state(cy)["combat"]["monsters_strength"] == 23


def test_a_question_the_option_does_not_ask_now_is_neither_shown_nor_waited_for(munchkin):
    from companion.inputs import Ask, Choice, Option
    from companion.messages import M
    from ui.games.munchkin.dialogs import asks_dialog

    option = Option(M("Count the cards in a hand"), {"cmd": "hand"},
                    (Ask("count", M("Cards"), tuple(Choice(n, str(n)) for n in range(4))),
                     Ask("seat", M("Whose"), (Choice("Bob", "Bob"), Choice("Cy", "Cy")), when=lambda picked: picked.get("count") == 3)))
    dialog = asks_dialog(munchkin, option)
    munchkin.show_dialog(dialog)
    dialog.data["pick"]("count", 3)
    assert "Whose" in shown(munchkin) and dialog.data["confirm"].disabled
    dialog.data["pick"]("seat", "Cy")
    dialog.data["pick"]("count", 2)  # "Whose" is not asked for 2: gone, not waited for, not sent
    assert "Whose" not in shown(munchkin) and not dialog.data["confirm"].disabled
    assert dialog.data["sent"]() == {"cmd": "hand", "count": 2}
    dialog.data["submit"]()
    assert table_state(munchkin)["players"][0]["hand"] == 2 and table_state(munchkin)["players"][2]["hand"] == 8


def test_a_roll_that_escapes_is_not_asked_the_bad_stuffs_die(munchkin):
    """The 3,872 Orcs roll a die for their bad stuff, asked only after a caught roll: a 6 is sent at once."""
    do(munchkin, {"cmd": "kick", "card": "3872-orcs"})
    do(munchkin, {"cmd": "run"})
    munchkin.render()
    click(munchkin.root, "Ann rolls against 3,872 Orcs")
    click(munchkin.root, "6")
    assert table_state(munchkin)["combat"] is None and munchkin.choosing.pending is None


def test_a_caught_roll_asks_the_bad_stuffs_die_next(munchkin):
    do(munchkin, {"cmd": "adjust", "seat": "Ann", "levels": 5})
    do(munchkin, {"cmd": "kick", "card": "3872-orcs"})
    do(munchkin, {"cmd": "run"})
    munchkin.render()
    click(munchkin.root, "Ann rolls against 3,872 Orcs")
    click(munchkin.root, "1")
    assert "Bad stuff: the die" in shown(munchkin)
    click(munchkin.root, "4")
    assert table_state(munchkin)["players"][0]["level"] == 6 - 4


def test_a_halfling_sells_with_the_most_valuable_item_for_double(munchkin):
    do(munchkin, {"cmd": "become", "card": "halfling"})
    do(munchkin, {"cmd": "item", "card": "crown", "equip": False})
    munchkin.render()
    click(munchkin.root, "Sell items for levels (Ann)")
    dialog = munchkin.dialog
    dialog.data["toggle"](table_state(munchkin)["players"][0]["gear"][0]["uid"])
    assert dialog.data["confirm"].disabled  # 700 gold
    click(dialog, "The most valuable item sells for double (once a turn)")
    assert dialog.data["total"]() == 1400 and not dialog.data["confirm"].disabled
    dialog.data["submit"]()
    assert table_state(munchkin)["players"][0]["level"] == 2 and not table_state(munchkin)["sells_double"]


def test_a_helper_joins_with_the_bribe_as_a_note(munchkin):
    do(munchkin, {"cmd": "kick", "card": "pied-piper"})
    munchkin.render()
    click(munchkin.root, "Bob helps")
    munchkin.dialog.data["bribe"].value = "the first treasure"
    munchkin.dialog.data["submit"]()
    assert table_state(munchkin)["combat"]["bribe"] == "the first treasure"
    assert "Bob helps — bribe: the first treasure" in shown(munchkin)


def test_selling_adds_up_the_gold_and_buys_levels(munchkin):
    for card in ("crown", "helmet"):
        do(munchkin, {"cmd": "item", "card": card})
    munchkin.render()
    click(munchkin.root, "Sell items for levels (Ann)")
    dialog = munchkin.dialog
    assert "0 gold: 0 level(s)" in shown(munchkin) and dialog.data["confirm"].disabled
    _crown, helmet = (g["uid"] for g in table_state(munchkin)["players"][0]["gear"])
    dialog.data["toggle"](helmet)
    dialog.data["add_gold"](400)
    assert dialog.data["total"]() == 1000 and not dialog.data["confirm"].disabled
    dialog.data["submit"]()
    assert table_state(munchkin)["players"][0]["level"] == 2


def test_a_seat_page_shows_its_items_and_acts_on_them(munchkin, companion, hub):
    for card in ("crown", "helmet"):
        do(munchkin, {"cmd": "item", "card": card})
    ann = seat_page(companion, hub, "Ann")
    text = shown(ann)
    assert "My seat" in text and "Golden Crown" in text and "Horned Helmet" in text and "carried" in text
    click(ann.root, "To backpack")  # the button in the crown's own row
    _crown_row, helmet_row = [b for b in buttons(ann.root) if label_of(b) == "Equip"]  # one per item, in table order
    helmet_row.on_click(None)
    gear = {g["name"]: g["equipped"] for g in table_state(ann)["players"][0]["gear"]}
    assert gear == {"Golden Crown": False, "Horned Helmet": True}


def test_a_seat_corrects_its_card_count_with_two_taps(munchkin, companion, hub):
    bob = seat_page(companion, hub, "Bob")
    click(bob.root, "One card fewer")
    assert table_state(bob)["players"][1]["hand"] == 7
    assert companion.session.history[-1].by.seat == "Bob"


def test_level_nine_and_a_death_are_banners(munchkin):
    do(munchkin, {"cmd": "adjust", "seat": "Cy", "levels": 8})
    munchkin.render()
    assert "Level 9: Cy needs a kill" in shown(munchkin)
    do(munchkin, {"cmd": "kick", "card": "dragon"})
    do(munchkin, {"cmd": "run"})
    do(munchkin, {"cmd": "roll", "die": 1})
    munchkin.render()
    assert "Ann is dead: loot the body" in shown(munchkin) and "Cy takes a card of the hand" in shown(munchkin)


def test_every_finger_target_on_munchkins_screens_is_at_least_48_px(munchkin, companion, hub):
    do(munchkin, {"cmd": "item", "card": "sword"})
    do(munchkin, {"cmd": "kick", "card": "pied-piper"})
    screens = []
    munchkin.render()
    screens.append(munchkin.root)
    click(munchkin.root, "Enhance a monster")
    screens.append(munchkin.dialog)
    munchkin.close_dialog()
    screens.append(seat_page(companion, hub, "Ann").root)
    small = [(label_of(c), c.width, c.height) for root in screens for c in walk(root)
             if isinstance(c, (ft.Button, ft.IconButton)) and ((c.height or 0) < 48 or (c.width is not None and c.width < 48))]
    assert small == [] and len([b for root in screens for b in buttons(root)]) > 10


def test_on_a_phone_the_seat_page_stacks_its_parts_in_one_column(munchkin, companion, hub):
    phone = seat_page(companion, hub, "Ann")
    phone.page.width = 390
    phone.resized()
    body = phone.root.controls[-1].content
    assert isinstance(body, ft.Column) and body.scroll is not None
    # Flet 1.0.5 draws its grey error box for a child with expand=False in a wrapping row (seen in Chromium)
    assert not [c for c in walk(phone.root) if getattr(c, "expand", None) is False]


def test_charity_is_a_dialog_that_says_how_many_and_to_whom_then_ends_the_turn(munchkin):
    do(munchkin, {"cmd": "adjust", "seat": "Ann", "levels": 2})
    do(munchkin, {"cmd": "kick", "what": "other"})  # 9 cards: 4 too many, Bob and Cy lowest
    do(munchkin, {"cmd": "loot"})  # 10 cards: 5 too many, 3 to one of them and 2 to the other
    munchkin.render()
    click(munchkin.root, "Give 3 → Bob, 2 → Cy and end the turn")
    dialog = munchkin.dialog
    text = shown(munchkin)
    assert "Ann holds 10 cards and keeps 5: 5 too many." in text and "They go to the lowest level: Bob, Cy." in text
    assert "Who gets one more?" in text and table_state(munchkin).turn.phase == "charity"
    dialog.data["pick"](dialog.data["splits"][1])  # Cy gets the third card
    dialog.data["submit"]()
    players = {p["name"]: p["hand"] for p in table_state(munchkin)["players"]}
    assert players == {"Ann": 5, "Bob": 10, "Cy": 11} and table_state(munchkin)["active"] == "Bob"


def test_charity_by_the_lowest_level_is_a_discard(munchkin):
    do(munchkin, {"cmd": "kick", "what": "other"})
    do(munchkin, {"cmd": "loot"})
    munchkin.render()
    click(munchkin.root, "Discard 5 cards and end the turn")
    assert "Nobody is lower: they are discarded." in shown(munchkin)
    munchkin.dialog.data["submit"]()
    assert table_state(munchkin)["players"][0]["hand"] == 5


def test_cards_sold_from_the_hand_are_tapped_one_by_one_then_thats_all(munchkin):
    """Issue 22: a list question on the screen: each tap adds a card, the list shows what is left to pick."""
    munchkin.render()
    click(munchkin.root, "Sell cards from the hand")
    assert "Sold from the hand" in shown(munchkin)
    click(munchkin.root, "Golden Crown: 700 gold")
    labels = [label_of(b) for b in buttons(munchkin.root)]
    assert "Golden Crown: 700 gold" not in " ".join(labels) and any("Horned Helmet: 600 gold" in label for label in labels)
    click(munchkin.root, "Horned Helmet: 600 gold")
    click(munchkin.root, "That's all")
    step = munchkin.companion.session.history[-1]
    assert step.command == {"cmd": "sell", "cards": ["crown", "helmet"]} and munchkin.choosing.pending is None
    assert table_state(munchkin)["players"][0]["level"] == 2


def test_the_player_whose_turn_it_is_is_a_choice_like_the_others_not_ticked_before_a_tap(munchkin):
    """The table's "Played by" sends no seat for the player whose turn it is (the rules' default): that
    choice must still wait for its tap, as the others do."""
    do(munchkin, {"cmd": "kick", "card": "pied-piper"})
    munchkin.render()
    click(munchkin.root, "A one-shot for the players (bonus)")
    dialog = munchkin.dialog
    labels = [label_of(b) for b in buttons(dialog)]
    assert "Ann" in labels and not any(label.startswith("✓") for label in labels)
    assert "Still to choose: Played by, Bonus" in shown(munchkin)
    click(dialog, "Ann")
    click(dialog, "+2")
    click(dialog, "Play it")
    assert munchkin.companion.session.history[-1].command == {"cmd": "oneshot", "bonus": 2}
