"""The green felt under every screen, painted once per window size.

A flat green looks like a web page; a soft darkening towards the edges (a vignette) and a
faint cloth grain read as a card table. The pattern is computed on a small grid and scaled
up, so a window resize costs a millisecond rather than a per-pixel loop in Python.
"""

from __future__ import annotations

import random

import pygame

from canasta_game.ui.shell.theme import FELT, FELT_EDGE

_GRID = (48, 30)
GRAIN_TILE = 128


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _small_felt() -> pygame.Surface:
    """The vignette on a coarse grid; smoothscale turns it into a soft gradient."""
    width, height = _GRID
    small = pygame.Surface(_GRID)
    for y in range(height):
        for x in range(width):
            dx = (x + 0.5) / width * 2 - 1
            dy = (y + 0.5) / height * 2 - 1
            t = min(1.0, (dx * dx * 0.8 + dy * dy) ** 1.2 * 0.75)
            small.set_at((x, y), _mix(FELT, FELT_EDGE, t))
    return small


def _grain_tile() -> pygame.Surface:
    """Faint speckles on one tile, seeded so the felt is the same every run (screenshots
    compare); tiled over the window, so a resize costs a few blits, not a pixel loop."""
    rng = random.Random(7)
    tile = pygame.Surface((GRAIN_TILE, GRAIN_TILE), pygame.SRCALPHA)
    for _ in range(GRAIN_TILE * GRAIN_TILE // 90):
        x = rng.randrange(GRAIN_TILE)
        y = rng.randrange(GRAIN_TILE)
        tile.set_at((x, y), rng.choice(((255, 255, 255, 7), (0, 0, 0, 10))))
    return tile


class Felt:
    """Paints the felt; keeps the last size's surface so steady frames are one blit."""

    def __init__(self) -> None:
        self._surface: pygame.Surface | None = None
        self._small = _small_felt()
        self._grain = _grain_tile()

    def surface(self, size: tuple[int, int]) -> pygame.Surface:
        if self._surface is None or self._surface.get_size() != size:
            felt = pygame.transform.smoothscale(self._small, size)
            for y in range(0, size[1], GRAIN_TILE):
                for x in range(0, size[0], GRAIN_TILE):
                    felt.blit(self._grain, (x, y))
            self._surface = felt
        return self._surface

    def draw(self, target: pygame.Surface) -> None:
        target.blit(self.surface(target.get_size()), (0, 0))
