"""Write each game's settings table into docs/<game>-settings.md from its declared schema.

    python tools/settings_docs.py           # rewrite the tables
    python tools/settings_docs.py --check   # exit 1 when a table is out of date (a test runs this)

The table sits between `<!-- settings:begin -->` and `<!-- settings:end -->`; the prose around it is
written by hand. Keys, ranges, labels and help come from the schema (companion.settings), defaults
from the game's data file, so the docs cannot drift from what the companion checks.
"""
from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.game import GameDefinition  # noqa: E402
from companion.registry import all_games  # noqa: E402
from companion.settings import SettingInfo, describe  # noqa: E402

BEGIN, END = "<!-- settings:begin -->", "<!-- settings:end -->"
DOCS = ROOT / "docs"


def table(game: GameDefinition) -> str:
    rows = ["| key | what | allowed | default |", "| --- | --- | --- | --- |"]
    for info in describe(game.settings, game.default_settings()):
        what = info.label.id + (f": {info.help.id}" if info.help else "")
        rows.append(f"| `{info.key}` | {_cell(what)} | {_cell(_allowed(info))} | {_cell(_default(info))} |")
    return "\n".join(rows)


def _allowed(info: SettingInfo) -> str:
    if info.kind == "int":
        return f"{info.low if info.low is not None else '…'} to {info.high if info.high is not None else '…'}"
    if info.kind == "choice":
        return ", ".join(f"`{value}` ({label.id})" for value, label in info.choices)
    return {"bool": "true, false", "text": "text", "list": "a list", "table": "a list of tables"}[info.kind]


def _default(info: SettingInfo) -> str:
    value = info.default
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return f"{len(value)} entries (data file)"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return f"`{value}`" if value is not None else "—"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def updated(text: str, generated: str, begin: str = BEGIN, end: str = END) -> str:
    """`text` with the generated block between `begin` and `end` (appended when it has none)."""
    block = f"{begin}\n{generated}\n{end}"
    if begin in text and end in text:
        return re.sub(re.escape(begin) + r".*?" + re.escape(end), lambda _m: block, text, flags=re.S)
    return text.rstrip("\n") + "\n\n" + block + "\n"


def rewrite_docs(argv: list[str] | None, description: str, what: str, block: Callable[[GameDefinition], str],
                 begin: str = BEGIN, end: str = END, wanted: Callable[[GameDefinition], bool] = lambda game: True) -> int:
    """Rewrite every game's generated block in docs/<game>-<what>.md (or, with --check, exit 1 naming
    the files out of date). `what` ("settings", "cards") also names the tool in its messages."""
    parser = argparse.ArgumentParser(description=description.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether the docs are up to date")
    args = parser.parse_args(argv)
    stale = []
    for game in all_games().values():
        if not game.decide.__module__.startswith("companion.games.") or not wanted(game):
            continue  # a game added through $COMPANION_GAMES (the tests' counter) has no page in docs/
        path = DOCS / f"{game.id}-{what}.md"
        old = path.read_text(encoding="utf-8") if path.exists() else f"# {game.title.id}: {what}\n"
        new = updated(old, block(game), begin, end)
        if new != old:
            stale.append(path.relative_to(ROOT).as_posix())
            if not args.check:
                path.write_text(new, encoding="utf-8")
    if args.check and stale:
        print(f"out of date (run python tools/{what}_docs.py): " + ", ".join(stale))
        return 1
    print(("rewrote " + ", ".join(stale)) if stale and not args.check else f"{what} docs are up to date")
    return 0


def main(argv: list[str] | None = None) -> int:
    return rewrite_docs(argv, __doc__ or "", "settings", table)


if __name__ == "__main__":
    sys.exit(main())
