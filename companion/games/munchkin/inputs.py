"""Munchkin through buttons and cards: the menu of what each actor can do now, the cards a tag can
be, and what a scanned card means.

A seat's menu holds what that seat may do: its turn's steps, its own items and cards, and the cards
anyone may play (enhancers, one-shots, a Wandering Monster into a fight; a curse or a Go Up a Level
any time). The table's menu acts for the seat whose turn it is. Values a move needs (a monster, a die
face, a target) are asked one by one; options that a screen draws better name a dialog ("fight",
"sell", "item").
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, fields, is_dataclass
from importlib import resources
from itertools import combinations
from typing import Any

from companion.contract import Viewer
from companion.game import GameCard
from companion.games.munchkin import names
from companion.games.munchkin.config import SEXES, Card, Config, default_config
from companion.games.munchkin.phases import CHARITY, COMBAT, DOOR, IN_COMBAT, LOOT, RUN, TROUBLE
from companion.games.munchkin.reckon import hand_limit, may_sell_double, roles, run_bonus, slot_free, standing, usable
from companion.games.munchkin.rules import DISCARDS, NEEDS, card_applies, loss_candidates, lowest_others, next_looters
from companion.games.munchkin.state import Foe, Gear, MunchkinState, Player
from companion.inputs import DEFAULT_BINDINGS, Ask, Bindings, Choice, Option
from companion.messages import M, P, Text, joined

BINDINGS = Bindings.from_toml(resources.files(__package__).joinpath("data/bindings.toml").read_text(encoding="utf-8"),
                              base=DEFAULT_BINDINGS)

FACES = tuple(Choice(n, str(n)) for n in range(1, 7))
LEVELS = tuple(Choice(n, str(n)) for n in range(1, 21))
TREASURES = tuple(Choice(n, str(n)) for n in range(1, 6))
BONUSES = tuple(Choice(n, f"{n:+d}") for n in (*range(1, 11), -1, -2, -3, -5))
LOSSES = tuple(Choice(n, str(n)) for n in range(1, 4))
COUNTS_RANGE = range(16)
#: a level corrected: +1 first, -1 one step back, then further out
LEVEL_CHANGES = tuple(Choice(n, f"{n:+d}") for n in (*range(1, 10), *range(-9, 0)))
SEX_CHOICES = tuple(Choice(key, names.sex(key)) for key in SEXES)
#: a choice of what to lose offers at most this many ways (a roll of 6 among many items and cards): `lose` takes any other
MAX_LOSS_OPTIONS = 64
#: door cards: everything but treasures (items and Go Up a Level)
DOOR_SPECIALS = ("wandering", "super_munchkin", "half_breed")

GESTURE_HINTS = (
    M("Scan each card as it is played; at the table's reader the companion asks who plays it, the likely player first."),
    M("Sell cards from the hand: pick it second in the door's menu, scan each card, then YES on \"That's all\"."),
    M("Scan an item lying on a player's table to discard it or give it away."),
    M("What a card makes the table do by hand (a level corrected, the companion's die, a curse that ends, an item "
      "given or discarded) is last in the menu: BACK reaches it in a few taps."),
)


def options(s: MunchkinState, actor: Viewer) -> list[Option]:
    """What `actor` can do now, in the order a turn needs it: its own steps (the catalogue's cards before
    a card typed in by its numbers), then the cards anyone may play, then the corrections done by hand
    (last, so that BACK reaches them in a few taps: the menu wraps round)."""
    if s.status != "playing":
        return []
    me = actor.seat if actor.is_seat else None
    if s.owed is not None:
        return _owed(s) if me in (None, s.owed.picker) else []
    found: list[Option] = []
    own_turn = me in (None, s.active_name)
    if own_turn:
        found += _PHASES[s.phase](s)
        if s.phase not in IN_COMBAT and s.phase != LOOT:
            found += _own_turn_cards(s, s.player(s.active_name))
    if s.phase == RUN:
        found += _rolls(s, me)
    if s.phase == LOOT:
        found += _loot(s, me)
    who = me or s.active_name
    if not s.player(who).dead:
        found += _anyone(s, who, asks_who=me is None)
    if own_turn:
        found += _typed_in(s, s.player(s.active_name))
    if not s.player(who).dead:
        found += _by_hand(s, me)
    return found


# -- the turn's steps ---------------------------------------------------------------------------------
def _door(s: MunchkinState) -> list[Option]:
    """The door's card; selling second (a turn sells before it kicks, when it can)."""
    c = s.config
    found = [Option(M("Door: a monster"), {"cmd": "kick"}, (_card_ask(c, c.monsters, M("Monster")),))] if c.monsters else []
    found += _sell_from_hand(s, s.player(s.active_name))
    if c.curses:
        found.append(Option(M("Door: a curse"), {"cmd": "kick"}, (_card_ask(c, c.curses, M("Curse")),)))
        if any(r.curse_to_hand for r in roles(s, s.player(s.active_name))):
            found.append(Option(M("Door: a curse, taken into the hand (Tailor)"), {"cmd": "kick", "tailor": True},
                                (_card_ask(c, c.curses, M("Curse")),)))
    others = [card for card in (*c.roles, *c.enhancers, *c.specials) if _door_card(c, card)]
    if others:
        found.append(Option(M("Door: another card, into the hand"), {"cmd": "kick"}, (_card_ask(c, dict.fromkeys(others), M("Card")),)))
    return found


def _trouble(s: MunchkinState) -> list[Option]:
    c = s.config
    found = [Option(M("Loot the room"), {"cmd": "loot"})]
    if s.player(s.active_name).hand and c.monsters:
        found.append(Option(M("Look for trouble"), {"cmd": "trouble"}, (_card_ask(c, c.monsters, M("Monster")),)))
    return found


