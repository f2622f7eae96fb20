"""Elder Sign figures: the odds (issue 12: the table of queries, the worst 8-dice query, a typical
query) and loading the card catalogue (issue 20: data/cards.toml read, checked and built, < 50 ms).

Targets on this machine (a Pi 4 is about 3x slower): the 280 queries of base-game adventures x 5G, 6G,
6G+Y, 6G+R, 6G+YR x focus 0/1 x clue 0/1 in under 3 s in one process; any base-game adventure with 8
dice, focus, spells and 2 clues under 1 s; typical (<= 6 dice, <= 1 clue) under 50 ms.
Run: `make bench ARGS=eldersign` or `.venv/bin/python benchmarks/bench_eldersign.py [--adventures 14]`.

The same table through the command line (`companion odds eldersign --batch FILE`, issue 23 §4: < 2 s, the
process's start included, bytecode cached as installed) is timed by the wall clock, a median of 3.

Times are process (CPU) seconds, so other work on the machine does not inflate them; the table of
queries runs in one process with the memo warm from its own earlier rows (as `--batch` does); the
worst and typical queries each start from a cold memo.
"""
import argparse
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.figures import print_figures
from benchmarks.processes import compile_bytecode, timed_run
from companion.games.eldersign.odds import Query, chance, solvers

#: base-game adventures' task lines, as a public exact calculator lists them (facts file §1.11,
#: CODE-ECF cards.csv, "Core"), in its order
BASE_GAME = [
    ("The Curator", "LORE,LORE,LORE|LORE,INV:3"),
    ("Koi Pond", "TERROR|TERROR,PERIL,PERIL"),
    ("Hallway on Fire", "PERIL>PERIL"),
    ("Late Night Break-In", "INV:3|INV:6"),
    ("Lights Out", "INV:3>PERIL,PERIL>LORE,LORE"),
    ("Horrible Visions", "PERIL,TERROR|LORE,PERIL"),
    ("Did You Hear That?", "PERIL|PERIL,PERIL"),
    ("Gate to Elsewhere", "LORE|LORE,LORE"),
    ("When Night Falls", "TERROR|PERIL,LORE,LORE"),
    ("You Become That Which You Fear Most", "TERROR,TERROR,TERROR"),
    ("Don't Fall Asleep", "TERROR|TERROR,TERROR"),
    ("Unnatural Habitat", "PERIL,PERIL,INV:3"),
    ("Ancient Relics", "LORE,INV:3|LORE,INV:3"),
    ("Transported by Magic", "INV:6|LORE,LORE"),
    ("The Graveyard", "PERIL|TERROR|INV:7"),
    ("There's Something in the Basement", "INV:6|LORE|TERROR"),
    ("Vermin in the Pipes", "INV:3|INV:3|INV:3,PERIL"),
    ("Gala in the Great Hall", "INV:2,LORE,PERIL|INV:3"),
    ("Forgotten Knowledge", "LORE|TERROR,INV:8"),
    ("The Missing Records", "INV:6|LORE,INV:3"),
    ("A Peculiar Specimen", "INV:3>INV:6>PERIL"),
    ("The Loading Dock", "PERIL|PERIL,INV:3"),
    ("Haunted by a Shadowy Figure", "PERIL,TERROR"),
]
POOLS = ("5G", "6G", "6G+Y", "6G+R", "6G+YR")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms" if seconds >= 0.01 else f"{seconds * 1000:.1f} ms"


def timed(query: Query) -> tuple[float, float]:
    started = time.process_time()
    p = chance(query)
    return float(p), time.process_time() - started


def bench_table(adventures: int, pools: list[str], focus: list[int], clues: list[int]) -> list[tuple[str, str, str]]:
    solvers().clear()
    times: list[tuple[float, str]] = []
    for name, task in BASE_GAME[:adventures]:
        for c in clues:
            for f in focus:
                for pool in pools:
                    _p, seconds = timed(Query.parse(task, pool, focus=f, clues=c))
                    times.append((seconds, f"{name}, {pool}, focus {f}, clue {c}"))
    total = sum(t for t, _ in times)
    worst = max(times)
    n = len(times)
    return [
        (f"table of {n} queries ({adventures} adventures x {len(pools)} pools x focus {'/'.join(map(str, focus))} x clue "
         f"{'/'.join(map(str, clues))}), one process", ms(total), "< 3,000 ms for 280"),
        ("  slowest row of that table", f"{ms(worst[0])} ({worst[1]})", ""),
        ("  median row", ms(statistics.median(t for t, _ in times)), ""),
    ]


