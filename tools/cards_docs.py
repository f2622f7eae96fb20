"""Write each game's card list into docs/<game>-cards.md from the cards the game knows.

    python tools/cards_docs.py           # rewrite the lists
    python tools/cards_docs.py --check   # exit 1 when a list is out of date (a test runs this)

The list sits between `<!-- cards:begin -->` and `<!-- cards:end -->`; the prose around it is written
by hand. Names and numbers come from `GameDefinition.cards()` (the game's data files, checked by their
schema when loaded), so the docs say what `companion cards known GAME` says.
"""
from __future__ import annotations

import argparse
import json
import sys
from itertools import groupby
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.game import GameCard, GameDefinition  # noqa: E402
from companion.messages import render  # noqa: E402
from companion.registry import all_games  # noqa: E402
from tools.settings_docs import _cell, updated  # noqa: E402

BEGIN, END = "<!-- cards:begin -->", "<!-- cards:end -->"
DOCS = ROOT / "docs"


def doc_path(game: GameDefinition) -> Path:
    return DOCS / f"{game.id}-cards.md"


def listing(game: GameDefinition) -> str:
    cards = game.cards()
    languages = sorted({lang for card in cards for lang in card.names}, key=lambda lang: (lang != "en", lang))
    parts = [f"Edition: {game.card_edition or 'not named'}. {len(cards)} cards."]
    for kind, group in groupby(sorted(cards, key=lambda c: c.kind), key=lambda c: c.kind):
        members = list(group)
        parts.append(f"\n### {kind} ({len(members)})\n")
        parts.append("| id | " + " | ".join(languages or ["name"]) + " | printed |")
        parts.append("| --- | " + " | ".join("---" for _ in languages or ["name"]) + " | --- |")
        parts.extend(_row(card, languages) for card in members)
    return "\n".join(parts)


def _row(card: GameCard, languages: list[str]) -> str:
    names = [card.names.get(lang, "") for lang in languages] if languages else [render(card.name)]
    printed = "; ".join(f"{key}: {_plain(value)}" for key, value in card.details.items())
    return "| " + " | ".join(_cell(text) for text in [f"`{card.id}`", *names, printed]) + " |"


def _plain(value: object) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether the docs are up to date")
    args = parser.parse_args(argv)
    stale = []
    for game in all_games().values():
        if not game.decide.__module__.startswith("companion.games.") or not game.cards():
            continue  # a game added through $COMPANION_GAMES (the tests' counter) has no page in docs/
        path = doc_path(game)
        old = path.read_text(encoding="utf-8") if path.exists() else f"# {game.title.id}: the cards\n"
        new = updated(old, listing(game), BEGIN, END)
        if new != old:
            stale.append(path.relative_to(ROOT).as_posix())
            if not args.check:
                path.write_text(new, encoding="utf-8")
    if args.check and stale:
        print("out of date (run python tools/cards_docs.py): " + ", ".join(stale))
        return 1
    print(("rewrote " + ", ".join(stale)) if stale and not args.check else "card docs are up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
