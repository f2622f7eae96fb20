"""What each viewer sees of a Munchkin game, derived from state alone.

- `view(state, viewer)`: the players (level, combat strength, classes and races, gear, curses, the
  number of cards in hand), the fight (monsters, helper, the cards from each side, the two totals,
  who is winning), the run-away rolls, the bodies to loot. Nothing is secret: the hands stay in the
  players' hands, so every viewer gets the same fields.
- `turn`, `seats`: the typed turn (whose turn, the phase, who may act now, the winners) and the players.
- `ring`: every seat's level in its colour; during a fight, the players' and the monsters' strength
  as two arcs; a flash on a kill or a death.
- `prompt`, `describe`, `announcements`: the phase and what is allowed; the undo-list line of a step;
  what the table must hear (a fight's standing, escaped or caught, a kill, a death, level 9).
- `odds`: an analysis computed when asked: the standing ("needs +3") and the exact escape chances;
  `catalogue`: the cards this game knows, with their numbers.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from companion.contract import Result, Seat, Turn, Viewer
from companion.games.munchkin import events as ev
from companion.games.munchkin import names
from companion.games.munchkin.config import Effect
from companion.games.munchkin.phases import CHARITY, COMBAT, DOOR, LOOT, PHASES, RUN, TROUBLE
from companion.games.munchkin.reckon import (
    Standing,
    counts,
    escape_chance,
    hand_limit,
    lets_go,
    may_sell_double,
    monster_strength,
    run_bonus,
    standing,
    strength,
)
from companion.games.munchkin.rules import loss_candidates, lowest_others, next_looters
from companion.games.munchkin.state import Foe, Gear, MunchkinState, Player, evolve
from companion.messages import M, P, Text, joined, render
from companion.odds import percent
from companion.palette import SEAT_COLOURS
from companion.records import Event
from companion.ring import Alert, Blank, Counter, Counters, RingView, SeatLevels

assert {p.id for p in PHASES} == {DOOR, TROUBLE, COMBAT, RUN, LOOT, CHARITY}


# -- the contract's typed parts ---------------------------------------------------------------------
def seats(s: MunchkinState) -> tuple[Seat, ...]:
    return tuple(Seat(name, name) for name in s.names)


def turn(s: MunchkinState) -> Turn:
    if s.status == "setup":
        return Turn("setup")
    if s.status == "over":
        return Turn("over", result=Result(s.winners, _ending(s)))
    return Turn("playing", s.phase, acting(s))


def acting(s: MunchkinState) -> tuple[str, ...]:
    """Who is expected to act now (anyone may still play cards into a fight)."""
    if s.owed is not None:
        return (s.owed.picker,)
    if s.phase == COMBAT:
        return s.fight.fighters
    if s.phase == RUN:
        return tuple(dict.fromkeys(seat for seat, _uid in s.fight.to_roll))
    if s.phase == LOOT and s.bodies:
        return tuple(next_looters(s, s.bodies[0]))
    return (s.active_name,)


def _ending(s: MunchkinState) -> Text:
    return P("{names} reaches level {level} and wins!", "{names} reach level {level} and win together!",
             n=len(s.winners), names=" & ".join(s.winners), level=s.config.winning_level)


def view(s: MunchkinState, viewer: Viewer) -> dict[str, Any]:
    c = s.config
    return {
        "players": [_player(s, p, i) for i, p in enumerate(s.players)],
        "active": s.active_name or None,
        "winning_level": c.winning_level,
        "escape_on": c.escape_on,
        "gold_per_level": c.gold_per_level,
        "combat": _combat(s) if s.combat is not None else None,
        "owed": _owed(s),
        "bodies": [{"seat": b.seat, "items": [_gear(s, s.player(b.seat), g) for g in b.gear], "hand": b.hand,
                    "next": next_looters(s, b)} for b in s.bodies],
        "charity": _charity(s),
        "winners": list(s.winners),
        "last_die": s.last_die,
        #: the player whose turn it is may still sell one item for double this turn (the Halfling)
        "sells_double": bool(s.names) and may_sell_double(s, s.player(s.active_name)),
    }


def _player(s: MunchkinState, p: Player, index: int) -> dict[str, Any]:
    c = s.config
    return {
        "name": p.name,
        "level": p.level,
        "strength": strength(s, p.name),
        "hand": p.hand,
        "hand_limit": hand_limit(s, p),
        "dead": p.dead,
        "active": index == s.active,
        "colour": SEAT_COLOURS[index % len(SEAT_COLOURS)],
        "classes": [{"id": r, "name": render(names.card(c, r))} for r in p.roles if c.roles[r].kind == "class"],
        "races": [{"id": r, "name": render(names.card(c, r))} for r in p.roles if c.roles[r].kind == "race"],
        "sex": p.sex,
        "extras": [{"id": x, "name": render(names.card(c, x))} for x in p.extras],
        "gear": [_gear(s, p, g) for g in p.gear],
        "gold": sum(g.gold for g in p.gear),
        "curses": [{"uid": k.uid, "name": render(names.curse(c, k.card, k.name)), "combat": k.combat, "run": k.run} for k in p.curses],
    }


def _gear(s: MunchkinState, p: Player, g: Gear) -> dict[str, Any]:
    return {"uid": g.uid, "name": render(names.item(s.config, g.card, g.name)), "card": g.card, "bonus": g.bonus, "slot": g.slot,
            "big": g.big, "gold": g.gold, "one_shot": g.one_shot, "equipped": g.equipped, "counts": counts(s, g, p), "run": g.run,
            "sets_die": g.sets_die, "extra": g.extra}


def _combat(s: MunchkinState) -> dict[str, Any]:
    fight, now = s.fight, standing(s)
    return {
        "fighter": fight.fighter,
        "helper": fight.helper,
        "bribe": fight.bribe,
        "how": fight.how,
        "monsters": [_foe(s, foe) for foe in fight.foes],
        "boosts": [{"by": b.by, "name": render(names.enhancer(s.config, b.card, b.name)), "bonus": b.bonus} for b in fight.boosts],
        "fighters": [{"name": name, "strength": strength(s, name)} for name in fight.fighters],
        "players_strength": now.players,
        "monsters_strength": now.monsters,
        "winning": now.winning,
        "needs": now.needs,
        "ties_win": now.ties_win,
        "treasures": sum(max(0, f.treasures + sum(e.treasures for e in f.enhancements)) for f in fight.foes),
        "levels": sum(f.levels for f in fight.foes),
        "to_roll": [{"seat": seat, "monster": uid} for seat, uid in fight.to_roll],
        "rolls": [{"seat": r.seat, "monster": r.uid, "die": r.die, "bonus": r.bonus, "escaped": r.escaped, "auto": r.auto,
                   "loaded": r.loaded} for r in fight.rolls],
    }


def _foe(s: MunchkinState, foe: Foe) -> dict[str, Any]:
    c = s.config
    return {
        "uid": foe.uid, "name": render(names.monster(c, foe.card, foe.name, foe.level)), "card": foe.card, "level": foe.level,
        "strength": monster_strength(s, foe), "treasures": foe.treasures, "levels": foe.levels, "by": foe.by, "wandering": foe.wandering,
        "enhancers": [{"by": e.by, "name": render(names.enhancer(c, e.card, e.name)), "bonus": e.bonus, "treasures": e.treasures}
                      for e in foe.enhancements],
        "bonus_against": {render(names.card(c, role)): n for role, n in foe.bonus},
        "run": foe.run, "wont_pursue": foe.wont_pursue,
        "bad_stuff": render(effect_text(foe.bad_stuff)) if foe.bad_stuff is not None else None,
        "text": foe.text,
    }


def _owed(s: MunchkinState) -> dict[str, Any] | None:
    if s.owed is None:
        return None
    o = s.owed
    p = s.player(o.seat)
    choices = [{"id": thing, "name": render(names.card(s.config, thing)) if isinstance(thing, str)
                else next(render(names.item(s.config, g.card, g.name)) for g in p.gear if g.uid == thing)}
               for thing in loss_candidates(s, o.seat, o.lose)]
    return {"seat": o.seat, "chooser": o.picker, "source": o.source, "lose": o.lose, "count": o.count, "choices": choices,
            "cards": p.hand if o.lose == "things" else 0}


def _charity(s: MunchkinState) -> dict[str, Any] | None:
    """What the end of the turn will ask: how many cards are too many, and who gets them."""
    if s.phase != CHARITY:
        return None
    p = s.player(s.active_name)
    excess = p.hand - hand_limit(s, p)
    return {"excess": max(0, excess), "to": lowest_others(s, p) if excess > 0 else []}


def catalogue(s: MunchkinState, viewer: Viewer | None = None) -> dict[str, list[dict[str, Any]]]:
    """The cards this game knows (the catalogue and the table's own), by kind, with the numbers a
    player checks: an analysis, asked by a screen or a client when it needs it, not sent in every view."""
    c = s.config
    return {
        "monsters": [{"id": m.id, "name": render(names.card(c, m.id)), "level": m.level, "treasures": m.treasures, "levels": m.levels,
                      "bad_stuff": render(effect_text(m.bad_stuff)), "text": m.text} for m in c.monsters.values()],
        "enhancers": [{"id": e.id, "name": render(names.card(c, e.id)), "bonus": e.bonus, "treasures": e.treasures} for e in c.enhancers.values()],
        "items": [{"id": i.id, "name": render(names.card(c, i.id)), "bonus": i.bonus, "slot": i.slot, "big": i.big, "gold": i.gold,
                   "one_shot": i.one_shot, "sets_die": i.sets_die, "text": i.text} for i in c.items.values()],
        "curses": [{"id": k.id, "name": render(names.card(c, k.id)), "effect": render(effect_text(k.effect)), "text": k.text}
                   for k in c.curses.values()],
        "roles": [{"id": r.id, "name": render(names.card(c, r.id)), "kind": r.kind, "text": r.text} for r in c.roles.values()],
        "specials": [{"id": x.id, "name": render(names.card(c, x.id)), "does": x.does, "text": x.text} for x in c.specials.values()],
    }


def effect_text(e: Effect) -> Text:
    """"Lose your armour; without armour, lose 2 levels." as the card says it."""
    if e.death:
        return M("Death.")
    parts: list[Text] = []
    if e.levels:
        parts.append(P("Lose {n} level.", "Lose {n} levels.", n=e.levels))
    if e.roll == "levels":
        parts.append(P("Roll a die: {n} or less kills, else lose that many levels.", "Roll a die: {n} or less kills, else lose that many levels.",
                       n=e.roll_death) if e.roll_death else M("Roll a die: lose that many levels."))
    elif e.roll == "things":
        parts.append(M("Roll a die: lose that many items or cards of the hand, your choice."))
    if e.cards_to == "others":
        parts.append(M("Each other player takes a card of your hand, highest level first."))
    elif e.whole_hand:
        parts.append(M("Lose the whole hand."))
    elif e.cards and e.cards_to == "left_right":
        parts.append(P("Lose {n} card of the hand: the player to the left takes it.",
                       "Lose {n} cards of the hand: the players to the left and to the right take them.", n=e.cards))
    elif e.cards:
        parts.append(P("Lose {n} card of the hand.", "Lose {n} cards of the hand.", n=e.cards))
    if e.lose != "nothing":
        parts.append(M("Lose {what}.", what=names.loss(e.lose)) if e.count == 1 else
                     M("Lose {n} of these: {what}.", n=e.count, what=names.loss(e.lose)))
        if e.chooser == "left_right":
            parts.append(M("The players to the left and to the right pick them."))
        if e.or_levels:
            parts.append(P("If you have none, lose {n} level.", "If you have none, lose {n} levels.", n=e.or_levels))
    if e.combat:
        parts.append(M("{n:+d} in combat while in effect.", n=e.combat))
    if e.run:
        parts.append(M("{n:+d} to run away while in effect.", n=e.run))
    return joined(parts) if parts else M("Nothing the companion does: as the card says.")


# -- the ring -------------------------------------------------------------------------------------------
def ring(s: MunchkinState) -> RingView:
    """Levels 1-10 round the ring in the seats' colours; a fight as two arcs, players against monsters:
    the players' white (the rest of its arc faintly in the fighter's colour), the monsters' red, so
    that the two never look alike, whatever the fighter's seat colour."""
    if s.status == "setup":
        return Blank()
    if s.combat is not None and s.phase in (COMBAT, RUN):
        now = standing(s)
        top = max(now.players, now.monsters, 1)
        fighter = SEAT_COLOURS[s.names.index(s.fight.fighter) % len(SEAT_COLOURS)]
        return Counters((Counter(max(0, now.players), top, "marker", faint=fighter), Counter(max(0, now.monsters), top, "danger")),
                        alert=Alert("pulse", "danger", period_ms=1500) if not now.winning and s.phase == COMBAT else None)
    alert = None
    if s.status == "over":
        alert = Alert("spin", "gold", period_ms=1500)
    elif s.flash == "kill":
        alert = Alert("flash", "gold", count=3)
    elif s.flash == "death":
        alert = Alert("flash", "danger", count=3)
    return SeatLevels(tuple(p.level for p in s.players), maximum=s.config.winning_level, active=s.active,
                      colours=SEAT_COLOURS[:len(s.players)] if len(s.players) <= len(SEAT_COLOURS) else SEAT_COLOURS, alert=alert)