def bench_command_line(adventures: int, pools: list[str], focus: list[int], clues: list[int], runs: int = 3) -> list[tuple[str, str, str]]:
    """The table as a batch file through `companion odds eldersign --batch`: a new process each run."""
    import json
    import tempfile

    queries = [{"task": task, "dice": pool, "focus": f, "clues": c}
               for _name, task in BASE_GAME[:adventures] for c in clues for f in focus for pool in pools]
    compile_bytecode()
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as batch:
        batch.write("".join(json.dumps(q) + "\n" for q in queries))
    try:
        command = [sys.executable, "-m", "entry", "odds", "eldersign", "--batch", batch.name]
        times = [timed_run(command) for _ in range(runs)]
    finally:
        Path(batch.name).unlink()
    wall = statistics.median(t for t, _ in times)
    cpu = statistics.median(c for _, c in times)
    return [(f"the {len(queries)} queries from the command line (--batch, start included), median of {runs}: wall / CPU",
             f"{ms(wall)} / {ms(cpu)}", "< 2,000 ms")]


def bench_worst(adventures: int, spells: int) -> list[tuple[str, str, str]]:
    rows = []
    worst: tuple[float, str] = (0.0, "")
    for name, task in BASE_GAME[:adventures]:
        solvers().clear()
        _p, seconds = timed(Query.parse(task, "6G+YR", focus=1, spells=spells, clues=2))
        worst = max(worst, (seconds, name))
    if adventures:
        rows.append((f"worst 8-dice query over {adventures} adventures (6G+YR, focus 1, {spells} spell, 2 clues), cold",
                     f"{ms(worst[0])} ({worst[1]})", "< 1,000 ms"))
    return rows


def bench_typical(adventures: int) -> list[tuple[str, str, str]]:
    times = []
    for _name, task in BASE_GAME[:adventures]:
        for pool in ("6G", "5G+Y"):
            solvers().clear()
            times.append(timed(Query.parse(task, pool, focus=1, clues=1))[1])
    if not times:
        return []
    return [(f"typical query (6G or 5G+Y, focus 1, 1 clue), cold, median of {len(times)}", ms(statistics.median(times)), "< 50 ms"),
            ("  slowest typical query", ms(max(times)), "")]


def bench_catalogue(repeats: int) -> list[tuple[str, str, str]]:
    """Loading the catalogue cold: the TOML files read and parsed, every card checked by the schema,
    the rules' Config built (task lines parsed) and the cards a tag can be listed."""
    from companion.games.eldersign import config, inputs, state

    times = []
    for _ in range(repeats):
        config.default_settings.forget_files_read()
        for cached in (config._cached_config, state.default_config):
            cached.cache_clear()
        start = time.process_time()
        known = inputs.cards()
        times.append(time.process_time() - start)
    if not times:
        return []
    return [(f"card catalogue loaded cold ({len(known)} cards), median of {len(times)}", ms(statistics.median(times)), "< 50 ms"),
            ("  slowest load", ms(max(times)), "")]


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--adventures", type=int, default=14, help="base-game adventures in the table (14 x 20 = 280 queries)")
    parser.add_argument("--pools", default=",".join(POOLS), help="dice pools of the table")
    parser.add_argument("--focus", default="0,1")
    parser.add_argument("--clues", default="0,1")
    parser.add_argument("--worst", type=int, default=len(BASE_GAME), help="adventures tried for the worst 8-dice query (0: skip)")
    parser.add_argument("--spells", type=int, default=1, help="spells in the worst query")
    parser.add_argument("--typical", type=int, default=len(BASE_GAME), help="adventures for the typical query (0: skip)")
    parser.add_argument("--loads", type=int, default=20, help="cold loads of the card catalogue (0: skip)")
    args = parser.parse_args(argv)
    rows = bench_catalogue(args.loads)
    rows += bench_table(args.adventures, args.pools.split(","), [int(f) for f in args.focus.split(",")],
                       [int(c) for c in args.clues.split(",")])
    rows += bench_command_line(args.adventures, args.pools.split(","), [int(f) for f in args.focus.split(",")],
                               [int(c) for c in args.clues.split(",")])
    rows += bench_typical(args.typical)
    rows += bench_worst(args.worst, args.spells)
    rows.append(("peak memory of this process (ru_maxrss)", f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:,.0f} MB", ""))
    rows.append(("situations remembered at the end (memo)", f"{solvers().size:,}", ""))
    print_figures(rows, 28)


if __name__ == "__main__":
    main(sys.argv[1:])
