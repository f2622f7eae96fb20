"""The Munchkin game state and `evolve`, the only place it changes.

States are immutable: evolve returns a new one and never edits the tuples it shares with the old one
(the session keeps every earlier state for instant undo). Players, items, monsters and bodies are
small frozen dataclasses; the catalogue (`Config`) comes from the settings the game started with.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.games.munchkin import events as ev
from companion.games.munchkin.config import Config, Effect, MonsterCard, default_config
from companion.games.munchkin.phases import COMBAT, DOOR, RUN
from companion.records import Event
from companion.rules import replace


@dataclass(frozen=True)
class Gear:
    """An item in play: equipped (it counts) or carried (sideways, in the backpack)."""

    uid: int
    name: str
    card: str | None
    bonus: int = 0
    slot: str = "none"
    big: bool = False
    gold: int = 0
    one_shot: bool = False
    equipped: bool = False
    #: from the catalogue: the class or race it needs, its run-away modifier, whether it sets a die
    only: str | None = None
    run: int = 0
    sets_die: bool = False
    #: from the catalogue: a class or race that may not use it; humans only (no race card)
    not_for: str | None = None
    humans_only: bool = False
    #: equipped beyond the rules: "cheat" (Cheat!: even if its owner may not use it), "hireling" (a Hireling carries it)
    extra: str | None = None
    #: from the catalogue: an ally that carries one more item (the Hireling)
    carries: bool = False


@dataclass(frozen=True)
class Lasting:
    """A curse in effect on a player."""

    uid: int
    name: str
    card: str | None
    combat: int = 0
    run: int = 0


@dataclass(frozen=True)
class Player:
    name: str
    level: int = 1
    #: class and race card ids, in the order they were played
    roles: tuple[str, ...] = ()
    #: Super Munchkin / Half-Breed card ids
    extras: tuple[str, ...] = ()
    gear: tuple[Gear, ...] = ()
    curses: tuple[Lasting, ...] = ()
    hand: int = 0
    dead: bool = False
    #: died: a fresh hand comes at the start of the next own turn (facts §2.6)
    fresh_due: bool = False
    #: the character's sex when a table says it (cards that name one); None: not said
    sex: str | None = None
    #: cards received out of turn (a helper's treasures, a looted card, charity) that may still be played
    #: at once as items or classes (seed §Gegenstände, §Klassen: "in dem Moment, in dem du sie erhältst");
    #: the moment lasts until the next turn starts (for charity, given as the turn changes: the one after)
    received: int = 0

    def item(self, uid: int) -> Gear | None:
        return next((g for g in self.gear if g.uid == uid), None)


@dataclass(frozen=True)
class Enhancement:
    by: str
    name: str
    card: str | None
    bonus: int
    treasures: int = 0


@dataclass(frozen=True)
class Foe:
    """A monster in the fight: its card's numbers and the enhancers played on it."""

    uid: int
    name: str
    card: str | None
    level: int
    treasures: int
    levels: int
    by: str
    wandering: bool = False
    enhancements: tuple[Enhancement, ...] = ()
    #: Mate: the uid of the first of the monsters that are copies of one another (None: no mate)
    pair: int | None = None
    #: from the catalogue card (a typed monster has none of these)
    bonus: tuple[tuple[str, int], ...] = ()
    run: int = 0
    wont_pursue: int = 0
    undead: bool = False
    bad_stuff: Effect | None = None
    text: str = ""


@dataclass(frozen=True)
class Boost:
    by: str
    name: str
    card: str | None
    bonus: int


@dataclass(frozen=True)
class RollResult:
    seat: str
    uid: int
    die: int | None
    bonus: int
    escaped: bool
    auto: bool = False
    loaded: int | None = None


