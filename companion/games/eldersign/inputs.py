"""Elder Sign through buttons and cards: the menu of what can be done now, the cards a tag can be, and
what a scanned card means.

The menu lists every move the rules allow in the current phase, then what a card may say at any time
(gain or lose a counter, doom, Elder Signs, the awakening); values a move needs (a die, a face, a
card) are asked one by one. A roll is said by counting the dice that show each face (entry.py); a
screen offers the "roll" dialog (a pad of faces) instead. The buttons start on the likely move: the
attempt, the dice to roll, the end of the turn, and after a roll the advice's best plan ("what
now?", worked out with the odds once per roll), so that following the advice is one YES.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from importlib import resources
from typing import Any

from companion.contract import Viewer
from companion.game import GameCard
from companion.games.eldersign import analysis, names, told
from companion.games.eldersign.config import CHOOSABLE, ENTRANCE, STATS, AncientOne, Card, InvestigatorCard
from companion.games.eldersign.entry import faces_option
from companion.games.eldersign.odds.advice import concrete_fillings
from companion.games.eldersign.odds.dice import GREEN, TERROR
from companion.games.eldersign.phases import ATTEMPT, BATTLE, CHOOSE, CLOCK, MIDNIGHT, MOVE, RESOLVE
from companion.games.eldersign.rules import CHANGES, DAILY_HEAL, _eligible
from companion.games.eldersign.state import ElderSignState, Investigator, default_config
from companion.inputs import DEFAULT_BINDINGS, Ask, Bindings, Choice, Option
from companion.messages import M, P, Text, joined

BINDINGS = Bindings.from_toml(resources.files(__package__).joinpath("data/bindings.toml").read_text(encoding="utf-8"),
                              base=DEFAULT_BINDINGS)
ITEMS = ("common", "unique", "spells", "allies", "clues")
YES_NO = (Choice(False, M("no")), Choice(True, M("yes")))
GESTURE_HINTS = (
    M("After a roll, say what it did: the buttons start on its likeliest result, a task done or a die lost."),
    M("With faces counted (setting table.dice_entry), say a roll's faces by counting: the companion names a face and how "
      "many dice are left; NEXT one more, BACK one less, YES on to the next face."),
    M("After the faces are said, the buttons start on the advice's best plan: YES follows it."),
    M("Scan an adventure card to go there, and again to attempt it; the Entrance card takes you to the entrance."),
    M("A card that takes or gives sanity, stamina, items, doom or Elder Signs: the last items of every menu, BACK first."),
)


def options(s: ElderSignState, actor: Viewer) -> list[Option]:
    """What `actor` can do now: the table acts for the active player, a seat in its own turn (and on
    its own investigator's counters at any time)."""
    if s.status != "playing":
        return []
    if actor.is_seat and actor.seat != s.active_seat:
        return _adjust_options(s, actor)
    # what the prompt asks first (a monster to place, a card to lay), the phase's moves, then what a card may say
    return _pending(s) + _PHASES[s.phase](s) + _card_says(s) + _adjust_options(s, actor)


def _card_says(s: ElderSignState) -> list[Option]:
    """Cards add and take doom tokens and Elder Signs, and may awaken the Ancient One, at any time (the
    end of the menu: BACK reaches them first)."""
    found = [] if s.awakened else [Option(M("The Ancient One awakens (a card says so)"), {"cmd": "awaken"})]
    found.append(Option(M("Elder Signs: gain or lose"), {"cmd": "elder_signs"}, (Ask("amount", M("Elder Signs"), _amounts(likely=1)),)))
    found.append(Option(M("Doom tokens: add or remove"), {"cmd": "doom"}, (Ask("amount", M("doom"), _amounts(likely=1)),)))
    return found


def _amounts(likely: int) -> tuple[Choice, ...]:
    """-3 to +3 but 0, the buttons starting on `likely`."""
    return tuple(Choice(n, f"{n:+d}", likely=n == likely) for n in (-3, -2, -1, 1, 2, 3))


def _adjust_options(s: ElderSignState, actor: Viewer) -> list[Option]:
    """An investigator gains or loses sanity, stamina, clues, items or trophies (a card's effect): what,
    whose (the investigator on turn first; a seat changes only its own), by how much (-1 first)."""
    if actor.seat is not None:
        whose: tuple[Choice, ...] = (Choice(actor.seat, actor.seat),) if actor.seat in s.players and s.investigator(actor.seat).card else ()
    else:
        whose = tuple(Choice(None if seat == s.seat else seat, seat) for seat, inv in _turn_order(s) if inv.card)
    if not whose:
        return []
    stats = tuple(Choice(what, names.stat(what)) for what in STATS)
    asks = (Ask("what", M("What changes"), stats), *((Ask("seat", M("Whose"), whose),) if len(whose) > 1 else ()),
            Ask("amount", M("By"), _amounts(likely=-1)))
    command = {"cmd": "adjust", **({"seat": whose[0].value} if len(whose) == 1 and whose[0].value is not None else {})}
    return [Option(M("Gain or lose sanity, stamina, items"), command, asks)]


def _turn_order(s: ElderSignState) -> list[tuple[str, Investigator]]:
    """The seats and their investigators, the one on turn first, then the others in turn order."""
    seats = list(zip(s.players, s.investigators, strict=True))
    return seats[s.active:] + seats[:s.active]


def _move(s: ElderSignState) -> list[Option]:
    """The daily abilities of the start of a turn; the entrance, then the adventures (their cards scanned move there too)."""
    found = [*_daily_options(s), Option(M("Go to the entrance"), {"cmd": "move", "to": ENTRANCE})]
    return found + [Option(M("Go to {adventure}", adventure=s.config.adventures[a].title), {"cmd": "move", "to": a}) for a in s.adventures]


def _resolve(s: ElderSignState) -> list[Option]:
    inv = s.investigator()
    found: list[Option] = []
    if inv.where == ENTRANCE:  # first aid where it heals (the lower of the two first), else passing is likely
        printed = s.config.investigators[inv.card or ""]
        hurt = sorted((what for what in ("sanity", "stamina") if getattr(inv, what) < getattr(printed, what) and s.config.first_aid),
                      key=lambda what: getattr(inv, what) - getattr(printed, what))
        found += [Option(M("First aid: +{n} {what}", n=s.config.first_aid, what=names.stat(what)),
                         {"cmd": "entrance", "action": "first_aid", "what": what}, likely=True) for what in hurt]
        found += [Option(M("Buy {what} for {price} trophies", what=names.stat(what), price=price), {"cmd": "entrance", "action": "buy", "what": what})
                  for what, price in s.config.entrance.items() if 0 < price <= inv.trophies]
    elif inv.where in s.adventures:
        found += _attempt_options(s.config.adventures[inv.where or ""].title)
    found.append(Option(M("Pass"), {"cmd": "pass"}, likely=True))
    return found


def _attempt_options(name: Text, battle: bool = False) -> list[Option]:
    """The attempt with the green dice (the likely move), and with the yellow or red die an item or ability adds."""
    plain = M("Attack {name}", name=name) if battle else M("Attempt {adventure}", adventure=name)
    more = M("Attack {name} with the yellow or red die", name=name) if battle else M("Attempt {adventure} with the yellow or red die", adventure=name)
    return [Option(plain, {"cmd": "attempt"}, likely=True),
            Option(more, {"cmd": "attempt"}, (Ask("yellow", M("Yellow die"), YES_NO), Ask("red", M("Red die"), YES_NO)), dialog="attempt")]


def _attempt(s: ElderSignState) -> list[Option]:
    a = s.attempt
    assert a is not None
    if s.config.results_told:
        return told.options(s)
    found: list[Option] = _advised(s)
    if a.step in ("roll", "completed"):
        found += _roll_options(s)
    if a.step == "rolled" or (a.step == "completed" and s.power(a.seat) == "many-tasks" and not a.battle and not a.entered):
        found += [option for option in _completions(s) if not found or option.command != found[0].command]  # the best said once
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
    """The faces of the dice due, counted by face kind (entry.py); or the companion's own dice — the
    likely one when the table plays with them (setting table.companion_dice)."""
    a = s.attempt
    assert a is not None
    if not sum(a.pool):
        return []
    own = s.config.companion_dice
    say = faces_option(a.due_colours(), M("Enter the faces"), likely=not own)
    roll = Option(M("Roll virtual dice"), {"cmd": "roll", "virtual": True}, likely=own)
    return [roll, say] if own else [say, roll]


def _advised(s: ElderSignState) -> list[Option]:
    """After a roll, the advice's best plan as one YES: its first step, with the plan's chance."""
    best = analysis.best_step(s)
    if best is None or best[1].get("virtual"):  # "roll the rest": the roll options say it
        return []
    chance, command = best
    command = {key: value for key, value in command.items() if value or key != "held"}  # as typed: no held dice, no "held"
    return [Option(M("Best, {p}%: {move}", p=chance, move=_step_words(s, command)), command, likely=True)]


def _step_words(s: ElderSignState, command: dict[str, Any]) -> Text:
    """A plan's first step as the menu words it ("Focus on die 2")."""
    kind = command["cmd"]
    if kind == "complete":
        used = [_die(n) for n in command["dice"]] + [names.slot(slot) for slot in command.get("held", ())]
        return M("Complete task {n} with {dice}", n=command["task"], dice=joined(used, ", "))
    if kind == "clue":
        return M("Spend a clue: roll {dice} again", dice=M("dice {dice}", dice=", ".join(map(str, command["dice"]))))
    if kind == "focus":
        return M("Focus on {die}", die=_die(command["die"]))
    if kind == "assist":
        return M("{helper} holds {die}", helper=command["helper"], die=_die(command["die"]))
    if kind == "spell":
        return M("hold {dice} on spells", dice=_die(command["die"]))
    if kind == "discard":
        return M("discard {die}", die=_die(command["die"]))
    return M("End the attack") if s.attempt is not None and s.attempt.battle else M("Give up the attempt")


def _die(n: int) -> Text:
    return M("die {n}", n=n)


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
                                {"cmd": "complete", "task": index + 1, "dice": rolled, **({"held": list(held)} if held else {})}))
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
            pairs = [(n, m) for n in numbers for m in numbers if n < m] + [(n,) for n in numbers]  # two dice first: the usual
            choices = tuple(Choice(list(pair), M("dice {dice}", dice=", ".join(map(str, pair)))) for pair in pairs)
            found.append(Option(M("{seat}: roll one or two dice again (once per day)", seat=seat), {"cmd": "daily", "seat": seat},
                                (Ask("dice", M("Roll again"), choices),)))
    return found


