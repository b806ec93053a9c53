"""The application icon, drawn from the game's own card art so nothing is downloaded.

Used for the window (``pygame.display.set_icon``) and, through ``tools/make_icon.py``, for the
PyInstaller build's .png/.ico/.icns files.
"""

from __future__ import annotations

import math

import pygame

from canasta_game.ui.card_art import render_face

FELT = (21, 96, 56)
FELT_EDGE = (12, 60, 34)


def render_icon(size: int = 256) -> pygame.Surface:
    """A felt tile with a fan of three cards: the joker between two aces."""
    if size < 128:  # the card art needs room; small icons are shrunk from a large one
        return pygame.transform.smoothscale(render_icon(256), (size, size))
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = size // 6
    pygame.draw.rect(icon, FELT_EDGE, icon.get_rect(), border_radius=radius)
    pygame.draw.rect(icon, FELT, icon.get_rect().inflate(-size // 16, -size // 16),
                     border_radius=radius)
    card_w = int(size * 0.40)
    card_h = int(card_w * 1.4)
    pivot = (size / 2, size * 0.82)  # the fan turns around a point below the cards
    reach = card_h * 0.55
    for rank, suit, angle in (("A", "s", 24), ("A", "h", -24), ("JK", None, 0)):
        face = render_face(rank, suit, (card_w, card_h))
        turned = pygame.transform.rotozoom(face, angle, 1.0)
        rad = math.radians(angle)
        centre = (pivot[0] - reach * math.sin(rad), pivot[1] - reach * math.cos(rad))
        icon.blit(turned, turned.get_rect(center=centre))
    return icon
