"""A tiny competitive game that exists only for the tests: it exercises the game contract with no
core change — seats, a private view per seat, a simultaneous secret choice, redaction, ties.

Each seat holds the cards c1 .. c<max_card>. Every round all seats choose a card at the same time,
in secret; when the last one has chosen, the cards are laid open: the highest card scores its value
(a tie scores for each tied seat) and the chosen cards are gone. The first to reach the target wins,
together with anyone reaching it in the same round. Loaded by the registry through
`COMPANION_GAMES=tests.games.counter`.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from pydantic import Field

from companion.contract import Result, Seat, Turn, Viewer
from companion.errors import RuleError
from companion.game import GameCard, GameDefinition, Phase, Phases
from companion.i18n import N_
from companion.inputs import Option
from companion.messages import M, Text, joined
from companion.records import ACTOR_ONLY, Command, Event, Rule, catalog, owner_only
from companion.ring import Counter, Counters
from companion.rules import player_names
from companion.settings import Section, merged, validated
from companion.turn_order import SEATS_AT_ONCE


class CounterSettings(Section):
    target: int = Field(ge=1, le=99, title=N_("Points to win"), description=N_("The first seat to reach this wins."))
    max_card: int = Field(ge=1, le=9, title=N_("Highest card"), description=N_("Each seat holds the cards 1 to this."))


def default_settings() -> dict[str, Any]:
    return {"target": 6, "max_card": 5}


# -- commands and events -------------------------------------------------------------------------
@dataclass(frozen=True)
class Start(Command):
    """Start: seats in order, optional settings."""

    kind = "start"
    players: tuple[str, ...]
    settings: dict[str, Any] | None = None


@dataclass(frozen=True)
class Choose(Command):
    """Choose a card in secret (from your own seat)."""

    kind = "choose"
    visibility: ClassVar[Mapping[str, Rule]] = {"card": ACTOR_ONLY}
    card: str


@dataclass(frozen=True)
class Started(Event):
    kind = "started"
    players: tuple[str, ...]
    target: int
    max_card: int


@dataclass(frozen=True)
class Chosen(Event):
    kind = "chosen"
    visibility: ClassVar[Mapping[str, Rule]] = {"card": owner_only("seat")}
    seat: str
    card: str


@dataclass(frozen=True)
class LaidOpen(Event):
    kind = "laid_open"
    reveals = True
    cards: dict[str, str]


@dataclass(frozen=True)
class Scored(Event):
    kind = "scored"
    seat: str
    points: int


@dataclass(frozen=True)
class Ended(Event):
    kind = "ended"
    winners: tuple[str, ...]


# -- state ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CounterState:
    players: tuple[str, ...] = ()
    target: int = 6
    max_card: int = 5
    scores: dict[str, int] = field(default_factory=dict)
    hands: dict[str, tuple[str, ...]] = field(default_factory=dict)
    chosen: dict[str, str] = field(default_factory=dict)
    last_open: dict[str, str] = field(default_factory=dict)
    round: int = 0
    winners: tuple[str, ...] | None = None


def evolve(s: CounterState, e: Event) -> CounterState:
    if isinstance(e, Started):
        hand = tuple(f"c{n}" for n in range(1, e.max_card + 1))
        return CounterState(e.players, e.target, e.max_card, dict.fromkeys(e.players, 0), dict.fromkeys(e.players, hand), round=1)
    if isinstance(e, Chosen):
        return replace(s, chosen={**s.chosen, e.seat: e.card}, hands={**s.hands, e.seat: tuple(c for c in s.hands[e.seat] if c != e.card)})
    if isinstance(e, LaidOpen):
        return replace(s, chosen={}, last_open=dict(e.cards), round=s.round + 1)
    if isinstance(e, Scored):
        return replace(s, scores={**s.scores, e.seat: s.scores[e.seat] + e.points})
    if isinstance(e, Ended):
        return replace(s, winners=e.winners)
    raise TypeError(e)


def value(card: str) -> int:
    return int(card[1:])


def decide(s: CounterState, c: Command, actor: Viewer, rng: random.Random) -> list[Event]:
    """The core has checked that the game is on and that a seat sends `choose` (`who_acts`)."""
    if isinstance(c, Start):
        settings = validated(CounterSettings, merged(default_settings(), c.settings))
        players = player_names(c.players, 2, 4, M("Name 2 to 4 different players."))
        return [Started(players, settings.target, settings.max_card)]
    assert isinstance(c, Choose) and actor.seat is not None
    seat = actor.seat
    if seat in s.chosen:
        raise RuleError("ALREADY_CHOSEN", M("You have chosen already."))
    if c.card not in s.hands[seat]:
        raise RuleError("NOT_IN_HAND", M("That card is not in your hand."))
    events: list[Event] = [Chosen(seat, c.card)]
    chosen = {**s.chosen, seat: c.card}
    if len(chosen) == len(s.players):
        events.append(LaidOpen(chosen))
        best = max(value(card) for card in chosen.values())
        scorers = [p for p in s.players if value(chosen[p]) == best]
        events += [Scored(p, best) for p in scorers]
        scores = {p: s.scores[p] + (best if p in scorers else 0) for p in s.players}
        winners = tuple(p for p in s.players if scores[p] >= s.target)
        if winners or all(len(h) <= 1 for h in s.hands.values()):
            top = max(scores.values())
            events.append(Ended(winners or tuple(p for p in s.players if scores[p] == top)))
    return events


# -- views ---------------------------------------------------------------------------------------------
def seats(s: CounterState) -> tuple[Seat, ...]:
    return tuple(Seat(p, p) for p in s.players)


def turn(s: CounterState) -> Turn:
    if not s.players:
        return Turn("setup")
    if s.winners is not None:
        return Turn("over", result=Result(s.winners, M("{names} won.", names=", ".join(s.winners))))
    return Turn("playing", "choose", tuple(p for p in s.players if p not in s.chosen))


def view(s: CounterState, viewer: Viewer) -> dict[str, Any]:
    fields: dict[str, Any] = {"scores": dict(s.scores), "target": s.target, "round": s.round,
                              "has_chosen": sorted(s.chosen), "last_open": dict(s.last_open),
                              "cards_left": {p: len(h) for p, h in s.hands.items()}}
    if viewer.is_seat and viewer.seat in s.hands:
        fields["my_hand"] = list(s.hands[viewer.seat])
        fields["my_choice"] = s.chosen.get(viewer.seat)
    return fields


def prompt(s: CounterState, viewer: Viewer) -> Text:
    if not s.players:
        return M("Name 2 to 4 players.")
    if s.winners is not None:
        return M("{names} won.", names=", ".join(s.winners))
    waiting = [p for p in s.players if p not in s.chosen]
    if viewer.is_seat and viewer.seat in waiting:
        return M("Choose a card in secret.")
    return M("Waiting for {names}.", names=", ".join(waiting))


def describe(before: CounterState, events: Sequence[Event], viewer: Viewer) -> Text:
    parts: list[Text] = []
    for e in events:
        if isinstance(e, Started):
            parts.append(M("Game started with {players}", players=", ".join(e.players)))
        elif isinstance(e, Chosen):
            mine = viewer.kind == "master" or viewer.seat == e.seat
            parts.append(M("{seat} chose {card}", seat=e.seat, card=e.card) if mine else M("{seat} has chosen", seat=e.seat))
        elif isinstance(e, LaidOpen):
            parts.append(M("laid open: {cards}", cards=", ".join(f"{p} {c}" for p, c in e.cards.items())))
        elif isinstance(e, Scored):
            parts.append(M("{seat} +{n}", seat=e.seat, n=e.points))
    return joined(parts, "; ")


def ring(s: CounterState) -> Counters:
    palette = ("red", "blue", "green", "yellow")
    return Counters(tuple(Counter(s.scores.get(p, 0), s.target, palette[i % 4]) for i, p in enumerate(s.players)))


def options(s: CounterState, actor: Viewer) -> list[Option]:
    if not actor.is_seat or actor.seat not in s.hands or actor.seat in s.chosen or s.winners is not None:
        return []
    return [Option(M("Choose {card}", card=card), {"cmd": "choose", "card": card}) for card in s.hands[actor.seat]]


GAME = GameDefinition(
    id="counter",
    title=M("Counter test game"),
    commands=catalog(Start, Choose),  # type: ignore[arg-type]
    events=catalog(Started, Chosen, LaidOpen, Scored, Ended),  # type: ignore[arg-type]
    phases=Phases(Phase("choose", M("choosing cards"))),
    settings=CounterSettings,
    default_settings=default_settings,
    initial_state=CounterState,
    decide=decide,
    evolve=evolve,
    turn=turn,
    seats=seats,
    prompt=prompt,
    view=view,
    describe=describe,
    ring=ring,
    options=options,
    cards=lambda: tuple(GameCard(f"c{n}", f"card {n}", "card") for n in range(1, 10)),
    scan=lambda s, card, actor: {"cmd": "choose", "card": card} if actor.is_seat else None,
    seat_range=(2, 4),
    who_acts=SEATS_AT_ONCE,  # every seat chooses at once, for itself; the table does not
)
