"""The Big Bang rules: `decide(state, command, actor, rng)` turns a command into events or refuses it.

Every rule cites the section of shared/docs/rules/bigbang.md it follows. Where the seed is silent
the choice is a setting (data/default.toml) or, where no number is involved, documented here and in
README.md next to this file. decide is pure: it works on a transaction that folds each event into a
scratch state as it is emitted, so later rules see earlier effects; a RuleError discards it all.

The game is cooperative: the table screen and the table's buttons act for whoever's turn it is; a
seat (its own screen or buttons) acts only in its own turn, and anyone may roll the virtual die
(`WHO_ACTS`: the core checks it before `decide` runs, as it checks that the game is on).
"""
from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from companion.contract import Viewer
from companion.errors import RuleError
from companion.games.bigbang import commands as cmd
from companion.games.bigbang import events as ev
from companion.games.bigbang import names
from companion.games.bigbang.config import ARTEFACTS, CHARACTERS, RED_MOON, RELICS, Card, Config, default_settings
from companion.games.bigbang.phases import ACTIONS, CHOOSE, DEAL, DRAW, DRAWING, LAYOUT, LETTERS, PHASES, REFILL
from companion.games.bigbang.phases import RED_MOON as RED_MOON_PHASE
from companion.games.bigbang.state import BigBangState, evolve
from companion.messages import M, P, Text, joined
from companion.odds import chance_at_least
from companion.pins import check_new_pin, hash_pin
from companion.records import Command, Event
from companion.rules import Transaction, player_names
from companion.turn_order import SeatsInTurn

#: digest §Fights: the die's faces
DIE_FACES: tuple[int | str, ...] = (1, 1, 2, 3, 4, "moon")
MOON_FACE = "moon"


#: a command decided: its events so far, and the state they lead to
Tx = Transaction[BigBangState]
#: who acts: the player whose turn it is, or the table for them; anyone may roll the virtual die
WHO_ACTS = SeatsInTurn(active=lambda s: s.active_player, any_seat=(cmd.Roll,))


def decide(state: BigBangState, command: Command, actor: Viewer, rng: random.Random) -> list[Event]:
    tx = Tx(state, rng, evolve)
    if isinstance(command, cmd.Start):
        start(tx, command)
        advance(tx)
        return tx.events
    if isinstance(command, cmd.Roll):
        roll_die(tx)
        return tx.events
    _HANDLERS[type(command)](tx, command)
    advance(tx)
    return tx.events


# -- setup --------------------------------------------------------------------------------------
def start(tx: Tx, c: cmd.Start) -> None:
    """Digest §Components, §Gate: players, the secret solution, the board, starting hands, locations.

    With the real cards (`cards_from = "table"`) whatever `start` does not name is told afterwards, step
    by step: each player's starting hand (DEAL), the location cards (LAYOUT), the letters (LETTERS)."""
    settings = default_settings.with_overrides(c.settings)
    config = Config.from_settings(settings)
    players = player_names(c.players, config.players, config.players, M("Name {n} different players, in turn order.", n=config.players))
    runes, pool = config.runes, config.letters
    solution = _check_letters("BAD_SOLUTION", M("solution"), c.solution, len(runes), pool) or tuple(tx.rng.sample(pool, len(runes)))
    real_cards = config.cards_from == "table"
    board = _check_letters("BAD_BOARD", M("board"), c.board, len(runes), pool)
    if board is None:  # the table tells the letters it laid after the deal; else the companion lays them
        board = () if real_cards else _lay_board(tx.rng, pool, solution)
    if c.master_pin is not None:
        check_new_pin(c.master_pin)
    pin = None if c.master_pin is None else hash_pin(c.master_pin, f"{tx.rng.getrandbits(64):016x}")  # only its hash is kept
    tx.emit(ev.GameStarted(players, settings, solution, board, pin))
    if c.hands is None and real_cards:  # the real deal: each player's cards are told one by one
        tx.emit(ev.DealingTo(players[0]))
        return
    _deal_hands(tx, c.hands)
    if c.locations is None and real_cards:
        tx.emit(ev.LayoutBegun())
        return
    _lay_locations(tx, c.locations)
    _after_layout(tx)


def _check_letters(code: str, what: Text, letters: tuple[str, ...] | None, count: int, pool: tuple[str, ...]) -> tuple[str, ...] | None:
    if letters is None:
        return None
    if len(letters) != count or len(set(letters)) != count or not set(letters) <= set(pool):
        raise RuleError(code, M("The {what} needs {n} different letters from {pool}, one per rune.", what=what, n=count, pool=" ".join(pool)))
    return letters


