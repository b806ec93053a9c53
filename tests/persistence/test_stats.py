"""Statistics: per (difficulty, players) tallies that must add up to be trusted."""

from __future__ import annotations

import errno
import json
from typing import Any

import pytest

from canasta_game.persistence import (
    DataDirs,
    SaveError,
    Statistics,
    Tally,
    atomic,
    load_statistics,
    record_hand,
    record_match,
    save_statistics,
)
from canasta_game.persistence.stats import statistics_to_document


def test_missing_file_gives_empty_statistics(dirs: DataDirs) -> None:
    loaded = load_statistics(dirs)
    assert loaded.problem is None
    assert loaded.statistics == Statistics()
    assert loaded.statistics.tally("medium", 4) == Tally()
    assert loaded.statistics.tally("medium", 4).average_match_score is None


def test_hands_and_matches_are_recorded_and_survive_a_restart(dirs: DataDirs) -> None:
    record_hand(dirs, "hard", 4, won=True, canastas=3, went_out=True)
    record_hand(dirs, "hard", 4, won=False, canastas=1, went_out=False)
    record_match(dirs, "hard", 4, won=True, score=5200)
    record_match(dirs, "hard", 4, won=False, score=3100)

    loaded = load_statistics(dirs)

    assert loaded.problem is None
    assert loaded.statistics.tally("hard", 4) == Tally(
        matches_played=2,
        matches_won=1,
        hands_played=2,
        hands_won=1,
        best_match_score=5200,
        total_match_score=8300,
        canastas_made=4,
        times_went_out=1,
    )
    assert loaded.statistics.tally("hard", 4).average_match_score == 4150
    assert json.loads(dirs.statistics_file.read_text())["kind"] == "statistics"


def test_buckets_are_kept_apart(dirs: DataDirs) -> None:
    record_match(dirs, "easy", 2, won=True, score=100)
    record_match(dirs, "easy", 3, won=False, score=200)
    record_match(dirs, "hard", 2, won=False, score=300)
    statistics = load_statistics(dirs).statistics
    assert statistics.tally("easy", 2).total_match_score == 100
    assert statistics.tally("easy", 3).total_match_score == 200
    assert statistics.tally("hard", 2).total_match_score == 300
    assert statistics.tally("medium", 2) == Tally()
    assert set(statistics.tallies) == {("easy", 2), ("easy", 3), ("hard", 2)}


def test_best_score_handles_negative_scores() -> None:
    tally = Tally().after_match(won=False, score=-150)
    assert tally.best_match_score == -150
    tally = tally.after_match(won=False, score=-400)
    assert tally.best_match_score == -150
    assert tally.average_match_score == -275
    assert tally.after_match(won=True, score=90).best_match_score == 90


def test_recording_returns_new_records_and_leaves_the_old_ones_alone() -> None:
    empty = Statistics()
    after = empty.with_hand("medium", 5, won=True, canastas=2, went_out=False)
    assert empty.tally("medium", 5) == Tally()
    assert after.tally("medium", 5).hands_won == 1


