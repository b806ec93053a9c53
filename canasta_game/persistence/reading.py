"""Reading a file the game owns without ever waiting on something that is not a file.

A named pipe, a device or a socket at ``match.json`` would block an ordinary ``open`` for
reading before the first frame is drawn. So a file is opened only after ``stat`` says it is
a regular file, and opened non-blocking with the check repeated on the open handle, so that
even a pipe swapped in between the two steps cannot hang the game.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Final

MAX_DOCUMENT_BYTES: Final = 32 * 1024 * 1024
"""Far above any real save; stops a stray huge file from being read into memory whole."""


class NotARegularFile(OSError):
    """``path`` exists but is a folder, a pipe, a device or a socket: it is never read."""

    def __init__(self, path: Path, kind: str) -> None:
        super().__init__(errno.EINVAL, f"not a regular file but a {kind}", str(path))
        self.kind = kind


def kind_of(mode: int) -> str:
    """A word for what a non-regular file is, for logs and the technical detail."""
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISFIFO(mode):
        return "named pipe"
    if stat.S_ISSOCK(mode):
        return "socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    return "special file"


def read_regular(path: Path, limit: int) -> bytes:
    """At most ``limit`` bytes of ``path``; ``NotARegularFile`` for anything but a file.

    Other ``OSError`` (missing, permissions, a symlink loop) pass through unchanged.
    """
    mode = os.stat(path).st_mode
    if not stat.S_ISREG(mode):
        raise NotARegularFile(path, kind_of(mode))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as handle:
        mode = os.fstat(handle.fileno()).st_mode
        if not stat.S_ISREG(mode):
            raise NotARegularFile(path, kind_of(mode))
        return handle.read(limit)
