"""Hardware path speed (issue 3), everything real but the physical parts:

1. button press (gpiozero mock pin) released -> table -> command -> ring frame acknowledged by the real
   firmware (MicroPython unix port on a pty): p50/p99 over N presses. Target p99 <= 10 ms.
   The press is a YES tap (no double tap bound, so it is reported at release) picking "Penny: ring
   1 up"; between presses the step is undone, untimed.
2. tag scan (simulated reader) -> command applied: p50/p99 over N scans. The simulated reader
   polls like a real one (every 50 ms), so this is dominated by where in its poll a card lands: each
   scan comes a random part of an interval after the last one was applied (else every scan would
   land just after a poll and wait a whole interval).
3. one look at the configured reader with no card on it (`--config hardware.toml`; the simulated one
   by default): wall and CPU time per look, and what they make of the poll cycle. Run it on the Pi:
   the wait before a scan is seen is up to the poll interval plus one look, and a look is not
   known to be short. pi-rc522 2.3.0 and mfrc522 0.0.7 wait for the chip in a loop whose exit test,
   `~((i != 0) and ~(n & 0x01) and ~(n & irq_wait))`, ignores the timer bit (0x01): with no card,
   the loop may run through all of its 2000 register reads, an SPI transfer each, instead of
   stopping at the chip's timeout (~15 ms).

    python benchmarks/bench_hardware.py [--presses N] [--scans N] [--config hardware.toml] [--looks N]
"""
from __future__ import annotations

import argparse
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "firmware"))

from ringharness import FirmwareDevice, why_unavailable  # noqa: E402

from benchmarks.figures import percentile  # noqa: E402
from companion.cards import CardCatalogue  # noqa: E402
from companion.games.bigbang import GAME  # noqa: E402
from companion.ring import Track  # noqa: E402
from companion.session import Session  # noqa: E402
from companion.table import Table  # noqa: E402
from hardware.config import HardwareConfig  # noqa: E402
from hardware.readers import DEFAULT_POLL_INTERVAL  # noqa: E402
from hardware.readers.simulated import SimulatedReader  # noqa: E402
from hardware.rig import Rig  # noqa: E402

START = {"cmd": "start", "players": ["Ann", "Bob", "Cy"],
         "hands": {"Ann": ["penny", "penny"], "Bob": ["raj"], "Cy": ["sheldon"]},
         "board": ["B", "A", "C", "D", "E", "F", "G"]}  # the letters given: no letter-by-letter layout


def moon(table: Table) -> int | None:
    """Where the moon is on the game's ring view."""
    view = table.session.ring()
    return view.position if isinstance(view, Track) else None


def bench_presses(count: int, folder: Path) -> list[float]:
    with FirmwareDevice({"LED_COUNT": 24}, folder / "fw", open_serial=False) as device:
        time.sleep(0.3)  # let it boot
        table = Table(Session(GAME, 1))
        table.command(START)
        table.command({"cmd": "deal"})  # the companion lays the location cards (real cards: a layout phase)
        table.command({"cmd": "play", "character": "penny", "cards": 2})
        config = HardwareConfig(pin_factory="mock", ring="serial", ring_port=device.port)
        with Rig(config, table) as rig:
            if not rig.ring.wait_synced(10):
                raise RuntimeError(f"the ring did not answer: {rig.ring.status}")
            pin, samples = rig.buttons.pin_of("yes"), []
            finger = config.debounce_ms / 1000 + 0.01  # a press longer than switch bounce
            for _ in range(count):
                pin.drive_low()
                time.sleep(finger)
                started = time.perf_counter()
                pin.drive_high()  # YES has no double tap bound: the tap is told here, at release
                if not rig.ring.wait_synced(2) or moon(table) != 9:
                    raise RuntimeError("the press did not reach the ring")
                samples.append(time.perf_counter() - started)
                table.undo()
                rig.ring.wait_synced(2)
                time.sleep(finger)
    return samples


