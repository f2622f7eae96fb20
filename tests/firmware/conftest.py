"""Fixtures that run the real firmware/main.py under MicroPython (see ringharness.py)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pytest
from ringharness import PLAIN, UNAVAILABLE, FirmwareDevice


@pytest.fixture
def start_ring(tmp_path):
    """start_ring(**config) -> a running FirmwareDevice whose boot HELLO has been read.
    At the end each device must still be running (unless it was told to leave), must not have
    written to stderr (a traceback), and its watchdog must never have gone hungry."""
    if UNAVAILABLE:
        pytest.skip(UNAVAILABLE)
    devices = []

    def start(**config):
        dev = FirmwareDevice(config, tmp_path / f"fw{len(devices)}")
        devices.append(dev)
        dev.expect_hello()
        return dev

    yield start
    problems = []
    for dev in devices:
        if not dev.expect_exit and dev.proc.poll() is not None:
            problems.append(f"the firmware exited with {dev.proc.returncode}")
        dev.poll_log()
        starved = [a for k, a in dev.events if k == "STARVED"]
        if starved:
            problems.append(f"the watchdog went unfed for {starved} ms")
        dev.close()
        if dev.stderr():
            problems.append(f"firmware stderr: {dev.stderr()}")
    assert not problems, problems


@pytest.fixture
def ring(start_ring):
    """A 24-pixel ring that shows exactly the colours sent."""
    return start_ring(**PLAIN)
