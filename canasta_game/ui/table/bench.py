"""Frame times of a busy table: ``python -m canasta_game --benchmark-frames N``.

The table is the hand-made mid-hand position (canastas, a frozen pile, red threes, a full
hand) with a drag in progress and a card always in the air, which is the most a frame ever
has to draw. Each frame is the app's whole loop: widgets, scene update, scene draw.
"""

from __future__ import annotations

import statistics
import time

import pygame

from canasta_game.controller.pacing import Pacer
from canasta_game.ui.table.headless import HeadlessContext, init_headless, make_context, pump
from canasta_game.ui.table.positions import busy_session
from canasta_game.ui.table.table_scene import TableScene
from canasta_game.ui.table.tween import Flight

DT = 1 / 60


class BusyTable:
    """The benchmark's table, ready to render frames."""

    def __init__(self, size: tuple[int, int] = (1280, 800)) -> None:
        self.size = size
        self.surface = init_headless(size)
        self.context: HeadlessContext = make_context(size)
        self.session = busy_session()
        self.pacer = Pacer(self.session, threaded=False)
        self.scene = TableScene(self.session, self.context, pacer=self.pacer, size=size)
        self.frame_no = 0
        self._start_drag()

    def _start_drag(self) -> None:
        scene = self.scene
        uid = scene.plan.hand[len(scene.plan.hand) // 2][0]
        sprite = scene.sprite_of(uid)
        assert sprite is not None
        start = (round(sprite.x), round(sprite.y))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=(start[0], start[1] - 40), rel=(0, -40), buttons=(1, 0, 0)
            )
        )
        for _ in range(3):
            pump(self.scene, self.context.ui_manager, self.surface, DT)

    def _keep_a_card_flying(self) -> None:
        scene = self.scene
        if any(s.flying for s in scene.store):
            return
        view = scene.view
        uid = view.pile_cards[-1]
        sprite = scene.sprite_of(uid)
        assert sprite is not None
        seat = next(iter(scene.layout.seats.values()))
        there = (float(seat.rect.centerx), float(seat.rect.centery))
        home = (sprite.home.x, sprite.home.y)
        start, end = (home, there) if self.frame_no % 2 == 0 else (there, home)
        scene.store.launch(sprite, Flight(start, end, 0.45, face_up=True, hold=False))

    def frame(self) -> float:
        """Render one frame; returns its time in milliseconds."""
        self.frame_no += 1
        self._keep_a_card_flying()
        x = 300 + (self.frame_no * 7) % 600
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(x, 420), rel=(7, 0), buttons=(1, 0, 0))
        )
        start = time.perf_counter()
        pump(self.scene, self.context.ui_manager, self.surface, DT)
        pygame.display.flip()
        return (time.perf_counter() - start) * 1000

    def close(self) -> None:
        self.scene.close()


def render_busy_frame(table: BusyTable) -> float:
    """One frame of the busy table, in milliseconds."""
    return table.frame()


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def benchmark_frames(n: int = 600, size: tuple[int, int] = (1280, 800)) -> dict[str, float]:
    """Render ``n`` busy frames; frame-time percentiles in milliseconds."""
    table = BusyTable(size)
    try:
        for _ in range(10):  # warm the caches: card art, text, glows
            table.frame()
        times = [render_busy_frame(table) for _ in range(max(1, n))]
    finally:
        table.close()
    return {
        "frames": float(len(times)),
        "width": float(size[0]),
        "height": float(size[1]),
        "mean_ms": statistics.fmean(times),
        "p50_ms": _percentile(times, 50),
        "p95_ms": _percentile(times, 95),
        "p99_ms": _percentile(times, 99),
        "max_ms": max(times),
    }
