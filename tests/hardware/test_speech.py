"""Eyes on the cardboard (issue 11): the rig speaks what the narrator hears, a scan always sounds,
the ring blips and shows the buttons' place in a menu — all through the real rig in simulation."""
import shutil
import subprocess
import time
import wave
from dataclasses import replace

import pytest

from companion import palette
from companion.cards import CardCatalogue
from companion.games.bigbang import GAME
from companion.session import Session
from companion.table import Table
from hardware.config import HardwareConfig
from hardware.events import TagRepeated, TagSeen
from hardware.readers import RereadFilter
from hardware.rig import Rig
from hardware.speech import SOUNDS, EspeakSpeaker, RecordingSpeaker, RecordingTones, make_tone

START = {"cmd": "start", "players": ["Ann", "Bob", "Cy"],
         "hands": {"Ann": ["penny", "penny", "howard"], "Bob": ["raj"], "Cy": ["sheldon"]},
         "locations": ["wil-wheaton-work", "stuart", "flag", "amy", "wil-wheaton-fun", "lantern"],
         "solution": ["A", "B", "C", "D", "E", "F", "G"], "board": ["B", "A", "C", "D", "E", "F", "G"]}
FAST = HardwareConfig(pin_factory="mock", debounce_ms=5, double_ms=60, hold_ms=200, lift_ms=100, sounds=False)
SHELDON = "04a1b2c3d4e5f6"


