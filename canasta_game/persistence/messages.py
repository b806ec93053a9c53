"""Player-facing explanations for a ``Problem``.

Each message answers, in plain words, the three questions a player has: what went wrong,
where is my file now, and what can I do. The "what can I do" part depends on the document
(a match offers "continue from the backup", settings just fall back to defaults), so callers
pass it in as ``DocumentTexts``, built at call time so that the active language is used.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from canasta_game.i18n import _
from canasta_game.persistence.results import ProblemCode


@dataclass(frozen=True)
class DocumentTexts:
    """How to talk about one kind of document.

    ``label`` starts a sentence ("Your saved match"). ``advice_with_backup`` may use
    ``{backup}`` for the backup's path; ``advice_without_backup`` may be empty.
    """

    label: str
    advice_with_backup: str
    advice_without_backup: str


def generic_texts() -> DocumentTexts:
    """Wording for callers that did not supply their own."""
    return DocumentTexts(
        label=_("The file"),
        advice_with_backup=_("A backup copy ({backup}) can be used instead."),
        advice_without_backup="",
    )


def _headline(code: ProblemCode, what: str, reason: str) -> str:
    """One sentence on what went wrong, in the player's terms rather than the parser's."""
    if code == "corrupt":
        text = _("{what} could not be read (the file is damaged).")
    elif code == "wrong_shape":
        text = _("{what} could not be read (the file does not contain what the game expects).")
    elif code == "wrong_kind":
        text = _("{what} could not be read (the file holds something else).")
    elif code == "newer_version":
        text = _("{what} could not be read (the file was written by a newer version of the game).")
    elif code == "upgrade_failed":
        text = _(
            "{what} could not be read (the file was written by an older version of the game "
            "and could not be converted)."
        )
    elif code == "not_a_file":
        text = _(
            "{what} could not be read (in its place is something that is not a file, "
            "such as a folder or a named pipe)."
        )
    elif code == "failed_check":
        text = _("{what} could not be used (its contents failed a consistency check).")
    else:
        text = _("{what} could not be opened ({reason}).")
    return text.format(what=what, reason=reason)


def _whereabouts(path: Path, moved_to: Path | None, move_attempted: bool) -> str:
    """Where the file is now, so the player (or a bug report) can find it."""
    if moved_to is not None:
        return _("It was kept as {path}.").format(path=moved_to)
    if move_attempted:
        return _("It could not be moved aside and is still at {path}.").format(path=path)
    return _("It was left at {path}.").format(path=path)


def problem_message(
    texts: DocumentTexts,
    code: ProblemCode,
    path: Path,
    moved_to: Path | None,
    backup: Path | None,
    *,
    move_attempted: bool = True,
    reason: str = "",
    damaged_backup: Path | None = None,
) -> str:
    """Compose the full message: what happened, where the file is, what the player can do.

    ``damaged_backup`` is where the backup copy was kept when it was found damaged too, so
    the player hears of every file that was moved, not only the first.
    """
    if backup is not None:
        advice = texts.advice_with_backup.format(backup=backup)
    else:
        advice = texts.advice_without_backup
    parts = [
        _headline(code, texts.label, reason),
        _whereabouts(path, moved_to, move_attempted),
        _("The backup copy was damaged too and was kept as {path}.").format(path=damaged_backup)
        if damaged_backup is not None
        else "",
        advice,
    ]
    return " ".join(part for part in parts if part)
