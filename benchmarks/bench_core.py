"""Core figures (issue 2): replay of a 10,000-event game, headless round trip, start-up, memory.

Targets: replay < 0.5 s; round trip p99 < 5 ms; process start to first reply < 300 ms (issue 23 §4: with the
bytecode cached, as an installed companion starts; the registry imports only the game played).
Run: `make bench ARGS=core` or `.venv/bin/python benchmarks/bench_core.py`.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.figures import ms, peak_rss_kib, percentile, print_figures, replay_and_resume
from benchmarks.processes import child_env, compile_bytecode, cpu_seconds
from companion.games.bigbang import GAME
from companion.session import Session
from companion.store import EventStore

# A long evening: a deep pile and a long track so that one game holds 10,000 events.
LONG_GAME = {"cmd": "start", "players": ["Ann", "Bob", "Cy"], "settings": {
    "table": {"cards_from": "companion"}, "track": {"length": 100, "start": 90},
    "pile": {"leonard": 600, "howard": 600, "penny": 600, "raj": 600, "sheldon": 600, "red_moon": 20},
}}


def legal_walk(session: Session, events: int) -> None:
    """Plays plain legal turns (moves, location actions, draws) until the log holds `events` events."""
    total = sum(len(s.events) for s in session.history)
    while total < events and session.state.status == "playing":
        s = session.state
        if s.phase == "choose" and not s.hand:
            request = {"cmd": "pass"}
        elif s.phase == "choose":
            character = max(s.hand, key=s.hand.get)
            request = {"cmd": "play", "character": character, "cards": s.hand[character]}
        elif s.phase == "actions":
            where = s.positions[s.turn.character]
            card = s.card_at(where) if where else None
            if card is None:
                request = {"cmd": "move", "location": (where or 0) % 6 + 1}
            else:
                request = {"cmd": "act", "choice": "+".join(card.reward[0]), **({"die": 4} if card.kind == "enemy" else {})}
        elif s.phase == "draw":
            room = s.config.hand_limit - sum(s.hand.values())
            request = {"cmd": "draw", "count": 1, "discard": [] if room else [next(iter(s.hand))]}
        else:
            request = {"cmd": "accept"}
        total += len(session.apply(request).events)


def bench_replay(folder: Path, events: int) -> list[tuple[str, str, str]]:
    db = folder / "replay.db"
    with EventStore(db) as store:
        session = Session.new(GAME, store, seed=1)
        session.apply(LONG_GAME)
        legal_walk(session, events)
        events = sum(len(s.events) for s in session.history)
        session.close()  # a restarted companion opens it again below
    fold, resume = replay_and_resume(GAME, db, session, 5)
    return [
        (f"fold {events} events (in memory)", f"{fold * 1000:.0f} ms", "< 500 ms"),
        (f"resume {events} events from SQLite ({len(session.history)} steps)", f"{resume * 1000:.0f} ms", "< 500 ms"),
    ]


def headless(db: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "entry", "headless", "bigbang", "--db", str(db), "--seed", "1"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1, env=child_env())


def ask(proc: subprocess.Popen, request: dict) -> dict:
    proc.stdin.write(json.dumps(request) + "\n")
    proc.stdin.flush()
    return json.loads(proc.stdout.readline())


def bench_round_trip(folder: Path, requests: int) -> list[tuple[str, str, str]]:
    proc = headless(folder / "rt.db")
    ask(proc, {**LONG_GAME})
    writes, reads = [], []
    for _ in range(requests):
        started = time.perf_counter()
        assert ask(proc, {"cmd": "roll"})["ok"]
        writes.append(time.perf_counter() - started)
        started = time.perf_counter()
        ask(proc, {"cmd": "state"})
        reads.append(time.perf_counter() - started)
    rss = peak_rss_kib(proc.pid)
    proc.stdin.close()
    proc.wait()
    return [
        ("round trip, stored command (roll), p50", ms(percentile(writes, 50)), ""),
        ("round trip, stored command (roll), p99", ms(percentile(writes, 99)), "< 5 ms"),
        ("round trip, read (state), p50 / p99", f"{ms(percentile(reads, 50))} / {ms(percentile(reads, 99))}", "< 5 ms"),
        (f"headless process peak RSS after {2 * requests} requests", f"{rss / 1024:.1f} MiB", ""),
    ]


def bench_start(folder: Path, runs: int) -> list[tuple[str, str, str]]:
    compile_bytecode()
    samples, cpu = [], []
    for i in range(runs):
        started = time.perf_counter()
        proc = headless(folder / f"start{i}.db")
        ask(proc, {"cmd": "state"})
        samples.append(time.perf_counter() - started)
        cpu.append(cpu_seconds(proc.pid))  # the CPU it took to get there: what a busy machine does not inflate
        proc.stdin.close()
        proc.wait()
    return [(f"process start to first reply, median of {runs}: wall / CPU",
             f"{statistics.median(samples) * 1000:.0f} / {statistics.median(cpu) * 1000:.0f} ms", "< 300 ms")]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=10_000, help="events in the replayed game")
    parser.add_argument("--requests", type=int, default=1000, help="round trips of each kind")
    parser.add_argument("--starts", type=int, default=10, help="process starts")
    args = parser.parse_args(argv or [])
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        rows = bench_replay(folder, args.events) + bench_round_trip(folder, args.requests) + bench_start(folder, args.starts)
    rows.append(("this benchmark process peak RSS", f"{peak_rss_kib(os.getpid()) / 1024:.1f} MiB", ""))
    print_figures(rows, 16)


if __name__ == "__main__":
    main(sys.argv[1:])
