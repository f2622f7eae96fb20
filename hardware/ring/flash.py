"""Deploy firmware/main.py to the ring's Pico and check that it greets us.

`python -m hardware.ring.flash [PORT]`, or flash(port) from code. Needs mpremote and pyserial
(imported or run only when used).
"""
from __future__ import annotations

import importlib.util
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from hardware.ring.protocol import (
    ProtocolError,
    Reply,
    Unsolicited,
    VersionMismatch,
    check_hello,
    encode_frame,
    parse_fields,
    parse_line,
)

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware" / "main.py"
PICO_USB_ID = (0x2E8A, 0x0005)  # Raspberry Pi Pico running MicroPython
BAUD = 115200  # ignored by USB CDC, needed by pyserial


class FlashError(RuntimeError):
    """Deployment failed; the message says what to do."""


def _pyserial() -> Any:
    try:
        import serial
        import serial.tools.list_ports
    except ImportError:
        raise FlashError("pyserial is not installed: pip install pyserial==3.5") from None
    return serial


def _require_mpremote() -> None:
    if importlib.util.find_spec("mpremote") is None:
        raise FlashError(f"mpremote is not installed: {sys.executable} -m pip install mpremote")


def find_pico_port() -> str:
    """The serial port of the one Pico that is plugged in."""
    serial = _pyserial()
    found = [p.device for p in serial.tools.list_ports.comports()
             if (p.vid, p.pid) == PICO_USB_ID]
    if not found:
        raise FlashError("no Pico with MicroPython found (USB 2E8A:0005): plug it in, or pass "
                         "the port, e.g. /dev/ttyACM0")
    if len(found) > 1:
        raise FlashError(f"several Picos found ({', '.join(found)}): pass the port")
    return str(found[0])


def release_port(port: str, timeout: float = 1.0) -> bool:
    """Ask ring firmware on `port` to leave its loop (REPL verb) so mpremote can take the port
    (the firmware ignores Ctrl-C). True when it agreed; False when nothing answered, e.g. a Pico
    without the ring firmware."""
    serial = _pyserial()
    try:
        with serial.Serial(port, BAUD, timeout=0.05) as ser:
            ser.write(b"\n" + encode_frame(0, "REPL"))
            deadline = time.monotonic() + timeout
            buf = b""
            while time.monotonic() < deadline:
                buf += ser.read(64)
                *lines, buf = buf.split(b"\n")
                for line in lines:
                    try:
                        msg = parse_line(line)
                    except ProtocolError:
                        continue
                    if isinstance(msg, Reply) and msg.seq == 0:
                        return msg.ok
    except (serial.SerialException, OSError):
        pass
    return False


def run_mpremote(*args: str, timeout: float = 120.0) -> str:
    """`python -m mpremote ARGS` in this interpreter; its output, or FlashError."""
    _require_mpremote()
    cmd = [sys.executable, "-m", "mpremote", *args]
    try:
        done = subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise FlashError(f"mpremote did not finish within {timeout:.0f} s: {' '.join(args)}") from None
    if done.returncode != 0:
        detail = (done.stderr.strip() or done.stdout.strip())[-500:]
        raise FlashError(f"mpremote failed (exit {done.returncode}): {detail}")
    return done.stdout


def wait_for_hello(port: str, timeout: float = 10.0, probe_every: float = 1.0) -> str:
    """Open `port` (retrying while the Pico re-enumerates after its reset) and wait for the
    firmware's `! HELLO proto=1 ...` line; returns it, without the line end. USB CDC drops what the
    Pico prints before a host opens the port, so a `HELLO` frame is sent every `probe_every` s; its
    reply counts too and is returned in the same `! HELLO <fields>` form. Lines that are not
    protocol lines (MicroPython banners) are skipped."""
    serial = _pyserial()
    deadline = time.monotonic() + timeout
    ser = None
    problem = "nothing arrived"
    try:
        while time.monotonic() < deadline:
            if ser is None:
                try:
                    ser = serial.Serial(port, BAUD, timeout=0.05)
                except (serial.SerialException, OSError) as e:
                    problem = f"cannot open the port ({e})"
                    time.sleep(0.1)
                    continue
                buf = b""
                probe_at = time.monotonic() + min(probe_every, timeout / 4)
            try:
                if time.monotonic() >= probe_at:
                    ser.write(b"\n" + encode_frame(0, "HELLO"))
                    probe_at = time.monotonic() + probe_every
                buf += ser.read(256)
            except (serial.SerialException, OSError) as e:  # the device went away: reopen
                problem = f"the port failed ({e})"
                ser.close()
                ser = None
                continue
            *lines, buf = buf.split(b"\n")
            for line in lines:
                hello = _hello_from(line)
                if hello is not None:
                    return hello
                if line.strip():
                    problem = f"last line was {line.strip()[:80]!r}"
    finally:
        if ser is not None:
            ser.close()
    raise FlashError(f"no `! HELLO proto=1` line from {port} within {timeout:g} s: {problem}")


def _hello_from(line: bytes) -> str | None:
    try:
        msg = parse_line(line)
        if isinstance(msg, Unsolicited) and msg.kind == "HELLO":
            fields = msg.fields
        elif isinstance(msg, Reply) and msg.ok and msg.seq == 0 and msg.data.startswith("proto="):
            fields = parse_fields(msg.data)
        else:
            return None
        check_hello(fields)
    except VersionMismatch as e:
        raise FlashError(str(e)) from None
    except ProtocolError:
        return None
    return "! HELLO " + " ".join(f"{k}={v}" for k, v in fields.items())


def flash(port: str | None = None, *, firmware: Path = FIRMWARE, hello_timeout: float = 15.0) -> str:
    """Copy firmware/main.py to the Pico as :main.py, reset it, and return its HELLO line."""
    _pyserial()
    _require_mpremote()
    if not Path(firmware).is_file():
        raise FlashError(f"firmware not found: {firmware}")
    port = port or find_pico_port()
    release_port(port)
    # `resume` skips mpremote's soft reset, which would stop the timer that keeps the watchdog fed
    # after REPL (the watchdog would then restart the board WDT_TIMEOUT_MS later, mid-copy maybe).
    run_mpremote("connect", port, "resume", "cp", str(firmware), ":main.py", "+", "reset")
    return wait_for_hello(port, hello_timeout)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) > 1 or (args and args[0].startswith("-")):
        print("usage: python -m hardware.ring.flash [PORT]", file=sys.stderr)
        return 2
    try:
        print(flash(args[0] if args else None))
    except FlashError as e:
        print(f"flash failed: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
