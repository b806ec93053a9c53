"""Loading versioned JSON documents without ever trusting what is on disk.

Every document is ``{"schema_version": int, "kind": str, ...}``. Files are edited by hand,
truncated by crashes, copied between game versions and occasionally replaced by something
else entirely, so loading checks, in order: readable bytes, UTF-8, JSON, the envelope shape,
the kind, the version (upgrading older ones one step at a time), then the caller's own check.
Any failure moves the file aside (never deletes it) and turns into a ``Problem`` that
explains itself, offering the ``.bak`` copy when that one passes the same checks.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from canasta_game.persistence.aside import move_aside
from canasta_game.persistence.atomic import backup_path
from canasta_game.persistence.messages import DocumentTexts, generic_texts, problem_message
from canasta_game.persistence.reading import MAX_DOCUMENT_BYTES, NotARegularFile, read_regular
from canasta_game.persistence.results import Absent, Loaded, LoadResult, Problem, ProblemCode

Upgrader = Callable[[dict[str, Any]], dict[str, Any]]
"""Turns a version-N document into a version-N+1 one; the loader stamps the new version."""

Validator = Callable[[dict[str, Any]], str | None]
"""Returns ``None`` when the document is acceptable, otherwise why not; may also raise."""

ASIDE_TAG = "corrupt"

_log = logging.getLogger(__name__)


class _Rejected(Exception):
    """Internal: why a file's contents were refused (code for logic, detail for logs)."""

    def __init__(self, code: ProblemCode, detail: str) -> None:
        super().__init__(code, detail)
        self.code: ProblemCode = code
        self.detail = detail


@dataclass(frozen=True)
class _Spec:
    """What a document must look like; bundled so the main file and its backup get the same."""

    kind: str
    current_version: int
    upgraders: Mapping[int, Upgrader]
    validate: Validator | None


def load_document(
    path: Path,
    kind: str,
    current_version: int,
    upgraders: Mapping[int, Upgrader] | None = None,
    validate: Validator | None = None,
    *,
    texts: DocumentTexts | None = None,
) -> LoadResult:
    """Load ``path`` as a ``kind`` document at ``current_version``; never raises on bad input.

    Returns ``Loaded`` for a good file (upgraded if it was older). If the file is missing but
    its ``.bak`` is good, that is ``Loaded`` too, with ``from_backup`` set: the main file only
    goes missing after it was set aside, and the backup is then the player's latest data.
    ``Absent`` means neither exists. Anything else is a ``Problem``: the bad file is moved
    aside and a good backup, if any, is offered in ``Problem.backup``.
    """
    path = Path(path)
    spec = _Spec(kind, current_version, upgraders or {}, validate)
    main = _attempt(path, spec, from_backup=False)
    if isinstance(main, Loaded):
        return main
    backup = _attempt(backup_path(path), spec, from_backup=True)
    if main is None:
        if backup is None:
            return Absent(path)
        if isinstance(backup, Loaded):
            return backup
        return _problem(backup, None, texts)
    if isinstance(backup, Loaded):
        return _problem(main, backup, texts)
    return _problem(main, None, texts, damaged_backup=backup)


@dataclass(frozen=True)
class _Failure:
    """A file that was refused, and where it ended up."""

    path: Path
    rejected: _Rejected
    moved_to: Path | None
    move_attempted: bool


def _attempt(path: Path, spec: _Spec, *, from_backup: bool) -> Loaded | _Failure | None:
    """Load one file: ``None`` if it does not exist; a refused file is moved aside at once."""
    try:
        raw = read_regular(path, MAX_DOCUMENT_BYTES + 1)
    except FileNotFoundError:
        return None
    except NotARegularFile as exc:  # a pipe would hang the game: set aside, never opened
        refused = _Rejected("not_a_file", exc.kind)
        failure = _Failure(path, refused, _try_move_aside(path), move_attempted=True)
    except OSError as exc:
        rejected = _Rejected("unreadable", exc.strerror or type(exc).__name__)
        failure = _Failure(path, rejected, None, move_attempted=False)
    else:
        try:
            return _interpret(raw, path, spec, from_backup=from_backup)
        except _Rejected as refused:
            failure = _Failure(path, refused, _try_move_aside(path), move_attempted=True)
    _log.warning(
        "%s refused (%s: %s); moved to %s",
        path,
        failure.rejected.code,
        failure.rejected.detail,
        failure.moved_to,
    )
    return failure


