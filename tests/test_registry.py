"""The registry lists every game without importing its rules, and a process imports only the game it
plays (issue 23 §4: importing all four games' modules took a second at every start)."""
import json
import os
import subprocess
import sys

import pytest

from companion.game import GameDefinition
from companion.registry import get_game, listings

GAMES = ["bigbang", "dungeontwister", "eldersign", "munchkin"]

#: prints the game packages' modules a command imported (runs the command in this process, then exits)
IMPORTED = """
import json, sys
from entry.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(m for m in sys.modules if m.startswith("companion.games."))), file=sys.stderr)
"""


def imported_games(*argv: str, stdin: str = "") -> tuple[set[str], str]:
    """Which game packages' rules a `companion …` command imported, and what it printed."""
    result = subprocess.run([sys.executable, "-c", IMPORTED, *argv], input=stdin, capture_output=True, text=True, timeout=120,
                            env={**os.environ, "COMPANION_GAMES": ""})
    modules = json.loads(result.stderr.strip().splitlines()[-1])
    rules = {m.split(".")[2] for m in modules if m.count(".") >= 3}  # companion.games.<id>.<module>: more than the listing
    return rules, result.stdout


def test_headless_big_bang_imports_no_other_games_rules(tmp_path):
    rules, out = imported_games("headless", "bigbang", "--db", str(tmp_path / "g.db"), "--seed", "1",
                                stdin='{"cmd": "start", "players": ["Ann", "Bob", "Cy"]}\n{"cmd": "state"}\n')
    replies = [json.loads(line) for line in out.splitlines()]
    assert [r["ok"] for r in replies] == [True, True] and replies[1]["state"]["moon"] >= 0
    assert rules == {"bigbang"}


@pytest.mark.parametrize("argv", [["games"], ["--help"], ["odds", "--help"]])
def test_listing_the_games_imports_none_of_their_rules(tmp_path, argv):
    rules, out = imported_games(*argv, "--db", str(tmp_path / "g.db")) if argv == ["games"] else imported_games(*argv)
    assert rules == set()
    if argv == ["games"]:
        assert [line.split()[0] for line in out.splitlines() if line.strip()] == GAMES
        assert "Big Bang moon game" in out and "Elder Sign" in out
    if argv == ["--help"]:
        assert "odds" in out  # a game's tool is on the command line, its game's rules not imported


def test_the_odds_tool_imports_the_odds_engine_and_not_the_games_rules():
    rules, out = imported_games("odds", "eldersign", "--task", "PERIL", "--dice", "6G")
    assert out.strip() and rules == {"eldersign"}  # the odds engine lives in the game's folder …
    modules = subprocess.run([sys.executable, "-c", IMPORTED, "odds", "eldersign", "--task", "PERIL", "--dice", "6G"],
                             capture_output=True, text=True, timeout=120).stderr.strip().splitlines()[-1]
    assert "companion.games.eldersign.rules" not in json.loads(modules)  # … but its rules stay unread


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_is_listed_and_playable(game_id):
    listing = listings()[game_id]
    game = get_game(game_id)
    assert isinstance(game, GameDefinition) and game.id == game_id and game.title == listing.title
    module = __import__(f"companion.games.{game_id}", fromlist=["GAME"])
    assert module.GAME is game  # `from companion.games.<id> import GAME` still names the definition


def test_a_name_a_game_package_lacks_is_an_attribute_error():
    import companion.games.munchkin as munchkin

    with pytest.raises(AttributeError):
        munchkin.NOT_THERE  # noqa: B018
