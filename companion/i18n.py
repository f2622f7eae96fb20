"""Translation hook for every sentence a player reads.

Core code marks such strings with `_()`; the UI installs a gettext catalogue with `use()`.
Until then the English text is used as is.
"""
import gettext

_translation: gettext.NullTranslations = gettext.NullTranslations()


def use(translation: gettext.NullTranslations) -> None:
    global _translation
    _translation = translation


def _(message: str) -> str:
    return _translation.gettext(message)


def N_(message: str) -> str:
    """Marks a string for the catalogue where it is defined; `_()` translates it where it is shown."""
    return message
