"""The one typeface of the whole game: the Noto Sans that ships with pygame_gui.

Menus (pygame_gui) and everything drawn straight onto the felt (the table, its help, the
notices) use the same letters, so no screen looks as if it came from another program.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

import pygame


@cache
def game_font(size: int, bold: bool = True) -> pygame.font.Font:
    """Noto Sans at ``size`` pixels; pygame's default font if the file cannot be read."""
    if not pygame.font.get_init():
        pygame.font.init()
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    try:
        with resources.as_file(resources.files("pygame_gui.data") / name) as path:
            return pygame.font.Font(str(path), size)
    except (OSError, FileNotFoundError, pygame.error):
        return pygame.font.Font(None, size)
