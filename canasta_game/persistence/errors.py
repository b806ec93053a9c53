"""The one exception type every failed write surfaces as.

The UI has to tell a player "your match was not saved, and here is why" without knowing
about errno values, permission bits or JSON encoders. Funnelling every failure into
``SaveError`` with a short machine code and a translated sentence keeps that to a single
``except`` clause and keeps tracebacks away from the player.
"""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Literal

from canasta_game.i18n import _

SaveErrorCode = Literal["read_only", "disk_full", "unserialisable", "verify", "io"]

_READ_ONLY_ERRNOS = frozenset({errno.EROFS, errno.EACCES, errno.EPERM})
_DISK_FULL_ERRNOS = frozenset(
    {errno.ENOSPC} | ({errno.EDQUOT} if hasattr(errno, "EDQUOT") else set())
)


class SaveError(Exception):
    """Writing a file failed; nothing that was already on disk has been lost.

    ``code`` lets the caller react (offer another folder for ``read_only``), ``reason`` is
    a player-readable sentence, and ``str(error)`` adds which file it was about.
    """

    def __init__(self, code: SaveErrorCode, path: Path, reason: str) -> None:
        self.code: SaveErrorCode = code
        self.path = path
        self.reason = reason
        super().__init__(_("Could not save {path}. {reason}").format(path=path, reason=reason))


def save_error_from_os(exc: OSError, path: Path) -> SaveError:
    """Translate an ``OSError`` from writing ``path`` into a ``SaveError`` a player understands."""
    folder = path.parent
    if exc.errno in _READ_ONLY_ERRNOS:
        return SaveError(
            "read_only",
            path,
            _(
                "The folder {folder} is read-only or you do not have permission to write to it."
            ).format(folder=folder),
        )
    if exc.errno in _DISK_FULL_ERRNOS:
        return SaveError(
            "disk_full",
            path,
            _("There is not enough free space on the disk that holds {folder}.").format(
                folder=folder
            ),
        )
    if exc.errno == errno.EISDIR:
        return SaveError(
            "io", path, _("A folder stands where the file {name} should be.").format(name=path.name)
        )
    detail = exc.strerror or str(exc) or type(exc).__name__
    return SaveError("io", path, _("The system reported an error: {detail}.").format(detail=detail))
