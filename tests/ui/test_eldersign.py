"""Elder Sign's own screens (ui/games/eldersign/) on the real shell: the doom-and-clock dial, Elder
Signs, the investigators with their ± taps, the adventures, the attempt with its dice, the roll pad,
the clue and attempt dialogs, "what now?" with its plans, the midnight and awakening banners, a seat's
own page; every finger target at least 48 px."""
import re

import flet as ft
import pytest

from companion.contract import TABLE
from companion.games.eldersign import analysis
from tests.ui.conftest import buttons, click, label_of, seat_page, shown, texts, walk
from ui.games.eldersign.worked import settle

#: real dice with their faces said (setting table.dice_entry = "faces"): the pad, the plans; results told
#: (the default) has its own test below
START = {"cmd": "start", "players": ["Ann", "Bob"], "investigators": ["joe-diamond", "kate-winthrop"],
         "adventures": ["hallway-on-fire", "the-curator", "lights-out", "koi-pond", "horrible-visions", "the-graveyard"],
         "settings": {"table": {"dice_entry": "faces"}}}


@pytest.fixture
def eldersign(app):
    outcome = app.companion.start("eldersign", START)
    assert outcome.kind == "applied", outcome.message
    app.go("game", "table")
    return app


def do(app, request, by=TABLE, wait_for_odds=True):
    outcome = app.companion.table.command(request, by)
    assert outcome.kind == "applied", outcome.message
    app.render()
    if wait_for_odds:  # the odds thread this state started ends first: the fake page runs what a thread
        settle()  # posts on that thread, so its redraw could otherwise race the test's next one
    return outcome


def state(app):
    return app.companion.session.view(TABLE)


def test_the_table_shows_the_doom_dial_elder_signs_investigators_and_adventures(eldersign):
    do(eldersign, {"cmd": "doom", "amount": 3})
    text = shown(eldersign)
    for expected in ("Doom", "3/8", "XII", "0/10", "Yig", "Ann", "Joe Diamond", "Kate Winthrop", "4/4", "6/6",
                     "Hallway on Fire", "The Curator", "1: ☠ › 2: ☠"):  # the tasks in the dice symbols
        assert expected in text, expected
    assert "☠" in text  # monster spaces not filled yet (spaces 4 and 6)


def test_tapping_an_investigator_opens_its_plus_and_minus_taps(eldersign):
    row = next(c for c in walk(eldersign.root) if isinstance(c, ft.Container) and c.data == "Bob" and c.on_click)
    row.on_click(None)
    dialog = eldersign.dialog
    assert dialog is not None and dialog.data["seat"] == "Bob"
    click(dialog, "Stamina −1")
    click(dialog, "Clues +1")
    bob = state(eldersign)["investigators"][1]
    assert (bob["stamina"], bob["clues"]) == (3, 1)


def test_the_investigators_tab_has_plus_and_minus_for_every_investigator(eldersign):
    eldersign.go("game", "investigators")
    click(eldersign.root, "Ann: Sanity −1")
    assert state(eldersign)["investigators"][0]["sanity"] == 3
    assert "Investigators" in shown(eldersign)


def test_an_attempt_is_started_with_its_dice_and_the_faces_entered_on_a_pad(eldersign):
    do(eldersign, {"cmd": "move", "to": "hallway-on-fire"})
    click(eldersign.root, "Attempt Hallway on Fire with the yellow or red die")
    dialog = eldersign.dialog
    dialog.data["toggle"]("yellow")
    dialog.data["submit"]()
    assert state(eldersign)["attempt"]["pool"] == {"green": 6, "yellow": 1, "red": 0}
    click(eldersign.root, "Enter the faces")
    pad = eldersign.dialog
    assert pad.data["confirm"].disabled
    assert pad.data["missing"].visible and pad.data["missing"].value == "Still to choose: 6 green, 1 yellow"  # why it is off
    for face in ("peril", "inv1", "inv2", "inv3", "lore", "terror"):
        pad.data["add"]("green", face)
    assert pad.data["missing"].value == "Still to choose: 1 yellow"
    assert "Green: 1 2 3 ☰ ☠ ♆ (6 of 6)" in shown(eldersign)  # grouped by face, whatever the order tapped
    pad.data["add"]("yellow", "inv4")
    assert not pad.data["confirm"].disabled and not pad.data["missing"].visible
    pad.data["submit"]()
    text = shown(eldersign)
    # numbered in face order, as the buttons' count of each face numbers them
    assert "die 1: green 1 investigation" in text and "die 5: green Peril" in text and "1: ☠" in text  # the tasks in the dice symbols
    assert eldersign.companion.session.history[-1].command == {"cmd": "roll", "green": ["inv1", "inv2", "inv3", "lore", "peril", "terror"],
                                                                "yellow": ["inv4"]}


