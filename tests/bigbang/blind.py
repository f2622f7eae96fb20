"""Big Bang played by a player who knows the menu by heart (tests/blind.py): the script of a typical
game, and which card's scan may send each command.

The script is what the same game would be typed as (`companion headless` commands). A card that means
the command is scanned: a drawn card, a location card laid, the artefact drawn; with `scan_board`, the
card lying where a move goes and the letter tile a question asks for.

Used by tests/bigbang/test_blind_table.py (through the table, and through the real rig's gpiozero mock
pins and simulated reader) and by benchmarks/bench_gestures.py (gestures per turn).
"""
from __future__ import annotations

from typing import Any

from companion.games.bigbang import GAME
from companion.table import Table
from tests import blind
from tests.blind import Player, RigHands, TableHands, per_turn

__all__ = ["DEAL", "GAME", "MORE_TURNS", "START", "TURNS", "RigHands", "Table", "TableHands", "per_turn", "player", "tags", "typed"]

PLAYERS = ["Ann", "Bob", "Cy"]
START = {"cmd": "start", "players": PLAYERS, "solution": ["A", "B", "C", "D", "E", "F", "G"],
         "board": ["B", "A", "C", "D", "E", "F", "G"]}


def tags() -> dict[str, list[str]]:
    """A few tags for every Big Bang card: {card id: [uid, ...]}, as a table would have enrolled them."""
    return blind.tags(GAME)


def card_for(table: Table, request: dict[str, Any], scan_board: bool) -> str | None:
    """The card whose scan may send `request`: a drawn or laid card, the artefact drawn, and — when
    the board is read by its cards — the card lying where a move goes."""
    if request["cmd"] in ("reveal", "place"):
        return str(request["card"])
    if "artefact" in request:
        return f"artefact:{request['artefact']}"
    if scan_board and request["cmd"] == "move":
        card: str | None = table.session.state.locations[request["location"] - 1]  # None: an empty place
        return card
    return None


def player(table: Table, hands: TableHands, **options: Any) -> Player:
    """A player of this script: `options` as Player's (speaker, scan_board)."""
    return Player(table, hands, card_for=card_for, **options)


def _reveal(card: str) -> dict[str, Any]:
    return {"cmd": "reveal", "card": card}


def _place(location: int, card: str) -> dict[str, Any]:
    return {"cmd": "place", "location": location, "card": card}


#: The real deal: each player's three cards, then the six location cards (1, 2: work deck; 3, 4: home; 5, 6: fun).
DEAL = [
    _reveal("penny"), _reveal("penny"), _reveal("howard"),
    _reveal("raj"), _reveal("leonard"), _reveal("sheldon"),
    _reveal("sheldon"), _reveal("howard"), _reveal("leonard"),
    _place(1, "wil-wheaton-work"), _place(2, "stuart"), _place(3, "flag"), _place(4, "amy"), _place(5, "wil-wheaton-fun"),
    _place(6, "lantern"),
]

