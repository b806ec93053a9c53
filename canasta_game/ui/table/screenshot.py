"""``--screenshot --scene table``: one frame of the table, rendered headless to a PNG.

``preset`` is a rules preset ("classic-4", "classic-2", ...) whose deal is played by computer
players for a while, or "busy" for the benchmark's hand-made mid-hand position; ``late``
renders the preset's hand-made crowded end of a hand instead (``--scene late``).
"""

from __future__ import annotations

from pathlib import Path

import pygame

from canasta_game.controller.pacing import Pacer
from canasta_game.controller.session import Session
from canasta_game.ui.table.headless import init_headless, make_context, pump
from canasta_game.ui.table.positions import busy_session, late_session, played_session
from canasta_game.ui.table.table_scene import TableScene


def table_session(preset: str, seed: int, moves: int = 40, *, late: bool = False) -> Session:
    if preset == "busy":
        return busy_session()
    if late:
        return late_session(preset)
    return played_session(preset, seed, moves)


def render_table_screenshot(
    path: str | Path,
    preset: str = "classic-4",
    seed: int = 1,
    size: tuple[int, int] = (1280, 800),
    moves: int = 40,
    *,
    show_log: bool = False,
    late: bool = False,
) -> Path:
    """Render the table for ``preset``/``seed`` at ``size`` and save it as a PNG; with
    ``show_log`` the move log is open (README's screenshot)."""
    surface = init_headless(size)
    context = make_context(size, reduced_motion=True)
    session = table_session(preset, seed, moves, late=late)
    pacer = Pacer(session, threaded=False)
    pacer.hold = True
    scene = TableScene(session, context, pacer=pacer, size=size)
    scene.log_visible = show_log
    try:
        for _ in range(3):
            pacer.hold = True
            pump(scene, context.ui_manager, surface, dt=1 / 60)
        out = Path(path)
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(out))
    finally:
        scene.close()
    return out
