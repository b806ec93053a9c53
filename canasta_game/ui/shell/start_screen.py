"""The first thing the player sees: the game's name on the felt and what they can do.

Continue is only enabled when a saved match actually loaded (not merely when a file
exists), so pressing it can never lead to an error; a damaged save is explained by the
problem dialog that the flow puts on top of this screen.
"""

from __future__ import annotations

import pygame

from canasta_game.i18n import _
from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.gui_scene import GuiScene
from canasta_game.ui.shell.theme import BUTTON_HEIGHT, CREAM, GOLD, SHADOW, display_font

FAN_LEFT = (("A", "s"), ("K", "h"), ("Q", "d"), ("J", "c"), ("JK", None))
FAN_RIGHT = (("3", "h"), ("3", "d"), ("2", "s"), ("7", "h"), ("7", "c"))


def _fan(
    ctx: ShellContext, cards: tuple[tuple[str, str | None], ...], height: int, spread: float
) -> pygame.Surface:
    """A hand of cards held in a fan, as decoration beside the menu."""
    width = round(height * 0.7)
    art = ctx.card_art_for((width, height))
    count = len(cards)
    canvas = pygame.Surface((width * 3, height * 2), pygame.SRCALPHA)
    pivot = pygame.Vector2(canvas.get_width() / 2, canvas.get_height() * 0.86)
    for index, (rank, suit) in enumerate(cards):
        angle = (index - (count - 1) / 2) * spread
        face = pygame.transform.rotozoom(art.face(rank, suit), -angle, 1.0)
        offset = pygame.Vector2(0, -height * 0.62).rotate(angle)
        canvas.blit(face, face.get_rect(center=pivot + offset))
    return canvas


class StartScreen(GuiScene):
    """New game, Continue, Rules, Settings, Statistics, Quit."""

    def __init__(self, ctx: ShellContext, *, can_continue: bool) -> None:
        self.can_continue = can_continue
        self._decor: tuple[tuple[int, int], pygame.Surface] | None = None
        super().__init__(ctx)

    def build(self, size: tuple[int, int]) -> None:
        nav = self.ctx.nav
        assert nav is not None
        width, height = size
        column = min(340, width - 40)
        gap = max(8, min(14, height // 60))
        items = [
            (_("New game"), nav.show_new_game, True),
            (_("First hand, guided"), nav.start_tutorial, True),
            (_("Continue"), nav.continue_match, self.can_continue),
            (_("Rules"), nav.show_rules, True),
            (_("Settings"), nav.show_settings, True),
            (_("Statistics"), nav.show_statistics, True),
            (_("Quit"), nav.quit, True),
        ]
        total = len(items) * BUTTON_HEIGHT + (len(items) - 1) * gap
        top = max(self._title_bottom(size) + 16, (height - total) // 2 + height // 10)
        top = min(top, height - total - 16)
        x = (width - column) // 2
        for index, (text, action, enabled) in enumerate(items):
            rect = pygame.Rect(x, top + index * (BUTTON_HEIGHT + gap), column, BUTTON_HEIGHT)
            self.button(text, rect, action, enabled=enabled)
        self._decor = None

    def _title_bottom(self, size: tuple[int, int]) -> int:
        return int(size[1] * 0.30)

    def back(self) -> bool:
        return False  # Escape on the start screen does nothing; Quit is a button

    def draw_decor(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self._decor is None or self._decor[0] != size:
            self._decor = (size, self._paint_decor(size))
        surface.blit(self._decor[1], (0, 0))

    def _paint_decor(self, size: tuple[int, int]) -> pygame.Surface:
        width, height = size
        layer = pygame.Surface(size, pygame.SRCALPHA)
        title_font = display_font(max(48, height // 8))
        title = _("Canasta")
        shadow = title_font.render(title, True, SHADOW)
        ink = title_font.render(title, True, GOLD)
        centre = (width // 2, int(height * 0.15))
        layer.blit(shadow, shadow.get_rect(center=(centre[0] + 3, centre[1] + 4)))
        layer.blit(ink, ink.get_rect(center=centre))
        sub_font = display_font(max(16, height // 38), bold=False)
        line = _(
            "Classic, Samba, Italian, Modern American, Hand and Foot and more, for 2 to 6 players"
        )
        subtitle = sub_font.render(line, True, CREAM)
        layer.blit(subtitle, subtitle.get_rect(center=(width // 2, int(height * 0.245))))
        side = (width - 340) // 2
        card_h = min(int(height * 0.24), int(side * 0.55))
        if card_h >= 80:
            left = _fan(self.ctx, FAN_LEFT, card_h, 11.0)
            right = _fan(self.ctx, FAN_RIGHT, card_h, 11.0)
            y = int(height * 0.60)
            layer.blit(left, left.get_rect(center=(side // 2 + 10, y)))
            layer.blit(right, right.get_rect(center=(width - side // 2 - 10, y)))
        return layer
