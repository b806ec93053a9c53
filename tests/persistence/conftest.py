"""Shared fixtures: every test runs against throw-away XDG folders, never the real home."""

from __future__ import annotations

import gettext
from dataclasses import dataclass
from pathlib import Path

import pytest

import canasta_game.i18n
from canasta_game.persistence import DataDirs, aside


@dataclass(frozen=True)
class XdgRoots:
    """The temporary folders standing in for ``$XDG_DATA_HOME`` and ``$XDG_CONFIG_HOME``."""

    data: Path
    config: Path


@pytest.fixture(autouse=True)
def xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> XdgRoots:
    """Point XDG (and HOME, for ``~``) into ``tmp_path`` for every test in this folder."""
    roots = XdgRoots(tmp_path / "xdg-data", tmp_path / "xdg-config")
    monkeypatch.setenv("XDG_DATA_HOME", str(roots.data))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(roots.config))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return roots


@pytest.fixture
def dirs(xdg: XdgRoots, tmp_path: Path) -> DataDirs:
    """The game's folders as resolved normally; on platforms that ignore XDG (macOS,
    Windows) an override keeps the test inside ``tmp_path`` all the same."""
    resolved = DataDirs()
    inside = resolved.data_dir.is_relative_to(tmp_path) and resolved.config_dir.is_relative_to(
        tmp_path
    )
    return resolved if inside else DataDirs(tmp_path / "override")


@pytest.fixture
def fixed_stamp(monkeypatch: pytest.MonkeyPatch) -> str:
    """Pin the move-aside timestamp so that two moves land in the same 'second'."""
    stamp = "20250131T201500Z"
    monkeypatch.setattr(aside, "utc_stamp", lambda: stamp)
    return stamp


class _MarkingTranslations(gettext.NullTranslations):
    """A fake catalogue that wraps every message, to prove texts go through ``_``."""

    def gettext(self, message: str) -> str:
        return f"[tr]{message}"


@pytest.fixture
def marked_translation(monkeypatch: pytest.MonkeyPatch) -> str:
    """Install the marking catalogue; returns the marker every translated text starts with."""
    monkeypatch.setattr(canasta_game.i18n, "_translation", _MarkingTranslations())
    return "[tr]"
