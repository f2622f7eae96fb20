"""The architecture's hard rules: the core never imports hardware or ui; hardware never imports ui;
only the entry point (entry/) wires them together; and only a game's own folders know that game."""
import ast
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def imported_modules(folder: str) -> set[tuple[str, str]]:
    """(file, module) for every import in the .py files under `folder`."""
    found = set()
    for path in (ROOT / folder).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            found.update((str(path.relative_to(ROOT)), name) for name in names)
    return found


@pytest.mark.parametrize("folder, forbidden", [
    ("companion", {"hardware", "ui", "entry"}),
    ("hardware", {"ui", "entry"}),
    ("ui", {"hardware", "entry"}),
])
def test_lower_layers_do_not_import_upper_ones(folder, forbidden):
    offending = sorted((path, module) for path, module in imported_modules(folder) if module.split(".")[0] in forbidden)
    assert offending == []


def test_the_devices_render_kinds_and_never_import_a_game():
    assert sorted((path, module) for path, module in imported_modules("hardware") if module.startswith("companion.games")) == []


GAMES = sorted(p.name for p in (ROOT / "companion" / "games").iterdir() if (p / "__init__.py").exists())


@pytest.mark.parametrize("game", GAMES)
def test_only_the_games_own_folders_name_it(game):
    """Adding a game touches no core, hardware or shell file: none of them names a game (docs and
    tests may)."""
    homes = (f"companion/games/{game}/", f"ui/games/{game}/")
    offending = []
    for folder in ("companion", "hardware", "ui", "entry", "tools", "firmware", "deploy"):
        for path in (ROOT / folder).rglob("*"):
            relative = path.relative_to(ROOT).as_posix()
            if path.is_dir() or path.suffix in (".po", ".pot", ".ttf", ".png", ".pyc") or relative.startswith(homes):
                continue
            if re.search(rf"\b{game}\b", path.read_text(encoding="utf-8", errors="replace")):  # the id, as code writes it
                offending.append(relative)
    assert offending == []
