"""`companion doctor`: checks each configured device — the table's and every seat's — the save
folder (a real write) and file, and the web port, and says, in one table, what works and what to
fix. Every check catches its own trouble: the doctor itself never falls over. It knows devices and
seat numbers, never a game.
"""
from __future__ import annotations

import os
import shutil
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from hardware.config import HardwareConfig, ReaderConfig
from hardware.events import DeviceProblem

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


def check_buttons(config: HardwareConfig) -> list[Finding]:
    """One row per group of buttons (the table's, then each seat's): their pins, and any that read
    pressed with nobody on them."""
    from hardware.buttons import ButtonPanel
    from hardware.rig import pin_factory

    factory = pin_factory(config.pin_factory)
    findings = []
    try:
        for seat, pins in config.button_groups:
            if seat is not None or pins:
                panel = ButtonPanel(pins, lambda gesture: None, pin_factory=factory, seat=seat)
                try:
                    stuck = [name for name in panel.names if panel.pin_of(name).state == 0]
                finally:
                    panel.close()
                findings.append(_buttons_finding(_owned("buttons", seat), pins, stuck))
    finally:
        factory.close()
    return findings or [Finding("buttons", "ok", "none at the table")]


def _buttons_finding(check: str, pins: dict[str, int], stuck: list[str]) -> Finding:
    listed = ", ".join(f"{name}={pin}" for name, pin in pins.items())
    if stuck:
        return Finding(check, "warn", f"{listed}; pressed right now: {', '.join(stuck)}",
                       "a button that reads pressed with nobody on it: check its wiring to GND")
    return Finding(check, "ok", listed)


def check_reader(config: HardwareConfig) -> list[Finding]:
    """One row per card reader (the table's, then each seat's): each opened and given half a second
    to say it cannot start."""
    from hardware.readers import Reader, open_reader

    heard: dict[int | None, list[DeviceProblem]] = {reader.seat: [] for reader in config.readers}
    refused: dict[int | None, str] = {}
    opened: list[Reader] = []
    try:
        for reader in config.readers:
            try:
                opened.append(open_reader(reader.kind, reader.open_options(), _problems_into(heard[reader.seat])))
            except ValueError as exc:  # options the backend does not take
                refused[reader.seat] = str(exc)
        time.sleep(0.5)  # a reader that cannot start says so within its first polls
    finally:
        for device in opened:
            device.close()
    return [_reader_finding(reader, heard[reader.seat], refused.get(reader.seat)) for reader in config.readers]


def _problems_into(problems: list[DeviceProblem]) -> Callable[[object], None]:
    def listen(event: object) -> None:
        if isinstance(event, DeviceProblem):
            problems.append(event)

    return listen


def _reader_finding(reader: ReaderConfig, problems: list[DeviceProblem], refusal: str | None) -> Finding:
    check = _owned("card reader", reader.seat)
    section = "[reader]" if reader.seat is None else f"[[seat_readers]] seat = {reader.seat}"
    fix = f"see {section} in the hardware config"
    if refusal is not None:
        return Finding(check, "FAIL", refusal, fix)
    if problems and not problems[-1].ok:
        return Finding(check, "FAIL", f"{reader.kind}: {problems[-1].message}", fix)
    return Finding(check, "ok", reader.kind)


def _owned(device: str, seat: int | None) -> str:
    """A check's name: the table's device, or seat n's."""
    return device if seat is None else f"{device} (seat {seat})"


def check_ring(config: HardwareConfig) -> Finding:
    if config.ring == "simulated":
        return Finding("LED ring", "ok", "simulated (drawn on the screen)")
    from hardware.ring.client import OLD_RING_PORT, RING_PORT, RingClient, find_ring_port

    port = find_ring_port(config.ring_port or None)
    renamed = f"[ring] port names {OLD_RING_PORT}, the ring's old name: say {RING_PORT} (deploy/README.md)"
    if port is None:
        return Finding("LED ring", "FAIL", "no ring found (no port configured, no Pico 2E8A:0005 on USB)",
                       renamed if config.ring_port == OLD_RING_PORT else f"plug the ring's Pico in; install deploy/99-companion-ring.rules for {RING_PORT}")
    client = RingClient(port, hold_ms=0)
    try:
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline and client.status.state != "connected":
            time.sleep(0.05)
        status = client.status
    finally:
        client.close()
    if status.state != "connected":
        return Finding("LED ring", "FAIL", f"{port}: {status.message}", "check the cable; reflash with `companion ring flash`")
    if config.ring_port == OLD_RING_PORT:
        return Finding("LED ring", "warn", f"{port}: {status.message}", renamed)
    return Finding("LED ring", "ok", f"{port}: {status.message}")


def check_sound(config: HardwareConfig) -> list[Finding]:
    """The sound: is there a card to play on (and a short tone played on it), and the voice's program.
    No card is a FAIL when the config asks for a voice (it would speak into nothing), a warning when
    only the scans' sounds would be lost."""
    from hardware.speech import sound_outputs

    voice = config.speech != "none" and config.verbosity != "off"
    findings = [_sound_finding(sound_outputs(), voice, config.sounds, config.volume)]
    if voice:
        espeak = shutil.which("espeak-ng")
        findings.append(Finding("voice", "ok", f"{espeak}, {config.rate} words a minute") if espeak else
                        Finding("voice", "FAIL", "espeak-ng is not installed: the voice is silent", "sudo apt install espeak-ng"))
    return findings