def _typed_in(s: MunchkinState, p: Player) -> list[Option]:
    """The turn's steps with a card the catalogue does not know (an expansion's), typed in by its numbers."""
    monster = (Ask("level", M("Level"), LEVELS), Ask("treasures", M("Treasures"), TREASURES))
    found: list[Option] = []
    if s.phase == DOOR:
        found += [Option(M("Door: a monster not in the catalogue"), {"cmd": "kick", "what": "monster"}, monster),
                  Option(M("Door: a curse not in the catalogue"), {"cmd": "kick", "what": "curse"}, (Ask("lose_levels", M("Levels lost"), LOSSES),)),
                  Option(M("Door: a card not in the catalogue, into the hand"), {"cmd": "kick", "what": "other"})]
    if s.phase == TROUBLE and p.hand:
        found.append(Option(M("Look for trouble: a monster not in the catalogue"), {"cmd": "trouble"}, monster))
    if s.phase not in IN_COMBAT and s.phase != LOOT and p.hand:
        found.append(Option(M("Play an item not in the catalogue"), {"cmd": "item"},
                            (Ask("slot", M("Slot"), tuple(Choice(k, names.slot(k)) for k in ("headgear", "armour", "footgear", "hand", "hands", "none"))),
                             Ask("bonus", M("Bonus"), BONUSES)), dialog="item"))
    return found


def _combat(s: MunchkinState) -> list[Option]:
    fight, now = s.fight, standing(s)
    found = [Option(M("Kill: {seat} wins by {n}", seat=fight.fighter, n=now.players - now.monsters), {"cmd": "fight"})] if now.winning \
        else [Option(M("Run away (needs +{n} to win)", n=now.needs), {"cmd": "run"})]
    if fight.helper is None:
        found += [Option(M("{seat} helps", seat=p.name), {"cmd": "helper", "seat": p.name}, dialog="helper")
                  for p in s.players if p.name != fight.fighter and not p.dead]
    else:
        shares = _treasure_shares(s)
        if now.winning and shares:  # a helper usually comes for a share: the buttons start on it
            found.append(Option(M("Kill, sharing treasures with {seat}", seat=fight.helper), {"cmd": "fight"},
                                (Ask("helper_treasures", M("Treasures to the helper"), shares),), likely=True))
        found.append(Option(M("{seat} stops helping", seat=fight.helper), {"cmd": "helper"}))
    return found


def _treasure_shares(s: MunchkinState) -> tuple[Choice, ...]:
    """1 to all the treasures (none shared: the plain kill), the buttons starting on 1."""
    total = sum(max(0, f.treasures + sum(e.treasures for e in f.enhancements)) for f in s.fight.foes)
    return tuple(Choice(n, str(n)) for n in range(1, total + 1))


def _charity(s: MunchkinState) -> list[Option]:
    """Ending the turn (the excess given or discarded, as the rules say), then selling: what gets a hand
    down to the limit first."""
    p = s.player(s.active_name)
    return [*_ending(s, p), *_sell_from_hand(s, p)]


def _ending(s: MunchkinState, p: Player) -> list[Option]:
    excess = p.hand - hand_limit(s, p)
    if excess <= 0:
        return [Option(M("End the turn"), {"cmd": "end_turn"})]
    to = lowest_others(s, p)
    if not to:
        return [Option(P("Discard {n} card and end the turn", "Discard {n} cards and end the turn", n=excess), {"cmd": "end_turn"},
                       dialog="charity")]
    base, extra = divmod(excess, len(to))
    splits = list(combinations(to, extra))
    found = []
    for lucky in splits:
        gifts = {name: base + (name in lucky) for name in to if base + (name in lucky)}
        label = ", ".join(f"{n} → {name}" for name, n in gifts.items())
        given = {"give": gifts} if len(splits) > 1 else {}  # the only way to split: the rules give it so
        found.append(Option(M("Give {gifts} and end the turn", gifts=label), {"cmd": "end_turn", **given}, dialog="charity"))
    return found


def _own_turn_cards(s: MunchkinState, p: Player) -> list[Option]:
    """Seed §Gegenstände, §Klassen: items and classes in your own turn, out of a fight; selling."""
    c = s.config
    found: list[Option] = []
    if p.hand:
        if s.phase not in (DOOR, CHARITY):  # there, second in the menu
            found += _sell_from_hand(s, p)
        if c.items:
            found.append(Option(M("Play an item"), {"cmd": "item"}, (_card_ask(c, c.items, M("Item")),), dialog="item"))
        playable = [r for r in c.roles.values() if r.id not in p.roles]
        if playable:
            found.append(Option(M("Play a class or race"), {"cmd": "become"},
                                (Ask("card", M("Card"), tuple(Choice(r.id, names.card(c, r.id), card=r.id) for r in playable)),)))
    for g in p.gear:
        item = names.item(c, g.card, g.name)
        if g.equipped:
            found.append(Option(M("Backpack: {item}", item=item), {"cmd": "unequip", "item": g.uid}))
        elif not g.one_shot and slot_free(p, g) and usable(s, g, p):
            found.append(Option(M("Equip {item}", item=item), {"cmd": "equip", "item": g.uid}))
    carried = [g for g in p.gear if not g.equipped and g.gold]
    gold = sum(g.gold for g in carried)
    if gold >= c.gold_per_level and p.level < c.winning_level - 1:
        found.append(Option(M("Sell the backpack ({gold} gold)", gold=gold), {"cmd": "sell", "items": [g.uid for g in carried]}, dialog="sell"))
    if carried and may_sell_double(s, p) and p.level < c.winning_level - 1:
        best = max(carried, key=lambda g: g.gold)
        if gold + best.gold >= c.gold_per_level:
            found.append(Option(M("Sell the backpack, {item} for double ({gold} gold)", item=names.item(c, best.card, best.name), gold=gold + best.gold),
                                {"cmd": "sell", "items": [g.uid for g in carried], "double": True}, dialog="sell"))
    return found


