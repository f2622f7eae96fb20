"""Gesture cards (issue 11): one printable page per game and language, made from the game's bindings so
that the card on the table never says something the buttons do not do."""
import dataclasses
import importlib.util
import pathlib

import pytest

from companion.games.bigbang import GAME as BIGBANG
from companion.gestures import card, unnamed
from companion.inputs import Bindings
from ui import i18n

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("gesture_cards", ROOT / "tools" / "gesture_cards.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def english_afterwards():
    yield
    i18n.set_language("en")


def test_every_card_in_docs_is_up_to_date_with_the_bindings_and_the_catalogues():
    tool = _tool()
    made = tool.cards()
    assert {path.name for path in made} >= {f"{game}{suffix}.md" for game in ("bigbang", "eldersign", "munchkin", "dungeontwister")
                                             for suffix in ("", ".nl", ".it", ".ru", ".de")}
    old = [str(path.relative_to(ROOT)) for path in tool.stale(made)]
    assert not old, "run: python tools/gesture_cards.py\n" + "\n".join(old)


def test_the_big_bang_card_says_every_gesture_the_game_binds():
    text = card(BIGBANG)
    assert "| | tap | double | hold |" in text  # a double tap of NO: the whole prompt (issue 22)
    assert "| **NEXT** | the next item | — | redo the step undone (asks YES first) |" in text
    assert "| **BACK** | the item before | — | undo the last step |" in text
    assert "| **NO** | back to the top of the menu | say in full what to do now | — |" in text
    assert "**Only while choosing a character:**" in text and "- **hold NO**: Pass (asks YES first)" in text
    assert "- **tap YES**: Use the Amulet of Leslie Winkle" in text and "- **tap NO**: Accept the red moon" in text


def test_a_changed_binding_changes_the_card():
    rebound = Bindings.from_toml('[phase.draw]\nyes = { double = { cmd = "pass", confirm = true } }', base=BIGBANG.bindings)
    text = card(dataclasses.replace(BIGBANG, bindings=rebound))
    assert "**Only while announcing a draw:**" in text
    assert "- **double YES**: Pass (asks YES first)" in text


def test_a_bound_command_the_game_cannot_name_is_named_by_its_id_and_flagged(english_afterwards):
    """Not its docstring (English developer prose in every language, as the card once printed it): its id,
    and `unnamed` (the game kit, tools/i18n.py check) says the game must name it."""
    rebound = Bindings.from_toml('[phase.draw]\nyes = { double = { cmd = "draw", count = 1 } }', base=BIGBANG.bindings)
    game = dataclasses.replace(BIGBANG, bindings=rebound)
    i18n.set_language("de")
    assert "- **JA doppelt**: draw" in card(game)
    assert unnamed(game) == ["{'cmd': 'draw', 'count': 1} (double YES while phase draw)"] and unnamed(BIGBANG) == []


def test_a_card_is_written_in_the_language_active(english_afterwards):
    i18n.set_language("nl")
    text = card(BIGBANG)
    assert "**VOLGENDE**" in text and "Passen" in text and "| | tik | dubbel | vasthouden |" in text
