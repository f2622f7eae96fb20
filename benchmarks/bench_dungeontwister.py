"""Dungeon Twister figures: the card catalogue loaded, a step decided, a view made for each viewer, a long game replayed and
resumed, a secret fight through `companion headless`, and the memory a long evening holds.

Targets: a step or a view well under a frame (< 16 ms p99) on a PC, so a Raspberry Pi stays well under
100 ms; replay and resume of a long evening < 0.5 s; a round trip < 5 ms p99; the card catalogue loaded
(data/cards.toml read, checked, made into cards) < 50 ms.
Run: `make bench ARGS=dungeontwister` or `.venv/bin/python benchmarks/bench_dungeontwister.py`.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.figures import ms, peak_rss_kib, percentile, print_figures, replay_and_resume
from companion.contract import TABLE, seat_viewer
from companion.games.dungeontwister import GAME
from companion.session import Session
from companion.store import EventStore

RED, BLUE = seat_viewer("red"), seat_viewer("blue")
LINES = {"red": ["troll", "warrior", "thief", "cleric"], "blue": ["troll", "warrior", "thief", "cleric"]}
#: on seat screens, where each combat card is a secret the save file seals (the default enters them at the table)
START = {"cmd": "start", "players": ["Ann", "Bob"], "first": "red", "lineup": LINES, "settings": {"seats": {"secret_choices": "seats"}}}


def long_evening(session: Session, steps: int) -> list[float]:
    """Plays turns that never score (moves, a turned room, a tied Troll fight on +0 cards) until the log
    holds `steps` steps; returns how long each step took to decide, fold and keep."""
    timings = []

    def apply(request: dict, by=TABLE) -> None:
        started = time.perf_counter()
        session.apply(request, by=by)
        timings.append(time.perf_counter() - started)

    while len(session.history) < steps:
        state = session.state
        if state.phase == "action_card":
            apply({"cmd": "play_card", "card": GAME.view(state, TABLE)["allowed_action_cards"][-1]})
        elif state.ap >= 2:
            apply({"cmd": "move", "character": "warrior"} if state.ap % 2 else {"cmd": "rotate", "character": "thief"})
        else:
            apply({"cmd": "attack", "attackers": ["troll"], "defenders": ["troll"]})
            apply({"cmd": "choose", "card": 0}, RED)
            apply({"cmd": "choose", "card": 0}, BLUE)  # the reveal: a tie, and the turn passes
    return timings


def bench_steps_and_replay(folder: Path, steps: int) -> list[tuple[str, str, str]]:
    db = folder / "evening.db"
    with EventStore(db) as store:
        session = Session.new(GAME, store, seed=1)
        session.apply(dict(START))
        timings = long_evening(session, steps)
        events = sum(len(step.events) for step in session.history)
        session.close()
    fold, resume = replay_and_resume(GAME, db, session, 3)
    return [
        (f"a step decided and saved to SQLite, p50 ({len(timings)} steps)", ms(percentile(timings, 50)), ""),
        ("a step decided and saved to SQLite, p99 (the fsync dominates)", ms(percentile(timings, 99)), ""),
        (f"replay {events} events ({len(session.history)} steps, in memory)", ms(fold), "< 500 ms"),
        (f"resume {events} events from SQLite", ms(resume), "< 500 ms"),
    ]


def bench_views(steps: int, samples: int) -> list[tuple[str, str, str]]:
    session = Session(GAME, 1)
    session.apply(dict(START))
    decided = long_evening(session, steps)
    rows = [("a step decided and folded (in memory), p50 / p99", f"{ms(percentile(decided, 50))} / {ms(percentile(decided, 99))}", "< 16 ms")]
    for name, viewer in (("table", TABLE), ("a seat", RED)):
        view, log, menu = [], [], []
        for _ in range(samples):
            started = time.perf_counter()
            json.dumps(session.view(viewer).to_json())
            view.append(time.perf_counter() - started)
            started = time.perf_counter()
            json.dumps(session.log(viewer))
            log.append(time.perf_counter() - started)
            started = time.perf_counter()
            GAME.options(session.state, viewer)
            menu.append(time.perf_counter() - started)
        rows += [
            (f"view for {name} (JSON), p50 / p99", f"{ms(percentile(view, 50))} / {ms(percentile(view, 99))}", "< 16 ms"),
            (f"undo list for {name}, {len(session.history)} steps, p50", ms(percentile(log, 50)), ""),
            (f"menu for {name}, p50", ms(percentile(menu, 50)), ""),
        ]
    return rows


def bench_memory(steps: int) -> list[tuple[str, str, str]]:
    tracemalloc.start()
    session = Session(GAME, 1)
    session.apply(dict(START))
    long_evening(session, steps)
    current, _peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return [(f"a session holding {len(session.history)} steps (every state kept for undo)", f"{current / 1024 / 1024:.1f} MiB", "")]


def bench_round_trip(folder: Path, fights: int) -> list[tuple[str, str, str]]:
    proc = subprocess.Popen([sys.executable, "-m", "entry", "headless", "dungeontwister", "--db", str(folder / "rt.db"), "--seed", "1"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(request: dict) -> dict:
        proc.stdin.write(json.dumps(request) + "\n")
        proc.stdin.flush()
        return json.loads(proc.stdout.readline())

    ask(dict(START))
    chosen, revealed = [], []
    for _ in range(fights):
        state = ask({"cmd": "state"})["state"]
        if state["turn"]["phase"] == "action_card":
            ask({"cmd": "play_card", "card": state["allowed_action_cards"][-1]})
        ask({"cmd": "attack", "attackers": ["troll"], "defenders": ["troll"]})
        started = time.perf_counter()
        assert ask({"cmd": "choose", "card": 0, "by": "seat:red"})["ok"]
        chosen.append(time.perf_counter() - started)
        started = time.perf_counter()
        assert ask({"cmd": "choose", "card": 0, "by": "seat:blue"})["ok"]
        revealed.append(time.perf_counter() - started)
    proc.stdin.close()
    proc.wait()
    return [
        ("round trip, a secret card chosen (seat), p50 / p99", f"{ms(percentile(chosen, 50))} / {ms(percentile(chosen, 99))}", "< 5 ms"),
        ("round trip, the card that reveals both, p50 / p99", f"{ms(percentile(revealed, 50))} / {ms(percentile(revealed, 99))}", "< 5 ms"),
    ]


def bench_catalogue(samples: int) -> list[tuple[str, str, str]]:
    """The box's card data read, checked and turned into the game's cards, cold (cache cleared)."""
    from companion.games.dungeontwister import inputs
    from companion.games.dungeontwister.catalogue import catalogue

    timings = []
    for _ in range(max(samples // 10, 3)):
        catalogue.cache_clear()
        inputs.cards.cache_clear()
        started = time.perf_counter()
        inputs.cards()
        timings.append(time.perf_counter() - started)
    return [("card catalogue loaded (p50 / max)", f"{ms(percentile(timings, 50))} / {ms(max(timings))}", "< 50 ms")]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2000, help="steps in the long evening")
    parser.add_argument("--samples", type=int, default=200, help="views made for each viewer")
    parser.add_argument("--fights", type=int, default=200, help="secret fights through headless")
    args = parser.parse_args(argv or [])
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        rows = (bench_catalogue(args.samples) + bench_steps_and_replay(folder, args.steps) + bench_views(args.steps, args.samples) + bench_memory(args.steps)
                + bench_round_trip(folder, args.fights))
    rows.append(("this benchmark process peak RSS", f"{peak_rss_kib(os.getpid()) / 1024:.1f} MiB", ""))
    print_figures(rows, 18)


if __name__ == "__main__":
    main(sys.argv[1:])
