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
import re
import shutil
import struct
import subprocess
import tempfile
import threading
import time
import wave
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from companion.feedback import SOUNDS, Sound
from companion.messages import M, Message
from hardware.config import HardwareConfig
from hardware.events import DeviceProblem

log = logging.getLogger(__name__)

#: espeak-ng voice per table language
VOICES = {"en": "en", "nl": "nl", "it": "it", "ru": "ru", "de": "de"}
#: the voice's speed, in words a minute: the default of the setting [speech] rate
DEFAULT_RATE = HardwareConfig.rate
#: the breath between two lines, s: the default of the setting [speech] gap_ms (espeak-ng's own pause
#: after a sentence, left out with -z, is 0.3 s)
LINE_GAP_S = HardwareConfig.gap_ms / 1000


def espeak_command(program: str, text: str, language: str, volume: int = 80, rate: int = DEFAULT_RATE,
                   wav: str | None = None) -> list[str]:
    """The espeak-ng command line that says `text` in `language` (into the WAV file `wav` instead, for
    measuring). espeak-ng's amplitude runs 0-200, 100 its default."""
    into = ["-w", wav] if wav else []
    if language == "ru":  # espeak-ng would switch to its English voice for every Latin word
        text = in_cyrillic(text)
    # -z: no long pause after the line (the speaker leaves its own gap between lines instead)
    return [program, "-v", VOICES.get(language, "en"), "-a", str(volume * 2), "-s", str(rate), "-z", *into, "--", text]


#: Latin letters as a Russian reader says them in names, longest first (Sheldon: Шелдон, Howard: Ховард)
_LATIN = sorted({
    "shch": "щ", "sch": "ш", "sh": "ш", "ch": "ч", "zh": "ж", "kh": "х", "ph": "ф", "th": "т", "wh": "у", "ck": "к",
    "qu": "кв", "ts": "ц", "ee": "и", "oo": "у", "ya": "я", "yu": "ю", "yo": "ё", "ye": "е", "ai": "ай", "ay": "эй",
    "ey": "ей", "oy": "ой", "ea": "и", "ou": "ау", "ce": "се", "ci": "си", "cy": "си", "ge": "ге", "gi": "ги",
    "a": "а", "b": "б", "c": "к", "d": "д", "e": "е", "f": "ф", "g": "г", "h": "х", "i": "и", "j": "дж", "k": "к",
    "l": "л", "m": "м", "n": "н", "o": "о", "p": "п", "q": "к", "r": "р", "s": "с", "t": "т", "u": "у", "v": "в",
    "w": "у", "x": "кс", "y": "и", "z": "з",
}.items(), key=lambda pair: -len(pair[0]))
_LATIN_WORD = re.compile(r"[A-Za-z]+")


def in_cyrillic(text: str) -> str:
    """`text` with every Latin word written in Cyrillic letters, so that espeak-ng's Russian voice says
    the names too ("Ann получает Leonard" → "Анн получает Леонард") instead of switching voices."""
    return _LATIN_WORD.sub(lambda word: _transliterated(word.group(0)), text)


def _transliterated(word: str) -> str:
    lower, out, i = word.lower(), [], 0
    while i < len(lower):
        latin, cyrillic = next((pair for pair in _LATIN if lower.startswith(pair[0], i)), (lower[i], lower[i]))
        out.append(cyrillic)
        i += len(latin)
    said = "".join(out)
    return said[:1].upper() + said[1:] if word[:1].isupper() else said


class Speaker(Protocol):
    def say(self, text: str, language: str, interrupt: bool = False) -> None: ...

    def close(self) -> None: ...


class Sounds(Protocol):
    #: whether its sounds reach the table (the voice then leaves out what a tick says)
    audible: bool

    def play(self, sound: Sound) -> None: ...

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
    """Plays nothing; keeps the name of every sound asked for. `audible`: stands for a table that hears
    them (the speech figures), else for one without sounds (sounds = false)."""

    def __init__(self, audible: bool = False) -> None:
        self.audible = audible
        self.played: list[str] = []

    def play(self, sound: Sound) -> None:
        self.played.append(sound)

    def close(self) -> None:
        pass


