"""Small builders for the Elder Sign rules tests: a started table set up exactly as a test needs.

The default table: Ann (Joe Diamond, sanity 4, stamina 6) and Bob (Kate Winthrop, 6 and 4) against Yig
(doom track 8, monster spaces 2, 4, 6, 10 Elder Signs, battle task PERIL,PERIL); the adventures laid
out are Hallway on Fire (PERIL>PERIL), The Curator (LORE,LORE,LORE|LORE,INV:3), Lights Out
(INV:3>PERIL,PERIL>LORE,LORE), Koi Pond (TERROR|TERROR,PERIL,PERIL, terror: discard), Horrible Visions
(PERIL,TERROR|LORE,PERIL, terror: fail) and The Graveyard (PERIL|TERROR|INV:7). The table says the
faces of its rolls (setting table.dice_entry = "faces"), as the rules tests type them.
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from companion.games.eldersign import GAME
from companion.session import Session, Step
from companion.testing import active, do, line, phase, prompt, refused, status, view  # noqa: F401 - the rules tests take them from here

PLAYERS = ("Ann", "Bob")
INVESTIGATORS = ("joe-diamond", "kate-winthrop")
ADVENTURES = ("hallway-on-fire", "the-curator", "lights-out", "koi-pond", "horrible-visions", "the-graveyard")
#: the table's own file the tests play with (its adventures replace the printed ones)
TABLE_FILE = Path(__file__).with_name("example-table.toml")
TABLE_CARDS = tomllib.loads(TABLE_FILE.read_text(encoding="utf-8"))
#: the rules tests' real dice say the faces of every roll, counted (not the default: results told,
#: tests/eldersign/test_results_told.py); a test's own `table` settings are laid over it
FACES = {"dice_entry": "faces"}


def start(*, players: tuple[str, ...] = PLAYERS, investigators: tuple[str, ...] | None = INVESTIGATORS,
          adventures: tuple[str, ...] | None = ADVENTURES, settings: dict | None = None, ancient_one: str | None = None,
          seed: int = 7, session: Session | None = None) -> Session:
    session = session or Session(GAME, seed)
    settings = settings or {}
    table = {"players": len(players), **FACES, **settings.get("table", {})}
    command: dict[str, Any] = {"cmd": "start", "players": list(players), "settings": {**TABLE_CARDS, **settings, "table": table}}
    if investigators is not None:
        command["investigators"] = list(investigators)
    if adventures is not None:
        command["adventures"] = list(adventures)
    if ancient_one is not None:
        command["ancient_one"] = ancient_one
    session.apply(command)
    return session


def investigator(session: Session, seat: str) -> dict[str, Any]:
    return next(i for i in view(session)["investigators"] if i["seat"] == seat)


def attempt_at(session: Session, adventure: str, **dice: Any) -> None:
    """The active investigator moves to `adventure` and starts an attempt there."""
    do(session, "move", to=adventure)
    do(session, "attempt", **dice)


def complete_lights_out(session: Session) -> Step:
    """The active investigator completes Lights Out, its three tasks in three rolls; the last step."""
    attempt_at(session, "lights-out")
    do(session, "roll", green=["3", "peril", "peril", "lore", "lore", "1"])
    do(session, "complete", task=1, dice=[1])
    do(session, "roll", green=["peril", "peril", "lore", "lore", "1"])
    do(session, "complete", task=2, dice=[1, 2])
    do(session, "roll", green=["lore", "lore", "2"])
    return do(session, "complete", task=3, dice=[1, 2])


def end_turn(session: Session, mythos: str | None = "example-quiet-night") -> None:
    """Whatever is left of the turn: give up an attempt, pass, move the clock; draw `mythos` at midnight
    (None: stop at midnight)."""
    if phase(session) == "move":
        do(session, "move", to="entrance")
    if phase(session) == "attempt":
        do(session, "give_up")
    if phase(session) in ("resolve", "battle"):
        do(session, "pass")
    if phase(session) == "clock":
        do(session, "clock")
    if phase(session) == "midnight" and mythos is not None:
        if session.state.awakened:
            do(session, "attack_done")
        else:
            do(session, "mythos", card=mythos)
