"""The analyses a screen (or a spoken question) asks for, computed only then and cached per state:

- `odds`: during an attempt, the chance from here under the best play; otherwise, for every adventure in
  play, the active investigator's chance to complete it now (green dice, their clues and spells, focus,
  the investigators standing there to help); in the battle, the chance to hurt the Ancient One at least once.
- `advice`: "what now?" for the dice lying rolled: every plan with the chance after it, best first, and
  the command that starts it.

Focus is limited by the marker alone (seed, "Фокусировка и Помощь": one die at a time), so the odds
give it as many uses as there are dice; in the final battle there is no focus or help at all (seed,
"Пробуждение").
"""
from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from companion.contract import Viewer
from companion.games.eldersign import names
from companion.games.eldersign.config import ENTRANCE, Card
from companion.games.eldersign.odds import MAX_CLUES, solvers
from companion.games.eldersign.odds.advice import Plan, Situation, advise
from companion.games.eldersign.odds.engine import NO_FACE, Number
from companion.games.eldersign.state import BATTLE_TARGET, Attempt, ElderSignState
from companion.messages import M, Text, joined, render, text_json

#: plans the advice lists (the best first); the rest are seldom worth a look
ADVICE_LIMIT = 8


#: the engine's memo (companion/games/eldersign/odds) is shared and not thread-safe: a screen's worker
#: thread and a button's "tell" work one at a time
_ENGINE = threading.RLock()
_F = TypeVar("_F", bound=Callable[..., Any])


def _one_at_a_time(analysis: _F) -> _F:
    @functools.wraps(analysis)
    def locked(*args: Any, **kwargs: Any) -> Any:
        with _ENGINE:
            return analysis(*args, **kwargs)

    return locked  # type: ignore[return-value]


def percent(p: Number) -> int:
    """Rounded for the table: never 100 unless certain, nor 0 unless impossible."""
    value = round(float(p) * 100)
    if value == 100 and p < 1:
        return 99
    if value == 0 and p > 0:
        return 1
    return value


@_one_at_a_time
def odds(s: ElderSignState, viewer: Viewer | None = None) -> dict[str, Any]:
    if s.status != "playing":
        return {}
    if s.attempt is not None:
        chance = attempt_chance(s, s.attempt)
        return {"attempt": {"target": s.attempt.target, "probability": float(chance), "percent": percent(chance)}}
    inv = s.investigator()
    if inv.card is None:
        return {}
    if s.awakened:
        chance = _fresh_chance(s, s.card(BATTLE_TARGET), helpers=0)
        return {"battle": {"probability": float(chance), "percent": percent(chance)}}
    found = []
    for adventure in s.adventures:
        card = s.card(adventure)
        helpers = len([seat for seat in s.seats_at(adventure) if seat != s.seat])
        chance = _fresh_chance(s, card, helpers)
        found.append({"adventure": adventure, "name": render(card.title), "probability": float(chance), "percent": percent(chance),
                      "here": inv.where == adventure})
    return {"adventures": found}


def _fresh_chance(s: ElderSignState, card: Card, helpers: int) -> Number:
    inv = s.investigator()
    focus = 0 if s.awakened else _focus(s.config.green_dice + 2)
    terror = "none" if s.power() == "science" else card.terror
    situation = Situation(card.tasks, card.stages, frozenset(), (), (), focus, inv.spells, clues_of(s, s.seat), ("",) * helpers, terror)
    group = solvers()
    group.prepare(inv.clues)
    solver = group.solver(situation.remaining(), situation.terror)
    return solver.enter(NO_FACE, (), situation.focus, helpers, inv.spells, situation.clues, (s.config.green_dice, 0, 0))