# -- odds, on request -------------------------------------------------------------------------------------
def odds(s: MunchkinState, viewer: Viewer | None = None) -> dict[str, Any]:
    """The fight's standing ("needs +3") and, for each fighter and monster, the exact chance to escape
    (seed §Weglaufen: one d6 plus the modifiers in play reaching `escape_on`; a monster that won't
    pursue lets go). In a fight: what running away would mean; while running: the rolls still due."""
    if s.combat is None or s.phase not in (COMBAT, RUN):
        return {"fight": None, "escape": [], "escape_all": {}}
    fight = s.fight
    now = standing(s)
    pairs = fight.to_roll if s.phase == RUN else tuple((seat, foe.uid) for seat in fight.fighters for foe in fight.foes)
    escape = []
    every: dict[str, Fraction] = {}
    for seat, uid in pairs:
        foe = fight.foe(uid)
        assert foe is not None
        p = escape_chance(s, seat, foe)
        every[seat] = every.get(seat, Fraction(1)) * p
        bonus = run_bonus(s, seat, foe)
        escape.append({"seat": seat, "monster": uid, "name": render(names.monster(s.config, foe.card, foe.name, foe.level)),
                       "bonus": bonus, "need": max(1, s.config.escape_on - bonus), "chance": str(p), "percent": percent(p),
                       "auto": lets_go(foe, s.player(seat))})
    return {"fight": _standing_json(now), "escape": escape, "escape_all": {seat: percent(p) for seat, p in every.items()}}