def bench_scans(count: int, folder: Path) -> list[float]:
    catalogue = CardCatalogue(folder / "cards.db")
    tags = ["04aa0001", "04aa0002"]
    for tag in tags:
        catalogue.enrol(tag, "bigbang", "penny")
    table = Table(Session(GAME, 1, ), catalogue)
    table.command({**START, "settings": {"pile": {"penny": 60}}})
    table.command({"cmd": "deal"})
    table.command({"cmd": "pass"})
    table.command({"cmd": "draw", "count": 2})
    applied = threading.Event()
    table.subscribe(lambda outcome: applied.set() if outcome.kind == "applied" else None)
    samples = []
    with Rig(HardwareConfig(pin_factory="mock", lift_ms=50), table) as rig:
        reader = rig.reader
        assert isinstance(reader, SimulatedReader)
        for i in range(count):
            applied.clear()
            started = time.perf_counter()
            reader.scan(tags[i % 2])  # alternate tags: a different card is a new scan at once
            if not applied.wait(2):
                raise RuntimeError("a scan was not applied")
            samples.append(time.perf_counter() - started)
            table.undo()
            time.sleep(random.uniform(0, DEFAULT_POLL_INTERVAL))
    return samples


def bench_empty_looks(config_path: Path | None, count: int) -> tuple[str, float, list[float], list[float]] | str:
    """`count` looks at the table's reader with nothing on it: (its name, its poll interval, wall
    seconds and CPU seconds per look), or why the reader cannot be looked at here."""
    from hardware.config import load
    from hardware.events import DeviceProblem
    from hardware.readers import PollingReader, open_reader

    reader_config = load(config_path).readers[0]
    problems: list[str] = []
    reader = open_reader(reader_config.kind, {**reader_config.open_options(), "start": False},
                         lambda event: problems.append(event.message) if isinstance(event, DeviceProblem) else None)
    try:
        if not isinstance(reader, PollingReader):
            return f"the {reader_config.kind} reader is not polled"
        walls, cpus = [], []
        for _ in range(count):
            wall, cpu = time.perf_counter(), time.thread_time()
            reader.poll_once()
            cpus.append(time.thread_time() - cpu)
            walls.append(time.perf_counter() - wall)
            if problems:
                return problems[0]
        interval = float(reader_config.options.get("poll_interval", DEFAULT_POLL_INTERVAL))
        return reader_config.name, interval, walls, cpus
    finally:
        reader.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=1000)
    parser.add_argument("--scans", type=int, default=200)
    parser.add_argument("--config", type=Path, default=None, help="the hardware config whose reader to look at")
    parser.add_argument("--looks", type=int, default=200, help="looks at the empty reader")
    args = parser.parse_args(argv or [])
    reason = why_unavailable()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        if reason:
            rows.append(("button press -> ring frame acknowledged", "skipped", reason))
        else:
            presses = bench_presses(args.presses, Path(tmp))
            rows.append((f"button press -> ring frame acknowledged, p50 ({len(presses)})", f"{percentile(presses, 50) * 1000:.2f} ms", ""))
            rows.append(("button press -> ring frame acknowledged, p99", f"{percentile(presses, 99) * 1000:.2f} ms", "<= 10 ms"))
        scans = bench_scans(args.scans, Path(tmp))
        rows.append((f"tag scan -> command applied, p50 ({len(scans)})", f"{percentile(scans, 50) * 1000:.1f} ms", "reader polls every 50 ms"))
        rows.append(("tag scan -> command applied, p99", f"{percentile(scans, 99) * 1000:.1f} ms", ""))
        looked = bench_empty_looks(args.config, args.looks)
        if isinstance(looked, str):
            rows.append(("one look at the empty reader", "skipped", looked))
        else:
            name, interval, walls, cpus = looked
            cycle = interval + percentile(walls, 99)
            rows.append((f"one look at the empty reader ({name}), p50 ({len(walls)})", f"{percentile(walls, 50) * 1000:.2f} ms",
                         f"CPU {percentile(cpus, 50) * 1000:.2f} ms"))
            rows.append(("one look at the empty reader, p99", f"{percentile(walls, 99) * 1000:.2f} ms",
                         f"a scan waits up to {cycle * 1000:.0f} ms (poll every {interval * 1000:.0f} ms + one look); "
                         f"CPU {sum(cpus) / (interval * len(cpus) + sum(walls)):.0%} of a core"))
    width = max(len(r[0]) for r in rows)
    for name, figure, note in rows:
        print(f"{name:<{width}}  {figure:>10}  {note}")


if __name__ == "__main__":
    main(sys.argv[1:])
