"""The Dungeon Twister rules: `decide(state, command, actor, rng)` turns a command into events or
refuses it with a RuleError that changes nothing.

Every rule cites the section of the Italian seed (shared/seeds/001_*.txt) it follows, or the facts
file (shared/docs/rules/published-games-facts.md §3) where the seed is silent. The companion sits
beside the cardboard: it cannot see squares, walls or adjacency, so it takes the players' word for
where things stand and keeps what the board does not show — AP, cards, wounds, who carries what, VP.

Who may act (`WHO_ACTS`, checked by the core before `decide` runs): the table (everyone looking) acts
for the active player; a seat acts only in its own turn — except for the secret choices (starting
line, combat card), which each seat makes for itself at the same time. The table makes one only for a named colour: a card scanned at a shared reader, or
(setting `seats.secret_choices = "table"`) a line or card the players have turned face up on the table.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from companion.contract import Viewer
from companion.errors import RuleError
from companion.games.dungeontwister import commands as cmd
from companion.games.dungeontwister import events as ev
from companion.games.dungeontwister.config import Config, default_settings
from companion.games.dungeontwister.phases import ACTION_CARD, ACTIONS, COMBAT, LINEUP, PHASES
from companion.games.dungeontwister.pieces import CHARACTERS, OBJECTS, colour_of, combat_card, is_character, owned, piece, piece_of, token
from companion.games.dungeontwister.pieces import colour as colour_name
from companion.games.dungeontwister.state import MAZE, RESERVE, ROOMS, TARGET_VP, DTState, evolve
from companion.messages import M
from companion.records import Command, Event
from companion.rules import Transaction, player_names
from companion.turn_order import SeatsInTurn

#: seed, §Carte azione: each player's starting line holds 4 characters (facts §3.3)
LINEUP_SIZE = 4
#: seed, §Spostare un personaggio fuori dal labirinto and §Vincere
EXIT_VP, GOBLIN_EXTRA_VP, TREASURE_VP, KILL_VP = 1, 1, 1, 1
#: the abilities that cost 1 AP, by character (seed, §Usa l'abilità speciale; facts §3.6)
AP_ABILITIES = {"wall_walker": "pass_wall", "warrior": "break_portcullis", "cleric": "heal", "thief": "portcullis", "troll": "regenerate"}
#: a command decided: its events so far, and the state they lead to
Tx = Transaction[DTState]
#: who acts: the active player's seat, or the table for it; the secret choices (starting line, combat
#: card) each seat makes for itself, at the same time (the rules check the colour: `_choosing_colour`)
WHO_ACTS = SeatsInTurn(active=lambda s: s.active, any_seat=(cmd.Lineup, cmd.Choose),
                       turn_of=lambda s: M("It is {colour}'s turn.", colour=colour_name(s.active)))


def decide(state: DTState, command: Command, actor: Viewer, rng: random.Random) -> list[Event]:
    tx = Tx(state, rng, evolve)
    if isinstance(command, cmd.Start):
        start(tx, command)
        return tx.events
    _HANDLERS[type(command)](tx, command, actor)
    _after_the_action(tx)
    return tx.events


# -- setup -----------------------------------------------------------------------------------------------
def start(tx: Tx, c: cmd.Start) -> None:
    """Facts §3.3: two players, one colour each; a random first player unless the table says."""
    settings = default_settings.with_overrides(c.settings)
    config = Config.from_settings(settings)
    players = player_names(c.players, 2, 2, M("Name the 2 players, each differently."))
    first = _first_player(config, players, c.first, tx.rng)
    tx.emit(ev.GameStarted(players, config.colours, settings, first))
    if c.lineup is not None:
        lineups = {colour: _lineup_pieces(tx.state, colour, c.lineup.get(colour, ())) for colour in config.colours}
        if unknown := sorted(set(c.lineup) - set(config.colours)):
            raise RuleError("BAD_LINEUP", M("There is no colour \"{colour}\" at this table.", colour=unknown[0]))
        if any(len(line) != LINEUP_SIZE for line in lineups.values()):
            raise RuleError("BAD_LINEUP", M("Each starting line holds {n} characters.", n=LINEUP_SIZE))
        _lay_lines_open(tx, lineups)


def _first_player(config: Config, players: tuple[str, ...], first: str | None, rng: random.Random) -> str:
    if first is None:
        return rng.choice(config.colours) if config.first_player == "random" else config.colours[0]
    by_name = dict(zip(players, config.colours, strict=True))
    if first in config.colours:
        return first
    if first in by_name:
        return by_name[first]
    raise RuleError("BAD_FIRST", M("\"first\" must name a player or a colour ({colours}).", colours=", ".join(config.colours)))


def lineup(tx: Tx, c: cmd.Lineup, actor: Viewer) -> None:
    """Facts §3.3: each player picks 4 of the 8 characters for the starting line, in secret; they are laid
    open together. A seat picks its own; the table only for a colour it names."""
    s = tx.state
    PHASES.require(s.phase, LINEUP)
    colour = _choosing_colour(s, c.colour, actor)
    chosen = s.sides[colour].lineup
    if len(chosen) >= LINEUP_SIZE:
        raise RuleError("ALREADY_CHOSEN", M("That starting line is complete."))
    pieces = _lineup_pieces(s, colour, c.characters)
    if not pieces or set(pieces) & set(chosen) or len(chosen) + len(pieces) > LINEUP_SIZE:
        raise RuleError("BAD_LINEUP", M("Choose {n} more different characters.", n=LINEUP_SIZE - len(chosen)))
    tx.emit(ev.LineupChosen(colour, pieces, revealed=s.config.open_choices))
    if all(len(side.lineup) == LINEUP_SIZE for side in tx.state.sides.values()):
        _lay_lines_open(tx, {col: side.lineup for col, side in tx.state.sides.items()})


def _lineup_pieces(s: DTState, colour: str, names: tuple[str, ...]) -> tuple[str, ...]:
    pieces = tuple(piece_of(_own(s, colour, name)) for name in names)
    if len(set(pieces)) != len(pieces) or not all(p in CHARACTERS for p in pieces):
        raise RuleError("BAD_LINEUP", M("A starting line holds different characters."))
    return pieces


def _lay_lines_open(tx: Tx, lineups: dict[str, tuple[str, ...]]) -> None:
    tx.emit(ev.LineupsRevealed(lineups), ev.TurnStarted(tx.state.first, 1))


# -- the action card -------------------------------------------------------------------------------------
def play_card(tx: Tx, c: cmd.PlayCard, actor: Viewer) -> None:
    """Seed, §Carte azione: the active player plays one action card; its number is the turn's AP."""
    s = tx.state
    PHASES.require(s.phase, ACTION_CARD)
    if c.card not in s.side.action_cards:
        raise RuleError("NOT_IN_HAND", M("You have no {n} action card in hand this cycle.", n=c.card))
    allowed = allowed_action_cards(s)
    if c.card not in allowed:
        raise RuleError("CARD_NOT_ALLOWED", M("In the first cycle you may play only: {cards}.", cards=", ".join(map(str, allowed))))
    tx.emit(ev.ActionCardPlayed(s.active, c.card))