def _standing_json(now: Standing) -> dict[str, Any]:
    return {"players": now.players, "monsters": now.monsters, "winning": now.winning, "needs": now.needs,
            "margin": now.players - now.monsters, "ties_win": now.ties_win}


# -- the prompt -------------------------------------------------------------------------------------------
def prompt(s: MunchkinState, viewer: Viewer | None = None) -> Text:
    if s.status == "setup":
        return M("Start the game: name 3 to 6 players in turn order.")
    if s.status == "over":
        return _ending(s)
    if s.owed is not None:
        o = s.owed
        if o.picker != o.seat:
            return M("{chooser} chooses what {source} takes from {seat}: {what}.", chooser=o.picker, seat=o.seat, what=names.loss(o.lose),
                     source=o.source)
        return M("{seat} chooses what {source} takes: {what}.", seat=o.seat, what=names.loss(o.lose), source=o.source)
    return _PROMPTS[s.phase](s, s.active_name)


def _door(s: MunchkinState, seat: str) -> Text:
    return M("Phase 1, {seat}: kick open the door and say what is behind it. Before that you may equip, sell, trade and play classes or races.",
             seat=seat)


def _trouble(s: MunchkinState, seat: str) -> Text:
    return M("Phase 2, {seat}: no monster. Look for trouble (fight a monster from your hand) or loot the room.", seat=seat)


