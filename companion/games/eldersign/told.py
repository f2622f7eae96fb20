"""Real dice with results told (setting table.dice_entry = "results"): the menu after each roll.

The table rolls its dice and resolves the roll on the cardboard as the rules say; the buttons tell the
companion only what the roll did, most often in one or two gestures: "Task 2 done" (the next open task
first; for a task with an investigation box, how many rolled dice it took, the fewest first; with dice
held, which of them went on it), "No task: lose a die", "Terror" where the card has a terror effect, a
die held on the marker, a helper's marker or a spell (its face never said), a clue's reroll, Mandy
Thompson's reroll, giving up. Each item is a typed command (rules.py, "results told"); the yellow or
red die is asked about only while it is in the pool.
"""
from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import replace
from functools import lru_cache, partial
from itertools import combinations, combinations_with_replacement, product
from math import comb, factorial, prod
from typing import Any

from companion.games.eldersign import names
from companion.games.eldersign.odds.advice import can_fill
from companion.games.eldersign.odds.dice import COLOUR_FACES, COLOUR_NAMES, GREEN, RED, SIDES, TERROR, WILD, YELLOW
from companion.games.eldersign.odds.tasks import Task
from companion.games.eldersign.rules import _eligible, _terror_strikes, ends_attempt, likely_dice, told_dice
from companion.games.eldersign.state import RESULT, Attempt, ElderSignState
from companion.inputs import Ask, Choice, Option
from companion.messages import M, Text, joined

YES_NO = (Choice(False, M("no"), likely=True), Choice(True, M("yes")))


def options(s: ElderSignState) -> list[Option]:
    """What a roll can have done: the tasks, a die lost, the Terror, a die held, a reroll; the buttons
    start on the roll's likeliest result (`likeliest`). After a die held on a marker: more spells, or a
    die lost. With no free die left: giving up."""
    a = s.attempt
    assert a is not None
    found: list[Option] = []
    free = sum(a.pool) > 0
    if a.step == RESULT and free:
        tasks = [] if a.terror_applied else _task_options(s, a)  # the Terror struck: this roll completed nothing
        terror = _terror_option(s, a)
        likely = likeliest(s, a, [option.command["task"] - 1 for option in tasks], bool(terror))
        found += [replace(option, likely=option.command["task"] - 1 == likely) for option in tasks]
        spells, markers = _hold_options(s, a)
        found += spells  # a spell may keep a die right after a task, before the rest are rolled
        found += [replace(option, likely=likely == TERROR_STRIKES) for option in terror]  # told before the die it costs
        found.append(_lose_option(a, likely=likely == NOTHING))
        found += _reroll_options(s, a)
        found += markers
    elif a.step == "holding" and free:
        found.append(_lose_option(a, likely=True))
        found += _hold_options(s, a)[0]
    found.append(Option(M("Give up the attempt") if not a.battle else M("End the attack"), {"cmd": "give_up"}, likely=not free))
    return found


#: the roll's likeliest result when it is no task: nothing (a die lost), or the card's Terror
NOTHING, TERROR_STRIKES = -1, -2


def likeliest(s: ElderSignState, a: Attempt, tasks: list[int], terror: bool) -> int:
    """The likeliest result of rolling the free dice: the task most often fillable (its index), else
    NOTHING or, where the card's Terror strikes and a green Terror more often shows than not, TERROR_STRIKES.
    A held die counts as Wild: it was held for a box of a task to come."""
    card = s.card(a.target)
    chances, none, with_terror = roll_odds(tuple(card.tasks[i] for i in tasks), a.pool, len(a.held))
    if chances and max(chances) >= none:
        return tasks[chances.index(max(chances))]
    return TERROR_STRIKES if terror and with_terror > none - with_terror else NOTHING


@lru_cache(maxsize=256)
def roll_odds(tasks: tuple[Task, ...], pool: tuple[int, int, int], held: int) -> tuple[list[float], float, float]:
    """For one roll of `pool` (with `held` Wild dice beside it): the chance each task can be filled, the
    chance none can, and the chance none can while a green Terror shows."""
    chances = [0.0] * len(tasks)
    none = with_terror = 0.0
    for faces, green_terror, p in _outcomes(pool):
        fillable = [can_fill(task, faces + (WILD,) * held) for task in tasks]
        for i, ok in enumerate(fillable):
            chances[i] += p * ok
        if not any(fillable):
            none += p
            with_terror += p * green_terror
    return chances, none, with_terror


