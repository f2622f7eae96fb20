"""Keep the translation catalogues in step with the code.

    python tools/i18n.py extract   # scan companion/, hardware/, ui/, entry/ for _("..."), N_("..."),
                                   # M("...") and P("singular", "plural", n=...),
                                   # rewrite ui/locales/companion.pot, merge it into every .po
    python tools/i18n.py check     # untranslated, fuzzy and placeholder problems; exit 1 if any

`extract` keeps translations whose English text is unchanged; a slightly changed text keeps its old
translation marked fuzzy (not used at runtime until a translator checks it and removes the flag);
a text no longer in the code stays at the end of its .po as an obsolete `#~` entry, and comes back if
the text does. No .mo files are written: ui/i18n.py compiles the .po files in memory.

`N_("...")` marks a text that is translated later by a `_(variable)` lookup (a table of phrases).
`M("...", **args)` and `P("one", "many", n=...)` are messages (companion.messages), translated when shown;
a plural entry has as many forms as the language's Plural-Forms header says (Russian: three).
A comment starting `# Translators:` just above a `_()` call is copied to the translators.
"""
from __future__ import annotations

import argparse
import io
import string
import sys
import tokenize
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("companion", "hardware", "ui", "entry")
LOCALES = ROOT / "ui" / "locales"
DOMAIN = "companion"
TEMPLATE = LOCALES / f"{DOMAIN}.pot"
LANGUAGES = ("nl", "it", "ru", "de")
KEYWORDS = {"_": None, "N_": None, "M": None, "P": (1, 2), "pgettext": ((1, "c"), 2)}
COMMENT_TAGS = ("Translators:",)
#: Lines of a catalogue that change on every run and alone are no reason to rewrite the file.
_VOLATILE = ('"POT-Creation-Date:', '"PO-Revision-Date:')


def po_path(language: str, locales: Path = LOCALES) -> Path:
    return locales / language / "LC_MESSAGES" / f"{DOMAIN}.po"


# -- extraction ---------------------------------------------------------------------------------------
def source_files(root: Path = ROOT) -> list[Path]:
    files = []
    for folder in SOURCES:
        files += [p for p in sorted((root / folder).rglob("*.py")) if "__pycache__" not in p.parts]
    return files


def extract(root: Path = ROOT) -> Catalog:
    """Every marked text in the code, as a template catalogue (locations without line numbers)."""
    template = _new_catalog()
    for path in source_files(root):
        relative = path.relative_to(root).as_posix()
        for lineno, message, comments, context in extract_from_file(
            "python", str(path), keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
        ):
            template.add(message, None, [(relative, lineno)], auto_comments=comments, context=context)
    return template


def _new_catalog(locale: str | None = None) -> Catalog:
    catalog = Catalog(locale=locale, domain=DOMAIN, charset="utf-8", fuzzy=False)
    _set_header(catalog)
    return catalog


def _set_header(catalog: Catalog) -> None:
    """The header fields this tool owns, the same in every catalogue."""
    language = catalog.locale.english_name if catalog.locale else None
    catalog.project, catalog.version = "table-companion", "0.1"
    catalog.copyright_holder, catalog.msgid_bugs_address = "the table-companion authors", ""
    catalog.last_translator = ""
    catalog.language_team = language or ""
    catalog.header_comment = (
        f"# {language + ' translations' if language else 'Translation template'} of the texts players read (table-companion).\n"
        "# Update with `python tools/i18n.py extract`, check with `python tools/i18n.py check`;\n"
        "# {placeholders} must stay exactly as in the English text.\n#"
    )


def _render(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, include_lineno=False, sort_output=False)
    return out.getvalue()


def _write_if_changed(path: Path, content: bytes) -> bool:
    def stable(data: bytes) -> list[bytes]:
        return [line for line in data.splitlines() if not line.startswith(tuple(v.encode() for v in _VOLATILE))]

    if path.exists() and stable(path.read_bytes()) == stable(content):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    return True


def update(root: Path = ROOT) -> list[str]:
    """Rewrite the template and merge it into each language; returns the files that changed."""
    template = extract(root)
    changed = []
    if _write_if_changed(TEMPLATE, _render(template)):
        changed.append(str(TEMPLATE.relative_to(ROOT)))
    for language in LANGUAGES:
        path = po_path(language)
        if path.exists():
            with path.open("rb") as f:
                catalog = read_po(f, locale=language, domain=DOMAIN)
            # Babel never revives obsolete entries; put back those whose text is in the code again.
            for key in [k for k in catalog.obsolete if k in template]:
                catalog[key] = catalog.obsolete.pop(key)
            _set_header(catalog)
        else:
            catalog = _new_catalog(language)
        catalog.update(template, update_creation_date=True)
        if _write_if_changed(path, _render(catalog)):
            changed.append(str(path.relative_to(ROOT)))
    return changed