def allowed_action_cards(s: DTState) -> tuple[int, ...]:
    """Seed, §Carte azione: in the first turn the first player may play only the 2; then, for the whole
    first cycle, a card at most 1 higher than the highest played since the start of the game — until a 4
    has been played, after which any card goes. Where nothing in hand fits (a table's own cards can do
    that; the printed 2-3-4-5 never do), the lowest card in hand may be played (the seed is silent)."""
    hand = s.side.action_cards
    if s.turn_number == 1:
        return tuple(card for card in hand if card == 2)
    if s.free_play or s.side.cycles > 0:
        return hand
    return tuple(card for card in hand if card <= s.highest_action + 1) or hand[:1]


# -- actions ---------------------------------------------------------------------------------------------
def move(tx: Tx, c: cmd.Move, actor: Viewer) -> None:
    """Seed, §Sposta and §Oggetti: 1 AP moves one character; dropping and picking up on the way cost
    nothing. It carries one object or one wounded character of its colour; it may take what a friend it
    passes carries. Stepping onto the opponent's starting line, it leaves the maze."""
    s = tx.state
    mover = _paying_character(s, c.character, 1)
    carried = s.tokens[mover].carrying
    if c.drop and carried is None:
        raise RuleError("NOTHING_TO_DROP", M("{character} carries nothing.", character=piece(piece_of(mover))))
    taken = _takeable(s, mover, c.take, carrying=None if c.drop else carried) if c.take is not None else None
    tx.emit(ev.ActionTaken(s.active, "move", mover, 1))
    if c.drop and carried is not None:
        tx.emit(ev.TokenDropped(mover, carried))
    if taken is not None:
        tx.emit(ev.TokenTaken(mover, taken, tx.state.tokens[taken].carried_by))
    if c.exit:
        leave_the_maze(tx, mover)


