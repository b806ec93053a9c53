"""Rendered text, kept: font rendering costs far more than a blit, and the table shows the
same few dozen strings (names, counts, hints) frame after frame.

The table writes in the game's one typeface (``game_font``), as the menus do.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from canasta_game.ui.fonts import game_font

Colour = tuple[int, int, int]
PX_TO_POINTS = 0.6875
"""Layout sizes were chosen for pygame's default font, which draws at this share of them."""
_LIMIT = 600  # distinct strings kept; counts and scores change, so old ones must go


class TextCache:
    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._texts: OrderedDict[tuple[str, int, Colour, bool], pygame.Surface] = OrderedDict()

    def font(self, px: int, bold: bool = False) -> pygame.font.Font:
        key = (px, bold)
        font = self._fonts.get(key)
        if font is None:
            font = game_font(max(6, round(px * PX_TO_POINTS)), bold)
            self._fonts[key] = font
        return font

    def render(self, text: str, px: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        """The text as an anti-aliased surface with a transparent background (shared)."""
        key = (text, px, colour, bold)
        surf = self._texts.get(key)
        if surf is None:
            surf = self.font(px, bold).render(text, True, colour)
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self._texts[key] = surf
            if len(self._texts) > _LIMIT:
                self._texts.popitem(last=False)
        else:
            self._texts.move_to_end(key)
        return surf

    def fit(
        self, text: str, px: int, colour: Colour, width: int, bold: bool = False
    ) -> pygame.Surface:
        """Like ``render`` but shrinks the font (down to 60 %) until the text fits ``width``."""
        return self.fit_lines([text], px, colour, width, bold)[0]

    def fit_lines(
        self, lines: list[str], px: int, colour: Colour, width: int, bold: bool = False
    ) -> list[pygame.Surface]:
        """``fit`` for lines that read as one text: one size for all, the widest deciding."""
        size = px
        surfs = [self.render(line, size, colour, bold) for line in lines]
        while max(s.get_width() for s in surfs) > width and size > max(10, int(px * 0.6)):
            size -= 1
            surfs = [self.render(line, size, colour, bold) for line in lines]
        return surfs

    def fits(self, text: str, px: int, width: int, bold: bool = False) -> bool:
        """Whether ``fit`` can make ``text`` as narrow as ``width`` (measured, not drawn)."""
        return self.font(max(10, int(px * 0.6)), bold).size(text)[0] <= width

    def clear(self) -> None:
        self._texts.clear()
