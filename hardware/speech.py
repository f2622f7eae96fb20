"""The companion's voice and its sounds: what the narrator decides to say, spoken through the Pi's
audio, never holding up the game.

- `EspeakSpeaker`: espeak-ng on its command line (Debian's package speaks English, Dutch, Italian,
  Russian and German, offline). One worker thread says one thing at a time; an utterance marked
  `interrupt` (the cursor moved on) cuts off what is being said and drops what waits.
- `Tones`: short sounds that need no words — a scan accepted, an unknown card, a card read again
  and ignored — as WAV files made once and played with `aplay`.
- `RecordingSpeaker` / `RecordingTones`: what would be said or played, for tests and a silent table.
Every backend has `close()`; a missing program is reported once as a DeviceProblem, never raised.
"""
from __future__ import annotations

import contextlib
import logging
import math
import queue
import shutil
import struct
import subprocess
import tempfile
import threading
import wave
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from hardware.events import DeviceProblem

log = logging.getLogger(__name__)

#: espeak-ng voice per table language
VOICES = {"en": "en", "nl": "nl", "it": "it", "ru": "ru", "de": "de"}
SOUNDS = ("scan", "unknown", "repeat")
#: espeak-ng's own default speed, in words a minute
DEFAULT_RATE = 175


def espeak_command(program: str, text: str, language: str, volume: int = 80, rate: int = DEFAULT_RATE,
                   wav: str | None = None) -> list[str]:
    """The espeak-ng command line that says `text` in `language` (into the WAV file `wav` instead, for
    measuring). espeak-ng's amplitude runs 0-200, 100 its default."""
    into = ["-w", wav] if wav else []
    return [program, "-v", VOICES.get(language, "en"), "-a", str(volume * 2), "-s", str(rate), *into, "--", text]


class Speaker(Protocol):
    def say(self, text: str, language: str, interrupt: bool = False) -> None: ...

    def close(self) -> None: ...


class Sounds(Protocol):
    def play(self, sound: str) -> None: ...

    def close(self) -> None: ...


class RecordingSpeaker:
    """Says nothing; keeps (language, text) of everything it was asked to say."""

    def __init__(self) -> None:
        self.said: list[tuple[str, str]] = []
        self._lock = threading.Lock()

    def say(self, text: str, language: str, interrupt: bool = False) -> None:
        with self._lock:
            self.said.append((language, text))

    def texts(self) -> list[str]:
        with self._lock:
            return [text for _language, text in self.said]

    def close(self) -> None:
        pass


class RecordingTones:
    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, sound: str) -> None:
        self.played.append(sound)

    def close(self) -> None:
        pass


class EspeakSpeaker:
    """espeak-ng, spoken by a worker thread. `volume` 0-100; `program` the espeak-ng binary."""

    def __init__(self, volume: int = 80, program: str = "espeak-ng", on_problem: Callable[[DeviceProblem], None] | None = None,
                 run: Callable[[list[str]], subprocess.Popen[bytes]] | None = None):
        self.volume = max(0, min(100, volume))
        self.program = shutil.which(program) or program
        self._on_problem = on_problem
        self._run = run or (lambda args: subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        self._queue: queue.Queue[tuple[str, str] | None] = queue.Queue()
        self._current: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()
        self._failed = False
        self._thread = threading.Thread(target=self._speak_all, name="speech", daemon=True)
        self._thread.start()

    def command(self, text: str, language: str) -> list[str]:
        """The command line that says `text`."""
        return espeak_command(self.program, text, language, self.volume)

    def say(self, text: str, language: str, interrupt: bool = False) -> None:
        if not text.strip():
            return
        if interrupt:
            self._drop_pending()
            self._stop_current()
        self._queue.put((text, language))

    def close(self) -> None:
        self._drop_pending()
        self._queue.put(None)
        self._stop_current()
        self._thread.join(2)

    def _speak_all(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            text, language = item
            try:
                process = self._run(self.command(text, language))
            except OSError as exc:  # no espeak-ng: say so once, stay silent
                self._report(f"speech: {self.program} cannot run ({exc}); install espeak-ng")
                continue
            with self._lock:
                self._current = process
            process.wait()
            with self._lock:
                self._current = None

    def _drop_pending(self) -> None:
        with contextlib.suppress(queue.Empty):
            while True:
                self._queue.get_nowait()

    def _stop_current(self) -> None:
        with self._lock:
            if self._current is not None and self._current.poll() is None:
                self._current.terminate()

    def _report(self, message: str) -> None:
        if self._failed:
            return
        self._failed = True
        log.warning(message)
        if self._on_problem is not None:
            self._on_problem(DeviceProblem("speech", message))


class Tones:
    """Short sounds played with aplay, from WAV files made once in a temporary folder."""

    def __init__(self, volume: int = 80, program: str = "aplay", on_problem: Callable[[DeviceProblem], None] | None = None):
        self.program = shutil.which(program)
        self._on_problem = on_problem
        self._folder = tempfile.TemporaryDirectory(prefix="companion-sounds-")
        self.files = {name: make_tone(Path(self._folder.name) / f"{name}.wav", name, volume) for name in SOUNDS}
        if self.program is None and on_problem is not None:
            on_problem(DeviceProblem("sounds", f"no {program} here: scans are silent (install alsa-utils)"))

    def play(self, sound: str) -> None:
        if self.program is None or sound not in self.files:
            return
        with contextlib.suppress(OSError):
            subprocess.Popen([self.program, "-q", str(self.files[sound])], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def close(self) -> None:
        self._folder.cleanup()


#: (frequency Hz, milliseconds) per beep: a bright double beep, a low buzz, a soft click
_TONES = {"scan": ((1320, 70), (0, 40), (1760, 90)), "unknown": ((220, 320),), "repeat": ((880, 35),)}


def make_tone(path: Path, sound: str, volume: int = 80, rate: int = 16000) -> Path:
    """Write the WAV file of one of SOUNDS: sine beeps with soft edges (no clicks)."""
    amplitude = 32767 * max(0, min(100, volume)) / 100 * 0.6
    frames = bytearray()
    for frequency, ms in _TONES[sound]:
        count = rate * ms // 1000
        for i in range(count):
            edge = min(1.0, i / (rate * 0.005), (count - i) / (rate * 0.005))
            value = amplitude * edge * math.sin(2 * math.pi * frequency * i / rate) if frequency else 0.0
            frames += struct.pack("<h", int(value))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(bytes(frames))
    return path