def _lay_board(rng: random.Random, pool: tuple[str, ...], solution: tuple[str, ...], laid: tuple[str, ...] = ()) -> tuple[str, ...]:
    """A random layout after the letters already `laid` that does not already close the gate (where
    the letters still free allow another one)."""
    left = [letter for letter in pool if letter not in laid]
    rest = rng.sample(left, len(solution) - len(laid))
    if (*laid, *rest) == solution:
        if len(rest) > 1:
            rest[0], rest[1] = rest[1], rest[0]
        elif rest and len(left) > 1:
            rest[0] = next(letter for letter in left if letter != rest[0])
    return (*laid, *rest)


def _deal_hands(tx: Tx, hands: dict[str, tuple[str, ...]] | None) -> None:
    s = tx.state
    if hands is None:  # the companion deals; red moons stay in the pile (a setup choice, README)
        for player in s.players:
            characters = {c: n for c, n in tx.state.pile.items() if c != RED_MOON}
            cards: list[str] = []
            for _i in range(s.config.starting_hand):
                left = _minus(characters, cards)
                if not sum(left.values()):
                    break
                cards.append(_pick(tx.rng, left))
            tx.emit(ev.HandDealt(player, tuple(cards)))
        return
    if set(hands) != set(s.players):
        raise RuleError("BAD_HANDS", M("Give the dealt cards of every player: {players}.", players=", ".join(s.players)))
    for player in s.players:
        dealt = hands[player]
        if len(dealt) > s.config.hand_limit or not set(dealt) <= set(CHARACTERS):
            raise RuleError("BAD_HANDS", M("{player}'s hand must be at most {n} character cards.", player=player, n=s.config.hand_limit))
        for card in set(dealt):
            if dealt.count(card) > tx.state.pile.get(card, 0):
                raise RuleError("NOT_IN_PILE", M("There are not that many {card} cards in the pile.", card=names.character(card)))
        tx.emit(ev.HandDealt(player, dealt))


def _lay_locations(tx: Tx, cards: tuple[str, ...] | None) -> None:
    if cards is None:
        for location in tx.state.fillable_locations():
            fill_location(tx, location)
        return
    if len(cards) != 6:
        raise RuleError("BAD_LOCATIONS", M("Name the card on each of the 6 locations."))
    for location, card in enumerate(cards, start=1):
        place_card(tx, location, card)


def _minus(counts: dict[str, int], taken: list[str]) -> dict[str, int]:
    left = dict(counts)
    for card in taken:
        left[card] -= 1
    return left


def _pick(rng: random.Random, counts: dict[str, int]) -> str:
    """One card drawn at random from a multiset, reproducibly (sorted before drawing)."""
    return rng.choice([key for key in sorted(counts) for _i in range(counts[key])])


# -- a turn -------------------------------------------------------------------------------------
def play(tx: Tx, c: cmd.Play) -> None:
    """Digest §A turn 1: choose a character of which you hold cards and announce how many you play."""
    s = tx.state
    PHASES.require(s.phase, CHOOSE)
    character = _character(c.character)
    held = s.hand.get(character, 0)
    if not 1 <= c.cards <= held:
        raise RuleError("NOT_ENOUGH_CARDS", P("{player} holds {n} {character} card; play 1 to {n}.", "{player} holds {n} {character} cards; play 1 to {n}.",
                                              n=held, player=s.active_player, character=names.character(character)))
    tx.emit(ev.CharacterChosen(s.player, character, c.cards))


def pass_turn(tx: Tx, c: cmd.Pass) -> None:
    """Digest §A turn: passing plays no cards; the player still draws."""
    PHASES.require(tx.state.phase, CHOOSE)
    tx.emit(ev.Passed(tx.state.player))
    end_actions(tx)


def end_actions_command(tx: Tx, c: cmd.EndActions) -> None:
    """Digest §A turn: a player who chose a character performs 1 or more actions (else passes)."""
    PHASES.require(tx.state.phase, ACTIONS)
    if not tx.state.chosen.acted:
        raise RuleError("NO_ACTION_YET", M("Do at least one action first; to do none, undo the choice and pass."))
    end_actions(tx)


def end_actions(tx: Tx) -> None:
    """Digest §Red moon: after the red-moon action turn the ring drops by the danger at the locations."""
    tx.emit(ev.ActionsEnded(tx.state.player))
    if tx.state.red_moon_open:
        danger = tx.state.danger_on_board
        tx.emit(ev.RedMoonStruck(danger))
        move_moon(tx, -danger)


