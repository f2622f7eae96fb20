"""Elder Sign through buttons and cards: the menu of what can be done now, the cards a tag can be, and
what a scanned card means.

The menu lists every move the rules allow in the current phase; values a move needs (a die, a face,
a card) are asked one by one. A roll is entered one die at a time ("face"); a screen offers the
"roll" dialog (a pad of faces) instead. The options never compute odds (that is the analyses' job,
on request): the advice's plans carry their own commands for a screen to offer.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from importlib import resources
from typing import Any

from companion.contract import Viewer
from companion.game import GameCard
from companion.games.eldersign import names
from companion.games.eldersign.config import CHOOSABLE, ENTRANCE, AncientOne, Card, InvestigatorCard
from companion.games.eldersign.odds.advice import concrete_fillings
from companion.games.eldersign.odds.dice import COLOUR_FACES, GREEN, TERROR
from companion.games.eldersign.phases import ATTEMPT, BATTLE, CHOOSE, CLOCK, MIDNIGHT, MOVE, RESOLVE
from companion.games.eldersign.rules import CHANGES, DAILY_HEAL, _eligible
from companion.games.eldersign.state import ElderSignState, default_config
from companion.inputs import DEFAULT_BINDINGS, Ask, Bindings, Choice, Option
from companion.messages import M, P, Text, joined

BINDINGS = Bindings.from_toml(resources.files(__package__).joinpath("data/bindings.toml").read_text(encoding="utf-8"),
                              base=DEFAULT_BINDINGS)
ITEMS = ("common", "unique", "spells", "allies", "clues")
YES_NO = (Choice(False, M("no")), Choice(True, M("yes")))


def options(s: ElderSignState, actor: Viewer) -> list[Option]:
    """What `actor` can do now: the table acts for the active player, a seat in its own turn."""
    if s.status != "playing" or (actor.is_seat and actor.seat != s.active_seat):
        return []
    # what the prompt asks first (a monster to place, a card to lay), then the phase's moves
    return _pending(s) + _PHASES[s.phase](s)


def _move(s: ElderSignState) -> list[Option]:
    found = _daily_options(s) + [Option(M("Go to {adventure}", adventure=s.config.adventures[a].title), {"cmd": "move", "to": a}) for a in s.adventures]
    found.append(Option(M("Go to the entrance"), {"cmd": "move", "to": ENTRANCE}))
    return found


def _resolve(s: ElderSignState) -> list[Option]:
    inv = s.investigator()
    found: list[Option] = []
    if inv.where == ENTRANCE:
        found += [Option(M("First aid: +{n} {what}", n=s.config.first_aid, what=names.stat(what)),
                         {"cmd": "entrance", "action": "first_aid", "what": what}) for what in ("sanity", "stamina")]
        found += [Option(M("Buy {what} for {price} trophies", what=names.stat(what), price=price), {"cmd": "entrance", "action": "buy", "what": what})
                  for what, price in s.config.entrance.items() if 0 < price <= inv.trophies]
    elif inv.where in s.adventures:
        found.append(_attempt_option(M("Attempt {adventure}", adventure=s.config.adventures[inv.where or ""].title)))
    found.append(Option(M("Pass"), {"cmd": "pass"}))
    return found


def _attempt_option(label: Text) -> Option:
    return Option(label, {"cmd": "attempt"}, (Ask("yellow", M("Yellow die"), YES_NO), Ask("red", M("Red die"), YES_NO)), dialog="attempt")


def _attempt(s: ElderSignState) -> list[Option]:
    a = s.attempt
    assert a is not None
    found: list[Option] = []
    if a.step in ("roll", "completed"):
        found += _roll_options(s)
    if a.step == "rolled" or (a.step == "completed" and s.power(a.seat) == "many-tasks" and not a.battle and not a.entered):
        found += _completions(s)
    if a.step == "rolled":
        found += _change_options(s)
        found += _reroll_options(s)
        found += _clue_options(s)
    if a.step in ("rolled", "holding"):
        found += _die_options(s, "focus", M("Focus on a die")) if not a.marker_used and not a.battle and not any(h[0] == "own" for h in a.held) else []
        found += _assist_options(s)
    if a.step in ("rolled", "holding", "completed") and s.investigator(a.seat).spells and not a.entered:  # not once the next roll is said
        found += _die_options(s, "spell", M("Hold a die with a spell"))
    if a.step in ("rolled", "holding"):
        found += _die_options(s, "discard", M("Discard a die"))
    found.append(Option(M("Give up the attempt") if not a.battle else M("End the attack"), {"cmd": "give_up"}))
    return found


def _roll_options(s: ElderSignState) -> list[Option]:
    a = s.attempt
    assert a is not None
    if not sum(a.pool):
        return []
    found = [Option(M("Enter the faces"), {"cmd": "roll"}, dialog="roll")]
    due = a.due_colours()
    entered = [sum(1 for die in a.entered if die[0] == colour) for colour in range(3)]
    for colour in range(3):
        if entered[colour] < due[colour]:
            faces = tuple(Choice(names.FACE_KEYS[f], names.face(f)) for f in COLOUR_FACES[colour])
            found.append(Option(M("A {colour} die shows…", colour=names.colour(colour)), {"cmd": "face", "colour": names.COLOUR_KEYS[colour]},
                                (Ask("face", M("Face"), faces),)))
    found.append(Option(M("Roll virtual dice"), {"cmd": "roll", "virtual": True}))
    return found


def _completions(s: ElderSignState) -> list[Option]:
    """One option per way the dice lying (and held) fill an eligible task — no odds, just the matching."""
    a = s.attempt
    assert a is not None
    card = s.card(a.target)
    found: list[Option] = []
    for index in _eligible(card.stages, a.done):
        for positions, held in concrete_fillings(card.tasks[index], a.roll, a.held):
            rolled = [p + 1 for p in positions]
            words = [M("die {n}", n=n) for n in rolled] + [names.slot(slot) for slot in held]
            found.append(Option(M("Complete task {n} with {dice}", n=index + 1, dice=joined(words, ", ")),
                                {"cmd": "complete", "task": index + 1, "dice": rolled, "held": list(held)}))
    return found


def _change_options(s: ElderSignState) -> list[Option]:
    """Harvey Walters, Michael McGlen, Darrell Simmons: the dice their ability can turn, once per roll."""
    a = s.attempt
    assert a is not None
    turn = CHANGES.get(s.power(a.seat))
    if turn is None or a.changed:
        return []
    dice = tuple(Choice(n, M("die {n} ({die})", n=n, die=names.die(die))) for n, die in enumerate(a.roll, 1) if turn(*die) is not None)
    return [Option(M("Use the ability on a die"), {"cmd": "change"}, (Ask("die", M("Die"), dice),))] if dice else []


def _reroll_options(s: ElderSignState) -> list[Option]:
    """Mandy Thompson's once-per-day reroll of one or two dice, after anyone's roll."""
    a = s.attempt
    assert a is not None
    found: list[Option] = []
    for seat, inv in zip(s.players, s.investigators, strict=True):
        if inv.card and not inv.daily_used and s.power(seat) == "daily-reroll":
            numbers = range(1, len(a.roll) + 1)
            pairs = [(n,) for n in numbers] + [(n, m) for n in numbers for m in numbers if n < m]
            choices = tuple(Choice(list(pair), M("dice {dice}", dice=", ".join(map(str, pair)))) for pair in pairs)
            found.append(Option(M("{seat}: roll one or two dice again (once per day)", seat=seat), {"cmd": "daily", "seat": seat},
                                (Ask("dice", M("Roll again"), choices),)))
    return found


def _daily_options(s: ElderSignState) -> list[Option]:
    """A once-per-day ability not used today: Carolyn Fern's and Vincent Lee's ask whom it heals."""
    inv = s.investigator()
    if inv.card is None or inv.daily_used or s.power() not in DAILY_HEAL:
        return []
    whom = tuple(Choice(seat, seat) for seat, other in zip(s.players, s.investigators, strict=True) if other.card)
    return [Option(M("Use the daily ability"), {"cmd": "daily"}, (Ask("target", M("Whom"), whom),))]


def _choosable(s: ElderSignState) -> list[int]:
    """The dice (numbered from 1) a failed-roll command may name: not those a terror effect is about to take."""
    a = s.attempt
    assert a is not None
    doomed = a.step == "rolled" and not a.terror_applied and s.card(a.target).terror == "discard"
    return [i + 1 for i, die in enumerate(a.roll) if not (doomed and die == (GREEN, TERROR))]


def _clue_options(s: ElderSignState) -> list[Option]:
    a = s.attempt
    assert a is not None
    dice = _choosable(s)
    if not (s.investigator(a.seat).clues or a.free_rerolls) or not dice:
        return []
    subsets = [tuple(dice)] + [(i,) for i in dice] + [tuple(j for j in dice if j != i) for i in dice]
    choices = tuple(Choice(list(subset), M("dice {dice}", dice=", ".join(map(str, subset)))) for subset in dict.fromkeys(subsets) if subset)
    return [Option(M("Spend a clue to reroll"), {"cmd": "clue"}, (Ask("dice", M("Roll again"), choices),), dialog="clue")]


def _die_choices(s: ElderSignState, spared: bool = True) -> tuple[Choice, ...]:
    a = s.attempt
    assert a is not None
    numbers = _choosable(s) if spared else [i + 1 for i in range(len(a.roll))]
    return tuple(Choice(n, M("die {n} ({die})", n=n, die=names.die(a.roll[n - 1]))) for n in numbers)


def _die_options(s: ElderSignState, command: str, label: Text) -> list[Option]:
    a = s.attempt
    assert a is not None
    dice = _die_choices(s, spared=a.step != "completed")
    return [Option(label, {"cmd": command}, (Ask("die", M("Die"), dice),))] if dice else []


def _assist_options(s: ElderSignState) -> list[Option]:
    a = s.attempt
    assert a is not None
    if a.marker_used or a.battle or not a.roll:
        return []
    helpers = [seat for seat in s.seats_at(a.target) if seat != a.seat and not a.holds(f"assist:{seat}")]
    dice = _die_choices(s)
    return [Option(M("{seat} holds a die", seat=seat), {"cmd": "assist", "helper": seat}, (Ask("die", M("Die"), dice),))
            for seat in helpers] if dice else []


def _clock(s: ElderSignState) -> list[Option]:
    return [Option(M("End the turn: move the clock"), {"cmd": "clock"})]


def _midnight(s: ElderSignState) -> list[Option]:
    if s.awakened:
        return _attack_options(s) + [Option(M("The attack is resolved"), {"cmd": "attack_done"})]
    known = [Option(M("Mythos: {card}", card=card.title), {"cmd": "mythos", "card": card.id}) for card in s.config.mythos.values()]
    return [*known, new_mythos_option({})]


def _numbers(low: int, high: int) -> tuple[Choice, ...]:
    return tuple(Choice(n, f"{n:+d}" if low < 0 and n else str(n), likely=n == 0) for n in range(low, high + 1))


#: whom a Mythos card's sanity and stamina strike
WHOM = (Choice("all", M("every investigator")), Choice("entrance", M("those at the entrance")), Choice("active", M("the investigator on turn")))


def new_mythos_option(command: dict[str, Any]) -> Option:
    """A Mythos card the companion does not know yet: its effects in short, one question each (the
    screen's form asks its name, clock and text too); the table's file keeps it."""
    strikes = lambda picked: bool(picked.get("sanity") or picked.get("stamina"))  # noqa: E731
    asks = (Ask("doom", M("Doom tokens it adds"), _numbers(-2, 4)), Ask("monsters", M("Monsters that appear"), _numbers(0, 3)),
            Ask("elder_signs", M("Elder Signs"), _numbers(-2, 2)), Ask("sanity", M("Sanity"), _numbers(-3, 2)),
            Ask("stamina", M("Stamina"), _numbers(-3, 2)), Ask("whom", M("Whom it strikes"), WHOM, when=strikes),
            Ask("green", M("Green dice it locks until the next midnight"), _numbers(0, 3)))
    return Option(M("Mythos: a card not known yet"), {"cmd": "new_mythos", **command}, asks, dialog="new_mythos")


#: the tasks a monster marker adds most often (the screen's form takes any, in the odds notation)
MONSTER_TASKS = ("PERIL", "LORE", "TERROR", "INV:3", "PERIL,PERIL", "PERIL,LORE", "TERROR,PERIL", "INV:4,PERIL", "INV:6")


def new_monster_option(s: ElderSignState, command: dict[str, Any]) -> Option:
    """A monster marker the companion does not know yet: where it goes and the task it adds."""
    where = tuple(Choice(a, s.config.adventures[a].title) for a in monster_places(s))
    tasks = tuple(Choice(task, task) for task in MONSTER_TASKS)
    return Option(M("A monster marker not known yet"), {"cmd": "new_monster", **command},
                  (Ask("adventure", M("Adventure"), where), Ask("task", M("Its task"), tasks)), dialog="new_monster")


def _place_known_monster(s: ElderSignState, monster: str) -> Option:
    where = tuple(Choice(a, s.config.adventures[a].title) for a in monster_places(s))
    return Option(M("Put {monster} on an adventure", monster=s.config.monsters[monster].title), {"cmd": "place_monster", "monster": monster},
                  (Ask("adventure", M("Adventure"), where),))


def _attack_options(s: ElderSignState) -> list[Option]:
    """The Ancient One's attack, one question per investigator: a clue (where the card allows) or its loss."""
    ao = s.config.ancient_one
    if ao.attack_effects.empty:
        return []
    found: list[Option] = []
    for seat, inv in zip(s.players, s.investigators, strict=True):
        if inv.card is None or seat in s.attacked:
            continue
        if ao.attack_clue and inv.clues:
            found.append(Option(M("{seat}: discard a clue", seat=seat), {"cmd": "attacked", "seat": seat, "pay": "clue"}))
        found.append(Option(M("{seat}: {changes}", seat=seat, changes=names.changes(ao.attack_effects.possessions)),
                            {"cmd": "attacked", "seat": seat, "pay": "loss"}))
    return found


def _choose(s: ElderSignState) -> list[Option]:
    return [Option(M("Take {name}", name=s.config.investigators[card].title), {"cmd": "choose", "investigator": card})
            for card in s.free_investigators()]


def _battle(s: ElderSignState) -> list[Option]:
    return [_attempt_option(M("Attack {name}", name=s.config.ancient_one.title)), Option(M("Pass"), {"cmd": "pass"})]


def monster_places(s: ElderSignState) -> list[str]:
    """The adventures in play in the order a monster should go (facts §1.6, FAQ): an empty monster
    task row first; else under the bottom task, spread evenly (the fewest monsters first)."""
    def order(adventure: str) -> tuple[bool, int]:
        here = len(s.monsters.get(adventure, ()))
        return (s.config.adventures[adventure].monster_slots <= here, here)

    return sorted(s.adventures, key=order)


def _pending(s: ElderSignState) -> list[Option]:
    """What may be waiting whatever the phase: monsters to place, adventures to lay."""
    found: list[Option] = []
    for seat, inv in zip(s.players, s.investigators, strict=True):
        if inv.to_choose:  # the card's "items of your choice": one question per item
            items = tuple(Choice(what, names.stat(what)) for what in CHOOSABLE)
            found.append(Option(M("{seat}: take a starting item", seat=seat), {"cmd": "starting_item", "seat": seat},
                                (Ask("what", M("Starting item"), items),)))
        if inv.swaps:  # "Ashcan" Pete: one question per item gained
            instead = (Choice("keep", M("keep it"), likely=True), *(Choice(what, names.stat(what)) for what in ("clues", "common", "spells")
                                                                    if what != inv.swaps[0]))
            found.append(Option(M("{seat}: keep the {item} gained, or take another", seat=seat, item=names.stat(inv.swaps[0])),
                                {"cmd": "swap", "seat": seat}, (Ask("what", M("Instead"), instead),)))
    for seat, adventure in s.midnight_owed:  # The Curator at midnight: trophies or the loss, one question each
        card = s.card(adventure)
        losses = names.changes(replace(card.at_midnight_effects, elder_signs=0, doom=0, monsters=0).possessions)
        found.append(Option(P("{seat}: pay {n} trophy for {adventure}", "{seat}: pay {n} trophies for {adventure}", seat=seat, n=card.at_midnight_pay,
                              adventure=card.title),
                            {"cmd": "midnight_pay", "seat": seat, "adventure": adventure, "pay": "trophies"}))
        found.append(Option(M("{seat}: {changes} for {adventure}", seat=seat, changes=losses, adventure=card.title),
                            {"cmd": "midnight_pay", "seat": seat, "adventure": adventure, "pay": "loss"}))
    if s.monsters_due:
        found += [Option(M("Put the monster on {adventure}", adventure=s.config.adventures[a].title), {"cmd": "place_monster", "adventure": a})
                  for a in monster_places(s)]
        found += [_place_known_monster(s, monster) for monster in s.config.monsters]
        found.append(new_monster_option(s, {}))
    if s.to_lay:
        cards = tuple(Choice(card.id, card.title) for card in s.config.adventures.values()
                      if card.id not in s.adventures and card.id not in s.completed and not card.other_world)
        if cards:
            found.append(Option(M("Lay a new adventure"), {"cmd": "lay"}, (Ask("adventure", M("Card"), cards),)))
    return found


_PHASES: dict[str, Callable[[ElderSignState], list[Option]]] = {
    MOVE: _move, RESOLVE: _resolve, ATTEMPT: _attempt, CLOCK: _clock, MIDNIGHT: _midnight, CHOOSE: _choose, BATTLE: _battle}


# -- cards ---------------------------------------------------------------------------------------------
def cards(s: ElderSignState | None = None) -> tuple[GameCard, ...]:
    """What a tag can be enrolled as: adventures, Mythos cards, investigators, Ancient Ones, and items
    by kind — of the game `s` as it was set up (a table's own cards), else of the data shipped (the
    published base game, data/cards.toml), each with its printed names and numbers."""
    config = s.config if s is not None else default_config()
    found = [GameCard(a.id, a.title, "adventure", a.title.by_language, _adventure_details(a)) for a in config.adventures.values()]
    found += [GameCard(m.id, m.title, "mythos", m.title.by_language, {"doom": m.doom, "monsters": m.monsters}) for m in config.mythos.values()]
    found += [GameCard(m.id, m.title, "monster", m.title.by_language, {"task": m.task}) for m in config.monsters.values()]
    found += [GameCard(i.id, i.title, "investigator", i.title.by_language, _investigator_details(i)) for i in config.investigators.values()]
    found += [GameCard(a.id, a.title, "ancient_one", a.title.by_language, _ancient_details(a)) for a in config.ancient_ones.values()]
    found += [GameCard(f"item:{kind}", names.stat(kind), "item") for kind in ITEMS]
    return tuple(found)


def _adventure_details(card: Card) -> dict[str, Any]:
    found: dict[str, Any] = {"tasks": card.notation, "other_world": card.other_world}
    if card.trophies:
        found.update(trophies=card.trophies, terror=card.terror)
    if card.monster_slots:
        found["monster_slots"] = card.monster_slots
    if any(card.locked):
        found["locked"] = names.pool_json(card.locked)
    return found


def _investigator_details(card: InvestigatorCard) -> dict[str, Any]:
    return {"sanity": card.sanity, "stamina": card.stamina, "start": dict(card.start), **({"start_choice": card.start_choice} if card.start_choice else {})}


def _ancient_details(card: AncientOne) -> dict[str, Any]:
    return {"elder_signs": card.elder_signs, "doom": card.doom, "battle_task": card.battle.notation if card.battle else None,
            "checked": card.checked}


def scan(s: ElderSignState, card: str, actor: Viewer) -> dict[str, Any] | Option | None:
    """What a scanned card means now: a Mythos card at midnight is drawn; an adventure in play is where
    the active investigator moves (in the movement phase), one not in play is laid out; an investigator
    is taken by a devoured investigator's player; an item is gained by the active investigator; a
    monster marker waiting is placed. A card the data lacks (a tag enrolled to a card of a table's file
    not chosen for this game) is entered once: at midnight as a Mythos card, else as a monster marker."""
    if s.status != "playing":
        return None
    if card in s.config.mythos:
        return {"cmd": "mythos", "card": card} if s.phase == MIDNIGHT and not s.awakened else None
    if card in s.config.monsters:
        return _place_known_monster(s, card) if s.monsters_due else None
    if card in s.config.adventures:
        if card in s.adventures:
            return {"cmd": "move", "to": card} if s.phase == MOVE else None
        return {"cmd": "lay", "adventure": card}  # a completed card is refused with its reason
    if card in s.config.investigators:
        return {"cmd": "choose", "investigator": card} if s.phase == CHOOSE else None
    if card.startswith("item:"):
        return {"cmd": "adjust", "what": card.removeprefix("item:"), "amount": 1} if card.removeprefix("item:") in ITEMS and s.investigator().card else None
    if card in s.config.ancient_ones:
        return None
    named = {"card": card, "name": card.replace("-", " ").replace("_", " ").strip().capitalize()[:60]}
    if s.phase == MIDNIGHT and not s.awakened:
        return new_mythos_option(named)
    if s.monsters_due:
        return new_monster_option(s, named)
    return None


__all__ = ["ATTEMPT", "BATTLE", "BINDINGS", "CLOCK", "RESOLVE", "cards", "options", "scan"]
