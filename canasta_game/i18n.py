"""The one translation function every player-visible text goes through.

English is the source language. Catalogues for Czech, Spanish and Italian will be gettext
``.mo`` files under ``canasta_game/locale``; until they exist gettext falls back to the
English text, so calling ``_()`` everywhere now means no string has to be hunted down later.
"""

from __future__ import annotations

import gettext
from pathlib import Path

DOMAIN = "canasta_game"
LOCALE_DIR = Path(__file__).with_name("locale")
LANGUAGES = ("en", "cs", "es", "it")

_translation: gettext.NullTranslations = gettext.NullTranslations()


def set_language(code: str) -> None:
    """Switch the active catalogue; an unknown or missing language falls back to English."""
    global _translation
    _translation = gettext.translation(
        DOMAIN, localedir=LOCALE_DIR, languages=[code], fallback=True
    )


def _(message: str) -> str:
    """Translate ``message`` into the active language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """Translate a message whose form depends on ``count`` (plural rules of the language)."""
    return _translation.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` in ``context`` (e.g. the grammatical role of a card's name)."""
    return _translation.pgettext(context, message)
