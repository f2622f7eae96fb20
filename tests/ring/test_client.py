"""hardware.ring.client against the real firmware (MicroPython unix port on a pty) and, where a
misbehaving ring is needed, a small Python ring emulator on a pty."""
import os
import select
import sys
import threading
import time
import tty
from dataclasses import replace
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "firmware"))

from ringharness import PLAIN, UNAVAILABLE, FirmwareDevice

from companion.ring import Alert, Counter, Counters, Gauge, SeatLevels, Track
from hardware.ring.client import RingClient, find_ring_port, open_serial
from hardware.ring.protocol import ProtocolError
from hardware.ring.render import RingFrame, render

LOST_COLOUR = (48, 16, 0)  # the firmware's host-lost pixel (firmware/main.py CONFIG)
needs_firmware = pytest.mark.skipif(bool(UNAVAILABLE), reason=UNAVAILABLE or "")


RED_MOON = Alert("flash", "danger", count=3)
WON = Alert("spin", "gold", period_ms=1500)


def moon_frame(leds: int = 24, moon: int = 8, alert: Alert | None = None) -> RingFrame:
    """A moon track of 12 positions, as Big Bang's ring view gives it, rendered for `leds` LEDs."""
    return render(Track(length=12, position=moon, bottom=0, top=11, alert=alert), leds)


# ------------------------------------------------------------------ helpers and fixtures

class Emulator:
    """A Python ring on a pty: answers every line via respond(seq, verb, line) -> bytes to send."""

    def __init__(self, hello=b"proto=1 fw=emu leds=24", respond=None):
        self.hello = hello
        self.respond = respond or self.answer
        self.master, self._slave = os.openpty()
        tty.setraw(self._slave)
        self.port = os.ttyname(self._slave)
        self.received: list[bytes] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()

    def answer(self, seq, verb, line):
        return b"%s OK %s\n" % (seq, self.hello) if verb == b"HELLO" else b"%s OK\n" % seq

    def verbs(self):
        return [line.split(b" ")[1].decode() for line in list(self.received)]

    def _loop(self):
        buf = b""
        while not self._stop.is_set():
            if not select.select([self.master], [], [], 0.02)[0]:
                continue
            buf += os.read(self.master, 4096)
            *lines, buf = buf.split(b"\n")
            for line in lines:
                self.received.append(line)
                seq, verb = line.split(b" ")[:2]
                out = self.respond(seq, verb, line)
                if out:
                    os.write(self.master, out)

    def close(self):
        self._stop.set()
        self._thread.join(2)
        os.close(self._slave)
        os.close(self.master)


@pytest.fixture
def emulator():
    made = []

    def make(**kwargs):
        made.append(Emulator(**kwargs))
        return made[-1]

    yield make
    for emu in made:
        emu.close()


@pytest.fixture
def firmware(tmp_path):
    """firmware(**config) -> a real firmware process on a pty nobody has opened yet (the client
    will). PLAIN settings: the LEDs show exactly the colours sent."""
    if UNAVAILABLE:
        pytest.skip(UNAVAILABLE)
    devices = []

    def start(**config):
        dev = FirmwareDevice({**PLAIN, **config}, tmp_path / f"fw{len(devices)}", open_serial=False)
        devices.append(dev)
        # Booted (its LEDs set up) before a client talks to it, as a plugged-in Pico would be.
        wait_for(lambda: booted(dev))
        return dev

    yield start
    for dev in devices:
        if not getattr(dev, "unplugged", False):
            dev.close()
        assert not dev.stderr(), dev.stderr()  # no traceback in the firmware


def booted(dev) -> bool:
    dev.poll_log()
    return any(kind == "NEOPIXEL" for kind, _ in dev.events)


def unplug(dev):
    """The ring's USB cable pulled: its pty goes away."""
    dev.close()
    dev.unplugged = True


@pytest.fixture
def client():
    """client(port, **kwargs) -> a RingClient whose DeviceProblems land in client.problems."""
    made = []

    def make(port=None, **kwargs):
        problems = []
        ring = RingClient(port, on_problem=problems.append, **kwargs)
        ring.problems = problems
        made.append(ring)
        return ring

    yield make
    for ring in made:
        ring.close()


