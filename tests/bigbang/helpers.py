"""Small builders for the Big Bang rules tests: a started table set up exactly as a test needs.

Locations are numbered 1-6: 1 and 2 draw from the "work" deck, 3 and 4 from "home", 5 and 6 from
"fun" (data/default.toml). The default solution is A..G in rune order and the board differs from it
by one swap (A and B), so a gate attempt fails with 5 letters right until Sheldon swaps them.
"""
from __future__ import annotations

import copy
from typing import Any

from companion.games.bigbang import GAME
from companion.games.bigbang.config import default_settings
from companion.session import Session
from companion.testing import active, do, line, phase, prompt, refused, status, view  # noqa: F401 - the rules tests take them from here

PLAYERS = ("Ann", "Bob", "Cy")
RUNES = ("Fehu", "Uruz", "Thurisaz", "Ansuz", "Raidho", "Kenaz", "Gebo")
SOLUTION = ("A", "B", "C", "D", "E", "F", "G")
BOARD = ("B", "A", "C", "D", "E", "F", "G")  # A and B swapped: 5 of 7 right
#: no enemy anywhere: Stuart (cube), Whiteboard (moon), Thai takeout (cube), Fun with Flags (moon),
#: Captain Sweatpants (cube), Green Lantern lamp (moon/cube)
QUIET = ("stuart", "whiteboard", "takeout", "flag", "captain-sweatpants", "lantern")
HANDS = {
    "Ann": ("penny", "penny", "leonard"),
    "Bob": ("raj", "sheldon", "howard"),
    "Cy": ("penny", "howard", "sheldon"),
}

#: a treasure worth four cubes, for tests that need a full living room quickly (cards are data)
CRATE = {"id": "crate", "name": "Crate of cubes", "kind": "treasure", "reward": "cube+cube+cube+cube", "deck": "work", "count": 2}


def settings_with_cards(*extra: dict, base: dict | None = None) -> dict:
    """Settings whose card list is the default one plus `extra` cards (a `cards` list replaces the whole list)."""
    settings = copy.deepcopy(base or {})
    settings["cards"] = default_settings()["cards"] + [dict(card) for card in extra]
    return settings


def _merged(into: dict, extra: dict) -> dict:
    out = copy.deepcopy(into)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merged(out[key], value)
        else:
            out[key] = value
    return out


def start(
    *,
    hands: dict[str, tuple[str, ...] | list[str]] | None = None,
    locations: tuple[str, ...] | None = QUIET,
    board: tuple[str, ...] | None = BOARD,
    solution: tuple[str, ...] | None = SOLUTION,
    settings: dict | None = None,
    cards_from: str = "table",
    seed: int = 7,
    session: Session | None = None,
    master_pin: str | None = None,
) -> Session:
    """A started game with the chosen hands (a player not named keeps HANDS[player]), locations, board
    and solution. `hands=COMPANION_DEALS` lets the companion deal; `locations=None`, `board=None`,
    `solution=None` let it lay the locations, lay the letters, draw the secret."""
    session = session or Session(GAME, seed)
    chosen = None if hands is COMPANION_DEALS else {p: tuple((hands or {}).get(p, HANDS[p])) for p in PLAYERS}
    all_settings = _merged(settings or {}, {"table": {"cards_from": cards_from}})
    command: dict[str, Any] = {"cmd": "start", "players": list(PLAYERS), "settings": all_settings}
    if chosen is not None:
        command["hands"] = {p: list(cards) for p, cards in chosen.items()}
    if locations is not None:
        command["locations"] = list(locations)
    if board is not None:
        command["board"] = list(board)
    if solution is not None:
        command["solution"] = list(solution)
    if master_pin is not None:
        command["master_pin"] = master_pin
    session.apply(command)
    return session


COMPANION_DEALS: dict = {}  # sentinel for start(hands=...): let the companion deal the starting hands


def odds(session: Session) -> list[dict[str, Any]]:
    return session.analyse("odds")


def hand(session: Session, player: str) -> dict[str, int]:
    return next(p["hand"] for p in view(session)["players"] if p["name"] == player)


def card_at(session: Session, location: int) -> str | None:
    card = view(session)["locations"][location - 1]["card"]
    return None if card is None else card["id"]


def where(session: Session, character: str) -> int | None:
    return view(session)["characters"][character]


def draw(session: Session, *cards: str, discard: tuple[str, ...] = ()) -> None:
    """Announce len(cards) cards and reveal them one by one (table mode)."""
    do(session, "draw", count=len(cards), discard=list(discard))
    for card in cards:
        do(session, "reveal", card=card)


def place(session: Session, **cards_at: str) -> None:
    """Lay location cards on empty locations: place(session, l1="kripke", l3="amy")."""
    for key, card in cards_at.items():
        do(session, "place", location=int(key[1:]), card=card)


def end_turn(session: Session, *cards: str, refill: dict[int, str] | None = None) -> None:
    """Finish the active player's turn: stop acting, draw `cards` (default one Penny), lay the refills."""
    if session.state.phase == "actions":
        do(session, "end_actions")
    elif session.state.phase == "choose":
        do(session, "pass")
    draw(session, *(cards or ("penny",)))
    for location, card in (refill or {}).items():
        do(session, "place", location=location, card=card)


def find_key(data: Any, key: str) -> bool:
    """Does `key` occur as a dict key anywhere in a nested JSON-like value?"""
    if isinstance(data, dict):
        return key in data or any(find_key(v, key) for v in data.values())
    if isinstance(data, (list, tuple)):
        return any(find_key(v, key) for v in data)
    return False