def _sell_from_hand(s: MunchkinState, p: Player) -> list[Option]:
    """Seed §Gegenstände verkaufen: item cards from the hand (each scanned, or walked to), then — when
    they are not a whole number of levels' worth (no change is given) — items in play to sell with
    them; a Halfling says whether one sells for double."""
    c = s.config
    if p.level >= c.winning_level - 1 or not p.hand:
        return []
    cards = tuple(Choice(item.id, M("{item}: {gold} gold", item=names.card(c, item.id), gold=item.gold), card=item.id)
                  for item in c.items.values() if item.gold)
    asks = [Ask("cards", M("Sold from the hand"), cards, many=True)]
    in_play = tuple(Choice(g.uid, M("{item}: {gold} gold", item=names.item(c, g.card, g.name), gold=g.gold), card=g.card) for g in p.gear if g.gold)

    def change_left(picked: Mapping[str, Any]) -> bool:
        gold = sum(c.items[card].gold for card in picked.get("cards") or () if card in c.items)
        return gold % c.gold_per_level != 0 or not gold

    if in_play:
        asks.append(Ask("items", M("Sold from the table"), in_play, when=change_left, many=True))
    if may_sell_double(s, p):
        asks.append(Ask("double", M("One item for double"), (Choice(False, M("no")), Choice(True, M("yes")))))
    return [Option(M("Sell cards from the hand"), {"cmd": "sell"}, tuple(asks))]


def _rolls(s: MunchkinState, me: str | None) -> list[Option]:
    """The run-away rolls still due, each of them (the next one due, as the rules take them, named by
    nothing: a roll sent without a runner or a monster is that one)."""
    found = []
    due = [(seat, uid) for seat, uid in s.fight.to_roll if me in (None, seat)]
    for seat, uid in due:
        foe = s.fight.foe(uid)
        assert foe is not None
        monster = names.monster(s.config, foe.card, foe.name, foe.level)
        which = {} if (seat, uid) == due[0] else {"fighter": seat, "monster": uid}
        found += [
            Option(M("{seat} rolls against {monster}", seat=seat, monster=monster), {"cmd": "roll", **which},
                   (Ask("die", M("Die"), FACES), *_after_the_roll(s, seat, foe))),
            Option(M("The companion rolls for {seat} against {monster}", seat=seat, monster=monster), {"cmd": "roll", **which}),
        ]
        potion = next((i.id for i in s.config.items.values() if i.applies == "invisibility"), None)
        if potion is not None and s.player(seat).hand:  # drunk only if the roll is caught (its own entry: other rolls ask nothing more)
            found.append(Option(M("{seat} rolls against {monster}, an {card} ready", seat=seat, monster=monster, card=names.card(s.config, potion)),
                                {"cmd": "roll", **which, "invisibility": True}, (Ask("die", M("Die"), FACES),)))
        flask = next((i.id for i in s.config.items.values() if i.applies == "glue"), None)
        gluers = tuple(Choice(q.name, q.name) for q in s.players if q.name != seat and not q.dead and q.hand)
        if flask is not None and len(s.fight.to_roll) == 1 and gluers:  # the last roll ends the run: the glue is played with it
            found.append(Option(M("{seat} rolls against {monster}, a {card} ready", seat=seat, monster=monster, card=names.card(s.config, flask)),
                                {"cmd": "roll", **which},
                                (Ask("die", M("Die"), FACES), Ask("glue", M("Who plays it if the roll escapes"), gluers))))
    return found


def _after_the_roll(s: MunchkinState, seat: str, foe: Foe) -> tuple[Ask, ...]:
    """What a roll may still ask once its face is known, only while it is caught: the Wizard's flight
    (cards discarded, +1 each), then a bad stuff's own die (the face, or the companion rolls it)."""
    p, bonus = s.player(seat), run_bonus(s, seat, foe)
    per_card = max((r.flight for r in roles(s, p)), default=0)

    def short(picked: Mapping[str, Any]) -> int:
        """How much the roll lacks, after the flight cards and the second roll picked so far (0: it escapes)."""
        die, again = picked.get("die"), picked.get("again")
        flight = picked.get("flight") or 0
        if not isinstance(die, int):
            return 0
        lacks = max(0, s.config.escape_on - (int(die) + bonus + per_card * int(flight)))
        return max(0, s.config.escape_on - (int(again) + bonus + per_card * int(flight))) if lacks and isinstance(again, int) else lacks

    asks: list[Ask] = []
    most = min(DISCARDS, p.hand)
    if per_card and most:
        asks.append(Ask("flight", M("Flight: cards discarded"), tuple(Choice(n, str(n), likely=n == 0) for n in range(most + 1)),
                        when=lambda picked: short({**picked, "flight": 0, "again": None}) > 0))
    halfling = next((r for r in roles(s, p) if r.reroll), None)
    if halfling is not None and p.hand and not any(r.seat == seat for r in s.fight.rolls):  # the first roll only, a card to discard
        asks.append(Ask("again", M("{role}: a card discarded, the second roll", role=names.card(s.config, halfling.id)),
                        (Choice(None, M("No second roll"), likely=True), *FACES), when=lambda picked: short({**picked, "again": None}) > 0))
    if foe.bad_stuff is not None and foe.bad_stuff.roll != "none":
        asks.append(Ask("bad_die", M("Bad stuff: the die"), (*FACES, Choice(None, M("The companion rolls"))),
                        when=lambda picked: short(picked) > 0 and not picked.get("invisibility")))
    return tuple(asks)


