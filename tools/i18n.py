"""Keep the translation catalogues in step with the code.

    python tools/i18n.py extract   # scan companion/, hardware/, ui/, entry/ for _("..."), N_("..."),
                                   # M("..."), P("singular", "plural", n=...) and pgettext("ctx", "..."),
                                   # rewrite every catalogue's .pot, merge it into each of its .po
    python tools/i18n.py extract --merge-from BRANCH
                                   # the same, also taking every translation BRANCH changed since it forked
    python tools/i18n.py check     # untranslated, fuzzy, misplaced and placeholder problems, settings
                                   # labels not marked, bound commands without a name; exit 1 if any

Each game owns its words. A text marked in `companion/games/<id>/` or `ui/games/<id>/` (the game's rules
and its screens) belongs to the game's catalogue: `companion/games/<id>/locales/<id>.pot` and
`<language>/LC_MESSAGES/<id>.po`. Every other text belongs to the shell's: `ui/locales/companion.pot` and
`<language>/LC_MESSAGES/companion.po`. A text the shell marks too stays in the shell's alone (the game
reads it from there); a text several games mark, and not the shell, is in each of their catalogues,
translated the same (`check` says when they differ: ui/i18n.py merges every catalogue into one at load).
So adding a game writes only into its own folder.

`extract` puts every entry where it belongs and takes its translation from wherever it stands now, in
this order: what `--merge-from` BRANCH changed; an entry standing where it does not belong (a branch from
before the text moved wrote it there: it is the newest); the catalogue's own entry; another catalogue's
copy of it; an obsolete entry. A text new to the code, or changed, gets an empty entry: nothing is guessed
from a similar text (such guesses were often wrong: "Coin race" → "Beitrittscode"). A text no longer in
the code stays at the end of its .po as an obsolete `#~` entry, and comes back if the text does. No .mo
files are written: ui/i18n.py compiles the .po files in memory.

`N_("...")` marks a text that is translated later by a `_(variable)` lookup (a table of phrases, a setting's
label). `M("...", **args)` and `P("one", "many", n=...)` are messages (companion.messages), translated when
shown; a plural entry has as many forms as the language's Plural-Forms header says (Russian: three).
A comment starting `# Translators:` just above a marked text is copied to the translators.
"""
from __future__ import annotations

import argparse
import io
import string
import subprocess
import sys
import tokenize
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

if TYPE_CHECKING:
    from companion.game import GameDefinition

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("companion", "hardware", "ui", "entry")
#: where a game's own files are: `<folder>/<id>/…` (its rules, its screens)
GAME_FOLDERS = ("companion/games", "ui/games")
SHELL = "shell"
SHELL_DOMAIN = "companion"
LANGUAGES = ("nl", "it", "ru", "de")
KEYWORDS = {"_": None, "N_": None, "M": None, "P": (1, 2), "pgettext": ((1, "c"), 2)}
COMMENT_TAGS = ("Translators:",)
#: Lines of a catalogue that change on every run and alone are no reason to rewrite the file.
_VOLATILE = ('"POT-Creation-Date:', '"PO-Revision-Date:')
#: an entry's key: (msgctxt, msgid) — a plural entry by its singular
Key = tuple[str | None, str]


# -- the catalogues -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Catalogue:
    """The shell's catalogue (`name` SHELL) or one game's (`name` its id): a template and a .po per language."""

    name: str
    folder: Path

    @property
    def domain(self) -> str:
        return SHELL_DOMAIN if self.name == SHELL else self.name

    @property
    def template(self) -> Path:
        return self.folder / f"{self.domain}.pot"

    def po(self, language: str) -> Path:
        return self.folder / language / "LC_MESSAGES" / f"{self.domain}.po"


def catalogue(name: str, root: Path = ROOT) -> Catalogue:
    folder = root / "ui" / "locales" if name == SHELL else root / "companion" / "games" / name / "locales"
    return Catalogue(name, folder)


