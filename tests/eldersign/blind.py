"""Elder Sign played by a player who knows the menu by heart (tests/blind.py): the script of a typical
game, and which card's scan may send each command.

The script is what the same game would be typed as (`companion headless` commands), written from the
rules: two investigators against Yig, eight turns — moves to adventures, rolls, completed tasks, a die
lost, a clue's reroll, a spell and a focus holding dice, Mandy Thompson's daily reroll and Carolyn
Fern's daily heal, a success, a failure and a Terror that ends an attempt, the Entrance, a stat lost to
a card's text, monsters appearing and placed, two midnights with a Mythos card and an adventure's
midnight loss. `START` and `TURNS` play it the default way: real dice, the table telling only what each
roll did (setting table.dice_entry = "results").

The same game two other ways (`VARIANTS`): real dice with their faces counted (`FACES_START`,
`FACES_TURNS`: setting table.dice_entry = "faces"; each roll said face by face, in the dice's face order
1, 2, 3 investigation, Lore, Peril, Terror, the order the buttons' count of each face sends them in:
companion/games/eldersign/entry.py; where the table follows the advice, the command is its best plan),
and the companion's own dice (`OWN_DICE_START`, `OWN_DICE_TURNS`: setting table.companion_dice; every
roll is the companion's, and the table follows the advice).

A card that means the command is scanned: the adventure card where the investigator moves (and, where
it stands, the attempt there), a card laid, the Mythos card drawn, the monster marker drawn (then the
adventure card it goes on).

Used by tests/eldersign/test_blind_table.py (through the real rig's gpiozero mock pins and simulated
reader), tests/eldersign/test_results_told.py and benchmarks/bench_gestures.py (gestures per turn).
"""
from __future__ import annotations

from typing import Any

from companion.games.eldersign import GAME
from companion.inputs import Option
from companion.table import Table
from tests import blind
from tests.blind import Player, RigHands, TableHands, per_turn, plain_answers

__all__ = ["DEAL", "FACES_START", "FACES_TURNS", "GAME", "OWN_DICE_SEED", "OWN_DICE_START", "OWN_DICE_TURNS", "START", "TURNS", "VARIANTS",
           "RigHands", "Table", "TableHands", "per_turn", "player", "tags", "typed"]

PLAYERS = ["Ann", "Bob"]
#: the museum as the table laid it, named in the setup; the table's own file knows one monster marker
START: dict[str, Any] = {
    "cmd": "start", "players": PLAYERS, "investigators": ["mandy-thompson", "carolyn-fern"],
    "adventures": ["did-you-hear-that", "hallway-on-fire", "the-archives", "the-hedge-maze", "dont-fall-asleep", "something-has-broken-free"],
    "settings": {"monsters": [{"id": "our-cultist", "name": "Cultist", "task": "PERIL"}]},
}
#: nothing to deal after the start: the investigators and the museum were named in it
DEAL: list[dict[str, Any]] = []


def tags() -> dict[str, list[str]]:
    """A few tags for every Elder Sign card, and for the table's own monster marker: {card id: [uid, ...]}."""
    return {**blind.tags(GAME), "our-cultist": [f"0c00{copy:02x}b1" for copy in range(blind.TAGS_PER_CARD)]}


def card_for(table: Table, request: dict[str, Any], scan_board: bool) -> str | None:
    """The card whose scan may send `request`: the adventure card (or the Entrance card) moved to, the
    adventure card attempted where the investigator stands, an adventure laid, the Mythos card drawn,
    the monster marker placed."""
    kind = request["cmd"]
    if kind == "move":
        return str(request["to"])  # an adventure card, or the Entrance card
    if kind == "attempt" and set(request) == {"cmd"}:
        return table.session.state.investigator().where
    if kind == "lay":
        return str(request["adventure"])
    if kind == "mythos":
        return str(request["card"])
    if kind == "place_monster" and "monster" in request:
        return str(request["monster"])
    return None


