"""What can happen in a game of Dungeon Twister. Only these change its state (state.py, `evolve`).

Secrets: a starting line and a combat card are seen by their own seat only (`owner_only`) until they
are laid open (a line the table enters as it is revealed is everyone's at once); a combat card stays
its owner's alone after the reveal too — the seed: used combat cards lie face down and "players may
not look at these cards". What everyone learns of a fight is
who won; the totals are shown and spoken once, at the reveal (state `last_combat`), never logged.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from companion.records import NOBODY, Event, Rule, catalog, owner_only

_OWNER = owner_only("colour")
#: a starting line chosen in secret is its seat's; one entered at the table as it is revealed, everyone's
LINE_OWNER_UNTIL_REVEALED = Rule("the seat in colour, or everyone once revealed",
                                 lambda record, viewer, actor: record.revealed or _OWNER.allows(record, viewer, actor))


@dataclass(frozen=True)
class GameStarted(Event):
    kind = "game_started"
    #: the players' names, in seat order; `colours` says whose colour is whose
    players: tuple[str, ...]
    colours: tuple[str, ...]
    settings: dict[str, Any]
    first: str


@dataclass(frozen=True)
class LineupChosen(Event):
    kind = "lineup_chosen"
    visibility: ClassVar[Mapping[str, Rule]] = {"characters": LINE_OWNER_UNTIL_REVEALED}
    colour: str
    characters: tuple[str, ...]
    #: entered at the table as the cardboard line was turned face up (setting `seats.secret_choices`)
    revealed: bool = False


@dataclass(frozen=True)
class LineupsRevealed(Event):
    """Both starting lines laid open: they stand on the lines, the rest lies face down in the rooms."""

    kind = "lineups_revealed"
    reveals = True
    lineups: dict[str, tuple[str, ...]]


@dataclass(frozen=True)
class TurnStarted(Event):
    kind = "turn_started"
    colour: str
    number: int


@dataclass(frozen=True)
class ActionCardPlayed(Event):
    kind = "action_card_played"
    colour: str
    card: int


@dataclass(frozen=True)
class ActionTaken(Event):
    """AP paid for one action. `action`: move, reveal, rotate, attack, jump, ability, use."""

    kind = "action_taken"
    colour: str
    action: str
    character: str | None
    ap: int
    #: what kind of it: the ability's name, the object used, the quarter turns…
    detail: str | None = None


@dataclass(frozen=True)
class APGained(Event):
    kind = "ap_gained"
    colour: str
    ap: int


@dataclass(frozen=True)
class TokenDropped(Event):
    """`carrier` lets go of `token`, which lies where it stands."""

    kind = "token_dropped"
    carrier: str
    token: str


@dataclass(frozen=True)
class TokenTaken(Event):
    """`carrier` picks `token` up; `source` is the friend who carried it, None when it lay in the maze."""

    kind = "token_taken"
    carrier: str
    token: str
    source: str | None = None


@dataclass(frozen=True)
class TokensAppeared(Event):
    """The tokens that lay face down in a revealed room are in play now."""

    kind = "tokens_appeared"
    tokens: tuple[str, ...]


@dataclass(frozen=True)
class RoomRevealed(Event):
    kind = "room_revealed"
    room: int


@dataclass(frozen=True)
class RoomRotated(Event):
    kind = "room_rotated"
    room: int
    #: quarter turns in the direction of the room's arrow (negative: against it)
    quarters: int


@dataclass(frozen=True)
class JumpCardUsed(Event):
    kind = "jump_card_used"
    colour: str


@dataclass(frozen=True)
class CharacterLeft(Event):
    """A character stepped onto the opponent's starting line and left the maze."""

    kind = "character_left"
    token: str


@dataclass(frozen=True)
class CarriedOut(Event):
    """What a leaving character carried leaves with it: an object is gone, a wounded friend is safe."""

    kind = "carried_out"
    token: str


@dataclass(frozen=True)
class CombatDeclared(Event):
    kind = "combat_declared"
    attacker: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]


@dataclass(frozen=True)
class CombatCardChosen(Event):
    kind = "combat_card_chosen"
    visibility: ClassVar[Mapping[str, Rule]] = {"card": owner_only("colour")}
    colour: str
    card: int
    #: entered as it was turned face up at the table (setting `seats.secret_choices`): every screen and
    #: the voice show it there and then, though the undo list keeps it its owner's (used cards lie face down)
    face_up: bool = False

    @property
    def reveals(self) -> bool:  # type: ignore[override]  # this record answers for itself, not its class
        """A card entered face up is laid open: only the table takes that step back."""
        return self.face_up


@dataclass(frozen=True)
class CombatRevealed(Event):
    """Both cards turned at once. Each card is its owner's to see; the totals nobody's to look up later."""

    kind = "combat_revealed"
    reveals = True
    visibility: ClassVar[Mapping[str, Rule]] = {
        "attacker_card": owner_only("attacker"), "defender_card": owner_only("defender"),
        "attacker_total": NOBODY, "defender_total": NOBODY,
    }
    attacker: str
    defender: str
    attacker_card: int
    defender_card: int
    attacker_total: int
    defender_total: int
    #: the colour that won; None for a tie
    winner: str | None


@dataclass(frozen=True)
class CharacterWounded(Event):
    kind = "character_wounded"
    token: str


@dataclass(frozen=True)
class CharacterKilled(Event):
    kind = "character_killed"
    token: str


@dataclass(frozen=True)
class CharacterHealed(Event):
    """Healed by the Cleric or regenerating (the Troll): it can do nothing more this turn."""

    kind = "character_healed"
    token: str
    by: str


@dataclass(frozen=True)
class ObjectUsedUp(Event):
    kind = "object_used_up"
    token: str


@dataclass(frozen=True)
class PointsScored(Event):
    """`reason`: kill, exit, treasure."""

    kind = "points_scored"
    colour: str
    points: int
    reason: str


@dataclass(frozen=True)
class TurnEnded(Event):
    kind = "turn_ended"
    colour: str
    #: the turn passed by itself at 0 AP (the reveal that spent the last AP stays on show)
    auto: bool = False


@dataclass(frozen=True)
class ActionCardsTakenBack(Event):
    """Seed, §Carte azione: a player with no action card left takes the four back at the end of the turn."""

    kind = "action_cards_taken_back"
    colour: str


@dataclass(frozen=True)
class GameWon(Event):
    kind = "game_won"
    colour: str


EVENTS = catalog(
    GameStarted, LineupChosen, LineupsRevealed, TurnStarted, ActionCardPlayed, ActionTaken, APGained, TokenDropped,
    TokenTaken, TokensAppeared, RoomRevealed, RoomRotated, JumpCardUsed, CharacterLeft, CarriedOut, CombatDeclared,
    CombatCardChosen, CombatRevealed, CharacterWounded, CharacterKilled, CharacterHealed, ObjectUsedUp, PointsScored,
    TurnEnded, ActionCardsTakenBack, GameWon,
)
