"""What a table hears: a game played through the real rig, with the Recording speaker as the only fake,
and every line the voice would say kept per turn and per input (issue 22).

A game with a blind script (`tests/<game>/blind.py`: `GAME`, `START`, `tags()`, `player(table, hands,
**options)`, `TURNS` — a list of turns, each a list of typed commands — and optionally `DEAL` and
`MORE_TURNS`) is played by the player who knows the menu by heart (tests/blind.py), each scripted turn
counted apart. A game without one is played as a legal random game (tools/fault_suite.py's `walk`),
each command sent straight to the table, a turn being a change of who acts.

Used by tests/test_speech.py (the limits) and benchmarks/bench_speech.py (the figures).
"""
from __future__ import annotations

import importlib.util
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from companion.contract import Viewer
from companion.game import GameDefinition
from companion.registry import all_games
from companion.session import Session
from companion.table import Outcome, Table
from hardware.config import HardwareConfig
from hardware.rig import Rig
from hardware.speech import RecordingSpeaker, RecordingTones
from tests.blind import TableHands
from tests.blind_rig import enrolled
from ui import i18n

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "nl", "it", "ru", "de")
#: the most words a line may have (the team's standard), and the share of lines that must keep to it
MAX_WORDS = 12
WITHIN_SHARE = 0.95
#: a silent rig: mock pins, the simulated reader and ring, the Recording speaker, no sounds played
SILENT = HardwareConfig(pin_factory="mock", speech="none", sounds=False)


def heard_rig(table: Table) -> Rig:
    """The silent rig, standing for a table that hears the sounds too (the default): a step picked by the
    buttons ticks, and its echo is not said."""
    return Rig(SILENT, table, sounds=RecordingTones(audible=True))


@dataclass
class Heard:
    """Everything said in one game: `lines` (turn, text) in order — turn 0 is the setup — and, per input,
    the lines said in answer to it."""

    game: str
    language: str
    source: str  # "script" or "random game"
    #: the turns 1..typical are typical action turns (a script's TURNS; in a random game every turn)
    typical: int = 0
    lines: list[tuple[int, str]] = field(default_factory=list)
    answers: list[list[str]] = field(default_factory=list)

    @property
    def texts(self) -> list[str]:
        return [text for _turn, text in self.lines]

    def turns(self) -> dict[int, list[str]]:
        """The lines of each turn after the setup."""
        found: dict[int, list[str]] = {}
        for turn, text in self.lines:
            if turn > 0:
                found.setdefault(turn, []).append(text)
        return found


def words(text: str) -> int:
    return len(text.split())


def long_lines(heard: Heard) -> list[str]:
    return [text for text in heard.texts if words(text) > MAX_WORDS]


def said_twice(heard: Heard) -> list[tuple[str, str]]:
    """(line, earlier line) pairs where one input's answer says the same thing twice: a line equal to, or
    contained in, another line of the same answer (as whole words: "Move", the next item, is not in "Warrior moves")."""
    twice = []
    for answer in heard.answers:
        plain = [_plain(text) for text in answer]
        for i, line in enumerate(plain):
            for j, other in enumerate(plain):
                if i != j and line and ((line == other and j < i) or (line != other and f" {line} " in f" {other} ")):
                    twice.append((answer[i], answer[j]))
                    break
    return twice


def _plain(text: str) -> str:
    return re.sub(r"[^\w ]+", "", text.lower()).strip()


# ----------------------------------------------------------------------------------------- the scripts

def scripts() -> dict[str, ModuleType]:
    """Every game's blind script, by game id: tests/<game>/blind.py with the interface above."""
    found: dict[str, ModuleType] = {}
    for path in sorted(ROOT.glob("tests/*/blind.py")):
        name = f"tests.{path.parent.name}.blind"
        if name not in sys.modules:
            spec = importlib.util.spec_from_file_location(name, path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module  # its dataclasses look their module up
            spec.loader.exec_module(module)
        module = sys.modules[name]
        if all(hasattr(module, attr) for attr in ("GAME", "START", "TURNS", "tags", "player")):
            found[module.GAME.id] = module
    return found


def listen(game_id: str, language: str, seed: int = 3, length: int = 200, scan_board: bool = False) -> Heard:
    """The game `game_id` played in `language`: its blind script where it has one (`scan_board`: the
    player reads the board by its cards, as tests/blind.py's Player), else a random game."""
    script = scripts().get(game_id)
    with in_language(language):
        if script is not None:
            return _listen_to_script(script, language, scan_board)
        return _listen_to_walk(all_games()[game_id], language, seed, length)


class in_language:  # noqa: N801 - used as a context manager, like a function
    """The table's language inside, the one before after."""

    def __init__(self, code: str):
        self.code, self.before = code, i18n.current_language()

    def __enter__(self) -> None:
        i18n.set_language(self.code)

    def __exit__(self, *exc: object) -> None:
        i18n.set_language(self.before)


class _Ears:
    """Hears the rig's speaker after every outcome (the rig speaks first: it subscribed first)."""

    def __init__(self, heard: Heard, speaker: RecordingSpeaker):
        self.heard, self.speaker = heard, speaker
        self.turn = 0
        self._seen = 0

    def __call__(self, outcome: Outcome) -> None:
        said = self.speaker.texts()[self._seen:]
        self._seen += len(said)
        self.heard.answers.append(said)
        self.heard.lines += [(self.turn, text) for text in said]


def _listen_to_script(script: ModuleType, language: str, scan_board: bool = False) -> Heard:
    heard = Heard(script.GAME.id, language, "script", typical=len(script.TURNS))
    uids = script.tags()
    catalogue = enrolled(":memory:", script.GAME.id, uids)
    table = Table(Session(script.GAME, 1), catalogue)
    try:
        with heard_rig(table) as rig:
            assert isinstance(rig.speaker, RecordingSpeaker)
            ears = _Ears(heard, rig.speaker)
            table.subscribe(ears)
            table.command(script.START)
            options = {"scan_board": True} if scan_board else {}
            player = script.player(table, TableHands(table, uids), speaker=rig.speaker, **options)
            player.play(list(getattr(script, "DEAL", [])))
            for turn, requests in enumerate([*script.TURNS, *getattr(script, "MORE_TURNS", [])], start=1):
                ears.turn = turn
                player.play(requests)
    finally:
        catalogue.close()
    return heard


def _listen_to_walk(game: GameDefinition, language: str, seed: int, length: int) -> Heard:
    from companion.testing import walk

    heard = Heard(game.id, language, "random game")
    requests = walk(game, seed, length)
    table = Table(Session(game, seed))
    with heard_rig(table) as rig:
        assert isinstance(rig.speaker, RecordingSpeaker)
        ears = _Ears(heard, rig.speaker)
        table.subscribe(ears)
        acting: Any = None
        for request in requests:
            request = dict(request)
            by = Viewer.parse(request.pop("by", "table"))
            table.command(request, by)
            turn = table.session.turn
            if turn.status == "playing" and turn.acting != acting:
                acting = turn.acting
                ears.turn += 1
    heard.typical = ears.turn
    return heard