class EspeakSpeaker:
    """espeak-ng, spoken by a worker thread. `volume` 0-100; `rate` words a minute; `program` the
    espeak-ng binary.

    A voice that cannot be heard is reported, never lost in silence: espeak-ng missing, or no sound
    card (`outputs()` finds none at the start; espeak-ng then exits 0 and only writes ALSA's complaint
    to its error stream, which is read after every line). Each change — failing, heard again — is one
    DeviceProblem("speech", …, ok=…) with a `text` for the screens."""

    def __init__(self, volume: int = 80, program: str = "espeak-ng", on_problem: Callable[[DeviceProblem], None] | None = None,
                 run: Callable[[list[str]], subprocess.Popen[bytes]] | None = None, rate: int = DEFAULT_RATE,
                 outputs: Callable[[], list[str]] | None = None, gap_s: float = LINE_GAP_S):
        self.volume = max(0, min(100, volume))
        self.rate = rate
        self.gap_s = max(0.0, gap_s)
        found = shutil.which(program)
        self.program = found or program
        self._on_problem = on_problem
        self._run = run or (lambda args: subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE))
        self._queue: queue.Queue[tuple[str, str] | None] = queue.Queue()
        self._current: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()
        #: why the voice is not heard now (None: it is, as far as anyone can tell)
        self.failure: str | None = None
        if found is None and run is None:
            self._failing(f"{program} is not installed: sudo apt install espeak-ng", M("The voice is silent: espeak-ng is not installed."))
        elif run is None and not (outputs or sound_outputs)():
            self._failing("no sound card: espeak-ng speaks into nothing", M("The voice is silent: no sound card or speaker was found."))
        self._thread = threading.Thread(target=self._speak_all, name="speech", daemon=True)
        self._thread.start()

    def command(self, text: str, language: str) -> list[str]:
        """The command line that says `text`."""
        return espeak_command(self.program, text, language, self.volume, self.rate)

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
            self._speak(*item)
            if self._queue.empty():
                continue
            time.sleep(self.gap_s)  # a breath between two lines (espeak-ng's own pause is left out: -z)

    def _speak(self, text: str, language: str) -> None:
        try:
            process = self._run(self.command(text, language))
        except OSError as exc:  # no espeak-ng (any more): say so, stay silent
            self._failing(f"{self.program} cannot run ({exc}); install espeak-ng", M("The voice is silent: espeak-ng is not installed."))
            return
        with self._lock:
            self._current = process
        errors = getattr(process, "stderr", None)
        complaint = errors.read() if errors is not None else b""
        process.wait()
        with self._lock:
            self._current = None
        code = getattr(process, "returncode", 0)
        stopped = isinstance(code, int) and code < 0  # cut off by a newer line: nothing to judge
        heard = _heard(code, complaint)
        if heard is None and not stopped:
            self._heard_again()
        elif heard is not None and not stopped:
            self._failing(f"espeak-ng: {heard}", M("The voice is silent: the sound card did not play it ({reason}).", reason=heard))

    def _drop_pending(self) -> None:
        with contextlib.suppress(queue.Empty):
            while True:
                self._queue.get_nowait()

    def _stop_current(self) -> None:
        with self._lock:
            if self._current is not None and self._current.poll() is None:
                self._current.terminate()

    def _failing(self, message: str, text: Message) -> None:
        if self.failure is not None:
            return
        self.failure = message
        log.warning("speech: %s", message)
        if self._on_problem is not None:
            self._on_problem(DeviceProblem("speech", message, text=text))

    def _heard_again(self) -> None:
        if self.failure is None:
            return
        self.failure = None
        log.warning("speech: heard again")
        if self._on_problem is not None:
            self._on_problem(DeviceProblem("speech", "the voice is heard again", ok=True, text=M("The voice is heard again.")))


def _heard(returncode: int | None, complaint: bytes) -> str | None:
    """None when a line was said, else why not: espeak-ng failed, or exited 0 with ALSA's complaint
    that no card or device could be opened (it writes nothing there when it speaks)."""
    lines = [line.strip() for line in complaint.decode("utf-8", "replace").splitlines() if line.strip()]
    errors = [line for line in lines if "error" in line.lower() or "cannot" in line.lower()]
    if returncode is not None and returncode > 0:
        return errors[-1] if errors else f"exit status {returncode}"
    return errors[-1] if errors else None


def sound_outputs() -> list[str]:
    """The sound cards that can play: /proc/asound/cards (one line per card, its name), else `aplay -l`."""
    cards = Path("/proc/asound/cards")
    try:
        text = cards.read_text(encoding="utf-8", errors="replace")
        listed = [line.strip() for line in text.splitlines() if line[:3].strip().isdigit()]
        if listed:
            return listed
    except OSError:
        pass
    aplay = shutil.which("aplay")
    if aplay is None:
        return []
    try:
        done = subprocess.run([aplay, "-l"], capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return []
    return [line.strip() for line in done.stdout.splitlines() if line.startswith("card ")]


class Tones:
    """Short sounds played with aplay, from WAV files made once in a temporary folder."""

    def __init__(self, volume: int = 80, program: str = "aplay", on_problem: Callable[[DeviceProblem], None] | None = None):
        self.program = shutil.which(program)
        self.audible = self.program is not None
        self._on_problem = on_problem
        self._folder = tempfile.TemporaryDirectory(prefix="companion-sounds-")
        self.files = {name: make_tone(Path(self._folder.name) / f"{name}.wav", name, volume) for name in SOUNDS}
        if self.program is None and on_problem is not None:
            on_problem(DeviceProblem("sounds", f"no {program} here: scans are silent (install alsa-utils)"))

    def play(self, sound: Sound) -> None:
        if self.program is None or sound not in self.files:
            return
        with contextlib.suppress(OSError):
            subprocess.Popen([self.program, "-q", str(self.files[sound])], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def close(self) -> None:
        self._folder.cleanup()


#: (frequency Hz, milliseconds) per beep: a bright double beep, a low buzz, a soft click, a short rising pair
_TONES: dict[Sound, tuple[tuple[int, int], ...]] = {"scan": ((1320, 70), (0, 40), (1760, 90)), "unknown": ((220, 320),), "repeat": ((880, 35),),
                                                    "step": ((660, 40), (990, 50))}


def make_tone(path: Path, sound: Sound, volume: int = 80, rate: int = 16000) -> Path:
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