def test_the_faces_the_buttons_are_counting_show_on_the_screen_and_a_tap_answers_as_yes_would(eldersign):
    do(eldersign, {"cmd": "move", "to": "hallway-on-fire"})
    do(eldersign, {"cmd": "attempt"})
    table = eldersign.companion.table
    table.button("yes", "tap")  # the hardware buttons begin saying the faces
    eldersign.render()
    assert "6 green dice left. How many show 1 investigation?" in shown(eldersign)
    click(eldersign.root, "2")  # the same question on the screen: two dice show 1 investigation
    eldersign.render()
    assert "4 green dice left. How many show 2 investigation?" in shown(eldersign)
    for _ in range(3):
        click(eldersign.root, "1")  # one 2, one 3, one Lore
        eldersign.render()
    assert "The last green die" in shown(eldersign)  # one die left: its face, Peril or Terror
    click(eldersign.root, "Peril")
    assert eldersign.companion.session.history[-1].command == {"cmd": "roll", "green": ["inv1", "inv1", "inv2", "inv3", "lore", "peril"]}


def test_a_plain_attempt_is_one_tap(eldersign):
    do(eldersign, {"cmd": "move", "to": "hallway-on-fire"})
    click(eldersign.root, "Attempt Hallway on Fire")
    assert eldersign.dialog is None and state(eldersign)["attempt"]["pool"] == {"green": 6, "yellow": 0, "red": 0}


def test_what_now_shows_the_chance_and_the_plans_and_does_the_best(eldersign):
    do(eldersign, {"cmd": "move", "to": "hallway-on-fire"})
    do(eldersign, {"cmd": "attempt"})
    do(eldersign, {"cmd": "roll", "green": ["peril", "1", "2", "3", "lore", "lore"]})
    assert "Best, " in shown(eldersign)  # the menu starts on the best plan too
    # Worked out on a thread of its own. Let it end first: the fake page runs what a thread posts at
    # once, on that thread, so its arrival could race this tap (Flet's loop runs one after the other);
    # the page drawn again when they arrive is the next test's.
    settle()
    click(eldersign.root, "What now?")
    settle()
    dialog = eldersign.dialog
    plans = dialog.data["plans"]
    assert plans[0]["text"] == "Complete task 1 with die 1 (green Peril)"
    assert plans[0]["percent"] == max(p["percent"] for p in plans)
    assert "Chance to complete it:" in shown(eldersign)
    do_it = next(b for b in buttons(dialog) if label_of(b) == "Do it")
    do_it.on_click(None)
    assert state(eldersign)["attempt"]["tasks"][0]["done"]


def test_the_attempt_shows_its_chance_and_the_best_plan_worked_out_off_the_pages_loop(eldersign):
    do(eldersign, {"cmd": "move", "to": "hallway-on-fire"})
    with analysis._ENGINE:  # the engine busy (a Pi working out a hard attempt): the page is drawn at once, without them
        do(eldersign, {"cmd": "attempt"}, wait_for_odds=False)
        assert "Working out the odds…" in shown(eldersign)
    settle()
    assert re.search(r"^Chance \d+%$", shown(eldersign), re.M)  # before the roll: the chance, no plan yet
    do(eldersign, {"cmd": "roll", "green": ["peril", "1", "2", "3", "lore", "lore"]})
    settle()
    line = next(t for t in texts(eldersign.root) if t.startswith("Chance "))
    plans = eldersign.companion.session.analyse("advice")
    assert line == f"Chance {plans[0]['percent']}% · best: Complete task 1 with die 1 (green Peril)"


