"""Gestures per turn (issues 11 and 22): how many button presses each game needs, with eyes on the cardboard.

A player who knows the menu by heart (tests/blind.py) plays each game's script of typical turns
(`tests/<game>/blind.py`: `GAME`, `START`, `DEAL`, `TURNS`, `tags()`, `player(table, hands, **options)`;
every game that has one is measured) through `Table.button` and `Table.card` only, taking the shortest
way: NEXT or BACK, whichever reaches the item sooner, then YES. Two rows per game:

- **buttons only**: the player never scans; every card is walked to in the menu.
- **buttons + scans**: a card is scanned wherever a card means the input (a drawn card, a card played,
  a token, and in Big Bang the card lying where a move goes and a letter tile).

Gestures are button presses (tap, double tap, hold); scans are counted apart. A **screen-only step**
is a typed request no gesture or scan could send: it is tapped on the screen instead, counted and named
(the target is none). The setup column counts the script's steps after the start (a real deal, the
starting lines). Each game is measured in its default seating (Dungeon Twister: the table screen alone).

Before issue 22 (main at 698e57b, the same scripts, `--tree` on `git archive 698e57b | tar -x -C /tmp/before`;
mean / max gestures a turn, a screen-only step counting no gesture):

    Big Bang         buttons only 16.9 / 24, none screen-only   buttons + scans  5.9 / 9, none screen-only
    Munchkin         buttons only 32.8 / 68, 16 screen-only     buttons + scans  7.9 / 25, 11 screen-only (sell cards,
                     give, discard, lift, adjust, die, a one-shot played by another seat, the next roll, charity to one)
    Dungeon Twister  buttons only 18.0 / 34, 3 screen-only      buttons + scans 13.7 / 24, 3 screen-only (reveal appear)

After (this checkout, 2026-12-04): Big Bang unchanged; Munchkin 46.6 / 93 buttons only (each catalogue
card walked to), 7.4 / 14 with scans; Dungeon Twister 28.8 / 37 buttons only, 4.5 / 7 with scans;
no screen-only step. Rerun it with

    python benchmarks/bench_gestures.py [--tree /tmp/before]

`--tree DIR` plays today's scripts (and today's player) on the code in DIR (another commit's files).

A script may play its game another way too (`VARIANTS`: {name: (start, turns, seed)}). Elder Sign's
first rows are its default, real dice with results told (setting table.dice_entry = "results"), then
real dice with every face counted by buttons, then the companion's own dice; measured 2026-12-04
(mean / max gestures a turn; gestures are counted, not timed):

    Elder Sign (results told)              buttons only 24.6 / 48   buttons + scans  8.0 / 14
    Elder Sign, real dice, faces counted   buttons only 40.2 / 77   buttons + scans 23.6 / 43
    Elder Sign, the companion's dice       buttons only 24.5 / 39   buttons + scans  5.9 / 12

Its "before" rows were measured on commit 698e57b by benchmarks/gestures_eldersign_before.py (the
faces-counted turns, each roll said die by die, as that menu asked: the old menu cannot play today's
script).
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import subprocess
import sys
import time
import types
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TARGET = 8  # gestures per turn, mean, with buttons and scans (issue 22)
ROWS = {"buttons": "buttons only", "scans": "buttons + scans"}


def scripts() -> list[str]:
    """The games with a script of typical turns: tests/<game>/blind.py, in name order."""
    return sorted(path.parent.name for path in (ROOT / "tests").glob("*/blind.py"))


def _load(game: str) -> Any:
    """Today's script of `game` (and today's tests/blind.py), whatever checkout `companion` comes from."""
    if "tests" not in sys.modules:  # today's tests/ only, even when the measured tree has its own
        package = types.ModuleType("tests")
        package.__path__ = [str(ROOT / "tests")]
        sys.modules["tests"] = package
    return importlib.import_module(f"tests.{game}.blind")


def measure(game: str, scanning: bool, variant: str | None = None) -> dict[str, Any]:
    """Play `game`'s script (or its `variant`) on the `companion` importable now: gestures per turn,
    scans, screen-only steps."""
    blind = _load(game)
    from companion.cards import CardCatalogue
    from companion.session import Session
    from companion.table import Table
    from tests.blind import TableHands, per_turn

    catalogue = CardCatalogue(":memory:")
    for card, uids in blind.tags().items():
        for uid in uids:
            catalogue.enrol(uid, blind.GAME.id, card)
    start, turns, seed = blind.VARIANTS[variant] if variant else (blind.START, blind.TURNS, 1)
    table = Table(Session(blind.GAME, seed), catalogue)
    assert table.command(start).kind == "applied"
    options = {"scan_board": True} if scanning else {"scanning": False}
    player = blind.player(table, TableHands(table, blind.tags()), **options)
    started = time.perf_counter()
    player.turn = 0
    player.play(blind.DEAL)
    for number, turn in enumerate(turns, 1):
        player.turn = number
        player.play(turn)
    elapsed = time.perf_counter() - started
    gestures = per_turn(player.gestures)
    title = str(blind.GAME.title) + (f", {variant}" if variant else "")
    return {"title": title, "setup": gestures.get(0, 0), "turns": [gestures.get(n, 0) for n in range(1, len(turns) + 1)],
            "scans": len(player.scans), "screen_only": [what for _turn, what in player.screen_only], "ms": elapsed * 1000}


#: Elder Sign before issue 22 (commit 698e57b; the same eight turns with each roll said die by die, as its
#: menu asked, and the stat lost on the screen: benchmarks/gestures_eldersign_before.py)
ELDERSIGN_BEFORE = {"buttons": [64, 99, 113, 42, 118, 7, 67, 99], "scans": [56, 80, 111, 34, 92, 7, 50, 71]}


def measure_all() -> dict[str, dict[str, Any]]:
    """Every game's script, and every variant of it, in both rows."""
    measured = {}
    for game in scripts():
        for variant in [None, *getattr(_load(game), "VARIANTS", {})]:
            key = f"{game}:{variant}" if variant else game
            measured[key] = {row: measure(game, scanning=row == "scans", variant=variant) for row in ROWS}
    return measured