def _interpret(raw: bytes, path: Path, spec: _Spec, *, from_backup: bool) -> Loaded:
    """Run every check on ``raw``; raise ``_Rejected`` at the first one that fails."""
    document = _parse(raw)
    version = _check_envelope(document, spec)
    data = _upgrade(document, version, spec)
    _run_validator(data, spec.validate)
    upgraded_from = version if version != spec.current_version else None
    return Loaded(data, path, from_backup=from_backup, upgraded_from=upgraded_from)


def _refuse_constant(name: str) -> Any:
    """NaN and Infinity are not JSON; a file containing them was not written by this game."""
    raise ValueError(f"{name} is not valid JSON")


def _parse(raw: bytes) -> Any:
    """Bytes to a JSON value, or ``corrupt``."""
    if len(raw) > MAX_DOCUMENT_BYTES:
        raise _Rejected("corrupt", f"file is larger than {MAX_DOCUMENT_BYTES} bytes")
    if not raw.strip():
        raise _Rejected("corrupt", "file is empty")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise _Rejected("corrupt", f"not UTF-8 text: {exc}") from None
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise _Rejected("corrupt", "JSON nested too deeply") from None
    except ValueError as exc:
        raise _Rejected("corrupt", f"not valid JSON: {exc}") from None


def _is_int(value: object) -> bool:
    """JSON integers only; ``true`` is a bool even though Python calls it an int."""
    return isinstance(value, int) and not isinstance(value, bool)


def _check_envelope(document: Any, spec: _Spec) -> int:
    """Check the ``schema_version``/``kind`` envelope and return the version found."""
    if not isinstance(document, dict):
        raise _Rejected("wrong_shape", f"top level is {type(document).__name__}, not an object")
    version = document.get("schema_version")
    found_kind = document.get("kind")
    if not _is_int(version) or version < 1:
        raise _Rejected("wrong_shape", f"schema_version is {version!r}, not a positive integer")
    if not isinstance(found_kind, str):
        raise _Rejected("wrong_shape", f"kind is {found_kind!r}, not a string")
    if found_kind != spec.kind:
        raise _Rejected("wrong_kind", f"kind is {found_kind!r}, expected {spec.kind!r}")
    if version > spec.current_version:
        raise _Rejected(
            "newer_version", f"schema_version {version} > supported {spec.current_version}"
        )
    return version


def _upgrade(document: dict[str, Any], version: int, spec: _Spec) -> dict[str, Any]:
    """Apply the upgraders for ``version``, ``version + 1``, ... up to the current version."""
    data = document
    for step_from in range(version, spec.current_version):
        step = spec.upgraders.get(step_from)
        if step is None:
            raise _Rejected("upgrade_failed", f"no upgrader from version {step_from}")
        try:
            upgraded = step(data)
        except Exception as exc:
            detail = f"upgrader from version {step_from} failed: {type(exc).__name__}: {exc}"
            raise _Rejected("upgrade_failed", detail) from None
        if not isinstance(upgraded, dict):
            detail = f"upgrader from version {step_from} returned {type(upgraded).__name__}"
            raise _Rejected("upgrade_failed", detail)
        upgraded["schema_version"] = step_from + 1
        upgraded["kind"] = spec.kind
        data = upgraded
    return data


def _run_validator(data: dict[str, Any], validate: Validator | None) -> None:
    """The caller's own check; anything but ``None`` (or an exception) is a rejection."""
    if validate is None:
        return
    try:
        verdict = validate(data)
    except Exception as exc:
        raise _Rejected("failed_check", f"{type(exc).__name__}: {exc}") from None
    if verdict is not None:
        raise _Rejected("failed_check", str(verdict))


def _try_move_aside(path: Path) -> Path | None:
    """Move a bad file aside; if even that is impossible, leave it and say so in the log."""
    try:
        return move_aside(path, ASIDE_TAG)
    except OSError as exc:
        _log.warning("could not move %s aside: %s", path, exc)
        return None


def _problem(
    failure: _Failure,
    backup: Loaded | None,
    texts: DocumentTexts | None,
    *,
    damaged_backup: _Failure | None = None,
) -> Problem:
    """Explain a refused file to the player, offering ``backup`` when there is one and
    naming where a damaged backup went when that was set aside too."""
    rejected = failure.rejected
    message = problem_message(
        texts or generic_texts(),
        rejected.code,
        failure.path,
        failure.moved_to,
        backup.path if backup else None,
        move_attempted=failure.move_attempted,
        reason=rejected.detail,
        damaged_backup=damaged_backup.moved_to if damaged_backup else None,
    )
    return Problem(rejected.code, failure.path, failure.moved_to, rejected.detail, message, backup)
