"""The hardware config: one TOML file (pins, readers, ring port, brightness). Every key has a
default, so an empty file — or none — is a fully simulated table. A mistake is refused with the
file, line and key named, before any device opens. `hardware/hardware.sample.toml` documents every key.

Inputs belong to the table or to a seat. `[buttons]` and `[reader]` are the table's; each
`[[seat_buttons]]` and `[[seat_readers]]` names the seat (1-based, in the game's seat order) it
speaks for. No pin serves two things: a pin used by two button groups, or by buttons and the
status LED, is refused.

The reader is hand-written, not pydantic: its messages are the companion's own sentences,
translated with the rest of the UI, and name the line; pydantic's are English and know no lines, so
a layer translating every pydantic error type back into these sentences would be as long as this.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion import palette
from companion.errors import RuleError
from companion.i18n import TABLE_LANGUAGES, _
from companion.inputs import BUTTONS

PIN_FACTORIES = ("auto", "mock", "lgpio", "rpigpio", "native")
READER_KINDS = ("simulated", "keyboard", "rc522", "pirc522")
RING_KINDS = ("simulated", "serial")
DEFAULT_PINS = {"next": 17, "back": 27, "yes": 22, "no": 23}
GPIO_PINS = (0, 27)   # BCM numbers of the header's GPIOs
SEATS = (1, 12)       # the seat numbers a device may name
LED_CHANNELS = ("red", "green", "blue")
HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


class ConfigError(RuleError):
    def __init__(self, message: str):
        super().__init__("BAD_CONFIG", message)


@dataclass(frozen=True)
class SeatButtons:
    """Buttons at one seat: their gestures act for seat number `seat`."""

    seat: int
    pins: dict[str, int]


@dataclass(frozen=True)
class ReaderConfig:
    """One card reader: the table's (`seat` None) or a seat's."""

    kind: str = "simulated"
    options: dict[str, Any] = field(default_factory=dict)
    lift_ms: int = 500
    seat: int | None = None

    @property
    def name(self) -> str:
        """The reader's name in its events and problems: the `name` option, else its kind (and seat)."""
        given = self.options.get("name")
        if isinstance(given, str):
            return given
        return self.kind if self.seat is None else f"{self.kind} (seat {self.seat})"

    def open_options(self) -> dict[str, Any]:
        """The options `hardware.readers.open_reader` takes for this reader."""
        return {**self.options, "name": self.name, "lift_after": self.lift_ms / 1000}


@dataclass(frozen=True)
class HardwareConfig:
    pins: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_PINS))
    seat_buttons: tuple[SeatButtons, ...] = ()
    pin_factory: str = "auto"
    debounce_ms: int = 30
    double_ms: int = 300
    hold_ms: int = 800
    status_led_pins: tuple[int, ...] = ()
    #: palette names or "#rrggbb", seat 1 first (repeating); the default is the palette's seat colours
    status_led_colours: tuple[str, ...] = palette.SEAT_COLOURS
    reader: str = "simulated"
    reader_options: dict[str, Any] = field(default_factory=dict)
    lift_ms: int = 500
    seat_readers: tuple[ReaderConfig, ...] = ()
    ring: str = "simulated"
    ring_port: str = ""
    ring_leds: int = 24
    brightness: int = 96
    ring_hold_ms: int = 10_000
    #: "auto": espeak-ng where it is installed; "espeak-ng"; "none" (silent: the default, so a PC running
    #: the simulation stays quiet; the Pi's config from hardware.sample.toml says "auto")
    speech: str = "none"
    #: what is spoken: "everything", "alerts" (alerts and refusals) or "off"
    verbosity: str = "everything"
    volume: int = 80
    #: how fast the voice speaks, in words a minute: a little above espeak-ng's own 175, which keeps the
    #: measured action turn within 20 s of speech in each of the five languages (benchmarks/bench_speech.py)
    rate: int = 185
    #: the breath between two lines, in milliseconds (espeak-ng's own, longer pause is left out)
    gap_ms: int = 100
    #: the table's language at the start ("en", "nl", "it", "ru", "de"; "" : English, unless one was
    #: chosen on the screen before, which is kept beside the save file; `companion run --lang` overrides both)
    language: str = ""
    #: short sounds for scans (accepted, unknown, read again) and for a step picked with YES
    sounds: bool = True
    source: str = "(defaults)"

    @property
    def button_groups(self) -> list[tuple[int | None, dict[str, int]]]:
        """(seat, {button: pin}) of every group of buttons: the table's (seat None) first."""
        return [(None, self.pins), *((group.seat, group.pins) for group in self.seat_buttons)]

    @property
    def readers(self) -> list[ReaderConfig]:
        """Every card reader: the table's first, then the seats'."""
        return [ReaderConfig(self.reader, self.reader_options, self.lift_ms), *self.seat_readers]

    def status_rgb(self, seat_index: int) -> tuple[int, int, int]:
        """The status LED's colour for the seat at `seat_index` (0-based)."""
        return led_rgb(self.status_led_colours[seat_index % len(self.status_led_colours)])