#: Seven ordinary turns, as typed: the moves a table makes most (a character's cards, its special
#: action, a move, a fight or a card taken, a draw), with a red moon and an artefact from the real deck.
TURNS = [
    # 1 Ann: Penny's ring step, to Caltech, beats Wil Wheaton; draws 2; Barry Kripke refills Caltech
    [{"cmd": "play", "character": "penny", "cards": 2}, {"cmd": "special"}, {"cmd": "move", "location": 1}, {"cmd": "act", "die": 3},
     {"cmd": "draw", "count": 2}, _reveal("raj"), _reveal("leonard"), _place(1, "kripke")],
    # 2 Bob: Raj to the Cheesecake Factory
    [{"cmd": "play", "character": "raj", "cards": 1}, {"cmd": "move", "location": 2}, {"cmd": "draw", "count": 1}, _reveal("penny")],
    # 3 Cy: Howard beats Wil Wheaton at the Comic Center from afar and takes the moon, then goes to Apartment 4A
    [{"cmd": "play", "character": "howard", "cards": 1}, {"cmd": "special", "location": 5, "die": 2, "choice": "moon"},
     {"cmd": "move", "location": 3}, {"cmd": "draw", "count": 2}, _reveal("sheldon"), _reveal("penny"), _place(5, "captain-sweatpants")],
    # 4 Ann: Leonard sends Penny to the laundry room and follows her
    [{"cmd": "play", "character": "leonard", "cards": 1}, {"cmd": "special", "target": "penny", "location": 4},
     {"cmd": "move", "location": 4}, {"cmd": "draw", "count": 1}, _reveal("howard")],
    # 5 Bob: Penny's ring step, Penny to the Cheesecake Factory; draws a red moon
    [{"cmd": "play", "character": "penny", "cards": 1}, {"cmd": "special"}, {"cmd": "move", "location": 2},
     {"cmd": "draw", "count": 2}, _reveal("raj"), _reveal("red_moon")],
    # 6 Cy, under the red moon: Sheldon swaps A and B, takes the lamp's moon at the Stairwell; the red moon strikes
    [{"cmd": "play", "character": "sheldon", "cards": 2}, {"cmd": "special", "a": "A", "b": "B"}, {"cmd": "move", "location": 6},
     {"cmd": "act", "choice": "moon"}, {"cmd": "draw", "count": 1}, _reveal("howard"), _place(6, "comic-book")],
    # 7 Ann: Howard beats Barry Kripke from afar (the clue artefact comes off the real deck), takes the flag, goes to the Comic Center
    [{"cmd": "play", "character": "howard", "cards": 2}, {"cmd": "special", "location": 1, "die": 4, "artefact": "clue"}, {"cmd": "act"},
     {"cmd": "move", "location": 5}, {"cmd": "draw", "count": 2}, _reveal("sheldon"), _reveal("leonard"),
     _place(1, "whiteboard"), _place(3, "takeout")],
]

#: Five more turns that use what a screen's dialogs used to be needed for: an artefact scanned off the
#: real deck, the other players' help cards and the re-roll in a fight, the Sword of Billy Sparks, a clue
#: owed; an undo, two quick BACK taps (which must only walk the menu) and a redo; the game ends with a
#: step undone (so the redo stack is compared too).
MORE_TURNS = [
    # 8 Bob: Raj takes Stuart's cube at the Cheesecake Factory
    [{"cmd": "play", "character": "raj", "cards": 1}, {"cmd": "act"}, {"cmd": "draw", "count": 2}, _reveal("raj"), _reveal("raj"),
     _place(2, "lab-equipment")],
    # 9 Cy: Leonard takes Amy's artefact: the re-roll, its card scanned off the real deck
    [{"cmd": "play", "character": "leonard", "cards": 1}, {"cmd": "act", "artefact": "reroll"}, {"cmd": "draw", "count": 2},
     _reveal("penny"), _reveal("penny"), _place(4, "billy-sparks")],
    # 10 Ann: Leonard fights Billy Sparks (strength 5) with Bob's help card; rolls 3, re-rolls 4: the Sword and a clue
    [{"cmd": "play", "character": "leonard", "cards": 1}, {"cmd": "act", "helpers": {"Bob": 1}, "die": 3, "reroll": 4},
     {"cmd": "draw", "count": 2}, _reveal("howard"), _reveal("howard"), _place(4, "wil-wheaton-home")],
    # 11 Bob: Raj copies Penny's ring step, goes to the laundry room, asks for the clue owed, beats Wil Wheaton with the Sword
    [{"cmd": "play", "character": "raj", "cards": 2}, {"cmd": "special", "copy": "penny"}, {"cmd": "move", "location": 4},
     {"cmd": "ask", "letter": "C"}, {"cmd": "act", "sword": True}, {"cmd": "draw", "count": 1}, _reveal("sheldon"),
     _place(4, "wil-wheaton-home")],
    # 12 Cy: plays Penny, takes it back, walks up two items, puts it back again; Penny takes the Thai takeout
    [{"cmd": "play", "character": "penny", "cards": 2}, {"cmd": "undo"}, {"taps": ["back", "back"]}, {"cmd": "redo"},
     {"cmd": "move", "location": 3}, {"cmd": "act"}, {"cmd": "draw", "count": 1}, _reveal("leonard"), _place(3, "mrs-wolowitz"),
     {"cmd": "undo"}],
]


def typed(script: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The script as it is typed: its commands (undo and redo included), not the taps that only walk."""
    return [line for line in script if "cmd" in line]
