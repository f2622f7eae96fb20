"""The whole rig in simulation: gpiozero mock buttons, the simulated reader, the catalogue and the
simulated ring, wired to a table exactly as `companion run` wires them."""
import json
import subprocess
import sys
import time

import pytest

from companion.cards import CardCatalogue
from companion.games.bigbang import GAME
from companion.session import Session
from companion.table import Table
from hardware.config import HardwareConfig
from hardware.doctor import doctor
from hardware.ring.render import render
from hardware.rig import Rig

START = {"cmd": "start", "players": ["Ann", "Bob", "Cy"],
         "hands": {"Ann": ["penny", "penny", "howard"], "Bob": ["raj"], "Cy": ["sheldon"]},
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

FAST = HardwareConfig(pin_factory="mock", debounce_ms=5, double_ms=60, hold_ms=200, lift_ms=100)


@pytest.fixture
def rig(tmp_path):
    catalogue = CardCatalogue(tmp_path / "cards.db")
    catalogue.enrol("04a1b2c3d4e5f6", "bigbang", "sheldon")
    catalogue.enrol("04c0ffee", "bigbang", "kripke")
    catalogue.enrol("0e1de051", "eldersign", "doom-token")
    table = Table(Session(GAME, 1), catalogue)
    table.command(START)
    with Rig(FAST, table) as rig:
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


def choose(rig, label):
    """NEXT until the menu shows `label`, then YES — as a player reading the screen would."""
    for _ in range(60):
        if rig.table.selection() == label:
            rig.perform("yes", "tap")
            return
        rig.perform("next", "tap")
    raise AssertionError(f"{label!r} never came up; menu: {[o.label for o in rig.table.options()]}")


def scan(rig, uid):
    before = steps(rig)
    rig.reader.scan(uid)
    assert until(lambda: steps(rig) > before), f"the scan of {uid} was not applied"


def test_a_turn_by_buttons_and_cards_equals_the_same_turn_typed_headless(rig, tmp_path):
    choose(rig, "Play 2 Penny")
    choose(rig, "Penny: ring 1 up")
    choose(rig, "Move Penny")
    choose(rig, "To: Caltech")
    choose(rig, "Fight Wil Wheaton (33%)")
    choose(rig, "Die: 3")
    choose(rig, "Draw 1")
    scan(rig, "04:A1:B2:C3:D4:E5:F6")  # Sheldon drawn from the real pile
    scan(rig, "04c0ffee")              # Barry Kripke laid where Wil Wheaton was beaten
    assert until(lambda: rig.table.session.state.phase == "choose")

    proc = subprocess.run([sys.executable, "-m", "companion", "headless", "bigbang", "--db", str(tmp_path / "typed.db"), "--seed", "1"],
                          input="".join(json.dumps(c) + "\n" for c in [*TYPED, {"cmd": "log"}]), capture_output=True, text=True, timeout=60)
    typed = json.loads(proc.stdout.splitlines()[-1])
    assert typed["ok"] and rig.table.session.public_view() == typed["state"]
    assert [s.description for s in rig.table.session.history] == [entry["description"] for entry in typed["log"]]
    assert [s.command for s in rig.table.session.history][1:] == TYPED[1:]


def test_the_ring_shows_the_game_after_every_step(rig):
    choose(rig, "Play 2 Penny")
    choose(rig, "Penny: ring 1 up")
    state = rig.table.session.state
    assert state.moon == 9
    assert rig.ring.frame == render(GAME.ring_view(state), 24)
    rig.perform("back", "hold")  # undo
    assert until(lambda: rig.table.session.state.moon == 8)
    assert until(lambda: rig.ring.frame == render(GAME.ring_view(rig.table.session.state), 24))


def test_an_unknown_tag_asks_for_enrolment_and_changes_nothing(rig):
    heard = []
    rig.table.subscribe(heard.append)
    before = rig.table.session.state
    rig.reader.scan("deadbeef")
    assert until(lambda: heard)
    assert heard[0].kind == "enrol" and heard[0].uid == "deadbeef"
    assert rig.table.session.state is before


def test_a_tag_of_another_game_is_a_clear_message(rig):
    heard = []
    rig.table.subscribe(heard.append)
    rig.reader.scan("0e1de051")
    assert until(lambda: heard)
    assert heard[0].kind == "other_game" and "eldersign" in heard[0].message


def test_a_reader_that_stops_answering_is_reported_and_the_game_goes_on(rig):
    rig.reader.unplug()
    assert until(lambda: any(not p.ok for p in rig.problems))
    choose(rig, "Play 2 Penny")
    assert rig.table.session.state.phase == "actions"
    rig.reader.plug_in()
    assert until(lambda: rig.problems[-1].ok)  # "answers again", said once


def test_a_press_that_means_nothing_is_a_cue_not_an_error(rig):
    heard = []
    rig.table.subscribe(heard.append)
    rig.perform("no", "hold")  # in the choose phase hold NO passes; let it, then hold NO means nothing
    assert until(lambda: heard)
    rig.perform("yes", "hold")
    assert until(lambda: len(heard) >= 2)
    assert heard[-1].kind == "nothing"


def test_doctor_reports_each_device_for_a_simulated_table(tmp_path):
    text, status = doctor(HardwareConfig(pin_factory="mock"), tmp_path / "games.db")
    assert status == 0
    for row in ("GPIO", "buttons", "card reader", "moon ring", "fonts", "Chromium", "save file"):
        assert row in text
    assert "simulated" in text


def test_doctor_names_a_ring_it_cannot_find(tmp_path):
    text, status = doctor(HardwareConfig(pin_factory="mock", ring="serial", ring_port="/dev/no-such-ring"), tmp_path / "g.db")
    assert status == 1
    ring_row = next(line for line in text.splitlines() if line.startswith("moon ring"))
    assert "FAIL" in ring_row and "/dev/no-such-ring" in ring_row


def test_companion_doctor_runs_from_the_command_line(tmp_path):
    config = tmp_path / "hw.toml"
    config.write_text('[buttons]\nfactory = "mock"\n[reader]\nkind = "simulated"\n')
    result = subprocess.run([sys.executable, "-m", "companion", "doctor", "--hardware", str(config), "--db", str(tmp_path / "g.db")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "card reader" in result.stdout and "Traceback" not in result.stderr


@pytest.mark.parametrize("front_end", ["run", "console"])
def test_a_malformed_config_stops_the_start_with_the_key_and_line(tmp_path, front_end):
    config = tmp_path / "hw.toml"
    config.write_text('[ring]\nleds = 500\n')
    result = subprocess.run([sys.executable, "-m", "companion", front_end, "--hardware", str(config), "--db", str(tmp_path / "g.db")],
                            capture_output=True, text=True, timeout=60, input="quit\n")
    assert result.returncode == 2
    assert f"{config}, line 2: [ring] leds must be a whole number from 12 to 60" in result.stderr
