"""The Pi's side of the ring link: keeps the ring showing the game's current frame.

    with RingClient(None) as ring:              # None: find the Pico by its USB id
        ring.show(render(ring_view(state), ring.led_count or 24))

One background thread owns the serial port (protocol v1, docs/ring-protocol.md). `show()` and
`brightness()` only record what is wanted and wake that thread; they never block or raise, whether
a ring is plugged in or not. The thread keeps a model of what the device has acknowledged and sends
only the difference: a moved moon is one short SET and a SHOW; an unchanged frame sends nothing.

When the ring vanishes (unplugged, reset, silent) the thread closes the port, reports one
DeviceProblem, and reconnects with back-off (0.1 s doubling to 1 s); on reconnect it sends HELLO,
HOLD and the whole current frame, so the ring always ends up showing the game's state. A ring of
another protocol version is refused: one DeviceProblem, the port closed, no further traffic.

POSIX only (select() on the port's file descriptor), as on the Pi.
"""
from __future__ import annotations

import contextlib
import logging
import os
import select
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Self

from hardware.events import DeviceProblem
from hardware.ring.protocol import (
    MAX_LINE,
    SEQ_MOD,
    ProtocolError,
    Reply,
    Unsolicited,
    VersionMismatch,
    check_hello,
    encode_frame,
    parse_fields,
    parse_line,
    pixels_hex,
)
from hardware.ring.render import MAX_LEDS, MIN_LEDS, Pixel, RingFrame

log = logging.getLogger(__name__)

DEVICE = "ring"  # DeviceProblem.device
PICO_USB_ID = (0x2E8A, 0x0005)  # Raspberry Pi Pico running MicroPython
#: the ring's name by deploy/99-companion-ring.rules; an older install's rule called it OLD_RING_PORT
RING_PORT = "/dev/companion-ring"
OLD_RING_PORT = "/dev/moonring"
BAUD = 115200  # ignored by USB CDC, needed by pyserial
REPLY_TIMEOUT = 0.1  # s: resend a frame that got no reply within this (protocol)
RESENDS = 3  # at most this many resends of one frame; then the link counts as down (protocol)
BACKOFF_FIRST, BACKOFF_MAX = 0.1, 1.0  # s between reconnect attempts: a replugged ring resyncs in ~1 s
WRITE_TIMEOUT = 0.5  # s: a device that stops reading must not hang the thread
# Pixels per SET line: the longest line ("65535 SET 59 <hex> *FFFF\n") must fit in MAX_LINE.
PIXELS_PER_SET = (MAX_LINE - len("65535 SET 59 ") - len(" *FFFF\n")) // 6
MAX_UNTERMINATED = 4 * MAX_LINE  # bytes without a \n from the device before they are dropped as noise


def find_ring_port(configured: str | None) -> str | None:
    """The configured port if given, else the first serial port of a Pico (USB 2E8A:0005), else None.
    A config of an older install naming OLD_RING_PORT, which today's udev rule no longer makes, means
    the ring wherever it is now: RING_PORT, or found by its USB id (the doctor says to change it)."""
    if configured and not (configured == OLD_RING_PORT and not os.path.exists(configured)):
        return configured
    if configured and os.path.exists(RING_PORT):
        return RING_PORT
    from serial.tools import list_ports

    for info in sorted(list_ports.comports(), key=lambda p: p.device):
        if (info.vid, info.pid) == PICO_USB_ID:
            return str(info.device)
    return None


def open_serial(port: str) -> Any:
    """Open a ring port with pyserial: non-blocking reads (the thread select()s), exclusive."""
    import serial

    return serial.Serial(port, BAUD, timeout=0, write_timeout=WRITE_TIMEOUT, exclusive=True)


@dataclass(frozen=True)
class RingStatus:
    """state: "searching" (no ring answering yet, or lost), "connected", "refused" (another protocol
    version: given up until restart) or "closed". message: the last thing worth telling a person."""

    state: str
    message: str = ""
    port: str | None = None
    leds: int | None = None
    firmware: str | None = None


class _LinkDownError(Exception):
    """The ring stopped answering: close the port and reconnect."""


