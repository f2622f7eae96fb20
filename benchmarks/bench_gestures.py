"""Gestures per turn (issue 11): how many button presses a Big Bang table needs, with eyes on the cardboard.

A player who knows the menu by heart (tests/blind.py, Big Bang's script in tests/bigbang/blind.py) plays a typical game of three players —
the real deal (each player's cards scanned, the six location cards laid and scanned), then seven turns:
characters played, special actions, moves, fights and cards taken, draws, a red moon, an artefact off
the real deck — through `Table.button` and `Table.card` only, taking the shortest way (NEXT or BACK,
whichever reaches the item sooner; a card is scanned wherever a card means the input). Gestures are
button presses; scans are counted apart.

Before issue 11 (commit 2eefc0c, the same script and player, measured with `--tree` on
`git archive 2eefc0c | tar -x -C /tmp/before`): setup 0 gestures; turns 13 6 14 14 8 15 14,
mean 12.0, max 15; 84 gestures and 32 scans in all. Before a scanned location card moved the character
(commit 82874e7: the card only answered the "To" question of Move, after YES on Move), the row "a place
picked by its card" was: turns 8 4 10 6 7 10 8, mean 7.6, max 10; before letter tiles answered the
letters asked (commit 1016b6c), the row "the board read by its cards" was: turns 7 3 9 5 5 9 7, mean
6.4, max 9. Rerun it with

    python benchmarks/bench_gestures.py [--tree /tmp/before]

`--tree DIR` plays the same script on the code in DIR (another commit's files) and prints its row.

Elder Sign (issue 22; its script in tests/eldersign/blind.py, eight turns from the rules): rows with
real dice, their faces said by counting each face, and with the companion's own dice, each by buttons
only and with scans. Its "before" rows were measured on commit 698e57b by
benchmarks/gestures_eldersign_before.py (each roll said die by die, as that menu asked).
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: measured on commit 2eefc0c (before issue 11) with `--tree`: (setup, [gestures per turn]), scans in all
BEFORE = {"label": "before (2eefc0c)", "setup": 0, "turns": [13, 6, 14, 14, 8, 15, 14], "scans": 32}


def measure(tree: Path, scan_board: bool, game: str = "bigbang", own_dice: bool = False, scanning: bool = True) -> dict[str, Any]:
    """Play the script of `game` (tests/<game>/blind.py) on the code in `tree` (this one by default):
    gestures per turn and scans. Elder Sign: `own_dice` plays its game with the companion's dice."""
    sys.path.insert(0, str(tree))
    if str(ROOT) not in sys.path:  # tests/blind.py (the player) from here when the tree has none
        sys.path.append(str(ROOT))
    spec = importlib.util.spec_from_file_location(f"{game}_blind", ROOT / "tests" / game / "blind.py")
    assert spec is not None and spec.loader is not None
    blind = importlib.util.module_from_spec(spec)
    sys.modules[f"{game}_blind"] = blind  # its dataclasses look their module up
    spec.loader.exec_module(blind)
    from companion.cards import CardCatalogue
    from companion.session import Session

    catalogue = CardCatalogue(":memory:")
    for card, uids in blind.tags().items():
        for uid in uids:
            catalogue.enrol(uid, blind.GAME.id, card)
    start, turns = (blind.OWN_DICE_START, blind.OWN_DICE_TURNS) if own_dice else (blind.START, blind.TURNS)
    table = blind.Table(Session(blind.GAME, blind.OWN_DICE_SEED if own_dice else 1), catalogue)
    table.command(start)
    kwargs: dict[str, Any] = {"scan_board": True} if scan_board else {}
    if not scanning:
        kwargs["scanning"] = False
    player = blind.player(table, blind.TableHands(table, blind.tags()), **kwargs)
    started = time.perf_counter()
    player.play(blind.DEAL)
    for turn in turns:
        player.play(turn)
    elapsed = time.perf_counter() - started
    gestures, scans = blind.per_turn(player.gestures), blind.per_turn(player.scans)
    return {"setup": gestures.get(0, 0), "turns": [gestures.get(n, 0) for n in range(1, len(turns) + 1)],
            "scans": len(player.scans), "scans per turn": [scans.get(n, 0) for n in range(1, len(turns) + 1)], "ms": elapsed * 1000}


