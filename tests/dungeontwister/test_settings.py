"""The game as data (facts §3.2, §3.6, §3.7 where the seed is silent): the defaults, and a table's own
numbers checked when the game starts and refused by their key."""
import copy

import pytest

from companion.games.dungeontwister import GAME
from companion.games.dungeontwister.config import Config, default_settings
from companion.session import Session

from .helpers import do, fight, refused, start, turn, view


def test_the_defaults_are_the_published_numbers():
    config = Config.from_settings(default_settings())
    assert config.colours == ("red", "blue")  # the shell's first two seat colours (the box's are blue and yellow: a setting)
    assert config.action_cards == (2, 3, 4, 5) and config.combat_cards == (0, 1, 2, 2, 3, 3, 4, 5, 6)
    assert config.stats["troll"] == (2, 4) and config.stats["thief"] == (5, 2) and config.stats["goblin"] == (4, 1)
    assert (config.sword_bonus, config.armour_bonus, config.speed_potion_ap) == (1, 1, 4)
    assert config.auto_end_turn and config.hidden_tokens and not config.board


@pytest.mark.parametrize("settings, key", [
    ({"seats": {"frist": "green"}}, "seats.frist"),
    ({"seats": {"first": "pink"}}, "seats.first"),
    ({"cards": {"action": [3, 4, 5]}}, "cards.action"),
    ({"cards": {"combat": [1, 2, 3]}}, "cards.combat"),
    ({"objects": {"sword_bonus": -1}}, "objects.sword_bonus"),
    ({"table": {"board": "yes"}}, "table.board"),
    ({"characters": [{"id": "troll", "move": 2, "combat": 4}]}, "characters"),
])
def test_a_wrong_setting_is_refused_by_its_key_and_the_game_stays_in_setup(settings, key):
    s = Session(GAME, 1)
    error = refused(s, "BAD_SETTINGS", "start", players=["Ann", "Bob"], settings=settings)
    assert f'"{key}' in error.message
    assert s.turn.status == "setup"


def test_a_tables_own_combat_values_decide_the_fights():
    characters = copy.deepcopy(default_settings()["characters"])
    next(c for c in characters if c["id"] == "thief")["combat"] = 5
    s = start(settings={"characters": characters})
    turn(s, 2)
    fight(s, ["troll"], ["thief"], {"red": 0, "blue": 0})
    assert view(s)["last_combat"]["totals"] == {"red": 4, "blue": 5}


def test_the_settings_are_kept_with_the_game():
    s = start(settings={"objects": {"speed_potion_ap": 2}})
    assert s.replay().config.speed_potion_ap == 2
    first = s.history[0].events[0]
    assert first.settings["objects"]["speed_potion_ap"] == 2


def test_a_different_potion_gives_its_own_ap():
    s = start(settings={"objects": {"speed_potion_ap": 2}, "table": {"hidden_tokens": False}})
    turn(s, 2)
    do(s, "move", character="thief", take="red:speed_potion")
    do(s, "use", character="thief")
    assert view(s)["ap"] == 2
