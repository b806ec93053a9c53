"""The in-game menu (Escape at the table): Resume, New game, Settings, Rules, Quit.

The match is saved after every move, so Quit needs no "save first?" question: the next start
offers Continue at exactly this position.
"""

from __future__ import annotations

import pygame

from canasta_game.i18n import _
from canasta_game.ui.shell.context import ShellContext
from canasta_game.ui.shell.gui_scene import GuiScene, centred
from canasta_game.ui.shell.theme import BUTTON_HEIGHT


class GameMenu(GuiScene):
    modal = True

    def __init__(self, ctx: ShellContext) -> None:
        super().__init__(ctx)

    def build(self, size: tuple[int, int]) -> None:
        nav = self.ctx.nav
        assert nav is not None
        items = [
            (_("Resume"), nav.back),
            (_("New game"), nav.show_new_game),
            (_("Settings"), nav.show_settings),
            (_("Rules"), nav.show_rules),
            (_("Quit"), nav.quit),
        ]
        gap = 12
        width = 440  # the note below in a longer language
        height = 90 + len(items) * (BUTTON_HEIGHT + gap) + 40
        box = centred(size, width, height)
        panel = self.panel(box)
        self.label(_("Menu"), pygame.Rect(0, 16, box.width, 44), panel, "@heading")
        y = 80
        for text, action in items:
            self.button(text, pygame.Rect(30, y, box.width - 60, BUTTON_HEIGHT), action, panel)
            y += BUTTON_HEIGHT + gap
        self.label(
            _("Your match is saved after every move."),
            pygame.Rect(0, y + 2, box.width, 24),
            panel,
            "@note",
        )

    def back(self) -> bool:
        nav = self.ctx.nav
        assert nav is not None
        nav.back()
        return True
