"""Munchkin figures: loading the catalogue, a step (decide + evolve), the menus, the view, the odds, replay and memory.

A long evening of six players, played from the menus (what the buttons and screens offer), measured
step by step. Targets: loading the catalogue (the base set's 168 cards, parsed and checked) under
50 ms; a step, a menu and a view each well under the 5 ms a table could feel; a
replay of the evening under 0.5 s.
Run: `make bench ARGS=munchkin` or `.venv/bin/python benchmarks/bench_munchkin.py [--steps N]`.
"""
import argparse
import random
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.figures import best_of, ms, percentile, print_figures
from companion.contract import TABLE, seat_viewer
from companion.errors import RuleError
from companion.games.munchkin import GAME, config
from companion.session import Session

PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def evening(steps: int, seed: int = 1) -> tuple[Session, list[float], list[float]]:
    """A menu-driven game of `steps` accepted steps (a new game when one ends): the session of the last
    game, the time of each accepted step and of each menu built."""
    rng = random.Random(seed)
    session, step_times, menu_times = _new(seed), [], []
    while len(step_times) < steps:
        if session.turn.status != "playing":
            session = _new(rng.randrange(1 << 30))
        for actor in [TABLE, *(seat_viewer(s) for s in session.turn.acting)]:
            started = time.perf_counter()
            options = GAME.options(session.state, actor)
            menu_times.append(time.perf_counter() - started)
            rng.shuffle(options)
            if _try(session, options, actor, rng, step_times):
                break
    return session, step_times, menu_times


def _new(seed: int) -> Session:
    session = Session(GAME, seed)
    session.apply({"cmd": "start", "players": PLAYERS})
    return session


def _try(session: Session, options: list, actor, rng: random.Random, times: list[float]) -> bool:
    for option in options[:6]:
        request = {**option.command, **{ask.arg: rng.choice(ask.choices).value for ask in option.asks}}
        started = time.perf_counter()
        try:
            session.apply(request, by=actor)
        except RuleError:
            continue
        times.append(time.perf_counter() - started)
        return True
    return False


def load_catalogue() -> None:
    """The data files read, parsed and checked from scratch, as when the program starts."""
    config.default_settings.forget_files_read()
    config._config.cache_clear()
    config.default_config.cache_clear()
    config.default_config()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=3000, help="accepted steps in the measured evening")
    args = parser.parse_args(argv or [])
    session, steps, menus = evening(args.steps)
    tracemalloc.start()  # a second, identical evening: tracing would slow the timed one
    evening(args.steps)
    _now, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    game_steps = len(session.history)
    fighting = next((session.state_before(step) for step in reversed(session.history)
                     if session.state_before(step).combat is not None), session.state)
    events = sum(len(s.events) for s in session.history)
    rows = [
        (f"load the catalogue ({len(GAME.cards())} kinds of card)", ms(best_of(load_catalogue, 10)), "< 50 ms"),
        (f"step (decide + evolve), {len(steps)} steps, p50 / p99", f"{ms(percentile(steps, 50))} / {ms(percentile(steps, 99))}", "< 5 ms"),
        (f"menu for one actor, {len(menus)} menus, p50 / p99", f"{ms(percentile(menus, 50))} / {ms(percentile(menus, 99))}", "< 5 ms"),
        ("table view (JSON fields)", ms(best_of(lambda: session.public_view().to_json(), 20)), "< 5 ms"),
        ("odds analysis, in a fight", ms(best_of(lambda: GAME.analyses["odds"](fighting, TABLE), 20)), "< 5 ms"),
        ("undo-list line of every step", ms(best_of(lambda: [session.describe(s) for s in session.history], 3)), ""),
        (f"replay the last game ({game_steps} steps, {events} events)", ms(best_of(session.replay, 5)), "< 500 ms"),
        ("peak memory of the evening (every state kept for undo)", f"{peak / 1024 / 1024:.1f} MiB", ""),
    ]
    print_figures(rows, 20)


if __name__ == "__main__":
    main(sys.argv[1:])
