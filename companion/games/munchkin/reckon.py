"""The arithmetic of a fight, from state alone: combat strengths, who wins now and by how much, hand
limits, slots, run-away bonuses and the exact chance to escape. The rules, the views, the ring and the
odds all ask here, so the number on the ring is the number the rules decide by.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from companion.games.munchkin.config import SEXES, Role
from companion.games.munchkin.state import Foe, Gear, MunchkinState, Player
from companion.odds import chance_at_least

D6 = (1, 2, 3, 4, 5, 6)
#: seed §Gegenstände: 1 headgear, 1 armour, 1 footgear, and hands for two "1 Hand" items
SLOT_LIMITS = {"headgear": 1, "armour": 1, "footgear": 1}
HANDS = 2


def roles(s: MunchkinState, p: Player) -> list[Role]:
    return [s.config.roles[r] for r in p.roles if r in s.config.roles]


def counts(s: MunchkinState, g: Gear, p: Player) -> bool:
    """An equipped item counts while its owner may use it (facts §2.8), or Cheat! says so."""
    return g.equipped and (g.extra == "cheat" or usable(s, g, p))


def is_human(s: MunchkinState, p: Player) -> bool:
    """Facts §2.9: a character without a race card is human."""
    return not any(s.config.roles[r].kind == "race" for r in p.roles if r in s.config.roles)


def unusable_because(s: MunchkinState, g: Gear, p: Player) -> str | None:
    """Why `p` may not use `g` ("only", "not_for", "humans_only"), or None: it may. An item only for one
    sex needs that sex (a sex nobody said: it may); one only for a class or race needs it; one "not for"
    a class or race refuses it; one for humans only refuses any race (facts §2.8)."""
    if g.only in SEXES:
        if p.sex not in (None, g.only):
            return "only"
    elif g.only is not None and g.only not in p.roles:
        return "only"
    if g.not_for is not None and g.not_for in p.roles:
        return "not_for"
    if g.humans_only and not is_human(s, p):
        return "humans_only"
    return None


def usable(s: MunchkinState, g: Gear, p: Player) -> bool:
    return unusable_because(s, g, p) is None


def wears_armour(p: Player) -> bool:
    return any(g.equipped and g.slot == "armour" for g in p.gear)


def strength(s: MunchkinState, name: str) -> int:
    """Seed §Kampf: level plus every modifier: equipped items, abilities, curses in effect."""
    p = s.player(name)
    gear = sum(g.bonus for g in p.gear if counts(s, g, p))
    unarmoured = 0 if wears_armour(p) else max((r.unarmoured for r in roles(s, p)), default=0)
    return p.level + gear + unarmoured + sum(c.combat for c in p.curses)


def monster_strength(s: MunchkinState, foe: Foe) -> int:
    """Its level, the enhancers on it, and its bonus against a fighter's class or race, counted once
    even when fighter and helper both qualify (seed §Um Hilfe bitten)."""
    fighters = s.fight.fighters if s.combat else ()
    held = {r for name in fighters for r in (*s.player(name).roles, s.player(name).sex)}
    against = max((n for role, n in foe.bonus if role in held), default=0)
    return foe.level + sum(e.bonus for e in foe.enhancements) + against


@dataclass(frozen=True)
class Standing:
    """Who is winning the fight right now."""

    players: int
    monsters: int
    #: a Warrior fights: a tie goes to the players (facts §2.3)
    ties_win: bool

    @property
    def winning(self) -> bool:
        return self.players > self.monsters or (self.ties_win and self.players == self.monsters)

    @property
    def needs(self) -> int:
        """The strength the players lack ("needs +3"); 0 when they win now."""
        return 0 if self.winning else self.monsters - self.players + (0 if self.ties_win else 1)


def standing(s: MunchkinState) -> Standing:
    fight = s.fight
    players = sum(strength(s, name) for name in fight.fighters) + sum(b.bonus for b in fight.boosts)
    monsters = sum(monster_strength(s, foe) for foe in fight.foes)
    ties = any(r.wins_ties for name in fight.fighters for r in roles(s, s.player(name)))
    return Standing(players, monsters, ties)


def hand_limit(s: MunchkinState, p: Player) -> int:
    """Seed §Milde Gabe: 5; a card such as the Dwarf raises it (facts §2.2)."""
    return max([s.config.hand_limit, *(r.hand_limit for r in roles(s, p) if r.hand_limit)])


def hireling_room(p: Player) -> bool:
    """A Hireling in play still has room for one more item (one each)."""
    return sum(1 for g in p.gear if g.carries) > sum(1 for g in p.gear if g.extra == "hireling")


def may_sell_double(s: MunchkinState, p: Player) -> bool:
    """The Halfling's once a turn: one item sold for double, not yet used this turn."""
    return not s.doubled and any(r.sells_double for r in roles(s, p))


def may_have_big_items(s: MunchkinState, p: Player) -> bool:
    return any(r.big_items for r in roles(s, p))


def slot_free(p: Player, item: Gear) -> bool:
    """Whether `item` can be equipped beside what `p` has equipped (seed §Gegenstände)."""
    equipped = [g for g in p.gear if g.equipped and g.uid != item.uid and g.extra is None]
    if item.slot in SLOT_LIMITS:
        return sum(1 for g in equipped if g.slot == item.slot) < SLOT_LIMITS[item.slot]
    if item.slot in ("hand", "hands"):
        return hands_used(equipped) + hands_of(item) <= HANDS
    return True


def hands_of(item: Gear) -> int:
    return {"hand": 1, "hands": 2}.get(item.slot, 0)


def hands_used(gear: list[Gear] | tuple[Gear, ...]) -> int:
    return sum(hands_of(g) for g in gear if g.equipped)


def slots_ok(p: Player) -> bool:
    """No slot over-filled (what the rules never allow, checked by the tests)."""
    equipped = [g for g in p.gear if g.equipped and g.extra is None]  # Cheat! and a Hireling are beyond the slots
    return hands_used(equipped) <= HANDS and all(sum(1 for g in equipped if g.slot == slot) <= n for slot, n in SLOT_LIMITS.items())


def run_bonus(s: MunchkinState, name: str, foe: Foe) -> int:
    """Facts §2.5: abilities (Elf +1), equipped items, curses in effect and the monster modify the roll."""
    p = s.player(name)
    return (sum(r.run for r in roles(s, p)) + sum(g.run for g in p.gear if counts(s, g, p))
            + sum(c.run for c in p.curses) + foe.run)


def lets_go(foe: Foe, p: Player) -> bool:
    """"Won't pursue anyone of level N or lower" (seed, Menschenfresser-Mond)."""
    return foe.wont_pursue > 0 and p.level <= foe.wont_pursue


def escape_chance(s: MunchkinState, name: str, foe: Foe) -> Fraction:
    """Exact chance that one d6 plus the modifiers reaches `escape_on` (seed §Weglaufen: 5 or more)."""
    if lets_go(foe, s.player(name)):
        return Fraction(1)
    return chance_at_least(D6, s.config.escape_on - run_bonus(s, name, foe))
