"""The Big Bang game state and `evolve`, the only place it changes.

States are immutable: evolve returns a new one and never edits the dicts and tuples it shares with
the old one (the session keeps every earlier state for instant undo).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from companion.games.bigbang import events as ev
from companion.games.bigbang.config import CHARACTERS, RED_MOON, Card, Config, default_settings
from companion.records import Event
from companion.rules import replace


@dataclass(frozen=True)
class Turn:
    character: str
    actions_left: int
    special_used: bool = False
    #: an action was taken, so the special action (which comes first) is no longer possible
    acted: bool = False


@dataclass(frozen=True)
class BigBangState:
    config: Config
    status: str = "setup"  # setup | playing | won | lost
    #: setup | deal | layout | letters | choose | actions | draw | drawing | red_moon | refill | over
    phase: str = "setup"
    players: tuple[str, ...] = ()
    active: int = 0
    moon: int = 0
    cubes: int = 0
    positions: dict[str, int | None] = field(default_factory=lambda: dict.fromkeys(CHARACTERS))
    hands: tuple[dict[str, int], ...] = ()
    pile: dict[str, int] = field(default_factory=dict)
    locations: tuple[str | None, ...] = (None,) * 6
    decks: dict[str, dict[str, int]] = field(default_factory=dict)
    artefact_deck: dict[str, int] = field(default_factory=dict)
    artefacts: dict[str, int] = field(default_factory=dict)
    relics: tuple[str, ...] = ()
    #: the letter at each rune slot, in rune order (while the letters are told: those told so far)
    board: tuple[str, ...] = ()
    solution: tuple[str, ...] = ()
    clues: dict[str, str | None] = field(default_factory=dict)
    clues_owed: int = 0
    turn: Turn | None = None
    to_draw: int = 0
    #: a red moon lies open; the current action turn ends with the ring dropping
    red_moon_open: bool = False
    last_gate: ev.GateAttempted | None = None
    last_roll: int | str | None = None
    lost_reason: str | None = None
    master_pin: str | None = None

    # -- questions the rules and views ask ------------------------------------------------------
    @property
    def active_player(self) -> str | None:
        return self.players[self.active] if self.players else None

    @property
    def player(self) -> str:
        """The active player, once the game has started (the rules ask only then)."""
        assert self.players, "nobody plays before the start"
        return self.players[self.active]

    @property
    def chosen(self) -> Turn:
        """The chosen character's turn, in the phases that have one."""
        assert self.turn is not None, "no character is chosen now"
        return self.turn

    @property
    def hand(self) -> dict[str, int]:
        return self.hands[self.active]

    def hand_of(self, player: str) -> dict[str, int]:
        return self.hands[self.players.index(player)]

    def card_at(self, location: int) -> Card | None:
        card_id = self.locations[location - 1]
        return self.config.cards[card_id] if card_id else None

    def others_at(self, character: str) -> list[str]:
        where = self.positions[character]
        return [c for c in CHARACTERS if c != character and where is not None and self.positions[c] == where]

    @property
    def pile_size(self) -> int:
        return sum(self.pile.values())

    @property
    def danger_on_board(self) -> int:
        return sum(card.danger for card in map(self.card_at, range(1, 7)) if card and card.kind == "enemy")

    def fillable_locations(self) -> list[int]:
        """Empty locations whose deck still has cards."""
        return [
            n for n in range(1, 7)
            if self.locations[n - 1] is None and self.decks[self.config.location_decks[n - 1]]
        ]

    @property
    def next_player(self) -> int:
        return (self.active + 1) % len(self.players)


@cache
def default_config() -> Config:
    return Config.from_settings(default_settings())


def initial_state() -> BigBangState:
    """Before `start`: the default track and table, nobody seated."""
    config = default_config()
    return BigBangState(config=config, moon=config.track_start)


# -- evolve --------------------------------------------------------------------------------------
def evolve(state: BigBangState, event: Event) -> BigBangState:
    return _EVOLVE[type(event)](state, event)