def recording_opener(written: list):
    """An opener that keeps every line the client writes."""
    def opener(port):
        ser = open_serial(port)
        write = ser.write

        def recorded(data):
            written.append(data)
            return write(data)

        ser.write = recorded
        return ser
    return opener


def verbs(lines):
    return [line.split(b" ")[1].decode() for line in lines]


def wait_for(predicate, timeout=5.0):
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        time.sleep(0.01)


# ------------------------------------------------------------------ the ring shows the game

@needs_firmware
def test_the_ring_shows_the_rendered_frame(firmware, client):
    dev = firmware()
    ring = client(dev.port)
    frame = moon_frame()
    ring.show(frame)
    assert ring.wait_synced(5)
    assert dev.wait_shown(list(frame.pixels)) == list(frame.pixels)
    status = ring.status
    assert (status.state, status.port, status.leds, status.firmware) == ("connected", dev.port, 24, "1.0.0")
    assert ring.problems == []


@needs_firmware
@pytest.mark.parametrize("view", [
    Gauge(length=14, filled=5, marked=(3, 7, 11), clock=9),
    SeatLevels((3, 5, 1, 8, 10, 2), maximum=10, active=3),
    SeatLevels((4, 5, 8, 9, 6, 7), maximum=10, active=1),  # white LEDs counting three levels each (issue 22)
    Counters((Counter(3, 4, "blue"), Counter(2, 6, "gold")), alert=Alert("pulse", "gold", period_ms=1000)),
    Counters((Counter(3, 8, "marker", faint="red"), Counter(8, 8, "danger"))),  # a red fighter's fight
], ids=lambda view: view.kind)
def test_every_kind_of_view_reaches_the_firmware_as_rendered(firmware, client, view):
    dev = firmware()
    ring = client(dev.port)
    frame = render(view, 24)
    ring.show(replace(frame, anim=None))
    assert ring.wait_synced(5)
    assert dev.wait_shown(list(frame.pixels)) == list(frame.pixels)
    ring.show(frame)  # with its alert, if any: the firmware takes the ANIM
    assert ring.wait_synced(5)
    assert ring.problems == []


@needs_firmware
def test_a_60_led_ring_gets_the_whole_frame_in_lines_of_at_most_200_bytes(firmware, client):
    dev = firmware(LED_COUNT=60)
    written = []
    ring = client(dev.port, opener=recording_opener(written))
    wait_for(lambda: ring.led_count == 60)
    frame = moon_frame(60)
    ring.show(frame)
    assert ring.wait_synced(5)
    dev.wait_shown(list(frame.pixels))
    assert verbs(written).count("SET") == 2
    assert max(len(line) for line in written) <= 200


@needs_firmware
def test_a_frame_for_another_ring_size_is_cut_to_fit(firmware, client):
    dev = firmware(LED_COUNT=12)
    ring = client(dev.port)
    frame = RingFrame(((9, 9, 9),) * 24)
    ring.show(frame)
    assert ring.wait_synced(5)
    dev.wait_shown([(9, 9, 9)] * 12)


@needs_firmware
def test_a_frame_change_sends_only_what_changed(firmware, client):
    dev = firmware()
    written = []
    ring = client(dev.port, opener=recording_opener(written), hold_ms=0)
    ring.show(moon_frame(moon=8))
    assert ring.wait_synced(5)
    assert verbs(written) == ["HELLO", "HOLD", "SET", "SHOW"]

    written.clear()
    moved = moon_frame(moon=7)  # two LEDs turn from marker to unlit, two from lit to marker
    ring.show(moved)
    assert ring.wait_synced(5)
    assert verbs(written) == ["SET", "SHOW"]
    assert written[0].split(b" ")[2:4] == [b"14", b"FFFFFF" * 2 + b"030308" * 2]  # LEDs 14..17 only
    dev.wait_shown(list(moved.pixels))

    written.clear()
    alert = moon_frame(moon=7, alert=RED_MOON)  # same pixels, plus a flash
    ring.show(alert)
    assert ring.wait_synced(5)
    assert verbs(written) == ["ANIM"]

    written.clear()
    ring.show(moon_frame(moon=7, alert=RED_MOON))  # equal frame: nothing to say
    ring.brightness(200)
    assert ring.wait_synced(5)
    assert verbs(written) == ["BRI"]


