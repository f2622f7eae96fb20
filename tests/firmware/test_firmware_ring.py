"""What the ring shows (through the fake neopixel), animations, host-lost, watchdog, current cap."""
import itertools
import statistics
import time

import pytest
from ringharness import PLAIN, raw_frame

from hardware.ring.protocol import Unsolicited, parse_line

BLACK = (0, 0, 0)


def estimated_ma(pixels, ma_per_channel=20, idle_per_led=1):
    return sum(sum(p) for p in pixels) * ma_per_channel / 255 + idle_per_led * len(pixels)


def frames_since(dev, count):
    return dev.frames()[count:]


def frames_over(dev, count, device_ms, timeout=20.0):
    """The frames since `count` once they span `device_ms` of the device's own clock: an animation is
    judged by the ticks it was drawn at, so a busy machine that draws fewer frames passes the same."""
    deadline = time.monotonic() + timeout
    while True:
        seen = frames_since(dev, count)
        if len(seen) >= 2 and seen[-1][0] - seen[0][0] >= device_ms:
            return seen
        assert time.monotonic() < deadline, f"only {len(seen)} frames in {timeout} s"
        time.sleep(0.05)  # the fake LEDs log from another process: nothing to wait on but the log


# ------------------------------------------------------------------ SET / SHOW / FILL

def test_ring_starts_dark(ring):
    assert ring.wait_shown(lambda px: len(px) == 24) == [BLACK] * 24


def test_set_then_show_lights_exactly_those_pixels(ring):
    pixels = [(i * 10, 255 - i * 10, (i * 37) % 256) for i in range(24)]
    ring.ok("SET", 0, "".join("{:02X}{:02X}{:02X}".format(*p) for p in pixels))
    ring.ok("SHOW")
    assert ring.wait_shown(pixels) == pixels


def test_set_writes_from_its_start_index_and_keeps_the_rest(ring):
    ring.ok("FILL", "010203")
    ring.ok("SET", 22, "FF0000" "00FF00")
    ring.ok("SHOW")
    assert ring.wait_shown(lambda px: px[23] != BLACK) == [(1, 2, 3)] * 22 + [(255, 0, 0), (0, 255, 0)]


def test_set_and_fill_change_nothing_until_show(ring):
    ring.wait_shown([BLACK] * 24)
    ring.ok("FILL", "FFFFFF")
    ring.ok("SET", 0, "00FF00")
    time.sleep(0.15)
    assert ring.shown() == [BLACK] * 24
    ring.ok("SHOW")
    ring.wait_shown([(0, 255, 0)] + [(255, 255, 255)] * 23)


def test_a_refused_frame_changes_nothing(start_ring):
    dev = start_ring(**PLAIN)
    base = dev.show([(10, 20, 30)] * 24)
    dev.wait_shown(base)
    bad = [
        raw_frame(b"50 SET 20 FF00FFFF00FFFF00FFFF00FFFF00FF"),   # one pixel past the end: RANGE
        raw_frame(b"51 FILL FFFFFF", crc=0),                     # CRC
        raw_frame(b"52 FILL FFFFF"),                             # SYNTAX
        raw_frame(b"53 BRI 256"),                                # RANGE
        raw_frame(b"54 ANIM pulse FF0000 20"),                   # RANGE: no pulse starts
        raw_frame(b"55 ANIM sparkle FF0000 200"),                # UNKNOWN
        raw_frame(b"56 HOLD 600001"),                            # RANGE: no host-lost timer
        raw_frame(b"57 SHOW", crc=0),                            # CRC: nothing latched
    ]
    dev.write(b"".join(bad))
    assert [parse_line(dev.read_line()).ok for _ in bad] == [False] * len(bad)
    count = len(dev.frames())
    time.sleep(0.3)
    assert frames_since(dev, count) == []          # no animation, no host-lost pattern
    dev.ok("SHOW")
    time.sleep(0.1)
    assert dev.shown() == base                      # back buffer and brightness as before


def test_the_same_frame_twice_shows_the_same_as_once(ring):
    frames = [ring.frame("SET", 3, "ABCDEF"), ring.frame("SHOW")]
    for fr in frames * 2:
        ring.write(fr)
        assert parse_line(ring.read_line()).ok
    ring.wait_shown([BLACK] * 3 + [(0xAB, 0xCD, 0xEF)] + [BLACK] * 20)


# ------------------------------------------------------------------ brightness, gamma, current cap

