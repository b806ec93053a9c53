"""Driving the running shell the way a player does: real pygame events, real frames.

Tests and scripted screenshots post mouse and key events to the queue and let the main loop
pick them up, so a "click" goes through pygame_gui's hit testing and the scene stack
exactly as a person's would; nothing calls a button's handler directly.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UICheckBox, UIVerticalScrollBar

from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.loop import MainLoop

FRAME_DT = 1 / 60


class ShellDriver:
    """Posts input to ``ctx``'s window and runs frames of its main loop."""

    def __init__(self, ctx: ShellContext) -> None:
        self.ctx = ctx
        self.loop = MainLoop(ctx)

    def frames(self, count: int = 3, dt: float = FRAME_DT) -> None:
        for _ in range(count):
            if not self.ctx.running:
                return
            self.loop.frame(dt)

    def until(
        self, done: Callable[[], bool], *, timeout_s: float = 20.0, dt: float = FRAME_DT
    ) -> bool:
        """Run frames until ``done()`` (True) or ``timeout_s`` of real time passed (False).

        Computer players think in a worker thread, so how many frames a move takes depends
        on the machine; waiting for the outcome keeps tests independent of that.
        """
        deadline = time.monotonic() + timeout_s
        while not done():
            if time.monotonic() > deadline or not self.ctx.running:
                return done()
            self.loop.frame(dt)
        return True

    def visible(self, kind: type[UIElement] = UIButton) -> list[UIElement]:
        """Widgets of ``kind`` that a player can see now."""
        return [
            element
            for element in self.ctx.ui_manager.get_sprite_group().sprites()
            if isinstance(element, kind) and element.visible and element.alive()
        ]

    def button(self, text: str) -> UIButton:
        found = [b for b in self.visible(UIButton) if getattr(b, "text", None) == text]
        if not found:
            shown = sorted(str(getattr(b, "text", "")) for b in self.visible(UIButton))
            raise LookupError(f"no visible button {text!r}; visible: {shown}")
        return found[-1]  # type: ignore[return-value]

    def checkbox(self, text: str) -> UICheckBox:
        for box in self.visible(UICheckBox):
            if box.text == text:  # type: ignore[attr-defined]
                return box  # type: ignore[return-value]
        raise LookupError(f"no visible check box {text!r}")

    def click_at(self, pos: tuple[int, int], frames: int = 3) -> None:
        """Press and release the left button at ``pos``, then run frames to react."""
        pygame.mouse.set_pos(pos)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frames(frames)

    def drag(self, start: tuple[int, int], end: tuple[int, int], frames: int = 3) -> None:
        """Hold the left button at ``start``, move to ``end`` and let go (a slider's knob)."""
        pygame.mouse.set_pos(start)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        self.frames(2)
        pygame.mouse.set_pos(end)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
        )
        self.frames(2)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        self.frames(frames)

    def click(self, text: str, frames: int = 3) -> None:
        """Click the visible button labelled ``text``; in an open list too long for the
        screen (New game's rule sets) scroll to it first, as a player would."""
        button = self.in_list(text)
        if button is None:
            button = self.button(text)  # raises LookupError naming what is visible
        self.click_at(button.rect.center, frames)

    def in_list(self, text: str) -> UIButton | None:
        """The button labelled ``text``, scrolling an open list from its top down to it;
        None if no line says ``text``."""
        try:
            return self.button(text)
        except LookupError:
            pass
        for arrow in ("top_button", "bottom_button"):
            for _ in range(30):
                bars = [b for b in self.visible(UIVerticalScrollBar) if getattr(b, arrow)]
                if not bars:
                    return None
                before = bars[-1].scroll_position  # type: ignore[attr-defined]
                self._hold(getattr(bars[-1], arrow).rect.center)
                try:
                    return self.button(text)
                except LookupError:
                    if bars[-1].scroll_position == before:  # type: ignore[attr-defined]
                        break  # at the end of the list
        return None

    def _hold(self, pos: tuple[int, int]) -> None:
        """Press at ``pos`` for a few frames (a scroll arrow moves the list while held)."""
        pygame.mouse.set_pos(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        self.frames(6)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frames(2)

    def tick(self, text: str, frames: int = 3) -> None:
        """Click the check box labelled ``text``."""
        self.click_at(self.checkbox(text).rect.center, frames)

    def press(self, key: int, frames: int = 3) -> None:
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        )
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
        self.frames(frames)

    def resize(self, size: tuple[int, int], frames: int = 2) -> None:
        """What the window manager does when the player drags the edge."""
        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        self.frames(frames)
