"""hardware.ring.flash without a Pico: pty device emulators, the real firmware, a fake mpremote."""
import os
import select
import sys
import threading
import time
import tty

import pytest
from ringharness import FIRMWARE, UNAVAILABLE, FirmwareDevice

from hardware.ring import flash as flash_mod
from hardware.ring.flash import FlashError, flash, release_port, wait_for_hello

pytest.importorskip("serial", reason="pyserial is not installed")


class PtyDevice:
    """A pretend ring on a pty: `respond(line) -> bytes` answers each line from the host;
    `chatter` is written every 50 ms (as a board that keeps announcing itself)."""

    def __init__(self, respond=None, chatter=b""):
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.port = os.ttyname(self.slave)
        self.respond = respond or (lambda line: b"")
        self.chatter = chatter
        self.received = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self):
        buf = b""
        next_chat = 0.0
        while not self._stop.is_set():
            if self.chatter and time.monotonic() >= next_chat:
                os.write(self.master, self.chatter)
                next_chat = time.monotonic() + 0.05
            ready, _, _ = select.select([self.master], [], [], 0.01)
            if not ready:
                continue
            buf += os.read(self.master, 1024)
            *lines, buf = buf.split(b"\n")
            for line in lines:
                if line:
                    self.received.append((time.monotonic(), line))
                    out = self.respond(line)
                    if out:
                        os.write(self.master, out)

    def close(self):
        self._stop.set()
        self._thread.join(2)
        os.close(self.master)
        os.close(self.slave)


@pytest.fixture
def pty_device():
    made = []

    def make(**kw):
        made.append(PtyDevice(**kw))
        return made[-1]

    yield make
    for dev in made:
        dev.close()


def ring_emulator(proto="1"):
    def respond(line):
        if b" REPL " in line:
            return b"0 OK\n"
        if b" HELLO " in line:
            return b"0 OK proto=%s fw=1.0.0 leds=24\n" % proto.encode()
        return b"- ERR SYNTAX\n"
    return respond


def test_wait_for_hello_skips_banners_and_returns_the_greeting(pty_device):
    dev = pty_device(chatter=b"MPY: soft reboot\r\n! HELLO proto=1 fw=2.0 leds=12\r\n")
    assert wait_for_hello(dev.port, timeout=5) == "! HELLO proto=1 fw=2.0 leds=12"


def test_wait_for_hello_asks_when_the_greeting_was_missed(pty_device):
    dev = pty_device(respond=ring_emulator())
    assert wait_for_hello(dev.port, timeout=5, probe_every=0.2) == "! HELLO proto=1 fw=1.0.0 leds=24"
    assert any(line.endswith(b"HELLO *" + line[-4:]) for _, line in dev.received)


def test_wait_for_hello_refuses_another_protocol_version(pty_device):
    dev = pty_device(chatter=b"! HELLO proto=2 fw=9 leds=12\n")
    with pytest.raises(FlashError, match=r"protocol 2"):
        wait_for_hello(dev.port, timeout=5)


def test_wait_for_hello_says_so_when_nothing_answers(pty_device):
    dev = pty_device()
    with pytest.raises(FlashError, match=r"no `! HELLO proto=1` line .* within 0.6 s"):
        wait_for_hello(dev.port, timeout=0.6, probe_every=0.1)


def test_wait_for_hello_names_a_port_that_cannot_be_opened():
    with pytest.raises(FlashError, match=r"/dev/does-not-exist.*cannot open"):
        wait_for_hello("/dev/does-not-exist", timeout=0.3)


@pytest.mark.skipif(bool(UNAVAILABLE), reason=str(UNAVAILABLE))
def test_wait_for_hello_and_release_port_work_with_the_real_firmware(tmp_path):
    with FirmwareDevice({"LED_COUNT": 30}, tmp_path, open_serial=False) as dev:
        deadline = time.monotonic() + 5
        while not any(k == "SHOW" for k, _ in dev.poll_log()) and time.monotonic() < deadline:
            time.sleep(0.01)  # booted; its HELLO is discarded when the port is opened
        assert wait_for_hello(dev.port, timeout=5, probe_every=0.2) == "! HELLO proto=1 fw=1.0.0 leds=30"
        assert release_port(dev.port) is True
        assert dev.proc.wait(5) == 0  # it left its loop


@pytest.fixture
def fake_mpremote(tmp_path, monkeypatch):
    """A stand-in `mpremote` package that records its argv (and can be told to fail)."""
    pkg = tmp_path / "fakempr" / "mpremote"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    record = tmp_path / "argv.txt"
    (pkg / "__main__.py").write_text(
        "import os, sys, time\n"
        f"open({str(record)!r}, 'a').write(repr((time.monotonic(), sys.argv[1:])) + '\\n')\n"
        "if os.environ.get('FAKE_MPREMOTE_FAIL'):\n"
        "    sys.exit('could not enter raw repl')\n"
    )
    monkeypatch.syspath_prepend(str(pkg.parent))
    monkeypatch.setenv("PYTHONPATH", str(pkg.parent) + os.pathsep + os.environ.get("PYTHONPATH", ""))

    def calls():
        import ast
        return [ast.literal_eval(x) for x in record.read_text().splitlines()] if record.exists() else []

    return calls


def test_flash_releases_the_port_copies_resets_and_returns_hello(pty_device, fake_mpremote):
    dev = pty_device(respond=ring_emulator())
    assert flash(dev.port, hello_timeout=5) == "! HELLO proto=1 fw=1.0.0 leds=24"
    [(when, argv)] = fake_mpremote()
    assert argv == ["connect", dev.port, "resume", "cp", str(FIRMWARE), ":main.py", "+", "reset"]
    repl = [t for t, line in dev.received if b" REPL " in line]
    assert repl and repl[0] < when  # the firmware was asked to let go before mpremote ran


def test_flash_reports_mpremote_failure(pty_device, fake_mpremote, monkeypatch):
    dev = pty_device(respond=ring_emulator())
    monkeypatch.setenv("FAKE_MPREMOTE_FAIL", "1")
    with pytest.raises(FlashError, match=r"mpremote failed .*could not enter raw repl"):
        flash(dev.port, hello_timeout=1)


def test_flash_says_how_to_install_missing_mpremote(monkeypatch):
    real = flash_mod.importlib.util.find_spec
    monkeypatch.setattr(flash_mod.importlib.util, "find_spec",
                        lambda name, *a: None if name == "mpremote" else real(name, *a))
    with pytest.raises(FlashError, match=r"mpremote is not installed: .* -m pip install mpremote"):
        flash("/dev/ttyACM0")


def test_flash_says_how_to_install_missing_pyserial(monkeypatch):
    monkeypatch.setitem(sys.modules, "serial", None)
    with pytest.raises(FlashError, match=r"pyserial is not installed: pip install pyserial"):
        flash("/dev/ttyACM0")


def test_flash_without_a_port_and_without_a_pico_says_what_to_do(monkeypatch, fake_mpremote):
    import serial.tools.list_ports

    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda: [])
    with pytest.raises(FlashError, match=r"no Pico .*2E8A:0005.*pass the port"):
        flash(None)