def _takeable(s: DTState, mover: str, name: str, carrying: str | None) -> str:
    """Seed, §Oggetti and §Portare personaggi feriti: what `mover` may pick up."""
    target = _any_token(s, name)
    t = s.tokens[target]
    if target == mover:
        raise RuleError("CANNOT_TAKE", M("A character cannot carry itself."))
    if carrying is not None:
        raise RuleError("CARRIES_ALREADY", M("{character} already carries something: drop it first.", character=piece(piece_of(mover))))
    if is_character(target) and (not t.wounded or colour_of(target) != colour_of(mover)):
        raise RuleError("CANNOT_TAKE", M("Only a wounded character of the carrier's colour can be carried."))
    if t.where == MAZE or (t.carried_by is not None and colour_of(t.carried_by) == colour_of(mover)):
        return target
    raise RuleError("CANNOT_TAKE", M("{token} is not lying in the maze, nor carried by a friend.", token=owned(target)))


def leave_the_maze(tx: Tx, character: str) -> None:
    """Seed, §Spostare un personaggio fuori dal labirinto and §Vincere: 1 VP (the Goblin 1 more); a
    carried wounded character is safe but worth nothing; a carried object is gone, the Treasure +1 VP."""
    colour = colour_of(character)
    carried = tx.state.tokens[character].carrying
    points = EXIT_VP + (GOBLIN_EXTRA_VP if piece_of(character) == "goblin" else 0)
    if carried is not None:
        tx.emit(ev.CarriedOut(carried))
        if piece_of(carried) == "treasure":
            points += TREASURE_VP
    tx.emit(ev.CharacterLeft(character), ev.PointsScored(colour, points, "exit"))


def reveal(tx: Tx, c: cmd.Reveal, actor: Viewer) -> None:
    """Seed, §Rivela una stanza: 1 AP reveals a room one of your characters has direct access to; the
    tokens that lay face down in it come into play."""
    s = tx.state
    character = _paying_character(s, c.character, 1)
    room = _room(s, c.room, unrevealed=True)
    appearing = tuple(dict.fromkeys(_any_token(s, name) for name in c.appear))
    for token_id in appearing:
        if s.tokens[token_id].where != RESERVE:
            raise RuleError("NOT_FACE_DOWN", M("{token} is not lying face down in a room.", token=owned(token_id)))
    tx.emit(ev.ActionTaken(s.active, "reveal", character, 1))
    if room is not None:
        tx.emit(ev.RoomRevealed(room))
    if appearing:
        tx.emit(ev.TokensAppeared(appearing))


def rotate(tx: Tx, c: cmd.Rotate, actor: Viewer) -> None:
    """Seed, §Ruota una stanza: a character on a rotation gear turns its room (or the paired room) a
    quarter turn per AP, in the direction of the arrow; facts §3.5: the Mekanork may turn either way."""
    s = tx.state
    if not 1 <= c.quarters <= 3:
        raise RuleError("BAD_QUARTERS", M("A room turns 1, 2 or 3 quarter turns."))
    character = _paying_character(s, c.character, c.quarters)
    if c.against and piece_of(character) != "mekanork":
        raise RuleError("ONLY_THE_MEKANORK", M("Only the Mekanork turns a room against its arrow."))
    room = _room(s, c.room, unrevealed=False)
    tx.emit(ev.ActionTaken(s.active, "rotate", character, c.quarters, str(c.quarters)))
    if room is not None:
        tx.emit(ev.RoomRotated(room, -c.quarters if c.against else c.quarters))