def until(condition, timeout=5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return False


@pytest.fixture
def rig(tmp_path):
    catalogue = CardCatalogue(tmp_path / "cards.db")
    catalogue.enrol(SHELDON, "bigbang", "sheldon")
    table = Table(Session(GAME, 1), catalogue)
    table.command(START)
    with Rig(FAST, table) as rig:
        yield rig
    catalogue.close()


def test_every_press_is_heard_the_item_pointed_at_and_what_a_pick_did(rig):
    assert isinstance(rig.speaker, RecordingSpeaker)
    rig.perform("next", "tap")  # the buttons start on Penny, held most: all her cards
    assert until(lambda: rig.speaker.texts()[-1:] == ["3 Play 1 Penny"])  # the item pointed at, with its number in the list
    rig.perform("back", "tap")
    assert until(lambda: rig.speaker.texts()[-1:] == ["2 Play 2 Penny"])
    rig.perform("yes", "tap")
    assert until(lambda: "1 Penny: ring 1 up" in rig.speaker.texts())  # where the buttons point now
    assert rig.speaker.texts()[-2:] == ["2 Play 2 Penny", "1 Penny: ring 1 up"]  # the item picked is not said again
    rig.perform("yes", "tap")
    assert until(lambda: rig.speaker.texts()[-2:] == ["ring up to 9", "1 Move Penny"])  # what it did, and where they point now
    assert rig.speaker.said[-1][0] == "en"  # in the table's language


def test_a_step_picked_by_the_buttons_ticks_where_the_sounds_are_heard(tmp_path):
    table = Table(Session(GAME, 1))
    table.command(START)
    for command in ({"cmd": "play", "character": "penny", "cards": 2}, {"cmd": "special"}, {"cmd": "move", "location": 4},
                    {"cmd": "act", "artefact": "reroll"}):
        table.command(command)
    with Rig(FAST, table, sounds=RecordingTones(audible=True)) as rig:
        rig.perform("yes", "tap")  # Draw 2, where the buttons point
        assert until(lambda: rig.sounds.played == ["step"])
        assert rig.table.session.state.phase != "actions" and rig.speaker.texts() == []  # the tick said it: no "draws 2"


def test_a_refused_press_says_why(rig):
    rig.table.command({"cmd": "move", "location": 2})  # not now: a character is not chosen yet
    assert rig.speaker.texts()[-1] == "Not now: the table is choosing a character."


def test_the_ring_blips_green_for_a_step_and_red_for_a_refusal(rig):
    cues = rig.ring.cues
    rig.table.command({"cmd": "pass"})
    rig.table.command({"cmd": "fly"})
    assert cues[-2:] == [("flash", palette.colour("ok").led_hex, "1"), ("flash", palette.colour("danger").led_hex, "1")]


def test_the_ring_shows_the_place_in_the_menu_while_the_buttons_walk_it(rig):
    plain = rig.ring.frame
    rig.perform("next", "tap")
    assert until(lambda: rig.ring.frame != plain)
    top = rig.ring.led_count // 2
    assert palette.colour("marker").led in rig.ring.frame.pixels[top - 3: top + 4]
    rig.perform("yes", "tap")  # a pick ends the walk: the plain frame of the new state
    assert until(lambda: rig.table.cursor() is None)


def test_a_scan_always_sounds_accepted_unknown_or_ignored(tmp_path):
    config = replace(FAST, sounds=False)
    catalogue = CardCatalogue(tmp_path / "cards.db")
    catalogue.enrol(SHELDON, "bigbang", "sheldon")
    table = Table(Session(GAME, 1), catalogue)
    table.command(START)
    with Rig(config, table) as rig:
        rig.sounds.played.clear()
        rig._reader_event(TagSeen(SHELDON), None)  # a known card that means nothing now: still read
        rig._reader_event(TagSeen("04deadbeefcafe"), None)
        rig._reader_event(TagRepeated(SHELDON), None)
        assert rig.sounds.played == ["scan", "unknown", "repeat"]
    catalogue.close()


def test_a_card_lifted_and_laid_back_at_once_is_told_as_read_again():
    now = [0.0]
    events = []
    reads = RereadFilter(events.append, lift_after=1.0, clock=lambda: now[0])
    reads.seen("04aa")
    for step in (0.1, 0.2, 0.3):  # lying there, read every 0.1 s
        now[0] = step
        reads.seen("04aa")
    now[0] = 0.8  # lifted and laid back quickly
    reads.seen("04aa")
    now[0] = 1.4
    reads.seen("04aa")  # told once per lie, not at every gap
    assert events == [TagSeen("04aa"), TagRepeated("04aa")]


def test_interrupting_speech_drops_what_waits_and_stops_what_is_said():
    started = []

    class Process:
        def __init__(self, args):
            started.append(args)
            self.stopped = False

        def wait(self):
            until(lambda: self.stopped, 0.3)

        def poll(self):
            return 0 if self.stopped else None

        def terminate(self):
            self.stopped = True

    speaker = EspeakSpeaker(volume=50, program="espeak-ng", run=Process)
    try:
        speaker.say("Play 1 Penny", "en")
        speaker.say("Play 2 Penny", "en")
        speaker.say("Pass", "nl", interrupt=True)  # the cursor moved on: the old items are stale
        assert until(lambda: started and started[-1][-1] == "Pass")
        assert [args[-1] for args in started] in (["Play 1 Penny", "Pass"], ["Pass"])
        assert started[-1][:5] == [speaker.program, "-v", "nl", "-a", "100"]
    finally:
        speaker.close()


def test_the_tones_are_short_wav_files(tmp_path):
    for sound in SOUNDS:
        path = make_tone(tmp_path / f"{sound}.wav", sound)
        with wave.open(str(path)) as tone:
            seconds = tone.getnframes() / tone.getframerate()
        assert 0.02 < seconds < 0.5


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed (apt install espeak-ng)")
@pytest.mark.parametrize("language, text", [("en", "Red moon! The ring drops 3."), ("ru", "Красная луна!"), ("de", "Roter Mond!")])
def test_the_real_espeak_ng_command_line_speaks_each_language(tmp_path, language, text):
    """The command the speaker runs, rendered to a WAV file instead of the loudspeaker."""
    args = EspeakSpeaker(volume=80, run=lambda args: None).command(text, language)
    out = tmp_path / "said.wav"
    subprocess.run([args[0], "-w", str(out), *args[1:]], check=True, timeout=30)
    with wave.open(str(out)) as said:
        assert said.getnframes() / said.getframerate() > 0.3  # a sentence, not silence
