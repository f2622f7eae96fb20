"""Elder Sign's gestures per turn on the code from before issue 22: the figures the gestures benchmark
prints as "before" (benchmarks/bench_gestures.py, ELDERSIGN_BEFORE).

The same eight turns with their faces said (tests/eldersign/blind.py, FACES_TURNS) played by the same
player (tests/blind.py) on another checkout's `companion`, as its menu asked for them: each roll said
die by die ("A green die shows…", then the face), an attempt answering its yellow-die and red-die
questions, a completed task named with its (empty) held dice; a step no option offered (a stat lost to a
card's text) is done on the screen, counted apart. Run it on a checkout made with
`git archive 698e57b | tar -x -C /tmp/before`:

    python benchmarks/gestures_eldersign_before.py /tmp/before

It prints gestures per turn, buttons only and with scans, and the screen-only steps.
"""
from __future__ import annotations

import importlib.util
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def as_asked_before(request: dict[str, Any]) -> list[dict[str, Any]]:
    """A typed request as the menu before issue 22 had the buttons send it."""
    kind = request["cmd"]
    if kind == "roll" and not request.get("virtual"):
        return [{"cmd": "face", "colour": colour, "face": face} for colour in ("green", "yellow", "red") for face in request.get(colour, ())]
    if kind == "attempt":
        return [{"yellow": False, "red": False, **request}]
    if kind == "complete":
        return [{"held": [], **request}]
    return [request]


def measure(tree: Path, scanning: bool) -> dict[str, Any]:
    sys.path.insert(0, str(tree))  # the old `companion`; the player and the script from this checkout
    package = types.ModuleType("tests")
    package.__path__ = [str(ROOT / "tests")]
    sys.modules["tests"] = package
    spec = importlib.util.spec_from_file_location("tests.eldersign.blind", ROOT / "tests" / "eldersign" / "blind.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    sys.modules["tests.eldersign.blind"] = script
    spec.loader.exec_module(script)
    from companion.cards import CardCatalogue
    from companion.session import Session
    from tests.blind import Player, TableHands, per_turn

    tags = script.tags()
    catalogue = CardCatalogue(":memory:")
    for card, uids in tags.items():
        for uid in uids:
            catalogue.enrol(uid, "eldersign", card)
    table = script.Table(Session(script.GAME, 1), catalogue)
    # the faces-counted game, the old code's only way: without the setting table.dice_entry it did not know
    table.command({**script.FACES_START, "settings": script.START["settings"]})
    known = {card.id for card in script.GAME.cards()} | {"our-cultist"}
    card_for = lambda table, request, board: (card if (card := script.card_for(table, request, board)) in known else None)  # noqa: E731
    player = Player(table, TableHands(table, tags), card_for=card_for, scanning=scanning, turn=1)
    screen: list[tuple[int, str]] = []
    for turn in script.FACES_TURNS:
        for typed in turn:
            for request in as_asked_before(typed):
                try:
                    player.do(request)
                except AssertionError as exc:
                    if "no option sends" not in str(exc):
                        raise
                    assert table.command(request).kind == "applied", request
                    screen.append((player.turn, request["cmd"]))
    gestures = per_turn(player.gestures)
    return {"turns": [gestures.get(n, 0) for n in range(1, len(script.FACES_TURNS) + 1)], "scans": len(player.scans), "screen": screen}


def main(argv: list[str]) -> None:
    tree = Path(argv[0])
    if len(argv) > 1:  # in a fresh interpreter: one measurement
        figures = measure(tree, argv[1] == "scans")
        turns = figures["turns"]
        print(f"{argv[1]:>8}: {' '.join(f'{n:2d}' for n in turns)}  mean {sum(turns) / len(turns):.1f}  max {max(turns)}  "
              f"scans {figures['scans']}  screen only {figures['screen']}")
        return
    for mode in ("buttons", "scans"):
        subprocess.run([sys.executable, __file__, str(tree), mode], check=True, cwd=tree)


if __name__ == "__main__":
    main(sys.argv[1:])
