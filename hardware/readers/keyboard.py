"""A USB card reader that acts as a keyboard: it types the UID (often 10 decimal digits) then ENTER.

Read through evdev (Linux input devices), with the device grabbed so its digits do not also land
in the console or the UI. evdev builds from source (`pip install evdev` needs python3-dev and a C
compiler); it is imported only when this reader is opened.

Config: `device` (a path; prefer the stable /dev/input/by-id/usb-…-event-kbd) or `device_name`
(part of the name `python -m evdev.evtest` lists), `decimal_order` ("big" or "little", see
`normalise_uid`). The user needs read access to the device: the `input` group.
Many such readers type a UID once per swipe; some repeat it while the card lies there; raise
`lift_after` above the repeat period for those, or a lying card counts as placed again.
"""
from __future__ import annotations

import contextlib
import time
from typing import Any

from companion.i18n import _
from hardware.readers import DEFAULT_LIFT_AFTER, DEFAULT_POLL_INTERVAL, Clock, Listener, PollingReader, normalise_uid

KEY_DOWN = 1  # evdev key event values: 0 up, 1 down, 2 autorepeat

KEY_CHARS = {
    **{f"KEY_{d}": d for d in "0123456789"},
    **{f"KEY_KP{d}": d for d in "0123456789"},
    **{f"KEY_{c}": c.lower() for c in "ABCDEF"},  # readers set to type hex
}
LINE_ENDS = frozenset({"KEY_ENTER", "KEY_KPENTER"})
# Keys that carry no character (a reader typing hex capitals presses shift).
SILENT_KEYS = frozenset({
    "KEY_LEFTSHIFT", "KEY_RIGHTSHIFT", "KEY_LEFTCTRL", "KEY_RIGHTCTRL", "KEY_LEFTALT", "KEY_RIGHTALT",
    "KEY_CAPSLOCK", "KEY_NUMLOCK",
})
MAX_LINE = 40  # a UID line is at most ~30 characters; longer means ENTER was lost


class WedgeDecoder:
    """Key presses in, UIDs out: the characters typed up to ENTER make one line, one UID.

    Pure: feed it evdev key names and values (no evdev needed). `feed` returns the normalised uid
    when a line ends, else None; a line that is not a UID raises ValueError naming what was typed.
    """

    def __init__(self, decimal_order: str = "big"):
        normalise_uid("04a1b2c3", decimal_order=decimal_order)  # a bad order fails here, not at the first card
        self._decimal_order = decimal_order
        self._typed: list[str] = []
        self._strange: list[str] = []

    def feed(self, key: str, value: int) -> str | None:
        if value != KEY_DOWN or key in SILENT_KEYS:
            return None
        if key in LINE_ENDS:
            return self._end_line()
        if key in KEY_CHARS:
            self._typed.append(KEY_CHARS[key])
        else:
            self._typed.append("?")
            self._strange.append(key)
        if len(self._typed) > MAX_LINE:
            typed = self._reset()
            raise ValueError(_("the reader typed {n} characters without ENTER ({start}…)").format(n=len(typed), start=typed[:12]))
        return None

    def _end_line(self) -> str | None:
        strange = list(self._strange)
        typed = self._reset()
        if not typed:
            return None  # a lone ENTER: nothing to read
        if strange:
            raise ValueError(_("the reader typed {typed!r}, with keys that are not part of a UID: {keys}").format(typed=typed, keys=", ".join(strange)))
        return normalise_uid(typed, decimal_order=self._decimal_order)

    def _reset(self) -> str:
        typed = "".join(self._typed)
        self._typed.clear()
        self._strange.clear()
        return typed


class KeyboardReader(PollingReader):
    def __init__(
        self,
        listener: Listener,
        *,
        device: str | None = None,
        device_name: str | None = None,
        decimal_order: str = "big",
        grab: bool = True,
        name: str = "keyboard",
        lift_after: float = DEFAULT_LIFT_AFTER,
        poll_interval: float = DEFAULT_POLL_INTERVAL,
        clock: Clock = time.monotonic,
        start: bool = True,
    ):
        if not device and not device_name:
            # Guessing could grab the real keyboard and leave the Pi without one.
            raise ValueError('The keyboard card reader needs `device` (e.g. "/dev/input/by-id/usb-…-event-kbd") or `device_name`.')
        super().__init__(listener, name=name, lift_after=lift_after, poll_interval=poll_interval, clock=clock)
        self._decoder = WedgeDecoder(decimal_order)
        self._decimal_order = decimal_order
        self._device_path, self._device_name, self._grab = device, device_name, grab
        self._device: Any = None  # the evdev InputDevice, opened on the first poll
        try:
            import evdev
        except ImportError as exc:
            self._unavailable = _(
                "The keyboard card reader needs the Python package evdev: pip install evdev "
                "(it builds from source: apt install python3-dev gcc first) ({reason})."
            ).format(reason=exc)
        else:
            self._evdev = evdev
        self._begin(start)

    def _read(self) -> list[str]:
        if self._device is None:
            self._device = self._open()
        try:
            events = list(self._device.read())
        except BlockingIOError:  # nothing typed since the last poll
            return []
        except OSError:  # unplugged: drop the handle, the retry opens the device afresh
            self._drop_device()
            raise
        return self._uids(events)

    def _uids(self, events: list[Any]) -> list[str]:
        uids = []
        for event in events:
            if event.type != self._evdev.ecodes.EV_KEY:
                continue
            try:
                uid = self._decoder.feed(self._key_name(event.code), event.value)
            except ValueError as exc:
                self._unreadable(str(exc))
                continue
            if uid:
                uids.append(uid)
        return uids

    def _key_name(self, code: int) -> str:
        name = self._evdev.ecodes.KEY.get(code, f"KEY_CODE_{code}")
        return str(name[0] if isinstance(name, (list, tuple)) else name)  # some codes have alias names

    def _open(self) -> Any:
        device = self._find_device()
        if self._grab:
            device.grab()  # the digits go to us only, not to the console or the UI
        return device

    def _find_device(self) -> Any:
        evdev = self._evdev
        if self._device_path:
            try:
                return evdev.InputDevice(self._device_path)
            except FileNotFoundError:
                raise OSError(_("no input device {path}: plug the reader in, or check `ls /dev/input/by-id`").format(
                    path=self._device_path)) from None
            except PermissionError:
                raise OSError(_("no permission to read {path}: add the user to the input group (sudo adduser $USER input) and log in again").format(
                    path=self._device_path)) from None
        wanted = (self._device_name or "").lower()
        for path in evdev.list_devices():
            device = evdev.InputDevice(path)
            if wanted in device.name.lower():
                return device
            device.close()
        raise OSError(_("no input device named like \"{name}\": plug the reader in; `python -m evdev.evtest` lists the devices (needs the input group)").format(
            name=self._device_name))

    def _drop_device(self) -> None:
        device, self._device = self._device, None
        if device is None:
            return
        with contextlib.suppress(OSError):
            device.close()

    def _release(self) -> None:
        if self._device is None:
            return
        if self._grab:
            with contextlib.suppress(OSError):
                self._device.ungrab()
        self._drop_device()
