"""Fake `neopixel` with the micropython-lib interface (buf in GRB order, ORDER, write()).

Each write() appends `SHOW <ticks_ms> <RRGGBB...>` to $RING_FAKE_LOG: the colours the ring would
show, pixel 0 first, in RGB.
"""
from time import ticks_ms

from _hwlog import log


class NeoPixel:
    ORDER = (1, 0, 2, 3)

    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.buf = bytearray(n * bpp)
        log("NEOPIXEL %d %d" % (n, bpp))

    def __len__(self):
        return self.n

    def __setitem__(self, i, v):
        offset = i * self.bpp
        for k in range(self.bpp):
            self.buf[offset + self.ORDER[k]] = v[k]

    def __getitem__(self, i):
        offset = i * self.bpp
        return tuple(self.buf[offset + self.ORDER[k]] for k in range(self.bpp))

    def fill(self, v):
        for i in range(self.n):
            self[i] = v

    def write(self):
        parts = []
        for i in range(self.n):
            parts.append("%02X%02X%02X" % self[i][:3])
        log("SHOW %d %s" % (ticks_ms(), "".join(parts)))
