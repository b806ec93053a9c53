"""The player's statistics, kept per difficulty and player count in ``statistics.json``.

Statistics are only worth having if they are believable, so unlike settings they are not
repaired field by field: a file whose numbers do not add up (more wins than games, a negative
count) is set aside as a whole and the backup, or a fresh record, is used. Records are
immutable; recording a hand or a match returns a new ``Statistics`` and writes it at once,
so a crash later in the match cannot lose what was already played.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any, Final

from filelock import FileLock, Timeout

from canasta_game.i18n import _
from canasta_game.persistence.atomic import write_json_atomic
from canasta_game.persistence.choices import DIFFICULTIES, MAX_PLAYERS, MIN_PLAYERS, is_json_int
from canasta_game.persistence.errors import SaveError, save_error_from_os
from canasta_game.persistence.messages import DocumentTexts
from canasta_game.persistence.paths import DataDirs
from canasta_game.persistence.results import Absent, Loaded, Problem
from canasta_game.persistence.store import Upgrader, load_document

STATISTICS_KIND: Final = "statistics"
STATISTICS_VERSION: Final = 1
STATISTICS_UPGRADERS: Final[dict[int, Upgrader]] = {}
"""Version N -> N+1 converters; empty while version 1 is the only one."""

Bucket = tuple[str, int]
"""``(difficulty, player count)``: statistics are never mixed across these."""


@dataclass(frozen=True)
class Tally:
    """The counts for one bucket. ``best_match_score`` is ``None`` until a match is finished."""

    matches_played: int = 0
    matches_won: int = 0
    hands_played: int = 0
    hands_won: int = 0
    best_match_score: int | None = None
    total_match_score: int = 0
    canastas_made: int = 0
    times_went_out: int = 0

    @property
    def average_match_score(self) -> float | None:
        """Mean final score over finished matches, ``None`` before the first one."""
        if self.matches_played == 0:
            return None
        return self.total_match_score / self.matches_played

    def after_hand(self, *, won: bool, canastas: int, went_out: bool) -> Tally:
        """This tally with one more finished hand."""
        if not is_json_int(canastas) or canastas < 0:
            raise ValueError(f"canastas must be a non-negative int, not {canastas!r}")
        return replace(
            self,
            hands_played=self.hands_played + 1,
            hands_won=self.hands_won + int(won),
            canastas_made=self.canastas_made + canastas,
            times_went_out=self.times_went_out + int(went_out),
        )

    def after_match(self, *, won: bool, score: int) -> Tally:
        """This tally with one more finished match (scores may be negative in Canasta)."""
        if not is_json_int(score):
            raise ValueError(f"score must be an int, not {score!r}")
        best = score if self.best_match_score is None else max(self.best_match_score, score)
        return replace(
            self,
            matches_played=self.matches_played + 1,
            matches_won=self.matches_won + int(won),
            best_match_score=best,
            total_match_score=self.total_match_score + score,
        )


_SCORE_FIELDS: Final = ("best_match_score", "total_match_score")
_COUNT_FIELDS: Final = tuple(f.name for f in fields(Tally) if f.name not in _SCORE_FIELDS)


def _check_bucket(difficulty: object, players: object) -> Bucket:
    """The bucket key, or ``ValueError`` if the game (or the file) named an impossible one."""
    if not isinstance(difficulty, str) or difficulty not in DIFFICULTIES:
        raise ValueError(f"difficulty must be one of {DIFFICULTIES}, not {difficulty!r}")
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be an int, not {players!r}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be {MIN_PLAYERS}..{MAX_PLAYERS}, not {players}")
    return (difficulty, players)


@dataclass(frozen=True)
class Statistics:
    """All tallies, keyed by ``(difficulty, players)``; buckets never played are absent."""

    tallies: Mapping[Bucket, Tally] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "tallies", MappingProxyType(dict(self.tallies)))

    def tally(self, difficulty: str, players: int) -> Tally:
        """The tally for one bucket (all zero if it was never played)."""
        return self.tallies.get(_check_bucket(difficulty, players), Tally())

    def with_hand(
        self, difficulty: str, players: int, *, won: bool, canastas: int, went_out: bool
    ) -> Statistics:
        """A copy with one finished hand added to the bucket."""
        bucket = _check_bucket(difficulty, players)
        updated = self.tally(*bucket).after_hand(won=won, canastas=canastas, went_out=went_out)
        return Statistics({**self.tallies, bucket: updated})

    def with_match(self, difficulty: str, players: int, *, won: bool, score: int) -> Statistics:
        """A copy with one finished match added to the bucket."""
        bucket = _check_bucket(difficulty, players)
        updated = self.tally(*bucket).after_match(won=won, score=score)
        return Statistics({**self.tallies, bucket: updated})


def statistics_to_document(statistics: Statistics) -> dict[str, Any]:
    """The full ``statistics.json`` document, buckets in a stable order for readable diffs."""
    order = {name: index for index, name in enumerate(DIFFICULTIES)}
    records = [
        {"difficulty": difficulty, "players": players, **vars(tally)}
        for (difficulty, players), tally in sorted(
            statistics.tallies.items(), key=lambda item: (order[item[0][0]], item[0][1])
        )
    ]
    return {"schema_version": STATISTICS_VERSION, "kind": STATISTICS_KIND, "tallies": records}


def _tally_from_record(record: Mapping[str, Any]) -> Tally:
    """One record to a ``Tally``, refusing anything that does not add up."""
    counts = {name: record.get(name) for name in _COUNT_FIELDS}
    for name, value in counts.items():
        if not is_json_int(value) or value < 0:
            raise ValueError(f"{name} is {value!r}, not a non-negative int")
    best = record.get("best_match_score")
    total = record.get("total_match_score")
    if not is_json_int(total):
        raise ValueError(f"total_match_score is {total!r}, not an int")
    tally = Tally(**counts, best_match_score=best, total_match_score=total)
    if tally.matches_won > tally.matches_played or tally.hands_won > tally.hands_played:
        raise ValueError("more wins than games played")
    if tally.times_went_out > tally.hands_played:
        raise ValueError("went out more often than hands were played")
    if (best is None) != (tally.matches_played == 0) or not (best is None or is_json_int(best)):
        raise ValueError(f"best_match_score {best!r} does not fit {tally.matches_played} matches")
    if best is not None and tally.total_match_score > best * tally.matches_played:
        raise ValueError("the average score is above the best score")
    return tally


def statistics_from_document(data: Mapping[str, Any]) -> Statistics:
    """Parse a loaded document; raises ``ValueError`` naming the first inconsistency."""
    records = data.get("tallies")
    if not isinstance(records, list):
        raise ValueError("tallies is not a list")
    tallies: dict[Bucket, Tally] = {}
    for record in records:
        if not isinstance(record, dict):
            raise ValueError("a tally is not an object")
        bucket = _check_bucket(record.get("difficulty"), record.get("players"))
        if bucket in tallies:
            raise ValueError(f"bucket {bucket} appears twice")
        tallies[bucket] = _tally_from_record(record)
    return Statistics(tallies)


def _check_document(data: dict[str, Any]) -> str | None:
    """The loader's ``validate`` hook: a reason string when the numbers do not add up."""
    try:
        statistics_from_document(data)
    except ValueError as exc:
        return str(exc)
    return None