def _loot(s: MunchkinState, me: str | None) -> list[Option]:
    body = s.bodies[0]
    up = next_looters(s, body)
    looter = me if me is not None else up[0]
    if looter not in up:
        return []
    seat = {"seat": looter} if me is None else {}
    found = [Option(M("{seat} takes {item}", seat=looter, item=names.item(s.config, g.card, g.name)), {"cmd": "take", "item": g.uid, **seat})
             for g in body.gear]
    if body.hand:
        found.append(Option(M("{seat} takes a card of the hand", seat=looter), {"cmd": "take", "hand": True, **seat}))
    found.append(Option(M("{seat} takes nothing", seat=looter), {"cmd": "take", **seat}))
    return found


def _owed(s: MunchkinState) -> list[Option]:
    o = s.owed
    assert o is not None
    p = s.player(o.seat)
    key = "roles" if o.lose in ("class", "race") else "items"
    found = []
    candidates = loss_candidates(s, o.seat, o.lose)
    cards = range(min(o.count, p.hand) + 1) if o.lose == "things" else (0,)
    for n in cards:
        for chosen in combinations(candidates, o.count - n):
            things: list[Text] = [_thing(s, p, thing) for thing in chosen]
            if n:
                things.append(P("{n} card of the hand", "{n} cards of the hand", n=n))
            label = joined(things, ", ")
            found.append(Option(M("{seat} loses {things}", seat=o.seat, things=label), {"cmd": "lose", key: list(chosen), **({"cards": n} if n else {})}))
            if len(found) >= MAX_LOSS_OPTIONS:
                return found
    return found


def _thing(s: MunchkinState, p: Player, thing: Any) -> Text:
    if isinstance(thing, str):
        return names.card(s.config, thing)
    g = p.item(thing)
    return names.item(s.config, g.card, g.name) if g else str(thing)


# -- the cards anyone may play ----------------------------------------------------------------------------
def _anyone(s: MunchkinState, who: str, asks_who: bool) -> list[Option]:
    """Facts §2.10-2.12: one-shots, enhancers and Wandering Monsters in any fight, curses and Go Up a
    Level any time; the table screen asks who plays the card (the likely player first)."""
    c, p = s.config, s.player(who)
    found: list[Option] = []
    if s.phase == COMBAT:
        found += _fight_cards(s, who, asks_who)
    playable = [card for card in (*c.specials, *c.items) if playable_now(s, who, card)]
    if playable and p.hand:
        found.append(Option(M("Play a card"), {"cmd": "play"},
                            (*_played_by(s, who, asks_who), Ask("card", M("Card"), tuple(Choice(x, names.card(c, x), card=x) for x in playable)),
                             *(ask for card in dict.fromkeys(card_applies(s, x) for x in playable) for ask in _play_asks(s, who, card or "")))))
    if c.curses:
        found.append(Option(M("Curse a player"), {"cmd": "curse"},
                            (*_played_by(s, who, asks_who), Ask("target", M("Whom"), _seats(s, first=_first_other(s, who))),
                             _card_ask(c, c.curses, M("Curse")))))
    targets = tuple(Choice(q.name, q.name) for q in s.players if not q.dead and q.level < c.winning_level - 1)
    ups = [card for card, special in c.specials.items() if special.does == "go_up"]
    if targets:
        found.append(Option(M("Go Up a Level"), {"cmd": "go_up"},
                            (*_played_by(s, who, asks_who), *((_card_ask(c, dict.fromkeys(ups), M("Card")),) if ups else ()),
                             Ask("target", M("Whom"), (Choice(None, M("the player who plays it")), *targets)))))
    found += [Option(M("Drop {card}", card=names.card(c, r)), {"cmd": "drop", "card": r, **_by(who, asks_who)}) for r in (*p.roles, *p.extras)]
    return found


def _fight_cards(s: MunchkinState, who: str, asks_who: bool) -> list[Option]:
    """The cards played into a fight: the catalogue's first (a one-shot for the players, an enhancer, a
    Wandering Monster), then one typed in by its bonus or level."""
    c, p = s.config, s.player(who)
    monster = _monster_ask(s)
    fighter, bystander = _played_by(s, who, asks_who, s.fight.fighter), _played_by(s, who, asks_who, _bystander(s))
    found: list[Option] = []
    oneshots = [i.id for i in c.items.values() if i.one_shot and not i.played and not i.sets_die and not i.removes]
    if oneshots:
        found.append(Option(M("A one-shot for the players"), {"cmd": "oneshot"}, (*fighter, _card_ask(c, dict.fromkeys(oneshots), M("One-shot"))),
                            dialog="fight"))
    if c.enhancers:
        found.append(Option(M("Enhance a monster"), {"cmd": "enhance"}, (*bystander, _card_ask(c, c.enhancers, M("Enhancer")), *monster), dialog="fight"))
    if c.monsters:
        found.append(Option(M("A wandering monster from the catalogue joins"), {"cmd": "wander"},
                            (*bystander, _card_ask(c, c.monsters, M("Monster"))), dialog="fight"))
    found += [Option(M("Use {item} for the players", item=names.item(c, g.card, g.name)), {"cmd": "oneshot", "item": g.uid, **_by(who, asks_who)})
              for g in p.gear if g.one_shot and not g.sets_die]
    found += _abilities(s, p, _by(who, asks_who))
    found += [
        Option(M("A one-shot for the players (bonus)"), {"cmd": "oneshot"}, (*fighter, Ask("bonus", M("Bonus"), BONUSES)), dialog="fight"),
        Option(M("A card for a monster (bonus)"), {"cmd": "enhance"}, (*bystander, Ask("bonus", M("Bonus"), BONUSES), *monster), dialog="fight"),
        Option(M("A wandering monster joins (its level)"), {"cmd": "wander"}, (*bystander, Ask("level", M("Level"), LEVELS)), dialog="fight"),
        Option(M("A card takes a monster out of the fight"), {"cmd": "remove"}, (*fighter, *monster), dialog="fight"),
    ]
    return found