def answers(option: Option, request: dict[str, Any], game: Any) -> dict[str, Any] | None:
    """The answers that send `request`: for the faces said, the count of each face (entry.py); for a
    task done with results told, the held dice on it and the rolled dice (asked only where the task
    can take more than one count)."""
    if option.command == {"cmd": "roll"} and option.compose is not None and request.get("cmd") == "roll" and not request.get("virtual"):
        from companion.games.eldersign.entry import answers_for  # here: the script also plays on code from before it (the benchmark's "before")

        return answers_for(request)
    if option.command.get("cmd") == "task_done" and option.compose is not None:
        answered = {**request, "held": list(request.get("held", []))}
        return answered if request.get("cmd") == "task_done" and option.request(answered) == request else None
    return plain_answers(option, request, game)


def player(table: Table, hands: TableHands, **options: Any) -> Player:
    """A player of this script: `options` as Player's (speaker, scan_board, scanning, card_for). The first
    turn is on from the start (the start names the museum: no deal)."""
    options.setdefault("card_for", card_for)
    return Player(table, hands, answers=answers, turn=1, **options)


def _roll(*green: str) -> dict[str, Any]:
    return {"cmd": "roll", "green": list(green)}


def _complete(task: int, *dice: int, held: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"cmd": "complete", "task": task, "dice": list(dice), **({"held": list(held)} if held else {})}


def _discard(die: int) -> dict[str, Any]:
    return {"cmd": "discard", "die": die}


def _focus(die: int) -> dict[str, Any]:
    return {"cmd": "focus", "die": die}


def _spell(die: int) -> dict[str, Any]:
    return {"cmd": "spell", "die": die}


def _clue(*dice: int) -> dict[str, Any]:
    return {"cmd": "clue", "dice": list(dice)}


def _move(to: str) -> dict[str, Any]:
    return {"cmd": "move", "to": to}


ATTEMPT: dict[str, Any] = {"cmd": "attempt"}
CLOCK: dict[str, Any] = {"cmd": "clock"}


def _lay(adventure: str) -> dict[str, Any]:
    return {"cmd": "lay", "adventure": adventure}


def _monster(adventure: str) -> dict[str, Any]:
    return {"cmd": "place_monster", "adventure": adventure, "monster": "our-cultist"}


def _mythos(card: str) -> dict[str, Any]:
    return {"cmd": "mythos", "card": card}


def _done(task: int, dice: int | None = None, held: tuple[str, ...] = ()) -> dict[str, Any]:
    """A task done, and how many rolled dice went on it (the adventure's last task: not asked)."""
    return {"cmd": "task_done", "task": task, **({"dice": dice} if dice is not None else {}), **({"held": list(held)} if held else {})}


LOSE: dict[str, Any] = {"cmd": "lose_die"}
TERROR: dict[str, Any] = {"cmd": "terror"}

#: Eight turns as typed (Ann: Mandy Thompson, Bob: Carolyn Fern; Yig's doom track has monster spaces 2,
#: 4, 6), with real dice and results told (the default, setting table.dice_entry = "results"): the table
#: resolves each roll of FACES_TURNS on the cardboard and says only what it did — the task done and how
#: many rolled dice went on it, a die lost, held (a focus, a spell) or the Terror, a clue's reroll, Mandy
#: Thompson's reroll — and the game ends as the faces said it does.
TURNS: list[list[dict[str, Any]]] = [
    [_move("did-you-hear-that"), ATTEMPT, _done(2, 2), _done(1), _monster("dont-fall-asleep"), _lay("the-curator"), CLOCK],
    [_move("hallway-on-fire"), ATTEMPT, TERROR, LOSE, _done(1, 1), _done(2), _lay("the-gift-shop"), CLOCK],
    [_move("the-hedge-maze"), ATTEMPT, {"cmd": "reroll"}, _done(1, 2), {"cmd": "hold", "slot": "spell"}, LOSE, LOSE, LOSE, CLOCK],
    [_move("something-has-broken-free"), ATTEMPT, TERROR, CLOCK, _mythos("example-dark-ritual")],
    [_monster("the-curator"), {"cmd": "adjust", "what": "sanity", "amount": -1}, _move("dont-fall-asleep"), ATTEMPT,
     {"cmd": "daily", "seat": "Ann"}, _done(2, 2), _done(1, 1), _done(3), _lay("the-security-office"), CLOCK],
    [{"cmd": "daily", "target": "Ann"}, _move("entrance"), {"cmd": "entrance", "action": "first_aid", "what": "stamina"}, CLOCK],
    [_move("the-gift-shop"), ATTEMPT, _done(1, 2), {"cmd": "hold", "slot": "spell"}, _done(2), _lay("the-guided-tour"), CLOCK],
    [_move("the-hedge-maze"), ATTEMPT, {"cmd": "hold", "slot": "own"}, LOSE, _done(1, 2), _done(2),
     _lay("the-loading-dock"), _monster("the-archives"), CLOCK, _mythos("example-stars-align")],
]


