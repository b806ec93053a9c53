"""Crash-safe writes: the target is the old file or the new one, and failures say why."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest

from canasta_game.persistence import SaveError, atomic, backup_path, write_json_atomic

OLD = {"schema_version": 1, "kind": "thing", "value": "old"}
NEW = {"schema_version": 1, "kind": "thing", "value": "new"}


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.fixture
def target(tmp_path: Path) -> Path:
    path = tmp_path / "saves" / "thing.json"
    write_json_atomic(path, OLD)
    return path


def test_round_trip_creates_the_folder_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "thing.json"
    document = {"text": "čeština ñ", "numbers": [1, 2.5, -3], "nested": {"ok": True}}
    write_json_atomic(path, document)
    assert json.loads(path.read_text(encoding="utf-8")) == document
    assert _leftovers(path.parent) == []
    assert not backup_path(path).exists(), "nothing to back up on the first write"


def test_previous_file_is_kept_as_backup(target: Path) -> None:
    old_bytes = target.read_bytes()
    write_json_atomic(target, NEW)
    assert json.loads(target.read_bytes()) == NEW
    assert backup_path(target).read_bytes() == old_bytes
    assert backup_path(target).name == "thing.json.bak"


def test_damaged_current_file_does_not_overwrite_a_good_backup(target: Path) -> None:
    write_json_atomic(target, NEW)  # backup now holds OLD
    target.write_bytes(b"\x00garbage")
    write_json_atomic(target, {"schema_version": 1, "kind": "thing", "value": "newest"})
    assert json.loads(backup_path(target).read_bytes()) == OLD


@pytest.mark.parametrize("unserialisable", [{1, 2}, float("nan"), object()])
def test_serialisation_error_changes_nothing(target: Path, unserialisable: Any) -> None:
    before = target.read_bytes()
    with pytest.raises(SaveError) as caught:
        write_json_atomic(target, {"value": unserialisable})
    assert caught.value.code == "unserialisable"
    assert target.read_bytes() == before
    assert not backup_path(target).exists()
    assert _leftovers(target.parent) == []


def test_failed_replace_keeps_the_old_file(target: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = target.read_bytes()
    real_replace = os.replace

    def failing_replace(src: Any, dst: Any) -> None:
        if Path(dst) == target:
            raise OSError(errno.EIO, "Input/output error")
        real_replace(src, dst)

    monkeypatch.setattr(atomic.os, "replace", failing_replace)
    with pytest.raises(SaveError) as caught:
        write_json_atomic(target, NEW)
    assert caught.value.code == "io"
    assert "Input/output error" in str(caught.value)
    assert target.read_bytes() == before
    assert _leftovers(target.parent) == []


def test_full_disk_is_a_save_error_and_loses_nothing(
    target: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = target.read_bytes()

    def full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", full)
    with pytest.raises(SaveError) as caught:
        write_json_atomic(target, NEW)
    assert caught.value.code == "disk_full"
    assert caught.value.path == target
    assert "not enough free space" in caught.value.reason
    assert str(target.parent) in caught.value.reason
    assert target.read_bytes() == before
    assert _leftovers(target.parent) == []


def test_read_only_folder_is_a_save_error_and_loses_nothing(target: Path) -> None:
    before = target.read_bytes()
    folder = target.parent
    folder.chmod(0o500)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("running with privileges that ignore folder permissions (root)")
        with pytest.raises(SaveError) as caught:
            write_json_atomic(target, NEW)
    finally:
        folder.chmod(0o700)
    assert caught.value.code == "read_only"
    assert "read-only" in str(caught.value)
    assert target.read_bytes() == before


def test_permission_error_maps_to_read_only(target: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The same mapping as above, reachable even when the tests run as root.
    def refuse(*_args: Any, **_kwargs: Any) -> Any:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(atomic.tempfile, "mkstemp", refuse)
    before = target.read_bytes()
    with pytest.raises(SaveError) as caught:
        write_json_atomic(target, NEW)
    assert caught.value.code == "read_only"
    assert target.read_bytes() == before


def test_read_back_mismatch_keeps_the_old_file(
    target: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = target.read_bytes()
    monkeypatch.setattr(atomic, "_read_back", lambda _path: b"{}")
    with pytest.raises(SaveError) as caught:
        write_json_atomic(target, NEW)
    assert caught.value.code == "verify"
    assert target.read_bytes() == before
    assert _leftovers(target.parent) == []