# -- checks ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Problem:
    language: str
    kind: str  # "missing", "untranslated", "fuzzy", "placeholders", "unparsable", "whitespace"
    msgid: str
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.language}: {self.kind}: {self.msgid!r}" + (f" ({self.detail})" if self.detail else "")


def placeholders(text: str) -> set[str]:
    """The str.format fields of a text, e.g. {"{n}", "{value!r}"}; ValueError for unbalanced braces."""
    found = set()
    for _literal, field, spec, conversion in string.Formatter().parse(text):
        if field is not None:
            found.add("{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    return found


def _is_format(text: str) -> bool:
    try:
        placeholders(text)
    except ValueError:
        return False
    return True


def _edges(text: str) -> tuple[str, str]:
    """Leading and trailing white space: texts glued together (" ({n} lost)") need it kept."""
    return text[: len(text) - len(text.lstrip())], text[len(text.rstrip()):]


def read_catalog(language: str, locales: Path = LOCALES) -> Catalog:
    with po_path(language, locales).open("rb") as f:
        return read_po(f, locale=language, domain=DOMAIN, abort_invalid=True)


def check(languages: tuple[str, ...] = LANGUAGES, root: Path = ROOT, locales: Path = LOCALES) -> list[Problem]:
    """Problems with the translations of every text the code marks *now* (not the committed .pot)."""
    template = extract(root)
    problems = []
    for language in languages:
        if not po_path(language, locales).exists():
            problems.append(Problem(language, "missing", "*", f"no {po_path(language, locales)}"))
            continue
        catalog = read_catalog(language, locales)
        for wanted in template:
            if not wanted.id:
                continue
            message = catalog.get(wanted.id, wanted.context)
            if message is None:
                problems.append(Problem(language, "missing", _shown(wanted.id), "run: python tools/i18n.py extract"))
            elif wanted.pluralizable:
                problems += _plural_problems(language, wanted.id, message, catalog.num_plurals)
            else:
                problems += _problems(language, wanted.id, message.string, message.fuzzy)
    return problems


def _shown(msgid: str | tuple[str, ...]) -> str:
    return msgid if isinstance(msgid, str) else msgid[0]


def _problems(language: str, msgid: str, translation: str, fuzzy: bool, allowed: set[str] | None = None) -> list[Problem]:
    """One translated text: present, checked, white space at the edges kept, the same placeholders
    (a plural form may leave out some of the English ones, `allowed`, but never add one)."""
    if not translation:
        return [Problem(language, "untranslated", msgid)]
    if fuzzy:
        return [Problem(language, "fuzzy", msgid, translation)]
    if _edges(msgid) != _edges(translation):
        return [Problem(language, "whitespace", msgid,
                        f"the English text starts/ends with {_edges(msgid)!r}, the translation {translation!r}")]
    if not _is_format(msgid):
        return []
    try:
        theirs = placeholders(translation)
    except ValueError as exc:
        return [Problem(language, "unparsable", msgid, f"{translation!r}: {exc}")]
    ours = placeholders(msgid)
    if (theirs != ours) if allowed is None else not theirs <= allowed:
        return [Problem(language, "placeholders", msgid, f"expected {sorted(ours)}, got {sorted(theirs)} in {translation!r}")]
    return []


def _plural_problems(language: str, msgid: tuple[str, ...], message: Any, forms: int) -> list[Problem]:
    """Every plural form the language has is translated; none invents a placeholder."""
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    if len(strings) < forms or not all(strings[:forms]):
        return [Problem(language, "untranslated", msgid[0], f"needs {forms} plural forms")]
    allowed = placeholders(msgid[0]) | placeholders(msgid[1])
    found: list[Problem] = []
    for form in strings[:forms]:
        found += _problems(language, msgid[1], form, message.fuzzy, allowed)
    return found


def symbols_in_code(paths: list[Path]) -> set[str]:
    """The non-ASCII characters in the string literals of Python files (what a screen may show)."""
    kinds = {tokenize.STRING} | {getattr(tokenize, name) for name in ("FSTRING_MIDDLE",) if hasattr(tokenize, name)}
    found = set()
    for path in paths:
        with path.open("rb") as f:
            for token in tokenize.tokenize(f.readline):
                if token.type in kinds:
                    found |= {ch for ch in token.string if ord(ch) > 127}
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("extract", "check"))
    args = parser.parse_args(argv)
    if args.action == "extract":
        changed = update()
        count = sum(1 for m in extract() if m.id)
        print(f"{count} texts; " + (f"updated {', '.join(changed)}" if changed else "nothing changed"))
        return 0
    problems = check()
    for problem in problems:
        print(problem)
    count = sum(1 for m in extract() if m.id)
    print(f"{count} texts x {len(LANGUAGES)} languages: " + (f"{len(problems)} problem(s)" if problems else "all translated"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
