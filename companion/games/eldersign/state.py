"""The Elder Sign game state and `evolve`, the only place it changes.

States are immutable: evolve returns a new one and never edits the dicts and tuples it shares with
the old one (the session keeps every earlier state for instant undo).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from companion.games.eldersign import events as ev
from companion.games.eldersign.config import Card, Config, as_played, default_settings, with_task
from companion.games.eldersign.odds.dice import GREEN
from companion.games.eldersign.odds.engine import Terror
from companion.games.eldersign.odds.tasks import parse_adventure
from companion.games.eldersign.phases import ATTEMPT, CLOCK, MIDNIGHT
from companion.records import Event
from companion.rules import replace

Die = tuple[int, int]
Dice = tuple[int, int, int]
BATTLE_TARGET = "battle"
#: where every investigator stands once the Ancient One is awake
AT_THE_ANCIENT_ONE = "ancient_one"
#: the face of a held die the table did not tell (results told: setting table.dice_entry)
UNTOLD = -1
#: the attempt's step while the table tells what a roll did (results told)
RESULT = "result"


@dataclass(frozen=True)
class Investigator:
    """A seat's investigator: `card` is None after it was devoured, until the player takes a new one."""

    card: str | None
    sanity: int = 0
    stamina: int = 0
    clues: int = 0
    common: int = 0
    unique: int = 0
    spells: int = 0
    allies: int = 0
    trophies: int = 0
    where: str | None = None
    daily_used: bool = False
    #: starting items still to choose (the card says "of your choice")
    to_choose: int = 0
    #: items gained that "Ashcan" Pete may still take something else for (common, unique, spells)
    swaps: tuple[str, ...] = ()


@dataclass(frozen=True)
class Attempt:
    """The dice loop of one attempt (facts file §1.4).

    `pool` are the free dice (the ones lying rolled among them); `roll` the faces lying rolled, by
    position; `due` the positions a clue rerolls (their new faces awaited); `entered` faces said one at
    a time so far; `held` (slot, face): "own", "assist:<seat>", "spell:<n>".
    `step`: "roll" (faces awaited), "rolled" (decide), "holding" (a failed roll, a die already held:
    more spells, then a discard), "completed" (a task was completed: spells, then roll the rest).
    With results told (setting table.dice_entry) no face is ever known: `roll` stays empty, held dice
    have the face UNTOLD, and the step is "result" (the free dice are rolled at the table: what did the
    roll do?) or "holding".
    """

    seat: str
    target: str
    pool: Dice
    done: tuple[int, ...] = ()
    roll: tuple[Die, ...] = ()
    due: tuple[int, ...] = ()
    entered: tuple[Die, ...] = ()
    held: tuple[tuple[str, int], ...] = ()
    step: str = "roll"
    terror_applied: bool = False
    marker_used: bool = False
    #: every helper who held a die in this attempt (a helper may hold again once the die filled a box)
    helpers: tuple[str, ...] = ()
    spells_cast: int = 0
    wins: int = 0
    #: rerolls bought without a clue (Joe Diamond: each clue he spends buys a second one)
    free_rerolls: int = 0
    #: an ability already turned a die of this roll (once per roll)
    changed: bool = False
    #: the dice lying were rolled by the companion (virtual dice): the ring shows their faces
    virtual: bool = False

    @property
    def battle(self) -> bool:
        return self.target == BATTLE_TARGET

    def holds(self, slot: str) -> bool:
        """Does this marker or spell hold a die now (a die that filled a box has left it)?"""
        return any(held == slot for held, _face in self.held)

    def due_colours(self) -> Dice:
        """How many dice of each colour await their faces."""
        if self.due:
            counts = [0, 0, 0]
            for position in self.due:
                counts[self.roll[position][0]] += 1
            return (counts[0], counts[1], counts[2])
        return self.pool


