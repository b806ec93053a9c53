"""The main loop: events to the UI manager first, then to the top scene; update; draw.

One frame is one ``frame(dt)`` call, so the interactive game (60 Hz, real time), headless
autoplay (no frame cap, a fixed simulated ``dt``) and the tests (a handful of frames after
posting mouse events) all run exactly the same code.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame

from canasta_game.i18n import _
from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.gui_scene import GuiScene
from canasta_game.ui.shell.notices import draw_mark

FPS = 60


class MainLoop:
    """Runs frames for ``ctx`` until ``ctx.running`` goes false or ``stop()`` says so."""

    def __init__(self, ctx: ShellContext) -> None:
        self.ctx = ctx
        self.frames = 0

    def dispatch(self, event: pygame.event.Event) -> None:
        ctx = self.ctx
        if event.type == pygame.QUIT:
            if ctx.nav is None or ctx.nav.close_requested():
                ctx.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            ctx.display.resized((event.w, event.h))
            ctx.window_resized(ctx.display.size)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            fullscreen = not ctx.display.fullscreen
            ctx.change_settings(dataclasses.replace(ctx.settings, fullscreen=fullscreen))
            return
        if ctx.ui_manager.process_events(event):
            return
        used = ctx.stack.handle_event(event)
        if not used and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            top = ctx.stack.top
            if top is not None and not isinstance(top, GuiScene) and ctx.nav is not None:
                ctx.nav.open_menu()  # the table did not take Escape: the menu it means

    def frame(self, dt: float) -> None:
        ctx = self.ctx
        for event in pygame.event.get():
            self.dispatch(event)
            if not ctx.running:
                return
        ctx.ui_manager.update(dt)
        ctx.stack.update(dt)
        ctx.notices.update(dt)
        ctx.settings_keeper.update(dt)
        surface = ctx.display.surface
        ctx.stack.draw(surface)
        ctx.ui_manager.draw_ui(surface)
        ctx.notices.draw(surface)
        if ctx.save_health.failing:
            draw_mark(surface, _("Not saved"))
        pygame.display.flip()
        self.frames += 1
        if self.frames > 1:
            ctx.warm_up()  # after the first frame is on screen, not before

    def run(
        self,
        *,
        fps: int = FPS,
        fixed_dt: float | None = None,
        stop: Callable[[], bool] | None = None,
        max_frames: int | None = None,
        on_first_frame: Callable[[], None] | None = None,
    ) -> None:
        """Loop; ``fps=0`` runs uncapped, ``fixed_dt`` replaces the measured frame time."""
        clock = pygame.time.Clock()
        dt = 1.0 / FPS
        while self.ctx.running:
            self.frame(dt if fixed_dt is None else fixed_dt)
            if self.frames == 1 and on_first_frame is not None:
                on_first_frame()
            if stop is not None and stop():
                break
            if max_frames is not None and self.frames >= max_frames:
                break
            dt = min(clock.tick(fps) / 1000.0, 0.1)
