"""Whether the game's files are being saved right now, for everything that must tell.

A notice fades after a few seconds, but a disk that refuses does not get better by itself:
while a save fails, the table keeps a mark, the menu says progress is not being saved, Quit
warns, and autoplay ends with an error. All of them read this one record, which the match
keeper and the settings keeper update on every write they try.
"""

from __future__ import annotations

from pathlib import Path

from canasta_game.persistence import SaveError


class SaveHealth:
    """The files whose last write failed (with the reason), and whether any ever did."""

    def __init__(self) -> None:
        self._failing: dict[Path, str] = {}
        self.first_failure: str | None = None
        """The first failure's whole sentence (file and reason), kept after recovery."""

    def failed(self, error: SaveError) -> None:
        self._failing[error.path] = error.reason
        if self.first_failure is None:
            self.first_failure = str(error)

    def saved(self, path: Path) -> None:
        """A write of ``path`` succeeded: it no longer counts as failing."""
        self._failing.pop(path, None)

    @property
    def failing(self) -> bool:
        return bool(self._failing)

    def reason(self) -> str:
        """Why the most recent failure happened (empty while nothing fails)."""
        return next(reversed(self._failing.values()), "")