@dataclass(frozen=True)
class ElderSignState:
    config: Config
    status: str = "setup"  # setup | playing | won | lost
    phase: str = "setup"
    players: tuple[str, ...] = ()
    active: int = 0
    investigators: tuple[Investigator, ...] = ()
    #: investigator cards devoured this game: they cannot be taken again
    devoured: tuple[str, ...] = ()
    doom: int = 0
    #: the clock hand, in hours past XII (0 to 11)
    clock: int = 0
    elder_signs: int = 0
    adventures: tuple[str, ...] = ()
    #: the monsters on each adventure, with the task each added (None: it filled no task of the odds)
    monsters: dict[str, tuple[str | None, ...]] = field(default_factory=dict)
    monsters_due: int = 0
    #: museum adventures completed and not yet replaced
    to_lay: int = 0
    #: adventures completed this game: trophies now, they never come back into play
    completed: tuple[str, ...] = ()
    mythos: str | None = None
    awakened: bool = False
    attempt: Attempt | None = None
    #: seats whose investigator has taken the Ancient One's attack this midnight
    attacked: tuple[str, ...] = ()
    #: (seat, adventure): an adventure's midnight choice still to answer (its trophies or its losses)
    midnight_owed: tuple[tuple[str, str], ...] = ()
    #: adventures whose "at midnight" text struck with no numbers in the data: the table says what it did
    midnight_texts: tuple[str, ...] = ()
    #: helpers who held a die in an attempt that failed: each loses 1 sanity or 1 stamina
    helper_debts: tuple[str, ...] = ()
    result: str | None = None
    turns: int = 0

    # -- questions the rules and views ask ------------------------------------------------------
    @property
    def active_seat(self) -> str | None:
        return self.players[self.active] if self.players else None

    @property
    def over(self) -> bool:
        """Won or lost: no rule goes on once a step has ended the game."""
        return self.status != "playing"

    @property
    def seat(self) -> str:
        assert self.players, "nobody plays before the start"
        return self.players[self.active]

    def investigator(self, seat: str | None = None) -> Investigator:
        return self.investigators[self.players.index(seat if seat is not None else self.seat)]

    @property
    def ancient_one_doom(self) -> int:
        return self.config.ancient_one.doom

    def card(self, adventure: str) -> Card:
        """The adventure card as it lies now: its tasks, and the tasks of monsters placed on it."""
        if adventure == BATTLE_TARGET:
            battle = self.config.ancient_one.battle
            assert battle is not None, "an Ancient One that ends the game has no battle"
            return battle
        base = self.config.adventures[adventure]
        for task in self.monsters.get(adventure, ()):
            if task:
                (parsed,) = parse_adventure(task).tasks
                base = with_task(base, parsed)
        return base

    def power(self, seat: str | None = None) -> str:
        """What the companion applies of this seat's investigator's ability (config.Power; "" for none)."""
        card = self.investigator(seat).card
        return self.config.investigators[card].power if card in self.config.investigators else ""

    def terror_of(self, target: str, seat: str) -> Terror:
        """The card's terror effect as it strikes this investigator (Kate Winthrop: never)."""
        return "none" if self.power(seat) == "science" else self.card(target).terror

    def seats_at(self, where: str) -> list[str]:
        return [seat for seat, inv in zip(self.players, self.investigators, strict=True) if inv.where == where and inv.card]

    def free_investigators(self) -> list[str]:
        """Investigator cards no seat holds and none devoured: the ones a player may take."""
        taken = {inv.card for inv in self.investigators if inv.card} | set(self.devoured)
        return [card for card in self.config.investigators if card not in taken]

    @property
    def next_seat(self) -> int:
        return (self.active + 1) % len(self.players)


@cache
def default_config() -> Config:
    return Config.from_settings(default_settings())


def initial_state() -> ElderSignState:
    """Before `start`: the default Ancient One, nobody seated."""
    return ElderSignState(config=default_config())


# -- evolve --------------------------------------------------------------------------------------
def evolve(state: ElderSignState, event: Event) -> ElderSignState:
    return _EVOLVE[type(event)](state, event)


