"""The voice is a device like the others (issue 22): a voice that cannot be heard — espeak-ng missing,
or no sound card, where espeak-ng exits 0 and nothing is heard — is reported, shown on the status LED
and on every screen, never lost in silence; `companion doctor` has a sound row; the table's language is
kept across restarts.

This machine has the real espeak-ng and no sound card: exactly the silent case. The tests that need
that say so and are skipped elsewhere.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import time
from typing import ClassVar

import pytest

from companion import palette
from companion.cards import CardCatalogue
from companion.games.bigbang import GAME
from companion.i18n import TABLE_LANGUAGES
from companion.messages import render
from companion.session import Session
from companion.table import Table
from hardware.config import HardwareConfig, load
from hardware.doctor import check_sound
from hardware.events import DeviceProblem
from hardware.rig import Rig
from hardware.speech import EspeakSpeaker, sound_outputs
from tests.hardware.test_speech import START, until

NO_SOUND_CARD = bool(sound_outputs())
needs_no_card = pytest.mark.skipif(NO_SOUND_CARD, reason="this machine has a sound card: the silent case cannot be seen here")
needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed (apt install espeak-ng)")
WITH_LED = HardwareConfig(pin_factory="mock", speech="auto", status_led_pins=(5, 6, 13), sounds=False)


class Heard:
    """Every DeviceProblem reported, in order."""

    def __init__(self) -> None:
        self.problems: list[DeviceProblem] = []

    def __call__(self, problem: DeviceProblem) -> None:
        self.problems.append(problem)


# ----------------------------------------------------------------------------------------- the speaker

def test_a_missing_espeak_ng_is_reported_with_words_for_the_screen():
    heard = Heard()
    speaker = EspeakSpeaker(program="no-such-espeak-ng", on_problem=heard)
    try:
        speaker.say("Red moon!", "en")
        speaker.say("Red moon!", "en")
        assert until(lambda: speaker._queue.empty())
    finally:
        speaker.close()
    assert [(p.device, p.ok) for p in heard.problems] == [("speech", False)]  # once, not at every line
    assert render(heard.problems[0].text) == "The voice is silent: espeak-ng is not installed."


@needs_espeak
@needs_no_card
def test_no_sound_card_is_seen_at_the_start():
    heard = Heard()
    speaker = EspeakSpeaker(on_problem=heard)
    speaker.close()
    assert speaker.failure is not None and [p.ok for p in heard.problems] == [False]
    assert render(heard.problems[0].text) == "The voice is silent: no sound card or speaker was found."


@needs_espeak
@needs_no_card
def test_espeak_ng_saying_a_line_into_no_sound_card_is_caught_though_it_exits_0():
    """Told there is a card, the speaker still hears from the real espeak-ng that nothing was played."""
    assert subprocess.run(["espeak-ng", "-z", "--", "hello"], capture_output=True, timeout=30).returncode == 0  # the trap
    heard = Heard()
    speaker = EspeakSpeaker(on_problem=heard, outputs=lambda: ["0 [Fake]: a card that is not there"])
    try:
        assert speaker.failure is None
        speaker.say("Red moon! The ring drops 3.", "en")
        assert until(lambda: heard.problems, timeout=15)
    finally:
        speaker.close()
    problem = heard.problems[0]
    assert not problem.ok and "error" in problem.message.lower()
    assert render(problem.text).startswith("The voice is silent: the sound card did not play it")


def test_a_voice_heard_again_is_reported_once():
    class Silent:
        """espeak-ng as it runs with no card (exit 0, ALSA's complaint), then with one (nothing said)."""

        complaints: ClassVar[list[bytes]] = [b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\nerror: No such file or directory\n", b"", b""]

        def __init__(self, args):
            import io

            self.stderr = io.BytesIO(Silent.complaints.pop(0))
            self.returncode = 0

        def wait(self):
            return 0

        def poll(self):
            return 0

    heard = Heard()
    speaker = EspeakSpeaker(on_problem=heard, run=Silent)
    try:
        for line in ("one", "two", "three"):
            speaker.say(line, "en")
        assert until(lambda: len(heard.problems) == 2 and speaker._queue.empty())
        time.sleep(0.2)  # the third line, heard too, reports nothing new
    finally:
        speaker.close()
    assert [p.ok for p in heard.problems] == [False, True]
    assert render(heard.problems[1].text) == "The voice is heard again."
    assert "Unknown PCM default" not in heard.problems[0].message and "No such file" in heard.problems[0].message


# ----------------------------------------------------------------------------------------- the status LED

@needs_espeak
@needs_no_card
def test_the_status_led_blinks_amber_while_the_voice_cannot_be_heard(tmp_path):
    catalogue = CardCatalogue(tmp_path / "cards.db")
    table = Table(Session(GAME, 1), catalogue)
    table.command(START)
    try:
        with Rig(WITH_LED, table) as rig:
            assert rig.voice_failure is not None and rig.status_led is not None and rig.status_led.blinking
            seen = set()
            assert until(lambda: seen.add(rig.status_led.colour) or {palette.colour("warning").led, palette.colour("red").led} <= seen)
            rig._problem(DeviceProblem("speech", "heard again", ok=True))
            assert not rig.status_led.blinking and rig.status_led.colour == palette.colour("red").led  # Ann's, steady
    finally:
        catalogue.close()


def test_the_status_led_is_steady_when_no_voice_is_asked_for(tmp_path):
    table = Table(Session(GAME, 1))
    table.command(START)
    with Rig(HardwareConfig(pin_factory="mock", speech="none", status_led_pins=(5, 6, 13), sounds=False), table) as rig:
        assert rig.voice_failure is None and rig.status_led is not None and not rig.status_led.blinking


# ----------------------------------------------------------------------------------------- the screens

def test_a_silent_voice_is_a_notice_in_the_tables_language_until_it_is_heard_again(tmp_path):
    from entry.root import Companion
    from ui import i18n

    told = []
    companion = Companion(tmp_path / "games.db", rig_factory=lambda hardware: None, language="de")
    try:
        companion.on_notice(lambda: told.append(list(companion.notices)))
        silent = DeviceProblem("speech", "no sound card", text=_silent_text())
        companion._problem(silent)
        assert len(told) == 1 and len(companion.notices) == 1
        assert render(companion.notices[0]) == i18n.translation("de").gettext("The voice is silent: no sound card or speaker was found.")
        assert render(companion.notices[0]) != "The voice is silent: no sound card or speaker was found."  # translated
        companion._problem(DeviceProblem("ring", "unplugged"))  # a device the table need not be told of on the screen
        assert len(told) == 1
        companion._problem(DeviceProblem("speech", "heard again", ok=True, text=_silent_text()))
        assert companion.notices == [] and len(told) == 2
    finally:
        companion.close()
        i18n.set_language("en")


def _silent_text():
    from companion.messages import M

    return M("The voice is silent: no sound card or speaker was found.")


# ----------------------------------------------------------------------------------------- the doctor

def test_the_doctor_fails_the_sound_when_a_voice_is_asked_for_and_no_card_plays(monkeypatch):
    import hardware.speech

    monkeypatch.setattr(hardware.speech, "sound_outputs", lambda: [])
    rows = {f.check: f for f in check_sound(HardwareConfig(speech="auto"))}
    assert rows["sound"].result == "FAIL" and "no sound card" in rows["sound"].detail and "aplay -l" in rows["sound"].fix
    assert check_sound(HardwareConfig(speech="none"))[0].result == "warn"  # only the scans' beeps are lost
    assert check_sound(HardwareConfig(speech="none", sounds=False))[0].result == "ok"


def test_the_doctor_plays_a_tone_on_the_card_it_found(monkeypatch):
    import hardware.doctor
    import hardware.speech

    monkeypatch.setattr(hardware.speech, "sound_outputs", lambda: ["0 [Headphones]: bcm2835"])
    monkeypatch.setattr(hardware.doctor, "play_tone", lambda volume=80: None)
    assert check_sound(HardwareConfig())[0].detail == "0 [Headphones]: bcm2835; a short tone was played"
    monkeypatch.setattr(hardware.doctor, "play_tone", lambda volume=80: "audio open error: No such file or directory")
    row = check_sound(HardwareConfig())[0]
    assert row.result == "FAIL" and "did not play" in row.detail


@needs_no_card
@pytest.mark.skipif(shutil.which("aplay") is None, reason="aplay is not installed (apt install alsa-utils)")
def test_the_real_tone_fails_to_play_without_a_card():
    from hardware.doctor import play_tone

    assert play_tone() is not None


def test_companion_doctor_has_a_sound_row(tmp_path):
    config = tmp_path / "hw.toml"
    config.write_text('[buttons]\nfactory = "mock"\n[speech]\nengine = "none"\nsounds = false\n')
    result = subprocess.run([sys.executable, "-m", "entry", "doctor", "--hardware", str(config), "--db", str(tmp_path / "g.db"), "--port", "0"],
                            check=False, capture_output=True, text=True, timeout=60)
    assert any(line.startswith("sound ") for line in result.stdout.splitlines()), result.stdout


# ----------------------------------------------------------------------------------------- the language

def test_the_tables_language_is_kept_across_restarts(tmp_path):
    from entry.root import Companion
    from ui import i18n

    db = tmp_path / "games.db"
    config = tmp_path / "hw.toml"
    config.write_text('[speech]\nlanguage = "it"\n')
    try:
        Companion(db, config, rig_factory=lambda hardware: None).close()
        assert i18n.current_language() == "it"  # the config's, at a first start
        companion = Companion(db, config, rig_factory=lambda hardware: None)
        companion.keep_language("ru")  # chosen on the home screen
        companion.close()
        i18n.set_language("en")
        Companion(db, config, rig_factory=lambda hardware: None).close()
        assert i18n.current_language() == "ru"  # the choice outlives a restart and wins over the config
        Companion(db, config, rig_factory=lambda hardware: None, language="de").close()  # --lang de
        i18n.set_language("en")
        Companion(db, config, rig_factory=lambda hardware: None).close()
        assert i18n.current_language() == "de"
    finally:
        i18n.set_language("en")


def test_a_language_the_table_does_not_have_is_refused_by_the_config_and_the_command_line(tmp_path):
    from companion.errors import RuleError
    from entry.cli import _parser
    from ui.i18n import LANGUAGES

    assert set(TABLE_LANGUAGES) == set(LANGUAGES)
    config = tmp_path / "hw.toml"
    config.write_text('[speech]\nlanguage = "fr"\n')
    with pytest.raises(RuleError, match="language"):
        load(config)
    with pytest.raises(SystemExit):
        _parser().parse_args(["run", "--lang", "fr"])
    assert _parser().parse_args(["console", "bigbang", "--lang", "nl"]).lang == "nl"
