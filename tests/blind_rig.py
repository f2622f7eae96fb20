"""A game's script (tests/<game>/blind.py) played hands-free through the real rig in simulation, and
the same game typed through `companion headless`: what every game's blind-table test compares.

The rig is real: gestures on gpiozero's mock pins (the companion's own gesture recogniser decides tap
or hold), cards on the simulated reader, the real SQLite card catalogue and event store; the Recording
speaker is the only fake. Kept apart from tests/blind.py, which the gesture benchmark also runs on
older checkouts.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.cards import CardCatalogue
from companion.contract import TABLE
from companion.headless import Headless
from companion.messages import render
from companion.records import Record
from companion.ring import ring_json
from companion.sealing import Sealer, store_key, unsealed
from companion.session import Session
from companion.spoken import spoken_lines, verbalised
from companion.store import EventStore
from companion.table import Table
from hardware.config import HardwareConfig
from hardware.rig import Rig
from tests.blind import Player, RigHands, TableHands

#: quick gestures, with room for a busy machine: a tap stalled most of a second between press and release (three
#: test workers and a browser on two cores: one stalled past 400 ms) is still a tap
FAST = HardwareConfig(pin_factory="mock", debounce_ms=5, double_ms=60, hold_ms=1000, lift_ms=100, sounds=False)


def enrolled(path: Path | str, game_id: str, tags: dict[str, list[str]]) -> CardCatalogue:
    """A card catalogue in a real SQLite file (or ":memory:") with every tag of `tags` enrolled."""
    catalogue = CardCatalogue(path)
    for card, uids in tags.items():
        for uid in uids:
            catalogue.enrol(uid, game_id, card)
    return catalogue


def stored(store: EventStore, game: Any, game_id: int) -> list[tuple[Any, ...]]:
    """The saved steps as the game reads them back: the sealed secrets opened (each seal has its own
    random nonce, so two files holding one game differ byte for byte)."""
    key = store_key(store, create=False)
    sealer = Sealer(key) if key is not None else None

    def opened(data: dict[str, Any], kinds: Mapping[str, type[Record]], tag: str) -> dict[str, Any]:
        record = kinds.get(data.get(tag, ""))
        return unsealed(data, record.visibility, lambda: sealer) if record and sealer else data

    return [(s.position, opened(s.command, game.commands, "cmd"), [opened(e, game.events, "type") for e in s.events], s.description, s.undone)
            for s in store.steps(game_id)]


@dataclass
class BlindGame:
    """One script played both ways: by gestures and scans through the rig, and typed."""

    session: Session
    typed: Session
    player: Player
    store: EventStore
    typed_store: EventStore

    def close(self) -> None:
        self.store.close()
        self.typed_store.close()


def play_both_ways(blind: Any, script: list[dict[str, Any]], tmp_path: Path, catalogue: CardCatalogue,
                   config: HardwareConfig | None = FAST, start: dict[str, Any] | None = None, seed: int = 1,
                   **options: Any) -> BlindGame:
    """`blind`'s START (or `start`) typed (the setup screen), then `script` by the rig's buttons and
    reader (a request `by` a seat: that seat's, which `config` must give it; no config: straight into
    `Table.button` and `Table.card`, for a long walk); and the same typed through headless. `seed`:
    the game's randomness (the companion's own dice)."""
    start = blind.START if start is None else start
    store = EventStore(tmp_path / "buttons.db")
    session = Session.new(blind.GAME, store, seed)
    table = Table(session, catalogue)
    assert table.command(start).kind == "applied"  # the setup wizard's start; from here on, no screen
    if config is None:
        player = blind.player(table, TableHands(table, blind.tags()), **options)
        player.play(script)
    else:
        with Rig(config, table) as rig:
            player = blind.player(table, RigHands(rig, blind.tags()), speaker=rig.speaker, **options)
            player.play(script)
    typed_store = EventStore(tmp_path / "typed.db")
    typed = Session.new(blind.GAME, typed_store, seed)
    headless = Headless(typed)
    for request in [start, *blind.typed(script)]:
        reply = headless.handle(request)
        assert reply["ok"], (request, reply)
    return BlindGame(session, typed, player, store, typed_store)


def assert_the_same_game(game: BlindGame) -> None:
    """The game played hands-free is the typed game: the view, the log, the ring, the redo list and every saved step."""
    session, typed = game.session, game.typed
    assert session.public_view().to_json() == typed.public_view().to_json()
    assert session.log(TABLE) == typed.log(TABLE)
    assert [step.command for step in session.redo_stack] == [step.command for step in typed.redo_stack]
    assert ring_json(session.ring()) == ring_json(typed.ring())
    assert stored(game.store, session.game, session.game_id) == stored(game.typed_store, typed.game, typed.game_id)


def assert_followed_by_ear(game: BlindGame) -> set[str]:
    """Every gesture and scan was answered aloud — the item pointed at (a question's label only with
    its first choice), or what the step did and its alerts (what only repeats the item picked by ear
    is left out); returns every line said."""
    player, session = game.player, game.session
    assert player.screen_only == [], f"steps only the screen could send: {player.screen_only}"
    assert len(player.heard) == len(player.gestures) + len(player.scans)
    for what, outcome, said in player.heard:
        assert outcome.kind in ("selected", "applied", "undone", "redone"), (what, outcome)
        assert said, f"{what}: nothing was said"
        if outcome.kind == "selected":
            assert verbalised(render(outcome.message)).endswith(said[0]), (what, said)
        elif outcome.kind == "undone":
            assert [f"Undone: {render(session.describe(step))}".split("; ")[0] for step in outcome.steps] == said[:1], (what, said)
        else:
            for step in outcome.steps:
                before, speak = session.state_before(step), session.game.speak
                result = speak(before, step.events, outcome.picked) if speak else [session.describe(step, TABLE)]
                for line in [*session.game.announcements(before, step.events), *result]:
                    for part in spoken_lines(render(line)):
                        assert any(_plain(part) in _plain(heard) for heard in said), (what, part, said)
    return {line for _what, _outcome, said in player.heard for line in said}


def _plain(line: str) -> str:
    """A line as heard: its words, without case or punctuation ("Ann wins by 4." is in "Kill: Ann wins by 4")."""
    return " ".join(re.sub(r"[^\w ]+", " ", line.lower()).split())