def _daily_options(s: ElderSignState) -> list[Option]:
    """A once-per-day ability not used today, at the start of a turn: Carolyn Fern's and Vincent Lee's
    (whoever holds them) ask whom it heals, among those it can heal, the investigator on turn first."""
    found = []
    for seat, inv in _turn_order(s):
        if inv.card is None or inv.daily_used or s.power(seat) not in DAILY_HEAL:
            continue
        heals = DAILY_HEAL[s.power(seat)]
        whom = tuple(Choice(other_seat, other_seat) for other_seat, other in _turn_order(s)
                     if other.card and getattr(other, heals) < getattr(s.config.investigators[other.card], heals))
        if whom:
            label = M("Use the daily ability") if seat == s.seat else M("{seat}: use the daily ability", seat=seat)
            found.append(Option(label, {"cmd": "daily", **({} if seat == s.seat else {"seat": seat})}, (Ask("target", M("Whom"), whom),)))
    return found


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
    return [Option(M("End the turn: move the clock"), {"cmd": "clock"}, likely=True)]


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


def _places(s: ElderSignState) -> tuple[Choice, ...]:
    """Where a monster may go, the likeliest first; the adventure card scanned answers."""
    return tuple(Choice(a, s.config.adventures[a].title, card=a) for a in monster_places(s))


