"""Translation hook for every text a player reads.

Core code builds `Message`s (companion.messages) that are translated when shown; the few texts that
are rendered on the spot use `_()`. The UI installs the table's gettext catalogue with `use()`; until
then the English text is used as is. The table's language is what the speaker speaks and what every
screen shows by default; a screen of its own (a phone) may read in another language: the UI sets it
around that screen's drawing with `speaking()`, or names it through `follow()` (the screen of the
event being handled). `speaking(TABLE_LANGUAGE)` forces the table's language back (a phone's tap
that makes the voice speak).
"""
from __future__ import annotations

import gettext
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"
#: the languages a table may choose (the screens, the voice, the command line's --lang)
TABLE_LANGUAGES = ("en", "nl", "it", "ru", "de")
#: marks "the table's language" for `speaking()`, over any page's own
TABLE_LANGUAGE = gettext.NullTranslations()
_speaking: ContextVar[gettext.NullTranslations | None] = ContextVar("companion_speaking", default=None)
_follow: Callable[[], gettext.NullTranslations | None] | None = None


def use(translation: gettext.NullTranslations, language: str = "en") -> None:
    """Speak `language` (its catalogue `translation`) from the next text on."""
    global _translation, _language
    _translation, _language = translation, language


def language() -> str:
    """The table's language code ("en", "nl", "it", "ru", "de"): what the speaker speaks."""
    return _language


@contextmanager
def speaking(translation: gettext.NullTranslations) -> Iterator[None]:
    """Texts rendered inside (on this thread or task) use `translation`; TABLE_LANGUAGE: the table's."""
    token = _speaking.set(translation)
    try:
        yield
    finally:
        _speaking.reset(token)


def follow(lookup: Callable[[], gettext.NullTranslations | None] | None) -> None:
    """`lookup()` names the catalogue of the screen whose event is being handled (None: the table's)."""
    global _follow
    _follow = lookup


def _current() -> gettext.NullTranslations:
    chosen = _speaking.get()
    if chosen is None and _follow is not None:
        chosen = _follow()
    return _translation if chosen is None or chosen is TABLE_LANGUAGE else chosen


def translate(message: str) -> str:
    return _current().gettext(message)


def translate_plural(singular: str, plural: str, n: int) -> str:
    return _current().ngettext(singular, plural, n)


def _(message: str) -> str:
    return _current().gettext(message)


def pgettext(context: str, message: str) -> str:
    """`message` in the context it is shown in — a word whose meaning differs per game ("Level" a Munchkin's
    level, "Clues" Elder Sign's tokens): its translation is looked up under `context` (msgctxt), so each game
    gets its own. Falls back to `message` untranslated, as `_` does."""
    return _current().pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 - the gettext convention
    """Marks a string for the catalogue where it is defined; `_()` translates it where it is shown."""
    return message
