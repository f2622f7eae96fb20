"""The Munchkin rules: `decide(state, command, actor, rng)` turns a command into events or refuses it.

Every rule cites the seed (shared/seeds/003_*.txt, the German Pegasus text: "seed §Kampf") or, where
the seed is silent or damaged, the facts file (shared/docs/rules/published-games-facts.md: "facts
§2.5"). Numbers either leaves open are settings (data/default.toml); other choices are documented
here and in README.md. decide is pure: it works on a transaction that folds each event into a scratch
state as it is emitted, so later rules see earlier effects; a RuleError discards it all.

Who acts: a seat plays for itself. The table screen plays for the seat whose turn it is, or for the
seat a command names (`seat`), since anyone may play an enhancer, a one-shot or a curse into any fight.
What only the player whose turn it is does is `WHO_ACTS`: the core checks it before `decide` runs, as
it checks that the game is on.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from companion.contract import Viewer
from companion.errors import RuleError
from companion.games.munchkin import commands as cmd
from companion.games.munchkin import events as ev
from companion.games.munchkin import names
from companion.games.munchkin.config import SEXES, Config, Effect, default_settings
from companion.games.munchkin.phases import CHARITY, COMBAT, DOOR, LOOT, PHASES, RUN, TROUBLE
from companion.games.munchkin.reckon import (
    hand_limit,
    hireling_room,
    lets_go,
    may_have_big_items,
    roles,
    run_bonus,
    slot_free,
    standing,
    strength,
    unusable_because,
    usable,
)
from companion.games.munchkin.state import Body, Foe, Gear, MunchkinState, Player, evolve
from companion.messages import M, P, Text
from companion.records import Command, Event
from companion.rules import Transaction, player_names
from companion.turn_order import SeatsInTurn, not_your_turn

SEATS = (3, 6)
#: cards a class ability takes at most in one fight (berserking, turning) or one roll (flight): the cards say 3
DISCARDS = 3
#: what a curse or bad stuff can take, and where it looks (seed §Gegenstände; facts §2.10)
WORN_SLOTS = ("headgear", "armour", "footgear")


#: a command decided: its events so far, and the state they lead to
Tx = Transaction[MunchkinState]
#: who acts (seed §Gegenstände, Phase 1-4): kicking open the door, looking for trouble, looting the room,
#: equipping, selling and ending the turn are the active player's, or the table's for them; everything
#: else any seat may play (the rules check that it is its own, or its fight)
WHO_ACTS = SeatsInTurn(active=lambda s: s.active_name, only=(cmd.Kick, cmd.Trouble, cmd.Loot, cmd.Equip, cmd.Unequip, cmd.Sell, cmd.EndTurn))


def decide(state: MunchkinState, command: Command, actor: Viewer, rng: random.Random) -> list[Event]:
    tx = Tx(state, rng, evolve)
    if isinstance(command, cmd.Start):
        start(tx, command)
        return tx.events
    if isinstance(command, cmd.RollDie):
        tx.emit(ev.DieRolled(rng.randint(1, 6)))
        return tx.events
    owed = state.owed
    if owed is not None and not isinstance(command, (cmd.Lose, cmd.Hand)):
        raise RuleError("CHOICE_OWED", M("First {seat} chooses what {source} takes.", seat=owed.picker, source=owed.source))
    _HANDLERS[type(command)](tx, command, actor)
    advance(tx)
    return tx.events


# -- setup --------------------------------------------------------------------------------------
def start(tx: Tx, c: cmd.Start) -> None:
    """Facts §2.1: 3-6 players, each a level-1 human without a class, dealt door and treasure cards."""
    settings = default_settings.with_overrides(c.settings)
    config = Config.from_settings(settings)
    players = _check_players(c.players)
    tx.emit(ev.GameStarted(players, settings))
    for name in players:
        tx.emit(ev.HandDealt(name, config.start_hand))
    tx.emit(ev.TurnStarted(players[0]))


def _check_players(names: tuple[str, ...]) -> tuple[str, ...]:
    low, high = SEATS
    return player_names(names, low, high, M("Name {low} to {high} different players, in turn order.", low=low, high=high))


# -- the turn: the door, trouble, loot --------------------------------------------------------------
@dataclass(frozen=True)
class NewMonster:
    card: str | None
    name: str
    level: int
    treasures: int
    levels: int


def kick(tx: Tx, c: cmd.Kick, actor: Viewer) -> None:
    """Seed, Phase 1 (facts §2.2): a monster is fought now; a curse hits the one who kicked; anything
    else goes to the hand. The Tailor may discard cards to take a curse into the hand (seed, Schneider)."""
    s = tx.state
    PHASES.require(s.phase, DOOR)
    seat = s.active_name
    what = _door_kind(s, c)
    if what != "curse" and (c.lose_levels is not None or c.items or c.tailor):
        raise RuleError("BAD_ARGUMENTS", M("\"lose_levels\", \"items\" and \"tailor\" are for a curse."))
    if what == "monster":
        monster = _monster(s, c)
        tx.emit(ev.DoorOpened(seat, "monster", monster.card, monster.name))
        start_combat(tx, seat, "door", monster)
        return
    _no_monster_numbers(c)
    if what == "curse":
        name = s.config.curses[c.card].name if c.card else _name(c.name)
        tx.emit(ev.DoorOpened(seat, "curse", c.card, name))
        if c.tailor:
            tailor_takes(tx, seat)
        else:
            curse_effect(tx, seat, seat, c.card, c.lose_levels, name, c.items)
    else:
        card = s.config.card(c.card) if c.card else None
        tx.emit(ev.DoorOpened(seat, "other", c.card, card.name if card else _name(c.name)), ev.HandChanged(seat, +1, "door"))
    tx.emit(ev.PhaseEntered(TROUBLE))


def _door_kind(s: MunchkinState, c: cmd.Kick) -> str:
    if c.card is None:
        if c.what is None:
            raise RuleError("WHAT_CARD", M("Say which door card it is, or what kind: a monster (with its level), a curse, or another card."))
        return c.what
    card = _catalogue_card(s, c.card)
    kind = "monster" if c.card in s.config.monsters else "curse" if c.card in s.config.curses else "other"
    if c.what is not None and c.what != kind:
        raise RuleError("BAD_ARGUMENTS", M("{card} is not a {what}.", card=card, what=names.door_kind(c.what)))
    return kind


def tailor_takes(tx: Tx, seat: str) -> None:
    """Seed, Schneider (Änderungsexperte): discard 3 cards and take the curse kicked open into the hand."""
    p = tx.state.player(seat)
    cost = max((r.curse_to_hand for r in roles(tx.state, p)), default=0)
    if not cost:
        raise RuleError("NOT_A_TAILOR", M("Only a class with that ability (the Tailor) takes a curse into the hand."))
    spend_hand(tx, seat, cost, "tailor")
    tx.emit(ev.HandChanged(seat, +1, "door"))


def look_for_trouble(tx: Tx, c: cmd.Trouble, actor: Viewer) -> None:
    """Seed/facts §2.2 phase 2: with no monster behind the door, fight a monster from the hand."""
    s = tx.state
    PHASES.require(s.phase, TROUBLE)
    seat = s.active_name
    monster = _monster(s, c)
    spend_hand(tx, seat, 1)
    start_combat(tx, seat, "trouble", monster)


def loot(tx: Tx, c: cmd.Loot, actor: Viewer) -> None:
    """Seed, Phase 3 (Raum plündern): draw one more door card face down into the hand."""
    s = tx.state
    PHASES.require(s.phase, TROUBLE)
    seat = s.active_name
    tx.emit(ev.HandChanged(seat, +1, "loot"), ev.PhaseEntered(CHARITY))


def start_combat(tx: Tx, fighter: str, how: str, monster: NewMonster) -> None:
    tx.emit(ev.CombatStarted(fighter, how))
    appear(tx, monster, fighter, wandering=False)


def appear(tx: Tx, m: NewMonster, by: str, wandering: bool, mate_of: int | None = None) -> None:
    tx.emit(ev.MonsterAppeared(tx.state.next_uid, by, m.card, m.name, m.level, m.treasures, m.levels, wandering, mate_of))


# -- the fight ---------------------------------------------------------------------------------------
def helper(tx: Tx, c: cmd.Helper, actor: Viewer) -> None:
    """Seed §Um Hilfe bitten: only 1 player may help; a bribe is agreed at the table (kept as a note).
    No seat: the helper leaves before the fight is decided (a forced helper may, facts §2.4)."""
    s = tx.state
    PHASES.require(s.phase, COMBAT)
    fight = s.fight
    if actor.is_seat and actor.seat not in (fight.fighter, fight.helper, c.seat):
        raise RuleError("NOT_YOURS", M("The fighter asks for help, and the helper agrees."))
    if c.seat is None:
        if fight.helper is None or c.bribe is not None:
            raise RuleError("NO_HELPER", M("Nobody helps in this fight."))
        tx.emit(ev.HelperLeft(fight.helper))
        return
    seat = _known_seat(s, c.seat)
    if seat == fight.fighter:
        raise RuleError("SELF_HELP", M("{seat} fights; the helper is another player.", seat=seat))
    if fight.helper is not None:
        raise RuleError("ONE_HELPER", M("Only one player may help: {seat} already does.", seat=fight.helper))
    _alive(s, seat)
    bribe = " ".join(c.bribe.split()) if c.bribe else None
    tx.emit(ev.HelperJoined(seat, bribe or None))


def enhance(tx: Tx, c: cmd.Enhance, actor: Viewer) -> None:
    """Seed §Kampf 3 (facts §2.12): any player, in any fight, plays enhancers; they stack and bring treasures."""
    s = tx.state
    PHASES.require(s.phase, COMBAT)
    seat = _seat_of(s, actor, c.seat)
    foe = _target_monster(s, c.monster)
    if c.card is not None:
        card = s.config.enhancers.get(c.card)
        if card is None:
            raise RuleError("NOT_AN_ENHANCER", M("{card} is not a monster enhancer.", card=_catalogue_card(s, c.card)))
        if c.bonus is not None or c.treasures is not None:
            raise RuleError("BAD_ARGUMENTS", M("A catalogue card brings its own numbers."))
        name, bonus, treasures = card.name, card.bonus, card.treasures
    else:
        name, bonus, treasures = _name(c.name), _typed_bonus(c.bonus, 50), c.treasures or 0
        _in_range(treasures, -10, 10, "treasures")
    spend_hand(tx, seat, 1)
    for mate in mates(s, foe):  # Mate: an enhancer counts on every copy of the monster
        tx.emit(ev.MonsterEnhanced(mate.uid, seat, c.card, name, bonus, treasures))


def mates(s: MunchkinState, foe: Foe) -> list[Foe]:
    """The monster and the copies of it a Mate brought (Mate, base set: enhancers count on both)."""
    return [f for f in s.fight.foes if f.pair is not None and f.pair == foe.pair] or [foe]


def one_shot(tx: Tx, c: cmd.OneShot, actor: Viewer) -> None:
    """Seed §Kampf 1 (facts §2.11): a one-shot item from the hand or the table, in any fight, for a
    player or a monster; items without "usable once only" are not played in a fight."""
    s = tx.state
    PHASES.require(s.phase, COMBAT)
    seat = _seat_of(s, actor, c.seat)
    foe = _target_monster(s, c.monster) if c.side == "monsters" else None
    if foe is None and c.monster is not None:
        raise RuleError("BAD_ARGUMENTS", M("A one-shot for the players names no monster."))
    card, name, bonus = _one_shot_source(tx, seat, c)
    if foe is None:
        tx.emit(ev.PlayersBoosted(seat, card, name, bonus))
    else:
        tx.emit(ev.MonsterEnhanced(foe.uid, seat, card, name, bonus))


def _one_shot_source(tx: Tx, seat: str, c: cmd.OneShot) -> tuple[str | None, str, int]:
    """The one-shot's card, name and bonus; it leaves the table or the hand."""
    s = tx.state
    if c.item is not None:
        if c.card is not None or c.bonus is not None:
            raise RuleError("BAD_ARGUMENTS", M("An item on the table brings its own numbers."))
        item = _own_item(s, seat, c.item)
        _one_shot_only(item.one_shot, item.sets_die, item.name)
        tx.emit(ev.ItemDiscarded(seat, item.uid, "used"))
        return item.card, item.name, item.bonus
    if c.card is not None:
        card = s.config.items.get(c.card)
        if card is None:
            raise RuleError("NOT_AN_ITEM", M("{card} is not an item.", card=_catalogue_card(s, c.card)))
        _one_shot_only(card.one_shot, card.sets_die, card.name)
        if c.bonus is not None:
            raise RuleError("BAD_ARGUMENTS", M("A catalogue card brings its own numbers."))
        spend_hand(tx, seat, 1)
        return card.id, card.name, card.bonus
    bonus = _typed_bonus(c.bonus, 20)
    spend_hand(tx, seat, 1)
    return None, _name(c.name), bonus


