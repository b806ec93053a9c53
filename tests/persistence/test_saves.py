"""The match in progress: an opaque payload in a versioned, crash-safe, checkable file."""

from __future__ import annotations

import errno
import json
from typing import Any

import pytest

from canasta_game.persistence import (
    Absent,
    DataDirs,
    Loaded,
    MatchSaveStore,
    Problem,
    SaveError,
    atomic,
)
from canasta_game.persistence.saves import MATCH_UPGRADERS, MATCH_VERSION

PAYLOAD = {
    "rules": {"preset": "classic-4", "options": {"red_threes": 100}},
    "seed": 123456789,
    "actions": [["draw", 0], ["meld", 1, ["K", "K", "K"]], ["discard", 2, "7H"]],
    "snapshot": {"turn": 3, "scores": [0, 0]},
}


def _replays(data: dict[str, Any]) -> str | None:
    """Stand-in for the real check: the action log must end at the snapshot's turn."""
    if len(data["actions"]) != data["snapshot"]["turn"]:
        return "the action log does not replay to the snapshot"
    return None


def test_version_one_is_current_with_no_upgraders_yet() -> None:
    assert MATCH_VERSION == 1
    assert MATCH_UPGRADERS == {}


def test_round_trip_wraps_the_payload_in_the_envelope(dirs: DataDirs) -> None:
    store = MatchSaveStore(dirs)
    assert isinstance(store.load(), Absent)
    assert not store.exists()
    store.save(PAYLOAD)
    assert store.exists()
    on_disk = json.loads(store.path.read_text())
    assert on_disk == {"schema_version": 1, "kind": "match", **PAYLOAD}
    result = store.load(_replays)
    assert result == Loaded(on_disk, store.path)


def test_payload_may_not_override_the_envelope(dirs: DataDirs) -> None:
    store = MatchSaveStore(dirs)
    with pytest.raises(ValueError, match="kind"):
        store.save({**PAYLOAD, "kind": "settings"})
    assert not store.path.exists()


def test_failed_check_sets_the_save_aside_and_offers_the_backup(dirs: DataDirs) -> None:
    store = MatchSaveStore(dirs)
    store.save(PAYLOAD)
    store.save({**PAYLOAD, "snapshot": {"turn": 99, "scores": [0, 0]}})  # inconsistent
    bad_bytes = store.path.read_bytes()

    result = store.load(_replays)

    assert isinstance(result, Problem)
    assert result.code == "failed_check"
    assert result.detail == "the action log does not replay to the snapshot"
    assert result.moved_to is not None and result.moved_to.read_bytes() == bad_bytes
    assert result.backup is not None
    assert result.backup.from_backup
    assert result.backup.data["snapshot"]["turn"] == 3
    assert result.message.startswith("Your saved match could not be used")
    assert "You can continue from the backup" in result.message
    assert str(store.backup) in result.message
    # Continuing from the backup re-saves it as the current match.
    store.save({k: v for k, v in result.backup.data.items() if k not in ("schema_version", "kind")})
    assert isinstance(store.load(_replays), Loaded)


def test_damaged_save_without_backup_suggests_a_new_match(dirs: DataDirs) -> None:
    store = MatchSaveStore(dirs)
    store.path.parent.mkdir(parents=True)
    store.path.write_bytes(b'{"schema_version": 1, "kind": "match", "actions": [')
    result = store.load()
    assert isinstance(result, Problem)
    assert result.code == "corrupt"
    assert result.message.endswith("You can start a new match.")
    assert "the file is damaged" in result.message


def test_ended_match_is_deleted_with_its_backup(dirs: DataDirs) -> None:
    store = MatchSaveStore(dirs)
    store.save(PAYLOAD)
    store.save(PAYLOAD)
    assert store.backup.exists()
    assert store.discard(ended_normally=True) == ()
    assert not store.path.exists() and not store.backup.exists()
    assert isinstance(store.load(), Absent)
    assert list(dirs.data_dir.iterdir()) == []


def test_abandoned_match_is_moved_aside_not_deleted(dirs: DataDirs) -> None:
    store = MatchSaveStore(dirs)
    store.save(PAYLOAD)
    store.save({**PAYLOAD, "seed": 1})
    main_bytes, backup_bytes = store.path.read_bytes(), store.backup.read_bytes()

    moved = store.discard()

    assert [p.read_bytes() for p in moved] == [main_bytes, backup_bytes]
    assert all(".discarded-" in p.name and p.suffix == ".json" for p in moved)
    assert isinstance(store.load(), Absent)


def test_discard_with_nothing_saved_is_harmless(dirs: DataDirs) -> None:
    assert MatchSaveStore(dirs).discard() == ()
    assert MatchSaveStore(dirs).discard(ended_normally=True) == ()


def test_full_disk_keeps_the_previous_save(dirs: DataDirs, monkeypatch: pytest.MonkeyPatch) -> None:
    store = MatchSaveStore(dirs)
    store.save(PAYLOAD)

    def full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", full)
    with pytest.raises(SaveError) as caught:
        store.save({**PAYLOAD, "seed": 2})
    assert caught.value.code == "disk_full"
    monkeypatch.setattr(atomic.os, "fsync", lambda _fd: None)
    result = store.load(_replays)
    assert isinstance(result, Loaded)
    assert result.data["seed"] == PAYLOAD["seed"]


def test_old_saves_are_upgraded_through_the_registry(dirs: DataDirs) -> None:
    MatchSaveStore(dirs).save({"moves": PAYLOAD["actions"]})  # a "version 1" save

    def rename_moves(data: dict[str, Any]) -> dict[str, Any]:
        data["actions"] = data.pop("moves")
        return data

    newer = MatchSaveStore(dirs, version=2, upgraders={1: rename_moves})
    result = newer.load()
    assert isinstance(result, Loaded)
    assert result.upgraded_from == 1
    assert result.data == {"schema_version": 2, "kind": "match", "actions": PAYLOAD["actions"]}

    newer.save({"actions": []})
    older = MatchSaveStore(dirs).load()
    assert isinstance(older, Problem) and older.code == "newer_version"