def _started(s: ElderSignState, e: ev.GameStarted) -> ElderSignState:
    config = Config.from_settings(as_played(e.settings))
    investigators = tuple(_fresh(config, card) for card in e.investigators)
    return ElderSignState(config=config, status="playing", phase="move", players=e.players, investigators=investigators, to_lay=e.to_lay)


def _fresh(config: Config, card: str) -> Investigator:
    """Full sanity and stamina, the items printed on the card, and those still to choose."""
    printed = config.investigators[card]
    return replace(Investigator(card, printed.sanity, printed.stamina, to_choose=printed.start_choice), **printed.start)


def _die_changed(s: ElderSignState, e: ev.DieChanged) -> ElderSignState:
    a = _attempt_of(s)
    roll = list(a.roll)
    roll[e.die] = (roll[e.die][0], e.face)
    return _with_attempt(s, roll=tuple(roll), changed=True)


def _starting_item(s: ElderSignState, e: ev.StartingItemTaken) -> ElderSignState:
    inv = s.investigator(e.seat)
    return replace(s, investigators=_with_investigator(s, e.seat, to_choose=inv.to_choose - 1, **{e.what: getattr(inv, e.what) + 1}))


def _swapped(s: ElderSignState, e: ev.GainSwapped) -> ElderSignState:
    inv = s.investigator(e.seat)
    swaps = list(inv.swaps)
    swaps.remove(e.gave)
    changes: dict[str, Any] = {"swaps": tuple(swaps)}
    if e.took != e.gave:
        changes.update({e.gave: getattr(inv, e.gave) - 1, e.took: getattr(inv, e.took) + 1})
    return replace(s, investigators=_with_investigator(s, e.seat, **changes))


def _with_investigator(s: ElderSignState, seat: str, **changes: Any) -> tuple[Investigator, ...]:
    index = s.players.index(seat)
    investigators = list(s.investigators)
    investigators[index] = replace(investigators[index], **changes)
    return tuple(investigators)


def _with_attempt(s: ElderSignState, **changes: Any) -> ElderSignState:
    assert s.attempt is not None, "no attempt is under way"
    return replace(s, attempt=replace(s.attempt, **changes))


def _attempt_of(s: ElderSignState) -> Attempt:
    assert s.attempt is not None, "no attempt is under way"
    return s.attempt


def _minus_colour(pool: Dice, colour: int, n: int = 1) -> Dice:
    counts = list(pool)
    counts[colour] -= n
    return (counts[0], counts[1], counts[2])


def _without_positions(roll: tuple[Die, ...], positions: tuple[int, ...]) -> tuple[Die, ...]:
    gone = set(positions)
    return tuple(die for i, die in enumerate(roll) if i not in gone)


def _pool_without(pool: Dice, dice: list[Die]) -> Dice:
    for colour, _face in dice:
        pool = _minus_colour(pool, colour)
    return pool


def _turn_started(s: ElderSignState, e: ev.TurnStarted) -> ElderSignState:
    return replace(s, active=s.players.index(e.seat), phase=e.phase, attempt=None, helper_debts=(), turns=s.turns + 1)


def _moved(s: ElderSignState, e: ev.Moved) -> ElderSignState:
    return replace(s, investigators=_with_investigator(s, e.seat, where=e.to), phase="resolve")


def _attempt_started(s: ElderSignState, e: ev.AttemptStarted) -> ElderSignState:
    return replace(s, phase=ATTEMPT, attempt=Attempt(e.seat, e.target, e.dice, step=RESULT if s.config.results_told else "roll"))


def _rolled_again(s: ElderSignState, **changes: Any) -> ElderSignState:
    """Results told: the free dice are rolled again at the table, a new roll whose result is awaited."""
    return _with_attempt(s, step=RESULT, terror_applied=False, marker_used=False, changed=False, **changes)


def _task_filled(s: ElderSignState, e: ev.TaskFilled) -> ElderSignState:
    a = _attempt_of(s)
    pool = (a.pool[0] - e.dice[0], a.pool[1] - e.dice[1], a.pool[2] - e.dice[2])
    done = a.done if a.battle else (*a.done, e.task)
    return _rolled_again(s, done=done, pool=pool, held=tuple(h for h in a.held if h[0] not in e.held), wins=a.wins + 1)