@needs_firmware
def test_red_moon_alert_flashes_the_ring_red_then_shows_the_frame(firmware, client):
    dev = firmware()
    ring = client(dev.port)
    frame = moon_frame(moon=3, alert=RED_MOON)
    ring.show(frame)
    assert ring.wait_synced(5)
    dev.wait_shown(lambda px: px == [(255, 0, 0)] * 24)
    dev.wait_shown(list(frame.pixels))  # after the three flashes


@needs_firmware
def test_brightness_reaches_the_leds(firmware, client):
    dev = firmware()
    ring = client(dev.port, brightness=0)
    ring.show(moon_frame())
    assert ring.wait_synced(5)
    dev.wait_shown([(0, 0, 0)] * 24)
    ring.brightness(255)
    dev.wait_shown(list(moon_frame().pixels))


@needs_firmware
def test_hold_keeps_a_live_ring_lit_and_a_dead_pi_shows_host_lost(firmware, client):
    dev = firmware()
    ring = client(dev.port, hold_ms=300)
    frame = moon_frame()
    ring.show(frame)
    assert ring.wait_synced(5)
    time.sleep(1.0)  # idle far longer than the hold time: the client's keep-alive must cover it
    assert all(LOST_COLOUR not in px for _, px in dev.frames())
    ring.close()  # the Pi's program dies
    dev.wait_shown(lambda px: LOST_COLOUR in px)


@needs_firmware
def test_a_ring_that_restarts_gets_the_whole_frame_again(firmware, client):
    dev = firmware()
    written = []
    ring = client(dev.port, opener=recording_opener(written), hold_ms=0)
    ring.show(moon_frame())
    assert ring.wait_synced(5)
    written.clear()
    os.write(dev._master, b"! HELLO proto=1 fw=1.0.0 leds=24\n")  # as if the ring just booted
    wait_for(lambda: "SHOW" in verbs(written))
    assert verbs(written) == ["HOLD", "SET", "SHOW"]


# ------------------------------------------------------------------ protocol version

def test_a_ring_of_another_protocol_version_is_refused_once_and_left_alone(emulator, client):
    emu = emulator(hello=b"proto=2 fw=9.0 leds=24")
    ring = client(emu.port)
    wait_for(lambda: ring.status.state == "refused")
    assert "protocol 2" in ring.status.message and "protocol 1" in ring.status.message
    ring.show(moon_frame())
    assert not ring.wait_synced(0.3)
    assert emu.verbs() == ["HELLO"]  # nothing after the refusal
    assert len(ring.problems) == 1 and not ring.problems[0].ok
    assert "update the ring firmware" in ring.problems[0].message


def test_a_boot_greeting_of_another_version_is_refused_too(emulator, client):
    def answer(seq, verb, line):  # greets as a v2 ring, then answers HELLO as v1 would
        return b"! HELLO proto=2 fw=9.0 leds=24\n" + b"%s OK proto=1 fw=x leds=24\n" % seq
    emu = emulator(respond=answer)
    ring = client(emu.port)
    wait_for(lambda: ring.status.state == "refused")


# ------------------------------------------------------------------ lost replies and noise

def test_a_frame_whose_reply_was_lost_is_resent(emulator, client):
    seen = set()

    def answer(seq, verb, line):  # the first copy of every SHOW goes unanswered
        if verb == b"SHOW" and line not in seen:
            seen.add(line)
            return None
        return Emulator.answer(emu, seq, verb, line)
    emu = emulator(respond=answer)
    ring = client(emu.port, hold_ms=0)
    ring.show(moon_frame())
    assert ring.wait_synced(5)
    shows = [line for line in emu.received if b" SHOW " in line]
    assert len(shows) == 2 and shows[0] == shows[1]  # the same frame, same seq
    assert ring.problems == []


