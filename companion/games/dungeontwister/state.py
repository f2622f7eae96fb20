"""The Dungeon Twister state and `evolve`, the only place it changes.

States are immutable: evolve returns a new one and never edits the dicts and tuples it shares with
the old one (the session keeps every earlier state for instant undo).

What is secret here — a side's chosen starting line, a combat card chosen and not yet revealed, the
combat cards a side has used — is held in the state like everything else; views.py decides who sees it.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.games.dungeontwister import events as ev
from companion.games.dungeontwister.config import Config, default_config
from companion.games.dungeontwister.phases import ACTION_CARD, ACTIONS, COMBAT, LINEUP
from companion.games.dungeontwister.pieces import CHARACTERS, OBJECTS, piece_of, token
from companion.records import Event
from companion.rules import replace

#: seed, §Salta le carte: "Ogni giocatore inizia il gioco con 3 carte Salta"
JUMP_CARDS = 3
#: seed, §Vincere: "Vinci la partita segnando 5 PV"
TARGET_VP = 5
#: the rooms of the maze (facts §3.1: 8 rooms, 4 × 2)
ROOMS = 8
#: token places: face down in an unrevealed room (or not yet placed), in play, carried, or out of the game
RESERVE, MAZE, CARRIED, DEAD, ESCAPED, USED, GONE = "reserve", "maze", "carried", "dead", "escaped", "used", "gone"


@dataclass(frozen=True)
class Token:
    """A character or an object on (or off) the board."""

    where: str = RESERVE
    wounded: bool = False
    #: what this character carries (seed, §Oggetti: one object or one wounded character)
    carrying: str | None = None
    #: who carries this token
    carried_by: str | None = None


@dataclass(frozen=True)
class Side:
    """One player: name, cards and points."""

    colour: str
    name: str
    #: action cards still in hand this cycle
    action_cards: tuple[int, ...]
    #: combat cards in hand (sorted); secret but to their owner
    combat_cards: tuple[int, ...]
    #: combat cards used and gone (seed: face down, "players may not look at these cards"); the owner's alone
    used_combat: tuple[int, ...] = ()
    jumps: int = JUMP_CARDS
    vp: int = 0
    #: action-card cycles completed (seed, §Carte azione)
    cycles: int = 0
    #: the characters chosen for the starting line, secret until both lines are laid open
    lineup: tuple[str, ...] = ()


@dataclass(frozen=True)
class Combat:
    """A fight waiting for both combat cards."""

    attacker: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    #: colour -> the card chosen, secret until both have chosen
    cards: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class LastCombat:
    """The fight just revealed, shown (and spoken) until the next action: totals and what came of it."""

    attacker: str
    defender: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    totals: dict[str, int]
    #: each side's own card, shown to that side only
    cards: dict[str, int]
    winner: str | None
    wounded: tuple[str, ...] = ()
    killed: tuple[str, ...] = ()


@dataclass(frozen=True)
class Room:
    revealed: bool = False
    #: quarter turns in the direction of the room's own arrow, 0-3
    rotation: int = 0


@dataclass(frozen=True)
class DTState:
    config: Config
    status: str = "setup"  # setup | playing | over
    phase: str = ""
    colours: tuple[str, ...] = ()
    sides: dict[str, Side] = field(default_factory=dict)
    tokens: dict[str, Token] = field(default_factory=dict)
    first: str = ""
    active: str = ""
    turn_number: int = 0
    #: the highest action card played since the start (seed, §Carte azione: the first-cycle rule)
    highest_action: int = 0
    #: a 4 has been played: any card may be played for the rest of the game
    free_play: bool = False
    action_card: int | None = None
    ap: int = 0
    ap_budget: int = 0
    #: enemies wounded this turn, whom the active player may not attack again (seed, §Inizia il combattimento)
    wounded_this_turn: frozenset[str] = frozenset()
    #: healed this turn: they can do nothing more this turn (facts §3.6, Cleric and Troll)
    resting: frozenset[str] = frozenset()
    combat: Combat | None = None
    last_combat: LastCombat | None = None
    rooms: tuple[Room, ...] = ()
    winner: str | None = None

    # -- questions the rules and views ask ---------------------------------------------------------------
    def other(self, colour: str) -> str:
        return self.colours[1] if colour == self.colours[0] else self.colours[0]

    @property
    def side(self) -> Side:
        """The active player's side."""
        return self.sides[self.active]

    def name_of(self, colour: str) -> str:
        return self.sides[colour].name if colour in self.sides else colour

    def characters_of(self, colour: str) -> list[str]:
        return [token(colour, c) for c in CHARACTERS]

    def objects_of(self, colour: str) -> list[str]:
        return [token(colour, o) for o in OBJECTS]

    def can_act(self, token_id: str) -> bool:
        """An unwounded character in the maze that may still act this turn."""
        t = self.tokens.get(token_id)
        return t is not None and t.where == MAZE and not t.wounded and token_id not in self.resting

    def status_of(self, token_id: str) -> str:
        """reserve | maze | wounded | carried | dead | escaped for a character; an object's place."""
        t = self.tokens[token_id]
        if t.where == MAZE and t.wounded:
            return "wounded"
        return t.where