@pytest.mark.parametrize(
    "bad",
    [
        {"difficulty": "brutal", "players": 4},
        {"difficulty": "easy", "players": 7},
        {"difficulty": "easy", "players": 1},
        {"difficulty": "easy", "players": True},
    ],
)
def test_impossible_buckets_are_programming_errors(bad: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        Statistics().with_match(bad["difficulty"], bad["players"], won=True, score=1)


def test_negative_canastas_are_a_programming_error() -> None:
    with pytest.raises(ValueError):
        Tally().after_hand(won=True, canastas=-1, went_out=False)


def _store_records(dirs: DataDirs, records: Any) -> None:
    dirs.statistics_file.parent.mkdir(parents=True, exist_ok=True)
    document = {"schema_version": 1, "kind": "statistics", "tallies": records}
    dirs.statistics_file.write_text(json.dumps(document))


def _record(**changes: Any) -> dict[str, Any]:
    tally = Tally(matches_played=2, matches_won=1, hands_played=5, hands_won=3)
    record = {"difficulty": "easy", "players": 2, **vars(tally)}
    record.update(best_match_score=100, total_match_score=150)
    return {**record, **changes}


def test_a_valid_record_loads(dirs: DataDirs) -> None:
    _store_records(dirs, [_record()])
    loaded = load_statistics(dirs)
    assert loaded.problem is None
    assert loaded.statistics.tally("easy", 2).best_match_score == 100


@pytest.mark.parametrize(
    "records",
    [
        "not a list",
        [["a list"]],
        [_record(matches_won=3)],
        [_record(hands_won=6)],
        [_record(times_went_out=6)],
        [_record(canastas_made=-1)],
        [_record(hands_played="5")],
        [_record(hands_played=True)],
        [_record(best_match_score=None)],
        [_record(matches_played=0, matches_won=0)],
        [_record(best_match_score=10)],
        [_record(total_match_score=1.5)],
        [_record(difficulty="brutal")],
        [_record(players=9)],
        [_record(), _record()],
    ],
)
def test_records_that_do_not_add_up_are_set_aside(dirs: DataDirs, records: Any) -> None:
    _store_records(dirs, records)
    content = dirs.statistics_file.read_bytes()
    loaded = load_statistics(dirs)
    assert loaded.statistics == Statistics()
    assert loaded.problem is not None
    assert loaded.problem.code == "failed_check"
    assert loaded.problem.moved_to is not None
    assert loaded.problem.moved_to.read_bytes() == content
    assert "Your statistics could not be used" in loaded.problem.message


def test_corrupt_file_falls_back_to_the_backup_and_recording_continues(dirs: DataDirs) -> None:
    record_match(dirs, "medium", 4, won=True, score=1000)
    record_match(dirs, "medium", 4, won=True, score=2000)  # backup holds one match
    dirs.statistics_file.write_bytes(b"")

    result = record_match(dirs, "medium", 4, won=False, score=500)

    assert result.problem is not None and result.problem.code == "corrupt"
    assert result.statistics.tally("medium", 4).matches_played == 2
    assert load_statistics(dirs).statistics == result.statistics


def test_corrupt_file_without_backup_starts_afresh(dirs: DataDirs) -> None:
    dirs.statistics_file.parent.mkdir(parents=True)
    dirs.statistics_file.write_bytes(b"\xff\xfe garbage")
    result = record_hand(dirs, "easy", 6, won=False, canastas=0, went_out=False)
    assert result.problem is not None and result.problem.backup is None
    assert "New statistics are started." in result.problem.message
    assert load_statistics(dirs).statistics.tally("easy", 6).hands_played == 1


def test_failed_write_keeps_the_recorded_statistics(
    dirs: DataDirs, monkeypatch: pytest.MonkeyPatch
) -> None:
    record_hand(dirs, "easy", 2, won=True, canastas=1, went_out=True)
    before = dirs.statistics_file.read_bytes()

    def full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", full)
    with pytest.raises(SaveError) as caught:
        record_hand(dirs, "easy", 2, won=True, canastas=1, went_out=True)
    assert caught.value.code == "disk_full"
    assert dirs.statistics_file.read_bytes() == before


def test_document_is_ordered_for_readable_diffs() -> None:
    statistics = (
        Statistics()
        .with_hand("hard", 2, won=True, canastas=0, went_out=False)
        .with_hand("easy", 5, won=True, canastas=0, went_out=False)
        .with_hand("easy", 3, won=True, canastas=0, went_out=False)
    )
    records = statistics_to_document(statistics)["tallies"]
    assert [(r["difficulty"], r["players"]) for r in records] == [
        ("easy", 3),
        ("easy", 5),
        ("hard", 2),
    ]


def test_saved_statistics_round_trip(dirs: DataDirs) -> None:
    statistics = Statistics().with_match("medium", 3, won=True, score=-20)
    save_statistics(dirs, statistics)
    assert load_statistics(dirs).statistics == statistics