def special(tx: Tx, c: cmd.Special) -> None:
    """Digest §A turn 2: the chosen character's special action, once, before any action."""
    s = tx.state
    PHASES.require(s.phase, ACTIONS)
    actor = s.chosen.character
    if s.chosen.special_used:
        raise RuleError("SPECIAL_USED", M("{character}'s special action was already used this turn.", character=names.character(actor)))
    if s.chosen.acted:
        raise RuleError("SPECIAL_FIRST", M("The special action comes first, before any other action."))
    power = actor
    if actor == "raj":
        power = _raj_copies(s, c.copy)
    elif c.copy is not None:
        raise _unused("copy", actor)
    tx.emit(ev.SpecialUsed(actor, power))
    _POWERS[power](tx, c, actor)


def _raj_copies(s: BigBangState, copy: str | None) -> str:
    """Raj performs the special action of a character at his location; off the board is no location."""
    if copy is None:
        raise RuleError("COPY_NEEDED", M("Say whose special action Raj copies."))
    copy = _character(copy)
    if copy == "raj":
        raise RuleError("NOT_TOGETHER", M("Raj copies another character's special action."))
    if s.positions["raj"] is None:
        raise RuleError("NOT_TOGETHER", M("Raj is off the board; off the board is not a location."))
    if s.positions[copy] != s.positions["raj"]:
        raise RuleError("NOT_TOGETHER", M("{character} does not stand with Raj.", character=names.character(copy)))
    return copy


def _leonard(tx: Tx, c: cmd.Special, actor: str) -> None:
    """Leonard moves another character (not the one acting) to any of the 6 locations."""
    _only(c, actor, "target", "location")
    if c.target is None or c.location is None:
        raise RuleError("BAD_ARGUMENTS", M("Say which character moves, and to which location."))
    target = _character(c.target)
    if target == actor:
        raise RuleError("NOT_HIMSELF", M("{character} moves another character, not himself.", character=names.character(actor)))
    move_character(tx, target, c.location)


def _howard(tx: Tx, c: cmd.Special, actor: str) -> None:
    """Howard fights an enemy at any location, without standing there; no bonus applies."""
    _only(c, actor, "location", "die", "reroll", "sword", "helpers", "choice", "artefact")
    if c.location is None:
        raise RuleError("BAD_ARGUMENTS", M("Say at which location Howard fights."))
    if c.helpers:
        raise RuleError("NO_BONUS", M("Howard's remote fight gets no bonus: no helper cards."))
    fight(tx, actor, _location(c.location), c, remote=True)


def _penny(tx: Tx, c: cmd.Special, actor: str) -> None:
    """Penny moves the moon ring 1 step up."""
    _only(c, actor)
    move_moon(tx, +1)


def _sheldon(tx: Tx, c: cmd.Special, actor: str) -> None:
    """Sheldon swaps two board letters, or a board letter with one beside the board."""
    _only(c, actor, "a", "b")
    s = tx.state
    if c.a is None or c.b is None:
        raise RuleError("BAD_ARGUMENTS", M("Say which two letters Sheldon swaps."))
    for letter in (c.a, c.b):
        _letter(s, letter)
    if c.a == c.b or (c.a not in s.board and c.b not in s.board):
        raise RuleError("BAD_SWAP", M("Swap two different letters, at least one of them on the board."))
    tx.emit(ev.LettersSwapped(c.a, c.b))


_POWERS = {"leonard": _leonard, "howard": _howard, "penny": _penny, "sheldon": _sheldon}
_SPECIAL_FIELDS = ("target", "location", "a", "b", "die", "reroll", "sword", "helpers", "choice", "artefact")


def _only(c: cmd.Special, actor: str, *allowed: str) -> None:
    for name in _SPECIAL_FIELDS:
        if name not in allowed and getattr(c, name) not in (None, False):
            raise _unused(name, actor)


def _unused(name: str, actor: str) -> RuleError:
    return RuleError("BAD_ARGUMENTS", M("{character}'s special action does not take \"{arg}\".", character=names.character(actor), arg=name))


def move(tx: Tx, c: cmd.Move) -> None:
    """Digest §A turn 3, Move: the chosen character goes to any of the 6 locations in one step."""
    s = tx.state
    PHASES.require(s.phase, ACTIONS)
    location = _location(c.location)
    if s.positions[s.chosen.character] == location:
        raise RuleError("ALREADY_THERE", M("{character} already stands at {place}.",
                                           character=names.character(s.chosen.character), place=names.place(s.config.location_names[location - 1])))
    tx.emit(ev.ActionUsed(s.chosen.character))
    move_character(tx, s.chosen.character, location)


