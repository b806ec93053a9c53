"""What loading a document can come back with: ``Loaded``, ``Absent`` or ``Problem``.

Loading never raises on bad input; instead the caller gets one of three plain values and can
``match`` on them. That forces every screen that loads something to decide what the player
sees when the file is damaged, rather than discovering it from a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

ProblemCode = Literal[
    "corrupt",  # not JSON at all: empty, truncated, random bytes, not UTF-8
    "wrong_shape",  # JSON, but not a ``{"schema_version": int, "kind": str, ...}`` object
    "wrong_kind",  # a document of some other kind (e.g. statistics where a match was expected)
    "newer_version",  # written by a newer game; this one cannot know how to read it
    "upgrade_failed",  # an older version that could not be converted to the current one
    "failed_check",  # the caller's ``validate`` rejected it (e.g. the action log did not replay)
    "not_a_file",  # a folder, a named pipe, a device or a socket: set aside, never opened
    "unreadable",  # the operating system refused to read it (permissions, a folder, ...)
]


@dataclass(frozen=True)
class Loaded:
    """A document that passed every check, already upgraded to the current version.

    ``from_backup`` is true when this came from ``<name>.bak`` rather than the file itself;
    ``upgraded_from`` is the version found on disk when an upgrade ran.
    """

    data: dict[str, Any]
    path: Path
    from_backup: bool = False
    upgraded_from: int | None = None


@dataclass(frozen=True)
class Absent:
    """There is no such file: a first start or a finished match, not an error."""

    path: Path


@dataclass(frozen=True)
class Problem:
    """The file exists but cannot be used.

    ``code`` is for program logic, ``message`` for the player (translated), ``detail`` for
    logs and bug reports (English, technical). ``moved_to`` says where the bad file was kept
    (``None`` if it could not be moved). ``backup`` is the valid ``.bak`` copy on offer, if any.
    """

    code: ProblemCode
    path: Path
    moved_to: Path | None
    detail: str
    message: str
    backup: Loaded | None = None


LoadResult = Loaded | Absent | Problem