def jump(tx: Tx, c: cmd.Jump, actor: Viewer) -> None:
    """Seed, §Salta le carte: 1 AP and one of the 3 jump cards, used up, carry a character over a pit."""
    s = tx.state
    character = _paying_character(s, c.character, 1)
    if s.side.jumps < 1:
        raise RuleError("NO_JUMP_CARDS", M("No jump card left: each player has 3 for the whole game."))
    tx.emit(ev.ActionTaken(s.active, "jump", character, 1), ev.JumpCardUsed(s.active))
    if c.exit:
        leave_the_maze(tx, character)


def ability(tx: Tx, c: cmd.Ability, actor: Viewer) -> None:
    """Seed, §Usa l'abilità speciale: some abilities cost 1 AP (facts §3.6: the Wall-Walker through a
    wall, the Warrior breaking a portcullis, the Thief opening or closing one, the Cleric healing, the
    Troll regenerating); a wounded character uses none — but the Troll's regeneration, which heals him."""
    s = tx.state
    PHASES.require(s.phase, ACTIONS)
    character = _own(s, s.active, c.character)
    power = AP_ABILITIES.get(piece_of(character))
    if power is None:
        raise RuleError("NO_AP_ABILITY", M("The {character}'s ability needs no AP: it works by itself.", character=piece(piece_of(character))))
    if power == "regenerate":
        _check_regeneration(s, character)
    else:
        _check_can_act(s, character)
    patient = _patient(s, c.target) if power == "heal" else None
    _require_ap(s, 1)
    tx.emit(ev.ActionTaken(s.active, "ability", character, 1, power))
    if power == "regenerate":
        tx.emit(ev.CharacterHealed(character, character))
    elif patient is not None:
        tx.emit(ev.CharacterHealed(patient, character))


def _check_regeneration(s: DTState, troll: str) -> None:
    """Facts §3.6: the Troll heals himself for 1 AP, but not in the turn he was wounded."""
    t = s.tokens[troll]
    if t.where != MAZE or not t.wounded:
        raise RuleError("NOT_WOUNDED", M("Only a wounded Troll lying in the maze regenerates."))
    if troll in s.wounded_this_turn:
        raise RuleError("WOUNDED_THIS_TURN", M("The Troll cannot regenerate in the turn he was wounded."))


def _patient(s: DTState, name: str | None) -> str:
    """Facts §3.6: the Cleric heals an adjacent wounded character, friend or foe."""
    if name is None:
        raise RuleError("NAME_THE_TARGET", M("Say whom the Cleric heals."))
    patient = _any_token(s, name)
    t = s.tokens[patient]
    if not is_character(patient) or not t.wounded or t.where != MAZE:
        raise RuleError("NOT_WOUNDED", M("{token} is not a wounded character lying in the maze.", token=owned(patient)))
    return patient


def use(tx: Tx, c: cmd.Use, actor: Viewer) -> None:
    """Seed, §Usa un oggetto: an object that must be activated costs 1 AP and leaves the board once
    used; one with a permanent effect needs no action. Facts §3.7: only the Wizard fires the Fireball
    Wand; the Speed Potion gives AP (setting `objects.speed_potion_ap`)."""
    s = tx.state
    character = _paying_character(s, c.character, 1)
    item = s.tokens[character].carrying
    if item is None or is_character(item):
        raise RuleError("NOTHING_TO_USE", M("{character} carries no object.", character=piece(piece_of(character))))
    kind = piece_of(item)
    if kind == "fireball_wand":
        victim = _fireball_victim(s, character, c.target)
        tx.emit(ev.ActionTaken(s.active, "use", character, 1, kind), ev.ObjectUsedUp(item))
        fireball(tx, victim)
    elif kind == "speed_potion":
        tx.emit(ev.ActionTaken(s.active, "use", character, 1, kind), ev.ObjectUsedUp(item), ev.APGained(s.active, s.config.speed_potion_ap))
    else:
        raise RuleError("PERMANENT", M("The {item} works by itself: no AP needed.", item=piece(kind)))