def po_path(language: str, name: str = SHELL, root: Path = ROOT) -> Path:
    return catalogue(name, root).po(language)


def owner(location: str) -> str:
    """Whose catalogue a text marked in this file belongs to: the game's whose folder holds it, else SHELL."""
    parts = location.split("/")
    if len(parts) > 3 and "/".join(parts[:2]) in GAME_FOLDERS:
        return parts[2]
    return SHELL


def names(root: Path = ROOT, parts: Iterable[str] = ()) -> list[str]:
    """Every catalogue: the shell's first, then each game's that has texts or a locales folder already."""
    existing = {path.parent.name for path in (root / "companion" / "games").glob("*/locales")}
    return [SHELL, *sorted((existing | set(parts)) - {SHELL})]


def key(message: Message) -> Key:
    return _key_of(message.id, message.context)


# -- extraction -----------------------------------------------------------------------------------------
def source_files(root: Path = ROOT) -> list[Path]:
    files = []
    for folder in SOURCES:
        files += [p for p in sorted((root / folder).rglob("*.py")) if "__pycache__" not in p.parts]
    return files


#: one marked text where the code marks it: (file, line, msgid, comments for translators, msgctxt)
Occurrence = tuple[str, int, Any, list[str], "str | None"]


def occurrences(root: Path = ROOT) -> list[Occurrence]:
    """Every marked text of the code, in the order of the files and of their lines."""
    found = []
    for path in source_files(root):
        relative = path.relative_to(root).as_posix()
        for lineno, message, comments, context in extract_from_file(
            "python", str(path), keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
        ):
            found.append((relative, lineno, message, comments, context))
    return found


def extract(root: Path = ROOT) -> Catalog:
    """Every marked text in the code, as one template catalogue (locations without line numbers)."""
    template = _new_catalog()
    for relative, lineno, message, comments, context in occurrences(root):
        template.add(message, None, [(relative, lineno)], auto_comments=comments, context=context)
    return template


def split(root: Path = ROOT) -> dict[str, Catalog]:
    """Each catalogue's template: every text where it belongs, naming only that catalogue's own
    files, in the order they mark it (so a new game's files, wherever they sort, change no other catalogue)."""
    found = occurrences(root)
    owners: dict[Key, set[str]] = {}
    for relative, _lineno, message, _comments, context in found:
        owners.setdefault(_key_of(message, context), set()).add(owner(relative))
    parts: dict[str, Catalog] = {}
    for relative, lineno, message, comments, context in found:
        mine, everyone = owner(relative), owners[_key_of(message, context)]
        if mine == SHELL or SHELL not in everyone:
            part = parts.setdefault(mine, _new_catalog(name=mine))
            part.add(message, None, [(relative, lineno)], auto_comments=comments, context=context)
    return parts


def _key_of(message: str | tuple[str, ...], context: str | None) -> Key:
    return context, message if isinstance(message, str) else message[0]


def _new_catalog(locale: str | None = None, name: str = SHELL) -> Catalog:
    catalog = Catalog(locale=locale, domain=SHELL_DOMAIN if name == SHELL else name, charset="utf-8", fuzzy=False)
    _set_header(catalog, name)
    return catalog


def _set_header(catalog: Catalog, name: str) -> None:
    """The header fields this tool owns, the same in every catalogue."""
    language = catalog.locale.english_name if catalog.locale else None
    whose = "the texts players read" if name == SHELL else f"the game {name}'s own texts"
    catalog.project, catalog.version = "table-companion", "0.1"
    catalog.copyright_holder, catalog.msgid_bugs_address = "the table-companion authors", ""
    catalog.last_translator = ""
    catalog.language_team = language or ""
    catalog.header_comment = (
        f"# {language + ' translations' if language else 'Translation template'} of {whose} (table-companion).\n"
        "# Update with `python tools/i18n.py extract`, check with `python tools/i18n.py check`;\n"
        "# {placeholders} must stay exactly as in the English text.\n#"
    )