def new_monster_option(s: ElderSignState, command: dict[str, Any]) -> Option:
    """A monster marker the companion does not know yet: where it goes and the task it adds."""
    where = _places(s)
    tasks = tuple(Choice(task, task) for task in MONSTER_TASKS)
    return Option(M("A monster marker not known yet"), {"cmd": "new_monster", **command},
                  (Ask("adventure", M("Adventure"), where), Ask("task", M("Its task"), tasks)), dialog="new_monster")


def _place_known_monster(s: ElderSignState, monster: str) -> Option:
    where = _places(s)
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
    return [*_attempt_options(s.config.ancient_one.title, battle=True), Option(M("Pass"), {"cmd": "pass"})]


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
    for adventure in s.midnight_texts:  # an "at midnight" text with no numbers: what it did, one question
        found.append(_midnight_text_option(s, adventure))
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


#: what an "at midnight" text may do, as one answer: to each investigator on the card, or to the doom track
MIDNIGHT_TEXT = {"sanity": {"sanity": -1}, "stamina": {"stamina": -1}, "both": {"sanity": -1, "stamina": -1}, "doom": {"doom": 1}, "nothing": {}}


def _midnight_text_option(s: ElderSignState, adventure: str) -> Option:
    card = s.config.adventures[adventure]
    said = {key: names.changes(changes) if "doom" not in changes else M("{what} {delta}", what=M("doom"), delta="+1")
            for key, changes in MIDNIGHT_TEXT.items() if changes}
    choices = (*(Choice(key, text, likely=key == "sanity") for key, text in said.items()), Choice("nothing", M("nothing")))
    return Option(M("{adventure} at midnight", adventure=card.title), {"cmd": "at_midnight", "adventure": adventure},
                  (Ask("does", card.at_midnight, choices),), compose=_midnight_text_said)


