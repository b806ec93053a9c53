"""The title shown on the felt while the table scene is being built."""

from __future__ import annotations

import pygame

from canasta_game.i18n import _

Colour = tuple[int, int, int]


def draw_title(surface: pygame.Surface, felt: Colour, ink: Colour) -> None:
    """Fill the window with felt and centre the game's name, scaled to the window height."""
    surface.fill(felt)
    width, height = surface.get_size()
    title_font = pygame.font.Font(None, max(24, height // 8))
    sub_font = pygame.font.Font(None, max(16, height // 28))
    title = title_font.render(_("Canasta"), True, ink)
    subtitle = sub_font.render(_("The table is being set. Press Escape to leave."), True, ink)
    surface.blit(title, title.get_rect(center=(width // 2, height // 2 - height // 16)))
    surface.blit(subtitle, subtitle.get_rect(center=(width // 2, height // 2 + height // 16)))
