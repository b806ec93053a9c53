"""Moving a file out of the way without ever deleting it.

A damaged or unwanted save may still matter to the player (or to a bug report), so it is
renamed beside the original rather than removed: ``match.json`` becomes
``match.corrupt-20250131T201500Z.json``. The timestamp is UTC so names sort in time order
whatever the machine's time zone, and ``-2``, ``-3`` ... keep two moves in the same second
apart.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

from canasta_game.persistence.atomic import fsync_directory


def utc_stamp() -> str:
    """The current UTC time as ``YYYYMMDDTHHMMSSZ`` (a seam tests can pin)."""
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")


def aside_name(path: Path, tag: str, stamp: str, attempt: int = 1) -> Path:
    """The name ``path`` gets when set aside, e.g. ``match.corrupt-<stamp>[-n].json``.

    The ``.json`` suffix is kept so the file still opens in an editor; a backup such as
    ``match.json.bak`` becomes ``match.bak.corrupt-<stamp>.json``.
    """
    without_bak = path.name.removesuffix(".bak")
    base = Path(without_bak).stem + (".bak" if without_bak != path.name else "")
    counter = "" if attempt == 1 else f"-{attempt}"
    return path.with_name(f"{base}.{tag}-{stamp}{counter}.json")


def move_aside(path: Path, tag: str) -> Path:
    """Rename ``path`` to a fresh ``aside_name`` in the same folder and return the new path.

    Raises ``OSError`` if the rename is impossible (read-only folder); the caller decides how
    to report that, since the file is then simply still where it was.
    """
    stamp = utc_stamp()
    attempt = 1
    target = aside_name(path, tag, stamp, attempt)
    while target.exists():
        attempt += 1
        target = aside_name(path, tag, stamp, attempt)
    os.rename(path, target)
    fsync_directory(path.parent)
    return target