def _one_shot_only(one_shot: bool, sets_die: bool, name: str) -> None:
    if not one_shot:
        raise RuleError("NOT_ONE_SHOT", M("{item} is not usable once only: no such item is played in a fight.", item=name))
    if sets_die:
        raise RuleError("USE_ON_A_ROLL", M("{item} is played on a die roll, when running away.", item=name))


def wander(tx: Tx, c: cmd.Wander, actor: Viewer) -> None:
    """Seed §Kampf 2 (Wanderndes Monster): with a monster from the hand, in anyone's fight; it joins, strengths add."""
    s = tx.state
    PHASES.require(s.phase, COMBAT)
    seat = _seat_of(s, actor, c.seat)
    monster = _monster(s, c)
    spend_hand(tx, seat, 2)  # the Wandering Monster card and the monster
    appear(tx, monster, seat, wandering=True)


def remove(tx: Tx, c: cmd.Remove, actor: Viewer) -> None:
    """Seed §Kampf 2 and §Gewonnen!: a monster got rid of other than by killing gives no treasure (and,
    facts §2.3, no level); the fight goes on while one is left, and ends when the last one goes."""
    s = tx.state
    PHASES.require(s.phase, COMBAT)
    seat = _seat_of(s, actor, c.seat)
    foe = _target_monster(s, c.monster)
    _in_range(c.cards, 0, 10, "cards")
    if c.card is not None:
        item = s.config.items.get(c.card)
        if item is None or not item.removes:
            raise RuleError("NOT_A_REMOVER", M("{card} does not take a monster out of the fight.", card=_catalogue_card(s, c.card)))
        if c.cards != 1:
            raise RuleError("BAD_ARGUMENTS", M("A catalogue card brings its own numbers."))
    if c.cards:
        spend_hand(tx, seat, c.cards)
    monster_leaves(tx, foe.uid, seat)


def monster_leaves(tx: Tx, uid: int, by: str) -> None:
    """The fight goes on while a monster is left, and ends when the last one goes."""
    tx.emit(ev.MonsterRemoved(uid, by))
    if not tx.state.fight.foes:
        tx.emit(ev.CombatEnded("removed"), ev.PhaseEntered(CHARITY))


def kill(tx: Tx, c: cmd.Fight, actor: Viewer) -> None:
    """Seed §Kampf, §Gewonnen!: stronger than the monsters (a Warrior also on a tie, facts §2.3) kills
    them all: 1 level per monster (2 for some), their treasures plus the enhancers' extras, drawn face
    down alone or face up with help; an Elf helper gains a level per monster (facts §2.4). A kill may
    give the winning level (facts §2.1), and everyone reaching it wins together."""
    s = tx.state
    PHASES.require(s.phase, COMBAT)
    _fighter_or_table(s, actor)
    fight, now = s.fight, standing(s)
    if not now.winning:
        raise RuleError("NOT_WINNING", M("The players need +{n}: play cards, ask for help or run away.", n=now.needs))
    levels = sum(foe.levels for foe in fight.foes)
    treasures = sum(max(0, foe.treasures + sum(e.treasures for e in foe.enhancements)) for foe in fight.foes)
    shared = c.helper_treasures
    if shared and fight.helper is None:
        raise RuleError("NO_HELPER", M("Nobody helped: the treasures are all the fighter's."))
    _in_range(shared, 0, treasures, "helper_treasures")
    tx.emit(ev.MonstersKilled(fight.fighter, fight.helper, tuple(f.uid for f in fight.foes), levels, treasures))
    gain_levels(tx, fight.fighter, levels, "kill", may_win=True)
    if fight.helper is not None and any(r.helper_levels for r in roles(s, s.player(fight.helper))):
        gain_levels(tx, fight.helper, len(fight.foes), "helper", may_win=True)
    if treasures - shared:
        tx.emit(ev.TreasuresDrawn(fight.fighter, treasures - shared, face_up=fight.helper is not None))
    if shared and fight.helper is not None:
        tx.emit(ev.TreasuresDrawn(fight.helper, shared, face_up=True))
    tx.emit(ev.CombatEnded("kill"))
    winners = tuple(p.name for p in tx.state.players if p.level >= s.config.winning_level)
    tx.emit(ev.GameWon(winners) if winners else ev.PhaseEntered(CHARITY))


def run_away(tx: Tx, c: cmd.Run, actor: Viewer) -> None:
    """Seed §Weglaufen (facts §2.5): the players cannot win, so fighter and helper run: one die each per
    monster. A monster that "won't pursue" a level lets that fighter go without a roll."""
    s = tx.state
    PHASES.require(s.phase, COMBAT)
    _fighter_or_table(s, actor)
    if standing(s).winning:
        raise RuleError("WINNING", M("The players win this fight: kill the monsters."))
    fight = s.fight
    tx.emit(ev.RanAway(fight.fighter, fight.helper))
    for seat, uid in tx.state.fight.to_roll:
        foe = fight.foe(uid)
        if foe is not None and lets_go(foe, s.player(seat)):
            tx.emit(ev.Escaped(seat, uid, None, 0, auto=True))


def roll(tx: Tx, c: cmd.Roll, actor: Viewer) -> None:
    """Seed §Weglaufen: at least a 5 escapes, with the modifiers; each fighter rolls for each monster in
    the order they choose, and one that is caught gets its bad stuff at once (facts §2.5). The Loaded
    Die sets the rolled face after the roll (seed, gezinkter Würfel). No face given: the companion rolls."""
    s = tx.state
    PHASES.require(s.phase, RUN)
    fight = s.fight
    waiting = [seat for seat, _uid in fight.to_roll]
    seat = c.fighter or (actor.seat if actor.is_seat and actor.seat in waiting else waiting[0])
    if actor.is_seat and actor.seat != seat:
        raise RuleError("NOT_YOURS", M("Each fighter rolls for themselves."))
    mine = [uid for who, uid in fight.to_roll if who == seat]
    if not mine:
        raise RuleError("NOTHING_TO_ROLL", M("{seat} has no run-away roll to make.", seat=seat))
    uid = c.monster if c.monster is not None else mine[0]
    foe = fight.foe(uid)
    if uid not in mine or foe is None:
        raise RuleError("NOT_PENDING", M("{seat} has no roll to make against monster {n}.", seat=seat, n=uid))
    die = _face(c.die, "die") if c.die is not None else tx.rng.randint(1, 6)
    if c.bad_die is not None:
        _face(c.bad_die, "bad_die")
    face = _loaded(tx, seat, c) if c.loaded is not None else die
    bonus = run_bonus(s, seat, foe) + _flight(tx, seat, c.flight)
    virtual, loaded = c.die is None, c.loaded
    if c.again is not None:
        again = _face(c.again, "again")
        first = not any(r.seat == seat for r in fight.rolls)
        _, role = _ability(s, seat, "reroll")
        if not first:
            raise RuleError("NOT_FIRST", M("Only {seat}'s first run-away roll of a fight is rolled again.", seat=seat))
        if face + bonus < s.config.escape_on:  # caught: the Halfling discards a card and rolls once more
            spend_hand(tx, seat, 1, "ability")
            tx.emit(ev.AbilityUsed(seat, role, "reroll", 1))
            die = face = again
            virtual, loaded = False, None
    if face + bonus >= s.config.escape_on:
        glue_by = _glue_ready(s, seat, c.glue)
        tx.emit(ev.Escaped(seat, uid, die, bonus, loaded=loaded, virtual=virtual))
        if glue_by is not None:  # a Flask of Glue on the escape: the runner rolls again, even after the last roll
            flask = _card_applying(s, "glue")
            spend_hand(tx, glue_by, 1)
            tx.emit(ev.CardPlayed(glue_by, flask), ev.RollAgain(seat, uid))
        return
    if c.invisibility:  # the Invisibility Potion, drunk after the roll is caught: escaped after all
        potion = next((i.id for i in s.config.items.values() if i.applies == "invisibility"), None)
        if potion is None:
            raise RuleError("UNKNOWN_CARD", M("No card \"{card}\" is in the catalogue: type its numbers instead.", card="invisibility-potion"))
        spend_hand(tx, seat, 1)
        tx.emit(ev.CardPlayed(seat, potion), ev.Escaped(seat, uid, die, bonus, loaded=loaded, virtual=virtual, card=potion))
        return
    tx.emit(ev.Caught(seat, uid, die, bonus, loaded=loaded, virtual=virtual))
    if foe.bad_stuff is not None:  # a monster typed in: the table does its bad stuff by hand
        apply_effect(tx, seat, foe.bad_stuff, foe.name, foe.card, "bad_stuff", die=c.bad_die)


