"""What the voice says (issue 22): for each game and each of the five languages, how many lines, how long
each is, how long a turn takes to hear, and whether anything is said twice.

Each game is played through the real rig with the Recording speaker (tests/speech.py): a game with a
blind script (`tests/<game>/blind.py`, played by the player who knows the menu by heart, buttons and scans)
by its scripted turns; a game without one as a legal random game, a turn being a change of who acts.
Seconds are measured by letting espeak-ng say every line into a WAV file, with the very command line the
companion speaks with (voice, rate; the Russian line transliterated), and adding up the files' lengths
and the speaker's pause between lines (the time the speaker is busy). Without espeak-ng
they are estimated from its words-per-minute setting, and the table says so.

Targets: at most 12 words in at least 95 % of lines in every language; a Big Bang action turn at most
20 s; nothing said twice in answer to one input.

    python benchmarks/bench_speech.py [--games bigbang,munchkin] [--languages en,de] [--examples 3]

Before issue 22 (commit 698e57b, the same script and player, measured the same way but with the speaker's
command line of then: espeak-ng's own pause after each line, no gap): a Big Bang typical action turn
(the 7 TURNS) had 24.0 lines and took, mean / max, en 64.4 / 84.4 s, nl 71.8 / 96.7, it 69.1 / 92.5,
ru 73.1 / 96.1, de 73.7 / 96.3 (all 12 turns: en 68.5 / 94.8, de 78.9 / 111.2). Lines of at most 12
words: Big Bang 86.9–95.6 %, Munchkin 86.6–88.6 %, Dungeon Twister 92.7–96.4 %, Elder Sign 95.4–96.8 %
(random games); said twice in answer to one input: 5–47 per game and language (a fight's result, a
midnight, a prompt repeating its menu item).

Measured 2026-12-04 (under load, which does not change a WAV file's length), a Big Bang typical action turn,
mean / max: en 19.1 / 26.1 s, nl 21.9 / 31.3, it 21.1 / 30.3, ru 21.3 / 30.2, de 22.3 / 30.8; 16.1 lines a
turn (before it: en 19.8, nl 24.2, it 22.4, ru 23.8, de 24.4; 16.4 lines). Cut: a card drawn said by
its name ("Raj", was "drew Raj"), an artefact drawn by its name, the ring's new place not said again after
"the red moon strikes: the ring drops 2", a red moon said in one line and the next player's turn as any
other turn's; shorter nl/de/ru menu items (imperatives, no item number read next to a count: "1, 1 Leonard
spielen" is now "1 Spiel 1 Leonard").
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion.registry import all_games  # noqa: E402
from hardware.speech import DEFAULT_RATE, LINE_GAP_S, espeak_command  # noqa: E402
from tests.speech import LANGUAGES, MAX_WORDS, WITHIN_SHARE, Heard, listen, long_lines, said_twice, words  # noqa: E402

TURN_TARGET_S = 20.0


class Clock:
    """Seconds a line takes to say: measured with espeak-ng into a WAV file, else estimated."""

    def __init__(self, measure: bool):
        self.program = shutil.which("espeak-ng") if measure else None
        self._known: dict[tuple[str, str], float] = {}
        self._folder = tempfile.TemporaryDirectory(prefix="bench-speech-")

    @property
    def how(self) -> str:
        if self.program:
            return f"measured: {self.program} -w (a WAV file per line, its length)"
        return f"estimated: {DEFAULT_RATE} words a minute, the voice's default rate (espeak-ng not installed)"

    def seconds(self, text: str, language: str) -> float:
        key = (language, text)
        if key not in self._known:
            self._known[key] = (self._measure(text, language) if self.program else words(text) * 60 / DEFAULT_RATE) + LINE_GAP_S
        return self._known[key]

    def _measure(self, text: str, language: str) -> float:
        assert self.program is not None
        path = Path(self._folder.name) / "line.wav"
        command = espeak_command(self.program, text, language, wav=str(path))
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=30)
        with wave.open(str(path)) as sound:
            return sound.getnframes() / sound.getframerate()


def _p95(values: list[int]) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))] if ordered else 0


def figures(heard: Heard, clock: Clock) -> dict[str, object]:
    counts = [words(text) for text in heard.texts]
    turns = heard.turns()
    every = {turn: sum(clock.seconds(text, heard.language) for text in lines) for turn, lines in turns.items()}
    seconds = [s for turn, s in every.items() if turn <= heard.typical]  # the typical action turns
    per_turn = [len(lines) for turn, lines in turns.items() if turn <= heard.typical]
    return {
        "lines": len(counts),
        "mean": sum(counts) / len(counts) if counts else 0.0,
        "p95": _p95(counts),
        "within": sum(1 for n in counts if n <= MAX_WORDS) / len(counts) if counts else 1.0,
        "long": long_lines(heard),
        "turns": len(turns),
        "lines_per_turn": sum(per_turn) / len(per_turn) if per_turn else 0.0,
        "seconds_mean": sum(seconds) / len(seconds) if seconds else 0.0,
        "seconds_max": max(seconds) if seconds else 0.0,
        "seconds_all": sum(every.values()) / len(every) if every else 0.0,
        "twice": said_twice(heard),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(all_games()), help="game ids, comma-separated (default: every game)")
    parser.add_argument("--languages", default=",".join(LANGUAGES), help="language codes, comma-separated (default: all five)")
    parser.add_argument("--examples", type=int, default=2, help="long lines and repeats shown per game and language")
    parser.add_argument("--estimate", action="store_true", help="estimate seconds from words even where espeak-ng is installed")
    parser.add_argument("--length", type=int, default=200, help="commands in a random game (games without a script)")
    args = parser.parse_args(argv or [])
    clock = Clock(measure=not args.estimate)
    started = time.perf_counter()
    print(f"seconds of speech: {clock.how}")
    header = ("game", "lang", "played", "lines", "words/line", "p95", f"<= {MAX_WORDS} words", "turns", "lines/turn",
              "s/turn mean", "s/turn max", "s/turn, all", "said twice")
    rows = [header]
    notes: list[str] = []
    for game in args.games.split(","):
        for language in args.languages.split(","):
            heard = listen(game, language, length=args.length)
            f = figures(heard, clock)
            within = f"{f['within']:.1%}" + ("" if f["within"] >= WITHIN_SHARE else " !")
            turn_mark = " !" if game == "bigbang" and f["seconds_mean"] > TURN_TARGET_S else ""
            rows.append((game, language, heard.source, str(f["lines"]), f"{f['mean']:.1f}", str(f["p95"]), within,
                         f"{heard.typical}/{f['turns']}", f"{f['lines_per_turn']:.1f}", f"{f['seconds_mean']:.1f}{turn_mark}",
                         f"{f['seconds_max']:.1f}", f"{f['seconds_all']:.1f}", str(len(f["twice"]))))
            for text in f["long"][:args.examples]:  # type: ignore[index]
                notes.append(f"  {game} {language} over {MAX_WORDS} words ({words(text)}): {text}")
            for line, earlier in f["twice"][:args.examples]:  # type: ignore[index]
                notes.append(f"  {game} {language} said twice: {line!r} (also in {earlier!r})")
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    for row in rows:
        print("  ".join(cell.ljust(w) if i < 3 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths, strict=True))))
    print(f"targets: <= {MAX_WORDS} words in >= {WITHIN_SHARE:.0%} of lines in every language; a Big Bang action turn "
          f"<= {TURN_TARGET_S:.0f} s; nothing said twice ('!' marks a figure off its target)")
    print("turns: typical action turns / all turns (a script's TURNS, then its MORE_TURNS: undo, redo, help cards, the "
          "sword…); lines/turn and s/turn mean and max are of the typical action turns; s/turn, all: of every turn")
    if notes:
        print("examples:")
        print("\n".join(notes))
    print(f"played, heard and measured in {(time.perf_counter() - started) * 1000:.0f} ms")


if __name__ == "__main__":
    main(sys.argv[1:])
