"""Where files go: XDG folders resolved lazily, or one override folder for everything."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from canasta_game.persistence import DataDirs, MatchSaveStore, Settings, save_settings
from canasta_game.persistence.paths import APP_NAME

from .conftest import XdgRoots

xdg_only = pytest.mark.skipif(
    not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")),
    reason="platformdirs honours XDG variables only on Unix desktops",
)


@xdg_only
def test_default_folders_follow_the_xdg_variables(xdg: XdgRoots) -> None:
    dirs = DataDirs()
    assert dirs.data_dir == xdg.data / APP_NAME
    assert dirs.config_dir == xdg.config / APP_NAME
    assert dirs.match_file == xdg.data / APP_NAME / "match.json"
    assert dirs.statistics_file == xdg.data / APP_NAME / "statistics.json"
    assert dirs.settings_file == xdg.config / APP_NAME / "settings.json"


@xdg_only
def test_folders_are_resolved_when_asked_not_when_imported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The module was imported when this file was collected, before any variable below existed;
    # the object is even built before the change. Only the access may decide.
    dirs = DataDirs()
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "later-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "later-config"))
    assert dirs.data_dir == tmp_path / "later-data" / APP_NAME
    assert dirs.config_dir == tmp_path / "later-config" / APP_NAME


def test_importing_creates_no_folder_and_needs_no_pygame(tmp_path: Path) -> None:
    code = (
        "import sys, canasta_game.persistence as p\n"
        "p.DataDirs().match_file\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')"
        " or m.startswith('canasta_game.engine') or m == 'pickle']\n"
        "assert not bad, bad\n"
    )
    env = {
        **os.environ,
        "XDG_DATA_HOME": str(tmp_path / "d"),
        "XDG_CONFIG_HOME": str(tmp_path / "c"),
        "HOME": str(tmp_path / "h"),
    }
    completed = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )
    assert completed.returncode == 0, completed.stderr
    assert not any(tmp_path.iterdir()), "importing or resolving must not create folders"


def test_override_puts_everything_in_one_folder(tmp_path: Path) -> None:
    dirs = DataDirs(tmp_path / "portable")
    assert dirs.data_dir == dirs.config_dir == tmp_path / "portable"
    assert dirs.settings_file.parent == dirs.match_file.parent == dirs.statistics_file.parent


def test_relative_override_is_pinned_to_the_starting_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    dirs = DataDirs(Path("saves"))
    monkeypatch.chdir(tmp_path.parent)
    assert dirs.data_dir == tmp_path / "saves"


def test_override_expands_home(tmp_path: Path) -> None:
    assert DataDirs(Path("~/canasta")).data_dir == tmp_path / "home" / "canasta"


def test_folders_appear_on_first_write(dirs: DataDirs) -> None:
    assert not dirs.config_dir.exists()
    assert not dirs.data_dir.exists()
    save_settings(dirs, Settings())
    assert dirs.settings_file.is_file()
    MatchSaveStore(dirs).save({"log": []})
    assert dirs.match_file.is_file()