def _glue_ready(s: MunchkinState, runner: str, glue: str | None) -> str | None:
    """Who plays a Flask of Glue on an escaped roll (checked before the roll is taken), or None."""
    if glue is None:
        return None
    by = _known_seat(s, glue)
    _alive(s, by)
    if by == runner:
        raise RuleError("BAD_ARGUMENTS", M("The Flask of Glue is played on someone else's escape."))
    _card_applying(s, "glue")
    if s.player(by).hand < 1:
        raise RuleError("HAND_EMPTY", M("By the companion's count {seat} holds no card to play.", seat=by))
    return by


def _card_applying(s: MunchkinState, applies: str) -> str:
    card = next((i.id for i in s.config.items.values() if i.applies == applies), None)
    if card is None:
        raise RuleError("UNKNOWN_CARD", M("No card applies \"{what}\" in this catalogue.", what=applies))
    return card


def _flight(tx: Tx, seat: str, cards: int) -> int:
    """The Wizard's flight spell: cards discarded after the roll, +1 each, up to 3."""
    if not cards:
        return 0
    _in_range(cards, 0, DISCARDS, "flight")
    per_card, role = _ability(tx.state, seat, "flight")
    spend_hand(tx, seat, cards, "ability")
    tx.emit(ev.AbilityUsed(seat, role, "flight", cards))
    return per_card * cards


def _loaded(tx: Tx, seat: str, c: cmd.Roll) -> int:
    face = _face(c.loaded, "loaded")
    if c.item is not None:
        item = _own_item(tx.state, seat, c.item)
        if not item.sets_die:
            raise RuleError("NOT_A_LOADED_DIE", M("{item} does not set a die.", item=item.name))
        tx.emit(ev.ItemDiscarded(seat, item.uid, "used"))
    else:
        spend_hand(tx, seat, 1)
    return face


def lose(tx: Tx, c: cmd.Lose, actor: Viewer) -> None:
    """Facts §2.10: when several things qualify, the victim chooses which one a curse or bad stuff takes."""
    s = tx.state
    owed = s.owed
    if owed is None:
        raise RuleError("NOTHING_OWED", M("Nothing is waiting for a choice."))
    if actor.is_seat and actor.seat != owed.picker:
        raise RuleError("NOT_YOURS", M("{seat} chooses.", seat=owed.picker))
    candidates = loss_candidates(s, owed.seat, owed.lose)
    chosen: tuple[Any, ...] = c.roles if owed.lose in ("class", "race") else c.items
    other = c.items if owed.lose in ("class", "race") else c.roles
    cards = c.cards if owed.lose == "things" else 0
    if (other or (c.cards and owed.lose != "things") or len(set(chosen)) != len(chosen) or len(chosen) + cards != owed.count
            or not set(chosen) <= set(candidates) or not 0 <= cards <= s.player(owed.seat).hand):
        what: Text = ", ".join(map(str, candidates))
        if owed.lose == "things":
            what = M("{items} or cards of the hand", items=what or "—")
        raise RuleError("BAD_CHOICE", M("Choose {n} of: {things}.", n=owed.count, things=what))
    tx.emit(ev.ChoiceMade(owed.seat))
    if cards:
        tx.emit(ev.HandChanged(owed.seat, -cards, "lost"))
    lose_things(tx, owed.seat, chosen)
    if owed.then:  # the next player the card names picks one more
        owe_choice(tx, owed.seat, owed.source, owed.lose, owed.then)


def take(tx: Tx, c: cmd.Take, actor: Viewer) -> None:
    """Facts §2.6 (looting the body): from the highest level down, each other living player takes one
    card; ties settle it at the table, so any of the tied may go first."""
    s = tx.state
    PHASES.require(s.phase, LOOT)
    body = s.bodies[0]
    eligible = looters(s, body)
    looter = _seat_of(s, actor, c.seat) if actor.is_seat or c.seat is not None else next_looters(s, body)[0]
    if looter not in eligible:
        raise RuleError("NOT_A_LOOTER", M("{seat} does not loot {dead}'s body.", seat=looter, dead=body.seat))
    if looter not in next_looters(s, body):
        raise RuleError("NOT_YET", M("The highest level loots first: {seats}.", seats=", ".join(next_looters(s, body))))
    if c.item is not None and c.hand:
        raise RuleError("BAD_ARGUMENTS", M("Take one card: an item, or a card of the hand."))
    if c.item is not None and all(g.uid != c.item for g in body.gear):
        raise RuleError("NOT_ON_BODY", M("Item {n} is not on {dead}'s body.", n=c.item, dead=body.seat))
    if c.hand and not body.hand:
        raise RuleError("NO_HAND", M("{dead}'s hand is gone.", dead=body.seat))
    tx.emit(ev.Looted(body.seat, looter, c.item, c.hand))


def looters(s: MunchkinState, body: Body) -> list[str]:
    return [p.name for p in s.players if p.name != body.seat and not p.dead and p.name not in body.looted_by]


def next_looters(s: MunchkinState, body: Body) -> list[str]:
    eligible = looters(s, body)
    top = max((s.player(name).level for name in eligible), default=0)
    return [name for name in eligible if s.player(name).level == top]


# -- the end of the turn ----------------------------------------------------------------------------
def end_turn(tx: Tx, c: cmd.EndTurn, actor: Viewer) -> None:
    """Seed, Phase 4 (Milde Gabe): more than 5 cards (a Dwarf 6) gives the excess to the lowest level,
    split as evenly as possible (the giver picks who gets one more), or discards it when the giver is
    lowest or tied for lowest. The dead receive nothing (facts §2.6)."""
    s = tx.state
    PHASES.require(s.phase, CHARITY)
    seat = s.active_name
    p = s.player(seat)
    excess = p.hand - hand_limit(s, p)
    if excess <= 0:
        if c.give:
            raise RuleError("NO_CHARITY", M("{seat} holds {n} cards: nothing to give away.", seat=seat, n=p.hand))
    else:
        gifts, discarded = charity(s, p, excess, c.give)
        tx.emit(ev.CharityGiven(seat, gifts, discarded))
    finish_turn(tx)


def charity(s: MunchkinState, p: Player, excess: int, give: dict[str, int] | None) -> tuple[dict[str, int], int]:
    recipients = lowest_others(s, p)
    if not recipients:
        if give:
            raise RuleError("YOU_ARE_LOWEST", M("{seat} has the lowest level: the {n} extra cards are discarded.", seat=p.name, n=excess))
        return {}, excess
    base, extra = divmod(excess, len(recipients))
    if give is None:
        if extra and len(recipients) > 1:
            raise RuleError("CHOICE_NEEDED", P("{seats} share {n} card: say who gets it.", "{seats} share {n} cards: say who gets one more.",
                                                   n=excess, seats=", ".join(recipients)))
        return {name: base for name in recipients if base}, 0
    gifts = {name: n for name, n in give.items() if n}
    shares = sorted(gifts.get(name, 0) for name in recipients)
    even = sorted([base] * (len(recipients) - extra) + [base + 1] * extra)
    if not set(gifts) <= set(recipients) or shares != even:
        raise RuleError("BAD_CHARITY", M("The {n} extra cards go to the lowest level, {seats}, as evenly as possible.",
                                         n=excess, seats=", ".join(recipients)))
    return gifts, 0


def lowest_others(s: MunchkinState, p: Player) -> list[str]:
    """The living players below everyone else, when the giver is not (tied) lowest."""
    others = [q for q in s.players if q.name != p.name and not q.dead]
    if not others:
        return []
    low = min(q.level for q in others)
    return [] if p.level <= low else [q.name for q in others if q.level == low]


def finish_turn(tx: Tx) -> None:
    """Facts §2.6: a dead player's new character appears when the next turn starts, and draws a fresh
    hand at the start of its own next turn."""
    s = tx.state
    tx.emit(ev.TurnEnded(s.active_name))
    nxt = s.players[(s.active + 1) % len(s.players)]
    tx.emit(*(ev.Revived(p.name) for p in s.players if p.dead))
    tx.emit(ev.TurnStarted(nxt.name))
    if nxt.fresh_due:
        tx.emit(ev.HandDealt(nxt.name, s.config.start_hand))