def initial_state() -> DTState:
    """Before `start`: the default settings, nobody seated."""
    return DTState(config=default_config())


# -- evolve --------------------------------------------------------------------------------------------------
def evolve(state: DTState, event: Event) -> DTState:
    return _EVOLVE[type(event)](state, event)


def _started(s: DTState, e: ev.GameStarted) -> DTState:
    config = Config.from_settings(e.settings)
    sides = {colour: Side(colour, name, config.action_cards, config.combat_cards) for colour, name in zip(e.colours, e.players, strict=True)}
    tokens = {token(colour, piece): Token() for colour in e.colours for piece in (*CHARACTERS, *OBJECTS)}
    rooms = tuple(Room() for _ in range(ROOMS)) if config.board else ()
    return DTState(config=config, status="playing", phase=LINEUP, colours=e.colours, sides=sides, tokens=tokens,
                   first=e.first, rooms=rooms)


def _with_side(s: DTState, colour: str, **changes: Any) -> DTState:
    return replace(s, sides={**s.sides, colour: replace(s.sides[colour], **changes)})


def _set(s: DTState, token_id: str, **changes: Any) -> DTState:
    return replace(s, tokens={**s.tokens, token_id: replace(s.tokens[token_id], **changes)})


def _lineup_chosen(s: DTState, e: ev.LineupChosen) -> DTState:
    return _with_side(s, e.colour, lineup=s.sides[e.colour].lineup + e.characters)


def _lineups_revealed(s: DTState, e: ev.LineupsRevealed) -> DTState:
    """Facts §3.3: the chosen four stand on the starting line; the rest lie face down in the rooms."""
    hidden = RESERVE if s.config.hidden_tokens else MAZE
    tokens = dict(s.tokens)
    for colour, line in e.lineups.items():
        for piece in (*CHARACTERS, *OBJECTS):
            tokens[token(colour, piece)] = Token(MAZE if piece in line else hidden)
    sides = {colour: replace(side, lineup=tuple(e.lineups.get(colour, side.lineup))) for colour, side in s.sides.items()}
    return replace(s, tokens=tokens, sides=sides)


def _turn_started(s: DTState, e: ev.TurnStarted) -> DTState:
    return replace(s, active=e.colour, turn_number=e.number, phase=ACTION_CARD, action_card=None, ap=0, ap_budget=0,
                   wounded_this_turn=frozenset(), resting=frozenset(), combat=None)


def _action_card_played(s: DTState, e: ev.ActionCardPlayed) -> DTState:
    hand = list(s.sides[e.colour].action_cards)
    hand.remove(e.card)
    s = _with_side(s, e.colour, action_cards=tuple(hand))
    return replace(s, phase=ACTIONS, action_card=e.card, ap=e.card, ap_budget=e.card, highest_action=max(s.highest_action, e.card),
                   free_play=s.free_play or e.card == 4, last_combat=None)


def _action_taken(s: DTState, e: ev.ActionTaken) -> DTState:
    return replace(s, ap=s.ap - e.ap, last_combat=None)


def _ap_gained(s: DTState, e: ev.APGained) -> DTState:
    return replace(s, ap=s.ap + e.ap, ap_budget=s.ap_budget + e.ap)


def _token_dropped(s: DTState, e: ev.TokenDropped) -> DTState:
    s = _set(s, e.carrier, carrying=None)
    return _set(s, e.token, where=MAZE, carried_by=None)


def _token_taken(s: DTState, e: ev.TokenTaken) -> DTState:
    if e.source is not None:
        s = _set(s, e.source, carrying=None)
    s = _set(s, e.carrier, carrying=e.token)
    return _set(s, e.token, where=CARRIED, carried_by=e.carrier)


def _tokens_appeared(s: DTState, e: ev.TokensAppeared) -> DTState:
    for token_id in e.tokens:
        s = _set(s, token_id, where=MAZE)
    return s


def _room_revealed(s: DTState, e: ev.RoomRevealed) -> DTState:
    return replace(s, rooms=_with_room(s, e.room, revealed=True))


def _room_rotated(s: DTState, e: ev.RoomRotated) -> DTState:
    return replace(s, rooms=_with_room(s, e.room, rotation=(s.rooms[e.room - 1].rotation + e.quarters) % 4))


def _with_room(s: DTState, number: int, **changes: Any) -> tuple[Room, ...]:
    rooms = list(s.rooms)
    rooms[number - 1] = replace(rooms[number - 1], **changes)
    return tuple(rooms)