def _fighting(s: MunchkinState, seat: str) -> Text:
    return joined([M("{seat} fights {monsters}.", seat=seat, monsters=_foe_names(s)), standing_text(s),
                   M("Anyone may play cards; then {seat} kills or runs away.", seat=seat)])


def _running(s: MunchkinState, seat: str) -> Text:
    who, uid = s.fight.to_roll[0]
    foe = s.fight.foe(uid)
    assert foe is not None
    need = max(1, s.config.escape_on - run_bonus(s, who, foe))
    return M("{seat} runs from {monster}: roll a die, {need} or more escapes.", seat=who, monster=_foe_name(s, foe), need=need)


def _looting(s: MunchkinState, seat: str) -> Text:
    body = s.bodies[0]
    return M("{dead} is dead. {looters}: take one card from the body (highest level first).", dead=body.seat,
             looters=" / ".join(next_looters(s, body)))


def _giving(s: MunchkinState, seat: str) -> Text:
    p = s.player(seat)
    excess = p.hand - hand_limit(s, p)
    text: list[Text] = [M("Phase 4, {seat}: sell or equip, then end the turn.", seat=seat)]
    if excess > 0:
        to = lowest_others(s, p)
        text.append(P("{n} card too many goes to {to}.", "{n} cards too many go to {to}.", n=excess, to=", ".join(to)) if to
                    else P("{n} card too many is discarded.", "{n} cards too many are discarded.", n=excess))
    return joined(text)


