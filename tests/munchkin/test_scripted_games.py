"""Whole games, as a table plays them: the win at level 10 only by a kill (facts §2.1), the refusals at
level 9, winners together, and a game through headless as a process."""
import json
import random
import subprocess
import sys
from pathlib import Path

from companion.contract import Viewer
from companion.games.munchkin import GAME
from companion.messages import render
from companion.session import Session
from companion.testing import pick

from .helpers import do, equip, level, pass_turn, phase, refused, said, set_level, start, view


def test_a_game_to_a_win_at_level_ten():
    """Ann climbs by killing, selling and a Go Up a Level card, is refused the 10th level by anything but
    a kill, and wins by killing the Pied Piper with Cy's help."""
    s = start()
    equip(s, "Ann", "sword", "club")  # strength 1 + 3 + 2 = 6
    do(s, "kick", card="slug")
    do(s, "fight")
    assert level(s, "Ann") == 2
    do(s, "end_turn")
    for _ in range(2):
        pass_turn(s)
    do(s, "kick", card="man-eating-moon")  # Ann, level 2: the moon does not pursue her
    do(s, "run")
    assert phase(s) == "charity" and level(s, "Ann") == 2
    do(s, "sell", gold=[1000, 1000, 1000])  # → 5
    do(s, "go_up", "Bob", target="Ann")  # → 6 (Bob's card)
    do(s, "hand", count=3)
    do(s, "end_turn")
    for _ in range(2):
        pass_turn(s)
    set_level(s, "Ann", 9)
    refused(s, "NOT_THE_TENTH", "go_up", "Bob", target="Ann")
    refused(s, "NOT_THE_TENTH", "sell", gold=[1000])
    refused(s, "NOT_THE_TENTH", "adjust", seat="Ann", levels=1)
    do(s, "kick", card="pied-piper")
    do(s, "helper", seat="Cy", bribe="the second treasure")
    assert view(s)["combat"]["winning"]  # 9 + 5 + Cy's 1 = 15 > 8
    step = do(s, "fight", helper_treasures=1)
    assert s.turn.status == "over" and s.turn.result.winners == ("Ann",)
    assert render(s.turn.result.reason) == "Ann reaches level 10 and wins!"
    assert "Ann wins!" in said(s, step)
    refused(s, "GAME_OVER", "end_turn")


def test_a_kill_beyond_ten_stops_at_ten():
    s = start()
    set_level(s, "Ann", 9)
    do(s, "kick", card="man-eating-moon")
    do(s, "oneshot", bonus=20)
    do(s, "fight")  # two levels from 9
    assert level(s, "Ann") == 10 and s.turn.result.winners == ("Ann",)


def test_fighter_and_elf_helper_reaching_ten_at_once_win_together():
    s = start()
    pass_turn(s)
    do(s, "become", "Bob", card="elf")
    pass_turn(s)
    set_level(s, "Cy", 9)
    set_level(s, "Bob", 9)
    do(s, "kick", "Cy", card="pied-piper")
    do(s, "helper", "Cy", seat="Bob")
    do(s, "fight", "Cy")
    assert s.turn.result.winners == ("Bob", "Cy")
    assert render(s.turn.result.reason) == "Bob & Cy reach level 10 and win together!"


def test_a_shorter_game_is_a_setting():
    s = start(table={"winning_level": 4})
    set_level(s, "Ann", 3)
    refused(s, "NOT_THE_TENTH", "go_up", "Ann")
    do(s, "item", card="sword")
    do(s, "kick", card="slug")
    do(s, "fight")
    assert s.turn.status == "over"


def test_headless_plays_munchkin_as_a_process(db_path):
    lines = [{"cmd": "start", "players": ["Ann", "Bob", "Cy"]},
             {"cmd": "kick", "card": "pied-piper"},
             {"cmd": "enhance", "card": "wicked", "by": "seat:Cy"},
             {"cmd": "run"},
             {"cmd": "roll", "die": 5},
             {"cmd": "ring"}]
    result = subprocess.run([sys.executable, "-m", "entry", "headless", "munchkin", "--db", str(db_path), "--seed", "3"],
                            input="".join(json.dumps(line) + "\n" for line in lines), capture_output=True, text=True, timeout=60)
    replies = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["ok"] for r in replies] == [True] * 6, result.stderr
    assert replies[2]["state"]["combat"]["monsters_strength"] == 18
    assert replies[4]["state"]["turn"]["phase"] == "charity"
    assert replies[5]["ring"]["kind"] == "seat_levels" and replies[5]["ring"]["levels"] == [1, 1, 1]


def test_the_example_game_in_the_docs_plays_as_written():
    """docs/munchkin-commands.md: every request is accepted and gives the undo-list line and the alerts shown."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "munchkin-commands.md").read_text(encoding="utf-8")
    block = text.split("<!-- example:begin -->")[1].split("<!-- example:end -->")[0]
    requests = [json.loads(row) for row in block.splitlines() if row.startswith("{")]
    rows = text.split("| step | undo-list line | heard |")[1].strip().split("\n\n")[0].splitlines()[1:]
    table = [row.split(" | ") for row in rows]
    s = Session(GAME, 1)
    for request, (number, described, heard) in zip(requests, table, strict=True):
        request = dict(request)
        by = Viewer.parse(request.pop("by", "table"))
        step = s.apply(request, by=by)
        assert (f"| {step.number}", render(s.describe(step))) == (number, described)
        assert " ".join(render(t) for t in GAME.announcements(s.state_before(step), step.events)) == heard.rstrip(" |").strip()


def test_menu_driven_walks_reach_fights_runs_deaths_and_charity():
    """Whole games of menu moves get through every part of a turn: the game kit's walks reach them all."""
    seen: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        s = start(("Ann", "Bob", "Cy", "Dee"), seed)
        for _ in range(300):
            if s.turn.status != "playing":
                break
            assert pick(s, rng) is not None, f"nothing to do in phase {s.turn.phase}"
        seen |= {e.kind for step in s.history for e in step.events}
    assert {"monsters_killed", "ran_away", "caught", "escaped", "charity_given", "turn_ended", "item_played"} <= seen
