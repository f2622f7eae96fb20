"""`companion console`: the text console a table can type into instead of the touchscreen."""
import subprocess
import sys

from companion.console import parse_words
from companion.games.bigbang.commands import COMMANDS


def test_words_become_commands_with_typed_arguments():
    assert parse_words(COMMANDS, "play penny 2") == {"cmd": "play", "character": "penny", "cards": 2}
    assert parse_words(COMMANDS, "start Ann Bob Cy") == {"cmd": "start", "players": ["Ann", "Bob", "Cy"]}
    assert parse_words(COMMANDS, "act die=moon helpers=Bob:1,Cy:2") == {"cmd": "act", "die": "moon", "helpers": {"Bob": 1, "Cy": 2}}
    assert parse_words(COMMANDS, "draw 2 discard=penny,raj") == {"cmd": "draw", "count": 2, "discard": ["penny", "raj"]}
    assert parse_words(COMMANDS, "undo 3") == {"cmd": "undo", "steps": 3}


def test_a_turn_typed_into_the_console_with_a_mistake_and_an_undo(db_path):
    lines = [
        'start Ann Bob Cy settings={"table":{"cards_from":"companion"}}',
        "roll",
        "play nobody 1",   # a mistake: a clear message, and the game goes on
        "pass",
        "undo",
        "quit",
    ]
    result = subprocess.run([sys.executable, "-m", "entry", "console", "bigbang", "--db", str(db_path), "--seed", "4"],
                            input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=60)
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "Start the game: name the 3 players in turn order." in out
    assert "✓ Game started with Ann, Bob, Cy" in out
    assert '✗ There is no character "nobody"' in out
    assert "✓ Ann: passes" in out and "↶ undone: Ann: passes" in out
    assert out.rstrip().endswith(">")  # back at the prompt after quit's line, no traceback
    assert "Traceback" not in result.stderr
