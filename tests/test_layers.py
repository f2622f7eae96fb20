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


UI_MODULES = {".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): p for p in (ROOT / "ui").rglob("*.py")}


def ui_module(name: str) -> str | None:
    """The ui module an import names: the longest one that `name` starts with (`from ui.views import home`
    names ui.views.home); None for anything outside ui/."""
    parts = name.split(".")
    while parts and ".".join(parts) not in UI_MODULES:
        parts.pop()
    return ".".join(parts) or None


def ui_imports() -> dict[str, list[tuple[str, bool]]]:
    """Per module of ui/, the ui modules it imports — at its top, under TYPE_CHECKING or inside a function
    alike — each with whether the import is inside a function (ui/ uses no relative imports)."""
    graph: dict[str, list[tuple[str, bool]]] = {}
    for module, path in UI_MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        in_functions = {id(node) for function in ast.walk(tree) if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
                        for node in ast.walk(function)}
        found: list[tuple[str, bool]] = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [f"{node.module}.{alias.name}" for alias in node.names]
            else:
                continue
            found += [(target, id(node) in in_functions) for target in map(ui_module, names) if target and target != module]
        graph[module] = found
    return graph


def test_the_screens_import_in_one_direction():
    """The app imports its screens (ui/routes.py) and a screen imports what it draws with, never the app:
    no circle of imports in ui/, counting those only type checking sees and those inside functions."""
    graph = {module: {target for target, _late in targets} for module, targets in ui_imports().items()}
    visiting: list[str] = []
    done: set[str] = set()
    circles: list[list[str]] = []

    def walk(module: str) -> None:
        visiting.append(module)
        for target in sorted(graph.get(module, ())):
            if target in visiting:
                circles.append([*visiting[visiting.index(target):], target])
            elif target not in done:
                walk(target)
        visiting.pop()
        done.add(module)

    for module in sorted(graph):
        if module not in done:
            walk(module)
    assert circles == []


#: the one late import on purpose: the web server answers before the app and its screens are imported
#: (ui/server.py says why)
LATE_ON_PURPOSE = [("ui.server", "ui.app")]


def test_no_screen_is_imported_late_inside_a_function():
    late = sorted({(module, target) for module, targets in ui_imports().items() for target, inside in targets if inside})
    assert late == LATE_ON_PURPOSE
