"""Exact Elder Sign odds: the chance to complete an adventure under the best play (engine.py), the
"what now?" advice for a roll on the table (advice.py), and the `companion odds eldersign` tool (cli.py).

    from companion.games.eldersign.odds import Query, chance
    chance(Query.parse("INV:3>PERIL,PERIL>LORE,LORE", "6G+YR", focus=1, clues=1))   # a float
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.errors import RuleError
from companion.games.eldersign.odds.dice import Pool, parse_pool
from companion.games.eldersign.odds.engine import NO_FACE, TERROR_EFFECTS, Number, Solvers, Terror
from companion.games.eldersign.odds.tasks import Adventure, parse_adventure
from companion.messages import M

#: budgets a query may ask for; beyond them the answer no longer changes (a focus or spell takes a
#: die each) or the table has made a typo
MAX_BUDGET = 9
MAX_CLUES = 6


@dataclass(frozen=True)
class Query:
    """One question: an adventure (as it remains), the free dice, what may be spent, what is held."""

    adventure: Adventure
    pool: Pool
    focus: int = 0
    spells: int = 0
    clues: int = 0
    assist: int = 0
    terror: Terror = "none"
    #: a die already on the investigator's own marker (a face), and dice held on spells or assisting markers
    own: int = NO_FACE
    held: tuple[int, ...] = field(default=())

    @classmethod
    def parse(cls, task: str, dice: str, focus: int = 0, spells: int = 0, clues: int = 0, assist: int = 0,
              terror: str = "none") -> Query:
        """From the notation of docs/eldersign-odds.md; a RuleError says what is wrong."""
        for name, value, top in (("focus", focus, MAX_BUDGET), ("spells", spells, MAX_BUDGET), ("assist", assist, MAX_BUDGET),
                                 ("clues", clues, MAX_CLUES)):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
                raise RuleError("BAD_ARGUMENTS", M("\"{arg}\" must be a whole number from 0 to {n}.", arg=name, n=top))
        if terror not in TERROR_EFFECTS:
            raise RuleError("BAD_ARGUMENTS", M("\"terror\" must be none, fail or discard."))
        return cls(parse_adventure(task), parse_pool(dice), focus, spells, clues, assist, terror)


_FLOAT = Solvers(exact=False)
_EXACT = Solvers(exact=True)
#: remembered entries (situations and roll tables) before the memo is dropped: about 150 MB, so a
#: long evening on a Pi does not grow without end
MEMO_LIMIT = 1_500_000


def solvers(exact: bool = False) -> Solvers:
    found = _EXACT if exact else _FLOAT
    if found.entries > MEMO_LIMIT:
        found.clear()
    return found


def chance(query: Query, exact: bool = False) -> Number:
    """The chance that the attempt succeeds under the best play: a float, or a Fraction when `exact`."""
    group = solvers(exact)
    group.prepare(query.clues)
    solver = group.solver(query.adventure, query.terror)
    return solver.enter(query.own, query.held, query.focus, query.assist, query.spells, query.clues, query.pool.counts)


def as_json(query: Query) -> dict[str, Any]:
    return {"task": str(query.adventure), "dice": str(query.pool), "focus": query.focus, "spells": query.spells,
            "clues": query.clues, "assist": query.assist, "terror": query.terror}


__all__ = ["Adventure", "Pool", "Query", "RuleError", "as_json", "chance", "parse_adventure", "parse_pool", "solvers"]
