"""The hardware config file: defaults, the sample, and mistakes named by file, line and key."""
import pathlib
import sys
from dataclasses import replace

import pytest

from companion import palette
from hardware.config import ConfigError, HardwareConfig, load

SAMPLE = pathlib.Path(__file__).resolve().parents[2] / "hardware" / "hardware.sample.toml"


def test_no_config_means_a_fully_simulated_table():
    config = load(None)
    assert (config.pin_factory, config.reader, config.ring) == ("auto", "simulated", "simulated")
    assert config.pins == {"next": 17, "back": 27, "yes": 22, "no": 23}


def test_the_sample_config_loads_and_says_what_the_defaults_say():
    # one deliberate difference: the Pi, set up from the sample, speaks; a PC's simulation stays quiet
    assert load(SAMPLE) == replace(HardwareConfig(source=str(SAMPLE)), speech="auto")


def test_values_are_read(tmp_path):
    path = tmp_path / "hw.toml"
    path.write_text('[buttons]\npins = { next = 5, yes = 6 }\nhold_ms = 1200\n[ring]\nkind = "serial"\nport = "/dev/companion-ring"\nleds = 60\n')
    config = load(path)
    assert config.pins == {"next": 5, "yes": 6} and config.hold_ms == 1200
    assert (config.ring, config.ring_port, config.ring_leds) == ("serial", "/dev/companion-ring", 60)
    path.write_text('[speech]\nrate = 160\ngap_ms = 250\n')
    assert (load(path).rate, load(path).gap_ms) == (160, 250)


@pytest.mark.parametrize("text, line, words", [
    ('[ring]\nleds = 7\n', 2, "[ring] leds must be a whole number from 12 to 60"),
    ('# comment\n[buttons]\nfactory = "gpio"\n', 3, "[buttons] factory must be one of auto, mock"),
    ('[reader]\nkind = "nfc"\n', 2, "[reader] kind must be one of simulated"),
    ('[buttons]\npins = { next = 17, yes = 17 }\n', 2, "two buttons share a pin"),
    ('[buttons]\npins = { nxet = 17, yes = 27 }\n', 2, 'has no button "nxet" (the buttons are next, back, yes, no)'),
    ('[buttons]\npins = { yes = 17 }\n', 2, "needs at least the next and yes buttons"),
    ('[ring]\nbrightnes = 9\n', 2, "[ring] brightnes unknown key"),
    ('[sound]\nvolume = 3\n', 1, "[sound] unknown section"),
    ('[ring]\nport = 5\n', 2, "[ring] port must be text"),
    ('[speech]\ngap_ms = 5000\n', 2, "[speech] gap_ms must be a whole number from 0 to 2000"),
])
def test_a_mistake_names_file_line_and_key(tmp_path, text, line, words):
    path = tmp_path / "hw.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as error:
        load(path)
    assert error.value.code == "BAD_CONFIG"
    assert f"{path}, line {line}: " in error.value.message and words in error.value.message


def test_broken_toml_and_a_missing_file_are_clear_messages(tmp_path):
    path = tmp_path / "hw.toml"
    path.write_text("[ring\nleds = 3")
    with pytest.raises(ConfigError) as error:
        load(path)
    assert str(path) in error.value.message and "line 1" in error.value.message
    with pytest.raises(ConfigError) as error:
        load(tmp_path / "nope.toml")
    assert "Cannot read the hardware config" in error.value.message


# ------------------------------------------------------------------ seats and shared pins

SEATED = '''[buttons]
pins = { next = 17, yes = 27 }

[[seat_buttons]]
seat = 2
pins = { next = 5, yes = 6 }

[[seat_buttons]]
seat = 3
pins = { next = 13 }

[reader]
lift_ms = 300

[[seat_readers]]
seat = 1
kind = "keyboard"
options = { device = "/dev/input/event7" }

[[seat_readers]]
seat = 2
lift_ms = 900
[seat_readers.options]
poll_interval = 0.2
'''


def test_seats_may_have_buttons_and_readers_of_their_own(tmp_path):
    path = tmp_path / "hw.toml"
    path.write_text(SEATED)
    config = load(path)
    assert config.button_groups == [(None, {"next": 17, "yes": 27}), (2, {"next": 5, "yes": 6}), (3, {"next": 13})]
    assert [(r.seat, r.kind, r.options, r.lift_ms) for r in config.readers] == [
        (None, "simulated", {}, 300),
        (1, "keyboard", {"device": "/dev/input/event7"}, 300),  # lift_ms from [reader]
        (2, "simulated", {"poll_interval": 0.2}, 900),
    ]
    assert config.readers[2].name == "simulated (seat 2)"


def test_the_table_may_have_no_buttons_of_its_own(tmp_path):
    path = tmp_path / "hw.toml"
    path.write_text('[buttons]\npins = {}\n[[seat_buttons]]\nseat = 1\npins = { next = 17 }\n')
    assert load(path).button_groups == [(None, {}), (1, {"next": 17})]


def test_the_status_led_takes_the_palettes_seat_colours_by_default():
    config = HardwareConfig()
    assert [config.status_rgb(i) for i in range(7)] == [palette.seat_colour(i).led for i in range(7)]


