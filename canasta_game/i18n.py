"""The translation functions every player-visible text goes through, and number formatting.

English is the source language. Czech, Spanish and Italian are gettext catalogues under
``canasta_game/locale/<code>/LC_MESSAGES``: the ``.po`` files are written by translators and
the compiled ``.mo`` files next to them are what the game reads, with nothing but the
standard library. ``tools/translations.py`` re-extracts ``canasta_game.pot`` from the code
and updates the catalogues (README, "Translations").

Markers the extractor knows: ``_`` for a text used where it is written, ``N_`` for a
constant translated later (``_(CONSTANT)`` at the place of use), ``ngettext`` for a
sentence with a count (Czech has three plural forms), ``pgettext`` and ``npgettext`` where
one English word needs two translations.
"""

from __future__ import annotations

import contextlib
import gettext
import locale
import os
from collections.abc import Callable, Mapping
from pathlib import Path

DOMAIN = "canasta_game"
LOCALE_DIR = Path(__file__).with_name("locale")
LANGUAGES = ("en", "cs", "es", "it")
SOURCE_LANGUAGE = "en"

LANGUAGE_NAMES = {"cs": "Čeština", "en": "English", "es": "Español", "it": "Italiano"}
"""Each language in its own words, so a player can find theirs whatever is active."""

_SYSTEM_NAMES = {"czech": "cs", "english": "en", "spanish": "es", "italian": "it"}
"""Windows reports locales by English name ("Czech_Czechia.1250"), not by code."""

_GROUPING = {"en": (",", 1), "cs": ("\u00a0", 1), "es": (".", 2), "it": (".", 1)}
"""Thousands separator and the fewest digits before it that get grouped (CLDR): English
1,130; Czech 1 130 (no-break space); Spanish 1130 but 10.000; Italian 1.130."""
_DECIMAL = {"en": ".", "cs": ",", "es": ",", "it": ","}

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE
_listeners: list[Callable[[str], None]] = []


def set_language(code: str) -> None:
    """Switch the active catalogue; an unknown or missing language falls back to English."""
    global _translation, _language
    _language = code if code in LANGUAGES else SOURCE_LANGUAGE
    _translation = gettext.translation(
        DOMAIN, localedir=LOCALE_DIR, languages=[_language], fallback=True
    )
    for listener in list(_listeners):
        listener(_language)


def language() -> str:
    """The active language's code."""
    return _language


def on_language_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(code)`` after every ``set_language`` (caches of rendered text)."""
    _listeners.append(listener)


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The first of the four languages the system asks for, English when it asks for none.

    POSIX puts the wish in LANGUAGE (a list), LC_ALL, LC_MESSAGES or LANG ("cs_CZ.UTF-8");
    Windows and macOS apps started by double-click often have none of these, so the C
    library's locale is asked last.
    """
    env = os.environ if environ is None else environ
    wishes: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        wishes.extend(part for part in env.get(name, "").split(":") if part)
    if environ is None:
        with contextlib.suppress(ValueError):
            wishes.append(locale.getlocale()[0] or "")
    for wish in wishes:
        head = wish.replace("-", "_").split("_")[0].split(".")[0].lower()
        code = _SYSTEM_NAMES.get(head, head)
        if code in LANGUAGES:
            return code
    return SOURCE_LANGUAGE


def _(message: str) -> str:
    """Translate ``message`` into the active language."""
    return _translation.gettext(message)


def N_(message: str) -> str:
    """Mark a constant for the extractor; it is translated by ``_()`` where it is shown."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted sentence that fits ``count`` in the active language."""
    return _translation.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` in ``context``, for a word that needs two translations."""
    return _translation.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """``ngettext`` within a context."""
    return _translation.npgettext(context, singular, plural, count)


def format_number(value: float) -> str:
    """A number (a score, a target, 0.5 seconds) written as the active language writes it.

    Every score and total on every screen goes through here, so the header, the score
    dialog and the statistics group digits the same way; a fraction keeps up to two
    decimals, with the language's decimal comma or point.
    """
    if value != int(value):
        text = f"{value:.2f}".rstrip("0")
        return text.replace(".", _DECIMAL.get(_language, "."))
    separator, min_grouping = _GROUPING.get(_language, _GROUPING[SOURCE_LANGUAGE])
    digits = str(abs(int(value)))
    if len(digits) >= 4 + min_grouping - 1:
        groups = []
        while len(digits) > 3:
            groups.insert(0, digits[-3:])
            digits = digits[:-3]
        digits = separator.join([digits, *groups])
    return f"-{digits}" if value < 0 else digits