# -- any time: curses, levels, hands ----------------------------------------------------------------
def curse(tx: Tx, c: cmd.Curse, actor: Viewer) -> None:
    """Facts §2.10: a curse from the hand may be played on any player at any time."""
    s = tx.state
    seat = _seat_of(s, actor, c.seat)
    target = _known_seat(s, c.target)
    _alive(s, target)
    if c.card is not None and c.card not in s.config.curses:
        raise RuleError("NOT_A_CURSE", M("{card} is not a curse.", card=_catalogue_card(s, c.card)))
    name = s.config.curses[c.card].name if c.card else _name(c.name)
    spend_hand(tx, seat, 1)
    curse_effect(tx, seat, target, c.card, c.levels, name, c.items)


def curse_effect(tx: Tx, by: str, target: str, card: str | None, levels: int | None, name: str, items: tuple[int, ...]) -> None:
    if card is not None and levels is not None:
        raise RuleError("BAD_ARGUMENTS", M("A catalogue card brings its own numbers."))
    if levels is not None:
        _in_range(levels, 0, 10, "levels")
    effect = tx.state.config.curses[card].effect if card else Effect(levels=levels or 0)
    tx.emit(ev.CursePlayed(by, target, card, name))
    apply_effect(tx, target, effect, name, card, "curse", items)


def apply_effect(tx: Tx, victim: str, effect: Effect, source: str, card: str | None, why: str, items: tuple[int, ...] = (),
                 die: int | None = None) -> None:
    """Bad stuff and curses (seed §Weglaufen, facts §2.5, §2.10): death, lost levels (never below 1,
    facts §2.7), cards or the whole hand (to the discards or to the players the card names), a lost item
    or class (the victim's choice when several qualify, or the players' the card names; "if you have
    none" → levels instead), a die rolled for it (the face the table gives, else the companion rolls),
    and a lasting curse that stays in front of the victim."""
    if effect.death:
        tx.emit(ev.Died(victim))
        return
    if effect.roll != "none" and rolled_bad_stuff(tx, victim, effect, source, why, die):
        return
    if effect.levels:
        lose_levels(tx, victim, effect.levels, why)
    lose_cards(tx, victim, effect)
    if effect.lose != "nothing":
        take_away(tx, victim, effect, source, items)
    sex = tx.state.player(victim).sex
    if effect.change_sex and sex is not None:
        tx.emit(ev.SexSet(victim, "female" if sex == "male" else "male"))
        put_away_unusable(tx, victim)
    if effect.stays:
        tx.emit(ev.CurseStays(victim, tx.state.next_uid, card, source, effect.combat, effect.run))


def rolled_bad_stuff(tx: Tx, victim: str, effect: Effect, source: str, why: str, die: int | None) -> bool:
    """A bad stuff that rolls a die (3,872 Orcs: 1-2 kills, else that many levels; Snails on Speed: that
    many items or cards of the hand, the victim's choice): True when it killed."""
    face = die if die is not None else tx.rng.randint(1, 6)
    tx.emit(ev.DieRolled(face))
    if face <= effect.roll_death:
        tx.emit(ev.Died(victim))
        return True
    if effect.roll == "levels":
        lose_levels(tx, victim, face, why)
        return False
    p = tx.state.player(victim)
    items = [g.uid for g in p.gear]
    if len(items) + p.hand <= face:  # everything goes: nothing to choose
        if p.hand:
            tx.emit(ev.HandChanged(victim, -p.hand, "lost"))
        lose_things(tx, victim, items)
    elif not items:
        tx.emit(ev.HandChanged(victim, -face, "lost"))
    else:
        tx.emit(ev.ChoiceOwed(victim, source, "things", face))
    return False


def left_and_right(s: MunchkinState, seat: str) -> list[str]:
    """The living players to the left (the next in turn order) and to the right (the one before), once each."""
    n = len(s.names)
    i = s.names.index(seat)
    left = next((s.names[(i + k) % n] for k in range(1, n) if not s.players[(i + k) % n].dead), None)
    right = next((s.names[(i - k) % n] for k in range(1, n) if not s.players[(i - k) % n].dead), None)
    return list(dict.fromkeys(x for x in (left, right) if x is not None))


def lose_cards(tx: Tx, victim: str, effect: Effect) -> None:
    """Cards lost from the hand go to the discards, or to the players the card names (Lawyers: every
    other player takes one, highest level first; Lose Two Cards: left and right take one each)."""
    s = tx.state
    held = s.player(victim).hand
    takers: list[str] = []
    if effect.cards_to == "others":
        takers = sorted((p.name for p in s.players if p.name != victim and not p.dead), key=lambda name: -s.player(name).level)
        lost = min(held, len(takers))
    else:
        lost = held if effect.whole_hand else min(held, effect.cards)
        if effect.cards_to == "left_right":
            sides = left_and_right(s, victim)
            takers = [sides[i % len(sides)] for i in range(lost)] if sides else []
    if not lost:
        return
    tx.emit(ev.HandChanged(victim, -lost, "lost"))
    for taker in dict.fromkeys(takers):
        tx.emit(ev.HandChanged(taker, takers.count(taker), "taken"))


def take_away(tx: Tx, victim: str, effect: Effect, source: str, items: tuple[int, ...]) -> None:
    candidates = loss_candidates(tx.state, victim, effect.lose)
    if not candidates:
        if effect.or_levels:
            lose_levels(tx, victim, effect.or_levels, "curse")
        return
    count = min(effect.count, len(candidates))
    if count == len(candidates):
        lose_things(tx, victim, candidates)
    elif effect.chooser == "left_right":
        pickers = left_and_right(tx.state, victim)
        owe_choice(tx, victim, source, effect.lose, tuple((pickers * count)[:count]))
    elif items and effect.lose not in ("class", "race"):
        if len(set(items)) != count or not set(items) <= set(candidates):
            raise RuleError("BAD_CHOICE", M("Choose {n} of: {things}.", n=count, things=", ".join(map(str, candidates))))
        lose_things(tx, victim, items)
    else:
        tx.emit(ev.ChoiceOwed(victim, source, effect.lose, count))


def owe_choice(tx: Tx, victim: str, source: str, lose: str, pickers: tuple[str, ...]) -> None:
    """Other players pick what the victim loses, one thing each in turn (Leperchaun: left, then right);
    once as many are left as still to pick, they all go without a question."""
    left = loss_candidates(tx.state, victim, lose)
    if not left:
        return
    if len(left) <= len(pickers):
        lose_things(tx, victim, left)
        return
    tx.emit(ev.ChoiceOwed(victim, source, lose, 1, chooser=pickers[0], then=pickers[1:]))


def loss_candidates(s: MunchkinState, victim: str, lose: str) -> list[Any]:
    """What "lose your armour / an item / your class" can take: worn items of that slot, equipped hand
    items, Big items, any item in play, or the class or race cards."""
    p = s.player(victim)
    if lose in WORN_SLOTS:
        return [g.uid for g in p.gear if g.equipped and g.slot == lose]
    if lose == "hand":
        return [g.uid for g in p.gear if g.equipped and g.slot in ("hand", "hands")]
    if lose == "big":
        return [g.uid for g in p.gear if g.big]
    if lose in ("item", "things"):
        return [g.uid for g in p.gear]
    return [r for r in p.roles if s.config.roles[r].kind == lose]


def lose_things(tx: Tx, victim: str, things: Iterable[Any]) -> None:
    for thing in things:
        if isinstance(thing, int):
            tx.emit(ev.ItemDiscarded(victim, thing, "lost"))
        else:
            drop_role(tx, victim, thing)


def go_up(tx: Tx, c: cmd.GoUp, actor: Viewer) -> None:
    """Facts §2.1: a Go Up a Level card never gives the winning level (unless the card says it may)."""
    s = tx.state
    seat = _seat_of(s, actor, c.seat)
    target = _known_seat(s, c.target) if c.target is not None else seat
    _alive(s, target)
    may_win = False
    if c.card is not None:
        card = s.config.specials.get(c.card)
        if card is None or card.does != "go_up":
            raise RuleError("NOT_GO_UP", M("{card} is not a Go Up a Level card.", card=_catalogue_card(s, c.card)))
        may_win = card.can_win
    level, win = s.player(target).level, s.config.winning_level
    if level + 1 >= win and not may_win:
        raise RuleError("NOT_THE_TENTH", M("Go Up a Level never gives level {win}: {seat} needs a kill.", win=win, seat=target))
    victim = _discarded_by(s, c.card)
    spend_hand(tx, seat, 1)
    if victim is not None:  # Kill the Hireling: the Hireling goes
        tx.emit(ev.ItemDiscarded(victim[0], victim[1], "lost"))
    gain_levels(tx, target, 1, "go_up", may_win)
    if tx.state.player(target).level >= win:
        tx.emit(ev.GameWon((target,)))


def _discarded_by(s: MunchkinState, card_id: str | None) -> tuple[str, int] | None:
    """The item in play a Go Up a Level card needs and discards (Kill the Hireling): (owner, its number)."""
    card = s.config.specials.get(card_id) if card_id else None
    if card is None or card.discards is None:
        return None
    found = next(((p.name, g.uid) for p in s.players for g in p.gear if g.card == card.discards), None)
    if found is None:
        raise RuleError("NEEDS_ITEM", M("{card} is played only while {item} is in play.", card=names.card(s.config, card.id),
                                        item=names.card(s.config, card.discards, card.discards)))
    return found


def adjust(tx: Tx, c: cmd.Adjust, actor: Viewer) -> None:
    """Facts §2.7: a level never goes below 1, and only a kill gives the winning level (§2.1)."""
    s = tx.state
    seat = _known_seat(s, c.seat)
    if actor.is_seat and actor.seat != seat:
        raise RuleError("NOT_YOURS", M("A seat corrects its own level; the table corrects anyone's."))
    _in_range(c.levels, -20, 20, "levels")
    level = s.player(seat).level
    to = max(1, level + c.levels)
    if to >= s.config.winning_level:
        raise RuleError("NOT_THE_TENTH", M("Only a kill gives level {win}.", win=s.config.winning_level))
    if to == level:
        raise RuleError("NO_CHANGE", M("{seat} stays at level {n}.", seat=seat, n=level))
    tx.emit(ev.LevelChanged(seat, level, to, "adjust"))


