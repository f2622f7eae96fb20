"""Small builders for the Dungeon Twister rules tests: a started table set up exactly as a test needs.

Red (Ann) and blue (Bob), red begins. By default both starting lines hold the Troll, the Warrior,
the Thief and the Cleric, and the other characters and the objects lie face down in the rooms (they
come into play with `appear(...)`). `turn(s, card)` plays an action card for whoever's turn it is.
The game defaults to choices made at the table; `start` asks for seat screens (`SEAT_MODE`), where the
lines and combat cards are secrets, unless the settings given say otherwise.
"""
from __future__ import annotations

from typing import Any

from companion.contract import seat_viewer
from companion.games.dungeontwister import GAME
from companion.session import Session, Step
from companion.settings import merged
from companion.testing import do, line, prompt, refused, said, view  # noqa: F401 - the rules tests take them from here

RED, BLUE = seat_viewer("red"), seat_viewer("blue")
LINE = ("troll", "warrior", "thief", "cleric")
#: each seat's phone chooses its line and combat cards in secret; TABLE_MODE: the table enters them once revealed
SEAT_MODE = {"seats": {"secret_choices": "seats"}}
TABLE_MODE = {"seats": {"secret_choices": "table"}}


def seat_mode(settings: dict[str, Any] | None = None) -> dict[str, Any]:
    """`settings` for a game on seat screens (what a test of secrets needs: the default is the table)."""
    return merged(SEAT_MODE, settings)


def start(*, lineup: dict[str, tuple[str, ...]] | None = None, settings: dict | None = None, first: str = "red",
          seed: int = 7, session: Session | None = None) -> Session:
    """A started game past the starting lines (both laid open), red to play an action card; on seat
    screens unless `settings` say otherwise."""
    session = session or Session(GAME, seed)
    lines = lineup or {"red": LINE, "blue": LINE}
    session.apply({"cmd": "start", "players": ["Ann", "Bob"], "first": first, "lineup": {c: list(v) for c, v in lines.items()},
                   "settings": seat_mode(settings)})
    return session


def red_to_act(card: int = 2, **setup: Any) -> Session:
    """Red spends AP: in turn 1 with the 2 it must open with, or in turn 3 with a 3."""
    s = start(**setup)
    if card != 2:
        for opening in (2, 2):
            turn(s, opening)
            end_turn(s)
    turn(s, card)
    return s


def player(session: Session, colour: str) -> dict[str, Any]:
    return next(p for p in view(session)["players"] if p["colour"] == colour)


def character(session: Session, token: str) -> dict[str, Any]:
    return next(c for c in view(session)["characters"] if c["id"] == token)


def obj(session: Session, token: str) -> dict[str, Any]:
    return next(o for o in view(session)["objects"] if o["id"] == token)


def status(session: Session, token: str) -> str:
    return character(session, token)["status"]


def turn(session: Session, card: int) -> None:
    """The active player plays an action card."""
    do(session, "play_card", card=card)


def end_turn(session: Session) -> None:
    do(session, "end_turn")


def appear(session: Session, *tokens: str, by: str | None = None) -> None:
    """The active player spends 1 AP revealing a room in which `tokens` lay face down."""
    mover = by or f"{session.state.active}:troll"
    do(session, "reveal", character=mover, appear=list(tokens))


def fight(session: Session, attackers: list[str], defenders: list[str], cards: dict[str, int]) -> Step:
    """Declare a fight and let each seat choose its card; returns the step that laid them open."""
    do(session, "attack", attackers=attackers, defenders=defenders)
    step = None
    for colour, card in cards.items():
        step = do(session, "choose", by=seat_viewer(colour), card=card)
    assert step is not None
    return step


def ap(session: Session) -> int:
    return view(session)["ap"]


def active(session: Session) -> str:
    return session.state.active