def act(tx: Tx, c: cmd.Act) -> None:
    """Digest §A turn 3, Location action: take a helper's or treasure's reward, or fight the enemy."""
    s = tx.state
    PHASES.require(s.phase, ACTIONS)
    character = s.chosen.character
    location = s.positions[character]
    if location is None:
        raise RuleError("OFF_BOARD", M("{character} is off the board: move first.", character=names.character(character)))
    card = s.card_at(location)
    if card is None:
        raise RuleError("EMPTY_LOCATION", M("No card lies at {place}.", place=names.place(s.config.location_names[location - 1])))
    tx.emit(ev.ActionUsed(character))
    if card.kind == "enemy":
        fight(tx, character, location, c, remote=False)
        return
    if c.die is not None or c.reroll is not None or c.sword or c.helpers:
        raise RuleError("NO_ENEMY", M("{card} is not an enemy: there is nothing to fight.", card=names.card_name(card.name)))
    take_reward(tx, card, c.choice, c.artefact)
    tx.emit(ev.LocationCleared(location, card.id))


def gate(tx: Tx, c: cmd.Gate) -> None:
    """Digest §Gate: an attempt spends the cubes; success when every rune slot holds its own letter."""
    s = tx.state
    PHASES.require(s.phase, ACTIONS)
    cost = s.config.gate_cost
    if s.cubes < cost:
        raise RuleError("NOT_ENOUGH_CUBES", M("A gate attempt needs {cost} cubes; the living room holds {n}.", cost=cost, n=s.cubes))
    if c.board is not None and tuple(c.board) != s.board:
        raise RuleError("BOARD_MISMATCH", M("The companion has the letters as {board}; put the board right (only Sheldon moves letters).",
                                            board=" ".join(s.board)))
    tx.emit(ev.ActionUsed(s.chosen.character))
    add_cubes(tx, -cost)
    correct = sum(1 for lay, right in zip(s.board, s.solution, strict=True) if lay == right)
    success = correct == len(s.solution)
    tx.emit(ev.GateAttempted(cost, success, correct if s.config.feedback == "count" else None))
    if success:
        tx.emit(ev.GameWon())


# -- fights and rewards -------------------------------------------------------------------------
def fight(tx: Tx, character: str, location: int, c: cmd.FightArgs, remote: bool) -> None:
    """Digest §Fights, §Special enemies and relics.

    Win when roll + bonus >= strength; the red-moon face always loses. Bonus: +1 when another character
    stands with the fighter, +1 per helper card; none for Howard's remote fight. A lost fight moves the
    ring down by the enemy's danger.
    """
    s = tx.state
    card = s.card_at(location)
    if card is None or card.kind != "enemy":
        raise RuleError("NO_ENEMY", M("There is no enemy at {place}.", place=names.place(s.config.location_names[location - 1])))
    if c.sword and c.helpers:
        raise RuleError("BAD_ARGUMENTS", M("The sword wins without a roll: keep the helper cards."))
    helpers = _check_helpers(s, character, c.helpers or {})
    for player, count in helpers.items():
        tx.emit(ev.HelpPlayed(player, character, count))
    bonus = 0 if remote else fight_bonus(s, character) + sum(helpers.values())
    if c.sword:
        won = _use_sword(tx, card, c)
    else:
        face = _face(c.die, "die")
        if c.reroll is not None:
            if not s.artefacts.get("reroll"):
                raise RuleError("NOT_AVAILABLE", M("There is no re-roll artefact to use."))
            tx.emit(ev.ArtefactUsed("reroll"))
            face = _face(c.reroll, "reroll")
        won = isinstance(face, int) and face + bonus >= card.strength  # the red-moon face always loses
    tx.emit(ev.FightResolved(character, location, card.id, c.die, c.reroll, bonus, won, remote, c.sword))
    if won:
        tx.emit(ev.LocationCleared(location, card.id))
        take_reward(tx, card, c.choice, c.artefact)
    else:
        move_moon(tx, -card.danger)


def special_possible(s: BigBangState, character: str) -> bool:
    """Whether `character`'s special action has anything to act on now (digest §A turn 2): Howard needs
    an enemy on the board, Penny room above the ring, Raj a companion whose action is possible."""
    if character == "howard":
        return any(card is not None and card.kind == "enemy" for card in map(s.card_at, range(1, 7)))
    if character == "penny":
        return s.moon < s.config.top
    if character == "raj":
        return any(other != "raj" and special_possible(s, other) for other in s.others_at("raj"))
    return True


def fight_bonus(s: BigBangState, character: str) -> int:
    """+1 when at least one other character stands at the fighter's location."""
    return 1 if s.others_at(character) else 0