def _fireball_victim(s: DTState, wizard: str, name: str | None) -> str:
    if piece_of(wizard) != "wizard":
        raise RuleError("ONLY_THE_WIZARD", M("Only the Wizard can fire the Fireball Wand."))
    if name is None:
        raise RuleError("NAME_THE_TARGET", M("Say whom the fireball hits."))
    victim = _any_token(s, name)
    if not is_character(victim) or s.tokens[victim].where != MAZE or victim == wizard:
        raise RuleError("BAD_TARGET", M("The fireball hits a character standing in the maze."))
    return victim


def fireball(tx: Tx, victim: str) -> None:
    """Facts §3.7: the first character hit dies, with a wounded one it carries; its opponent scores for each."""
    scorer = tx.state.other(colour_of(victim))
    _kill(tx, victim, scorer)


def end_turn(tx: Tx, c: cmd.EndTurn, actor: Viewer) -> None:
    """Seed, §Carte azione: the turn ends; AP not spent are lost."""
    PHASES.require(tx.state.phase, ACTIONS)
    pass_the_turn(tx, auto=False)


def pass_the_turn(tx: Tx, auto: bool) -> None:
    """Seed, §Carte azione: at the end of a turn, a player with no action card left takes back all four."""
    s = tx.state
    tx.emit(ev.TurnEnded(s.active, auto))
    if not s.side.action_cards:
        tx.emit(ev.ActionCardsTakenBack(s.active))
    tx.emit(ev.TurnStarted(s.other(s.active), s.turn_number + 1))


# -- combat ------------------------------------------------------------------------------------------------
def attack(tx: Tx, c: cmd.Attack, actor: Viewer) -> None:
    """Seed, §Inizia il combattimento and §Combattimento di gruppo: 1 AP attacks adjacent enemies; every
    unwounded character next to the fight joins, on both sides. §Personaggi feriti: a wounded character
    never attacks nor joins a group; it defends only when attacked alone. The active player may not attack
    again a character wounded this turn."""
    s = tx.state
    PHASES.require(s.phase, ACTIONS)
    attackers = _distinct(_own(s, s.active, name) for name in c.attackers)
    defenders = _distinct(_own(s, s.other(s.active), name) for name in c.defenders)
    if not attackers or not defenders:
        raise RuleError("NAME_THE_FIGHTERS", M("Name at least one attacker and one defender."))
    for attacker in attackers:
        _check_can_act(s, attacker)
    _check_defenders(s, defenders)
    _require_ap(s, 1)
    tx.emit(ev.ActionTaken(s.active, "attack", attackers[0], 1), ev.CombatDeclared(s.active, attackers, defenders))


def _check_defenders(s: DTState, defenders: tuple[str, ...]) -> None:
    for defender in defenders:
        if s.tokens[defender].where != MAZE:
            raise RuleError("NOT_IN_MAZE", M("{token} is not standing in the maze.", token=owned(defender)))
        if defender in s.wounded_this_turn:
            raise RuleError("WOUNDED_THIS_TURN", M("{token} was wounded this turn and cannot be attacked again.", token=owned(defender)))
    if len(defenders) > 1 and any(s.tokens[d].wounded for d in defenders):
        raise RuleError("WOUNDED_ALONE", M("A wounded character is attacked alone and never joins a group."))


def choose(tx: Tx, c: cmd.Choose, actor: Viewer) -> None:
    """Seed, §Carte Combattimento: each player chooses a combat card and lays it face down; both are
    revealed at once. Here each seat chooses on its own screen or reader, at the same time; or, with
    choices made at the table, the table enters each card as it is turned over (a tap or a scan)."""
    s = tx.state
    PHASES.require(s.phase, COMBAT)
    assert s.combat is not None  # the combat phase always has a declared fight
    colour = _choosing_colour(s, c.colour, actor)
    if colour in s.combat.cards:
        raise RuleError("ALREADY_CHOSEN", M("You have chosen already; undo your own step to choose again."))
    if c.card not in s.sides[colour].combat_cards:
        if actor.is_seat:
            raise RuleError("NOT_IN_HAND", M("That combat card is not in your hand."))
        raise RuleError("NOT_IN_HAND", M("{colour} has no {card} combat card in hand.", colour=colour_name(colour), card=combat_card(c.card)))
    tx.emit(ev.CombatCardChosen(colour, c.card, face_up=s.config.open_choices))
    if len(s.combat.cards) + 1 == len(s.colours):  # the last card: both lie face down, turn them over
        resolve_combat(tx)