def _die_set_aside(s: ElderSignState, e: ev.DieSetAside) -> ElderSignState:
    a = _attempt_of(s)
    changes: dict[str, Any] = {"pool": _minus_colour(a.pool, e.colour), "held": (*a.held, (e.slot, UNTOLD))}
    if e.slot.startswith("spell:"):  # a spell may keep a die of any roll: the result is still to tell
        changes["spells_cast"] = a.spells_cast + 1
        s = replace(s, investigators=_with_investigator(s, a.seat, spells=s.investigator(a.seat).spells - 1))
    else:  # a marker holds a die of a roll that completed nothing: more spells, then a die is lost
        changes.update(step="holding", marker_used=True)
    if e.slot.startswith("assist:"):
        changes["helpers"] = (*a.helpers, e.slot.removeprefix("assist:"))
    return _with_attempt(s, **changes)


def _rolled(s: ElderSignState, e: ev.Rolled) -> ElderSignState:
    a = s.attempt
    assert a is not None
    if e.positions:
        roll = list(a.roll)
        for position, die in zip(e.positions, e.dice, strict=True):
            roll[position] = die
        faces = tuple(roll)
    else:
        faces = e.dice
    return _with_attempt(s, roll=faces, due=(), entered=(), step="rolled", terror_applied=False, marker_used=False, changed=False,
                         virtual=e.virtual)


def _task_completed(s: ElderSignState, e: ev.TaskCompleted) -> ElderSignState:
    a = s.attempt
    assert a is not None
    used = [a.roll[i] for i in e.dice]
    done = a.done if a.battle else (*a.done, e.task)
    return _with_attempt(s, done=done, roll=_without_positions(a.roll, e.dice), pool=_pool_without(a.pool, used),
                         held=tuple(h for h in a.held if h[0] not in e.held), step="completed", wins=a.wins + 1)


def _terror(s: ElderSignState, e: ev.TerrorStruck) -> ElderSignState:
    a = s.attempt
    assert a is not None
    lost = [a.roll[i] for i in e.lost]
    pool = _minus_colour(_pool_without(a.pool, lost), GREEN, e.dice)
    return _with_attempt(s, roll=_without_positions(a.roll, e.lost), pool=pool, terror_applied=True)


def _clue_spent(s: ElderSignState, e: ev.ClueSpent) -> ElderSignState:
    free = _attempt_of(s).free_rerolls
    if e.free:
        free -= 1
    else:
        s = replace(s, investigators=_with_investigator(s, e.seat, clues=s.investigator(e.seat).clues - 1))
        free += int(s.power(e.seat) == "free-reroll")
    if s.config.results_told:  # the table rolls the dice again and tells what the new roll did
        return _rolled_again(s, free_rerolls=free)
    return _with_attempt(s, due=e.dice, step="roll", entered=(), free_rerolls=free)


def _die_held(s: ElderSignState, e: ev.DieHeld) -> ElderSignState:
    a = s.attempt
    assert a is not None
    die = a.roll[e.die]
    changes: dict[str, Any] = {"roll": _without_positions(a.roll, (e.die,)), "pool": _minus_colour(a.pool, die[0]),
                               "held": (*a.held, (e.slot, die[1]))}
    if a.step != "completed":
        changes["step"] = "holding"
    if e.slot == "own" or e.slot.startswith("assist:"):
        changes["marker_used"] = True
    if e.slot.startswith("assist:"):
        changes["helpers"] = (*a.helpers, e.slot.removeprefix("assist:"))
    if e.slot.startswith("spell:"):
        changes["spells_cast"] = a.spells_cast + 1
        s = replace(s, investigators=_with_investigator(s, a.seat, spells=s.investigator(a.seat).spells - 1))
    return _with_attempt(s, **changes)