def _check_helpers(s: BigBangState, character: str, helpers: dict[str, int]) -> dict[str, int]:
    for player, count in helpers.items():
        if player not in s.players:
            raise RuleError("UNKNOWN_PLAYER", M("There is no player \"{player}\".", player=player))
        if player == s.active_player:
            raise RuleError("BAD_HELPER", M("Help cards come from the other players."))
        held = s.hand_of(player).get(character, 0)
        if not 1 <= count <= held:
            raise RuleError("NOT_ENOUGH_CARDS", P("{player} holds {n} {character} card to help with.", "{player} holds {n} {character} cards to help with.",
                                                  n=held, player=player, character=names.character(character)))
    return helpers


def _use_sword(tx: Tx, card: Card, c: cmd.FightArgs) -> bool:
    """The Sword of Billy Sparks beats an enemy of strength at most the setting, without rolling."""
    s = tx.state
    if "sword" not in s.relics:
        raise RuleError("NOT_AVAILABLE", M("The Sword of Billy Sparks is not yours to use."))
    if c.die is not None or c.reroll is not None:
        raise RuleError("BAD_ARGUMENTS", M("With the sword there is no roll."))
    if card.strength > s.config.sword_max_strength:
        raise RuleError("TOO_STRONG", M("The sword beats enemies of strength {n} or less; {card} has {strength}.",
                                        n=s.config.sword_max_strength, card=card.name, strength=card.strength))
    tx.emit(ev.RelicUsed("sword"))
    return True


def _face(value: int | str | None, name: str) -> int | str:
    if value is None:
        raise RuleError("DIE_NEEDED", M("Roll the die and say what it shows (1-4 or moon)."))
    if value == MOON_FACE or (isinstance(value, int) and value in DIE_FACES):
        return value
    raise RuleError("BAD_DIE", M("\"{arg}\" must be a face of the die: 1, 2, 3, 4 or moon.", arg=name))


def take_reward(tx: Tx, card: Card, choice: str | None, artefact: str | None) -> None:
    """Digest §Rewards: on "a/b" the table chooses one option."""
    options = {"+".join(option): option for option in card.reward}
    offered = names.reward(card)
    if choice is None and len(options) > 1:
        raise RuleError("CHOICE_NEEDED", M("Choose the reward: {options}.", options=offered))
    if choice is not None and choice not in options:
        raise RuleError("BAD_CHOICE", M("{card} offers {options}.", card=card.name, options=offered))
    option = options[choice] if choice is not None else card.reward[0]
    tx.emit(ev.RewardTaken(card.id, option))
    for item in option:
        if item == "moon":
            move_moon(tx, +1)
        elif item == "cube":
            add_cubes(tx, +1)
        elif item == "artefact":
            draw_artefact(tx, artefact)
        elif item == "clue":
            tx.emit(ev.ClueOwed())
        else:
            tx.emit(ev.RelicGained(item.removeprefix("relic:")))


def draw_artefact(tx: Tx, artefact: str | None) -> None:
    """Digest §Rewards: an artefact from the brown deck, usable once by anyone."""
    deck = tx.state.artefact_deck
    if artefact is not None:
        if not deck.get(artefact):
            left = joined([names.item(kind) for kind in ARTEFACTS if deck.get(kind)], ", ") if deck else M("empty")
            raise RuleError("NOT_IN_DECK", M("No {artefact} is left in the deck ({left}).", artefact=names.item(artefact), left=left))
        tx.emit(ev.ArtefactDrawn(artefact))
    else:
        tx.emit(ev.ArtefactDrawn(_pick(tx.rng, deck) if deck else None))


def move_moon(tx: Tx, steps: int) -> None:
    """The ring stays on its track; reaching the bottom (the red moon) loses (digest §End)."""
    s = tx.state
    to = max(0, min(s.config.top, s.moon + steps))
    if to != s.moon:
        tx.emit(ev.MoonMoved(s.moon, to))
    if to == 0 and s.status == "playing":
        tx.emit(ev.GameLost("moon"))


def add_cubes(tx: Tx, count: int) -> None:
    """At most `max_cubes` lie in the living room; an extra one is lost (digest §Rewards)."""
    s = tx.state
    to = max(0, min(s.config.max_cubes, s.cubes + count))
    tx.emit(ev.CubesChanged(s.cubes, to, lost=max(0, s.cubes + count - to)))


def move_character(tx: Tx, character: str, location: int) -> None:
    tx.emit(ev.CharacterMoved(character, tx.state.positions[character], _location(location)))