def test_a_ring_that_never_answers_gets_three_resends_then_a_reconnect(emulator, client):
    def answer(seq, verb, line):
        return None if verb == b"SHOW" else Emulator.answer(emu, seq, verb, line)
    emu = emulator(respond=answer)
    ring = client(emu.port, hold_ms=0)
    ring.show(moon_frame())
    wait_for(lambda: emu.verbs().count("HELLO") >= 2)
    first_round = emu.verbs()[:emu.verbs().index("HELLO", 1)]
    assert first_round == ["HELLO", "HOLD", "SET", "SHOW", "SHOW", "SHOW", "SHOW"]
    assert not ring.wait_synced(0.5)
    assert [p.ok for p in ring.problems] == [False]  # a ring that greets but never shows is not back


def test_garbage_from_the_ring_is_skipped(emulator, client):
    def answer(seq, verb, line):
        noise = (b"MPY: soft reboot\r\n" b"\x00\xff\xfe junk\n" b"65000 OK\n" b"- ERR SYNTAX seq\n"
                 b"! LOST\n" b"OK OK OK\n" b"\r\n")
        return noise + Emulator.answer(emu, seq, verb, line)
    emu = emulator(respond=answer)
    ring = client(emu.port)
    ring.show(moon_frame())
    assert ring.wait_synced(5)
    ring.show(moon_frame(moon=5))
    assert ring.wait_synced(5)
    assert ring.problems == []
    assert emu.verbs().count("HELLO") == 1


@needs_firmware
def test_garbage_on_a_real_link_is_skipped(firmware, client):
    dev = firmware()
    ring = client(dev.port)
    ring.show(moon_frame())
    assert ring.wait_synced(5)
    os.write(dev._master, b"MPY: soft reboot\r\nTraceback (most recent call last):\n\x03\x04\n")
    frame = moon_frame(moon=4)
    ring.show(frame)
    assert ring.wait_synced(5)
    dev.wait_shown(list(frame.pixels))
    assert ring.problems == []


def test_an_animation_the_ring_lacks_falls_back_to_the_still_frame(emulator, client):
    def answer(seq, verb, line):
        if verb == b"ANIM" and b" spin " in line:
            return b"%s ERR UNKNOWN animation\n" % seq
        return Emulator.answer(emu, seq, verb, line)
    emu = emulator(respond=answer)
    ring = client(emu.port, hold_ms=0)
    ring.show(moon_frame(alert=WON))
    assert ring.wait_synced(5)
    ring.show(moon_frame(moon=4, alert=WON))
    assert ring.wait_synced(5)
    assert emu.verbs().count("ANIM") == 1  # asked once, then remembered
    assert ring.problems == []


# ------------------------------------------------------------------ unplug and replug

@needs_firmware
def test_unplugged_ring_never_stops_the_game_and_resyncs_when_replugged(firmware, client, tmp_path):
    link = tmp_path / "companion-ring"  # as udev's /dev/companion-ring: the same name on every plug
    first = firmware()
    link.symlink_to(first.port)
    ring = client(str(link))
    ring.show(moon_frame(moon=8))
    assert ring.wait_synced(5)

    unplug(first)
    link.unlink()  # udev removes the name with the device
    started = time.monotonic()
    for moon in range(7, 2, -1):  # the table plays on
        ring.show(moon_frame(moon=moon))
    assert time.monotonic() - started < 0.5  # show() never waits for the ring
    wait_for(lambda: ring.status.state == "searching")
    assert not ring.wait_synced(0.3)

    second = firmware()  # plugged in again: a new pty behind the same name
    link.symlink_to(second.port)
    assert ring.wait_synced(5)
    second.wait_shown(list(moon_frame(moon=3).pixels))
    assert [p.ok for p in ring.problems] == [False, True]  # reported once, then back


@needs_firmware
def test_a_killed_firmware_is_noticed_and_a_ring_on_another_port_is_found(firmware, client):
    current = {"dev": firmware()}
    ring = client(None, finder=lambda configured: current["dev"].port, hold_ms=400)
    ring.show(moon_frame())
    assert ring.wait_synced(5)

    current["dev"].proc.kill()  # the ring hangs: the port stays, nothing answers
    wait_for(lambda: ring.status.state == "searching")
    ring.show(moon_frame(moon=2))
    current["dev"] = firmware()
    assert ring.wait_synced(5)
    current["dev"].wait_shown(list(moon_frame(moon=2).pixels))
    assert [p.ok for p in ring.problems] == [False, True]


