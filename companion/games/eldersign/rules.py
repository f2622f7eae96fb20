"""The Elder Sign rules: `decide(state, command, actor, rng)` turns a command into events or refuses it.

Every rule cites what it follows: the Russian seed (shared/seeds/002_*.txt, "seed: <section>"), which
wins, or the facts file (shared/docs/rules/published-games-facts.md, "facts §1.x"). Where both are
silent the choice is a setting (data/default.toml) or is documented here and in README.md.
decide is pure: it works on a transaction that folds each event into a scratch state as it is
emitted, so later rules see earlier effects; a RuleError discards it all.

The game is cooperative: the table screen and the table's buttons act for whoever's turn it is; a
seat acts in its own turn, and any time on its own investigator's counters (`WHO_ACTS`: the core
checks it before `decide` runs, as it checks that the game is on).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import fields, replace
from typing import Any

from companion.contract import Viewer
from companion.errors import RuleError
from companion.games.eldersign import commands as cmd
from companion.games.eldersign import events as ev
from companion.games.eldersign import names
from companion.games.eldersign.config import CHOOSABLE, ENTRANCE, POSSESSIONS, STATS, Card, Config, Effects, default_settings, own_card
from companion.games.eldersign.odds.advice import fills
from companion.games.eldersign.odds.dice import COLOUR_FACES, COLOUR_NAMES, GREEN, I1, I2, I3, LORE, PERIL, TERROR, can_show, parse_face
from companion.games.eldersign.odds.tasks import Task, parse_adventure
from companion.games.eldersign.phases import ATTEMPT, BATTLE, CHOOSE, CLOCK, MIDNIGHT, MOVE, PHASES, RESOLVE
from companion.games.eldersign.state import BATTLE_TARGET, RESULT, Attempt, ElderSignState, evolve
from companion.messages import M, Message, P, Text
from companion.records import Command, Event
from companion.rules import MAX_PLAYER_NAME, Transaction, player_names
from companion.turn_order import SeatsInTurn

#: museum cards the companion lays at the start when the table names none (facts §1.1: six)
MUSEUM = 6
#: what a setup choice says for "the companion draws it"
DRAW = "draw"


#: a command decided: its events so far, and the state they lead to
Tx = Transaction[ElderSignState]
#: who acts: the active seat, or the table for it; any seat, any time, on its own investigator's counters,
#: cards and midnight choices (the rules check that they are its own)
WHO_ACTS = SeatsInTurn(active=lambda s: s.active_seat, any_seat=(cmd.MidnightPay, cmd.Adjust, cmd.Choose, cmd.StartingItem, cmd.Swap))


def decide(state: ElderSignState, command: Command, actor: Viewer, rng: random.Random) -> list[Event]:
    tx = Tx(state, rng, evolve)
    if isinstance(command, cmd.Start):
        start(tx, command)
        return tx.events
    _HANDLERS[type(command)](tx, command, actor)
    _companion_rolls(tx, actor)
    return tx.events


def _companion_rolls(tx: Tx, actor: Viewer) -> None:
    """Setting table.companion_dice: the companion rolls the dice as soon as they are due (an attempt
    begun, a clue spent, a die discarded, a reroll) — after a completed task once no spell can hold one
    of the dice lying first (and not for Amanda Sharpe, who may use them again): one step less a roll."""
    s = tx.state
    a = s.attempt
    if not s.config.companion_dice or s.status != "playing" or s.phase != ATTEMPT or a is None or a.entered or not sum(a.pool):
        return
    spells_first = (s.investigator(a.seat).spells > 0 and bool(a.roll)) or s.power(a.seat) == "many-tasks"
    if a.step == "roll" or (a.step == "completed" and not spells_first):
        roll(tx, cmd.Roll(virtual=True), actor)


# -- setup --------------------------------------------------------------------------------------
def start(tx: Tx, c: cmd.Start) -> None:
    """Facts §1.1: 1-8 investigators, one each; the museum of six adventure cards; the Ancient One."""
    overrides = dict(c.settings or {})
    settings = default_settings.with_overrides(overrides)
    chosen = c.ancient_one
    if chosen == DRAW:  # seed, "Подготовка": the Ancient One is chosen at random or by agreement
        chosen = tx.rng.choice(sorted(entry["id"] for entry in settings.get("ancient_ones", []) if isinstance(entry, dict)) or [DRAW])
    if chosen is not None:
        overrides["ancient_one"] = {**overrides.get("ancient_one", {}), "id": chosen}
        settings = default_settings.with_overrides(overrides)
    config = Config.from_settings(settings)
    players = _check_players(config, c.players)
    investigators = _check_investigators(tx.rng, config, players, c.investigators)
    adventures = _check_adventures(tx.rng, config, c.adventures)
    # no card named: the table lays the museum itself, scanning each card (the prompt asks for them)
    tx.emit(ev.GameStarted(players, investigators, settings, MUSEUM if c.adventures == () else 0))
    for adventure in adventures:
        tx.emit(ev.AdventureLaid(adventure))
    tx.emit(ev.TurnStarted(players[0], MOVE))


def _check_players(config: Config, given: tuple[str, ...]) -> tuple[str, ...]:
    players = player_names(given, config.players, config.players, M("Name {n} different players, in turn order.", n=config.players))
    if any(name.startswith(("assist:", "spell:")) for name in players):  # the menu's words for a helper's and a spell's die
        raise RuleError("BAD_PLAYERS", M("A player's name is at most {n} letters.", n=MAX_PLAYER_NAME))
    return players


def _check_investigators(rng: random.Random, config: Config, players: tuple[str, ...], given: tuple[str, ...] | None) -> tuple[str, ...]:
    """The investigators named, one per player; "draw" (or none named at all): the companion deals
    from the cards nobody took, as the table would from the shuffled cards."""
    wanted = given if given is not None else (DRAW,) * len(players)
    named = [card for card in wanted if card != DRAW]
    if len(wanted) != len(players) or len(set(named)) != len(named) or not set(named) <= set(config.investigators):
        raise RuleError("BAD_INVESTIGATORS", M("Name {n} different investigators, one per player in turn order ({known}).",
                                               n=len(players), known=", ".join(sorted(config.investigators))))
    dealt = iter(rng.sample(sorted(set(config.investigators) - set(named)), len(wanted) - len(named)))
    return tuple(next(dealt) if card == DRAW else card for card in wanted)


def _check_adventures(rng: random.Random, config: Config, given: tuple[str, ...] | None) -> tuple[str, ...]:
    if given is None:
        museum = sorted(card for card, data in config.adventures.items() if not data.other_world)
        return tuple(rng.sample(museum, min(MUSEUM, len(museum))))
    if len(set(given)) != len(given) or not set(given) <= set(config.adventures):
        raise RuleError("BAD_ADVENTURES", M("Name different adventure cards of the data ({known}).", known=", ".join(sorted(config.adventures))))
    return given


# -- movement and resolution ----------------------------------------------------------------------
def move(tx: Tx, c: cmd.Move, actor: Viewer) -> None:
    """Facts §1.3 Movement: to any adventure in play (museum or Other World) or to the entrance."""
    s = tx.state
    PHASES.require(s.phase, MOVE)
    if c.to != ENTRANCE and c.to not in s.adventures:
        raise RuleError("NOT_IN_PLAY", M("\"{place}\" is not an adventure in play (or the entrance).", place=c.to))
    tx.emit(ev.Moved(s.seat, c.to))


def pass_turn(tx: Tx, c: cmd.Pass, actor: Viewer) -> None:
    """Facts §1.3: resolution may be skipped; the turn goes on to the clock."""
    s = tx.state
    PHASES.require(s.phase, RESOLVE, BATTLE)
    tx.emit(ev.Passed(s.seat))


def entrance(tx: Tx, c: cmd.Entrance, actor: Viewer) -> None:
    """Facts §1.9: one Entrance action: first aid (1 sanity or 1 stamina, free) or buy with trophies."""
    s = tx.state
    PHASES.require(s.phase, RESOLVE)
    inv = s.investigator()
    if inv.where != ENTRANCE:
        raise RuleError("NOT_AT_ENTRANCE", M("{seat}'s investigator is not at the entrance.", seat=s.seat))
    printed = s.config.investigators[inv.card or ""]
    if c.action == "first_aid":
        if c.what not in ("sanity", "stamina"):
            raise RuleError("BAD_ARGUMENTS", M("First aid restores sanity or stamina."))
        top = printed.sanity if c.what == "sanity" else printed.stamina
        gain = min(s.config.first_aid, top - getattr(inv, c.what))
        if gain <= 0:
            raise RuleError("ALREADY_FULL", M("{what} is already full.", what=names.stat(c.what)))
        tx.emit(ev.StatsChanged(s.seat, {c.what: gain}), ev.Passed(s.seat))
        return
    if c.action != "buy" or c.what not in s.config.entrance:
        raise RuleError("BAD_ARGUMENTS", M("At the entrance: first_aid (sanity or stamina), or buy common, unique, spells, allies, clues or elder_signs."))
    price = s.config.entrance[c.what]
    if price <= 0:
        raise RuleError("NOT_FOR_SALE", M("The entrance does not sell {what} (setting entrance.{key}).", what=names.stat(c.what), key=c.what))
    if inv.trophies < price:
        raise RuleError("NOT_ENOUGH_TROPHIES", M("{what} costs {price} trophies; {seat} has {n}.",
                                                 what=names.stat(c.what), price=price, seat=s.seat, n=inv.trophies))
    if c.what == "elder_signs":
        tx.emit(ev.StatsChanged(s.seat, {"trophies": -price}))
        gain_elder_signs(tx, 1)
        if not tx.state.over:
            tx.emit(ev.Passed(s.seat))
        return
    gains = with_extras(s.power(), {c.what: 1})
    tx.emit(ev.StatsChanged(s.seat, {"trophies": -price, **gains}))
    offer_swaps(tx, s.seat, gains)
    tx.emit(ev.Passed(s.seat))


# -- an attempt -------------------------------------------------------------------------------------
def attempt(tx: Tx, c: cmd.Attempt, actor: Viewer) -> None:
    """Facts §1.4: roll the pool: the green dice not locked, and the yellow and red when items or
    abilities add them. Seed, "Пробуждение": once the Ancient One is awake, the battle task instead."""
    s = tx.state
    PHASES.require(s.phase, RESOLVE, BATTLE)
    inv = s.investigator()
    if s.phase == BATTLE:
        target = BATTLE_TARGET
    elif inv.where in s.adventures:
        target = inv.where or ""
    else:
        raise RuleError("NOT_AT_ADVENTURE", M("{seat}'s investigator is at no adventure: the entrance offers first aid and goods.", seat=s.seat))
    power = s.power()
    # the card's own locked dice and the Mythos card's in force join those the table names (other
    # cards'); Sister Mary rolls them all
    own_lock = (0, 0, 0) if power == "unlocked" else _locked(s, target)
    free = max(0, s.config.green_dice - own_lock[0])  # the cards in play may lock every green die
    if not 0 <= c.locked <= free:
        raise RuleError("BAD_ARGUMENTS", P("At most {n} more green die can be locked here.", "At most {n} more green dice can be locked here.", n=free))
    green = s.config.green_dice if power == "unlocked" else free - c.locked
    free_dice = power == "other-world-dice" and target != BATTLE_TARGET and s.card(target).other_world  # Gloria Goldberg
    yellow = (c.yellow or free_dice) and not own_lock[1]
    red = (c.red or free_dice) and not own_lock[2]
    for item in c.spend:
        if item not in POSSESSIONS or item == "trophies":
            raise RuleError("BAD_ARGUMENTS", M("Spend common, unique, spells, allies or clues for the extra dice."))
    spent: dict[str, int] = {}
    for item in c.spend:
        spent[item] = spent.get(item, 0) + 1
        if getattr(inv, item) < spent[item]:
            raise RuleError("NOT_ENOUGH", M("{seat} has no {what} left to spend.", seat=s.seat, what=names.stat(item)))
    if spent:
        tx.emit(ev.StatsChanged(s.seat, {item: -n for item, n in spent.items()}))
        for _item in range(spent.get("unique", 0) + spent.get("spells", 0)):
            _icy_winds(tx, s.seat)
        if tx.state.investigator(s.seat).card is None:
            return  # devoured by the Ancient One's ability: the turn goes to the clock
    tx.emit(ev.AttemptStarted(s.seat, target, (green, int(yellow), int(red)), c.spend))
    if not green + yellow + red:  # facts §1.4: out of dice with tasks left, the attempt fails
        fail(tx)


def _locked(s: ElderSignState, target: str) -> tuple[int, int, int]:
    """The dice the cards in play lock for an attempt at `target`: the adventure's, and the lingering
    effect of the Mythos card in force (green, yellow, red)."""
    card = (0, 0, 0) if target == BATTLE_TARGET else s.card(target).locked
    mythos = s.config.mythos[s.mythos].locked if s.mythos in s.config.mythos else (0, 0, 0)
    return (card[0] + mythos[0], card[1] + mythos[1], card[2] + mythos[2])


def roll(tx: Tx, c: cmd.Roll, actor: Viewer) -> None:
    """Physical dice stay physical: the table says the faces (or asks for virtual dice, seeded)."""
    a = _attempt_step(tx.state, "roll", "completed")
    if a.step == "completed" and not sum(a.pool):
        raise RuleError("NO_DICE", M("No free dice are left to roll."))
    due = a.due_colours()
    if c.virtual:  # the dice not yet said; the faces said one at a time stay
        if c.green or c.yellow or c.red:
            raise RuleError("BAD_ARGUMENTS", M("Give the faces or ask for virtual dice, not both."))
        queues = [[f for col, f in a.entered if col == colour] for colour in range(3)]
        for colour in range(3):
            queues[colour] += [tx.rng.choice(COLOUR_FACES[colour]) for _ in range(due[colour] - len(queues[colour]))]
        dice = tuple((colour, queues[colour].pop(0)) for colour in _colour_order(a, due))
    else:
        given = (c.green, c.yellow, c.red)
        for colour, faces in enumerate(given):
            if len(faces) != due[colour]:
                raise RuleError("WRONG_DICE", M("Say the faces of {dice}: the dice due now.", dice=names.pool(due)))
        queues = [[_face(colour, text) for text in faces] for colour, faces in enumerate(given)]
        dice = tuple((colour, queues[colour].pop(0)) for colour in _colour_order(a, due))
    tx.emit(ev.Rolled(dice, a.due, c.virtual))


def face(tx: Tx, c: cmd.Face, actor: Viewer) -> None:
    """One die's face at a time; the roll is complete when every die due has its face."""
    a = _attempt_step(tx.state, "roll", "completed")
    colour = _colour(c.colour)
    due = a.due_colours()
    entered = sum(1 for die in a.entered if die[0] == colour)
    if entered >= due[colour]:
        raise RuleError("WRONG_DICE", M("No more {colour} dice are due: say the faces of {dice}.", colour=names.colour(colour), dice=names.pool(due)))
    tx.emit(ev.FaceEntered((colour, _face(colour, c.face))))
    after = tx.state.attempt
    assert after is not None
    if len(after.entered) == sum(due):
        queues = [[f for col, f in after.entered if col == colour] for colour in range(3)]
        tx.emit(ev.Rolled(tuple((colour, queues[colour].pop(0)) for colour in _colour_order(after, due)), after.due))