def _by_hand(s: MunchkinState, me: str | None) -> list[Option]:
    """What the table does by hand, as a card's text or a correction says (a seat: only its own): last
    in the menu, the most needed at the very end, so that BACK reaches it first."""
    c = s.config
    living = [p for p in s.players if not p.dead]
    mine = [p for p in living if me in (None, p.name)]
    found = [Option(M("A character's sex"), {"cmd": "sex"}, (*_played_by(s, s.active_name, me is None, label=M("Whose character")),
                                                            Ask("sex", M("A character's sex"), SEX_CHOICES))),
             _count_hand(s, me)]
    items = [(p, g) for p in mine for g in p.gear]
    if items:
        which = Ask("item", M("Which item"), tuple(_item_choice(s, p, g, me is None) for p, g in items))
        found.append(Option(M("Discard an item"), {"cmd": "discard"}, (which,)))
        found.append(Option(M("Give an item"), {"cmd": "give"}, (which, *_receivers(s, [p for p, _g in items]))))
    found.append(Option(M("Roll the companion's die"), {"cmd": "die"}))
    if me is None:
        found.append(Option(M("Correct a level"), {"cmd": "adjust"}, (Ask("seat", M("Whose level"), _seats(s, first=s.active_name)),
                                                                     Ask("levels", M("Levels"), LEVEL_CHANGES))))
    elif not s.player(me).dead:
        found.append(Option(M("Correct my level"), {"cmd": "adjust", "seat": me}, (Ask("levels", M("Levels"), LEVEL_CHANGES),)))
    found += [Option(M("{curse} on {seat} ends", curse=names.curse(c, k.card, k.name), seat=p.name), {"cmd": "lift", "seat": p.name, "curse": k.uid})
              for p in s.players if me in (None, p.name) for k in p.curses]
    return found


def _item_choice(s: MunchkinState, p: Player, g: Gear, of_whom: bool) -> Choice:
    """An item in play, by its name (and its owner's, for the table); its card answers when scanned."""
    item = names.item(s.config, g.card, g.name)
    return Choice(g.uid, M("{item} of {seat}", item=item, seat=p.name) if of_whom else item, card=g.card)


def _receivers(s: MunchkinState, owners: list[Player]) -> tuple[Ask, ...]:
    """To whom an item goes: any other living player, asked once the item (so its owner) is known; the
    one whose turn it is first (a trade or a theft in their turn), else the next in turn order."""
    asks = []
    for owner in dict.fromkeys(p.name for p in owners):
        uids = {g.uid for g in s.player(owner).gear}
        first = s.active_name if s.active_name != owner else None
        others = [choice for choice in _seats(s, first=first) if choice.value != owner]
        asks.append(Ask("to", M("To whom"), tuple(others), when=_item_among(uids)))
    return tuple(asks)


def _item_among(uids: set[int]) -> Callable[[Mapping[str, Any]], bool]:
    return lambda picked: picked.get("item") in uids


def _count_hand(s: MunchkinState, me: str | None) -> Option:
    """The cards in a hand counted again: the table asks whose, then the count, starting on the companion's count."""
    def counts(p: Player) -> tuple[Choice, ...]:
        return tuple(Choice(n, str(n), likely=n == p.hand) for n in COUNTS_RANGE)

    if me is not None:
        return Option(M("Count the cards in a hand"), {"cmd": "hand"}, (Ask("count", M("Cards"), counts(s.player(me))),))

    def whose(name: str) -> Callable[[Mapping[str, Any]], bool]:
        value = None if name == s.active_name else name
        return lambda picked: picked.get("seat") == value

    asks = tuple(Ask("count", M("Cards"), counts(p), when=whose(p.name)) for p in s.players if not p.dead)
    return Option(M("Count the cards in a hand"), {"cmd": "hand"}, (*_played_by(s, s.active_name, True, label=M("Whose hand")), *asks))


def _bystander(s: MunchkinState) -> str:
    """Who most likely plays a card against the fighters: the first living player after the fighter, in
    turn order, who neither fights nor helps (else the fighter)."""
    names_ = s.names
    start = names_.index(s.fight.fighter)
    for step in range(1, len(names_)):
        name = names_[(start + step) % len(names_)]
        if name not in s.fight.fighters and not s.player(name).dead:
            return name
    return s.fight.fighter



def name_command(request: dict[str, Any]) -> Text | None:
    """What a command bound to a gesture (data/bindings.toml) is called: its menu item's words (the
    bound ones name no seat or card: the fighters kill, the next roll due, the turn ends as it stands)."""
    return {"loot": M("Loot the room"), "fight": M("Kill the monsters"), "roll": M("The companion rolls the next run-away die"),
            "end_turn": M("End the turn")}.get(str(request.get("cmd"))) if set(request) == {"cmd"} else None

#: the applied cards played only in a fight, and only while running away
IN_FIGHT = ("out_to_lunch", "mate", "illusion", "transfer", "double", "borrow")
WHILE_RUNNING = ("wall", "glue")


def playable_now(s: MunchkinState, who: str, card: str) -> bool:
    """Whether `who` may play `card` with `play` now: a card the table does by hand any time; one the
    companion applies when its moment has come and what it is played on is there."""
    applies = card_applies(s, card)
    if applies is None or applies == "invisibility":
        return False
    if applies in IN_FIGHT:
        if applies == "borrow":
            return s.phase == COMBAT and who == s.fight.fighter and any(_others_items(s, who))
        return s.phase == COMBAT and (applies != "double" or (who == s.fight.fighter and s.fight.helper is None))
    if applies in WHILE_RUNNING:
        return s.phase == RUN and (applies == "wall" or bool(_escaped(s)))
    return applies == "" or any(ask.choices for ask in _play_asks(s, who, applies)) or applies not in NEEDS