def test_brightness_scales_the_ring_at_once_without_show(ring):
    ring.show([(255, 255, 255)] * 12 + [(200, 100, 0)] * 12)
    ring.wait_shown(lambda px: px[0] == (255, 255, 255))
    ring.ok("BRI", 51)
    assert ring.wait_shown(lambda px: px[0] != (255, 255, 255)) == [(51, 51, 51)] * 12 + [(40, 20, 0)] * 12
    ring.ok("BRI", 0)
    ring.wait_shown([BLACK] * 24)


def test_brightness_ceiling_setting_limits_bri_255(start_ring):
    dev = start_ring(**dict(PLAIN, BRIGHTNESS_MAX=128))
    dev.show([(255, 255, 255)] * 24)
    assert dev.wait_shown(lambda px: px[0] != BLACK) == [(128, 128, 128)] * 24


def test_gamma_makes_mid_levels_darker_and_keeps_the_ends(start_ring):
    dev = start_ring(DEFAULT_BRIGHTNESS=255, MAX_CURRENT_MA=1_000_000)  # default GAMMA 2.2
    ramp = [(v, v, v) for v in range(0, 256, 12)] + [(255, 255, 255)] * 2
    dev.show(ramp)
    shown = dev.wait_shown(lambda px: px[-1] != BLACK)
    levels = [p[0] for p in shown]
    assert levels[0] == 0 and levels[-1] == 255
    assert levels == sorted(levels)                     # still a ramp
    assert all(s <= v for s, v in zip(levels, [p[0] for p in ramp], strict=True))
    mid = levels[ramp.index((132, 132, 132))]
    assert 40 <= mid <= 75                              # 2.2 gamma: half input is about a fifth


def test_default_brightness_at_start_is_the_setting(start_ring):
    dev = start_ring(GAMMA=1.0, DEFAULT_BRIGHTNESS=100, MAX_CURRENT_MA=1_000_000)
    dev.show([(255, 0, 0)] * 24)
    assert dev.wait_shown(lambda px: px[0] != BLACK)[0] == (100, 0, 0)


def test_full_white_is_held_under_the_current_cap_and_stays_white(start_ring):
    dev = start_ring(**dict(PLAIN, MAX_CURRENT_MA=300), LED_COUNT=24)
    dev.show([(255, 255, 255)] * 24)
    shown = dev.wait_shown(lambda px: px[0] != BLACK)
    assert estimated_ma(shown) <= 300
    assert estimated_ma(shown) >= 270                   # the budget is used, not wasted
    assert all(p == shown[0] and p[0] == p[1] == p[2] for p in shown)


def test_a_frame_under_the_cap_is_not_dimmed(start_ring):
    dev = start_ring(**dict(PLAIN, MAX_CURRENT_MA=300))
    frame = [(255, 255, 255), (255, 0, 0)] + [BLACK] * 22
    dev.show(frame)
    assert dev.wait_shown(lambda px: px[0] != BLACK) == frame


def test_the_cap_holds_for_60_pixels_at_default_settings(start_ring):
    dev = start_ring(LED_COUNT=60, DEFAULT_BRIGHTNESS=255)  # cap 400 mA, gamma 2.2
    dev.show([(255, 255, 255)] * 60)
    shown = dev.wait_shown(lambda px: px[0] != BLACK)
    assert len(shown) == 60 and estimated_ma(shown) <= 400


def test_animations_respect_the_cap(start_ring):
    dev = start_ring(**dict(PLAIN, MAX_CURRENT_MA=300))
    count = len(dev.frames())
    dev.ok("ANIM", "pulse", "FFFFFF", 100)
    time.sleep(0.4)
    dev.ok("ANIM", "none")
    seen = [px for _, px in frames_since(dev, count)]
    assert len(seen) > 5 and max(estimated_ma(px) for px in seen) <= 300


# ------------------------------------------------------------------ animations

ANIM_SETTINGS = dict(PLAIN, LED_COUNT=12, FLASH_ON_MS=60, FLASH_OFF_MS=60)


def _episodes(frames, colour_frame):
    """How many separate times `colour_frame` was shown."""
    episodes, on = 0, False
    for _, px in frames:
        now_on = px == colour_frame
        episodes += now_on and not on
        on = now_on
    return episodes


def test_flash_flashes_count_times_then_shows_the_frame_again(start_ring):
    dev = start_ring(**ANIM_SETTINGS)
    base = dev.show([(0, 0, 40)] * 12)
    dev.wait_shown(base)
    count = len(dev.frames())
    dev.ok("ANIM", "flash", "00FF00", 3)
    time.sleep(0.7)                                      # 3 x (60 on + 60 off): ~0.3 s
    seen = frames_since(dev, count)
    assert _episodes(seen, [(0, 255, 0)] * 12) == 3
    assert seen[-1][1] == base
    settled = len(dev.frames())
    time.sleep(0.2)
    assert frames_since(dev, settled) == []              # finished: nothing more is drawn


