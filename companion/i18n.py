"""Translation hook for every text a player reads.

Core code builds `Message`s (companion.messages) that are translated when shown; the few texts that
are rendered on the spot use `_()`. The UI installs a gettext catalogue with `use()`; until then the
English text is used as is. One language per process: one table, one language.
"""
from __future__ import annotations

import gettext

_translation: gettext.NullTranslations = gettext.NullTranslations()


def use(translation: gettext.NullTranslations) -> None:
    global _translation
    _translation = translation


def translate(message: str) -> str:
    return _translation.gettext(message)


def translate_plural(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def _(message: str) -> str:
    return _translation.gettext(message)


def N_(message: str) -> str:  # noqa: N802 - the gettext convention
    """Marks a string for the catalogue where it is defined; `_()` translates it where it is shown."""
    return message