def attempt_chance(s: ElderSignState, a: Attempt) -> Number:
    """The chance of the attempt from where it stands: before the roll, the expectation over it; after
    it, the best plan's chance."""
    situation = situation_of(s, a)
    if a.step == "roll":
        group = solvers()
        group.prepare(situation.clues)
        solver = group.solver(situation.remaining(), situation.terror)
        if situation.remaining().done:
            return solver.one
        own = next((face for slot, face in a.held if slot == "own"), NO_FACE)
        other = tuple(face for slot, face in a.held if slot != "own")
        pool = a.pool
        if a.due:  # a clue's reroll: the kept dice lie, the rest are rolled
            rolled = a.due_colours()
            ctx = solver.context(own, other, situation.focus, len(situation.helpers), situation.spells, situation.clues, sum(pool))
            kept = [die for i, die in enumerate(a.roll) if i not in a.due]
            return solver.expectations(ctx, pool)[solver.code_of(kept)] if sum(rolled) else solver.zero
        return solver.enter(own, other, situation.focus, len(situation.helpers), situation.spells, situation.clues, pool)
    plans = _plans(s, a)
    return plans[0].chance if plans else solvers().solver(situation.remaining(), situation.terror).zero


def situation_of(s: ElderSignState, a: Attempt) -> Situation:
    card = s.card(a.target)
    inv = s.investigator(a.seat)
    helpers: tuple[str, ...] = ()
    if not a.battle:
        helpers = tuple(seat for seat in s.seats_at(a.target) if seat != a.seat and not a.holds(f"assist:{seat}"))
    step = a.step if a.step in ("rolled", "holding", "completed") else "rolled"
    focus = 0 if a.battle else _focus(sum(a.pool) + len(a.held))  # seed, "Пробуждение": no focus or help in the battle
    return Situation(card.tasks, card.stages, frozenset(a.done), a.roll, a.held, focus, inv.spells,
                     clues_of(s, a.seat), helpers, s.terror_of(a.target, a.seat), step, a.marker_used, a.terror_applied)  # type: ignore[arg-type]


def clues_of(s: ElderSignState, seat: str) -> int:
    """The rerolls the clues buy: Joe Diamond's each buy two (the second free), and a free one he holds."""
    inv = s.investigator(seat)
    if s.power(seat) != "free-reroll":
        return inv.clues
    free = s.attempt.free_rerolls if s.attempt is not None and s.attempt.seat == seat else 0
    return min(MAX_CLUES, 2 * inv.clues + free)


def _focus(dice: int) -> int:
    """Focus limited only by the marker: a use per die is as good as unlimited."""
    return max(1, dice)


@_one_at_a_time
def advice(s: ElderSignState, viewer: Viewer | None = None) -> list[dict[str, Any]]:
    """Plans for the dice lying rolled, best first, each with its chance, its words and its first command."""
    a = s.attempt
    if s.status != "playing" or a is None or a.step == "roll":
        return []
    card = s.card(a.target)
    return [_plan_json(s, a, card, plan) for plan in _plans(s, a)]


@_one_at_a_time
def best_step(s: ElderSignState) -> tuple[int, dict[str, Any]] | None:
    """The best plan's chance (percent) and the command that starts it, for the dice lying rolled (the
    menu offers it as the likely move); None when no roll lies."""
    a = s.attempt
    if s.status != "playing" or a is None or a.step == "roll":
        return None
    plans = _plans(s, a)
    command = first_command(plans[0]) if plans else None
    return (percent(plans[0].chance), command) if plans and command else None


#: the plans worked out for the last few states (by identity: a state is never changed), so that the
#: menu, the screen and the spoken answer work each roll out once
_PLANS: dict[int, tuple[ElderSignState, list[Plan]]] = {}
_PLANS_KEPT = 16


def _plans(s: ElderSignState, a: Attempt) -> list[Plan]:
    kept = _PLANS.get(id(s))
    if kept is not None and kept[0] is s:
        return kept[1]
    plans = advise(situation_of(s, a), solvers(), limit=ADVICE_LIMIT)
    while len(_PLANS) >= _PLANS_KEPT:
        del _PLANS[next(iter(_PLANS))]
    _PLANS[id(s)] = (s, plans)
    return plans


def _plan_json(s: ElderSignState, a: Attempt, card: Card, plan: Plan) -> dict[str, Any]:
    text = plan_text(a, plan)
    return {"kind": plan.kind, "probability": float(plan.chance), "percent": percent(plan.chance),
            "text": render(text), "message": text_json(text), "command": first_command(plan)}


