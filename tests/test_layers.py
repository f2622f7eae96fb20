"""The architecture's one hard rule: the core never imports hardware or ui; hardware never imports ui."""
import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def imported_packages(folder: str) -> set[tuple[str, str]]:
    found = set()
    for path in (ROOT / folder).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            found.update((str(path.relative_to(ROOT)), name.split(".")[0]) for name in names)
    return found


#: the entry point is the one place that wires the layers together
ENTRY_POINT = "companion/cli.py"


@pytest.mark.parametrize("folder, forbidden", [("companion", {"hardware", "ui"}), ("hardware", {"ui"})])
def test_lower_layers_do_not_import_upper_ones(folder, forbidden):
    offending = sorted((path, package) for path, package in imported_packages(folder)
                       if package in forbidden and path != ENTRY_POINT)
    assert offending == []