def _die_discarded(s: ElderSignState, e: ev.DieDiscarded) -> ElderSignState:
    a = s.attempt
    assert a is not None
    return _with_attempt(s, roll=(), pool=_minus_colour(a.pool, a.roll[e.die][0]), step="roll", entered=())


def _attempt_ended(s: ElderSignState, e: ev.AttemptEnded) -> ElderSignState:
    return replace(s, attempt=None, phase=CLOCK, helper_debts=e.helpers)


def _stats_changed(s: ElderSignState, e: ev.StatsChanged) -> ElderSignState:
    inv = s.investigator(e.seat)
    changes = {key: getattr(inv, key) + delta for key, delta in e.changes.items()}
    debts = s.helper_debts
    if e.seat in debts and (e.changes.get("sanity", 0) < 0 or e.changes.get("stamina", 0) < 0):
        debts = tuple(d for d in debts if d != e.seat)  # the helper paid
    return replace(s, investigators=_with_investigator(s, e.seat, **changes), helper_debts=debts)


def _doom_changed(s: ElderSignState, e: ev.DoomChanged) -> ElderSignState:
    return replace(s, doom=e.to)


def _monster_placed(s: ElderSignState, e: ev.MonsterPlaced) -> ElderSignState:
    monsters = {**s.monsters, e.adventure: (*s.monsters.get(e.adventure, ()), e.task)}
    return replace(s, monsters=monsters, monsters_due=max(0, s.monsters_due - 1))


def _monster_taken(s: ElderSignState, e: ev.MonsterTaken) -> ElderSignState:
    left = tuple(task for i, task in enumerate(s.monsters.get(e.adventure, ())) if i != e.monster)
    return replace(s, monsters={**s.monsters, e.adventure: left})


def _adventure_laid(s: ElderSignState, e: ev.AdventureLaid) -> ElderSignState:
    refill = s.to_lay > 0 and not s.config.adventures[e.adventure].other_world
    return replace(s, adventures=(*s.adventures, e.adventure), to_lay=s.to_lay - 1 if refill else s.to_lay)


def _adventure_left(s: ElderSignState, e: ev.AdventureLeft) -> ElderSignState:
    monsters = {key: value for key, value in s.monsters.items() if key != e.adventure}
    investigators = tuple(replace(inv, where=None) if inv.where == e.adventure else inv for inv in s.investigators)
    return replace(s, adventures=tuple(a for a in s.adventures if a != e.adventure), monsters=monsters,
                   investigators=investigators, to_lay=s.to_lay + int(e.refill), completed=(*s.completed, e.adventure))


def _clock_advanced(s: ElderSignState, e: ev.ClockAdvanced) -> ElderSignState:
    return replace(s, clock=e.to)


def _midnight(s: ElderSignState, e: ev.MidnightStruck) -> ElderSignState:
    return replace(s, phase=MIDNIGHT, investigators=tuple(replace(inv, daily_used=False) for inv in s.investigators), attacked=())


def _devoured(s: ElderSignState, e: ev.Devoured) -> ElderSignState:
    index = s.players.index(e.seat)
    investigators = list(s.investigators)
    investigators[index] = Investigator(None, where=AT_THE_ANCIENT_ONE if s.awakened else None)
    changes: dict[str, Any] = {"investigators": tuple(investigators), "devoured": (*s.devoured, e.investigator)}
    if index == s.active and s.phase not in (CLOCK, MIDNIGHT):  # seed: the player still moves the clock, nothing else
        changes.update(phase=CLOCK, attempt=None)
    return replace(s, **changes)


def _chosen(s: ElderSignState, e: ev.InvestigatorChosen) -> ElderSignState:
    fresh = _fresh(s.config, e.investigator)
    index = s.players.index(e.seat)
    investigators = list(s.investigators)
    investigators[index] = fresh
    phase = "move" if s.phase == "choose" and index == s.active else s.phase
    return replace(s, investigators=tuple(investigators), phase=phase)