#: the same table with real dice, the faces of every roll said (setting table.dice_entry = "faces"): the
#: same eight turns, each roll's faces counted by buttons and the tasks completed with the dice named
FACES_START: dict[str, Any] = {**START, "settings": {**START["settings"], "table": {"dice_entry": "faces"}}}
FACES_TURNS: list[list[dict[str, Any]]] = [
    # 1 Ann: Did You Hear That? (PERIL | PERIL,PERIL) in two rolls; its reward brings a monster; a new card laid
    [_move("did-you-hear-that"), ATTEMPT, _roll("inv1", "inv2", "lore", "peril", "peril", "terror"), _complete(2, 4, 5),
     _roll("inv1", "inv3", "lore", "peril"), _complete(1, 4), _monster("dont-fall-asleep"), _lay("the-curator"), CLOCK],
    # 2 Bob: Hallway on Fire (PERIL > PERIL): no Peril, a die discarded and the Terror costs a stamina; then two Perils
    [_move("hallway-on-fire"), ATTEMPT, _roll("inv1", "inv1", "inv2", "inv3", "lore", "terror"), _discard(5),
     _roll("inv2", "inv3", "lore", "peril", "peril"), _complete(1, 4), _roll("inv1", "inv2", "lore", "peril"), _complete(2, 4),
     _lay("the-gift-shop"), CLOCK],
    # 3 Ann: The Hedge Maze (INV:2,PERIL | PERIL,PERIL): a clue rerolls all, a task done, a spell holds a Peril; she fails and stays there
    [_move("the-hedge-maze"), ATTEMPT, _roll("inv1", "inv1", "inv2", "lore", "terror", "terror"), _clue(1, 2, 3, 4, 5, 6),
     _roll("inv1", "inv3", "lore", "peril", "terror", "terror"), _complete(1, 2, 4), _roll("inv2", "lore", "peril", "terror"),
     _spell(3), _discard(2), _roll("inv1", "lore"), _discard(2), _roll("inv3"),
     _discard(1), CLOCK],
    # 4 Bob: Something Has Broken Free: a lone Terror ends the attempt (its terror effect); midnight: the Hedge Maze
    #   takes a stamina from Ann; the Mythos card adds two doom tokens: a monster appears
    [_move("something-has-broken-free"), ATTEMPT, _roll("inv1", "inv2", "inv3", "lore", "lore", "terror"), {"cmd": "give_up"}, CLOCK,
     _mythos("example-dark-ritual")],
    # 5 Ann: the monster placed; a card's text costs her a sanity; Don't Fall Asleep with her daily reroll of two dice
    [_monster("the-curator"), {"cmd": "adjust", "what": "sanity", "amount": -1}, _move("dont-fall-asleep"), ATTEMPT,
     _roll("inv1", "inv2", "lore", "peril", "terror", "terror"), {"cmd": "daily", "seat": "Ann", "dice": [1, 2]}, _roll("peril", "terror"),
     _complete(2, 2, 5), _roll("inv3", "lore", "peril", "terror"), _complete(1, 4), _roll("inv1", "lore", "peril"), _complete(3, 3),
     _lay("the-security-office"), CLOCK],
    # 6 Bob: Carolyn Fern's daily heal gives Ann her sanity back; first aid at the Entrance
    [{"cmd": "daily", "target": "Ann"}, _move("entrance"), {"cmd": "entrance", "action": "first_aid", "what": "stamina"}, CLOCK],
    # 7 Ann: The Gift Shop (INV:3 > LORE,INV:3): a spell keeps a Lore after the first task
    [_move("the-gift-shop"), ATTEMPT, _roll("inv1", "inv2", "lore", "peril", "terror", "terror"), _complete(1, 1, 2), _spell(1),
     _roll("inv1", "inv3", "lore"), _complete(2, 2, held=("spell:1",)), _lay("the-guided-tour"), CLOCK],
    # 8 Bob: The Hedge Maze: a focus holds a Peril until it fills the last task; a monster; midnight and a Mythos card
    [_move("the-hedge-maze"), ATTEMPT, _roll("inv1", "lore", "lore", "peril", "terror", "terror"), _focus(4),
     _discard(2), _roll("inv2", "lore", "peril", "terror"), _complete(1, 1, 3), _roll("inv1", "peril"), _complete(2, 2, held=("own",)),
     _lay("the-loading-dock"), _monster("the-archives"), CLOCK, _mythos("example-stars-align")],
]