#: Elder Sign before issue 22 (commit 698e57b; the same eight turns with each roll said die by die, as its
#: menu asked, and the stat lost on the screen: benchmarks/gestures_eldersign_before.py)
ELDERSIGN_BEFORE: dict[str, dict[str, Any]] = {
    "before: buttons only (a stat lost on the screen)": {"setup": 0, "turns": [64, 99, 113, 42, 118, 7, 67, 99], "scans": 0},
    "before: buttons + scans (a stat lost on the screen)": {"setup": 0, "turns": [56, 80, 111, 34, 92, 7, 50, 71], "scans": 17},
}


def eldersign() -> None:
    """Elder Sign's rows (issue 22): real dice said by counting each face, and the companion's own dice."""
    header = ("Elder Sign", "gestures per turn 1-8", "mean", "max", "<= 8", "scans")
    rows = [header]
    for label, figures in (*ELDERSIGN_BEFORE.items(),
                           ("real dice: buttons only", measure(ROOT, False, "eldersign", scanning=False)),
                           ("real dice: buttons + scans", measure(ROOT, True, "eldersign")),
                           ("the companion's dice: buttons only", measure(ROOT, False, "eldersign", own_dice=True, scanning=False)),
                           ("the companion's dice: buttons + scans", measure(ROOT, True, "eldersign", own_dice=True))):
        rows.append(_row(label, figures)[:1] + _row(label, figures)[2:])
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    for row in rows:
        print("  ".join(cell.ljust(width) if i == 0 else cell.rjust(width) for i, (cell, width) in enumerate(zip(row, widths, strict=True))))
    print("(a typical turn from the rules: a move, an attempt with its rolls, a focus, a spell, a clue, a discard, a Terror;")
    print(" the Entrance, a daily ability, a stat lost to a card, monsters, a midnight with its Mythos card; scans: the adventure,")
    print(" Entrance, Mythos and monster cards. Real dice: the faces said by counting each face kind (entry.py).)")


def _row(label: str, figures: dict[str, Any]) -> tuple[str, ...]:
    turns = figures["turns"]
    within = sum(1 for n in turns if n <= 8)
    return (label, str(figures["setup"]), " ".join(f"{n:2d}" for n in turns), f"{sum(turns) / len(turns):.1f}", str(max(turns)),
            f"{within} of {len(turns)}", str(figures["scans"]))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, help="measure the code in this folder instead (e.g. an older commit's files)")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # one measurement as JSON (for --tree)
    parser.add_argument("--scan-board", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv or [])
    if args.json:
        print(json.dumps(measure(args.tree or ROOT, args.scan_board)))
        return
    header = ("", "setup", "gestures per turn 1-7", "mean", "max", "<= 8", "scans")
    if args.tree:
        rows = [header, _row(f"code in {args.tree}", _measure_elsewhere(args.tree, False))]
        elapsed = None
    else:
        buttons = measure(ROOT, scan_board=False)
        places = measure(ROOT, scan_board=True)
        rows = [header, _row(BEFORE["label"], BEFORE), _row("now: buttons only", buttons), _row("now: the board read by its cards", places)]
        elapsed = buttons["ms"]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    for row in rows:
        print("  ".join(cell.ljust(width) if i == 0 else cell.rjust(width) for i, (cell, width) in enumerate(zip(row, widths, strict=True))))
    print("(a typical action turn: a character's cards, its special action, a move, a fight or a card taken, a draw;")
    print(" \"the board read by its cards\": the player moves by scanning the card lying at the destination, answers")
    print(" any other \"to which place\" by that place's card, and any \"which letter\" by its letter tile)")
    if elapsed is not None:
        print(f"the scripted game through the table, buttons only: {elapsed:.0f} ms")
        print()
        eldersign()


def _measure_elsewhere(tree: Path, scan_board: bool) -> dict[str, Any]:
    """`measure` in a fresh interpreter whose `companion` is the one in `tree`."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    command = [sys.executable, str(Path(__file__).resolve()), "--json", "--tree", str(tree), *(["--scan-board"] if scan_board else [])]
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, check=True, timeout=300)
    figures: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return figures


if __name__ == "__main__":
    main(sys.argv[1:])