def render(catalog: Catalog) -> bytes:
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


def read(path: Path, language: str, strict: bool = False) -> Catalog | None:
    """A .po file, or None when there is none."""
    if not path.exists():
        return None
    with path.open("rb") as f:
        return read_po(f, locale=language, abort_invalid=strict)


def read_all(language: str, root: Path = ROOT) -> dict[str, Catalog]:
    """Every catalogue of a language that exists, by name (the shell's first)."""
    found = {name: read(catalogue(name, root).po(language), language, strict=True) for name in names(root)}
    return {name: catalog for name, catalog in found.items() if catalog is not None}


# -- putting every entry where it belongs ------------------------------------------------------------------
def _translated(message: Message | None) -> bool:
    if message is None:
        return False
    forms = message.string if isinstance(message.string, tuple) else (message.string,)
    return any(forms)


@dataclass
class _Known:
    """Every translation of one language that exists now: each catalogue's entries (active and obsolete),
    which catalogue each text belongs to now, and what a branch being merged changed."""

    active: dict[str, dict[Key, Message]]
    obsolete: dict[str, dict[Key, Message]]
    parts: Mapping[str, set[Key]]
    changed: Mapping[Key, Message]

    @classmethod
    def of(cls, old: Mapping[str, Catalog | None], parts: Mapping[str, Catalog], changed: Mapping[Key, Message]) -> _Known:
        active = {name: {key(m): m for m in catalog if m.id} for name, catalog in old.items() if catalog is not None}
        obsolete = {name: {key(m): m for m in catalog.obsolete.values()} for name, catalog in old.items() if catalog is not None}
        return cls(active, obsolete, {name: {key(m) for m in part if m.id} for name, part in parts.items()}, changed)

    def translation(self, name: str, wanted: Key) -> Message | None:
        """The translation catalogue `name` gets for `wanted` (see the module docstring for the order)."""
        misplaced = [entries.get(wanted) for other, entries in self.active.items() if wanted not in self.parts.get(other, set())]
        copies = [entries.get(wanted) for other, entries in self.active.items() if other != name and wanted in self.parts.get(other, set())]
        old = [self.obsolete.get(name, {}).get(wanted)] + [entries.get(wanted) for other, entries in self.obsolete.items() if other != name]
        ordered = [self.changed.get(wanted), *misplaced, self.active.get(name, {}).get(wanted), *copies, *old]
        found = [m for m in ordered if m is not None and _translated(m)]
        return next((m for m in found if not m.fuzzy), found[0] if found else None)

    def retired(self, name: str) -> list[Message]:
        """This catalogue's entries whose text is in no catalogue now: obsolete, kept for when it comes back."""
        everywhere = set().union(*self.parts.values()) if self.parts else set()
        kept = {**self.obsolete.get(name, {}), **self.active.get(name, {})}
        return [m for k, m in kept.items() if k not in everywhere]


def _merged(part: Catalog, language: str, name: str, known: _Known) -> Catalog:
    """Catalogue `name` in `language`: each text of its template with the translation `known` gives it."""
    catalog = _new_catalog(language, name)
    for wanted in part:
        if not wanted.id:
            continue
        found = known.translation(name, key(wanted))
        fits = found is not None and isinstance(found.string, tuple) == isinstance(wanted.id, tuple)
        catalog[wanted.id] = Message(
            wanted.id, found.string if found is not None and fits else "", wanted.locations,
            flags=set(wanted.flags) | ({"fuzzy"} if found is not None and fits and found.fuzzy else set()),
            auto_comments=wanted.auto_comments, user_comments=found.user_comments if found is not None and fits else (),
            context=wanted.context)
    for message in known.retired(name):
        catalog.obsolete[catalog._key_for(message.id, message.context)] = message
    return catalog