def _carried_out(s: DTState, e: ev.CarriedOut) -> DTState:
    t = s.tokens[e.token]
    if t.carried_by is not None:
        s = _set(s, t.carried_by, carrying=None)
    return _set(s, e.token, where=ESCAPED if piece_of(e.token) in CHARACTERS else GONE, carried_by=None)


def _combat_declared(s: DTState, e: ev.CombatDeclared) -> DTState:
    return replace(s, phase=COMBAT, combat=Combat(e.attacker, e.attackers, e.defenders))


def _combat_card_chosen(s: DTState, e: ev.CombatCardChosen) -> DTState:
    assert s.combat is not None  # a card is chosen only for a declared fight
    return replace(s, combat=replace(s.combat, cards={**s.combat.cards, e.colour: e.card}))


def _combat_revealed(s: DTState, e: ev.CombatRevealed) -> DTState:
    """Seed: used combat cards leave the game face down, except the +0, which its owner takes back."""
    combat = s.combat
    assert combat is not None
    for colour, card in ((e.attacker, e.attacker_card), (e.defender, e.defender_card)):
        if card != 0:
            hand = list(s.sides[colour].combat_cards)
            hand.remove(card)
            s = _with_side(s, colour, combat_cards=tuple(hand), used_combat=(*s.sides[colour].used_combat, card))
    last = LastCombat(e.attacker, e.defender, combat.attackers, combat.defenders,
                      {e.attacker: e.attacker_total, e.defender: e.defender_total},
                      {e.attacker: e.attacker_card, e.defender: e.defender_card}, e.winner)
    return replace(s, phase=ACTIONS, combat=None, last_combat=last)


def _character_wounded(s: DTState, e: ev.CharacterWounded) -> DTState:
    s = _set(s, e.token, wounded=True)
    if s.last_combat is not None:
        s = replace(s, last_combat=replace(s.last_combat, wounded=(*s.last_combat.wounded, e.token)))
    return replace(s, wounded_this_turn=s.wounded_this_turn | {e.token})


def _character_killed(s: DTState, e: ev.CharacterKilled) -> DTState:
    t = s.tokens[e.token]
    if t.carried_by is not None:
        s = _set(s, t.carried_by, carrying=None)
    s = _set(s, e.token, where=DEAD, wounded=False, carrying=None, carried_by=None)
    if s.last_combat is not None:
        s = replace(s, last_combat=replace(s.last_combat, killed=(*s.last_combat.killed, e.token)))
    return s


def _character_healed(s: DTState, e: ev.CharacterHealed) -> DTState:
    return replace(_set(s, e.token, wounded=False), resting=s.resting | {e.token})


def _object_used_up(s: DTState, e: ev.ObjectUsedUp) -> DTState:
    t = s.tokens[e.token]
    if t.carried_by is not None:
        s = _set(s, t.carried_by, carrying=None)
    return _set(s, e.token, where=USED, carried_by=None)


def _turn_ended(s: DTState, e: ev.TurnEnded) -> DTState:
    return replace(s, ap=0, last_combat=s.last_combat if e.auto else None)


def _cards_taken_back(s: DTState, e: ev.ActionCardsTakenBack) -> DTState:
    return _with_side(s, e.colour, action_cards=s.config.action_cards, cycles=s.sides[e.colour].cycles + 1)


_EVOLVE: dict[type[Event], Callable[[DTState, Any], DTState]] = {
    ev.GameStarted: _started,
    ev.LineupChosen: _lineup_chosen,
    ev.LineupsRevealed: _lineups_revealed,
    ev.TurnStarted: _turn_started,
    ev.ActionCardPlayed: _action_card_played,
    ev.ActionTaken: _action_taken,
    ev.APGained: _ap_gained,
    ev.TokenDropped: _token_dropped,
    ev.TokenTaken: _token_taken,
    ev.TokensAppeared: _tokens_appeared,
    ev.RoomRevealed: _room_revealed,
    ev.RoomRotated: _room_rotated,
    ev.JumpCardUsed: lambda s, e: _with_side(s, e.colour, jumps=s.sides[e.colour].jumps - 1),
    ev.CharacterLeft: lambda s, e: _set(s, e.token, where=ESCAPED, carrying=None),
    ev.CarriedOut: _carried_out,
    ev.CombatDeclared: _combat_declared,
    ev.CombatCardChosen: _combat_card_chosen,
    ev.CombatRevealed: _combat_revealed,
    ev.CharacterWounded: _character_wounded,
    ev.CharacterKilled: _character_killed,
    ev.CharacterHealed: _character_healed,
    ev.ObjectUsedUp: _object_used_up,
    ev.PointsScored: lambda s, e: _with_side(s, e.colour, vp=s.sides[e.colour].vp + e.points),
    ev.TurnEnded: _turn_ended,
    ev.ActionCardsTakenBack: _cards_taken_back,
    ev.GameWon: lambda s, e: replace(s, status="over", phase="", winner=e.colour, combat=None),
}

assert set(_EVOLVE) == set(ev.EVENTS.values()), "every event changes the state in exactly one place"
