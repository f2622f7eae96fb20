"""`companion doctor`: checks each configured device and says, in one table, what works and what
to fix. Every check catches its own trouble: the doctor itself never falls over.
"""
from __future__ import annotations

import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from hardware.config import HardwareConfig

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Finding:
    check: str
    result: str  # "ok" | "warn" | "FAIL"
    detail: str
    fix: str = ""


def check_pin_factory(config: HardwareConfig) -> Finding:
    from gpiozero.pins.mock import MockFactory

    from hardware.rig import pin_factory

    factory = pin_factory(config.pin_factory)
    name = type(factory).__name__
    factory.close()
    if isinstance(factory, MockFactory):
        if config.pin_factory == "mock":
            return Finding("GPIO", "ok", "simulated buttons (mock pins), as configured")
        return Finding("GPIO", "warn", "no GPIO here: buttons are simulated (mock pins)",
                       "on a Pi: install lgpio (Debian: python3-lgpio) and set [buttons] factory")
    return Finding("GPIO", "ok", f"pin factory {name}")


def check_buttons(config: HardwareConfig) -> Finding:
    from hardware.buttons import ButtonPanel
    from hardware.rig import pin_factory

    factory = pin_factory(config.pin_factory)
    panel = ButtonPanel(config.pins, lambda gesture: None, pin_factory=factory)
    try:
        stuck = [name for name in panel.names if panel.pin_of(name).state == 0]
    finally:
        panel.close()
        factory.close()
    pins = ", ".join(f"{name}={pin}" for name, pin in config.pins.items())
    if stuck:
        return Finding("buttons", "warn", f"{pins}; pressed right now: {', '.join(stuck)}",
                       "a button that reads pressed with nobody on it: check its wiring to GND")
    return Finding("buttons", "ok", pins)


def check_reader(config: HardwareConfig) -> Finding:
    from hardware.events import DeviceProblem
    from hardware.readers import open_reader

    problems: list[DeviceProblem] = []
    reader = open_reader(config.reader, {**config.reader_options, "lift_after": config.lift_ms / 1000},
                         lambda event: problems.append(event) if isinstance(event, DeviceProblem) else None)
    try:
        time.sleep(0.5)  # a reader that cannot start says so within its first polls
    finally:
        reader.close()
    if problems and not problems[-1].ok:
        return Finding("card reader", "FAIL", f"{config.reader}: {problems[-1].message}", "see [reader] in the hardware config")
    return Finding("card reader", "ok", config.reader)


def check_ring(config: HardwareConfig) -> Finding:
    if config.ring == "simulated":
        return Finding("moon ring", "ok", "simulated (drawn on the screen)")
    from hardware.ring.client import RingClient, find_ring_port

    port = find_ring_port(config.ring_port or None)
    if port is None:
        return Finding("moon ring", "FAIL", "no ring found (no port configured, no Pico 2E8A:0005 on USB)",
                       "plug the ring's Pico in; install deploy/99-moonring.rules for /dev/moonring")
    client = RingClient(port, hold_ms=0)
    try:
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline and client.status.state != "connected":
            time.sleep(0.05)
        status = client.status
    finally:
        client.close()
    if status.state != "connected":
        return Finding("moon ring", "FAIL", f"{port}: {status.message}", "check the cable; reflash with `companion ring flash`")
    return Finding("moon ring", "ok", f"{port}: {status.message}")


def check_fonts(config: HardwareConfig) -> Finding:
    fonts = sorted((ROOT / "ui" / "assets" / "fonts").glob("*.ttf"))
    if not fonts:
        return Finding("fonts", "warn", "no bundled font yet", "the touchscreen UI ships DejaVu Sans in ui/assets/fonts")
    return Finding("fonts", "ok", ", ".join(f.name for f in fonts))


def check_chromium(config: HardwareConfig) -> Finding:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        return Finding("Chromium", "warn", "not installed", "sudo apt install chromium (the touchscreen runs the UI in it)")
    return Finding("Chromium", "ok", found)


def check_save_file(db: str | os.PathLike) -> Callable[[HardwareConfig], Finding]:
    def check(config: HardwareConfig) -> Finding:
        folder = Path(db).parent
        folder.mkdir(parents=True, exist_ok=True)
        if not os.access(folder, os.W_OK):
            return Finding("save file", "FAIL", f"{db}: cannot write there", "give the companion's user that folder, or --db")
        return Finding("save file", "ok", str(db))

    return check


def run_checks(config: HardwareConfig, checks: list[Callable[[HardwareConfig], Finding]]) -> list[Finding]:
    findings = []
    for check in checks:
        name = check.__name__.removeprefix("check_").replace("_", " ")
        try:
            findings.append(check(config))
        except Exception as exc:  # a check that falls over is itself a finding
            findings.append(Finding(name, "FAIL", f"{type(exc).__name__}: {exc}", "see the message"))
    return findings


def report(findings: list[Finding]) -> str:
    widths = [max(len(getattr(f, col)) for f in findings) for col in ("check", "result", "detail")]
    lines = []
    for f in findings:
        line = f"{f.check:<{widths[0]}}  {f.result:<{widths[1]}}  {f.detail:<{widths[2]}}"
        lines.append((line + (f"  → {f.fix}" if f.fix else "")).rstrip())
    return "\n".join(lines)


def doctor(config: HardwareConfig, db: str | os.PathLike) -> tuple[str, int]:
    """The report and the exit status: 1 when anything FAILs."""
    checks = [check_pin_factory, check_buttons, check_reader, check_ring, check_fonts, check_chromium, check_save_file(db)]
    findings = run_checks(config, checks)
    return report(findings), int(any(f.result == "FAIL" for f in findings))