def count_hand(tx: Tx, c: cmd.Hand, actor: Viewer) -> None:
    """The cards in the hands are the truth: a seat (or the table) corrects the companion's count."""
    s = tx.state
    seat = _seat_of(s, actor, c.seat)
    _in_range(c.count, 0, 60, "count")
    if c.count and s.player(seat).dead:
        raise RuleError("DEAD", M("{seat} is dead and holds no cards until the next turn.", seat=seat))
    tx.emit(ev.HandCounted(seat, c.count))


def lose_levels(tx: Tx, seat: str, n: int, why: str) -> None:
    level = tx.state.player(seat).level
    to = max(1, level - n)
    if to != level:
        tx.emit(ev.LevelChanged(seat, level, to, why))


def gain_levels(tx: Tx, seat: str, n: int, why: str, may_win: bool) -> None:
    s = tx.state
    level = s.player(seat).level
    to = min(s.config.winning_level if may_win else s.config.winning_level - 1, level + n)
    if to > level:
        tx.emit(ev.LevelChanged(seat, level, to, why))


# -- items ------------------------------------------------------------------------------------------
def play_item(tx: Tx, c: cmd.PlayItem, actor: Viewer) -> None:
    """Seed §Gegenstände: items are played in your own turn, not in a fight, or the moment they are received; any number may be carried,
    one Big item at most (facts §2.8: unless a Dwarf); equipped only where a slot is free."""
    s = tx.state
    seat = _mine_or_received(s, actor, c.seat, DOOR, TROUBLE, CHARITY)
    p = s.player(seat)
    item = _new_item(s, c)
    to_hireling = item.big and not _big_item_fits(s, p) and hireling_room(p) and usable(s, item, p)
    if item.big and not _big_item_fits(s, p) and not to_hireling:
        raise RuleError("ONE_BIG_ITEM", M("{seat} already has a Big item in play.", seat=seat))
    equipped = c.equip and not item.one_shot and slot_free(p, item) and usable(s, item, p)
    spend_hand(tx, seat, 1)
    tx.emit(ev.ItemPlayed(seat, item.uid, item.card, item.name, item.bonus, item.slot, item.big, item.gold, item.one_shot, equipped and not to_hireling))
    if to_hireling:  # a second Big item: the Hireling carries it (facts §2.8)
        tx.emit(ev.ItemBeyondRules(seat, item.uid, "hireling"))


def _new_item(s: MunchkinState, c: cmd.PlayItem) -> Gear:
    uid = s.next_uid
    if c.card is not None:
        card = s.config.items.get(c.card)
        if card is None:
            raise RuleError("NOT_AN_ITEM", M("{card} is not an item.", card=_catalogue_card(s, c.card)))
        if (c.name, c.bonus, c.slot, c.big, c.gold, c.one_shot) != (None, 0, "none", False, 0, False):
            raise RuleError("BAD_ARGUMENTS", M("A catalogue card brings its own numbers."))
        return Gear(uid, card.name, card.id, card.bonus, card.slot, card.big, card.gold, card.one_shot, only=card.only, run=card.run,
                    sets_die=card.sets_die, not_for=card.not_for, humans_only=card.humans_only, carries=card.carries)
    _in_range(c.bonus, -20, 20, "bonus")
    _in_range(c.gold, 0, 10_000, "gold")
    return Gear(uid, _name(c.name), None, c.bonus, c.slot, c.big, c.gold, c.one_shot)


def _big_item_fits(s: MunchkinState, p: Player) -> bool:
    """One Big item in play (facts §2.8), unless a Dwarf; one a Hireling carries does not count."""
    return may_have_big_items(s, p) or not any(g.big for g in p.gear if g.extra != "hireling")


def equip(tx: Tx, c: cmd.Equip, actor: Viewer) -> None:
    """Seed §Gegenstände: out of the backpack only in your own turn, not in a fight, where a slot is free."""
    s = tx.state
    seat, item = _turn_item(s, c.item)
    if item.equipped:
        raise RuleError("ALREADY_EQUIPPED", M("{item} is already equipped.", item=item.name))
    if item.one_shot:
        raise RuleError("NOT_EQUIPPABLE", M("{item} is used once, not worn.", item=item.name))
    why = unusable_because(s, item, s.player(seat))
    if why is not None:
        raise RuleError("NOT_USABLE", not_usable(s, seat, item, why))
    if c.hireling:
        if item.carries:
            raise RuleError("BAD_ARGUMENTS", M("A Hireling carries another item."))
        if not hireling_room(s.player(seat)):
            raise RuleError("NO_HIRELING", M("{seat} has no Hireling with room for an item.", seat=seat))
        tx.emit(ev.ItemBeyondRules(seat, item.uid, "hireling"))
        return
    if not slot_free(s.player(seat), item):
        raise RuleError("SLOT_TAKEN", M("No free {slot} slot for {item}: put something in the backpack first.", slot=names.slot(item.slot), item=item.name))
    tx.emit(ev.ItemEquipped(seat, item.uid))


def not_usable(s: MunchkinState, seat: str, item: Gear, why: str) -> Text:
    """Facts §2.8: what keeps `seat` from using `item` (it may still be carried)."""
    name = names.item(s.config, item.card, item.name)
    if why == "humans_only":
        return M("{item} is for humans only, and {seat} has a race: it can only be carried.", item=name, seat=seat)
    if why == "not_for":
        return M("{item} is not for a {role}: {seat} can only carry it.", item=name, role=names.card(s.config, item.not_for), seat=seat)
    who = names.sex(item.only) if item.only in SEXES else names.card(s.config, item.only)
    return M("{item} is only for a {who} character: {seat} can only carry it.", item=name, who=who, seat=seat)


def put_away_unusable(tx: Tx, seat: str) -> None:
    """Seed §Gegenstände: an item that can no longer be used (a class or race gone or taken on, a sex
    changed) is turned sideways, into the backpack: it stays carried until equipped again."""
    p = tx.state.player(seat)
    for g in p.gear:
        if g.equipped and g.extra != "cheat" and not usable(tx.state, g, p):
            tx.emit(ev.ItemCarried(seat, g.uid))


def unequip(tx: Tx, c: cmd.Unequip, actor: Viewer) -> None:
    """Seed §Gegenstände: an item that cannot be used is turned sideways, into the backpack."""
    s = tx.state
    seat, item = _turn_item(s, c.item)
    if not item.equipped:
        raise RuleError("NOT_EQUIPPED", M("{item} is already in the backpack.", item=item.name))
    tx.emit(ev.ItemCarried(seat, item.uid))


def discard(tx: Tx, c: cmd.Discard, actor: Viewer) -> None:
    s = tx.state
    owner = s.owner_of(c.item)
    if owner is None or (actor.is_seat and actor.seat != owner.name):
        raise RuleError("NO_ITEM", M("No item {n} lies on your table.", n=c.item))
    tx.emit(ev.ItemDiscarded(owner.name, c.item, "discarded"))


def give(tx: Tx, c: cmd.Give, actor: Viewer) -> None:
    """Seed §Gegenstände handeln: items on the table are traded or given (as a bribe) any time, but not
    while either player is in a fight; a traded item is laid out at once (here: carried)."""
    s = tx.state
    owner = s.owner_of(c.item)
    if owner is None or (actor.is_seat and actor.seat != owner.name):
        raise RuleError("NO_ITEM", M("No item {n} lies on your table.", n=c.item))
    to = _known_seat(s, c.to)
    if to == owner.name:
        raise RuleError("BAD_ARGUMENTS", M("Give it to another player."))
    _alive(s, to)
    if s.phase in (COMBAT, RUN) and (s.in_fight(owner.name) or s.in_fight(to)):
        raise RuleError("IN_FIGHT", M("No trading while {seat} is in a fight.", seat=owner.name if s.in_fight(owner.name) else to))
    item = owner.item(c.item)
    assert item is not None
    if item.big and not _big_item_fits(s, s.player(to)):
        raise RuleError("ONE_BIG_ITEM", M("{seat} already has a Big item in play.", seat=to))
    tx.emit(ev.ItemGiven(owner.name, c.item, to))


def sell(tx: Tx, c: cmd.Sell, actor: Viewer) -> None:
    """Seed §Gegenstände verkaufen: any time in your own turn but not in a fight, items from the table or
    the hand worth 1000 gold give 1 level, 2000 two…, no change; never the winning level (facts §2.8)."""
    s = tx.state
    PHASES.require(s.phase, DOOR, TROUBLE, CHARITY)
    seat = s.active_name
    p = s.player(seat)
    if len(set(c.items)) != len(c.items) or any(p.item(uid) is None for uid in c.items):
        raise RuleError("NO_ITEM", M("Sell items that lie on {seat}'s table, each once.", seat=seat))
    cards = [s.config.items.get(card) for card in c.cards]
    if any(card is None for card in cards):
        raise RuleError("NOT_AN_ITEM", M("Only items are sold."))
    for value in c.gold:
        _in_range(value, 0, 10_000, "gold")
    from_hand = len(c.cards) + len(c.gold)
    if not c.items and not from_hand:
        raise RuleError("NOTHING_TO_SELL", M("Say which items are sold."))
    if from_hand > p.hand:
        raise RuleError("HAND_EMPTY", M("{seat} holds {n} cards by the companion's count.", seat=seat, n=p.hand))
    values = [g.gold for g in p.gear if g.uid in c.items] + [card.gold for card in cards if card] + list(c.gold)
    gold = sum(values) + (_sold_double(s, p, values) if c.double else 0)
    levels = gold // s.config.gold_per_level
    room = s.config.winning_level - 1 - p.level
    if room <= 0:
        raise RuleError("NOT_THE_TENTH", M("Selling never gives level {win}: {seat} needs a kill.", win=s.config.winning_level, seat=seat))
    if not levels:
        raise RuleError("NOT_ENOUGH_GOLD", M("{gold} gold is not enough: a level costs {price}.", gold=gold, price=s.config.gold_per_level))
    tx.emit(ev.ItemsSold(seat, c.items, from_hand, gold, min(levels, room), doubled=c.double))
    gain_levels(tx, seat, min(levels, room), "sold", may_win=False)