def combat_totals(s: DTState, attackers: tuple[str, ...], defenders: tuple[str, ...]) -> tuple[int, int]:
    """Facts §3.9 and seed §Combattimento di gruppo: each side adds its characters' combat values (a
    wounded one counts 0), the Sword when attacking, the Armour when defending; the cards come on top."""
    def side(tokens: tuple[str, ...], item: str, bonus: int) -> int:
        values = sum(0 if s.tokens[t].wounded else s.config.combat_value(piece_of(t)) for t in tokens)
        return values + bonus * sum(1 for t in tokens if (s.tokens[t].carrying or "").endswith(":" + item))
    return side(attackers, "sword", s.config.sword_bonus), side(defenders, "armour", s.config.armour_bonus)


def resolve_combat(tx: Tx) -> None:
    """Seed, §Inizia il combattimento: the higher total wins and the loser's characters are wounded;
    a tie does nothing (the attacker may pay 1 AP to fight again). §Personaggi feriti: a wounded loser
    dies, +1 VP to the winner; §Portare personaggi feriti: a carried wounded character dies with its
    carrier's loss (+1 VP) and the carrier is wounded; a wounded carrier lets go of its object."""
    s = tx.state
    combat = s.combat
    assert combat is not None
    attacker, defender = combat.attacker, s.other(combat.attacker)
    base_a, base_d = combat_totals(s, combat.attackers, combat.defenders)
    card_a, card_d = combat.cards[attacker], combat.cards[defender]
    total_a, total_d = base_a + card_a, base_d + card_d
    winner = attacker if total_a > total_d else defender if total_d > total_a else None
    tx.emit(ev.CombatRevealed(attacker, defender, card_a, card_d, total_a, total_d, winner))
    if winner is not None:
        for loser in (combat.defenders if winner == attacker else combat.attackers):
            _wound(tx, loser, winner)


def _wound(tx: Tx, loser: str, winner: str) -> None:
    t = tx.state.tokens[loser]
    if t.wounded:
        _kill(tx, loser, winner)
        return
    if t.carrying is not None and is_character(t.carrying):
        _kill(tx, t.carrying, winner)
    elif t.carrying is not None:
        tx.emit(ev.TokenDropped(loser, t.carrying))
    tx.emit(ev.CharacterWounded(loser))


def _kill(tx: Tx, victim: str, scorer: str) -> None:
    """A character dies (seed, §Personaggi feriti): its object stays where it fell, a wounded friend it
    carried dies too; the scorer gets 1 VP for each."""
    carried = tx.state.tokens[victim].carrying
    if carried is not None and is_character(carried):
        tx.emit(ev.CharacterKilled(carried), ev.PointsScored(scorer, KILL_VP, "kill"))
    elif carried is not None:
        tx.emit(ev.TokenDropped(victim, carried))
    tx.emit(ev.CharacterKilled(victim), ev.PointsScored(scorer, KILL_VP, "kill"))


# -- after every action --------------------------------------------------------------------------------------
def _after_the_action(tx: Tx) -> None:
    """Seed, §Vincere: 5 VP win at once. Otherwise, with no AP left, the turn passes by itself
    (setting `table.auto_end_turn`; the seed is silent)."""
    s = tx.state
    if s.status != "playing":
        return
    leader = max(s.colours, key=lambda colour: s.sides[colour].vp)
    if s.sides[leader].vp >= TARGET_VP:
        tx.emit(ev.GameWon(leader))
    elif s.phase == ACTIONS and s.ap <= 0 and s.config.auto_end_turn:
        pass_the_turn(tx, auto=True)