# -- artefacts and relics, clues ----------------------------------------------------------------
def use(tx: Tx, c: cmd.Use) -> None:
    """Digest §Rewards, §Special enemies and relics: each artefact and relic is usable once, by anyone."""
    s = tx.state
    item = c.item
    if item not in ARTEFACTS and item not in RELICS:
        raise RuleError("UNKNOWN_ITEM", M("There is no artefact or relic \"{item}\".", item=item))
    if item in ("reroll", "sword"):
        raise RuleError("USE_IN_FIGHT", M("The {item} is used as part of a fight.", item=names.item(item)))
    is_relic = item in RELICS
    if not (item in s.relics if is_relic else s.artefacts.get(item)):
        raise RuleError("NOT_AVAILABLE", M("There is no {item} to use.", item=names.item(item)))
    if item == "amulet" and s.phase != RED_MOON_PHASE:
        raise RuleError("NO_RED_MOON", M("The amulet ignores a red moon just drawn; none is waiting."))
    if (item == "clue") != (c.letter is not None):
        raise RuleError("BAD_ARGUMENTS", M("A clue needs a letter; nothing else does."))
    if c.letter is not None:
        _letter(s, c.letter)
    tx.emit(ev.RelicUsed(item) if is_relic else ev.ArtefactUsed(item))
    if c.letter is not None:
        give_clue(tx, c.letter, owed=False)
    elif item == "cubes":
        add_cubes(tx, +2)
    elif item == "moon":
        move_moon(tx, +2)
    elif item == "staff":
        add_cubes(tx, +3)
    elif item == "amulet":  # the red moon is ignored; the turn passes on after the refill
        tx.emit(ev.RedMoonIgnored())


def ask(tx: Tx, c: cmd.Ask) -> None:
    """Digest §Special enemies: a beaten special enemy gives a clue."""
    if not tx.state.clues_owed:
        raise RuleError("NO_CLUE", M("No clue is owed; a clue artefact is used with \"use\"."))
    _letter(tx.state, c.letter)
    give_clue(tx, c.letter, owed=True)


def give_clue(tx: Tx, letter: str, owed: bool) -> None:
    """Digest §Gate: the game master names the letter's rune (or says it has none)."""
    s = tx.state
    rune = s.config.runes[s.solution.index(letter)] if letter in s.solution else None
    tx.emit(ev.ClueGiven(letter, rune, owed))


# -- drawing, red moons, refills ------------------------------------------------------------------
def draw(tx: Tx, c: cmd.Draw) -> None:
    """Digest §A turn 4: announce at least 1 card; a hand holds at most hand_limit character cards.

    The seed does not say what a full hand does when it must draw: the companion lets the player
    discard the named cards first (README), so the limit always holds.
    """
    s = tx.state
    PHASES.require(s.phase, DRAW)
    hand = dict(s.hand)
    discard = tuple(map(_character, c.discard))
    if discard and sum(hand.values()) < s.config.hand_limit:
        raise RuleError("NOT_FULL", M("Discard only with a full hand; this one has room to draw."))
    for card in discard:
        if not hand.get(card):
            raise RuleError("NOT_IN_HAND", M("{player} holds no {character} card to discard.", player=s.active_player, character=names.character(card)))
        hand[card] -= 1
    room = s.config.hand_limit - sum(hand.values())
    if room < 1:
        raise RuleError("HAND_FULL", M("The hand is full ({n} cards): discard before drawing.", n=s.config.hand_limit))
    if not 1 <= c.count <= room:
        raise RuleError("BAD_COUNT", M("Draw 1 to {room} cards.", room=room))
    tx.emit(ev.DrawAnnounced(s.player, c.count, discard))


def reveal(tx: Tx, c: cmd.Reveal) -> None:
    """A card off the real pile: dealt to the player being dealt to, or drawn by the active player."""
    PHASES.require(tx.state.phase, DRAWING, DEAL)
    if tx.state.phase == DEAL:
        deal_card(tx, c.card)
        return
    card = c.card if c.card == RED_MOON else _character(c.card)
    if not tx.state.pile.get(card):
        raise RuleError("NOT_IN_PILE", M("No {card} card is left in the pile.", card=names.character(card)))
    draw_card(tx, card)


def draw_card(tx: Tx, card: str) -> None:
    """Digest §Red moon: a red moon stops the drawing and lies open; the next player acts, then it strikes."""
    tx.emit(ev.CardDrawn(tx.state.player, card))
    if card == RED_MOON and "amulet" not in tx.state.relics:
        accept_red_moon(tx)