def _colour_order(a: Attempt, due: tuple[int, int, int]) -> list[int]:
    """The colours of the dice due, in the order they will lie: a clue's reroll keeps positions."""
    if a.due:
        return [a.roll[position][0] for position in a.due]
    return [colour for colour in range(3) for _ in range(due[colour])]


def complete(tx: Tx, c: cmd.Complete, actor: Viewer) -> None:
    """Facts §1.4: one task per roll, its boxes filled at once by rolled and held dice; the dice stay on
    the task. Seed, "Пробуждение": in the battle the task may be completed again on later rolls, a doom
    token off each time."""
    s = tx.state
    a = _attempt_step(s, "rolled", *(("completed",) if s.power(s.attempt.seat if s.attempt else None) == "many-tasks" else ()))
    if a.step == "completed" and (a.battle or not a.roll):  # Amanda Sharpe: more tasks with the same roll
        raise RuleError("NOT_NOW", _STEP_REFUSALS[a.step])
    _before_the_next_roll(a)
    card = s.card(a.target)
    index = c.task - 1
    if not 0 <= index < len(card.tasks) or index in a.done:
        raise RuleError("BAD_TASK", M("Task {n} is not one still to do.", n=c.task))
    if index not in _eligible(card.stages, a.done):
        raise RuleError("NOT_YET", M("Task {n} comes later: this adventure's tasks are done in printed order.", n=c.task))
    positions = _positions(a, c.dice)
    slots = list(dict.fromkeys(c.held))
    held = dict(a.held)
    if len(slots) != len(c.held) or any(slot not in held for slot in slots):
        raise RuleError("BAD_HELD", M("Held dice are named own, assist:<seat> or spell:<n>; these are held: {held}.",
                                      held=", ".join(held) or M("none")))
    faces = [a.roll[p][1] for p in positions] + [held[slot] for slot in slots]
    if not faces or not fills(card.tasks[index], faces):
        raise RuleError("DOES_NOT_FILL", M("Those dice do not fill task {n}: each die must go on a box, and every box be filled.", n=c.task))
    tx.emit(ev.TaskCompleted(index, tuple(positions), tuple(slots)))
    _after_task(tx, a, index)


def clue(tx: Tx, c: cmd.Clue, actor: Viewer) -> None:
    """Seed, "Улики": after a roll, a clue rerolls any number of dice; again and again, a clue each time."""
    s = tx.state
    a = _attempt_step(s, "rolled")
    positions = _positions(a, c.dice)
    if not positions:
        raise RuleError("BAD_ARGUMENTS", M("Name the dice to roll again."))
    free = a.free_rerolls > 0  # Joe Diamond's second reroll comes first: it costs no clue
    if not free and s.investigator(a.seat).clues < 1:
        raise RuleError("NO_CLUE", M("{seat} has no clue to spend.", seat=a.seat))
    kept = _after_terror(tx, positions)
    if kept is not None:
        tx.emit(ev.ClueSpent(a.seat, tuple(sorted(kept)), free))