class _Device:
    """What the connected ring has acknowledged. None = unknown (just connected, or it restarted)."""

    def __init__(self, leds: int):
        self.leds = leds
        self.hold: int | None = None
        self.brightness: int | None = None
        self.back: list[Pixel | None] = [None] * leds  # SET writes here ...
        self.shown: tuple[Pixel | None, ...] | None = None  # ... SHOW latches it
        self.anim: tuple[str, ...] | None = None  # after SHOW: none

    def apply(self, verb: str, args: tuple[Any, ...]) -> None:
        """Mirror an acknowledged frame, as the firmware applies it."""
        if verb == "HOLD":
            self.hold = args[0]
        elif verb == "BRI":
            self.brightness = args[0]
        elif verb == "SET":
            start, hexes = args
            for i in range(0, len(hexes), 6):
                red, green, blue = (int(hexes[i + k:i + k + 2], 16) for k in (0, 2, 4))
                self.back[start + i // 6] = (red, green, blue)
        elif verb == "SHOW":
            self.shown = tuple(self.back)
            self.anim = None  # SHOW ends any animation
        elif verb == "ANIM":
            self.anim = None if args == ("none",) else args


class RingClient:
    """The ring on a serial port (see the module docstring).

    port: the configured device path (e.g. /dev/companion-ring), or None to search by USB id.
    finder(port) -> path or None: asked before every connection attempt (find_ring_port).
    hold_ms: sent as HOLD after HELLO, so a Pi that dies leaves the ring showing the firmware's
        host-lost pattern after this long; the thread PINGs when idle so a live Pi never trips it.
        0 switches it off.
    brightness: BRI 0..255 to send, or None to keep the ring's configured default.
    on_problem(DeviceProblem): called from the ring thread, once per change (lost, back, refused).
        Keep it short and thread-safe; a UI hands it over to its own loop (Flet: page.run_task).
    opener(port) -> a pyserial-like object (open_serial): for tests and odd set-ups.
    """

    def __init__(self, port: str | None, finder: Callable[[str | None], str | None] = find_ring_port,
                 hold_ms: int = 5000, brightness: int | None = None,
                 on_problem: Callable[[DeviceProblem], None] | None = None,
                 opener: Callable[[str], object] = open_serial):
        import serial  # the ring needs pyserial; imported here so the simulator does not

        self._serial_errors = (serial.SerialException, OSError)
        self._configured = port
        self._finder = finder
        self._opener = opener
        self._hold_ms = _checked(hold_ms, 0, 600000, "hold_ms")
        self.on_problem = on_problem
        self._cond = threading.Condition()
        # Wanted state, guarded by _cond; _version counts changes so the thread can tell when
        # what it just finished sending is still what is wanted.
        self._frame: RingFrame | None = None
        self._cue: tuple[str, ...] | None = None  # a one-shot blip waiting to be sent
        self._brightness = None if brightness is None else _checked(brightness, 0, 255, "brightness")
        self._version = 0
        self._synced = False
        self._status = RingStatus("searching", "looking for the ring")
        # Thread-owned state.
        self._ser: Any = None  # the pyserial port, while connected
        self._dev: _Device | None = None  # what the connected ring acknowledged
        self._rx = b""
        self._seq = 0
        self._last_write = 0.0
        self._healthy: bool | None = None  # None until the first connection attempt ends
        self._backoff = 0.0  # s before the next connection attempt
        self._unknown_verbs: set[str] = set()
        self._unknown_anims: set[str] = set()
        self._closing = threading.Event()
        self._wake_r, wake_w = os.pipe()
        self._wake_w: int | None = wake_w  # None once closed
        os.set_blocking(wake_w, False)
        self._thread = threading.Thread(target=self._run, name="ring-link", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------------ public API (any thread)
    def show(self, frame: RingFrame) -> None:
        """Make `frame` the ring's wanted picture. Returns at once; the thread sends it.
        Raises ProtocolError only for a frame no ring could take (a bad colour or ANIM token)."""
        pixels_hex(frame.pixels)
        if frame.anim:
            encode_frame(0, "ANIM", *frame.anim)
        with self._cond:
            if frame == self._frame:
                return
            self._frame = frame
            self._changed()

    def cue(self, anim: tuple[str, ...]) -> None:
        """A one-shot animation over the current frame — a blip such as ("flash", "00C800", "1") — that
        the firmware plays once and then shows the frame again. Skipped while the frame has an
        animation of its own (an alert matters more than a blip); a newer cue replaces one not yet sent."""
        encode_frame(0, "ANIM", *anim)
        with self._cond:
            self._cue = anim
            self._changed()

    def brightness(self, value: int) -> None:
        """Global brightness 0..255 (the firmware applies gamma and its current cap on top)."""
        value = _checked(value, 0, 255, "brightness")
        with self._cond:
            if value == self._brightness:
                return
            self._brightness = value
            self._changed()

    def wait_synced(self, timeout: float | None = None) -> bool:
        """True once the ring has acknowledged the current frame and brightness; False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: self._synced, timeout)

    @property
    def status(self) -> RingStatus:
        with self._cond:
            return self._status

    @property
    def led_count(self) -> int | None:
        """LEDs of the ring last connected (from its HELLO), or None if none has answered yet.
        Frames of another size are cut or padded with black."""
        return self.status.leds

    def close(self) -> None:
        """Stop the thread and close the port (the ring keeps its frame until HOLD runs out)."""
        if self._closing.is_set():
            return
        self._closing.set()
        self._wake()
        if threading.current_thread() is self._thread:
            return  # called from on_problem: _run ends after this step and closes up
        self._thread.join(5)
        self._close_wake_pipe()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _changed(self) -> None:
        """Called with _cond held after the wanted state changed."""
        self._version += 1
        self._synced = False
        self._wake()

    def _wake(self) -> None:
        with self._cond:
            if self._wake_w is None:
                return  # closed
            with contextlib.suppress(BlockingIOError):  # the pipe is full: the thread wakes anyway
                os.write(self._wake_w, b"!")

    def _close_wake_pipe(self) -> None:
        with self._cond:
            if self._wake_w is not None:
                os.close(self._wake_r)
                os.close(self._wake_w)
                self._wake_w = None
            self._status = RingStatus("closed", "closed")

    # ------------------------------------------------------------------ the thread
    def _run(self) -> None:
        while not self._closing.is_set():
            if self._ser is None:
                if self._closing.wait(self._backoff):
                    break
                try:
                    connected = self._connect()
                except VersionMismatch as refusal:
                    self._refuse(str(refusal))
                    break
                if not connected:  # the back-off resets only once a frame got through
                    self._backoff = min(max(self._backoff * 2, BACKOFF_FIRST), BACKOFF_MAX)
                continue
            try:
                self._serve()
            except VersionMismatch as refusal:  # a restarted ring greeted us with another version
                self._refuse(str(refusal))
                break
            except (_LinkDownError, *self._serial_errors) as error:
                self._drop(f"the ring stopped answering ({error}); reconnecting")
            except Exception:  # a bug here must not leave the ring dark for the rest of the game
                log.exception("ring link failed")
                self._drop("the ring link failed (see the log); reconnecting")
        self._close_port()
        if self._closing.is_set():  # else refused: close() still wakes us through the pipe
            self._close_wake_pipe()

    def _connect(self) -> bool:
        port = self._finder(self._configured)
        if port is None:
            self._report_down("no ring found (USB 2E8A:0005); the game goes on without it")
            return False
        try:
            self._ser = self._opener(port)
            self._rx = b""
            reply = self._exchange("HELLO", ())
            if not reply.ok:
                raise _LinkDownError(f"HELLO answered ERR {reply.code}")
            fields = check_hello(parse_fields(reply.data))  # VersionMismatch goes up: refuse
            leds = _led_count(fields.get("leds", ""))
        except VersionMismatch:
            raise
        except (_LinkDownError, ProtocolError, ValueError, *self._serial_errors) as error:
            self._close_port()
            self._report_down(f"no ring answering on {port} ({error}); retrying")
            return False
        self._dev = _Device(leds)
        self._set_status(RingStatus("connected", f"ring on {port}: {leds} LEDs, firmware "
                                    f"{fields.get('fw', '?')}", port, leds, fields.get("fw")))
        return True

    def _serve(self) -> None:
        """One step: send the next difference between wanted and acknowledged, or idle."""
        version, step = self._next_step()
        if step is not None:
            verb, args = step
            self._send(verb, args)
            return
        with self._cond:
            if version == self._version and not self._synced:
                self._synced = True
                self._cond.notify_all()
        self._backoff = 0.0
        self._report_up()
        self._idle()

    def _next_step(self) -> tuple[int, tuple[str, tuple[Any, ...]] | None]:
        with self._cond:
            version, frame, brightness = self._version, self._frame, self._brightness
        dev = self._connected()
        if dev.hold != self._hold_ms and "HOLD" not in self._unknown_verbs:
            return version, ("HOLD", (self._hold_ms,))
        if brightness is not None and dev.brightness != brightness and "BRI" not in self._unknown_verbs:
            return version, ("BRI", (brightness,))
        if frame is None:
            return version, None
        pixels = _fit(frame.pixels, dev.leds)
        # _fit made the frame as long as the ring
        changed = [i for i, (have, want) in enumerate(zip(dev.back, pixels, strict=True)) if have != want]
        if changed:  # one SET from the first changed pixel, as far as a line allows
            start = changed[0]
            end = min(changed[-1] + 1, start + PIXELS_PER_SET)
            return version, ("SET", (start, pixels_hex(pixels[start:end])))
        if dev.shown != pixels:
            return version, ("SHOW", ())
        anim = frame.anim if frame.anim and frame.anim[0] not in self._unknown_anims else None
        if dev.anim != anim:
            return version, ("ANIM", anim or ("none",))
        cue = self._take_cue()
        if cue is not None and anim is None and cue[0] not in self._unknown_anims:
            return version, ("CUE", cue)
        return version, None

    def _take_cue(self) -> tuple[str, ...] | None:
        with self._cond:
            cue, self._cue = self._cue, None
            return cue

    def _send(self, verb: str, args: tuple[Any, ...]) -> None:
        if verb == "CUE":  # a blip: the firmware plays it and returns to the frame by itself
            if self._exchange("ANIM", args).code == "UNKNOWN":
                self._fall_back("ANIM", args)
            return
        reply = self._exchange(verb, args)
        if reply.ok:
            self._connected().apply(verb, args)
        elif reply.code == "UNKNOWN":
            self._fall_back(verb, args)
        else:  # RANGE / SYNTAX: a frame this ring cannot take; skip it rather than loop on it
            log.warning("the ring refused %s %s: %s %s", verb, args, reply.code, reply.data)
            self._connected().apply(verb, args)

    def _connected(self) -> _Device:
        """The connected ring's acknowledged state (the link thread calls this only while connected)."""
        if self._dev is None:
            raise _LinkDownError("not connected")
        return self._dev

    def _fall_back(self, verb: str, args: tuple[Any, ...]) -> None:
        """An extension the ring lacks: remember it, and use the minimum set from now on."""
        if verb == "ANIM":
            log.warning("the ring has no animation %r; showing the still frame", args[0])
            self._unknown_anims.add(args[0])
        else:
            log.warning("the ring has no verb %s; going on without it", verb)
            self._unknown_verbs.add(verb)

    def _idle(self) -> None:
        """Wait for a wanted change, a line from the ring, or the next keep-alive."""
        timeout = None
        if self._hold_ms:
            keepalive = max(0.05, self._hold_ms / 4000)
            timeout = max(0.0, self._last_write + keepalive - time.monotonic())
            if timeout == 0.0:
                self._send("PING", ())
                return
        ready, _, _ = select.select([self._ser.fileno(), self._wake_r], [], [], timeout)
        if self._wake_r in ready:
            os.read(self._wake_r, 4096)
        if self._ser.fileno() in ready:
            self._read_available()
            for line in self._take_lines():
                self._handle(line)

    # ------------------------------------------------------------------ frames and replies
    def _exchange(self, verb: str, args: tuple[Any, ...]) -> Reply:
        """Send one frame and return its reply, resending up to RESENDS times on silence or CRC."""
        self._seq = (self._seq + 1) % SEQ_MOD
        line = encode_frame(self._seq, verb, *args)
        for _ in range(1 + RESENDS):
            self._ser.write(line)
            self._last_write = time.monotonic()
            reply = self._await_reply(self._seq, self._last_write + REPLY_TIMEOUT)
            if reply is not None and reply.code != "CRC":
                return reply
        raise _LinkDownError(f"no reply to {verb} after {1 + RESENDS} tries")

    def _await_reply(self, seq: int, deadline: float) -> Reply | None:
        while True:
            for line in self._take_lines():
                message = self._handle(line)
                if isinstance(message, Reply) and message.seq == seq:
                    return message
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([self._ser.fileno()], [], [], left)
            if ready:
                self._read_available()

    def _read_available(self) -> None:
        data = self._ser.read(self._ser.in_waiting or 1)  # in_waiting: OSError once the ring is gone
        self._rx += data
        if b"\n" not in self._rx and len(self._rx) > MAX_UNTERMINATED:
            self._rx = b""  # a device spewing bytes without newlines: drop them

    def _take_lines(self) -> list[bytes]:
        *lines, self._rx = self._rx.split(b"\n")
        return lines

    def _handle(self, line: bytes) -> Reply | Unsolicited | None:
        """Parse one device line; act on unsolicited ones. Noise (a MicroPython banner) is None."""
        try:
            message = parse_line(line)
        except ProtocolError:
            if line.strip():
                log.debug("ring noise: %r", line)
            return None
        if isinstance(message, Unsolicited):
            if message.kind == "HELLO" and self._dev is not None:  # it restarted: forgot everything
                fields = check_hello(message.fields)
                try:
                    self._dev = _Device(_led_count(fields.get("leds", "")))
                except ValueError as error:  # a ring that now claims an impossible size: treat it as lost
                    raise _LinkDownError(str(error)) from None
                log.info("the ring restarted; sending the whole frame again")
            elif message.kind == "HELLO":  # its boot greeting while we connect
                check_hello(message.fields)
            elif message.kind == "LOST":  # it thought we were gone: any line ends that
                self._last_write = 0.0
        return message

    # ------------------------------------------------------------------ connection state
    def _drop(self, message: str) -> None:
        self._close_port()
        self._report_down(message)

    def _close_port(self) -> None:
        ser, self._ser, self._dev = self._ser, None, None
        if ser is not None:
            with contextlib.suppress(*self._serial_errors):
                ser.close()

    def _refuse(self, message: str) -> None:
        self._close_port()
        self._set_status(RingStatus("refused", message))
        self._healthy = False
        self._emit(DeviceProblem(DEVICE, message))

    def _report_down(self, message: str) -> None:
        with self._cond:
            self._status = RingStatus("searching", message, leds=self._status.leds)
            self._synced = False
        if self._healthy is not False:
            self._healthy = False
            self._emit(DeviceProblem(DEVICE, message))

    def _report_up(self) -> None:
        """The ring is back when it shows the current frame, not merely when it says HELLO."""
        if self._healthy is False:
            self._emit(DeviceProblem(DEVICE, f"the ring is back: {self.status.message}", ok=True))
        self._healthy = True

    def _set_status(self, status: RingStatus) -> None:
        with self._cond:
            self._status = status

    def _emit(self, problem: DeviceProblem) -> None:
        log.info("%s: %s", problem.device, problem.message)
        callback = self.on_problem
        if callback is None:
            return
        try:
            callback(problem)
        except Exception:  # a listener's bug must not stop the ring
            log.exception("on_problem callback failed")


def _led_count(text: str) -> int:
    """The LED count a HELLO says, if a ring can have it (a corrupt "leds=1000000000000" is refused,
    not allocated)."""
    if not text.isdigit() or len(text) > 3 or not MIN_LEDS <= int(text) <= MAX_LEDS:
        raise ValueError(f"the ring says it has {text[:12]!r} LEDs; a ring has {MIN_LEDS} to {MAX_LEDS}")
    return int(text)


def _fit(pixels: tuple[Pixel, ...], leds: int) -> tuple[Pixel, ...]:
    """A frame rendered for another ring size: cut, or padded with black."""
    if len(pixels) == leds:
        return tuple(pixels)
    return tuple(pixels[:leds]) + ((0, 0, 0),) * (leds - len(pixels))


def _checked(value: int, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{what} must be an integer {low}..{high}, not {value!r}")
    return value