def accept(tx: Tx, c: cmd.Accept) -> None:
    PHASES.require(tx.state.phase, RED_MOON_PHASE)
    accept_red_moon(tx)


def accept_red_moon(tx: Tx) -> None:
    s = tx.state
    tx.emit(ev.TurnStarted(s.players[s.next_player]))


def lay(tx: Tx, c: cmd.Lay) -> None:
    """Digest §Gate: the letters lie at the rune slots from the start; the table tells them in rune order."""
    s = tx.state
    PHASES.require(s.phase, LETTERS)
    letter = _letter(s, c.letter)
    if letter in s.board:
        raise RuleError("ALREADY_LAID", M("{letter} already lies at {rune}.", letter=letter, rune=s.config.runes[s.board.index(letter)]))
    tx.emit(ev.LetterLaid(s.config.runes[len(s.board)], letter))


def _lay_the_letters(tx: Tx) -> None:
    """The companion lays the letters still due (a layout that does not already close the gate)."""
    s = tx.state
    board = _lay_board(tx.rng, s.config.letters, s.solution, s.board)
    for rune, letter in zip(s.config.runes[len(s.board):], board[len(s.board):], strict=True):
        tx.emit(ev.LetterLaid(rune, letter))


def place(tx: Tx, c: cmd.Place) -> None:
    PHASES.require(tx.state.phase, REFILL, LAYOUT)
    place_card(tx, _location(c.location), c.card)


def deal_card(tx: Tx, card: str) -> None:
    """The real deal (a setup choice, README): starting hands hold character cards only; a red moon
    dealt goes back into the pile and another card is dealt."""
    s = tx.state
    if card == RED_MOON:
        raise RuleError("RED_MOON_AT_DEAL", M("Red moons stay in the pile at the deal: put it back, shuffle, and deal another card."))
    card = _character(card)
    if not s.pile.get(card):
        raise RuleError("NOT_IN_PILE", M("No {card} card is left in the pile.", card=names.character(card)))
    tx.emit(ev.HandDealt(s.player, (card,)))


def _deal_the_rest(tx: Tx) -> None:
    """The companion deals what the real deal still owes, from its own shuffle."""
    while tx.state.phase == DEAL:
        s = tx.state
        characters = {c: n for c, n in s.pile.items() if c != RED_MOON}
        if sum(s.hand.values()) < s.config.starting_hand and characters:
            tx.emit(ev.HandDealt(s.player, (_pick(tx.rng, characters),)))
        else:
            _next_to_deal(tx)


def _next_to_deal(tx: Tx) -> None:
    """After a player's starting hand: the next player's, then the location cards, then the first turn."""
    s = tx.state
    if s.active + 1 < len(s.players):
        tx.emit(ev.DealingTo(s.players[s.active + 1]))
    elif any(card is None for card in s.locations):
        tx.emit(ev.LayoutBegun())
    else:
        _after_layout(tx)


def _after_layout(tx: Tx) -> None:
    """After the location cards: the letters when the table tells them, then the first turn."""
    s = tx.state
    if len(s.board) < len(s.config.runes):
        tx.emit(ev.LettersBegun())
    else:
        tx.emit(ev.TurnStarted(s.players[0]))


def place_card(tx: Tx, location: int, card: str) -> None:
    """Digest §A turn 4: empty locations refill from their own location deck."""
    s = tx.state
    if s.locations[location - 1] is not None:
        raise RuleError("NOT_EMPTY", M("{place} already has a card.", place=names.place(s.config.location_names[location - 1])))
    deck = s.config.location_decks[location - 1]
    if not s.decks[deck].get(card):
        name = s.config.cards[card].name if card in s.config.cards else card
        raise RuleError("NOT_IN_DECK", M("No card \"{card}\" is left in the location deck of {place}.",
                                         card=name, place=names.place(s.config.location_names[location - 1])))
    tx.emit(ev.LocationFilled(location, card))


def fill_location(tx: Tx, location: int) -> None:
    deck = tx.state.decks[tx.state.config.location_decks[location - 1]]
    tx.emit(ev.LocationFilled(location, _pick(tx.rng, deck)))


def deal(tx: Tx, c: cmd.Deal) -> None:
    """The companion draws what is due, from its own record of the pile or the location decks, or lays
    the letters still due."""
    s = tx.state
    PHASES.require(s.phase, DRAWING, REFILL, DEAL, LAYOUT, LETTERS)
    if s.phase == LETTERS:
        _lay_the_letters(tx)
    elif s.phase == DRAWING:
        while tx.state.phase == DRAWING and tx.state.to_draw and tx.state.pile_size:
            draw_card(tx, _pick(tx.rng, tx.state.pile))
    elif s.phase == DEAL:
        _deal_the_rest(tx)
    else:
        for location in s.fillable_locations():
            fill_location(tx, location)


