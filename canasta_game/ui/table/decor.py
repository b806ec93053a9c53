"""Small marks drawn over the cards: count pills, the stop sign, target glows, outlines.

Each is rendered once per (text, size, style) and then only blitted, so the busiest frame
costs a handful of blits rather than font rendering and alpha fills.
"""

from __future__ import annotations

import math

import pygame

from canasta_game.ui.table.text import TextCache

Colour = tuple[int, int, int]

INK = (245, 240, 222)
INK_DIM = (200, 214, 196)
GOLD = (242, 196, 70)
PILL_DARK = (24, 32, 28)
NATURAL_RED = (186, 28, 40)
MIXED_BLACK = (22, 22, 26)
SEQUENCE_BLUE = (28, 78, 168)  # a samba / escalera
WILD_GOLD = (150, 104, 12)  # a canasta of wild cards (bolivia)
ICE = (150, 214, 246)
DEAD_GREY = (70, 70, 76)  # MAC-16: the dead ranks' mark
STOP_RED = (204, 30, 36)
GLOW = (255, 214, 90)
SELECT = (255, 206, 64)
TURN = (255, 214, 90)


class Decor:
    def __init__(self, text: TextCache) -> None:
        self.text = text
        self._cache: dict[tuple, pygame.Surface] = {}

    def clear(self) -> None:
        self._cache.clear()

    def pill(
        self,
        label: str,
        px: int,
        bg: Colour,
        fg: Colour = INK,
        alpha: int = 225,
        edge: Colour | None = None,
    ) -> pygame.Surface:
        """Text on a rounded, slightly translucent lozenge (counts, canasta kinds)."""
        key = ("pill", label, px, bg, fg, alpha, edge)
        surf = self._cache.get(key)
        if surf is None:
            text = self.text.render(label, px, fg, bold=True)
            h = text.get_height() + max(2, px // 5)
            w = max(h, text.get_width() + h // 1.4)
            surf = pygame.Surface((round(w), h), pygame.SRCALPHA)
            pygame.draw.rect(surf, (*bg, alpha), surf.get_rect(), border_radius=h // 2)
            if edge is not None:
                pygame.draw.rect(surf, (*edge, 200), surf.get_rect(), width=1, border_radius=h // 2)
            surf.blit(text, text.get_rect(center=surf.get_rect().center))
            self._cache[key] = surf
        return surf

    def stop_sign(self, size: int, label: str) -> pygame.Surface:
        """A red octagon: a black three on top stops the pile."""
        key = ("stop", size, label)
        surf = self._cache.get(key)
        if surf is None:
            surf = pygame.Surface((size, size), pygame.SRCALPHA)
            r = size / 2
            points = [
                (
                    r + r * math.cos(math.pi / 8 + i * math.pi / 4),
                    r + r * math.sin(math.pi / 8 + i * math.pi / 4),
                )
                for i in range(8)
            ]
            pygame.draw.polygon(surf, (255, 255, 255), points)
            inner = [(r + (x - r) * 0.86, r + (y - r) * 0.86) for x, y in points]
            pygame.draw.polygon(surf, STOP_RED, inner)
            text = self.text.fit(
                label, max(10, size // 3), (255, 255, 255), int(size * 0.8), bold=True
            )
            surf.blit(text, text.get_rect(center=(r, r)))
            self._cache[key] = surf
        return surf

    def glow(self, size: tuple[int, int], strong: bool) -> pygame.Surface:
        """The halo of a legal drop target; stronger under the cursor."""
        key = ("glow", size, strong)
        surf = self._cache.get(key)
        if surf is None:
            w, h = size
            surf = pygame.Surface(size, pygame.SRCALPHA)
            radius = max(6, min(w, h) // 10)
            pygame.draw.rect(
                surf, (*GLOW, 70 if strong else 34), surf.get_rect(), border_radius=radius
            )
            pygame.draw.rect(
                surf,
                (*GLOW, 255 if strong else 170),
                surf.get_rect(),
                width=3,
                border_radius=radius,
            )
            self._cache[key] = surf
        return surf

    def outline(self, size: tuple[int, int], colour: Colour, width: int = 3) -> pygame.Surface:
        """A rounded frame around a card (selected cards, the card under the cursor)."""
        key = ("outline", size, colour, width)
        surf = self._cache.get(key)
        if surf is None:
            w, h = size
            surf = pygame.Surface((w + 2 * width, h + 2 * width), pygame.SRCALPHA)
            radius = max(4, w // 9) + width
            pygame.draw.rect(
                surf, (*colour, 255), surf.get_rect(), width=width, border_radius=radius
            )
            self._cache[key] = surf
        return surf

    def panel(
        self, size: tuple[int, int], alpha: int = 200, colour: Colour = (12, 24, 18)
    ) -> pygame.Surface:
        key = ("panel", size, alpha, colour)
        surf = self._cache.get(key)
        if surf is None:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            radius = max(6, min(min(size) // 8, 16))
            pygame.draw.rect(surf, (*colour, alpha), surf.get_rect(), border_radius=radius)
            pygame.draw.rect(surf, (*GOLD, 150), surf.get_rect(), width=1, border_radius=radius)
            self._cache[key] = surf
        return surf

    def shadow(self, size: tuple[int, int]) -> pygame.Surface:
        """A soft dark shape under a lifted card, so it reads as above the table."""
        key = ("shadow", size)
        surf = self._cache.get(key)
        if surf is None:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            radius = max(4, size[0] // 9)
            pygame.draw.rect(surf, (0, 0, 0, 70), surf.get_rect(), border_radius=radius)
            self._cache[key] = surf
        return surf