def _row(title: str, label: str, figures: dict[str, Any]) -> tuple[str, ...]:
    turns = figures["turns"]
    within = sum(1 for n in turns if n <= TARGET)
    return (title, label, str(figures["setup"]), " ".join(f"{n:2d}" for n in turns), f"{sum(turns) / len(turns):.1f}", str(max(turns)),
            f"{within} of {len(turns)}", str(figures["scans"]), str(len(figures["screen_only"])))


def _print(measured: dict[str, dict[str, Any]], where: str) -> None:
    header = ("game", where, "setup", "gestures per turn", "mean", "max", f"<= {TARGET}", "scans", "screen-only")
    rows = [header]
    for figures in measured.values():
        for n, (row, label) in enumerate(ROWS.items()):
            rows.append(_row(figures[row]["title"] if n == 0 else "", label, figures[row]))
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    for row in rows:
        print("  ".join(cell.ljust(width) if i < 2 else cell.rjust(width) for i, (cell, width) in enumerate(zip(row, widths, strict=True))))
    for figures in measured.values():
        for row, label in ROWS.items():
            steps = figures[row]["screen_only"]
            if steps:
                print(f"screen-only in {figures[row]['title']}, {label}: {', '.join(steps)}")
    print(f"(target: a mean of at most {TARGET} with buttons and scans, and no screen-only step; a turn is one player's,")
    print(" its steps as the game's rules have them: tests/<game>/blind.py says which)")
    for figures in measured.values():
        print(f"{figures['buttons']['title']}: the scripted game through the table, buttons only: {figures['buttons']['ms']:.0f} ms")
    before = {label: sum(turns) / len(turns) for label, turns in ELDERSIGN_BEFORE.items()}
    print(f"(Elder Sign before issue 22, the same turns said die by die: buttons only {before['buttons']:.1f} / "
          f"{max(ELDERSIGN_BEFORE['buttons'])}, buttons + scans {before['scans']:.1f} / {max(ELDERSIGN_BEFORE['scans'])}, "
          "a stat lost on the screen)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, help="measure the code in this folder instead (e.g. an older commit's files)")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # measure here, print JSON (for --tree)
    args = parser.parse_args(argv or [])
    if args.json:
        print(json.dumps(measure_all()))
        return
    if args.tree:
        _print(_measure_elsewhere(args.tree.resolve()), f"code in {args.tree}")
    else:
        _print(measure_all(), "this checkout")


def _measure_elsewhere(tree: Path) -> dict[str, dict[str, Any]]:
    """`measure_all` in a fresh interpreter whose `companion` is the one in `tree`."""
    env = {**os.environ, "PYTHONPATH": f"{tree}{os.pathsep}{ROOT}"}
    command = [sys.executable, str(Path(__file__).resolve()), "--json"]
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise SystemExit(f"measuring {tree} failed:\n{done.stderr[-3000:]}")
    figures: dict[str, dict[str, Any]] = json.loads(done.stdout.splitlines()[-1])
    return figures


if __name__ == "__main__":
    main(sys.argv[1:])