def test_after_a_completed_task_the_pad_asks_the_faces_of_the_dice_left(eldersign):
    do(eldersign, {"cmd": "move", "to": "hallway-on-fire"})
    do(eldersign, {"cmd": "attempt"})
    do(eldersign, {"cmd": "roll", "green": ["peril", "1", "2", "3", "lore", "lore"]})
    do(eldersign, {"cmd": "complete", "task": 1, "dice": [1]})
    click(eldersign.root, "Enter the faces")
    pad = eldersign.dialog
    assert "Green: — (0 of 5)" in shown(eldersign) and pad.data["confirm"].disabled
    for face in ("peril", "inv1", "inv2", "lore", "lore"):
        pad.data["add"]("green", face)
    pad.data["submit"]()
    assert state(eldersign)["attempt"]["step"] == "rolled"


def test_a_clue_reroll_is_picked_by_tapping_dice(eldersign):
    do(eldersign, {"cmd": "adjust", "what": "clues", "amount": 1})
    do(eldersign, {"cmd": "move", "to": "hallway-on-fire"})
    do(eldersign, {"cmd": "attempt"})
    do(eldersign, {"cmd": "roll", "green": ["lore", "1", "2", "3", "lore", "lore"]})
    click(eldersign.root, "Spend a clue to reroll")
    dialog = eldersign.dialog
    assert dialog.data["confirm"].disabled and dialog.data["missing"].value == "Still to choose: the dice to roll again"
    dialog.data["toggle"](1)
    assert not dialog.data["missing"].visible
    dialog.data["toggle"](5)
    dialog.data["submit"]()
    attempt = state(eldersign)["attempt"]
    assert attempt["step"] == "roll" and [d["number"] for d in attempt["roll"] if d["due"]] == [1, 5]


def test_midnight_and_the_awakening_are_banners(eldersign):
    for _ in range(4):
        do(eldersign, {"cmd": "move", "to": "entrance"})
        do(eldersign, {"cmd": "pass"})
        do(eldersign, {"cmd": "clock"})
    assert "Midnight!" in shown(eldersign)
    do(eldersign, {"cmd": "mythos", "card": "example-quiet-night"})
    do(eldersign, {"cmd": "awaken"})
    assert "Yig is awake: the final battle!" in shown(eldersign)


def test_a_terror_on_the_table_is_a_banner(eldersign):
    do(eldersign, {"cmd": "move", "to": "koi-pond"})
    do(eldersign, {"cmd": "attempt"})
    do(eldersign, {"cmd": "roll", "green": ["terror", "1", "2", "3", "lore", "lore"]})
    assert "Terror shows" in shown(eldersign)


def test_a_seat_page_shows_its_investigator_and_changes_only_its_own(eldersign, companion, hub):
    bob = seat_page(companion, hub, "Bob")
    text = shown(bob)
    assert "My investigator" in text and "Kate Winthrop" in text and "No monster appears during her turn" in text
    click(bob.root, "Sanity −1")
    assert state(bob)["investigators"][1]["sanity"] == 5 and companion.session.history[-1].by.seat == "Bob"


def test_every_finger_target_on_elder_signs_screens_is_at_least_48_px(eldersign, companion, hub):
    do(eldersign, {"cmd": "adjust", "what": "clues", "amount": 1})
    do(eldersign, {"cmd": "move", "to": "hallway-on-fire"})
    do(eldersign, {"cmd": "attempt"})
    screens = [eldersign.root]
    click(eldersign.root, "Enter the faces")
    screens.append(eldersign.dialog)
    eldersign.dialog.data["submit"](virtual=True)
    eldersign.render()
    screens.append(eldersign.root)
    click(eldersign.root, "What now?")
    screens.append(eldersign.dialog)
    eldersign.close_dialog()
    eldersign.go("game", "investigators")
    screens.append(eldersign.root)
    screens.append(seat_page(companion, hub, "Ann").root)
    small = [(label_of(c), c.width, c.height) for root in screens for c in walk(root)
             if isinstance(c, (ft.Button, ft.IconButton)) and ((c.height or 0) < 48 or (c.width is not None and c.width < 48))]
    assert small == [] and len([b for root in screens for b in buttons(root)]) > 20


