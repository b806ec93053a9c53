"""Issue 17: one game per data folder, special files never opened, a backup that cannot be
made never stops a save, orphaned temporary files removed, statistics never lose a game."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from canasta_game.persistence import (
    DataDirs,
    MatchSaveStore,
    Problem,
    SaveError,
    write_json_atomic,
)
from canasta_game.persistence.atomic import backup_path, remove_orphaned_temporaries
from canasta_game.persistence.lock import DataFolderLock, FolderProblem
from canasta_game.persistence.settings import load_settings
from canasta_game.persistence.stats import load_statistics, record_hand

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
GOOD = {"schema_version": 1, "kind": "match", "hand": {"actions": []}}


def finishes(work: Callable[[], Any], timeout: float = 10.0) -> Any:
    """Run ``work`` in a thread; fail (instead of hanging the suite) if it blocks."""
    box: list[Any] = []
    worker = threading.Thread(target=lambda: box.append(work()), daemon=True)
    worker.start()
    worker.join(timeout)
    assert box, f"{work} still blocked after {timeout} s"
    return box[0]


# --- special files are explained and set aside, never opened -------------------------------


@needs_fifo
def test_a_named_pipe_at_the_match_file_is_set_aside_without_blocking(tmp_path: Path) -> None:
    store = MatchSaveStore(DataDirs(tmp_path))
    os.mkfifo(store.path)
    result = finishes(store.load)
    assert isinstance(result, Problem) and result.code == "not_a_file"
    assert result.moved_to is not None and not store.path.exists()
    assert "not a file" in result.message and str(result.moved_to) in result.message


@needs_fifo
def test_a_named_pipe_at_the_settings_file_gives_the_defaults(tmp_path: Path) -> None:
    dirs = DataDirs(tmp_path)
    os.mkfifo(dirs.settings_file)
    loaded = finishes(lambda: load_settings(dirs))
    assert loaded.problem is not None and loaded.problem.code == "not_a_file"
    assert "Your settings could not be read" in loaded.problem.message


@needs_fifo
def test_saving_over_a_named_pipe_neither_blocks_nor_fails(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    os.mkfifo(path)
    finishes(lambda: write_json_atomic(path, GOOD))
    assert json.loads(path.read_text(encoding="utf-8")) == GOOD


# --- the backup is a courtesy: the save goes ahead without it -------------------------------


def test_a_symlink_loop_at_the_save_does_not_stop_saving(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    path.symlink_to(path)
    write_json_atomic(path, GOOD)
    assert json.loads(path.read_text(encoding="utf-8")) == GOOD


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads all")
def test_an_unreadable_old_save_does_not_stop_saving(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    path.write_text("{}", encoding="utf-8")
    path.chmod(0)
    write_json_atomic(path, GOOD)
    assert json.loads(path.read_text(encoding="utf-8")) == GOOD


def test_a_backup_that_cannot_be_written_does_not_stop_saving(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    write_json_atomic(path, {**GOOD, "n": 1})
    backup_path(path).mkdir()  # the backup cannot replace a folder, even for root
    (backup_path(path) / "keep").write_text("x", encoding="utf-8")
    write_json_atomic(path, {**GOOD, "n": 2})
    assert json.loads(path.read_text(encoding="utf-8"))["n"] == 2


# --- orphaned temporary files ---------------------------------------------------------------


def test_temporary_files_of_killed_writes_are_removed(tmp_path: Path) -> None:
    dirs = DataDirs(tmp_path)
    orphans = [tmp_path / ".match.json.abc123.tmp", tmp_path / ".settings.json.x_9.tmp"]
    for orphan in orphans:
        orphan.write_text("half a save", encoding="utf-8")
    kept = [tmp_path / "match.json", tmp_path / ".other.abc.tmp", tmp_path / "notes.tmp"]
    for path in kept:
        path.write_text("{}", encoding="utf-8")
    removed = remove_orphaned_temporaries(
        [dirs.match_file, dirs.settings_file, dirs.statistics_file]
    )
    assert sorted(removed) == sorted(orphans)
    assert all(path.exists() for path in kept)


# --- one running game per data folder -------------------------------------------------------


def test_a_second_lock_of_the_same_folder_is_refused_in_words(tmp_path: Path) -> None:
    first = DataFolderLock(DataDirs(tmp_path / "data"))
    first.acquire()
    try:
        with pytest.raises(FolderProblem) as refused:
            DataFolderLock(DataDirs(tmp_path / "data")).acquire()
        assert refused.value.code == "in_use"
        assert "already open" in refused.value.message
        assert str(tmp_path / "data") in refused.value.message
    finally:
        first.release()
    second = DataFolderLock(DataDirs(tmp_path / "data"))
    second.acquire()  # free again once the first copy is gone
    second.release()


def test_a_file_given_as_the_data_folder_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "a-file"
    path.write_text("mine", encoding="utf-8")
    with pytest.raises(FolderProblem) as refused:
        DataFolderLock(DataDirs(path)).acquire()
    assert refused.value.code == "not_a_folder"
    assert path.read_text(encoding="utf-8") == "mine"


HOLD = """
import sys, time
from canasta_game.persistence import DataDirs
from canasta_game.persistence.lock import DataFolderLock
lock = DataFolderLock(DataDirs(sys.argv[1]))
lock.acquire()
print("held", flush=True)
time.sleep(60)
"""


def test_a_killed_game_leaves_its_folder_free(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(tmp_path)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None and process.stdout.readline().strip() == "held"
        with pytest.raises(FolderProblem):
            DataFolderLock(DataDirs(tmp_path)).acquire()
    finally:
        process.kill()  # SIGKILL: no cleanup at all
        process.wait(timeout=30)
    lock = DataFolderLock(DataDirs(tmp_path))
    lock.acquire()
    lock.release()


RECORD = """
import sys
from canasta_game.persistence import DataDirs
from canasta_game.persistence.stats import record_hand
for _ in range(int(sys.argv[2])):
    record_hand(DataDirs(sys.argv[1]), "medium", 4, won=True, canastas=1, went_out=False)