def test_no_ring_at_all_is_reported_once_and_show_still_works(client):
    ring = client(None, finder=lambda configured: None)
    wait_for(lambda: ring.problems)
    for moon in range(8, 0, -1):
        ring.show(moon_frame(moon=moon))
    assert not ring.wait_synced(1.2)  # several reconnect attempts go by
    assert ring.status.state == "searching" and "no ring found" in ring.status.message
    assert len(ring.problems) == 1


def test_close_ends_the_thread_and_the_link(emulator, client):
    emu = emulator()
    ring = client(emu.port)
    assert ring.wait_synced(5)
    ring.close()
    assert ring.status.state == "closed"
    assert "ring-link" not in [t.name for t in threading.enumerate()]


def test_the_problem_callback_may_close_the_client(client):
    ready = threading.Event()
    ring = client(None, finder=lambda configured: ready.wait(5) and None)
    ring.on_problem = lambda problem: ring.close()
    ready.set()
    wait_for(lambda: ring.status.state == "closed")
    wait_for(lambda: "ring-link" not in [t.name for t in threading.enumerate()])
    ring.show(moon_frame())  # after close: ignored, no error


def test_a_frame_no_ring_could_take_is_refused_at_show(client):
    ring = client(None, finder=lambda configured: None)
    with pytest.raises(ProtocolError):
        ring.show(RingFrame(((256, 0, 0),) * 24))
    with pytest.raises(ProtocolError):
        ring.show(RingFrame(((0, 0, 0),) * 24, ("pulse", "red light", "100")))


# ------------------------------------------------------------------ finding the port

class Port:
    def __init__(self, device, vid=None, pid=None):
        self.device, self.vid, self.pid = device, vid, pid


@pytest.mark.parametrize("configured, ports, want", [
    ("/dev/companion-ring", [Port("/dev/ttyACM0", 0x2E8A, 0x0005)], "/dev/companion-ring"),
    (None, [Port("/dev/ttyUSB0", 0x1A86, 0x7523), Port("/dev/ttyACM1", 0x2E8A, 0x0005)], "/dev/ttyACM1"),
    (None, [Port("/dev/ttyS0"), Port("/dev/ttyACM0", 0x2E8A, 0x000A)], None),
])
def test_find_ring_port(monkeypatch, configured, ports, want):
    from serial.tools import list_ports

    monkeypatch.setattr(list_ports, "comports", lambda: ports)
    assert find_ring_port(configured) == want


def test_a_config_naming_the_rings_old_device_finds_it_under_its_new_name_or_by_usb_id(monkeypatch, tmp_path):
    """An older install's config says /dev/moonring; today's udev rule makes /dev/companion-ring."""
    from serial.tools import list_ports

    from hardware.ring import client as ring_client

    old, new = tmp_path / "moonring", tmp_path / "companion-ring"
    monkeypatch.setattr(ring_client, "OLD_RING_PORT", str(old))
    monkeypatch.setattr(ring_client, "RING_PORT", str(new))
    monkeypatch.setattr(list_ports, "comports", lambda: [Port("/dev/ttyACM0", 0x2E8A, 0x0005)])
    assert find_ring_port(str(old)) == "/dev/ttyACM0"  # neither name exists: the Pico by its USB id
    new.touch()
    assert find_ring_port(str(old)) == str(new)
    old.touch()  # the old rule still installed: its name still works
    assert find_ring_port(str(old)) == str(old)


@pytest.mark.parametrize("leds", ["1", "1000000", "1000000000000", "-5", "twelve"])
def test_a_hello_with_an_impossible_led_count_is_a_problem_not_a_dead_thread(emulator, client, leds):
    """A corrupt or hostile ring: said as a device problem, the link thread lives and retries."""
    emu = emulator(hello=f"proto=1 fw=9.9 leds={leds}".encode())
    ring = client(emu.port)
    wait_for(lambda: any("LEDs" in p.message for p in ring.problems), 5)
    assert ring._thread.is_alive() and ring.status.state == "searching"