def test_status_led_colours_are_palette_names_or_hex(tmp_path):
    path = tmp_path / "hw.toml"
    path.write_text('[status_led]\ncolours = ["purple", "#0a0B0c"]\n')
    config = load(path)
    assert [config.status_rgb(i) for i in range(3)] == [palette.colour("purple").led, (10, 11, 12), palette.colour("purple").led]


@pytest.mark.parametrize("text, line, words", [
    # a pin serves one thing: named where it is used again, and where it was used first
    ('[buttons]\npins = { next = 17, yes = 27 }\n[[seat_buttons]]\nseat = 2\npins = { yes = 17 }\n', 5,
     "[[seat_buttons]] #1 pins use pin 17, which [buttons] pins (next) already uses"),
    ('[[seat_buttons]]\nseat = 1\npins = { next = 5 }\n\n[[seat_buttons]]  # Bob\nseat = 2\npins = { next = 6, yes = 5 }\n', 7,
     "[[seat_buttons]] #2 pins use pin 5, which [[seat_buttons]] #1 pins (next) already uses"),
    ('[[seat_buttons]]\nseat = 1\npins = { next = 5 }\n[status_led]\npins = [9, 5, 11]\n', 5,
     "[status_led] pins use pin 5, which [[seat_buttons]] #1 pins (next) already uses"),
    ('[status_led]\npins = [22, 10, 11]\n', 2, "[status_led] pins use pin 22, which [buttons] pins (yes) already uses"),
    ('[status_led]\npins = [9, 10, 9]\n', 2, "[status_led] pins use pin 9, which [status_led] pins (red) already uses"),
    ('[[seat_buttons]]\nseat = 1\npins = { next = 5, yes = 5 }\n', 3, "[[seat_buttons]] #1 pins two buttons share a pin"),
    # seats
    ('[[seat_buttons]]\npins = { next = 5 }\n', 1, "[[seat_buttons]] #1 seat must be a whole number from 1 to 12"),
    ('[[seat_readers]]\nseat = 0\n', 2, "[[seat_readers]] #1 seat must be a whole number from 1 to 12"),
    ('[[seat_readers]]\nseat = 2\n[[seat_readers]]\nseat = 2\n', 4, "[[seat_readers]] #2 seat is 2 again: one [[seat_readers]] per seat"),
    ('[[seat_buttons]]\nseat = 1\npins = {}\n', 3, "[[seat_buttons]] #1 pins must name each button's BCM pin, 0 to 27, e.g. { next = 17 }"),
    # unknown keys and sections, and the wrong shape of a section
    ('[[seat_buttons]]\nseat = 1\npins = { next = 5 }\ncolour = "red"\n', 4, "[[seat_buttons]] #1 colour unknown key (known: pins, seat)"),
    ('[[seat_readers]]\nseat = 1\nkind = "nfc"\n', 3, "[[seat_readers]] #1 kind must be one of simulated"),
    ('[[seat_readers]]\nseat = 1\noptions = 3\n', 3, "[[seat_readers]] #1 options must be a table of the reader's options, e.g. { device = 1 }"),
    ('[seat_buttons]\nseat = 1\n', 1, "[seat_buttons] must be written [[seat_buttons]]"),
    ('[[ring]]\nleds = 12\n', 1, "[ring] must be written [ring]"),
    ('[[seat_lights]]\nseat = 1\n', 1, "[seat_lights] unknown section (known: buttons, status_led, reader, ring, speech, seat_buttons, seat_readers)"),
    ('[status_led]\ncolours = ["red", "teal"]\n', 2, "[status_led] colours must be a list of colours: palette names (red, blue"),
])
def test_a_mistake_with_seats_or_pins_names_file_line_and_key(tmp_path, text, line, words):
    path = tmp_path / "hw.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as error:
        load(path)
    assert f"{path}, line {line}: " in error.value.message and words in error.value.message, error.value.message


def test_the_line_named_is_the_one_of_that_block_not_a_same_named_key_elsewhere(tmp_path):
    path = tmp_path / "hw.toml"
    path.write_text('[[seat_readers]]\nseat = 1\n[seat_readers.options]\nkind = "an option, not the kind"\n'
                    '[[seat_readers]]\nseat = 2\nkind = "nfc"\n')
    with pytest.raises(ConfigError) as error:
        load(path)
    assert f"{path}, line 7: [[seat_readers]] #2 kind must be one of" in error.value.message


def test_a_config_that_is_not_utf8_is_a_clear_message(tmp_path):
    path = tmp_path / "hw.toml"
    path.write_bytes(b'[ring]\nport = "/dev/ttyACM\xff"\n')
    with pytest.raises(ConfigError) as error:
        load(path)
    assert "not UTF-8" in error.value.message and str(path) in error.value.message


def test_a_pin_library_that_is_missing_is_a_config_message_for_run_and_doctor_alike(tmp_path, monkeypatch):
    from hardware.rig import pin_factory

    monkeypatch.setitem(sys.modules, "gpiozero.pins.lgpio", None)  # as on a PC without lgpio
    with pytest.raises(ConfigError) as error:
        pin_factory("lgpio")
    assert 'factory = "lgpio" cannot be used here' in error.value.message
