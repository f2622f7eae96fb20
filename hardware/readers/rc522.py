"""RC522 (MFRC522) readers on the Pi's SPI bus, polled from a thread without blocking.

Two libraries, two adapters; each imports its library only in its constructor, and builds the
chip object on first use (in the reader's thread, so a missing SPI device is a DeviceProblem that
is retried, not a crash). Tests inject `chip=`: an object with the library's method names.

- `PiRc522Reader` ("pirc522"): pi-rc522, `RFID(pin_irq=None).read_id()` gives 4 or 7 UID bytes or
  None. Reads the 7-byte UIDs of NTAG stickers, the usual kind on cards. Install on a Pi with
  `pip install --no-deps pi-rc522 && pip install spidev rpi-lgpio` (rpi-lgpio is the RPi.GPIO shim
  that works on a Pi 5; never install RPi.GPIO beside it). Options go to `RFID(...)`, e.g. pin_rst.
- `Mfrc522Reader` ("rc522"): the `mfrc522` package, low-level class only.

An RC522 polled this way answers a card lying on it only every other poll (the card goes quiet
after being read), so `lift_after` must stay well above two poll intervals.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from companion.cards import CASCADE_TAG
from companion.i18n import _
from hardware.readers import DEFAULT_LIFT_AFTER, DEFAULT_POLL_INTERVAL, Clock, Listener, PollingReader, ReaderUnavailableError, UnreadableCardError


class _ChipReader(PollingReader):
    """Shared by both adapters: where the chip comes from, and the library's install hint."""

    package = ""
    install = ""

    def __init__(
        self,
        listener: Listener,
        *,
        chip: Any = None,
        name: str = "rc522",
        lift_after: float = DEFAULT_LIFT_AFTER,
        poll_interval: float = DEFAULT_POLL_INTERVAL,
        clock: Clock = time.monotonic,
        start: bool = True,
        **library_options: Any,
    ):
        super().__init__(listener, name=name, lift_after=lift_after, poll_interval=poll_interval, clock=clock)
        self._chip = chip  # a fake chip in tests; else made from the library on the first poll
        self._make_chip: Callable[[], Any] | None = None
        if chip is None:
            try:
                self._make_chip = self._chip_factory(library_options)
            except (ImportError, RuntimeError) as exc:
                self._library_missing(exc)
        self._begin(start)

    def _chip_factory(self, options: dict[str, Any]) -> Callable[[], Any]:
        """Import the library (lazily: it exists only on a Pi) and say how to make its chip object."""
        raise NotImplementedError

    def _library_missing(self, exc: Exception) -> None:
        # RPi.GPIO raises RuntimeError at import off a Pi, hence not only ImportError.
        self._unavailable = _("The card reader needs the Python package {package} ({install}): {reason}").format(
            package=self.package, install=self.install, reason=exc
        )

    def _ensure_chip(self) -> Any:
        if self._chip is None:
            if self._make_chip is None:  # the library is missing: said once by poll_once, never here
                raise ReaderUnavailableError(self._unavailable or self.package)
            try:
                self._chip = self._make_chip()
            except TypeError as exc:  # an option the library does not take: retrying cannot help
                raise ReaderUnavailableError(_("The card reader options do not suit {package}: {reason}").format(package=self.package, reason=exc)) from None
        return self._chip


class Mfrc522Reader(_ChipReader):
    """The `mfrc522` package (0.0.7) through its low-level class: MFRC522_Request + MFRC522_Anticoll,
    which do not block (its SimpleMFRC522.read_id does).

    Limits of that package, and why "pirc522" is the better choice: it reads only the first cascade
    level, so a 7-byte UID (NTAG stickers) arrives as 88 + 3 bytes and cannot be told apart; its
    SimpleMFRC522 folds the check byte into the number it returns (we take the raw 5 bytes and drop
    the check byte instead); and it needs RPi.GPIO, which does not support the Pi 5.
    """

    package = "mfrc522"
    install = "pip install mfrc522 spidev RPi.GPIO; not on a Pi 5, use the reader kind pirc522 there"

    def _chip_factory(self, options: dict[str, Any]) -> Callable[[], Any]:
        from mfrc522 import MFRC522

        return lambda: MFRC522(**options)

    def _read(self) -> list[Any]:
        chip = self._ensure_chip()
        status, _bits = chip.MFRC522_Request(chip.PICC_REQIDL)
        if status != chip.MI_OK:
            return []  # no card in the field
        status, raw = chip.MFRC522_Anticoll()
        if status != chip.MI_OK:
            return []  # a card moving in or out; the next poll tries again
        if raw and raw[0] == CASCADE_TAG:
            raise UnreadableCardError(_("it has a 7-byte UID, which the mfrc522 package cannot read; use the reader kind pirc522"))
        return [raw]  # 4 UID bytes + check byte: normalise_uid drops the check byte

    def _recover(self) -> None:
        if self._chip is not None:
            self._chip.MFRC522_Init()  # a reader that lost power lost its register settings

    def _release(self) -> None:
        if self._chip is not None:
            self._chip.Close_MFRC522()


class PiRc522Reader(_ChipReader):
    """pi-rc522 (2.3.0): `read_id()` polls once and returns 4 or 7 UID bytes, or None."""

    package = "pi-rc522"
    install = "pip install --no-deps pi-rc522 && pip install spidev rpi-lgpio"

    def _chip_factory(self, options: dict[str, Any]) -> Callable[[], Any]:
        from pirc522 import RFID

        options = {"pin_irq": None, **options}  # no IRQ pin: we poll, so the interrupt wire is not needed
        return lambda: RFID(**options)

    def _read(self) -> list[Any]:
        uid = self._ensure_chip().read_id()
        return [] if uid is None else [uid]

    def _recover(self) -> None:
        if self._chip is not None:
            self._chip.init()

    def _release(self) -> None:
        if self._chip is not None:
            self._chip.cleanup()