def roll_die(tx: Tx) -> None:
    """Digest §Fights: a virtual die with faces 1, 1, 2, 3, 4, red moon."""
    tx.emit(ev.DieRolled(virtual_rolls(tx.rng)[0]))


def virtual_rolls(rng: random.Random) -> tuple[int | str, int | str]:
    """The virtual die's roll and its re-roll, from a step's random source: given the session's source
    for the next step (`Session.next_rng`), a screen shows the faces that step rolls — the same each
    time it asks, so a roll cannot be redone by cancelling and asking again."""
    return rng.choice(DIE_FACES), rng.choice(DIE_FACES)


def advance(tx: Tx) -> None:
    """Take the steps nobody needs to decide: end of actions, end of drawing, refills, next turn."""
    companion_deals = tx.state.config.cards_from == "companion"
    while tx.state.status == "playing":
        s = tx.state
        if s.phase == ACTIONS and s.chosen.actions_left == 0:
            end_actions(tx)
        elif s.phase == DRAWING and s.to_draw == 0:
            tx.emit(ev.DrawFinished())
        elif s.phase == DRAWING and s.pile_size == 0:  # digest §End: empty pile when a draw is due
            tx.emit(ev.GameLost("pile"))
        elif s.phase == DRAWING and companion_deals:
            draw_card(tx, _pick(tx.rng, s.pile))
        elif s.phase == REFILL and not s.fillable_locations():
            tx.emit(ev.TurnStarted(s.players[s.next_player]))
        elif s.phase == REFILL and companion_deals:
            fill_location(tx, s.fillable_locations()[0])
        elif s.phase == DEAL and (sum(s.hand.values()) >= s.config.starting_hand or not _dealable(s)):
            _next_to_deal(tx)
        elif s.phase == LAYOUT and not s.fillable_locations():
            _after_layout(tx)
        elif s.phase == LETTERS and len(s.board) == len(s.config.runes):
            tx.emit(ev.TurnStarted(s.players[0]))
        elif s.phase == LETTERS and (last := _only_letter_left(s)) is not None:  # it can lie nowhere else: no tap for it
            tx.emit(ev.LetterLaid(s.config.runes[len(s.board)], last))
        else:
            return


def _only_letter_left(s: BigBangState) -> str | None:
    """The letter the last rune must take: the one not laid yet, when the pool holds no spare."""
    left = [letter for letter in s.config.letters if letter not in s.board]
    return left[0] if len(left) == 1 and len(s.board) == len(s.config.runes) - 1 else None


def _dealable(s: BigBangState) -> bool:
    return any(n for c, n in s.pile.items() if c != RED_MOON)


# -- odds -----------------------------------------------------------------------------------------
def win_chance(strength: int, bonus: int, reroll: bool = False, sword: bool = False, sword_max: int = 4) -> Fraction:
    """Digest §Fights: exact chance to beat an enemy; a re-roll is used only after a losing roll."""
    if sword and strength <= sword_max:
        return Fraction(1)
    return chance_at_least(DIE_FACES, strength - bonus, rerolls=int(reroll))


# -- checks ---------------------------------------------------------------------------------------


def _character(name: str) -> str:
    key = name.strip().lower()
    if key not in CHARACTERS:
        raise RuleError("UNKNOWN_CHARACTER", M("There is no character \"{name}\" (Leonard, Howard, Penny, Raj, Sheldon).", name=name))
    return key


def _location(number: int) -> int:
    if not 1 <= number <= 6:
        raise RuleError("BAD_LOCATION", M("Locations are numbered 1 to 6."))
    return number


def _letter(s: BigBangState, letter: str) -> str:
    if letter not in s.config.letters:
        raise RuleError("UNKNOWN_LETTER", M("\"{letter}\" is not one of the letters {pool}.", letter=letter, pool=" ".join(s.config.letters)))
    return letter


_HANDLERS: dict[type[Command], Callable[[Tx, Any], None]] = {
    cmd.Play: play,
    cmd.Pass: pass_turn,
    cmd.Special: special,
    cmd.Move: move,
    cmd.Act: act,
    cmd.Gate: gate,
    cmd.EndActions: end_actions_command,
    cmd.Use: use,
    cmd.Ask: ask,
    cmd.Draw: draw,
    cmd.Reveal: reveal,
    cmd.Place: place,
    cmd.Lay: lay,
    cmd.Deal: deal,
    cmd.Accept: accept,
}
