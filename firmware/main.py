"""LED-ring firmware: a WS2812 ring on a Raspberry Pi Pico, speaking ring protocol 1 on USB serial.

The contract is the ring protocol, version 1 (docs/ring-protocol.md). This one file is what runs on the Pico (copy it
to the board as main.py; see firmware/README.md). It is laid out in three parts:

1. CONFIG: every setting, in one block (or overridden by an optional ring_config.py beside it).
2. Pure logic: crc16, LineReader (framing), Ring (protocol + state + rendering). No hardware,
   no clock: the time is passed in. Works under MicroPython and, for host-side tests, CPython.
3. main(): the thin loop that owns USB serial, the watchdog and the LEDs.
"""

# ================================ CONFIG (edit here) ================================
# Instead of editing, you may put any of these names in a ring_config.py next to main.py on the
# board (e.g. `LED_COUNT = 60`); it is imported right after this block and wins.
FW_VERSION = "1.0.0"      # reported as fw=<version> in HELLO
LED_COUNT = 24            # pixels on the ring, 12..60 (an RGB ring; RGBW is not supported)
DATA_PIN = 28             # GPIO of the data line: GP28 is physical pin 34 (GND: pins 33, 38)
DEFAULT_BRIGHTNESS = 96   # BRI value after start, 0..255
BRIGHTNESS_MAX = 255      # what BRI 255 means (0..255): a ceiling on every colour, for a glaring ring
GAMMA = 2.2               # colour gamma correction; 1.0 switches it off
MAX_CURRENT_MA = 400      # cap on the ring's estimated current. 400 suits a ring fed from the Pico's
                          # USB (500 mA minus the Pico); with a separate 5 V supply of X mA, use X - 10%
MA_PER_CHANNEL = 20       # current of one colour channel at full duty (WS2812: about 20 mA)
MA_IDLE_PER_LED = 1       # current of one dark pixel
FRAME_MS = 20             # animation frame period (50 frames per second)
FLASH_ON_MS = 150         # ANIM flash: each flash is this long ...
FLASH_OFF_MS = 150        # ... with this gap between flashes
LOST_DIM_SHIFT = 2        # host-lost pattern: the last frame at 1/2**shift of its level ...
LOST_COLOUR = (48, 16, 0) # ... with one dim amber pixel walking round the ring ...
LOST_STEP_MS = 250        # ... one step per this many ms
WDT_TIMEOUT_MS = 8000     # hardware watchdog (RP2040 max 8388). Long, so mpremote can copy a new
                          # main.py after REPL before the watchdog restarts the board
IDLE_WAIT_MS = 50         # longest sleep of the main loop while waiting for input
READ_BUDGET = 256         # bytes read per loop pass before animations get a look-in
# ============================== END OF CONFIG ========================================

try:
    from ring_config import *  # noqa: F401,F403  (optional per-board overrides, see above)
except ImportError:
    pass

from array import array  # noqa: E402  (after the optional overrides, on purpose)

try:
    from time import ticks_add, ticks_diff, ticks_ms
except ImportError:  # CPython, for host-side tests of the pure logic only
    import time as _time

    _PERIOD = 1 << 30

    def ticks_ms():
        return int(_time.monotonic() * 1000) & (_PERIOD - 1)

    def ticks_add(t, delta):
        return (t + delta) & (_PERIOD - 1)

    def ticks_diff(a, b):
        d = (a - b) & (_PERIOD - 1)
        return d - _PERIOD if d & (_PERIOD >> 1) else d


PROTO = 1
MAX_LINE = 200  # bytes per line, counting every byte before the \n plus the \n

# ---------------------------------------------------------------- CRC-16/CCITT-FALSE
_CRC_TABLE = array("H", [0] * 256)
for _i in range(256):
    _c = _i << 8
    for _ in range(8):
        _c = ((_c << 1) ^ 0x1021) if _c & 0x8000 else (_c << 1)
    _CRC_TABLE[_i] = _c & 0xFFFF


