"""`companion odds eldersign …`: the exact chance to complete an adventure, as JSON.

    companion odds eldersign --task "INV:3>PERIL,PERIL>LORE,LORE" --dice 6G+YR --focus 1 --clues 1
    companion odds eldersign --batch queries.jsonl      # or --batch - for stdin

A batch file holds one JSON object per line with the fields task, dice, focus, spells, clues, assist,
terror (task and dice required); each answer is one JSON line with the query, `probability` (a
float), `percent` and `seconds` (that query's computation time), in the order asked. One process
answers the whole table, and the memo it builds serves every later line. A line that cannot be read
is answered with {"ok": false, "error": ...} and the batch goes on. docs/eldersign-odds.md has the notation.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable, Iterator
from typing import IO, Any

from companion.errors import RuleError
from companion.games.eldersign.odds import Query, as_json, chance
from companion.games.eldersign.odds.engine import TERROR_EFFECTS
from companion.messages import M, render

FIELDS = ("task", "dice", "focus", "spells", "clues", "assist", "terror")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="companion odds eldersign",
                                description="Exact chance to complete an Elder Sign adventure under the best play.")
    p.add_argument("--task", help='the adventure: tasks split by "|" (any order) or ">" (printed order), boxes by ","; '
                                  'e.g. "INV:3>PERIL,PERIL>LORE,LORE"')
    p.add_argument("--dice", default="6G", help="the dice: 6G, 6G+Y, 6G+R, 6G+YR, 5G … (default 6G)")
    p.add_argument("--focus", type=int, default=0, help="how many times focus may be used (default 0)")
    p.add_argument("--spells", type=int, default=0, help="spells that hold one die each (default 0)")
    p.add_argument("--clues", type=int, default=0, help="clues to spend on rerolls (default 0)")
    p.add_argument("--assist", type=int, default=0, help="investigators on the same adventure who may hold a die (default 0)")
    p.add_argument("--terror", default="none", choices=TERROR_EFFECTS, help="the terror effect: none, fail (the attempt fails) "
                                                                             "or discard (every green Terror die is lost)")
    p.add_argument("--exact", action="store_true", help="also give the probability as an exact fraction (slower)")
    p.add_argument("--batch", metavar="FILE", help='answer one JSON query per line of FILE ("-": standard input)')
    return p


def main(args: list[str]) -> int:
    options = parser().parse_args(args)
    if options.batch:
        if options.batch == "-":
            stream: IO[str] = sys.stdin
            return _batch(stream, sys.stdout, options.exact)
        try:
            with open(options.batch, encoding="utf-8") as stream:
                return _batch(stream, sys.stdout, options.exact)
        except OSError as exc:
            print(json.dumps({"ok": False, "error": {"code": "NO_FILE", "message": str(exc)}}))
            return 2
    if not options.task:
        print(json.dumps({"ok": False, "error": {"code": "BAD_ARGUMENTS", "message": "--task is needed (or --batch FILE)"}}))
        return 2
    request = {name: getattr(options, name) for name in FIELDS}
    reply = answer(request, options.exact)
    print(json.dumps(reply, ensure_ascii=False))
    return 0 if reply.get("ok") else 2


def answer(request: object, exact: bool = False) -> dict[str, Any]:
    """One query as JSON in, one answer as JSON out; never raises for a bad query."""
    try:
        query = _query(request)
        started = time.perf_counter()
        probability = chance(query)
        seconds = time.perf_counter() - started
        reply: dict[str, Any] = {"ok": True, **as_json(query), "probability": float(probability),
                                 "percent": round(100 * float(probability), 2), "seconds": round(seconds, 6)}
        if exact:
            reply["fraction"] = str(chance(query, exact=True))
        return reply
    except RuleError as exc:
        return {"ok": False, "error": {"code": exc.code, "message": render(exc.text)}}


def _query(request: object) -> Query:
    if not isinstance(request, dict):
        raise RuleError("BAD_REQUEST", M("A query is a JSON object with task and dice."))
    unknown = sorted(set(request) - set(FIELDS))
    if unknown:
        raise RuleError("BAD_ARGUMENTS", M("Unknown field \"{field}\" (known: {known}).", field=unknown[0], known=", ".join(FIELDS)))
    task, dice = request.get("task"), request.get("dice", "6G")
    if not isinstance(task, str) or not isinstance(dice, str):
        raise RuleError("BAD_ARGUMENTS", M("\"task\" and \"dice\" must be texts."))
    numbers = {name: request.get(name, 0) for name in ("focus", "spells", "clues", "assist")}
    terror = request.get("terror", "none")
    if not isinstance(terror, str):
        raise RuleError("BAD_ARGUMENTS", M("\"terror\" must be none, fail or discard."))
    return Query.parse(task, dice, terror=terror, **numbers)


def _batch(lines: Iterable[str], out: IO[str], exact: bool) -> int:
    status = 0
    for reply in answers(lines, exact):
        status = status or (0 if reply.get("ok") else 1)
        out.write(json.dumps(reply, ensure_ascii=False) + "\n")
        out.flush()
    return status


def answers(lines: Iterable[str], exact: bool = False) -> Iterator[dict[str, Any]]:
    for line in lines:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            yield {"ok": False, "error": {"code": "BAD_JSON", "message": f"That line is not JSON: {exc.msg}."}}
            continue
        yield answer(request, exact)