_PROMPTS: dict[str, Callable[[MunchkinState, str], Text]] = {
    DOOR: _door, TROUBLE: _trouble, COMBAT: _fighting, RUN: _running, LOOT: _looting, CHARITY: _giving}


def standing_text(s: MunchkinState) -> Text:
    """"The monster is 3 stronger." / "Anna wins by 2." as the ring shows it."""
    now = standing(s)
    fighter = s.fight.fighter
    many = len(s.fight.foes) > 1
    if now.players == now.monsters:
        return M("Tied: {seat} wins the tie.", seat=fighter) if now.ties_win else (
            M("Tied: the monsters win ties.") if many else M("Tied: the monster wins ties."))
    if now.winning:
        return M("{seat} wins by {n}.", seat=fighter, n=now.players - now.monsters)
    gap = now.monsters - now.players
    return M("The monsters are {n} stronger.", n=gap) if many else M("The monster is {n} stronger.", n=gap)


def _foe_name(s: MunchkinState, foe: Foe) -> Text:
    return names.monster(s.config, foe.card, foe.name, foe.level)


def _monster_named(s: MunchkinState, uid: int) -> Text:
    foe = s.combat.foe(uid) if s.combat else None
    return _foe_name(s, foe) if foe else str(uid)


def _foe_names(s: MunchkinState) -> Text:
    return joined([_foe_name(s, f) for f in s.fight.foes], " + ")


# -- the undo list ------------------------------------------------------------------------------------------
def describe(before: MunchkinState, events: Sequence[Event], viewer: Viewer | None = None) -> Text:
    """One line for a step, e.g. "Ann kicks open the door: Pied Piper (level 8); Ann fights"."""
    if events and isinstance(events[0], ev.GameStarted):
        return M("Game started with {players}", players=", ".join(events[0].players))
    parts: list[Text] = []
    s = before
    for e in events:
        line = _DESCRIBE[type(e)](s, e) if type(e) in _DESCRIBE else None
        if line:
            parts.append(line)
        s = evolve(s, e)
    return joined(parts, "; ")


def _monster_line(s: MunchkinState, e: ev.MonsterAppeared) -> Text:
    name = names.monster(s.config, e.card, e.name, e.level)
    if e.wandering:
        return M("{by} sends a wandering monster into the fight: {monster} (level {level})", by=e.by, monster=name, level=e.level)
    return M("{monster} (level {level})", monster=name, level=e.level)


def _level_line(s: MunchkinState, e: ev.LevelChanged) -> Text:
    return M("{seat}: level {a} → {b}", seat=e.seat, a=e.source, b=e.to)


def _item_name(s: MunchkinState, seat: str, uid: int) -> Text:
    for p in s.players:
        g = p.item(uid)
        if g is not None:
            return names.item(s.config, g.card, g.name)
    return str(uid)


def _enhanced(s: MunchkinState, e: ev.MonsterEnhanced) -> Text:
    return M("{by} plays {card} on {monster}: {bonus:+d}", by=e.by, card=names.enhancer(s.config, e.card, e.name),
             monster=_monster_named(s, e.uid), bonus=e.bonus)


