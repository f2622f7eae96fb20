"""Every project document (`docs/….md`, `ui/….md`, …) a source file or README cites is in the project
(the ring firmware once cited a protocol document that was not; the game guide a UI README)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CITED = re.compile(r"(?<![\w./-])(?:docs|ui|companion|hardware|firmware|deploy|tools)/[\w./-]+?\.md\b")
SOURCES = ("companion", "hardware", "ui", "entry", "firmware", "tools", "benchmarks", "deploy", "docs")


def cited_docs() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    files = [ROOT / "README.md"] + [p for top in SOURCES for p in (ROOT / top).rglob("*") if p.suffix in {".py", ".md"}]
    for path in files:
        for name in CITED.findall(path.read_text(encoding="utf-8")):
            found.setdefault(name, set()).add(str(path.relative_to(ROOT)))
    return found


def test_every_cited_document_exists():
    cited = cited_docs()
    assert "docs/ring-protocol.md" in cited  # the scan reads what it should
    missing = {name: sorted(where) for name, where in cited.items() if not (ROOT / name).is_file()}
    assert missing == {}