def _sold_double(s: MunchkinState, p: Player, values: list[int]) -> int:
    """The Halfling: once a turn one item sells for double (the most valuable one sold: the gold it adds)."""
    if not any(r.sells_double for r in roles(s, p)):
        raise RuleError("NO_ABILITY", M("{seat} has no class or race with that ability.", seat=p.name))
    if s.doubled:
        raise RuleError("ONCE_A_TURN", M("One item a turn sells for double: {seat} has sold one.", seat=p.name))
    return max(values, default=0)


# -- classes and races -------------------------------------------------------------------------------
def become(tx: Tx, c: cmd.Become, actor: Viewer) -> None:
    """Seed §Klassen: played in your own turn or the moment it is received; at most 1 class (facts §2.9: 1 race; 2 of either with
    Super Munchkin / Half-Breed), no card twice."""
    s = tx.state
    seat = _seat_of(s, actor, c.seat)
    if seat != s.active_name and not _may_play_at_once(s, seat):
        raise RuleError("NOT_YOUR_TURN", M("A class or race is played in your own turn."))
    p = s.player(seat)
    if c.card in p.roles or c.card in p.extras:
        raise RuleError("ALREADY", M("{seat} already has {card}.", seat=seat, card=_catalogue_card(s, c.card)))
    if c.card in s.config.roles:
        kind = s.config.roles[c.card].kind
        if sum(1 for r in p.roles if s.config.roles[r].kind == kind) >= _role_limit(s, p, kind):
            raise RuleError("ROLE_LIMIT", M("{seat} has a {kind} already: drop it first.", seat=seat, kind=names.role_kind(kind)))
    else:
        special = s.config.specials.get(c.card)
        kind = {"super_munchkin": "class", "half_breed": "race"}.get(special.does if special else "", "")
        if not kind:
            raise RuleError("NOT_A_ROLE", M("{card} is not a class, a race, Super Munchkin or Half-Breed.", card=_catalogue_card(s, c.card)))
        if not any(s.config.roles[r].kind == kind for r in p.roles):
            raise RuleError("NEEDS_ROLE", M("It is played on a {kind} card: {seat} has none.", kind=names.role_kind(kind), seat=seat))
    spend_hand(tx, seat, 1)
    tx.emit(ev.RoleTaken(seat, c.card))
    put_away_unusable(tx, seat)


def use_ability(tx: Tx, c: cmd.Ability, actor: Viewer) -> None:
    """Class abilities that cost cards in a fight (the base set's cards): the Warrior's berserking (+1 a
    card) and the Cleric's turning (+3 a card against the undead), up to 3 cards a fight; the Thief's
    backstab (-2 to another player in the fight, once a fight each); the Wizard's charm (the whole hand,
    at least 3 cards: one monster leaves, its treasure drawn, no level)."""
    s = tx.state
    PHASES.require(s.phase, COMBAT)
    seat = _seat_of(s, actor, c.seat)
    per_card, role = _ability(s, seat, c.power)
    if c.power == "backstab":
        backstab(tx, seat, role, per_card, c.target)
    elif c.power == "charm":
        charm(tx, seat, role, per_card, c.monster)
    else:
        fight_discards(tx, seat, role, c.power, per_card, c)


def _ability(s: MunchkinState, seat: str, power: str) -> tuple[int, str]:
    """How much `power` gives per card for `seat`, and the class or race card that has it."""
    best = max(roles(s, s.player(seat)), key=lambda r: int(getattr(r, power)), default=None)
    if best is None or not getattr(best, power):
        raise RuleError("NO_ABILITY", M("{seat} has no class or race with that ability.", seat=seat))
    return int(getattr(best, power)), best.id


def fight_discards(tx: Tx, seat: str, role: str, power: str, per_card: int, c: cmd.Ability) -> None:
    s = tx.state
    if seat not in s.fight.fighters:
        raise RuleError("NOT_FIGHTING", M("{seat} neither fights nor helps in this fight.", seat=seat))
    if power == "turning" and not _target_monster(s, c.monster).undead:
        raise RuleError("NOT_UNDEAD", M("Turning works only against an undead monster."))
    used = sum(n for who, what, n, _target in s.fight.abilities if who == seat and what == power)
    _in_range(c.cards, 1, DISCARDS - used, "cards")
    spend_hand(tx, seat, c.cards, "ability")
    tx.emit(ev.AbilityUsed(seat, role, power, c.cards, per_card * c.cards))


def backstab(tx: Tx, seat: str, role: str, per_card: int, target: str | None) -> None:
    s = tx.state
    victim = _known_seat(s, target or "")
    if victim == seat or victim not in s.fight.fighters:
        raise RuleError("NOT_FIGHTING", M("{seat} neither fights nor helps in this fight.", seat=victim))
    if any(who == seat and what == "backstab" and hit == victim for who, what, _n, hit in s.fight.abilities):
        raise RuleError("ONCE_A_FIGHT", M("{seat} backstabs each player once a fight.", seat=seat))
    spend_hand(tx, seat, 1, "ability")
    tx.emit(ev.AbilityUsed(seat, role, "backstab", 1, -per_card, victim))


def charm(tx: Tx, seat: str, role: str, at_least: int, uid: int | None) -> None:
    s = tx.state
    if seat not in s.fight.fighters:
        raise RuleError("NOT_FIGHTING", M("{seat} neither fights nor helps in this fight.", seat=seat))
    foe = _target_monster(s, uid)
    held = s.player(seat).hand
    if held < at_least:
        raise RuleError("HAND_TOO_SMALL", M("It takes the whole hand, at least {n} cards: {seat} holds {held}.", n=at_least, seat=seat, held=held))
    spend_hand(tx, seat, held, "ability")
    tx.emit(ev.AbilityUsed(seat, role, "charm", held))
    treasures = max(0, foe.treasures + sum(e.treasures for e in foe.enhancements))
    if treasures:
        tx.emit(ev.TreasuresDrawn(seat, treasures, face_up=False))
    monster_leaves(tx, foe.uid, seat)


def set_sex(tx: Tx, c: cmd.Sex, actor: Viewer) -> None:
    """Facts §2.1: a character has the player's sex unless declared otherwise; cards may change it."""
    seat = _seat_of(tx.state, actor, c.seat)
    if tx.state.player(seat).sex == c.sex:
        raise RuleError("NO_CHANGE", M("{seat}'s character is {sex} already.", seat=seat, sex=names.sex(c.sex)))
    tx.emit(ev.SexSet(seat, c.sex))
    put_away_unusable(tx, seat)


def play(tx: Tx, c: cmd.Play, actor: Viewer) -> None:
    """A card played with `play`: one the companion applies (what it needs is named: the player, the
    monster, the item, the curse), or one whose text the table does by hand (it only leaves the hand).
    Any time, by anyone alive, unless the card says when (facts §2.11: other treasures any time)."""
    s = tx.state
    seat = _seat_of(s, actor, c.seat)
    _alive(s, seat)
    applies = card_applies(s, c.card)
    if applies is None:
        raise RuleError("HAS_A_COMMAND", M("{card} is played with its own command.", card=_catalogue_card(s, c.card)))
    if applies == "invisibility":
        raise RuleError("USE_ON_A_ROLL", M("{item} is played on a die roll, when running away.", item=names.card(s.config, c.card)))
    needs = NEEDS.get(applies, ())
    given = {"target": c.target, "monster": c.monster, "item": c.item, "curse": c.curse, "replacement": c.replacement or c.level,
             "seats": c.seats or None}
    if any(value is not None for arg, value in given.items() if arg not in needs):
        raise RuleError("BAD_ARGUMENTS", M("{card} needs nothing more than the card.", card=names.card(s.config, c.card))
                        if not needs else M("{card} needs only: {args}.", card=names.card(s.config, c.card), args=", ".join(needs)))
    if not applies:
        spend_hand(tx, seat, 1)
        tx.emit(ev.CardPlayed(seat, c.card))
        return
    _APPLIED[applies](tx, seat, c)


def card_applies(s: MunchkinState, card: str) -> str | None:
    """What playing `card` with `play` applies ("": the table does it by hand), or None: another command plays it."""
    special, item = s.config.specials.get(card), s.config.items.get(card)
    if special is not None and special.does == "other":
        return special.applies
    if item is not None and (item.by_hand or (item.one_shot and item.applies)):
        return item.applies
    return None


#: what each applied card needs besides the card (the arguments of `play`)
NEEDS: dict[str, tuple[str, ...]] = {
    "steal_level": ("target",), "transfer": ("target",), "glue": ("target", "monster"), "out_to_lunch": ("monster",), "mate": ("monster",),
    "illusion": ("monster", "replacement"), "cheat": ("item",), "lift": ("curse",), "wall": ("seats",), "borrow": ("item",),
}
#: the class Divine Intervention raises
CLERIC = "cleric"


def _played(tx: Tx, seat: str, c: cmd.Play) -> None:
    spend_hand(tx, seat, 1)
    tx.emit(ev.CardPlayed(seat, c.card))


def clerics_up(tx: Tx, seat: str, c: cmd.Play) -> None:
    """Divine Intervention (base set): every Cleric goes up a level, even to the winning one."""
    s = tx.state
    clerics = [p.name for p in s.players if CLERIC in p.roles and not p.dead]
    _played(tx, seat, c)
    for name in clerics:
        gain_levels(tx, name, 1, "card", may_win=True)
    winners = tuple(p.name for p in tx.state.players if p.level >= s.config.winning_level)
    if winners:
        tx.emit(ev.GameWon(winners))