def test_on_a_phone_the_seat_page_stacks_its_parts_in_one_column(eldersign, companion, hub):
    phone = seat_page(companion, hub, "Ann")
    phone.page.width = 390
    phone.resized()
    body = phone.root.controls[-1].content
    assert isinstance(body, ft.Column) and body.scroll is not None


OUR_CARDS = """
[clock]
hours_per_turn = 4

[[mythos]]
id = "our-blood-moon"
name = "Blood moon over Arkham"
doom = 2
text = "Add two doom tokens."
"""


def test_a_tables_own_cards_file_is_chosen_in_the_setup_its_cards_can_be_enrolled_and_a_broken_one_changes_nothing(app):
    from pathlib import Path

    import flet as ft

    folder = Path(app.companion.store.path).parent / "tables" / "eldersign"
    folder.mkdir(parents=True)
    (folder / "broken.toml").write_text("[[mythos]\nid = ")
    (folder / "our-cards.toml").write_text(OUR_CARDS)
    app.wizard.game = "eldersign"
    app.go("setup")
    choice = next(c for c in walk(app.root) if isinstance(c, ft.Dropdown) and c.label == "The table's own cards and settings")
    assert [o.key for o in choice.options] == ["", "broken.toml", "our-cards.toml"]
    hours = app.fields["settings"]["clock.hours_per_turn"]

    def pick(name: str) -> None:
        choice.value = name
        choice.on_select(type("E", (), {"control": choice})())

    pick("broken.toml")
    assert app.fields["error"].value.startswith("broken.toml is not valid TOML") and choice.value == "" and hours.value == "3"
    pick("our-cards.toml")
    assert hours.value == "4" and app.fields["error"].value == ""
    pick("")
    assert hours.value == "3", "the game's own again: its defaults"
    pick("our-cards.toml")
    for field, name in zip(app.fields["names"].controls, ("Ann", "Bob"), strict=True):
        field.value = name
    app.fields["start_game"]()
    config = app.companion.session.state.config
    assert config.hours_per_turn == 4 and list(config.mythos) == ["our-blood-moon"], "the table's own Mythos deck"
    assert app.companion.own_cards_file("eldersign") == folder / "our-cards.toml", "cards entered in this game go into the file chosen"
    app.go("game", "table")
    app.companion.table.card("04ab12cd")  # a tag not enrolled yet: the dialog offers the table's own cards too
    dialog = app.dialog
    dialog.data["field"].value = "blood"
    dialog.data["search"](type("E", (), {"control": dialog.data["field"]})())
    assert [b.data for b in buttons(dialog.data["results"])] == ["blood-on-the-floor", "our-blood-moon"]  # a printed card, the table's
    dialog.data["pick"]("our-blood-moon")
    assert app.companion.catalogue.lookup("04ab12cd", "eldersign").card == "our-blood-moon"


def test_the_setup_chooses_the_ancient_one_and_the_investigators_or_deals_the_rest(app):
    """Issue 20: the companion no longer picks them itself; a seat left without one is dealt."""
    app.wizard.game = "eldersign"
    app.go("setup")
    fields = app.fields
    for field, name in zip(fields["names"].controls, ["Ann", "Bob"], strict=True):
        field.value = name
    part = fields["part"].fields
    assert "Yig" in shown(app) and "Amanda Sharpe" in shown(app)
    part["ancient_one"].value = "ithaqua"
    part["toggle"]("amanda-sharpe")
    part["scanned"].value = True  # the table lays the museum, scanning its cards
    assert "Investigators in seat order: Amanda Sharpe" in part["order"].value
    fields["start_game"]()
    assert app.screen == "game", fields["error"].value
    table = state(app)
    assert table["ancient_one"]["id"] == "ithaqua" and table["adventures"] == [] and table["to_lay"] == 6
    ann, bob = table["investigators"]
    assert ann["card"] == "amanda-sharpe" and bob["card"] not in (None, "amanda-sharpe")