def _awakened(s: ElderSignState, e: ev.Awakened) -> ElderSignState:
    """Seed, "Пробуждение": the track fills, every investigator moves to the Ancient One, the turn goes to its clock."""
    investigators = tuple(replace(inv, where=AT_THE_ANCIENT_ONE) for inv in s.investigators)
    return replace(s, awakened=True, doom=s.config.ancient_one.doom, investigators=investigators, attempt=None, monsters_due=0,
                   phase=CLOCK if s.phase not in (MIDNIGHT,) else s.phase)


def _game_over(status: str) -> Callable[[ElderSignState, Any], ElderSignState]:
    def apply(s: ElderSignState, e: Any) -> ElderSignState:
        return replace(s, status=status, phase="over", result=e.reason, attempt=None)

    return apply


def _unchanged(s: ElderSignState, e: Event) -> ElderSignState:
    return s


_EVOLVE: dict[type[Event], Callable[[ElderSignState, Any], ElderSignState]] = {
    ev.GameStarted: _started,
    ev.AdventureLaid: _adventure_laid,
    ev.AdventureLeft: _adventure_left,
    ev.TurnStarted: _turn_started,
    ev.Moved: _moved,
    ev.Passed: lambda s, e: replace(s, phase=CLOCK),
    ev.AttemptStarted: _attempt_started,
    ev.FaceEntered: lambda s, e: _with_attempt(s, entered=(*_attempt_of(s).entered, e.die)),
    ev.Rolled: _rolled,
    ev.TaskCompleted: _task_completed,
    ev.TerrorStruck: _terror,
    ev.ClueSpent: _clue_spent,
    ev.DieHeld: _die_held,
    ev.DieDiscarded: _die_discarded,
    ev.TaskFilled: _task_filled,
    ev.DieLost: lambda s, e: _rolled_again(s, pool=_minus_colour(_attempt_of(s).pool, e.colour)),
    ev.DieSetAside: _die_set_aside,
    ev.AttemptEnded: _attempt_ended,
    ev.StatsChanged: _stats_changed,
    ev.ElderSignsChanged: lambda s, e: replace(s, elder_signs=e.to),
    ev.DoomChanged: _doom_changed,
    ev.MonstersDue: lambda s, e: replace(s, monsters_due=s.monsters_due + e.count),
    ev.MonsterPlaced: _monster_placed,
    ev.ClockAdvanced: _clock_advanced,
    ev.MidnightStruck: _midnight,
    ev.MythosDrawn: lambda s, e: replace(s, mythos=e.card),
    ev.CardEntered: lambda s, e: replace(s, config=s.config.with_own(e.into, e.entry)),
    ev.MonsterTaken: _monster_taken,
    ev.MidnightOwed: lambda s, e: replace(s, midnight_owed=(*s.midnight_owed, (e.seat, e.adventure))),
    ev.MidnightPaid: lambda s, e: replace(s, midnight_owed=tuple(o for o in s.midnight_owed if o != (e.seat, e.adventure))),
    ev.MidnightTextOwed: lambda s, e: replace(s, midnight_texts=tuple(dict.fromkeys((*s.midnight_texts, e.adventure)))),
    ev.MidnightTextDone: lambda s, e: replace(s, midnight_texts=tuple(a for a in s.midnight_texts if a != e.adventure)),
    ev.AttackTaken: lambda s, e: replace(s, attacked=(*s.attacked, e.seat)),
    ev.AttackResolved: _unchanged,
    ev.Devoured: _devoured,
    ev.InvestigatorChosen: _chosen,
    ev.StartingItemTaken: _starting_item,
    ev.SwapsOffered: lambda s, e: replace(s, investigators=_with_investigator(s, e.seat, swaps=(*s.investigator(e.seat).swaps, *e.items))),
    ev.GainSwapped: _swapped,
    ev.DieChanged: _die_changed,
    ev.Rerolled: lambda s, e: _with_attempt(s, due=e.dice, step="roll", entered=()),
    ev.DailyUsed: lambda s, e: replace(s, investigators=_with_investigator(s, e.seat, daily_used=True)),
    ev.Awakened: _awakened,
    ev.GameWon: _game_over("won"),
    ev.GameLost: _game_over("lost"),
}