def led_rgb(colour: str) -> tuple[int, int, int]:
    """A configured colour — a palette name (its LED rendition) or "#rrggbb" — as (r, g, b)."""
    return palette.hex_to_rgb(colour) if HEX_COLOUR.fullmatch(colour) else palette.colour(colour).led


def load(path: str | Path | None) -> HardwareConfig:
    """The config in `path`, or the all-simulated defaults when path is None."""
    if path is None:
        return HardwareConfig()
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(_("Cannot read the hardware config {path}: {reason}.").format(path=path, reason=exc.strerror)) from exc
    except UnicodeDecodeError as exc:
        raise ConfigError(_("{path}: not UTF-8 text (byte {n}); save it as UTF-8.").format(path=path, n=exc.start + 1)) from exc
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(_("{path}: {reason}.").format(path=path, reason=exc)) from exc
    return _read(_Source(path, text), data)


# -- reading ---------------------------------------------------------------------------------------

SECTIONS = {
    "buttons": {"pins", "factory", "debounce_ms", "double_ms", "hold_ms"},
    "status_led": {"pins", "colours"},
    "reader": {"kind", "lift_ms", "options"},
    "ring": {"kind", "port", "leds", "brightness", "hold_ms"},
    "speech": {"engine", "verbosity", "volume", "rate", "gap_ms", "language", "sounds"},
}
SPEECH_ENGINES = ("auto", "espeak-ng", "none")
VERBOSITIES = ("everything", "alerts", "off")
#: the table's languages (ui/i18n.py's LANGUAGES; a test keeps the two the same); "" : not set
#: written [[name]], one table per seat
SEAT_SECTIONS = {
    "seat_buttons": {"seat", "pins"},
    "seat_readers": {"seat", "kind", "lift_ms", "options"},
}