def _roll_line(s: MunchkinState, e: ev.Escaped | ev.Caught) -> Text:
    monster = _monster_named(s, e.uid)
    if isinstance(e, ev.Escaped) and e.card is not None and e.auto:
        return M("{seat} escapes {monster} thanks to {card}", seat=e.seat, monster=monster, card=names.card(s.config, e.card))
    if isinstance(e, ev.Escaped) and e.auto:
        return M("{monster} does not pursue {seat}", monster=monster, seat=e.seat)
    if isinstance(e, ev.Escaped) and e.card is not None:
        return M("{seat} rolls {die}, caught, but escapes {monster} thanks to {card}", seat=e.seat, die=e.die, monster=monster,
                 card=names.card(s.config, e.card))
    die: Text = str(e.die) if e.loaded is None else M("{a}, loaded to {b}", a=e.die, b=e.loaded)
    if e.bonus:
        die = M("{die} {bonus:+d}", die=die, bonus=e.bonus)
    if isinstance(e, ev.Escaped):
        return M("{seat} rolls {die} and escapes {monster}", seat=e.seat, die=die, monster=monster)
    return M("{seat} rolls {die}: caught by {monster}", seat=e.seat, die=die, monster=monster)


def _hand_line(s: MunchkinState, e: ev.HandChanged) -> Text | None:
    if e.why == "door":
        return M("{seat} takes the card into the hand", seat=e.seat)
    if e.why == "loot":
        return M("{seat} loots the room", seat=e.seat)
    if e.why == "tailor":
        return P("{seat} discards {n} card to take the curse", "{seat} discards {n} cards to take the curse", n=-e.delta, seat=e.seat)
    if e.why == "lost":
        return P("{seat} loses {n} card of the hand", "{seat} loses {n} cards of the hand", n=-e.delta, seat=e.seat)
    if e.why == "discards":
        return M("{seat} takes a card from the discards", seat=e.seat)
    if e.why == "taken":
        return P("{seat} takes {n} card of that hand", "{seat} takes {n} cards of that hand", n=e.delta, seat=e.seat)
    return None  # playing a card is told by what the card does


def _charity_line(s: MunchkinState, e: ev.CharityGiven) -> Text:
    if e.discarded:
        return P("{seat} discards {n} card", "{seat} discards {n} cards", n=e.discarded, seat=e.seat)
    gifts = joined([P("{n} card to {to}", "{n} cards to {to}", n=n, to=to) for to, n in e.gifts.items()], ", ")
    return M("{seat} gives {gifts}", seat=e.seat, gifts=gifts)


def _door_line(s: MunchkinState, e: ev.DoorOpened) -> Text:
    if e.what == "monster":
        return M("{seat} kicks open the door", seat=e.seat)
    if e.what == "curse":
        return M("{seat} kicks open the door: a curse, {curse}", seat=e.seat, curse=names.curse(s.config, e.card, e.name))
    return M("{seat} kicks open the door: {card}", seat=e.seat, card=names.card(s.config, e.card, e.name) or M("another card"))


def _sold(s: MunchkinState, e: ev.ItemsSold) -> Text:
    return P("{seat} sells for {gold} gold: {n} level", "{seat} sells for {gold} gold: {n} levels", n=e.levels, seat=e.seat, gold=e.gold)