def _escaped(s: MunchkinState) -> list[str]:
    """Who escaped a monster while others still roll (a Flask of Glue makes them roll again)."""
    return list(dict.fromkeys(r.seat for r in s.fight.rolls if r.escaped and (r.seat, r.uid) not in s.fight.to_roll))


def _others_items(s: MunchkinState, who: str) -> list[Choice]:
    """The items other players have in play, for Help Me Out Here! (the fighter takes one)."""
    return [Choice(g.uid, M("{item} of {seat}", item=names.item(s.config, g.card, g.name), seat=q.name))
            for q in s.players if q.name != who for g in q.gear if not g.one_shot]


def _play_asks(s: MunchkinState, who: str, applies: str) -> tuple[Ask, ...]:
    """What an applied card still needs, asked only when that card is picked (`when`)."""
    c = s.config

    def this(picked: Mapping[str, Any]) -> bool:
        card = picked.get("card")
        return isinstance(card, str) and card_applies(s, card) == applies

    if applies == "steal_level":
        victims = tuple(Choice(q.name, q.name) for q in s.players if q.name != who and not q.dead and q.level > 1)
        return (Ask("target", M("From whom"), victims, when=this),) if s.player(who).level < c.winning_level - 1 else ()
    if applies == "transfer":
        return (Ask("target", M("Who fights instead"), tuple(Choice(q.name, q.name) for q in s.players
                                                                if not q.dead and q.name != s.fight.fighter), when=this),)
    if applies == "glue":
        return (Ask("target", M("Who rolls again"), tuple(Choice(name, name) for name in _escaped(s)), when=this),)
    if applies in ("out_to_lunch", "mate", "illusion"):
        asks = tuple(replace_when(ask, this) for ask in _monster_ask(s))
        if applies == "illusion":
            asks += (Ask("replacement", M("The monster from the hand"), tuple(Choice(m, names.card(c, m), card=m) for m in c.monsters), when=this),)
        return asks
    if applies == "cheat":
        items = tuple(Choice(g.uid, names.item(c, g.card, g.name)) for g in s.player(who).gear if not g.one_shot and g.extra != "cheat")
        return (Ask("item", M("On which item"), items, when=this),)
    if applies == "borrow":
        return (Ask("item", M("Which item is taken"), tuple(_others_items(s, who)), when=this),)
    if applies == "lift":
        curses = tuple(Choice(k.uid, M("{curse} on {seat}", curse=names.curse(c, k.card, k.name), seat=q.name)) for q in s.players for k in q.curses)
        return (Ask("curse", M("Which curse"), curses, when=this),)
    return ()


def replace_when(ask: Ask, when: Callable[[Mapping[str, Any]], bool]) -> Ask:
    return Ask(ask.arg, ask.label, ask.choices, when=when, differs_from=ask.differs_from)


def _abilities(s: MunchkinState, p: Player, by: dict[str, str]) -> list[Option]:
    """The class abilities a fighter or helper may discard cards for now (rules.use_ability)."""
    fight, found = s.fight, []
    if p.name not in fight.fighters or not p.hand:
        return []
    for role in roles(s, p):
        label = names.card(s.config, role.id)
        if role.berserk or (role.turning and any(f.undead for f in fight.foes)):
            power = "berserk" if role.berserk else "turning"
            found.append(Option(M("Discard cards for {ability}", ability=label), {"cmd": "ability", "power": power, **by},
                                (Ask("cards", M("Cards"), tuple(Choice(n, str(n)) for n in range(1, min(3, p.hand) + 1))),), dialog="fight"))
        if role.backstab:
            victims = tuple(Choice(name, name) for name in fight.fighters if name != p.name)
            if victims:
                found.append(Option(M("Discard cards for {ability}", ability=label), {"cmd": "ability", "power": "backstab", **by},
                                    (Ask("target", M("Whom"), victims),), dialog="fight"))
        if role.charm and p.hand >= role.charm:
            found.append(Option(M("Discard cards for {ability}", ability=label), {"cmd": "ability", "power": "charm", **by}, _monster_ask(s),
                                dialog="fight"))
    return found


def _played_by(s: MunchkinState, who: str, asks_who: bool, likely: str | None = None, label: Text | None = None) -> tuple[Ask, ...]:
    """Who plays a card, asked at the table (a seat plays its own): every living player, the likely one
    first (else `who`); the one whose turn it is sent as no seat, as the table sends it by default."""
    if not asks_who:
        return ()
    choices = tuple(Choice(None if c.value == s.active_name else c.value, c.label) for c in _seats(s, first=likely or who))
    return (Ask("seat", label or M("Played by"), choices),)


def _by(who: str, asks_who: bool) -> dict[str, str]:
    return {"seat": who} if asks_who else {}


def _seats(s: MunchkinState, first: str | None = None) -> tuple[Choice, ...]:
    living = [p.name for p in s.players if not p.dead]
    ordered = ([first] if first in living else []) + [name for name in living if name != first]
    return tuple(Choice(name, name) for name in ordered)


def _monster_ask(s: MunchkinState) -> tuple[Ask, ...]:
    foes = s.fight.foes
    if len(foes) < 2:
        return ()
    return (Ask("monster", M("Which monster"), tuple(Choice(f.uid, names.monster(s.config, f.card, f.name, f.level)) for f in foes)),)


def _card_ask(c: Config, cards: dict[str, Any], label: Text) -> Ask:
    """The catalogue cards of one kind to choose from (the menus offer it only when there are some)."""
    return Ask("card", label, tuple(Choice(card_id, names.card(c, card_id), card=card_id) for card_id in cards))


_PHASES: dict[str, Callable[[MunchkinState], list[Option]]] = {
    DOOR: _door, TROUBLE: _trouble, COMBAT: _combat, RUN: lambda s: [], LOOT: lambda s: [], CHARITY: _charity}


