"""A short voice (issue 22): in every game and language the lines are short, nothing is said twice,
symbols and codes are said as words, and the Russian voice keeps the Latin names.

Each game is played through the real rig with the Recording speaker (tests/speech.py): a game with a
blind script (tests/<game>/blind.py) by the player who knows the menu by heart, the others as a legal
random game. benchmarks/bench_speech.py prints the same figures, with the seconds of speech.
"""
from __future__ import annotations

import shutil
import subprocess

import pytest

from companion.contract import TABLE
from companion.games.eldersign import GAME as ELDER_SIGN
from companion.games.eldersign import events as eldersign_events
from companion.games.eldersign.odds.dice import GREEN, I1, I2, I3, LORE, PERIL, YELLOW
from companion.games.eldersign.spoken import roll_said
from companion.messages import M, render
from companion.registry import all_games
from companion.session import Session
from companion.spoken import spoken_lines, verbalised
from hardware.speech import EspeakSpeaker, espeak_command, in_cyrillic
from tests.speech import LANGUAGES, MAX_WORDS, WITHIN_SHARE, in_language, listen, long_lines, said_twice, scripts

GAMES = sorted(all_games())
SCRIPTED = sorted(scripts())


def test_every_game_is_heard_and_big_bang_by_its_blind_script():
    assert "bigbang" in SCRIPTED and set(SCRIPTED) <= set(GAMES)
    assert listen("bigbang", "en").source == "script" and len(listen("bigbang", "en").turns()) >= 12


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_lines_are_short_in_every_language(game, language):
    """At most 12 words in at least 95 % of the lines of a whole game (a scripted one where the game has a script)."""
    heard = listen(game, language)
    long = long_lines(heard)
    assert heard.texts, "nothing was said"
    assert len(long) <= (1 - WITHIN_SHARE) * len(heard.texts), f"{len(long)} of {len(heard.texts)} lines over {MAX_WORDS} words: {long[:5]}"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_nothing_is_said_twice_in_answer_to_one_input(game, language):
    heard = listen(game, language)
    assert said_twice(heard) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_symbol_is_read_as_a_symbol(language):
    """"→" is said as a word of the language, never as "right arrow"; no roman hour, no "P 1 2 L" code."""
    for game in GAMES:
        for text in listen(game, language).texts:
            assert "→" not in text and " / " not in text, (game, text)
            assert not any(hour in text.split() for hour in ("XII", "IX", "VI", "III")), (game, text)


def test_a_fights_result_is_said_once():
    heard = listen("bigbang", "en")
    fights = [answer for answer in heard.answers if any("beats" in line or "loses to" in line for line in answer)]
    assert fights and all(sum("Wil Wheaton" in line for line in answer) == 1 for answer in fights if "Wil Wheaton" in " ".join(answer))


def test_the_symbols_are_words_in_each_language():
    samples = {"en": "cubes 0 to 1", "nl": "kubussen 0 naar 1", "it": "cubetti da 0 a 1", "ru": "кубы с 0 на 1", "de": "Klötzchen von 0 auf 1"}
    for language, said in samples.items():
        with in_language(language):
            assert verbalised(render(M("cubes {a} → {b}", a=0, b=1))) == said
    assert spoken_lines("3. Fight Wil Wheaton (33%)", whole=True) == ["3 Fight Wil Wheaton 33%"]
    assert spoken_lines("2. 2 cards", whole=True) == ["2, 2 cards"]  # two numbers kept apart
    assert spoken_lines("blue: Troll moves (1 AP); blue +1 VP") == ["blue: Troll moves (1 action point)", "blue +1 victory point"]


def test_an_elder_sign_roll_and_the_clock_are_said_as_words():
    session = Session(ELDER_SIGN, 1)
    roll = eldersign_events.Rolled(((GREEN, PERIL), (GREEN, I1), (GREEN, I2), (YELLOW, I3), (GREEN, LORE), (GREEN, LORE)), ())
    clock = eldersign_events.ClockAdvanced(9, 0, True)
    assert render(roll_said(roll)) == "rolled Peril 1 2 3 Lore Lore"
    with in_language("de"):
        peril, lore = render(M("Peril")), render(M("Lore"))
        assert render(roll_said(roll)) == render(M("rolled {faces}", faces=f"{peril} 1 2 3 {lore} {lore}"))
    spoken = [render(line) for line in ELDER_SIGN.speak(session.state, [clock], False)]  # type: ignore[misc]
    assert spoken_lines(spoken[0]) == ["clock 9 to 12"]
    assert "XII" in render(ELDER_SIGN.describe(session.state, [clock], TABLE))  # the screen keeps the clock's own numerals


def test_a_long_line_is_cut_where_a_reader_would_pause():
    line = "Lay a location card on each place and scan it: Caltech, Cheesecake Factory, Apartment 4A, Laundry room, Comic Center, Stairwell."
    assert spoken_lines(line) == ["Lay a location card on each place and scan it",
                                  "Caltech, Cheesecake Factory, Apartment 4A, Laundry room, Comic Center, Stairwell."]
    assert spoken_lines("Mrs. Wolowitz at Apartment 4A. Ann's turn") == ["Mrs. Wolowitz at Apartment 4A.", "Ann's turn"]


def test_the_russian_voice_gets_latin_names_in_cyrillic():
    assert in_cyrillic("Ann получает Leonard; Wil Wheaton, Sheldon") == "Анн получает Леонард; Уил Уитон, Шелдон"
    command = espeak_command("espeak-ng", "Ann получает Leonard", "ru")
    assert command[-1] == "Анн получает Леонард" and command[command.index("-v") + 1] == "ru"
    assert espeak_command("espeak-ng", "Ann gets Leonard", "de")[-1] == "Ann gets Leonard"  # other voices read Latin themselves


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed (apt install espeak-ng)")
def test_espeak_ng_keeps_its_russian_voice_for_the_names():
    """espeak-ng marks a switch of voice "(en)" in its phonemes: none for a Russian line with names."""
    def phonemes(text: str) -> str:
        command = espeak_command(shutil.which("espeak-ng") or "espeak-ng", text, "ru")
        command.insert(command.index("--"), "-x")
        command.insert(command.index("--"), "-q")
        return subprocess.run(command, capture_output=True, text=True, check=True, timeout=30).stdout

    assert "(en)" in subprocess.run(["espeak-ng", "-q", "-x", "-v", "ru", "--", "Ann получает Leonard"], capture_output=True,
                                    text=True, check=True, timeout=30).stdout  # what the voice did before
    assert "(en)" not in phonemes("Ann получает Leonard, Wil Wheaton бьёт Penny")


def test_the_speaker_command_leaves_out_espeaks_long_end_pause():
    command = EspeakSpeaker(volume=50, rate=160, run=lambda args: None).command("Ring up to 9", "nl")  # type: ignore[arg-type,return-value]
    assert command[1:9] == ["-v", "nl", "-a", "100", "-s", "160", "-z", "--"]
