"""`companion export ID --chart FILE`: the picture after the game as a PNG or an SVG file, by the file's
extension, drawn without a browser, in the language asked for (issue 23 §3)."""
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from tests.bigbang.lost_game import save_lost_game


@pytest.fixture
def saved(tmp_path):
    return save_lost_game(tmp_path / "games.db")


def export(db, *args):
    return subprocess.run([sys.executable, "-m", "entry", "export", "1", "--db", str(db), *args], capture_output=True, text=True, timeout=120)


def test_a_png_of_the_screens_size(saved, tmp_path):
    out = tmp_path / "game.png"
    result = export(saved, "--chart", str(out))
    assert result.returncode == 0, result.stderr
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    assert struct.unpack(">II", data[16:24]) == (800, 480)


def test_an_svg_with_the_charts_words_in_the_language_asked_for(saved, tmp_path):
    english, russian = tmp_path / "en.svg", tmp_path / "ru.svg"
    assert export(saved, "--chart", str(english)).returncode == 0
    assert export(saved, "--chart", str(russian), "--language", "ru").returncode == 0
    root = ET.parse(english).getroot()
    assert root.tag.endswith("svg")
    words = english.read_text(encoding="utf-8")
    assert "Moon, turn by turn" in words and "0 of 1 roll came off" in words
    russian_words = russian.read_text(encoding="utf-8")
    assert "Луна, ход за ходом" in russian_words and "Кубики против шансов" in russian_words
    assert "Moon, turn by turn" not in russian_words
    ET.parse(russian)


def test_another_extension_is_refused_and_nothing_is_written(saved, tmp_path):
    out = tmp_path / "game.jpg"
    result = export(saved, "--chart", str(out))
    assert result.returncode == 2 and ".png or .svg" in result.stderr and not out.exists()