@dataclass(frozen=True)
class Combat:
    fighter: str
    how: str
    foes: tuple[Foe, ...] = ()
    helper: str | None = None
    bribe: str | None = None
    boosts: tuple[Boost, ...] = ()
    #: running away: (seat, monster uid) still to roll, in the order they will be offered
    to_roll: tuple[tuple[str, int], ...] = ()
    rolls: tuple[RollResult, ...] = ()
    #: class and race abilities used in this fight: (seat, power, cards, target)
    abilities: tuple[tuple[str, str, int, str | None], ...] = ()

    def foe(self, uid: int) -> Foe | None:
        return next((f for f in self.foes if f.uid == uid), None)

    @property
    def fighters(self) -> tuple[str, ...]:
        return (self.fighter,) if self.helper is None else (self.fighter, self.helper)


@dataclass(frozen=True)
class Owed:
    """A loss the victim chooses (which item, which class)."""

    seat: str
    source: str
    lose: str
    count: int
    #: who picks (the victim unless the card names other players), and who picks after them, one each
    chooser: str = ""
    then: tuple[str, ...] = ()

    @property
    def picker(self) -> str:
        return self.chooser or self.seat


@dataclass(frozen=True)
class Body:
    """A dead player's stuff, laid out for looting (facts §2.6)."""

    seat: str
    gear: tuple[Gear, ...]
    hand: int
    #: who has taken their one card (or passed)
    looted_by: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        return not self.gear and not self.hand


@dataclass(frozen=True)
class MunchkinState:
    config: Config
    status: str = "setup"  # setup | playing | over
    phase: str = "setup"
    players: tuple[Player, ...] = ()
    active: int = 0
    combat: Combat | None = None
    owed: Owed | None = None
    bodies: tuple[Body, ...] = ()
    winners: tuple[str, ...] = ()
    next_uid: int = 1
    last_die: int | None = None
    #: the ring's flash: "kill" or "death", until the next fight or turn
    flash: str | None = None
    #: the players' names in seat order (a player is found by name)
    names: tuple[str, ...] = ()
    #: an item was sold for double in this turn (the Halfling's once a turn)
    doubled: bool = False
    #: who was given charity as the turn changes: their moment of receiving outlasts that turn's start
    gifted: tuple[str, ...] = ()

    # -- questions the rules and views ask ------------------------------------------------------
    @property
    def active_name(self) -> str:
        return self.names[self.active] if self.names else ""

    def player(self, name: str) -> Player:
        return self.players[self.names.index(name)]

    def has(self, name: str | None) -> bool:
        return name is not None and name in self.names

    @property
    def fight(self) -> Combat:
        """The combat, in the phases that have one."""
        assert self.combat is not None, "no fight now"
        return self.combat

    def owner_of(self, uid: int) -> Player | None:
        return next((p for p in self.players if p.item(uid) is not None), None)

    def in_fight(self, name: str) -> bool:
        """Whether this player fights or helps right now (no trading then)."""
        return self.combat is not None and name in self.combat.fighters


def initial_state() -> MunchkinState:
    """Before `start`: the default catalogue, nobody seated."""
    return MunchkinState(config=default_config())


# -- evolve --------------------------------------------------------------------------------------
def evolve(state: MunchkinState, event: Event) -> MunchkinState:
    return _EVOLVE[type(event)](state, event)


def _with(s: MunchkinState, name: str, **changes: Any) -> MunchkinState:
    """The state with one player changed."""
    i = s.names.index(name)
    players = list(s.players)
    players[i] = replace(players[i], **changes)
    return replace(s, players=tuple(players))


def _with_fight(s: MunchkinState, **changes: Any) -> MunchkinState:
    return replace(s, combat=replace(s.fight, **changes))


def _without(gear: tuple[Gear, ...], uid: int) -> tuple[Gear, ...]:
    """The gear without one item; an item a Hireling carried goes back to the backpack when no Hireling is left for it."""
    return _hirelings_settled(tuple(g for g in gear if g.uid != uid))


def _hirelings_settled(gear: tuple[Gear, ...]) -> tuple[Gear, ...]:
    room = sum(1 for g in gear if g.carries)
    carried = [g.uid for g in gear if g.extra == "hireling"]
    dropped = set(carried[room:])
    return tuple(replace(g, extra=None, equipped=False) if g.uid in dropped else g for g in gear) if dropped else gear


def _set_gear(gear: tuple[Gear, ...], uid: int, **changes: Any) -> tuple[Gear, ...]:
    return tuple(replace(g, **changes) if g.uid == uid else g for g in gear)