def focus(tx: Tx, c: cmd.Focus, actor: Viewer) -> None:
    """Seed, "Фокусировка и Помощь": after a roll that fills nothing, one die onto the own marker, face
    kept; a marker holds one die until it fills a box. Not in the battle with the Ancient One."""
    a = _attempt_step(tx.state, "rolled", "holding")
    _marker_free(a)
    if any(slot == "own" for slot, _face in a.held):
        raise RuleError("MARKER_TAKEN", M("The marker already holds a die: it stays there until it fills a box."))
    (position,) = _positions(a, (c.die,))
    position_after = _after_terror(tx, [position])
    if position_after is not None:
        tx.emit(ev.DieHeld(position_after[0], "own"))


def assist(tx: Tx, c: cmd.Assist, actor: Viewer) -> None:
    """Seed, "Фокусировка и Помощь": instead of focusing, an investigator on the same adventure holds the die."""
    s = tx.state
    a = _attempt_step(s, "rolled", "holding")
    _marker_free(a)
    if c.helper not in s.players or c.helper == a.seat or s.investigator(c.helper).where != a.target or not s.investigator(c.helper).card:
        raise RuleError("NOT_HERE", M("Only another investigator on this adventure can help."))
    if a.holds(f"assist:{c.helper}"):  # a marker holds one die until it fills a box; then it is free again
        raise RuleError("MARKER_TAKEN", M("The marker already holds a die: it stays there until it fills a box."))
    (position,) = _positions(a, (c.die,))
    position_after = _after_terror(tx, [position])
    if position_after is not None:
        tx.emit(ev.DieHeld(position_after[0], f"assist:{c.helper}"))


def spell(tx: Tx, c: cmd.Spell, actor: Viewer) -> None:
    """Facts §1.5: a spell holds a rolled die, face kept, cast after looking at the roll (also right
    after a task is completed); one die per spell."""
    s = tx.state
    a = _attempt_step(s, "rolled", "holding", "completed")
    _before_the_next_roll(a)
    if s.investigator(a.seat).spells < 1:
        raise RuleError("NO_SPELL", M("{seat} has no spell to cast.", seat=a.seat))
    (position,) = _positions(a, (c.die,))
    position_after = [position] if a.step == "completed" else _after_terror(tx, [position])
    if position_after is not None:
        tx.emit(ev.DieHeld(position_after[0], f"spell:{a.spells_cast + 1}"))
        _icy_winds(tx, a.seat)


def discard(tx: Tx, c: cmd.Discard, actor: Viewer) -> None:
    """Facts §1.4: after a failed roll one die is discarded for the rest of the attempt; the rest are
    rolled again. The attempt fails when no free die is left."""
    a = _attempt_step(tx.state, "rolled", "holding")
    (position,) = _positions(a, (c.die,))
    position_after = _after_terror(tx, [position])
    if position_after is None:
        return
    tx.emit(ev.DieDiscarded(position_after[0]))
    after = tx.state.attempt
    assert after is not None
    if not sum(after.pool):
        fail(tx)


# -- results told (setting table.dice_entry = "results") --------------------------------------------
# The table rolls its dice and resolves each roll on the cardboard as the rules say; it tells only what
# the roll did. The companion keeps the dice left, the tasks done and the held dice (no faces), and
# everything that follows exactly as with faces said.

def task_done(tx: Tx, c: cmd.TaskDone, actor: Viewer) -> None:
    """Facts §1.4, as `complete`: one task per roll (Amanda Sharpe: more), filled at once by rolled and
    held dice, the dice staying on it; the rest are rolled again. The companion checks what it can
    without faces: the task still to do and eligible, the dice left, and that the dice can fill it."""
    s = tx.state
    a = _told_roll(s)
    if a.terror_applied:
        raise RuleError("TERROR_STRUCK", M("The Terror struck: this roll completed nothing. Lose a die, hold one or spend a clue."))
    card = s.card(a.target)
    index = c.task - 1
    if not 0 <= index < len(card.tasks) or index in a.done:
        raise RuleError("BAD_TASK", M("Task {n} is not one still to do.", n=c.task))
    if index not in _eligible(card.stages, a.done):
        raise RuleError("NOT_YET", M("Task {n} comes later: this adventure's tasks are done in printed order.", n=c.task))
    slots = list(dict.fromkeys(c.held))
    if len(slots) != len(c.held) or any(not a.holds(slot) for slot in slots):
        raise RuleError("BAD_HELD", M("Held dice are named own, assist:<seat> or spell:<n>; these are held: {held}.",
                                      held=", ".join(slot for slot, _face in a.held) or M("none")))
    if c.dice is None and not ends_attempt(a, card, index):
        raise RuleError("HOW_MANY", M("Say how many rolled dice went on task {n}: the attempt goes on.", n=c.task))
    used = _dice_told(a, c.dice or 0, c.yellow, c.red)
    low, high = told_dice(card.tasks[index], len(slots) if c.dice is not None else len(a.held), a.pool)
    if low > high:
        raise RuleError("DOES_NOT_FILL", M("The dice left cannot fill task {n}.", n=c.task))
    if c.dice is not None and not low <= c.dice <= high:
        raise RuleError("DOES_NOT_FILL", P("Task {task} takes {n} rolled die here.", "Task {task} takes {n} rolled dice here.", task=c.task, n=low)
                        if low == high else M("Task {task} takes {low} to {high} rolled dice here.", task=c.task, low=low, high=high))
    tx.emit(ev.TaskFilled(index, used, tuple(slots)))
    _after_task(tx, a, index)


def _after_task(tx: Tx, a: Attempt, index: int) -> None:
    """A task filled: its cost; in the battle a doom token off; the attempt succeeds with its last task,
    fails with no free die left."""
    card = tx.state.card(a.target)
    for task, cost in card.task_costs:  # facts §1.4: a task's cost, paid on completing it
        if task == index:
            apply_effects(tx, a.seat, cost)
    after = tx.state.attempt
    if after is None:
        return
    if a.battle:
        change_doom(tx, -1)
        if not tx.state.over and not sum(after.pool):
            tx.emit(ev.AttemptEnded(a.target, True))
        return
    if len(after.done) == len(card.tasks):
        succeed(tx, a.target)
    elif not sum(after.pool):
        fail(tx)


def ends_attempt(a: Attempt, card: Card, index: int) -> bool:
    """Whether completing task `index` completes the adventure (never the battle, which goes on)."""
    return not a.battle and set(a.done) | {index} == set(range(len(card.tasks)))


