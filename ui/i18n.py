"""The players' language: gettext catalogues compiled in memory from the .po files of the shell
(ui/locales/<code>/LC_MESSAGES/companion.po) and of every game (companion/games/<id>/locales/<code>/LC_MESSAGES/<id>.po).

Each game owns its words (the texts of its rules and of its screens, ui/games/<id>/); the shell's
catalogue holds the rest, and the texts the shell shares with a game. No .mo file is committed or
built: the first switch to a language reads its .po files with Babel, merges them into one catalogue
(the shell's first: a text is in one catalogue only, or the same in several games'), compiles it into a
BytesIO and keeps the resulting GNUTranslations for the life of the process — a fresh clone needs no
build step. Entries marked fuzzy or left empty fall back to the English text. `set_language()` installs
the catalogue in `companion.i18n`, so every `_()` in the core, the hardware layer and the UI speaks that
language from the next call on: the table's language, which the voice speaks and every screen shows by
default. A phone's page may read in a language of its own: `speaking(code)` around its drawing (ui/app.py does it).

Catalogues are maintained with `python tools/i18n.py extract` and `python tools/i18n.py check`.
"""
from __future__ import annotations

import gettext
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from companion import games
from companion import i18n as core_i18n

LANGUAGES = {"en": "English", "nl": "Nederlands", "it": "Italiano", "ru": "Русский", "de": "Deutsch"}
SOURCE_LANGUAGE = "en"
DOMAIN = "companion"
LOCALES = Path(__file__).resolve().parent / "locales"

_cache: dict[str, gettext.NullTranslations] = {}
_lock = threading.Lock()
_current = SOURCE_LANGUAGE


def _check(code: str) -> str:
    if code not in LANGUAGES:
        known = ", ".join(f"{c} ({name})" for c, name in LANGUAGES.items())
        raise ValueError(f"Unknown language {code!r}; choose one of {known}.")
    return code


def catalogue_path(code: str) -> Path:
    """The shell's catalogue of a language."""
    return LOCALES / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalogue_paths(code: str) -> list[Path]:
    """Every catalogue of a language: the shell's, then each game's (companion/games/<id>/locales/)."""
    found = [catalogue_path(code)]
    for folder in games.__path__:
        found += sorted(Path(folder).glob(f"*/locales/{code}/LC_MESSAGES/*.po"))
    return found


def _compile(code: str) -> gettext.GNUTranslations:
    shell, *own = catalogue_paths(code)
    try:
        catalog = _read(shell, code)
    except FileNotFoundError:
        raise FileNotFoundError(f"The {LANGUAGES[code]} catalogue is missing: {shell}") from None
    for path in own:
        for message in _read(path, code):
            if message.id and not _usable(catalog.get(message.id, message.context)):
                catalog.delete(message.id, message.context)  # setting a known id would only add to the entry
                catalog[message.id] = message
    buffer = BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def _usable(message: Message | None) -> bool:
    """Translated and checked (not fuzzy): a game's copy of a shared text never hides such an entry."""
    forms = () if message is None else message.string if isinstance(message.string, tuple) else (message.string,)
    return message is not None and not message.fuzzy and all(forms) and bool(forms)


def _read(path: Path, code: str) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=code, domain=DOMAIN)


def translation(code: str) -> gettext.NullTranslations:
    """The catalogue for `code`, compiled once per process; English is the identity."""
    _check(code)
    if code == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    with _lock:
        if code not in _cache:
            _cache[code] = _compile(code)
        return _cache[code]


def set_language(code: str) -> None:
    """Make every `_()` answer in `code` ("en", "nl", "it", "ru", "de"); ValueError for anything else."""
    global _current
    catalogue = translation(code)
    core_i18n.use(catalogue, code)
    _current = code


def current_language() -> str:
    return _current


def clear_cache() -> None:
    """Forget compiled catalogues (after editing a .po while the companion runs)."""
    with _lock:
        _cache.clear()


@contextmanager
def speaking(code: str | None) -> Iterator[None]:
    """Texts rendered inside read in `code` (None: the table's language)."""
    with core_i18n.speaking(translation(code) if code is not None else core_i18n.TABLE_LANGUAGE):
        yield
