"""Fixtures the table and shell tests share: a booted shell, table drivers and held tables,
all closed after the test."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from canasta_game.controller.pacing import Pacer
from canasta_game.persistence import DataDirs
from canasta_game.ui.shell.boot import build_context
from canasta_game.ui.shell.driver import ShellDriver
from canasta_game.ui.shell.flow import Flow
from canasta_game.ui.shell.headless import unthreaded_table
from canasta_game.ui.table.driver import TableDriver
from canasta_game.ui.table.headless import init_headless, make_context, pump
from canasta_game.ui.table.positions import played_session
from canasta_game.ui.table.table_scene import TableScene

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


@pytest.fixture
def held_table() -> Iterator[Callable[[str, int, int, tuple[int, int]], TableScene]]:
    """A maker of real tables of ``preset`` after ``moves`` computer moves of deal ``seed``,
    at ``size``, held on the human's turn with two frames drawn; closed after the test."""
    made: list[TableScene] = []

    def make(preset: str, seed: int, moves: int, size: tuple[int, int]) -> TableScene:
        surface = init_headless(size)
        context = make_context(size, reduced_motion=True)
        session = played_session(preset, seed, moves)
        pacer = Pacer(session, threaded=False)
        pacer.hold = True
        scene = TableScene(session, context, pacer=pacer, size=size)
        for _frame in range(2):
            pacer.hold = True
            pump(scene, context.ui_manager, surface, dt=1 / 60)
        made.append(scene)
        return scene

    yield make
    for scene in made:
        scene.close()
