"""Fake RP2040 `machine` for running firmware/main.py under the MicroPython unix port.

Events go to $RING_FAKE_LOG: `WDT <timeout>`, `FEED <ticks_ms> <count>` (at most one per 100 ms),
`STARVED <gap_ms>` (a feed came later than the timeout: a real board would have reset),
`TIMER <period>`, `PIN <id>`.
"""
from time import ticks_diff, ticks_ms

from _hwlog import log


class Pin:
    IN = 0
    OUT = 1

    def __init__(self, id, mode=-1, *args, **kwargs):
        self.id = id
        log("PIN %s" % (id,))

    def init(self, *args, **kwargs):
        pass


class WDT:
    def __init__(self, id=0, timeout=5000):
        self.timeout = timeout
        self.count = 0
        self.last = ticks_ms()
        self.logged = None
        log("WDT %d" % timeout)

    def feed(self):
        now = ticks_ms()
        gap = ticks_diff(now, self.last)
        if gap > self.timeout:
            log("STARVED %d" % gap)
        self.last = now
        self.count += 1
        if self.logged is None or ticks_diff(now, self.logged) >= 100:
            self.logged = now
            log("FEED %d %d" % (now, self.count))


class Timer:
    PERIODIC = 1
    ONE_SHOT = 0

    def __init__(self, id=-1, period=1000, mode=1, callback=None, **kwargs):
        log("TIMER %d" % period)
