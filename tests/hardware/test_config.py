"""The hardware config file: defaults, the sample, and mistakes named by file, line and key."""
import pathlib

import pytest

from hardware.config import ConfigError, HardwareConfig, load

SAMPLE = pathlib.Path(__file__).resolve().parents[2] / "hardware" / "hardware.sample.toml"


def test_no_config_means_a_fully_simulated_table():
    config = load(None)
    assert (config.pin_factory, config.reader, config.ring) == ("auto", "simulated", "simulated")
    assert config.pins == {"next": 17, "back": 27, "yes": 22, "no": 23}


def test_the_sample_config_loads_and_says_what_the_defaults_say():
    assert load(SAMPLE) == HardwareConfig(source=str(SAMPLE))


def test_values_are_read(tmp_path):
    path = tmp_path / "hw.toml"
    path.write_text('[buttons]\npins = { next = 5, undo = 6 }\nhold_ms = 1200\n[ring]\nkind = "serial"\nport = "/dev/moonring"\nleds = 60\n')
    config = load(path)
    assert config.pins == {"next": 5, "undo": 6} and config.hold_ms == 1200
    assert (config.ring, config.ring_port, config.ring_leds) == ("serial", "/dev/moonring", 60)


@pytest.mark.parametrize("text, line, words", [
    ('[ring]\nleds = 7\n', 2, "[ring] leds must be a whole number from 12 to 60"),
    ('# comment\n[buttons]\nfactory = "gpio"\n', 3, "[buttons] factory must be one of auto, mock"),
    ('[reader]\nkind = "nfc"\n', 2, "[reader] kind must be one of simulated"),
    ('[buttons]\npins = { next = 17, back = 17 }\n', 2, "two buttons share a pin"),
    ('[ring]\nbrightnes = 9\n', 2, "[ring] brightnes unknown key"),
    ('[sound]\nvolume = 3\n', 1, "[sound] unknown section"),
    ('[ring]\nport = 5\n', 2, "[ring] port must be text"),
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