#: rolls worked out one by one at most (6 green and the yellow die: 2772); a bigger pool is sampled
#: (seeded, so the menu is the same every time): a few milliseconds instead of a second on a Pi
EXACT_ROLLS = 3000


def _outcomes(pool: tuple[int, int, int]) -> Iterator[tuple[tuple[int, ...], bool, float]]:
    """Every roll of the pool as faces without order, whether a green die shows Terror, and its chance
    (a pool with more than EXACT_ROLLS rolls: as many drawn at random, each as likely)."""
    if prod(comb(n + SIDES - 1, n) for n in pool) > EXACT_ROLLS:
        rng = random.Random(22)
        for _ in range(EXACT_ROLLS):
            dice = [(colour, rng.choice(COLOUR_FACES[colour])) for colour, n in enumerate(pool) for _n in range(n)]
            yield tuple(face for _colour, face in dice), (GREEN, TERROR) in dice, 1 / EXACT_ROLLS
        return
    per_colour = [list(_multisets(COLOUR_FACES[colour], n)) for colour, n in enumerate(pool)]
    for parts in product(*per_colour):
        faces = tuple(face for part, _p in parts for face in part)
        yield faces, TERROR in parts[GREEN][0], prod(p for _part, p in parts)


def _multisets(faces: tuple[int, ...], n: int) -> Iterator[tuple[tuple[int, ...], float]]:
    """The faces `n` dice of one colour can show, without order, with their chances."""
    for chosen in combinations_with_replacement(faces, n):
        ways = factorial(n)
        for face in set(chosen):
            ways //= factorial(chosen.count(face))
        yield chosen, ways / len(faces) ** n


# -- a task done -----------------------------------------------------------------------------------------
def _task_options(s: ElderSignState, a: Attempt) -> list[Option]:
    """One item per task that may be done now and that the dice left (and held) can fill."""
    card = s.card(a.target)
    found = []
    for index in _eligible(card.stages, a.done):
        task = card.tasks[index]
        low, high = told_dice(task, len(a.held), a.pool)
        if low > high:
            continue
        if ends_attempt(a, card, index):  # nothing follows: which dice went on it does not matter
            found.append(Option(M("Task {n} done", n=index + 1), {"cmd": "task_done", "task": index + 1}))
            continue
        asks = (*_held_ask(a, task), _dice_ask(s, a, index), *_colour_asks(a, task))
        found.append(Option(M("Task {n} done", n=index + 1), {"cmd": "task_done", "task": index + 1}, asks,
                            compose=partial(_task_request, task, a.pool)))
    return found


def _held_ask(a: Attempt, task: Task) -> tuple[Ask, ...]:
    """Which held dice went on the task: all of them first, none last. The buttons start on all of them
    where a roll alone seldom fills the task (the dice were held for it), else on none."""
    if not a.held:
        return ()
    slots = [slot for slot, _face in a.held]
    subsets = [list(subset) for n in range(len(slots), -1, -1) for subset in combinations(slots, n)]
    (alone,), _none, _terror = roll_odds((task,), a.pool, 0)
    likely = subsets[-1] if alone >= 0.5 else subsets[0]
    choices = tuple(Choice(subset, joined([names.slot(slot) for slot in subset], ", ") if subset else M("none"), likely=subset == likely)
                    for subset in subsets)
    return (Ask("held", M("Held dice on it"), choices),)


def _dice_ask(s: ElderSignState, a: Attempt, index: int) -> Ask:
    """How many rolled dice went on the task, asked only when the task can take more than one count."""
    task = s.card(a.target).tasks[index]
    low, high = told_dice(task, 0, a.pool)

    def held(picked: Mapping[str, Any]) -> int:
        return len(picked.get("held") or ())

    def counts(picked: Mapping[str, Any]) -> Ask:
        n = held(picked)
        least, most = told_dice(task, n, a.pool)
        likely = likely_dice(task, n, a.pool)
        return Ask("dice", M("Rolled dice on it"), tuple(Choice(k, str(k), likely=k == likely) for k in range(least, most + 1)))

    return Ask("dice", M("Rolled dice on it"), tuple(Choice(k, str(k)) for k in range(0, max(low, high) + 1)),
               when=lambda picked: _ranged(task, held(picked), a.pool), shaped=counts)


