"""Issue 15, fault 5: a screen with nothing moving is not redrawn 60 times a second."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from canasta_game.persistence import DataDirs
from canasta_game.ui.shell.boot import build_context
from canasta_game.ui.shell.flow import Flow
from canasta_game.ui.shell.loop import AWAKE_AFTER_INPUT, MainLoop


@pytest.fixture
def loop(tmp_path: Path) -> Iterator[MainLoop]:
    ctx = build_context(DataDirs(tmp_path / "game"), size=(1024, 640), headless=True)
    Flow(ctx).boot()
    made = MainLoop(ctx)
    yield made
    ctx.stack.close_all()


def _frames(loop: MainLoop, seconds: float) -> int:
    before = loop.frames
    for _ in range(round(seconds * 60)):
        loop.frame(1 / 60, may_rest=True)
    return loop.frames - before


def test_issue15_fault5_the_start_screen_at_rest_stops_drawing(loop: MainLoop) -> None:
    pygame.event.clear()
    _frames(loop, AWAKE_AFTER_INPUT + 0.5)
    assert loop.at_rest()
    assert _frames(loop, 1.0) == 0


def test_issue15_fault5_input_wakes_the_loop_up(loop: MainLoop) -> None:
    pygame.event.clear()
    _frames(loop, AWAKE_AFTER_INPUT + 0.5)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0))
    )
    assert _frames(loop, 1.0) == 60
    assert not loop.at_rest()
