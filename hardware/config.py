"""The hardware config: one TOML file (pins, reader kind, ring port, brightness). Every key has a
default, so an empty file — or none — is a fully simulated table. A mistake is refused with the
file, line and key named. `hardware/hardware.sample.toml` documents every key.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import RuleError
from companion.i18n import _

PIN_FACTORIES = ("auto", "mock", "lgpio", "rpigpio", "native")
READER_KINDS = ("simulated", "keyboard", "rc522", "pirc522")
RING_KINDS = ("simulated", "serial")
DEFAULT_PINS = {"next": 17, "back": 27, "yes": 22, "no": 23}
DEFAULT_COLOURS = ("#e53935", "#1e88e5", "#43a047", "#fdd835", "#8e24aa")


class ConfigError(RuleError):
    def __init__(self, message: str):
        super().__init__("BAD_CONFIG", message)


@dataclass(frozen=True)
class HardwareConfig:
    pins: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_PINS))
    pin_factory: str = "auto"
    debounce_ms: int = 30
    double_ms: int = 300
    hold_ms: int = 800
    status_led_pins: tuple[int, ...] = ()
    player_colours: tuple[str, ...] = DEFAULT_COLOURS
    reader: str = "simulated"
    reader_options: dict[str, Any] = field(default_factory=dict)
    lift_ms: int = 500
    ring: str = "simulated"
    ring_port: str = ""
    ring_leds: int = 24
    brightness: int = 96
    ring_hold_ms: int = 10_000
    source: str = "(defaults)"


def load(path: str | Path | None) -> HardwareConfig:
    """The config in `path`, or the all-simulated defaults when path is None."""
    if path is None:
        return HardwareConfig()
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(_("Cannot read the hardware config {path}: {reason}.").format(path=path, reason=exc.strerror)) from exc
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(_("{path}: {reason}.").format(path=path, reason=exc)) from exc
    return _Reader(path, text, data).config()


class _Reader:
    """Reads each key with its default, and names file, line and key in every complaint."""

    def __init__(self, path: Path, text: str, data: dict):
        self.path, self.lines, self.data = path, text.splitlines(), data

    def config(self) -> HardwareConfig:
        known = {"buttons": {"pins", "factory", "debounce_ms", "double_ms", "hold_ms"},
                 "status_led": {"pins", "colours"}, "reader": {"kind", "lift_ms", "options"},
                 "ring": {"kind", "port", "leds", "brightness", "hold_ms"}}
        for section, value in self.data.items():
            if section not in known or not isinstance(value, dict):
                raise self.error(section, None, _("unknown section (known: {known})").format(known=", ".join(known)))
            for key in value:
                if key not in known[section]:
                    raise self.error(section, key, _("unknown key (known: {known})").format(known=", ".join(sorted(known[section]))))
        defaults = HardwareConfig()
        return HardwareConfig(
            pins=self.pins(),
            pin_factory=self.choice("buttons", "factory", PIN_FACTORIES, defaults.pin_factory),
            debounce_ms=self.number("buttons", "debounce_ms", 0, 1000, defaults.debounce_ms),
            double_ms=self.number("buttons", "double_ms", 0, 2000, defaults.double_ms),
            hold_ms=self.number("buttons", "hold_ms", 100, 10_000, defaults.hold_ms),
            status_led_pins=self.led_pins(),
            player_colours=self.colours(defaults.player_colours),
            reader=self.choice("reader", "kind", READER_KINDS, defaults.reader),
            reader_options=self.get("reader", "options", {}),
            lift_ms=self.number("reader", "lift_ms", 50, 60_000, defaults.lift_ms),
            ring=self.choice("ring", "kind", RING_KINDS, defaults.ring),
            ring_port=self.text("ring", "port", defaults.ring_port),
            ring_leds=self.number("ring", "leds", 12, 60, defaults.ring_leds),
            brightness=self.number("ring", "brightness", 0, 255, defaults.brightness),
            ring_hold_ms=self.number("ring", "hold_ms", 0, 600_000, defaults.ring_hold_ms),
            source=str(self.path),
        )

    def get(self, section: str, key: str, default: Any) -> Any:
        return self.data.get(section, {}).get(key, default)

    def number(self, section: str, key: str, low: int, high: int, default: int) -> int:
        value = self.get(section, key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.error(section, key, _("must be a whole number from {low} to {high}").format(low=low, high=high))
        return value

    def choice(self, section: str, key: str, options: tuple[str, ...], default: str) -> str:
        value = self.get(section, key, default)
        if value not in options:
            raise self.error(section, key, _("must be one of {options}").format(options=", ".join(options)))
        return value

    def text(self, section: str, key: str, default: str) -> str:
        value = self.get(section, key, default)
        if not isinstance(value, str):
            raise self.error(section, key, _("must be text in quotes"))
        return value

    def pins(self) -> dict[str, int]:
        pins = self.get("buttons", "pins", DEFAULT_PINS)
        if not isinstance(pins, dict) or not pins or not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= 27 for p in pins.values()):
            raise self.error("buttons", "pins", _("must name each button's BCM pin, 0 to 27, e.g. {{ next = 17 }}"))
        if len(set(pins.values())) != len(pins):
            raise self.error("buttons", "pins", _("two buttons share a pin"))
        return dict(pins)

    def led_pins(self) -> tuple[int, ...]:
        pins = self.get("status_led", "pins", [])
        if not isinstance(pins, list) or len(pins) not in (0, 3) or not all(isinstance(p, int) and 0 <= p <= 27 for p in pins):
            raise self.error("status_led", "pins", _("must be [] or the [red, green, blue] BCM pins"))
        return tuple(pins)

    def colours(self, default: tuple[str, ...]) -> tuple[str, ...]:
        colours = self.get("status_led", "colours", list(default))
        if not isinstance(colours, list) or not colours or not all(isinstance(c, str) and re.fullmatch(r"#[0-9a-fA-F]{6}", c) for c in colours):
            raise self.error("status_led", "colours", _("must be a list of colours like \"#e53935\""))
        return tuple(colours)

    def error(self, section: str, key: str | None, problem: str) -> ConfigError:
        name = f"[{section}] {key}" if key else f"[{section}]"
        line = self.line_of(section, key)
        where = f"{self.path}, line {line}" if line else str(self.path)
        return ConfigError(_("{where}: {name} {problem}.").format(where=where, name=name, problem=problem))

    def line_of(self, section: str, key: str | None) -> int | None:
        """The line that sets `key` in `[section]` (or the section header), for the message."""
        current = None
        for number, line in enumerate(self.lines, start=1):
            stripped = line.strip()
            header = re.fullmatch(r"\[\s*([\w.]+)\s*\]", stripped)
            if header:
                current = header.group(1)
                if key is None and current == section:
                    return number
            elif key and current == section and re.match(rf"{re.escape(key)}\s*=", stripped):
                return number
        return None


def hex_to_rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