@dataclass(frozen=True)
class StatisticsLoad:
    """The statistics to use, and the problem met on the way (to show the player once)."""

    statistics: Statistics
    problem: Problem | None = None


def _texts() -> DocumentTexts:
    return DocumentTexts(
        label=_("Your statistics"),
        advice_with_backup=_("The statistics from the backup copy ({backup}) are used instead."),
        advice_without_backup=_("New statistics are started."),
    )


def load_statistics(dirs: DataDirs) -> StatisticsLoad:
    """Read ``statistics.json``; missing gives empty statistics, bad the backup or empty."""
    result = load_document(
        dirs.statistics_file,
        STATISTICS_KIND,
        STATISTICS_VERSION,
        STATISTICS_UPGRADERS,
        _check_document,
        texts=_texts(),
    )
    match result:
        case Loaded(data=data):
            return StatisticsLoad(statistics_from_document(data))
        case Absent():
            return StatisticsLoad(Statistics())
        case Problem(backup=Loaded(data=data)):
            return StatisticsLoad(statistics_from_document(data), result)
        case _:
            return StatisticsLoad(Statistics(), result)


def save_statistics(dirs: DataDirs, statistics: Statistics) -> None:
    """Write ``statistics.json`` atomically; raises ``SaveError`` if the disk refuses."""
    write_json_atomic(dirs.statistics_file, statistics_to_document(statistics))


UPDATE_WAIT_S: Final = 10.0
"""How long an update waits for another writer of the same statistics before giving up."""


@contextmanager
def _updating(dirs: DataDirs) -> Iterator[None]:
    """Read-modify-write of ``statistics.json`` is one step: no other writer comes between.

    The running game already holds its data folder, but a second lock of the statistics
    alone keeps every writer (the game, a test, a tool) from losing another's update.
    """
    path = dirs.statistics_file
    lock = FileLock(path.with_name(path.name + ".lock"), timeout=UPDATE_WAIT_S)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        lock.acquire()
    except Timeout:  # before OSError, which it subclasses
        raise SaveError(
            "io", path, _("Another program kept the statistics busy; this game was not counted.")
        ) from None
    except OSError as exc:
        raise save_error_from_os(exc, path) from exc
    try:
        yield
    finally:
        lock.release()


def record_hand(
    dirs: DataDirs, difficulty: str, players: int, *, won: bool, canastas: int, went_out: bool
) -> StatisticsLoad:
    """Add a finished hand and save at once; returns the new statistics and any load problem.

    Raises ``SaveError`` if writing fails (the file on disk is then unchanged).
    """
    with _updating(dirs):
        loaded = load_statistics(dirs)
        updated = loaded.statistics.with_hand(
            difficulty, players, won=won, canastas=canastas, went_out=went_out
        )
        save_statistics(dirs, updated)
    return StatisticsLoad(updated, loaded.problem)


def record_match(
    dirs: DataDirs, difficulty: str, players: int, *, won: bool, score: int
) -> StatisticsLoad:
    """Add a finished match and save at once; returns the new statistics and any load problem.

    Raises ``SaveError`` if writing fails (the file on disk is then unchanged).
    """
    with _updating(dirs):
        loaded = load_statistics(dirs)
        updated = loaded.statistics.with_match(difficulty, players, won=won, score=score)
        save_statistics(dirs, updated)
    return StatisticsLoad(updated, loaded.problem)
