"""The match in progress, saved as ``match.json`` so a closed window never loses a game.

The payload (rules, seeds, action log, snapshot) belongs to the game; this module only wraps
it in the versioned envelope, writes it crash-safely and hands it back with the usual
``Loaded``/``Absent``/``Problem`` result. The caller's ``validate`` hook is where the action
log is replayed and compared with the snapshot, so a save that does not add up is set aside
like any damaged file.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from canasta_game.i18n import _
from canasta_game.persistence.aside import move_aside
from canasta_game.persistence.atomic import backup_path, write_json_atomic
from canasta_game.persistence.errors import save_error_from_os
from canasta_game.persistence.messages import DocumentTexts
from canasta_game.persistence.paths import DataDirs
from canasta_game.persistence.results import LoadResult
from canasta_game.persistence.store import Upgrader, Validator, load_document

MATCH_KIND: Final = "match"
MATCH_VERSION: Final = 1
MATCH_UPGRADERS: Final[dict[int, Upgrader]] = {}
"""Version N -> N+1 converters for old saves; register one here with each format change."""

RESERVED_KEYS: Final = frozenset({"schema_version", "kind"})
DISCARDED_TAG: Final = "discarded"


def _texts() -> DocumentTexts:
    return DocumentTexts(
        label=_("Your saved match"),
        advice_with_backup=_("You can continue from the backup ({backup}) or start a new match."),
        advice_without_backup=_("You can start a new match."),
    )


class MatchSaveStore:
    """Saves, loads and discards the one match in progress.

    Call ``discard`` before a new match starts (and after one ends): a leftover backup of an
    older match would otherwise be offered if the new match's file were ever lost.

    ``version`` and ``upgraders`` default to the real registry; they are parameters so that
    upgrade paths can be exercised before a second version exists.
    """

    def __init__(
        self,
        dirs: DataDirs,
        *,
        version: int = MATCH_VERSION,
        upgraders: Mapping[int, Upgrader] | None = None,
    ) -> None:
        self._dirs = dirs
        self._version = version
        self._upgraders: Mapping[int, Upgrader] = (
            MATCH_UPGRADERS if upgraders is None else upgraders
        )

    @property
    def path(self) -> Path:
        """``match.json`` in the data folder (resolved on each access)."""
        return self._dirs.match_file

    @property
    def backup(self) -> Path:
        """The previous save, ``match.json.bak``."""
        return backup_path(self.path)

    def exists(self) -> bool:
        """Whether there is a match file to offer ("Continue"); says nothing of its health."""
        return self.path.is_file()

    def save(self, payload: Mapping[str, Any]) -> None:
        """Write ``payload`` inside the envelope; the previous save becomes the backup.

        Raises ``SaveError`` when the disk refuses (nothing on disk changes) and
        ``ValueError`` if the payload tries to set the envelope's own keys.
        """
        clash = RESERVED_KEYS.intersection(payload)
        if clash:
            raise ValueError(f"payload may not contain {sorted(clash)}")
        document = {"schema_version": self._version, "kind": MATCH_KIND, **payload}
        write_json_atomic(self.path, document)

    def load(self, validate: Validator | None = None) -> LoadResult:
        """Load the saved match; never raises on a bad file (see ``load_document``)."""
        return load_document(
            self.path, MATCH_KIND, self._version, self._upgraders, validate, texts=_texts()
        )

    def discard(self, *, ended_normally: bool = False) -> tuple[Path, ...]:
        """Retire the saved match so that "Continue" is no longer offered.

        A match that ended normally has nothing left to resume, so its file and backup are
        deleted. Otherwise (abandoned, or the caller is unsure) they are moved aside as
        ``match.discarded-<UTC>.json`` and the new paths are returned. Raises ``SaveError``
        if the folder cannot be changed.
        """
        moved: list[Path] = []
        for path in (self.path, self.backup):
            try:
                if ended_normally:
                    with contextlib.suppress(FileNotFoundError):
                        path.unlink()
                elif path.exists():
                    moved.append(move_aside(path, DISCARDED_TAG))
            except OSError as exc:
                raise save_error_from_os(exc, path) from exc
        return tuple(moved)