_DESCRIBE: dict[type, Callable[[MunchkinState, Any], Text | None]] = {
    ev.TurnStarted: lambda s, e: M("{seat}'s turn", seat=e.seat),
    ev.Revived: lambda s, e: M("{seat} comes back as a new character", seat=e.seat),
    ev.HandDealt: lambda s, e: P("{seat} draws a fresh hand of {n} card", "{seat} draws a fresh hand of {n} cards", n=e.count, seat=e.seat),
    ev.HandChanged: _hand_line,
    ev.HandCounted: lambda s, e: P("{seat} holds {n} card", "{seat} holds {n} cards", n=e.count, seat=e.seat),
    ev.DoorOpened: _door_line,
    ev.CombatStarted: lambda s, e: M("{seat} fights", seat=e.fighter) if e.how == "door" else M("{seat} looks for trouble", seat=e.fighter),
    ev.MonsterAppeared: _monster_line,
    ev.MonsterEnhanced: _enhanced,
    ev.MonsterRemoved: lambda s, e: M("{by} takes {monster} out of the fight", by=e.by, monster=_monster_named(s, e.uid)),
    ev.PlayersBoosted: lambda s, e: M("{by} plays {card} for the players: {bonus:+d}", by=e.by,
                                      card=names.enhancer(s.config, e.card, e.name), bonus=e.bonus),
    ev.HelperJoined: lambda s, e: (M("{seat} helps (bribe: {bribe})", seat=e.seat, bribe=e.bribe) if e.bribe
                                   else M("{seat} helps", seat=e.seat)),
    ev.HelperLeft: lambda s, e: M("{seat} stops helping", seat=e.seat),
    ev.MonstersKilled: lambda s, e: P("{seat} kills the monster", "{seat} kills the {n} monsters", n=len(e.uids), seat=e.fighter),
    ev.LevelChanged: _level_line,
    ev.TreasuresDrawn: lambda s, e: (P("{seat} draws {n} treasure face up", "{seat} draws {n} treasures face up", n=e.count, seat=e.seat)
                                     if e.face_up else
                                     P("{seat} draws {n} treasure face down", "{seat} draws {n} treasures face down", n=e.count, seat=e.seat)),
    ev.RanAway: lambda s, e: M("{seat} runs away", seat=e.fighter) if e.helper is None else M("{a} and {b} run away", a=e.fighter, b=e.helper),
    ev.Escaped: _roll_line,
    ev.Caught: _roll_line,
    ev.CursePlayed: lambda s, e: (M("{by} curses {target}: {curse}", by=e.by, target=e.target, curse=names.curse(s.config, e.card, e.name))
                                  if e.by != e.target or s.phase != DOOR else None),
    ev.CurseStays: lambda s, e: M("{curse} stays on {seat}", curse=names.curse(s.config, e.card, e.name), seat=e.seat),
    ev.CurseLifted: lambda s, e: M("a curse on {seat} is lifted", seat=e.seat),
    ev.ChoiceOwed: lambda s, e: (M("{chooser} must choose {what} that {seat} loses", chooser=e.chooser, seat=e.seat, what=names.loss(e.lose))
                                 if e.chooser and e.chooser != e.seat else M("{seat} must choose {what} to lose", seat=e.seat, what=names.loss(e.lose))),
    ev.Died: lambda s, e: M("{seat} dies", seat=e.seat),
    ev.Looted: lambda s, e: (M("{looter} takes {item} from {dead}'s body", looter=e.looter, item=_body_item(s, e), dead=e.dead)
                             if e.item is not None else
                             M("{looter} takes a card of {dead}'s hand", looter=e.looter, dead=e.dead) if e.hand else
                             M("{looter} takes nothing from {dead}'s body", looter=e.looter, dead=e.dead)),
    ev.BodyCleared: lambda s, e: M("the rest of {dead}'s body is discarded", dead=e.dead),
    ev.ItemPlayed: lambda s, e: (M("{seat} equips {item}", seat=e.seat, item=names.item(s.config, e.card, e.name)) if e.equipped
                                 else M("{seat} lays out {item}, carried", seat=e.seat, item=names.item(s.config, e.card, e.name))),
    ev.ItemEquipped: lambda s, e: M("{seat} equips {item}", seat=e.seat, item=_item_name(s, e.seat, e.uid)),
    ev.ItemCarried: lambda s, e: M("{seat} puts {item} in the backpack", seat=e.seat, item=_item_name(s, e.seat, e.uid)),
    ev.ItemDiscarded: lambda s, e: (M("{seat} uses {item}", seat=e.seat, item=_item_name(s, e.seat, e.uid)) if e.why == "used" else
                                    M("{seat} loses {item}", seat=e.seat, item=_item_name(s, e.seat, e.uid)) if e.why == "lost" else
                                    M("{seat} discards {item}", seat=e.seat, item=_item_name(s, e.seat, e.uid))),
    ev.ItemGiven: lambda s, e: M("{seat} gives {item} to {to}", seat=e.seat, item=_item_name(s, e.seat, e.uid), to=e.to),
    ev.ItemsSold: _sold,
    ev.SexSet: lambda s, e: M("{seat}'s character is {sex}", seat=e.seat, sex=names.sex(e.sex)),
    ev.CardPlayed: lambda s, e: M("{seat} plays {item}", seat=e.seat, item=names.card(s.config, e.card)),
    ev.AbilityUsed: lambda s, e: P("{seat} discards {n} card for {ability}", "{seat} discards {n} cards for {ability}", n=e.cards, seat=e.seat,
                                   ability=names.card(s.config, e.role)),
    ev.RoleTaken: lambda s, e: M("{seat} becomes {role}", seat=e.seat, role=names.card(s.config, e.role)),
    ev.RoleLost: lambda s, e: M("{seat} is no longer {role}", seat=e.seat, role=names.card(s.config, e.role)),
    ev.CharityGiven: _charity_line,
    ev.TurnEnded: lambda s, e: M("{seat} ends the turn", seat=e.seat),
    ev.GameWon: lambda s, e: P("{names} wins!", "{names} win together!", n=len(e.winners), names=" & ".join(e.winners)),
    ev.DieRolled: lambda s, e: M("the die shows {n}", n=e.face),
    ev.ItemBeyondRules: lambda s, e: (M("{seat} equips {item}, cheating", seat=e.seat, item=_item_name(s, e.seat, e.uid)) if e.by == "cheat"
                                      else M("{seat}'s Hireling carries {item}", seat=e.seat, item=_item_name(s, e.seat, e.uid))),
    ev.FightTransferred: lambda s, e: M("{seat} fights instead", seat=e.seat),
    ev.RollAgain: lambda s, e: M("{seat} must roll again against {monster}", seat=e.seat, monster=_monster_named(s, e.uid)),
}