def plan_text(a: Attempt, plan: Plan) -> Text:
    """What the table does, in words: "Complete task 2 with dice 1 (green Lore), 4 (red Wild)"."""
    parts: list[Text] = []
    if plan.terror == "fail":
        return M("Terror strikes: the attempt fails")
    if plan.terror == "discard" and plan.lost:
        parts.append(M("Terror takes {dice}", dice=_dice(a, plan.lost)))
    if plan.kind == "complete":
        used = [_dice(a, plan.use)] if plan.use else []
        used += [names.slot(slot) for slot in plan.use_held]
        parts.append(M("Complete task {n} with {dice}", n=(plan.task or 0) + 1, dice=joined(used, ", ")))
        if plan.spells:
            parts.append(M("then hold {dice} on spells", dice=_dice(a, plan.spells)))
    elif plan.kind == "clue":
        parts.append(M("Spend a clue: roll {dice} again", dice=_dice(a, plan.reroll)))
    else:
        if plan.focus is not None:
            parts.append(M("Focus on {die}", die=_dice(a, (plan.focus,))))
        if plan.assist is not None:
            parts.append(M("{helper} holds {die}", helper=plan.helper or "", die=_dice(a, (plan.assist,))))
        if plan.spells:
            parts.append(M("hold {dice} on spells", dice=_dice(a, plan.spells)))
        if plan.discard is not None:
            parts.append(M("discard {die}", die=_dice(a, (plan.discard,))))
        if not parts:
            parts.append(M("Roll the rest"))
    return joined(parts, "; ")


def _dice(a: Attempt, positions: tuple[int, ...]) -> Text:
    return joined([M("die {n} ({die})", n=p + 1, die=names.die(a.roll[p])) for p in positions], ", ")


def first_command(plan: Plan) -> dict[str, Any] | None:
    """The command that starts the plan (the advice is asked again after it)."""
    if plan.terror == "fail" or (plan.kind == "hold" and plan.terror and plan.discard is None):
        return {"cmd": "give_up"}  # the terror ends the attempt, or leaves no die to roll
    if plan.kind == "complete":
        return {"cmd": "complete", "task": (plan.task or 0) + 1, "dice": [p + 1 for p in plan.use], "held": list(plan.use_held)}
    if plan.kind == "clue":
        return {"cmd": "clue", "dice": [p + 1 for p in plan.reroll]}
    if plan.focus is not None:
        return {"cmd": "focus", "die": plan.focus + 1}
    if plan.assist is not None:
        return {"cmd": "assist", "die": plan.assist + 1, "helper": plan.helper}
    if plan.spells:
        return {"cmd": "spell", "die": plan.spells[0] + 1}
    if plan.discard is not None:
        return {"cmd": "discard", "die": plan.discard + 1}
    return {"cmd": "roll", "virtual": True}


def where_name(s: ElderSignState, where: str | None) -> Text:
    if where is None:
        return M("nowhere")
    if where == ENTRANCE:
        return M("the entrance")
    if where in s.config.adventures:
        return s.config.adventures[where].title
    return s.config.ancient_one.title


@_one_at_a_time
def spoken(s: ElderSignState, viewer: Viewer | None = None) -> Text | None:
    """What the "tell" gesture says: in an attempt its chance and the best plan for the dice rolled;
    in the battle the chance to hurt the Ancient One; else each adventure's chance for the investigator."""
    found = odds(s, viewer)
    if "attempt" in found:
        plans = advice(s, viewer)
        best = [M("best: {plan}", plan=plans[0]["text"])] if plans else []
        return joined([M("Chance {p}%", p=found["attempt"]["percent"]), *best], "; ")
    if "battle" in found:
        return M("Chance {p}%", p=found["battle"]["percent"])
    if found.get("adventures"):
        return joined([M("{name}: {p}%", name=a["name"], p=a["percent"]) for a in found["adventures"]], "; ")
    return None
