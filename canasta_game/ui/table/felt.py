"""The green felt and the marked-out places on it, painted once per window size.

A soft light in the middle, a darker rim and a fine grain make it read as cloth; the areas
where each side lays its melds, and the places of the stock and the pile, are printed on
the cloth like on a real card table. All of it is one cached surface, so a frame starts
with a single blit.
"""

from __future__ import annotations

import random

import pygame

from canasta_game.ui.table.layout import TableLayout

FELT = (21, 96, 56)
FELT_LIGHT = (34, 122, 72)
FELT_DARK = (11, 60, 34)
PRINT = (120, 190, 140)  # the faint ink of the marks on the cloth
Colour = tuple[int, int, int]


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _gradient(size: tuple[int, int]) -> pygame.Surface:
    """A radial light, computed on a small grid and smoothed up: cheap and banding-free."""
    gw, gh = 64, 40
    small = pygame.Surface((gw, gh))
    for y in range(gh):
        for x in range(gw):
            dx = (x + 0.5) / gw - 0.5
            dy = ((y + 0.5) / gh - 0.55) * 0.9
            d = min(1.0, (dx * dx + dy * dy) ** 0.5 * 1.55)
            colour = (
                _mix(FELT_LIGHT, FELT, d * 1.4)
                if d < 0.7
                else _mix(FELT, FELT_DARK, (d - 0.7) / 0.3)
            )
            small.set_at((x, y), colour)
    return pygame.transform.smoothscale(small, size)


def _grain(size: tuple[int, int]) -> pygame.Surface:
    """A fine random weave, tiled: felt is never perfectly flat."""
    tile = pygame.Surface((96, 96), pygame.SRCALPHA)
    rng = random.Random(1975)
    for _ in range(2600):
        x, y = rng.randrange(96), rng.randrange(96)
        shade = rng.choice(((255, 255, 255, 10), (0, 0, 0, 16), (0, 0, 0, 10)))
        tile.set_at((x, y), shade)
    out = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(0, size[1], 96):
        for x in range(0, size[0], 96):
            out.blit(tile, (x, y))
    return out


def _area(surface: pygame.Surface, rect: pygame.Rect, radius: int, mine: bool) -> None:
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 34 if mine else 26), shade.get_rect(), border_radius=radius)
    edge = (*PRINT, 70 if mine else 45)
    pygame.draw.rect(shade, edge, shade.get_rect(), width=2 if mine else 1, border_radius=radius)
    surface.blit(shade, rect.topleft)


def _slot(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    """The printed outline of a card place (stock, pile)."""
    mark = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(mark, (*PRINT, 80), mark.get_rect(), width=2, border_radius=radius)
    surface.blit(mark, rect.topleft)


def paint_felt(layout: TableLayout) -> pygame.Surface:
    """The background for ``layout``: cloth, meld areas, stock and pile places."""
    surface = _gradient(layout.size)
    surface.blit(_grain(layout.size), (0, 0))
    radius = max(6, layout.pad)
    for area in layout.areas.values():
        _area(surface, area.rect, radius, area.mine)
    card_radius = max(3, layout.card("table")[0] // 10)
    _slot(surface, layout.stock, card_radius)
    _slot(surface, layout.pile, card_radius)
    hud = pygame.Surface(layout.hud.size, pygame.SRCALPHA)
    hud.fill((0, 0, 0, 90))
    pygame.draw.line(
        hud, (*PRINT, 90), (0, hud.get_height() - 1), (hud.get_width(), hud.get_height() - 1)
    )
    surface.blit(hud, layout.hud.topleft)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surface = surface.convert()
    return surface