def _body_item(s: MunchkinState, e: ev.Looted) -> Text:
    body = next((b for b in s.bodies if b.seat == e.dead), None)
    g = next((g for g in body.gear if g.uid == e.item), None) if body else None
    return names.item(s.config, g.card, g.name) if g else str(e.item)


# -- what the table must hear ---------------------------------------------------------------------------
_FIGHT_CHANGES = (ev.CombatStarted, ev.MonsterAppeared, ev.MonsterEnhanced, ev.MonsterRemoved, ev.PlayersBoosted, ev.HelperJoined, ev.HelperLeft,
                  ev.RoleTaken, ev.RoleLost, ev.LevelChanged, ev.CurseStays, ev.AbilityUsed, ev.FightTransferred, ev.ItemBeyondRules)


def announcements(before: MunchkinState, events: Sequence[Event]) -> list[Text]:
    """The alerts of a step: a fight's standing after a card ("The monster is 3 stronger."), escaped or
    caught, a kill, a death, a player at the last level before winning, the winners."""
    said: list[Text] = []
    s = before
    for e in events:
        text = _ALERTS[type(e)](s, e) if type(e) in _ALERTS else None
        s = evolve(s, e)
        if text:
            said.append(text)
    if s.combat is not None and s.phase == COMBAT and any(isinstance(e, _FIGHT_CHANGES) for e in events):
        said.append(standing_text(s))
    return said


def _near_win(s: MunchkinState, e: ev.LevelChanged) -> Text | None:
    last = s.config.winning_level - 1
    if e.to == last and e.source < last:
        return M("Level {n}: {seat} needs a kill.", n=last, seat=e.seat)
    return None


def _caught(s: MunchkinState, e: ev.Caught) -> Text:
    return M("{monster} caught {seat}!", monster=_monster_named(s, e.uid), seat=e.seat)


_ALERTS: dict[type, Callable[[MunchkinState, Any], Text | None]] = {
    ev.LevelChanged: _near_win,
    ev.Escaped: lambda s, e: M("{seat} escaped.", seat=e.seat),
    ev.Caught: _caught,
    ev.MonstersKilled: lambda s, e: M("{seat} killed {monsters}!", seat=e.fighter, monsters=_foe_names(s)),
    ev.Died: lambda s, e: M("{seat} is dead.", seat=e.seat),
    ev.GameWon: lambda s, e: P("{names} wins!", "{names} win together!", n=len(e.winners), names=" & ".join(e.winners)),
}