def hoard(tx: Tx, seat: str, c: cmd.Play) -> None:
    """Hoard! (base set): draw 3 more treasures face down."""
    _played(tx, seat, c)
    tx.emit(ev.TreasuresDrawn(seat, 3, face_up=False))


def dowse(tx: Tx, seat: str, c: cmd.Play) -> None:
    """Wand of Dowsing (base set): take any card from the discards into the hand."""
    _played(tx, seat, c)
    tx.emit(ev.HandChanged(seat, +1, "discards"))


def steal_level(tx: Tx, seat: str, c: cmd.Play) -> None:
    """Steal a Level (base set): another player loses a level (never below 1, facts §2.7), the thief
    gains one; like a Go Up a Level it never gives the winning level (facts §2.1)."""
    s = tx.state
    victim = _known_seat(s, c.target or "")
    if victim == seat:
        raise RuleError("BAD_ARGUMENTS", M("Steal it from another player."))
    _alive(s, victim)
    if s.player(victim).level <= 1:
        raise RuleError("NO_LEVEL", M("{seat} is at level 1: no level to steal.", seat=victim))
    if s.player(seat).level + 1 >= s.config.winning_level:
        raise RuleError("NOT_THE_TENTH", M("Go Up a Level never gives level {win}: {seat} needs a kill.", win=s.config.winning_level, seat=seat))
    _played(tx, seat, c)
    lose_levels(tx, victim, 1, "stolen")
    gain_levels(tx, seat, 1, "stolen", may_win=False)


def lift_with_card(tx: Tx, seat: str, c: cmd.Play) -> None:
    """Wishing Ring (base set): any curse is cancelled; here, one in effect on a player is lifted."""
    s = tx.state
    lasting = [(p.name, k.uid) for p in s.players for k in p.curses]
    if c.curse is None and len(lasting) != 1:
        raise RuleError("WHICH_CURSE", M("Say which curse is lifted (its number).") if lasting else M("No curse is in effect on anyone."))
    uid = c.curse if c.curse is not None else lasting[0][1]
    victim = next((name for name, k in lasting if k == uid), None)
    if victim is None:
        raise RuleError("NO_CURSE", M("No curse {n} is in effect.", n=uid))
    _played(tx, seat, c)
    tx.emit(ev.CurseLifted(victim, uid))


def cheat(tx: Tx, seat: str, c: cmd.Play) -> None:
    """Cheat! (base set; facts §2.8: it breaks the limits): an item of the player's in play is equipped
    even where the slots or its restrictions forbid it."""
    s = tx.state
    if c.item is None:
        raise RuleError("WHICH_ITEM", M("Say which item of {seat}'s it is played on.", seat=seat))
    item = _own_item(s, seat, c.item)
    if item.extra == "cheat":
        raise RuleError("ALREADY", M("{seat} already has {card}.", seat=seat, card=names.card(s.config, c.card)))
    if item.one_shot:
        raise RuleError("NOT_EQUIPPABLE", M("{item} is used once, not worn.", item=item.name))
    _played(tx, seat, c)
    tx.emit(ev.ItemBeyondRules(seat, item.uid, "cheat"))


def _fight_card(tx: Tx) -> None:
    PHASES.require(tx.state.phase, COMBAT)


def borrow(tx: Tx, seat: str, c: cmd.Play) -> None:
    """Help Me Out Here! (base set): in the player's own fight, an item another player has in play is
    taken and used: it changes hands and is equipped (where its slot and restrictions allow)."""
    _fight_card(tx)
    s = tx.state
    if seat != s.fight.fighter:
        raise RuleError("NOT_FIGHTING", M("Only {seat}, who fights, plays {card}.", seat=s.fight.fighter, card=names.card(s.config, c.card)))
    if c.item is None:
        raise RuleError("WHICH_ITEM", M("Say which item of another player's {seat} takes.", seat=seat))
    owner = s.owner_of(c.item)
    if owner is None or owner.name == seat:
        raise RuleError("NO_ITEM", M("No item {n} lies on another player's table.", n=c.item))
    item = owner.item(c.item)
    assert item is not None
    fighter = s.player(seat)
    if item.one_shot:
        raise RuleError("NOT_EQUIPPABLE", M("{item} is used once, not worn.", item=item.name))
    why = unusable_because(s, item, fighter)
    if why is not None:
        raise RuleError("NOT_USABLE", not_usable(s, seat, item, why))
    if item.big and not _big_item_fits(s, fighter):
        raise RuleError("ONE_BIG_ITEM", M("{seat} already has a Big item in play.", seat=seat))
    if not slot_free(fighter, item):
        raise RuleError("SLOT_TAKEN", M("No free {slot} slot for {item}: put something in the backpack first.", slot=names.slot(item.slot), item=item.name))
    _played(tx, seat, c)
    tx.emit(ev.ItemGiven(owner.name, item.uid, seat), ev.ItemEquipped(seat, item.uid))


def out_to_lunch(tx: Tx, seat: str, c: cmd.Play) -> None:
    """Out to Lunch (base set): a monster leaves the fight; the fighter draws 2 treasures face down, no level."""
    _fight_card(tx)
    foe, fighter = _target_monster(tx.state, c.monster), tx.state.fight.fighter
    _played(tx, seat, c)
    tx.emit(ev.TreasuresDrawn(fighter, 2, face_up=False))
    monster_leaves(tx, foe.uid, seat)


def mate(tx: Tx, seat: str, c: cmd.Play) -> None:
    """Mate (base set): a second monster just like it joins, with the enhancers played on it so far
    (facts §2.12), and the enhancers played later count on both; killed, both give their levels and treasures."""
    _fight_card(tx)
    foe = _target_monster(tx.state, c.monster)
    _played(tx, seat, c)
    uid = tx.state.next_uid
    appear(tx, NewMonster(foe.card, foe.name, foe.level, foe.treasures, foe.levels), seat, wandering=False, mate_of=foe.uid)
    for e in foe.enhancements:
        tx.emit(ev.MonsterEnhanced(uid, e.by, e.card, e.name, e.bonus, e.treasures))


def illusion(tx: Tx, seat: str, c: cmd.Play) -> None:
    """Illusion (base set): a monster leaves the fight, and one from the player's hand takes its place."""
    _fight_card(tx)
    s = tx.state
    foe = _target_monster(s, c.monster)
    if c.replacement is None and c.level is None:
        raise RuleError("LEVEL_NEEDED", M("Say which monster from the hand takes its place (or its level)."))
    new = _monster(s, cmd.MonsterArgs(card=c.replacement, level=c.level))
    spend_hand(tx, seat, 2)  # the Illusion and the monster
    tx.emit(ev.CardPlayed(seat, c.card), ev.MonsterRemoved(foe.uid, seat))
    appear(tx, new, seat, wandering=False)


def transfer(tx: Tx, seat: str, c: cmd.Play) -> None:
    """Transferral Potion (base set): another player fights the monsters instead (the table names who);
    a helper leaves with the old fighter."""
    _fight_card(tx)
    s = tx.state
    to = _known_seat(s, c.target or "")
    if to == s.fight.fighter:
        raise RuleError("BAD_ARGUMENTS", M("{seat} fights already: name another player.", seat=to))
    _alive(s, to)
    _played(tx, seat, c)
    tx.emit(ev.FightTransferred(to))


def double(tx: Tx, seat: str, c: cmd.Play) -> None:
    """Doppleganger (base set): the fighter's combat strength counts twice in this fight, not with a helper."""
    _fight_card(tx)
    s = tx.state
    fight = s.fight
    if seat != fight.fighter:
        raise RuleError("NOT_FIGHTING", M("Only {seat}, who fights, doubles their own strength.", seat=fight.fighter))
    if fight.helper is not None:
        raise RuleError("NOT_WITH_HELP", M("{card} works only without a helper.", card=names.card(s.config, c.card)))
    spend_hand(tx, seat, 1)
    tx.emit(ev.PlayersBoosted(seat, c.card, s.config.items[c.card].name, strength(s, seat)))


def wall(tx: Tx, seat: str, c: cmd.Play) -> None:
    """Instant Wall (base set): up to two players running away escape without rolling."""
    s = tx.state
    PHASES.require(s.phase, RUN)
    due = list(dict.fromkeys(who for who, _uid in s.fight.to_roll))
    chosen = list(dict.fromkeys(c.seats)) or due
    if len(chosen) > 2 or not set(chosen) <= set(due):
        raise RuleError("BAD_ARGUMENTS", M("Up to two of those still to roll: {seats}.", seats=", ".join(due)))
    _played(tx, seat, c)
    for who, uid in s.fight.to_roll:
        if who in chosen:
            tx.emit(ev.Escaped(who, uid, None, 0, auto=True, card=c.card))


def glue(tx: Tx, seat: str, c: cmd.Play) -> None:
    """Flask of Glue (base set): a player who escaped must roll again against that monster (while the
    run lasts: once the last roll is made the monsters are gone)."""
    s = tx.state
    PHASES.require(s.phase, RUN)
    escaped = [(r.seat, r.uid) for r in s.fight.rolls if r.escaped and (r.seat, r.uid) not in s.fight.to_roll]
    fitting = [(who, uid) for who, uid in escaped if c.target in (None, who) and c.monster in (None, uid)]
    if not fitting:
        raise RuleError("NOBODY_ESCAPED", M("Nobody who escaped is to roll again."))
    who, uid = fitting[-1]
    _played(tx, seat, c)
    tx.emit(ev.RollAgain(who, uid))


_APPLIED: dict[str, Callable[[Tx, str, cmd.Play], None]] = {
    "clerics_up": clerics_up, "hoard": hoard, "dowse": dowse, "steal_level": steal_level, "lift": lift_with_card, "cheat": cheat,
    "out_to_lunch": out_to_lunch, "mate": mate, "illusion": illusion, "transfer": transfer, "double": double, "wall": wall, "glue": glue,
    "borrow": borrow,
}