def _started(s: BigBangState, e: ev.GameStarted) -> BigBangState:
    config = Config.from_settings(e.settings)
    return BigBangState(
        config=config,
        status="playing",
        players=e.players,
        moon=config.track_start,
        hands=tuple({} for _ in e.players),
        pile=_nonzero(config.pile),
        decks={deck: _nonzero(cards) for deck, cards in config.decks.items()},
        artefact_deck=_nonzero(config.artefacts),
        board=e.board,
        solution=e.solution,
        master_pin=e.master_pin,
    )


def _nonzero(counts: dict[str, int]) -> dict[str, int]:
    """Counts as the state keeps them: a card with none left has no entry."""
    return {key: n for key, n in counts.items() if n}


def _counted(counts: dict[str, int], key: str, delta: int) -> dict[str, int]:
    """A copy of `counts` with `key` changed by `delta`; zero counts are dropped."""
    new = dict(counts)
    new[key] = new.get(key, 0) + delta
    if new[key] == 0:
        del new[key]
    return new


def _with_hand(s: BigBangState, player: int, character: str, delta: int) -> tuple[dict[str, int], ...]:
    hands = list(s.hands)
    hands[player] = _counted(hands[player], character, delta)
    return tuple(hands)


def _hand_dealt(s: BigBangState, e: ev.HandDealt) -> BigBangState:
    player = s.players.index(e.player)
    for card in e.cards:
        s = replace(s, hands=_with_hand(s, player, card, +1), pile=_counted(s.pile, card, -1))
    return s


def _location_filled(s: BigBangState, e: ev.LocationFilled) -> BigBangState:
    deck = s.config.location_decks[e.location - 1]
    decks = {**s.decks, deck: _counted(s.decks[deck], e.card, -1)}
    return replace(s, locations=_set_location(s, e.location, e.card), decks=decks)


def _set_location(s: BigBangState, location: int, card: str | None) -> tuple[str | None, ...]:
    locations = list(s.locations)
    locations[location - 1] = card
    return tuple(locations)


def _turn_started(s: BigBangState, e: ev.TurnStarted) -> BigBangState:
    return replace(s, active=s.players.index(e.player), phase="choose", turn=None, to_draw=0)


def _character_chosen(s: BigBangState, e: ev.CharacterChosen) -> BigBangState:
    return replace(
        s, phase="actions", turn=Turn(e.character, e.cards), hands=_with_hand(s, s.active, e.character, -e.cards)
    )


def _special_used(s: BigBangState, e: ev.SpecialUsed) -> BigBangState:
    return replace(s, turn=replace(s.turn, special_used=True))


def _action_used(s: BigBangState, e: ev.ActionUsed) -> BigBangState:
    assert s.turn is not None  # an action is taken only by a chosen character
    return replace(s, turn=replace(s.turn, actions_left=s.turn.actions_left - 1, acted=True))


def _character_moved(s: BigBangState, e: ev.CharacterMoved) -> BigBangState:
    return replace(s, positions={**s.positions, e.character: e.location})


def _help_played(s: BigBangState, e: ev.HelpPlayed) -> BigBangState:
    return replace(s, hands=_with_hand(s, s.players.index(e.player), e.character, -e.cards))


def _location_cleared(s: BigBangState, e: ev.LocationCleared) -> BigBangState:
    return replace(s, locations=_set_location(s, e.location, None))


def _artefact_drawn(s: BigBangState, e: ev.ArtefactDrawn) -> BigBangState:
    if e.artefact is None:
        return s
    return replace(
        s, artefact_deck=_counted(s.artefact_deck, e.artefact, -1), artefacts=_counted(s.artefacts, e.artefact, +1)
    )


def _clue_given(s: BigBangState, e: ev.ClueGiven) -> BigBangState:
    return replace(s, clues={**s.clues, e.letter: e.rune}, clues_owed=s.clues_owed - int(e.owed))


def _letters_swapped(s: BigBangState, e: ev.LettersSwapped) -> BigBangState:
    swap = {e.a: e.b, e.b: e.a}
    return replace(s, board=tuple(swap.get(letter, letter) for letter in s.board))