# -- cards and tags ----------------------------------------------------------------------------------------
_KIND = {"monsters": "monster", "curses": "curse", "enhancers": "enhancer", "items": "item", "roles": "class_or_race", "specials": "special"}


def cards() -> tuple[GameCard, ...]:
    """What a tag can be enrolled as: every card of the catalogue (a table's own cards are typed in),
    with the names each edition prints and the numbers printed on it."""
    c = default_config()
    found: list[GameCard] = []
    for attr, kind in _KIND.items():
        found += [GameCard(card.id, names.card(c, card.id), kind, names=dict(card.names) or {"en": card.name}, details=printed(card))
                  for card in getattr(c, attr).values()]
    return tuple(found)


#: what a card's data holds that is not printed on it (or is said by the card's kind)
_NOT_PRINTED = {"id", "name", "names", "text", "kind"}


def printed(card: Card) -> dict[str, Any]:
    """The card's numbers as plain JSON, only those that differ from a blank card's (docs, `cards known`)."""
    blank = {f.name: f.default for f in fields(card) if f.default is not MISSING}
    values = {f.name: getattr(card, f.name) for f in fields(card) if f.name not in _NOT_PRINTED}
    shown = {key: _plain(value) for key, value in values.items() if key not in blank or value != blank[key]}
    return {**shown, **({"text": card.text} if card.text else {})}


def _plain(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in fields(value) if getattr(value, f.name) != f.default}
    if isinstance(value, tuple):
        return dict(value)
    return value


def scan(s: MunchkinState, card: str, actor: Viewer) -> dict[str, Any] | Option | None:
    """What a scanned card means now, played with at most one more gesture (issue 20), and at the
    table's shared reader one more for who plays a card anyone may play (issue 22: it leaves that hand;
    the likely player is asked first). Before the door is kicked, a door card is the one behind it; a
    monster looked for or wandering into a fight; an enhancer or a one-shot into the fight (which
    monster, when several fight); a curse on whom; a treasure (an item) offered to confirm: equipped or
    carried; the Loaded Die with the face it sets; a class or race taken on; Go Up a Level on the one who
    plays it; a card the table plays by hand counted out of the hand."""
    if s.status != "playing" or s.owed is not None:
        return None
    c = s.config
    asks_who = not actor.is_seat
    me = (actor.seat if actor.is_seat else None) or s.active_name
    own_turn = me == s.active_name
    special = c.specials.get(card)
    if s.phase == DOOR and own_turn and _door_card(c, card):
        return _door_or_hand(s, card, me)
    if card in c.monsters:
        return _scanned_monster(s, card, own_turn)
    if card in c.enhancers:
        return _into_the_fight(s, {"cmd": "enhance", "card": card}, names.card(c, card), asks_who, bystander=True)
    if card in c.curses:
        return _scanned_curse(s, card, me, asks_who)
    if card in c.items:
        return _scanned_item(s, card, me, by_table=asks_who)
    if card in c.roles or (special and special.does in ("super_munchkin", "half_breed")):
        return {"cmd": "become", "card": card} if own_turn or s.player(me).received else None
    if special and special.does == "go_up":
        who = _played_by(s, me, asks_who)
        return Option(names.card(c, card), {"cmd": "go_up", "card": card}, who) if who else {"cmd": "go_up", "card": card}
    if special and special.does == "wandering":
        return _wandering(s, asks_who)
    if special and special.does == "other":
        return _scanned_play(s, card, me)
    return None


def _scanned_play(s: MunchkinState, card: str, me: str) -> dict[str, Any] | Option | None:
    """A card played with `play`: at once when it needs nothing more; else what it needs, asked (the
    only choice taken at once); nothing while its moment has not come."""
    if not playable_now(s, me, card):
        return None
    applies = card_applies(s, card) or ""
    asks = tuple(replace_when(ask, lambda picked: True) for ask in _play_asks(s, me, applies))
    command = {"cmd": "play", "card": card, **({"seat": me} if me != s.active_name else {})}
    for ask in asks:
        if len(ask.choices) == 1:
            command[ask.arg] = ask.choices[0].value
    open_asks = tuple(ask for ask in asks if len(ask.choices) > 1)
    return Option(names.card(s.config, card), command, open_asks) if open_asks else command


def _wandering(s: MunchkinState, asks_who: bool) -> Option | None:
    """The Wandering Monster card in a fight: who plays it (at the table's reader), which monster joins
    (the next card scanned answers)."""
    if s.phase != COMBAT:
        return None
    monsters = tuple(Choice(m, names.card(s.config, m), card=m) for m in s.config.monsters)
    return Option(M("A wandering monster from the catalogue joins"), {"cmd": "wander"},
                  (*_played_by(s, s.active_name, asks_who, _bystander(s)), Ask("card", M("Monster"), monsters)))


def _door_or_hand(s: MunchkinState, card: str, me: str) -> dict[str, Any] | Option:
    """A door card scanned before the door is kicked: the card behind the door — but a class or race is
    as often played from the hand then, so it asks which (the door first: one YES)."""
    c = s.config
    name = names.card(c, card)
    special = c.specials.get(card)
    if card in c.roles or (special is not None and special.does in ("super_munchkin", "half_breed")):
        kick, become = Option(name, {"cmd": "kick", "card": card}), Option(name, {"cmd": "become", "card": card})
        return Option(name, {}, (Ask("move", name, (Choice(kick, M("behind the door")), Choice(become, M("{seat} plays it", seat=me)))),))
    return {"cmd": "kick", "card": card}


def _door_card(c: Config, card: str) -> bool:
    special = c.specials.get(card)
    if special is not None:
        return special.deck == "door" or (not special.deck and special.does in DOOR_SPECIALS)
    return card in c.monsters or card in c.curses or card in c.enhancers or card in c.roles