def _started(s: MunchkinState, e: ev.GameStarted) -> MunchkinState:
    return MunchkinState(config=Config.from_settings(e.settings), status="playing", players=tuple(Player(n) for n in e.players),
                         names=e.players)


def _turn_started(s: MunchkinState, e: ev.TurnStarted) -> MunchkinState:
    players = tuple(replace(p, received=0) if p.received and p.name not in s.gifted else p for p in s.players)
    return replace(s, active=s.names.index(e.seat), phase=DOOR, combat=None, flash=None, players=players, doubled=False, gifted=())


def _hand_dealt(s: MunchkinState, e: ev.HandDealt) -> MunchkinState:
    """The dealt cards join whatever the hand holds (a revived player may have received charity meanwhile)."""
    return _with(s, e.seat, hand=s.player(e.seat).hand + e.count, fresh_due=False)


def _received(s: MunchkinState, seat: str, n: int) -> MunchkinState:
    """`n` cards reach `seat`'s hand; out of its turn it may play them at once."""
    p = s.player(seat)
    return _with(s, seat, hand=p.hand + n, received=p.received + (n if seat != s.active_name else 0))


def _played_at_once(s: MunchkinState, seat: str) -> MunchkinState:
    """An item or class played out of turn uses up one card received this moment."""
    p = s.player(seat)
    return _with(s, seat, received=p.received - 1) if seat != s.active_name and p.received else s


def _hand_changed(s: MunchkinState, e: ev.HandChanged) -> MunchkinState:
    return _with(s, e.seat, hand=s.player(e.seat).hand + e.delta)


def _monster_appeared(s: MunchkinState, e: ev.MonsterAppeared) -> MunchkinState:
    card: MonsterCard | None = s.config.monsters.get(e.card) if e.card else None
    foe = Foe(e.uid, e.name, e.card, e.level, e.treasures, e.levels, e.by, e.wandering)
    if card is not None:
        foe = replace(foe, bonus=card.bonus, run=card.run, wont_pursue=card.wont_pursue, undead=card.undead, bad_stuff=card.bad_stuff,
                      text=card.text)
    foes = s.fight.foes
    if e.mate_of is not None:
        first = s.fight.foe(e.mate_of)
        pair = first.pair if first is not None and first.pair is not None else e.mate_of
        foe = replace(foe, pair=pair)
        foes = tuple(replace(f, pair=pair) if f.uid == e.mate_of else f for f in foes)
    return replace(_with_fight(s, foes=(*foes, foe)), next_uid=max(s.next_uid, e.uid + 1))


def _monster_enhanced(s: MunchkinState, e: ev.MonsterEnhanced) -> MunchkinState:
    boost = Enhancement(e.by, e.name, e.card, e.bonus, e.treasures)
    foes = tuple(replace(f, enhancements=(*f.enhancements, boost)) if f.uid == e.uid else f for f in s.fight.foes)
    return _with_fight(s, foes=foes)


def _ran_away(s: MunchkinState, e: ev.RanAway) -> MunchkinState:
    fight = s.fight
    pairs = tuple((seat, foe.uid) for seat in fight.fighters for foe in fight.foes)
    return replace(_with_fight(s, to_roll=pairs), phase=RUN)


def _rolled(s: MunchkinState, e: ev.Escaped | ev.Caught) -> MunchkinState:
    fight = s.fight
    result = RollResult(e.seat, e.uid, e.die, e.bonus, isinstance(e, ev.Escaped), getattr(e, "auto", False), e.loaded)
    left = tuple(pair for pair in fight.to_roll if pair != (e.seat, e.uid))
    return replace(_with_fight(s, to_roll=left, rolls=(*fight.rolls, result)), last_die=e.die if e.die is not None else s.last_die)