def test_a_resent_flash_frame_does_not_flash_again(start_ring):
    dev = start_ring(**ANIM_SETTINGS)
    dev.wait_shown([BLACK] * 12)
    count = len(dev.frames())
    frame = dev.frame("ANIM", "flash", "FF0000", 2)
    dev.write(frame)
    assert parse_line(dev.read_line()).ok
    time.sleep(0.08)
    dev.write(frame)                                     # the host resends: same seq, same frame
    assert parse_line(dev.read_line()).ok
    time.sleep(0.5)
    assert _episodes(frames_since(dev, count), [(255, 0, 0)] * 12) == 2
    count = len(dev.frames())
    dev.ok("ANIM", "flash", "FF0000", 2)                 # a new frame (new seq) flashes again
    time.sleep(0.5)
    assert _episodes(frames_since(dev, count), [(255, 0, 0)] * 12) == 2


def test_pulse_breathes_towards_the_colour_without_host_traffic(start_ring):
    dev = start_ring(**ANIM_SETTINGS)
    dev.wait_shown([BLACK] * 12)
    count = len(dev.frames())
    dev.ok("ANIM", "pulse", "0000FF", 200)
    seen = frames_over(dev, count, 900)
    assert all(px == [px[0]] * 12 and px[0][:2] == (0, 0) for _, px in seen)  # whole ring, blue
    blues = [px[0][2] for _, px in seen]
    assert min(blues) <= 20 and max(blues) >= 230 and len(set(blues)) >= 10
    rises = [t for (_, a), (t, b) in itertools.pairwise(seen) if a[0][2] < 128 <= b[0][2]]
    gaps = [b - a for a, b in itertools.pairwise(rises)]          # device ticks, not host time
    assert len(gaps) >= 2 and 100 <= statistics.median(gaps) <= 400  # a breath per ~200 ms


def test_a_pulse_on_a_few_leds_beats_there_and_leaves_the_rest_of_the_frame_still(start_ring):
    """Elder Sign's last free doom space: `pulse <colour> <ms> <first> <count>` beats on LEDs 10 and 11 only."""
    dev = start_ring(**ANIM_SETTINGS)
    base = dev.show([(0, 50, 0)] * 12)
    dev.wait_shown(base)
    count = len(dev.frames())
    dev.ok("ANIM", "pulse", "0000FF", 200, 10, 2)
    seen = frames_over(dev, count, 900)
    assert seen and all(px[:10] == base[:10] for _, px in seen)  # the frame elsewhere, untouched
    blues = [px[10][2] for _, px in seen]
    assert min(blues) <= 20 and max(blues) >= 230 and all(px[10] == px[11] for _, px in seen)


def test_spin_walks_a_lit_head_round_the_ring_over_the_frame(start_ring):
    dev = start_ring(**ANIM_SETTINGS)
    base = dev.show([(0, 0, 50)] * 12)
    dev.wait_shown(base)
    count = len(dev.frames())
    dev.ok("ANIM", "spin", "FF0000", 600)
    heads = []
    for ticks, px in frames_over(dev, count, 1300):
        lit = [i for i, p in enumerate(px) if p == (255, 0, 0)]
        assert len(lit) == 1
        head = lit[0]
        assert px[(head - 1) % 12][0] > px[(head - 2) % 12][0] > 0       # a fading tail
        assert sum(p == (0, 0, 50) for p in px) == 9                       # the frame shows elsewhere
        heads.append((ticks, head))
    (t0, h0), moved = heads[0], set()
    for ticks, head in heads[1:]:  # one LED per 50 device ms, clockwise: where the device clock says (±1)
        expected = h0 + (ticks - t0) * 12 / 600
        assert min(abs(head - expected - 12 * k) for k in range(-200, 201)) <= 1.01, (ticks - t0, head, expected % 12)
        moved.add(head)
    assert len(moved) >= 6, "it went round, not only a few LEDs"


def test_show_stops_an_animation_and_anim_none_too(start_ring):
    dev = start_ring(**ANIM_SETTINGS)
    dev.ok("ANIM", "spin", "FF0000", 100)
    time.sleep(0.1)
    dev.ok("FILL", "000800")
    dev.ok("SHOW")
    dev.wait_shown([(0, 8, 0)] * 12)
    count = len(dev.frames())
    time.sleep(0.2)
    assert frames_since(dev, count) == []
    dev.ok("ANIM", "pulse", "FFFFFF", 100)
    dev.wait_shown(lambda px: px[0] != (0, 8, 0))
    dev.ok("ANIM", "none")
    dev.wait_shown([(0, 8, 0)] * 12)
    count = len(dev.frames())
    time.sleep(0.2)
    assert frames_since(dev, count) == []