def _midnight_text_said(sent: Mapping[str, Any]) -> dict[str, Any]:
    return {"cmd": "at_midnight", "adventure": sent["adventure"], **MIDNIGHT_TEXT.get(str(sent.get("does")), {})}


_PHASES: dict[str, Callable[[ElderSignState], list[Option]]] = {
    MOVE: _move, RESOLVE: _resolve, ATTEMPT: _attempt, CLOCK: _clock, MIDNIGHT: _midnight, CHOOSE: _choose, BATTLE: _battle}


def name_command(request: dict[str, Any]) -> Text | None:
    """What a command bound to a gesture (data/bindings.toml) is called: its menu item's words."""
    kind = str(request.get("cmd"))
    if kind == "roll":
        return M("Roll virtual dice") if request.get("virtual") else None
    return {"pass": M("Pass"), "clock": M("End the turn: move the clock"), "give_up": M("Give up the attempt")}.get(kind)


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
    found.append(GameCard(ENTRANCE, M("The Entrance"), "entrance", {"en": "Entrance"}))
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
    the active investigator moves (in the movement phase) or, where it stands, the attempt at it (in
    the resolution), one not in play is laid out; the Entrance card is where the investigator moves; an investigator
    is taken by a devoured investigator's player; an item is gained by the active investigator; a
    monster marker waiting is placed. A card the data lacks (a tag enrolled to a card of a table's file
    not chosen for this game) is entered once: at midnight as a Mythos card, else as a monster marker."""
    if s.status != "playing":
        return None
    if card in s.config.mythos:
        return {"cmd": "mythos", "card": card} if s.phase == MIDNIGHT and not s.awakened else None
    if card in s.config.monsters:
        return _place_known_monster(s, card) if s.monsters_due else None
    if card == ENTRANCE:
        return {"cmd": "move", "to": ENTRANCE} if s.phase == MOVE else None
    if card in s.config.adventures:
        if card in s.adventures:  # where the investigator goes; where it stands, the attempt with the green dice
            if s.phase == RESOLVE and s.investigator().where == card:
                return {"cmd": "attempt"}
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