# -- checks ------------------------------------------------------------------------------------------------
def _require_ap(s: DTState, ap: int) -> None:
    if s.ap < ap:
        raise RuleError("NO_AP", M("That needs {need} AP; {left} left.", need=ap, left=s.ap))


def _paying_character(s: DTState, name: str, ap: int) -> str:
    """The active player's character that acts now: the actions phase, able to act, AP enough."""
    PHASES.require(s.phase, ACTIONS)
    character = _own(s, s.active, name)
    _check_can_act(s, character)
    _require_ap(s, ap)
    return character


def _check_can_act(s: DTState, character: str) -> None:
    """Seed, §Personaggi feriti: a wounded character takes no action; facts §3.6: one healed this turn rests."""
    t = s.tokens[character]
    if not is_character(character):
        raise RuleError("NOT_A_CHARACTER", M("{token} is not a character.", token=owned(character)))
    if t.where != MAZE:
        raise RuleError("NOT_IN_MAZE", M("{token} is not standing in the maze.", token=owned(character)))
    if t.wounded:
        raise RuleError("WOUNDED", M("{token} is wounded and cannot act.", token=owned(character)))
    if character in s.resting:
        raise RuleError("RESTING", M("{token} was healed this turn and can do nothing more.", token=owned(character)))


def _choosing_colour(s: DTState, colour: str | None, actor: Viewer) -> str:
    """The colour a secret choice is for: a seat's own; the table must name it (a shared reader)."""
    if actor.is_seat:
        if colour is not None and colour != actor.seat:
            raise RuleError("NOT_YOUR_COLOUR", M("A seat chooses only for itself."))
        colour = actor.seat
    if colour is None:
        raise RuleError("NAME_THE_COLOUR", M("Each player chooses on their own seat; the table must name the colour."))
    if colour not in s.sides:
        raise RuleError("UNKNOWN_COLOUR", M("There is no colour \"{colour}\" at this table.", colour=colour))
    return colour


def _room(s: DTState, room: int | None, unrevealed: bool) -> int | None:
    """The room a reveal or rotation names, when the table tracks the rooms (setting `table.board`)."""
    if not s.config.board:
        return None
    if room is None or not 1 <= room <= ROOMS:
        raise RuleError("NAME_THE_ROOM", M("Say which room (1 to {n}).", n=ROOMS))
    if unrevealed and s.rooms[room - 1].revealed:
        raise RuleError("ALREADY_REVEALED", M("Room {n} is revealed already.", n=room))
    return room


def _own(s: DTState, colour: str, name: str) -> str:
    """A character or object of `colour`: "troll" or "blue:troll"."""
    token_id = name if ":" in name else token(colour, name)
    if token_id not in s.tokens:
        raise RuleError("UNKNOWN_TOKEN", M("There is no \"{name}\" in this game.", name=name))
    if colour_of(token_id) != colour:
        raise RuleError("WRONG_COLOUR", M("{token} is not {colour}'s.", token=owned(token_id), colour=colour_name(colour)))
    return token_id


def _any_token(s: DTState, name: str) -> str:
    """A token of either colour; a bare piece name must be "colour:piece"."""
    if name not in s.tokens:
        raise RuleError("UNKNOWN_TOKEN", M("There is no \"{name}\" in this game; name it as colour:piece.", name=name))
    return name


def _distinct(tokens: Any) -> tuple[str, ...]:
    return tuple(dict.fromkeys(tokens))


_HANDLERS: dict[type[Command], Callable[[Tx, Any, Viewer], None]] = {
    cmd.Lineup: lineup,
    cmd.PlayCard: play_card,
    cmd.Move: move,
    cmd.Reveal: reveal,
    cmd.Rotate: rotate,
    cmd.Attack: attack,
    cmd.Choose: choose,
    cmd.Jump: jump,
    cmd.Ability: ability,
    cmd.Use: use,
    cmd.EndTurn: end_turn,
}

assert set(_HANDLERS) | {cmd.Start} == set(cmd.COMMANDS.values())
assert set(OBJECTS) >= {"sword", "armour", "treasure", "fireball_wand", "speed_potion"}
