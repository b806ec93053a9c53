"""One running game per data folder.

Two copies of the game on one folder overwrite each other's match and lose each other's
statistics without a word, so a running game holds an operating-system lock on its data
folder (``filelock``: ``fcntl`` on Linux and macOS, ``msvcrt`` on Windows). The system
drops the lock when the process ends in any way, a SIGKILL or a power cut included, so a
crashed game never locks the player out (where a file system has no such locks, filelock
falls back to a lock file whose owner is checked for being alive). A second copy is told,
in words, that the game is already open there, and touches nothing.
"""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Final, Literal

from filelock import FileLock, Timeout

from canasta_game.i18n import _
from canasta_game.persistence.paths import DataDirs

LOCK_FILE: Final = "canasta-game.lock"

FolderProblemCode = Literal["in_use", "not_a_folder", "unusable"]


class FolderProblem(Exception):
    """The data folder cannot be used by this copy; ``message`` is for the player."""

    def __init__(self, code: FolderProblemCode, message: str) -> None:
        super().__init__(message)
        self.code: FolderProblemCode = code
        self.message = message


class DataFolderLock:
    """Held from start to exit by the copy of the game that owns ``dirs``' data folder."""

    def __init__(self, dirs: DataDirs) -> None:
        self.folder = dirs.data_dir
        self._lock = FileLock(self.folder / LOCK_FILE, timeout=0)

    def acquire(self) -> None:
        """Take the folder, creating it if needed; raises ``FolderProblem`` when impossible."""
        if self.folder.exists() and not self.folder.is_dir():
            raise _not_a_folder(self.folder)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._lock.acquire()
        except Timeout:
            raise FolderProblem(
                "in_use",
                _(
                    "The game is already open with the data folder {folder}. "
                    "Switch to that window, or close it before starting another."
                ).format(folder=self.folder),
            ) from None
        except (NotADirectoryError, FileExistsError):
            raise _not_a_folder(self.folder) from None
        except OSError as exc:
            detail = exc.strerror or errno.errorcode.get(exc.errno or 0, type(exc).__name__)
            raise FolderProblem(
                "unusable",
                _("The data folder {folder} cannot be used: {detail}.").format(
                    folder=self.folder, detail=detail
                ),
            ) from None

    def release(self) -> None:
        self._lock.release(force=True)


def _not_a_folder(path: Path) -> FolderProblem:
    return FolderProblem(
        "not_a_folder",
        _("{path} is a file, not a folder: the game keeps its saves in a folder.").format(
            path=path
        ),
    )
