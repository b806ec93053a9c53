"""The main loop: events to the UI manager first, then to the top scene; update; draw.

One frame is one ``frame(dt)`` call, so the interactive game (60 Hz, real time), headless
autoplay (no frame cap, a fixed simulated ``dt``) and the tests (a handful of frames after
posting mouse events) all run exactly the same code.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable

import pygame

from canasta_game.i18n import _
from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.gui_scene import GuiScene
from canasta_game.ui.shell.notices import draw_mark

FPS = 60
REST_WAIT = 0.1
"""At rest the loop updates its timers this often (seconds)..."""
REST_POLL = 0.02
"""...and looks for input this often: SDL's own ``event.wait`` polls and costs more."""
AWAKE_AFTER_INPUT = 2.0
"""Seconds of full frame rate after any event (hover effects, tooltips that appear late)."""


class MainLoop:
    """Runs frames for ``ctx`` until ``ctx.running`` goes false or ``stop()`` says so."""

    def __init__(self, ctx: ShellContext) -> None:
        self.ctx = ctx
        self.frames = 0
        self._awake = AWAKE_AFTER_INPUT
        self._still = False  # the frame on screen was drawn at rest

    def at_rest(self) -> bool:
        """Nothing moves, nothing is timed and no input came lately: the picture on screen
        is still right, so neither drawing nor a full frame rate is needed (issue 15, 5)."""
        ctx = self.ctx
        return self._awake <= 0 and ctx.stack.at_rest() and not ctx.notices.notices

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

    def frame(self, dt: float, *, may_rest: bool = False) -> None:
        """One frame; with ``may_rest`` a frame at rest updates the timers but draws nothing."""
        ctx = self.ctx
        for event in pygame.event.get():
            self._awake = AWAKE_AFTER_INPUT
            self.dispatch(event)
            if not ctx.running:
                return
        ctx.ui_manager.update(dt)
        ctx.stack.update(dt)
        ctx.notices.update(dt)
        ctx.settings_keeper.update(dt)
        self._awake -= dt
        resting = may_rest and self.frames > 1 and self.at_rest()
        if resting and self._still:
            return  # the last frame drawn already shows this
        self._still = resting
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
        may_rest = fps > 0 and fixed_dt is None  # headless runs never wait for anything
        while self.ctx.running:
            self.frame(dt if fixed_dt is None else fixed_dt, may_rest=may_rest)
            if self.frames == 1 and on_first_frame is not None:
                on_first_frame()
            if stop is not None and stop():
                break
            if max_frames is not None and self.frames >= max_frames:
                break
            if may_rest and self.at_rest():
                self._sleep()
            dt = min(clock.tick(fps) / 1000.0, 0.1)

    def _sleep(self) -> None:
        """Wait for input, or until the timers are due for an update."""
        for _poll in range(round(REST_WAIT / REST_POLL)):
            if pygame.event.peek():
                return
            time.sleep(REST_POLL)