def _sound_finding(cards: list[str], voice: bool, sounds: bool, volume: int) -> Finding:
    if not cards:
        if not voice and not sounds:
            return Finding("sound", "ok", "no sound card, and none is needed (no voice, no sounds configured)")
        fix = "plug in a speaker or a USB sound card; on a Pi: dtparam=audio=on in /boot/firmware/config.txt; check `aplay -l`"
        return Finding("sound", "FAIL" if voice else "warn", "no sound card: " + ("the voice and " if voice else "") + "the scans' sounds are not heard", fix)
    played = play_tone(volume)
    if played is not None:
        return Finding("sound", "FAIL", f"{cards[0]}; the test tone did not play: {played}", "check `aplay -l` and the mixer (alsamixer)")
    return Finding("sound", "ok", f"{cards[0]}; a short tone was played")


def play_tone(volume: int = 80) -> str | None:
    """Play the scan's beep on the default output: None when aplay played it, else why not."""
    import subprocess
    import tempfile

    from hardware.speech import make_tone

    aplay = shutil.which("aplay")
    if aplay is None:
        return "aplay is not installed (sudo apt install alsa-utils)"
    with tempfile.TemporaryDirectory(prefix="companion-doctor-") as folder:
        tone = make_tone(Path(folder) / "tone.wav", "scan", volume)
        try:
            done = subprocess.run([aplay, "-q", str(tone)], capture_output=True, text=True, timeout=10, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            return str(exc)
    errors = [line for line in done.stderr.splitlines() if line.strip() and not line.startswith("ALSA lib")]
    return None if done.returncode == 0 else (errors[-1] if errors else f"aplay exit status {done.returncode}")


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


def check_save_file(db: str | os.PathLike[str]) -> Callable[[HardwareConfig], Finding]:
    """The save file as the companion will open it: ours, of this version, whole, and writable."""
    def check(config: HardwareConfig) -> Finding:
        from companion.messages import render
        from companion.store import EventStore, StoreError

        path = Path(db)
        folder = path.parent
        if not folder.is_dir():
            return Finding("save file", "ok", f"{db} (made at the first game)")
        if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
            return Finding("save file", "FAIL", f"{db}: cannot write there", "give the companion's user that folder and file, or --db")
        if not path.exists():
            return Finding("save file", "ok", f"{db} (made at the first game)")
        try:
            with EventStore(path) as store:
                games = len(store.games())
                read_only = store.read_only_notice()
        except StoreError as exc:
            fix = ("keep a copy of the file, then `companion repair` saves every game that can be read"
                   if exc.code == "DAMAGED_SAVE_FILE" else "choose another file with --db, or move this one away")
            return Finding("save file", "FAIL", render(exc.text), fix)
        if read_only is not None:
            return Finding("save file", "FAIL", render(read_only), "see the save folder row")
        return Finding("save file", "ok", f"{db}: {games} saved games")

    return check


def check_save_folder(db: str | os.PathLike[str]) -> Callable[[HardwareConfig], Finding]:
    """The save file's folder really takes a write (a file made, synced, removed): a full or
    read-only SD card fails here, not at the first step of a game."""
    def check(config: HardwareConfig) -> Finding:
        from companion.messages import render
        from companion.store import probe_writable

        folder = Path(db).parent
        cannot = probe_writable(folder)
        if cannot is not None:
            return Finding("save folder", "FAIL", f"{folder}: {render(cannot)}",
                           "free some space, or check the SD card (a card the system made read-only is failing)")
        return Finding("save folder", "ok", f"{folder}: writable")

    return check


def check_port(port: int, lan: bool) -> Callable[[HardwareConfig], Finding]:
    """The touchscreen's web port can be bound where `companion run` binds it."""
    def check(config: HardwareConfig) -> Finding:
        host = "0.0.0.0" if lan else "127.0.0.1"
        with socket.socket() as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the web server does: a closing socket is no obstacle
            try:
                probe.bind((host, port))
            except OSError as exc:
                return Finding("web port", "FAIL", f"{host}:{port}: {exc.strerror or exc}",
                               "another program (or companion) uses it: stop it, or start with another --port")
        return Finding("web port", "ok", f"{host}:{port} is free")

    return check


#: a check of one kind of device: one row, or one row per device (the table's, then each seat's)
Check = Callable[[HardwareConfig], Finding | list[Finding]]


def run_checks(config: HardwareConfig, checks: list[Check]) -> list[Finding]:
    """Every check's rows (a check of several devices gives one row each)."""
    findings: list[Finding] = []
    for check in checks:
        name = check.__name__.removeprefix("check_").replace("_", " ")
        try:
            found = check(config)
        except Exception as exc:  # a check that falls over is itself a finding
            found = Finding(name, "FAIL", f"{type(exc).__name__}: {exc}", "see the message")
        findings += found if isinstance(found, list) else [found]
    return findings


def report(findings: list[Finding]) -> str:
    widths = [max(len(getattr(f, col)) for f in findings) for col in ("check", "result", "detail")]
    lines = []
    for f in findings:
        line = f"{f.check:<{widths[0]}}  {f.result:<{widths[1]}}  {f.detail:<{widths[2]}}"
        lines.append((line + (f"  → {f.fix}" if f.fix else "")).rstrip())
    return "\n".join(lines)


def doctor(config: HardwareConfig, db: str | os.PathLike[str], port: int = 8550, lan: bool = False) -> tuple[str, int]:
    """The report and the exit status: 1 when anything FAILs."""
    checks: list[Check] = [check_pin_factory, check_buttons, check_reader, check_ring, check_sound, check_fonts, check_chromium,
                           check_save_folder(db), check_save_file(db), check_port(port, lan)]
    findings = run_checks(config, checks)
    return report(findings), int(any(f.result == "FAIL" for f in findings))