#: the same table with the companion's own dice (setting table.companion_dice): it rolls every die as
#: soon as it is due, and the table follows the advice. Its faces come from the game's seed: seed 4 is
#: the first from 1 up whose eight turns keep both investigators alive (1-3 devour Carolyn Fern early).
OWN_DICE_SEED = 4
OWN_DICE_START: dict[str, Any] = {**START, "settings": {**START["settings"], "table": {"companion_dice": True}}}
OWN_DICE_TURNS: list[list[dict[str, Any]]] = [
    [_move("did-you-hear-that"), ATTEMPT, _complete(1, 5), _clue(1, 2, 3, 5), _focus(4), _discard(2), _discard(2), _discard(2),
     _complete(2, 1, held=("own",)), _monster("hallway-on-fire"), _lay("the-curator"), CLOCK],
    [_move("hallway-on-fire"), ATTEMPT, _complete(1, 3), _complete(3, 1), _complete(2, 2), _lay("the-gift-shop"), CLOCK],
    [_move("the-hedge-maze"), ATTEMPT, _complete(2, 2, 3), _spell(2), _complete(1, 1, held=("spell:1",)), _monster("the-archives"),
     _lay("the-security-office"), CLOCK],
    [_move("something-has-broken-free"), ATTEMPT, _complete(2, 3, 6), {"cmd": "give_up"}, CLOCK, _mythos("example-dark-ritual")],
    [_monster("dont-fall-asleep"), {"cmd": "adjust", "what": "sanity", "amount": -1}, _move("dont-fall-asleep"), ATTEMPT, _complete(1, 5),
     _complete(3, 5), _discard(1), _focus(3), _discard(2), _complete(2, 1, held=("own",)), _lay("the-guided-tour"), CLOCK],
    [{"cmd": "daily", "target": "Ann"}, _move("entrance"), {"cmd": "entrance", "action": "first_aid", "what": "stamina"}, CLOCK],
    [_move("the-gift-shop"), ATTEMPT, _clue(1, 2, 3, 4, 5, 6), _complete(1, 3), _spell(2), _focus(2), _discard(1), _complete(2, held=("spell:1", "own")),
     _monster("something-has-broken-free"), _lay("the-loading-dock"), CLOCK],
    [_move("the-guided-tour"), ATTEMPT, _complete(1, 2), _complete(2, 1, 3), _discard(2), _complete(3, 2), _lay("vermin-in-the-pipes"), CLOCK,
     _mythos("example-stars-align")],
]


def typed(script: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The script as it is typed: its commands (undo and redo included), not the taps that only walk."""
    return [line for line in script if "cmd" in line]


#: the same game other ways, for the gesture benchmark and the blind table's test: {name: (start, turns, seed)}
VARIANTS = {"real dice, faces counted": (FACES_START, FACES_TURNS, 1), "the companion's dice": (OWN_DICE_START, OWN_DICE_TURNS, OWN_DICE_SEED)}
