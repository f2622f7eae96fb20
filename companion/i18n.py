"""Translation hook for every text a player reads.

Core code builds `Message`s (companion.messages) that are translated when shown; the few texts that
are rendered on the spot use `_()`. The UI installs a gettext catalogue with `use()`; until then the
English text is used as is. One language per process: one table, one language.
"""
from __future__ import annotations

import gettext

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def use(translation: gettext.NullTranslations, language: str = "en") -> None:
    """Speak `language` (its catalogue `translation`) from the next text on."""
    global _translation, _language
    _translation, _language = translation, language


def language() -> str:
    """The table's language code ("en", "nl", "it", "ru", "de"): what the speaker speaks."""
    return _language


def translate(message: str) -> str:
    return _translation.gettext(message)


def translate_plural(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def _(message: str) -> str:
    return _translation.gettext(message)


def N_(message: str) -> str:  # noqa: N802 - the gettext convention
    """Marks a string for the catalogue where it is defined; `_()` translates it where it is shown."""
    return message