def _ranged(task: Task, held: int, pool: tuple[int, int, int]) -> bool:
    low, high = told_dice(task, held, pool)
    return low < high


def _colour_asks(a: Attempt, task: Task) -> tuple[Ask, ...]:
    """Whether the yellow or the red die went on the task: asked only while it is in the pool, and some rolled die went on it."""
    found = []
    for colour, key in ((YELLOW, "yellow"), (RED, "red")):
        if a.pool[colour]:
            found.append(Ask(key, M("The {colour} die on it", colour=names.colour(colour)), YES_NO,
                             when=lambda picked: _task_request(task, a.pool, {"task": 0, **picked})["dice"] > 0))
    return tuple(found)


def _task_request(task: Task, pool: tuple[int, int, int], sent: Mapping[str, Any]) -> dict[str, Any]:
    """The typed `task_done` the answers make: a count not asked is the only one the task can take."""
    held = list(sent.get("held") or ())
    low, high = told_dice(task, len(held), pool)
    dice = sent.get("dice")
    request: dict[str, Any] = {"cmd": "task_done", "task": sent["task"], "dice": int(dice) if dice is not None and low < high else low}
    if held:
        request["held"] = held
    for key in ("yellow", "red"):
        if sent.get(key) and request["dice"]:
            request[key] = True
    return request


# -- a roll that completed nothing -------------------------------------------------------------------------
def _colour_ask(a: Attempt) -> tuple[Ask, ...]:
    """Which die, asked only when a yellow or red one is in the pool (green first)."""
    if not (a.pool[YELLOW] or a.pool[RED]):
        return ()
    return (Ask("colour", M("Which die"), tuple(Choice(COLOUR_NAMES[c], names.colour(c), likely=c == GREEN) for c in range(3) if a.pool[c])),)


def _lose_option(a: Attempt, likely: bool) -> Option:
    return Option(M("No task: lose a die"), {"cmd": "lose_die"}, _colour_ask(a), likely=likely)


def _terror_option(s: ElderSignState, a: Attempt) -> list[Option]:
    """The card's terror effect, where it does anything and has not struck this roll yet."""
    if a.terror_applied or not _terror_strikes(s, a):
        return []
    effect = s.terror_of(a.target, a.seat)
    label: Text = {"fail": M("Terror: the attempt fails"), "discard": M("Terror: lose the Terror dice")}.get(effect, M("Terror strikes"))
    asks: tuple[Ask, ...] = ()
    if effect == "discard" and a.pool[GREEN] > 1:
        asks = (Ask("dice", M("Green dice showing Terror"), tuple(Choice(n, str(n), likely=n == 1) for n in range(1, a.pool[GREEN] + 1))),)
    return [Option(label, {"cmd": "terror"}, asks)]


def _reroll_options(s: ElderSignState, a: Attempt) -> list[Option]:
    """A clue's reroll; Mandy Thompson's once-per-day reroll (which dice: the table's)."""
    found = []
    if s.investigator(a.seat).clues or a.free_rerolls:
        found.append(Option(M("Spend a clue to reroll"), {"cmd": "reroll"}))
    for seat, inv in zip(s.players, s.investigators, strict=True):
        if inv.card and not inv.daily_used and s.power(seat) == "daily-reroll":
            found.append(Option(M("{seat}: roll one or two dice again (once per day)", seat=seat), {"cmd": "daily", "seat": seat}))
    return found


def _hold_options(s: ElderSignState, a: Attempt) -> tuple[list[Option], list[Option]]:
    """A die held without its face: on a spell (any roll, also right after a task), and on the own
    marker or a helper's (one per roll that completed nothing, not in the battle)."""
    spells = [Option(M("Hold a die with a spell"), {"cmd": "hold", "slot": "spell"}, _colour_ask(a))] if s.investigator(a.seat).spells else []
    markers = []
    if not a.marker_used and not a.battle:
        if not a.holds("own"):
            markers.append(Option(M("Focus: hold a die"), {"cmd": "hold", "slot": "own"}, _colour_ask(a)))
        markers += [Option(M("{seat} holds a die", seat=seat), {"cmd": "hold", "slot": f"assist:{seat}"}, _colour_ask(a))
                    for seat in s.seats_at(a.target) if seat != a.seat and not a.holds(f"assist:{seat}")]
    return spells, markers