def _scanned_monster(s: MunchkinState, card: str, own_turn: bool) -> dict[str, Any] | None:
    if s.phase == TROUBLE and own_turn:
        return {"cmd": "trouble", "card": card}
    if s.phase == COMBAT:
        return {"cmd": "wander", "card": card}
    return None


def _into_the_fight(s: MunchkinState, command: dict[str, Any], card: Text, asks_who: bool, bystander: bool = False) -> dict[str, Any] | Option | None:
    """A card played into the fight: who plays it, at the table's reader (an enhancer most likely the
    first player outside the fight, anything else the fighter); which monster, when several fight."""
    if s.phase != COMBAT:
        return None
    asks = (*_played_by(s, s.active_name, asks_who, _bystander(s) if bystander else s.fight.fighter), *_monster_ask(s))
    return Option(card, command, asks) if asks else command


def _scanned_curse(s: MunchkinState, card: str, me: str, asks_who: bool) -> Option:
    """A curse: who plays it (at the table's reader, the one whose turn it is first), then on whom."""
    name = names.card(s.config, card)
    return Option(M("Curse a player"), {"cmd": "curse", "card": card},
                  (*_played_by(s, me, asks_who), Ask("target", name, _seats(s, first=_first_other(s, me)))))


def _first_other(s: MunchkinState, me: str) -> str | None:
    return next((p.name for p in s.players if p.name != me and not p.dead), None)


def _scanned_item(s: MunchkinState, card: str, me: str, by_table: bool = False) -> dict[str, Any] | Option | None:
    """Issue 13: a treasure scanned is offered to its player (the seat whose turn it is, or one that just
    received it), to confirm (YES): equipped where a slot is free, else carried; NO leaves it in the
    hand. In a fight a one-shot is played (one that sends a monster away: which, when several fight);
    running away, the Loaded Die asks the face it sets; a card the table plays by hand is counted."""
    item = s.config.items[card]
    if item.applies == "invisibility":
        return _invisibility(s, me, card, by_table)
    if item.played:
        return _scanned_play(s, card, me)
    if item.sets_die and s.phase == RUN:
        return _loaded_die(s, me)
    if s.phase not in IN_COMBAT:
        lying = _item_in_play(s, card, me, by_table)
        if lying is not None:
            return lying
    if s.phase == COMBAT and item.one_shot and not item.sets_die:
        name = names.card(s.config, card)
        if item.removes:
            return _into_the_fight(s, {"cmd": "remove", "card": card}, name, by_table)
        who = _played_by(s, me, by_table, s.fight.fighter)
        return Option(name, {"cmd": "oneshot", "card": card}, who) if who else {"cmd": "oneshot", "card": card}
    own_turn = me == s.active_name and s.phase in (DOOR, TROUBLE, CHARITY)
    if not (own_turn or (s.player(me).received and not s.in_fight(me))):
        return None
    name = names.card(s.config, card)
    gear = Gear(0, item.name, item.id, item.bonus, item.slot, item.big, item.gold, item.one_shot, only=item.only, not_for=item.not_for,
                humans_only=item.humans_only)
    wearable = not item.one_shot and slot_free(s.player(me), gear) and usable(s, gear, s.player(me))
    how = (Choice(True, M("equipped"), likely=True), Choice(False, M("carried"))) if wearable else (Choice(False, M("onto the table")),)
    return Option(M("{seat} plays {item}", seat=me, item=name), {"cmd": "item", "card": card},
                  (Ask("equip", M("{seat} plays {item}", seat=me, item=name), how),))


def _item_in_play(s: MunchkinState, card: str, me: str, by_table: bool) -> Option | None:
    """An item lying on a player's table, scanned (outside a fight): what happens to it — discarded (a
    card's text, a bad stuff done by hand), given to another player (a trade, a theft, a bribe), or, in
    its owner's own turn, into the backpack or equipped. Only the owner's own reader, or the table's."""
    lying = [(p, g) for p in s.players for g in p.gear if g.card == card and (by_table or p.name == me)]
    if len(lying) != 1:  # none, or two copies in play: the menu's "Discard an item" / "Give an item" say which
        return None
    p, g = lying[0]
    label = M("{item} of {seat}", item=names.item(s.config, g.card, g.name), seat=p.name)
    fates = [Choice(Option(label, {"cmd": "discard", "item": g.uid}), M("discarded")),
             Choice(Option(label, {"cmd": "give", "item": g.uid}, _receivers(s, [p])), M("given to another player"))]
    if p.name == s.active_name and s.phase in (DOOR, TROUBLE, CHARITY):
        if g.equipped:
            fates.append(Choice(Option(label, {"cmd": "unequip", "item": g.uid}), M("into the backpack")))
        elif not g.one_shot and slot_free(p, g) and usable(s, g, p):
            fates.append(Choice(Option(label, {"cmd": "equip", "item": g.uid}), M("equipped")))
    return Option(label, {}, (Ask("move", label, tuple(fates)),))


def _invisibility(s: MunchkinState, me: str, card: str, by_table: bool) -> Option | None:
    """The Invisibility Potion running away: the roll it goes with (drunk only if the roll is caught),
    for the seat that scans it, or at the table's reader for the next one still to roll."""
    if s.phase != RUN:
        return None
    due = [who for who, _uid in s.fight.to_roll]
    if me not in due:
        if not (by_table and due):
            return None
        me = due[0]
    return Option(names.card(s.config, card), {"cmd": "roll", "invisibility": True, "fighter": me}, (Ask("die", M("Die"), FACES),))


def _loaded_die(s: MunchkinState, me: str) -> Option | None:
    if not any(who == me for who, _uid in s.fight.to_roll):
        return None
    faces = tuple(Choice(n, str(n), likely=n == 6) for n in range(1, 7))
    return Option(M("Loaded Die"), {"cmd": "roll"}, (Ask("loaded", M("Loaded Die"), faces),))

