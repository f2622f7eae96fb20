"""Write each game's card list into docs/<game>-cards.md from the cards the game knows.

    python tools/cards_docs.py           # rewrite the lists
    python tools/cards_docs.py --check   # exit 1 when a list is out of date (a test runs this)

The list sits between `<!-- cards:begin -->` and `<!-- cards:end -->`; the prose around it is written
by hand. Names and numbers come from `GameDefinition.cards()` (the game's data files, checked by their
schema when loaded), so the docs say what `companion cards known GAME` says.
"""
from __future__ import annotations

import json
import sys
from itertools import groupby
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.game import GameCard, GameDefinition  # noqa: E402
from companion.messages import render  # noqa: E402
from tools.settings_docs import _cell, rewrite_docs  # noqa: E402

BEGIN, END = "<!-- cards:begin -->", "<!-- cards:end -->"
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
    return rewrite_docs(argv, __doc__ or "", "cards", listing, BEGIN, END, wanted=lambda game: bool(game.cards()))


if __name__ == "__main__":
    sys.exit(main())