"""


def test_statistics_updated_by_several_writers_at_once_lose_no_hand(tmp_path: Path) -> None:
    """310 of 600 updates were lost when two copies wrote the statistics at once."""
    writers, each = 4, 30
    processes = [
        subprocess.Popen([sys.executable, "-c", RECORD, str(tmp_path), str(each)])
        for _ in range(writers)
    ]
    for process in processes:
        assert process.wait(timeout=120) == 0
    record_hand(DataDirs(tmp_path), "medium", 4, won=False, canastas=0, went_out=True)
    tally = load_statistics(DataDirs(tmp_path)).statistics.tally("medium", 4)
    assert tally.hands_played == writers * each + 1
    assert tally.canastas_made == writers * each


# --- wording ----------------------------------------------------------------------------


def test_a_newer_settings_file_is_worded_for_a_plural_label(tmp_path: Path) -> None:
    dirs = DataDirs(tmp_path)
    dirs.settings_file.write_text('{"schema_version": 99, "kind": "settings"}', encoding="utf-8")
    message = load_settings(dirs).problem.message  # type: ignore[union-attr]
    assert "newer version" in message and "settings was" not in message


def test_a_damaged_backup_moved_aside_too_is_named(tmp_path: Path) -> None:
    store = MatchSaveStore(DataDirs(tmp_path))
    store.path.write_bytes(b"{broken")
    store.backup.write_bytes(b"also broken")
    result = store.load()
    assert isinstance(result, Problem) and result.moved_to is not None
    kept = sorted(tmp_path.glob("match*.corrupt-*.json"))
    assert len(kept) == 2
    assert all(str(path) in result.message for path in kept)


@pytest.mark.skipif(sys.platform == "win32", reason="Windows reports this as access denied")
def test_a_folder_where_the_save_goes_is_named_as_the_cause(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    path.mkdir()
    (path / "keep").write_text("x", encoding="utf-8")
    with pytest.raises(SaveError) as failed:
        write_json_atomic(path, GOOD)
    assert "A folder stands where the file match.json should be" in failed.value.reason
    assert "read-only" not in failed.value.reason
