"""The whole rig in simulation: gpiozero mock buttons, the simulated readers, the catalogue and the
simulated ring, wired to a real table of the Big Bang game exactly as the composition root wires them
(opened once, then attached to whichever game is on)."""
import json
import subprocess
import sys
import threading
import time
from dataclasses import replace

import pytest

from companion import palette
from companion.cards import CardCatalogue
from companion.contract import TABLE, seat_viewer
from companion.games.bigbang import GAME
from companion.messages import render as text
from companion.ring import Blank
from companion.session import Session
from companion.table import Table
from hardware.config import ConfigError, HardwareConfig, ReaderConfig, SeatButtons
from hardware.doctor import doctor
from hardware.rig import Rig
from hardware.ring.render import render

HANDS = {"Ann": ["penny", "penny", "howard"], "Bob": ["raj"], "Cy": ["sheldon"]}
START = {"cmd": "start", "players": ["Ann", "Bob", "Cy"], "hands": HANDS,
         "locations": ["wil-wheaton-work", "stuart", "flag", "amy", "wil-wheaton-fun", "lantern"],
         "solution": ["A", "B", "C", "D", "E", "F", "G"], "board": ["B", "A", "C", "D", "E", "F", "G"]}

# The same turn typed into `companion headless`.
TYPED = [START,
         {"cmd": "play", "character": "penny", "cards": 2},
         {"cmd": "special"},
         {"cmd": "move", "location": 1},
         {"cmd": "act", "die": 3},
         {"cmd": "draw", "count": 1},
         {"cmd": "reveal", "card": "sheldon"},
         {"cmd": "place", "location": 1, "card": "kripke"}]

# Ann's turn ends at once: she passes, draws one card and reveals it; then Bob acts.
ANNS_SHORT_TURN = [{"cmd": "pass"}, {"cmd": "draw", "count": 1}, {"cmd": "reveal", "card": "sheldon"}]

SHELDON, KRIPKE, ELDER_SIGN_TOKEN = "04a1b2c3d4e5f6", "04c0ffee", "0e1de051"
FAST = HardwareConfig(pin_factory="mock", debounce_ms=5, double_ms=60, hold_ms=200, lift_ms=100)
WITH_SEATS = replace(FAST, seat_buttons=(SeatButtons(1, {"next": 5, "yes": 6}), SeatButtons(2, {"next": 13, "yes": 19}),
                                         SeatButtons(5, {"next": 20})),
                     seat_readers=(ReaderConfig(seat=1, lift_ms=100), ReaderConfig(seat=2, lift_ms=100)),
                     status_led_pins=(9, 10, 11))


def new_table(catalogue=None) -> Table:
    table = Table(Session(GAME, 1), catalogue)
    assert table.command(START).kind == "applied"
    return table


@pytest.fixture
def catalogue(tmp_path):
    catalogue = CardCatalogue(tmp_path / "cards.db")
    catalogue.enrol(SHELDON, "bigbang", "sheldon")
    catalogue.enrol(KRIPKE, "bigbang", "kripke")
    catalogue.enrol(ELDER_SIGN_TOKEN, "eldersign", "doom-token")
    yield catalogue
    catalogue.close()


@pytest.fixture
def rig(catalogue):
    with Rig(FAST, new_table(catalogue)) as rig:
        yield rig


@pytest.fixture
def seated(catalogue):
    """A rig with buttons and readers at seats 1 and 2 (and buttons at a seat 5 the game lacks), attached
    the way the composition root does it."""
    with Rig(WITH_SEATS) as rig:
        rig.attach(new_table(catalogue))
        yield rig


def steps(rig):
    return len(rig.table.session.history)