def _read(source: _Source, data: dict[str, Any]) -> HardwareConfig:
    """Every key with its default; the first mistake found is raised, naming its line."""
    _check_sections(source, data)
    buttons = _Keys(source, _Place("buttons"), data.get("buttons", {}))
    led = _Keys(source, _Place("status_led"), data.get("status_led", {}))
    reader = _Keys(source, _Place("reader"), data.get("reader", {}))
    ring = _Keys(source, _Place("ring"), data.get("ring", {}))
    speech = _Keys(source, _Place("speech"), data.get("speech", {}))
    defaults = HardwareConfig()
    table_pins = buttons.pins("pins", DEFAULT_PINS, may_be_empty=True)
    lift_ms = reader.number("lift_ms", 50, 60_000, defaults.lift_ms)
    seat_buttons = _seat_buttons(source, data.get("seat_buttons", []))
    led_pins = led.led_pins()
    _check_pins_unshared(buttons, table_pins, seat_buttons, led, led_pins)
    return HardwareConfig(
        pins=table_pins,
        seat_buttons=tuple(group for group, _keys in seat_buttons),
        pin_factory=buttons.choice("factory", PIN_FACTORIES, defaults.pin_factory),
        debounce_ms=buttons.number("debounce_ms", 0, 1000, defaults.debounce_ms),
        double_ms=buttons.number("double_ms", 0, 2000, defaults.double_ms),
        hold_ms=buttons.number("hold_ms", 100, 10_000, defaults.hold_ms),
        status_led_pins=led_pins,
        status_led_colours=led.colours("colours", defaults.status_led_colours),
        reader=reader.choice("kind", READER_KINDS, defaults.reader),
        reader_options=reader.options("options"),
        lift_ms=lift_ms,
        seat_readers=_seat_readers(source, data.get("seat_readers", []), lift_ms),
        ring=ring.choice("kind", RING_KINDS, defaults.ring),
        ring_port=ring.text("port", defaults.ring_port),
        ring_leds=ring.number("leds", 12, 60, defaults.ring_leds),
        brightness=ring.number("brightness", 0, 255, defaults.brightness),
        ring_hold_ms=ring.number("hold_ms", 0, 600_000, defaults.ring_hold_ms),
        speech=speech.choice("engine", SPEECH_ENGINES, defaults.speech),
        verbosity=speech.choice("verbosity", VERBOSITIES, defaults.verbosity),
        volume=speech.number("volume", 0, 100, defaults.volume),
        rate=speech.number("rate", 80, 450, defaults.rate),
        gap_ms=speech.number("gap_ms", 0, 2000, defaults.gap_ms),
        language=speech.choice("language", ("", *TABLE_LANGUAGES), defaults.language),
        sounds=speech.flag("sounds", defaults.sounds),
        source=str(source.path),
    )


def _check_sections(source: _Source, data: dict[str, Any]) -> None:
    known = ", ".join([*SECTIONS, *SEAT_SECTIONS])
    for name, value in data.items():
        if name not in SECTIONS and name not in SEAT_SECTIONS:
            raise source.error(_Place(name), None, _("unknown section (known: {known})").format(known=known))
        if name in SECTIONS and not isinstance(value, dict):
            raise source.error(_Place(name), None, _("must be written {form}").format(form=f"[{name}]"))
        if name in SEAT_SECTIONS and not (isinstance(value, list) and all(isinstance(item, dict) for item in value)):
            raise source.error(_Place(name), None, _("must be written {form}").format(form=f"[[{name}]]"))


def _seat_buttons(source: _Source, items: list[dict[str, Any]]) -> list[tuple[SeatButtons, _Keys]]:
    groups = []
    seats = _SeatNumbers()
    for index, values in enumerate(items):
        keys = _Keys(source, _Place("seat_buttons", index), values)
        seat = seats.claim(keys)
        groups.append((SeatButtons(seat, keys.pins("pins", None)), keys))
    return groups


def _seat_readers(source: _Source, items: list[dict[str, Any]], lift_ms: int) -> tuple[ReaderConfig, ...]:
    readers = []
    seats = _SeatNumbers()
    for index, values in enumerate(items):
        keys = _Keys(source, _Place("seat_readers", index), values)
        readers.append(ReaderConfig(kind=keys.choice("kind", READER_KINDS, "simulated"), options=keys.options("options"),
                                    lift_ms=keys.number("lift_ms", 50, 60_000, lift_ms), seat=seats.claim(keys)))
    return tuple(readers)


class _SeatNumbers:
    """The seats named so far in one kind of [[seat_…]] table: each seat at most once."""

    def __init__(self) -> None:
        self._taken: set[int] = set()

    def claim(self, keys: _Keys) -> int:
        seat = keys.number("seat", *SEATS, None)
        if seat in self._taken:
            raise keys.error("seat", _("is {seat} again: one [[{section}]] per seat").format(seat=seat, section=keys.place.section))
        self._taken.add(seat)
        return seat