def told_dice(task: Task, held: int, pool: tuple[int, int, int]) -> tuple[int, int]:
    """The fewest and most rolled dice that, with `held` held dice, can fill `task` from `pool`: a
    symbol box takes one die, an investigation box at least its total over 4 (a yellow or red 4, a
    Wild) and any number more; more than the dice left never."""
    symbols = sum(1 for box in task if not box.inv)
    fewest = symbols + sum(-(-box.inv // 4) for box in task if box.inv)
    most = symbols if all(not box.inv for box in task) else fewest + sum(pool) + held
    return max(0 if held else 1, fewest - held), min(sum(pool), most - held)


def likely_dice(task: Task, held: int, pool: tuple[int, int, int]) -> int:
    """The rolled dice a task most likely took: the fewest, counting 3 a green die at most."""
    best = 4 if pool[1] or pool[2] else 3
    fewest = sum(1 for box in task if not box.inv) + sum(-(-box.inv // best) for box in task if box.inv)
    low, high = told_dice(task, held, pool)
    return min(high, max(low, fewest - held))


def _dice_told(a: Attempt, n: int, yellow: bool, red: bool) -> tuple[int, int, int]:
    """`n` rolled dice, the yellow and the red among them as said: (green, yellow, red), within the dice left."""
    used = (n - int(yellow) - int(red), int(yellow), int(red))
    if n < 0 or any(count < 0 or count > left for count, left in zip(used, a.pool, strict=True)):
        raise RuleError("NOT_ENOUGH_DICE", M("Only {dice} are left to roll.", dice=names.pool(a.pool)))
    return used


def lose_die(tx: Tx, c: cmd.LoseDie, actor: Viewer) -> None:
    """Facts §1.4, as `discard`: after a roll that completed nothing one die is discarded for the rest of
    the attempt; the rest are rolled again. No free die left: the attempt fails."""
    a = _told_failed(tx.state)
    colour = _told_colour(a, c.colour)
    tx.emit(ev.DieLost(colour))
    after = tx.state.attempt
    assert after is not None
    if not sum(after.pool):
        fail(tx)


def hold(tx: Tx, c: cmd.Hold, actor: Viewer) -> None:
    """Seed, "Фокусировка и Помощь", facts §1.5, as `focus`, `assist` and `spell`: a die set aside on the
    own marker or a helper's (after a roll that completed nothing, one per roll, never in the battle) or
    on a spell (any time), its face not told."""
    s = tx.state
    a = _told_failed(s)
    colour = _told_colour(a, c.colour)
    if c.slot == "spell":
        if s.investigator(a.seat).spells < 1:
            raise RuleError("NO_SPELL", M("{seat} has no spell to cast.", seat=a.seat))
        tx.emit(ev.DieSetAside(f"spell:{a.spells_cast + 1}", colour))
        _icy_winds(tx, a.seat)
        return
    _marker_free(a)
    if c.slot == "own":
        if a.holds("own"):
            raise RuleError("MARKER_TAKEN", M("The marker already holds a die: it stays there until it fills a box."))
    elif c.slot.startswith("assist:"):
        helper = c.slot.removeprefix("assist:")
        if helper not in s.players or helper == a.seat or s.investigator(helper).where != a.target or not s.investigator(helper).card:
            raise RuleError("NOT_HERE", M("Only another investigator on this adventure can help."))
        if a.holds(c.slot):
            raise RuleError("MARKER_TAKEN", M("The marker already holds a die: it stays there until it fills a box."))
    else:
        raise RuleError("BAD_ARGUMENTS", M("Hold a die on own, assist:<seat> or spell."))
    tx.emit(ev.DieSetAside(c.slot, colour))


def terror(tx: Tx, c: cmd.Terror, actor: Viewer) -> None:
    """Facts §1.4: a roll that completed nothing showed a green Terror: the card's terror effect, once
    per roll (the attempt fails, or the green Terror dice are lost, or what it brings); Kate Winthrop: none."""
    s = tx.state
    a = _told_roll(s)
    if a.terror_applied:
        raise RuleError("USED", M("The terror effect already struck this roll."))
    if not _terror_strikes(s, a):
        raise RuleError("NO_TERROR", M("A Terror does nothing here: lose a die, hold one or spend a clue."))
    if s.terror_of(a.target, a.seat) == "discard" and not 1 <= c.dice <= a.pool[GREEN]:
        raise RuleError("NOT_ENOUGH_DICE", P("Say how many green dice show Terror: {n} is left.", "Say how many green dice show Terror: 1 to {n}.",
                                             n=a.pool[GREEN]))
    _strike(tx, greens=c.dice if s.terror_of(a.target, a.seat) == "discard" else 0)


def reroll(tx: Tx, c: cmd.Reroll, actor: Viewer) -> None:
    """Seed, "Улики", as `clue`: after a roll that completed nothing, a clue rerolls any of its dice (the
    table's choice); again and again, a clue each time. Joe Diamond's second reroll is free."""
    s = tx.state
    a = _told_roll(s)
    free = a.free_rerolls > 0
    if not free and s.investigator(a.seat).clues < 1:
        raise RuleError("NO_CLUE", M("{seat} has no clue to spend.", seat=a.seat))
    tx.emit(ev.ClueSpent(a.seat, (), free))


def _told_roll(s: ElderSignState, *steps: str) -> Attempt:
    """The attempt whose free dice were rolled at the table (results told): its result is awaited (or,
    in `steps`, a die was already held). No free die left, nothing was rolled: a task is completed only
    after a roll, so the attempt can only be given up."""
    a = _attempt_step(s, RESULT, *steps, told=True)
    if not sum(a.pool):
        raise RuleError("NO_DICE", M("No free dice are left: give up the attempt."))
    return a


def _told_failed(s: ElderSignState) -> Attempt:
    """The attempt after a roll that completed nothing (results told): its result, or a die already held."""
    return _told_roll(s, "holding")


def _told_colour(a: Attempt, text: str) -> int:
    colour = _colour(text)
    if not a.pool[colour]:
        raise RuleError("NO_DICE", M("No {colour} die is left: {dice} are.", colour=names.colour(colour), dice=names.pool(a.pool)))
    return colour


def give_up(tx: Tx, c: cmd.GiveUp, actor: Viewer) -> None:
    """Facts §1.4: an attempt left unfinished fails (its penalty); a battle attack simply ends."""
    _attempt_step(tx.state, "roll", "rolled", "holding", "completed", RESULT, told=None)
    fail(tx)


def _after_terror(tx: Tx, positions: Sequence[int]) -> list[int] | None:
    """Facts §1.4: a roll that completes nothing and shows a green Terror triggers the adventure's terror
    effect, once per roll. The named dice are given back as positions after it; None: the attempt ended."""
    s = tx.state
    a = s.attempt
    assert a is not None
    lost = tuple(i for i, die in enumerate(a.roll) if die == (GREEN, TERROR))
    if a.terror_applied or a.step != "rolled" or not lost or not _terror_strikes(s, a):
        return list(positions)
    if not _strike(tx, lost, spared=positions):
        return None
    if s.terror_of(a.target, a.seat) != "discard":
        return list(positions)  # what the Terror brings struck, and no die was lost
    return [p - sum(1 for gone in lost if gone < p) for p in positions]


def _terror_strikes(s: ElderSignState, a: Attempt) -> bool:
    """Whether a green Terror does anything on this card for this investigator (Kate Winthrop: never)."""
    return s.terror_of(a.target, a.seat) != "none" or (s.power(a.seat) != "science" and not s.card(a.target).on_terror.empty)


def _strike(tx: Tx, lost: tuple[int, ...] = (), greens: int = 0, spared: Sequence[int] = ()) -> bool:
    """The card's terror effect strikes: what it brings (doom, a monster …), then the attempt fails, or
    the green Terror dice are lost (at positions `lost`, or `greens` of them the table did not place).
    False: the attempt ended."""
    s = tx.state
    a = s.attempt
    assert a is not None
    effect = s.terror_of(a.target, a.seat)
    brings = s.card(a.target).on_terror if s.power(a.seat) != "science" else Effects()
    if not brings.empty:  # what the Terror brings besides, once per roll
        if effect == "none":
            tx.emit(ev.TerrorStruck("effect"))
        apply_effects(tx, a.seat, brings)
        if tx.state.over or tx.state.attempt is None:
            return False
        if effect == "none":
            return True
    if effect == "fail":
        tx.emit(ev.TerrorStruck("fail"))
        fail(tx)
        return False
    if any(p in lost for p in spared):
        raise RuleError("LOST_TO_TERROR", M("The terror effect takes every green die showing Terror: choose among the others."))
    tx.emit(ev.TerrorStruck("discard", lost, greens))
    after = tx.state.attempt
    assert after is not None
    if not sum(after.pool):
        fail(tx)
        return False
    return True


def succeed(tx: Tx, target: str) -> None:
    """Facts §1.4: every task done: the rewards, and the card as a trophy (worth its value, plus one for
    each monster whose task was done: a monster placed with no task was no task, so no trophy)."""
    s = tx.state
    card = s.card(target)
    monsters = sum(1 for task in s.monsters.get(target, ()) if task)
    tx.emit(ev.AttemptEnded(target, True))
    apply_effects(tx, s.seat, card.reward, trophies=card.trophies + monsters)
    if not tx.state.over:
        tx.emit(ev.AdventureLeft(target, refill=not card.other_world))


def fail(tx: Tx) -> None:
    """Facts §1.4: out of dice with tasks left: the penalty. Seed, "Фокусировка и Помощь": a helper whose
    marker still holds a die loses 1 sanity or 1 stamina (the helper chooses: the prompt reminds)."""
    s = tx.state
    a = s.attempt
    assert a is not None
    if a.battle:  # seed: failing to hurt the Ancient One costs nothing; the clock moves on
        tx.emit(ev.AttemptEnded(a.target, False))
        return
    helpers = tuple(slot.removeprefix("assist:") for slot, _face in a.held if slot.startswith("assist:"))
    tx.emit(ev.AttemptEnded(a.target, False, helpers))
    _monsters_defeated(tx, a.seat, a.target, a.done)
    apply_effects(tx, a.seat, s.card(a.target).penalty)
    if s.config.ancient_one.power == "yog-sothoth" and s.card(a.target).other_world and not tx.state.over:
        _lost_to_yog_sothoth(tx, a.target)


def _monsters_defeated(tx: Tx, seat: str, target: str, done: tuple[int, ...]) -> None:
    """Seed, "Монстры": a monster whose task was completed is a trophy even when the adventure fails,
    taken before the penalty. A monster's task follows the card's printed ones (State.card)."""
    s = tx.state
    first = len(s.config.adventures[target].tasks)
    with_task = [i for i, task in enumerate(s.monsters.get(target, ())) if task]
    beaten = [monster for n, monster in enumerate(with_task) if first + n in done]
    for monster in reversed(beaten):  # from the last, so the places of the others hold
        tx.emit(ev.MonsterTaken(target, monster))
    if beaten and s.investigator(seat).card:
        tx.emit(ev.StatsChanged(seat, {"trophies": len(beaten)}))


def apply_effects(tx: Tx, seat: str, effects: Effects, trophies: int = 0) -> None:
    """A card's reward or penalty: the investigator's counters (none below 0; sanity and stamina at
    most the printed value), Elder Signs, doom, monsters. Its `text` is for the players."""
    s = tx.state
    inv = s.investigator(seat)
    printed = s.config.investigators.get(inv.card or "")
    changes: dict[str, int] = {}
    gains = with_extras(s.power(seat), effects.possessions)
    if trophies:
        gains = {**gains, "trophies": gains.get("trophies", 0) + trophies}
    for key, delta in gains.items():
        current = getattr(inv, key)
        top = getattr(printed, key) if key in ("sanity", "stamina") and printed else None
        target = current + delta if key in ("sanity", "stamina") else max(0, current + delta)
        if top is not None:
            target = min(top, target)
        if target != current:
            changes[key] = target - current
    if changes and inv.card:
        tx.emit(ev.StatsChanged(seat, changes))
        offer_swaps(tx, seat, changes)
        check_devoured(tx, seat)
    if effects.elder_signs and not tx.state.over:
        gain_elder_signs(tx, effects.elder_signs)
    if effects.doom and not tx.state.over:
        change_doom(tx, effects.doom)
    if effects.monsters and not tx.state.over:
        monsters_appear(tx, effects.monsters)


#: Bob Jenkins, Dexter Drake, Monterey Jack: one more of their kind whenever they gain some
EXTRAS = {"extra-common": "common", "extra-spells": "spells", "extra-unique": "unique"}


def with_extras(power: str, gains: dict[str, int]) -> dict[str, int]:
    """The gains as an investigator's ability makes them (one more item of its kind, once per gain)."""
    kind = EXTRAS.get(power)
    if kind and gains.get(kind, 0) > 0:
        return {**gains, kind: gains[kind] + 1}
    return gains


#: what "Ashcan" Pete may take instead of an item he gains (facts §1.8)
SWAPPABLE = ("common", "unique", "spells")
SWAP_FOR = ("clues", "common", "spells")


def offer_swaps(tx: Tx, seat: str, gains: dict[str, int]) -> None:
    """Facts §1.8, "Ashcan" Pete: for each common item, unique item or spell he gains, he may take a
    clue, a common item or a spell instead: one question per item (the `swap` command)."""
    if tx.state.power(seat) != "swap-gains":
        return
    items = tuple(kind for kind in SWAPPABLE for _n in range(max(0, gains.get(kind, 0))))
    if items:
        tx.emit(ev.SwapsOffered(seat, items))


def swap(tx: Tx, c: cmd.Swap, actor: Viewer) -> None:
    """"Ashcan" Pete answers for the first item gained he has not decided on: keep, or clues, common, spells."""
    s = tx.state
    seat = _named_seat(s, c.seat, actor, M("A seat changes only its own investigator's counters."))
    inv = s.investigator(seat)
    if not inv.swaps:
        raise RuleError("NOTHING_TO_SWAP", M("{seat} has no item gained to take something else for.", seat=seat))
    gave = inv.swaps[0]
    took = gave if c.what == "keep" else c.what
    if took not in SWAP_FOR and took != gave:
        raise RuleError("BAD_ARGUMENTS", M("Keep it, or take clues, common or spells instead."))
    if took != gave and getattr(inv, gave) < 1:
        raise RuleError("NOT_ENOUGH", M("{seat} has {n} {what}.", seat=seat, n=0, what=names.stat(gave)))
    tx.emit(ev.GainSwapped(seat, gave, took))


def monsters_appear(tx: Tx, count: int) -> None:
    """Facts §1.3: no monster appears during Kate Winthrop's turn (midnight's still do: it follows the turn)."""
    s = tx.state
    if s.phase != MIDNIGHT and s.investigator().card and s.power() == "science":
        return
    tx.emit(ev.MonstersDue(count))


def _icy_winds(tx: Tx, seat: str) -> None:
    """Facts §1.7, Ithaqua: a unique item or a spell used costs 1 stamina."""
    s = tx.state
    if s.config.ancient_one.power == "ithaqua" and s.investigator(seat).card:
        tx.emit(ev.StatsChanged(seat, {"stamina": -1}))
        check_devoured(tx, seat)


def _lost_to_yog_sothoth(tx: Tx, adventure: str) -> None:
    """Facts §1.7, Yog-Sothoth: a failed Other World leaves the game; with none left, he awakens."""
    tx.emit(ev.AdventureLeft(adventure, refill=False))
    s = tx.state
    if all(card.id in s.completed for card in s.config.adventures.values() if card.other_world) and not s.awakened:
        awaken(tx)


# -- the clock and midnight ------------------------------------------------------------------------------
def clock(tx: Tx, c: cmd.Clock, actor: Viewer) -> None:
    """Facts §1.3: the hand moves on (3 hours, a setting); midnight follows the turn that reaches or
    passes XII (FAQ errata): "at midnight" effects, a new Mythos card, daily abilities back."""
    s = tx.state
    PHASES.require(s.phase, CLOCK)
    hours = s.clock + s.config.hours_per_turn
    tx.emit(ev.ClockAdvanced(s.clock, hours % 12, hours >= 12))
    if hours >= 12:
        tx.emit(ev.MidnightStruck())
        for adventure in tx.state.adventures if not tx.state.awakened else ():
            _at_midnight(tx, adventure)
    else:
        next_turn(tx)


def _at_midnight(tx: Tx, adventure: str) -> None:
    """An adventure's "at midnight" numbers: doom, monsters and Elder Signs for all (once per Other World
    in play where the card says so); sanity, stamina and items for each investigator on it. A text the
    data has no numbers for is never only announced: the table says what it did (`at_midnight`)."""
    card = tx.state.card(adventure)
    effects = card.at_midnight_effects
    if tx.state.over:
        return
    if effects.empty:
        if card.at_midnight and not card.at_midnight_pay:
            tx.emit(ev.MidnightTextOwed(adventure))
        return
    if card.at_midnight_per == "other_world":
        worlds = sum(1 for a in tx.state.adventures if tx.state.config.adventures[a].other_world)
        effects = _times(effects, worlds)
        if effects.empty:
            return
    for seat in tx.state.seats_at(adventure):
        if card.at_midnight_pay and tx.state.investigator(seat).trophies >= card.at_midnight_pay:
            tx.emit(ev.MidnightOwed(seat, adventure))  # the player's choice: one question (midnight_pay)
            continue
        apply_effects(tx, seat, replace(effects, elder_signs=0, doom=0, monsters=0, text=""))
    if not tx.state.over:
        apply_effects(tx, tx.state.seat, Effects(elder_signs=effects.elder_signs, doom=effects.doom, monsters=effects.monsters))


def _times(effects: Effects, n: int) -> Effects:
    """The numbers of `effects` counted `n` times (its text once)."""
    counted = {f.name: getattr(effects, f.name) * n for f in fields(Effects) if f.name != "text"}
    return Effects(**counted, text=effects.text)


def at_midnight(tx: Tx, c: cmd.AtMidnight, actor: Viewer) -> None:
    """An adventure's "at midnight" text with no numbers in the data (a table's own card): the table
    says what it did, once; it strikes each investigator on the adventure, and the doom track."""
    s = tx.state
    if c.adventure not in s.midnight_texts:
        raise RuleError("NOTHING_OWED", M("No \"at midnight\" text of that adventure waits to be applied."))
    for value, low, high, name in ((c.sanity, -3, 3, "sanity"), (c.stamina, -3, 3, "stamina"), (c.doom, -3, 3, "doom")):
        if not low <= value <= high:
            raise RuleError("BAD_ARGUMENTS", M("\"{arg}\" must be {low} to {high}.", arg=name, low=low, high=high))
    tx.emit(ev.MidnightTextDone(c.adventure))
    for seat in s.seats_at(c.adventure):
        if not tx.state.over:
            apply_effects(tx, seat, Effects(sanity=c.sanity, stamina=c.stamina))
    if c.doom and not tx.state.over:
        change_doom(tx, c.doom)


def midnight_pay(tx: Tx, c: cmd.MidnightPay, actor: Viewer) -> None:
    """An adventure's "at midnight": pay its trophies or take its losses (The Curator); the investigator's player chooses."""
    s = tx.state
    seat = _named_seat(s, c.seat, actor, M("A seat changes only its own investigator's counters."))
    owed = [adventure for who, adventure in s.midnight_owed if who == seat and (c.adventure is None or adventure == c.adventure)]
    if not owed:
        raise RuleError("NOTHING_OWED", M("{seat} owes no adventure's midnight price.", seat=seat))
    card = s.card(owed[0])
    if c.pay == "trophies":
        if s.investigator(seat).trophies < card.at_midnight_pay:
            raise RuleError("NOT_ENOUGH_TROPHIES", M("{seat} has {n} {what}.", seat=seat, n=s.investigator(seat).trophies,
                                                     what=names.stat("trophies")))
        tx.emit(ev.MidnightPaid(seat, owed[0]), ev.StatsChanged(seat, {"trophies": -card.at_midnight_pay}))
    elif c.pay == "loss":
        tx.emit(ev.MidnightPaid(seat, owed[0]))
        apply_effects(tx, seat, replace(card.at_midnight_effects, elder_signs=0, doom=0, monsters=0, text=""))
    else:
        raise RuleError("BAD_ARGUMENTS", M("Pay with trophies or take the loss."))


def mythos(tx: Tx, c: cmd.Mythos, actor: Viewer) -> None:
    """Facts §1.3, §1.6: at midnight a new Mythos card: its doom tokens, monsters, Elder Signs, clock,
    and the sanity and stamina it takes (or gives) from whom it names; its lingering effect lasts until
    the next midnight. Seed, "Пробуждение": once awake, the Ancient One attacks instead."""
    s = tx.state
    PHASES.require(s.phase, MIDNIGHT)
    if s.awakened:
        raise RuleError("AWAKE", M("The Ancient One is awake: at midnight it attacks; no Mythos card is drawn."))
    if c.card not in s.config.mythos:
        raise RuleError("UNKNOWN_CARD", M("There is no Mythos card \"{card}\" in the data: enter it once (new_mythos).", card=c.card))
    _draw_mythos(tx, c.card)


def _draw_mythos(tx: Tx, card_id: str) -> None:
    s = tx.state
    card = s.config.mythos[card_id]
    tx.emit(ev.MythosDrawn(card_id))
    if card.doom:
        change_doom(tx, card.doom)
    if card.monsters and not tx.state.over:
        monsters_appear(tx, card.monsters)
    if card.elder_signs and not tx.state.over:
        gain_elder_signs(tx, card.elder_signs)
    if card.clock and not tx.state.over:  # the hand moves on, never to a second midnight
        to = min(11, tx.state.clock + card.clock)
        if to != tx.state.clock:
            tx.emit(ev.ClockAdvanced(tx.state.clock, to, False))
    if (card.sanity or card.stamina) and not tx.state.over:
        for seat in _struck(tx.state, card.whom):
            if tx.state.over:
                break
            apply_effects(tx, seat, Effects(sanity=card.sanity, stamina=card.stamina))
    if not tx.state.over and tx.state.phase == MIDNIGHT:
        next_turn(tx)


def _struck(s: ElderSignState, whom: str) -> list[str]:
    """The seats a Mythos card's sanity and stamina strike: all, those at the Entrance, or the one on turn."""
    if whom == "entrance":
        return s.seats_at(ENTRANCE)
    if whom == "active":
        return [s.seat] if s.investigator().card else []
    return [seat for seat, inv in zip(s.players, s.investigators, strict=True) if inv.card]


def new_mythos(tx: Tx, c: cmd.NewMythos, actor: Viewer) -> None:
    """A Mythos card the data lacks (no source lists the base game's deck): the table enters it once,
    in short; it is checked as a card of the table's file would be, kept, and drawn."""
    s = tx.state
    PHASES.require(s.phase, MIDNIGHT)
    if s.awakened:
        raise RuleError("AWAKE", M("The Ancient One is awake: at midnight it attacks; no Mythos card is drawn."))
    if c.whom not in ("all", "entrance", "active"):
        raise RuleError("BAD_CARD", M("Whom the card strikes: all, entrance or active."))
    locked = {key: n for key, n in (("green", c.green), ("yellow", int(c.yellow)), ("red", int(c.red))) if n}
    entry = _own_entry(s, "mythos", c.card, c.name, c.language, {
        "doom": c.doom, "monsters": c.monsters, "elder_signs": c.elder_signs, "sanity": c.sanity, "stamina": c.stamina,
        "whom": c.whom, "clock": c.clock, "locked": locked, "text": c.text})
    tx.emit(ev.CardEntered("mythos", entry))
    _draw_mythos(tx, entry["id"])


def new_monster(tx: Tx, c: cmd.NewMonster, actor: Viewer) -> None:
    """A monster marker the data lacks (no source lists the base game's): the table enters its name and
    task once; it is kept, and placed like any monster."""
    s = tx.state
    _monster_place(s, c.adventure)
    entry = _own_entry(s, "monsters", c.card, c.name, c.language, {"task": c.task})
    entry["task"] = str(parse_adventure(entry["task"]))
    tx.emit(ev.CardEntered("monsters", entry))
    tx.emit(ev.MonsterPlaced(c.adventure, _with_terror(s, entry["task"])))


def _own_entry(s: ElderSignState, into: str, card_id: str | None, name: str, language: str | None, values: dict[str, Any]) -> dict[str, Any]:
    """A card the table enters: its id (given, or made from the name), never one already known; its
    name in the table's language; checked (config.own_card: a RuleError naming the field)."""
    known: dict[str, Any] = dict(s.config.mythos if into == "mythos" else s.config.monsters)
    name = " ".join(name.split()) or f"{'Mythos' if into == 'mythos' else 'Monster'} {len(known) + 1}"
    if len(name) > 60 or not name.isprintable():
        raise RuleError("BAD_CARD", M("A card's name is at most {n} letters.", n=60))
    new_id = card_id or "own-" + ("-".join("".join(ch if ch.isalnum() else " " for ch in name.lower()).split()) or into)
    if new_id in known or new_id == ENTRANCE:
        raise RuleError("KNOWN_CARD", M("\"{card}\" is known already: name it, or enter another name.", card=new_id))
    names = {language: name} if language and language != "en" else {}
    entry = {"id": new_id, "name": name, **({"names": names} if names else {}), **values}
    return own_card(into, entry)


def attack_done(tx: Tx, c: cmd.AttackDone, actor: Viewer) -> None:
    """Seed, "Пробуждение": at each midnight of the battle the Ancient One attacks as its card says."""
    s = tx.state
    PHASES.require(s.phase, MIDNIGHT)
    if not s.awakened:
        raise RuleError("NOT_AWAKE", M("The Ancient One sleeps: draw a Mythos card."))
    tx.emit(ev.AttackResolved())
    next_turn(tx)


def attacked(tx: Tx, c: cmd.Attacked, actor: Viewer) -> None:
    """Seed, "Пробуждение"; facts §1.7: at midnight of the battle the Ancient One's attack strikes each
    investigator: its numbers, or a clue discarded where the card allows (the table answers, one
    question per investigator). When every investigator has taken it, the turn goes on."""
    s = tx.state
    PHASES.require(s.phase, MIDNIGHT)
    ao = s.config.ancient_one
    if not s.awakened or ao.attack_effects.empty:
        raise PHASES.not_now(s.phase)
    if c.seat not in s.players or s.investigator(c.seat).card is None or c.seat in s.attacked:
        raise RuleError("BAD_ARGUMENTS", M("Name a seat whose investigator has not taken the attack yet."))
    if c.pay == "clue" and ao.attack_clue:
        if s.investigator(c.seat).clues < 1:
            raise RuleError("NO_CLUE", M("{seat} has no clue to spend.", seat=c.seat))
        tx.emit(ev.StatsChanged(c.seat, {"clues": -1}), ev.AttackTaken(c.seat))
    elif c.pay == "loss":
        tx.emit(ev.AttackTaken(c.seat))
        apply_effects(tx, c.seat, ao.attack_effects)
    else:
        raise RuleError("BAD_ARGUMENTS", M("Take the attack with a clue (where the card allows) or with its loss."))
    after = tx.state
    if not tx.state.over and all(seat in after.attacked or inv.card is None for seat, inv in zip(after.players, after.investigators, strict=True)):
        tx.emit(ev.AttackResolved())
        next_turn(tx)


def next_turn(tx: Tx) -> None:
    """The next player's turn: a devoured investigator's player takes a new one first (seed,
    "Уничтожение"); in the battle a devoured player only moves the clock (facts §1.6)."""
    s = tx.state
    seat = s.players[s.next_seat]
    inv = s.investigator(seat)
    if s.awakened:
        phase = BATTLE if inv.card else CLOCK
    else:
        phase = MOVE if inv.card else CHOOSE
    tx.emit(ev.TurnStarted(seat, phase))


# -- doom, Elder Signs, awakening, devoured ----------------------------------------------------------------
def change_doom(tx: Tx, by: int) -> None:
    """Seed, "Трек Судьбы": tokens fill the track from its first free space; a token on a monster icon
    brings a monster; the last space awakens the Ancient One. In the battle a completed battle task
    takes a token off; an empty track banishes it."""
    s = tx.state
    track = s.config.ancient_one.doom
    to = max(0, min(track, s.doom + by))
    if to == s.doom:
        if by > 0 and s.doom == track and not s.awakened:
            awaken(tx)
        return
    monsters = sum(1 for space in s.config.ancient_one.monster_spaces if s.doom < space <= to)
    tx.emit(ev.DoomChanged(s.doom, to, monsters))
    if monsters and to < track and not s.awakened:  # once it wakes, no adventure is left to hold a monster
        monsters_appear(tx, monsters)
    if to == track and not s.awakened:
        awaken(tx)
    elif to == 0 and s.awakened:
        tx.emit(ev.GameWon("banished"))


def awaken(tx: Tx) -> None:
    """Seed, "Пробуждение": the Ancient One awakens (a full track, or a card): the track fills, every
    investigator moves to it, the turn goes straight to its clock. Facts §1.7: Azathoth's awakening ends the game."""
    s = tx.state
    if s.config.ancient_one.awakening == "lose":
        tx.emit(ev.GameLost("awakened"))
        return
    tx.emit(ev.Awakened())


def gain_elder_signs(tx: Tx, by: int) -> None:
    """Seed, "Цель игры": enough Elder Signs seal the Ancient One: the investigators win."""
    s = tx.state
    to = max(0, s.elder_signs + by)
    if to != s.elder_signs:
        tx.emit(ev.ElderSignsChanged(to))
    if to >= s.config.ancient_one.elder_signs and not s.awakened:
        tx.emit(ev.GameWon("sealed"))


def check_devoured(tx: Tx, seat: str) -> None:
    """Seed, "Уничтожение": sanity or stamina at 0 or below devours the investigator: a doom token, and
    the player takes one not yet devoured; none left (and too few Elder Signs): the Ancient One wins.
    In the battle (facts §1.6): the player only moves the clock from now on; all devoured lose."""
    s = tx.state
    inv = s.investigator(seat)
    if inv.card is None or (inv.sanity > 0 and inv.stamina > 0):
        return
    tx.emit(ev.Devoured(seat, inv.card))
    if s.config.ancient_one.power == "yig" and s.elder_signs:  # facts §1.7, Yig's anger
        gain_elder_signs(tx, -1)
    change_doom(tx, 1)
    after = tx.state
    if after.status != "playing":
        return
    if after.awakened:
        if not any(i.card for i in after.investigators):
            tx.emit(ev.GameLost("devoured"))
        return
    waiting = sum(1 for i in after.investigators if i.card is None)
    if len(after.free_investigators()) < waiting:
        tx.emit(ev.GameLost("no_investigators"))


# -- what any step may need -------------------------------------------------------------------------------
def place_monster(tx: Tx, c: cmd.PlaceMonster, actor: Viewer) -> None:
    """Seed, "Монстры": a monster that appears goes on an adventure; placed on a task row it adds (or
    replaces) a task: `task` adds its boxes to that card for the odds; a monster marker named
    (`monster`, known to the data or the table's file) adds its own."""
    s = tx.state
    _monster_place(s, c.adventure)
    task = None
    if c.monster is not None:
        if c.monster not in s.config.monsters:
            raise RuleError("UNKNOWN_CARD", M("There is no monster marker \"{card}\" in the data: enter it once (new_monster).", card=c.monster))
        task = s.config.monsters[c.monster].task
    elif c.task:
        parsed = parse_adventure(c.task)
        if len(parsed.tasks) != 1:
            raise RuleError("BAD_TASK", M("A monster adds one task."))
        task = str(parsed)
    tx.emit(ev.MonsterPlaced(c.adventure, _with_terror(s, task)))


def _with_terror(s: ElderSignState, task: str | None) -> str | None:
    """Facts §1.7, Shub-Niggurath: every monster's task has one more Terror box."""
    if task is None or s.config.ancient_one.power != "shub-niggurath":
        return task
    return str(parse_adventure(task + ",TERROR"))


def _monster_place(s: ElderSignState, adventure: str) -> None:
    if not s.monsters_due:
        raise RuleError("NO_MONSTER", M("No monster is waiting to be placed."))
    if adventure not in s.adventures:
        raise RuleError("NOT_IN_PLAY", M("\"{place}\" is not an adventure in play.", place=adventure))


def lay(tx: Tx, c: cmd.Lay, actor: Viewer) -> None:
    """Facts §1.1: a completed museum adventure is replaced from the deck; an open gate brings an Other World."""
    s = tx.state
    if c.adventure not in s.config.adventures:
        raise RuleError("UNKNOWN_CARD", M("There is no adventure card \"{card}\" in the data.", card=c.adventure))
    if c.adventure in s.adventures:
        raise RuleError("IN_PLAY", M("{card} is already in play.", card=s.config.adventures[c.adventure].title))
    if c.adventure in s.completed:
        raise RuleError("COMPLETED", M("{card} was completed: it is a trophy now and does not come back.", card=s.config.adventures[c.adventure].title))
    tx.emit(ev.AdventureLaid(c.adventure))


def adjust(tx: Tx, c: cmd.Adjust, actor: Viewer) -> None:
    """Cards take and give sanity, stamina, clues, items and trophies all the time: the table (or the
    investigator's own seat) says so. Sanity and stamina stay at most the printed values."""
    s = tx.state
    seat = c.seat or s.seat
    if seat not in s.players:
        raise RuleError("UNKNOWN_SEAT", M("There is no seat \"{seat}\" at this table.", seat=seat))
    if actor.is_seat and actor.seat != seat:
        raise RuleError("NOT_YOURS", M("A seat changes only its own investigator's counters."))
    if c.what not in STATS:
        raise RuleError("BAD_ARGUMENTS", M("Change one of: {known}.", known=", ".join(STATS)))
    inv = s.investigator(seat)
    if inv.card is None:
        raise RuleError("DEVOURED", M("{seat}'s investigator was devoured: choose a new one first.", seat=seat))
    if c.amount == 0:
        raise RuleError("BAD_ARGUMENTS", M("Say by how much (a positive or negative number)."))
    current = getattr(inv, c.what)
    by = c.amount
    if c.what in ("sanity", "stamina"):
        printed = s.config.investigators[inv.card]
        by = min(by, getattr(printed, c.what) - current)
        if by == 0:
            raise RuleError("ALREADY_FULL", M("{what} is already full.", what=names.stat(c.what)))
    elif current + by < 0:
        raise RuleError("NOT_ENOUGH", M("{seat} has {n} {what}.", seat=seat, n=current, what=names.stat(c.what)))
    tx.emit(ev.StatsChanged(seat, {c.what: by}))
    check_devoured(tx, seat)


def doom(tx: Tx, c: cmd.Doom, actor: Viewer) -> None:
    """Facts §1.6: Mythos cards, penalties and rewards add or take doom tokens."""
    _check_amount(c.amount, tx.state.config.ancient_one.doom)  # never more than the whole track
    change_doom(tx, c.amount)


def elder_signs(tx: Tx, c: cmd.ElderSigns, actor: Viewer) -> None:
    """Seed, "Цель игры": Elder Signs won (or lost) by a card's effect."""
    _check_amount(c.amount, tx.state.config.ancient_one.elder_signs)  # never more than the seal needs
    gain_elder_signs(tx, c.amount)


def _check_amount(amount: int, most: int) -> None:
    """A card's change to a track: not nothing, and at most the track's whole length either way."""
    if amount == 0:
        raise RuleError("BAD_ARGUMENTS", M("Say by how much (a positive or negative number)."))
    if abs(amount) > most:
        raise RuleError("BAD_ARGUMENTS", M("\"{arg}\" must be {low} to {high}.", arg="amount", low=-most, high=most))


def choose(tx: Tx, c: cmd.Choose, actor: Viewer) -> None:
    """Seed, "Уничтожение": the player takes a new investigator not devoured in this game; full sanity and stamina."""
    s = tx.state
    seat = _named_seat(s, c.seat, actor, M("Each player chooses their own investigator."))
    if s.investigator(seat).card is not None:
        raise RuleError("NOT_DEVOURED", M("{seat}'s investigator is still in the game.", seat=seat))
    if s.awakened:
        raise RuleError("AWAKE", M("In the final battle a devoured investigator is not replaced."))
    if c.investigator not in s.free_investigators():
        raise RuleError("NOT_FREE", M("Choose an investigator nobody plays and not devoured: {known}.", known=", ".join(s.free_investigators())))
    tx.emit(ev.InvestigatorChosen(seat, c.investigator))


def starting_item(tx: Tx, c: cmd.StartingItem, actor: Viewer) -> None:
    """Setup (an investigator card: items "of your choice"): the player takes them one at a time."""
    s = tx.state
    seat = _named_seat(s, c.seat, actor, M("A seat changes only its own investigator's counters."))
    if s.investigator(seat).to_choose < 1:
        raise RuleError("NOTHING_TO_CHOOSE", M("{seat}'s investigator has no starting item left to choose.", seat=seat))
    if c.what not in CHOOSABLE:
        raise RuleError("BAD_ARGUMENTS", M("A starting item of your choice is a common item, a unique item or a spell."))
    tx.emit(ev.StartingItemTaken(seat, c.what))


#: Carolyn Fern and Vincent Lee: once per day, 1 sanity or 1 stamina back for an investigator
DAILY_HEAL = {"daily-sanity": "sanity", "daily-stamina": "stamina"}


def daily(tx: Tx, c: cmd.Daily, actor: Viewer) -> None:
    """Facts §1.3: a "once per day" ability comes back at midnight. Facts §1.8: Carolyn Fern's and
    Vincent Lee's heal the investigator the table names (the ability's own one when none is)."""
    s = tx.state
    user = c.seat or s.seat
    if user not in s.players:
        raise RuleError("UNKNOWN_SEAT", M("There is no seat \"{seat}\" at this table.", seat=user))
    inv = s.investigator(user)
    if inv.card is None or inv.daily_used:
        raise RuleError("USED", M("{seat}'s once-per-day ability is already used today.", seat=user))
    if s.power(user) == "daily-reroll":
        _daily_reroll(tx, user, c.dice)
        return
    what = DAILY_HEAL.get(s.power(user))
    if what is not None:
        target = c.target or s.seat
        if target not in s.players or s.investigator(target).card is None:
            raise RuleError("UNKNOWN_SEAT", M("There is no seat \"{seat}\" at this table.", seat=target))
        printed = s.config.investigators[s.investigator(target).card or ""]
        if getattr(s.investigator(target), what) >= getattr(printed, what):
            raise RuleError("ALREADY_FULL", M("{what} is already full.", what=names.stat(what)))
        tx.emit(ev.StatsChanged(target, {what: 1}))
    tx.emit(ev.DailyUsed(user))


def _daily_reroll(tx: Tx, user: str, dice: tuple[int, ...]) -> None:
    """Facts §1.8, Mandy Thompson: after any roll, before a task is completed with it, one or two of
    its dice are rolled again (the faces awaited as after a clue). Results told: the table rolls them
    again and tells what the roll did; the companion marks the ability used."""
    if tx.state.config.results_told:
        _attempt_step(tx.state, RESULT, told=True)
        if dice:
            raise RuleError("BAD_ARGUMENTS", M("The table rolls the dice again itself: name none."))
        tx.emit(ev.DailyUsed(user))
        return
    a = _attempt_step(tx.state, "rolled")
    positions = _positions(a, dice)
    if not 1 <= len(positions) <= 2:
        raise RuleError("BAD_ARGUMENTS", M("Name one or two dice to roll again."))
    tx.emit(ev.DailyUsed(user), ev.Rerolled(tuple(sorted(positions))))


#: the faces an investigator's ability turns a rolled die into, once per roll on the own turn (facts §1.8)
CHANGES: dict[str, Callable[[int, int], int | None]] = {
    "terror-to-lore": lambda colour, face: LORE if face == TERROR else None,
    "terror-to-peril": lambda colour, face: PERIL if face == TERROR else None,
    # Darrell Simmons: 1 to 2, 2 to 3; 3 to 4 only on a yellow or red die (a green one has no 4)
    "raise-investigation": lambda colour, face: face + 1 if I1 <= face <= I2 or (face == I3 and colour != GREEN) else None,
}


def change(tx: Tx, c: cmd.Change, actor: Viewer) -> None:
    """Harvey Walters, Michael McGlen, Darrell Simmons: once per roll, one die of the roll turned."""
    s = tx.state
    a = _attempt_step(s, "rolled")
    turn = CHANGES.get(s.power(a.seat))
    if turn is None:
        raise RuleError("NO_ABILITY", M("{seat}'s investigator has no ability that turns a die.", seat=a.seat))
    if a.changed:
        raise RuleError("USED", M("The ability has already turned a die of this roll."))
    (position,) = _positions(a, (c.die,))
    face = turn(*a.roll[position])
    if face is None:
        raise RuleError("CANNOT_CHANGE", M("The ability cannot turn {die}.", die=names.die(a.roll[position])))
    tx.emit(ev.DieChanged(position, face))


def awaken_command(tx: Tx, c: cmd.Awaken, actor: Viewer) -> None:
    """Seed, "Пробуждение": a game effect may awaken the Ancient One before the track is full."""
    if tx.state.awakened:
        raise RuleError("AWAKE", M("The Ancient One is already awake."))
    awaken(tx)


# -- checks ---------------------------------------------------------------------------------------
def _named_seat(s: ElderSignState, named: str | None, actor: Viewer, not_yours: Message) -> str:
    """The seat a command names (else the sender's, else the player on turn); a seat acts only for itself."""
    seat = named or (actor.seat if actor.is_seat else s.seat)
    if seat not in s.players:
        raise RuleError("UNKNOWN_SEAT", M("There is no seat \"{seat}\" at this table.", seat=seat))
    if actor.is_seat and actor.seat != seat:
        raise RuleError("NOT_YOURS", not_yours)
    return seat


def _before_the_next_roll(a: Attempt) -> None:
    """Facts §1.4-1.5: a spell or a task takes dice of the roll just made; once the next roll's faces are
    being said, those dice are rolled again (a die taken then would leave a face said for no die)."""
    if a.entered:
        raise RuleError("NOT_NOW", M("Not now: the next roll's faces are being said; say the rest of them first."))


def _attempt_step(s: ElderSignState, *steps: str, told: bool | None = False) -> Attempt:
    """The attempt, at one of `steps`; `told`: the command is for a table that tells results (True),
    says faces (False), or either (None) — setting table.dice_entry."""
    PHASES.require(s.phase, ATTEMPT)
    a = s.attempt
    assert a is not None
    if told is not None and told != s.config.results_told:
        raise RuleError("DICE_ENTRY", _ENTRY_REFUSALS[s.config.results_told])
    if a.step not in steps:
        told_key = f"{a.step}-told"
        raise RuleError("NOT_NOW", _STEP_REFUSALS[told_key if s.config.results_told and told_key in _STEP_REFUSALS else a.step])
    return a


_ENTRY_REFUSALS: dict[bool, Text] = {
    True: M("This table tells what each roll did, not its faces (setting table.dice_entry). Say a task done, a die lost or held, or Terror."),
    False: M("This table says the faces of its rolls (setting table.dice_entry). Say the faces, then complete a task with them."),
}


_STEP_REFUSALS: dict[str, Text] = {
    "roll": M("Not now: say the faces of the dice rolled first."),
    "rolled": M("Not now: complete a task with this roll, or spend a clue, hold a die or discard one."),
    "holding": M("Not now: after holding dice, cast more spells or discard a die."),
    "holding-told": M("Not now: after holding a die, cast more spells or lose a die."),
    "completed": M("Not now: a task was just completed; cast spells on dice, then roll the rest."),
    RESULT: M("Not now: say what the roll did first."),
}


def _marker_free(a: Attempt) -> None:
    if a.battle:
        raise RuleError("NO_FOCUS_IN_BATTLE", M("Against the Ancient One investigators cannot focus or help (items and spells still work)."))
    if a.marker_used:
        raise RuleError("MARKER_USED", M("One die per failed roll goes on a marker: focus or help, not both."))


def _positions(a: Attempt, dice: Sequence[int]) -> list[int]:
    """Dice numbered from 1 as the screen shows them -> positions in the roll."""
    positions = [n - 1 for n in dice]
    if len(set(positions)) != len(positions) or any(not 0 <= p < len(a.roll) for p in positions):
        raise RuleError("BAD_DIE", M("Name dice 1 to {n}, each once.", n=len(a.roll)))
    return positions


def _eligible(stages: tuple[tuple[int, ...], ...], done: tuple[int, ...]) -> list[int]:
    for stage in stages:
        left = [i for i in stage if i not in done]
        if left:
            return left
    return []


def _colour(text: str) -> int:
    key = text.strip().lower()
    for colour, name in enumerate(COLOUR_NAMES):
        if key in (name, name[0]):
            return colour
    raise RuleError("BAD_COLOUR", M("\"{colour}\" is not a die colour (green, yellow, red).", colour=text))


def _face(colour: int, text: str) -> int:
    value = parse_face(text)
    if not can_show(colour, value):
        raise RuleError("BAD_FACE", M("A {colour} die has no {face} face.", colour=names.colour(colour), face=names.face(value)))
    return value


_HANDLERS: dict[type[Command], Callable[[Tx, Any, Viewer], None]] = {
    cmd.Move: move,
    cmd.Attempt: attempt,
    cmd.Roll: roll,
    cmd.Face: face,
    cmd.Complete: complete,
    cmd.Clue: clue,
    cmd.Focus: focus,
    cmd.Assist: assist,
    cmd.Spell: spell,
    cmd.Discard: discard,
    cmd.GiveUp: give_up,
    cmd.TaskDone: task_done,
    cmd.LoseDie: lose_die,
    cmd.Hold: hold,
    cmd.Terror: terror,
    cmd.Reroll: reroll,
    cmd.Entrance: entrance,
    cmd.Pass: pass_turn,
    cmd.Clock: clock,
    cmd.Mythos: mythos,
    cmd.NewMythos: new_mythos,
    cmd.MidnightPay: midnight_pay,
    cmd.AtMidnight: at_midnight,
    cmd.AttackDone: attack_done,
    cmd.Attacked: attacked,
    cmd.PlaceMonster: place_monster,
    cmd.NewMonster: new_monster,
    cmd.Lay: lay,
    cmd.Adjust: adjust,
    cmd.Doom: doom,
    cmd.ElderSigns: elder_signs,
    cmd.Choose: choose,
    cmd.StartingItem: starting_item,
    cmd.Swap: swap,
    cmd.Daily: daily,
    cmd.Change: change,
    cmd.Awaken: awaken_command,
}
