"""Crash-safe JSON writes: the target is either the old file or the new one, never half of each.

A power cut or a full disk in the middle of saving must not cost the player their match.
So the new text is written to a temporary file beside the target, forced to disk, read back
and compared, and only then swapped in with ``os.replace`` (atomic on POSIX and Windows).
Before the swap, the file being replaced is copied to ``<name>.bak``: if the new file is
later found damaged, the loader can still offer the one before it.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from canasta_game.i18n import _
from canasta_game.persistence.errors import SaveError, save_error_from_os
from canasta_game.persistence.reading import MAX_DOCUMENT_BYTES, read_regular

BACKUP_SUFFIX = ".bak"
TEMP_SUFFIX = ".tmp"

_log = logging.getLogger(__name__)


def backup_path(path: Path) -> Path:
    """``match.json`` -> ``match.json.bak``: the previous good version of ``path``."""
    return path.with_name(path.name + BACKUP_SUFFIX)


def encode_json(obj: Any, path: Path) -> bytes:
    """Serialise ``obj`` strictly, before any file is touched.

    NaN and infinity are refused because they are not JSON and other readers choke on them;
    any failure is reported as ``SaveError("unserialisable")`` so callers need one ``except``.
    """
    try:
        text = json.dumps(obj, ensure_ascii=False, indent=2, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise SaveError(
            "unserialisable",
            path,
            _("The data could not be turned into a file (this is a bug in the game)."),
        ) from exc
    return (text + "\n").encode("utf-8")


def write_json_atomic(path: Path, obj: Any) -> None:
    """Replace ``path`` with ``obj`` as JSON, keeping the previous good file as ``.bak``.

    Raises ``SaveError`` on any failure; in that case ``path`` still holds what it held
    before (or is still absent) and no temporary file is left behind.
    """
    path = Path(path)
    data = encode_json(obj, path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = _write_temp(path, data)
        try:
            if _read_back(tmp) != data:
                raise SaveError(
                    "verify",
                    path,
                    _("The file was written but did not read back correctly."),
                )
            _refresh_backup(path)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                tmp.unlink()
            raise
        fsync_directory(path.parent)
    except OSError as exc:
        raise save_error_from_os(exc, path) from exc


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` through a synced temporary file; no backup is taken."""
    tmp = _write_temp(path, data)
    try:
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    fsync_directory(path.parent)


def fsync_directory(folder: Path) -> None:
    """Make a rename durable by syncing its folder; silently skipped where unsupported.

    Windows cannot open a directory for syncing and some file systems refuse it; the rename
    itself has already happened, so there is nothing useful to report.
    """
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(folder, flags)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_temp(path: Path, data: bytes) -> Path:
    """Write ``data`` to a new hidden file beside ``path`` and force it to disk.

    Same folder, so the final ``os.replace`` never crosses file systems.
    """
    fd, name = tempfile.mkstemp(prefix=_temp_prefix(path), suffix=TEMP_SUFFIX, dir=path.parent)
    tmp = Path(name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    return tmp


def _temp_prefix(path: Path) -> str:
    return f".{path.name}."


def remove_orphaned_temporaries(paths: Iterable[Path]) -> list[Path]:
    """Delete the temporary files a write killed half-way left beside ``paths``.

    Only safe while this process holds the data folder (nobody else is writing): a
    temporary file is never the only copy of anything, since ``os.replace`` had not run.
    Returns what was removed; a file that cannot be removed is left for the next start.
    """
    removed = []
    for path in paths:
        try:
            orphans = list(path.parent.glob(_temp_prefix(path) + "*" + TEMP_SUFFIX))
        except OSError:
            continue
        for orphan in orphans:
            try:
                if orphan.is_file() and not orphan.is_symlink():
                    orphan.unlink()
                    removed.append(orphan)
            except OSError as exc:
                _log.warning("could not remove %s: %s", orphan, exc)
    return removed


def _read_back(path: Path) -> bytes:
    """Read what actually landed on disk, for the comparison before the swap."""
    return path.read_bytes()


def _refresh_backup(path: Path) -> None:
    """Copy the current ``path`` to ``<name>.bak`` if it is readable JSON.

    A damaged current file is not copied: it would overwrite a backup that may be the only
    good copy left. The backup is a courtesy: when the old file cannot be read (no
    permission, a symlink loop, a pipe) or the copy cannot be written, the save goes ahead
    without it, and a save that then fails reports its own cause.
    """
    try:
        current = read_regular(path, MAX_DOCUMENT_BYTES)
    except FileNotFoundError:
        return
    except OSError as exc:
        _log.warning("no backup of %s: %s", path, exc)
        return
    try:
        json.loads(current.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return
    try:
        write_bytes_atomic(backup_path(path), current)
    except OSError as exc:
        _log.warning("could not refresh the backup of %s: %s", path, exc)