def crc16(data, end=-1):
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) of data[:end] (all of it when end < 0)."""
    crc = 0xFFFF
    table = _CRC_TABLE
    for i in range(len(data) if end < 0 else end):
        crc = ((crc << 8) & 0xFF00) ^ table[(crc >> 8) ^ data[i]]
    return crc


# ---------------------------------------------------------------- small parsers (no allocation)
_HEX = bytearray(b"\xff" * 256)
for _i in range(10):
    _HEX[48 + _i] = _i
for _i in range(6):
    _HEX[65 + _i] = 10 + _i
    _HEX[97 + _i] = 10 + _i

_BIG = 100000000  # any number at least this big is just "too big"


def _uint(tok):
    """Unsigned decimal -> value (capped at _BIG), or -1 when tok is not one."""
    if not tok:
        return -1
    v = 0
    for ch in tok:
        d = ch - 48
        if d < 0 or d > 9:
            return -1
        if v < _BIG:
            v = v * 10 + d
    return v if v < _BIG else _BIG


def _hex_ok(tok, size):
    """True when tok is exactly `size` hex digits (size 0: any non-empty multiple of 6)."""
    n = len(tok)
    if size and n != size:
        return False
    if not size and (n == 0 or n % 6):
        return False
    hx = _HEX
    for ch in tok:
        if hx[ch] == 0xFF:
            return False
    return True


def _colour(tok):
    """6 hex digits -> (r, g, b). Call after _hex_ok(tok, 6)."""
    hx = _HEX
    return (
        hx[tok[0]] << 4 | hx[tok[1]],
        hx[tok[2]] << 4 | hx[tok[3]],
        hx[tok[4]] << 4 | hx[tok[5]],
    )


def _seq(tok):
    """1..5 digits with value 0..65535 -> value, else -1."""
    if len(tok) > 5:
        return -1
    v = _uint(tok)
    return v if v <= 65535 else -1


# ---------------------------------------------------------------- framing
TOO_LONG = 1  # LineReader.feed: the line just passed 200 bytes (reply ERR TOO_LONG now)
LONG_END = 2  # LineReader.feed: the \n ending an over-long line arrived (a line, no reply)


class LineReader:
    """Collects bytes into lines in a preallocated buffer. feed(byte) returns None (nothing yet),
    the line as bytes (\\n and one final \\r removed; never empty), TOO_LONG or LONG_END."""

    def __init__(self):
        self.buf = bytearray(MAX_LINE)
        self.n = 0
        self.skipping = False

    def feed(self, b):
        if b == 10:
            if self.skipping:
                self.skipping = False
                return LONG_END
            n = self.n
            self.n = 0
            if n and self.buf[n - 1] == 13:
                n -= 1
            if not n:
                return None  # empty lines are ignored entirely
            return bytes(self.buf[:n])
        if self.skipping:
            return None
        if self.n >= MAX_LINE - 1:  # this byte would make the line (with its \n) over 200
            self.n = 0
            self.skipping = True
            return TOO_LONG
        self.buf[self.n] = b
        self.n += 1
        return None


# ---------------------------------------------------------------- the ring
A_NONE, A_PULSE, A_FLASH, A_SPIN = 0, 1, 2, 3
_ANIMS = {b"none": A_NONE, b"pulse": A_PULSE, b"flash": A_FLASH, b"spin": A_SPIN}


class FrameError(Exception):
    def __init__(self, code, text):
        self.code = code
        self.text = text


def _fail(code, text):
    raise FrameError(code, text)


class Ring:
    """Protocol state machine and renderer. Pure: no I/O, the time is passed in (ticks_ms)."""

    def __init__(self, n=LED_COUNT, now=0):
        self.n = n
        self.back = bytearray(3 * n)    # SET/FILL write here (RGB)
        self.shown = bytearray(3 * n)   # SHOW latches back -> shown (RGB)
        self.comp = bytearray(3 * n)    # shown + animation / host-lost overlay (RGB)
        self.stage = bytearray(3 * n)   # after gamma, brightness and current cap (LED byte order)
        self.lut = bytearray(256)
        g12 = array("H", [0] * 256)     # gamma curve, 0..4095
        for v in range(256):
            g12[v] = int(4095 * (v / 255) ** GAMMA + 0.5)
        self._g12 = g12
        budget = (MAX_CURRENT_MA - n * MA_IDLE_PER_LED) * 255 // MA_PER_CHANNEL
        self.budget = budget if budget > 0 else 0  # cap on the sum of all channel values
        self.brightness = 0
        self.set_brightness(DEFAULT_BRIGHTNESS)
        self.hold_ms = 0
        self.last_rx = now
        self.lost = False
        self.lost_t0 = now
        self.anim = A_NONE
        self.anim_rgb = (0, 0, 0)
        self.anim_arg = 0
        self.anim_first = 0
        self.anim_count = n
        self.anim_t0 = now
        self.anim_line = None
        self.dirty = True  # the first render clears whatever a previous run left lit
        self.next_frame = now
        self.leaving = False
        self.ident = "proto=%d fw=%s leds=%d" % (PROTO, FW_VERSION, n)
        self._verbs = {
            b"HELLO": self._hello, b"PING": self._ping, b"BRI": self._bri, b"SET": self._set,
            b"SHOW": self._show, b"FILL": self._fill, b"ANIM": self._anim, b"HOLD": self._hold,
            b"REPL": self._repl,
        }

    # ---- protocol
    def hello_line(self):
        return ("! HELLO %s\n" % self.ident).encode()

    def on_line(self, line, now):
        """A complete line from the host (bytes, or TOO_LONG / LONG_END). Returns the reply bytes
        or None. Any line, good or bad, shows the host is alive."""
        self.last_rx = now
        if self.lost:
            self.lost = False
            self.dirty = True
        if line == TOO_LONG:
            return b"- ERR TOO_LONG\n"
        if line == LONG_END:
            return None
        sp = line.find(b" ")
        seq = _seq(line if sp < 0 else line[:sp])
        if seq < 0:
            return b"- ERR SYNTAX seq\n"
        try:
            data = self._frame(line, seq, now)
        except FrameError as e:
            return ("%d ERR %s %s\n" % (seq, e.code, e.text)).encode()
        if data:
            return ("%d OK %s\n" % (seq, data)).encode()
        return ("%d OK\n" % seq).encode()

    def _frame(self, line, seq, now):
        star = line.rfind(b" *")
        if star < 0:
            _fail("SYNTAX", "crc missing")
        tok = line[star + 2:]
        if not _hex_ok(tok, 4):
            _fail("SYNTAX", "crc malformed")
        hx = _HEX
        want = hx[tok[0]] << 12 | hx[tok[1]] << 8 | hx[tok[2]] << 4 | hx[tok[3]]
        if crc16(line, star) != want:
            _fail("CRC", "")
        fields = line[:star].split(b" ")
        for f in fields:
            if not f:
                _fail("SYNTAX", "empty field")
        if len(fields) < 2:
            _fail("SYNTAX", "verb missing")
        handler = self._verbs.get(fields[1])
        if handler is None:
            _fail("UNKNOWN", "verb")
        return handler(fields[2:], line, now)

    @staticmethod
    def _argc(args, n):
        if len(args) < n:
            _fail("SYNTAX", "field missing")
        if len(args) > n:
            _fail("SYNTAX", "too many fields")

    @staticmethod
    def _number(tok, what):
        v = _uint(tok)
        if v < 0:
            _fail("SYNTAX", what)
        return v

    @staticmethod
    def _in_range(v, lo, hi, what):
        if v < lo or v > hi:
            _fail("RANGE", what)

    def _hello(self, args, line, now):
        self._argc(args, 0)
        return self.ident

    def _ping(self, args, line, now):
        self._argc(args, 0)
        return None

    def _bri(self, args, line, now):
        self._argc(args, 1)
        v = self._number(args[0], "brightness")
        self._in_range(v, 0, 255, "brightness")
        if v != self.brightness:
            self.set_brightness(v)
        return None

    def _set(self, args, line, now):
        self._argc(args, 2)
        start = self._number(args[0], "start")
        hexes = args[1]
        if not _hex_ok(hexes, 0):
            _fail("SYNTAX", "colour")
        count = len(hexes) // 6
        if start + count > self.n:
            _fail("RANGE", "pixel index")
        hx = _HEX
        back = self.back
        j = 3 * start
        for i in range(0, 6 * count, 2):
            back[j] = hx[hexes[i]] << 4 | hx[hexes[i + 1]]
            j += 1
        return None

    def _show(self, args, line, now):
        self._argc(args, 0)
        self.shown[:] = self.back
        self.anim = A_NONE
        self.dirty = True
        return None

    def _fill(self, args, line, now):
        self._argc(args, 1)
        if not _hex_ok(args[0], 6):
            _fail("SYNTAX", "colour")
        r, g, b = _colour(args[0])
        back = self.back
        for i in range(0, 3 * self.n, 3):
            back[i] = r
            back[i + 1] = g
            back[i + 2] = b
        return None

    def _anim(self, args, line, now):
        if not args:
            _fail("SYNTAX", "name missing")
        kind = _ANIMS.get(args[0])
        if kind is None:
            _fail("UNKNOWN", "animation")
        if kind == A_NONE:
            self._argc(args, 1)
            rgb, arg = (0, 0, 0), 0
        else:
            # a pulse may name the LEDs it beats on: "<first> <count>" (a single space of a track)
            self._argc(args, 5 if kind == A_PULSE and len(args) > 3 else 3)
            if not _hex_ok(args[1], 6):
                _fail("SYNTAX", "colour")
            rgb = _colour(args[1])
            what = "count" if kind == A_FLASH else "ms"
            arg = self._number(args[2], what)
            if kind == A_FLASH:
                self._in_range(arg, 1, 100, what)
            else:
                self._in_range(arg, 50, 10000, what)
        first, count = 0, self.n
        if len(args) == 5:
            first = self._number(args[3], "first")
            self._in_range(first, 0, self.n - 1, "first")
            count = self._number(args[4], "count")
            self._in_range(count, 1, self.n, "count")
        if line == self.anim_line:
            return None  # the same frame again (a resend): applying it twice = once
        self.anim_line = line
        self.anim = kind
        self.anim_rgb = rgb
        self.anim_arg = arg
        self.anim_first = first
        self.anim_count = count
        self.anim_t0 = now
        self.dirty = True
        return None

    def _hold(self, args, line, now):
        self._argc(args, 1)
        v = self._number(args[0], "ms")
        self._in_range(v, 0, 600000, "ms")
        self.hold_ms = v
        return None

    def _repl(self, args, line, now):
        self._argc(args, 0)
        self.leaving = True
        return None

    # ---- time
    def tick(self, now):
        """Host-lost check. Returns b"! LOST\\n" once when the host went silent, else None."""
        if self.hold_ms and not self.lost and ticks_diff(now, self.last_rx) > self.hold_ms:
            self.lost = True
            self.lost_t0 = now
            self.dirty = True
            return b"! LOST\n"
        return None

    def wait_ms(self, now):
        """How long the main loop may sleep before something is due (at most IDLE_WAIT_MS)."""
        wait = IDLE_WAIT_MS
        if self.lost or self.anim != A_NONE:
            wait = min(wait, ticks_diff(self.next_frame, now))
        if self.hold_ms and not self.lost:
            wait = min(wait, ticks_diff(self.last_rx, now) + self.hold_ms + 1)
        return wait if wait > 0 else 0

    # ---- rendering
    def set_brightness(self, v):
        self.brightness = v
        eff = v * BRIGHTNESS_MAX // 255
        g12 = self._g12
        lut = self.lut
        for i in range(256):
            lut[i] = (g12[i] * eff + 2047) // 4095
        self.dirty = True

    def render(self, now, out, order):
        """Compose the current picture into `out` (the LED buffer, 3 bytes a pixel, `order` gives
        the offsets of R, G, B). Returns True when `out` was written and should be sent."""
        forced = self.dirty
        if not forced:
            if not (self.lost or self.anim != A_NONE):
                return False
            if ticks_diff(now, self.next_frame) < 0:
                return False
        self.dirty = False
        self.next_frame = ticks_add(now, FRAME_MS)
        self._compose(now)
        self._output(order)
        if not forced and self.stage == out:
            return False
        out[:] = self.stage
        return True

    def _compose(self, now):
        shown = self.shown
        comp = self.comp
        n3 = 3 * self.n
        if self.lost:
            shift = LOST_DIM_SHIFT
            for i in range(n3):
                comp[i] = shown[i] >> shift
            p = 3 * ((ticks_diff(now, self.lost_t0) // LOST_STEP_MS) % self.n)
            comp[p], comp[p + 1], comp[p + 2] = LOST_COLOUR
            return
        kind = self.anim
        if kind == A_NONE:
            comp[:] = shown
            return
        el = ticks_diff(now, self.anim_t0)
        r, g, b = self.anim_rgb
        if kind == A_FLASH:
            cycle = FLASH_ON_MS + FLASH_OFF_MS
            if el >= (self.anim_arg - 1) * cycle + FLASH_ON_MS:
                self.anim = A_NONE  # all flashes done: back to the shown frame
                comp[:] = shown
            elif el % cycle < FLASH_ON_MS:
                for i in range(0, n3, 3):
                    comp[i] = r
                    comp[i + 1] = g
                    comp[i + 2] = b
            else:
                comp[:] = shown
        elif kind == A_PULSE:
            period = self.anim_arg
            t = (el % period) * 510 // period
            w = t if t <= 255 else 510 - t
            w = w * w // 255  # ease in and out: 0 (the frame) .. 255 (the colour) .. 0
            k = 255 - w
            comp[:] = shown
            n = self.n
            for led in range(self.anim_first, self.anim_first + self.anim_count):
                i = 3 * (led % n)
                comp[i] = (shown[i] * k + r * w) // 255
                comp[i + 1] = (shown[i + 1] * k + g * w) // 255
                comp[i + 2] = (shown[i + 2] * k + b * w) // 255
        else:  # A_SPIN: a head in the colour with a fading two-pixel tail, one turn per period
            period = self.anim_arg
            n = self.n
            head = (el % period) * n // period
            comp[:] = shown
            for back, w in ((0, 255), (1, 128), (2, 64)):
                p = 3 * ((head - back) % n)
                k = 255 - w
                comp[p] = (comp[p] * k + r * w) // 255
                comp[p + 1] = (comp[p + 1] * k + g * w) // 255
                comp[p + 2] = (comp[p + 2] * k + b * w) // 255

    def _output(self, order):
        """comp -> stage: gamma + brightness through the LUT, then the current cap."""
        lut = self.lut
        comp = self.comp
        st = self.stage
        ro, go, bo = order[0], order[1], order[2]
        total = 0
        for i in range(0, 3 * self.n, 3):
            r = lut[comp[i]]
            g = lut[comp[i + 1]]
            b = lut[comp[i + 2]]
            st[i + ro] = r
            st[i + go] = g
            st[i + bo] = b
            total += r + g + b
        budget = self.budget
        if total > budget:  # scale everything down alike: colours keep their hue
            for i in range(3 * self.n):
                st[i] = st[i] * budget // total


# ---------------------------------------------------------------- the Pico main loop
_keep = []  # objects that must outlive main() (the watchdog-feeding timer after REPL)


def _send(out, data):
    try:
        out.write(data)
    except OSError:
        pass  # no host listening: replies are dropped, never queued


def main():
    import select
    import sys

    import machine
    import micropython
    import neopixel

    micropython.kbd_intr(-1)  # a 0x03 byte in the stream is data, not KeyboardInterrupt
    wdt = machine.WDT(timeout=WDT_TIMEOUT_MS)
    strip = neopixel.NeoPixel(machine.Pin(DATA_PIN), LED_COUNT)
    order = strip.ORDER
    ring = Ring(LED_COUNT, ticks_ms())
    reader = LineReader()
    inp = sys.stdin.buffer
    out = sys.stdout.buffer  # raw bytes: the text stream would translate \n
    poller = select.poll()
    poller.register(sys.stdin, select.POLLIN)
    gone = select.POLLHUP | select.POLLERR
    one = bytearray(1)
    _send(out, ring.hello_line())

    while True:
        wdt.feed()
        budget = READ_BUDGET
        while budget:
            ready = False
            for _obj, ev in poller.ipoll(0):
                if ev & gone:
                    return  # the other end of a pty closed (host tests); never on a Pico
                ready = True
            if not ready:
                break
            if not inp.readinto(one):
                return  # end of input (host tests); never on a Pico
            budget -= 1
            got = reader.feed(one[0])
            if got is None:
                continue
            reply = ring.on_line(got, ticks_ms())
            if reply:
                _send(out, reply)
            if ring.leaving:
                _leave(machine, micropython, wdt)
                return
        now = ticks_ms()
        msg = ring.tick(now)
        if msg:
            _send(out, msg)
        if ring.render(now, strip.buf, order):
            strip.write()
        if budget:  # input drained: sleep until input arrives or something is due
            wait = ring.wait_ms(ticks_ms())
            if wait:
                poller.poll(wait)


def _leave(machine, micropython, wdt):
    """REPL: hand the port to deployment tools. The watchdog cannot be stopped on an RP2040, so
    a soft timer keeps feeding it while the REPL runs (a soft reset ends that, and the watchdog
    then restarts the board after WDT_TIMEOUT_MS, running main.py again)."""
    micropython.kbd_intr(3)
    try:
        _keep.append(machine.Timer(period=WDT_TIMEOUT_MS // 4, callback=lambda t: wdt.feed()))
    except (AttributeError, TypeError, ValueError):
        pass


if __name__ == "__main__":
    main()