def update(root: Path = ROOT, changed: Mapping[str, Mapping[Key, Message]] | None = None) -> list[str]:
    """Rewrite every catalogue's template and .po files; returns the files that changed. `changed`:
    language -> translations that win over any other (what a branch being merged changed)."""
    parts = split(root)
    everyone = names(root, parts)
    written = []
    for name in everyone:
        place = catalogue(name, root)
        if _write_if_changed(place.template, render(parts.get(name, _new_catalog(name=name)))):
            written.append(place.template)
    for language in LANGUAGES:
        old = {name: read(catalogue(name, root).po(language), language) for name in everyone}
        known = _Known.of(old, parts, (changed or {}).get(language, {}))
        for name in everyone:
            merged = _merged(parts.get(name, _new_catalog(name=name)), language, name, known)
            if (merged or merged.obsolete or old[name] is not None) and _write_if_changed(catalogue(name, root).po(language), render(merged)):
                written.append(catalogue(name, root).po(language))
    return [str(path.relative_to(root)) for path in written]


def branch_changes(branch: str, root: Path = ROOT) -> dict[str, dict[Key, Message]]:
    """language -> every translation `branch` wrote or changed since it forked from HEAD, in whichever of
    its catalogue files (the shell's or a game's): what a merge of `branch` must keep, wherever the text
    belongs now. An entry only moved from one file to another is no change."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, text=True).stdout

    def translations(revision: str) -> dict[str, dict[Key, list[Message]]]:
        found: dict[str, dict[Key, list[Message]]] = {}
        for path in git("ls-tree", "-r", "--name-only", revision, "--", "ui/locales", "companion/games").splitlines():
            parts = path.split("/")
            if path.endswith(".po") and len(parts) > 3 and parts[-2] == "LC_MESSAGES" and parts[-3] in LANGUAGES:
                catalog = read_po(io.BytesIO(git("show", f"{revision}:{path}").encode()), locale=parts[-3])
                for message in (m for m in catalog if m.id and _translated(m)):
                    found.setdefault(parts[-3], {}).setdefault(key(message), []).append(message)
        return found

    tip = git("rev-parse", branch).strip()
    base = git("merge-base", "HEAD", tip).strip()
    if base == tip:  # merged already: where it forked from the first parent
        base = git("merge-base", "HEAD^1", tip).strip()
    before, after = translations(base), translations(tip)
    changed: dict[str, dict[Key, Message]] = {}
    for language, entries in after.items():
        for k, messages in entries.items():
            known = {(str(m.string), m.fuzzy) for m in before.get(language, {}).get(k, [])}
            for message in (m for m in messages if (str(m.string), m.fuzzy) not in known):
                changed.setdefault(language, {})[k] = message
    return changed


# -- checks ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Problem:
    language: str  # "*": every language (a text not marked, a command without a name)
    kind: str  # "missing", "untranslated", "fuzzy", "placeholders", "unparsable", "whitespace", "misplaced",
    #            "differs", "unmarked", "unnamed"
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


def check(languages: tuple[str, ...] = LANGUAGES, root: Path = ROOT, parts: Mapping[str, Catalog] | None = None) -> list[Problem]:
    """Problems with the translations of every text the code marks *now* (not the committed templates):
    each in the catalogue it belongs to, none left where it does not, a text several games share translated
    alike. `parts`: `split(root)`, when the caller has it already."""
    parts = split(root) if parts is None else parts
    problems = []
    for language in languages:
        found = {name: read(catalogue(name, root).po(language), language, strict=True) for name in names(root, parts)}
        for name, part in parts.items():
            catalog, path = found[name], catalogue(name, root).po(language).relative_to(root)
            if catalog is None:
                problems.append(Problem(language, "missing", "*", f"no {path}; run: python tools/i18n.py extract"))
                continue
            for wanted in (m for m in part if m.id):
                message = catalog.get(wanted.id, wanted.context)
                if message is None:
                    problems.append(Problem(language, "missing", _shown(wanted.id), f"in {path}; run: python tools/i18n.py extract"))
                elif wanted.pluralizable:
                    problems += _plural_problems(language, wanted.id, message, catalog.num_plurals)
                else:
                    problems += _problems(language, wanted.id, message.string, message.fuzzy)
        problems += _misplaced(language, found, parts, root) + _differing(language, found, parts)
    return problems


def _misplaced(language: str, found: Mapping[str, Catalog | None], parts: Mapping[str, Catalog], root: Path) -> list[Problem]:
    """Entries standing in a catalogue the text does not belong to (or no longer in the code at all)."""
    belongs = {name: {key(m) for m in part if m.id} for name, part in parts.items()}
    problems = []
    for name, catalog in found.items():
        for message in (m for m in catalog or () if m.id and key(m) not in belongs.get(name, set())):
            where = [other for other, keys in belongs.items() if key(message) in keys]
            problems.append(Problem(language, "misplaced", _shown(message.id),
                                    f"in {catalogue(name, root).po(language).relative_to(root)}, belongs to "
                                    f"{' and '.join(where) or 'no catalogue (not in the code)'}; run: python tools/i18n.py extract"))
    return problems


def _differing(language: str, found: Mapping[str, Catalog | None], parts: Mapping[str, Catalog]) -> list[Problem]:
    """A text several games share is one entry once the catalogues are merged: its copies must agree."""
    copies: dict[Key, dict[str, Any]] = {}
    for name, part in parts.items():
        catalog = found.get(name)
        for wanted in (m for m in part if m.id and catalog is not None):
            message = catalog.get(wanted.id, wanted.context) if catalog is not None else None
            if message is not None and _translated(message):
                copies.setdefault(key(wanted), {})[name] = message.string
    return [Problem(language, "differs", wanted[1], "; ".join(f"{name}: {text!r}" for name, text in by.items()))
            for wanted, by in copies.items() if len({str(text) for text in by.values()}) > 1]


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


def unmarked(games: Mapping[str, GameDefinition], root: Path = ROOT, parts: Mapping[str, Catalog] | None = None) -> list[Problem]:
    """What a game shows that no catalogue can translate: a setting's label, help or choice whose text is
    not marked (`N_("…")`) in the game's folder or the shell, and a command bound to a gesture that the
    game's `name_command` gives no words for (the gesture card and the voice would say it in English)."""
    from companion.gestures import unnamed
    from companion.settings import texts

    marked = {name: {key(m) for m in part if m.id} for name, part in (split(root) if parts is None else parts).items()}
    problems = []
    for game_id, game in games.items():
        readable = marked.get(game_id, set()) | marked.get(SHELL, set())
        problems += [Problem("*", "unmarked", text, f"{game_id}'s setting {where}: mark it N_(\"…\") in companion/games/{game_id}/")
                     for where, text in texts(game.settings) if (None, text) not in readable and any(ch.isalpha() for ch in text)]
        problems += [Problem("*", "unnamed", what, f"{game_id}: its name_command gives no words for it") for what in unnamed(game)]
    return problems


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


def shipped_games() -> dict[str, GameDefinition]:
    """The games under companion/games/ (not a test's extra game named in $COMPANION_GAMES)."""
    sys.path.insert(0, str(ROOT))
    from companion.registry import all_games

    return {game_id: game for game_id, game in all_games().items() if (ROOT / "companion" / "games" / game_id).is_dir()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("extract", "check"))
    parser.add_argument("--merge-from", metavar="BRANCH", help="extract: also take every translation BRANCH changed since it forked")
    args = parser.parse_args(argv)
    parts = split()
    count = len({key(m) for part in parts.values() for m in part if m.id})
    if args.action == "extract":
        changed = update(changed=branch_changes(args.merge_from) if args.merge_from else None)
        print(f"{count} texts; " + (f"updated {', '.join(changed)}" if changed else "nothing changed"))
        return 0
    problems = check(parts=parts) + unmarked(shipped_games(), parts=parts)
    for problem in problems:
        print(problem)
    print(f"{count} texts x {len(LANGUAGES)} languages: " + (f"{len(problems)} problem(s)" if problems else "all translated"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