@pytest.mark.parametrize("companion_dice", [False, True], ids=["real-dice", "the-companions-dice"])
def test_the_setup_starts_with_results_told_and_the_companions_dice_switch_alone_gives_their_rolls(app, companion_dice):
    app.wizard.game = "eldersign"
    app.go("setup")
    fields = app.fields
    for field, name in zip(fields["names"].controls, ["Ann", "Bob"], strict=True):
        field.value = name
    settings = fields["settings"]
    assert settings["table.dice_entry"].value == "results" and settings["table.companion_dice"].value is False
    settings["table.companion_dice"].value = companion_dice  # the dice entry left as it stands
    fields["start_game"]()
    assert app.screen == "game", fields["error"].value
    where = app.companion.session.state.investigator().where or "entrance"
    adventure = next(a for a in state(app)["adventures"] if a["id"] != where)["id"]
    do(app, {"cmd": "move", "to": adventure})
    do(app, {"cmd": "attempt"})
    a = state(app)["attempt"]
    if companion_dice:
        assert not a["results_told"] and len(a["roll"]) == 6  # rolled by the companion at once
    else:
        assert a["results_told"] and a["roll"] == [] and "say what the roll did" in shown(app)


def test_the_setup_refuses_more_investigators_than_players(app):
    app.wizard.game = "eldersign"
    app.go("setup")
    fields = app.fields
    for field, name in zip(fields["names"].controls, ["Ann", "Bob"], strict=True):
        field.value = name
    for card in ("amanda-sharpe", "joe-diamond", "bob-jenkins"):
        fields["part"].fields["toggle"](card)
    fields["start_game"]()
    assert app.screen == "setup" and "at most 2 investigators" in fields["error"].value


def test_a_mythos_card_not_known_yet_is_entered_in_a_form_a_bad_one_says_why_and_the_tables_file_keeps_a_good_one(eldersign):
    from pathlib import Path

    from companion.settings import read_table_file

    for _ in range(4):
        for request in ({"cmd": "move", "to": "entrance"}, {"cmd": "pass"}, {"cmd": "clock"}):
            do(eldersign, request)
    click(eldersign.root, "Mythos: a card not known yet")
    form = eldersign.dialog
    form.data["name"].value = "Blood moon"
    form.data["fields"]["doom"].value = "2"
    form.data["fields"]["sanity"].value = "-1"
    form.data["typed"]["clock"].value = "12"  # more than the hand may move on
    form.data["submit"]()
    assert form.data["problem"].visible and "clock" in form.data["problem"].value
    assert state(eldersign)["doom"] == 0, "a bad entry changes nothing"
    form.data["typed"]["clock"].value = "0"
    form.data["submit"]()
    assert state(eldersign)["doom"] == 2 and eldersign.companion.session.state.mythos == "own-blood-moon"
    kept = read_table_file(Path(eldersign.companion.store.path).parent / "tables" / "eldersign" / "our-cards.toml")
    assert kept["mythos"][0] == {"id": "own-blood-moon", "name": "Blood moon", "doom": 2, "sanity": -1}


def test_with_results_told_the_dice_are_blank_and_what_a_roll_did_is_one_tap_of_48_px(app):
    told = {**START, "settings": {"table": {"dice_entry": "results"}}}
    assert app.companion.start("eldersign", told).kind == "applied"
    app.go("game", "table")
    do(app, {"cmd": "move", "to": "lights-out"})
    click(app.root, "Attempt Lights Out")
    settle()
    assert re.search(r"^Chance \d+%$", shown(app), re.M) and "What now?" in shown(app)  # the chance, no plan: no faces
    assert "Roll 6 green and say what the roll did." in shown(app)
    click(app.root, "Task 1 done")  # INV:3: how many rolled dice went on it, by touch as by the buttons
    click(app.root, "2")
    assert app.companion.session.history[-1].command == {"cmd": "task_done", "task": 1, "dice": 2}
    click(app.root, "Focus: hold a die")
    a = state(app)["attempt"]
    assert a["pool"]["green"] == 3 and a["held"][0]["face"] is None
    assert "Held:" in shown(app) and "?" in texts(app.root)  # a held die shown blank
    settle()
    click(app.root, "What now?")
    settle()
    assert "This table tells what each roll did, not its faces" in shown(app) and app.dialog.data["plans"] == []
    app.close_dialog()
    small = [(label_of(c), c.width, c.height) for c in walk(app.root)
             if isinstance(c, (ft.Button, ft.IconButton)) and ((c.height or 0) < 48 or (c.width is not None and c.width < 48))]
    assert small == [] and "No task: lose a die" in [label_of(b).split(". ", 1)[-1] for b in buttons(app.root)]