def _gate_attempted(s: BigBangState, e: ev.GateAttempted) -> BigBangState:
    return replace(s, last_gate=e)


def _red_moon_struck(s: BigBangState, e: ev.RedMoonStruck) -> BigBangState:
    return replace(s, red_moon_open=False)


def _draw_announced(s: BigBangState, e: ev.DrawAnnounced) -> BigBangState:
    for card in e.discard:
        s = replace(s, hands=_with_hand(s, s.active, card, -1))
    return replace(s, phase="drawing", to_draw=e.count)


def _card_drawn(s: BigBangState, e: ev.CardDrawn) -> BigBangState:
    s = replace(s, pile=_counted(s.pile, e.card, -1))
    if e.card == RED_MOON:  # drawing stops and the red moon is laid open (digest: Red moon)
        return replace(s, to_draw=0, red_moon_open=True, phase="red_moon")
    return replace(s, hands=_with_hand(s, s.active, e.card, +1), to_draw=s.to_draw - 1)


def _game_over(status: str) -> Callable[[BigBangState, Event], BigBangState]:
    def apply(s: BigBangState, e: Event) -> BigBangState:
        return replace(s, status=status, phase="over", lost_reason=getattr(e, "reason", None))

    return apply


def _without_one(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    i = items.index(item)
    return items[:i] + items[i + 1:]


def _unchanged(s: BigBangState, e: Event) -> BigBangState:
    return s


_EVOLVE: dict[type[Event], Callable[[BigBangState, Any], BigBangState]] = {
    ev.GameStarted: _started,
    ev.DealingTo: lambda s, e: replace(s, phase="deal", active=s.players.index(e.player)),
    ev.LayoutBegun: lambda s, e: replace(s, phase="layout", active=0),
    ev.LettersBegun: lambda s, e: replace(s, phase="letters", active=0),
    ev.LetterLaid: lambda s, e: replace(s, board=s.board + (e.letter,)),
    ev.HandDealt: _hand_dealt,
    ev.LocationFilled: _location_filled,
    ev.TurnStarted: _turn_started,
    ev.CharacterChosen: _character_chosen,
    ev.Passed: _unchanged,
    ev.SpecialUsed: _special_used,
    ev.ActionUsed: _action_used,
    ev.CharacterMoved: _character_moved,
    ev.MoonMoved: lambda s, e: replace(s, moon=e.to),
    ev.CubesChanged: lambda s, e: replace(s, cubes=e.to),
    ev.HelpPlayed: _help_played,
    ev.FightResolved: _unchanged,
    ev.LocationCleared: _location_cleared,
    ev.RewardTaken: _unchanged,
    ev.ArtefactDrawn: _artefact_drawn,
    ev.ArtefactUsed: lambda s, e: replace(s, artefacts=_counted(s.artefacts, e.artefact, -1)),
    ev.RelicGained: lambda s, e: replace(s, relics=s.relics + (e.relic,)),
    ev.RelicUsed: lambda s, e: replace(s, relics=_without_one(s.relics, e.relic)),
    ev.ClueOwed: lambda s, e: replace(s, clues_owed=s.clues_owed + 1),
    ev.ClueGiven: _clue_given,
    ev.LettersSwapped: _letters_swapped,
    ev.GateAttempted: _gate_attempted,
    ev.ActionsEnded: lambda s, e: replace(s, phase="draw"),
    ev.RedMoonStruck: _red_moon_struck,
    ev.DrawAnnounced: _draw_announced,
    ev.CardDrawn: _card_drawn,
    ev.RedMoonIgnored: lambda s, e: replace(s, red_moon_open=False, phase="refill"),
    ev.DrawFinished: lambda s, e: replace(s, phase="refill"),
    ev.GameWon: _game_over("won"),
    ev.GameLost: _game_over("lost"),
    ev.DieRolled: lambda s, e: replace(s, last_roll=e.face),
}