def test_replies_are_not_held_back_by_animation_frames(start_ring):
    # Frames every 100 ms: a reply that waited for a frame would take 50 ms on average.
    dev = start_ring(**dict(ANIM_SETTINGS, LED_COUNT=60, FRAME_MS=100))
    dev.ok("ANIM", "pulse", "FF00FF", 300)
    times = []
    for _ in range(60):
        start = time.perf_counter()
        dev.ok("PING")
        times.append(time.perf_counter() - start)
    assert statistics.median(times) < 0.025


# ------------------------------------------------------------------ host lost (HOLD)

def test_silent_host_gets_one_lost_and_a_dim_walking_pattern_until_a_line(start_ring):
    dev = start_ring(**dict(PLAIN, LED_COUNT=12, LOST_STEP_MS=100))
    base = dev.show([(200, 160, 120)] * 12)
    dev.wait_shown(base)
    start = time.monotonic()  # before HOLD is sent: the device's 300 ms can only begin later, however slow the reply
    dev.ok("HOLD", 300)
    assert parse_line(dev.read_line(timeout=5)) == Unsolicited("LOST", {})
    assert time.monotonic() - start >= 0.29
    assert dev.quiet(0.6) == []                          # LOST only once
    px = dev.shown()
    marker = [i for i, p in enumerate(px) if p != (50, 40, 30)]
    assert len(marker) == 1                              # the last frame at a quarter ...
    assert sum(px[marker[0]]) < sum(base[0]) // 2        # ... and one dim walking pixel
    positions = {next(i for i, p in enumerate(f) if p != (50, 40, 30)) for _, f in dev.frames()[-5:]}
    assert len(positions) >= 2
    assert dev.ok("PING")                                # any line ends it
    dev.wait_shown(base)
    assert parse_line(dev.read_line(timeout=5)) == Unsolicited("LOST", {})  # the timer restarted


def test_empty_lines_do_not_keep_the_host_alive(start_ring):
    dev = start_ring(**PLAIN)
    dev.ok("HOLD", 400)
    for _ in range(10):
        dev.write(b"\n")
        time.sleep(0.1)
    assert Unsolicited("LOST", {}) in [parse_line(x) for x in dev.quiet(0.5)]


def test_any_non_empty_line_keeps_the_host_alive_even_a_bad_one(start_ring):
    dev = start_ring(**PLAIN)
    dev.ok("HOLD", 400)
    for _ in range(12):
        dev.write(b"?\n")
        time.sleep(0.1)
    dev.write(dev.frame("HOLD", 0))
    got = dev.drain()
    assert got == [b"- ERR SYNTAX seq\n"] * 12 + [b"%d OK\n" % dev.seq]


def test_hold_is_off_after_start_and_hold_0_turns_it_off(start_ring):
    dev = start_ring(**PLAIN)
    assert dev.quiet(0.5) == []
    dev.ok("HOLD", 200)
    dev.ok("HOLD", 0)
    assert dev.quiet(0.6) == []


# ------------------------------------------------------------------ watchdog

def test_watchdog_is_started_within_the_rp2040_limit(ring):
    ring.poll_log()
    timeouts = [int(a[0]) for k, a in ring.events if k == "WDT"]
    assert len(timeouts) == 1 and 0 < timeouts[0] <= 8388


def test_watchdog_is_fed_while_the_host_is_silent_and_while_it_talks(ring):
    def feeds():
        ring.poll_log()
        return sum(k == "FEED" for k, _ in ring.events)

    before = feeds()
    time.sleep(1.0)
    idle = feeds() - before
    assert idle >= 5                                     # logged at most every 100 ms
    ring.ok("ANIM", "pulse", "FFFFFF", 100)
    before = feeds()
    ring.write(b"".join(ring.frame("PING") for _ in range(2000)))
    for _ in range(2000):
        assert parse_line(ring.read_line()).ok
    time.sleep(0.3)
    assert feeds() > before
    # (the fixture fails the test if any feed came later than the watchdog timeout)


@pytest.mark.parametrize("n", [12, 60])
def test_led_count_setting_sizes_the_ring(start_ring, n):
    dev = start_ring(**dict(PLAIN, LED_COUNT=n))
    dev.show([(9, 9, 9)] * n)
    assert dev.wait_shown(lambda px: px[0] != BLACK) == [(9, 9, 9)] * n
    assert dev.request("SET", n - 1, "FFFFFF").ok
    assert dev.request("SET", n, "FFFFFF").code == "RANGE"
