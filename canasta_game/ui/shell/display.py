"""The window: its size, resizing, and the fullscreen switch (F11 or the Settings screen).

pygame re-creates the display surface when the mode changes, so everything that caches the
surface or its size must be told; ``Display`` does the mode switch and reports the new size
through one callback, and remembers the windowed size to return to when fullscreen ends.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from canasta_game.i18n import _
from canasta_game.ui.icon import render_icon

MIN_SIZE = (800, 500)


class Display:
    """Owns ``pygame.display``; call ``open`` once, then ``set_fullscreen``/``resized``."""

    def __init__(self, size: tuple[int, int], fullscreen: bool = False) -> None:
        self.windowed_size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        self.fullscreen = fullscreen
        self.on_resize: Callable[[tuple[int, int]], None] | None = None
        self._surface: pygame.Surface | None = None

    def open(self) -> pygame.Surface:
        """Create the window (windowed or fullscreen as chosen) and return its surface."""
        pygame.display.set_caption(_("Canasta"))
        pygame.display.set_icon(render_icon(64))  # before the mode is set, for every platform
        self._set_mode()
        assert self._surface is not None
        return self._surface

    @property
    def surface(self) -> pygame.Surface:
        surface = pygame.display.get_surface()
        if surface is not None:
            self._surface = surface
        if self._surface is None:
            raise RuntimeError("the window is not open")
        return self._surface

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def _set_mode(self) -> None:
        if self.fullscreen:
            try:
                self._surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
                return
            except pygame.error:
                self.fullscreen = False  # no fullscreen here (some headless drivers)
        self._surface = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def set_fullscreen(self, fullscreen: bool) -> None:
        """Switch mode if it differs; the new size goes to ``on_resize``."""
        if fullscreen == self.fullscreen:
            return
        self.fullscreen = fullscreen
        self._set_mode()
        self._notify()

    def toggle_fullscreen(self) -> bool:
        self.set_fullscreen(not self.fullscreen)
        return self.fullscreen

    def resized(self, size: tuple[int, int]) -> None:
        """The player dragged the window edge (VIDEORESIZE); remember it and re-lay out."""
        if not self.fullscreen:
            self.windowed_size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        self._notify()

    def _notify(self) -> None:
        if self.on_resize is not None:
            self.on_resize(self.size)
