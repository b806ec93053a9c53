"""Fixtures the issue-11 table tests share: a booted shell and table drivers closed after."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from canasta_game.persistence import DataDirs
from canasta_game.ui.shell.boot import build_context
from canasta_game.ui.shell.driver import ShellDriver
from canasta_game.ui.shell.flow import Flow
from canasta_game.ui.shell.headless import unthreaded_table
from canasta_game.ui.table.driver import TableDriver

Shell = tuple[ShellDriver, Flow]


@pytest.fixture
def shell_boot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., Shell]]:
    """``boot(size)`` starts the game headless in a private home, as a fresh start does
    (its computer players think on the main thread); every start is closed afterwards."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    made: list[ShellDriver] = []

    def boot(size: tuple[int, int] = (1280, 800)) -> Shell:
        ctx = build_context(DataDirs(tmp_path / "game"), size=size, headless=True)
        flow = Flow(ctx, table_factory=unthreaded_table)
        flow.boot()
        driver = ShellDriver(ctx)
        driver.frames(2)
        made.append(driver)
        return driver, flow

    yield boot
    for driver in made:
        driver.ctx.stack.close_all()


@pytest.fixture
def table_drivers() -> Iterator[list[TableDriver]]:
    """Table drivers a test makes, closed after it."""
    made: list[TableDriver] = []
    yield made
    for driver in made:
        driver.close()