@dataclass(frozen=True)
class _Pin:
    """A pin taken by a button or an LED channel, and where the file says so."""

    keys: _Keys
    key: str
    owner: str

    def describe(self) -> str:
        return f"{self.keys.place.name(self.key)} ({self.owner})"


def _check_pins_unshared(buttons: _Keys, table_pins: dict[str, int], seat_buttons: list[tuple[SeatButtons, _Keys]],
                         led: _Keys, led_pins: tuple[int, ...]) -> None:
    """No pin may serve two things: the message names the later use and the earlier one."""
    uses: list[tuple[int, _Pin]] = [(pin, _Pin(buttons, "pins", name)) for name, pin in table_pins.items()]
    for group, keys in seat_buttons:
        uses += [(pin, _Pin(keys, "pins", name)) for name, pin in group.pins.items()]
    uses += [(pin, _Pin(led, "pins", channel)) for channel, pin in zip(LED_CHANNELS, led_pins, strict=False)]  # no LED, or all three
    taken: dict[int, _Pin] = {}
    for pin, use in uses:
        if pin in taken:
            raise use.keys.error(use.key, _("use pin {pin}, which {owner} already uses").format(pin=pin, owner=taken[pin].describe()))
        taken[pin] = use


@dataclass(frozen=True)
class _Place:
    """Where a table of keys sits in the file: `[ring]`, or the n-th (0-based) `[[seat_buttons]]`."""

    section: str
    index: int | None = None

    @property
    def label(self) -> str:
        return f"[{self.section}]" if self.index is None else f"[[{self.section}]] #{self.index + 1}"

    def name(self, key: str | None) -> str:
        return f"{self.label} {key}" if key else self.label


class _Keys:
    """The keys of one table of the file, each read with its default; an unknown key is refused."""

    def __init__(self, source: _Source, place: _Place, values: dict[str, Any]):
        self.source, self.place, self.values = source, place, values
        known = SECTIONS.get(place.section) or SEAT_SECTIONS[place.section]
        for key in values:
            if key not in known:
                raise self.error(key, _("unknown key (known: {known})").format(known=", ".join(sorted(known))))

    def error(self, key: str | None, problem: str) -> ConfigError:
        return self.source.error(self.place, key, problem)

    def get(self, key: str, default: Any) -> Any:
        return self.values.get(key, default)

    def number(self, key: str, low: int, high: int, default: int | None) -> int:
        """A whole number from low to high; `default` None: the key must be there."""
        value = self.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.error(key, _("must be a whole number from {low} to {high}").format(low=low, high=high))
        return value

    def choice(self, key: str, options: tuple[str, ...], default: str) -> str:
        value = self.get(key, default)
        if value not in options:
            raise self.error(key, _("must be one of {options}").format(options=", ".join(options)))
        return str(value)

    def flag(self, key: str, default: bool) -> bool:
        value = self.get(key, default)
        if not isinstance(value, bool):
            raise self.error(key, _("must be true or false"))
        return value

    def text(self, key: str, default: str) -> str:
        value = self.get(key, default)
        if not isinstance(value, str):
            raise self.error(key, _("must be text in quotes"))
        return value

    def options(self, key: str) -> dict[str, Any]:
        value = self.get(key, {})
        if not isinstance(value, dict):
            raise self.error(key, _("must be a table of the reader's options, e.g. {{ device = 1 }}").format())
        return dict(value)

    def pins(self, key: str, default: dict[str, int] | None, may_be_empty: bool = False) -> dict[str, int]:
        """{button: BCM pin}; `default` None: the key must be there."""
        pins = self.get(key, default)
        low, high = GPIO_PINS
        if (not isinstance(pins, dict) or not (pins or may_be_empty)
                or not all(isinstance(p, int) and not isinstance(p, bool) and low <= p <= high for p in pins.values())):
            raise self.error(key, _("must name each button's BCM pin, 0 to 27, e.g. {{ next = 17 }}").format())
        unknown = sorted(set(pins) - set(BUTTONS))
        if unknown:
            raise self.error(key, _("has no button \"{name}\" (the buttons are {known})").format(name=unknown[0], known=", ".join(BUTTONS)))
        if pins and may_be_empty and not {"next", "yes"} <= set(pins):  # the table's own: a whole menu to walk
            raise self.error(key, _("needs at least the next and yes buttons to walk the menu and pick"))
        if len(set(pins.values())) != len(pins):
            raise self.error(key, _("two buttons share a pin"))
        return dict(pins)

    def led_pins(self) -> tuple[int, ...]:
        pins = self.get("pins", [])
        low, high = GPIO_PINS
        if (not isinstance(pins, list) or len(pins) not in (0, len(LED_CHANNELS))
                or not all(isinstance(p, int) and not isinstance(p, bool) and low <= p <= high for p in pins)):
            raise self.error("pins", _("must be [] or the [red, green, blue] BCM pins"))
        return tuple(pins)

    def colours(self, key: str, default: tuple[str, ...]) -> tuple[str, ...]:
        colours = self.get(key, list(default))
        if not isinstance(colours, list) or not colours or not all(_is_colour(c) for c in colours):
            raise self.error(key, _("must be a list of colours: palette names ({names}) or \"#rrggbb\"").format(
                names=", ".join(palette.SEAT_COLOURS)))
        return tuple(colours)


