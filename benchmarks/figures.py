"""What the benchmarks share: percentiles and milliseconds, the best of a few runs, a process's peak
memory, the time to replay and to resume a saved game, and the table of figures each one prints."""
from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from companion.game import GameDefinition
from companion.session import Session
from companion.store import EventStore

Row = tuple[str, str, str]


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def best_of(fn: Callable[[], object], runs: int) -> float:
    """The fastest of `runs` runs of `fn`, in seconds."""
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - started)
    return best


def peak_rss_kib(pid: int) -> int:
    """The most resident memory process `pid` has held (VmHWM), in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def replay_and_resume(game: GameDefinition, db: Path, played: Session, runs: int) -> tuple[float, float]:
    """The best of `runs` in seconds: folding `played`'s steps afresh in memory, and resuming it from the
    save file `db` as a restarted companion does (`played` is closed already: its lock is let go)."""
    assert played.game_id is not None
    resumes = []
    for _ in range(runs):
        with EventStore(db) as store:  # opening the file is not the resume's
            started = time.perf_counter()
            Session.resume(game, store, played.game_id).close()
            resumes.append(time.perf_counter() - started)
    return best_of(played.replay, runs), min(resumes)


def print_figures(rows: list[Row], figure_width: int) -> None:
    """Each figure beside its target, under a header line."""
    width = max(len(row[0]) for row in rows)
    print(f"{'measure':<{width}}  {'figure':>{figure_width}}  target")
    for name, figure, target in rows:
        print(f"{name:<{width}}  {figure:>{figure_width}}  {target}")