def _item_played(s: MunchkinState, e: ev.ItemPlayed) -> MunchkinState:
    card = s.config.items.get(e.card) if e.card else None
    gear = Gear(e.uid, e.name, e.card, e.bonus, e.slot, e.big, e.gold, e.one_shot, e.equipped)
    if card is not None:
        gear = replace(gear, only=card.only, run=card.run, sets_die=card.sets_die, not_for=card.not_for, humans_only=card.humans_only,
                       carries=card.carries)
    s = _played_at_once(_with(s, e.seat, gear=(*s.player(e.seat).gear, gear)), e.seat)
    return replace(s, next_uid=max(s.next_uid, e.uid + 1))


def _item_given(s: MunchkinState, e: ev.ItemGiven) -> MunchkinState:
    item = s.player(e.seat).item(e.uid)
    assert item is not None
    s = _with(s, e.seat, gear=_without(s.player(e.seat).gear, e.uid))
    return _with(s, e.to, gear=(*s.player(e.to).gear, replace(item, equipped=False, extra=None)))


def _items_sold(s: MunchkinState, e: ev.ItemsSold) -> MunchkinState:
    p = s.player(e.seat)
    s = replace(s, doubled=s.doubled or e.doubled)
    return _with(s, e.seat, gear=_hirelings_settled(tuple(g for g in p.gear if g.uid not in e.items)), hand=p.hand - e.hand_cards)


def _ability_used(s: MunchkinState, e: ev.AbilityUsed) -> MunchkinState:
    fight = s.fight
    boosts = (*fight.boosts, Boost(e.seat, "", e.role, e.bonus)) if e.bonus else fight.boosts
    return _with_fight(s, boosts=boosts, abilities=(*fight.abilities, (e.seat, e.power, e.cards, e.target)))


def _role_taken(s: MunchkinState, e: ev.RoleTaken) -> MunchkinState:
    p = s.player(e.seat)
    if e.role in s.config.roles:
        return _played_at_once(_with(s, e.seat, roles=(*p.roles, e.role)), e.seat)
    return _played_at_once(_with(s, e.seat, extras=(*p.extras, e.role)), e.seat)


def _role_lost(s: MunchkinState, e: ev.RoleLost) -> MunchkinState:
    p = s.player(e.seat)
    return _with(s, e.seat, roles=tuple(r for r in p.roles if r != e.role), extras=tuple(x for x in p.extras if x != e.role))


def _curse_stays(s: MunchkinState, e: ev.CurseStays) -> MunchkinState:
    s = _with(s, e.seat, curses=(*s.player(e.seat).curses, Lasting(e.uid, e.name, e.card, e.combat, e.run)))
    return replace(s, next_uid=max(s.next_uid, e.uid + 1))


def _died(s: MunchkinState, e: ev.Died) -> MunchkinState:
    """Facts §2.6: all stuff is lost to the body; class, race, level and curses stay."""
    p = s.player(e.seat)
    s = replace(s, bodies=(*s.bodies, Body(e.seat, p.gear, p.hand)), flash="death",
                owed=None if s.owed is not None and s.owed.seat == e.seat else s.owed)
    if s.combat is not None:  # the dead roll no more (facts §2.5)
        s = _with_fight(s, to_roll=tuple(pair for pair in s.combat.to_roll if pair[0] != e.seat))
    return _with(s, e.seat, gear=(), hand=0, dead=True, fresh_due=True)


def _looted(s: MunchkinState, e: ev.Looted) -> MunchkinState:
    body = next(b for b in s.bodies if b.seat == e.dead)
    taken = body.gear if e.item is None else _without(body.gear, e.item)
    new = replace(body, gear=taken, hand=body.hand - int(e.hand), looted_by=(*body.looted_by, e.looter))
    s = replace(s, bodies=tuple(new if b is body else b for b in s.bodies))
    gets = int(e.hand or e.item is not None)  # looted cards go to the hand (facts §2.6)
    return _received(s, e.looter, gets)


def _charity(s: MunchkinState, e: ev.CharityGiven) -> MunchkinState:
    s = _with(s, e.seat, hand=s.player(e.seat).hand - sum(e.gifts.values()) - e.discarded)
    for seat, n in e.gifts.items():
        s = _received(s, seat, n)
    return replace(s, gifted=tuple(e.gifts))


def _combat_ended(s: MunchkinState, e: ev.CombatEnded) -> MunchkinState:
    return replace(s, combat=None)


