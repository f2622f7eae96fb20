"""Write every game's gesture card, in English and each translated language: docs/gestures/<game>.md
(English) and docs/gestures/<game>.<language>.md, from the game's bindings (companion/gestures.py).

    python tools/gesture_cards.py          # write the cards
    python tools/gesture_cards.py --check  # say which cards are out of date; exit 1 if any (a test runs it)

Texts not yet translated appear in English; run this again after the catalogues change.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import importlib  # noqa: E402
import pkgutil  # noqa: E402

from companion import games  # noqa: E402
from companion.game import GameDefinition  # noqa: E402
from companion.gestures import card  # noqa: E402
from ui import i18n  # noqa: E402

OUT = ROOT / "docs" / "gestures"


def path(game_id: str, language: str, out: Path = OUT) -> Path:
    return out / (f"{game_id}.md" if language == i18n.SOURCE_LANGUAGE else f"{game_id}.{language}.md")


def shipped_games() -> dict[str, GameDefinition]:
    """The games under companion/games/ (not a test's extra game named in $COMPANION_GAMES)."""
    found = {}
    for module in pkgutil.iter_modules(games.__path__):
        game = getattr(importlib.import_module(f"{games.__name__}.{module.name}"), "GAME", None)
        if isinstance(game, GameDefinition):
            found[game.id] = game
    return dict(sorted(found.items()))


def cards() -> dict[Path, str]:
    """{file: text} for every game and language."""
    made: dict[Path, str] = {}
    before = i18n.current_language()
    try:
        for language in i18n.LANGUAGES:
            i18n.set_language(language)
            for game_id, game in shipped_games().items():
                made[path(game_id, language)] = card(game)
    finally:
        i18n.set_language(before)
    return made


def stale(made: dict[Path, str]) -> list[Path]:
    return [file for file, text in made.items() if not file.exists() or file.read_text(encoding="utf-8") != text]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say which cards are out of date")
    args = parser.parse_args(argv)
    made = cards()
    if args.check:
        old = stale(made)
        for file in old:
            print(f"out of date: {file.relative_to(ROOT)}")
        return 1 if old else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for file, text in made.items():
        file.write_text(text, encoding="utf-8")
    print(f"wrote {len(made)} cards in {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
