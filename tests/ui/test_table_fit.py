"""Issue 15, fault 2 and the crowded tables: at 1024x640 and 1280x800, with two to six
players, nothing on the table runs into anything else and the hand is never cut off."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import dataclasses
from collections.abc import Iterator

import pygame
import pytest

from canasta_game.controller.pacing import Pacer
from canasta_game.ui.table.headless import init_headless, make_context, pump
from canasta_game.ui.table.positions import played_session
from canasta_game.ui.table.table_scene import TableScene

SMALL, LARGE = (1024, 640), (1280, 800)


@pytest.fixture
def table(request: pytest.FixtureRequest) -> Iterator[TableScene]:
    preset, seed, moves, size = request.param
    surface = init_headless(size)
    context = make_context(size, reduced_motion=True)
    session = played_session(preset, seed, moves)
    pacer = Pacer(session, threaded=False)
    pacer.hold = True
    scene = TableScene(session, context, pacer=pacer, size=size)
    for _ in range(2):
        pacer.hold = True
        pump(scene, context.ui_manager, surface, dt=1 / 60)
    yield scene
    scene.close()


@pytest.mark.parametrize("table", [("classic-5", 1, 40, SMALL)], indirect=True)
def test_five_sides_in_the_top_bar_keep_to_their_blocks(table: TableScene) -> None:
    """Five closed sides with big scores at 1024x640: each side's name, score and detail
    ("min 50 · not open") stay inside its own block, clear of the next side's mark."""
    scene = table
    assert scene.info is not None
    closed = tuple(
        dataclasses.replace(side, score=-12345, opened=False, minimum=120)
        for side in scene.info.sides
    )
    info = dataclasses.replace(scene.info, sides=closed)
    reserved = scene.controls.hud_reserved
    bar = scene.hud._render_bar(scene.layout, info, reserved)
    pad = scene.layout.pad
    turn_w = scene.hud.text.render(
        info.turn, scene.layout.fonts["hud"], (0, 0, 0), True
    ).get_width()
    room = bar.get_width() - reserved - pad - turn_w - 3 * pad
    block_w = room // len(closed)
    for index in range(1, len(closed)):
        end = pad + index * block_w  # where the next side's colour mark starts
        gap = pygame.Rect(end - pad // 2, 0, pad // 2, bar.get_height())
        inked = [
            (x, y)
            for x in range(gap.left, gap.right)
            for y in range(gap.top, gap.bottom)
            if bar.get_at((x, y)).a > 40
        ]
        assert not inked, f"side {index - 1} runs into side {index} at {inked[:3]}"