def _role_limit(s: MunchkinState, p: Player, kind: str) -> int:
    extra = {"class": "super_munchkin", "race": "half_breed"}[kind]
    return 2 if any(s.config.specials[x].does == extra for x in p.extras) else 1


def drop(tx: Tx, c: cmd.Drop, actor: Viewer) -> None:
    """Facts §2.9: a class or race may be discarded any time, even in a fight; Super Munchkin and
    Half-Breed go with the last card they were played on."""
    s = tx.state
    seat = _seat_of(s, actor, c.seat)
    p = s.player(seat)
    if c.card not in p.roles and c.card not in p.extras:
        raise RuleError("NOT_YOURS", M("{seat} has no {card}.", seat=seat, card=names.card(s.config, c.card, c.card)))
    if c.card in p.extras:
        kind = "class" if s.config.specials[c.card].does == "super_munchkin" else "race"
        if sum(1 for r in p.roles if s.config.roles[r].kind == kind) > 1:
            raise RuleError("DROP_ONE_FIRST", M("With two {kind} cards, drop one of them first.", kind=names.role_kind(kind)))
    drop_role(tx, seat, c.card)


def drop_role(tx: Tx, seat: str, card: str) -> None:
    tx.emit(ev.RoleLost(seat, card))
    s = tx.state
    p = s.player(seat)
    role = s.config.roles.get(card)
    if role is None:
        return
    extra = {"class": "super_munchkin", "race": "half_breed"}[role.kind]
    if not any(s.config.roles[r].kind == role.kind for r in p.roles):
        for x in p.extras:
            if s.config.specials[x].does == extra:
                tx.emit(ev.RoleLost(seat, x))
    put_away_unusable(tx, seat)


def lift(tx: Tx, c: cmd.Lift, actor: Viewer) -> None:
    s = tx.state
    seat = _known_seat(s, c.seat)
    if actor.is_seat and actor.seat != seat:
        raise RuleError("NOT_YOURS", M("The cursed player, or the table, lifts a curse."))
    if all(curse.uid != c.curse for curse in s.player(seat).curses):
        raise RuleError("NO_CURSE", M("No curse {n} lies on {seat}.", n=c.curse, seat=seat))
    tx.emit(ev.CurseLifted(seat, c.curse))


# -- the steps nobody decides ---------------------------------------------------------------------------
def advance(tx: Tx) -> None:
    """The end of a run (all rolled: the monsters are discarded, facts §2.5), looting the bodies, and the
    end of a dead player's turn."""
    while tx.state.status == "playing" and tx.state.owed is None:
        s = tx.state
        if s.phase == RUN and not s.fight.to_roll:
            tx.emit(ev.CombatEnded("ran"), ev.PhaseEntered(LOOT if s.bodies else CHARITY))
        elif s.phase == LOOT and s.bodies and (s.bodies[0].empty or not looters(s, s.bodies[0])):
            tx.emit(ev.BodyCleared(s.bodies[0].seat))
        elif s.phase == LOOT and not s.bodies:
            if s.player(s.active_name).dead:
                finish_turn(tx)
            else:
                tx.emit(ev.PhaseEntered(CHARITY))
        else:
            return


# -- checks and small helpers ----------------------------------------------------------------------------
def spend_hand(tx: Tx, seat: str, n: int, why: str = "played") -> None:
    """Cards played come out of the hand the companion counts."""
    held = tx.state.player(seat).hand
    if held < n:
        raise RuleError("HAND_EMPTY", M("By the companion's count {seat} holds {held} cards, and this takes {n}; correct the count if it is wrong.",
                                        seat=seat, held=held, n=n))
    tx.emit(ev.HandChanged(seat, -n, why))


def _monster(s: MunchkinState, a: cmd.MonsterArgs) -> NewMonster:
    if a.card is not None:
        card = s.config.monsters.get(a.card)
        if card is None:
            raise RuleError("NOT_A_MONSTER", M("{card} is not a monster.", card=_catalogue_card(s, a.card)))
        if (a.level, a.treasures, a.levels) != (None, None, None):
            raise RuleError("BAD_ARGUMENTS", M("A catalogue card brings its own numbers."))
        return NewMonster(card.id, card.name, card.level, card.treasures, card.levels)
    if a.level is None:
        raise RuleError("LEVEL_NEEDED", M("Say the monster's level (and its treasures), or which card it is."))
    _in_range(a.level, 0, 100, "level")
    treasures = 1 if a.treasures is None else a.treasures
    levels = 1 if a.levels is None else a.levels
    _in_range(treasures, 0, 10, "treasures")
    _in_range(levels, 0, 5, "levels")
    return NewMonster(None, _name(a.name), a.level, treasures, levels)


def _no_monster_numbers(c: cmd.Kick) -> None:
    if (c.level, c.treasures, c.levels) != (None, None, None):
        raise RuleError("BAD_ARGUMENTS", M("Level and treasures are a monster's."))


def _target_monster(s: MunchkinState, uid: int | None) -> Foe:
    foes = s.fight.foes
    if uid is None:
        if len(foes) > 1:
            raise RuleError("WHICH_MONSTER", M("Several monsters fight: say which one (by its number)."))
        return foes[0]
    foe = s.fight.foe(uid)
    if foe is None:
        raise RuleError("NO_MONSTER", M("No monster {n} is in this fight.", n=uid))
    return foe


def _catalogue_card(s: MunchkinState, card_id: str) -> str:
    card = s.config.card(card_id)
    if card is None:
        raise RuleError("UNKNOWN_CARD", M("No card \"{card}\" is in the catalogue: type its numbers instead.", card=card_id))
    return card.name


def _typed_bonus(bonus: int | None, limit: int) -> int:
    if bonus is None:
        raise RuleError("BONUS_NEEDED", M("Say which card it is, or type its bonus."))
    _in_range(bonus, -limit, limit, "bonus")
    return bonus


def _name(name: str | None) -> str:
    return " ".join(name.split())[:40] if name else ""


def _in_range(value: int, low: int, high: int, arg: str) -> None:
    if not low <= value <= high:
        raise RuleError("BAD_ARGUMENTS", M("\"{arg}\" must be {low} to {high}.", arg=arg, low=low, high=high))


def _face(value: int | None, arg: str) -> int:
    if value is None or not 1 <= value <= 6:
        raise RuleError("BAD_DIE", M("\"{arg}\" must be a face of the die, 1 to 6.", arg=arg))
    return value


def _own_item(s: MunchkinState, seat: str, uid: int) -> Gear:
    item = s.player(seat).item(uid)
    if item is None:
        raise RuleError("NO_ITEM", M("No item {n} lies on {seat}'s table.", n=uid, seat=seat))
    return item


def _turn_item(s: MunchkinState, uid: int) -> tuple[str, Gear]:
    """An item of the player whose turn it is, outside a fight (seed §Gegenstände)."""
    PHASES.require(s.phase, DOOR, TROUBLE, CHARITY)
    return s.active_name, _own_item(s, s.active_name, uid)


def _known_seat(s: MunchkinState, name: str) -> str:
    if not s.has(name):
        raise RuleError("UNKNOWN_SEAT", M("There is no player \"{seat}\".", seat=name))
    return name


def _alive(s: MunchkinState, name: str) -> None:
    if s.player(name).dead:
        raise RuleError("DEAD", M("{seat} is dead until the next turn starts.", seat=name))


def _seat_of(s: MunchkinState, actor: Viewer, seat: str | None) -> str:
    """Who plays a card: a seat plays for itself; the table for `seat`, else the seat whose turn it is."""
    if actor.is_seat:
        if seat is not None and seat != actor.seat:
            raise RuleError("NOT_YOURS", M("A seat plays its own cards; {seat} plays from its own seat or the table.", seat=seat))
        return _known_seat(s, actor.seat or "")
    return _known_seat(s, seat) if seat is not None else s.active_name


def _may_play_at_once(s: MunchkinState, seat: str) -> bool:
    """Seed §Gegenstände, §Klassen: an item or class may also be played "the moment you receive it"
    (a helper's treasures, a looted card), out of a fight."""
    return s.player(seat).received > 0 and not s.in_fight(seat)


def _mine_or_received(s: MunchkinState, actor: Viewer, seat: str | None, *phases: str) -> str:
    """The seat playing an item: the one whose turn it is (in these phases), or one playing a card it just received."""
    who = _seat_of(s, actor, seat)
    if who != s.active_name and _may_play_at_once(s, who):
        return who
    PHASES.require(s.phase, *phases)
    if who != s.active_name:
        raise not_your_turn(s.active_name)
    return who


def _fighter_or_table(s: MunchkinState, actor: Viewer) -> None:
    if actor.is_seat and actor.seat != s.fight.fighter:
        raise RuleError("NOT_YOURS", M("{seat} decides how the fight ends.", seat=s.fight.fighter))


_HANDLERS: dict[type[Command], Callable[[Tx, Any, Viewer], None]] = {
    cmd.Kick: kick,
    cmd.Trouble: look_for_trouble,
    cmd.Loot: loot,
    cmd.Helper: helper,
    cmd.Enhance: enhance,
    cmd.OneShot: one_shot,
    cmd.Wander: wander,
    cmd.Remove: remove,
    cmd.Fight: kill,
    cmd.Run: run_away,
    cmd.Roll: roll,
    cmd.Lose: lose,
    cmd.Take: take,
    cmd.EndTurn: end_turn,
    cmd.Curse: curse,
    cmd.GoUp: go_up,
    cmd.Adjust: adjust,
    cmd.Hand: count_hand,
    cmd.PlayItem: play_item,
    cmd.Equip: equip,
    cmd.Unequip: unequip,
    cmd.Discard: discard,
    cmd.Give: give,
    cmd.Sell: sell,
    cmd.Become: become,
    cmd.Ability: use_ability,
    cmd.Play: play,
    cmd.Sex: set_sex,
    cmd.Drop: drop,
    cmd.Lift: lift,
}