def _is_colour(value: object) -> bool:
    return isinstance(value, str) and (value in palette.COLOURS or HEX_COLOUR.fullmatch(value) is not None)


class _Source:
    """The file being read: its path and lines, to name the line of a mistake."""

    HEADER = re.compile(r"(\[\[?)\s*([\w.\-]+)\s*\]\]?\s*(#.*)?")
    KEY = re.compile(r"[\"']?([\w\-]+)[\"']?\s*=")

    def __init__(self, path: Path, text: str):
        self.path = path
        self._headers: dict[tuple[str, int | None], int] = {}
        self._keys: dict[tuple[str, int | None, str], int] = {}
        self._index_lines(text.splitlines())

    def error(self, place: _Place, key: str | None, problem: str) -> ConfigError:
        line = self.line_of(place, key)
        where = f"{self.path}, line {line}" if line else str(self.path)
        return ConfigError(_("{where}: {name} {problem}.").format(where=where, name=place.name(key), problem=problem))

    def line_of(self, place: _Place, key: str | None) -> int | None:
        """The line that sets `key` in that table; else the header of its sub-table (`[reader.options]`),
        else the table's own header; for a whole section, its header or a top-level `name = …`."""
        table = (place.section, place.index)
        if key is None:  # a whole section: its header, a top-level `name = …`, or a stray [[name]]
            return (self._headers.get(table) or self._keys.get(("", None, place.section))
                    or self._headers.get((place.section, 0)))
        return (self._keys.get((*table, key)) or self._headers.get((f"{place.section}.{key}", place.index))
                or self._headers.get(table))

    def _index_lines(self, lines: list[str]) -> None:
        current: tuple[str, int | None] = ("", None)
        counts: dict[str, int] = {}
        for number, line in enumerate(lines, start=1):
            stripped = line.strip()
            header = self.HEADER.fullmatch(stripped)
            if header:
                current = self._table_of(header.group(2), header.group(1) == "[[", counts)
                self._headers.setdefault(current, number)
                continue
            key = self.KEY.match(stripped)
            if key:
                self._keys.setdefault((*current, key.group(1)), number)

    @staticmethod
    def _table_of(name: str, is_array_item: bool, counts: dict[str, int]) -> tuple[str, int | None]:
        """`[[x]]` opens the next item of x; `[x.y]` belongs to the current item of x, if x is an array."""
        if is_array_item:
            counts[name] = counts.get(name, 0) + 1
            return name, counts[name] - 1
        parent = name.split(".", 1)[0]
        return name, counts[parent] - 1 if parent in counts else None
