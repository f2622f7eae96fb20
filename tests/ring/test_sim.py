"""hardware.ring.sim: the in-memory ring a simulator panel draws."""
import random
import threading
import time

import pytest

from companion.ring import Track
from hardware.ring.client import RingClient
from hardware.ring.render import RingFrame, render
from hardware.ring.sim import SimulatedRing


def frame(moon: int) -> RingFrame:
    return render(Track(length=12, position=moon, bottom=0, top=11), 24)


def test_it_offers_what_the_real_client_offers():
    for name in ("show", "brightness", "wait_synced", "status", "led_count", "close", "__enter__", "__exit__"):
        assert hasattr(SimulatedRing, name) and hasattr(RingClient, name), name
    assert SimulatedRing().on_problem is None


def test_it_keeps_the_latest_frame_and_tells_listeners():
    seen = []
    with SimulatedRing(led_count=24, brightness=100) as ring:
        ring.add_listener(lambda f, level: seen.append((f, level)))
        assert ring.frame is None and ring.led_count == 24 and ring.status.state == "connected"
        ring.show(frame(8))
        ring.show(frame(8))  # unchanged: no news
        ring.brightness(40)
        assert ring.frame == frame(8) and ring.level == 40 and ring.wait_synced(0)
    assert seen == [(frame(8), 100), (frame(8), 40)]


def test_a_removed_or_broken_listener_does_not_stop_the_others():
    good = []
    ring = SimulatedRing()
    remove = ring.add_listener(lambda f, level: good.append("removed one"))
    ring.add_listener(lambda f, level: 1 / 0)
    ring.add_listener(lambda f, level: good.append(f))
    remove()
    ring.show(frame(3))
    assert good == [frame(3)]


def test_after_close_it_ignores_frames():
    ring = SimulatedRing()
    ring.show(frame(8))
    ring.close()
    ring.show(frame(2))
    assert ring.frame == frame(8) and ring.status.state == "closed" and not ring.wait_synced(0)


def test_brightness_out_of_range_is_refused():
    with pytest.raises(ValueError):
        SimulatedRing().brightness(256)


def play_from_eight_threads(ring: SimulatedRing) -> list:
    """Eight threads change the frame at once while a slow preview redraws; the frames it got."""
    seen = []

    def slow_preview(f, level):  # a redraw takes a moment: other threads change the frame meanwhile
        time.sleep(random.random() / 1000)
        seen.append(f)

    ring.add_listener(slow_preview)
    together = threading.Barrier(8)

    def play(offset):
        for i in range(10):
            ring.show(frame((i + offset) % 12))
        together.wait()
        ring.show(RingFrame(((offset, 0, 0),) * 24))  # eight last frames at once

    threads = [threading.Thread(target=play, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return seen


def test_from_many_threads_the_last_picture_a_listener_gets_is_the_current_one():
    for _ in range(5):
        ring = SimulatedRing()
        assert play_from_eight_threads(ring)[-1] == ring.frame