def until(condition, timeout=5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return False


def listen(table):
    heard = []
    table.subscribe(heard.append)
    return heard


def choose(rig, label, by=TABLE, seat=None):
    """NEXT until the menu shows `label`, then YES — as a player reading the screen would."""
    for _ in range(60):
        if text(rig.table.selection(by)) == label:
            rig.perform("yes", "tap", seat)
            return
        rig.perform("next", "tap", seat)
    raise AssertionError(f"{label!r} never came up; menu: {[text(o.label) for o in rig.table.options(by)]}")


def scan(rig, uid, reader=None):
    before = steps(rig)
    (reader or rig.reader).scan(uid)
    assert until(lambda: steps(rig) > before), f"the scan of {uid} was not applied"


# ------------------------------------------------------------------ the table's buttons and reader

def test_a_turn_by_buttons_and_cards_equals_the_same_turn_typed_headless(rig, tmp_path):
    choose(rig, "Play 2 Penny")
    choose(rig, "Penny: ring 1 up")
    choose(rig, "Move Penny")
    choose(rig, "To: Caltech")
    choose(rig, "Fight Wil Wheaton (33%)")
    choose(rig, "Die: 3")
    choose(rig, "Draw 1")
    scan(rig, "04:A1:B2:C3:D4:E5:F6")  # Sheldon drawn from the real pile
    scan(rig, KRIPKE)                  # Barry Kripke laid where Wil Wheaton was beaten
    assert until(lambda: rig.table.session.turn.acting == ("Bob",))

    proc = subprocess.run([sys.executable, "-m", "entry", "headless", "bigbang", "--db", str(tmp_path / "typed.db"), "--seed", "1"],
                          input="".join(json.dumps(c) + "\n" for c in [*TYPED, {"cmd": "log"}]), check=False, capture_output=True, text=True, timeout=60)
    replies = [json.loads(line) for line in proc.stdout.splitlines()]
    assert all(reply["ok"] for reply in replies), proc.stdout + proc.stderr
    session = rig.table.session
    assert session.public_view().to_json() == replies[-2]["state"]
    assert [text(session.describe(s)) for s in session.history] == [entry["description"] for entry in replies[-1]["log"]]
    assert [s.command for s in session.history][1:] == TYPED[1:]


def test_the_ring_shows_the_game_after_every_step(rig):
    choose(rig, "Play 2 Penny")
    choose(rig, "Penny: ring 1 up")
    assert rig.table.session.ring().position == 9
    assert rig.ring.frame == render(rig.table.session.ring(), 24)
    rig.perform("back", "hold")  # undo
    assert until(lambda: rig.table.session.ring().position == 8)
    assert until(lambda: rig.ring.frame == render(rig.table.session.ring(), 24))


def test_an_unknown_tag_asks_for_enrolment_and_changes_nothing(rig):
    heard = listen(rig.table)
    before = rig.table.session.state
    rig.reader.scan("deadbeef")
    assert until(lambda: heard)
    assert heard[0].kind == "enrol" and heard[0].uid == "deadbeef" and heard[0].by == TABLE
    assert rig.table.session.state is before


def test_a_tag_of_another_game_is_a_clear_message(rig):
    heard = listen(rig.table)
    rig.reader.scan(ELDER_SIGN_TOKEN)
    assert until(lambda: heard)
    assert heard[0].kind == "other_game" and "eldersign" in text(heard[0].message)


def test_a_reader_that_stops_answering_is_reported_and_the_game_goes_on(rig):
    def said():  # the reader's own reports (a machine without aplay adds a sounds report of its own)
        return [p.ok for p in rig.problems if p.device == rig.reader.name]

    rig.reader.unplug()
    assert until(lambda: said() == [False])
    choose(rig, "Play 2 Penny")
    assert rig.table.session.turn.phase == "actions"
    rig.reader.plug_in()
    assert until(lambda: said() == [False, True])  # "answers again", said once


def test_a_press_that_means_nothing_is_a_cue_not_an_error(rig):
    heard = listen(rig.table)
    rig.perform("no", "hold")  # in the choose phase hold NO passes; let it, then hold NO means nothing
    assert until(lambda: heard)
    rig.perform("yes", "hold")
    assert until(lambda: len(heard) >= 2)
    assert heard[-1].kind == "nothing"


def test_a_button_without_a_double_tap_in_the_game_answers_without_waiting_for_one(catalogue):
    # Big Bang binds no double tap to YES: once attached, its tap must not wait out a long double-tap window.
    with Rig(replace(FAST, double_ms=2000)) as rig:
        rig.attach(new_table(catalogue))
        heard = listen(rig.table)
        rig.perform("yes", "tap")
        assert until(lambda: heard, timeout=1.5)
        assert heard[0].kind == "applied"


# ------------------------------------------------------------------ seats: their own buttons and readers

def test_a_seats_buttons_act_for_that_seat(seated):
    heard = listen(seated.table)
    choose(seated, "Play 2 Penny", by=seat_viewer("Ann"), seat=1)
    assert until(lambda: steps(seated) == 2)
    step = seated.table.session.history[-1]
    assert step.by == seat_viewer("Ann") and step.command == {"cmd": "play", "character": "penny", "cards": 2}
    assert {outcome.by for outcome in heard} == {seat_viewer("Ann")}


def test_each_seat_walks_its_own_menu(seated):
    heard = listen(seated.table)
    seated.perform("next", "tap", seat=1)
    assert until(lambda: heard)
    assert text(seated.table.selection(seat_viewer("Ann"))) == "Play 1 Penny"  # one on from the likely Play 2 Penny
    assert text(seated.table.selection(TABLE)) == "Play 2 Penny"  # the table's menu did not move
    seated.perform("next", "tap", seat=2)  # Bob may do nothing while Ann acts
    assert until(lambda: len(heard) == 2)
    assert heard[-1].by == seat_viewer("Bob") and heard[-1].kind == "nothing"


def test_buttons_of_a_seat_the_game_does_not_have_change_nothing(seated):
    heard = listen(seated.table)
    before = seated.table.session.state
    seated.perform("next", "tap", seat=5)
    assert until(lambda: heard)
    assert heard[0].kind == "nothing" and "no seat 5" in text(heard[0].message)
    assert seated.table.session.state is before


def test_a_card_on_a_seats_reader_is_that_seats_scan(seated):
    for command in ANNS_SHORT_TURN[:2]:
        seated.table.command(command)
    scan(seated, SHELDON, seated.seat_readers[1])
    step = seated.table.session.history[-1]
    assert step.by == seat_viewer("Ann") and step.command["cmd"] == "reveal"


def test_an_unknown_tag_on_a_seats_reader_asks_for_enrolment_for_that_seat(seated):
    heard = listen(seated.table)
    seated.seat_readers[2].scan("deadbeef")
    assert until(lambda: heard)
    assert heard[0].kind == "enrol" and heard[0].by == seat_viewer("Bob")


def test_pressing_a_seat_that_has_no_buttons_is_refused(seated):
    with pytest.raises(ValueError, match="seat 3 has no buttons"):
        seated.perform("next", "tap", seat=3)


# ------------------------------------------------------------------ one rig, several games

def test_attach_moves_every_input_to_the_new_table(catalogue):
    old, new = new_table(catalogue), new_table(catalogue)
    new.command({"cmd": "play", "character": "penny", "cards": 2})
    new.command({"cmd": "special"})  # the moon of the new game is at 9
    with Rig(WITH_SEATS, old) as rig:
        old_heard, new_heard = listen(old), listen(new)
        rig.attach(new)
        assert rig.ring.frame == render(new.session.ring(), 24)
        rig.perform("next", "tap")
        rig.perform("next", "tap", seat=1)
        rig.seat_readers[2].scan("deadbeef")
        assert until(lambda: len(new_heard) == 3)
        assert old_heard == []


def test_before_any_game_the_ring_is_blank_and_the_status_led_dark():
    with Rig(WITH_SEATS) as rig:
        assert rig.ring.frame == render(Blank(), 24)
        assert rig.status_led.colour == (0, 0, 0)
        rig.perform("next", "tap")  # nobody to tell: nothing happens, nothing breaks


def test_the_status_led_shows_the_colour_of_the_seat_that_acts(seated):
    assert seated.status_led.colour == palette.colour("red").led  # Ann, seat 1
    for command in ANNS_SHORT_TURN:
        seated.table.command(command)
    assert seated.table.session.turn.acting == ("Bob",)
    assert seated.status_led.colour == palette.colour("blue").led  # Bob, seat 2


def test_status_led_colours_may_be_configured(catalogue):
    config = replace(WITH_SEATS, status_led_colours=("#102030", "green"))
    with Rig(config, new_table(catalogue)) as rig:
        assert rig.status_led.colour == (0x10, 0x20, 0x30)
        for command in ANNS_SHORT_TURN:
            rig.table.command(command)
        assert rig.status_led.colour == palette.colour("green").led


def test_a_game_whose_ring_view_fails_shows_a_dim_ring_and_the_buttons_go_on(catalogue):
    table = new_table(catalogue)
    table.session.ring = lambda: 1 / 0  # a bug in a game's view
    with Rig(FAST, table) as rig:
        assert set(rig.ring.frame.pixels) == {palette.colour("unknown").led}
        heard = listen(table)
        rig.perform("yes", "tap")
        assert until(lambda: heard)


def test_a_device_that_cannot_open_leaves_nothing_running():
    before = {t.name for t in threading.enumerate()}
    bad = replace(WITH_SEATS, seat_readers=(ReaderConfig("simulated", {"volume": 3}, seat=2),))
    with pytest.raises(ConfigError, match=r"\[\[seat_readers\]\] \(seat 2\).*volume"):
        Rig(bad)
    assert until(lambda: {t.name for t in threading.enumerate()} <= before)


# ------------------------------------------------------------------ the doctor

def test_doctor_reports_each_device_for_a_simulated_table(tmp_path):
    text_, status = doctor(HardwareConfig(pin_factory="mock"), tmp_path / "games.db")
    assert status == 0
    for row in ("GPIO", "buttons", "card reader", "LED ring", "fonts", "Chromium", "save file"):
        assert row in text_
    assert "simulated" in text_


def test_doctor_checks_every_seats_buttons_and_reader(tmp_path):
    config = replace(WITH_SEATS, seat_readers=(ReaderConfig(seat=1), ReaderConfig("simulated", {"volume": 3}, seat=2)))
    text_, status = doctor(config, tmp_path / "games.db")
    rows = {line.split("  ")[0]: line for line in text_.splitlines()}
    assert "next=5, yes=6" in rows["buttons (seat 1)"] and "ok" in rows["buttons (seat 1)"]
    assert "next=13, yes=19" in rows["buttons (seat 2)"]
    assert "ok" in rows["card reader (seat 1)"]
    assert "FAIL" in rows["card reader (seat 2)"] and "volume" in rows["card reader (seat 2)"]
    assert "[[seat_readers]] seat = 2" in rows["card reader (seat 2)"]
    assert status == 1


def test_doctor_names_a_ring_it_cannot_find(tmp_path):
    text_, status = doctor(HardwareConfig(pin_factory="mock", ring="serial", ring_port="/dev/no-such-ring"), tmp_path / "g.db")
    assert status == 1
    ring_row = next(line for line in text_.splitlines() if line.startswith("LED ring"))
    assert "FAIL" in ring_row and "/dev/no-such-ring" in ring_row


def test_doctor_says_to_rename_a_config_naming_the_rings_old_device(tmp_path):
    text_, _status = doctor(HardwareConfig(pin_factory="mock", ring="serial", ring_port="/dev/moonring"), tmp_path / "g.db")
    ring_row = next(line for line in text_.splitlines() if line.startswith("LED ring"))
    assert "/dev/moonring" in ring_row and "old name" in ring_row and "/dev/companion-ring" in ring_row


def test_companion_doctor_runs_from_the_command_line(tmp_path):
    config = tmp_path / "hw.toml"
    config.write_text('[buttons]\nfactory = "mock"\n[reader]\nkind = "simulated"\n[[seat_buttons]]\nseat = 2\npins = { next = 5 }\n')
    result = subprocess.run([sys.executable, "-m", "entry", "doctor", "--hardware", str(config), "--db", str(tmp_path / "g.db")],
                            check=False, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "card reader" in result.stdout and "buttons (seat 2)" in result.stdout and "Traceback" not in result.stderr


@pytest.mark.parametrize("front_end", ["run", "console"])
def test_a_malformed_config_stops_the_start_with_the_key_and_line(tmp_path, front_end):
    config = tmp_path / "hw.toml"
    config.write_text('[ring]\nleds = 500\n')
    game = ["bigbang"] if front_end == "console" else []
    result = subprocess.run([sys.executable, "-m", "entry", front_end, *game, "--hardware", str(config), "--db", str(tmp_path / "g.db")],
                            check=False, capture_output=True, text=True, timeout=60, input="quit\n")
    assert result.returncode == 2
    assert f"{config}, line 2: [ring] leds must be a whole number from 12 to 60" in result.stderr
