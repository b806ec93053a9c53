"""The framed dark-green card every dialog sits on, drawn once at its own size.

pygame_gui would draw a rounded panel on a surface four times as wide and as high to smooth
its corners: over 40 MB for the score dialog (issue 15, fault 6).
"""

from __future__ import annotations

import pygame

GOLD = (226, 190, 110)
PANEL_BG: tuple[int, int, int] = (12, 52, 31)
PANEL_RADIUS = 18
PANEL_SHADOW = 6


def panel_surface(size: tuple[int, int]) -> pygame.Surface:
    """A dialog's framed dark-green card with its soft shadow, drawn at its own size."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    whole = surface.get_rect()
    for step in range(PANEL_SHADOW, 0, -2):  # darker towards the card
        alpha = 60 - 8 * step
        pygame.draw.rect(
            surface,
            (0, 0, 0, alpha),
            whole.inflate(-PANEL_SHADOW + step, -PANEL_SHADOW + step),
            border_radius=PANEL_RADIUS + step,
        )
    card = whole.inflate(-2 * PANEL_SHADOW, -2 * PANEL_SHADOW)
    pygame.draw.rect(surface, PANEL_BG, card, border_radius=PANEL_RADIUS)
    pygame.draw.rect(surface, GOLD, card, width=2, border_radius=PANEL_RADIUS)
    return surface