_EVOLVE: dict[type[Event], Callable[[MunchkinState, Any], MunchkinState]] = {
    ev.GameStarted: _started,
    ev.HandDealt: _hand_dealt,
    ev.TurnStarted: _turn_started,
    ev.Revived: lambda s, e: _with(s, e.seat, dead=False),
    ev.HandChanged: _hand_changed,
    ev.HandCounted: lambda s, e: _with(s, e.seat, hand=e.count),
    ev.DoorOpened: lambda s, e: s,
    ev.CombatStarted: lambda s, e: replace(s, combat=Combat(e.fighter, e.how), phase=COMBAT, flash=None),
    ev.MonsterAppeared: _monster_appeared,
    ev.MonsterEnhanced: _monster_enhanced,
    ev.MonsterRemoved: lambda s, e: _with_fight(s, foes=tuple(f for f in s.fight.foes if f.uid != e.uid)),
    ev.PlayersBoosted: lambda s, e: _with_fight(s, boosts=(*s.fight.boosts, Boost(e.by, e.name, e.card, e.bonus))),
    ev.HelperJoined: lambda s, e: _with_fight(s, helper=e.seat, bribe=e.bribe),
    ev.HelperLeft: lambda s, e: _with_fight(s, helper=None, bribe=None),
    ev.MonstersKilled: lambda s, e: replace(s, flash="kill"),
    ev.LevelChanged: lambda s, e: _with(s, e.seat, level=e.to),
    ev.TreasuresDrawn: lambda s, e: _received(s, e.seat, e.count),
    ev.RanAway: _ran_away,
    ev.Escaped: _rolled,
    ev.Caught: _rolled,
    ev.CursePlayed: lambda s, e: s,
    ev.CurseStays: _curse_stays,
    ev.CurseLifted: lambda s, e: _with(s, e.seat, curses=tuple(c for c in s.player(e.seat).curses if c.uid != e.uid)),
    ev.ChoiceOwed: lambda s, e: replace(s, owed=Owed(e.seat, e.source, e.lose, e.count, e.chooser or "", e.then)),
    ev.ChoiceMade: lambda s, e: replace(s, owed=None),
    ev.Died: _died,
    ev.Looted: _looted,
    ev.BodyCleared: lambda s, e: replace(s, bodies=tuple(b for b in s.bodies if b.seat != e.dead)),
    ev.CombatEnded: _combat_ended,
    ev.PhaseEntered: lambda s, e: replace(s, phase=e.phase),
    ev.ItemPlayed: _item_played,
    ev.ItemEquipped: lambda s, e: _with(s, e.seat, gear=_set_gear(s.player(e.seat).gear, e.uid, equipped=True)),
    ev.ItemCarried: lambda s, e: _with(s, e.seat, gear=_set_gear(s.player(e.seat).gear, e.uid, equipped=False, extra=None)),
    ev.ItemDiscarded: lambda s, e: _with(s, e.seat, gear=_without(s.player(e.seat).gear, e.uid)),
    ev.ItemGiven: _item_given,
    ev.ItemsSold: _items_sold,
    ev.RoleTaken: _role_taken,
    ev.RoleLost: _role_lost,
    ev.CharityGiven: _charity,
    ev.TurnEnded: lambda s, e: s,
    ev.GameWon: lambda s, e: replace(s, status="over", phase="over", winners=e.winners),
    ev.DieRolled: lambda s, e: replace(s, last_die=e.face),
    ev.AbilityUsed: _ability_used,
    ev.SexSet: lambda s, e: _with(s, e.seat, sex=e.sex),
    ev.CardPlayed: lambda s, e: s,
    ev.ItemBeyondRules: lambda s, e: _with(s, e.seat, gear=_set_gear(s.player(e.seat).gear, e.uid, equipped=True, extra=e.by)),
    ev.FightTransferred: lambda s, e: _with_fight(s, fighter=e.seat, helper=None, bribe=None),
    ev.RollAgain: lambda s, e: _with_fight(s, to_roll=(*s.fight.to_roll, (e.seat, e.uid))),
}
